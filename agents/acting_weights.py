"""Acting-only policy files: the actor's weights in half precision, the critic left out.

A policy zip keeps every weight of the network (``policy.pth``): the actor, which chooses
the actions, and the critic (the value network), which only training reads. A network
that reads a wide observation has two wide first layers, one each, so its zip can be
larger than a shipped policy may be. ``python -m agents.train.export --acting-only``
writes the zip with the actor's weights alone, stored as float16, and a member
``acting_only.json`` naming the keys it left out; :func:`restore` (called by the loader,
:func:`agents.policy_load.build_model`) turns such weights back into a full set: the
actor's as float32, the critic's as zeros. The model acts as the full one does up to
float16 rounding of its weights (the export's figures are measured from the compact
file); its value estimates are 0, so it is for acting, or as the start of a new run whose
critic learns again.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

MARKER = "acting_only.json"
"""The zip member that marks an acting-only file and lists the critic keys it left out."""

CRITIC_PREFIXES = ("mlp_extractor.value_net.", "value_net.", "vf_features_extractor.")
"""State-dict keys of the critic in SB3's actor-critic policies."""


def is_critic(key: str) -> bool:
    """Whether a state-dict key belongs to the critic (never read when acting)."""
    return key.startswith(CRITIC_PREFIXES)


def compact_zip(path: Path) -> None:
    """Rewrite the SB3 zip ``path`` in place as acting-only (module docstring): ``policy.pth``
    keeps the actor's tensors in float16, the optimizer's state is dropped, and
    ``acting_only.json`` lists the keys left out."""
    import torch
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    weights = torch.load(io.BytesIO(members["policy.pth"]), map_location="cpu", weights_only=True)
    kept = {k: (v.half() if v.is_floating_point() else v) for k, v in weights.items() if not is_critic(k)}
    dropped = sorted(k for k in weights if is_critic(k))
    buffer = io.BytesIO()
    torch.save(kept, buffer)
    members["policy.pth"] = buffer.getvalue()
    members.pop("policy.optimizer.pth", None)
    members[MARKER] = json.dumps({"dtype": "float16", "left_out": dropped}, indent=1).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def marker(path: str | Path) -> dict[str, Any] | None:
    """The acting-only record of a policy zip, or None for a full one; ValueError when the
    record is malformed (the loader turns it into a ConfigError naming the file)."""
    with zipfile.ZipFile(path) as archive:
        if MARKER not in archive.namelist():
            return None
        record = json.loads(archive.read(MARKER))
    if not isinstance(record, dict) or not isinstance(record.get("left_out", []), list):
        raise ValueError(f"its {MARKER} is not an object with a list left_out")
    return record


def restore(weights: dict[str, Any], model_state: dict[str, Any], left_out: list[str]) -> dict[str, Any]:
    """A full state dict from acting-only ``weights``: each as the model's own dtype, and the
    keys ``left_out`` (the critic's) as zeros shaped as in ``model_state``. ValueError when a
    key left out is not a critic's or the weights lack an actor's key."""
    bad = [k for k in left_out if not is_critic(k)]
    if bad:
        raise ValueError(f"acting-only file leaves out {bad[0]!r}, which is not the critic's")
    missing = [k for k in model_state if k not in weights and k not in left_out]
    if missing:
        raise ValueError(f"acting-only file lacks {missing[0]!r}")
    full = {k: v.to(model_state[k].dtype) if k in model_state else v for k, v in weights.items()}
    for k in left_out:
        if k in model_state:
            full[k] = model_state[k].new_zeros(model_state[k].shape)
    return full
