"""Adapter of the native engine: the same small interface as the Python engine.

:func:`start`, :func:`legal_mask`, :func:`apply`, :func:`clone`, :func:`pending`,
:func:`to_dict` and :func:`from_dict` / :func:`from_state` work on a native game
object (``hydra_env.games.hydra._native.NativeGame``) with the game's Python
:class:`~hydra_env.games.hydra.rules.tables.Rules`. :func:`to_dict` gives exactly the dict of
:meth:`hydra_env.games.hydra.rules.state.State.to_dict`, so :func:`to_state` is a Python
:class:`~hydra_env.games.hydra.rules.state.State` equal to the Python engine's. An illegal
action raises the Python engine's :class:`~hydra_env.errors.IllegalActionError`
text (computed by :func:`hydra_env.games.hydra.rules.explain.why_illegal` from that state),
and the native state is left unchanged.
"""

from __future__ import annotations

from typing import Any

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydra.native import require
from hydra_env.games.hydra.native.tables import native_rules
from hydra_env.games.hydra.rules.explain import why_illegal
from hydra_env.games.hydra.rules.state import PendingDecision, State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.native.modules import MAX_SEED, NativeUnsupportedError


def native_rules_for(rules: Rules) -> Any:
    """The native rules of ``rules``; NativeUnsupportedError when the data does not fit."""
    module = require()
    try:
        return native_rules(module, rules)
    except ValueError as exc:
        raise NativeUnsupportedError(f"{exc}; use engine='python' for this component set") from None


def check_seed(seed: Any) -> None:
    """NativeUnsupportedError when ``seed`` is an integer outside 0 … 2**64−1 (the same at new and load)."""
    if isinstance(seed, int) and not 0 <= seed <= MAX_SEED:
        raise NativeUnsupportedError(f"the native engine takes seeds 0 … 2**64−1, got {seed}; "
                                     f"use engine='python' for larger seeds")


def start(rules: Rules, stars: int, seed: int) -> Any:
    """A new native game run to its first decision (seed 0 … 2**64−1)."""
    check_seed(seed)
    return require().NativeGame.start(native_rules_for(rules), stars, seed)


def legal_mask(game: Any) -> int:
    """The legal decisions as an int bitmask over the action layout."""
    return game.legal_mask_int()


def apply(game: Any, rules: Rules, action: int) -> None:
    """Apply a legal decision and run to the next one; IllegalActionError (game unchanged) if not legal."""
    if not game.apply(action):
        raise IllegalActionError(why_illegal(to_state(game), rules, action))


def clone(game: Any) -> Any:
    """An independent copy (a plain copy of the state)."""
    return game.clone()


def pending(game: Any) -> PendingDecision | None:
    """The pending decision as the Python engine's PendingDecision."""
    data = game.to_dict()["pending"]
    return PendingDecision.from_list(data) if data is not None else None


def to_dict(game: Any) -> dict[str, Any]:
    """The state as :meth:`State.to_dict` gives it."""
    return game.to_dict()


def to_state(game: Any) -> State:
    """A Python State equal to the native one (a copy)."""
    return State.from_dict(game.to_dict())


def from_dict(rules: Rules, data: dict[str, Any]) -> Any:
    """A native game from a saved state dict; ValueError on a value the engine cannot hold."""
    check_seed(data.get("seed"))
    return require().NativeGame.from_dict(native_rules_for(rules), data)


def from_state(rules: Rules, state: State) -> Any:
    """A native game holding a copy of a Python State."""
    return from_dict(rules, state.to_dict())
