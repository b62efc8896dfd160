"""Bots by name: the registry that ``Coop-v0`` and the tools find players in.

::

    from hydra_env.envs.bots import make_bot, bot_names
    bot = make_bot("rollout:budget=64,candidates=8", seed=0)
    bot = make_bot("ppo:solo-default")            # a shipped policy (or ppo:PATH.zip)
    action = bot.act(game.view(seat), game.legal_actions())

A bot is any object with ``act(view, legal_actions) -> int`` (:class:`Bot`).
A *spec* names a registered bot, optionally with parameters after a colon:
``NAME``, ``NAME:key=value,key=value`` (values read as int, float, bool or
text) or, for a bot whose factory takes a required first argument (``ppo``
takes ``policy``), ``NAME:VALUE`` or ``NAME:VALUE,key=value,...``.

The registry is filled from entry points, so ``hydra_env`` never imports the
package that implements the bots: the group ``hydra_env.bots`` holds the bots
of Hydra, ``hydra_env.hydras_bots`` those of the card game Hydras. A
distribution declares them in its ``pyproject.toml``::

    [project.entry-points."hydra_env.bots"]
    random = "agents.random_bot:RandomBot"

Each entry point is a factory called as ``factory(seed=seed, **params)``; it may declare
the ranges of its numeric parameters as ``PARAM_RANGES = {"budget": (1, 10_000)}``
(:func:`param_ranges`; any number in a spec is at most ±:data:`MAX_NUMBER`), and a value
it refuses with a ValueError is a ConfigError of :func:`make_bot`. The
groups are read once, on first use; a factory is imported only when a bot of
its name is made or its parameters are asked for. :func:`register_bot` adds or
replaces a name at run time (in this process only).
"""

from __future__ import annotations

import functools
import inspect
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

import numpy as np

from hydra_env.api import default_game, game_names, game_spec
from hydra_env.api.params import MAX_NUMBER, check_ranges, param_ranges  # noqa: F401
from hydra_env.api.spec import load_reference
from hydra_env.entry_points import entry_points
from hydra_env.errors import ConfigError


class _BotGroups(Mapping[str, str]):
    """The entry-point group of each registered game's bots (``spec.bots_group``), read
    from the game registry on every use, so that a game registered at run time is in it."""

    def __getitem__(self, game: str) -> str:
        if not isinstance(game, str) or game not in game_names():
            raise KeyError(game)
        return game_spec(game).bots_group

    def __iter__(self) -> Iterator[str]:
        return iter(game_names())

    def __len__(self) -> int:
        return len(game_names())

    def __repr__(self) -> str:
        return repr(dict(self))


GROUPS: Mapping[str, str] = _BotGroups()
"""The entry-point group of each game's bots (``"hydra"``: ``"hydra_env.bots"``, ``"hydras"``:
``"hydra_env.hydras_bots"``), from the game specs. A game whose group declares no
``random`` bot gets the generic one (:class:`UniformRandomBot`)."""

