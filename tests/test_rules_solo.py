"""Rule tests of the solo game (R32–R39) and scripted solo games with forced card orders.

Positions come from :mod:`hydra_env.core.testing` (``solo_game``: colours on the
paths in data order, red c1, white c3, yellow c5, blue c7; path position =
row). Card orders are forced by editing ``game.state``: decks draw from the
END of their lists; ``hdeck[0]`` is the light deck, ``hdeck[1]`` the red one.

Display slots: 0–4 row A (columns 1–5), 5–9 row B; ``row`` is row C.
"""

from __future__ import annotations

import hydra_env
import numpy as np
import pytest

from hydra_env.core import testing as ht

COLOURS = ("red", "white", "yellow", "blue")
SOLO_LIGHT = ("H01", "H03", "H05", "H09", "H11", "H15", "H19", "H20", "H21", "H26")
SOLO_RED = ("H29", "H30", "H31", "H32", "H33", "H35", "H37", "H39", "H41", "H42",
            "H43", "H44", "H45", "H46", "H47", "H50", "H51", "H52", "H53", "H56")
MOVE_CARDS = ("A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08", "A09", "A10")

# --------------------------------------------------------------------- helpers


def act(g, *words: str) -> None:
    """Apply the one legal action whose description contains ``words``."""
    g.apply(ht.find_action(g, *words))


def pass_(g, times: int = 1) -> None:
    for _ in range(times):
        act(g, "city action: pass")


def legal_texts(g) -> list[str]:
    return [g.describe(a) for a in g.legal_actions()]


def any_legal(g, *words: str) -> bool:
    return any(all(w in t for w in words) for t in legal_texts(g))


def ids(g, cards, kind: str = "action") -> list:
    """Card ids of a list of card indices (−1 → None)."""
    table = g.components.action_cards if kind == "action" else g.components.hydra_cards
    return [table[c].id if c >= 0 else None for c in cards]


def board(g) -> dict:
    """(position, counter) per colour."""
    st = g.state
    return {c: (st.head_position[ht.colour(g, c)], st.head_count[ht.colour(g, c)]) for c in COLOURS}


def where(g) -> str:
    return g.rules.board.name(g.state.hero_space[0])


def put_on_top(g, pile: list, top_first) -> None:
    """Reorder ``pile`` (a deck list of the state) so that ``top_first`` are drawn first."""
    rest = [c for c in pile if c not in top_first]
    assert len(rest) + len(top_first) == len(pile), "a forced card is not in that deck"
    pile[:] = rest + list(reversed(top_first))


def force_decks(g, *, actions=(), light=(), red=()) -> None:
    st = g.state
    put_on_top(g, st.action_deck, [ht.action_card(g, c) for c in actions])
    put_on_top(g, st.hydra_decks[0], [ht.hydra_card(g, c) for c in light])
    put_on_top(g, st.hydra_decks[1], [ht.hydra_card(g, c) for c in red])


def tame(g) -> None:
    """Put every head back on its maelstrom with counter 0 (flow tests only)."""
    st = g.state
    st.head_position = [0] * 4
    st.head_count = [0] * 4
    st.legal_mask_cache = None


def finish_round_passing(g, *, tamed: bool = True) -> None:
    """Pass through the rest of the round (taming the hydra before its phase)."""
    start = g.state.round
    while not g.is_over and g.state.round == start:
        assert g.pending["kind"] == "action", g.pending
        if tamed and g.phase == "action II" and g.state.actions_done == 4:
            tame(g)
        pass_(g)


def last_round(g) -> None:
    """Make the hand-built game's round the 6th (moon index 5)."""
    g.state.round = 5
    g.state.legal_mask_cache = None


# ------------------------------------------------------------------ R32 setup


@pytest.mark.parametrize("stars, walls", [(1, 10), (2, 8), (3, 6)])
def test_r32_solo_setup_one_hero_in_the_city(stars, walls):
    g = hydra_env.Game.new(10, stars=stars, seed=5)
    st = g.state
    assert g.is_solo and g.num_players == 1
    assert st.hero_space == [g.rules.board.city]
    assert st.shielded == [0]
    assert st.walls == walls
    assert sorted(st.head_position) == [5, 5, 5, 5] and sorted(st.head_count) == [2, 2, 2, 2]
    assert g.round == 1 and g.phase == "action"
    assert g.pending == {"kind": "action", "seat": 0}


def test_r32_hydra_deck_only_solo_marked_cards_light_on_top_of_red():
    g = hydra_env.Game.new(10, 1, seed=11)
    st = g.state
    light = set(ids(g, st.hydra_decks[0] + st.solo_row_c, "hydra"))
    red = set(ids(g, st.hydra_decks[1], "hydra"))
    assert light == set(SOLO_LIGHT)
    assert red == set(SOLO_RED)
    assert len(st.hydra_decks[0]) == 5 and len(st.hydra_decks[1]) == 20
    assert set(ids(g, st.solo_row_c, "hydra")) <= set(SOLO_LIGHT)        # round 1 draws light
    assert st.hydra_discards == [[], []]


def test_r32_action_deck_and_display_at_setup():
    g = hydra_env.Game.new(10, 1, seed=11)
    st = g.state
    assert len(st.display) == 10 and all(c >= 0 for c in st.display)
    assert len(st.action_deck) == 34 and st.action_discard == []
    assert sorted(st.action_deck + st.display) == list(range(44))


