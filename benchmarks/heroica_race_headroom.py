"""How much could one step of policy improvement on Heroica's race heuristic gain?

The race policy of issue 25 must win more than 1/4 of 4-seat races against three
``heuristic`` players, with its interval clear of 1/4. This script estimates the room above
the heuristic without training anything: the gain of one step of policy improvement,
measured without the selection bias that sank the ``rollout=K`` variant of
``heroica_race_variants.py`` (the best of noisy estimates is mostly noise).

Races of four ``heuristic`` players are played (race ``g`` dealt from seed ``g``; the
measured seat is ``g mod 4``). At each decision of the measured seat with more than one legal
action, every legal action is followed by the same ``2 × H`` playouts of four ``heuristic``
players (the future die reseeded per playout, HR34/HR35: nothing else is hidden). The playouts
are split into halves A and B. The action that wins most in A (the heuristic's on ties) is
scored on B against the heuristic's own choice, and the other way round; the decision's
estimated gain is the mean of the two. This is cross-fitting: the half that scores an action
never chose it, so the estimate is unbiased for the improvement step that chooses with ``H``
playouts, and an exact improvement step could gain at least as much. A race's gain is the sum
over its decisions (the first-order gain of improving every decision at once). Printed:
decisions with a choice a race, the share where the improvement disagrees with the
heuristic, the mean gain a race in win-share points with its 95% interval, and the gain by
decision kind.

::

    PYTHONPATH=. python benchmarks/heroica_race_headroom.py --races 240 --half 200 --workers 2
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from agents.progress import progress
from agents.train.generic_hooks import mean_with_interval
from hydra_env.games.heroica import bots
from hydra_env.games.heroica.measure import play
from hydra_env.games.heroica.spec import new_game

SEATS = 4
MOST_HALF = 4_999
"""The most playouts a half may have (a decision's streams are numbered below 10,000)."""


@dataclass
class RaceHeadroom:
    """One race's decisions with a choice at the measured seat, and their estimated gains."""

    seed: int
    kinds: list[str] = field(default_factory=list)
    gains: dict[float, list[float]] = field(default_factory=dict)      # by margin z: win-share points
    disagree: dict[float, list[bool]] = field(default_factory=dict)    # by z: a half chose otherwise
    cpu: float = 0.0                                                   # CPU seconds of its worker


def playout_wins(game: Any, seat: int, action: int, streams: list[int], crowd: list[Any]) -> list[int]:
    """For each stream: 1 when ``seat`` wins after ``action``, the die drawn from that stream and
    every seat played by ``crowd``'s heuristic bots."""
    wins = []
    for stream in streams:
        trial = game.determinize(seat, stream)
        trial.apply(action)
        wins.append(int(play(trial, crowd).winner == seat))
    return wins


def chosen(wins: dict[int, list[int]], mine: int, part: slice, z: float) -> int:
    """The action the playouts of ``part`` choose: the one that wins most, if it beats ``mine``
    by at least ``z`` standard errors of their paired difference (else ``mine``)."""
    best = max(wins, key=lambda a: (sum(wins[a][part]), a == mine, -a))
    if best == mine:
        return mine
    diffs = [x - y for x, y in zip(wins[best][part], wins[mine][part])]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return best if mean > 0 and mean >= z * spread / math.sqrt(n) else mine


def cross_fitted_gain(wins: dict[int, list[int]], mine: int, half: int, z: float) -> tuple[float, bool]:
    """(the estimated gain of choosing by playouts over ``mine``, whether a half chose otherwise)
    from each action's playout wins (the first ``half`` are A, the rest B); ``z``: the margin a
    half needs to leave the heuristic's choice (:func:`chosen`)."""
    first, second = slice(0, half), slice(half, 2 * half)
    by_first, by_second = chosen(wins, mine, first, z), chosen(wins, mine, second, z)
    gain = (sum(wins[by_first][second]) - sum(wins[mine][second])
            + sum(wins[by_second][first]) - sum(wins[mine][first])) / (2 * half)
    return gain, by_first != mine or by_second != mine


MARGINS = (0.0, 2.0)
"""The margins (standard errors) an improvement half needs to leave the heuristic's choice:
none (the plain improvement step), and 2 (it leaves only where the difference is clear)."""


def race_headroom(seed: int, half: int) -> RaceHeadroom:
    """The measured seat's decisions of race ``seed`` and their cross-fitted gains."""
    began = time.process_time()
    game = new_game(seed=seed, num_players=SEATS, mode="race")
    crowd = [bots.HeuristicBot(seed=seed) for _ in range(SEATS)]
    measured, found, decision = seed % SEATS, RaceHeadroom(seed), 0
    while not game.is_over:
        turn, legal = game.current_player, game.legal_actions()
        mine = crowd[turn].act(game.view(turn), legal)
        if turn == measured and len(legal) > 1:
            streams = [(seed * 1_000 + decision) * 10_000 + k for k in range(2 * half)]
            wins = {action: playout_wins(game, turn, action, streams, crowd) for action in legal}
            found.kinds.append(game.decision)
            for z in MARGINS:
                gain, disagree = cross_fitted_gain(wins, mine, half, z)
                found.gains.setdefault(z, []).append(100 * gain)
                found.disagree.setdefault(z, []).append(disagree)
            decision += 1
        game.apply(mine)
    found.cpu = time.process_time() - began
    return found


def report(found: list[RaceHeadroom], half: int) -> str:
    """The printed summary of the races measured."""
    races, cpu = len(found), sum(r.cpu for r in found)
    decisions = sum(len(r.kinds) for r in found)
    lines = [f"{races} races (seeds {found[0].seed}–{found[-1].seed}), {2 * half} playouts an action "
             f"({half} to choose, {half} to score, cross-fitted), {cpu:.0f} CPU s; "
             f"decisions with a choice: {decisions / races:.2f} a race"]
    for z in MARGINS:
        figures = mean_with_interval("gain", [sum(r.gains.get(z, [])) for r in found])
        gain, low, high = figures["gain"], figures["gain_low"], figures["gain_high"]
        left = sum(sum(r.disagree.get(z, [])) for r in found)
        lines.append(f"  leaving the heuristic's choice at a margin of {z:g} standard errors: a half chose "
                     f"otherwise at {100 * left / max(decisions, 1):.1f}% of the decisions; gain "
                     f"{gain:+.2f} points of win share a race [{low:+.2f}, {high:+.2f}]")
        by_kind: dict[str, list[float]] = defaultdict(list)
        for r in found:
            for kind, value in zip(r.kinds, r.gains.get(z, [])):
                by_kind[kind].append(value)
        for kind, values in sorted(by_kind.items()):
            lines.append(f"    {kind:<9} {len(values) / races:5.2f} a race, gain {sum(values) / races:+.2f} points")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure ``--races`` races and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=240, help="races measured (default 240)")
    parser.add_argument("--seed", type=int, default=0, help="the first race's seed (default 0)")
    parser.add_argument("--half", type=int, default=200, help="playouts in each half (default 200)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1); the figures do not "
                        "depend on it")
    args = parser.parse_args(argv)
    for name in ("races", "half", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.half > MOST_HALF:
        parser.error(f"--half must be at most {MOST_HALF:,} (the playouts' dice streams would repeat)")
    if args.seed < 0:
        parser.error("--seed must be 0 or more")
    seeds = list(range(args.seed, args.seed + args.races))
    found: list[RaceHeadroom] = []
    bar = progress(total=args.races, desc="races measured", unit="race")
    with ProcessPoolExecutor(args.workers) as pool:
        for result in pool.map(race_headroom, seeds, [args.half] * len(seeds)):
            found.append(result)
            bar.update(1)
    bar.close()
    print(report(found, args.half), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
