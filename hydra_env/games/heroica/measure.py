"""The calibration of Heroica (spec 4.9): each setting's figures from the engine and the real bots::

    python -m hydra_env.games.heroica.measure solo --bot greedy           # per class: censored mean T, quartiles, won
    python -m hydra_env.games.heroica.measure solo --bot random
    python -m hydra_env.games.heroica.measure solo --bot solo-optimal
    python -m hydra_env.games.heroica.measure race --seats 2 --bot greedy   # per-seat shares, mean rounds
    python -m hydra_env.games.heroica.measure race --seats 4 --bot heuristic  # one heuristic, the others greedy
    python -m hydra_env.games.heroica.measure battle --seats 3 --monster heuristic   # greedy heroes

Options: ``--games N`` (default 10,000; seeds 0…N−1), ``--hero CLASS`` (solo: one class, default
all four), ``--workers 1|2`` (processes; the seeds are split between them, the figures do not
change), ``--engine python|native`` (default: native where built). In a race with ``--bot
heuristic`` (any bot but greedy) that bot's seat rotates through every seat (game g: seat
g mod seats), the others are greedy, every seat with the class the game deals it. Shares carry
their 95% Wilson interval, means a 95% bootstrap interval. Progress lines go to stderr.
numpy and the standard library only.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from hydra_env.envs.bots import make_bot
from hydra_env.games.heroica.loader import CLASS_ORDER
from hydra_env.games.heroica.solver_measure import interval
from hydra_env.games.heroica.spec import new_game

Z95 = 1.96
SETTINGS = ("solo", "race", "battle")


def play(game: Any, bots: list[Any]) -> Any:
    """Play ``game`` to its end with one bot per seat; its result."""
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    return game.result()


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of the share ``wins`` / ``games``."""
    if games == 0:
        return 0.0, 1.0
    p, z2 = wins / games, Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return centre - half, centre + half


def share(wins: int, games: int) -> str:
    """``wins`` / ``games`` as a percentage with its Wilson interval."""
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.1f}–{100 * high:.1f})"


def bots_for(args: argparse.Namespace, g: int) -> list[Any]:
    """The bots of game ``g`` of a setting, seat by seat."""
    if args.setting == "solo":
        return [make_bot(args.bot, game="heroica", seed=g)]
    if args.setting == "race":
        mine = g % args.seats if args.bot != "greedy" else -1
        return [make_bot(args.bot if s == mine else "greedy", game="heroica", seed=g) for s in range(args.seats)]
    heroes = [make_bot("greedy", game="heroica", seed=g) for _ in range(args.seats - 1)]
    return heroes + [make_bot(args.monster, game="heroica", seed=g)]


def play_seeds(job: tuple[argparse.Namespace, str, Sequence[int]]) -> list[tuple[int, int]]:
    """Play the games of ``seeds``: per game (winner, turns) (solo: turns are the censored T)."""
    args, hero, seeds = job
    out = []
    for g in seeds:
        game = new_game(seed=g, engine=args.engine, num_players=1 if args.setting == "solo" else args.seats,
                        mode=args.setting, hero=hero)
        result = play(game, bots_for(args, g))
        out.append((result.winner, result.censored_turns if args.setting == "solo" else result.turns))
    return out


