"""Training configuration: one dataclass whose every field carries its doc.

A config file is YAML in the style of rl-baselines3-zoo: a ``default`` block
and one block per environment id; the block of the file's ``env`` (given in
``default`` or on the command line) is laid over ``default``::

    default:
      env: hydra_env/Solo-v0
      seed: 0
    hydra_env/Solo-v0:
      env_kwargs: {scenario: 10, reward: shaped}
      total_timesteps: 2000000

Every field below may appear in either block and be overridden on the
command line (``--set total_timesteps=2e6``). An unknown field or a value of
the wrong type is an error that names the field and what it expects.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

import yaml

from hydra_env import ConfigError


def _f(default: Any, doc: str, **kw: Any) -> Any:
    if isinstance(default, (list, dict)):
        return field(default_factory=lambda d=default: type(d)(d), metadata={"doc": doc, **kw})
    return field(default=default, metadata={"doc": doc, **kw})


@dataclass
class TrainConfig:
    """Everything a training run needs; see each field's ``doc`` metadata."""

    env: str = _f("hydra_env/Solo-v0", "Gymnasium id to train on: hydra_env/Solo-v0 or hydra_env/Coop-v0")
    name: str = _f("ppo", "experiment name, part of the run folder's name")
    seed: int = _f(0, "seed of the policy, the environments and the evaluations")
    total_timesteps: int = _f(1_000_000, "environment steps to train for (the learning seat's decisions)")
    n_envs: int = _f(4, "parallel environments")
    vec_env: str = _f("dummy", "vector env: 'dummy' (one process) or 'subproc' (one process per env)",
                      choices=("dummy", "subproc"))
    env_kwargs: dict = _f({}, "keyword arguments of the environment (scenario, stars, reward, ...)")
    policy: str = _f("MultiInputPolicy", "policy class: MultiInputPolicy (Dict observation), "
                     "MlpPolicy (flat observation) or CandidatePolicy (scores each legal action "
                     "from its after-state; needs candidates > 0)",
                     choices=("MultiInputPolicy", "MlpPolicy", "CandidatePolicy"))
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
    opponents: list = _f(["heuristic"], "Coop-v0: scripted opponents sampled per episode, by bot name")
    opponent_weights: list = _f([], "Coop-v0: sampling weights of `opponents` (empty: uniform)")
    selfplay_prob: float = _f(0.0, "Coop-v0: chance that an opponent seat is a frozen past checkpoint")
    selfplay_pool: int = _f(5, "Coop-v0: frozen checkpoints kept in the self-play pool")
    selfplay_refresh: int = _f(100_000, "Coop-v0: environment steps between adding the learner to the pool")
    bc_teacher: str = _f("", "warm start: imitate this bot before PPO ('' : none)")
    bc_games: int = _f(0, "warm start: games played by the teacher to collect decisions")
    bc_epochs: int = _f(10, "warm start: passes over the teacher's decisions")
    bc_workers: int = _f(2, "warm start: processes playing the teacher's games (the data do not "
                         "depend on it; they are cached under runs/bc_cache/)")
    bc_batch_size: int = _f(256, "warm start: minibatch size")
    bc_learning_rate: float = _f(1e-3, "warm start: learning rate")
    progress_bar: bool = _f(True, "show a progress bar with steps/s and ETA")

    def to_dict(self) -> dict[str, Any]:
        """The resolved config as a plain dict."""
        return dataclasses.asdict(self)


FIELDS = {f.name: f for f in dataclasses.fields(TrainConfig)}
_TYPES = get_type_hints(TrainConfig)


def field_docs() -> dict[str, str]:
    """Field name → one-line documentation (for --help and the docs)."""
    return {name: f.metadata["doc"] for name, f in FIELDS.items()}


