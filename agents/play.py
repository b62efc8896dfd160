"""``hydra-env play``: a person plays a registered game in the terminal, against bots.

The game (``--game`` and its flags) is dealt from ``--seed``, or continued
from a save (``--load FILE``); ``--opponents`` bots play the other seats. Before
each of your decisions the game is shown as your seat sees it, then the legal
actions as numbered options: type a number, the text shown, or ``#N`` for the
action of index N; ``b`` board, ``l`` list, ``?`` help, ``s [FILE]`` save, ``q``
quit, and where the game allows it ``u`` undo. A wrong entry is explained and
asked again. ``--save-replay`` and ``--html`` keep the finished game.

Written once for every game; the game's ``play`` hooks
(``agents/game_tools/<game>/play.py``, :meth:`GameSpec.hooks`), each optional,
with the generic default used for one a game does not give:

* ``EXAMPLES: tuple[str, ...]`` — example command lines for ``--help``.
* ``header(game, seat, seats, loaded) -> str`` — the first line (default: the
  title, seed, your seat and the others).
* ``setting_text(game) -> str`` — what has the seats, in the ``--seat`` message
  (default ``"a N-player game"``); ``no_other_seats_text(opponents) -> str`` —
  the message for ``--opponents`` when there are no other seats.
* ``save_path(seed) -> Path`` — where ``s`` saves by default (default
  ``runs/play/<game>-seed<seed>.json``); ``LOAD_COMMAND: str`` — the command
  that continues a save (default ``hydra-env play --game <game> --load``);
  ``SAVED_GAME_WORDS: str`` — "saved <title> game", in the ``--load`` message.
* ``params_of(game) -> dict`` — the parameters of a loaded game, for its replay
  (default: the parameters of the flags).
* ``option_groups(game, legal) -> list[OptionGroup]`` — the options as lines of
  :mod:`agents.play_text` (default: one per action, its ``describe`` text);
  ``match(groups, entry) -> list[int]`` — the actions an entry names (default
  :func:`agents.play_text.match_notation`), or a text: why the entry is refused.
* ``table_text(game, seat) -> str`` — the game as the seat sees it (default
  ``game.render(seat)``); ``heading(game) -> str`` — the decision asked;
  ``help_text(game) -> str`` — what ``?`` prints; ``HELP: str`` — the keys, in
  the message for a wrong entry.
* ``undo_refusal(game) -> str`` — why ``u`` is refused now ("" when allowed);
  without it the game has no undo. ``position_text(game) -> str`` — where an
  undo went back to.
* ``decision_text(game, action, viewer) -> str`` — what follows ``seat N
  (bot):`` or ``you:`` (default ``game.describe(action, viewer=viewer)``);
  ``apply_shown(game, action, human) -> list[str]`` — apply the action and give
  the lines of what it did (default: apply it, no lines).
* ``outcome_text(game, seat) -> str`` — the result for the person.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents import cli, games
from agents.backends import bot_seed
from agents.play_entry import HELP, parse_entry
from hydra_env import HydraError, game_names, game_spec
from hydra_env.api.bots import notes_of, want_notes

QUIT = ("q", "quit", "exit")
UNDO = -1                     # choose(): the person undid a decision


def _hook(hooks: Any, name: str, default: Any) -> Any:
    return default if hooks is None else getattr(hooks, name, default)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``play`` subcommand."""
    examples = [e for name in game_names() for e in _hook(game_spec(name).hooks("play"), "EXAMPLES", ())]
    p = subparsers.add_parser(
        "play", help="play a game in the terminal", description=_description(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=("examples: " + "   |   ".join(examples)) if examples else None)
    games.add_game_flag(p, "play")
    p.add_argument("--seed", type=cli.seed_value,
                   help="game seed, 0 to 2^63-1 (default: a random one, printed so the game can "
                        "be replayed)")
    p.add_argument("--seat", type=cli.non_negative_int, default=0, help="your seat (default: 0)")
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="bots for the other seats: one spec for all, or one per other seat in "
                        "seat order (default: heuristic if available, else random)")
    p.add_argument("--save-replay", metavar="FILE", type=Path,
                   help="save the finished game as a replay (replaced if it exists; checked "
                        "before the game starts)")
    p.add_argument("--load", metavar="FILE", type=Path,
                   help="continue a game saved with 's' during play (its parameters and seed)")
    p.add_argument("--html", metavar="OUT.html", type=Path,
                   help="write the finished game's replay page (one self-contained HTML file)")
    p.set_defaults(run=run)
    return p


