"""The fields of a training config: :class:`TrainConfig`, each field with its doc.

:mod:`agents.train.config` reads a config file into it (and says how the file is
laid out); ``hydra-env train --help-fields`` lists the fields.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, get_type_hints


def _f(default: Any, doc: str, **kw: Any) -> Any:
    if isinstance(default, (list, dict)):
        return field(default_factory=lambda d=default: type(d)(d), metadata={"doc": doc, **kw})
    return field(default=default, metadata={"doc": doc, **kw})


@dataclass
class TrainConfig:
    """Everything a training run needs; see each field's ``doc`` metadata."""

    env: str = _f("hydra_env/Solo-v0", "Gymnasium id to train on: hydra_env/Solo-v0, hydra_env/Coop-v0 "
                  "or hydra_env/Hydras-v0 (the card game)")
    name: str = _f("ppo", "experiment name, part of the run folder's name")
    seed: int = _f(0, "seed of the policy, the environments and the evaluations")
    total_timesteps: int = _f(1_000_000, "environment steps to train for (the learning seat's decisions)")
    n_envs: int = _f(4, "parallel environments")
    vec_env: str = _f("batch", "vector env: 'batch' (every env in one game batch, native where built: "
                      "agents.train.vec_env), 'dummy' (one gym.make env each, one process) or "
                      "'subproc' (one process per env); the three train alike for a seed",
                      choices=("batch", "dummy", "subproc"))
    env_kwargs: dict = _f({}, "keyword arguments of the environment (scenario, stars, reward, ...); "
                          "merged key by key over the default block's and under --set's "
                          "(--set env_kwargs.scenario=11 sets one key; null removes one)")
    policy: str = _f("MultiInputPolicy", "policy class: MultiInputPolicy (Dict observation), "
                     "MlpPolicy (flat observation) or CandidatePolicy (scores each legal action "
                     "from its after-state; needs candidates > 0) or SlotPolicy (MlpPolicy plus a "
                     "pointer head for the actions that name one seat; a flat observation whose "
                     "observer names its action slots)",
                     choices=("MultiInputPolicy", "MlpPolicy", "CandidatePolicy", "SlotPolicy"))
    candidates: int = _f(0, "rows of candidate features in the observation (the env's "
                         "`candidates`; 0: none; CandidatePolicy needs about 160)")
    features_dim: int = _f(256, "size of the shared first layer (agents.train.policy; 0: none, "
                           "net_arch starts from the raw observation)")
    net_arch: list = _f([128], "hidden layer sizes of the policy and value heads (after the "
                        "shared layer)")
    activation: str = _f("tanh", "activation of the hidden layers", choices=("tanh", "relu"))
    learning_rate: float = _f(3e-4, "Adam learning rate")
    lr_schedule: str = _f("constant", "learning rate schedule", choices=("constant", "linear"))
    n_steps: int = _f(512, "steps per environment per rollout")
    batch_size: int = _f(256, "minibatch size")
    n_epochs: int = _f(10, "passes over each rollout")
    gamma: float = _f(0.995, "discount factor")
    gae_lambda: float = _f(0.95, "GAE lambda")
    clip_range: float = _f(0.2, "PPO clipping range")
    ent_coef: float = _f(0.01, "entropy bonus coefficient")
    vf_coef: float = _f(0.5, "value loss coefficient")
    max_grad_norm: float = _f(0.5, "gradient clipping norm")
    target_kl: float = _f(0.0, "stop an update early beyond this KL (0: never)")
    device: str = _f("cpu", "torch device: cpu, cuda or auto")
    torch_threads: int = _f(1, "torch CPU threads (1 keeps runs reproducible and leaves cores to envs)")
    eval_freq: int = _f(50_000, "environment steps between periodic evaluations (0: none)")
    eval_games: int = _f(100, "games per periodic evaluation, on fixed seeds")
    eval_seed: int = _f(1_000_000, "base seed of the evaluation games (kept apart from training seeds)")
    checkpoint_freq: int = _f(50_000, "environment steps between checkpoints (0: only at the end)")
    keep_checkpoints: int = _f(3, "checkpoints kept on disk (the newest)")
    final_eval_games: int = _f(1000, "games of the final evaluation report (0: none)")
    opponents: list = _f(["heuristic"], "Coop-v0, Hydras-v0: scripted opponents sampled per episode "
                         "(per seat), by bot name")
    opponent_weights: list = _f([], "Coop-v0, Hydras-v0: sampling weights of `opponents` (empty: uniform)")
    selfplay_prob: float = _f(0.0, "Coop-v0, Hydras-v0: chance that an opponent seat is a frozen past checkpoint")
    selfplay_pool: int = _f(5, "Coop-v0, Hydras-v0: frozen checkpoints kept in the self-play pool")
    selfplay_refresh: int = _f(100_000, "Coop-v0, Hydras-v0: environment steps between adding the learner to the pool")
    init_policy: str = _f("", "warm start: begin from this policy's weights ('' : none): a shipped "
                          "name (coop-default), a .zip checkpoint or a run folder, with the same "
                          "observation, actions and network; not with bc_teacher")
    bc_teacher: str = _f("", "warm start: imitate this bot before PPO ('' : none)")
    bc_games: int = _f(0, "warm start: games played by the teacher to collect decisions")
    bc_epochs: int = _f(10, "warm start: passes over the teacher's decisions")
    bc_workers: int = _f(2, "warm start: processes playing the teacher's games (the data do not "
                         "depend on it; they are cached under runs/bc_cache/)")
    bc_chunk_games: int = _f(0, "warm start: 0 keeps every replayed decision in memory (about "
                             "35 KB each with candidates); N replays the teacher's games in every "
                             "epoch N at a time (the memory of N games; every game replayed anew "
                             "in every epoch)")
    bc_batch_size: int = _f(256, "warm start: minibatch size")
    bc_learning_rate: float = _f(1e-3, "warm start: learning rate")
    bc_focal_gamma: float = _f(0.0, "warm start and DAgger: weight each imitated decision by "
                               "(1 - p)**gamma, p the policy's probability of the teacher's action "
                               "(focal loss): the decisions already copied count less, the ones "
                               "still wrong more; 0: plain cross-entropy")
    dagger_rounds: int = _f(0, "after the imitation warm start: rounds of DAgger (the policy plays "
                            "whole games, bc_teacher labels its decisions, the policy is fitted again "
                            "on every labelled decision; 0: none)")
    dagger_games: int = _f(200, "DAgger: games per round")
    dagger_student_share: float = _f(1.0, "DAgger: chance that a seat is played by the policy (the "
                                     "others by `opponents`)")
    dagger_epochs: int = _f(2, "DAgger: passes over all the labelled decisions after each round")
    progress_bar: bool = _f(True, "show a progress bar with steps/s and ETA")
    engine: str = _f("sb3", "the trainer: 'sb3' (stable-baselines3's MaskablePPO) or 'rllib' (Ray RLlib's "
                     "PPO, needs pip install 'hydra-env[rllib]'; docs/rllib.md); --engine overrides it",
                     choices=("sb3", "rllib"))
    num_env_runners: int = _f(0, "engine rllib: RLlib's remote env runners (0: sample in the "
                              "training process)")
    num_envs_per_env_runner: int = _f(0, "engine rllib: envs per env runner, one native vector env "
                                      "(0: n_envs)")
    num_learners: int = _f(0, "engine rllib: RLlib's remote learners (0: learn in the training process)")
    address: str = _f("", "engine rllib: the Ray cluster to join ('' : a local Ray of this machine; "
                      "HOST:PORT, 'auto', or ray://HOST:PORT; the job ships the code: docs/cluster.md)")

    def to_dict(self) -> dict[str, Any]:
        """The resolved config as a plain dict."""
        return dataclasses.asdict(self)


FIELDS = {f.name: f for f in dataclasses.fields(TrainConfig)}
TYPES = get_type_hints(TrainConfig)
"""Field name → its type (``int``, ``float``, ``bool``, ``str``, ``list`` or ``dict``)."""


def field_docs() -> dict[str, str]:
    """Field name → one-line documentation (for --help and the docs)."""
    return {name: f.metadata["doc"] for name, f in FIELDS.items()}