_KEY = re.compile(r"[A-Za-z_]\w*$")


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for the seat of a view."""

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """Return one of ``legal_actions``; ``view`` is what the seat may see
        (a :class:`hydra_env.SeatView` in Hydra)."""
        ...


class UniformRandomBot:
    """The fallback ``random`` bot: uniform over the legal actions."""

    needs_view = False
    """It picks from ``legal_actions`` alone: the envs pass no view (a saving of a third of an
    opponent's decision)."""

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` makes the choices reproducible."""
        self.rng = np.random.default_rng(seed)

    def act(self, view: Any, legal_actions: list[int] | None = None) -> int:
        """A uniformly random legal action."""
        legal = view.legal_actions() if legal_actions is None else legal_actions
        return legal[int(self.rng.integers(len(legal)))]


@dataclass
class _Entry:
    """A registered name: a factory, or an entry point that loads one."""

    name: str
    source: str                          # "module:attr" of an entry point, or "register_bot"
    factory: Callable[..., Any] | None = None
    entry_point: metadata.EntryPoint | None = field(default=None, repr=False)
    bound: dict[str, Any] = field(default_factory=dict)   # keywords fixed for this game (game=NAME)

    def load(self) -> Callable[..., Any]:
        if self.factory is None:
            try:
                factory = (self.entry_point.load() if self.entry_point is not None
                           else load_reference(self.source, "factory"))
            except Exception as exc:  # an entry point may fail in many ways when imported
                raise ConfigError(f"bot {self.name!r} ({self.source}) cannot be loaded: "
                                  f"{type(exc).__name__}: {exc}") from exc
            self.factory = functools.partial(factory, **self.bound) if self.bound else factory
        return self.factory


_REGISTRY: dict[str, dict[str, _Entry]] = {}

ANY_GAME_GROUP = "hydra_env.any_game_bots"
"""The entry-point group of bots that play every game (the policy bot ``ppo``): each factory
takes the game's name as ``game=``. A game's own group wins where both name a bot."""


def _game(game: str | None) -> str:
    """``game``, or the default game (the first registered one) when None."""
    return default_game() if game is None else game


def _check_game(game: str) -> None:
    if game not in GROUPS:
        raise ConfigError(f"unknown game {game!r}: bots are registered for {', '.join(GROUPS)}")


def _entries(game: str | None) -> dict[str, _Entry]:
    """The registry of ``game``, read from its entry-point group the first time."""
    game = _game(game)
    _check_game(game)
    entries = _REGISTRY.get(game)
    if entries is None:
        entries = {}
        group = GROUPS[game]
        for ep in entry_points(group) if group else ():
            entries.setdefault(ep.name, _Entry(ep.name, ep.value, entry_point=ep))
        for name, reference in game_spec(game).bots.items():     # the spec's own bots
            entries.setdefault(name, _Entry(name, reference))
        for ep in entry_points(ANY_GAME_GROUP):
            entries.setdefault(ep.name, _Entry(ep.name, ep.value, entry_point=ep, bound={"game": game}))
        if "random" not in entries:          # every game can be played at random
            entries["random"] = _Entry("random", "hydra_env.envs.bots:UniformRandomBot",
                                       factory=UniformRandomBot)
        _REGISTRY[game] = entries
    return entries


def register_bot(name: str, factory: Callable[..., Any], *, game: str | None = None) -> None:
    """Make ``factory(seed=..., **params)`` available as ``name`` (replacing an entry
    point of that name) in this process."""
    game = _game(game)
    if not _KEY.match(name.replace("-", "_")):
        raise ConfigError(f"bot name {name!r}: use letters, digits, '_' and '-' (no ':' or ',')")
    _entries(game)[name] = _Entry(name, "register_bot", factory=factory)


def bot_names(game: str | None = None) -> list[str]:
    """The registered bot names of ``game``, sorted."""
    game = _game(game)
    return sorted(_entries(game))


def _not_registered(spec: str, name: str, game: str) -> ConfigError:
    names = bot_names(game)
    if not names:
        return ConfigError(f"unknown bot {spec!r}: no bots are registered for {game!r} (entry-point "
                           f"group {GROUPS[game]}); install the package that declares them, e.g. "
                           f"pip install -e . in the hydra-env repository")
    where = "" if spec == name else f" (in the spec {spec!r})"
    return ConfigError(f"unknown bot {name!r}{where}; known bots: {', '.join(names)}")


def bot_parameters(name: str, *, game: str | None = None) -> dict[str, Any]:
    """The parameters the factory of ``name`` accepts, with their defaults
    (:data:`inspect.Parameter.empty` for a required one); ``seed`` is left out."""
    game = _game(game)
    entries = _entries(game)
    if name not in entries:
        raise _not_registered(name, name, game)
    skip = {"seed", *entries[name].bound}
    return {p.name: p.default for p in _signature(entries[name].load()).parameters.values()
            if p.name not in skip and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


_SIGNATURES: dict[Any, inspect.Signature] = {}   # by factory: make_bot runs once per episode


def _signature(factory: Callable[..., Any]) -> inspect.Signature:
    try:
        cached = _SIGNATURES.get(factory)
    except TypeError:                 # an unhashable factory: not cached
        cached = None
    if cached is not None:
        return cached
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):   # a builtin without a signature: accept anything
        sig = inspect.Signature([inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD)])
    try:
        if len(_SIGNATURES) < 1024:
            _SIGNATURES[factory] = sig
    except TypeError:
        pass
    return sig


def _parse_value(text: str) -> Any:
    """``text`` as an int, a float, a bool or else the text itself."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip()


def _describe(params: dict[str, Any]) -> str:
    if not params:
        return "none"
    return ", ".join(f"{name} (required)" if default is inspect.Parameter.empty else f"{name}={default!r}"
                     for name, default in params.items())


def _check_params(spec: str, name: str, params: dict[str, Any], game: str) -> None:
    """ConfigError unless the factory of ``name`` accepts ``params`` with fitting types."""
    factory = _entries(game)[name].load()
    check_ranges(f"bot spec {spec!r}: ", name, params, param_ranges(factory))
    # A factory's ``**params`` (a bot that ignores what it does not know) accepts no other
    # name either: a misspelt parameter is an error, never silently ignored.
    accepted = bot_parameters(name, game=game)
    unknown = [k for k in params if k not in accepted]
    if unknown:
        raise ConfigError(f"bot spec {spec!r}: {name} has no parameter "
                          f"{', '.join(map(repr, unknown))}; it accepts: {_describe(accepted)}")
    missing = [k for k, d in accepted.items() if d is inspect.Parameter.empty and k not in params]
    if missing:
        raise ConfigError(f"bot spec {spec!r}: {name} needs {', '.join(missing)} "
                          f"(e.g. {name}:VALUE); it accepts: {_describe(accepted)}")
    for key, value in params.items():
        default = accepted[key]
        if not _fits(value, default):
            raise ConfigError(f"bot spec {spec!r}: parameter {key}={value!r} should be of type "
                              f"{type(default).__name__} (default {default!r}); {name} accepts: "
                              f"{_describe(accepted)}")



def _fits(value: Any, default: Any) -> bool:
    """Whether ``value`` has the type the parameter's default suggests (anything fits
    a parameter without a default or with the default None)."""
    if default is inspect.Parameter.empty or default is None:
        return True
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))


def parse_bot_spec(spec: str, *, game: str | None = None) -> tuple[str, dict[str, Any]]:
    """Split a spec into its bot name and parameters, checked against the registry.

    ``"rollout:budget=64,candidates=8"`` → ``("rollout", {"budget": 64, "candidates": 8})``;
    ``"ppo:solo-default"`` → ``("ppo", {"policy": "solo-default"})`` (a bare value
    goes to the factory's first required parameter; ``key=value`` items may follow it,
    ``"ppo-search:solo-default,budget=32"``). Raises ConfigError for an
    unknown name or parameter, naming the known names or accepted parameters.
    """
    game = _game(game)
    if isinstance(spec, str):                  # parsed before (make_bot runs once per episode)
        hit = _PARSED.get((spec, game))
        if hit is not None and _entries(game).get(hit[1]) is hit[0]:
            return hit[1], dict(hit[2])
    if not isinstance(spec, str) or not spec.strip():
        raise ConfigError(f"a bot spec must be a non-empty string like 'heuristic' or "
                          f"'rollout:budget=64', got {spec!r}")
    name, _, rest = spec.strip().partition(":")
    entries = _entries(game)
    if name not in entries:
        raise _not_registered(spec, name, game)
    params: dict[str, Any] = {}
    items = [item.strip() for item in rest.split(",")] if rest else []
    if items and all(_is_key_value(item) for item in items):
        params = _key_values(spec, items)
    elif rest:
        accepted = bot_parameters(name, game=game)
        required = [k for k, d in accepted.items() if d is inspect.Parameter.empty]
        if not required:
            raise ConfigError(f"bot spec {spec!r}: write parameters as {name}:key=value,key=value; "
                              f"{name} accepts: {_describe(accepted)}")
        head, more = _value_then_keys(spec, rest, accepted)
        params[required[0]] = head             # kept whole unless key=value items follow
        params.update(more)
    _check_params(spec, name, params, game)
    if len(_PARSED) < 1024:                    # valid while the name's registry entry stays the same
        _PARSED[(spec, game)] = (entries[name], name, dict(params))
    return name, params


def _is_key_value(item: str) -> bool:
    """Whether a spec item reads ``key=value`` with a parameter-like key."""
    return "=" in item and bool(_KEY.match(item.split("=", 1)[0].strip()))


def _key_values(spec: str, items: list[str]) -> dict[str, Any]:
    """``["key=value", ...]`` as parameters; ConfigError for a key given twice."""
    params: dict[str, Any] = {}
    for item in items:
        key, _, value = item.partition("=")
        key = key.strip()
        if key in params:
            raise ConfigError(f"bot spec {spec!r}: parameter {key!r} given twice")
        params[key] = _parse_value(value)
    return params


def _value_then_keys(spec: str, rest: str, accepted: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``"VALUE,key=value,..."`` → ``(VALUE, {key: value})`` (``ppo-search:solo-default,budget=32``);
    ``(rest, {})``, the value kept whole, when an item after the first is not ``key=value`` or
    ``rest`` is an existing path (a path may hold ',' or '='). ConfigError for a key the
    factory does not accept."""
    head, _, tail = rest.partition(",")
    items = [item.strip() for item in tail.split(",")] if tail else []
    if not items or not all(_is_key_value(item) for item in items) or os.path.exists(rest):
        return rest, {}
    more = _key_values(spec, items)
    unknown = [key for key in more if key not in accepted]
    if unknown:
        raise ConfigError(f"bot spec {spec!r}: unknown parameter {unknown[0]!r} in {rest!r}; "
                          f"accepted: {_describe(accepted)}")
    return head.strip(), more


# (spec, game) -> (registry entry, name, parameters) of specs parsed and checked before
_PARSED: dict[tuple[str, str], tuple[_Entry, str, dict[str, Any]]] = {}


def make_bot(spec: str, *, game: str | None = None, seed: int | None = None, **kwargs: Any) -> Bot:
    """A new bot from a spec (see :func:`parse_bot_spec`), seeded; ``kwargs`` are
    more parameters (they win over the spec's). ConfigError for a bad spec, also for a
    value the factory refuses with a ValueError (an unknown ``style=``)."""
    game = _game(game)
    name, params = parse_bot_spec(spec, game=game)
    if kwargs:
        params.update(kwargs)
        _check_params(spec, name, params, game)
    try:
        return _entries(game)[name].load()(seed=seed, **params)
    except ConfigError:
        raise
    except ValueError as exc:          # a factory's own check of a value (an unknown style ...)
        raise ConfigError(f"bot spec {spec!r}: {exc}") from None


def describe_bots(game: str | None = None) -> list[tuple[str, str, str]]:
    """``(name, parameters, source)`` of every registered bot, for listings."""
    game = _game(game)
    rows = []
    for name in bot_names(game):
        try:
            params = _describe(bot_parameters(name, game=game))
        except ConfigError as exc:
            params = f"(cannot be loaded: {exc})"
        rows.append((name, params, _entries(game)[name].source))
    return rows


__all__ = ["Bot", "GROUPS", "bot_names", "bot_parameters", "describe_bots", "make_bot",
           "parse_bot_spec", "register_bot"]
