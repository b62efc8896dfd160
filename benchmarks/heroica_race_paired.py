"""An agent's win share in Heroica's 4-seat race against three ``heuristic``, paired with the heuristic.

The race policy of issue 25 must win more than 1/4 of 4-seat races against three ``heuristic``
players (seats rotated), with its interval clear of 1/4. The edges within reach are a fraction
of a point (the docs' tools page), and a plain binomial interval needs hundreds of thousands
of races to tell them apart from 1/4. This script also measures them the way a paired
experiment does (common random numbers).

Race ``g`` is dealt from seed ``g``; the agent plays seat ``g mod 4`` and three ``heuristic``
bots the others. The control is the same race with ``heuristic`` in the agent's seat. All
four bots are deterministic and the die is the game's own seeded stream, so wherever the agent
chooses as ``heuristic`` would at every one of its decisions, the two races are the same race
and have the same winner; only the races where the agent chose otherwise at least once are
played again for the control. Printed:

- the agent's win share with its 95% Wilson interval (the plain reading);
- the control's win share (four identical players: 1/4 in expectation, by symmetry, when every
  race has a winner; the races without one are counted and printed);
- the paired difference, agent minus control, per race, with its 95% normal interval, and the
  agent's win share estimated as ``1/4 + difference`` with that interval (the control's mean
  known exactly, the variance of the races the agent did not change removed);
- how many races and decisions with a choice the agent played otherwise than ``heuristic``.

``--agent`` is any bot spec of the game (``heuristic:spare=true``, ``greedy``,
``ppo:heroica-race``, ``ppo:runs/RUN/best_model.zip``). The figures do not depend on
``--workers``.

::

    PYTHONPATH=. python benchmarks/heroica_race_paired.py --agent ppo:heroica-race --races 200000 --workers 2
    PYTHONPATH=. python benchmarks/heroica_race_paired.py --agent heuristic:spare=true --races 200000 --seed 20000
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.progress import progress  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402
from hydra_env.errors import HydraError  # noqa: E402
from hydra_env.games.heroica.measure import play, wilson  # noqa: E402
from hydra_env.games.heroica.spec import new_game  # noqa: E402

SEATS = 4
CHUNK = 500
"""Races a worker plays per task (the bots are made once a task)."""


@dataclass
class Chunk:
    """The tallies of one task's races."""

    races: int = 0
    wins: int = 0                  # races the agent won
    control_wins: int = 0          # races the heuristic won in the agent's seat
    no_winner: int = 0             # races without a winner (agent's or control's)
    changed: int = 0               # races where the agent chose otherwise at least once
    choices: int = 0               # the agent's decisions with more than one legal action
    differ: int = 0                # those where the heuristic would have chosen otherwise
    plus: int = 0                  # races the agent won and the control lost
    minus: int = 0                 # races the control won and the agent lost
    cpu: float = 0.0


def play_race(seed: int, seat: int, agent: Any, heuristic: list[Any], tally: Chunk) -> int | None:
    """Race ``seed`` with ``agent`` in ``seat`` and ``heuristic`` (one bot per seat) elsewhere;
    the winner. The agent's decisions with a choice, and those where the heuristic of its seat
    would choose otherwise, are counted in ``tally``."""
    game = new_game(seed=seed, num_players=SEATS, mode="race")
    while not game.is_over:
        turn, legal = game.current_player, game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        view = game.view(turn)
        if turn != seat:
            game.apply(heuristic[turn].act(view, legal))
            continue
        action = agent.act(view, legal)
        tally.choices += 1
        tally.differ += action != heuristic[seat].act(view, legal)
        game.apply(action)
    return game.result().winner


