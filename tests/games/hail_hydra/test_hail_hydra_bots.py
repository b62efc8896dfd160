"""Hail Hydra's scripted bots: legal choices, the reference rules and their beliefs."""

from __future__ import annotations

import pytest

from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.belief import public_belief
from hydra_env.games.hail_hydra.bot_rules import ability_wanted
from hydra_env.games.hail_hydra.bots import DeduceBot, LoyalBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import play_game, wilson
from hydra_env.games.hail_hydra.codec import CLAIM, HAIL, PASS, USE
from hydra_env.games.hail_hydra.components import default_components
from hydra_env.games.hail_hydra.game import new_game


@pytest.mark.parametrize("bot", [LoyalBot, SaboteurBot, DeduceBot])
def test_every_bot_plays_whole_games_with_legal_actions_and_a_belief_that_sums_to_the_hydra_count(bot):
    for seed in range(3):
        game = new_game(seed=seed, num_players=5 + seed)
        bots = [bot(seed=s) for s in range(game.num_players)]
        while not game.is_over:
            seat = game.current_player
            action = bots[seat].act(game.view(seat), game.legal_actions())
            assert action in game.legal_actions()
            game.apply(action)
        belief = bots[0].belief(game.view(0))
        assert abs(sum(belief) - game.observe(0)["hydra_count"]) < 1e-6


def test_the_loyal_bot_plays_its_highest_blues_and_claims_the_truth():
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes="HR01,HR03,HR11,HR13,HR06")
    t.give_hand(game, 0, [1, 4, 3, -5, -2, 2])
    bot = LoyalBot(seed=0)
    action = bot.act(game.view(0), game.legal_actions())
    assert action == t.play([4, 3, 2])
    game.apply(action)
    assert bot.act(game.view(0), game.legal_actions()) == CLAIM + 3


@pytest.mark.parametrize("bot", [LoyalBot, SaboteurBot, DeduceBot])
def test_every_bot_passes_with_an_empty_hand_even_when_it_could_use_its_ability(bot):
    game = t.position(players=5, loyalty=[1, 0, 0, 1, 0], heroes="HR12,HR03,HR11,HR13,HR06")
    t.give_hand(game, 0, [])
    t.edit(game, city=27)
    legal = game.legal_actions()
    assert PASS in legal and USE in legal
    assert bot(seed=0).act(game.view(0), legal) in (PASS, USE, HAIL)


@pytest.mark.parametrize(("hand", "reserve", "played"), [
    ([1, 4, 3, -5, -2, 2], 1, [4, 3, 2]),    # four blues: three played, the lowest kept
    ([4, 3, 2, -5], 1, [4, 3]),              # three blues: two played, one kept
    ([4, 3, -5], 1, [4]),                    # two blues: one played, one kept
    ([3, -5, -2], 1, [3]),                   # the last blue is played, never kept
    ([-5, -2], 1, [-2]),                     # no blue: the mildest red, as loyal plays
    ([4, 3, 2, -5], 0, [4, 3, 2]),           # reserve 0: every blue up to the limit (loyal's play)
    ([4, 3, 2, 1, -5], 2, [4, 3]),           # reserve 2: the two lowest blues kept
])
def test_deduce_as_shield_holds_back_its_lowest_blue(hand, reserve, played):
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes="HR01,HR03,HR11,HR13,HR06")
    t.give_hand(game, 0, hand)
    bot = DeduceBot(seed=0, reserve=reserve)
    action = bot.act(game.view(0), game.legal_actions())
    assert action == t.play(played)
    game.apply(action)
    assert bot.act(game.view(0), game.legal_actions()) == CLAIM + len(played) - sum(v < 0 for v in played)


