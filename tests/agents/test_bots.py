"""Tests of the scripted bots (agents/): legal play, seeding, no peeking (R41),
every decision kind, and a few of the heuristic's rules on hand-built positions."""

from __future__ import annotations

import numpy as np
import pytest

import hydra_env
from hydra_env.api.bots import Bot
from hydra_env.envs.bots import bot_names, make_bot
from hydra_env.games.hydra.rules import testing as ht

BOTS = ["random", "greedy", "heuristic", "defender", "glory", "rollout"]
# The rollout bot with a small budget keeps the file fast; its logic is the same.
FAST = {"rollout": {"budget": 2, "candidates": 2, "coop_horizon": 4}}
DECISION_KINDS = {"buckle up", "action", "after action", "shoved", "evade", "follow"}


def bot(name: str, seed: int) -> Bot:
    return make_bot(name, seed=seed, **FAST.get(name, {}))


def play(game: hydra_env.Game, bots: list[Bot], limit: int | None = None,
         kinds: set | None = None) -> list[int]:
    """Play until the end (or ``limit`` decisions), asserting every action is legal."""
    actions = []
    while not game.is_over and (limit is None or len(actions) < limit):
        seat = game.current_player
        legal = game.legal_actions()
        if kinds is not None:
            kinds.add(game.pending["kind"])
        a = bots[seat].act(game.view(seat), list(legal))
        assert a in legal, f"{type(bots[seat]).__name__} chose illegal {a}: {game.describe(a)}"
        game.apply(a)
        actions.append(a)
    return actions


def test_registry_names_every_bot():
    assert set(BOTS) <= set(bot_names())
    for name in BOTS:
        assert isinstance(bot(name, 0), Bot)
    assert make_bot("glory", seed=0).style == "glory"
    assert make_bot("heuristic", seed=0).style == "defender"   # documented default


@pytest.mark.parametrize("name", BOTS)
def test_bot_plays_only_legal_actions_in_solo(name):
    kinds: set = set()
    for scenario, seed in ((10, 1), (12, 2)) if name != "rollout" else ((10, 1),):
        g = hydra_env.Game.new(scenario, 1, seed)
        play(g, [bot(name, seed)], kinds=kinds)
        assert g.is_over and not ht.invariants(g)
    assert "action" in kinds


@pytest.mark.parametrize("name", BOTS)
def test_bot_plays_only_legal_actions_in_coordinated_games(name):
    kinds: set = set()
    # scenario 7 (2 heroes) with the bot in every seat; scenario 1 (4 heroes) mixed
    g = hydra_env.Game.new(7, 1, 3)
    play(g, [bot(name, 10), bot(name, 11)], kinds=kinds)
    assert g.is_over and not ht.invariants(g)
    if name != "rollout":
        g = hydra_env.Game.new(1, 1, 4)
        play(g, [bot(name, 20), bot("heuristic", 21), bot(name, 22), bot("glory", 23)], kinds=kinds)
        assert g.is_over and not ht.invariants(g)
    assert {"buckle up", "action"} <= kinds


@pytest.mark.parametrize("name", BOTS)
def test_same_seed_gives_same_actions(name):
    limit = 12 if name == "rollout" else 40
    runs = []
    for _ in range(2):
        solo = play(hydra_env.Game.new(10, 1, 5), [bot(name, 9)], limit=limit)
        coop = play(hydra_env.Game.new(8, 1, 6), [bot(name, 9), bot(name, 8)], limit=limit)
        runs.append((solo, coop))
    assert runs[0] == runs[1]


def test_random_bot_differs_across_seeds():
    a = play(hydra_env.Game.new(10, 1, 5), [bot("random", 1)], limit=20)
    b = play(hydra_env.Game.new(10, 1, 5), [bot("random", 2)], limit=20)
    assert a != b


def positions(scenario: int, seed: int, every: int = 3, limit: int = 90) -> list[hydra_env.Game]:
    """Copies of a heuristic-played game at every few decisions."""
    g = hydra_env.Game.new(scenario, 1, seed)
    players = [bot("heuristic", seed + s) for s in range(g.num_players)]
    out = []
    for i in range(limit):
        if g.is_over:
            break
        if i % every == 0:
            out.append(g.clone())
        play(g, players, limit=1)
    return out


