"""``hydra-env play``: a person plays Hydra in the terminal, against the rules.

The board is shown before each of your decisions, then the legal actions
grouped by card and kind in a compact notation (``A1 move 2 · move to →  1
r9c0  2 r9c1 …``; :mod:`agents.play_text`), so the board stays in view. Type
the number of a choice, its notation (``A1 r9c0``), or ``#N`` for the action
of index N; ``b`` shows the board again, ``l`` the list, ``?`` explains the
board legend and the decision asked, ``u`` undoes your last decision (solo),
``s [FILE]`` saves the game (``--load FILE`` continues it), ``q`` quits. A
wrong entry is explained and asked again. After every decision each engine
step is printed — every Hydra-phase effect on its own line, with the texts of
the replay page. In a coordinated scenario the other seats are played by
``--opponents`` bots, and their decisions are printed as they happen.
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
from agents.base import notes_of, want_notes
from hydra_env import Game, HydraError

HELP = ("type the number of a choice (1, 2, ...) or its notation (e.g. 'A1 r9c0'), or #N for "
        "the action of index N; b: board, l: list, u: undo, s [FILE]: save, ?: help, q: quit")
QUIT = ("q", "quit", "exit")
UNDO = -1                     # choose(): the person undid a decision


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``play`` subcommand."""
    p = subparsers.add_parser(
        "play", help="play a game in the terminal", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples: hydra-env play --mode solo   |   hydra-env play --scenario 1 --seat 0 "
               "--opponents heuristic,greedy,random   |   hydra-env play --game hydras --num-players 3")
    cli.add_game_options(p)
    games.add_game_flag(p)
    p.add_argument("--seed", type=cli.non_negative_int,
                   help="game seed (default: a random one, printed so the game can be replayed)")
    p.add_argument("--seat", type=cli.non_negative_int, default=0, help="your seat (default: 0)")
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="bots for the other seats: one spec for all, or one per other seat in "
                        "seat order (default: heuristic if available, else random)")
    p.add_argument("--save-replay", metavar="FILE", type=Path,
                   help="save the finished game as a replay (replaced if it exists; checked "
                        "before the game starts)")
    p.add_argument("--load", metavar="FILE", type=Path,
                   help="continue a game saved with 's' during play (its scenario, stars and seed)")
    p.add_argument("--html", metavar="OUT.html", type=Path,
                   help="write the finished game's replay page (one self-contained HTML file)")
    p.set_defaults(run=run)
    return p


def _other_specs(args: argparse.Namespace, players: int) -> list[str]:
    from hydra_env.envs.bots import bot_names
    others = players - 1
    if others == 0:
        if args.opponents:
            raise cli.UsageError(f"--opponents {','.join(args.opponents)} cannot apply: the solo "
                                 f"game has no other seats; drop --opponents, or pick a "
                                 f"coordinated scenario (--mode coop or --scenario 1-9)")
        return []
    specs = args.opponents or ["heuristic" if "heuristic" in bot_names() else "random"]
    if len(specs) == 1:
        return specs * others
    if len(specs) != others:
        raise cli.UsageError(f"--opponents gives {len(specs)} specs for {others} other seats "
                             f"(give one for all, or one per other seat)")
    return specs


