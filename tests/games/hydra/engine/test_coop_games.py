"""Coordinated games through the ``Game`` facade: the text rendering per seat,
the result of a running game, and random whole games that keep the
invariants. (The rules of the coordinated game, R26–R31, are tested in
tests/games/hydra/rules/test_coordinated_preparation.py, test_coordinated_turns.py
and test_coordinated_round_end.py.)

Positions are built with :func:`helpers.coop_games.coop`.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers.coop_games import QUIET_DISPLAY, coop

from hydra_env import Game
from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules import testing as ht

# --------------------------------------------------------------------- render


def test_render_seat_shows_its_own_hand_only():
    g = coop(scenario=8, hands={0: ["A20", "A25", "A31"], 1: ["A34", "A39", "A33"]},
             hydra_hands={0: ["H11"], 1: ["H16"]}, display=QUIET_DISPLAY, order=[1, 0])
    mine, theirs = ["A20", "A25", "A31", "H11"], ["A34", "A39", "A33", "H16"]
    r0, r1, public = g.render(0), g.render(1), g.render()
    assert all(c in r0 for c in mine) and not any(c in r0 for c in theirs)
    assert all(c in r1 for c in theirs) and not any(c in r1 for c in mine)
    assert not any(c in public for c in mine + theirs)
    for text in (r0, r1, public):
        assert "compass (first to last)" in text
        assert "turn order: seat 1 → seat 0" in text
        assert "tokens left 5" in text
        assert all(c in text for c in QUIET_DISPLAY)


def test_render_shows_compass_ranking_and_tokens_as_they_change():
    g = coop(scenario=8, glory=[1, 7], order=[0, 1], hydra_hands={0: [], 1: []})
    g.apply(g.codec.pass_)
    text = g.render()
    assert "compass (first to last): seat 1" in text
    assert text.index("seat 1 purple +7") < text.index("seat 0 teal +1")
    assert "seat 0: tokens left 4" in text and "seat 1: tokens left 5" in text


# --------------------------------------------------------------------- whole games


def test_result_of_a_running_game():
    g = Game.new(scenario=4, seed=1)
    res = g.result()
    assert res.mode == "coop" and res.outcome == "ongoing" and not res.city_saved
    assert res.epic_hero is None and res.tragic_hero is None and res.score is None
    assert res.rounds == 1 and res.ranking == tuple(compass.ranking(g.state.glory))


@pytest.mark.parametrize("scenario", range(1, 10))
def test_random_coordinated_games_keep_the_invariants(scenario):
    rng = np.random.default_rng(scenario)
    for seed in range(4):
        g = Game.new(scenario=scenario, seed=seed)
        while not g.is_over:
            assert ht.invariants(g) == []
            st = g.state
            assert len(set(st.glory)) == st.players                          # R22
            if g.pending["kind"] in ("action", "after action"):
                assert g.current_player == st.turn_order[st.turn_order_index]           # R28 turn order
            g.apply(int(rng.choice(g.legal_actions())))
        res = g.result()
        assert res.outcome in ("won", "lost")
        if res.outcome == "lost":
            assert res.walls == 0 and res.tragic_hero == res.ranking[-1]
        else:
            assert res.epic_hero == res.ranking[0]