@pytest.mark.parametrize("name", BOTS + ["ppo:solo-default", "ppo:coop-default"])
def test_r41_bot_never_reads_hidden_information(name):
    """A bot seeded alike chooses the same action on a game and on a copy whose
    hidden cards (for the deciding seat) are dealt anew."""
    games = positions(10, 7, every=4) + positions(1, 8, every=5)
    if name == "ppo:coop-default":      # a coop policy is refused in solo games
        games = positions(1, 8, every=2)
    if name == "rollout":
        games = games[::4]
    if name.startswith("ppo:"):
        pytest.importorskip("sb3_contrib")
    differing = 0
    for i, g in enumerate(games):
        seat = g.current_player
        other = g.determinize(seat, np.random.default_rng(1000 + i))
        differing += other.state.action_deck != g.state.action_deck
        assert other.observe(seat) == g.observe(seat)
        legal = g.legal_actions()
        assert other.legal_actions() == legal
        a = bot(name, 31).act(g.view(seat), list(legal))
        b = bot(name, 31).act(other.view(seat), list(legal))
        assert a == b, f"{name} peeked at position {i}: {g.describe(a)} vs {g.describe(b)}"
    assert differing >= len(games) // 2     # the copies really hold other hidden cards


# ---------------------------------------------------------------- every decision kind


def evade_position() -> hydra_env.Game:
    """Solo: a protected hero in front of red, which then moves (R13, R17).

    ::

        r5   R2      red head, counter 2
        r6   1*      the hero, shielded — run over by "move 2 red"
    """
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 2)}, shield=True)
    return ht.run_effects(g, ("move", "red", 2))


def follow_position() -> hydra_env.Game:
    """Solo: red has counter 0; a sword retreats it and the hero in front may follow (R10).

    ::

        r5   R0
        r6   1       the hero; display A13 sword 1 (+1 vs red) strikes for 2
    """
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 0)}, display=["A13"])
    g.apply(ht.find_action(g, "A13", "strike red for 2"))
    return g


def shove_position() -> hydra_env.Game:
    """Coordinated: seat 0 moves onto seat 1's space; seat 1 picks where it goes (R4)."""
    g = ht.coop_game(scenario=7, heroes=["r7c2", "r8c2"], hands={0: ["A01", "A02", "A03"]},
                     order=[0, 1])
    g.apply(ht.find_action(g, "hand 1", "r8c2"))
    return g


def after_action_position() -> hydra_env.Game:
    """Coordinated: seat 0 has acted and still holds its hydra card (R28)."""
    g = ht.coop_game(scenario=7, order=[0, 1])
    g.apply(ht.find_action(g, "city action: pass"))
    return g


@pytest.mark.parametrize("name", BOTS)
def test_bot_handles_every_decision_kind(name):
    made = {
        "evade": evade_position(), "follow": follow_position(), "shoved": shove_position(),
        "after action": after_action_position(), "buckle up": hydra_env.Game.new(7, 1, 0),
        "action": hydra_env.Game.new(10, 1, 0),
    }
    for kind, g in made.items():
        assert g.pending["kind"] == kind
        seat = g.current_player
        legal = g.legal_actions()
        a = bot(name, 0).act(g.view(seat), list(legal))
        assert a in legal
    assert set(made) == DECISION_KINDS


# ---------------------------------------------------------------- heuristic rules


def test_heuristic_blocks_the_most_harmful_hydra_card():
    """Phase II, the display empty: every token is spare, so the worst card is blocked.

    Row C: H29 "move 2 red (+1 boat)" against red 2 spaces from the wall is the
    worst (it reaches the wall); H11 "grow 1 white" is mild.
    """
    g = ht.solo_game(heads={"red": (7, 3)}, display=[None] * 10, row=["H11", "H29"], phase=2)
    a = make_bot("heuristic", seed=0).act(g.view(0), g.legal_actions())
    assert g.describe(a) == "block the hydra card of row C, column 2"


def test_heuristic_swords_a_head_about_to_reach_the_wall():
    """
    ::

        r8   R3      red one space from the wall
        r9   1       the hero; display: sword 2 (+1 vs red), move 1
    """
    g = ht.solo_game(hero="r9c1", heads={"red": (8, 3)}, display=["A21", "A01"])
    a = make_bot("heuristic", seed=0).act(g.view(0), g.legal_actions())
    assert "A21" in g.describe(a) and "strike red for 3" in g.describe(a)


def test_heuristic_barricades_in_front_of_a_fast_head():
    """
    ::

        r6   W3      white, three spaces from the wall
        r7   1       the hero stands in front of it; display: barricade, portal
    """
    g = ht.solo_game(hero="r7c3", heads={"white": (6, 3)}, display=["A33", "A38"])
    a = make_bot("heuristic", seed=0).act(g.view(0), g.legal_actions())
    assert "raise a barricade on r7c3" in g.describe(a)


def test_glory_style_plays_a_harmless_hydra_card_at_once():
    """A hydra card whose head has counter 0 does nothing (R17): play it now."""
    g = ht.coop_game(scenario=7, heads={"red": (3, 0)}, hydra_hands={0: ["H01"]}, order=[0, 1])
    for name in ("glory", "defender"):
        a = make_bot(name, seed=0).act(g.view(0), g.legal_actions())
        assert g.describe(a).startswith("play hydra card H01")
