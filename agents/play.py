"""``hydra-env play``: a person plays a registered game in the terminal, against bots.

The game (``--game`` and its flags) is dealt from ``--seed``, or continued
from a save (``--load FILE``); ``--opponents`` bots play the other seats. On a
terminal the screen is redrawn in place before each of your decisions: the
game as your seat sees it, a log of what happened (the bots' decisions, yours,
each engine step; when more happened than fits, it gets a screen of its own
first), and the legal actions as numbered options (``--plain``, or off a
terminal: the same as plain lines). Each option has a name that stays the same
while it is legal: type its number in the list shown, its name or enough of its
words in order to tell it apart (an entry naming several options is refused
with them listed), or ``#N`` for the action of index N; ``b`` board, ``l``
list, ``?`` help, ``s [FILE]`` save, ``q`` quit, and where the game allows it
``u`` undo. A wrong entry is explained and asked again. ``--save-replay`` and
``--html`` keep the finished game.

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
  :mod:`agents.play_text`, each option named by its group's ``names`` or else its
  notation; the names must differ among the legal actions (default: one per
  action, its ``describe`` text); ``match(groups, entry) -> list[int]`` — the
  actions an entry names (default :func:`agents.terminal.options.match_groups`),
  or a text: why the entry is refused.
* ``table_text(game, seat) -> str`` — the game as the seat sees it (default
  ``game.render(seat)``); ``heading(game) -> str`` — the decision asked;
  ``help_text(game) -> str`` — what ``?`` shows before the keys (the keys line
  is generic: :func:`agents.terminal.options.keys_text`).
* ``undo_refusal(game) -> str`` — why ``u`` is refused now ("" when allowed);
  without it the game has no undo. ``position_text(game) -> str`` — where an
  undo went back to.
* ``decision_text(game, action, viewer) -> str`` — what follows ``seat N
  (bot):`` or ``you:`` (default ``game.describe(action, viewer=viewer)``);
  ``apply_shown(game, action, human) -> list[str]`` — apply the action and give
  the lines of what it did, for the log (default: apply it, no lines).
* ``outcome_text(game, seat) -> str`` — the result for the person.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from agents import cli, games
from agents.backends import bot_seed
from agents.outputs import check_distinct
from agents.play_entry import parse_entry
from agents.terminal.rich_screen import make_screen
from agents.terminal.table import QUIT, UNDO, Table, _show, apply_shown, choose, option_groups, play_game, save, undo
from agents.terminal.table import hook as _hook
from hydra_env import HydraError, game_names, game_spec

__all__ = ["QUIT", "UNDO", "Table", "_show", "add_parser", "apply_shown", "choose", "option_groups",
           "parse_entry", "play_game", "run", "save", "undo"]


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
                   help="save the finished game as a replay (checked before the game starts; "
                        "an existing file is replaced only with --force)")
    p.add_argument("--load", metavar="FILE", type=Path,
                   help="continue a game saved with 's' during play (its parameters and seed)")
    p.add_argument("--html", metavar="OUT.html", type=Path,
                   help="write the finished game's replay page (one self-contained HTML file)")
    p.add_argument("--force", action="store_true",
                   help="replace the files of --save-replay and --html if they exist")
    p.add_argument("--plain", action="store_true",
                   help="print plain lines, as off a terminal (default on a terminal: the screen is "
                        "redrawn in place, with the board, a log of what happened and the options)")
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
        if args.seed is not None:
            raise cli.UsageError(f"--seed {args.seed} cannot apply with --load: the saved game "
                                 f"has its seed; drop --seed")
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
    outputs = [("--save-replay", args.save_replay), ("--html", args.html)]
    for flag, path in outputs:
        if path is not None:
            cli.check_file_out(path, flag, getattr(args, "force", False))
    check_distinct(outputs)
    cli.check_agents(others, "--opponents", game=spec.name, params=params)
    seats = others[:args.seat] + ["human"] + others[args.seat:]
    header = _hook(hooks, "header", None)
    screen = make_screen(plain=args.plain)
    screen.header(header(game, args.seat, seats, args.load) if header is not None
                  else _header(game, spec.title, args.seat, seats))
    from hydra_env.envs.bots import make_bot
    bots = {s: make_bot(name, game=spec.name, seed=bot_seed(seed, 0, s)) for s, name in enumerate(seats)
            if name != "human"}
    save_to = _hook(hooks, "save_path", lambda s: Path("runs/play") / f"{spec.name}-seed{s}.json")(seed)
    table = Table(game, args.seat, bots, seats, save_to=save_to, notes=[None] * len(game.history),
                  hooks=hooks, load_command=_hook(hooks, "LOAD_COMMAND", f"hydra-env play --game {spec.name} --load"),
                  own_files={args.load.resolve()} if args.load is not None else set(), screen=screen)
    finished = play_game(table, decide=choose)
    game = table.game
    if not finished:
        print(f"game abandoned after {len(game.history)} decisions (seed {seed})")
        return 0
    screen.end(game.render(args.seat), _hook(hooks, "outcome_text", _outcome_text)(game, args.seat))
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
    """A game saved with ``s`` during play; UsageError when the file is not one (a device or
    a pipe, larger than a save may be, not UTF-8: refused before it is parsed)."""
    from hydra_env.api.saves import MAX_BYTES
    try:
        if Path(path).exists() and not Path(path).is_file() and not Path(path).is_dir():
            raise cli.UsageError(f"--load {path}: not a plain file (a device, a pipe or a socket)")
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise cli.UsageError(f"--load {path}: cannot read it ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise cli.UsageError(f"--load {path}: larger than a save may be ({MAX_BYTES // 2**20} MiB)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise cli.UsageError(f"--load {path}: not a saved game: not UTF-8 text (byte "
                             f"0x{data[exc.start]:02x} at offset {exc.start})") from None
    try:
        return spec.load(text)
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
        why = str(exc) if str(exc).startswith("not a saved") else f"not a {words}: {exc}"
        raise cli.UsageError(f"--load {path}: {why}{hint}") from None


def _outcome_text(game: Any, seat: int) -> str:
    result = game.result().to_dict()
    return "Game over. " + ", ".join(f"{key} {value}" for key, value in result.items())


def __getattr__(name: str) -> Any:
    """Deprecated: ``outcome_text`` of the game of replays that name no game, kept for one release."""
    if name == "outcome_text":
        from agents.replay import legacy_game
        legacy = legacy_game()
        if legacy is not None and hasattr(game_spec(legacy).hooks("play"), name):
            return game_spec(legacy).hooks("play").outcome_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
