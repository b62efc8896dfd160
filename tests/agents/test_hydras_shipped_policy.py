"""The shipped Hydras policy `ppo:hydras-default` (issue 14, item 4): it loads by name,
plays whole legal games on Hydras-v0 and as a bot, the same game twice for the same
seeds, and its provenance records the command and the config of configs/hydras_ppo.yaml."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402

from agents.hydras.match import play_one  # noqa: E402
from agents.hydras.ppo_bot import HydrasPPOBot  # noqa: E402
from agents.ppo_bot import POLICY_DIR, shipped_policies  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from hydra_env.envs import find_policy, make_env_for  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

NAME = "hydras-default"
ROOT = Path(__file__).resolve().parents[2]


def test_hydras_policy_is_shipped_and_loads_by_name() -> None:
    assert NAME in shipped_policies()
    bot = make_bot(f"ppo:{NAME}", game="hydras", seed=0)
    assert isinstance(bot, HydrasPPOBot) and bot.path == POLICY_DIR / f"{NAME}.zip"
    assert bot.n_candidates > 0


def test_hydras_policy_provenance_matches_the_packaged_config(tmp_path: Path) -> None:
    recorded = yaml.safe_load((POLICY_DIR / f"{NAME}.yaml").read_text())
    assert "hydra-env train hydras_ppo" in recorded["command"]
    assert recorded["wall_minutes"] > 0
    (tmp_path / "recorded.yaml").write_text(yaml.safe_dump(recorded["config"]))
    got = load_config(tmp_path / "recorded.yaml", [])
    expected = load_config(ROOT / "configs" / "hydras_ppo.yaml", [])
    for key in ("env", "policy", "candidates", "net_arch", "features_dim", "env_kwargs", "opponents",
                "opponent_weights", "bc_teacher", "bc_games", "learning_rate", "seed"):
        assert getattr(got, key) == getattr(expected, key), key
    assert recorded["env"]["id"] == "hydra_env/Hydras-v0"
    assert recorded["final_report"]["n_games"] == 1000


def test_hydras_policy_plays_legal_games_in_its_recorded_env() -> None:
    env = make_env_for(NAME)
    model = MaskablePPO.load(find_policy(NAME), env=env)
    for seed in (3, 4):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = env.unwrapped.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            assert mask[int(action)]
            obs, _, done, truncated, info = env.step(int(action))
            assert not truncated
        assert "result" in info


def test_hydras_policy_plays_the_same_game_twice_for_the_same_seeds() -> None:
    first = play_one(f"ppo:{NAME}", ["heuristic"], 3, 77, 1)
    again = play_one(f"ppo:{NAME}", ["heuristic"], 3, 77, 1)
    assert first == again
    bot = make_bot(f"ppo:{NAME}", game="hydras", seed=0)
    from hydra_env.games.hydras.rules import HydrasGame
    game = HydrasGame.new(3, 9)
    while not game.is_over:
        legal = game.legal_actions()
        action = bot.act(game.view(game.current_player), legal)
        assert action in legal
        game.apply(action)
    assert len(np.unique(game.result().ranks)) >= 1


def test_hydra_checkpoint_is_refused_as_a_hydras_bot() -> None:
    with pytest.raises(ConfigError, match="not trained on hydra_env/Hydras-v0"):
        HydrasPPOBot("solo-default")
