"""The solo optimum's figures (spec 4.7): per class, the optimum's censored mean T and greedy's regret::

    python -m hydra_env.games.heroica.solver_measure 1000      # seeds 0..999 per class

For each class it prints the solver's value from the start state, the ``solo-optimal`` bot's
measured censored mean T, greedy's, greedy's regret as the mean per-seed difference of the two
on the same seeds, and greedy's expected turns lost (per seed, the sum over its decisions of
the value its action gives up against the best one: the regret's exact expectation, with less
noise), each with a 95% bootstrap interval. numpy and the standard library only.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np

from hydra_env.games.heroica.bots import GreedyBot
from hydra_env.games.heroica.loader import CLASS_ORDER
from hydra_env.games.heroica.solver import solution
from hydra_env.games.heroica.solver_bot import SoloOptimalBot
from hydra_env.games.heroica.spec import new_game


def interval(values: np.ndarray, draws: int = 2000) -> tuple[float, float]:
    """The 95% bootstrap interval of the mean of ``values`` (a fixed resampling seed)."""
    rng = np.random.default_rng(0)
    means = values[rng.integers(0, len(values), (draws, len(values)))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return float(low), float(high)


def play_judged(game: Any, bot: Any, judge: SoloOptimalBot) -> tuple[int, float]:
    """Play a solo game with ``bot``; its censored T and the expected turns its decisions lost."""
    lost = 0.0
    while not game.is_over:
        action = bot.act(game.view(0), game.legal_actions())
        values = judge.action_values(game)
        lost += values[action] - min(values.values())
        game.apply(action)
    return game.result().censored_turns, lost


def measure(hero: str, seeds: int) -> dict[str, Any]:
    """The figures of one class over seeds 0..``seeds``−1."""
    optimum = solution(hero).start_value()
    judge = SoloOptimalBot()
    best = np.array([play_judged(new_game(seed=g, hero=hero), judge, judge)[0] for g in range(seeds)], float)
    greedy = np.array([play_judged(new_game(seed=g, hero=hero), GreedyBot(g), judge) for g in range(seeds)], float)
    return {"hero": hero, "optimum": optimum, "best": best, "greedy": greedy[:, 0],
            "difference": greedy[:, 0] - best, "lost": greedy[:, 1]}


def _cell(values: np.ndarray) -> str:
    low, high = interval(values)
    return f"{values.mean():.2f} ({low:.2f}–{high:.2f})"


def main(argv: list[str]) -> None:
    """``[seeds]``: print the table of the module docstring (markdown)."""
    seeds = int(argv[0]) if argv else 1000
    began = time.perf_counter()
    print(f"| class | optimum (solver) | solo-optimal, measured | greedy | greedy − optimal, same seeds "
          f"| greedy's expected turns lost |  ({seeds} seeds)")
    print("| --- | --- | --- | --- | --- | --- |")
    for hero in CLASS_ORDER:
        r = measure(hero, seeds)
        print(f"| {hero} | {r['optimum']:.3f} | {_cell(r['best'])} | {_cell(r['greedy'])} | "
              f"{_cell(r['difference'])} | {_cell(r['lost'])} |", flush=True)
    print(f"measured in {time.perf_counter() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