def play_chunk(agent_spec: str, first: int, count: int) -> Chunk:
    """Races ``first`` … ``first + count - 1``, each with its control where the agent changed it."""
    began, tally = time.process_time(), Chunk()
    agent = make_bot(agent_spec, game="heroica", seed=first)
    heuristic = [make_bot("heuristic", game="heroica", seed=first) for _ in range(SEATS)]
    for seed in range(first, first + count):
        seat, before = seed % SEATS, tally.differ
        winner = play_race(seed, seat, agent, heuristic, tally)
        control = play(new_game(seed=seed, num_players=SEATS, mode="race"), heuristic).winner \
            if tally.differ > before else winner
        tally.races += 1
        tally.changed += tally.differ > before
        tally.wins += winner == seat
        tally.control_wins += control == seat
        tally.no_winner += (winner is None) + (control is None)
        tally.plus += winner == seat and control != seat
        tally.minus += control == seat and winner != seat
    tally.cpu = time.process_time() - began
    return tally


def merge(chunks: list[Chunk]) -> Chunk:
    """The sum of the tallies."""
    total = Chunk()
    for chunk in chunks:
        for name in total.__dataclass_fields__:
            setattr(total, name, getattr(total, name) + getattr(chunk, name))
    return total


def report(t: Chunk, agent: str, first: int) -> str:
    """The printed figures."""
    n = t.races
    low, high = wilson(t.wins, n)
    c_low, c_high = wilson(t.control_wins, n)
    diff = (t.plus - t.minus) / n
    var = ((t.plus + t.minus) / n - diff * diff) * n / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(max(var, 0.0) / n)
    lines = [
        f"{agent}: {n:,} races (seeds {first}–{first + n - 1}, seat = seed mod 4) against three heuristic, "
        f"{t.cpu:.0f} CPU s",
        f"  win share (plain)          {100 * t.wins / n:.3f}% [{100 * low:.3f}, {100 * high:.3f}]",
        f"  heuristic in that seat     {100 * t.control_wins / n:.3f}% [{100 * c_low:.3f}, {100 * c_high:.3f}] "
        f"(1/4 by symmetry; races without a winner: {t.no_winner})",
        f"  paired difference          {100 * diff:+.3f} points "
        f"[{100 * (diff - half):+.3f}, {100 * (diff + half):+.3f}] "
        f"(agent won where the heuristic lost: {t.plus:,}; the other way: {t.minus:,})",
        f"  win share (1/4 + paired)   {25 + 100 * diff:.3f}% [{25 + 100 * (diff - half):.3f}, "
        f"{25 + 100 * (diff + half):.3f}]",
        f"  chose otherwise than heuristic in {t.changed:,} races ({100 * t.changed / n:.2f}%), at "
        f"{t.differ:,} of {t.choices:,} decisions with a choice ({100 * t.differ / max(t.choices, 1):.3f}%)",
    ]
    if t.no_winner:
        lines.append("  note: some races had no winner, so the control's expectation is below 1/4 and "
                     "the paired estimate above is not exact")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Play the races and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", required=True, help="a Heroica bot spec, e.g. ppo:heroica-race")
    parser.add_argument("--races", type=int, default=20_000, help="races (default 20000)")
    parser.add_argument("--seed", type=int, default=0, help="the first race's seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    for name in ("races", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be 0 or more")
    try:                       # the spec, then one race here: an agent that cannot play a race stops now
        make_bot(args.agent, game="heroica", seed=0)
        play_chunk(args.agent, args.seed, 1)
    except HydraError as exc:            # ConfigError too
        parser.error(f"--agent: {exc}")
    starts = list(range(args.seed, args.seed + args.races, CHUNK))
    counts = [min(CHUNK, args.seed + args.races - s) for s in starts]
    chunks: list[Chunk] = []
    bar = progress(total=args.races, desc="races", unit="race")
    with ProcessPoolExecutor(args.workers) as pool:
        for chunk in pool.map(play_chunk, [args.agent] * len(starts), starts, counts):
            chunks.append(chunk)
            bar.update(chunk.races)
    bar.close()
    print(report(merge(chunks), args.agent, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
