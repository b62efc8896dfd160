"""Hydra's native batch for the generic batch API: the shared batch template over Hydra's engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hydra_env.games.hydra.rules.game import Game


def native_batch(params: Mapping[str, Any]) -> tuple[type, Any, Callable[[Any], Any]]:
    """(``HydraBatch``, a native game of these parameters as the template's game concept, the
    facade of one): what :class:`hydra_env.envs.vector.batch.NativeBatch` needs. Raises
    NativeUnavailableError when the native engine is not built."""
    from hydra_env.games.hydra.native import require
    from hydra_env.games.hydra.native.game import NativeGame
    from hydra_env.games.hydra.observe.encoding import encoder_for
    from hydra_env.games.hydra.observe.encoding.native import native_layout

    options = {k: v for k, v in params.items() if k not in ("scenario", "stars")}
    prototype = Game.new(params["scenario"], params["stars"], 0, options=options, engine="native")
    module, rules = require(), prototype.rules
    concept = module.HydraBatchGame(prototype._native, native_layout(encoder_for(prototype.components)),
                                    params["stars"])
    return module.HydraBatch, concept, lambda native: NativeGame(native.game, rules)