def test_r32_rounds_1_2_draw_light_rounds_3_to_6_red():
    g = hydra_env.Game.new(10, 1, seed=2)
    rows = []
    while not g.is_over:
        rows.append(ids(g, g.state.solo_row_c, "hydra"))
        finish_round_passing(g)
    assert g.result().outcome == "won"
    assert len(rows) == 6
    for r, row in enumerate(rows):
        assert set(row) <= set(SOLO_LIGHT if r < 2 else SOLO_RED), (r, row)
    drawn = [c for row in rows for c in row]
    assert sorted(drawn) == sorted(SOLO_LIGHT + SOLO_RED)        # each solo card exactly once


def test_r32_action_deck_is_not_reshuffled_each_round():
    g = hydra_env.Game.new(10, 1, seed=4)
    st = g.state
    deck_before = list(st.action_deck)
    display1 = list(st.display)
    finish_round_passing(g)
    # round 2: the ten next cards of the same deck, in order; round 1's cards discarded
    assert st.display == deck_before[::-1][:10]
    assert st.action_deck == deck_before[:-10]
    assert st.action_discard == display1


def test_r32_action_deck_refilled_from_its_discard_only_when_empty():
    g = hydra_env.Game.new(10, 1, seed=4)
    st = g.state
    for _ in range(3):
        finish_round_passing(g)
    assert g.round == 4 and len(st.action_deck) == 4 and len(st.action_discard) == 30
    rest = list(st.action_deck)
    old_discard = set(st.action_discard)
    round4 = list(st.display)
    finish_round_passing(g)
    assert g.round == 5
    # the last 4 cards of the old deck come first, then 6 from the reshuffled discard
    assert st.display[:4] == rest[::-1]
    assert set(st.display[4:]) <= old_discard | set(round4)
    assert st.action_discard == []
    assert len(st.action_deck) == 34
    assert sorted(st.action_deck + st.display) == list(range(44))


def test_r32_five_tokens_for_each_action_phase():
    g = hydra_env.Game.new(10, 1, seed=1)
    for k in range(5):
        assert g.phase == "action" and g.state.actions_done == k
        pass_(g)
    for k in range(5):
        assert g.phase == "action II" and g.state.actions_done == k
        if k == 4:
            tame(g)
        pass_(g)
    assert g.round == 2 and g.phase == "action"


# ------------------------------------------------------------------ R33 display


def test_r33_display_three_rows_of_five():
    g = hydra_env.Game.new(10, 1, seed=3)
    obs = g.observe(0)
    assert len(obs["display"]) == 10
    assert all(d["card"] is not None for d in obs["display"])
    assert len(obs["row"]) == 5
    assert all(r["present"] and r["card"] is None for r in obs["row"])   # face down
    text = g.render()
    for label in ("A1", "A5", "B1", "B5", "C1", "C5"):
        assert f"display {label}" in text


def test_r33_columns_numbered_one_to_five():
    g = ht.solo_game(display=list(MOVE_CARDS))
    texts = legal_texts(g)
    for k, cid in enumerate(MOVE_CARDS):
        label = f"{'AB'[k // 5]}{k % 5 + 1}"
        assert any(t.startswith(cid) and f"from display {label}:" in t for t in texts), cid


# ------------------------------------------------------------ R34 action phase I


def test_r34_exactly_five_actions_in_phase_one():
    g = ht.solo_game(display=list(MOVE_CARDS))
    pass_(g, 4)
    assert g.phase == "action" and g.state.actions_done == 4
    assert g.observe(0)["row"][0]["card"] is None
    pass_(g)
    assert g.phase == "action II" and g.state.actions_done == 0


def test_r34_one_display_card_per_column():
    g = ht.solo_game(display=list(MOVE_CARDS))
    act(g, "A01", "display A1", "move to r10c0")
    assert where(g) == "r10c0"
    texts = legal_texts(g)
    assert not any("display A1" in t or "display B1" in t for t in texts)
    for label in ("A2", "A3", "A4", "A5", "B2", "B3", "B4", "B5"):
        assert any(f"display {label}" in t for t in texts), label
    act(g, "A07", "display B2", "move to r10c1")
    texts = legal_texts(g)
    assert not any(f"display {lab}" in t for t in texts for lab in ("A1", "B1", "A2", "B2"))
    assert g.state.solo_columns_used == 0b00011


def test_r34_city_actions_once_per_round_portal_and_pass_any_number():
    #   r5  R3            the hero on r6c1, orthogonally below the red head
    #   r6  1
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 3)}, display=list(MOVE_CARDS))
    act(g, "city action: sword 1 against red")
    assert g.state.head_count[0] == 2
    assert not any_legal(g, "city action: sword")
    act(g, "city action: move 1 to r6c2")
    assert not any_legal(g, "city action: move")
    act(g, "city action: portal to r8c1")
    act(g, "city action: portal to city")                 # portal again
    act(g, "city action: portal to r8c3")                 # and again
    assert g.phase == "action II"
    # phase II: the city actions used in phase I stay used; the others are offered
    assert not any_legal(g, "city action: sword")
    assert not any_legal(g, "city action: move")
    assert any_legal(g, "city action: protect")
    act(g, "city action: protect")
    g.state.shielded = [0]                                  # even without its shield …
    g.state.legal_mask_cache = None
    assert not any_legal(g, "city action: protect")       # … protect is used for the round
    act(g, "city action: portal to city")
    pass_(g)
    pass_(g)
    assert g.phase == "action II" and g.state.actions_done == 4


def test_r34_city_harpoon_once_per_round():
    g = ht.solo_game(hero="r3c1", heads={"red": (6, 2)})
    act(g, "city action: harpoon 1")
    assert g.state.head_position[0] == 5 and where(g) == "r2c1"   # R9: the hero moves back too
    assert not any_legal(g, "city action: harpoon")


def test_r34_city_actions_available_again_next_round():
    g = ht.solo_game(hero="city", display=list(MOVE_CARDS))
    act(g, "city action: move 1 to r10c4")
    finish_round_passing(g)
    assert g.round == 2
    assert any_legal(g, "city action: move 1")