def run(args: argparse.Namespace) -> int:
    """Set the game up (or load a saved one) and play it with ``input()``."""
    if games.pick(args) == "hydras":
        from agents.hydras.play import run as run_hydras
        return run_hydras(args)
    loaded = _load(args.load) if args.load is not None else None
    if loaded is not None:
        scenario, stars, seed = loaded.scenario, loaded.stars, loaded.seed
        options = loaded.options.to_dict()
        players, name = loaded.num_players, f"saved game {args.load}"
    else:
        mode, scen = cli.resolve_scenario(args.mode, args.scenario)
        scenario, stars, players, name = scen.number, args.stars, scen.players, scen.name
        options = cli.parse_rules(args.rule, scen)
        seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (1 << 62))
    if args.seat >= players:
        raise cli.UsageError(f"--seat {args.seat}: scenario {scenario} has seats 0-{players - 1}")
    others = _other_specs(args, players)
    if args.save_replay is not None:
        cli.check_file_out(args.save_replay, "--save-replay")
    if args.html is not None:
        cli.check_file_out(args.html, "--html")
    cli.check_agents(others, "--opponents")
    seats = others[:args.seat] + ["human"] + others[args.seat:]
    print(f"Hydra — scenario {scenario} ({name}), {stars} star(s), seed {seed}; you are "
          f"seat {args.seat}" + (f"; others: {', '.join(others)}" if others else ""))
    game = loaded if loaded is not None else Game.new(scenario, stars, seed, options=options)
    from hydra_env.envs.bots import make_bot
    bots = {s: make_bot(spec, seed=bot_seed(seed, 0, s)) for s, spec in enumerate(seats)
            if spec != "human"}
    table = Table(game, args.seat, bots, seats, save_to=Path("runs/play") / f"seed{seed}.json",
                  notes=[None] * len(game.history))
    finished = play_game(table)
    game = table.game
    if not finished:
        print(f"game abandoned after {len(game.history)} decisions (seed {seed})")
        return 0
    print(game.render(args.seat))
    print(outcome_text(game, args.seat))
    if args.save_replay or args.html:
        from agents import replay
        doc = replay.make_replay(scenario=scenario, stars=stars, seed=seed, options=options,
                                 seats=seats, bot_seeds=[None if s == "human" else bot_seed(seed, 0, k)
                                                         for k, s in enumerate(seats)],
                                 decisions=game.history, result=game.result().to_dict(),
                                 notes=table.notes)
        if args.save_replay:
            replay.write_replay(args.save_replay, doc)
            print(f"replay saved to {args.save_replay}")
        if args.html:
            from agents.viewer import write_replay_page
            write_replay_page(doc, args.html)
            print(f"replay page written to {args.html}")
    return 0


def _load(path: Path) -> Game:
    """A game saved with ``s`` during play; UsageError when the file is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        return Game.from_json(text)
    except OSError as exc:
        raise cli.UsageError(f"--load {path}: cannot read it ({exc.strerror or exc})") from None
    except (HydraError, ValueError) as exc:
        hint = "; it is a saved Hydras game: add --game hydras" if "hydra-env/hydras-game" in text else ""
        raise cli.UsageError(f"--load {path}: not a saved game: {exc}{hint}") from None


@dataclass
class Table:
    """A game being played at the terminal: the person's seat, the bots, what undo and the
    replay need (snapshots before each of the person's decisions, the bots' notes)."""

    game: Game
    human: int
    bots: dict[int, Any]
    seats: list[str]
    save_to: Path = Path("runs/play/game.json")
    notes: list[dict | None] = field(default_factory=list)
    snapshots: list[tuple[Game, int]] = field(default_factory=list)


def play_game(table: Table, ask: Callable[[str], str] | None = None) -> bool:
    """Play to the end, asking the person with ``ask`` (default: ``input``); False when
    the person quits (q, end of input or Ctrl-C)."""
    for bot in table.bots.values():
        want_notes(bot)
    while not table.game.is_over:
        game = table.game
        seat = game.current_player
        if seat != table.human:
            action = table.bots[seat].act(game.view(seat), game.legal_actions())
            note = notes_of(table.bots[seat])
            print(f"  seat {seat} ({table.seats[seat]}): {game.describe(action, viewer=table.human)}")
            apply_shown(table, action, note)
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
        print(f"  you: {game.describe(action)}")
        apply_shown(table, action, None)
    return True


def apply_shown(table: Table, action: int, note: dict | None) -> None:
    """Apply ``action`` one engine step at a time, printing what each step did (every
    Hydra-phase effect on its own line, the texts of the replay page)."""
    from agents.play_text import step_lines
    from agents.viewer.effects import describe_step
    from agents.viewer.steps import decision_steps

    game = table.game
    index = len(game.history)
    # decision_steps walks the Python engine's task loop; a native game is shadowed by a
    # Python copy for the texts, then the decision is applied to the game itself.
    shadow = game if game.engine == "python" else Game.from_json(game.to_json(), engine="python")
    texts = [describe_step(step, shadow.rules) for step in decision_steps(shadow, action, index)]
    if shadow is not game:
        game.apply(action)
    table.notes.append(note)
    for line in step_lines(texts):
        print(line)


def undo(table: Table) -> str:
    """Go back to before the person's last decision (solo only); what happened, in words."""
    if not table.game.is_solo:
        return "undo works in solo games only (the other seats have seen your decision)"
    if not table.snapshots:
        return "nothing to undo: you have not decided anything yet"
    game, notes = table.snapshots.pop()
    table.game = game
    del table.notes[notes:]
    return f"undone: back to round {game.round}, {game.phase} phase ({len(game.history)} decisions)"


