"""agents.backends plays Hydras tasks: the game of the task, the bots of its registry, any worker count."""

from __future__ import annotations

import pytest

from agents.backends import GameError, GameTask, new_game, play_game, run_games
from hydra_env import Game
from hydra_env.games.hydras.rules import HydrasGame


def _task(i: int, specs: tuple[str, ...] = ("greedy", "random")) -> GameTask:
    return GameTask(i, "hydras", {"num_players": len(specs)}, 100 + i, specs, tuple(range(len(specs))))


def test_new_game_deals_the_game_of_the_task() -> None:
    assert isinstance(new_game(_task(0)), HydrasGame) and new_game(_task(0)).num_players == 2
    hydra = new_game(GameTask(0, "hydra", {"scenario": 10, "stars": 1}, 3, ("random",), (0,)))
    assert isinstance(hydra, Game) and hydra.num_players == 1


def test_hydras_records_are_the_same_on_one_or_two_workers() -> None:
    tasks = [_task(i) for i in range(6)]
    one = run_games(tasks, workers=1)
    two = run_games(tasks, workers=2)
    assert [r.result for r in one] == [r.result for r in two]
    assert [r.index for r in two] == list(range(6))
    assert all(r.result["over"] and len(r.result["scores"]) == 2 for r in one)


def test_a_hydras_task_makes_its_bots_from_the_hydras_registry() -> None:
    with pytest.raises(GameError, match="unknown bot 'rollout'"):
        play_game(_task(0, ("rollout", "random")))
    rec = play_game(GameTask(0, "hydras", {"num_players": 3}, 5, ("heuristic", "heuristic", "heuristic"), (1, 2, 3),
                             record=True))
    game = HydrasGame.new(3, seed=5)
    for action in rec.decisions:
        game.apply(action)
    assert game.is_over and list(game.result().scores) == list(rec.result["scores"])
