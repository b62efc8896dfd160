"""Hydra's command-line options (the ``options`` hooks of :mod:`agents.games`).

``--mode``, ``--scenario``, ``--stars`` and ``--rule`` (:func:`add_game_options`),
and for ``evaluate`` the clairvoyant reference's ``--regret`` and ``--reference``
(:mod:`agents.regret`). The parameters: the scenario from ``--mode``/``--scenario``
(default 10 solo, 1 coop; ``tournament``: 1), ``--stars`` (default 1) and the rule
options of ``--rule`` (checked against the scenario's mode).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import hydra_env
from agents import regret
from agents.cli import positive_int
from agents.outputs import UsageError
from hydra_env import ConfigError, RuleOptions, default_components, game_spec
from hydra_env.games.hydra.data import Scenario


def add_options(parser: argparse.ArgumentParser, command: str) -> None:
    """Hydra's flags for ``command``."""
    if command == "tournament":
        add_game_options(parser, mode=False, scenario_help="coordinated scenario 1-9 (default: 1)")
        return
    add_game_options(parser)
    if command == "evaluate":
        regret.add_options(parser)


def read_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """Hydra's parameters from parsed ``args``: scenario, stars and the rule options."""
    if command == "tournament":
        mode, scen = resolve_scenario(None, 1 if args.scenario is None else args.scenario)
    else:
        mode, scen = resolve_scenario(getattr(args, "mode", None), args.scenario)
    if args.stars is None:
        args.stars = 1
    options = parse_rules(args.rule, scen)
    return game_spec("hydra").check_params({"scenario": scen.number, "stars": args.stars, **options})


def options_of(params: dict[str, Any]) -> dict[str, bool]:
    """The rule options among Hydra's parameters (as :func:`parse_rules` gives them)."""
    return {p.name: params[p.name] for p in game_spec("hydra").params if p.kind is bool}


def add_game_options(parser: argparse.ArgumentParser, *, mode: bool = True,
                     scenario_help: str = "scenario number (default: 10 solo, 1 coop)") -> None:
    """--mode, --scenario, --stars, --rule."""
    if mode:
        parser.add_argument("--mode", choices=("solo", "coop"),
                            help="solo (scenarios 10-12) or coop (1-9); default: from --scenario, "
                                 "else solo")
    parser.add_argument("--scenario", type=positive_int, help=scenario_help)
    parser.add_argument("--stars", type=positive_int, choices=(1, 2, 3),
                        help="difficulty, 1-3 stars (default: 1)")   # 1 set by agents.games.pick
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=true|false",
                        help="a rule option, e.g. solo_regrow_heads=true (repeatable)")


def parse_rules(items: Sequence[str], scenario: Scenario | None = None) -> dict[str, bool]:
    """``--rule NAME=VALUE`` items as a checked rule-options dict.

    With ``scenario``, an option of the other game mode is refused: options
    named ``solo_*`` change the solo game only, ``coop_*`` the coordinated one.
    """
    options: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or value.strip().lower() not in ("true", "false", "1", "0", "yes", "no"):
            raise UsageError(f"--rule expects NAME=true or NAME=false, got {item!r}")
        if name.strip() in options:
            raise UsageError(f"--rule {name.strip()} is given twice")
        options[name.strip()] = value.strip().lower() in ("true", "1", "yes")
    try:
        checked = RuleOptions.from_dict(options).to_dict()
    except ConfigError as exc:
        raise UsageError(f"--rule: {exc}") from None
    if scenario is not None:
        mode, other = ("solo", "coop") if scenario.solo else ("coop", "solo")
        for name in options:
            if name.startswith(other + "_"):
                raise UsageError(
                    f"--rule {name} cannot apply: it changes the "
                    f"{'solo' if other == 'solo' else 'coordinated'} game, and scenario "
                    f"{scenario.number} ({scenario.name}) is "
                    f"{'solo' if mode == 'solo' else 'coordinated'}")
    return checked


def resolve_scenario(mode: str | None, number: int | None) -> tuple[str, Scenario]:
    """The mode and scenario from --mode/--scenario (defaults: solo 10, coop 1)."""
    if number is None:
        number = 1 if mode == "coop" else 10
    try:
        scen = default_components().scenario(number)
    except ConfigError as exc:
        raise UsageError(f"--scenario {number}: {exc}") from None
    actual = "solo" if scen.solo else "coop"
    if mode is not None and mode != actual:
        raise UsageError(f"--scenario {number} ({scen.name}) is a {actual} scenario, not {mode} "
                         f"(--mode solo: scenarios 10-12, --mode coop: 1-9)")
    return actual, scen


def data_info() -> dict[str, str]:
    """Component data name, version and digest, and the package version."""
    comp = default_components()
    return {"data_name": comp.name, "data_version": comp.version, "data_digest": comp.digest,
            "hydra_env_version": hydra_env.__version__}
