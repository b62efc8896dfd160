"""Hydras' observer: the encoding of ``Hydras-v0`` (:mod:`hydra_env.games.hydras.rules.encoding`)."""

from __future__ import annotations

from typing import Any

from hydra_env.api.observer import FlatObserver


def observer(game: Any) -> FlatObserver:
    """The observer of a Hydras game (board, hand and features, flat)."""
    from hydra_env.games.hydras.rules.encoding import encoder_for
    encoder = encoder_for(game.tables)
    parts = {"board": tuple(encoder.board_shape), "hand": tuple(encoder.hand_shape),
             "features": (encoder.size - encoder.feature_offset,)}
    return FlatObserver(parts, lambda g, seat: g.encode_flat(seat))