def _description() -> str:
    """``--help``: how to play (this module's docstring up to its hooks), then each game's
    play hook docstring after its first paragraph."""
    parts = [(__doc__ or "").split("Written once")[0].rstrip()]
    for name in game_names():
        doc = getattr(game_spec(name).hooks("play"), "__doc__", None) or ""
        if "\n\n" in doc:
            parts.append(f"{game_spec(name).title}:\n" + doc.split("\n\n", 1)[1].strip())
    return "\n\n".join(parts)


@dataclass
class Table:
    """A game being played at the terminal: the person's seat, the bots, what undo and the
    replay need (snapshots before each of the person's decisions, the bots' notes), and
    the game's ``play`` hooks."""

    game: Any
    human: int
    bots: dict[int, Any]
    seats: list[str]
    save_to: Path = Path("runs/play/game.json")
    notes: list[dict | None] = field(default_factory=list)
    snapshots: list[tuple[Any, int]] = field(default_factory=list)
    hooks: Any = None
    load_command: str = "hydra-env play --load"


def _other_specs(args: argparse.Namespace, players: int, game: str, hooks: Any) -> list[str]:
    from hydra_env.envs.bots import bot_names
    others = players - 1
    if others == 0:
        if args.opponents:
            opponents = ",".join(args.opponents)
            text = _hook(hooks, "no_other_seats_text", None)
            raise cli.UsageError(text(opponents) if text is not None else
                                 f"--opponents {opponents} cannot apply: this game has no other seats; "
                                 f"drop --opponents")
        return []
    specs = args.opponents or ["heuristic" if "heuristic" in bot_names(game) else "random"]
    if len(specs) == 1:
        return specs * others
    if len(specs) != others:
        raise cli.UsageError(f"--opponents gives {len(specs)} specs for {others} other seats "
                             f"(give one for all, or one per other seat)")
    return specs


def _header(game: Any, title: str, seat: int, seats: list[str]) -> str:
    others = [f"seat {s} {spec}" for s, spec in enumerate(seats) if s != seat]
    return (f"{title} — seed {game.seed}; you are seat {seat}"
            + (f"; others: {', '.join(others)}" if others else ""))


