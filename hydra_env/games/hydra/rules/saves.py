"""The save format of a game (``Game.to_json`` / ``Game.from_json``): its header and version."""

from __future__ import annotations

import json
from typing import Any

from hydra_env import arguments
from hydra_env.errors import SaveError

SAVE_FORMAT = "hydra-env/game"
SAVE_VERSION = 2  # 2: readable state field names and a named pending decision (0.2.0)


_SAVE_KEYS = {"format", "version", "data_digest", "data_name", "data_version", "scenario", "options", "state"}


def parse_save(text: Any) -> dict[str, Any]:
    """The top-level object of a save; SaveError when it is not JSON of a saved game."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"Game.from_json needs the text of a saved game (a str), got {arguments.show(text)}; "
                        "pass the string that Game.to_json returned, e.g. Path(file).read_text()")
    try:
        doc = json.loads(text)
    except RecursionError:
        raise SaveError("not a saved hydra-env game: its JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:   # JSONDecodeError, too many digits, bad bytes
        raise SaveError(f"not a saved hydra-env game: invalid JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError("not a saved hydra-env game: the 'format' field is missing or wrong")
    if doc.get("version") != SAVE_VERSION or type(doc.get("version")) is not int:
        raise SaveError(
            f"saved game version {doc.get('version')!r} is not supported (this hydra-env reads "
            f"version {SAVE_VERSION}); to carry an older game over, start it anew with "
            f"Game.new(scenario, stars, seed) and apply the decisions of its state's 'history'")
    if doc.keys() != _SAVE_KEYS:
        raise SaveError(f"saved game: fields missing: {sorted(_SAVE_KEYS - doc.keys()) or 'none'}, unknown: "
                        f"{sorted(doc.keys() - _SAVE_KEYS) or 'none'}; the save was edited or damaged")
    return doc
