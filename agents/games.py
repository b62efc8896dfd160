"""``--game NAME``: which registered game a command plays, and the options of each.

The commands ``evaluate``, ``tournament``, ``play`` and ``replay`` serve every
game of the registry (:func:`hydra_env.game_names`). :func:`add_game_flag`
adds ``--game`` (its choices: the registered games; its default:
:func:`default_game`) and the options of every game; :func:`pick` reads them
after parsing, refuses an option that belongs only to other games with a
message naming the option and its game, and returns the game's spec and its
parameters. A bad ``--game`` value is refused by argparse with the games
listed.

Hooks read (module ``agents.game_tools.<game>.options``, :meth:`GameSpec.hooks`):

* ``add_options(parser, command: str) -> None`` — the game's flags for
  ``command`` (``"evaluate"``, ``"tournament"``, ``"play"``...). Default: one
  flag per :attr:`GameSpec.params` entry (``param.flag``, parsed by
  ``param.argparse_type``, default None).
* ``read_options(args, command: str) -> dict`` — the game's parameters from
  parsed ``args``, checked (``spec.check_params``). Default: the value of each
  parameter flag that was given, the others at their defaults.

A flag that two games add (same option string) is added once, by the first
game in registry order.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from agents.outputs import UsageError
from hydra_env import game_names, game_spec
from hydra_env.api import GameSpec, default_game
from hydra_env.errors import ConfigError, HydraError


def __getattr__(name: str) -> Any:
    """Deprecated aliases, kept for one release: ``GAMES`` (:func:`hydra_env.game_names`),
    ``DEFAULT_GAME`` (:func:`default_game`), ``players_count`` and ``HYDRAS_PLAYERS`` (Hydras'
    ``--num-players``, :mod:`agents.game_tools.hydras.options`)."""
    if name == "GAMES":
        return game_names()
    if name == "DEFAULT_GAME":
        return default_game()
    if name in ("players_count", "HYDRAS_PLAYERS"):
        import importlib
        options = importlib.import_module("agents.game_tools.hydras.options")
        return options.players_count if name == "players_count" else (2, 3, 4)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_name(text: str) -> str:
    """argparse type of ``--game``: a registered game (case and spaces ignored)."""
    name = text.strip().lower()
    if name not in game_names():
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; choose one of: {', '.join(game_names())} "
                                         f"({'; '.join(f'{n}: {game_spec(n).title}' for n in game_names())})")
    return name


def _either(first: Any, second: Any) -> Any:
    """An argparse ``type=`` that takes what ``first`` or ``second`` takes (the errors of both
    when neither does)."""
    def convert(text: str) -> Any:
        try:
            return first(text)
        except (argparse.ArgumentTypeError, TypeError, ValueError) as exc:
            try:
                return second(text)
            except (argparse.ArgumentTypeError, TypeError, ValueError) as other:
                messages = dict.fromkeys(str(e) for e in (exc, other))
                raise argparse.ArgumentTypeError("; ".join(messages)) from None
    convert.__name__ = getattr(first, "__name__", "value")
    return convert


class _AddOnce:
    """An argument parser that skips a flag it holds already (a flag two games share)."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self._parser = parser

    def add_argument(self, *names: str, **options: Any) -> Any:
        try:
            return self._parser.add_argument(*names, **options)
        except argparse.ArgumentError:
            held = self._parser._option_string_actions.get(names[0])
            if held is not None and held.choices is not None and options.get("choices") is not None:
                # a flag with choices in two games (``--mode``): it takes the choices of both, and
                # each game's read_options refuses the ones that are not its own
                held.choices = list(dict.fromkeys([*held.choices, *options["choices"]]))
                held.help = f"{held.help}; {options.get('help', '')}".rstrip("; ")
            elif held is not None and callable(held.type) and callable(options.get("type")):
                # a typed flag in two games (``--num-players``): a value any of them takes passes,
                # and each game's read_options checks it against its own range
                held.type = _either(held.type, options["type"])
            return None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)


def add_param_flags(parser: Any, spec: GameSpec, shared: Mapping[str, list[GameSpec]] | None = None) -> None:
    """The default options of a game: one flag per parameter, default None (not given). On the
    command line (``shared`` given: flag -> the games that have it) every flag is read as text and
    checked against the chosen game's parameter after the game is known (:func:`read_params`), so
    a flag of another game is refused as such rather than by that game's checks."""
    for param in spec.params:
        owners = (shared or {}).get(param.flag, [])
        if len(owners) > 1:
            text = "; ".join(f"{o.title}: {o.param(param.name).help} (default: {o.param(param.name).default})"
                             for o in owners)
            parser.add_argument(param.flag, type=str, default=None, metavar=param.name.upper(), help=text)
            continue
        parser.add_argument(param.flag, type=str if shared is not None else param.argparse_type(spec.name),
                            default=None,
                            metavar=param.name.upper(), help=f"{spec.title}: {param.help} "
                            f"(default: {param.default})")