def save(table: Table, entry: str) -> str:
    """Save the game (``Game.to_json``; load it with ``play --load FILE``) to the path after
    ``s``, or to the default path; what was done, in words."""
    path = Path(entry[1:].strip() or table.save_to)
    try:
        cli.check_file_out(path, "save")
        cli.atomic_write_text(path, table.game.to_json() + "\n")
    except (cli.UsageError, OSError) as exc:
        return f"not saved: {exc}"
    return f"saved to {path} (continue later with: hydra-env play --load {path})"


def _show(game: Game, seat: int, groups: list) -> None:
    from agents.play_text import option_line_texts
    print(game.render(seat))
    print(_heading(game))
    for line in option_line_texts(groups):
        print(line)


def _heading(game: Game) -> str:
    pend = game.pending or {}
    cause = f" ({pend['cause']})" if "cause" in pend else ""
    return (f"Round {game.round}, {game.phase} phase — your decision: {pend.get('kind')}{cause} "
            f"(type a number or e.g. the notation shown; ? help)")


def choose(table: Table, ask: Callable[[str], str] | None = None) -> int | None:
    """Ask until the entry names a legal action; None when the person quits, UNDO after an undo."""
    from agents.play_text import group_options, help_text, match_notation, ordered_actions
    ask = ask or input
    game, seat = table.game, table.human
    groups = group_options(game, game.legal_actions())
    legal = ordered_actions(groups)
    _show(game, seat, groups)
    while True:
        raw = ask(f"your choice (1-{len(legal)}, ? help): ").strip()
        entry = raw.lower()
        if entry in QUIT:
            return None
        if entry in ("u", "undo"):
            message = undo(table)
            print(f"  {message}")
            if table.game is not game:
                return UNDO
            continue
        if entry == "s" or entry.startswith("s "):
            print(f"  {save(table, raw)}")
            continue
        found = match_notation(groups, entry) if not entry.isdigit() and not entry.startswith("#") else []
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            print(f"  {raw!r} names {len(found)} options; type its number instead")
            continue
        action, message = parse_entry(game, legal, entry)
        if action is not None:
            return action
        if message == "board":
            _show(game, seat, groups)
        elif message == "list":
            print(_heading(game))
            from agents.play_text import option_line_texts
            print("\n".join(option_line_texts(groups)))
        elif message == "help":
            print(help_text(game))
        else:
            print(f"  {message}")


def parse_entry(game: Game, legal: list[int], entry: str) -> tuple[int | None, str]:
    """The action an entry names, or None and what is wrong with it (or "board"/"list")."""
    if entry in ("b", "board"):
        return None, "board"
    if entry in ("l", "list"):
        return None, "list"
    if entry in ("?", "h", "help"):
        return None, "help"
    if not entry:
        return None, f"nothing typed: {HELP}"
    if entry.startswith("#"):
        digits = entry[1:].strip()
        if not digits.isdigit():
            return None, f"{entry!r}: after # give an action index, e.g. #{legal[0]}"
        return _by_index(game, legal, int(digits))
    if entry.isdigit():
        k = int(entry)
        if 1 <= k <= len(legal):
            return legal[k - 1], ""
        return None, (f"{k} is not in the list: choose 1-{len(legal)} "
                      f"(for an action index type #{k})")
    return None, f"{entry!r} is not a choice: {HELP}"


def _by_index(game: Game, legal: list[int], index: int) -> tuple[int | None, str]:
    if index in legal:
        return index, ""
    if index >= game.action_size:
        return None, f"#{index}: there is no action of that index (0-{game.action_size - 1})"
    try:
        game.clone().apply(index)
    except HydraError as exc:
        return None, f"#{index} is not legal now: {exc}"
    return None, f"#{index} is not legal now"


def outcome_text(game: Game, seat: int) -> str:
    """The result for the person at ``seat``."""
    from agents.stats import band_of
    r = game.result()
    if game.is_solo:
        if r.score is None:
            return f"The city fell in round {r.rounds}. (A defeat has no score, R39.)"
        return (f"The city stands! Score {r.score} (band {band_of(r.score)}): necks {r.necks}, "
                f"heads {r.heads}, walls left {r.walls}" + (", hero on the wall −5" if r.hero_on_wall else ""))
    place = r.ranking.index(seat) + 1
    verdict = "The city stands!" if r.city_saved else f"The city fell in round {r.rounds}."
    hero = (" You are the epic hero!" if r.epic_hero == seat else
            " You are the tragic hero." if r.tragic_hero == seat else "")
    return (f"{verdict} You finish {place} of {len(r.ranking)} on the compass "
            f"(glory {r.glory[seat]}).{hero}")