def run(args: argparse.Namespace) -> int:
    """Set the game up (or load a saved one) and play it with ``input()``."""
    spec, params = games.pick(args, "play")
    hooks = spec.hooks("play")
    if args.load is not None:
        game = _load(spec, hooks, args.load)
        get_params = _hook(hooks, "params_of", None)
        params = get_params(game) if get_params is not None else params
        seed = game.seed
    else:
        seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (1 << 62))
        game = spec.make(seed=seed, **params)
    players = game.num_players
    if args.seat >= players:
        setting = _hook(hooks, "setting_text", lambda g: f"a {players}-player game")(game)
        raise cli.UsageError(f"--seat {args.seat}: {setting} has seats 0-{players - 1}")
    others = _other_specs(args, players, spec.name, hooks)
    for flag, path in (("--save-replay", args.save_replay), ("--html", args.html)):
        if path is not None:
            cli.check_file_out(path, flag)
    cli.check_agents(others, "--opponents", game=spec.name)
    seats = others[:args.seat] + ["human"] + others[args.seat:]
    header = _hook(hooks, "header", None)
    print(header(game, args.seat, seats, args.load) if header is not None
          else _header(game, spec.title, args.seat, seats))
    from hydra_env.envs.bots import make_bot
    bots = {s: make_bot(name, game=spec.name, seed=bot_seed(seed, 0, s)) for s, name in enumerate(seats)
            if name != "human"}
    save_to = _hook(hooks, "save_path", lambda s: Path("runs/play") / f"{spec.name}-seed{s}.json")(seed)
    table = Table(game, args.seat, bots, seats, save_to=save_to, notes=[None] * len(game.history),
                  hooks=hooks, load_command=_hook(hooks, "LOAD_COMMAND", f"hydra-env play --game {spec.name} --load"))
    finished = play_game(table)
    game = table.game
    if not finished:
        print(f"game abandoned after {len(game.history)} decisions (seed {seed})")
        return 0
    print(game.render(args.seat))
    print(_hook(hooks, "outcome_text", _outcome_text)(game, args.seat))
    if args.save_replay or args.html:
        from agents import replay
        doc = replay.new_replay(spec.name, params, seed=seed, seats=seats,
                                bot_seeds=[None if s == "human" else bot_seed(seed, 0, k) for k, s in enumerate(seats)],
                                decisions=game.history, result=game.result().to_dict(), notes=table.notes)
        if args.save_replay:
            replay.write_replay(args.save_replay, doc)
            print(f"replay saved to {args.save_replay}")
        if args.html:
            from agents.viewer import write_replay_page
            write_replay_page(doc, args.html)
            print(f"replay page written to {args.html}")
    return 0


