"""Gymnasium envs hydra_env/Solo-v0 and hydra_env/Coop-v0: API, masks, rewards, seeding."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from types import SimpleNamespace

import gymnasium as gym
import numpy as np
import pytest
from helpers.paths import ROOT as REPOSITORY

import hydra_env
from hydra_env.games.hydra.envs.rewards import CoopReward, SoloReward, potential, rank_value
from hydra_env.games.hydra.rules.state import DECIDE_EVADE, DECIDE_FOLLOW, DECIDE_SHOVED

ROOT = str(REPOSITORY)   # for the PYTHONPATH of subprocesses


def pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def make(env_id: str, **kwargs):
    """The env that gym.make wraps in Gymnasium's standard wrappers (registration,
    wrappers and check_env: tests/envs/test_registration.py)."""
    return gym.make(env_id, **kwargs).unwrapped


@pytest.mark.parametrize("env_id,kwargs,steps", [
    ("hydra_env/Solo-v0", {"scenario": 11, "stars": 2}, 1500),
    ("hydra_env/Coop-v0", {"scenario": 2, "seat": "random"}, 1500),
])
def test_mask_equals_engine_legal_set_over_random_decisions(env_id, kwargs, steps):
    env = make(env_id, **kwargs)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    for _ in range(steps):
        game, mask = env.game, env.action_masks()
        assert mask is info["action_mask"]
        assert game.current_player == env.seat
        assert np.flatnonzero(mask).tolist() == game.legal_actions()
        obs, reward, terminated, truncated, info = env.step(pick(mask, rng))
        if terminated:
            assert not env.action_masks().any()
            obs, info = env.reset()


def test_masked_out_action_raises_a_clear_error_and_changes_nothing():
    env = make("hydra_env/Solo-v0")
    obs, info = env.reset(seed=3)
    before = env.game.to_json()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(hydra_env.IllegalActionError, match="illegal_action='penalty'") as exc:
        env.step(bad)
    assert str(bad) in str(exc.value) or "slot" in str(exc.value)
    assert env.game.to_json() == before
    with pytest.raises(hydra_env.IllegalActionError):
        env.step(5000)                        # outside the action space
    env.step(int(np.flatnonzero(info["action_mask"])[0]))   # still playable


def test_penalty_mode_makes_a_masked_out_action_a_no_op():
    env = make("hydra_env/Coop-v0", scenario=1, illegal_action="penalty", illegal_penalty=-0.25)
    obs, info = env.reset(seed=3)
    before = env.game.to_json()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(bad)
    assert reward == -0.25 and not terminated and not truncated and info2["illegal_action"]
    assert env.game.to_json() == before
    assert all((obs[k] == obs2[k]).all() for k in obs) and obs2["board"] is not obs["board"]
    assert (info2["action_mask"] == info["action_mask"]).all()


def test_order_of_calls_is_checked():
    env = make("hydra_env/Solo-v0")
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        *_, terminated, truncated, info = env.step(pick(env.action_masks(), rng))
        if terminated:
            break
    assert info["outcome"] in ("won", "lost") and "result" in info and "score" in info
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)


def test_max_steps_truncates():
    env = make("hydra_env/Solo-v0", max_steps=3)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    flags = [env.step(pick(env.action_masks(), rng))[3] for _ in range(3)]
    assert flags == [False, False, True]


def trajectory_digest(env_id: str, seed: int, steps: int, **kwargs) -> str:
    """sha256 of the observations, masks and rewards of random masked play."""
    env = make(env_id, flatten=True, **kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    for _ in range(steps):
        h.update(obs.tobytes())
        h.update(info["action_mask"].tobytes())
        obs, reward, terminated, truncated, info = env.step(pick(info["action_mask"], rng))
        h.update(np.float64(reward).tobytes())
        if terminated or truncated:
            obs, info = env.reset()
    return h.hexdigest()


def test_same_seed_same_actions_same_observations_and_rewards_across_processes():
    cases = [("hydra_env/Solo-v0", {"reward": "shaped"}), ("hydra_env/Coop-v0", {"seat": "random"})]
    here = [trajectory_digest(i, 5, 300, **kw) for i, kw in cases]
    assert here == [trajectory_digest(i, 5, 300, **kw) for i, kw in cases]
    assert here[0] != trajectory_digest("hydra_env/Solo-v0", 6, 300, reward="shaped")
    code = ("import sys; sys.path[:0] = ['tests/envs', 'tests']; import test_gym as t; "
            f"print([t.trajectory_digest(i, 5, 300, **kw) for i, kw in {cases!r}])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": ROOT, "PYTHONHASHSEED": "123"},
                         check=True).stdout
    assert out.strip() == repr(here)


def fake_game(outcome: str, score: int | None, ranking=(0,)) -> SimpleNamespace:
    res = SimpleNamespace(outcome=outcome, score=score, ranking=tuple(ranking),
                          epic_hero=ranking[0] if outcome == "won" else None,     # (R31)
                          tragic_hero=ranking[-1] if outcome == "lost" else None)
    return SimpleNamespace(result=lambda: res, is_over=True, state=SimpleNamespace(over=True))


def test_solo_score_reward():
    r = SoloReward("score")
    assert r.terminal(fake_game("won", 87)) == pytest.approx(0.87)
    assert r.terminal(fake_game("lost", None)) == -1.0
    assert SoloReward("score", loss_penalty=2).terminal(fake_game("lost", None)) == -2.0
    env = make("hydra_env/Solo-v0")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards = []
    while True:
        _, reward, terminated, _, info = env.step(pick(env.action_masks(), rng))
        rewards.append(reward)
        if terminated:
            break
    expected = info["score"] / 100 if info["outcome"] == "won" else -1.0
    assert rewards[:-1] == [0.0] * (len(rewards) - 1) and rewards[-1] == pytest.approx(expected)


@pytest.mark.parametrize("gamma", [1.0, 0.99])
def test_shaped_reward_is_potential_based(gamma):
    """F = γΦ(s') − Φ(s) with Φ(end) = 0: with γ = 1 the shaping sums to −Φ(start)."""
    env = make("hydra_env/Solo-v0", reward="shaped", shaping_gamma=gamma)
    for seed in range(5):
        env.reset(seed=seed)
        phi = [potential(env.game.state)]
        rng = np.random.default_rng(seed)
        ret = 0.0
        shaped = []
        while True:
            _, reward, terminated, _, info = env.step(pick(env.action_masks(), rng))
            phi.append(potential(env.game.state))
            terminal = SoloReward("score").terminal(env.game) if terminated else 0.0
            shaped.append(reward - terminal)
            ret += reward
            if terminated:
                break
        assert phi[-1] == 0.0 and phi[0] != 0.0
        for k, f in enumerate(shaped):
            assert f == pytest.approx(gamma * phi[k + 1] - phi[k])
        if gamma == 1.0:
            assert ret == pytest.approx(-phi[0] + SoloReward("score").terminal(env.game))


def test_coop_rank_team_and_mixed_rewards():
    assert [rank_value(p, 4, True) for p in range(4)] == [1.0, 0.5, 0.3, 0.1]
    assert [rank_value(p, 4, False) for p in range(4)] == [-0.1, -0.3, -0.5, -1.0]
    assert [rank_value(p, 3, True) for p in range(3)] == [1.0, 0.5, 0.1]
    assert [rank_value(p, 2, False) for p in range(2)] == [-0.1, -1.0]
    won, lost = fake_game("won", None, (2, 0, 1, 3)), fake_game("lost", None, (2, 0, 1, 3))
    assert CoopReward("rank").terminal(won, 2) == 1.0        # epic hero
    assert CoopReward("rank").terminal(lost, 3) == -1.0      # tragic hero
    assert CoopReward("team").terminal(won, 3) == 1.0
    assert CoopReward("team").terminal(lost, 2) == -1.0
    assert CoopReward("mixed", team_weight=0.25).terminal(won, 0) == pytest.approx(0.75 * 0.5 + 0.25)
    with pytest.raises(hydra_env.ConfigError):
        CoopReward("glory")


def test_r31_coop_epic_reward_pays_only_the_titles_and_the_team_share():
    won, lost = fake_game("won", None, (2, 0, 1, 3)), fake_game("lost", None, (2, 0, 1, 3))
    epic = CoopReward("epic", team_weight=0.3)
    assert epic.terminal(won, 2) == 1.0                        # first after a victory
    assert [epic.terminal(won, s) for s in (0, 1, 3)] == [pytest.approx(0.3)] * 3
    assert epic.terminal(lost, 3) == -1.0                      # last after a defeat
    assert [epic.terminal(lost, s) for s in (0, 1, 2)] == [pytest.approx(-0.3)] * 3
    assert CoopReward("epic", team_weight=0.0).terminal(won, 0) == 0.0


def test_coop_end_reward_matches_the_final_place():
    env = make("hydra_env/Coop-v0", scenario=4, seat="random")
    rng = np.random.default_rng(1)
    for ep in range(3):
        env.reset(seed=ep)
        while True:
            _, reward, terminated, _, info = env.step(pick(env.action_masks(), rng))
            if terminated:
                break
            assert reward == 0.0
        res = info["result"]
        assert info["place"] == res["ranking"].index(env.seat)
        assert reward == rank_value(info["place"], 3, res["outcome"] == "won")


class CountingBot:
    """An opponent object with the bot interface; records what it is shown."""

    def __init__(self):
        self.calls = 0

    def act(self, view, legal_actions):
        assert isinstance(view, hydra_env.SeatView)
        assert view.seat == view.pending["seat"]
        self.calls += 1
        return legal_actions[0]


def test_coop_opponents_by_name_or_object_on_the_seats_after_the_learner():
    bot = CountingBot()
    env = make("hydra_env/Coop-v0", scenario=1, seat=2, opponents=["random", bot, "random"])
    env.reset(seed=0)
    assert env.unwrapped._bots[0] is bot               # seats 3, 0, 1 in order
    rng = np.random.default_rng(0)
    for _ in range(30):
        *_, terminated, _, _ = env.step(pick(env.action_masks(), rng))
        if terminated:
            break
    assert bot.calls > 0
    with pytest.raises(hydra_env.ConfigError, match="known bots"):
        make("hydra_env/Coop-v0", opponents=["no-such-bot"])
    with pytest.raises(hydra_env.ConfigError, match="3 opponents"):
        make("hydra_env/Coop-v0", scenario=1, opponents=["random", "random"])
    with pytest.raises(hydra_env.ConfigError):
        make("hydra_env/Coop-v0", scenario=10)
    with pytest.raises(hydra_env.ConfigError):
        make("hydra_env/Solo-v0", scenario=1)


def test_coop_seat_random_is_drawn_from_the_reset_seed():
    env = make("hydra_env/Coop-v0", scenario=1, seat="random")
    seats = []
    for seed in range(12):
        env.reset(seed=seed)
        seats.append(env.seat)
    assert len(set(seats)) > 1
    again = []
    for seed in range(12):
        env.reset(seed=seed)
        again.append(env.seat)
    assert seats == again


def test_coop_learner_decisions_in_other_seats_turns_are_its_own_steps():
    """Being shoved, evading and following happen during other seats' turns or the
    Hydra phase; they come back to the agent as its own steps."""
    env = make("hydra_env/Coop-v0", scenario=3, seat=0)
    rng = np.random.default_rng(2)
    seen = set()
    for ep in range(40):
        env.reset(seed=ep)
        while True:
            st = env.game.state
            kind = st.pending.kind
            turn_seat = st.turn_order[st.turn_order_index] if st.turn_order_index < st.players else None
            if kind in (DECIDE_SHOVED, DECIDE_EVADE, DECIDE_FOLLOW) and turn_seat != 0:
                seen.add(kind)
            assert st.pending.seat == 0
            *_, terminated, _, _ = env.step(pick(env.action_masks(), rng))
            if terminated:
                break
        if len(seen) == 3:
            break
    assert seen & {DECIDE_SHOVED, DECIDE_EVADE}


def test_render_ansi_and_rgb_array(tmp_path):
    env = make("hydra_env/Coop-v0", scenario=1, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.startswith("Hydra") and f"hand of seat {env.seat}" in text
    env = make("hydra_env/Solo-v0", render_mode="rgb_array")
    env.reset(seed=0)
    img = env.render()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert img.shape[0] >= 600 and img.shape[1] >= 800
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 20       # a picture, not a blank
    assert make("hydra_env/Solo-v0").render_mode is None