def test_r34_no_blocking_in_phase_one():
    g = ht.solo_game(display=list(MOVE_CARDS))
    assert not any_legal(g, "block the hydra card")


# ------------------------------------------------------------------ R35 oracle


def test_r35_oracle_reveals_row_c():
    g = ht.solo_game(row=["H01", "H19", "H26", "H03", "H09"])
    for _ in range(5):
        assert [r["card"] for r in g.observe(0)["row"]] == [None] * 5
        pass_(g)
    assert g.phase == "action II"
    assert [r["card"] for r in g.observe(0)["row"]] == ["H01", "H19", "H26", "H03", "H09"]
    assert "H19" in g.render()


def test_r35_row_c_hidden_before_oracle_in_the_render():
    g = ht.solo_game(row=["H01", "H19", "H26", "H03", "H09"])
    text = g.render()
    assert "face down" in text and "H19" not in text


def test_r35_observation_before_oracle_does_not_depend_on_row_c():
    a = ht.solo_game(row=["H01", "H19", "H26", "H03", "H09"])
    b = ht.solo_game(row=["H20", "H21", "H05", "H11", "H15"])
    assert a.observe(0)["row"] == b.observe(0)["row"]


def test_r35_row_c_is_hidden_information_until_the_oracle():
    # R41 with R35: a seat's samples re-deal row C before the oracle, never after it.
    g = ht.solo_game(row=["H01", "H19", "H26", "H03", "H09"])
    rng = np.random.default_rng(0)
    before = {tuple(g.view(0).sample(rng).state.solo_row_c) for _ in range(8)}
    assert len(before) > 1
    pass_(g, 5)
    after = {tuple(g.view(0).sample(rng).state.solo_row_c) for _ in range(8)}
    assert after == {tuple(g.state.solo_row_c)}


# ---------------------------------------------------------- R36 action phase II


def test_r36_any_unused_display_card_in_phase_two():
    g = ht.solo_game(display=list(MOVE_CARDS))
    act(g, "A01", "display A1", "move to r10c0")
    pass_(g, 4)
    assert g.phase == "action II"
    texts = legal_texts(g)
    assert not any("display A1" in t for t in texts)                 # used in phase I
    assert any("display B1" in t for t in texts)                      # same column: allowed now
    act(g, "A06", "display B1", "move to r10c1")
    act(g, "A02", "display A2", "move to r10c2")
    act(g, "A07", "display B2", "move to r10c3")                     # two cards of column 2
    assert g.state.display_token == [1, 2, 0, 0, 0, 2, 2, 0, 0, 0]


def test_r36_block_a_hydra_card():
    g = ht.solo_game(row=["H01", "H19", "H26", "H03", "H09"], phase=2)
    blocks = [t for t in legal_texts(g) if t.startswith("block the hydra card")]
    assert len(blocks) == 5
    act(g, "block the hydra card of row C, column 2")
    assert g.state.solo_row_c_blocked == [0, 1, 0, 0, 0]
    assert not any_legal(g, "row C, column 2")
    assert g.observe(0)["row"][1]["blocked"] is True
    assert g.state.actions_done == 1


def test_r36_empty_row_c_space_cannot_be_blocked():
    g = ht.solo_game(row=["H01", None, "H26", None, None], phase=2)
    blocks = [t for t in legal_texts(g) if t.startswith("block the hydra card")]
    assert blocks == ["block the hydra card of row C, column 1",
                      "block the hydra card of row C, column 3"]


def test_r36_exactly_five_actions_in_phase_two_then_the_hydra_phase():
    g = ht.solo_game(display=[None] * 10, row=["H45", None, None, None, None], phase=2,
                     heads={"red": (3, 1)})
    pass_(g, 4)
    assert g.phase == "action II" and g.state.head_count[0] == 1
    pass_(g)
    assert g.round == 2 and g.phase == "action"
    assert g.state.head_count[0] == 3                                        # H45 resolved


# ------------------------------------------------------------ R37 hydra phase


def run_hydra_phase(g) -> None:
    """From the start of phase II, pass 5 times (the Hydra phase follows)."""
    assert g.phase == "action II"
    pass_(g, 5)


def test_r37_row_a_left_to_right_before_row_b():
    # A5 = A36 (grow 2 red), B1 = A41 (move 2 red, then move 2 white). Reading
    # order does A5 before B1: red grows from 0 first, then moves.
    display = [None] * 10
    display[4], display[5] = "A36", "A41"
    g = ht.solo_game(display=display, row=[None] * 5, phase=2,
                     heads={"red": (3, 0), "white": (3, 0)})
    run_hydra_phase(g)
    assert board(g)["red"] == (5, 2)
    assert board(g)["white"] == (3, 0)


def test_r37_row_a_before_row_b_in_one_column():
    # A1 = A41 (move red first: counter 0, no move), B1 = A36 (grow 2 red).
    display = [None] * 10
    display[0], display[5] = "A41", "A36"
    g = ht.solo_game(display=display, row=[None] * 5, phase=2, heads={"red": (3, 0)})
    run_hydra_phase(g)
    assert board(g)["red"] == (3, 2)


def test_r37_row_b_before_row_c():
    # B5 = A36 (grow 2 red) then C1 = H29 (move 2 red, +1 boat: r3 is boat).
    display = [None] * 10
    display[9] = "A36"
    g = ht.solo_game(display=display, row=["H29", None, None, None, None], phase=2,
                     heads={"red": (3, 0)})
    run_hydra_phase(g)
    assert board(g)["red"] == (6, 2)


