"""JSON saves of Hail Hydra: format ``hydra-env/hail-hydra-game``, version 1.

A save holds the components' name, version and digest, the options, the *start* (the
state the game was dealt in: from the seed, or a hand-built test position marked
``forced``) and the current state. Loading re-deals the start from the seed (or checks a
forced start's cards and discs), replays the history from it and refuses the text when
any field differs from what the replay gives: a tampered field is named in the
:class:`~hydra_env.errors.SaveError`.
"""

from __future__ import annotations

import functools
import json
from dataclasses import fields
from typing import Any

from hydra_env.api.saves import first_difference, read_save_text
from hydra_env.errors import HydraError, SaveError
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.deal import check_options, parse_heroes
from hydra_env.games.hail_hydra.state import Pending, State

SAVE_FORMAT = "hydra-env/hail-hydra-game"
SAVE_VERSION = 1
FIELDS = tuple(f.name for f in fields(State))
_KEYS = frozenset(("format", "version", "components", "components_name", "components_version",
                   "components_digest", "forced", "start", "state"))


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
    """The save text of a game: compact JSON, its keys in this order, ``start`` and ``state`` last."""
    head = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "components": components_path,
            "components_name": comp.name, "components_version": comp.version, "components_digest": comp.digest,
            "forced": forced}
    return (json.dumps(head, separators=(",", ":"))[:-1] + ',"start":' + _compact(game_start)
            + ',"state":' + json.dumps(state.to_data(), separators=(",", ":")) + "}")


@functools.lru_cache(maxsize=256)
def _compact(text: str) -> str:
    """A JSON text in compact form (a game's start, the same text at every save of the game)."""
    return json.dumps(json.loads(text), separators=(",", ":"))


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
    doc = read_save_text(text, game=SAVE_FORMAT, version=SAVE_VERSION, title="Hail Hydra")
    if doc.keys() != _KEYS:
        raise SaveError(f"the save's fields must be {sorted(_KEYS)}: missing {sorted(_KEYS - doc.keys())}, "
                        f"unknown {sorted(doc.keys() - _KEYS)}; the save was edited or damaged")
    if type(doc["forced"]) is not bool or type(doc["components"]) is not str:
        raise SaveError(f"forced must be true or false and components a path (\"\" for the shipped ones), got "
                        f"{doc['forced']!r:.40} and {doc['components']!r:.40}")
    return doc


def replay_check(doc: dict[str, Any], start: State, replayed: State, comp: Components) -> None:
    """Refuse the save when its header or state differs from the replay (SaveError naming the field)."""
    if first_difference([doc["components_name"], doc["components_version"]], [comp.name, comp.version], ""):
        raise SaveError(f"components_name and components_version {doc['components_name']!r}, "
                        f"{doc['components_version']!r} are not those of the components ({comp.name!r}, "
                        f"{comp.version!r}); the save was edited")
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


_OPTION_TYPES = {"first_player": int, "heroes": str, "claims": bool, "nominations": bool, "balance": str,
                 "history": int}


def check_saved_options(start: State, comp: Components) -> None:
    """The start's players and options as ``new`` checks them (SaveError naming a bad one)."""
    options = start.options
    if not isinstance(options, dict) or options.keys() != _OPTION_TYPES.keys():
        raise SaveError(f"start.options must hold exactly {sorted(_OPTION_TYPES)}, got {options!r:.100}")
    for key, kind in _OPTION_TYPES.items():
        if type(options[key]) is not kind:
            raise SaveError(f"start.options.{key} must be a {kind.__name__}, got {options[key]!r:.60}")
    if type(start.players) is not int:
        raise SaveError(f"start.players must be an integer, got {start.players!r:.60}")
    try:
        again = check_options(start.players, options["first_player"], options["heroes"],
                              "mandatory" if options["claims"] else "off", options["nominations"],
                              options["balance"], options["history"])
        parse_heroes(options["heroes"], start.players, comp)
    except HydraError as exc:
        raise SaveError(f"start.options: {exc}") from None
    if again != options:
        raise SaveError(f"start.options {options!r:.100} are not options a game is made with")
