"""H11–H12: poison breath blocks and their chains (1, 2 and 3 poison breaths).

Drawings: 3 × 3 characters per cell (see test_hydras_rules_cards_and_turns.py).
"""

from __future__ import annotations

from hydra_env.games.hydras.rules import testing as ht

CHAIN = """
 |
-B--+--2
"""
CUT = """
 |
-B-
"""
TORCH_ON_OWN = """
 |
-B- T
"""


def grid(game, drawing: str) -> list[int]:
    return ht.parse_hydra(drawing, game.tables)


def three_seats(hands: dict | None = None, **extra):
    """Seat 0 holds a sword and a poison breath; seats 1 and 2 hold poison breaths."""
    every = {0: ["sword head I", "poison head I", "plain turn", "plain tee"],
             1: ["poison turn", "poison straight", "plain cross", "plain head III"],
             2: ["poison tee", "plain straight", "plain head II", "plain turn"]}
    every.update(hands or {})
    return ht.build_game(3, hydras={1: CHAIN}, hands=every,
                         deck_top=["plain head I", "plain head I", "plain head II"], **extra)


def test_h11_poison_breath_chain_of_one_cancels_the_sword():
    game = three_seats()
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    assert game.current_player == 1 and game.turn_seat == 0      # the blocking seat decides
    game.apply(ht.block(game, "poison turn"))
    assert game.state.offers == [0] and game.current_player == 2    # left of seat 1, without it
    game.apply(game.codec.pass_)
    game.apply(game.codec.pass_)                                    # seat 0 does not answer
    assert game.state.hydras[1] == grid(game, CHAIN)                # the sword did nothing
    assert sorted(game.state.discard) == sorted(ht.kinds(game, ["poison turn", "sword head I"]))
    assert game.pending == {"kind": "turn", "seat": 1}


def test_h11_poison_breath_chain_of_two_lets_the_sword_cut():
    game = three_seats()
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(ht.block(game, "poison turn"))                      # seat 1 blocks
    game.apply(game.codec.pass_)                                    # seat 2 passes
    assert game.current_player == 0
    game.apply(ht.block(game, "poison head I"))                     # seat 0 blocks the block
    assert game.state.offers == [2] and game.current_player == 1
    ht.pass_all(game)
    assert game.state.hydras[1] == grid(game, CUT)                  # the sword cut after all
    assert sorted(game.state.discard) == sorted(ht.kinds(game, [
        "poison turn", "poison head I", "sword head I", "plain straight", "plain head II"]))


def test_h11_rulebook_example_sword_on_an_own_torch_blocked_and_blocked_back():
    # rulebook: you try to cut out a torch on your hydra; your opponent blocks it with
    # poison breath; you block their poison breath with your own; both poison breaths are
    # discarded and the sword plays as normal: the sword and the torch are discarded too
    game = ht.build_game(2, hydras={0: TORCH_ON_OWN},
                         hands={0: ["sword turn", "poison straight", "plain cross"],
                                1: ["poison tee", "plain head I"]})
    game.apply(ht.sword(game, "sword turn", seat=0, row=0, column=1))
    game.apply(ht.block(game, "poison tee"))
    game.apply(ht.block(game, "poison straight"))
    assert game.current_player == 1
    game.apply(game.codec.pass_)
    assert game.state.hydras[0] == grid(game, CUT)
    assert sorted(game.state.discard) == sorted(ht.kinds(game, [
        "poison tee", "poison straight", "sword turn", "torch"]))


def test_h11_poison_breath_chain_of_three_cancels_the_sword():
    game = three_seats()
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(ht.block(game, "poison turn"))                      # 1: seat 1
    game.apply(game.codec.pass_)                                    # seat 2
    game.apply(ht.block(game, "poison head I"))                     # 2: seat 0
    game.apply(game.codec.pass_)                                    # seat 1
    assert game.current_player == 2
    game.apply(ht.block(game, "poison tee"))                        # 3: seat 2
    assert game.state.offers == [1] and game.current_player == 0
    assert len(game.state.blocks) == 3
    ht.pass_all(game)
    assert game.state.hydras[1] == grid(game, CHAIN)                # odd chain: no cut
    assert sorted(game.state.discard) == sorted(ht.kinds(game, [
        "poison turn", "poison head I", "poison tee", "sword head I"]))


def test_h11_offers_go_round_in_turn_order_from_the_left_of_the_player_blocked():
    hands = {0: ["sword head I", "plain cross"], 1: ["poison straight", "plain head I"],
             2: ["poison turn", "plain head I"], 3: ["poison tee", "plain head I"]}
    game = ht.build_game(4, hydras={3: CHAIN}, hands=hands)
    game.apply(ht.sword(game, "sword head I", seat=3, row=0, column=1))
    asked = [game.current_player]
    game.apply(game.codec.pass_)
    asked.append(game.current_player)
    game.apply(ht.block(game, "poison turn"))                      # seat 2 blocks
    assert asked == [1, 2]
    assert [game.current_player] + game.state.offers == [3, 0, 1]


def test_h11_seats_without_poison_breath_may_only_pass():
    game = three_seats({2: ["plain straight"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(game.codec.pass_)
    assert game.current_player == 2
    assert game.legal_actions() == [game.codec.pass_]


def test_h11_a_torch_can_be_blocked():
    game = three_seats({0: ["torch", "plain turn"]})
    game.apply(ht.torch(game, seat=1, row=-1, column=0))
    game.apply(ht.block(game, "poison turn"))
    ht.pass_all(game)
    assert game.state.hydras[1] == grid(game, CHAIN)
    assert game.cards.kind_index("torch") in game.state.discard


def test_h11_poison_breath_played_as_a_neck_cannot_be_blocked():
    game = three_seats(turn_seat=1)
    game.apply(ht.neck(game, "poison turn", seat=1, row=-1, column=0, sides="0110"))
    assert game.pending == {"kind": "turn", "seat": 2}                 # no block offer


def test_h11_a_seat_that_blocked_draws_only_at_the_end_of_its_own_turn():
    game = three_seats()
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(ht.block(game, "poison turn"))
    ht.pass_all(game)
    assert len(game.state.hands[1]) == 3 and len(game.state.hands[0]) == 4
    game.apply(ht.discard(game, "plain cross"))                      # seat 1's own turn
    assert len(game.state.hands[1]) == 4


def test_h12_a_blocked_sword_offers_no_slash_and_burn():
    game = three_seats({0: ["sword head I", "torch", "plain turn"]})
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(ht.block(game, "poison turn"))
    ht.pass_all(game)
    assert game.pending == {"kind": "turn", "seat": 1}                  # no burn decision
    assert game.cards.kind_index("torch") in game.state.hands[0]


def test_h12_the_turn_of_a_blocked_player_still_ends_with_its_draw():
    game = three_seats()
    game.apply(ht.sword(game, "sword head I", seat=1, row=0, column=1))
    game.apply(ht.block(game, "poison turn"))
    ht.pass_all(game)
    assert sorted(game.state.hands[0]) == sorted(ht.kinds(game, [
        "poison head I", "plain turn", "plain tee", "plain head I"]))
