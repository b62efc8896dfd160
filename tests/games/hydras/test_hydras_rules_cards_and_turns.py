"""H1–H6: cards, the table, a turn and neck plays.

Hydras are drawn as 3 × 3 characters per cell (hydra_env.games.hydras.rules.render):
``|`` / ``-`` necks, ``B`` body, ``+`` a card without heads, ``1``–``3``
heads, ``T`` torch, corner ``s`` sword / ``p`` poison breath.
"""

from __future__ import annotations

import pytest

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules import testing as ht
from hydra_env.games.hydras.rules.components import sides_from_text
from hydra_env.games.hydras.rules.hydra import analyse
from hydra_env.games.hydras.rules.tables import rotate


def grid(game: HydrasGame, drawing: str) -> list[int]:
    return ht.parse_hydra(drawing, game.tables)


# ----------------------------------------------------------------- H1

def test_h1_rotation_turns_the_sides_not_the_heads_or_icon():
    game = ht.build_game(2, hands={0: ["sword head III", "plain turn"]})
    game.apply(ht.neck(game, "sword head III", seat=0, row=0, column=1, sides="0001"))
    assert game.state.hydras[0] == grid(game, """
     | s
    -B--3
    """)
    code = game.state.hydras[0][game.tables.cell_of(0, 1)]
    assert game.tables.sides[code] == sides_from_text("0001")
    assert game.tables.heads[code] == 3 and game.tables.icon[code] == 1


def test_h1_four_rotations_clockwise():
    turn = sides_from_text("1100")                       # north and east
    assert [rotate(turn, r) for r in range(4)] == [sides_from_text(t) for t in
                                                   ("1100", "0110", "0011", "1001")]


# ----------------------------------------------------------------- H2

def test_h2_diagonal_cards_are_not_adjacent():
    game = ht.build_game(2, hands={0: ["plain cross"]})
    hydra = grid(game, """
     +-
     |
     |
    -B--1
    """)
    # the turn at r-1c+0 touches the body below; the head at r+0c+1 is only diagonal to it
    found = analyse(hydra, game.tables)
    assert game.tables.cell_of(-1, 0) in found.sword_targets
    from hydra_env.games.hydras.rules.hydra import adjacent_cards
    assert adjacent_cards(hydra, game.tables, game.tables.cell_of(-1, 0)) == 1
    assert adjacent_cards(hydra, game.tables, game.tables.cell_of(0, 1)) == 1


def test_h2_adjacent_cards_connect_only_neck_to_neck():
    game = ht.build_game(2, hands={0: ["plain cross"]})
    hydra = grid(game, """
     +--+
     |  |
     |  |
     +  +
     |  |
     |  |
    -B--+
    """)
    depth = analyse(hydra, game.tables).depth
    # r-1c+0 and r-1c+1 sit side by side with blank sides: not connected
    assert depth[game.tables.cell_of(-1, 0)] == 1
    assert depth[game.tables.cell_of(-1, 1)] == 2


# ----------------------------------------------------------------- H3

def test_h3_open_ends_are_empty_cells_a_neck_points_into():
    game = HydrasGame.new(3, seed=1)
    tables = game.tables
    ends = {cell for cell, _, _ in analyse(game.state.hydras[0], tables).open_ends}
    assert ends == {tables.cell_of(-1, 0), tables.cell_of(0, 1), tables.cell_of(0, -1)}


def test_h3_neck_pointing_out_of_the_grid_can_never_be_filled():
    game = ht.build_game(2, hydras={0: """
                    1
                    |
    p               |
    -+--+--+--+--+--B--1
    """}, hands={0: ["plain head I", "sword straight"]})
    found = analyse(game.state.hydras[0], game.tables)
    assert found.open_ends == () and found.dangling == 1 and not found.complete
    assert all(game.codec.decode(a).target != 0 or game.codec.decode(a).kind != actions.NECK
               for a in game.legal_actions())      # nowhere to play on the own hydra


