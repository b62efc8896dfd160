"""The native batch's observation and candidate layouts, from the Python encoders.

:class:`~hydra_env.games.hydra.native.batch.NativeGameBatch` (a layer below the encoders)
asks a registered provider for them; importing this module registers :func:`batch_layouts`
when the native engine is built (the batch imports it by name on first need).
"""

from __future__ import annotations

from typing import Any

from hydra_env.games.hydra.native import available
from hydra_env.games.hydra.observe.candidates import N_FEATURES, CandidateEncoder
from hydra_env.games.hydra.observe.encoding.encoder import encoder_for
from hydra_env.games.hydra.observe.encoding.native import native_layout


def batch_layouts(rules: Any, candidates: int) -> tuple[Any, int, Any, int]:
    """The native observation layout and size, candidate layout and feature count of
    ``rules`` (the provider of :func:`hydra_env.games.hydra.native.batch.register_layouts`)."""
    encoder = encoder_for(rules.components)
    cand = CandidateEncoder(rules, candidates).native_layout() if candidates else None
    return native_layout(encoder), encoder.size, cand, N_FEATURES


if available():
    from hydra_env.games.hydra.native.batch import register_layouts

    register_layouts(batch_layouts)
