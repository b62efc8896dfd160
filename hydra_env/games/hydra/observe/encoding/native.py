"""The native observation encoder: the same layout, written by the C++ engine.

:func:`native_layout` hands an :class:`~hydra_env.games.hydra.observe.encoding.encoder.Encoder`'s
offsets and tables to ``hydra_env.games.hydra._native`` once (cached on the encoder);
:func:`encode_into` then writes ``Encoder.encode(game, seat)`` for a
:class:`~hydra_env.games.hydra.native.game.NativeGame` straight from its C++ state into a
float32 buffer, value for value the same (``tests/envs/test_native_encoding.py``
and the differential check it). Games of the Python engine return False and are
encoded by the Python code.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.games.hydra.data import MAX_HEADS
from hydra_env.games.hydra.native import available, require
from hydra_env.games.hydra.native.game import NativeGame
from hydra_env.games.hydra.observe.encoding.layout import (
    DISPLAY_CARD,
    HAND_CARD,
    HERO_BLOCK,
    HYDRA_HAND_CARD,
    MAX_SEATS,
    QUEUE_NORM,
    ROW_C_CARD,
)
from hydra_env.games.hydra.rules.codec import BLOCK_SLOTS, DISPLAY_SLOTS, HAND_SLOTS, HYDRA_HAND_SLOTS

_FEATURES = ("heads", "mode", "players", "stars", "scenario", "round", "moon", "decision", "decider",
             "evade_cause", "target_city", "walls", "walls_missing", "heroes", "hand", "hydra_hand",
             "display", "row_c", "solo", "coop", "decks")
_CHANNELS = ("path", "barricade", "hero", "shield", "target", "head", "counter", "neck")


def layout_dict(encoder: Any) -> dict[str, Any]:
    """The plain dict ``hydra_env.games.hydra._native.make_obs_layout`` reads, from an Encoder."""
    if QUEUE_NORM != 32.0 or (DISPLAY_SLOTS, HAND_SLOTS, HYDRA_HAND_SLOTS, BLOCK_SLOTS) != (10, 3, 3, 5):
        raise ValueError("the native encoder is built for the shipped slot counts")
    d: dict[str, Any] = {"size": encoder.size, "n_cells": encoder.n_cells, "max_heads": MAX_HEADS,
                         "hero_block": HERO_BLOCK, "max_seats": MAX_SEATS}
    d.update({f"ch_{name}": encoder.channels[name] for name in _CHANNELS})
    d.update({f"f_{name}": encoder.f[name] for name in _FEATURES})
    d.update(hydra_lo=encoder.hydra_lo, hydra_hi=encoder.hydra_hi,
             solo_lo=encoder.solo_cards[0], solo_hi=encoder.solo_cards[1],
             coop_lo=encoder.coop_cards[0], coop_hi=encoder.coop_cards[1],
             hand_block=encoder.hand_block, hhand_block=encoder.hhand_block,
             disp_block=encoder.disp_block, row_block=encoder.row_block,
             hand_card=HAND_CARD, hhand_card=HYDRA_HAND_CARD, disp_card=DISPLAY_CARD, row_card=ROW_C_CARD,
             acard_size=encoder.acard_size, hcard_size=encoder.hcard_size,
             max_tokens=encoder.max_tokens, max_stack=encoder.max_stack, n_wall_tokens=encoder.n_wall_tokens,
             n_acards=encoder.n_acards, n_hdeck0=encoder.n_hdeck[0], n_hdeck1=encoder.n_hdeck[1],
             pos_norm=encoder.pos_norm)
    d["acard_vec"] = np.asarray(encoder.acard_vec, np.float32).ravel().tolist()
    d["hcard_vec"] = np.asarray(encoder.hcard_vec, np.float32).ravel().tolist()
    d["static_template"] = np.asarray(encoder._template, np.float32).tolist()
    numbers = list(encoder.scen_index)
    scen = [-1] * (max(numbers) + 1 if numbers else 1)
    for number, i in encoder.scen_index.items():
        scen[number] = i
    d["scen_index"] = scen
    phases = [-1] * 16
    for phase, pos in encoder.phase_pos.items():
        phases[int(phase)] = pos
    d["phase_pos"] = phases
    return d


def native_layout(encoder: Any) -> Any:
    """The (cached) native layout of ``encoder``; None when the native engine is not built."""
    layout = encoder.__dict__.get("_native_layout", False)
    if layout is False:
        layout = require().make_obs_layout(layout_dict(encoder)) if available() else None
        encoder._native_layout = layout
    return layout


def native_of(game: Any) -> Any:
    """The C++ game of a NativeGame, else None."""
    return game._native if isinstance(game, NativeGame) else None


_ENCODE: list[Any] = []     # hydra_env.games.hydra._native.encode_observation, looked up once


def encode_into(encoder: Any, game: Any, seat: int, out: np.ndarray) -> bool:
    """Write ``encoder.encode(game, seat)`` into ``out`` (float32[size], C-contiguous)
    natively; False (nothing written) when ``game`` is not on the native engine."""
    if not isinstance(game, NativeGame):
        return False
    layout = encoder.__dict__.get("_native_layout", False)
    if layout is False:
        layout = native_layout(encoder)
    if layout is None:
        return False
    if not _ENCODE:
        _ENCODE.append(require().encode_observation)
    _ENCODE[0](layout, game._native, seat, out)
    return True
