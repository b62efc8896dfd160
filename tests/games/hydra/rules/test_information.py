"""Tests of the information rules (R41 of docs/games/hydra/rules.md, section "Information"):
what a seat may see, and re-dealing what it may not (``Game.observe``,
``Game.determinize``).

Hidden from a seat: deck orders, face-down hydra cards (solo row C before the
oracle phase, the coordinated Hydra-phase stack), other seats' hands (action
and hydra cards). Everything else is public; an observation must not change
when only hidden information changes.
"""

from __future__ import annotations

import json
from functools import cache

import numpy as np
import pytest

from hydra_env import Game
from hydra_env.games.hydra.rules import testing as ht

SCENARIOS = range(1, 13)
GAMES_PER_SCENARIO = 6


@cache
def positions(scenario: int) -> tuple[Game, ...]:
    """Every decision point of a few uniformly random games (fixed seeds)."""
    out = []
    for seed in range(GAMES_PER_SCENARIO):
        g = Game.new(scenario=scenario, seed=1000 * scenario + seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            out.append(g.clone())
            g.apply(int(rng.choice(g.legal_actions())))
    return tuple(out)


def strings(x) -> set[str]:
    """Every string value (and key) anywhere in a JSON-like structure."""
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(k) | strings(v) for k, v in x.items())) if x else set()
    if isinstance(x, (list, tuple)):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def hidden_ids(g: Game, seat: int) -> set[str]:
    """Ids of the cards hidden from ``seat`` (R41), by the full state."""
    st, comp = g.state, g.components
    a_ids = [c.id for c in comp.action_cards]
    h_ids = [c.id for c in comp.hydra_cards]
    action = list(st.action_deck)
    hydra = [c for d in st.hydra_decks for c in d] + list(st.hydra_stack)
    for o in range(st.players):
        if o != seat:
            action += [c for k, c in enumerate(st.action_hands[o]) if not st.action_hand_used[o][k]]
            hydra += st.hydra_hands[o]
    for x, src in zip(st.hydra_queue, st.hydra_queue_owner):
        if x < 0:
            hydra.append(~x)
        elif src not in (-1, seat):
            action.append(x)
    if st.solo and not st.solo_row_c_face_up:
        hydra += [c for c in st.solo_row_c if c >= 0]
    return {a_ids[c] for c in action} | {h_ids[c] for c in hydra}


def hidden_parts(st, seat: int) -> dict[str, object]:
    """The hidden parts of a state that a re-deal may change."""
    others = [o for o in range(st.players) if o != seat]
    return {
        "deck": tuple(st.action_deck),
        "hands": tuple(tuple(c for k, c in enumerate(st.action_hands[o]) if not st.action_hand_used[o][k])
                       for o in others),
        "hhands": tuple(tuple(st.hydra_hands[o]) for o in others),
        "stack": tuple(st.hydra_stack),
        "row": tuple(st.solo_row_c) if st.solo and not st.solo_row_c_face_up else (),
        "hdeck": tuple(tuple(d) for d in st.hydra_decks),
    }


