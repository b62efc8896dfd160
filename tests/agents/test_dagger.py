"""DAgger after the imitation warm start (agents.train.dagger): the policy plays whole games,
the teacher labels every decision of a policy seat, and the policy is fitted again on the
teacher's decisions and the labelled ones together."""

from __future__ import annotations

from types import SimpleNamespace

import gymnasium as gym
import numpy as np
import pytest

import hydra_env  # noqa: F401  (registers the envs)
from agents.train import bc, dagger
from agents.train.config import TrainConfig
from agents.train.config_checks import validate
from hydra_env.envs.bots import make_bot
from hydra_env.errors import ConfigError

ENV_ID = "hydra_env/Heroica-v0"


def _make_env() -> gym.Env:
    return gym.make(ENV_ID, num_players=2, seat="random", reward="win_loss", opponents=["greedy"])


def _config(**fields) -> SimpleNamespace:
    base = {"env": ENV_ID, "seed": 3, "opponents": ["greedy"], "opponent_weights": [], "bc_teacher": "greedy",
            "dagger_games": 3, "dagger_student_share": 1.0, "dagger_rounds": 1, "dagger_epochs": 1,
            "gamma": 0.5}
    return SimpleNamespace(**{**base, **fields})


class _LastLegal:
    """A stand-in policy: always the highest legal action."""

    def predict(self, obs, action_masks, deterministic=True):
        return int(np.flatnonzero(action_masks)[-1]), None


class _Teacher:
    """A stand-in policy that plays what ``greedy`` plays (it reads the game the env dealt)."""

    def __init__(self, core) -> None:
        self.core, self.bot = core, make_bot("greedy", game="heroica", seed=0)

    def predict(self, obs, action_masks, deterministic=True):
        game = self.core.game
        return int(self.bot.act(game.view(game.current_player), game.legal_actions())), None


def test_dagger_labels_are_legal_teacher_actions_and_agreement_counts_the_policy() -> None:
    data = dagger.collect(_LastLegal(), _make_env, _config(), "heroica", 0, show=False)
    n = len(data["actions"])
    space = _make_env()
    assert n > 20
    assert data["obs"].shape == (n, *space.observation_space.shape)
    assert data["masks"].shape == (n, space.action_space.n)
    assert all(data["masks"][i, a] for i, a in enumerate(data["actions"]))
    assert all(data["masks"][i].sum() > 1 for i in range(n))        # forced decisions are left out
    highest = np.array([np.flatnonzero(m)[-1] for m in data["masks"]])
    assert data["agreement"] == pytest.approx(float(np.mean(highest == data["actions"])))
    assert data["agreement"] < 1.0


def test_dagger_policy_that_plays_the_teacher_agrees_everywhere() -> None:
    env = _make_env()
    core = env.unwrapped

    def make_env():
        return env
    data = dagger.collect(_Teacher(core), make_env, _config(), "heroica", 0, show=False)
    assert len(data["actions"]) > 20 and data["agreement"] == 1.0
    assert set(data["returns"]) <= {1.0, -1.0, 0.5, -0.5} | {float(s * 0.5 ** k) for s in (1, -1)
                                                                  for k in range(2, 200)}


def test_dagger_policy_seats_follow_the_student_share() -> None:
    seen = []

    class Counting(_LastLegal):
        def predict(self, obs, action_masks, deterministic=True):
            seen.append(1)
            return super().predict(obs, action_masks)
    none = dagger.collect(Counting(), _make_env, _config(dagger_student_share=1e-9), "heroica", 0, show=False)
    assert len(none["actions"]) == 0 and not seen


def test_dagger_returns_discount_each_seats_end_reward_by_its_later_decisions() -> None:
    taken = [(0, "a", None, 1, True), (1, "b", None, 2, False), (0, "c", None, 3, True), (0, "d", None, 4, False)]
    rows = dagger._with_returns(taken, [1.0, -1.0], gamma=0.5)
    assert [r[0] for r in rows] == ["a", "b", "c", "d"]
    assert [r[3] for r in rows] == [0.25, -1.0, 0.5, 1.0]


def test_dagger_mixed_source_serves_every_decision_once_per_epoch() -> None:
    def memory(start: int, n: int) -> bc.MemoryData:
        return bc.MemoryData({"obs": np.arange(start, start + n, dtype=np.float32)[:, None],
                              "masks": np.ones((n, 2), bool), "actions": np.zeros(n, np.int64),
                              "returns": np.zeros(n, np.float32)})
    mixed = dagger.MixedSource([memory(0, 37), memory(100, 5), memory(200, 0)])
    assert len(mixed) == 42
    rng = np.random.default_rng(1)
    for _ in range(2):
        served = sorted(float(x) for batch in mixed.batches(8, rng) for x in batch[0][:, 0])
        assert served == sorted([float(x) for x in range(37)] + [float(x) for x in range(100, 105)])


def test_dagger_fits_the_policy_again_after_each_round() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    env = _make_env()
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, seed=0, device="cpu")
    before = [p.detach().clone() for p in model.policy.parameters()]
    episodes = bc.play_teacher(_make_env, "greedy", 2, seed=5, game="heroica")
    teacher = bc.MemoryData(bc.replay(_make_env, episodes, gamma=0.5, show=False))
    fits = []

    def fit(source, epochs):
        fits.append((len(source), epochs))
        return bc.pretrain(model, source, epochs=epochs, batch_size=32, learning_rate=1e-3, seed=0)
    figures = dagger.run_rounds(model, _config(dagger_rounds=2, dagger_games=2), "heroica", _make_env,
                                teacher, fit)
    assert [f["round"] for f in figures] == [1, 2]
    assert fits[0][0] == len(teacher) + figures[0]["decisions"]
    assert fits[1][0] == fits[0][0] + figures[1]["decisions"]
    assert any(not np.array_equal(a, b.detach()) for a, b in zip(before, model.policy.parameters()))


@pytest.mark.parametrize("fields, message", [
    ({"dagger_rounds": 2}, "no imitation warm start"),
    ({"dagger_rounds": 2, "bc_teacher": "greedy", "bc_games": 5, "dagger_student_share": 0.0}, "above 0"),
    ({"dagger_rounds": 2, "bc_teacher": "greedy", "bc_games": 5, "dagger_student_share": 1.5}, "dagger_student_share"),
    ({"dagger_rounds": 2, "bc_teacher": "greedy", "bc_games": 5, "dagger_games": 0}, "dagger_games"),
])
def test_dagger_config_mistakes_are_refused_with_the_field_named(fields, message) -> None:
    config = TrainConfig(env=ENV_ID, opponents=["greedy"], **fields)
    with pytest.raises(ConfigError, match=message):
        validate(config)
