"""Hail Hydra rules HH25-HH29: HAIL HYDRA, revealed agents, abilities, windows and the 14 heroes."""

from __future__ import annotations

from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.codec import CLAIM, HAIL, PASS, UP, USE, VALUE
from hydra_env.games.hail_hydra.components import VALUES
from hydra_env.games.hail_hydra.state import (
    ABILITY_TARGET,
    ABILITY_VALUE,
    GIFT_TARGET,
    KO_OFFER,
    PLAY,
    RESOLVE_OFFER,
    VERDICT_OFFER,
)

LOYALTY = [0, 1, 0, 1, 0]


def game_with(heroes: str, villain: str = "V05", health: int = 13, hands=None, defence: int | None = 0):
    game = t.position(players=5, loyalty=LOYALTY, heroes=heroes)
    t.set_villain(game, villain, health=health, defence=defence)
    for seat, hand in enumerate(hands or []):
        t.give_hand(game, seat, hand)
    return game


def test_hh25_only_unrevealed_hydra_may_reveal_and_the_city_pays_for_it():
    game = game_with("HR01,HR03,HR11,HR13,HR06")
    assert HAIL not in game.legal_actions()                          # seat 0 is SHIELD
    game.apply(t.play([VALUES[v] for v in range(8) if game.state.hands[0][v]][:1]))
    game.apply(CLAIM)
    assert t.decision(game) == (1, PLAY) and HAIL in game.legal_actions()
    game.apply(HAIL)
    assert game.state.city == 24 and game.state.revealed[1]
    assert all(game.observe(s)["known_loyalty"][1] == 1 for s in range(5))
    assert t.decision(game) == (1, PLAY) and game.state.pending.arg == 1 and HAIL not in game.legal_actions()
    out = game_with("HR01,HR03,HR11,HR13,HR06")
    t.edit(out, out=[False, False, False, True, False], queue=[0, 1, 2, 4])
    t.finish_plays(out)
    t.pass_offers(out)
    assert t.decision(out) == (3, GIFT_TARGET) and HAIL in out.legal_actions()
    city = out.state.city
    out.apply(HAIL)
    assert out.state.city == city - 1 and t.decision(out)[1] == PLAY     # the gift ends with no gift


def test_hh26_a_revealed_agent_plays_face_up_without_claim_and_loses_its_ability():
    game = game_with("HR03,HR02,HR11,HR13,HR06", hands=[[1], [-5, -4], [1], [1], [1]])
    game.apply(t.play([1]))
    game.apply(CLAIM + 1)
    assert USE in game.legal_actions()                               # Brute, unrevealed
    game.apply(HAIL)
    assert USE not in game.legal_actions()
    game.apply(t.play([-5, -4]))
    assert t.decision(game) == (2, PLAY)                             # no claim after a face-up play
    record = game.observe(4)["offensives"][0]
    assert record["up"][1] == t.counts([-5, -4]) and record["down_count"][1] == 0
    revealed_out = game_with("HR03,HR02,HR11,HR13,HR06")
    t.edit(revealed_out, out=[False, True, False, False, False], revealed=[False, True, False, False, False],
           queue=[0, 2, 3, 4])
    t.finish_plays(revealed_out)
    t.pass_offers(revealed_out)
    assert t.decision(revealed_out)[1] == PLAY                       # a revealed knocked-out agent gives nothing


def test_hh27_an_ability_is_used_once_and_its_private_result_goes_to_the_user_alone():
    game = game_with("HR02,HR03,HR11,HR13,HR06", hands=[[1, 1]])
    game.apply(USE)
    assert game.state.used[0] and USE not in game.legal_actions()
    t.finish_plays(game)
    t.pass_offers(game)
    t.finish_plays(game)
    t.pass_offers(game)
    t.run(game, lambda g: g.legal_actions()[0], lambda g: t.decision(g) == (0, PLAY))
    assert USE not in game.legal_actions()
    widow = game_with("HR01,HR03,HR11,HR13,HR06")
    t.defeat_villain(widow)
    assert t.decision(widow) == (1, KO_OFFER)
    widow.apply(USE)
    widow.apply(t.target(widow, 1, 3))
    assert widow.observe(1)["known_loyalty"][3] == 1 and widow.observe(1)["widow"] == [[3, 1]]
    assert all(widow.observe(s)["widow"] == [] for s in (0, 2, 3, 4))
    assert widow.observe(0)["known_loyalty"][3] == -1


def test_hh28_resolve_offers_go_from_the_holder_and_each_use_changes_the_next():
    game = game_with("HR09,HR05,HR02,HR08,HR14", hands=[[4], [4], [1], [1], [1]])
    t.finish_plays(game, {0: [4], 1: [4], 2: [1], 3: [1], 4: [1]})
    assert t.decision(game) == (0, RESOLVE_OFFER) and game.observe(2)["total"] == 11
    game.apply(USE)                                                   # Sorcerer: T becomes -11
    assert game.observe(2)["total"] == -11 and t.decision(game) == (1, RESOLVE_OFFER)
    game.apply(PASS)
    assert t.decision(game) == (3, RESOLVE_OFFER)
    game.apply(PASS)
    assert t.decision(game) == (4, RESOLVE_OFFER)
    game.apply(PASS)
    assert game.state.offensives[0]["total"] == -11 and game.state.offensives[0]["city_damage"] == 1 + 1