@pytest.mark.parametrize(("case", "spend", "played"), [
    ("neither", 1, [4, 3]),                   # the reserve can be played later: kept
    ("next holder", 1, [4, 3, 2]),            # its hand is discarded at the next offensive (HH10)
    ("city at strength", 1, [4, 3, 2]),       # the city falls unless the villain does now (HH18)
    ("city above strength", 1, [4, 3]),       # one point to spare: kept
    ("revealed agent out", 1, [4, 3, 2]),     # a revealed knocked-out agent adds 1 to step 4
    ("next holder", 0, [4, 3]),               # spend=0: always held (deduce before 5 December)
])
def test_deduce_as_shield_spends_its_reserve_when_it_could_not_be_played_later(case, spend, played):
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes="HR01,HR03,HR11,HR13,HR06")
    t.give_hand(game, 0, [4, 3, 2, -5])
    strength = game._state.strength
    fields = {"next holder": {"token": 4}, "city at strength": {"city": strength},
              "city above strength": {"city": strength + 1},
              "revealed agent out": {"city": strength + 1, "revealed": [False, True, False, False, False],
                                     "out": [False, True, False, False, False]}}.get(case, {})
    t.edit(game, **fields)
    assert DeduceBot(seed=0, spend=spend).act(game.view(0), game.legal_actions()) == t.play(played)


@pytest.mark.parametrize(("villain", "lurk", "r", "played"), [
    ("V01", 2, 2, [4]),            # tier 1 before lurk 2: SHIELD's play, the lowest blue kept
    ("V06", 2, 2, [-5, -4]),       # tier 2: its two worst reds
    ("V13", 2, 1, [-5]),           # tier 3, r = 1: its worst red, as saboteur r = 1
    ("V01", 1, 2, [-5, -4]),       # lurk 1: sabotage from the first villain
    ("V13", 5, 2, [4]),            # lurk 5: never (at the Red Skull it reveals, as saboteur does)
])
def test_deduce_as_hydra_plays_as_shield_before_its_lurk_tier_then_its_worst_reds(villain, lurk, r, played):
    game = t.position(players=5, loyalty=[1, 0, 0, 1, 0], heroes="HR01,HR03,HR11,HR13,HR06")
    t.set_villain(game, villain)
    t.give_hand(game, 0, [1, 4, -5, -4, -2])
    bot = DeduceBot(seed=0, r=r, lurk=lurk)
    action = bot.act(game.view(0), game.legal_actions())
    assert action == t.play(played)
    game.apply(action)
    assert bot.act(game.view(0), game.legal_actions()) == CLAIM + sum(v > 0 for v in played)   # the truth


def test_the_saboteur_plays_its_worst_reds_and_claims_them_good():
    game = t.position(players=5, loyalty=[1, 0, 0, 1, 0], heroes="HR01,HR03,HR11,HR13,HR06")
    t.give_hand(game, 0, [1, 4, -5, -4, -2])
    bot = SaboteurBot(seed=0, r=2)
    action = bot.act(game.view(0), game.legal_actions())
    assert action == t.play([-5, -4])
    game.apply(action)
    assert bot.act(game.view(0), game.legal_actions()) == CLAIM + 2


def test_the_public_posterior_points_at_the_seats_whose_good_claims_must_hide_a_red():
    game = t.position(players=5, loyalty=[0, 1, 0, 0, 1], heroes="HR01,HR03,HR11,HR13,HR06")
    t.set_villain(game, "V05", health=13, defence=0)
    plays = {0: [-2], 1: [-5], 2: [-3], 3: [1], 4: [-4]}
    for seat, hand in plays.items():
        t.give_hand(game, seat, hand)
    t.finish_plays(game, plays, claims={0: 0, 1: 1, 2: 0, 3: 1, 4: 0})
    marginals = public_belief(game.observe(0)).marginals()
    assert marginals[1] == pytest.approx(marginals[3]) and marginals[1] > 0.5
    assert all(marginals[s] < 0.35 for s in (0, 2, 4))


