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

Mapping fields (``env_kwargs``) are merged, not replaced: the env block's
``env_kwargs`` is laid key by key over the ``default`` block's, and
``--set env_kwargs={stars: 2}`` over both, so the keys a layer does not name
keep their values. A dotted key sets one entry: ``--set env_kwargs.scenario=11``.
A key set to ``null`` is removed (the environment's own default applies):
``--set env_kwargs.reward=null``.

The file must be UTF-8 YAML without duplicated keys (a key given twice in one
mapping is an error, not "the last one wins").
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

import yaml

from hydra_env import ConfigError, arguments

COOP = "hydra_env/Coop-v0"
HYDRAS = "hydra_env/Hydras-v0"
ENVS = ("hydra_env/Solo-v0", COOP, HYDRAS)


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
    """Check (and gently convert) one field's value, or raise ConfigError naming it.

    The checks are :mod:`hydra_env.arguments`' (no bool for a number, no float for
    an integer); YAML's spellings of numbers (``2e6``, ``1e-5`` read as text) are
    taken as the numbers they are first."""
    kind = _TYPES[name]
    label = f"{where}: field {name!r}"
    fix = f"see `hydra-env train --help-fields` ({FIELDS[name].metadata['doc']})"
    if kind in (int, float) and isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        value = float(value)            # PyYAML reads 1e-5 (no dot) as a string (YAML 1.1)
    if kind is bool:
        value = arguments.boolean(label, value, fix=f"write true or false; {fix}")
    elif kind is int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)          # 2e6 in YAML or --set is a float
        value = arguments.integer(label, value, fix=f"write a whole number; {fix}")
    elif kind is float:
        value = arguments.number(label, value, fix=f"write a number; {fix}")
    elif kind is str:
        value = arguments.text(label, "" if value is None else value, empty=True,
                               fix=f"write a text; {fix}")
    elif kind is list:
        if not isinstance(value, list):
            raise ConfigError(f"{label} must be a list, got {arguments.show(value)}; write "
                              f"[a, b, ...]; {fix}")
    elif kind is dict:
        value = arguments.mapping(label, value, fix=f"write {{key: value, ...}}; {fix}")
    choices = FIELDS[name].metadata.get("choices")
    if choices:
        value = arguments.choice(label, value, choices)
    return value


