"""Hydra's observer: the encoding of ``Solo-v0``/``Coop-v0`` (:mod:`hydra_env.games.hydra.observe.encoding`)."""

from __future__ import annotations

from typing import Any

from hydra_env.api.observer import FlatObserver


def observer(game: Any) -> FlatObserver:
    """The observer of a Hydra game (its component set's encoder)."""
    from hydra_env.games.hydra.observe.encoding import encoder_for
    encoder = encoder_for(game.components)
    parts = {"board": tuple(encoder.board_shape), "features": (encoder.size - encoder.P,)}
    return FlatObserver(parts, encoder.encode)
