"""Replays' common ground: the format's constants, its error and verdict types, and which
game a replay belongs to and how that game is dealt again (through the registry and the
game's replay hooks). :mod:`agents.replay` (writing, reading, checking) and
:mod:`agents.replay_verify` (playing again) both build on it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hydra_env import HydraError, arguments
from hydra_env.api.registry import game_names, game_spec

FORMAT = "hydra-env/replay"
VERSION = 1
EDITED = "the replay was edited or damaged"
MAX_REPLAY_BYTES = 64 * 1024 * 1024     # a replay of one game is a few kB

StepHook = Callable[[int, Any, int], None]


class ReplayError(HydraError, ValueError):
    """A file or document that cannot be read as a replay; the message says what is wrong."""


@dataclass
class Verdict:
    """The outcome of verifying a replay: ``ok``, or the first ``step`` (1-based) that differs."""

    ok: bool
    message: str
    step: int | None = None
    steps: int = 0
    game: Any = None


# --------------------------------------------------------------------------- the game of a replay

def replay_hooks(game: str) -> Any:
    """The replay hooks of ``game`` (a module, or None when it gives none)."""
    return game_spec(game).hooks("replay")


def hook(hooks: Any, name: str, default: Any) -> Any:
    """The hook ``name`` of a game's hook module, or ``default`` when it has none."""
    return default if hooks is None else getattr(hooks, name, default)


def legacy_game() -> str | None:
    """The game of a replay that names no game: the one whose replay hooks set ``LEGACY``."""
    for name in game_names():
        if hook(replay_hooks(name), "LEGACY", False):
            return name
    return None


def _names_text(names: Sequence[str]) -> str:
    quoted = [repr(n) for n in names]
    return " and ".join([", ".join(quoted[:-1]), quoted[-1]]) if len(quoted) > 1 else "".join(quoted)


def game_of(doc: Mapping[str, Any]) -> str:
    """The registry name of the game of a replay document; ReplayError when it names none known."""
    if "game" not in doc:
        name = legacy_game()
        if name is None:
            raise ReplayError(f"the replay names no game (field 'game'); hydra-env plays "
                              f"{_names_text(game_names())}")
        return name
    name = doc["game"]
    if not isinstance(name, str) or name not in game_names():
        raise ReplayError(f"the replay's field 'game' is {arguments.show(name)}; hydra-env plays "
                          f"{_names_text(game_names())}")
    return name


def params_of(doc: Mapping[str, Any], game: str | None = None) -> dict[str, Any]:
    """The parameters of the game of a (checked) replay document."""
    game = game or game_of(doc)
    get = hook(replay_hooks(game), "params_of", None)
    return dict(get(doc)) if get is not None else dict(doc["params"])


def start_game(doc: Mapping[str, Any]) -> Any:
    """The game of a (checked) replay document at its start, dealt from its seed."""
    game = game_of(doc)
    deal = hook(replay_hooks(game), "new_game", None)
    if deal is not None:
        return deal(doc)
    return game_spec(game).make(seed=doc["seed"], **params_of(doc, game))


def default_state_digest(game: Any) -> str:
    """A short digest of the full state: the SHA-256 of ``game.to_json()``, 16 hex digits."""
    return hashlib.sha256(game.to_json().encode()).hexdigest()[:16]


def digest_of(game_name: str) -> Callable[[Any], str]:
    """The state digest function of a game (its hook ``state_digest``, or the default)."""
    return hook(replay_hooks(game_name), "state_digest", default_state_digest)


def state_digest(game: Any) -> str:
    """Deprecated: the digest of a game of the :func:`legacy_game` (use :func:`digest_of`)."""
    return digest_of(legacy_game() or "")(game)


# --------------------------------------------------------------------------- making replays


def plain_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))