def _coerce(name: str, value: Any, where: str) -> Any:
    """Check (and gently convert) one field's value, or raise ConfigError naming it."""
    kind = _TYPES[name]
    bad = ConfigError(f"{where}: field {name!r} must be {_type_word(kind)}, got {value!r} "
                      f"({FIELDS[name].metadata['doc']})")
    if kind in (int, float) and isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        value = float(value)            # PyYAML reads 1e-5 (no dot) as a string (YAML 1.1)
    if kind is bool:
        if not isinstance(value, bool):
            raise bad
    elif kind is int:
        if isinstance(value, bool):
            raise bad
        if isinstance(value, float) and value.is_integer():
            value = int(value)          # 2e6 in YAML or --set is a float
        if not isinstance(value, int):
            raise bad
    elif kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise bad
        value = float(value)
    elif kind is str:
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise bad
    elif kind is list:
        if not isinstance(value, list):
            raise bad
    elif kind is dict:
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise bad
    choices = FIELDS[name].metadata.get("choices")
    if choices and value not in choices:
        raise ConfigError(f"{where}: field {name!r} must be one of {list(choices)}, got {value!r}")
    return value


_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _type_word(kind: type) -> str:
    return {bool: "true or false", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a mapping"}[kind]


def _apply(cfg: dict[str, Any], block: Any, where: str) -> None:
    if block is None:
        return
    if not isinstance(block, dict):
        raise ConfigError(f"{where}: expected a mapping of fields, got {type(block).__name__}")
    for key, value in block.items():
        if key not in FIELDS:
            close = [n for n in FIELDS if n.startswith(str(key)[:3])]
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ConfigError(f"{where}: unknown field {key!r}{hint} "
                              f"(known fields: see `hydra-env train --help-fields`)")
        cfg[key] = _coerce(key, value, where)


def parse_override(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line; the value is read as YAML (2e6, true, [1, 2])."""
    if "=" not in text:
        raise ConfigError(f"--set {text!r}: expected key=value, e.g. --set total_timesteps=2e6")
    key, raw = text.split("=", 1)
    key = key.strip()
    try:
        value = yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        raise ConfigError(f"--set {text!r}: the value is not valid YAML ({exc})") from None
    if isinstance(value, str):
        try:
            value = float(value) if any(c in value for c in ".eE") else int(value)
        except ValueError:
            pass
    return key, value


DEFAULT_CONFIG = "solo_ppo"
"""The packaged config ``hydra-env train`` uses when none is named."""


def config_dir() -> Path:
    """The folder of the packaged configs: ``agents/configs`` in an installed wheel
    (pyproject.toml installs the repository's ``configs/`` there), the repository's
    ``configs/`` in a source checkout or an editable install."""
    installed = Path(__file__).resolve().parents[1] / "configs"
    return installed if installed.is_dir() else Path(__file__).resolve().parents[2] / "configs"


def packaged_configs() -> list[str]:
    """The names of the packaged configs (``hydra-env train NAME``)."""
    return sorted(p.stem for p in config_dir().glob("*.yaml"))


def find_config(spec: str | Path) -> Path:
    """The config file of ``spec``: a path to a YAML file, or the name of a packaged
    config (``coop_ppo``, also ``coop_ppo.yaml``). ConfigError listing the packaged
    names when it is neither."""
    path = Path(spec)
    if path.is_file():
        return path
    if path.name == str(spec) and path.suffix in ("", ".yaml", ".yml"):
        packaged = config_dir() / f"{path.stem}.yaml"
        if packaged.is_file():
            return packaged
    if path.is_dir():
        raise ConfigError(f"config {str(spec)!r} is a folder; give a YAML file or a packaged config")
    raise ConfigError(f"config {str(spec)!r} not found: give the path of a YAML file or the name of "
                      f"a packaged config: {', '.join(packaged_configs()) or 'none packaged'}")


def load_config(path: str | Path | None, overrides: list[str] | None = None,
                env: str | None = None) -> TrainConfig:
    """Read a config file (a path or a packaged name, see :func:`find_config`), lay
    the env block over ``default``, apply overrides.

    Raises ConfigError for a missing or unreadable file, unknown fields, wrong
    types and an env id without a block of its own (when the file has env
    blocks at all).
    """
    cfg: dict[str, Any] = {}
    if path is not None:
        path = find_config(path)
        try:
            doc = yaml.safe_load(path.read_text())
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: not valid YAML: {exc}") from None
        if not isinstance(doc, dict):
            raise ConfigError(f"{path}: expected a mapping with a 'default' block and env blocks")
        unknown = [k for k in doc if k != "default" and "/" not in str(k)]
        if unknown:
            raise ConfigError(f"{path}: top-level keys must be 'default' or env ids like "
                              f"hydra_env/Solo-v0, got {unknown}")
        _apply(cfg, doc.get("default"), f"{path} [default]")
        overrides_env = [o for o in overrides or [] if o.split("=", 1)[0].strip() == "env"]
        env_id = env or (parse_override(overrides_env[-1])[1] if overrides_env else None) \
            or cfg.get("env", TrainConfig.env)
        _apply(cfg, doc.get(env_id), f"{path} [{env_id}]")
        cfg["env"] = env_id
    for text in overrides or []:
        key, value = parse_override(text)
        _apply(cfg, {key: value}, f"--set {text}")
    config = TrainConfig(**cfg)
    validate(config)
    return config


def validate(c: TrainConfig) -> None:
    """Cross-field checks; ConfigError naming the field."""
    if c.features_dim < 0:
        raise ConfigError(f"field 'features_dim' must be 0 or more, got {c.features_dim}")
    positive = ("total_timesteps", "n_envs", "n_steps", "batch_size", "n_epochs", "eval_games",
                "torch_threads", "keep_checkpoints", "bc_workers")
    for name in positive:
        if getattr(c, name) < 1:
            raise ConfigError(f"field {name!r} must be at least 1, got {getattr(c, name)}")
    for name in ("eval_freq", "checkpoint_freq", "final_eval_games", "bc_games", "selfplay_refresh"):
        if getattr(c, name) < 0:
            raise ConfigError(f"field {name!r} must be 0 or more, got {getattr(c, name)}")
    if c.env not in ("hydra_env/Solo-v0", "hydra_env/Coop-v0"):
        raise ConfigError(f"field 'env' must be hydra_env/Solo-v0 or hydra_env/Coop-v0, got {c.env!r}")
    if not 0.0 <= c.selfplay_prob <= 1.0:
        raise ConfigError(f"field 'selfplay_prob' must lie in [0, 1], got {c.selfplay_prob}")
    if c.opponent_weights and len(c.opponent_weights) != len(c.opponents):
        raise ConfigError("field 'opponent_weights' must have one weight per entry of 'opponents'")
    if not all(isinstance(x, int) and x > 0 for x in c.net_arch):
        raise ConfigError(f"field 'net_arch' must be a list of positive integers, got {c.net_arch}")
    if c.policy == "CandidatePolicy" and c.candidates < 1:
        raise ConfigError("field 'candidates' must be at least 1 with policy CandidatePolicy "
                          "(about 160 covers every legal action)")
    if c.bc_games and not c.bc_teacher:
        raise ConfigError("field 'bc_games' is set but 'bc_teacher' is empty: name the bot to imitate")


def dump_config(config: TrainConfig, path: Path) -> None:
    """Write the resolved config as a loadable config file (every field in its
    ``default`` block, each with its doc as a comment)."""
    lines = ["# resolved training config: `hydra-env train THIS_FILE` repeats the run", "default:"]
    for name, value in config.to_dict().items():
        lines.append(f"  # {FIELDS[name].metadata['doc']}")
        text = json.dumps(value)                             # JSON is YAML, but
        if isinstance(value, float) and _NUMBER.fullmatch(text) and "." not in text \
                and "e" in text:
            text = text.replace("e", ".0e", 1)               # 3e-05 → 3.0e-05 (YAML 1.1 float)
        lines.append(f"  {name}: {text}")
    path.write_text("\n".join(lines) + "\n")
