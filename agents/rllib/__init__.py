"""Ray RLlib (new API stack, Ray 2.60) over every registered game: the adapters and modules.

Install the extra first (``pip install 'hydra-env[rllib]'``); nothing here is imported by
``hydra_env``, and ``ray.rllib`` is imported only by the modules that need it.

One module per job::

    envs.py         the one-seat envs with the mask in a Dict observation (MaskedObservation),
                    their vector twin (MaskedVectorObservation) and RLlib's env creator
                    (make_single_agent_env: the native vector env when RLlib asks for one)
    multi_agent.py  SeatsMultiAgentEnv: a MultiAgentEnv over a game's AEC env with only the
                    learning seats exposed; scripted and frozen-policy seats play inside it
    env_check.py    check_multi_agent_env: RLlib's multi-agent env check, with masked actions
    modules.py      MaskedPPOTorchRLModule: RLlib's default PPO module with illegal logits masked
    candidate.py    CandidatePPOTorchRLModule: the candidate policy of the shipped Hydra policies,
                    its weights copied from SB3's CandidatePolicy (candidate_module_from_sb3)
    connectors.py   the lean one-seat connector pieces (stacked observations in, numpy actions out)
    batched_runner.py  BatchedEnvRunner: RLlib's one-seat env runner sampling with the vector
                    env's batch kept whole (lean_sampling: the env_runners settings for both)
    config.py       ppo_config: a PPOConfig for one game's env (single- or multi-agent)
    train.py        `hydra-env train --engine rllib`: a run folder like an SB3 run's
    export.py       the trained module as the project's policy file (a MaskablePPO zip: ppo:RUN)
    league.py       a league: trainable members as modules, frozen members as lazily loaded,
                    cached in-env players (LeagueOpponents, a sampler of SeatsMultiAgentEnv)

See docs/rllib.md.
"""

from __future__ import annotations

OBS_KEY = "observations"
"""The default key of the observation in the Dict observation (RLlib's masking example's)."""
MASK_KEY = "action_mask"
"""The default key of the int8 action mask in the Dict observation."""

__all__ = ["MASK_KEY", "OBS_KEY", "ray_missing"]


def ray_missing() -> str | None:
    """Why Ray RLlib cannot be used here (``"ray is not installed"``, or the import's error), or
    None when ``ray.rllib`` imports. Imports Ray only when it is installed."""
    import importlib.util
    if importlib.util.find_spec("ray") is None:
        return "ray is not installed"
    try:
        import ray.rllib  # noqa: F401
    except ImportError as exc:
        return f"ray.rllib does not import: {exc}"
    return None
