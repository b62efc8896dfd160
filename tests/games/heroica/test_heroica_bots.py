"""Heroica's bots: greedy as the spec describes it (4.8), the heuristic, and their registry entries."""

from __future__ import annotations

import numpy as np

from hydra_env.envs.bots import make_bot
from hydra_env.games.heroica.bots import GreedyBot, HeuristicBot
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import default_tables
from hydra_env.games.heroica.measure import play
from hydra_env.games.heroica.spec import new_game
from hydra_env.games.heroica.testing import DRAIDA_ROWS, EMPTY_ROWS, position

C = Codec(48)
T = default_tables()


def with_pieces(rows: tuple[str, ...], **pieces: str) -> list[str]:
    grid = [list(r) for r in rows]
    for key, ch in pieces.items():
        x, y = T.coords[int(key[1:])]
        grid[y][x] = ch
    return ["".join(r) for r in grid]


def greedy(game) -> int:
    return GreedyBot(0).act(game.view(game.current_player), game.legal_actions())


def test_greedy_ends_the_movement_nearest_the_general():
    assert greedy(position(DRAIDA_ROWS, rolls=["three_sword"])) == C.move_to(28)
    assert greedy(position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 46})) == C.move_to(40)


def test_greedy_takes_the_end_with_most_items_on_a_tie():
    rows = with_pieces(DRAIDA_ROWS, s47="p")
    assert greedy(position(rows, rolls=["one_sword_skull"], places={1: 46})) == C.move_to(47)


def test_greedy_shoots_the_general_first_then_the_monster_ahead():
    assert greedy(position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 37})) == C.target(41)
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 36})
    assert greedy(game) < C.n                            # 19 and 43 lie behind: it moves
    rows = with_pieces(DRAIDA_ROWS, s38="g")
    assert greedy(position(rows, heroes=("wizard",), rolls=["shield"], places={1: 36})) == C.target(38)


def test_greedy_always_uses_melee_and_drinks_when_a_skull_could_knock_it_out():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "shield"], places={1: 27})
    game.apply(C.move_to(28))
    assert game.decision == "SHIELD" and greedy(game) == C.melee
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 27}, health={1: 1}, potions={1: 1})
    game.apply(C.move_to(28))
    assert greedy(game) == C.drink
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 27}, health={1: 2}, potions={1: 1})
    game.apply(C.move_to(28))
    assert greedy(game) == C.target(29)


def test_greedy_monster_player_moves_the_goblin_nearest_a_hero_and_fights_the_weakest():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s7="g", s26="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="battle", seat=1, places={2: 27},
                    health={1: 2}, rolls=["one_sword_skull"])
    assert greedy(game) == C.target(29)
    game.apply(C.target(29))
    assert greedy(game) == C.move_to(28)                 # next to the hero on 27
    rows = with_pieces(EMPTY_ROWS, s41="G", s19="g", s32="1", s34="2")
    game = position(rows, heroes=("barbarian", "wizard"), mode="battle", seat=1, health={1: 3, 2: 2},
                    rolls=["one_sword_skull"])
    game.apply(C.target(19))
    game.apply(C.move_to(33))                            # next to both heroes
    assert game.decision == "MONSTER_FIGHT" and greedy(game) == C.target(34)


def test_heuristic_drinks_to_end_healing_at_once():
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", rolls=["two_skull"],
                    healing=(1,), health={1: 0}, potions={1: 1})
    bot = HeuristicBot(0)
    assert game.decision == "HEAL_END" and bot.act(game.view(0), game.legal_actions()) == C.drink


def test_bots_play_every_mode_with_legal_actions_only():
    for params in ({}, {"mode": "race", "num_players": 4, "draft": True}, {"mode": "battle", "num_players": 2},
                   {"mode": "battle", "num_players": 3}):
        for maker in (GreedyBot, HeuristicBot):
            for seed in range(4):
                bots = [maker(seed) for _ in range(params.get("num_players", 1))]
                result = play(new_game(seed=seed, **params), bots)
                assert result.outcome in ("won", "monsters_won", "truncated")


def test_the_bots_come_from_the_generic_registry():
    assert isinstance(make_bot("greedy", game="heroica", seed=1), GreedyBot)
    assert isinstance(make_bot("heuristic", game="heroica", seed=1), HeuristicBot)


def test_the_heuristic_monster_player_beats_greedy_at_three_seats():
    def monster_share(maker) -> float:
        bots = [[GreedyBot(s), GreedyBot(s), maker(s)] for s in range(300)]
        wins = [play(new_game(seed=s, num_players=3, mode="battle"), bots[s]).winner == 2 for s in range(300)]
        return float(np.mean(wins))
    assert monster_share(HeuristicBot) > monster_share(GreedyBot) + 0.03