# --------------------------------------------------------------------- determinize


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_r41_determinize_keeps_the_view_and_redeals_hidden_cards(scenario):
    rng = np.random.default_rng(41 + scenario)
    changed: dict[str, list[bool]] = {k: [] for k in ("deck", "hands", "hhands", "stack", "row",
                                                      "hdeck")}
    games = positions(scenario)
    assert len(games) >= 30
    for g in games:
        for seat in range(g.num_players):
            obs = g.observe(seat)
            before = json.dumps(g.state.to_dict(), sort_keys=True)
            d = g.determinize(seat, rng)
            # (a) the seat sees the same thing
            assert d.observe(seat) == obs
            # (b) it has the same choices when it is to act
            if g.current_player == seat:
                assert d.legal_actions() == g.legal_actions()
                assert d.pending == g.pending
            # the original is untouched; the copy is a consistent game
            assert json.dumps(g.state.to_dict(), sort_keys=True) == before
            assert ht.invariants(d) == []
            # (c) what changed
            old, new = hidden_parts(g.state, seat), hidden_parts(d.state, seat)
            if len(old["deck"]) >= 5:
                changed["deck"].append(old["deck"] != new["deck"])
            if any(old["hands"]):
                changed["hands"].append(old["hands"] != new["hands"])
            if any(old["hhands"]):
                changed["hhands"].append(old["hhands"] != new["hhands"])
            if len(old["stack"]) >= 1:
                changed["stack"].append(old["stack"] != new["stack"])
            if sum(len(d) for d in old["hdeck"]) >= 5:
                changed["hdeck"].append(old["hdeck"] != new["hdeck"])
            if len([c for c in old["row"] if c >= 0]) >= 2:
                changed["row"].append(old["row"] != new["row"])
    solo = scenario >= 10
    assert changed["deck"] and np.mean(changed["deck"]) > 0.9
    assert changed["hdeck"] and np.mean(changed["hdeck"]) > 0.9
    if solo:
        assert len(changed["row"]) >= 10 and np.mean(changed["row"]) > 0.7
        assert not changed["hands"] and not changed["stack"]
    else:
        assert len(changed["hands"]) >= 20 and np.mean(changed["hands"]) > 0.7
        assert len(changed["hhands"]) >= 20 and np.mean(changed["hhands"]) > 0.7
        assert len(changed["stack"]) >= 20 and np.mean(changed["stack"]) > 0.7


@pytest.mark.parametrize("scenario", [1, 7, 10])
def test_r41_determinized_games_play_on_legally(scenario):
    rng = np.random.default_rng(7)
    for g in positions(scenario)[::5]:
        d = g.determinize(g.current_player, rng)
        for _ in range(15):
            if d.is_over:
                break
            d.apply(int(rng.choice(d.legal_actions())))
            assert ht.invariants(d) == []


def test_r41_determinize_seeds_are_reproducible_and_future_randomness_reseeded():
    g = positions(3)[10]
    seat = g.current_player
    a, b = g.determinize(seat, 5), g.determinize(seat, 5)
    assert a.to_json() == b.to_json()
    assert a.seed != g.seed


def test_r41_determinize_in_the_hydra_phase_keeps_own_unused_cards_in_the_queue():
    # A coordinated Hydra phase waiting on an evasion: the queue holds unused cards.
    found = 0
    rng = np.random.default_rng(0)
    for scenario in range(1, 10):
        for g in positions(scenario):
            st = g.state
            if g.phase != "hydra" or not st.hydra_queue:
                continue
            found += 1
            for seat in range(st.players):
                d = g.determinize(seat, rng)
                keep = sorted(x for x, s in zip(st.hydra_queue, st.hydra_queue_owner)
                              if x >= 0 and s in (-1, seat))      # display / own cards
                got = sorted(x for x, s in zip(d.state.hydra_queue, d.state.hydra_queue_owner)
                             if x >= 0 and s in (-1, seat))
                assert got == keep
                assert len(d.state.hydra_queue) == len(st.hydra_queue)
                assert [x < 0 for x in d.state.hydra_queue] == [x < 0 for x in st.hydra_queue]
                assert d.observe(seat) == g.observe(seat)
    assert found >= 5


# --------------------------------------------------------------------- observe


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_r41_observation_holds_no_hidden_card_by_value(scenario):
    for g in positions(scenario):
        st = g.state
        for seat in range(g.num_players):
            seen = strings(g.observe(seat))
            leaked = hidden_ids(g, seat) & seen
            assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
            if not st.solo:
                own = {g.components.action_cards[c].id for c in st.action_hands[seat]}
                own |= {g.components.hydra_cards[c].id for c in st.hydra_hands[seat]}
                assert own <= seen                      # its own hand is shown


def _two_coop_games(order=(0, 1)):
    """Scenario 8, seat ``order[0]`` to act; the two games differ only in seat 1's
    action hand (three protect cards / three portal cards), seat 1's hydra card,
    the stack and the deck (order and contents)."""
    for seed in range(100):
        kw = dict(scenario=8, seed=seed, order=list(order),
                  display=["A01", "A06", "A09", "A15"])
        try:
            a = ht.coop_game(**kw, hands={0: ["A20", "A25", "A31"], 1: ["A42", "A43", "A44"]},
                             hydra_hands={0: ["H11"], 1: ["H13"]})
            b = ht.coop_game(**kw, hands={0: ["A20", "A25", "A31"], 1: ["A38", "A39", "A40"]},
                             hydra_hands={0: ["H11"], 1: ["H14"]})
        except ValueError:
            continue
        if a.state.hydra_stack == b.state.hydra_stack:
            st = b.state
            st.hydra_stack[0], st.hydra_decks[0][0] = st.hydra_decks[0][0], st.hydra_stack[0]
        b.state.action_deck.reverse()
        b.state.hydra_decks[1].reverse()
        return a, b
    raise AssertionError("no seed deals the cards")


