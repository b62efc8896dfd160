"""The Gymnasium ids of the registered games and their registration.

The ids are those the game specs declare (``spec.env_ids`` of every game in
:func:`hydra_env.game_names`, in that order); the class behind each id (and its
batch twin, if any) comes from the spec's optional ``env_entry_points``
(``{id: "module:Class"}`` or ``{id: ("module:Class", "module:VectorClass")}``), else
it is the generic one-seat env of the game
(:class:`hydra_env.envs.game_env.GameEnv` with ``game=NAME``), so that a new game's
ids need no change here.

The ids of the games shipped today (``gymnasium.make``), with Gymnasium's standard wrappers
(``OrderEnforcing`` and ``PassiveEnvChecker``)::

    hydra_env/Solo-v0    hydra_env.games.hydra.envs.solo_env:SoloEnv
    hydra_env/Coop-v0    hydra_env.games.hydra.envs.coop_env:CoopEnv
    hydra_env/Hydras-v0  hydra_env.games.hydras.envs.env:HydrasEnv   (the card game Hydras)

Solo-v0 and Coop-v0 also have a ``vector_entry_point``: N games stepped together
in one game batch (:mod:`hydra_env.envs.vector`)::

    gymnasium.make_vec("hydra_env/Solo-v0", num_envs=64, vectorization_mode="vector_entry_point")

(``make_vec`` without ``vectorization_mode`` picks it too; ``"sync"`` / ``"async"``
still give Gymnasium's vector envs of single envs.)

Gymnasium 1.0 removed its entry-point plugin loader, so packages register
their ids when they are imported: ``import hydra_env`` (or any module of
:mod:`hydra_env.envs`) calls :func:`register_envs`. Gymnasium's own forms
work as well: ``gymnasium.register_envs(hydra_env)`` (a no-op that keeps
linters quiet about the import) and ``gymnasium.make("hydra_env:hydra_env/Solo-v0")``
(imports the module named before the colon first).

The masks are reached through the wrappers the way the ecosystem expects:
``env.unwrapped.action_masks()``, ``env.get_wrapper_attr("action_masks")()``
(what sb3-contrib's MaskablePPO calls), ``info["action_mask"]`` and
``env.action_space.sample(mask=info["action_mask"])`` (an ``int8`` array).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import warnings
from typing import Any

from hydra_env.api import game_names, game_spec
from hydra_env.errors import ConfigError

NAMESPACE = "hydra_env"
GENERIC_ENTRY_POINT = "hydra_env.envs.game_env:GameEnv"
"""The env of an id whose game gives no entry point for it (made with ``game=NAME``)."""


GENERIC_VECTOR_ENTRY_POINT = "hydra_env.envs.vector.game_vector:GameVectorEnv"
"""The vector env of an id the generic env serves (one batch of the game's rows)."""


def env_entry_points() -> dict[str, tuple[str, str | None, dict[str, Any]]]:
    """Every registered game's ids, each with (entry point, vector entry point or None, the
    keyword arguments the id fixes), in game order.

    A game that cannot be loaded is left out with a warning (``import hydra_env`` must not
    fail for one broken plugin).
    """
    found: dict[str, tuple[str, str | None, dict[str, Any]]] = {}
    for name in game_names():
        try:
            spec = game_spec(name)
        except ConfigError as exc:
            warnings.warn(f"no Gymnasium ids for game {name!r}: {exc}", stacklevel=2)
            continue
        for env_id in spec.env_ids:
            entry = spec.env_entry_points.get(env_id)
            if entry is None:
                vector = GENERIC_VECTOR_ENTRY_POINT
                found[env_id] = (GENERIC_ENTRY_POINT, vector, {"game": name, **spec.env_kwargs.get(env_id, {})})
            elif isinstance(entry, str):
                found[env_id] = (entry, None, {})
            else:
                found[env_id] = (entry[0], entry[1], {})
    return found


_FOUND = env_entry_points()
ENV_IDS = {env_id: entry for env_id, (entry, _, _) in _FOUND.items()}
"""The registered ids and their entry points (``module:Class``)."""
VECTOR_ENTRY_POINTS = {env_id: vector for env_id, (_, vector, _) in _FOUND.items() if vector}
"""The ids with a batch env (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``)."""


def _named_arguments(env_class: Any) -> list[str]:
    """The keyword arguments an env class takes by name: its ``__init__``'s and, while one
    passes ``**kwargs`` on, those of its base classes; sorted."""
    names: set[str] = set()
    for cls in env_class.__mro__:
        init = cls.__dict__.get("__init__")
        if init is None:
            continue
        params = inspect.signature(init).parameters.values()
        names |= {p.name for p in params if p.name != "self"
                  and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        if not any(p.kind is p.VAR_KEYWORD for p in params):
            break
    return sorted(names)


class CheckedCreator:
    """The creator Gymnasium calls for an id: the env class of ``entry_point`` (``module:Class``),
    with the keyword arguments checked first, so that ``gymnasium.make(ID, nosuch=1)`` or an
    argument the id fixes (``HeroicaSolo-v0``'s ``mode``) is a ConfigError naming the id and
    its arguments, never Python's TypeError. Picklable (it holds two strings)."""

    def __init__(self, env_id: str, entry_point: str) -> None:
        self.env_id, self.entry_point = env_id, entry_point

    def env_class(self) -> Any:
        """The class behind the id."""
        module, _, name = self.entry_point.partition(":")
        return getattr(importlib.import_module(module), name)

    def __call__(self, **kwargs: Any) -> Any:
        env_class = self.env_class()
        params = inspect.signature(env_class).parameters
        named = _named_arguments(env_class)
        if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
            unknown = [k for k in kwargs if k not in params]
            if unknown:
                raise ConfigError(f"{self.env_id} takes no argument {unknown[0]!r}; its arguments: "
                                  f"{', '.join(named)}")
        try:
            return env_class(**kwargs)
        except TypeError as exc:        # passed on through **kwargs: unknown, or fixed by the id
            found = re.search(r"got (an unexpected|multiple values for) keyword argument '(\w+)'", str(exc))
            if found is None or found.group(2) not in kwargs:
                raise
            if found.group(1) == "an unexpected":
                raise ConfigError(f"{self.env_id} takes no argument {found.group(2)!r}; its "
                                  f"arguments: {', '.join(named)}") from None
            own = [n for n, p in params.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            raise ConfigError(f"{self.env_id} fixes its argument {found.group(2)!r}: it cannot be "
                              f"given; its own arguments: {', '.join(own) or 'none'} (another id "
                              f"of the game may take it)") from None

    def __repr__(self) -> str:
        return f"CheckedCreator({self.env_id!r}, {self.entry_point!r})"


def register_envs() -> bool:
    """Register the ids with Gymnasium's default wrappers (idempotent; games registered
    since the import are picked up too).

    Returns False, and registers nothing, when Gymnasium is not installed
    (the engine alone needs only numpy).
    """
    if importlib.util.find_spec("gymnasium") is None:
        return False
    import gymnasium

    for env_id, (entry_point, vector, kwargs) in env_entry_points().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=CheckedCreator(env_id, entry_point),
                               vector_entry_point=vector,
                               **({"kwargs": kwargs} if kwargs else {}))
    return True


def env_arguments(env_id: str) -> frozenset[str]:
    """The names of the keyword arguments that the env class of ``env_id`` takes (its
    constructor's parameters); empty for an id this package does not register."""
    entry = env_entry_points().get(env_id)
    if entry is None:
        return frozenset()
    module, _, name = entry[0].partition(":")
    env_class = getattr(importlib.import_module(module), name)
    return frozenset(inspect.signature(env_class).parameters)