def test_r37_row_c_after_the_display():
    # A1 = A41 (move 2 red …), C1 = H45 (grow 2 red): the move comes first and fails.
    display = [None] * 10
    display[0] = "A41"
    g = ht.solo_game(display=display, row=["H45", None, None, None, None], phase=2,
                     heads={"red": (3, 0)})
    run_hydra_phase(g)
    assert board(g)["red"] == (3, 2)


@pytest.mark.parametrize("row, red", [
    (["H29", "H45", None, None, None], (3, 2)),   # move (fails at 0), then grow
    (["H45", "H29", None, None, None], (6, 2)),   # grow, then move 2 +1 boat
    ([None, "H45", None, None, "H29"], (6, 2)),
    ([None, "H29", None, "H45", None], (3, 2)),
])
def test_r37_row_c_left_to_right(row, red):
    g = ht.solo_game(display=[None] * 10, row=row, phase=2, heads={"red": (3, 0)})
    run_hydra_phase(g)
    assert board(g)["red"] == red


def test_r37_cards_with_a_token_are_not_resolved():
    # A1 (A11: grow 2 red) used in phase I, B2 (A09: grow 2 blue) used in phase II,
    # C1 (H45: grow 2 red) blocked; only A2 (A17: grow 2 red) and C2 (H47: grow 2
    # yellow) are resolved.
    display = [None] * 10
    display[0], display[1], display[6] = "A11", "A17", "A09"
    g = ht.solo_game(display=display, row=["H45", "H47", None, None, None],
                     heads={"red": (1, 0), "white": (1, 0), "yellow": (1, 0), "blue": (1, 0)})
    act(g, "A11", "display A1", "move to r10c4")
    pass_(g, 4)
    act(g, "A09", "display B2", "move to r10c2")
    act(g, "block the hydra card of row C, column 1")
    pass_(g, 3)
    assert g.round == 2
    assert board(g) == {"red": (1, 2), "white": (1, 0), "yellow": (1, 2), "blue": (1, 0)}


def test_r37_every_effect_of_the_phase_in_order_with_a_decision_between():
    # A1 = A10 (move 2 blue, then move 2 red): blue runs over the protected hero,
    # who evades (a decision in the middle of the Hydra phase); red still moves,
    # then C1 = H53 (grow 1 red, then bite red) bites next to red's new place.
    display = [None] * 10
    display[0] = "A10"
    g = ht.solo_game(hero="r6c7", shield=True, display=display, phase=2,
                     row=["H53", None, None, None, None],
                     heads={"blue": (5, 2), "red": (3, 1)})
    pass_(g, 5)
    assert g.pending == {"kind": "evade", "seat": 0, "cause": "run over"}
    assert g.phase == "hydra"
    act(g, "put the hero on r6c6")
    assert g.round == 2
    assert board(g)["blue"] == (7, 2)
    assert board(g)["red"] == (5, 2)
    assert where(g) == "r6c6"                                # out of red's reach


# ---------------------------------------------------------------- R38 cleanup


def test_r38_cleanup_keeps_phase_two_cards_and_refills_only_empty_spaces():
    display = list(MOVE_CARDS)
    g = ht.solo_game(display=display, row=["H01", "H19", "H26", "H03", "H09"],
                     heads={c: (1, 0) for c in COLOURS})
    st = g.state
    act(g, "A01", "display A1", "move to r10c0")            # phase I
    pass_(g, 4)
    act(g, "A07", "display B2", "move to r10c1")            # phase II: stays
    act(g, "block the hydra card of row C, column 1")
    pass_(g, 2)
    deck = list(st.action_deck)
    light = list(st.hydra_decks[0])
    tame(g)
    pass_(g)
    assert g.round == 2 and g.phase == "action"
    kept = ht.action_card(g, "A07")
    assert st.display[6] == kept                            # same place
    assert st.display_token == [0] * 10
    new = deck[::-1][:9]
    assert [st.display[i] for i in (0, 1, 2, 3, 4, 5, 7, 8, 9)] == new
    assert st.action_deck == deck[:-9]
    assert ids(g, st.action_discard) == [c for c in MOVE_CARDS if c != "A07"]
    # every hydra card of row C (the blocked one too) is discarded; new row from the deck
    assert ids(g, st.hydra_discards[0], "hydra") == ["H01", "H19", "H26", "H03", "H09"]
    assert st.solo_row_c == light[::-1][:5] and st.solo_row_c_blocked == [0] * 5
    assert st.solo_row_c_face_up == 0 and st.solo_columns_used == 0 and st.city_actions_used == [0]


def test_r38_kept_card_can_be_used_in_the_next_round():
    g = ht.solo_game(display=list(MOVE_CARDS), heads={c: (1, 0) for c in COLOURS})
    pass_(g, 5)
    act(g, "A07", "display B2", "move to r10c1")
    pass_(g, 3)
    tame(g)
    pass_(g)
    assert g.round == 2
    act(g, "A07", "display B2", "move to r10c2")
    assert g.state.display_token[6] == 1


def test_r38_kept_card_used_in_phase_one_next_round_is_discarded_then():
    g = ht.solo_game(display=list(MOVE_CARDS), heads={c: (1, 0) for c in COLOURS})
    pass_(g, 5)
    act(g, "A07", "display B2", "move to r10c1")
    pass_(g, 3)
    tame(g)
    pass_(g)
    act(g, "A07", "display B2", "move to r10c2")
    finish_round_passing(g)
    assert ht.action_card(g, "A07") in g.state.action_discard
    assert ht.action_card(g, "A07") not in g.state.display