def _load(spec: Any, hooks: Any, path: Path) -> Any:
    """A game saved with ``s`` during play; UsageError when the file is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        return spec.load(text)
    except OSError as exc:
        raise cli.UsageError(f"--load {path}: cannot read it ({exc.strerror or exc})") from None
    except (HydraError, ValueError) as exc:
        hint = ""
        for other in (game_spec(name) for name in game_names() if name != spec.name):
            try:
                other.load(text)
            except (HydraError, ValueError):
                continue
            hint = f"; it is a saved {other.title} game: add --game {other.name}"
            break
        words = _hook(hooks, "SAVED_GAME_WORDS", f"saved {spec.title} game")
        raise cli.UsageError(f"--load {path}: not a {words}: {exc}{hint}") from None


def _outcome_text(game: Any, seat: int) -> str:
    result = game.result().to_dict()
    return "Game over. " + ", ".join(f"{key} {value}" for key, value in result.items())


def play_game(table: Table, ask: Callable[[str], str] | None = None) -> bool:
    """Play to the end, asking the person with ``ask`` (default: ``input``); False when
    the person quits (q, end of input or Ctrl-C)."""
    for bot in table.bots.values():
        want_notes(bot)
    describe = _hook(table.hooks, "decision_text", None)
    while not table.game.is_over:
        game = table.game
        seat = game.current_player
        if seat != table.human:
            action = table.bots[seat].act(game.view(seat), game.legal_actions())
            text = describe(game, action, table.human) if describe else game.describe(action, viewer=table.human)
            print(f"  seat {seat} ({table.seats[seat]}):" + (f" {text}" if text else ""))
            apply_shown(table, action, notes_of(table.bots[seat]))
            continue
        try:
            action = choose(table, ask)
        except (EOFError, KeyboardInterrupt):
            print()
            return False
        if action is None:
            return False
        if action == UNDO:
            continue
        table.snapshots.append((game.clone(), len(table.notes)))
        text = describe(game, action, None) if describe else game.describe(action)
        print("  you:" + (f" {text}" if text else ""))
        apply_shown(table, action, None)
    return True


def apply_shown(table: Table, action: int, note: dict | None) -> None:
    """Apply ``action`` and print what it did (the game's ``apply_shown`` hook)."""
    shown = _hook(table.hooks, "apply_shown", None)
    if shown is not None:
        lines = shown(table.game, action, table.human)
    else:
        table.game.apply(action)
        lines = []
    table.notes.append(note)
    for line in lines:
        print(line)


def undo(table: Table) -> str:
    """Go back to before the person's last decision (where the game allows it); what happened."""
    refusal = _hook(table.hooks, "undo_refusal", None)
    why = refusal(table.game) if refusal is not None else "this game has no undo"
    if why:
        return why
    if not table.snapshots:
        return "nothing to undo: you have not decided anything yet"
    game, notes = table.snapshots.pop()
    table.game = game
    del table.notes[notes:]
    where = _hook(table.hooks, "position_text", lambda g: f"decision {len(g.history) + 1}")(game)
    return f"undone: back to {where} ({len(game.history)} decisions)"


def save(table: Table, entry: str) -> str:
    """Save the game (``to_json``; load it with ``play --load FILE``) to the path after
    ``s``, or to the default path; what was done, in words."""
    path = Path(entry[1:].strip() or table.save_to)
    try:
        cli.check_file_out(path, "save")
        cli.atomic_write_text(path, table.game.to_json() + "\n")
    except (cli.UsageError, OSError) as exc:
        return f"not saved: {exc}"
    return f"saved to {path} (continue later with: {table.load_command} {path})"


def option_groups(table: Table, game: Any) -> list:
    """The legal actions as option lines (the game's ``option_groups`` hook, or one per action)."""
    from agents.play_text import OptionGroup
    groups = _hook(table.hooks, "option_groups", None)
    legal = game.legal_actions()
    if groups is not None:
        return groups(game, legal)
    seat = game.current_player
    return [OptionGroup("", "", "", [a], [game.describe(a, viewer=seat)]) for a in legal]


def _heading(table: Table, game: Any) -> str:
    heading = _hook(table.hooks, "heading", None)
    return heading(game) if heading is not None else "your decision (type a number or the text shown; ? help)"


def _show(table: Table, groups: list) -> None:
    from agents.play_text import option_line_texts
    game, seat = table.game, table.human
    print(_hook(table.hooks, "table_text", lambda g, s: g.render(s))(game, seat))
    print(_heading(table, game))
    for line in option_line_texts(groups):
        print(line)


def choose(table: Table, ask: Callable[[str], str] | None = None) -> int | None:
    """Ask until the entry names a legal action; None when the person quits, UNDO after an undo."""
    from agents.play_text import match_notation, option_line_texts, ordered_actions
    ask = ask or input
    game, hooks = table.game, table.hooks
    groups = option_groups(table, game)
    legal = ordered_actions(groups)
    match = _hook(hooks, "match", match_notation)
    keys = _hook(hooks, "HELP", HELP)
    can_undo = _hook(hooks, "undo_refusal", None) is not None
    _show(table, groups)
    while True:
        raw = ask(f"your choice (1-{len(legal)}, ? help): ").strip()
        entry = raw.lower()
        if entry in QUIT:
            return None
        if can_undo and entry in ("u", "undo"):
            print(f"  {undo(table)}")
            if table.game is not game:
                return UNDO
            continue
        if entry == "s" or entry.startswith("s "):
            print(f"  {save(table, raw)}")
            continue
        found = match(groups, entry) if not entry.isdigit() and not entry.startswith("#") else []
        if isinstance(found, str):          # the game's match refused the entry, saying why
            print(f"  {found}")
            continue
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            print(f"  {raw!r} names {len(found)} options; type its number instead")
            continue
        action, message = parse_entry(game, legal, entry, keys)
        if action is not None:
            return action
        if message == "board":
            _show(table, groups)
        elif message == "list":
            print(_heading(table, game))
            print("\n".join(option_line_texts(groups)))
        elif message == "help":
            help_text = _hook(hooks, "help_text", None)
            print(help_text(game) if help_text is not None else keys)
        else:
            print(f"  {message}")


def __getattr__(name: str) -> Any:
    """Deprecated: ``outcome_text`` of the game of replays that name no game, kept for one release."""
    if name == "outcome_text":
        from agents.replay import legacy_game
        legacy = legacy_game()
        if legacy is not None and hasattr(game_spec(legacy).hooks("play"), name):
            return game_spec(legacy).hooks("play").outcome_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
