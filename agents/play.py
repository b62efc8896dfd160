"""``hydra-env play``: a person plays Hydra in the terminal, against the rules.

The board is shown before each of your decisions, with the legal actions
numbered and described. Type the number of a choice in the list, or ``#N``
for the action of index N; ``b`` shows the board again, ``l`` the list, ``?``
the help, ``q`` quits. A wrong entry is explained and asked again. In a
coordinated scenario the other seats are played by ``--opponents`` bots, and
their decisions are printed as they happen.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from agents import cli
from agents.backends import bot_seed
from hydra_env import Game, HydraError

HELP = ("type the number of a choice (1, 2, ...), or #N for the action of index N; "
        "b: board, l: list, ?: help, q: quit")
QUIT = ("q", "quit", "exit")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``play`` subcommand."""
    p = subparsers.add_parser(
        "play", help="play a game in the terminal", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples: hydra-env play --mode solo   |   hydra-env play --scenario 1 --seat 0 "
               "--opponents heuristic,greedy,random")
    cli.add_game_options(p)
    p.add_argument("--seed", type=cli.non_negative_int,
                   help="game seed (default: a random one, printed so the game can be replayed)")
    p.add_argument("--seat", type=cli.non_negative_int, default=0, help="your seat (default: 0)")
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="bots for the other seats: one spec for all, or one per other seat in "
                        "seat order (default: heuristic if available, else random)")
    p.add_argument("--save-replay", metavar="FILE", type=Path,
                   help="save the finished game as a replay (replaced if it exists; checked "
                        "before the game starts)")
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
    """Set the game up and play it with ``input()``."""
    mode, scen = cli.resolve_scenario(args.mode, args.scenario)
    if args.seat >= scen.players:
        raise cli.UsageError(f"--seat {args.seat}: scenario {scen.number} has seats 0-{scen.players - 1}")
    options = cli.parse_rules(args.rule, scen)
    others = _other_specs(args, scen.players)
    if args.save_replay is not None:
        cli.check_file_out(args.save_replay, "--save-replay")
    if args.html is not None:
        cli.check_file_out(args.html, "--html")
    cli.check_agents(others, "--opponents")
    seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (1 << 62))
    seats = others[:args.seat] + ["human"] + others[args.seat:]
    print(f"Hydra — scenario {scen.number} ({scen.name}), {args.stars} star(s), seed {seed}; you are "
          f"seat {args.seat}" + (f"; others: {', '.join(others)}" if others else ""))
    game = Game.new(scen.number, args.stars, seed, options=options)
    from hydra_env.envs.bots import make_bot
    bots = {s: make_bot(spec, seed=bot_seed(seed, 0, s)) for s, spec in enumerate(seats)
            if spec != "human"}
    finished = play_game(game, args.seat, bots, seats)
    if not finished:
        print(f"game abandoned after {len(game.history)} decisions (seed {seed})")
        return 0
    print(game.render(args.seat))
    print(outcome_text(game, args.seat))
    if args.save_replay or args.html:
        from agents import replay
        doc = replay.make_replay(scenario=scen.number, stars=args.stars, seed=seed, options=options,
                                 seats=seats, bot_seeds=[None if s == "human" else bot_seed(seed, 0, k)
                                                         for k, s in enumerate(seats)],
                                 decisions=game.history, result=game.result().to_dict())
        if args.save_replay:
            replay.write_replay(args.save_replay, doc)
            print(f"replay saved to {args.save_replay}")
        if args.html:
            from agents.viewer import write_replay_page
            write_replay_page(doc, args.html)
            print(f"replay page written to {args.html}")
    return 0


def play_game(game: Game, human: int, bots: dict[int, Any], seats: list[str],
              ask: Callable[[str], str] | None = None) -> bool:
    """Play to the end, asking the person with ``ask`` (default: ``input``); False when
    the person quits (q, end of input or Ctrl-C)."""
    while not game.is_over:
        seat = game.current_player
        if seat != human:
            action = bots[seat].act(game.view(seat), game.legal_actions())
            print(f"  seat {seat} ({seats[seat]}): {game.describe(action)}")
            game.apply(action)
            continue
        try:
            action = choose(game, seat, ask)
        except (EOFError, KeyboardInterrupt):
            print()
            return False
        if action is None:
            return False
        game.apply(action)
    return True


def _listing(game: Game, legal: list[int]) -> str:
    pend = game.pending or {}
    cause = f" ({pend['cause']})" if "cause" in pend else ""
    lines = [f"Round {game.round}, {game.phase} phase — your decision: {pend.get('kind')}{cause}"]
    width = len(str(len(legal)))
    lines += [f"  {k:>{width}}. [#{a}] {game.describe(a)}" for k, a in enumerate(legal, 1)]
    return "\n".join(lines)


def choose(game: Game, seat: int, ask: Callable[[str], str] | None = None) -> int | None:
    """Ask until the entry names a legal action; None when the person quits."""
    ask = ask or input
    legal = game.legal_actions()
    print(game.render(seat))
    print(_listing(game, legal))
    while True:
        entry = ask(f"your choice (1-{len(legal)}, #index, ? for help): ").strip().lower()
        if entry in QUIT:
            return None
        action, message = parse_entry(game, legal, entry)
        if action is not None:
            return action
        if message == "board":
            print(game.render(seat))
        elif message == "list":
            print(_listing(game, legal))
        else:
            print(f"  {message}")


def parse_entry(game: Game, legal: list[int], entry: str) -> tuple[int | None, str]:
    """The action an entry names, or None and what is wrong with it (or "board"/"list")."""
    if entry in ("b", "board"):
        return None, "board"
    if entry in ("l", "list"):
        return None, "list"
    if entry in ("?", "h", "help"):
        return None, HELP
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
