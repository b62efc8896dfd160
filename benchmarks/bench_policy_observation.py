"""A policy bot's observation from the seat's information against one from a re-deal, in one run.

::

    PYTHONPATH=. python benchmarks/bench_policy_observation.py --env hydra_env/HailHydra-v0 \\
        --env-kwargs '{"summary": true}' --num-players 6 --games 4

:class:`agents.policy_bot.PolicyBot` encodes a seat's observation either from a re-deal of
what the seat cannot see (``view.sample``, then the observer's ``encode``: the default) or,
when the observer says it reads nothing else (``encodes_seat_info``), straight from the view's
information (``encode_info(view.info)``). This plays ``--games`` games of the env's game with
an untrained policy of the env's spaces (MLP 256 × 256: what the observation costs does not
depend on the weights) at every seat and, at every decision, times both paths on the same
position (checking that they give the same vector) and the bot's whole decision. It prints
milliseconds of CPU time per decision for each and the ratio of the two paths.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

import hydra_env  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402
from hydra_env.envs.policy_env import record_env_args  # noqa: E402


def untrained_policy(env_id: str, kwargs: dict, folder: str) -> str:
    """A MaskablePPO file of the env's spaces (the env recorded in it), untrained."""
    from sb3_contrib import MaskablePPO
    env = gym.make(env_id, **kwargs)
    model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, policy_kwargs={"net_arch": [256, 256]},
                        seed=0, device="cpu")
    model.observation_space = record_env_args(model.observation_space, env_id, kwargs)
    path = os.path.join(folder, "policy.zip")
    model.save(path)
    return path


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="hydra_env/HailHydra-v0", help="a registered env id (default: %(default)s)")
    parser.add_argument("--env-kwargs", default="{}", help="its keyword arguments, JSON (default: {})")
    parser.add_argument("--num-players", type=int, default=6, help="players of the games played (default: 6)")
    parser.add_argument("--games", type=int, default=4, help="games played (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        kwargs = json.loads(args.env_kwargs)
    except json.JSONDecodeError as exc:
        parser.error(f"--env-kwargs is not JSON: {exc}")
    if not isinstance(kwargs, dict):
        parser.error("--env-kwargs must be a JSON object, such as '{\"summary\": true}'")
    game_name = gym.make(args.env, **kwargs).unwrapped.game_spec.name
    with tempfile.TemporaryDirectory(prefix="bench-policy-") as folder:
        bot = make_bot(f"ppo:{untrained_policy(args.env, kwargs, folder)}", game=game_name, seed=0)
        spec, rng = hydra_env.game_spec(game_name), np.random.default_rng(0)
        made, times = 0, {"re-deal": 0.0, "seat information": 0.0, "whole decision": 0.0}
        for seed in range(args.games):
            game = spec.make(seed=seed, num_players=args.num_players)
            while not game.is_over:
                seat, legal = game.current_player, game.legal_actions()
                view = game.view(seat)
                start = time.process_time()
                slow = bot.encode(view.sample(rng), seat)
                times["re-deal"] += time.process_time() - start
                start = time.process_time()
                fast = bot.observation(view, legal)
                times["seat information"] += time.process_time() - start
                if not np.array_equal(slow, fast):
                    print(f"the two paths differ at decision {made} of game {seed}", file=sys.stderr)
                    return 1
                start = time.process_time()
                action = bot.act(view, legal)
                times["whole decision"] += time.process_time() - start
                game.apply(action)
                made += 1
    print(f"{args.env} {kwargs}, {args.num_players} players, {args.games} games, {made} decisions, "
          f"observer {type(bot._observer).__name__} (encodes_seat_info="
          f"{getattr(bot._observer, 'encodes_seat_info', False)})")
    for name, seconds in times.items():
        print(f"{name:>20}  {seconds / made * 1000:7.3f} CPU ms per decision")
    print(f"re-deal / seat information: {times['re-deal'] / times['seat information']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