def test_h3_a_card_cut_off_from_the_body_leaves_the_hydra():
    game = ht.build_game(2, hydras={1: """
     |
    -B--+--2
    """}, hands={0: ["sword head I"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    ht.pass_all(game)
    assert game.state.hydras[1] == grid(game, """
     |
    -B-
    """)


# ----------------------------------------------------------------- H4

def test_h4_the_star_body_plays_first_and_play_passes_left():
    stars = set()
    for seed in range(12):
        game = HydrasGame.new(4, seed=seed)
        star = game.state.star_seat
        stars.add(star)
        assert game.current_player == star and game.turn_seat == star
        game.apply(game.codec.discard(0))
        ht.pass_all(game)
        assert game.turn_seat == (star + 1) % 4
    assert len(stars) > 1                     # the star is dealt at random


def test_h4_a_turn_is_one_play_then_a_draw_back_up_to_four():
    game = ht.build_game(3, hands={0: ["plain turn", "plain head I", "plain tee", "plain cross"],
                                   1: ["plain straight"], 2: ["plain straight"]},
                         deck_top=["poison straight", "sword turn"])
    game.apply(ht.discard(game, "plain tee"))
    assert sorted(game.state.hands[0]) == sorted(ht.kinds(game, [
        "plain turn", "plain head I", "plain cross", "poison straight"]))
    assert game.state.discard[0] == game.cards.kind_index("plain tee")
    assert game.current_player == 1 and game.pending["kind"] == "turn"


def test_h4_an_empty_hand_skips_the_play_but_still_draws():
    game = ht.build_game(3, hands={0: ["plain turn"], 2: ["plain cross"]},
                         deck_top=["plain head I", "plain head II", "plain straight",
                                   "plain tee", "plain head III"])
    game.apply(ht.discard(game, "plain turn"))
    assert game.state.log[-2].event == 7 and game.state.log[-2].seat == 1      # seat 1 skipped
    assert len(game.state.hands[1]) == 4                                         # and drew
    assert game.current_player == 2


# ----------------------------------------------------------------- H5

POCKET = """
 +-
 |
 |
-B--+-
"""


def test_h5_a_neck_must_match_every_adjacent_card():
    # r-1c+1 is an open end beside the turn (a neck points in from the west)
    # and above the straight (a blank side faces it from the south)
    game = ht.build_game(2, hydras={0: POCKET},
                         hands={0: ["plain turn", "plain head I"]})
    legal = set(game.legal_actions())
    assert ht.neck(game, "plain head I", 0, -1, 1, sides="0001") in legal
    assert ht.neck(game, "plain turn", 0, -1, 1, sides="1001") in legal       # west and north
    wrong = ht.neck(game, "plain turn", 0, -1, 1, sides="0011")               # west and south
    assert wrong not in legal
    with pytest.raises(IllegalActionError, match="south side"):
        game.apply(wrong)
    assert game.state.hydras[0] == grid(game, POCKET)                          # unchanged


def test_h5_a_neck_may_be_played_on_an_opponents_hydra():
    game = ht.build_game(3, hands={0: ["plain head II"]})
    action = ht.neck(game, "plain head II", seat=2, row=-1, column=0, sides="0010")
    assert game.codec.decode(action).target == 2          # two seats to the left
    game.apply(action)
    assert game.state.hydras[2] == grid(game, """

     2
     |
     |
    -B-
    """)


# ----------------------------------------------------------------- H6

def test_h6_a_card_with_heads_has_one_neck_side():
    for kind in HydrasGame.new(2, seed=0).cards.kinds:
        if kind.heads:
            assert bin(kind.sides).count("1") == 1


def test_h6_the_mask_offers_each_distinct_rotation_and_cell_once():
    game = ht.build_game(2, hands={0: ["plain straight", "plain straight", "plain cross"]})
    legal = game.legal_actions()
    slots = {game.codec.decode(a).slot for a in legal}
    assert slots == {0, 2}                               # the second straight is not offered
    east = game.tables.cell_of(0, 1)
    straight_east = [a for a in legal if game.codec.decode(a)[:4] == (actions.NECK, 0, 0, east)]
    assert len(straight_east) == 1                       # 90° and 270° are the same card
    cross_east = [a for a in legal if game.codec.decode(a)[:4] == (actions.NECK, 2, 0, east)]
    assert len(cross_east) == 1
    with pytest.raises(IllegalActionError, match="same card"):
        game.apply(game.codec.neck(0, 0, east, 3))


def test_h6_a_card_with_no_legal_play_can_only_be_discarded():
    game = ht.build_game(2, hydras={0: """
        1
        |
        |
     3--B--2
    """, 1: """
        1
        |
        |
     2--B--1
    """}, hands={0: ["plain turn", "plain tee", "torch"]})
    legal = game.legal_actions()
    assert {game.codec.decode(a).kind for a in legal} == {actions.DISCARD}
    assert len(legal) == 3