def add_options_of(parser: Any, name: str, command: str,
                   shared: Mapping[str, list[GameSpec]] | None = None) -> None:
    """The flags of game ``name`` for ``command`` (its ``options`` hook, else its parameter flags)."""
    spec = game_spec(name)
    hooks = spec.hooks("options")
    if hooks is not None and hasattr(hooks, "add_options"):
        hooks.add_options(parser, command)
    else:
        add_param_flags(parser, spec, shared)


def shared_param_flags() -> dict[str, list[GameSpec]]:
    """The parameter flags of the games without an options hook, each with the games it serves."""
    owners: dict[str, list[GameSpec]] = {}
    for name in game_names():
        spec = game_spec(name)
        hooks = spec.hooks("options")
        if hooks is None or not hasattr(hooks, "add_options"):
            for param in spec.params:
                owners.setdefault(param.flag, []).append(spec)
    return owners


def add_game_flag(parser: argparse.ArgumentParser, command: str = "") -> None:
    """The options of every registered game for ``command``, then ``--game``."""
    shared = shared_param_flags()
    for name in game_names():
        add_options_of(_AddOnce(parser), name, command, shared)
    names = game_names()
    parser.add_argument("--game", type=game_name, default=default_game(), metavar="|".join(names),
                        help=" or ".join(f"{n} ({game_spec(n).title})" for n in names)
                        + f" (default: {default_game()})")


def game_flags(name: str, command: str) -> dict[str, tuple[str, Any]]:
    """The flags game ``name`` adds for ``command``: ``{dest: (flag, value when not given)}``."""
    probe = argparse.ArgumentParser(add_help=False)
    add_options_of(probe, name, command)
    return {a.dest: (a.option_strings[0], a.default) for a in probe._actions if a.option_strings}


def _refuse_other_games_flags(args: argparse.Namespace, name: str, command: str) -> None:
    """UsageError for a flag given that only other games have."""
    own = game_flags(name, command)
    spec = game_spec(name)
    for other in game_names():
        if other == name:
            continue
        for dest, (flag, unset) in game_flags(other, command).items():
            if dest in own or not hasattr(args, dest) or getattr(args, dest) == unset:
                continue
            theirs = ", ".join(sorted({f for f, _ in own.values()})) or "none"
            raise UsageError(f"{flag} cannot apply: it is an option of the game {other} "
                             f"({game_spec(other).title}), and --game {name} plays {spec.title} "
                             f"(its options: {theirs}); add --game {other}, or drop {flag}")


def refused_flags(name: str, command: str) -> tuple[str, ...]:
    """The command flags game ``name`` does not take (its command hook's ``REFUSED_FLAGS``)."""
    hooks = game_spec(name).hooks(command)
    return tuple(getattr(hooks, "REFUSED_FLAGS", ())) if hooks is not None else ()


def read_params(args: argparse.Namespace, spec: GameSpec, command: str) -> dict[str, Any]:
    """The parameters of ``spec``'s game from parsed ``args`` (its ``read_options`` hook, else
    the parameter flags given), checked."""
    hooks = spec.hooks("options")
    if hooks is not None and hasattr(hooks, "read_options"):
        return dict(hooks.read_options(args, command))
    return read_param_flags(args, spec)


def read_param_flags(args: argparse.Namespace, spec: GameSpec) -> dict[str, Any]:
    """The parameters of ``spec``'s game from its parameter flags (the ones given; the others at
    their defaults), checked: the reading of a game without a ``read_options`` hook."""
    given = {p.name: getattr(args, p.name) for p in spec.params if getattr(args, p.name, None) is not None}
    try:
        given = {name: spec.param(name).parse(value, spec.name) if isinstance(value, str) else value
                 for name, value in given.items()}     # a flag several games share comes as text
        return spec.check_params(given)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None


def pick(args: argparse.Namespace, command: str = "",
         flags: Sequence[tuple[str, str]] = ()) -> tuple[GameSpec, dict[str, Any]]:
    """The game of parsed ``args`` and its parameters, the options checked.

    An option that only other games have is refused; so is one of the command's own
    ``flags`` ((attribute, flag) pairs, "not given" = None) that the game's hooks of
    ``command`` list in ``REFUSED_FLAGS``.
    """
    name = getattr(args, "game", None) or default_game()
    spec = game_spec(name)
    _refuse_other_games_flags(args, name, command)
    refused = refused_flags(name, command)
    for attr, flag in flags:
        if flag in refused and getattr(args, attr, None) is not None:
            takers = [g for g in game_names() if g != name and flag not in refused_flags(g, command)]
            where = " or ".join(f"the game {g} ({game_spec(g).title})" for g in takers) or "no game"
            add = f"add --game {takers[0]}, or " if takers else ""
            raise UsageError(f"{flag} cannot apply: it is an option of {where}, not of --game {name}; "
                             f"{add}drop {flag}")
    params = read_params(args, spec, command)
    try:                          # a first deal checks what only a game reads (a data file ...)
        spec.make(seed=0, **params)
    except HydraError as exc:
        raise UsageError(f"--game {name}: {exc}") from None
    return spec, params
