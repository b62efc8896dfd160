"""Property checks, part 3: determinism, JSON round trips and clones — the same
seed and decisions give the same game, also after ``Game.from_json`` and in
spawned processes; clones are independent.

Random play is that of tests/games/hydra/engine/random_play.py. The slower sweep of
thousands of games lives in ``benchmarks/random_play_stats.py``.
"""

from __future__ import annotations

import multiprocessing
import random

import pytest
from random_play import ALL, games, new_game, play, where

from hydra_env import Game


# --------------------------------------------------------------------- determinism, copies
@pytest.mark.parametrize("scenario", ALL)
def test_same_seed_and_actions_give_the_same_game(scenario: int) -> None:
    """Replaying the history of a seeded game on a new game of that seed gives the same game."""
    for seed, late in games(full=6, late=6, base=200):
        assert Game.new(scenario, 1, seed).to_json() == Game.new(scenario, 1, seed).to_json()
        states: list[str] = []
        original = play(new_game(scenario, seed, late=late), seed,
                        lambda g, step, states=states: states.append(g.to_json()))
        replay = new_game(scenario, seed, late=late)
        for step, a in enumerate(original.history):
            assert replay.to_json() == states[step], f"diverged before decision {step}"
            replay.apply(a)
        assert replay.to_json() == original.to_json()
        assert replay.result() == original.result()


@pytest.mark.parametrize("scenario", ALL)
def test_different_seeds_give_different_games(scenario: int) -> None:
    """Sanity check of seeding: ten seeds do not all deal the same cards."""
    decks = {tuple(Game.new(scenario, 1, s).state.action_deck) for s in range(10)}
    assert len(decks) == 10


@pytest.mark.parametrize("scenario", ALL)
def test_json_round_trip_mid_game_continues_identically(scenario: int) -> None:
    """from_json(to_json()) at any decision continues with the same legal actions and end."""
    for seed, late in games(full=4, late=4, base=300):
        length = len(play(new_game(scenario, seed, late=late), seed).history)
        for cut in sorted({0, 1, length // 3, length // 2, max(length - 1, 0)}):
            game = play(new_game(scenario, seed, late=late), seed, max_decisions=cut)
            copy = Game.from_json(game.to_json())
            assert copy.to_json() == game.to_json()
            rng = random.Random(seed + cut)
            while not game.is_over:
                assert copy.legal_actions() == game.legal_actions(), where(game)
                assert copy.current_player == game.current_player
                a = rng.choice(game.legal_actions())
                game.apply(a)
                copy.apply(a)
            assert copy.is_over
            assert copy.to_json() == game.to_json()
            assert copy.result() == game.result()
            finished = Game.from_json(game.to_json())
            assert finished.is_over and finished.to_json() == game.to_json()


@pytest.mark.parametrize("scenario", ALL)
def test_clone_is_independent(scenario: int) -> None:
    """Playing a clone to the end leaves the original unchanged, and the other way round."""
    for seed, late in games(full=3, late=3, base=400):
        for cut in (0, 5, 11):
            game = play(new_game(scenario, seed, late=late), seed, max_decisions=cut)
            if game.is_over:
                continue
            before = game.to_json()
            clone = game.clone()
            play(clone, seed + 1)
            assert game.to_json() == before, "playing the clone changed the original"
            clone = game.clone()
            clone_before = clone.to_json()
            play(game, seed + 2)
            assert clone.to_json() == clone_before, "playing the original changed the clone"


# --------------------------------------------------------------------- across processes
PROCESS_GAMES = ((10, 11, 0), (11, 12, 0), (12, 13, 0), (1, 14, 0), (4, 15, 0), (8, 16, 0),
                 (10, 17, 1), (1, 18, 1))


def play_to_json(job: tuple[int, int, int]) -> str:
    """Worker: the final to_json of the seeded random game ``job`` = (scenario, seed, late)."""
    scenario, seed, late = job
    return play(new_game(scenario, seed, late=late), seed).to_json()


def test_same_game_in_spawned_processes() -> None:
    """A seeded random game gives the same to_json in fresh (spawned) interpreters."""
    expected = [play_to_json(job) for job in PROCESS_GAMES]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        got = pool.map(play_to_json, PROCESS_GAMES, chunksize=1)
    for job, a, b in zip(PROCESS_GAMES, expected, got):
        assert a == b, f"(scenario, seed, late) {job} differs in a spawned process"