def run(args: argparse.Namespace, hero: str, label: str) -> np.ndarray:
    """Every game of a setting, in ``args.workers`` processes, with progress lines; rows (winner, turns)."""
    chunks = [range(start, min(start + 500, args.games)) for start in range(0, args.games, 500)]
    began, rows = time.perf_counter(), []
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        jobs = [(args, hero, c) for c in chunks]
        results = pool.map(play_seeds, jobs) if pool else map(play_seeds, jobs)
        for part in results:
            rows.extend(part)
            print(f"  {label}: {len(rows):,}/{args.games:,} games, {time.perf_counter() - began:.0f} s",
                  file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.shutdown()
    return np.array(rows, dtype=np.int64).reshape(-1, 2)


def solo_lines(args: argparse.Namespace) -> list[str]:
    """Per class: censored mean T, quartiles of T, the share won within the limit, mean S."""
    lines = []
    for hero in [args.hero] if args.hero else list(CLASS_ORDER):
        rows = run(args, hero, f"solo {args.bot} {hero}")
        turns = rows[:, 1].astype(float)
        won = int((rows[:, 0] == 0).sum())
        low, high = interval(turns)
        q1, q2, q3 = np.percentile(turns, [25, 50, 75])
        lines.append(f"solo {args.bot} {hero}, {args.games:,} games: censored mean T {turns.mean():.2f} "
                     f"({low:.2f}–{high:.2f}), quartiles {q1:g} / {q2:g} / {q3:g}, won within 40 "
                     f"{share(won, args.games)}, mean S {np.mean(np.where(rows[:, 0] == 0, 41 - turns, 0)):.2f}")
    return lines


def race_lines(args: argparse.Namespace) -> list[str]:
    """Greedy: each seat's share; another bot: its share over its rotated seat, and per seat."""
    rows = run(args, "barbarian", f"race {args.bot} {args.seats} seats")
    n, seats = args.games, args.seats
    rounds = rows[:, 1].astype(float)
    low, high = interval(rounds)
    tail = f"mean rounds {rounds.mean():.2f} ({low:.2f}–{high:.2f}), unfinished {share(int((rows[:, 0] < 0).sum()), n)}"
    if args.bot == "greedy":
        per_seat = ", ".join(f"seat {s} {share(int((rows[:, 0] == s).sum()), n)}" for s in range(seats))
        return [f"race greedy × {seats}, {n:,} games: {per_seat}; {tail}"]
    mine = np.arange(n) % seats
    won = rows[:, 0] == mine
    per_seat = ", ".join(f"seat {s} {share(int(won[mine == s].sum()), int((mine == s).sum()))}" for s in range(seats))
    return [f"race {args.bot} vs greedy, {seats} seats, {n:,} games: {args.bot} wins {share(int(won.sum()), n)} "
            f"(fair share {100 / seats:.1f}%); per seat {per_seat}; {tail}"]


def battle_lines(args: argparse.Namespace) -> list[str]:
    """The Monster Player's share against greedy heroes, the heroes' share, mean rounds."""
    rows = run(args, "barbarian", f"battle {args.monster} monster {args.seats} seats")
    n, monster = args.games, args.seats - 1
    rounds = rows[:, 1].astype(float)
    heroes = int(((rows[:, 0] >= 0) & (rows[:, 0] < monster)).sum())
    return [f"battle {args.seats} seats, {n:,} games, greedy heroes: {args.monster} Monster Player wins "
            f"{share(int((rows[:, 0] == monster).sum()), n)}, heroes {share(heroes, n)}, unfinished "
            f"{share(int((rows[:, 0] < 0).sum()), n)}; mean rounds {rounds.mean():.2f}"]


LINES: dict[str, Callable[[argparse.Namespace], list[str]]] = {
    "solo": solo_lines, "race": race_lines, "battle": battle_lines}


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line (see the module docstring); exits with a message naming a bad value."""
    parser = argparse.ArgumentParser(prog="python -m hydra_env.games.heroica.measure",
                                     description="Heroica's calibration figures (spec 4.9).")
    parser.add_argument("setting", choices=SETTINGS)
    parser.add_argument("--games", type=int, default=10_000, help="games per setting (seeds 0..N-1)")
    parser.add_argument("--seats", type=int, default=2, help="race 2-4, battle 2-4 (the last is the Monster Player)")
    parser.add_argument("--bot", default="greedy", help="solo: the bot; race: the bot of the rotating seat")
    parser.add_argument("--monster", default="heuristic", help="battle: the Monster Player's bot")
    parser.add_argument("--hero", choices=CLASS_ORDER, help="solo: one class (default: every class)")
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2), help="processes (1 or 2)")
    parser.add_argument("--engine", choices=("python", "native"), default=None, help="default: native where built")
    args = parser.parse_args(list(argv))
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if args.setting != "solo" and not 2 <= args.seats <= 4:
        parser.error(f"--seats: a {args.setting} has 2-4 seats, got {args.seats}")
    for name in (args.bot, args.monster):
        if name not in ("greedy", "heuristic", "random", "solo-optimal"):
            parser.error(f"bot {name!r} is not one of greedy, heuristic, random, solo-optimal")
    if args.setting != "solo" and args.bot == "solo-optimal":
        parser.error("solo-optimal plays solo games only; pick --bot greedy, heuristic or random")
    return args


def main(argv: Sequence[str]) -> None:
    """Print the figures of one setting (one line per class in solo)."""
    args = parse(argv)
    began, wall = os.times(), time.perf_counter()
    for line in LINES[args.setting](args):
        print(line, flush=True)
    ended = os.times()
    cpu = sum(ended[:4]) - sum(began[:4])                # user and system, with the worker processes
    print(f"  ({time.perf_counter() - wall:.0f} s, {cpu:.0f} s of CPU)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
