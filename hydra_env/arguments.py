"""Argument checks shared by the engine, the environments and the command line.

Each function checks one argument and returns it in its plain Python form
(an ``int``, a ``float``, a ``bool``, a ``dict``, a ``Path``), or raises a
:class:`~hydra_env.errors.HydraError` (:class:`~hydra_env.errors.ConfigError`
unless the caller passes another ``error=`` class) whose message names the
argument, shows the value it got and says what to pass instead::

    stars = arguments.integer("stars", stars, low=1, high=3)
    # ConfigError: stars must be an integer from 1 to 3, got 1.0 (a float); pass 1, 2 or 3

The same rules hold everywhere:

* integers: ``int`` and numpy integers (also 0-d integer arrays) are accepted
  and returned as ``int``; ``bool`` (and ``numpy.bool_``), floats, strings and
  anything else are refused, whatever their value;
* numbers: integers or finite floats, returned as ``float``; no ``bool``, no NaN;
* booleans: ``bool`` or ``numpy.bool_`` only, never 0/1 or ``"true"``.

This module sits at the bottom layer beside :mod:`hydra_env.errors`: it
imports only the standard library, numpy and :mod:`hydra_env.errors`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from hydra_env.errors import ConfigError, HydraError, IllegalActionError

__all__ = ["MAX_SEED", "integer", "optional_integer", "seed", "seat", "action", "number", "boolean", "choice",
           "text", "mapping", "sequence", "path_like", "show"]

T = TypeVar("T")
_SHOW_LIMIT = 60


def show(value: Any) -> str:
    """``value`` for an error message: its repr (cut to 60 characters) and its kind."""
    if value is None:
        return "None"
    text = repr(value)
    if len(text) > _SHOW_LIMIT:
        text = text[:_SHOW_LIMIT - 1] + "…"
    return f"{text} ({_kind(value)})"


def _kind(value: Any) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "a boolean"
    if isinstance(value, (int, np.integer)):
        return "an integer"
    if isinstance(value, (float, np.floating)):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (bytes, bytearray)):
        return "bytes"
    if isinstance(value, np.ndarray):
        return f"a numpy array of dtype {value.dtype}"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _fail(error: type[HydraError], name: str, wants: str, value: Any, fix: str | None) -> HydraError:
    message = f"{name} must be {wants}, got {show(value)}"
    return error(f"{message}; {fix}" if fix else message)


def _as_int(value: Any) -> int | None:
    """``value`` as an int when it is an integer (not a bool) of Python or numpy, else None."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, int):
        return int(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        return int(value)
    return None


def _span(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    if high is not None:
        return f" of at most {high}"
    return ""


def integer(name: str, value: Any, *, low: int | None = None, high: int | None = None,
            fix: str | None = None, error: type[HydraError] = ConfigError) -> int:
    """``value`` as a plain ``int`` within ``low..high`` (either bound may be None).

    Accepts ``int`` and numpy integers; refuses bools, floats (even ``2.0``),
    strings and everything else. ``fix`` is appended to the message (default:
    a hint built from the bounds).
    """
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value                                 # the common case, kept fast
    number_ = _as_int(value)
    if number_ is None or (low is not None and number_ < low) or (high is not None and number_ > high):
        wants = f"the integer {low}" if low is not None and low == high else "an integer" + _span(low, high)
        if fix is None:
            if low is not None and high is not None and 0 <= high - low <= 3:
                choices = [str(v) for v in range(low, high + 1)]
                fix = "pass " + (", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0])
            else:
                fix = "pass a whole number" + ("" if number_ is None else _span(low, high))
        raise _fail(error, name, wants, value, fix)
    return number_


def optional_integer(name: str, value: Any, *, low: int | None = None, high: int | None = None,
                     fix: str | None = None, error: type[HydraError] = ConfigError) -> int | None:
    """None, or ``value`` checked as by :func:`integer`."""
    if value is None:
        return None
    return integer(name, value, low=low, high=high, fix=fix, error=error)


MAX_SEED = 2**256 - 1
"""The largest seed: a game saved with it loads back (a save holds integers up to 2**256)."""
SEED_RANGE = "from 0 to 2**256 - 1"


def seed(name: str, value: Any, *, fix: str | None = None,
         error: type[HydraError] = ConfigError) -> int | None:
    """A random seed: None (the caller draws a fresh one) or an integer from 0 to
    :data:`MAX_SEED`; the error states the range."""
    if value is None or (type(value) is int and 0 <= value <= MAX_SEED):
        return value
    number_ = _as_int(value)
    if number_ is None or not 0 <= number_ <= MAX_SEED:
        raise _fail(error, name, f"an integer {SEED_RANGE}", value,
                    fix or "pass a non-negative whole number below 2**256, or None for a random seed")
    return number_


def seat(name: str, value: Any, players: int, *, error: type[HydraError] = ConfigError) -> int:
    """A seat of a game of ``players`` seats: an integer ``0 … players−1``."""
    if type(value) is int and 0 <= value < players:   # the common case, kept fast
        return value
    if players == 1:
        fix = "the solo game has only seat 0"
    else:
        fix = f"the game has seats 0 to {players - 1}"
    return integer(name, value, low=0, high=players - 1, fix=fix, error=error)


def action(name: str, value: Any, size: int, *,
           error: type[HydraError] = IllegalActionError) -> int:
    """An action index ``0 … size−1`` of a flat action space, as a plain ``int``.

    Besides the integers :func:`integer` accepts, a one-element integer array
    (what a vectorised policy hands over) is taken as its element; bools,
    floats and boolean arrays are refused (``True`` is not action 1).
    Raises :class:`~hydra_env.errors.IllegalActionError` by default.
    """
    if type(value) is int and 0 <= value < size:     # the common case, kept fast (env.step)
        return value
    if isinstance(value, np.integer) and 0 <= value < size:   # a numpy index (a sampler's)
        return int(value)
    if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind in "iu":
        value = value.reshape(())
    return integer(name, value, low=0, high=size - 1, error=error,
                   fix=f"pass an index of the action space 0 to {size - 1} whose mask entry is 1")


def number(name: str, value: Any, *, low: float | None = None, high: float | None = None,
           fix: str | None = None, error: type[HydraError] = ConfigError) -> float:
    """``value`` as a finite ``float`` within ``low..high``: ints, floats and numpy reals,
    never a bool, a string, NaN or an infinity."""
    result: float | None = None
    if not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, float, np.integer, np.floating)):
        result = float(value)
        if not math.isfinite(result):
            result = None
    if result is None or (low is not None and result < low) or (high is not None and result > high):
        raise _fail(error, name, "a finite number" + _span(low, high), value,
                    fix or "pass a number such as 0.5" + ("" if result is None else _span(low, high)))
    return result


def boolean(name: str, value: Any, *, fix: str | None = None,
            error: type[HydraError] = ConfigError) -> bool:
    """``value`` as a ``bool``: only ``True``/``False`` (or numpy booleans), never 0, 1 or a string."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise _fail(error, name, "True or False", value, fix or "pass True or False")


def choice(name: str, value: Any, choices: Collection[T], *, fix: str | None = None,
           error: type[HydraError] = ConfigError) -> T:
    """The item of ``choices`` equal to ``value`` and of its kind (``True`` is not ``1``,
    ``"1"`` is not ``1``; a numpy integer matches the equal ``int``)."""
    for option in choices:
        if _same(option, value):
            return option
    listed = ", ".join(repr(c) for c in choices)
    raise _fail(error, name, f"one of {listed}", value, fix or f"pass one of {listed}")


def _same(option: Any, value: Any) -> bool:
    a, b = _as_int(option), _as_int(value)
    if a is not None or b is not None:
        return a == b
    if isinstance(option, str) or isinstance(value, str):
        return isinstance(option, str) and isinstance(value, str) and option == value
    return type(option) is type(value) and bool(option == value)


def text(name: str, value: Any, *, empty: bool = False, fix: str | None = None,
         error: type[HydraError] = ConfigError) -> str:
    """``value`` if it is a ``str`` (non-empty unless ``empty``)."""
    if not isinstance(value, str) or (not empty and not value):
        raise _fail(error, name, "a string" if empty else "a non-empty string", value, fix or "pass a text")
    return value


def mapping(name: str, value: Any, *, none: bool = True, fix: str | None = None,
            error: type[HydraError] = ConfigError) -> dict[str, Any]:
    """``value`` as a new ``dict`` with string keys; None gives ``{}`` when ``none``."""
    if value is None and none:
        return {}
    if not isinstance(value, Mapping):
        raise _fail(error, name, "a dict" + (" or None" if none else ""), value,
                    fix or "pass a dict of names to values")
    for key in value:
        if not isinstance(key, str):
            raise error(f"{name} must have string keys, got the key {show(key)}; "
                        f"{fix or 'use names (strings) as keys'}")
    return dict(value)


def sequence(name: str, value: Any, *, fix: str | None = None,
             error: type[HydraError] = ConfigError) -> list[Any]:
    """``value`` as a new ``list``: a list or a tuple, never a string, bytes, a dict or a set."""
    if not isinstance(value, (list, tuple)):
        raise _fail(error, name, "a list", value, fix or "pass a list")
    return list(value)


def path_like(name: str, value: Any, *, fix: str | None = None,
              error: type[HydraError] = ConfigError) -> Path:
    """``value`` as a :class:`~pathlib.Path`: a non-empty ``str`` or an ``os.PathLike`` of one."""
    raw = value
    if isinstance(value, os.PathLike):
        try:
            raw = os.fspath(value)
        except TypeError:
            raw = None
    if not isinstance(raw, str) or not raw or "\0" in raw:
        raise _fail(error, name, "a non-empty string or a pathlib.Path", value,
                    fix or "pass the path of a file or folder")
    return Path(raw)
