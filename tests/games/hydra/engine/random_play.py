"""Seeded random play for the property tests (tests/games/hydra/engine/test_properties_*.py).

Every game is played by uniformly random legal decisions drawn from a
``random.Random`` seeded per game, so each failure reproduces from its
(scenario, seed, late). Two kinds of games are played:

* *full* games from the first decision (random play usually loses early), and
* *late* games: a new game whose round counter is set to one of the last
  three rounds before the first decision (a hand-built shortcut, like the
  helpers of :mod:`hydra_env.games.hydra.rules.testing`), so that random play also reaches
  later rounds and the end of the last one — the only way random play
  exercises won results (R31, R39).

Some games prefer actions towards the Hydra (``towards_the_hydra``: strikes,
harpoons, moves next to a head or onto a neck) so that retreats, follows and
evasions happen often. ``check_decision`` and ``check_end`` are what must hold
at every decision and at the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import numpy as np
from reference_rules import RefView, ref_orthogonal

from hydra_env import TERMINAL, Game
from hydra_env.games.hydra.rules.codec import (
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_SWORD,
    A_DEST,
    A_HARPOON,
    A_SWORD,
)
from hydra_env.games.hydra.rules.testing import edit, invariants

SOLO = (10, 11, 12)
COOP = tuple(range(1, 10))
ALL = COOP + SOLO


def new_game(scenario: int, seed: int, *, late: int = 0, stars: int = 1) -> Game:
    """A new seeded game; with ``late`` = k > 0 it starts in the k-th round from the end."""
    game = Game.new(scenario=scenario, stars=stars, seed=seed)
    if late:
        with edit(game) as state:
            state.round = max(len(state.moon_tokens) - late, 0)
    return game


def play(game: Game, seed: int, on_decision: Callable[[Game, int], None] | None = None,
         max_decisions: int | None = None) -> Game:
    """Play uniformly random legal decisions (``random.Random(seed)``) until the end.

    ``on_decision(game, step)`` is called before each decision.
    """
    rng = random.Random(seed)
    step = 0
    while not game.is_over and (max_decisions is None or step < max_decisions):
        if on_decision is not None:
            on_decision(game, step)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        step += 1
    return game


def games(full: int, late: int, base: int = 0, rounds: int = 3) -> Iterator[tuple[int, int]]:
    """(seed, late) pairs: ``full`` full games, then ``late`` games starting in one of
    the last ``rounds`` rounds (the last round first, then cycling)."""
    for i in range(full):
        yield base + i, 0
    for i in range(late):
        yield base + 1000 + i, 1 + i % rounds


def sampled_positions(scenario: int, n_games: int, every: int, base: int = 0) -> Iterator[Game]:
    """Clones of every ``every``-th decision of ``n_games`` full and ``n_games`` late games."""
    for seed, late in games(n_games, n_games, base):
        found: list[Game] = []
        play(new_game(scenario, seed, late=late), seed,
             lambda g, step, found=found: found.append(g.clone()) if step % every == 0 else None)
        yield from found


def where(game: Game) -> str:
    return (f"scenario {game.scenario} seed {game.seed} round {game.round} phase {game.phase!r} "
            f"pending {game.pending} after {len(game.history)} decisions")


def more_invariants(game: Game) -> list[str]:
    """Checks beyond testing.invariants(): barricades (R11, R17), compass (R22), tokens."""
    st, rules = game.state, game.rules
    board = rules.board
    bad = []
    necks = {board.paths[st.hydra_path[c]][i] for c in range(len(st.head_count))
             for i in range(st.head_position[c])}
    for s in st.barricade_space:
        if s >= 0 and (s in necks or (board.maelstrom_mask >> s) & 1):
            bad.append(f"barricade on a neck tile or maelstrom: {board.name(s)} (R11, R17)")
    if not all(0 <= s < board.n_spaces for s in st.hero_space):
        bad.append(f"hero off the board: {st.hero_space}")
    if not all(x in (0, 1) for x in st.shielded):
        bad.append(f"shield values not 0/1: {st.shielded}")
    if len(set(st.glory)) != len(st.glory):
        bad.append(f"two heroes share a compass progress (R22): {st.glory}")
    if not st.game_over and not 0 <= st.round < len(st.moon_tokens):
        bad.append(f"round {st.round} outside the moon track")
    if rules.solo:
        phase1 = [slot % len(st.solo_row_c) for slot, t in enumerate(st.display_token) if t == 1]
        if len(set(phase1)) != len(phase1):
            bad.append(f"two phase-I tokens in one column (R34): {st.display_token}")
    return bad


def check_decision(game: Game) -> None:
    """Everything that must hold while a decision is pending."""
    assert invariants(game) == [], where(game)
    assert more_invariants(game) == [], where(game)
    legal = game.legal_actions()
    mask = game.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.action_size,)
    assert legal, f"no legal action before the end: {where(game)}"
    assert np.flatnonzero(mask).tolist() == legal, where(game)
    assert legal == sorted(set(legal))
    assert game.pending is not None and game.current_player == game.pending["seat"]
    assert 0 <= game.current_player < game.num_players


def check_end(game: Game) -> None:
    """Everything that must hold once the game is over."""
    assert invariants(game) == [], where(game)
    assert more_invariants(game) == [], where(game)
    assert game.current_player == TERMINAL and game.pending is None
    assert game.legal_actions() == []
    assert not game.legal_mask().any()
    assert game.result().outcome in ("won", "lost")


def towards_the_hydra(game: Game, legal: list[int]) -> list[int]:
    """Strikes, harpoons, and moves or portals onto a neck tile or next to a head: the
    actions that make the Hydra retreat, preferred so that R9/R10 happen often."""
    codec, view = game.codec, RefView(game)
    near = {s for h in view.head.values() for s in ref_orthogonal(h)} | set(view.neck)
    return [a for a in legal if codec.kind[a] in (A_SWORD, A_CITY_SWORD, A_HARPOON,
                                                  A_CITY_HARPOON)
            or codec.kind[a] in (A_DEST, A_CITY_MOVE, A_CITY_PORTAL) and codec.arg[a] in near]
