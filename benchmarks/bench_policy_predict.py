"""``PolicyBot.predict`` against SB3's ``model.predict`` on the same positions, in one run.

::

    PYTHONPATH=. python benchmarks/bench_policy_predict.py
    PYTHONPATH=. python benchmarks/bench_policy_predict.py --game hydra --policy ppo:solo-default

Collects the positions of ``--games`` games the policy plays (each game's default
parameters), checks that both calls pick the same action at every one (most probable), then
times them in alternating rounds and prints the median CPU microseconds per prediction and
their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from hydra_env import ConfigError, game_spec
from hydra_env.envs.bots import make_bot


def positions(bot: Any, game: str, games: int) -> list[tuple[Any, Any]]:
    """(observation, mask) of every decision of ``games`` games the bot plays (seeds 0…)."""
    found = []
    for seed in range(games):
        state = game_spec(game).make(seed=seed)
        while not state.is_over:
            view, legal = state.view(state.current_player), state.legal_actions()
            obs = bot.observation(view, legal)
            found.append((obs, bot.mask(view, legal, obs)))
            state.apply(bot.act(view, legal))
    return found


def main(argv: list[str] | None = None) -> int:
    """Check, time and print (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="heroica", help="a registered game (default heroica)")
    parser.add_argument("--policy", default="ppo:heroica-solo", help="a ppo: policy of that game")
    parser.add_argument("--games", type=int, default=60, help="games whose positions are timed (default 60)")
    parser.add_argument("--rounds", type=int, default=6, help="alternating timing rounds (default 6)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    try:
        bot = make_bot(args.policy, game=args.game, seed=0)
    except ConfigError as exc:
        parser.error(str(exc))
    found = positions(bot, args.game, args.games)
    ours = [bot.predict(obs, mask) for obs, mask in found]
    sb3 = [int(bot.model.predict(obs, action_masks=mask, deterministic=True)[0]) for obs, mask in found]
    if ours != sb3:
        print("DIFFERENT ACTIONS: PolicyBot.predict and model.predict disagree")
        return 1
    timed = {"PolicyBot.predict": lambda o, m: bot.predict(o, m),
             "model.predict": lambda o, m: bot.model.predict(o, action_masks=m, deterministic=True)}
    seconds: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(args.rounds):
        for name, call in timed.items():
            began = time.process_time()
            for obs, mask in found:
                call(obs, mask)
            seconds[name].append(time.process_time() - began)
    micro = {name: statistics.median(v) / len(found) * 1e6 for name, v in seconds.items()}
    print(f"{len(found):,} positions of {args.games} games ({args.policy}), the same actions on both")
    for name, value in micro.items():
        print(f"  {name:18s} {value:8.1f} µs a prediction (median of {args.rounds} rounds, CPU time)")
    print(f"  ratio {micro['model.predict'] / micro['PolicyBot.predict']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
