"""H7–H10: swords, slash and burn, torches, torches as open space.

Drawings: 3 × 3 characters per cell (see test_hydras_rules_cards_and_turns.py).
"""

from __future__ import annotations

import pytest

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules import testing as ht
from hydra_env.games.hydras.rules.hydra import analyse

CHAIN = """
 |
-B--+--2
"""

# The tee at r-1c+0 touches three cards: the body, the turn west of it and the head east.
CROWDED = """

 +--+--1
 |  |
 |  |
 +--B-
"""

# The same with a torch instead of the head: the tee now has two adjacent cards.
CROWDED_WITH_TORCH = """

 +--+- T
 |  |
 |  |
 +--B-
"""


def grid(game, drawing: str) -> list[int]:
    return ht.parse_hydra(drawing, game.tables)


def test_h7_sword_cuts_the_card_and_everything_beyond_it():
    # rulebook: discard the sword, the card it was played on, and the card no
    # longer connected to the body
    game = ht.build_game(2, hydras={1: CHAIN}, hands={0: ["sword head I", "plain turn"],
                                                      1: ["plain cross"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    assert game.pending["kind"] == "block offer"
    ht.pass_all(game)
    assert game.state.hydras[1] == grid(game, """
     |
    -B-
    """)
    assert sorted(game.state.discard) == sorted(ht.kinds(game, [
        "sword head I", "plain straight", "plain head II"]))


def test_h7_a_sword_needs_a_card_with_at_most_two_adjacent_cards():
    # rulebook: you can't play a sword here because it is adjacent to more than 2 cards
    game = ht.build_game(2, hydras={1: CROWDED}, hands={0: ["sword turn"]})
    legal = set(game.legal_actions())
    assert ht.sword(game, "sword turn", 1, -1, 0) not in legal        # the tee: 3 adjacent
    assert ht.sword(game, "sword turn", 1, -1, 1) in legal            # the head: 1 adjacent
    assert ht.sword(game, "sword turn", 1, 0, -1) in legal            # the lower turn: 2
    with pytest.raises(IllegalActionError, match="3 adjacent cards"):
        game.apply(ht.sword(game, "sword turn", 1, -1, 0))


def test_h7_a_sword_never_cuts_the_body_and_needs_the_icon():
    game = ht.build_game(2, hydras={1: CHAIN}, hands={0: ["sword head I", "plain turn"]})
    with pytest.raises(IllegalActionError, match="never cut the body"):
        game.apply(ht.sword(game, "sword head I", 1, 0, 0))
    plain = game.codec.sword(ht.slot(game, "plain turn"), 1, game.tables.cell_of(0, 1))
    with pytest.raises(IllegalActionError, match="no sword icon"):
        game.apply(plain)


def test_h7_a_sword_may_cut_the_own_hydra():
    game = ht.build_game(2, hydras={0: CHAIN}, hands={0: ["sword head I"], 1: ["plain cross"]})
    game.apply(ht.sword(game, "sword head I", seat=0, row=0, column=2))
    ht.pass_all(game)
    assert game.state.hydras[0] == grid(game, """
     |
    -B--+-
    """)


def test_h8_slash_and_burn_puts_a_torch_into_the_cell_cut():
    # rulebook: you cut off your opponent's neck card, then replace it with a torch
    game = ht.build_game(3, hydras={1: CHAIN},
                         hands={0: ["sword head I", "torch", "plain turn", "plain tee"],
                                1: ["plain cross"], 2: ["sword cross"]},
                         deck_top=["plain head I", "plain head II", "plain head III"])
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    ht.pass_all(game)
    assert game.pending == {"kind": "slash and burn", "seat": 0}
    assert game.legal_actions() == [game.codec.burn, game.codec.no_burn]
    game.apply(game.codec.burn)
    assert game.pending["kind"] == "block offer"          # the torch can be blocked too
    ht.pass_all(game)
    assert game.state.hydras[1] == grid(game, """
     |
    -B- T
    """)
    # two cards left the hand; the draw refills both
    assert sorted(game.state.hands[0]) == sorted(ht.kinds(game, [
        "plain turn", "plain tee", "plain head I", "plain head II"]))
    assert game.current_player == 1


def test_h8_no_slash_and_burn_on_the_own_hydra():
    game = ht.build_game(2, hydras={0: CHAIN}, hands={0: ["sword head I", "torch"],
                                                      1: ["plain cross"]})
    game.apply(ht.sword(game, "sword head I", seat=0, row=0, column=1))
    ht.pass_all(game)
    assert game.pending == {"kind": "turn", "seat": 1}


def test_h8_slash_and_burn_may_be_declined():
    game = ht.build_game(2, hydras={1: CHAIN}, hands={0: ["sword head I", "torch"],
                                                      1: ["plain cross"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    ht.pass_all(game)
    game.apply(game.codec.no_burn)
    assert game.state.hydras[1] == grid(game, " |\n-B-")
    assert game.cards.kind_index("torch") in game.state.hands[0]


def test_h9_a_torch_goes_only_into_an_open_end_of_an_opponent():
    # rulebook: you can't play this torch here because it isn't at the end of a neck
    game = ht.build_game(2, hands={0: ["torch"], 1: ["plain cross"]})
    legal = set(game.legal_actions())
    assert ht.torch(game, 1, 0, 1) in legal
    assert ht.torch(game, 1, 1, 0) not in legal            # south of the body: no neck
    assert ht.torch(game, 0, 0, 1) not in legal            # the own hydra
    with pytest.raises(IllegalActionError, match="not an open end"):
        game.apply(ht.torch(game, 1, 1, 0))
    with pytest.raises(IllegalActionError, match="opponent's hydra"):
        game.apply(ht.torch(game, 0, 0, 1))


def test_h9_a_torch_blocks_growth_until_a_sword_removes_it():
    # rulebook: last turn your opponent played a torch on your hydra; you remove it with a sword
    game = ht.build_game(2, hydras={0: " |\n-B- T"},
                         hands={0: ["sword turn", "plain head I"], 1: ["plain cross"]})
    east = game.tables.cell_of(0, 1)
    necks_east = [a for a in game.legal_actions()
                  if game.codec.decode(a).kind == actions.NECK and game.codec.decode(a).cell == east
                  and game.codec.decode(a).target == 0]
    assert necks_east == []
    game.apply(ht.sword(game, "sword turn", seat=0, row=0, column=1))
    ht.pass_all(game)
    assert game.state.hydras[0] == grid(game, " |\n-B-")
    assert game.cards.kind_index("torch") in game.state.discard


def test_h10_a_torch_does_not_count_as_an_adjacent_card():
    # rulebook: you can play a sword here because even though the card is next to 3
    # other cards, one of them is a torch, which counts as open space
    game = ht.build_game(2, hydras={1: CROWDED_WITH_TORCH}, hands={0: ["sword turn"]})
    assert ht.sword(game, "sword turn", 1, -1, 0) in set(game.legal_actions())


def test_h10_cards_beside_a_torch_need_not_match_it():
    beside_torch = """

     +-
     |
     |
    -B- T
    """
    beside_card = """

     +-
     |
     |
    -B--1
    """
    # r-1c+1: the turn's neck points in from the west; below it is a torch / a head
    for drawing, legal_south in ((beside_torch, True), (beside_card, False)):
        game = ht.build_game(2, hydras={0: drawing}, hands={0: ["plain turn"]})
        action = ht.neck(game, "plain turn", 0, -1, 1, sides="0011")     # west and south
        assert (action in game.legal_actions()) is legal_south


def test_h10_a_torch_is_open_space_for_the_sword_count_of_its_neighbours():
    game = ht.build_game(2, hands={0: ["plain cross"]})
    hydra = grid(game, CROWDED_WITH_TORCH)
    tee = game.tables.cell_of(-1, 0)
    assert tee in analyse(hydra, game.tables).sword_targets


def test_h8_slash_and_burn_after_cutting_an_opponents_torch():
    # reading: a torch is a card, so cutting one on an opponent's hydra allows a slash and burn
    game = ht.build_game(2, hydras={1: " |\n-B- T"}, hands={0: ["sword head I", "torch"],
                                                          1: ["plain cross"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    ht.pass_all(game)
    assert game.pending == {"kind": "slash and burn", "seat": 0}
