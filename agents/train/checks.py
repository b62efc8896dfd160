"""Checks of a whole training config before a run folder is made or a run resumed.

:func:`agents.train.config.load_config` checks each field's type and range;
this module checks what the values lead to, so that a config that would
fail minutes into a run fails at once, with nothing written:

* ``device``: a torch device string (``cpu``, ``cuda``, ``cuda:N``, ``mps``,
  ``auto``) that names a device this machine has;
* ``bc_teacher`` and every entry of ``opponents``: bot specs that resolve
  (through :func:`hydra_env.envs.bots.make_bot`, of the config's game);
* ``env`` with ``env_kwargs``: the training environment is built once and
  reset (with the opponent pool where the config's opponents play the other
  seats, :mod:`agents.train.game_hooks`);
* ``init_policy``: a checkpoint that loads and fits the env and the network;
* the imitation cache (``runs/bc_cache/``) of a warm start, when it exists:
  a corrupt file is named, with what to do about it.

* every integer field within its range (:data:`LIMITS`: a run that would never end or
  could not fit in memory is refused, the range stated).

Every failure is a :class:`~hydra_env.errors.ConfigError` naming the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.train.config import TrainConfig
from hydra_env.errors import ConfigError, HydraError

_DEVICES = "cpu, cuda, cuda:N (N a GPU index), mps or auto"


def check_config(config: TrainConfig, runs_dir: Path | None = None, *,
                 warm_start: bool = True) -> None:
    """Everything :mod:`agents.train.checks` describes; ``runs_dir`` is where the
    imitation cache lives (None: not checked), ``warm_start`` False for a resumed
    run (no warm start, no cache)."""
    check_limits(config)
    check_device(config.device)
    check_bots(config)
    check_env(config)
    if warm_start:
        check_init_policy(config)
    if warm_start and runs_dir is not None and config.bc_teacher and config.bc_games:
        from agents.train import bc
        from agents.train.warm_start import bc_cache_path
        bc.load_episodes(bc_cache_path(config, runs_dir))      # ConfigError when corrupt


LIMITS: dict[str, tuple[int, int]] = {
    "total_timesteps": (1, 10**12), "n_envs": (1, 1024), "n_steps": (1, 10**6),
    "batch_size": (1, 10**7), "n_epochs": (1, 10**4), "torch_threads": (1, 1024),
    "eval_freq": (0, 10**12), "eval_games": (1, 10**9), "checkpoint_freq": (0, 10**12),
    "keep_checkpoints": (1, 10**4), "final_eval_games": (0, 10**9), "selfplay_pool": (1, 10**4),
    "selfplay_refresh": (0, 10**12), "bc_games": (0, 10**9), "bc_epochs": (1, 10**6),
    "bc_workers": (1, 1024), "bc_chunk_games": (0, 10**9), "bc_batch_size": (1, 10**7),
    "dagger_rounds": (0, 10**4), "dagger_games": (1, 10**9), "dagger_epochs": (1, 10**6),
    "candidates": (0, 10**5), "features_dim": (0, 65_536), "seed": (0, 2**62),
    "eval_seed": (0, 2**62),
}
"""The range of each integer field: beyond it a run would never end, or ask for more memory
than any machine has (a seed stays below 2**62, so that the seeds derived from it are 63-bit)."""
MAX_LAYERS = 64
"""The most hidden layers ``net_arch`` may list (each at most ``features_dim``'s limit)."""


def check_limits(config: TrainConfig) -> None:
    """ConfigError naming the field and its range for an integer beyond :data:`LIMITS`, or a
    ``net_arch`` too deep or too wide."""
    from hydra_env import arguments
    for name, (low, high) in LIMITS.items():
        arguments.integer(f"field {name!r}", getattr(config, name), low=low, high=high)
    if len(config.net_arch) > MAX_LAYERS:
        raise ConfigError(f"field 'net_arch' lists {len(config.net_arch)} layers; at most "
                          f"{MAX_LAYERS}")
    high = LIMITS["features_dim"][1]
    for i, size in enumerate(config.net_arch):
        arguments.integer(f"field 'net_arch' entry {i}", size, low=1, high=high)


def check_device(device: str) -> None:
    """ConfigError unless ``device`` is a torch device this machine has."""
    import torch
    if device == "auto":
        return
    try:
        parsed = torch.device(device)
    except (RuntimeError, TypeError, ValueError):
        raise ConfigError(f"field 'device': {device!r} is not a torch device; write "
                          f"{_DEVICES}") from None
    if parsed.type == "cpu":
        return
    if parsed.type == "cuda":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0:
            raise ConfigError(f"field 'device': {device!r} is not available (torch sees no CUDA "
                              f"GPU on this machine); write device: cpu (or auto)")
        if parsed.index is not None and parsed.index >= count:
            raise ConfigError(f"field 'device': {device!r} is not available (this machine has "
                              f"{count} CUDA GPU(s): cuda:0 to cuda:{count - 1})")
        return
    if parsed.type == "mps":
        if not torch.backends.mps.is_available():
            raise ConfigError(f"field 'device': {device!r} is not available (no Apple MPS "
                              f"device); write device: cpu (or auto)")
        return
    raise ConfigError(f"field 'device': {device!r} cannot train here; write {_DEVICES}")


def check_bots(config: TrainConfig) -> None:
    """ConfigError unless ``bc_teacher`` and every entry of ``opponents`` make a bot."""
    from agents.train.config import config_game
    from hydra_env.envs.bots import make_bot
    game = config_game(config)
    named = [(f"field 'opponents' entry {i}", spec) for i, spec in enumerate(config.opponents)]
    if config.bc_teacher:
        named.append(("field 'bc_teacher'", config.bc_teacher))
    for label, spec in named:
        try:
            make_bot(spec, game=game, seed=0)
        except HydraError as exc:
            raise ConfigError(f"{label} ({spec!r}): {exc}; `hydra-env bots` lists the bots "
                              f"and their parameters") from None


def check_env(config: TrainConfig) -> None:
    """Build the training environment once and reset it; ConfigError naming
    ``env_kwargs`` (with the arguments tried) when that fails."""
    import gymnasium as gym

    from agents.train.environments import env_kwargs
    kwargs = env_kwargs(config, None)
    shown = {k: v for k, v in kwargs.items() if k != "opponents" or k in config.env_kwargs}
    where = f"field 'env_kwargs': cannot build {config.env} with {shown}"
    env: Any = None
    try:
        env = gym.make(config.env, **kwargs)
        env.reset(seed=config.seed)
    except HydraError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    except TypeError as exc:     # an argument the environment does not take
        message = str(exc).split(" was raised from the environment creator")[0]
        accepted = ", ".join(env_parameters(config.env)) or "see the environment's docstring"
        raise ConfigError(f"{where}: {message}; {config.env} accepts: {accepted}") from None
    except Exception as exc:  # noqa: BLE001  (any failure of the env is the config's to name)
        raise ConfigError(f"{where}: {type(exc).__name__}: {exc}") from None
    finally:
        if env is not None:
            env.close()


def env_parameters(env_id: str) -> list[str]:
    """The keyword arguments the environment class of ``env_id`` accepts (its
    ``__init__`` and those of the classes it passes ``**kwargs`` on to)."""
    import inspect

    import gymnasium as gym
    from gymnasium.envs.registration import load_env_creator
    try:
        entry = gym.spec(env_id).entry_point
        entry = getattr(entry, "entry_point", entry)          # hydra_env's CheckedCreator
        creator = load_env_creator(entry) if isinstance(entry, str) else entry
    except Exception:  # noqa: BLE001  (only for a message)
        return []
    names: list[str] = []
    for cls in getattr(creator, "__mro__", (creator,)):
        init = cls.__dict__.get("__init__") if isinstance(cls, type) else cls
        if init is None:
            continue
        params = inspect.signature(init).parameters.values()
        names += [p.name for p in params if p.name != "self" and p.name not in names
                  and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if not any(p.kind is p.VAR_KEYWORD for p in params):
            break
    return names


def _layout(space: Any) -> str:
    """A space's layout, for comparing and for a message: each part's kind and shape
    (``obs Box 3967, cand_feat Box 128x109``), without its bounds or notes."""
    import gymnasium as gym
    if isinstance(space, gym.spaces.Dict):
        return ", ".join(f"{key} {_layout(part)}" for key, part in space.spaces.items())
    if isinstance(space, gym.spaces.Discrete):
        return f"Discrete {int(space.n)}"
    shape = getattr(space, "shape", None) or ()
    return f"{type(space).__name__} {'x'.join(str(n) for n in shape)}"


def check_init_policy(config: TrainConfig) -> Path | None:
    """The checkpoint of ``init_policy`` (None when unset); ConfigError unless it loads
    and fits the config: the training env's observation and action layout, and the
    config's network (every weight of the new model has its counterpart)."""
    if not config.init_policy:
        return None
    import zipfile

    import gymnasium as gym
    from stable_baselines3.common.vec_env import DummyVecEnv

    from agents.policy_load import load_parameters, read_policy
    from agents.ppo_bot import resolve_policy
    from agents.train.environments import env_kwargs
    from agents.train.model import new_model
    label = f"field 'init_policy' ({config.init_policy!r})"
    try:
        path = resolve_policy(config.init_policy)
    except ConfigError as exc:
        raise ConfigError(f"{label}: {exc}") from None
    if not zipfile.is_zipfile(path):
        raise ConfigError(f"{label}: {path} is not a valid .zip checkpoint; give one saved by "
                          f"`hydra-env train`")
    try:                        # as data: nothing in the file is unpickled
        record = read_policy(path)
        params = load_parameters(path, "cpu")
    except ConfigError as exc:
        raise ConfigError(f"{label}: {exc}") from None
    env = gym.make(config.env, **env_kwargs(config, None))
    try:
        for part in ("observation_space", "action_space"):
            theirs, ours = _layout(getattr(record, part)), _layout(getattr(env, part))
            if theirs != ours:
                raise ConfigError(f"{label}: its {part.replace('_', ' ')} ({theirs}) is not "
                                  f"the training env's ({ours}); set env_kwargs and "
                                  f"candidates as the policy was trained with")
        model = new_model(config, DummyVecEnv([lambda: env]), Path("."))
        try:
            model.set_parameters(params, exact_match=True, device="cpu")
        except Exception as exc:  # noqa: BLE001  (a missing key or a shape mismatch)
            lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
            detail = lines[1] if len(lines) > 1 else (lines[0] if lines else type(exc).__name__)
            detail = detail.rstrip(".")
            raise ConfigError(f"{label}: its network does not fit the config's (policy, "
                              f"features_dim, net_arch, activation): {detail}; set them as "
                              f"the policy was trained with") from None
    finally:
        env.close()
    return path
