"""Hail Hydra rules HH21-HH24: the knock-out phase, vote rounds, eligibility, knocked-out heroes."""

from __future__ import annotations

from hydra_env.games.hail_hydra import testing as t
from hydra_env.games.hail_hydra.codec import PASS, UP
from hydra_env.games.hail_hydra.flow import tally
from hydra_env.games.hail_hydra.state import GIFT_TARGET, NOMINATE, NONE, PLAY, UP_VOTE, VOTE

QUIET = "HR02,HR04,HR05,HR06,HR07"      # play and resolve windows only: no knock-out or verdict offer


def to_phase(players: int = 5, next_tier: int | None = None, out: list[int] = ()) -> t.HailHydraGame:
    loyalty = [0, 1, 0, 1, 0, 0, 1, 0][:players]
    heroes = ",".join(QUIET.split(",") + ["HR08", "HR09", "HR14"])[:5 * players - 1]
    game = t.position(players=players, loyalty=loyalty, heroes=heroes)
    t.set_villain(game, "V05", defence=0)
    if next_tier is not None:
        ids = {2: 5, 3: 12, 4: 17}
        t.edit(game, stack=[ids[next_tier]], stack_tiers=[next_tier])
    if out:
        t.edit(game, out=[s in out for s in range(players)], queue=[s for s in game.state.queue if s not in out])
    t.defeat_villain(game)
    return game


def ballots(game, choose) -> None:
    """Answer every nomination and vote of the current round with ``choose(seat, kind)``."""
    rounds = len(game.state.rounds)
    while not game.is_over and t.decision(game)[1] in (NOMINATE, VOTE) and len(game.state.rounds) == rounds:
        seat, kind = t.decision(game)
        game.apply(choose(seat, kind))


def test_hh21_heroes_rejoin_and_the_coming_tier_sets_the_number_of_rounds():
    game = to_phase(out=[2])
    assert game.state.out == [False] * 5 and len(game.state.rounds) == 1 and game.state.rounds_left == 0
    ballots(game, lambda seat, kind: UP)
    assert game.state.mission == 1 and t.decision(game)[1] == PLAY and len(game.state.rounds) == 1
    for players, tier, rounds in ((5, 3, 2), (7, 4, 3), (6, 4, 2)):
        game = to_phase(players, next_tier=tier)
        count = 0
        while game.state.stage in ("nominate", "vote"):
            count += 1
            ballots(game, lambda seat, kind: UP)
        assert count == rounds == game.components.knockout_rounds[(tier, players)]


def test_hh22_plurality_knocks_out_a_tie_or_up_on_top_knocks_out_nobody():
    assert tally([2, 2, 3, UP_VOTE, 2]) == 2
    assert tally([2, 2, 3, 3, UP_VOTE]) == NONE
    assert tally([UP_VOTE, UP_VOTE, 3, 2, UP_VOTE]) == NONE
    assert tally([UP_VOTE, UP_VOTE, 3, 3, 1]) == NONE
    game = to_phase()
    ballots(game, lambda seat, kind: UP if seat == 2 else t.target(game, seat, 2))
    record = game.state.rounds[0]
    assert record["result"] == 2 and record["closed"] and game.state.out[2] is True    # out for the mission
    assert game.state.offensives[-1]["out"][2] is True and game.state.knockouts == [1, 0]


def test_hh22_nominations_are_public_at_once_votes_when_the_round_closes():
    game = to_phase()
    game.apply(t.target(game, 0, 3))
    assert game.observe(4)["rounds"][0]["nominations"][0] == 3
    while t.decision(game)[1] == NOMINATE:
        game.apply(UP)
    game.apply(t.target(game, 0, 3))
    assert game.observe(4)["rounds"][0]["votes"][0] != 3 and game.observe(0)["rounds"][0]["votes"][0] == 3


def test_hh23_targets_are_other_seats_not_out_in_this_phase_and_not_immune():
    game = to_phase(next_tier=3)
    legal = game.legal_actions()
    assert t.target(game, 0, 0) not in legal and UP in legal and len(legal) == 5
    ballots(game, lambda seat, kind: UP if seat == 2 else t.target(game, seat, 2))
    assert game.state.out[2] and t.decision(game)[1] == NOMINATE
    seat = t.decision(game)[0]
    assert t.target(game, seat, 2) not in game.legal_actions() and UP in game.legal_actions()
    assert t.decision(game)[0] == 0                                      # knocked out seats still vote
    game.state.immune[4] = True
    t.refresh(game)
    assert t.target(game, 0, 4) not in game.legal_actions()


def test_hh24_a_knocked_out_hero_does_not_play_but_holds_the_token_draws_and_gives():
    game = to_phase(out=[])
    ballots(game, lambda seat, kind: UP if seat == 1 else t.target(game, seat, 1))
    assert game.state.out[1] and game.state.token == 1
    assert t.decision(game) == (1, GIFT_TARGET)
    assert game.state.hand_size(1) == 6                                  # holder: drew a full hand
    game.apply(PASS if PASS in game.legal_actions() else game.legal_actions()[0])
    while t.decision(game)[1] != PLAY:
        game.apply(game.legal_actions()[0])
    seats = []
    while game.state.stage == "play" and len(game.state.offensives) == 2:
        seat, kind = t.decision(game)
        seats.append(seat) if kind == PLAY else None
        game.apply(next(a for a in game.legal_actions() if a < 164 or a == PASS) if kind == PLAY
                   else game.legal_actions()[-1])
    assert 1 not in seats and sorted(seats) == [0, 2, 3, 4]
