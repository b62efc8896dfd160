"""Hydra's train hooks (read by :mod:`agents.train.game_hooks`): its packaged config,
the coordinated env's opponents, the periodic evaluation, the best model's
metric, the final report and the self-play bot.

Solo-v0 is evaluated on its scenario (default 10), Coop-v0 (default scenario 1)
with the learner rotating over the seats against the first configured opponent.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from agents.backends import GameRecord, GameTask, bot_seed, game_seed, run_games
from agents.train.generic_hooks import exit_code_of, first_opponent, mean_with_interval, record_evaluated_model
from hydra_env.api.registry import game_spec

if TYPE_CHECKING:
    from agents.train.config_fields import TrainConfig

GAME = "hydra"
SOLO, COOP = "hydra_env/Solo-v0", "hydra_env/Coop-v0"

DEFAULT_CONFIG = "solo_ppo"
"""The packaged config of ``hydra-env train --game hydra``."""

OPPONENT_ENVS = {COOP: "the coordinated game"}
"""Coop-v0's other seats are the configured opponents' (Solo-v0 has none)."""


def scenario_and_stars(config: TrainConfig) -> tuple[int, int]:
    """The config's scenario (default 10 solo, 1 coordinated) and stars (default 1)."""
    kwargs = config.env_kwargs
    solo = config.env != COOP
    return int(kwargs.get("scenario", 10 if solo else 1)), int(kwargs.get("stars", 1))


def eval_tasks(config: TrainConfig, spec: str, games: int, seed: int) -> list[GameTask]:
    """Evaluation games: solo on fixed seeds; coordinated with the learner rotating
    over the seats against the first configured opponent."""
    scenario, stars = scenario_and_stars(config)
    game = game_spec(GAME)
    params = game.check_params({"scenario": scenario, "stars": stars})
    players = game.num_players(**params)
    tasks = []
    for i in range(games):
        specs = [first_opponent(config, "heuristic")] * players
        specs[i % players] = spec
        tasks.append(GameTask(i, GAME, params, game_seed(seed, i), tuple(specs),
                              tuple(bot_seed(seed, i, s) for s in range(players))))
    return tasks


def eval_metrics(tasks: list[GameTask], records: list[GameRecord], learner: str) -> dict[str, float]:
    """Rates and means of an evaluation, named as logged (``eval/...``)."""
    n = len(records)
    won = [r.result["outcome"] == "won" for r in records]
    if records and records[0].result["mode"] == "solo":
        scores = [r.result["score"] or 0 for r in records]
        won_scores = [s for s, w in zip(scores, won) if w]
        return {**mean_with_interval("eval/solo_score_mean", [float(s) for s in scores]),
                "eval/solo_win_rate": sum(won) / n,
                "eval/solo_won_score_mean": sum(won_scores) / max(1, len(won_scores))}
    seats = [t.specs.index(learner) for t in tasks]
    epic = sum(r.result["epic_hero"] == s for r, s in zip(records, seats))
    tragic = sum(r.result["tragic_hero"] == s for r, s in zip(records, seats))
    return {"eval/epic_hero_rate": epic / n, "eval/tragic_hero_rate": tragic / n,
            "eval/city_saved_rate": sum(won) / n}


def metrics(config: TrainConfig, policy: str) -> dict[str, float]:
    """``eval_games`` games of ``policy`` on the seeds of ``eval_seed`` (:func:`eval_tasks`)."""
    tasks = eval_tasks(config, policy, config.eval_games, config.eval_seed)
    return eval_metrics(tasks, run_games(tasks, workers=1), policy)


def best_metric(figures: dict[str, float]) -> float:
    """Solo: the expected score; coordinated: epic − tragic rate plus half the
    city-saved rate."""
    if "eval/solo_score_mean" in figures:
        return figures["eval/solo_score_mean"]
    return (figures["eval/epic_hero_rate"] - figures["eval/tragic_hero_rate"]
            + 0.5 * figures["eval/city_saved_rate"])


def final_report(config: TrainConfig, run_dir: Path, chosen: dict[str, Any], workers: int) -> int:
    """``final_eval_games`` games of the chosen model by ``hydra-env evaluate``'s code
    (:func:`agents.evaluate.evaluate_games`) on the seeds of ``eval_seed``: solo, or
    coordinated with the model on seat 0 and the first opponent on the others."""
    from agents.evaluate import evaluate_games
    scenario, stars = scenario_and_stars(config)
    spec = f"ppo:{run_dir / chosen['file']}"
    agents: str | list[str] = spec
    if config.env == COOP:
        players = game_spec(GAME).num_players(scenario=scenario, stars=stars)
        agents = [spec] + [first_opponent(config, "heuristic")] * (players - 1)
    print(f"final report: the {chosen['model']} model at step {chosen['timesteps']} "
          f"({chosen['file']})")
    out = run_dir / "eval"
    code = exit_code_of(lambda: evaluate_games(
        GAME, agents, params={"scenario": scenario, "stars": stars},
        games=config.final_eval_games, seed=config.eval_seed, out=out, workers=workers,
        force=True))
    if code == 0 and (out / "summary.json").is_file():
        record_evaluated_model(out / "summary.json", chosen)
    return code


def selfplay_bot(path: str, seed: int) -> Any:
    """A frozen past learner: Hydra's policy bot on the checkpoint."""
    from agents.game_tools.hydra.policy import PPOBot
    return PPOBot(path, seed=seed)
