"""Tests of ``ppo-search`` (agents/game_tools/hydra/ppo_search.py): spec parsing, legal deterministic play,
no peeking at hidden cards (R41), candidates=1 = the policy's argmax, the leaf games of
rollout's playout."""

from __future__ import annotations

import numpy as np
import pytest

import hydra_env
from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot, parse_bot_spec

pytest.importorskip("sb3_contrib")

FAST = "ppo-search:solo-default,budget=4,candidates=2"


def play(game: hydra_env.Game, bot, limit: int | None = None) -> list[int]:
    """Play (up to ``limit`` decisions), asserting every action is legal."""
    actions: list[int] = []
    while not game.is_over and (limit is None or len(actions) < limit):
        legal = game.legal_actions()
        a = bot.act(game.view(game.current_player), list(legal))
        assert a in legal, f"illegal {a}: {game.describe(a)}"
        game.apply(a)
        actions.append(a)
    return actions


def test_spec_takes_the_policy_then_key_value_parameters():
    assert parse_bot_spec("ppo-search:solo-default") == ("ppo-search", {"policy": "solo-default"})
    name, params = parse_bot_spec("ppo-search:solo-default,budget=8,candidates=3,paired=false")
    assert name == "ppo-search"
    assert params == {"policy": "solo-default", "budget": 8, "candidates": 3, "paired": False}
    bot = make_bot("ppo-search:solo-default,budget=8,candidates=3", seed=0)
    assert (bot.budget, bot.candidates, bot.net.path.stem) == (8, 3, "solo-default")
    # a value whose items are not all parameters stays whole (a path may hold ',')
    assert parse_bot_spec("ppo:a,b.zip") == ("ppo", {"policy": "a,b.zip"})


@pytest.mark.parametrize("spec, words", [
    ("ppo-search:solo-default,budget=0", "budget must be"),
    ("ppo-search:solo-default,candidates=-1", "candidates must be"),
    ("ppo-search:solo-default,value_weight=2.0", "value_weight must be"),
    ("ppo-search:solo-default,budget=many", "budget"),
    ("ppo-search:solo-default,budget=4,budget=8", "given twice"),
    ("ppo-search:no-such-policy", "not found"),
    ("ppo-search", "needs policy"),
    ("ppo-search:solo-default,budgt=3", "unknown parameter 'budgt'.*budget=16"),
])
def test_bad_parameters_raise_a_config_error_naming_them(spec, words):
    with pytest.raises(ConfigError, match=words):
        make_bot(spec, seed=0)


def test_plays_legally_to_the_end_and_the_same_seed_gives_the_same_game():
    g = hydra_env.Game.new(10, 1, 3)
    whole = play(g, make_bot(FAST, seed=5))
    assert g.is_over and g.result().outcome in ("won", "lost")
    assert play(hydra_env.Game.new(10, 1, 3), make_bot(FAST, seed=5), limit=30) == whole[:30]
    spec = FAST + ",value_weight=0.5,paired=false"     # the other variants, on another seed
    runs = [play(hydra_env.Game.new(11, 1, 8), make_bot(spec, seed=6), limit=20) for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) == 20


def test_candidates_one_plays_the_policy_argmax():
    g = hydra_env.Game.new(10, 1, 4)
    search = make_bot("ppo-search:solo-default,candidates=1", seed=1)
    ppo = make_bot("ppo:solo-default", seed=2)
    for _ in range(30):
        if g.is_over:
            break
        view, legal = g.view(0), g.legal_actions()
        if g.state.phase != hydra_env.games.hydra.rules.state.PHASE_ACTIONS_II:   # phase II: budget candidates
            assert search.act(view, list(legal)) == ppo.act(view, list(legal))
        g.apply(ppo.act(view, list(legal)))


def test_r41_never_reads_the_hidden_cards():
    """Seeded alike, the bot chooses the same on a game and on a copy whose hidden cards
    are dealt anew (same seat view)."""
    g = hydra_env.Game.new(10, 1, 7)
    heuristic = make_bot("heuristic", seed=0)
    differing = checked = 0
    for i in range(40):
        if g.is_over:
            break
        if i % 5 == 0 and len(g.legal_actions()) > 1:
            other = g.determinize(0, np.random.default_rng(100 + i))
            assert other.observe(0) == g.observe(0)
            differing += other.state.action_deck != g.state.action_deck
            legal = g.legal_actions()
            spec = FAST + ",value_weight=0.5"
            a = make_bot(spec, seed=3).act(g.view(0), list(legal))
            b = make_bot(spec, seed=3).act(other.view(0), list(legal))
            assert a == b, f"peeked at decision {i}: {g.describe(a)} vs {g.describe(b)}"
            checked += 1
        g.apply(heuristic.act(g.view(0), g.legal_actions()))
    assert checked >= 5 and differing >= checked // 2


def test_coordinated_game_is_refused_with_a_clear_error():
    g = hydra_env.Game.new(7, 1, 3)
    bot = make_bot(FAST, seed=0)
    while len(g.legal_actions()) == 1:
        g.apply(g.legal_actions()[0])
    with pytest.raises(ConfigError, match="solo scenarios"):
        bot.act(g.view(g.current_player), g.legal_actions())


def test_rollout_playout_returns_the_leaf_game_of_its_simulation():
    """RolloutBot.playout: the value equals simulate's, the leaf is at the horizon (the next
    round or the end), and its history replays from the sample."""
    from hydra_env.games.hydra.bots.rollout import RolloutBot
    bot = RolloutBot(seed=0)
    g = hydra_env.Game.new(10, 1, 11)
    for _ in range(3):
        a = g.legal_actions()[-1]
        leaf, value = bot.playout(g, a, 0)
        assert value == bot.simulate(g, a, 0)
        assert leaf.is_over or leaf.state.round == g.state.round + 1
        replay = g.clone()
        for x in leaf.history[len(g.history):]:
            replay.apply(x)
        assert replay.observe(0) == leaf.observe(0)
        g.apply(make_bot("heuristic", seed=0).act(g.view(0), g.legal_actions()))


def test_python_and_native_engines_give_the_same_decisions():
    """The native fast path (rollout_playout, the C++ heuristic) decides as the Python code."""
    spec = "ppo-search:solo-default,budget=2,candidates=2,value_weight=0.5"
    runs = [play(hydra_env.Game.new(10, 1, 21, engine=engine), make_bot(spec, seed=4), limit=4)
            for engine in ("python", "native")]
    assert runs[0] == runs[1]


def test_candidates_are_the_policy_top_k_plus_the_heuristic_best():
    """The searched actions (the notes) hold the policy's most probable ``candidates``; with
    heuristic=0 exactly those."""
    g = hydra_env.Game.new(10, 1, 9)
    view, legal = g.view(0), g.legal_actions()
    assert len(legal) > 4
    for extra, sizes in ((0, {2}), (1, {2, 3})):
        bot = make_bot(f"ppo-search:solo-default,budget=6,candidates=2,heuristic={extra}", seed=0)
        bot.keep_notes = True
        probs = bot.net.action_probs(bot.net.observation(view), view.legal_mask())
        top = sorted(legal, key=lambda a: (-probs[a], a))[:2]
        chosen = bot.act(view, list(legal))
        searched = {int(a) for a in bot.last_notes["values"]}
        assert set(top) <= searched and len(searched) in sizes and chosen in searched
