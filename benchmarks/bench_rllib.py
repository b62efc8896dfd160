"""Sampling through RLlib (Ray 2.60, new API stack) against the env alone and the project's own
batched sampler, per CPU second of this process, in one run.

Everything runs in this process (RLlib's local env runner: no Ray cluster, no worker), with
torch on one thread, so CPU seconds of this process are all the work. The rows:

1. ``env alone``: the one-seat env with the mask in the observation
   (:class:`agents.rllib.envs.MaskedObservation`), random legal actions, no policy;
2. ``batched env + policy``: the id's native vector env of ``--num-envs`` rows and RLlib's
   masked default PPO module in a plain loop (forward, masked sample, step): the project's own
   batched sampler with a policy network. A row whose episode ended resets at the next step
   (Gymnasium's next-step autoreset) and that step is no decision, so it is not counted, as
   RLlib does not count it;
3. ``RLlib, default vectorization``: ``SingleAgentEnvRunner`` with ``gym_env_vectorize_mode=
   "sync"`` (Gymnasium's SyncVectorEnv of ``--num-envs`` single envs);
4. ``RLlib, native vector env``: the same with ``"vector_entry_point"`` (the id's batch env);
   rows 3 and 4 sample through the lean pipelines of :mod:`agents.rllib.connectors`, as
   ``hydra-env train --engine rllib`` does; the row after them is row 4 with RLlib's default
   connector pipelines (``ppo_config(lean_sampling=False)``), for the difference;
5. ``RLlib, multi-agent``: ``MultiAgentEnvRunner`` over :class:`agents.rllib.multi_agent.
   SeatsMultiAgentEnv` of ``--game`` with every seat learning (one shared module), RLlib's
   sync vector env of ``--num-envs`` of them.

Each RLlib row times ``sample`` and then ``get_metrics``, as each training iteration calls
both (the runner keeps every finished episode for its metrics until ``get_metrics``).
Each figure is env steps (one learning-seat decision each) per CPU second, over ``--steps``
steps after a warm-up, the best of ``--repeats`` rounds over all rows (interleaved, so that
the load of a shared machine falls on every row alike); the last column is the ratio to
row 2 (the issue's target: row 4 at 80% or more). The defaults take the first registered id
with a vector entry point, and the first registered game with more than one seat.

::

    export PYTHONPATH=. HYDRA_ENV_NATIVE_DIR=$PWD/build/cp311-cp311-linux_x86_64   # .venv-rllib (make test-rllib)
    .venv-rllib/bin/python benchmarks/bench_rllib.py
    .venv-rllib/bin/python benchmarks/bench_rllib.py --env-id hydra_env/Hadara-v0 --steps 4000
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import numpy as np
import torch
from timing import pick

import hydra_env
from hydra_env.envs.registration import ENV_IDS, VECTOR_ENTRY_POINTS


def cpu_rate(run: Callable[[int], int], steps: int, warmup: int) -> float:
    """Steps per CPU second of this process of ``run(steps) -> steps made``, after a warm-up."""
    if warmup:
        run(warmup)
    start = time.process_time()
    made = run(steps)
    return made / max(time.process_time() - start, 1e-9)


def env_alone(env_id: str) -> Callable[[int], int]:
    from agents.rllib.envs import make_single_agent_env
    env = make_single_agent_env({"env_id": env_id})
    rng = np.random.default_rng(0)
    state = {"obs": env.reset(seed=0)[0]}

    def run(steps: int) -> int:
        obs = state["obs"]
        for _ in range(steps):
            obs, _, terminated, truncated, _ = env.step(pick(obs["action_mask"], rng))
            if terminated or truncated:
                obs, _ = env.reset()
        state["obs"] = obs
        return steps
    return run


def masked_module(space, action_space):
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from agents.rllib.modules import MaskedPPOTorchRLModule
    return RLModuleSpec(module_class=MaskedPPOTorchRLModule, observation_space=space,
                        action_space=action_space).build()


def batched_with_policy(env_id: str, num_envs: int) -> Callable[[int], int]:
    from ray.rllib.core.columns import Columns

    from agents.rllib.envs import make_single_agent_env
    env = make_single_agent_env({"env_id": env_id, "num_envs": num_envs})
    module = masked_module(env.single_observation_space, env.single_action_space)
    state = {"obs": env.reset(seed=0)[0], "done": np.zeros(num_envs, bool)}

    def run(steps: int) -> int:
        obs, done, made = state["obs"], state["done"], 0
        while made < steps:
            batch = {Columns.OBS: {k: torch.as_tensor(v) for k, v in obs.items()}}
            with torch.no_grad():
                logits = module.forward_exploration(batch)[Columns.ACTION_DIST_INPUTS]
            actions = torch.distributions.Categorical(logits=logits).sample().numpy()
            obs, _, terminated, truncated, _ = env.step(actions)
            made += num_envs - int(done.sum())      # a row that ended last step only resets now
            done = terminated | truncated
        state["obs"], state["done"] = obs, done
        return made
    return run


def runner_rate(runner) -> Callable[[int], int]:
    """``run(steps)``: one ``sample`` call, then ``get_metrics`` as a training iteration does
    (which also lets go of the finished episodes the runner keeps for its metrics)."""
    def run(steps: int) -> int:
        episodes = runner.sample(num_timesteps=steps)
        runner.get_metrics()
        return sum(e.env_steps() for e in episodes)
    return run


def rllib_single(env_id: str, num_envs: int, mode: str, lean: bool = True):
    from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner

    from agents.rllib.config import ppo_config
    config = ppo_config(env_config={"env_id": env_id}, num_envs_per_env_runner=num_envs, vectorize=mode,
                        lean_sampling=lean)
    return (config.env_runner_cls or SingleAgentEnvRunner)(config=config)


def rllib_multi(game: str, num_envs: int):
    from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner

    from agents.rllib.config import ppo_config
    config = ppo_config(multi_agent={"game": game, "learning_seats": "all"}, num_envs_per_env_runner=num_envs,
                        vectorize="sync")
    return MultiAgentEnvRunner(config=config)


def main(argv: list[str] | None = None) -> int:
    ids = list(ENV_IDS)
    vector_ids = [i for i in ids if i in VECTOR_ENTRY_POINTS]
    multi = [n for n in hydra_env.game_names() if hydra_env.game_spec(n).num_players() > 1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env-id", default=vector_ids[0] if vector_ids else None, choices=vector_ids)
    parser.add_argument("--game", default=multi[0] if multi else None,
                        help="the game (name or game string, e.g. 'hydra(scenario=1)') of the multi-agent "
                             "row, every seat learning; default: the first registered game with more than one seat")
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3, help="rounds over every row; the best of each is kept")
    args = parser.parse_args(argv)
    if args.env_id is None:
        sys.exit("no registered env id has a vector entry point")
    if min(args.num_envs, args.steps, args.repeats) < 1:
        sys.exit("--num-envs, --steps and --repeats must be at least 1")
    torch.set_num_threads(1)
    warmup = max(args.steps // 5, args.num_envs)
    print(f"{args.env_id}, {args.num_envs} envs, {args.steps} steps, best of {args.repeats}; multi-agent: "
          f"{args.game}; load average {os.getloadavg()[0]:.2f}", flush=True)
    samplers: list[tuple[str, Callable[[int], int]]] = [
        ("env alone (random legal, no policy)", env_alone(args.env_id)),
        ("batched env + policy, plain loop", batched_with_policy(args.env_id, args.num_envs))]
    runners = [rllib_single(args.env_id, args.num_envs, "sync"),
               rllib_single(args.env_id, args.num_envs, "vector_entry_point"),
               rllib_single(args.env_id, args.num_envs, "vector_entry_point", lean=False)]
    if args.game is not None:
        runners.append(rllib_multi(args.game, args.num_envs))
    samplers += [("RLlib, default vectorization (sync)", runner_rate(runners[0])),
                 ("RLlib, native vector env", runner_rate(runners[1])),
                 ("  the same, RLlib's default connector pipelines", runner_rate(runners[2]))]
    if args.game is not None:
        samplers.append((f"RLlib, multi-agent ({args.game}, every seat)", runner_rate(runners[3])))
    best = [0.0] * len(samplers)
    try:
        for round_ in range(args.repeats):          # interleaved, so that the machine's load hits every row
            for k, (_, run) in enumerate(samplers):
                best[k] = max(best[k], cpu_rate(run, args.steps, warmup if round_ == 0 else 0))
            print(f"  round {round_ + 1} of {args.repeats}", file=sys.stderr, flush=True)
    finally:
        for runner in runners:
            runner.stop()
    rows = [(label, rate) for (label, _), rate in zip(samplers, best)]
    base = rows[1][1]
    print(f"{'':52} {'steps/CPU s':>12} {'vs batched':>11}")
    for label, rate in rows:
        print(f"{label:52} {rate:12,.0f} {rate / base:10.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