def test_the_deduce_bot_knows_its_own_disc_and_the_team_when_hydra():
    game = new_game(seed=5, num_players=7)
    shield = next(s for s in range(7) if game.state.loyalty[s] == 0)
    agent = next(s for s in range(7) if game.state.loyalty[s] == 1)
    assert DeduceBot(seed=0).belief(game.view(shield))[shield] == 0.0
    assert DeduceBot(seed=0).belief(game.view(agent)) == pytest.approx([float(x) for x in game.state.loyalty])


def test_the_calibration_tables_run_and_intervals_bound_the_share():
    game = play_game(1, 6, LoyalBot, SaboteurBot, {"r": 1})
    assert game.is_over and game.result().outcome in ("shield", "hydra")
    low, high = wilson(50, 100)
    assert low < 0.5 < high and wilson(0, 0) == (0.0, 0.0)


def test_the_deduce_bot_never_votes_a_seat_it_has_cleared_and_nominates_what_it_is_sure_of():
    from hydra_env.games.hail_hydra.state import NOMINATE, VOTE
    game = t.position(players=5, loyalty=[0, 0, 0, 1, 1], heroes="HR02,HR04,HR05,HR06,HR07")
    t.defeat_villain(game)
    assert t.decision(game) == (0, NOMINATE)
    legal = game.legal_actions()
    info = game.observe(0)
    info["known_loyalty"] = [0, 0, 0, -1, -1]          # as if Widow had cleared seats 1 and 2
    bot = DeduceBot(seed=0)
    for kind in (NOMINATE, VOTE):
        info["decision"] = [0, kind, 0]
        for _ in range(10):
            choice = bot.decide(info, kind, legal)
            assert choice in (t.target(game, 0, 3), t.target(game, 0, 4))


def _resolve_offer(hero: str, villain: int, total: int, cards: list[int] | None = None) -> dict:
    """A SHIELD seat's information at a resolve offer, with only what the ability rules read."""
    comp = default_components()
    v = comp.villain(villain)
    return {"seat": 0, "heroes": [[h.id for h in comp.heroes].index(hero)], "villain": villain, "total": total,
            "defence": v.defence, "health": v.health, "strength": v.strength, "city": 25, "hydra_count": 2,
            "offensives": [{"cards": cards or [0] * 8}]}


@pytest.mark.parametrize("hero, villain, total, wanted", [
    ("HR08", 13, 9, True),      # Archer, Cyborg (health 9, defence 2): 7 damage, 10 with the arrow
    ("HR08", 13, 11, False),    # 9 damage already defeats it: the arrow is kept
    ("HR08", 13, 3, False),     # 1 + 3 does not defeat it either
    ("HR06", 13, 10, True),     # Quake: 8 damage, 10 without defence
    ("HR06", 13, 12, False),    # 10 damage already defeats it
    ("HR08", 17, 20, True),     # at the Red Skull (tier 4) always
    ("HR09", 13, -11, True),    # Sorcerer: -11 becomes 11, 9 damage
    ("HR09", 13, 12, False),    # a total that defeats it is not negated
])
def test_spec9_a_damage_ability_is_used_only_when_that_use_defeats_the_villain(hero, villain, total, wanted):
    info = _resolve_offer(hero, villain, total)
    assert ability_wanted(info, default_components(), "resolve", False, [0.0] * 5) is wanted


def test_spec9_wasp_removes_a_card_only_when_the_removal_defeats_the_villain():
    four_and_minus_three = [0, 0, 0, 1, 0, 1, 0, 0]            # T = 1; without the -3, 4
    comp = default_components()
    # Hydra Enforcer (health 5): 4 damage would not defeat it; Saboteur (health 4): it would.
    assert not ability_wanted(_resolve_offer("HR07", 0, 1, four_and_minus_three), comp, "resolve", False, [0.0] * 5)
    assert ability_wanted(_resolve_offer("HR07", 1, 1, four_and_minus_three), comp, "resolve", False, [0.0] * 5)
