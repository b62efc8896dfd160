"""H13–H16: the end of the game, hidden information, scoring and ties.

Drawings: 3 × 3 characters per cell (see test_hydras_rules_cards_and_turns.py).
"""

from __future__ import annotations

import json

import numpy as np

from hydra_env.games.hydras.rules import TERMINAL, HydrasGame
from hydra_env.games.hydras.rules import testing as ht
from hydra_env.games.hydras.rules.encoding import HydrasEncoder
from hydra_env.games.hydras.rules.hydra import analyse
from hydra_env.games.hydras.rules.state import Event

# rulebook: "This is a complete hydra because all necks end in heads. 3 bonus points."
COMPLETE = """

    1
    |
    |
 3--B--2
"""
# rulebook: "Not a complete hydra: one neck ends in a torch and one neck just ends."
INCOMPLETE = """
    |
    +
    |
    |
 3--B- T
"""
# A ring of five cards: the far card is 3 cards away by the shortest chain (5 the long way).
RING = """
 +--+
 |  |
 |  |
 +  +
 |  |
 |  |
-B--+
"""


def test_h13_the_last_card_drawn_gives_every_player_one_more_turn():
    game = ht.build_game(3, hands={0: ["plain turn", "plain tee"], 1: ["plain cross", "plain head I"],
                                   2: ["plain straight", "plain head II"]},
                         deck_size=1, deck_top=["plain head III"])
    game.apply(ht.discard(game, "plain tee"))              # seat 0 draws the last card
    assert game.state.deck == [] and game.state.final_turns_left == 3
    seats = []
    while not game.is_over:
        seats.append(game.current_player)
        game.apply(game.legal_actions()[-1])               # a discard (the last index)
        ht.pass_all(game)
    assert seats == [1, 2, 0]                              # left of the drawer, drawer last
    assert game.current_player == TERMINAL and game.legal_actions() == []
    assert [len(h) for h in game.state.hands] == [1, 1, 1]  # nothing drawn in the last round


def test_h13_the_discard_pile_is_never_reshuffled():
    game = HydrasGame.new(2, seed=3)
    rng = np.random.default_rng(0)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    drawn = sum(e.rotation for e in game.state.log if e.event == Event.DRAW)
    assert drawn + 2 * game.tables.hand_size == game.cards.deck_size   # each card drawn once
    assert game.state.deck == [] and len(game.state.discard) > 0


def test_h14_a_view_holds_the_own_hand_and_only_counts_of_the_others():
    game = HydrasGame.new(3, seed=5)
    view = game.observe(1)
    assert view["hand"] == [game.tables.kind_name(k) for k in game.state.hands[1]]
    assert view["hand_sizes"] == [4, 4, 4] and view["deck_size"] == game.cards.deck_size - 12
    assert [key for key in view if key.startswith("deck")] == ["deck_size"]
    assert "hands" not in view and "seed" not in json.dumps(view)


def test_h14_redeal_leaves_every_seat_view_and_legal_actions_unchanged():
    rng = np.random.default_rng(11)
    changed = 0
    for seed in range(40):
        game = HydrasGame.new(int(rng.integers(2, 5)), seed=seed)
        encoder = HydrasEncoder(game.tables)
        steps = int(rng.integers(0, 120))
        for _ in range(steps):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        for seat in range(game.num_players):
            other = game.determinize(seat, rng)
            assert other.observe(seat) == game.observe(seat)
            assert np.array_equal(encoder.encode_flat(other.state, seat),
                                  encoder.encode_flat(game.state, seat))
            assert other.view(seat).legal_actions() == game.view(seat).legal_actions()
            changed += other.state.hands != game.state.hands or other.state.deck != game.state.deck
    assert changed > 50                                    # the re-deal did move hidden cards


