"""The save format of a game (``Game.to_json`` / ``Game.from_json``): its header and version."""

from __future__ import annotations

from typing import Any

from hydra_env.api.saves import read_save_text
from hydra_env.errors import SaveError

SAVE_FORMAT = "hydra-env/game"
SAVE_VERSION = 2  # 2: readable state field names and a named pending decision (0.2.0)


_SAVE_KEYS = {"format", "version", "data_digest", "data_name", "data_version", "scenario", "options", "state"}


def parse_save(text: Any) -> dict[str, Any]:
    """The top-level object of a save; SaveError when it is not JSON of a saved game."""
    doc = read_save_text(text, game=SAVE_FORMAT, version=SAVE_VERSION, title="hydra-env")
    if doc.keys() != _SAVE_KEYS:
        raise SaveError(f"saved game: fields missing: {sorted(_SAVE_KEYS - doc.keys()) or 'none'}, unknown: "
                        f"{sorted(doc.keys() - _SAVE_KEYS) or 'none'}; the save was edited or damaged")
    return doc
