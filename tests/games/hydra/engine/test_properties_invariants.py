"""Property checks, part 2: invariants and masks at every decision, a referee of
whole games, and illegal actions, over many seeded random games.

The referee (``Referee``) checks one game across its decisions against the
rules, not the engine's tables: invariants, turn order, once-per-round city
actions, action counts, wall repairs, R26, R38. Random play is that of
tests/games/hydra/engine/random_play.py: every failure reproduces from its (scenario,
seed, late).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from random_play import (
    ALL,
    COOP,
    check_decision,
    check_end,
    games,
    more_invariants,
    new_game,
    play,
    sampled_positions,
    towards_the_hydra,
    where,
)
from reference_rules import CITY, CITY_ONCE, RefView, ref_adjacent, ref_lose

from hydra_env import Game, IllegalActionError
from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.codec import A_BARRICADE, A_CITY_PORTAL, A_DEST, A_PLAY_HYDRA, A_PROTECT, DISPLAY_SLOTS
from hydra_env.games.hydra.rules.state import (
    DECIDE_ACTION,
    DECIDE_AFTER_ACTION,
    DECIDE_BUCKLE_UP,
    DECIDE_EVADE,
    DECIDE_FOLLOW,
    DECIDE_SHOVED,
    EVADE_BITE,
    PHASE_ACTIONS,
    PHASE_ACTIONS_II,
    PHASE_HYDRA,
)
from hydra_env.games.hydra.rules.testing import invariants

WRONG_TYPES = (1.5, "3", None, b"3", [3], (3,), {}, np.float64(3.0), 3 + 0j, np.array(3.0))


# --------------------------------------------------------------------- a referee of whole games
class Referee:
    """Checks of one game across its decisions, against the rules (not the engine's tables).

    ``check(game, action)`` runs before each decision, ``after(prev, action, game)``
    after it (``prev`` is a clone taken before), ``finish(game)`` at the end.
    """

    def __init__(self) -> None:
        self.arrival = False        # the last decision put a hero on a space by portal/evasion
        self.city_once: set[tuple[int, int, int]] = set()
        self.actions: dict[tuple[int, int, int], int] = {}

    def check(self, g: Game, action: int) -> None:
        st, rules = g.state, g.rules
        board, codec = rules.board, rules.codec
        kind, seat = st.pending.kind, st.pending.seat
        heads = {board.paths[st.hydra_path[c]][st.head_position[c]] for c in range(len(st.head_count))}
        if rules.solo:
            assert st.walls > 0 and min(st.head_position) < board.last_pos, "R39: the game should be over"
            if st.phase == PHASE_ACTIONS_II:
                assert st.solo_row_c_face_up, "R35: row C is face up in action phase II"
            if st.phase == PHASE_ACTIONS and st.actions_done == 0 and not any(st.display_token):
                assert all(c >= 0 for c in st.display), "R33: the display is full"
                assert all(c >= 0 for c in st.solo_row_c) and not st.solo_row_c_face_up, "R33: row C face down"
        else:
            assert st.walls > 0, "R31: the game should be over"
            if max(st.head_count) == 0:
                assert st.victory, "R31: all counters are 0, victory is due"
            if st.phase == PHASE_HYDRA:
                assert not any(st.hydra_hands), "R28: hydra cards left in hand in the Hydra phase"
            if kind in (DECIDE_BUCKLE_UP, DECIDE_ACTION, DECIDE_AFTER_ACTION) and st.phase != PHASE_HYDRA:
                assert seat == st.turn_order[st.turn_order_index], "R25/R26: decisions in turn order"
            if kind == DECIDE_BUCKLE_UP and st.turn_order_index == 0:
                assert st.turn_order == sorted(range(st.players), key=lambda h: st.glory[h]), "R25"
                assert min(st.head_count) > 0, "R30: counters at 0 grow back to 3"
                assert all(len(h) == rules.scenario.action_hand for h in st.action_hands), "R27"
                assert all(len(h) == rules.scenario.hydra_hand for h in st.hydra_hands), "R27"
                assert len(st.display) == rules.scenario.display, "R27"
                assert len(st.hydra_stack) == rules.scenario.hydra_stack, "R27"
        if kind in (DECIDE_SHOVED, DECIDE_EVADE):
            at = st.hero_space[seat]
            others = {s for h, s in enumerate(st.hero_space) if h != seat and s != board.city}
            places = {codec.arg[a] for a in g.legal_actions()}
            free = ref_adjacent(at) - heads - RefView(g).maelstroms
            assert places <= free, f"R2/R4/R5/R13: {sorted(places - free)} from {board.name(at)}"
            if kind == DECIDE_SHOVED:
                assert not places & others, f"R4: a shoved hero put on a hero ({places & others})"
                assert CITY not in free or CITY in places, "R2/R4: the city is always free"
                if self.arrival:               # a portal or an evasion: no walk to avoid
                    assert places == free - others, f"R4: shove places from {board.name(at)}"
            elif st.pending.cause == EVADE_BITE:     # R13: outside the bite of one head
                biters = [c for c in range(len(st.head_count)) if st.head_count[c] > 0
                          and at in ref_adjacent(RefView(g).head[c])]
                assert any(places == free - ref_adjacent(RefView(g).head[c]) for c in biters), \
                    f"R13: evasion places out of a bite from {board.name(at)}: {sorted(places)}"
        if kind == DECIDE_FOLLOW:
            target = st.pending.follow_space
            assert target not in heads and target not in st.hero_space, "R10: follow to a free space"
        if kind == DECIDE_ACTION and codec.kind[action] in CITY_ONCE:
            key = (st.round, seat, codec.kind[action])
            assert key not in self.city_once, f"R16: city action used twice in a round: {key}"
            self.city_once.add(key)
        if kind == DECIDE_ACTION and codec.kind[action] != A_PLAY_HYDRA:
            key = (st.round, st.phase, seat)
            self.actions[key] = self.actions.get(key, 0) + 1

    def after(self, prev: Game, action: int, g: Game) -> None:
        p, st, rules = prev.state, g.state, g.rules
        assert g.history == prev.history + [action]
        kind, card = rules.codec.kind[action], None
        if p.pending.kind == DECIDE_ACTION and kind == A_DEST:
            slot = rules.codec.slot[action]
            card = p.display[slot] if slot < DISPLAY_SLOTS else \
                p.action_hands[p.pending.seat][slot - DISPLAY_SLOTS]
        self.arrival = p.pending.kind == DECIDE_EVADE or kind == A_CITY_PORTAL or (
            card is not None and g.components.action_cards[card].hero.kind == "portal")
        if st.walls > p.walls:
            assert rules.codec.kind[action] == A_BARRICADE and p.hero_space[p.pending.seat] == rules.board.city, \
                "walls rose without a wall repair (R11)"
            assert st.walls == p.walls + 1
        if p.pending.kind == DECIDE_EVADE:
            assert not st.shielded[p.pending.seat], "R13: an evading hero loses its shield"
        if p.pending.kind == DECIDE_BUCKLE_UP:                                          # R26
            seat, yes = p.pending.seat, action == rules.codec.yes
            assert st.glory == (ref_lose(p.glory, seat, 1) if yes else p.glory), "R26/R22"
            assert len(st.action_hands[seat]) == len(p.action_hands[seat]), "R26: as many new cards"
            assert st.hydra_hands == p.hydra_hands, "R26: hydra cards are never exchanged"
            if not yes:
                assert st.action_hands == p.action_hands
        if rules.solo and not g.is_over and st.round > p.round:
            kept = {slot for slot, t in enumerate(p.display_token) if t == 2}
            if rules.codec.kind[action] <= A_PROTECT and p.phase == PHASE_ACTIONS_II:
                kept.add(rules.codec.slot[action])
            for slot in kept:
                assert st.display[slot] == p.display[slot], "R38: a phase-II card left its place"

    def finish(self, g: Game) -> None:
        st, rules = g.state, g.rules
        complete = st.round + (1 if st.outcome == "won" and not st.victory else 0)
        for (rnd, _phase, _seat), count in self.actions.items():
            if rnd < complete:
                assert count == rules.scenario.tokens, f"R28/R34/R36: {count} actions in round {rnd + 1}"


def play_refereed(game: Game, seed: int, hot: float = 0.0) -> Game:
    """``play`` with every check of this file at every decision; with ``hot`` > 0 that
    share of the decisions prefers actions towards the Hydra (``towards_the_hydra``)."""
    rng = random.Random(seed)
    referee = Referee()
    while not game.is_over:
        check_decision(game)
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if hot and rng.random() < hot:
            near = towards_the_hydra(game, legal)
            action = rng.choice(near) if near else action
        referee.check(game, action)
        prev = game.clone()
        game.apply(action)
        referee.after(prev, action, game)
    check_end(game)
    referee.finish(game)
    return game


# --------------------------------------------------------------------- invariants, masks
@pytest.mark.parametrize("scenario", ALL)
def test_invariants_and_mask_hold_at_every_decision(scenario: int) -> None:
    """invariants() is empty, the mask equals legal_actions() and is never empty before the end."""
    for seed, late in games(full=40, late=30):
        play_refereed(new_game(scenario, seed, late=late), seed, hot=0.8 if seed % 2 else 0.0)


@pytest.mark.parametrize("scenario", COOP)
def test_r23_r25_compass_start_and_first_turn_order(scenario: int) -> None:
    """R23: tokens on 0, −1, −2, −3 in random order; R25: the last on the compass plays 1st."""
    firsts = set()
    for seed in range(30):
        st = Game.new(scenario, 1, seed).state
        assert sorted(st.glory) == list(range(-(st.players - 1), 1))
        assert st.turn_order == sorted(range(st.players), key=lambda h: st.glory[h])
        firsts.add(st.glory.index(0))
    assert firsts == set(range(st.players)), "R23: every seat can start first on the compass"


@pytest.mark.parametrize("scenario", ALL)
def test_every_legal_action_applies_on_its_own_clone(scenario: int) -> None:
    """Each legal action of sampled positions applies without error (also as a numpy int)."""
    for pos in sampled_positions(scenario, n_games=4, every=3):
        before = pos.to_json()
        for i, a in enumerate(pos.legal_actions()):
            assert pos.is_legal(a)
            assert pos.describe(a)
            child = pos.clone()
            child.apply(np.int64(a) if i % 2 else a)
            assert child.history == pos.history + [a]
            assert invariants(child) == [], f"after {pos.describe(a)}: {where(child)}"
            assert more_invariants(child) == [], f"after {pos.describe(a)}: {where(child)}"
            assert child.is_over or child.legal_actions(), where(child)
        assert pos.to_json() == before, "applying on a clone changed the original"


@pytest.mark.parametrize("scenario", ALL)
def test_illegal_actions_raise_and_leave_the_game_unchanged(scenario: int) -> None:
    """Illegal indices (a sample and the boundaries) and wrong types raise IllegalActionError."""
    rng = random.Random(scenario)
    for pos in sampled_positions(scenario, n_games=3, every=4, base=50):
        before = pos.to_json()
        legal = set(pos.legal_actions())
        illegal = [a for a in range(pos.action_size) if a not in legal]
        probes = rng.sample(illegal, 25) + [-1, -pos.action_size, pos.action_size,
                                            pos.action_size + 1, 2 ** 70] + list(WRONG_TYPES)
        for a in probes:
            with pytest.raises(IllegalActionError) as info:
                pos.apply(a)
            assert str(info.value), f"empty message for {a!r}"
            assert not pos.is_legal(a)
            assert pos.to_json() == before, f"illegal {a!r} changed the game: {where(pos)}"


@pytest.mark.parametrize("scenario", (10, 12, 1, 4, 8))
def test_every_illegal_index_raises_in_a_few_positions(scenario: int) -> None:
    """The whole action space: each index outside legal_actions() raises, game unchanged."""
    for pos in list(sampled_positions(scenario, n_games=1, every=9, base=70))[:4]:
        before = pos.to_json()
        legal = set(pos.legal_actions())
        for a in range(pos.action_size):
            if a not in legal:
                with pytest.raises(IllegalActionError):
                    pos.apply(a)
        assert pos.to_json() == before


@pytest.mark.parametrize("scenario", (10, 1))
def test_no_action_is_legal_after_the_end(scenario: int) -> None:
    """A finished game rejects every index and stays unchanged."""
    game = play(new_game(scenario, 3), 3)
    before = game.to_json()
    for a in (0, 1, game.codec.pass_, game.action_size - 1, -1, game.action_size, None):
        with pytest.raises(IllegalActionError):
            game.apply(a)
    assert game.to_json() == before


def test_bool_is_not_an_action_index() -> None:
    """True/False are not action indices (explain.why_illegal says "not an integer").

    Position: hero on r1c0 with A01 (move 1, +1 boat) in display A1, so that
    action 0 ("display slot 0: move to r0c0") is legal. ``apply(False)`` must
    raise, not be taken as ``apply(0)``::

        r0   .  ~r         <- r0c0: the destination of action 0
        r1   1             <- the hero
    """
    game = ht.solo_game(hero="r1c0", display=["A01"])
    assert game.is_legal(0)
    before = game.to_json()
    assert not game.is_legal(False)
    with pytest.raises(IllegalActionError):
        game.apply(False)
    assert game.to_json() == before