@pytest.mark.parametrize("regrow, red", [(False, 0), (True, 3)])
def test_r38_option_solo_regrow_heads(regrow, red):
    opts = {"solo_regrow_heads": True} if regrow else None
    g = ht.solo_game(display=[None] * 10, row=[None] * 5, phase=2, options=opts,
                     heads={"red": (4, 0), "white": (4, 2), "yellow": (4, 0), "blue": (4, 6)})
    assert g.options.solo_regrow_heads is regrow
    pass_(g, 5)
    assert g.round == 2
    assert [board(g)[c][1] for c in COLOURS] == [red, 2, red, 6]


def clear_table(g) -> None:
    """Put the display and row C back into their decks (an empty table)."""
    st, T = g.state, g.rules.tables
    st.action_deck.extend(c for c in st.display if c >= 0)
    st.display = [-1] * len(st.display)
    for c in st.solo_row_c:
        if c >= 0:
            st.hydra_decks[T.hcard_deck[c]].append(c)
    st.solo_row_c = [-1] * len(st.solo_row_c)
    st.legal_mask_cache = None


@pytest.mark.parametrize("options, heads", [
    (None, [0, 2, 0, 2]),
    ({}, [0, 2, 0, 2]),
    ({"solo_regrow_heads": False}, [0, 2, 0, 2]),
    ({"solo_regrow_heads": True}, [3, 2, 3, 2]),
])
def test_r38_option_through_game_new(options, heads):
    g = hydra_env.Game.new(10, 1, seed=0, options=options)
    assert g.options.solo_regrow_heads is bool(options and options["solo_regrow_heads"])
    clear_table(g)
    g.state.head_count = [0, 2, 0, 2]
    pass_(g, 10)
    assert g.round == 2
    assert g.state.head_count == heads
    assert ht.invariants(g) == []


def test_r38_no_cleanup_after_round_six_so_regrow_never_changes_the_score():
    scores = []
    for regrow in (False, True):
        g = ht.solo_game(display=[None] * 10, row=[None] * 5, phase=2,
                         options={"solo_regrow_heads": regrow},
                         heads={"red": (4, 0), "white": (4, 2), "yellow": (4, 0), "blue": (4, 1)})
        last_round(g)
        pass_(g, 5)
        assert g.is_over
        assert g.state.head_count == [0, 2, 0, 1]
        scores.append(g.result().score)
    assert scores == [100 - 16 - 3 + 10] * 2


# ------------------------------------------------------------- R39 end, score


def test_r39_game_lasts_six_rounds():
    g = hydra_env.Game.new(10, 1, seed=8)
    decisions = 0
    while not g.is_over:
        assert g.pending["kind"] == "action"
        if g.phase == "action II" and g.state.actions_done == 4:
            tame(g)
        pass_(g)
        decisions += 1
    assert decisions == 60
    r = g.result()
    assert r.outcome == "won" and r.city_saved and r.rounds == 6
    assert g.round == 6 and g.phase == "game over"
    assert g.legal_actions() == [] and g.current_player == -1


def test_r39_round_six_hydra_phase_is_resolved_before_the_end():
    g = ht.solo_game(display=[None] * 10, row=["H45", None, None, None, None], phase=2,
                     heads={"red": (4, 1)})
    last_round(g)
    pass_(g, 5)
    assert g.is_over and g.state.head_count[0] == 3
    assert g.result().heads == 3 + 2 + 2 + 2


def test_r39_no_early_victory():
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 1), "white": (5, 0), "yellow": (5, 0),
                                         "blue": (5, 0)})
    act(g, "city action: sword 1 against red")
    assert g.state.head_count == [0, 0, 0, 0]
    assert not g.is_over
    assert g.pending == {"kind": "action", "seat": 0}
    assert g.result().outcome == "ongoing" and g.result().score is None


def test_r39_defeat_when_all_four_heads_reach_the_last_space():
    g = ht.solo_game(heads={"red": (9, 1), "white": (9, 1), "yellow": (9, 1), "blue": (7, 1)})
    ht.run_effects(g, ("move", "blue", 3), ("grow", "red", 1))
    assert g.is_over
    r = g.result()
    assert r.outcome == "lost" and r.score is None and not r.city_saved
    assert g.state.walls == 10                     # at once: the third point is not played
    assert g.state.head_count[0] == 1                   # the rest of the effects are not done
    assert g.legal_actions() == []


def test_r39_three_heads_at_the_wall_is_no_defeat():
    g = ht.solo_game(heads={"red": (9, 1), "white": (9, 1), "yellow": (9, 1), "blue": (7, 1)},
                     barricades=["r9c7"])
    ht.run_effects(g, ("move", "blue", 3))
    assert not g.is_over
    assert g.state.head_position == [9, 9, 9, 8]


def test_r39_all_heads_at_the_wall_in_the_hydra_phase():
    # C1 = H35 (move 2 blue, +1 beach) brings blue to the wall; C2 = H45 never happens.
    g = ht.solo_game(row=["H35", "H45", None, None, None], display=[None] * 10, phase=2,
                     heads={"red": (9, 1), "white": (9, 1), "yellow": (9, 1), "blue": (8, 1)})
    pass_(g, 5)
    assert g.is_over and g.result().outcome == "lost"
    assert g.state.walls == 10 and g.state.head_count[0] == 1
    assert g.result().rounds == 1


def test_r39_coordinated_game_has_no_all_heads_defeat():
    g = ht.coop_game(heads={"red": (9, 1), "white": (9, 1), "yellow": (9, 1), "blue": (8, 1)})
    ht.run_effects(g, ("move", "blue", 1))
    assert not g.is_over


