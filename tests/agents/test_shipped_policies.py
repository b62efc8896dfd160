"""The policies shipped in agents/policies/ (issue 6, item 6): they load by name,
play whole games with legal actions only, and carry the command and config that
produced them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

pytest.importorskip("sb3_contrib")

from helpers.paths import ROOT  # noqa: E402

from agents.backends import GameTask, play_game  # noqa: E402
from agents.ppo_bot import POLICY_DIR, PPOBot, shipped_policies  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.warm_start import file_sha256  # noqa: E402

SHIPPED = {"solo-default": ("configs/solo_default_policy.yaml", 10, 1),
           "solo-from-search": ("configs/solo_from_search_policy.yaml", 10, 1),
           "solo-from-search-long": ("configs/solo_from_search_long_policy.yaml", 10, 1),
           "coop-default": ("configs/coop_default_policy.yaml", 1, 4),
           "coop-league": ("configs/coop_league_policy.yaml", 1, 4)}


def test_the_policies_are_shipped_with_the_package() -> None:
    assert set(SHIPPED) <= set(shipped_policies())
    for name in SHIPPED:
        size = (POLICY_DIR / f"{name}.zip").stat().st_size
        assert 10_000 < size < 8_000_000, f"{name}.zip is {size} bytes"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_policy_records_its_command_and_config(name: str, tmp_path: Path) -> None:
    config_file, _, _ = SHIPPED[name]
    recorded = yaml.safe_load((POLICY_DIR / f"{name}.yaml").read_text())
    assert f"hydra-env train {config_file}" in recorded["command"]
    # The recorded resolved config is the one the config file gives today.
    (tmp_path / "recorded.yaml").write_text(yaml.safe_dump(recorded["config"]))
    got = load_config(tmp_path / "recorded.yaml", [])
    expected = load_config(ROOT / config_file, [])
    for key in ("policy", "candidates", "net_arch", "features_dim", "env_kwargs", "opponents",
                "opponent_weights", "selfplay_prob", "selfplay_pool", "selfplay_refresh",
                "init_policy", "bc_teacher", "bc_games", "learning_rate", "total_timesteps",
                "seed"):
        assert getattr(got, key) == getattr(expected, key), key
    assert recorded["final_report"]["n_games"] > 0


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_policy_plays_a_whole_game_legally(name: str) -> None:
    _, scenario, players = SHIPPED[name]
    specs = (f"ppo:{name}",) + ("heuristic",) * (players - 1)
    record = play_game(GameTask(index=0, game="hydra", params={"scenario": scenario, "stars": 1}, seed=3, specs=specs,
                                bot_seeds=tuple(range(players))))
    # play_game raises GameError on any illegal choice; the game reached its end.
    assert record.result["outcome"] in ("won", "lost")


@pytest.mark.parametrize("name", ["solo-default", "solo-from-search", "solo-from-search-long"])
def test_shipped_solo_policy_is_deterministic(name: str) -> None:
    def play() -> list[int]:
        record = play_game(GameTask(index=0, game="hydra", params={"scenario": 10, "stars": 1}, seed=11,
                                    specs=(f"ppo:{name}",), bot_seeds=(0,), record=True))
        return record.decisions or []
    first, second = play(), play()
    assert first and first == second


def test_league_policy_began_from_the_shipped_coop_default() -> None:
    """coop-league's warm start is the coop-default.zip shipped today (its digest), so
    its one command still reproduces it."""
    recorded = yaml.safe_load((POLICY_DIR / "coop-league.yaml").read_text())
    digest = file_sha256(POLICY_DIR / "coop-default.zip")
    assert recorded["config"]["default"]["init_policy"] == "coop-default"
    assert recorded["warm_start"]["sha256"] == digest


@pytest.mark.parametrize(("name", "games"), [("solo-from-search", 4000),
                                             ("solo-from-search-long", 8000)])
def test_search_imitating_policy_recorded_its_teacher_and_warm_start(name: str, games: int) -> None:
    """The solo-from-search policies imitated ppo-search over the shipped solo-default
    (which must therefore stay shipped), on the recorded number of games, before PPO."""
    recorded = yaml.safe_load((POLICY_DIR / f"{name}.yaml").read_text())
    assert recorded["config"]["default"]["bc_teacher"] == "ppo-search:solo-default"
    assert recorded["warm_start"]["teacher"] == "ppo-search:solo-default"
    assert recorded["warm_start"]["games"] == games and recorded["warm_start"]["decisions"] > games
    assert "solo-default" in shipped_policies()


def test_long_search_imitating_policy_imitated_the_shipped_solo_default() -> None:
    """solo-from-search-long's teacher ran on the solo-default.zip shipped today (its
    digest), so its one command still plays the same teacher games."""
    recorded = yaml.safe_load((POLICY_DIR / "solo-from-search-long.yaml").read_text())
    digest = file_sha256(POLICY_DIR / "solo-default.zip")
    assert recorded["warm_start"]["teacher_file"] == "solo-default.zip"
    assert recorded["warm_start"]["teacher_sha256"] == digest


def test_shipped_policy_by_path_equals_by_name() -> None:
    by_name = PPOBot("solo-default")
    by_path = PPOBot(str(POLICY_DIR / "solo-default.zip"))
    assert by_name.path == by_path.path


@pytest.mark.parametrize("deterministic", [True, False], ids=["most-probable", "sampled"])
def test_the_policy_bots_predict_plays_what_model_predict_plays(deterministic: bool) -> None:
    import torch

    import hydra_env
    from hydra_env.envs.bots import make_bot
    spec = hydra_env.game_spec("heroica")
    bot = make_bot("ppo:heroica-solo", game="heroica", seed=0, deterministic=deterministic)
    positions = []
    for seed in range(4):
        game = spec.make(seed=seed)
        while not game.is_over:
            view, legal = game.view(game.current_player), game.legal_actions()
            obs = bot.observation(view, legal)
            positions.append((obs, bot.mask(view, legal, obs)))
            game.apply(legal[len(positions) % len(legal)])
    torch.manual_seed(7)
    ours = [bot.predict(obs, mask) for obs, mask in positions]
    torch.manual_seed(7)
    theirs = [int(bot.model.predict(obs, action_masks=mask, deterministic=deterministic)[0])
              for obs, mask in positions]
    assert len(positions) > 40 and ours == theirs