_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _type_word(kind: type) -> str:
    return {bool: "true or false", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a mapping"}[kind]


def _apply(cfg: dict[str, Any], block: Any, where: str) -> None:
    """Lay ``block`` (field → value) over ``cfg``: plain fields are replaced, mapping
    fields merged key by key (``null`` removes a key); ``field.key`` sets one entry."""
    if block is None:
        return
    if not isinstance(block, dict):
        raise ConfigError(f"{where}: expected a mapping of fields, got {type(block).__name__}")
    for key, value in block.items():
        head, dot, path = str(key).partition(".")
        if head not in FIELDS:
            close = [n for n in FIELDS if n.startswith(head[:3])]
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ConfigError(f"{where}: unknown field {key!r}{hint} "
                              f"(known fields: see `hydra-env train --help-fields`)")
        if dot:
            if _TYPES[head] is not dict:
                mappings = [n for n in FIELDS if _TYPES[n] is dict]
                raise ConfigError(f"{where}: {key!r}: a dotted key sets one entry of a mapping "
                                  f"field ({', '.join(mappings)}), and {head!r} is "
                                  f"{_type_word(_TYPES[head])}; write {head}=VALUE")
            parts = path.split(".")
            if not all(parts):
                raise ConfigError(f"{where}: {key!r}: empty part in the dotted key; write "
                                  f"{head}.NAME=VALUE")
            for part in reversed(parts):
                value = {part: value}
        value = _coerce(head, value, where)
        if _TYPES[head] is dict:
            value = _merge(cfg.get(head, FIELDS[head].default_factory()), value)
        cfg[head] = value


def _merge(base: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``update`` laid over ``base`` key by key (nested mappings too); a None value
    removes its key."""
    out = dict(base)
    for key, value in update.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


class _StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a key given twice in one mapping."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                first = seen.get(key)
            except TypeError:            # an unhashable key: PyYAML's own error follows
                break
            if first is not None:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark,
                    f"found the key {key!r} twice (first {first}); give each key once",
                    key_node.start_mark)
            seen[key] = f"at line {key_node.start_mark.line + 1}"
        return super().construct_mapping(node, deep=deep)


def read_yaml(text: str, where: str) -> Any:
    """``text`` parsed as YAML (safe, duplicated keys refused); ConfigError naming ``where``."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{where}: not valid YAML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{where}: not valid YAML: nested too deeply") from None


def read_config_file(path: Path) -> Any:
    """The YAML document of a config file; ConfigError naming the file when it cannot
    be read, is not UTF-8 or is not valid YAML."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"config {path} cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"config {path} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
                          f"offset {exc.start}); save it with the UTF-8 encoding") from None
    return read_yaml(text, str(path))


def parse_override(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line; the value is read as YAML (2e6, true, [1, 2])."""
    if "=" not in text:
        raise ConfigError(f"--set {text!r}: expected key=value, e.g. --set total_timesteps=2e6")
    key, raw = text.split("=", 1)
    key = key.strip()
    try:
        value = yaml.load(raw, Loader=_StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except (yaml.YAMLError, RecursionError) as exc:
        raise ConfigError(f"--set {text!r}: the value is not valid YAML ({exc})") from None
    if isinstance(value, str):
        try:
            value = float(value) if any(c in value for c in ".eE") else int(value)
        except ValueError:
            pass
    return key, value


DEFAULT_CONFIG = "solo_ppo"
"""The packaged config ``hydra-env train`` uses when none is named."""

DEFAULT_CONFIGS = {"hydra": DEFAULT_CONFIG, "hydras": "hydras_ppo"}
"""The packaged config of each game (``hydra-env train --game GAME``)."""


def config_game(config: TrainConfig) -> str:
    """The game a config trains on: ``hydras`` for Hydras-v0, else ``hydra`` (the
    bot registry's game names, :data:`hydra_env.envs.bots.GROUPS`)."""
    return "hydras" if config.env == HYDRAS else "hydra"


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

    Raises ConfigError for a missing, unreadable or non-UTF-8 file, a duplicated
    key, unknown fields and wrong types. What the values lead to (the env they
    build, the bots they name, the device) is checked by
    :func:`agents.train.checks.check_config`.
    """
    cfg: dict[str, Any] = {}
    if path is not None:
        path = find_config(path)
        doc = read_config_file(path)
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
    """Ranges and cross-field checks; ConfigError naming the field and the fix."""
    arguments.integer("field 'features_dim'", c.features_dim, low=0,
                      fix="write 0 (no shared layer) or a layer size such as 256")
    positive = ("total_timesteps", "n_envs", "n_steps", "batch_size", "n_epochs", "eval_games",
                "torch_threads", "keep_checkpoints", "bc_workers", "bc_epochs", "bc_batch_size")
    for name in positive:
        arguments.integer(f"field {name!r}", getattr(c, name), low=1)
    for name in ("eval_freq", "checkpoint_freq", "final_eval_games", "bc_games", "selfplay_refresh",
                 "candidates", "seed", "eval_seed", "bc_chunk_games"):
        arguments.integer(f"field {name!r}", getattr(c, name), low=0,
                          fix="write 0 or a larger whole number")
    arguments.integer("field 'selfplay_pool'", c.selfplay_pool, low=1)
    arguments.choice("field 'env'", c.env, ENVS)
    for name in ("learning_rate", "bc_learning_rate"):
        if getattr(c, name) <= 0:
            raise ConfigError(f"field {name!r} must be a positive number, got {getattr(c, name)}; "
                              f"write e.g. 0.0003")
    for name in ("gamma", "gae_lambda", "selfplay_prob"):
        arguments.number(f"field {name!r}", getattr(c, name), low=0.0, high=1.0)
    for name in ("clip_range", "ent_coef", "vf_coef", "max_grad_norm", "target_kl"):
        arguments.number(f"field {name!r}", getattr(c, name), low=0.0,
                         fix="write 0 or a positive number")
    if not c.name or any(ch in c.name for ch in "/\\:") or c.name.strip() != c.name:
        raise ConfigError(f"field 'name' must be a non-empty name without '/', '\\' or ':' "
                          f"(it becomes part of the run folder's name), got {c.name!r}")
    arguments.text("field 'device'", c.device, fix="write cpu, cuda, cuda:N, mps or auto")
    for i, spec in enumerate(c.opponents):
        arguments.text(f"field 'opponents' entry {i}", spec,
                       fix="write bot specs such as [heuristic, random] (`hydra-env bots` lists them)")
    if c.env in (COOP, HYDRAS) and not c.opponents and "opponents" not in c.env_kwargs:
        game = "the coordinated game" if c.env == COOP else "Hydras"
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
    tmp = path.with_name(f".{path.name}.partial")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)              # a run folder's config.yaml is never half-written