def test_r41_by_hand_other_hands_and_stack_do_not_change_the_view():
    a, b = _two_coop_games()
    assert a.state.action_hands[1] != b.state.action_hands[1] and a.state.hydra_hands[1] != b.state.hydra_hands[1]
    assert a.state.hydra_stack != b.state.hydra_stack and a.state.action_deck != b.state.action_deck
    assert a.observe(0) == b.observe(0)
    assert a.render(0) == b.render(0) and a.render() == b.render()
    assert a.legal_actions() == b.legal_actions()   # seat 0 to act
    assert a.view(0).observe() == b.view(0).observe()
    # not vacuous: seat 1 does see its own (different) hand
    assert a.observe(1) != b.observe(1)
    assert a.render(1) != b.render(1)


def test_r41_by_hand_the_view_stays_equal_after_the_same_public_actions():
    a, b = _two_coop_games()
    for g in (a, b):
        g.apply(ht.find_action(g, "play hydra card", "H11"))
        g.apply(g.codec.pass_)                       # seat 0 passes
    assert a.current_player == b.current_player == 1
    assert a.observe(0) == b.observe(0)


def test_r41_seat_view_describe_of_a_waiting_seat_names_no_hidden_card():
    # Seat 1 is to act; a bot of seat 0 holds only its SeatView ("cannot peek").
    a, b = _two_coop_games(order=(1, 0))
    va, vb = a.view(0), b.view(0)
    assert a.current_player == 1 and va.seat == 0
    hidden = {"A42", "A43", "A44", "A38", "A39", "A40"}
    leaks = {va.describe(x) for x in range(a.action_size)
             if any(h in va.describe(x) for h in hidden)}
    assert not leaks, f"seat 0's view describes seat 1's hand: {sorted(leaks)[:3]}"
    assert [va.describe(x) for x in range(a.action_size)] == \
        [vb.describe(x) for x in range(b.action_size)]


def test_r41_seat_view_legal_actions_of_a_waiting_seat_do_not_depend_on_hidden_cards():
    a, b = _two_coop_games(order=(1, 0))
    va, vb = a.view(0), b.view(0)
    assert va.observe() == vb.observe()
    assert va.legal_actions() == vb.legal_actions()
    assert (va.legal_mask() == vb.legal_mask()).all()


def test_r41_by_hand_solo_row_c_hidden_until_the_oracle():
    kw = dict(scenario=10, seed=2, display=["A01", "A02", "A03", "A04", "A05",
                                            "A06", "A07", "A08", "A09", "A10"])
    a = ht.solo_game(row=["H01", "H03", "H05", "H09", "H11"], **kw)
    b = ht.solo_game(row=["H19", "H20", "H21", "H26", "H15"], **kw)
    b.state.action_deck.reverse()
    assert a.observe(0) == b.observe(0)
    assert a.legal_actions() == b.legal_actions()
    assert all(r["card"] is None and r["present"] for r in a.observe(0)["row"])
    # after the oracle phase row C is public
    a2 = ht.solo_game(row=["H01", "H03", "H05", "H09", "H11"], phase=2, **kw)
    b2 = ht.solo_game(row=["H19", "H20", "H21", "H26", "H15"], phase=2, **kw)
    assert a2.observe(0) != b2.observe(0)
    assert [r["card"] for r in a2.observe(0)["row"]] == ["H01", "H03", "H05", "H09", "H11"]


def test_r41_observe_is_plain_json_data():
    for scenario in (1, 10):
        g = positions(scenario)[3]
        for seat in range(g.num_players):
            obs = g.observe(seat)
            assert json.loads(json.dumps(obs)) == obs