def test_r39_wall_damage_short_of_the_last_token_lets_the_game_go_on():
    # A1 = A11 (grow 2 red: 1 → 3), C2 = H29 (move 2 red from r9: 2 walls, 3 → 1; the
    # boat bonus does not apply on the beach), C3 = H45 (grow 2 red: 3 → 5).
    display = [None] * 10
    display[0] = "A11"
    g = ht.solo_game(row=[None, "H29", "H45", None, None], display=display, phase=2, walls=3,
                     heads={"red": (9, 1)})
    pass_(g, 5)
    assert not g.is_over and g.state.walls == 1
    assert board(g)["red"] == (9, 5)
    assert g.round == 2 and g.phase == "action"


def test_r39_last_wall_in_the_hydra_phase_stops_the_phase():
    g = ht.solo_game(row=["H29", "H45", None, None, None], display=[None] * 10, phase=2,
                     walls=2, heads={"red": (9, 1)})
    pass_(g, 5)
    assert g.is_over and g.result().outcome == "lost"
    assert g.state.walls == 0 and g.state.head_count[0] == 1        # H45 never resolved
    assert g.result().rounds == 1


@pytest.mark.parametrize("hero, on_wall, score", [
    ("r10c4", 1, 100 - 15 - 8 - 5 + 7),
    ("r10c0", 1, 100 - 15 - 8 - 5 + 7),
    ("city", 0, 100 - 15 - 8 + 7),
    ("r9c4", 0, 100 - 15 - 8 + 7),
])
def test_r39_score(hero, on_wall, score):
    #   necks = 3 + 4 + 6 + 2 = 15, counters = 2 + 0 + 5 + 1 = 8, walls 7
    g = ht.solo_game(hero=hero, display=[None] * 10, row=[None] * 5, phase=2, walls=7,
                     heads={"red": (3, 2), "white": (4, 0), "yellow": (6, 5), "blue": (2, 1)},
                     barricades=["r7c7"], shield=True)
    last_round(g)
    pass_(g, 5)
    assert g.is_over
    r = g.result()
    assert (r.outcome, r.city_saved, r.score) == ("won", True, score)
    assert (r.necks, r.heads, r.walls, r.hero_on_wall, r.rounds) == (15, 8, 7, on_wall, 6)
    assert r.mode == "solo"


def test_r39_loss_has_no_score_but_keeps_the_figures():
    g = ht.solo_game(hero="r10c3", heads={"red": (9, 2), "white": (4, 3)}, walls=1)
    ht.run_effects(g, ("move", "red", 1))
    r = g.result()
    assert r.outcome == "lost" and r.score is None and r.city_saved is False
    assert (r.necks, r.heads, r.walls, r.hero_on_wall, r.rounds) == (9 + 4 + 5 + 5, 2 + 3 + 2 + 2,
                                                                       0, 1, 1)


def test_r39_result_before_the_end_is_ongoing():
    g = hydra_env.Game.new(10, 1, seed=0)
    r = g.result()
    assert r.outcome == "ongoing" and r.score is None and r.rounds == 1


# ------------------------------------------------------ scripted solo games


def test_scripted_round_one_hand_checked():
    """A forced round 1 played by hand; the whole board checked, then round 2's deal.

    Display (hero side | hydra side):
      A1 A21 sword 2 (+1 red)   | grow 1 blue, move 2 blue (+1 beach)
      A2 A40 portal             | grow 1 blue, move 2 blue (+1 boat)
      A3 A25 harpoon 1 (+1 red) | grow 2 white
      A4 A34 barricade          | grow 2 blue
      A5 A11 move 2 (+1 beach)  | grow 2 red
      B1 A15 sword 1 (+1 white) | grow 2 blue
      B2 A01 move 1 (+1 boat)   | grow 2 yellow
      B3 A36 barricade          | grow 2 red
      B4 A42 protect            | grow 1 red, move 2 red (+1 boat)
      B5 A16 sword 1 (+1 white) | move 2 yellow, move 2 blue
      C  H01 move 1 red (+1 boat) · H19 bite yellow · H26 grow 1 yellow, grow 1 blue ·
         H03 move 1 white (+1 reef) · H09 grow 1 red
    """
    display = ["A21", "A40", "A25", "A34", "A11", "A15", "A01", "A36", "A42", "A16"]
    row = ["H01", "H19", "H26", "H03", "H09"]
    g = ht.solo_game(display=display, row=row)
    next_actions = ["A02", "A03", "A04", "A05", "A06", "A07", "A08", "A09", "A10", "A12"]
    next_light = ["H05", "H11", "H15", "H20", "H21"]
    force_decks(g, actions=next_actions, light=next_light)
    st = g.state
    assert board(g) == {c: (5, 2) for c in COLOURS} and st.walls == 10

    # Phase I (one card per column): A2, city move, A5, A1, A4.
    act(g, "A40", "portal to r8c1")
    act(g, "city action: move 1 to r7c1")
    act(g, "A11", "move to r6c1")                 # r7c1 → r7c0 → r6c1 (beach bonus forgone)
    act(g, "A21", "strike red for 2, bonus forgone")
    assert board(g)["red"] == (5, 0)
    act(g, "A34", "raise a barricade on r6c1")
    assert g.phase == "action II"
    assert [r["card"] for r in g.observe(0)["row"]] == row
    # Phase II: protect from B4, block C5 and C2, pass twice.
    act(g, "A42", "take a shield")
    act(g, "block the hydra card of row C, column 5")
    act(g, "block the hydra card of row C, column 2")
    pass_(g, 2)
    # Hydra phase, in reading order:
    #   A3 white 2→4 · B1 blue 2→4 · B2 yellow 2→4 · B3 red 0→2 ·
    #   B5 yellow 5→7, blue 5→7 · C1 red stopped by the barricade on r6c1 (destroyed,
    #   hero on it unharmed, shield kept) · C3 yellow 4→5, blue 4→5 ·
    #   C4 white from r5 (reef) moves 1+1 → r7.
    assert g.round == 2 and g.phase == "action"
    assert board(g) == {"red": (5, 2), "white": (7, 4), "yellow": (7, 5), "blue": (7, 5)}
    assert where(g) == "r6c1" and st.shielded == [1]
    assert [b for b in st.barricade_space if b >= 0] == []
    assert st.walls == 10
    # Cleanup and round 2's preparation: B4 stays, the 9 others go, 9 new in slot order.
    assert ids(g, st.display) == ["A02", "A03", "A04", "A05", "A06",
                                  "A07", "A08", "A09", "A42", "A10"]
    assert ids(g, st.action_discard) == ["A21", "A40", "A25", "A34", "A11", "A15", "A01", "A36", "A16"]
    assert ids(g, st.hydra_discards[0], "hydra") == row
    assert ids(g, st.solo_row_c, "hydra") == next_light
    assert st.hydra_decks[0] == [] and len(st.hydra_decks[1]) == 20
    assert ht.invariants(g) == []


