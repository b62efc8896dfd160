"""The checks of a training config's values: ranges and cross-field rules.

:func:`validate` runs on every config :func:`agents.train.config.load_config`
reads; each failure is a ConfigError naming the field and the fix. What the
values lead to (the env they build, the bots they name, the device) is checked
by :mod:`agents.train.checks`. The env ids allowed, and which envs need
``opponents``, come from the registered games (:mod:`agents.train.game_hooks`).
"""

from __future__ import annotations

from agents.train.config_fields import TrainConfig
from agents.train.game_hooks import seats_opponents, train_env_ids
from hydra_env import ConfigError, arguments


def validate(c: TrainConfig) -> None:
    """Ranges and cross-field checks; ConfigError naming the field and the fix."""
    arguments.integer("field 'features_dim'", c.features_dim, low=0,
                      fix="write 0 (no shared layer) or a layer size such as 256")
    positive = ("total_timesteps", "n_envs", "n_steps", "batch_size", "n_epochs", "eval_games",
                "torch_threads", "keep_checkpoints", "bc_workers", "bc_epochs", "bc_batch_size",
                "dagger_games", "dagger_epochs")
    for name in positive:
        arguments.integer(f"field {name!r}", getattr(c, name), low=1)
    for name in ("eval_freq", "checkpoint_freq", "final_eval_games", "bc_games", "selfplay_refresh",
                 "candidates", "seed", "eval_seed", "bc_chunk_games", "dagger_rounds"):
        arguments.integer(f"field {name!r}", getattr(c, name), low=0,
                          fix="write 0 or a larger whole number")
    arguments.integer("field 'selfplay_pool'", c.selfplay_pool, low=1)
    arguments.choice("field 'env'", c.env, train_env_ids())
    for name in ("learning_rate", "bc_learning_rate"):
        if getattr(c, name) <= 0:
            raise ConfigError(f"field {name!r} must be a positive number, got {getattr(c, name)}; "
                              f"write e.g. 0.0003")
    for name in ("gamma", "gae_lambda", "selfplay_prob"):
        arguments.number(f"field {name!r}", getattr(c, name), low=0.0, high=1.0)
    for name in ("clip_range", "ent_coef", "vf_coef", "max_grad_norm", "target_kl", "bc_focal_gamma"):
        arguments.number(f"field {name!r}", getattr(c, name), low=0.0,
                         fix="write 0 or a positive number")
    if not c.name or any(ch in c.name for ch in "/\\:") or c.name.strip() != c.name:
        raise ConfigError(f"field 'name' must be a non-empty name without '/', '\\' or ':' "
                          f"(it becomes part of the run folder's name), got {c.name!r}")
    arguments.text("field 'device'", c.device, fix="write cpu, cuda, cuda:N, mps or auto")
    for i, spec in enumerate(c.opponents):
        arguments.text(f"field 'opponents' entry {i}", spec,
                       fix="write bot specs such as [heuristic, random] (`hydra-env bots` lists them)")
    game = seats_opponents(c)
    if game is not None and not c.opponents and "opponents" not in c.env_kwargs:
        raise ConfigError(f"field 'opponents' is empty: {game} needs scripted "
                          f"opponents for the other seats; write e.g. opponents: [heuristic]")
    if c.opponent_weights:
        if len(c.opponent_weights) != len(c.opponents):
            raise ConfigError(f"field 'opponent_weights' must have one weight per entry of "
                              f"'opponents' ({len(c.opponents)}), got {len(c.opponent_weights)}; "
                              f"write [] for uniform sampling")
        weights = [arguments.number(f"field 'opponent_weights' entry {i}", w, low=0.0)
                   for i, w in enumerate(c.opponent_weights)]
        if not sum(weights) > 0:
            raise ConfigError("field 'opponent_weights' must have a positive sum; write [] for "
                              "uniform sampling")
    for i, size in enumerate(c.net_arch):
        arguments.integer(f"field 'net_arch' entry {i}", size, low=1,
                          fix="write a list of layer sizes such as [128, 128]")
    if c.policy == "CandidatePolicy" and c.candidates < 1:
        raise ConfigError("field 'candidates' must be at least 1 with policy CandidatePolicy "
                          "(about 160 covers every legal action)")
    if c.init_policy and c.bc_teacher:
        raise ConfigError("fields 'init_policy' and 'bc_teacher' are both set: a run starts "
                          "from one warm start; empty one of them ('')")
    if c.bc_games and not c.bc_teacher:
        raise ConfigError("field 'bc_games' is set but 'bc_teacher' is empty: name the bot to imitate")
    if c.dagger_rounds and not (c.bc_teacher and c.bc_games):
        raise ConfigError("field 'dagger_rounds' is set but there is no imitation warm start to "
                          "continue: set 'bc_teacher' and 'bc_games', or write dagger_rounds: 0")
    if not 0.0 < arguments.number("field 'dagger_student_share'", c.dagger_student_share,
                                  low=0.0, high=1.0):
        raise ConfigError("field 'dagger_student_share' must be above 0 (the policy must play some "
                          "seats); write e.g. 0.75")
    _engine_rules(c)


RLLIB_LIMITS = {"num_env_runners": 1024, "num_envs_per_env_runner": 1024, "num_learners": 1024}
"""The most of each of RLlib's worker counts (0 is allowed for each)."""


def _engine_rules(c: TrainConfig) -> None:
    """The fields of ``engine: rllib`` and what it does not train (yet); ConfigError naming the fix."""
    for name, high in RLLIB_LIMITS.items():
        arguments.integer(f"field {name!r}", getattr(c, name), low=0, high=high,
                          fix="write 0 or a larger whole number")
    address = arguments.text("field 'address'", c.address, empty=True,
                             fix="write '' (a local Ray), HOST:PORT, 'auto' or ray://HOST:PORT")
    if address != address.strip() or any(ch.isspace() for ch in address):
        raise ConfigError(f"field 'address' must be '' (a local Ray), HOST:PORT, 'auto' or ray://HOST:PORT "
                          f"without spaces, got {address!r}")
    if c.engine != "rllib":
        return
    unported = [("policy", c.policy in ("CandidatePolicy", "SlotPolicy"), "write MultiInputPolicy or MlpPolicy"),
                ("selfplay_prob", c.selfplay_prob > 0, "write 0"),
                ("bc_teacher", bool(c.bc_teacher), "write '' (no imitation)"),
                ("init_policy", bool(c.init_policy), "write '' (no warm start)")]
    for name, bad, fix in unported:
        if bad:
            raise ConfigError(f"field {name!r} = {getattr(c, name)!r} is not available with engine "
                              f"rllib yet; {fix}, or train with --engine sb3")

