"""The game parameters a run's evaluations play: the config's env id decides them, its own
defaults included, so the periodic and final evaluations play the games the policy trained on."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")

from agents.train.config import load_config  # noqa: E402
from agents.train.generic_hooks import game_params  # noqa: E402


def test_an_env_ids_own_defaults_are_the_evaluations_parameters() -> None:
    race = load_config(None, ["env=hydra_env/Heroica-v0", "opponents=[random]"])
    params = game_params("heroica", race)
    assert params["mode"] == "race" and params["num_players"] == 2          # the game's default: solo
    battle = load_config(None, ["env=hydra_env/HeroicaBattle-v0", "opponents=[random]"])
    assert game_params("heroica", battle)["mode"] == "battle"


def test_the_configs_env_kwargs_win_over_the_env_ids_defaults() -> None:
    race = load_config(None, ["env=hydra_env/Heroica-v0", "opponents=[random]", "env_kwargs={num_players: 3}"])
    assert game_params("heroica", race)["num_players"] == 3
    hadara = load_config(None, ["env=hydra_env/Hadara-v0", "opponents=[greedy]",
                                "env_kwargs={num_players: 5, reward: score_diff}"])
    assert game_params("hadara", hadara)["num_players"] == 5
