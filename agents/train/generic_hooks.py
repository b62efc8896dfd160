"""The generic defaults of the train hooks (:mod:`agents.train.game_hooks`), for any game.

* :func:`win_share_metrics`: the periodic evaluation, ``eval_games`` games of the
  policy against the first of ``opponents`` (``random`` when there is none), the
  policy's seat rotated (game ``i``: seat ``i mod players``), on the seeds of
  ``eval_seed`` (:func:`agents.backends.game_seed`); a win counts 1, a win shared
  by ``k`` seats ``1/k``.
* :func:`evaluate_report`: the final report by the generic ``hydra-env evaluate``
  (:func:`agents.evaluate.evaluate_games`) of the chosen model against the first
  of ``opponents``, into ``run_dir/eval``.

The helpers :func:`game_params`, :func:`record_evaluated_model` and
:func:`exit_code_of` serve the games' own hooks too.
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agents.stats import wilson_interval
from hydra_env.api.registry import game_spec

if TYPE_CHECKING:
    from agents.train.config_fields import TrainConfig

COMMAND = "hydra-env evaluate"


def game_params(game: str, config: TrainConfig) -> dict[str, Any]:
    """The parameters of the games the config's env plays: the game's parameters in its
    ``env_kwargs`` (the other keys are the env's own: reward, candidates ...) over the env
    id's own defaults (``hydra_env/Heroica-v0`` is a race of 2 where the game's default is
    solo), the others at the game's defaults; checked."""
    spec = game_spec(game)
    names = {p.name for p in spec.params}
    played = {k: v for k, v in {**_env_id_params(config), **config.env_kwargs}.items() if k in names}
    return spec.check_params(played)


def _env_id_params(config: TrainConfig) -> dict[str, Any]:
    """The game parameters an env of the config's id plays with its kwargs (``{}`` for an env
    that does not say: only the generic GameEnv and its subclasses keep ``params``)."""
    import gymnasium as gym

    from hydra_env.envs.policy_env import env_args_from_training_config
    _, kwargs = env_args_from_training_config(config.to_dict())     # the env without its opponent pool
    env = gym.make(config.env, **kwargs)
    try:
        return dict(getattr(env.unwrapped, "params", None) or {})
    finally:
        env.close()


def first_opponent(config: TrainConfig, default: str = "random") -> str:
    """The first of the config's ``opponents`` (``default`` when there is none)."""
    return config.opponents[0] if config.opponents else default


def win_share_games(game: str, config: TrainConfig, policy: str, *, games: int,
                    seed: int, workers: int = 1) -> list[dict[str, float]]:
    """Per game of the policy against the first opponent, seats rotated (module
    docstring): the policy's ``seat``, its ``share`` of the win, whether its seat ``won`` (a
    team's win counts whole for each member), ``score`` and ``rank``."""
    from agents.backends import GameTask, bot_seed, game_seed, run_games
    params = game_params(game, config)
    players = game_spec(game).num_players(**params)
    opponent = first_opponent(config)
    tasks = []
    for i in range(games):
        specs = [opponent] * players
        specs[i % players] = policy
        tasks.append(GameTask(i, game, params, game_seed(seed, i), tuple(specs),
                              tuple(bot_seed(seed, i, s) for s in range(players))))
    rows = []
    for task, record in zip(tasks, run_games(tasks, workers=workers)):
        seat, result = task.index % players, record.result
        winners = list(result.get("winners") or [])
        rows.append({"seat": seat, "share": 1.0 / len(winners) if seat in winners else 0.0,
                     "won": float(seat in winners), "score": float(result["scores"][seat]),
                     "rank": float(result["ranks"][seat])})
    return rows


def mean_with_interval(name: str, values: list[float]) -> dict[str, float]:
    """``{name: mean, name_low: ..., name_high: ...}``: the mean of ``values`` and its 95%
    normal interval (mean ± 1.96 standard errors), the figures the evaluation lines print
    as ``score_mean 71.050 [69.2, 72.9]``."""
    n = len(values)
    mean = sum(values) / n
    half = 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    return {name: mean, f"{name}_low": mean - half, f"{name}_high": mean + half}


