"""JSON saves of Hail Hydra: format ``hydra-env/hail-hydra-game``, version 1.

A save holds the components' name, version and digest, the options, the *start* (the
state the game was dealt in: from the seed, or a hand-built test position marked
``forced``) and the current state. Loading re-deals the start from the seed (or checks a
forced start's cards and discs), replays the history from it and refuses the text when
any field differs from what the replay gives: a tampered field is named in the
:class:`~hydra_env.errors.SaveError`.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from hydra_env.errors import HydraError, SaveError
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.state import Pending, State

SAVE_FORMAT = "hydra-env/hail-hydra-game"
SAVE_VERSION = 1
FIELDS = tuple(f.name for f in fields(State))


def state_from_data(data: Any, where: str) -> State:
    """A State from its saved data (SaveError naming a missing or unknown field)."""
    if not isinstance(data, dict):
        raise SaveError(f"{where} must be an object")
    missing = [f for f in FIELDS if f not in data]
    extra = [k for k in data if k not in FIELDS]
    if missing or extra:
        raise SaveError(f"{where} has missing fields {missing} or unknown fields {extra}")
    values = dict(data)
    pending = values["pending"]
    if pending is not None:
        if not (isinstance(pending, list) and len(pending) == 3 and all(isinstance(x, int) for x in pending)):
            raise SaveError(f"{where}.pending must be [seat, kind, arg] or null, got {pending!r}")
        values["pending"] = Pending(*pending)
    return State(**values)


def dump(game_start: str, forced: bool, state: State, comp: Components, components_path: str) -> str:
    """The save text of a game."""
    doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "components": components_path,
           "components_name": comp.name, "components_version": comp.version, "components_digest": comp.digest,
           "forced": forced, "start": json.loads(game_start), "state": state.to_data()}
    return json.dumps(doc, separators=(",", ":"))


def first_difference(a: Any, b: Any, where: str) -> str | None:
    """The path of the first place two JSON values differ (None when equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key}"
            found = first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} (length {len(b)} saved, {len(a)} expected)"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    same = a == b and type(a) is type(b) or (isinstance(a, bool) is isinstance(b, bool) and a == b
                                               and not isinstance(a, (list, dict)))
    return None if same else where


def check_forced_start(state: State, comp: Components) -> None:
    """A hand-built start must keep the 80 cards and the loyalty discs of its row (HH1, HH2)."""
    if not state.loyalty:
        return
    counts = [0] * 8
    for hand in state.hands:
        counts = [a + b for a, b in zip(counts, hand, strict=True)]
    for v in state.draw:
        counts[v] += 1
    counts = [a + b for a, b in zip(counts, state.discard, strict=True)]
    for record in state.offensives:
        if record["cards"] is None:
            for s in range(state.players):
                counts = [a + b + c for a, b, c in zip(counts, record["down"][s], record["up"][s], strict=True)]
    if counts != list(comp.deck):
        raise SaveError(f"start: the cards in hands, piles and plays are {counts}, not the deck {list(comp.deck)}")
    if sum(state.loyalty) != comp.rows[state.players].hydra:
        raise SaveError(f"start.loyalty has {sum(state.loyalty)} HYDRA discs, the player table gives "
                        f"{comp.rows[state.players].hydra}")


def parse(text: str) -> dict[str, Any]:
    """The save's document, its header checked (SaveError naming a bad header field)."""
    try:
        doc = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise SaveError(f"not a saved Hail Hydra game: not JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError(f"format must be {SAVE_FORMAT!r}; this is not a saved Hail Hydra game")
    if doc.get("version") != SAVE_VERSION:
        raise SaveError(f"version is {doc.get('version')!r}; this hydra-env reads version {SAVE_VERSION}")
    for key in ("components", "components_digest", "forced", "start", "state"):
        if key not in doc:
            raise SaveError(f"the save has no field {key!r}")
    return doc


def replay_check(doc: dict[str, Any], start: State, replayed: State, comp: Components) -> None:
    """Refuse the save when its header or state differs from the replay (SaveError naming the field)."""
    if doc["components_digest"] != comp.digest:
        raise SaveError(f"components_digest {doc['components_digest']!r} is not the digest {comp.digest!r} of "
                        f"the components file {doc['components'] or 'shipped'}; the data changed since the save")
    where = first_difference(replayed.to_data(), doc["state"], "state")
    if where is not None:
        raise SaveError(f"{where} differs from what the seed and the history give; the save was edited "
                        f"(tampered saves are refused)")


def as_save_error(exc: HydraError | TypeError | KeyError | ValueError, where: str) -> SaveError:
    """A SaveError for an exception met while replaying a save."""
    return SaveError(f"{where}: {type(exc).__name__}: {exc}")
