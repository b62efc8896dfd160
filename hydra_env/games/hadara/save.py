"""Hadara's JSON save, format ``hydra-env/hadara-game`` version 1.

A save holds the setting (players, seed, options), the decisions so far and the
full state. Loading replays the decisions from the seed and refuses the text
(:class:`SaveError` naming the field) when any saved field differs from the
replayed one: a save cannot be edited into another position. A component file
other than the shipped one is named by its path. numpy and the standard library only.
"""

from __future__ import annotations

import json
from typing import Any

from hydra_env.api.saves import first_difference, read_save_text
from hydra_env.errors import ConfigError, DataError, IllegalActionError, SaveError
from hydra_env.games.hadara.state import FIELDS, State

FORMAT = "hydra-env/hadara-game"
VERSION = 1
_KEYS = frozenset(("format", "version", "players", "seed", "options", "history", "state"))
_OPTIONS = frozenset(("board_order", "piles", "components"))


def state_data(state: State) -> dict[str, Any]:
    """The state as plain data (every field, the random stream as [seed, counter])."""
    data = {name: getattr(state, name) for name in FIELDS}
    data["rng"] = state.rng.to_list()
    data["pending"] = None if state.pending is None else [state.pending.kind, state.pending.seat]
    return data


def dumps(state: State, options: dict[str, Any]) -> str:
    """The save text of ``state`` played with ``options``."""
    return json.dumps({"format": FORMAT, "version": VERSION, "players": state.players, "seed": state.seed,
                       "options": options, "history": list(state.history), "state": state_data(state)},
                      separators=(",", ":"))


def _field(data: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in data:
        raise SaveError(f"saved game: missing field {where}{key!r}")
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SaveError(f"saved game: field {where}{key} must be an integer, got {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise SaveError(f"saved game: field {where}{key} must be a {kind.__name__}, got {value!r}")
    return value


def parse(text: str) -> dict[str, Any]:
    """The checked header of a save: players, seed, options, history, state (SaveError when not one)."""
    data = read_save_text(text, game=FORMAT, version=VERSION, title="Hadara")
    if data.keys() != _KEYS:
        raise SaveError(f"saved game: fields missing {sorted(_KEYS - data.keys())}, unknown "
                        f"{sorted(data.keys() - _KEYS)}; the save was edited or damaged")
    options = _field(data, "options", dict)
    if options.keys() != _OPTIONS:
        raise SaveError(f"saved game: field 'options' must hold exactly {sorted(_OPTIONS)}, got {sorted(options)}")
    for key in ("board_order", "piles"):
        _field(options, key, str, "options.")
    if not isinstance(options["components"], (str, type(None))):
        raise SaveError(f"saved game: field options.components must be a path or null, got {options['components']!r}")
    players = _field(data, "players", int)
    if not 2 <= players <= 5:
        raise SaveError(f"saved game: field 'players' must be 2-5, got {players}")
    seed = _field(data, "seed", int)
    history = _field(data, "history", list)
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in history):
        raise SaveError("saved game: field 'history' must be a list of integers")
    return {"players": players, "seed": seed, "options": options,
            "history": history, "state": _field(data, "state", dict)}


def check_replay(saved: dict[str, Any], replayed: State) -> None:
    """SaveError naming the first field of the saved state that differs from the replayed state."""
    expected = json.loads(json.dumps(state_data(replayed)))
    got = saved["state"]
    for key, value in expected.items():
        if key not in got:
            raise SaveError(f"saved game: missing field state.{key}")
        if first_difference(value, got[key], f"state.{key}") is not None:
            raise SaveError(f"saved game: field state.{key} does not match the game its seed and history give "
                            f"(the save was edited or is damaged): saved {got[key]!r}, replayed {value!r}")
    extra = sorted(set(got) - set(expected))
    if extra:
        raise SaveError(f"saved game: unknown field state.{extra[0]}")


def replay_error(exc: Exception, step: int) -> SaveError:
    """The SaveError of a history that cannot be replayed."""
    if isinstance(exc, IllegalActionError):
        return SaveError(f"saved game: field history[{step}] is not a legal action at that point: {exc}")
    if isinstance(exc, (ConfigError, DataError)):
        return SaveError(f"saved game: field 'options' is not valid: {exc}")
    return SaveError(f"saved game: cannot be replayed: {exc}")
