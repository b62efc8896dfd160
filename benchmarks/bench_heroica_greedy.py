"""Heroica's ``greedy`` bot: its C++ twin against the Python reference, in one run.

Decisions per CPU second of ``GreedyBot.act`` on native games (the C++ bot,
``NativeHeroicaGame.greedy_action``) and of the Python reference (``GreedyBot.python_act``)
on the same positions: race games of 2-4 seats and battles, every seat greedy. Both answer
the same action (``tests/games/heroica/test_heroica_greedy_native.py``); this prints how much
faster the native one is, the bot call alone (the game's ``apply`` outside the timing).

::

    PYTHONPATH=. python benchmarks/bench_heroica_greedy.py --games 300
"""

from __future__ import annotations

import argparse
import sys
import time

from hydra_env.games.heroica.bots import GreedyBot
from hydra_env.games.heroica.spec import new_game


def measure(games: int) -> tuple[int, float, float]:
    """(decisions, native CPU seconds, Python CPU seconds) over ``games`` greedy games."""
    bot = GreedyBot(0)
    decisions, native_cpu, python_cpu = 0, 0.0, 0.0
    for k in range(games):
        mode = "battle" if k % 2 else "race"
        game = new_game(seed=k, engine="native", mode=mode, num_players=2 + k % 3)
        while not game.is_over:
            view, legal = game.view(game.current_player), game.legal_actions()
            start = time.process_time()
            action = bot.act(view, legal)
            middle = time.process_time()
            bot.python_act(game, legal)
            python_cpu += time.process_time() - middle
            native_cpu += middle - start
            decisions += 1
            game.apply(action)
    return decisions, native_cpu, python_cpu


def main(argv: list[str] | None = None) -> int:
    """Print the two rates and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    args = parser.parse_args(argv)
    decisions, native_cpu, python_cpu = measure(args.games)
    native, python = decisions / max(native_cpu, 1e-9), decisions / max(python_cpu, 1e-9)
    print(f"greedy decisions per CPU second, {decisions:,} decisions of {args.games} race and battle games")
    print(f"{'native (GreedyBot.act)':<28} {native:>12,.0f} ({native / python:5.1f}x)")
    print(f"{'python (GreedyBot.python_act)':<28} {python:>12,.0f} (1.0x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