def test_scripted_last_round_to_a_score():
    """Round 6 by hand: hero actions, the hydra phase, the final score.

      r4  .  r  .  w  .  y  .  b       heads on r5 (counters 2, 4, 1, 6), walls 9
      r5  .  R2 .  W4 .  Y1 .  B6
      r6  .  .  .  .  .  .  .  .
      r7  .  .  .  .  .  .  .  1       the hero on r7c7
    Display: A1 A24 sword 2 (+1 blue) | grow 1 red, move 2 red ·
             A2 A13 sword 1 (+1 red) | grow 1 yellow, move 2 yellow (+1 beach) ·
             A3 A11 move 2 (+1 beach) | grow 2 red ·
             B1 A07 move 1 (+1 wall) | grow 1 yellow, move 2 yellow (+1 reef) · rest empty.
    Row C: C1 H47 grow 2 yellow · C2 H52 bite blue, then bite red.
    """
    display = ["A24", "A13", "A11", None, None, "A07", None, None, None, None]
    g = ht.solo_game(hero="r7c7", display=display, row=["H47", "H52", None, None, None],
                     heads={"red": (5, 2), "white": (5, 4), "yellow": (5, 1), "blue": (5, 6)},
                     walls=9)
    last_round(g)
    # Phase I
    act(g, "city action: move 1 to r6c7")
    act(g, "A24", "strike blue for 3")                    # 6 → 3
    act(g, "A13", "strike blue for 1")                    # 3 → 2
    act(g, "city action: sword 1 against blue")           # 2 → 1
    pass_(g)
    assert board(g)["blue"] == (5, 1)
    # Phase II: block the bites (the hero stands in blue's reach), go to the wall.
    act(g, "block the hydra card of row C, column 2")
    act(g, "city action: portal to city")
    act(g, "A07", "display B1", "move to r10c4")
    pass_(g, 2)
    # Hydra phase: A3 (A11) grow 2 red → 4; C1 (H47) grow 2 yellow → 3; C2 blocked.
    assert g.is_over
    assert board(g) == {"red": (5, 4), "white": (5, 4), "yellow": (5, 3), "blue": (5, 1)}
    r = g.result()
    assert (r.outcome, r.walls, r.hero_on_wall, r.necks, r.heads) == ("won", 9, 1, 20, 12)
    assert r.score == 100 - 20 - 12 - 5 + 9 == 72


# --- a whole game with forced decks, checked against a small reference model


AREA_OF_ROW = ("boat",) * 4 + ("reef",) * 3 + ("beach",) * 3
BITE_WALL = (0, 1, 1, 2, 2, 2, 3)


class ReferenceHydra:
    """R17–R20 for a board without heroes in reach and without barricades."""

    def __init__(self, g, pos, heads, walls):
        self.areas = g.components.board.areas
        self.pos, self.heads, self.walls = list(pos), list(heads), walls
        self.over = False

    def effect(self, e) -> None:
        if self.over:
            return
        c = e.colour
        if e.op == "grow":
            self.heads[c] = min(6, self.heads[c] + e.n)
            return
        if self.heads[c] == 0:
            return
        if e.op == "bite":
            if self.pos[c] == 9:
                self.damage(BITE_WALL[self.heads[c]])
            return
        bonus = e.bonus_area >= 0 and self.areas[e.bonus_area] == AREA_OF_ROW[self.pos[c]]
        points = e.n + (1 if bonus else 0)
        steps = min(points, 9 - self.pos[c])
        self.pos[c] += steps
        if steps and self.pos[c] == 9 and min(self.pos) == 9:
            self.over = True                     # R39: all four at the wall, at once
            return
        self.damage(min(3, points - steps))

    def damage(self, n) -> None:
        self.walls = max(0, self.walls - n)
        if self.walls == 0:
            self.over = True


# Action cards whose hydra side only grows or bites (harmless to a hero in the
# inner city while every head is below the wall): 12 "grow 2", 8 "grow 1, bite".
MILD_1 = ("A01", "A06", "A09", "A11", "A15", "A17", "A20", "A25", "A31", "A34")
MILD_2 = ("A36", "A39", "A03", "A05", "A14", "A19", "A28", "A30", "A33", "A44")
REST = tuple(f"A{k:02d}" for k in range(1, 45) if f"A{k:02d}" not in MILD_1 + MILD_2)
# Light deck: the four moving cards fall on columns 1 and 3 of rounds 1 and 2.
LIGHT_ORDER = ("H01", "H09", "H03", "H11", "H15", "H05", "H19", "H21", "H20", "H26")


