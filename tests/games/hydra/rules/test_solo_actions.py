"""Rule tests of the solo game's setup and actions: R32–R36 of docs/games/hydra/rules.md
(section "The solo game: setup and actions").

Positions come from :mod:`hydra_env.games.hydra.rules.testing` (``solo_game``: colours on the
paths in data order, red c1, white c3, yellow c5, blue c7; path position =
row) and the helpers of :mod:`helpers.solo_games`. Card orders are forced by
editing ``game.state``: decks draw from the END of their lists;
``hydra_decks[0]`` is the light deck, ``hydra_decks[1]`` the red one.

Display slots: 0–4 row A (columns 1–5), 5–9 row B; ``solo_row_c`` is row C.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers.solo_games import (
    MOVE_CARDS,
    SOLO_LIGHT,
    SOLO_RED,
    act,
    finish_round_passing,
    ids,
    pass_,
    tame,
    where,
)

import hydra_env
from hydra_env.games.hydra.rules import testing as ht


def legal_texts(g) -> list[str]:
    return [g.describe(a) for a in g.legal_actions()]


def any_legal(g, *words: str) -> bool:
    return any(all(w in t for w in words) for t in legal_texts(g))


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
    with ht.edit(g) as state:
        state.shielded = [0]                                # even without its shield …
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
