"""The warm starts of a training run, before PPO: imitating a scripted teacher
(``bc_teacher``), or beginning from a trained policy's weights (``init_policy``).

Each writes ``warm_start.json`` in the run folder (the provenance of an exported
policy copies it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.train.config import TrainConfig, config_game
from hydra_env import ConfigError
from hydra_env.errors import HydraError


def bc_cache_path(config: TrainConfig, runs_dir: Path) -> Path:
    """Where the teacher's episodes for this config are cached: they depend on the
    game (env, scenario, opponents ..., its data files and its code: a re-tuned component
    file or a changed rule or scripted bot makes a new cache), the teacher, the count and
    the seed, not on the observation format or the network."""
    from agents.train.config import config_game
    from hydra_env.api.data_digest import game_source_digest
    game_kwargs = {k: v for k, v in config.env_kwargs.items()
                   if k not in ("flatten", "candidates", "reward", "loss_penalty",
                                "shaping_scale", "shaping_gamma", "team_weight")}
    key = json.dumps([config.env, game_kwargs, config.opponents, config.bc_teacher,
                      config.bc_games, config.seed, game_source_digest(config_game(config))], sort_keys=True)
    return runs_dir / "bc_cache" / (hashlib.sha256(key.encode()).hexdigest()[:16] + ".json")


def imitate_teacher(model: Any, config: TrainConfig, run_dir: Path,
                    make_env: Callable[[], Any]) -> None:
    """Imitation warm start: ``bc_games`` games of ``bc_teacher`` (cached under
    ``runs/bc_cache/``, :func:`bc_cache_path`), replayed in ``make_env``'s env (all kept in
    memory, or with ``bc_chunk_games`` replayed in every epoch that many games at a time)
    and fitted for ``bc_epochs``; the figures go to ``warm_start.json`` and TensorBoard, and the
    imitating model, before any PPO step, to ``warm_start.zip`` (so what PPO added can
    be measured: ``hydra-env evaluate --agent ppo:RUN/warm_start.zip``)."""
    from agents.train import bc
    cache = bc_cache_path(config, run_dir.parent)
    episodes = bc.load_episodes(cache)
    if episodes is None:
        episodes = bc.play_teacher(make_env, config.bc_teacher, config.bc_games,
                                   config.seed + 7_000_000, workers=config.bc_workers,
                                   game=config_game(config))
        bc.save_episodes(cache, episodes)
    source: bc.MemoryData | bc.ReplayStream
    try:
        if config.bc_chunk_games:
            source = bc.ReplayStream(make_env, episodes, config.gamma, config.bc_chunk_games)
            source.check()
        else:
            source = bc.MemoryData(bc.replay(make_env, episodes, config.gamma))
    except HydraError as exc:            # e.g. an action that is not legal in this env
        raise ConfigError(f"imitation cache {cache} does not replay in {config.env} ({exc}); "
                          f"delete it and run again (the teacher's games are then played "
                          f"again)") from None
    # bc/loss and bc/accuracy per epoch in their own TensorBoard run (tb/imitation, step =
    # epoch), apart from PPO's env-step axis (agents.train.tb_log).
    from agents.train.tb_log import imitation_logger
    logger = imitation_logger(run_dir)
    stats = bc.pretrain(model, source, epochs=config.bc_epochs, batch_size=config.bc_batch_size,
                        learning_rate=config.bc_learning_rate, seed=config.seed, logger=logger,
                        focal_gamma=config.bc_focal_gamma)
    logger.close()
    print(f"warm start: {len(source)} decisions of {config.bc_teacher}, "
          f"loss {stats['bc/loss']:.3f}, accuracy {stats['bc/accuracy']:.1%}")
    rounds = _dagger(model, config, make_env, source) if config.dagger_rounds else []
    from agents.outputs import atomic_write_text
    from agents.train.callbacks import save_atomic
    save_atomic(model, run_dir / "warm_start.zip")
    atomic_write_text(run_dir / "warm_start.json", json.dumps(
        {"teacher": config.bc_teacher, **teacher_policy(config), "games": config.bc_games,
         "decisions": len(source), **stats, **({"dagger": rounds} if rounds else {})}, indent=2))


def _dagger(model: Any, config: TrainConfig, make_env: Callable[[], Any], source: Any) -> list[dict]:
    """The DAgger rounds (:mod:`agents.train.dagger`) on top of the teacher's decisions."""
    from agents.train import bc, dagger

    def fit(data: Any, epochs: int) -> dict[str, float]:
        return bc.pretrain(model, data, epochs=epochs, batch_size=config.bc_batch_size,
                           learning_rate=config.bc_learning_rate, seed=config.seed,
                           focal_gamma=config.bc_focal_gamma)
    return dagger.run_rounds(model, config, config_game(config), make_env, source, fit)


def teacher_policy(config: TrainConfig) -> dict[str, str]:
    """``teacher_file`` and ``teacher_sha256`` of the trained policy inside ``bc_teacher``
    (``ppo:NAME``, ``ppo-search:NAME,...``), so that a policy's provenance pins the
    teacher it imitated; empty for a scripted teacher."""
    from hydra_env.envs.bots import make_bot
    bot = make_bot(config.bc_teacher, game=config_game(config), seed=0)
    path = getattr(bot, "path", None)       # PPOBot, PPOSearchBot: the policy's checkpoint
    if not isinstance(path, Path) or not path.is_file():
        return {}
    return {"teacher_file": path.name, "teacher_sha256": file_sha256(path)}


def file_sha256(path: Path) -> str:
    """The hex sha256 of a file's bytes (a policy's digest in ``warm_start.json``)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def init_from_policy(model: Any, config: TrainConfig, run_dir: Path) -> None:
    """Begin from ``init_policy``'s weights (policy and optimizer; checked to fit by
    :func:`agents.train.checks.check_init_policy` before the run folder was made), and
    record its file and digest in ``warm_start.json``."""
    from agents.policy_load import load_parameters
    from agents.ppo_bot import resolve_policy
    path = resolve_policy(config.init_policy)
    # The weights as plain tensors (weights_only): nothing in the file is unpickled.
    model.set_parameters(load_parameters(path, config.device), exact_match=True, device=config.device)
    digest = file_sha256(path)
    from agents.outputs import atomic_write_text
    atomic_write_text(run_dir / "warm_start.json", json.dumps(
        {"init_policy": config.init_policy, "file": path.name, "sha256": digest}, indent=2))
    print(f"warm start: the weights of {config.init_policy} ({path.name}, sha256 {digest[:12]})")
