"""HH33 with ``summary=True``: the observation ends with a summary part (the public and the
seat's private posterior per seat, the latest offensive and vote round again, the cards a
claim is about), functions of the seat's information only."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import hydra_env  # noqa: F401
from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.bot_rules import resolve_damage
from hydra_env.games.hail_hydra.components import default_components
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.state import CLAIM, RESOLVE_OFFER
from hydra_env.games.hail_hydra.summary_observer import SUMMARY, SummaryObserver, belief_part

BASE = HailHydraObserver()


def _relative(values: list[float], seat: int) -> np.ndarray:
    out = np.zeros(8)
    for s, value in enumerate(values):
        out[(s - seat) % len(values)] = value
    return out


def _last_valid(rows: np.ndarray) -> np.ndarray:
    valid = [r for r in rows if r[0] > 0]
    return valid[-1] if valid else np.zeros(rows.shape[1])


def test_hh33_summary_holds_the_posteriors_the_latest_rows_and_the_claimed_cards():
    env = gym.make("hydra_env/HailHydra-v0", opponents="deduce", player_counts=[5, 8], summary=True)
    obs, info = env.reset(seed=2)
    assert env.observation_space.shape == (BASE.size + SUMMARY,)
    saboteur, deduce = make_bot("saboteur", game="hail_hydra"), make_bot("deduce", game="hail_hydra")
    rng, claims, resolves = np.random.default_rng(1), 0, 0
    for _ in range(300):
        core = env.unwrapped
        game, seat = core.game, core.seat
        view, base = game.view(seat), BASE.encode(game, seat)
        summary = env.unwrapped.observer.split(obs)["summary"]
        np.testing.assert_array_equal(obs[:BASE.size], base)
        np.testing.assert_allclose(summary[:8], _relative(saboteur.belief(view), seat), atol=1e-6)
        np.testing.assert_allclose(summary[8:16], _relative(deduce.belief(view), seat), atol=1e-6)
        parts = BASE.split(base)
        np.testing.assert_array_equal(summary[16:227], _last_valid(parts["offensives"]))
        np.testing.assert_array_equal(summary[227:390], _last_valid(parts["rounds"]))
        pending = game.state.pending
        if game.current_player == seat and pending.kind == CLAIM:
            claims += 1
            own = game.state.offensives[-1]["down"][seat]
            np.testing.assert_allclose(summary[390:398] * 3, own, atol=1e-6)
            assert sum(own) >= pending.arg        # the cards just played are among them
        else:
            assert not summary[390:398].any()
        resolve = summary[398:405]
        if game.current_player == seat and pending.kind == RESOLVE_OFFER:
            resolves += 1
            assert resolve[0] == 1 and resolve[2] == (resolve[1] >= 1) and resolve[4] == (resolve[3] >= 1)
        else:
            assert not resolve.any()
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            obs, info = env.reset()
    assert claims > 10 and resolves > 0


def test_hh33_summary_is_unchanged_when_everything_the_seat_cannot_see_is_redealt():
    observer, rng = SummaryObserver(BASE), np.random.default_rng(0)
    for seed in range(6):
        game = new_game(seed=seed, num_players=5 + seed % 4)
        steps = 0
        while not game.is_over:
            if steps % 7 == 0 or game.state.pending.kind == CLAIM:
                for seat in range(game.num_players):
                    again = game.determinize(seat, rng)
                    np.testing.assert_array_equal(observer.encode(again, seat), observer.encode(game, seat))
            game.apply(int(rng.choice(game.legal_actions())))
            steps += 1


def test_hh33_summary_beliefs_of_a_hydra_seat_know_its_team():
    game = new_game(seed=3, num_players=7)
    hydra = [s for s in range(7) if game.state.loyalty[s]]
    assert hydra
    for seat in range(7):
        part = belief_part(game.observe(seat))
        if seat in hydra:
            assert list(part[1][:7]) == [float(game.state.loyalty[(seat + k) % 7]) for k in range(7)]
        assert part[1][7] == 0.0 and part[0][7] == 0.0


def test_hh32_summary_is_refused_with_an_observer_and_by_the_vector_env():
    with pytest.raises(ConfigError, match="not both"):
        gym.make("hydra_env/HailHydra-v0", summary=True, observer=HailHydraObserver())
    with pytest.raises(ConfigError, match="summary must be"):
        gym.make("hydra_env/HailHydra-v0", summary="yes")
    with pytest.raises(ConfigError, match="own observer"):
        gym.make_vec("hydra_env/HailHydra-v0", num_envs=2, vectorization_mode="vector_entry_point", summary=True)


def _offer(villain: int, total: int, cards: list[int] | None = None) -> dict:
    comp = default_components()
    v = comp.villain(villain)
    return {"villain": villain, "total": total, "defence": v.defence, "health": v.health,
            "offensives": [{"cards": cards or [0] * 8}]}


def _hero(hero_id: str):
    return next(h for h in default_components().heroes if h.id == hero_id)


def test_hh29_resolve_damage_with_and_without_the_ability_on_hand_made_offensives():
    comp = default_components()
    # Cyborg (V14): defence 2, health 9. A total of 10 deals 8 as it stands.
    assert resolve_damage(_offer(13, 10), comp, _hero("HR06")) == (8, 10)      # Quake: no defence
    assert resolve_damage(_offer(13, 10), comp, _hero("HR08")) == (8, 11)     # Archer: 3 more
    assert resolve_damage(_offer(13, 10), comp, _hero("HR14")) == (8, 8)          # no change to damage
    # Colossus (V16): defence 1, damage capped at 5.
    assert resolve_damage(_offer(15, 12), comp, _hero("HR06")) == (5, 5)
    # Sorcerer turns a total of -7 into 7: 6 damage through defence 1.
    assert resolve_damage(_offer(15, -7), comp, _hero("HR09")) == (0, 5)
    assert resolve_damage(_offer(13, -7), comp, _hero("HR09")) == (0, 5)
    # Wasp removes the card worth least: with a 4 and a -3 played (total 1), the -3 goes.
    cards = [0, 0, 0, 1, 0, 1, 0, 0]
    assert resolve_damage(_offer(13, 1, cards), comp, _hero("HR07")) == (0, 2)


def test_hh33_summary_ballot_weighs_each_nomination_by_the_nominators_private_trust():
    observer = SummaryObserver(BASE)
    checked = 0
    for seed in range(3):
        game = new_game(seed=seed, num_players=6)
        bots = [make_bot("deduce", game="hail_hydra", seed=seed * 16 + s) for s in range(6)]
        while not game.is_over:
            seat = game.current_player
            info = game.view(seat).info
            ballot = observer.split(observer.encode_info(info))["summary"][405:].reshape(3, 8)
            private = make_bot("deduce", game="hail_hydra").belief(game.view(seat))
            if info["rounds"]:
                received = [0.0] * 6
                for nominator, target in enumerate(info["rounds"][-1]["nominations"]):
                    if target >= 0:
                        received[target] += 1 - private[nominator]
                np.testing.assert_allclose(ballot[0, :6] * 3, _relative(received, seat)[:6], atol=1e-5)
                checked += 1
            top = max(private[o] for o in range(6) if o != seat)
            tops = [s for s in range(6) if s != seat and private[s] >= top - 1e-9]
            assert sorted((seat + k) % 6 for k in np.flatnonzero(ballot[1])) == sorted(tops)
            assert ballot[1, 0] == 0 and not ballot[:, 6:].any()            # never the observer, no empty slot
            game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    assert checked > 50