def forced_game():
    """Round 1 of a solo game with every deck forced (display MILD_1, then MILD_2,
    then the rest in id order; light LIGHT_ORDER; red SOLO_RED in order)."""
    g = ht.solo_game(display=list(MILD_1), row=list(LIGHT_ORDER[:5]))
    force_decks(g, actions=MILD_2 + REST, light=LIGHT_ORDER[5:], red=SOLO_RED)
    return g


def block_round(g, columns) -> None:
    """5 passes in phase I; in phase II block ``columns`` (1-based) and pass."""
    pass_(g, 5)
    for col in columns:
        act(g, f"block the hydra card of row C, column {col}")
    pass_(g, 5 - len(columns))


def test_scripted_full_game_with_forced_decks_matches_reference():
    """Every round: 5 passes, then block columns 1 and 3 and pass 3 times.

    The hero never leaves the inner city, so only positions, counters and walls
    change; a small reference model of R17–R20 predicts each round's board and
    the moment of the end from the forced card orders.
    """
    g = forced_game()
    acards, hcards = g.components.action_cards, g.components.hydra_cards
    st = g.state
    ref = ReferenceHydra(g, st.head_position, st.head_count, st.walls)
    deck = list(MILD_1 + MILD_2 + REST)
    hydra = list(LIGHT_ORDER + SOLO_RED)
    rounds_played = 0
    while not g.is_over:
        shown, deck = deck[:10], deck[10:]
        row, hydra = hydra[:5], hydra[5:]
        assert ids(g, st.display) == shown
        assert ids(g, st.solo_row_c, "hydra") == row
        block_round(g, (1, 3))
        rounds_played += 1
        for cid in shown:
            for e in acards[ht.action_card(g, cid)].hydra:
                ref.effect(e)
        for col, cid in enumerate(row):
            if col not in (0, 2):
                for e in hcards[ht.hydra_card(g, cid)].effects:
                    ref.effect(e)
        assert (st.head_position, st.head_count, st.walls) == (ref.pos, ref.heads, ref.walls), rounds_played
        assert g.is_over == ref.over
        assert rounds_played <= 4, "the forced game should end before the deck reshuffles"
    r = g.result()
    assert r.outcome == "lost" and r.score is None
    assert r.rounds == rounds_played == 3


def test_scripted_full_game_lost_in_round_three():
    """The same forced game, checked by hand.

    Round 1: only growth (MILD_1; H01 and H03 blocked; H09, H11, H15 grow) →
    every counter 6. Round 2: MILD_2 grows and bites on r5 (nobody there); H05
    and H21 blocked → unchanged. Round 3, display A02 A04 A07 A08 A10 / A12 A13
    A16 A18 A21, all heads on r5 (reef) with 6:
      A02 blue +1 reef: r5→r8 · A04 red +1 reef: r5→r8 · A07 yellow +1 reef: r5→r8 ·
      A08 yellow 2: r9 and 1 wall (9) · A10 blue 2: r9, 1 wall (8); red 2: r9, 1 wall (7) ·
      A12 white +1 reef: r5→r8 · A13 yellow 2 +1 beach on r9: 3 walls (4) ·
      A16 yellow 2: 2 walls (2); blue 2: 2 walls (0) → lost; the rest never happens.
    """
    g = forced_game()
    block_round(g, (1, 3))
    assert board(g) == {c: (5, 6) for c in COLOURS} and g.state.walls == 10
    block_round(g, (1, 3))
    assert board(g) == {c: (5, 6) for c in COLOURS} and g.state.walls == 10
    assert g.round == 3
    assert ids(g, g.state.solo_row_c, "hydra") == list(SOLO_RED[:5])          # red from round 3
    block_round(g, (1, 3))
    assert g.is_over
    assert board(g) == {"red": (9, 6), "white": (8, 6), "yellow": (9, 6), "blue": (9, 6)}
    assert g.state.walls == 0
    r = g.result()
    assert (r.outcome, r.score, r.rounds, r.necks, r.heads) == ("lost", None, 3, 35, 24)
    assert g.pending is None and g.state.tasks == []


def restack(g, card_ids) -> None:
    """Put these action cards (from the deck or the discard) on top of the deck."""
    st = g.state
    cards = [ht.action_card(g, c) for c in card_ids]
    st.action_deck = [c for c in st.action_deck if c not in cards]
    st.action_discard = [c for c in st.action_discard if c not in cards]
    st.action_deck.extend(reversed(cards))


def test_scripted_six_round_game_won_by_blocking_every_hydra_card():
    """Six rounds: the display alternates MILD_1 / MILD_2 (restacked each round),
    the hero blocks all of row C in phase II. Only growth and harmless bites.

    End: every head on r5 with 6, walls 10, hero in the city:
    100 − 20 − 24 + 10 = 66. No cleanup after round 6: its row stays.
    """
    g = forced_game()
    st = g.state
    for rnd in range(1, 7):
        assert g.round == rnd
        assert set(ids(g, st.solo_row_c, "hydra")) <= set(LIGHT_ORDER if rnd <= 2 else SOLO_RED)
        assert ids(g, st.display) == list(MILD_1 if rnd % 2 else MILD_2)
        restack(g, MILD_2 if rnd % 2 else MILD_1)
        block_round(g, (1, 2, 3, 4, 5))
    assert g.is_over
    assert board(g) == {c: (5, 6) for c in COLOURS}
    r = g.result()
    assert (r.outcome, r.score, r.rounds, r.walls, r.hero_on_wall) == ("won", 66, 6, 10, 0)
    assert ids(g, st.hydra_discards[0], "hydra") == list(LIGHT_ORDER)
    assert ids(g, st.hydra_discards[1], "hydra") == list(SOLO_RED[:15])
    assert ids(g, st.solo_row_c, "hydra") == list(SOLO_RED[15:])
    assert st.hydra_decks == [[], []]
    assert len(g.history) == 60
