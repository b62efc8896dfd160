"""Hail Hydra's ``deduce`` as HYDRA with its play parameters turned: when it starts to
sabotage (``lurk``: the villain tier from which it plays reds; before, it plays as SHIELD
does) and how many reds a sabotaging play holds (``r``). Each variant plays every HYDRA seat
against ``deduce`` SHIELD (or ``--shield saboteur``, ``loyal``) in the calibration tables'
games (``calibrate.team_figures``: seed g, the same deals for every variant). Printed per
variant and player count: HYDRA's win share and its 95% Wilson interval; the spec's
``saboteur`` (r = 1) as the row ``saboteur``.

::

    PYTHONPATH=. python benchmarks/hail_hydra_hydra_variants.py --games 1000 saboteur lurk=1,r=1 lurk=2,r=2
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable
from typing import Any

from hydra_env.games.hail_hydra.bots import DeduceBot, LoyalBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import check_counts, share_line, team_figures

SHIELD = {"deduce": DeduceBot, "saboteur": SaboteurBot, "loyal": LoyalBot}
RANGES = {"lurk": (1, 5), "r": (1, 3)}


def parse_variant(text: str) -> tuple[str, Callable[..., Any]]:
    """``saboteur`` (the spec's bot, r = 1), or ``deduce`` with ``lurk=N,r=N`` (either may be
    left out: ``deduce``'s own value); ValueError naming the fix for anything else."""
    if text == "saboteur":
        return text, functools.partial(SaboteurBot, r=1)
    params: dict[str, int] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        low, high = RANGES.get(key, (None, None))
        if low is None or not value.isdigit() or not low <= int(value) <= high:
            raise ValueError(f"{text!r}: give saboteur, or lurk=1..5 and/or r=1..3 joined by a comma "
                             f"(e.g. lurk=2,r=2)")
        params[key] = int(value)
    return text, functools.partial(DeduceBot, **params)


def hydra_wins(shield: Callable[..., Any], hydra: Callable[..., Any], players: int, games: int) -> int:
    """HYDRA's wins over ``games`` games (seeds 0…) of ``hydra`` at every HYDRA seat."""
    return games - round(team_figures(shield, hydra, {}, players, games)["shield"] * games)


def main(argv: list[str] | None = None) -> int:
    """Each VARIANT in turn, a line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", metavar="VARIANT", help="saboteur, or lurk=N,r=N")
    parser.add_argument("--games", type=int, default=400, help="games per player count (default 400)")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8], help="player counts (5-8)")
    parser.add_argument("--shield", choices=sorted(SHIELD), default="deduce", help="the SHIELD bot")
    args = parser.parse_args(argv)
    try:
        parsed = [parse_variant(text) for text in args.variants]
    except ValueError as exc:
        parser.error(str(exc))
    check_counts(parser, args.games, args.players)
    for name, bot in parsed:
        for players in args.players:
            began = time.process_time()
            wins = hydra_wins(SHIELD[args.shield], bot, players, args.games)
            print(share_line(name, players, "HYDRA", wins, args.games, f"{args.shield} SHIELD",
                             time.process_time() - began), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
