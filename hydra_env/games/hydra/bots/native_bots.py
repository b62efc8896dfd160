"""The scripted bots' native evaluation (the extension module ``hydra_env.games.hydra.bots._native_bots``).

``greedy``, ``heuristic`` (and its styles ``defender``, ``glory``) and ``rollout``
compute in C++ (``hydra_env/games/hydra/bots/native/src``) when the game they are given is a native
game (:class:`hydra_env.games.hydra.native.game.NativeGame`, the default engine) and the module
is built; otherwise, or with ``HYDRA_ENV_NATIVE_BOTS=0``, their Python code runs.
Both give the same decisions (``tests/agents/test_native_bots.py``): the C++ code
is a line-by-line port of :mod:`hydra_env.games.hydra.bots.features`, :mod:`hydra_env.games.hydra.bots.heuristic_solo`,
:mod:`hydra_env.games.hydra.bots.heuristic_coop` and the bots' value functions, in the same order of
double-precision operations. The random draws (``view.sample(rng)``, greedy's
noise) stay in Python, so the generator stream is the same on both paths.

The weights stay defined in Python (:mod:`hydra_env.games.hydra.bots.features.weights`); this module
converts them once per weights object (:func:`weights`, :func:`coop_weights`,
:func:`policy`).
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from hydra_env.games.hydra.bots import features

try:  # the module is built with the engine by `pip install -e .` (CMakeLists.txt)
    from hydra_env.games.hydra.bots import _native_bots as module
except ImportError:  # pragma: no cover - a build without the native modules
    module = None

ENV_VARIABLE = "HYDRA_ENV_NATIVE_BOTS"
enabled = module is not None and os.environ.get(ENV_VARIABLE, "1") != "0"
"""Whether the bots use the native code for native games (set False to force the Python code)."""

_cache: dict[Any, Any] = {}


def game_of(game: Any) -> Any:
    """The C++ game of a native ``game`` when the native bots are enabled, else None."""
    if not enabled:
        return None
    return getattr(game, "_native", None)


def _cached(key: Any, make: Any) -> Any:
    value = _cache.get(key)
    if value is None:
        if len(_cache) > 256:
            _cache.clear()
        value = _cache[key] = make()
    return value


def weights(w: features.SoloWeights) -> Any:
    """The native copy of a :class:`~hydra_env.games.hydra.bots.features.SoloWeights` (cached; they are frozen)."""
    return _cached(("w", w), lambda: module.weights(dataclasses.asdict(w)))


def coop_weights(cw: features.CoopWeights) -> Any:
    """The native copy of a :class:`~hydra_env.games.hydra.bots.features.CoopWeights`."""
    return _cached(("cw", cw), lambda: module.coop_weights(cw.city, cw.glory, cw.rank, weights(cw.board)))


def policy(solo: Any, coop: Any) -> Any:
    """The native parameters of a heuristic's rules (:class:`hydra_env.games.hydra.bots.heuristic_solo.SoloRules`,
    :class:`hydra_env.games.hydra.bots.heuristic_coop.CoopRules`)."""
    key = ("p", solo.w, float(solo.block_margin), float(solo.order_credit), int(solo.urgent_d),
           bool(solo.barricade_rule), coop.w, coop.style, float(coop.city_w), float(coop.glory_w),
           float(coop.buckle_min))
    return _cached(key, lambda: module.policy(
        weights(solo.w), key[2], key[3], key[4], key[5], weights(coop.w), key[8], key[9], key[10],
        coop.style == "glory"))


__all__ = ["module", "enabled", "game_of", "weights", "coop_weights", "policy", "ENV_VARIABLE"]