def share_with_interval(name: str, shares: list[float]) -> dict[str, float]:
    """``{name: mean, name_low: ..., name_high: ...}``: the mean of win ``shares`` (each 0 … 1, a
    shared win a fraction) and its 95% Wilson interval, which stays inside [0, 1] (a normal
    interval gives [0, 0] for no win in 200 games, and passes 1 near a clean sweep)."""
    low, high = wilson_interval(sum(shares), len(shares))
    return {name: sum(shares) / len(shares), f"{name}_low": low, f"{name}_high": high}


def win_share_figures(rows: list[dict[str, float]]) -> dict[str, float]:
    """``eval/win_share`` and ``eval/win_rate`` (Wilson intervals), ``eval/score_mean`` (normal
    interval) and ``eval/rank_mean``, of :func:`win_share_games` rows. The share splits a
    shared win among its winners; the rate counts a game the policy's seat won, with its team
    or alone, as one (the two are equal where a game has one winner)."""
    won = [r.get("won", float(r["share"] > 0)) for r in rows]
    return {**share_with_interval("eval/win_share", [r["share"] for r in rows]),
            **share_with_interval("eval/win_rate", won),
            **mean_with_interval("eval/score_mean", [r["score"] for r in rows]),
            "eval/rank_mean": sum(r["rank"] for r in rows) / len(rows)}


def win_share_metrics(game: str, config: TrainConfig, policy: str) -> dict[str, float]:
    """``eval/win_share`` and ``eval/score_mean`` (with their 95% intervals, ``_low`` and
    ``_high``) and ``eval/rank_mean`` of ``eval_games`` games on the seeds of ``eval_seed``
    (module docstring)."""
    return win_share_figures(win_share_games(game, config, policy, games=config.eval_games,
                                             seed=config.eval_seed))


def record_evaluated_model(summary_file: Path, chosen: dict[str, Any]) -> None:
    """Add ``evaluated_model`` (which model the report evaluated) to a report's
    ``summary.json``, atomically."""
    summary = json.loads(summary_file.read_text())
    summary["evaluated_model"] = chosen
    tmp = summary_file.with_suffix(".partial")
    tmp.write_text(json.dumps(summary, indent=2) + "\n")
    os.replace(tmp, summary_file)


def exit_code_of(call: Callable[[], Any]) -> int:
    """Run ``call`` as ``hydra-env evaluate`` would: 0 when it returns; its error
    printed and 2 (a bad argument), 1 (a failed game, a file not written) or 130
    (interrupted), as the command line's exit codes."""
    from agents.backends import GameError
    from agents.outputs import UsageError
    from hydra_env.errors import HydraError
    try:
        call()
    except (UsageError, HydraError) as exc:
        print(f"{COMMAND}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except (GameError, OSError) as exc:
        print(f"{COMMAND}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{COMMAND}: interrupted; nothing written", file=sys.stderr)
        return 130
    return 0


def evaluate_report(game: str, config: TrainConfig, run_dir: Path, chosen: dict[str, Any],
                    workers: int) -> int:
    """The final report: ``final_eval_games`` games of the chosen model against the
    first of ``opponents`` (``random`` when none), on the seeds of ``eval_seed``, by
    :func:`agents.evaluate.evaluate_games` into ``run_dir/eval`` (games.csv,
    summary.json with ``evaluated_model``, scores.png); the exit code."""
    from agents.evaluate import evaluate_games
    print(f"final report: the {chosen['model']} model at step {chosen['timesteps']} "
          f"({chosen['file']})")
    out = run_dir / "eval"
    code = exit_code_of(lambda: evaluate_games(
        game, f"ppo:{run_dir / chosen['file']}", params=game_params(game, config),
        opponents=[first_opponent(config)], games=config.final_eval_games,
        seed=config.eval_seed, out=out, workers=workers, force=True))
    if code == 0 and (out / "summary.json").is_file():
        record_evaluated_model(out / "summary.json", chosen)
    return code
