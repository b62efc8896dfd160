"""Rule tests of the solo game's Hydra phase, clean up, end and score: R37–R40
of docs/games/hydra/rules.md (section "The solo game: hydra phase, end and score").

Positions come from :mod:`hydra_env.games.hydra.rules.testing` (``solo_game``: colours on the
paths in data order, red c1, white c3, yellow c5, blue c7; path position =
row) and the helpers of :mod:`helpers.solo_games`. Card orders are forced by
editing ``game.state``: decks draw from the END of their lists;
``hydra_decks[0]`` is the light deck, ``hydra_decks[1]`` the red one.

Display slots: 0–4 row A (columns 1–5), 5–9 row B; ``solo_row_c`` is row C.
"""

from __future__ import annotations

import pytest
from helpers.solo_games import (
    COLOURS,
    MOVE_CARDS,
    act,
    board,
    finish_round_passing,
    ids,
    last_round,
    pass_,
    tame,
    where,
)

import hydra_env
from hydra_env.games.hydra.rules import testing as ht

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
    st, tables = g.state, g.rules.tables
    st.action_deck.extend(c for c in st.display if c >= 0)
    st.display = [-1] * len(st.display)
    for c in st.solo_row_c:
        if c >= 0:
            st.hydra_decks[tables.hcard_deck[c]].append(c)
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
    with ht.edit(g) as state:
        state.head_count = [0, 2, 0, 2]
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
