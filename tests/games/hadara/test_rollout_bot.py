"""Hadara's ``rollout`` search bot: legal, seeded, blind to what its seat cannot see, its parameters
checked, and its Python playouts the twins of the native ones."""

from __future__ import annotations

import numpy as np
import pytest

from hydra_env.envs.bots import make_bot
from hydra_env.errors import ConfigError
from hydra_env.games.hadara.bots import GreedyBot
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.native import greedy as native_greedy
from hydra_env.games.hadara.search import RolloutBot, python_playout
from hydra_env.games.hadara.spec import new_game
from hydra_env.games.hadara.state import S_WHEEL

needs_native = pytest.mark.skipif(not native_greedy.built(), reason="the native module of Hadara is not built "
                                  "with the greedy bot (pip install -e ., or build it by hand and set "
                                  "HYDRA_ENV_NATIVE_DIR)")


def play(game, bots):
    """Play ``game`` out with ``bots`` by seat; the actions of seat 0."""
    actions = []
    while not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        action = bots[seat].act(game.view(seat), legal)
        assert action in legal
        if seat == 0:
            actions.append(action)
        game.apply(action)
    return actions


def small(seed):
    return RolloutBot(seed=seed, candidates=2, samples=2)


@needs_native
def test_rollout_plays_legal_actions_and_a_seed_repeats_its_game():
    first = play(new_game(num_players=3, seed=4, engine="native"), [small(1), GreedyBot(2), GreedyBot(3)])
    again = play(new_game(num_players=3, seed=4, engine="native"), [small(1), GreedyBot(2), GreedyBot(3)])
    assert first == again and len(first) > 30


def positions(players: int, seed: int, every: int):
    """Copies of a greedy game (native) at every few decisions."""
    game = new_game(num_players=players, seed=seed, engine="native")
    bots = [GreedyBot(seed=s) for s in range(players)]
    out, step = [], 0
    while not game.is_over:
        if step % every == 0:
            out.append(game.clone())
        game.apply(bots[game.current_player].act(game.view(), game.legal_actions()))
        step += 1
    return out


def hidden(game):
    """What no seat sees of a game: the decks, the drawn pairs, the colony stacks."""
    state = game.state
    return state.decks, state.pairs, state.stacks


@needs_native
def test_rollout_never_reads_hidden_information():
    """Seeded alike, the bot chooses the same action on a game and on a copy in which everything its
    seat cannot see is dealt anew."""
    games = positions(4, 21, every=9)
    differing = 0
    for i, game in enumerate(games):
        seat = game.current_player
        other = game.determinize(seat, np.random.default_rng(500 + i))
        assert other.observe(seat) == game.observe(seat)
        differing += hidden(other) != hidden(game)
        legal = game.legal_actions()
        a = small(31).act(game.view(seat), legal)
        b = small(31).act(other.view(seat), legal)
        assert a == b, f"rollout peeked at position {i}: {game.describe(a)} vs {game.describe(b)}"
    assert differing >= len(games) // 2


@needs_native
def test_python_playouts_are_the_native_ones_once_no_wheel_is_left():
    """Past the last WHEEL greedy is deterministic: the Python fallback's outcomes are the native ones."""
    native = new_game(num_players=4, seed=6, engine="native")
    bots = [GreedyBot(seed=s) for s in range(4)]
    while native.state.epoch < 2 or native.state.step == S_WHEEL or native.history_length % 3:
        native.apply(bots[native.current_player].act(native.view(), native.legal_actions()))
    python = native.python_game()
    seat, legal = native.current_player, native.legal_actions()
    bot = RolloutBot(seed=0, candidates=3, samples=1)
    assert bot.ranked(native, seat, legal) == bot.ranked(python, seat, legal)
    assert bot.outcomes(native, seat, legal, seed=1) == bot.outcomes(python, seat, legal, seed=1)
    played = python_playout(python.clone(), seed=1)
    assert played.is_over and played.result() == native_greedy.playout(native, [-1] * 4, seed=1).result()


def test_rollout_runs_on_the_python_engine():
    """Without the native engine the same algorithm runs in Python (a late position: short playouts)."""
    game = HadaraGame.new(2, seed=3)
    bots = [GreedyBot(seed=s) for s in range(2)]
    while game.state.epoch < 2 or game.state.step < 8:
        game.apply(bots[game.current_player].act(game.view(), game.legal_actions()))
    bot = RolloutBot(seed=2, candidates=2, samples=2)
    while not game.is_over:
        legal = game.legal_actions()
        action = bot.act(game.view(), legal)
        assert action in legal
        game.apply(action)


def test_rollout_comes_from_the_registry_and_checks_its_parameters():
    bot = make_bot("rollout:candidates=3,samples=5,margin=0.02", game="hadara", seed=0)
    assert isinstance(bot, RolloutBot) and (bot.candidates, bot.samples, bot.margin) == (3, 5, 0.02)
    for spec, words in (("rollout:samples=0", "samples"), ("rollout:candidates=100", "candidates"),
                        ("rollout:margin=2", "margin"), ("rollout:depth=3", "depth")):
        with pytest.raises(ConfigError, match=words):
            make_bot(spec, game="hadara", seed=0)
    with pytest.raises(ValueError, match="samples must be a whole number"):
        RolloutBot(samples=2.5)
    with pytest.raises(ValueError, match="candidates must be from 1 to 76"):
        RolloutBot(candidates=0)
    with pytest.raises(ValueError, match="margin must be a number"):
        RolloutBot(margin="big")
    with pytest.raises(ValueError, match="seed"):
        RolloutBot(seed=-1)


@needs_native
def test_rollout_notes_name_its_candidates_and_their_mean_outcomes_when_asked():
    from hydra_env.api.bots import notes_of, want_notes
    bot = RolloutBot(seed=3, candidates=3, samples=2)
    game = next(g for g in positions(4, 8, every=5) if len(g.legal_actions()) > 3
                and g.pending["kind"] != "WHEEL")
    seat, legal = game.current_player, game.legal_actions()
    bot.act(game.view(seat), legal)
    assert notes_of(bot) is None                                   # none unless asked
    want_notes(bot)
    chosen = bot.act(game.view(seat), legal)
    notes = notes_of(bot)
    assert "re-deals" in notes["label"] and len(notes["values"]) == 3
    assert {int(a) for a in notes["values"]} <= set(legal) and str(chosen) in notes["values"]
    assert notes["values"][str(chosen)] == max(notes["values"].values())     # it plays the best mean
