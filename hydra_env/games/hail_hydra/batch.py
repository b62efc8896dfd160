"""The native batch of Hail Hydra: the shared batch template over the native engine's games."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any


def native_batch(params: Mapping[str, Any]) -> tuple[type, Any, Callable[[Any], Any]]:
    """(``hydra_env.games.hail_hydra._native.Batch``, a native game of these parameters, the facade
    of a native game): what :class:`hydra_env.envs.vector.batch.NativeBatch` needs. Raises
    NativeUnavailableError when the native engine is not built, ConfigError for bad parameters."""
    from hydra_env.games.hail_hydra.components import load_components
    from hydra_env.games.hail_hydra.deal import check_options, parse_heroes
    from hydra_env.games.hail_hydra.native import require
    from hydra_env.games.hail_hydra.native.game import NativeHailHydraGame
    from hydra_env.games.hail_hydra.native.tables import native_tables

    module = require()
    players = int(params.get("num_players", 6))
    path = str(params.get("components", "") or "")
    comp = load_components(path or None)
    options = check_options(players, int(params.get("first_player", -1)), str(params.get("heroes", "random")),
                            str(params.get("claims", "mandatory")), bool(params.get("nominations", True)),
                            str(params.get("balance", "calibrated")), int(params.get("history", 40)))
    fixed = parse_heroes(options["heroes"], players, comp) or []
    prototype = module.HailHydraNative(native_tables(comp), players, options, fixed)

    def wrap(native: Any) -> NativeHailHydraGame:
        start = prototype.clone()
        start.reset(native.seed)
        return NativeHailHydraGame(native, comp, path, json.dumps(start.to_dict()), False)

    return module.Batch, prototype, wrap
