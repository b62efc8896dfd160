"""Hydra's command-line options (the ``options`` hooks of :mod:`agents.games`).

``--mode``, ``--scenario``, ``--stars`` and ``--rule`` (:func:`agents.cli.add_game_options`),
and for ``evaluate`` the clairvoyant reference's ``--regret`` and ``--reference``
(:mod:`agents.regret`). The parameters: the scenario from ``--mode``/``--scenario``
(default 10 solo, 1 coop; ``tournament``: 1), ``--stars`` (default 1) and the rule
options of ``--rule`` (checked against the scenario's mode).
"""

from __future__ import annotations

import argparse
from typing import Any

from agents import cli, regret
from hydra_env import game_spec


def add_options(parser: argparse.ArgumentParser, command: str) -> None:
    """Hydra's flags for ``command``."""
    if command == "tournament":
        cli.add_game_options(parser, mode=False, scenario_help="coordinated scenario 1-9 (default: 1)")
        return
    cli.add_game_options(parser)
    if command == "evaluate":
        regret.add_options(parser)


def read_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """Hydra's parameters from parsed ``args``: scenario, stars and the rule options."""
    if command == "tournament":
        mode, scen = cli.resolve_scenario(None, 1 if args.scenario is None else args.scenario)
    else:
        mode, scen = cli.resolve_scenario(getattr(args, "mode", None), args.scenario)
    if args.stars is None:
        args.stars = 1
    options = cli.parse_rules(args.rule, scen)
    return game_spec("hydra").check_params({"scenario": scen.number, "stars": args.stars, **options})


def options_of(params: dict[str, Any]) -> dict[str, bool]:
    """The rule options among Hydra's parameters (as :func:`agents.cli.parse_rules` gives them)."""
    return {p.name: params[p.name] for p in game_spec("hydra").params if p.kind is bool}
