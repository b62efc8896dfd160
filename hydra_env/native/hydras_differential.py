"""Differential check of the Hydras engines: the native and the Python engine play the
same random games, compared after every decision.

Compared: the current player, is_over, the pending decision, the turn seat, the
legal actions and mask, the JSON save (the whole state, hidden cards included),
the flat observation of every seat, the history length, and at the end the
result. Every ``reload_every`` decisions the native game is replaced by one
loaded from the Python game's save (it must continue identically); every
``illegal_every`` decisions an illegal action is tried on both (the same
IllegalActionError text, nothing changed); every ``clone_every`` decisions a
native clone plays on and the original must not change. Used by
``benchmarks/differential_hydras.py`` and ``tests/hydras/test_hydras_native_differential.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from hydra_env.errors import IllegalActionError
from hydra_env.hydras.game import HydrasGame


@dataclass
class HydrasDiffReport:
    """What a differential run compared; ``mismatch`` names the first difference (None: none)."""

    decisions: int = 0
    games: int = 0
    reloads: int = 0
    illegal_checked: int = 0
    clones_checked: int = 0
    seconds: float = 0.0
    per_players: dict[int, int] = field(default_factory=dict)
    mismatch: str | None = None


def compare(python: HydrasGame, native: HydrasGame) -> str | None:
    """The first difference between the two games' positions, or None."""
    for name in ("current_player", "is_over", "pending", "turn_seat", "history_length"):
        a, b = getattr(python, name), getattr(native, name)
        if a != b:
            return f"{name}: python {a!r}, native {b!r}"
    legal = python.legal_actions()
    if legal != native.legal_actions():
        return f"legal actions: python {legal}, native {native.legal_actions()}"
    if not np.array_equal(python.legal_mask(), native.legal_mask()):
        return "legal mask differs"
    if python.to_json() != native.to_json():
        return "saved game (to_json) differs"
    for seat in range(python.num_players):
        a, b = python.encode_flat(seat), native.encode_flat(seat)
        if not np.array_equal(a, b):
            where = np.flatnonzero(a != b)
            return f"encode_flat of seat {seat} differs at {where[:8].tolist()}: {a[where[:4]]} vs {b[where[:4]]}"
    return None


def _illegal_action(game: HydrasGame, rng: random.Random) -> int:
    legal = set(game.legal_actions())
    while True:
        action = rng.randrange(game.action_size)
        if action not in legal:
            return action


def _check_illegal(python: HydrasGame, native: HydrasGame, action: int) -> str | None:
    before = native.to_json()
    messages = []
    for game in (python, native):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            messages.append(str(exc))
        else:
            return f"illegal action {action} was accepted by the {game.engine} engine"
    if messages[0] != messages[1]:
        return f"illegal action {action}: python says {messages[0]!r}, native {messages[1]!r}"
    if native.to_json() != before:
        return f"illegal action {action} changed the native game"
    return None


def _check_clone(native: HydrasGame, rng: random.Random) -> str | None:
    before = native.to_json()
    copy = native.clone()
    for _ in range(3):
        if copy.is_over:
            break
        legal = copy.legal_actions()
        copy.apply(legal[rng.randrange(len(legal))])
    if native.to_json() != before:
        return "playing on a clone changed the original"
    return None


def run(decisions: int, *, seed: int = 0, players: Sequence[int] = (2, 3, 4), reload_every: int = 50,
        illegal_every: int = 25, clone_every: int = 40) -> HydrasDiffReport:
    """Play random games on both engines until ``decisions`` decisions were compared."""
    rng = random.Random(seed)
    report = HydrasDiffReport()
    start = time.perf_counter()
    while report.decisions < decisions and report.mismatch is None:
        count = players[report.games % len(players)]
        game_seed = rng.randrange(1 << 62)
        python = HydrasGame.new(count, game_seed, engine="python")
        native = HydrasGame.new(count, game_seed, engine="native")
        report.games += 1
        where = f"game {report.games} ({count} players, seed {game_seed})"
        while report.mismatch is None:
            problem = compare(python, native)
            if problem is None and python.is_over:
                a, b = python.result().to_dict(), native.result().to_dict()
                problem = None if a == b else f"result: python {a}, native {b}"
            if problem is None and not python.is_over:
                n = report.decisions
                if illegal_every and n % illegal_every == illegal_every - 1:
                    problem = _check_illegal(python, native, _illegal_action(python, rng))
                    report.illegal_checked += 1
                if problem is None and clone_every and n % clone_every == clone_every - 1:
                    problem = _check_clone(native, rng)
                    report.clones_checked += 1
            if problem is not None:
                report.mismatch = f"{where}, decision {python.history_length}: {problem}"
                break
            if python.is_over or report.decisions >= decisions:
                break
            legal = python.legal_actions()
            action = legal[rng.randrange(len(legal))]
            python.apply(action)
            native.apply(action)
            report.decisions += 1
            report.per_players[count] = report.per_players.get(count, 0) + 1
            if reload_every and report.decisions % reload_every == 0:
                native = HydrasGame.from_json(python.to_json(), engine="native")
                report.reloads += 1
    report.seconds = time.perf_counter() - start
    return report
