"""Differential tests of the native bots (hydra_env.games.hydra.bots._native_bots): on native games, greedy,
heuristic (solo rules, coordinated styles defender and glory) and rollout decide exactly as
their Python code does on Python games with the same seeds, at every decision of whole
games; their values and rule scores are the same floats."""

from __future__ import annotations

import numpy as np
import pytest

import hydra_env
from agents import native_bots
from hydra_env.envs.bots import make_bot
from hydra_env.games.hydra.rules.state import DECIDE_ACTION
from hydra_env.native import available as native_available

pytestmark = pytest.mark.skipif(
    native_bots.module is None or not native_available(),
    reason="the native modules are not built")

SOLO = [10, 11, 12]
COOP = list(range(1, 10))


def play(name: str, scenario: int, seed: int, engine: str, limit: int | None = None, **params) -> list[int]:
    """The decisions of a game of ``name`` bots (one per seat, seeded per seat) on ``engine``."""
    g = hydra_env.Game.new(scenario, stars=1 + seed % 3, seed=seed, engine=engine)
    bots = [make_bot(name, seed=seed * 10 + s, **params) for s in range(g.num_players)]
    actions: list[int] = []
    while not g.is_over and (limit is None or len(actions) < limit):
        p = g.current_player
        a = bots[p].act(g.view(p), g.legal_actions())
        actions.append(a)
        g.apply(a)
    return actions


def same_games(name: str, scenario: int, seed: int, limit: int | None = None, **params) -> None:
    python = play(name, scenario, seed, "python", limit, **params)
    native = play(name, scenario, seed, "native", limit, **params)
    first = next((i for i, (a, b) in enumerate(zip(python, native)) if a != b), None)
    assert first is None and len(python) == len(native), (
        f"{name} on scenario {scenario} seed {seed}: decision {first} differs "
        f"(python {python[first:first + 3] if first is not None else len(python)}, "
        f"native {native[first:first + 3] if first is not None else len(native)})")


def test_native_games_hand_the_bots_their_cpp_game():
    g = hydra_env.Game.new(10, stars=1, seed=0, engine="native")
    assert native_bots.game_of(g.view(0).sample(np.random.default_rng(0))) is not None
    assert native_bots.game_of(hydra_env.Game.new(10, stars=1, seed=0, engine="python")) is None


@pytest.mark.parametrize("scenario", SOLO)
@pytest.mark.parametrize("seed", [0, 1])
def test_heuristic_solo_decides_as_the_python_rules_in_whole_games(scenario, seed):
    same_games("heuristic", scenario, seed)


@pytest.mark.parametrize("style", ["defender", "glory"])
@pytest.mark.parametrize("scenario", COOP)
def test_coordinated_styles_decide_as_the_python_rules_in_whole_games(style, scenario):
    same_games(style, scenario, scenario + (0 if style == "defender" else 20))


@pytest.mark.parametrize("scenario", [10, 12, 1])
def test_greedy_decides_as_the_python_one_ply_values_in_whole_games(scenario):
    same_games("greedy", scenario, 3)


def test_greedy_without_row_lookahead_decides_as_python():
    same_games("greedy", 11, 4, limit=40, row_lookahead=False)


@pytest.mark.parametrize("scenario", [10, 11, 2])
def test_rollout_decides_as_the_python_simulations(scenario):
    same_games("rollout", scenario, 5, limit=40, budget=4, candidates=2)


@pytest.mark.parametrize("scenario", [10, 12, 1, 7])
def test_native_values_and_scores_are_the_python_floats(scenario, monkeypatch):
    """Along a heuristic game: greedy's one-ply values, the heuristic's ranking and its rule
    scores (the replay notes) are equal, to the last bit, to the Python code's on the same
    sampled game."""
    g = hydra_env.Game.new(scenario, stars=2, seed=7, engine="native")
    greedy, heur = make_bot("greedy", seed=1), make_bot("heuristic", seed=1)
    players = [make_bot("heuristic", seed=s) for s in range(g.num_players)]
    rng = np.random.default_rng(0)
    checked = 0
    while not g.is_over and checked < 60:
        seat, legal = g.current_player, g.legal_actions()
        if len(legal) > 1:
            sample = g.view(seat).sample(rng)
            native = native_bots.game_of(sample)
            values = native_bots.module.greedy_values(native, seat, legal, native_bots.weights(greedy.w),
                                                      native_bots.coop_weights(greedy.cw), True)
            native_ranked = heur.ranked(sample, seat, legal)
            native_scores = native_bots.module.heuristic_scores(native, seat, legal, heur.native_policy())
            monkeypatch.setattr(native_bots, "enabled", False)
            assert values == [greedy.value_after(sample, a, seat) for a in legal]
            assert native_ranked == heur.ranked(sample, seat, legal)
            if sample.state.pending.kind == DECIDE_ACTION:      # the rules score hero actions
                rules = heur.solo if sample.is_solo else heur.coop
                python = (rules.scored if sample.is_solo else rules.score_actions)(sample, seat, legal)
                assert [tuple(x) for x in native_scores] == python
            monkeypatch.setattr(native_bots, "enabled", True)
            checked += 1
        g.apply(players[seat].act(g.view(seat), legal))
    assert checked >= 30


def test_native_bots_refuse_an_illegal_action_or_a_finished_game():
    g = hydra_env.Game.new(10, stars=1, seed=0, engine="native")
    bot = make_bot("rollout", seed=0)
    policy, leaf = bot.policy.native_policy(), native_bots.coop_weights(bot.policy.coop_weights())
    illegal = next(a for a in range(g.rules.codec.size) if not g.is_legal(a))
    with pytest.raises(ValueError, match="not legal"):
        native_bots.module.rollout_simulate(g._native, illegal, 0, policy, leaf, 12)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    with pytest.raises(ValueError, match="no pending decision"):
        native_bots.module.heuristic_decide(g._native, 0, [0], policy)


def test_switching_the_native_bots_off_runs_the_python_code(monkeypatch):
    monkeypatch.setattr(native_bots, "enabled", False)
    g = hydra_env.Game.new(10, stars=1, seed=0, engine="native")
    assert native_bots.game_of(g) is None
    assert play("heuristic", 10, 2, "native", limit=20) == play("heuristic", 10, 2, "python", limit=20)
