"""Typed, documented parameters of a game (``scenario``, ``num_players``, ...).

A :class:`Param` checks a value given in Python (``make("hydras",
num_players=3)``), parses one given as text (``--num-players 3``,
``"hydras(num_players=3)"``), and supplies the help of a command-line flag,
so one declaration drives the API, the string form, the CLI and config checks.

numpy and the standard library only.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.errors import ConfigError

_KINDS = (int, bool, str, float)


@dataclass(frozen=True)
class Param:
    """One parameter of a game.

    Attributes:
        name: the keyword (``num_players``); the flag is ``--num-players``.
        kind: ``int``, ``bool``, ``str`` or ``float``.
        default: the value when none is given.
        help: one line for ``--help`` and the docs.
        low, high: the inclusive range of an ``int`` or ``float`` (None: open).
        choices: the allowed values (None: any of the kind).
    """

    name: str
    kind: type
    default: Any
    help: str
    low: int | float | None = None
    high: int | float | None = None
    choices: tuple[Any, ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise TypeError(f"Param {self.name!r}: kind must be one of int, bool, str, float")

    @property
    def flag(self) -> str:
        """The command-line flag (``--num-players``)."""
        return "--" + self.name.replace("_", "-")

    def allowed(self) -> str:
        """The allowed values in words (for messages)."""
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        if self.kind in (int, float) and (self.low is not None or self.high is not None):
            word = "an integer" if self.kind is int else "a number"
            if self.low is not None and self.high is not None:
                return f"{word} from {self.low} to {self.high}"
            return f"{word} ≥ {self.low}" if self.low is not None else f"{word} ≤ {self.high}"
        return {int: "an integer", bool: "true or false", str: "a text", float: "a number"}[self.kind]

    def check(self, value: Any, game: str = "") -> Any:
        """``value`` in its plain form, or ConfigError naming the parameter and what to pass."""
        where = f"{game} parameter {self.name!r}" if game else f"parameter {self.name!r}"
        if self.kind is int:
            value = arguments.integer(where, value, low=self.low, high=self.high)
        elif self.kind is float:
            value = arguments.number(where, value, low=self.low, high=self.high)
        elif self.kind is bool:
            value = arguments.boolean(where, value)
        elif not isinstance(value, str):
            raise ConfigError(f"{where} must be a text, got {arguments.show(value)}")
        if self.choices is not None and value not in self.choices:
            raise ConfigError(f"{where} must be {self.allowed()}, got {arguments.show(value)}")
        return value

    def parse(self, text: str, game: str = "") -> Any:
        """The value of ``text`` (from a flag or the string form), checked."""
        raw = text.strip()
        value: Any = raw
        try:
            if self.kind is int:
                value = int(raw)
            elif self.kind is float:
                value = float(raw)
            elif self.kind is bool:
                if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(raw)
                value = raw.lower() in ("true", "1", "yes")
        except ValueError:
            where = f"{game} parameter {self.name!r}" if game else f"parameter {self.name!r}"
            raise ConfigError(f"{where} must be {self.allowed()}, got {text!r}") from None
        return self.check(value, game)

    def argparse_type(self, game: str = "") -> Any:
        """An argparse ``type=`` callable: parse, or ArgumentTypeError with the message."""
        def convert(text: str) -> Any:
            try:
                return self.parse(text, game)
            except ConfigError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
        convert.__name__ = self.name
        return convert


def check_params(params: tuple[Param, ...], given: Mapping[str, Any], game: str) -> dict[str, Any]:
    """Every parameter's value: ``given`` checked, the rest at their defaults.

    Raises ConfigError for a name the game does not have, listing its parameters.
    """
    known = {p.name: p for p in params}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise ConfigError(f"game {game!r} has no parameter {name!r}; its parameters: {names}")
    return {p.name: (p.check(given[p.name], game) if p.name in given else p.default) for p in params}


MAX_NUMBER = 10**9
"""The largest magnitude of a number given to a bot (a parameter's own range may be narrower)."""


def param_ranges(factory: Any) -> dict[str, tuple[float | None, float | None]]:
    """The ranges a bot factory declares for its numeric parameters: its ``PARAM_RANGES``
    attribute, ``{name: (low, high)}`` (inclusive; None: open), also through a
    ``functools.partial``; empty when it declares none."""
    ranges = getattr(factory, "PARAM_RANGES", None)
    if ranges is None:
        ranges = getattr(getattr(factory, "func", None), "PARAM_RANGES", None)
    return dict(ranges) if isinstance(ranges, Mapping) else {}


def check_ranges(where: str, owner: str, params: Mapping[str, Any],
                 ranges: Mapping[str, tuple[float | None, float | None]]) -> None:
    """ConfigError (starting with ``where``) naming the range, for a number of ``params``
    outside its range in ``ranges`` or, for any number, outside ±:data:`MAX_NUMBER` or not
    finite. ``owner`` names whose parameters they are (a bot)."""
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
            continue
        low, high = ranges.get(key, (None, None))
        low = -MAX_NUMBER if low is None else low
        high = MAX_NUMBER if high is None else high
        if not (math.isfinite(value) and low <= value <= high):
            raise ConfigError(f"{where}{owner} {key} must be a number from {low:,} to {high:,}, "
                              f"got {value!r}")