def test_hh28_knockout_offers_open_each_round_and_the_captain_may_cancel_a_verdict():
    game = game_with("HR13,HR01,HR02,HR11,HR03")
    t.defeat_villain(game)
    assert [t.decision(game)] == [(0, KO_OFFER)]                     # Iron Skin first, from the holder
    game.apply(PASS)
    assert t.decision(game) == (3, KO_OFFER)
    game.apply(PASS)
    assert t.decision(game) == (4, KO_OFFER)
    game.apply(PASS)
    while t.decision(game)[1] != VERDICT_OFFER and game.state.stage in ("nominate", "vote"):
        seat = t.decision(game)[0]
        game.apply(UP if seat == 2 else t.target(game, seat, 2))
    assert t.decision(game) == (1, VERDICT_OFFER)
    game.apply(USE)
    assert not game.state.out[2] and game.state.rounds[0]["rally"] and game.state.knockouts == [0, 0]


def test_hh29_play_window_heroes_brute_armored_web_slinger():
    game = game_with("HR02,HR12,HR04,HR13,HR06", hands=[[1], [1], [1], [1], [1]])
    game.apply(USE)                                                   # Brute: city -2, T +6
    assert game.state.city == 25 and game.state.smash
    game.apply(t.play([1]))
    game.apply(CLAIM + 1)
    size = game.state.hand_size(1)
    game.apply(USE)                                                   # Armored: draw 3
    assert game.state.hand_size(1) == size + 3
    game.apply(next(a for a in game.legal_actions() if a < CLAIM))
    game.apply(CLAIM)
    game.apply(USE)                                                   # Web-Slinger
    assert t.decision(game) == (2, ABILITY_TARGET)
    game.apply(t.target(game, 2, 0))
    assert game.observe(2)["web"][1:] == [0, t.counts([1])] and game.observe(3)["web"] == []
    t.finish_plays(game)
    assert game.observe(4)["offensives"][0]["total"] >= 6 + 5


def test_hh29_resolve_window_heroes_change_the_total_the_villain_or_the_city():
    game = game_with("HR07,HR06,HR08,HR10,HR05", villain="V07", defence=1,
                     hands=[[4], [3], [-2], [1], [2]])
    t.finish_plays(game, {0: [4], 1: [3], 2: [-2], 3: [1], 4: [2]}, claims={2: 1})
    assert t.decision(game) == (0, RESOLVE_OFFER)
    game.apply(USE)
    assert t.decision(game) == (0, ABILITY_VALUE) and game.legal_actions() == [VALUE + v for v in range(5)]
    game.apply(VALUE + 4)                                             # Wasp removes the -2: T 8 -> 10
    assert game.observe(1)["total"] == 10
    game.apply(USE)                                                   # Quake: defence 0
    assert game.state.defence == 0
    game.apply(USE)                                                   # Archer: 3 damage, no defence
    assert game.state.health == 10
    game.apply(USE)                                                   # Blind Justice on seat 2's claim
    game.apply(t.target(game, 3, 2))
    assert game.observe(3)["radar"][1:] == [2, 0] and game.observe(2)["radar"] == []
    game.apply(USE)                                                   # Panther: no villain attack
    assert game.state.health == 0 and game.state.offensives[0]["city_damage"] == 0
    assert game.state.offensives[0]["villain_damage"] == 3 + 10
    panther = game_with("HR05,HR01,HR03,HR11,HR13", hands=[[1]] * 5)
    t.finish_plays(panther, {s: [1] for s in range(5)})
    strength = panther.state.strength
    panther.apply(USE)
    assert panther.state.offensives[0]["city_damage"] == 0 and panther.state.strength == strength
    assert panther.state.offensives[0]["villain_damage"] == 5 and len(panther.state.offensives) == 2


def test_hh29_knockout_window_heroes_widow_ninja_iron_skin():
    game = game_with("HR11,HR13,HR03,HR02,HR06")
    t.defeat_villain(game)
    assert t.decision(game) == (0, KO_OFFER)
    game.apply(PASS)
    assert t.decision(game) == (1, KO_OFFER)
    game.apply(USE)                                                   # Iron Skin: immune
    assert game.state.immune[1]
    game.apply(USE)                                                   # Widow on seat 4
    game.apply(t.target(game, 2, 4))
    assert game.state.widow[2] == [[4, 0]]
    ninja = game_with("HR11,HR13,HR03,HR02,HR06")
    t.defeat_villain(ninja)
    ninja.apply(USE)
    assert t.target(ninja, 0, 0) not in ninja.legal_actions()
    ninja.apply(t.target(ninja, 0, 3))
    record = ninja.state.rounds[0]
    assert record["ambush"] and record["result"] == 3 and ninja.state.out[3]
    assert all(n == -3 for n in record["votes"] + record["nominations"])   # no ballots: the round is replaced
    assert t.decision(ninja) == (3, GIFT_TARGET) and ninja.state.mission == 1