def test_h14_redeal_depends_only_on_what_the_seat_sees():
    game = HydrasGame.new(3, seed=8)
    first = game.determinize(0, np.random.default_rng(1))
    again = first.determinize(0, np.random.default_rng(2))
    for twin in (game, again):
        copy = twin.determinize(0, np.random.default_rng(9))
        reference = game.determinize(0, np.random.default_rng(9)).state
        assert copy.state.hands == reference.hands and copy.state.deck == reference.deck


def test_h15_a_complete_hydra_scores_three_more():
    game = ht.build_game(2, hydras={0: COMPLETE}, hands={0: ["plain turn"], 1: ["plain cross"]})
    score = game.result().seats[0]
    assert score.complete and score.complete_bonus == 3
    assert score.heads == 6 and score.longest_bonus == 3 and score.total == 12


def test_h15_a_torch_or_an_unfinished_neck_makes_a_hydra_incomplete():
    game = ht.build_game(2, hydras={0: INCOMPLETE}, hands={0: ["plain turn"]})
    score = game.result().seats[0]
    assert not score.complete and score.complete_bonus == 0
    assert score.torch_penalty == 2 and score.heads == 3


def test_h15_the_longest_neck_takes_the_shortest_chain_to_each_card():
    game = ht.build_game(2, hydras={0: RING}, hands={0: ["plain turn"]})
    assert analyse(game.state.hydras[0], game.tables).neck == 3     # not 5 the long way
    assert game.result().seats[0].longest_bonus == 3


def test_h15_the_longest_neck_bonus_goes_to_every_seat_tied_for_it():
    game = ht.build_game(3, hydras={0: " |\n-B--1", 2: " |\n-B--+-"}, hands={0: ["plain cross"]})
    result = game.result()
    assert [s.longest_bonus for s in result.seats] == [3, 0, 3] and result.longest_shared


def test_h15_no_longest_neck_bonus_while_every_hydra_is_a_body():
    game = ht.build_game(2, hands={0: ["plain cross"]})
    assert [s.longest_bonus for s in game.result().seats] == [0, 0]


def test_h15_torches_cost_two_and_heads_in_hand_one_each():
    game = ht.build_game(2, hydras={0: INCOMPLETE},
                         hands={0: ["plain head II", "sword head I", "plain turn"]})
    score = game.result().seats[0]
    assert score.hand_penalty == 3
    # heads 3 + longest neck 3 − torch 2 − hand 3
    assert score.total == 3 + 3 - 2 - 3


def test_h16_a_tie_goes_to_fewer_sword_cards():
    game = ht.build_game(2, hydras={0: " | s\n-B--1", 1: " |\n-B--1"}, hands={0: ["plain turn"]})
    result = game.result()
    assert result.scores[0] == result.scores[1]
    assert result.winners == (1,) and result.ranks == (2, 1) and result.ranking == (1, 0)


def test_h16_then_to_more_poison_breath_cards():
    game = ht.build_game(2, hydras={0: " | p\n-B--1", 1: " |\n-B--1"}, hands={0: ["plain turn"]})
    result = game.result()
    assert result.winners == (0,) and result.ranks == (1, 2)


def test_h16_players_still_tied_share_the_win():
    game = ht.build_game(3, hydras={0: " |\n-B--1", 1: " |\n-B--1"}, hands={0: ["plain turn"]})
    result = game.result()
    assert result.winners == (0, 1) and result.ranks == (1, 1, 3)


def test_h13_a_skipped_turn_that_takes_the_last_card_starts_the_last_round():
    # reading: an empty hand skips the play, its draw may empty the deck
    game = ht.build_game(3, hands={0: ["plain turn", "plain tee", "plain cross", "plain head I"],
                                   2: ["plain straight", "plain head II"]}, deck_size=3)
    game.apply(ht.discard(game, "plain tee"))
    assert len(game.state.hands[1]) == 2 and game.state.deck == []
    assert game.state.final_turns_left == 3 and game.current_player == 2
    seats = []
    while not game.is_over:
        seats.append(game.current_player)
        game.apply(game.legal_actions()[-1])
        ht.pass_all(game)
    assert seats == [2, 0, 1]
