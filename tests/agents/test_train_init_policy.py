"""``init_policy``: a run that begins from a trained policy's weights (the warm start of
the league-trained coordinated policy). The weights are taken exactly, the file and its
digest are recorded, and a policy that does not fit is refused before anything is made
(the refusals are in test_train_config_validation.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

import torch  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

from agents.ppo_bot import load_model, resolve_policy  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train import warm_start as warm  # noqa: E402
from agents.train.checks import check_init_policy  # noqa: E402
from agents.train.config import load_config  # noqa: E402

OVERRIDES = ["init_policy=coop-default", "bc_teacher=''", "bc_games=0", "progress_bar=false"]


def _config():
    return load_config("coop_default_policy", OVERRIDES)


def test_init_policy_check_returns_the_shipped_checkpoint() -> None:
    assert check_init_policy(_config()) == resolve_policy("coop-default")


def test_init_policy_copies_every_weight_and_records_the_digest(tmp_path: Path) -> None:
    config = _config()
    env = trainer.env_factory(config, None)()
    model = trainer.new_model(config, DummyVecEnv([lambda: env]), tmp_path)
    before = {k: v.clone() for k, v in model.policy.state_dict().items()}
    warm.init_from_policy(model, config, tmp_path)
    shipped = load_model(str(resolve_policy("coop-default"))).policy.state_dict()
    after = model.policy.state_dict()
    assert after.keys() == shipped.keys()
    assert all(torch.equal(after[k], shipped[k]) for k in shipped)
    assert any(not torch.equal(before[k], after[k]) for k in before)   # it did change them
    record = json.loads((tmp_path / "warm_start.json").read_text())
    digest = hashlib.sha256(resolve_policy("coop-default").read_bytes()).hexdigest()
    assert record == {"init_policy": "coop-default", "file": "coop-default.zip", "sha256": digest}
    env.close()


def test_init_policy_is_unset_by_default() -> None:
    assert load_config("coop_ppo", []).init_policy == ""
    assert check_init_policy(load_config("coop_ppo", [])) is None
