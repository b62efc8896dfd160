"""``batch_test(name)``: the batch path of the conformance test, for any registered game.

Plays random games in a :class:`~hydra_env.envs.vector.batch.PythonBatch` beside the
same games played one by one, and checks row by row that the buffers are what the
single games say (the observer's vector, the legal mask, the deciding seat, the end
flag, ``spec.game_returns``); that an illegal action raises before any row changes;
and, where the game has a native batch that is built, that the native buffers equal
the Python ones after every step (the EnvPool-style template against the reference).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.api.registry import game_spec
from hydra_env.api.spec import GameSpec
from hydra_env.envs.vector.batch import GameBatch, NativeBatch, PythonBatch
from hydra_env.errors import ConfigError, IllegalActionError

BUFFERS = ("obs", "masks", "current_player", "over", "returns")


def _check(condition: Any, where: str, message: str) -> None:
    if not condition:
        raise AssertionError(f"{where}: {message}")


def _native_or_none(spec: GameSpec, num_games: int, seat: int, params: dict[str, Any]) -> GameBatch | None:
    if spec.native_batch is None or "native" not in spec.engines:
        return None
    try:
        return NativeBatch(spec, num_games, seat=seat, **params)
    except ConfigError:                     # not built here: the Python path is still checked
        return None


def _check_rows_match_games(batch: PythonBatch, games: list[Any], where: str) -> None:
    spec, seat = batch.spec, batch.seat
    for r, game in enumerate(games):
        cur = int(game.current_player)
        writer = seat if seat >= 0 else cur
        _check(batch.current_player[r] == cur, where, f"row {r}: current_player {batch.current_player[r]}, game {cur}")
        _check(bool(batch.over[r]) == bool(game.is_over), where, f"row {r}: over disagrees with the game")
        mask = np.zeros(batch.action_size, np.int8)
        if cur >= 0 and cur == writer:
            mask[:] = np.asarray(game.legal_mask(), np.int8)
        _check(np.array_equal(batch.masks[r], mask), where, f"row {r}: the mask is not the game's")
        if writer >= 0:
            _check(np.array_equal(batch.obs[r], batch.observer.encode(game, writer)), where,
                   f"row {r}: the observation is not the observer's for seat {writer}")
        _check(np.array_equal(batch.returns[r], spec.game_returns(game)), where, f"row {r}: returns differ")


def batch_test(game: str | GameSpec, *, num_games: int = 6, steps: int = 200, seed: int = 0,
               params: dict[str, Any] | None = None) -> None:
    """Check the batch path of ``game`` (see the module docstring); AssertionError names the
    game, step and row of the first difference."""
    spec = game if isinstance(game, GameSpec) else game_spec(game)
    values = spec.check_params(params or {})
    players = int(spec.players(values))
    rng = np.random.default_rng(seed)
    for seat in sorted({-1, 0, players - 1}):
        python = PythonBatch(spec, num_games, seat=seat, **values)
        native = _native_or_none(spec, num_games, seat, values)
        games = []
        for r in range(num_games):
            python.start(r, seed * 1000 + r)
            games.append(spec.make(seed=seed * 1000 + r, engine="python", **values))
            if native is not None:
                native.start(r, seed * 1000 + r)
        for step in range(steps):
            where = f"batch of {spec.name!r} seat={seat} step={step}"
            _check_rows_match_games(python, games, where)
            if native is not None:
                for name in BUFFERS:
                    _check(np.array_equal(getattr(python, name), getattr(native, name)), where,
                           f"native buffer {name!r} differs from the Python batch's")
            u = rng.random(num_games)
            actions = python.sample_legal(u)
            if native is not None:
                _check(np.array_equal(actions, native.sample_legal(u)), where, "sample_legal differs")
            rows = np.flatnonzero(actions >= 0)
            if not rows.size:
                break
            if step == 0:
                _check_illegal_refused(python, rows, where)
            python.apply(actions[rows], rows)
            if native is not None:
                native.apply(actions[rows], rows)
            for r in rows.tolist():
                games[r].apply(int(actions[r]))


def _check_illegal_refused(batch: GameBatch, rows: np.ndarray, where: str) -> None:
    """An action masked out for one row raises IllegalActionError naming the row; nothing changes."""
    r = int(rows[0])
    game = batch.game(r)
    illegal = [a for a in range(batch.action_size) if not game.is_legal(a)]
    if not illegal:
        return
    before = {name: getattr(batch, name).copy() for name in BUFFERS}
    try:
        batch.apply(np.array([illegal[0]]), np.array([r]))
    except IllegalActionError as exc:
        _check(f"row {r}" in str(exc), where, f"the illegal-action error names no row: {exc}")
    else:
        raise AssertionError(f"{where}: action {illegal[0]} in row {r} was accepted")
    for name, value in before.items():
        _check(np.array_equal(getattr(batch, name), value), where, f"a refused action changed {name!r}")
