"""Training on Hydras-v0 (issue 14, item 4): the packaged hydras_ppo config is checked
like the others, `hydra-env train --game hydras` picks it, a tiny run trains, evaluates
and reports the win share, and the win-share match (seats rotated, Wilson interval)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from agents import cli  # noqa: E402
from agents.hydras.match import main as match_main  # noqa: E402
from agents.hydras.match import play_one, wilson, win_share  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.checks import check_config  # noqa: E402
from agents.train.config import DEFAULT_CONFIGS, config_game, load_config  # noqa: E402
from agents.train.selfplay import OpponentPool  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402


def test_hydras_ppo_config_loads_and_passes_the_whole_config_checks() -> None:
    config = load_config("hydras_ppo")
    assert config.env == "hydra_env/Hydras-v0" and config_game(config) == "hydras"
    assert config.policy == "CandidatePolicy" and config.candidates > 0
    assert config.opponents[0] == "heuristic" and config.bc_teacher == "heuristic"
    assert config.env_kwargs["seat"] == "random"
    check_config(config)                     # builds and resets the env, makes the bots
    assert DEFAULT_CONFIGS["hydras"] == "hydras_ppo"


def test_hydras_config_errors_name_the_field() -> None:
    with pytest.raises(ConfigError, match="field 'opponents' is empty: Hydras"):
        load_config("hydras_ppo", ["opponents=[]", "opponent_weights=[]"])
    config = load_config("hydras_ppo", ["opponents=[heuristic, nobody]", "opponent_weights=[]"])
    with pytest.raises(ConfigError, match="field 'opponents' entry 1"):
        check_config(config)


def test_train_game_option_must_match_the_config(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    code = cli.main(["train", "solo_ppo", "--game", "hydras", "--runs-dir", str(tmp_path)])
    assert code == 2
    assert "--game hydras: the config trains on hydra_env/Solo-v0" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_opponent_pool_draws_hydras_bots_per_seat() -> None:
    pool = OpponentPool(["heuristic", "greedy"], [1, 1], game="hydras")
    names = {type(pool.sample(seed)).__name__ for seed in range(20)}
    assert names == {"HydrasHeuristicBot", "HydrasGreedyBot"}


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_win_share_rotates_seats_and_is_reproducible() -> None:
    first = win_share("random", ["random"], games=6, players=3, seed=5)
    again = win_share("random", ["random"], games=6, players=3, seed=5)
    assert first == again
    assert [g["seat"] for g in first["games_played"]] == [0, 1, 2, 0, 1, 2]
    assert first["share"] == pytest.approx(sum(g["share"] for g in first["games_played"]) / 6)
    assert first["low"] <= first["share"] <= first["high"] and first["equal"] == pytest.approx(1 / 3)
    # one game alone is the same game as inside the match
    assert play_one("random", ["random"], 3, 5, 4) == first["games_played"][4]


def test_match_command_prints_the_share_and_its_interval(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    assert match_main(["--agent", "greedy", "--opponents", "random", "--games", "6",
                       "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "win share" in text and "95% interval" in text
    assert json.loads(out.read_text())["n_games"] == 6
    assert match_main(["--agent", "nobody", "--games", "2"]) == 2


def test_tiny_hydras_run_trains_evaluates_and_reports_the_win_share(tmp_path: Path) -> None:
    config = load_config("hydras_ppo", [
        "total_timesteps=128", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
        "bc_games=2", "bc_epochs=1", "bc_workers=1", "eval_freq=64", "eval_games=3",
        "checkpoint_freq=64", "final_eval_games=3", "progress_bar=false"])
    run_dir = trainer.prepare_run(config, tmp_path)
    trainer.train(config, run_dir, workers=1)
    summary = json.loads((run_dir / "eval" / "summary.json").read_text())
    assert summary["n_games"] == 3 and summary["opponents"] == ["heuristic"]
    assert summary["seed"] == config.eval_seed + 1_000_000
    assert summary["evaluated_model"]["model"] in ("best", "final")
    assert 0.0 <= summary["low"] <= summary["share"] <= summary["high"] <= 1.0
    best = json.loads((run_dir / "best.json").read_text())
    assert "eval/win_share" in best
    assert json.loads((run_dir / "status.json").read_text())["state"] == "done"
    assert json.loads((run_dir / "warm_start.json").read_text())["teacher"] == "heuristic"


def test_train_game_hydras_picks_the_hydras_config(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    # A bad env argument makes the checks fail before any run folder: the error shows the
    # config it loaded was the Hydras one.
    code = cli.main(["train", "--game", "hydras", "--set", "env_kwargs.num_players=9",
                     "--runs-dir", str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err
    assert "cannot build hydra_env/Hydras-v0" in err and "num_players" in err
    assert not any(tmp_path.iterdir())
