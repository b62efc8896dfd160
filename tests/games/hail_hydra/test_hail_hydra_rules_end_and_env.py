"""Hail Hydra rules HH30-HH37: the end, the length bound, the environment contract and the options."""

from __future__ import annotations

import random

import pytest

from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.codec import CLAIM, CODEC, HAIL, HERO, MULTISETS, PASS, TARGET, UP, USE, VALUE
from hydra_env.games.hail_hydra.flow import MAX_OFFENSIVES
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.state import NOMINATE, OPEN, PLAY, VOTE

QUIET = "HR01,HR03,HR11,HR13,HR06"


def test_hh30_hydra_wins_the_moment_the_city_falls():
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes=QUIET)
    t.set_villain(game, "V05", health=13, defence=0)
    t.edit(game, city=1)
    t.finish_plays(game)
    assert game.is_over and game.current_player == -1 and game.legal_actions() == []
    result = game.result().to_dict()
    assert result["winner"] == "hydra" and result["cause"] == "villain_attack" and result["winners"] == [1, 3]
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(0)


def test_hh30_shield_wins_the_moment_red_skull_falls_and_nothing_further_resolves():
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes=QUIET)
    t.set_villain(game, "V18", health=2, defence=1)
    t.edit(game, mission=4, stack=[], stack_tiers=[], city=3)
    for seat in range(5):
        t.give_hand(game, seat, [4])
    t.finish_plays(game, {s: [4] for s in range(5)})
    t.pass_offers(game)
    assert game.is_over and game.result().outcome == "shield" and game.state.city == 3
    assert game.result().to_dict()["winners"] == [0, 2, 4] and game.state.cause == "red_skull_defeated"


def test_hh31_no_game_has_more_than_36_offensives():
    longest = 0
    for seed in range(60):
        game = new_game(seed=seed, num_players=5 + seed % 4)
        choose = random.Random(seed)
        while not game.is_over:
            game.apply(choose.choice(game.legal_actions()))
        longest = max(longest, len(game.state.offensives))
    assert 5 <= longest <= MAX_OFFENSIVES == 36


def test_hh32_every_decision_belongs_to_one_seat_the_aec_agent_selection():
    from hydra_env.envs.aec import ObserverAECEnv
    env = ObserverAECEnv("hail_hydra", num_players=7)
    env.reset(seed=3)
    assert env.possible_agents == [f"seat_{s}" for s in range(7)]
    assert env.agent_selection == f"seat_{env.game.current_player}"


def test_hh34_who_decides_next_depends_only_on_public_information():
    for seed in range(16):
        game = new_game(seed=seed, num_players=5 + seed % 4)
        other = game.clone()
        rotated = game.state.loyalty[1:] + game.state.loyalty[:1]
        if rotated == game.state.loyalty:
            continue
        other.state.loyalty[:] = rotated                 # other loyalties, same public record and cards
        choose = random.Random(seed)
        steps = 0
        while not game.is_over:
            assert other.current_player == game.current_player
            assert (other.legal_mask() ^ game.legal_mask()).sum() <= 1          # at most HAIL differs
            legal = [a for a in game.legal_actions() if a != HAIL]
            action = choose.choice(legal)
            game.apply(action)
            other.apply(action)
            steps += 1
        assert other.is_over and steps > 50


def test_hh34_no_observation_shows_a_vote_of_an_open_round():
    from hydra_env.games.hail_hydra.observer import HailHydraObserver
    observer = HailHydraObserver()
    for seed in range(8):
        game = new_game(seed=seed, num_players=6)
        choose = random.Random(seed)
        checked = 0
        while not game.is_over and checked < 30:
            if t.decision(game)[1] == VOTE:
                before = [observer.split(observer.encode(game, s))["rounds"].copy() for s in range(6)]
                voter, count = game.current_player, len(game.state.rounds)
                game.apply(choose.choice(game.legal_actions()))
                record = game.state.rounds[-1]
                if not record["closed"] and len(game.state.rounds) == count:
                    for s in range(6):
                        info = game.observe(s)
                        assert all(v == OPEN for k, v in enumerate(info["rounds"][-1]["votes"]) if k != s)
                        after = observer.split(observer.encode(game, s))["rounds"]
                        assert (after == before[s]).all() or s == voter
                checked += 1
                continue
            game.apply(choose.choice(game.legal_actions()))
        assert checked > 0


def test_hh35_the_action_layout_is_201_wide_and_masked_actions_raise_with_a_reason():
    assert CODEC.size == 201 and len(MULTISETS) == 164
    assert MULTISETS[0] == (0,) and MULTISETS[8] == (0, 0) and MULTISETS[44] == (0, 0, 0) and MULTISETS[163] == (7,) * 3
    assert (CLAIM, TARGET, UP, VALUE, USE, PASS, HAIL, HERO) == (164, 168, 175, 176, 184, 185, 186, 187)
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes=QUIET)
    t.give_hand(game, 0, [1, 1])
    mask = game.legal_mask()
    assert mask.dtype == bool and mask.shape == (201,) and mask[t.play([1, 1])] and not mask[t.play([4])]
    with pytest.raises(IllegalActionError, match="HYDRA"):
        game.apply(HAIL)
    with pytest.raises(IllegalActionError, match="hand does not hold"):
        game.apply(t.play([4]))
    with pytest.raises(IllegalActionError, match="outside the action space"):
        game.apply(201)


def test_hh36_the_winning_team_gets_plus_one_every_other_seat_minus_one():
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes=QUIET)
    assert game.team_rewards() == [0.0] * 5
    t.edit(game, city=1)
    t.set_villain(game, "V05", health=13, defence=0)
    t.finish_plays(game)
    assert game.team_rewards() == [-1.0, 1.0, -1.0, 1.0, -1.0]
    data = game.result().to_dict()
    assert data["rewards"] == game.team_rewards() and sum(data["rewards"]) == -1.0
    assert data["loyalty"] == ["shield", "hydra", "shield", "hydra", "shield"] and data["villains_defeated"] == 0


def test_hh37_options_claims_nominations_balance_and_fixed_heroes():
    quiet = new_game(seed=2, num_players=5, claims="off", nominations=False, heroes="HR05,HR06,HR07,HR08,HR09")
    assert quiet.state.heroes == [4, 5, 6, 7, 8] and quiet.state.options["claims"] is False
    choose = random.Random(0)
    kinds = set()
    while not quiet.is_over:
        kinds.add(t.decision(quiet)[1])
        quiet.apply(choose.choice(quiet.legal_actions()))
    assert NOMINATE not in kinds and 4 not in kinds and PLAY in kinds
    with pytest.raises(ConfigError, match="heroes"):
        new_game(seed=0, num_players=5, heroes="HR01,HR01,HR02,HR03,HR04")
    with pytest.raises(ConfigError, match="first_player"):
        new_game(seed=0, num_players=5, first_player=6)
    assert new_game(seed=0, num_players=5, first_player=3).state.token == 3
    assert USE in range(201)
