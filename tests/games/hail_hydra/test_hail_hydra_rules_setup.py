"""Hail Hydra rules HH1-HH8: players, components, setup and the order of randomness."""

from __future__ import annotations

import pytest

from hydra_env.api.rng import CounterRng
from hydra_env.errors import ConfigError
from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.codec import HERO
from hydra_env.games.hail_hydra.components import VALUES, default_components
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.state import DRAFT, HYDRA, PLAY
from hydra_env.games.hail_hydra.views import UNKNOWN


@pytest.mark.parametrize("players,hydra", [(5, 2), (6, 2), (7, 3), (8, 3)])
def test_hh1_loyalty_counts_follow_the_player_table(players, hydra):
    for seed in range(5):
        game = new_game(seed=seed, num_players=players)
        assert game.num_players == players
        assert sum(game.state.loyalty) == hydra and len(game.state.loyalty) == players
        assert all(info == hydra for info in [game.observe(s)["hydra_count"] for s in range(players)])


@pytest.mark.parametrize("players", [4, 9])
def test_hh1_other_player_counts_are_refused_naming_the_range(players):
    with pytest.raises(ConfigError, match="5-8 players"):
        new_game(seed=0, num_players=players)


def test_hh2_the_deck_is_80_cards_ten_of_each_value_and_none_is_lost_in_the_deal():
    comp = default_components()
    assert comp.deck == (10,) * 8 and sum(comp.deck[:4]) == 40
    assert VALUES[:4] == (1, 2, 3, 4) and VALUES[4:] == (-2, -3, -4, -5)
    state = new_game(seed=3, num_players=8).state
    total = [sum(h[v] for h in state.hands) + state.draw.count(v) for v in range(8)]
    assert total == [10] * 8


def test_hh3_five_villains_by_tier_with_effective_health_and_strength():
    comp = default_components()
    for players in (5, 6, 7, 8):
        game = new_game(seed=players, num_players=players)
        state = game.state
        assert comp.villain(state.villain).tier == 1
        assert state.stack_tiers == [2, 2, 3, 4] and [comp.villain(v).tier for v in state.stack] == [2, 2, 3, 4]
        row = comp.rows[players]
        printed = comp.villain(state.villain)
        assert state.health == min(13, max(1, printed.health + row.health_mod))
        assert state.strength == max(1, printed.strength + row.strength_mod)
        assert state.defence == printed.defence
        assert game.observe(0)["tiers_to_come"] == [2, 2, 3, 4]


def test_hh3_printed_balance_uses_the_printed_values():
    game = new_game(seed=4, num_players=7, balance="printed")
    printed = default_components().villain(game.state.villain)
    assert (game.state.health, game.state.strength) == (printed.health, printed.strength)


def test_hh4_the_city_starts_at_27_and_never_heals_above_it():
    game = t.position(players=5, heroes="HR14,HR02,HR03,HR04,HR05", loyalty=[0, 1, 0, 1, 0])
    assert game.state.city == 27
    t.edit(game, city=26)
    t.finish_plays(game)
    assert t.decision(game) == (0, 7)        # Medic's resolve offer
    game.apply(184)
    assert t.decision(game) == (4, 7)         # Panther's offer: the attack has not come yet
    assert game.state.city == 27


def test_hh5_heroes_are_different_and_drafted_in_seat_order_before_loyalty():
    game = new_game(seed=9, num_players=8)
    assert len(set(game.state.heroes)) == 8
    draft = new_game(seed=9, num_players=5, heroes="draft", first_player=2)
    assert t.decision(draft) == (2, DRAFT) and draft.state.loyalty == []
    picks = [HERO + 4, HERO + 0, HERO + 13, HERO + 1, HERO + 7]
    for k, pick in enumerate(picks):
        assert t.decision(draft)[0] == (2 + k) % 5
        assert pick in draft.legal_actions()
        draft.apply(pick)
        assert pick not in draft.legal_actions()
    assert draft.state.heroes == [1, 7, 4, 0, 13]
    assert sum(draft.state.loyalty) == 2 and t.decision(draft)[1] == PLAY


def test_hh6_hydra_agents_know_each_other_shield_knows_only_itself():
    game = t.position(players=6, loyalty=[1, 0, 0, 1, 0, 0])
    agent, member = game.observe(0), game.observe(1)
    assert agent["known_loyalty"] == [1, 0, 0, 1, 0, 0]
    assert member["known_loyalty"] == [UNKNOWN, 0, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]
    assert member["loyalty"] == 0 and agent["loyalty"] == HYDRA


def test_hh7_first_hands_are_2_4_and_6_from_the_left_of_the_first_player():
    for first in range(6):
        state = new_game(seed=1, num_players=6, first_player=first).state
        sizes = [sum(h) for h in state.hands]
        assert sizes[(first + 1) % 6] == 2 and sizes[(first + 2) % 6] == 4
        assert all(sizes[(first + k) % 6] == 6 for k in (0, 3, 4, 5))
        assert len(state.draw) == 80 - 2 - 4 - 6 * 4 and state.token == first


def test_hh8_randomness_is_drawn_first_player_then_heroes_then_the_rest():
    seed, players = 12345, 7
    game = new_game(seed=seed, num_players=players)
    rng = CounterRng(seed)
    assert game.state.first_player == rng.below(players)
    heroes = list(range(14))
    rng.shuffle(heroes)
    assert game.state.heroes == heroes[:players]
    discs = [0] * 4 + [1] * 3
    rng.shuffle(discs)
    assert game.state.loyalty == discs
    again = new_game(seed=seed, num_players=players)
    assert again.to_json() == game.to_json()
    assert new_game(seed=seed + 1, num_players=players).to_json() != game.to_json()
