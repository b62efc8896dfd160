"""Property checks, part 1: the engine against the independent reference reading
of the rules (tests/games/hydra/engine/reference_rules.py, reference_hydra_phase.py), over
many seeded random games (scenarios 1–12).

``legal_actions()`` is compared with the reference's legal decisions at every
action decision, the pieces after each hero action with the reference's
outcome, and the pieces after a whole Hydra phase (solo and coordinated) with
the reference's phase. Random play is that of tests/games/hydra/engine/random_play.py:
every failure reproduces from its (scenario, seed, late).
"""

from __future__ import annotations

import random

import pytest
from random_play import ALL, COOP, SOLO, games, new_game, towards_the_hydra, where
from reference_hydra_phase import AbortError, ref_coop_hydra_phase, ref_solo_hydra_phase
from reference_rules import (
    CITY,
    CITY_ONCE,
    COLS,
    PATH_COLS,
    ROW_AREA,
    ROWS,
    WALL_ROW,
    RefView,
    ref_adjacent,
    ref_legal,
    ref_outcome,
    ref_outcome_none,
    ref_places,
)

from hydra_env import Game
from hydra_env.games.hydra.rules.codec import A_PLAY_HYDRA
from hydra_env.games.hydra.rules.state import (
    DECIDE_ACTION,
    DECIDE_AFTER_ACTION,
    DECIDE_EVADE,
    DECIDE_FOLLOW,
    DECIDE_SHOVED,
    PHASE_ACTIONS,
    PHASE_ACTIONS_II,
    PHASE_HYDRA,
)


def test_reference_board_is_the_shipped_board() -> None:
    """The reference above reads the board of components.md; so does the shipped data."""
    game = Game.new(10, 1, 0)
    board, rule_board = game.components.board, game.rules.board
    assert (board.rows, board.cols, board.wall_row, rule_board.city) == (ROWS, COLS, WALL_ROW, CITY)
    assert [[tuple(x) for x in p] for p in board.paths] == \
        [[(r, c) for r in range(10)] for c in PATH_COLS]
    assert {r * COLS + c for r, c in board.portals} | {CITY} == RefView(game).portals
    assert tuple(board.areas[a] for a in board.row_area) == ROW_AREA
    for s in range(CITY + 1):
        assert set(rule_board.nbrs[s]) == ref_adjacent(s), f"R1 adjacency of {rule_board.name(s)}"


@pytest.mark.parametrize("scenario", ALL)
def test_legal_hero_actions_match_the_reference(scenario: int) -> None:
    """R3–R16, R28, R34, R36: legal_actions() equals the reference at every action decision."""
    for seed, late in games(full=15, late=15, base=800):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        used: dict[tuple[int, int], set[int]] = {}
        while not game.is_over:
            st = game.state
            seat = st.pending.seat
            once = used.setdefault((st.round, seat), set())
            legal = game.legal_actions()
            for ref in (ref_legal(game, once), ref_places(game)):
                if ref is not None:
                    extra = [game.describe(a) for a in sorted(set(legal) - ref)]
                    missing = [game.codec.describe(a) for a in sorted(ref - set(legal))]
                    assert not extra and not missing, (
                        f"{where(game)}\nlegal but not by the rules: {extra}\n"
                        f"legal by the rules but not offered: {missing}\n{game.render()}")
            action = legal[rng.randrange(len(legal))]
            if seed % 2 and rng.random() < 0.8:
                action = rng.choice(towards_the_hydra(game, legal) or [action])
            if st.pending.kind == DECIDE_ACTION and game.codec.kind[action] in CITY_ONCE:
                once.add(game.codec.kind[action])
            game.apply(action)


