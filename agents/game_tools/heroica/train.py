"""Heroica's train hooks (read by :mod:`agents.train.game_hooks`).

Solo (``hydra_env/HeroicaSolo-v0``) is a time trial: the periodic evaluation adds
the solo metric, the censored mean turns (spec 4.7: the turn of the win, L + 1
when the hero did not win within the limit L) and the share won within the
limit; the best model is the one of the fewest censored turns (the highest mean
score S = L + 1 − T, which is the same order). Race and Battle keep the generic
win share, with the configured ``opponents`` on the other seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents.train.generic_hooks import game_params, mean_with_interval, win_share_figures, win_share_games

if TYPE_CHECKING:
    from agents.train.config_fields import TrainConfig

GAME = "heroica"
SOLO = "hydra_env/HeroicaSolo-v0"

OPPONENT_ENVS = {"hydra_env/Heroica-v0": "a Heroica race",
                 "hydra_env/HeroicaBattle-v0": "Battle Heroica"}
"""Every seat but the learner's is a configured opponent's."""


def metrics(config: TrainConfig, policy: str) -> dict[str, float]:
    """``eval_games`` games of ``policy`` on the seeds of ``eval_seed``: win share, mean
    score and rank (seats rotated against the first opponent); solo adds
    ``eval/censored_turns_mean`` and ``eval/won_within_limit``."""
    rows = win_share_games(GAME, config, policy, games=config.eval_games, seed=config.eval_seed)
    if config.env != SOLO:
        return win_share_figures(rows)
    limit = int(game_params(GAME, config)["solo_turn_limit"])
    return {**mean_with_interval("eval/censored_turns_mean", [limit + 1 - r["score"] for r in rows]),
            "eval/won_within_limit": sum(r["score"] > 0 for r in rows) / len(rows),
            **win_share_figures(rows)}


def best_metric(figures: dict[str, float]) -> float:
    """Solo (its figures have the censored turns): the mean score, fewer censored turns
    being better; else the win share."""
    solo = "eval/censored_turns_mean" in figures
    return figures["eval/score_mean"] if solo else figures["eval/win_share"]
