"""``hydra-env bots``: the registered bots and the parameters each accepts.

::

    hydra-env bots
    hydra-env evaluate --agent rollout:budget=64,candidates=8
    hydra-env evaluate --agent ppo:solo-default

The bots of a game are read from its entry-point group (``GameSpec.bots_group``,
:mod:`hydra_env.envs.bots`); a spec ``NAME:key=value,...`` sets parameters.
``--game`` is one of the registered games (:mod:`agents.games`).

Hooks read (module ``agents.game_tools.<game>.bots``, optional): ``footer() -> str``,
printed under the table (default: nothing).
"""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``bots`` sub-command."""
    p = subparsers.add_parser(
        "bots", help="list the registered bots and their parameters",
        description="List the bots that --agent, --players and --opponents accept, with the "
                    "parameters a spec may set (NAME:key=value,key=value) and their defaults.")
    from agents import games
    from hydra_env import game_names
    p.add_argument("--game", choices=game_names(), default=games.default_game(),
                   help=f"which game's bots (default: {games.default_game()})")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Print one line per bot: name, parameters, factory."""
    from hydra_env import game_spec
    from hydra_env.envs.bots import describe_bots
    rows = describe_bots(args.game)
    if not rows:
        print(f"no bots registered for {args.game}")
        return 0
    width = max(len(name) for name, _, _ in rows)
    for name, params, source in rows:
        print(f"{name:<{width}}  {params}    [{source}]")
    hooks = game_spec(args.game).hooks("bots")
    if hooks is not None and hasattr(hooks, "footer"):
        print(hooks.footer())
    return 0
