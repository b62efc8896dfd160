"""Hail Hydra rules HH9-HH20: missions, offensives, plays, claims, totals, damage and the villain."""

from __future__ import annotations

from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.codec import CLAIM, PASS, TARGET
from hydra_env.games.hail_hydra.state import CLAIM as CLAIM_DECISION
from hydra_env.games.hail_hydra.state import GIFT_CARDS, GIFT_TARGET, NOMINATE, PLAY

QUIET = "HR01,HR03,HR11,HR13,HR06"      # Captain, Widow, Ninja, Iron Skin, Quake: no offer at defence 0


def fresh(villain: str = "V05", health: int = 13, hands: list[list[int]] | None = None, **kw) -> t.HailHydraGame:
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes=QUIET, **kw)
    t.set_villain(game, villain, health=health, defence=0 if villain in ("V05", "V04", "V03", "V12", "V09",
                                                                          "V11", "V01", "V02") else None)
    for seat, hand in enumerate(hands or []):
        t.give_hand(game, seat, hand)
    return game


def offensive(game, plays, claims=None):
    t.finish_plays(game, plays, claims)
    return t.pass_offers(game)


def test_hh9_a_defeated_villain_skips_step_4_and_opens_the_knockout_phase():
    game = fresh(hands=[[4]] * 5)
    t.edit(game, health=5)
    offensive(game, {s: [4] for s in range(5)})
    assert game.state.defeated == [4] and game.state.city == 27      # no villain attack
    assert t.decision(game)[1] == NOMINATE and game.state.stage == "nominate"


def test_hh10_step_1_passes_the_token_the_holder_redraws_and_the_others_draw_one():
    game = fresh()
    assert len(game.state.offensives) == 1 and game.state.token == 0   # first offensive: no step 1
    before = [game.state.hand_size(s) for s in range(5)]
    offensive(game, {})                        # everyone plays one card
    state = game.state
    assert state.token == 1 and len(state.offensives) == 2
    assert state.hand_size(1) == 6 and state.offensives[-1]["holder"] == 1
    assert all(state.hand_size(s) == before[s] - 1 + 1 for s in (0, 2, 3, 4))


def test_hh11_an_empty_draw_pile_is_refilled_from_the_discard_when_a_card_is_drawn():
    game = fresh()
    state = game.state
    for v in state.draw:
        state.discard[v] += 1
    t.edit(game, draw=[])
    offensive(game, {})
    assert game.state.reshuffles == 1 and game.state.discard_public == [0] * 8
    assert game.state.hand_size(1) == 6


def test_hh11_with_both_piles_empty_the_draw_is_lost():
    game = fresh(hands=[[1], [1], [1], [1], [1]])
    t.edit(game, draw=[], discard=[0] * 8)
    offensive(game, {s: [1] for s in range(5)})
    state = game.state
    assert state.hand_size(1) == 5 and [state.hand_size(s) for s in (0, 2, 3, 4)] == [0, 0, 0, 0]
    assert state.draw == [] and sum(state.discard) == 0


def test_hh12_a_knocked_out_hero_gives_one_or_two_cards_to_an_active_hero():
    game = fresh()
    t.edit(game, out=[False, False, True, False, False], queue=[0, 1, 3, 4])
    offensive(game, {})
    assert t.decision(game) == (2, GIFT_TARGET)
    targets = [a for a in game.legal_actions() if TARGET <= a < TARGET + 7]
    assert sorted(targets) == sorted(t.target(game, 2, s) for s in (0, 1, 3, 4))
    game.apply(t.target(game, 2, 4))
    assert t.decision(game) == (2, GIFT_CARDS)
    hand = list(game.state.hands[2])
    gift = next(a for a in game.legal_actions() if len(__import__("hydra_env.games.hail_hydra.codec",
                                                                   fromlist=["MULTISETS"]).MULTISETS[a]) == 2)
    before4 = game.state.hand_size(4)
    game.apply(gift)
    assert game.state.hand_size(4) == before4 + 2 and game.state.hand_size(2) == sum(hand) - 2
    seen_by_4, seen_by_0 = game.observe(4)["offensives"][-1], game.observe(0)["offensives"][-1]
    assert sum(seen_by_4["received"]) == 2 and seen_by_0["gave"][2] == 2 and seen_by_0["gave_to"][2] == 4
    assert sum(seen_by_0["received"]) == 0 and sum(seen_by_0["own_gift"]) == 0
    assert t.decision(game)[1] == PLAY


def test_hh13_revealed_agents_play_first_face_up_then_the_others_from_the_holder():
    game = fresh()
    game.state.revealed[3] = True
    t.refresh(game)
    offensive(game, {})
    order = []
    while game.state.stage == "play" and len(game.state.offensives) == 2:
        seat, kind = t.decision(game)
        if kind == PLAY:
            order.append((seat, game.state.pending.arg))
        game.apply(next(a for a in game.legal_actions() if a < CLAIM or a == PASS) if kind == PLAY
                   else game.legal_actions()[-1])
    assert order == [(3, 1), (1, 0), (2, 0), (4, 0), (0, 0)]
    assert sum(game.state.offensives[1]["up"][3]) >= 1 and game.state.offensives[1]["claim"][3] == -1


