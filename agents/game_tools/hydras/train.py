"""Hydras' train hooks (read by :mod:`agents.train.game_hooks`): its packaged config,
the opponents of Hydras-v0, the periodic evaluation, the final report and the
self-play bot. The best model is the one of the highest win share (the generic
``best_metric``).

Both evaluations are :func:`agents.hydras.match.win_share`: the model against the
first of ``opponents``, seats rotated.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agents.train.generic_hooks import first_opponent

if TYPE_CHECKING:
    from agents.train.config_fields import TrainConfig

DEFAULT_CONFIG = "hydras_ppo"
"""The packaged config of ``hydra-env train --game hydras``."""

OPPONENT_ENVS = {"hydra_env/Hydras-v0": "Hydras"}
"""Every seat but the learner's is a configured opponent's."""


def players(config: TrainConfig) -> int:
    """The config's number of players (``env_kwargs.num_players``, default 3)."""
    return int(config.env_kwargs.get("num_players", 3))


def metrics(config: TrainConfig, policy: str) -> dict[str, float]:
    """``eval_games`` games against the first of ``opponents``, seats rotated
    (:func:`agents.hydras.match.win_share`): win share, mean score and rank."""
    from agents.hydras.match import win_share
    out = win_share(policy, [first_opponent(config, "heuristic")], games=config.eval_games,
                    players=players(config), seed=config.eval_seed)
    return {"eval/win_share": out["share"], "eval/win_share_low": out["low"], "eval/win_share_high": out["high"],
            "eval/score_mean": out["score_mean"], "eval/rank_mean": out["rank_mean"]}


def final_report(config: TrainConfig, run_dir: Path, chosen: dict[str, Any], workers: int) -> int:
    """The end-of-run report of a Hydras run: ``final_eval_games`` games of the chosen
    model against the first of ``opponents``, seats rotated
    (:func:`agents.hydras.match.win_share`), on fresh seeds (``eval_seed`` + 1,000,000: not
    the periodic evaluations' games, which chose the best model); ``eval/summary.json``
    and ``eval/games.json``."""
    from agents.hydras.match import win_share
    opponent = first_opponent(config, "heuristic")
    print(f"final report: the {chosen['model']} model at step {chosen['timesteps']} "
          f"({chosen['file']}) against {opponent}, {config.final_eval_games} games")
    summary = win_share(f"ppo:{run_dir / chosen['file']}", [opponent], games=config.final_eval_games,
                        players=players(config), seed=config.eval_seed + 1_000_000, workers=workers)
    out = run_dir / "eval"
    out.mkdir(exist_ok=True)
    (out / "games.json").write_text(json.dumps(summary.pop("games_played")) + "\n")
    summary["evaluated_model"] = chosen
    tmp = out / "summary.partial"
    tmp.write_text(json.dumps(summary, indent=2) + "\n")
    os.replace(tmp, out / "summary.json")
    print(f"win share {summary['share']:.3f} [{summary['low']:.3f}, {summary['high']:.3f}] "
          f"against {opponent} (equal share {summary['equal']:.3f})")
    return 0


def selfplay_bot(path: str, seed: int) -> Any:
    """A frozen past learner: Hydras' policy bot on the checkpoint."""
    from agents.game_tools.hydras.policy import HydrasPPOBot
    return HydrasPPOBot(path, seed=seed)
