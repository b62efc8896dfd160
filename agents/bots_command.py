"""``hydra-env bots``: the registered bots and the parameters each accepts.

::

    hydra-env bots
    hydra-env evaluate --agent rollout:budget=64,candidates=8
    hydra-env evaluate --agent ppo:solo-default

The bots are read from the entry-point group ``hydra_env.bots``
(:mod:`hydra_env.envs.bots`); a spec ``NAME:key=value,...`` sets parameters.
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
    p.add_argument("--game", choices=("hydra", "hydras"), default="hydra",
                   help="which game's bots (default: hydra)")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Print one line per bot: name, parameters, factory."""
    from agents.ppo_bot import shipped_policies
    from hydra_env.envs.bots import describe_bots
    rows = describe_bots(args.game)
    if not rows:
        print(f"no bots registered for {args.game}")
        return 0
    width = max(len(name) for name, _, _ in rows)
    for name, params, source in rows:
        print(f"{name:<{width}}  {params}    [{source}]")
    if args.game == "hydra":
        print(f"\nshipped policies: {', '.join(f'ppo:{n}' for n in shipped_policies())}")
    return 0
