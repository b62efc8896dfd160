"""Property checks, part 4: the results of random whole games — the solo score
and its bounds (R39), the coordinated ranking with its epic and tragic hero
(R31).

Late games (a new game moved to one of its last rounds, see
tests/games/hydra/engine/random_play.py) make random play reach won endings too.
"""

from __future__ import annotations

import pytest
from random_play import COOP, SOLO, games, new_game, play, where

from hydra_env import Game


# --------------------------------------------------------------------- results
def r39_bounds(game: Game) -> tuple[int, int]:
    """Bounds of a won solo score (R39) on this board.

    A win means not all four heads are on their last path space, so the
    necks number at most 4·last − 1; counters are at most 6 each (R18); the
    hero on the wall costs 5; at least one wall token is left and at most
    the scenario's starting count.
    """
    board = game.rules.board
    heads = len(game.state.head_count)
    lowest = 100 - (heads * board.last_pos - 1) - 6 * heads - 5 + 1
    return lowest, 100 + game.state.walls_at_start


def r39_score(game: Game) -> int:
    """R39, recomputed from the raw state and the board (row 10 is the wall area)."""
    st, board = game.state, game.rules.board
    on_wall = any(s != board.city and s // board.cols == board.wall_row for s in st.hero_space)
    return 100 - sum(st.head_position) - sum(st.head_count) - 5 * on_wall + st.walls


def test_r39_bounds_of_the_shipped_board() -> None:
    """On the shipped board the bounds are [100 − 35 − 24 − 5 + 1, 110] at 1 star."""
    game = Game.new(10, 1, 0)
    assert game.rules.board.wall_row == 10 and game.rules.board.last_pos == 9
    assert r39_bounds(game) == (37, 110)


@pytest.mark.parametrize("stars", (1, 2, 3))
@pytest.mark.parametrize("scenario", SOLO)
def test_r39_solo_result_and_score_bounds(scenario: int, stars: int) -> None:
    """Won: R39's formula within its bounds, after round 6; lost: no score, R39's defeat."""
    won = 0
    for seed, late in games(full=20, late=40, base=500, rounds=2):
        game = play(new_game(scenario, seed, late=late, stars=stars), seed)
        res, st = game.result(), game.state
        last_pos = game.rules.board.last_pos
        assert res.mode == "solo" and res.city_saved == (res.outcome == "won")
        assert res.necks == sum(st.head_position) and res.heads == sum(st.head_count)
        assert res.walls == st.walls and res.ranking == (0,)
        assert res.epic_hero is None and res.tragic_hero is None
        if res.outcome == "won":
            won += 1
            lo, hi = r39_bounds(game)
            assert res.score == r39_score(game), where(game)
            assert lo <= res.score <= hi, f"score {res.score} outside [{lo}, {hi}]: {where(game)}"
            assert res.rounds == len(st.moon_tokens) and st.walls >= 1
            assert not all(p == last_pos for p in st.head_position)
        else:
            assert res.score is None
            assert st.walls == 0 or all(p == last_pos for p in st.head_position), where(game)
    assert won >= 5, "too few won games to check R39's score"


@pytest.mark.parametrize("scenario", COOP)
def test_r31_coordinated_result(scenario: int) -> None:
    """Ranking is a permutation by compass progress; epic hero iff won, tragic iff lost."""
    outcomes = set()
    for seed, late in games(full=20, late=20, base=600, rounds=2):
        game = play(new_game(scenario, seed, late=late), seed)
        res, st = game.result(), game.state
        outcomes.add(res.outcome)
        n = game.num_players
        assert res.mode == "coop" and res.score is None
        assert sorted(res.ranking) == list(range(n))
        assert len(set(res.glory)) == n, "two heroes share a compass progress (R22)"
        assert [res.glory[s] for s in res.ranking] == sorted(res.glory, reverse=True)
        assert (res.epic_hero is not None) == (res.outcome == "won")
        assert (res.tragic_hero is not None) == (res.outcome == "lost")
        if res.outcome == "won":
            assert res.epic_hero == res.ranking[0] and st.walls >= 1
            assert res.rounds == len(st.moon_tokens) or sum(st.head_count) == 0
        else:
            assert res.tragic_hero == res.ranking[-1] and st.walls == 0
    assert outcomes == {"won", "lost"}