def test_hh13_a_play_is_one_to_three_cards_of_the_hand_or_the_whole_smaller_hand():
    game = fresh(hands=[[1, 2, 3, 4], [], [-2], [1], [1]])
    from hydra_env.games.hail_hydra.codec import MULTISETS
    lengths = {len(MULTISETS[a]) for a in game.legal_actions() if a < CLAIM}
    assert lengths == {1, 2, 3}
    game.apply(t.play([1, 2, 3]))
    game.apply(CLAIM + 3)
    assert t.decision(game) == (1, PLAY) and PASS in game.legal_actions()   # an empty hand plays nothing
    assert all(a >= CLAIM for a in game.legal_actions())


def test_hh14_a_face_down_play_is_followed_by_a_public_claim_of_good_cards():
    game = fresh(hands=[[1, -2]])
    game.apply(t.play([1, -2]))
    assert t.decision(game) == (0, CLAIM_DECISION) and game.legal_actions() == [CLAIM, CLAIM + 1, CLAIM + 2]
    game.apply(CLAIM + 2)                      # a lie is allowed
    assert game.observe(3)["offensives"][-1]["claim"][0] == 2
    off = fresh(hands=[[1, -2]], claims="off")
    off.apply(t.play([1, -2]))
    assert t.decision(off) == (1, PLAY)


def test_hh15_cards_are_revealed_together_and_only_the_total_under_the_hacker():
    game = fresh(hands=[[3], [-5], [2], [1], [4]])
    offensive(game, {0: [3], 1: [-5], 2: [2], 3: [1], 4: [4]})
    seen = game.observe(2)["offensives"][0]
    assert seen["cards"] == t.counts([3, -5, 2, 1, 4]) and seen["total"] == 5
    assert seen["own_down"] == t.counts([2]) and "down" not in seen
    hidden = fresh(villain="V04", hands=[[3], [-5], [2], [1], [4]])
    offensive(hidden, {0: [3], 1: [-5], 2: [2], 3: [1], 4: [4]})
    seen = hidden.observe(2)["offensives"][0]
    assert seen["cards"] is None and seen["hidden"] and seen["total"] == 5


def test_hh16_damage_is_total_minus_defence_capped_by_the_villain():
    game = fresh(villain="V03", hands=[[4], [4], [1], [1], [1]])
    offensive(game, {0: [4], 1: [4], 2: [1], 3: [1], 4: [1]})
    assert game.state.offensives[0]["villain_damage"] == 4 and game.state.health == 9   # cap 4 of 11
    armour = fresh(villain="V07", health=13, hands=[[4], [1], [1], [1], [1]])
    offensive(armour, {0: [4], 1: [1], 2: [1], 3: [1], 4: [1]})
    assert armour.state.offensives[0]["villain_damage"] == 8 - 1


def test_hh17_a_total_of_minus_11_or_less_costs_the_city_one():
    for total_cards, lost in (([-5, -4, -2], 1), ([-5, -3, -2], 0)):
        game = fresh(hands=[total_cards, [], [], [], []])
        city = game.state.city
        offensive(game, {0: total_cards})
        strength = 1
        assert city - game.state.city == lost + strength
    bomber = fresh(villain="V12", hands=[[-5], [], [], [], []])
    offensive(bomber, {0: [-5]})
    assert bomber.state.offensives[0]["city_damage"] == 1 + 2


def test_hh18_the_villain_attacks_then_its_power_then_revealed_knocked_out_agents():
    game = fresh(villain="V05", hands=[[]] * 5)
    t.edit(game, strength=2, revealed=[False, False, False, True, False], out=[False, False, False, True, False],
           queue=[0, 1, 2, 4])
    offensive(game, {0: [], 1: [], 2: [], 4: []})
    assert game.state.offensives[0]["city_damage"] == 2 + 1
    assert game.state.strength == 3


def test_hh19_static_powers_shape_every_offensive_survive_powers_resolve_in_step_4():
    from hydra_env.games.hail_hydra.codec import MULTISETS
    tactician = fresh(villain="V09", hands=[[1, 2, 3, 4]])
    assert {len(MULTISETS[a]) for a in tactician.legal_actions() if a < CLAIM} == {1, 2}
    puppeteer = fresh(villain="V11", hands=[[1, 2, 3], [4]])
    assert {len(MULTISETS[a]) for a in puppeteer.legal_actions() if a < CLAIM} == {2}
    puppeteer.apply(t.play([1, 2]))
    puppeteer.apply(CLAIM + 2)
    assert [a for a in puppeteer.legal_actions() if a < CLAIM] == [t.play([4])]     # all of a smaller hand
    healer = fresh(villain="V01", health=5, hands=[[2], [], [], [], []])
    healer.state.start_health = 5
    offensive(healer, {0: [2]})
    assert healer.state.health == 4                                              # 5 - 2 + 1


def test_hh20_the_team_attack_goes_to_the_discard_pile_and_a_new_offensive_begins():
    game = fresh(hands=[[3], [2], [1], [-2], [4]])
    offensive(game, {0: [3], 1: [2], 2: [1], 3: [-2], 4: [4]})
    assert game.observe(0)["discard_size"] == 5 and game.state.discard_public == t.counts([3, 2, 1, -2, 4])
    assert len(game.state.offensives) == 2 and t.decision(game) == (1, PLAY)