@pytest.mark.parametrize("scenario", ALL)
def test_hero_action_outcomes_match_the_reference(scenario: int) -> None:
    """R4–R16, R22: heads, counters, heroes, glory, walls, barricades, shields right after
    each hero action that no Hydra phase followed (so that nothing else moved the pieces)."""
    checked = 0
    for seed, late in games(full=12, late=12, base=900):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        while not game.is_over:
            st = game.state
            legal = game.legal_actions()
            hot = towards_the_hydra(game, legal)
            action = rng.choice(hot if hot and rng.random() < 0.8 else legal)
            if st.pending.kind != DECIDE_ACTION or game.codec.kind[action] == A_PLAY_HYDRA:
                game.apply(action)
                continue
            prev = game.clone()
            exp = ref_outcome(prev, action)
            game.apply(action)
            st = game.state
            if game.is_over or st.round != prev.state.round or st.phase == PHASE_HYDRA:
                continue                       # a Hydra phase ran: other causes moved pieces
            kind = st.pending.kind
            got = {"head_pos": st.head_position, "heads": st.head_count, "hero": list(st.hero_space),
                   "glory": st.glory, "walls": st.walls, "barricades": st.barricade_space,
                   "shield": st.shielded,
                   "next": kind if kind in (DECIDE_FOLLOW, DECIDE_EVADE, DECIDE_SHOVED) else None,
                   "target": st.pending.follow_space if kind == DECIDE_FOLLOW else None}
            if exp["next"] == "?":             # shoved heroes: only the mover is known
                seat = prev.state.pending.seat
                got["next"] = "?"
                exp["hero"] = [exp["hero"][seat]]
                got["hero"] = [got["hero"][seat]]
            diff = {k: (exp[k], got[k]) for k in exp if exp[k] != got[k]}
            assert not diff, (f"{where(prev)}: after {prev.describe(action)} "
                              f"(expected, got): {diff}\n{prev.render()}")
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("scenario", SOLO)
def test_solo_hydra_phase_matches_the_reference(scenario: int) -> None:
    """R17–R21, R37, R39: the pieces after a whole solo Hydra phase, when no decision
    (an evasion) interrupts it."""
    checked = outcomes = 0
    for seed, late in games(full=60, late=60, base=1100):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        while not game.is_over:
            st = game.state
            legal = game.legal_actions()
            hot = towards_the_hydra(game, legal)
            action = rng.choice(hot if hot and seed % 2 and rng.random() < 0.8 else legal)
            last = st.pending.kind == DECIDE_ACTION and st.phase == PHASE_ACTIONS_II and \
                st.actions_done == game.rules.scenario.tokens - 1
            if not last:
                game.apply(action)
                continue
            prev = game.clone()
            after = ref_outcome(prev, action)
            game.apply(action)
            if after["next"] is not None:
                continue                       # a follow or an evasion comes first
            try:
                exp = ref_solo_hydra_phase(prev, action, after)
            except AbortError:
                continue
            st = game.state
            got = {"head_pos": st.head_position, "heads": st.head_count, "hero": st.hero_space,
                   "glory": st.glory, "walls": st.walls, "barricades": st.barricade_space,
                   "shield": st.shielded, "outcome": st.outcome if game.is_over else None}
            diff = {k: (exp[k], got[k]) for k in exp if exp[k] != got[k]}
            assert not diff, (f"{where(prev)}: Hydra phase after {prev.describe(action)} "
                              f"(expected, got): {diff}\n{prev.render()}")
            checked += 1
            outcomes += game.is_over
    assert checked > 50 and outcomes > 10


@pytest.mark.parametrize("scenario", COOP)
def test_coop_hydra_phase_matches_the_reference(scenario: int) -> None:
    """R17–R21, R24, R29–R31: the pieces after a whole coordinated Hydra phase and the
    support phase, when no decision (an evasion) interrupts it."""
    checked = outcomes = 0
    for seed, late in games(full=25, late=25, base=1300, rounds=2):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        while not game.is_over:
            st = game.state
            legal = game.legal_actions()
            hot = towards_the_hydra(game, legal)
            action = rng.choice(hot if hot and seed % 2 and rng.random() < 0.8 else legal)
            kind = st.pending.kind
            hero_action = kind == DECIDE_ACTION and game.codec.kind[action] != A_PLAY_HYDRA
            if not (hero_action or kind == DECIDE_AFTER_ACTION and action == game.codec.end_turn) \
                    or st.phase != PHASE_ACTIONS or st.victory:
                game.apply(action)
                continue
            prev = game.clone()
            after = ref_outcome(prev, action) if hero_action else ref_outcome_none(prev)
            game.apply(action)
            st = game.state
            ran = game.is_over or st.round > prev.state.round
            if not ran or after["next"] is not None or st.victory:
                continue                       # no Hydra phase, or a decision came first
            try:
                exp = ref_coop_hydra_phase(prev, action, after)
            except AbortError:
                continue
            got = {"head_pos": st.head_position, "heads": st.head_count, "hero": st.hero_space,
                   "glory": st.glory, "walls": st.walls, "barricades": st.barricade_space,
                   "shield": st.shielded, "outcome": st.outcome if game.is_over else None}
            diff = {k: (exp[k], got[k]) for k in exp if exp[k] != got[k]}
            assert not diff, (f"{where(prev)}: Hydra phase after {prev.describe(action)} "
                              f"(expected, got): {diff}\n{prev.render()}")
            checked += 1
            outcomes += game.is_over
    assert checked > 10 and outcomes > 5
