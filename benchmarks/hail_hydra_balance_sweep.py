"""Hail Hydra's balance against its data: SHIELD's win share in one calibration table as one
row of the player table changes, the villain health (``health_mod``) or strength
(``strength_mod``) modifier of one player count set to each given value in turn.

Each value is played from a copy of the shipped data (``data/components.json``) with only
that modifier changed, written to a temporary file and dealt by
:func:`hydra_env.games.hail_hydra.calibrate.table_row` (seeds 0, 1, ...: the same deals for
every value, so the values are compared on the same tables). Printed per count and value:
SHIELD's win share and its 95% Wilson interval, offensives per game, and the CPU seconds.
What the rules page's balance proposal rests on ("Balance once both sides play well")::

    PYTHONPATH=. python benchmarks/hail_hydra_balance_sweep.py --games 1000 --table "deduce vs deduce" \\
        --values 5=0,-1,-2 6=0,1,2 7=-4,-3,-2,-1 8=-1,0,1,2

With ``--modifier strength_mod`` the strength modifier changes instead. To measure a change
with the learned policy, write the changed file and give it to
``python -m agents.game_tools.hail_hydra.team_match --components FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hydra_env.games.hail_hydra.calibrate import TABLES, check_counts, table_row
from hydra_env.games.hail_hydra.components import DATA_FILE, load_components

MODIFIERS = ("health_mod", "strength_mod")


def changed_data(players: int, modifier: str, value: int, source: Path = DATA_FILE) -> dict[str, Any]:
    """The data of ``source`` with the player table's ``modifier`` at ``players`` set to ``value``."""
    data = json.loads(source.read_text(encoding="utf-8"))
    rows = [row for row in data["player_table"]["rows"] if row["players"] == players]
    if len(rows) != 1:
        raise ValueError(f"{source}: the player table has no single row for {players} players")
    rows[0][modifier] = value
    return data


def sweep_row(table: str, players: int, modifier: str, value: int, games: int) -> dict[str, Any]:
    """``table``'s figures at ``players`` (:func:`table_row`) with ``modifier`` set to ``value``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "components.json"
        path.write_text(json.dumps(changed_data(players, modifier, value)), encoding="utf-8")
        load_components(str(path))
        return table_row(table, players, games, str(path))


def parse_values(parser: argparse.ArgumentParser, items: list[str]) -> list[tuple[int, list[int]]]:
    """``COUNT=V,V,...`` items as (count, values); ``parser.error`` names a malformed one."""
    parsed = []
    for item in items:
        count, _, values = item.partition("=")
        try:
            parsed.append((int(count), [int(v) for v in values.split(",")]))
        except ValueError:
            parser.error(f"--values: {item!r} is not COUNT=V,V,... (e.g. 7=-4,-3,-2) with whole numbers")
    return parsed


def main(argv: list[str] | None = None) -> None:
    """Print one line per player count and modifier value."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per count and value")
    parser.add_argument("--table", default="deduce vs deduce", help="a calibration table by name")
    parser.add_argument("--modifier", default="health_mod", choices=MODIFIERS)
    parser.add_argument("--values", nargs="+", required=True, help="COUNT=V,V,... per player count")
    args = parser.parse_args(argv)
    if args.table not in TABLES:
        parser.error(f"unknown table {args.table!r}; the tables are: {', '.join(map(repr, TABLES))}")
    sweeps = parse_values(parser, args.values)
    check_counts(parser, args.games, [count for count, _ in sweeps])
    shipped = {row["players"]: row[args.modifier]
               for row in json.loads(DATA_FILE.read_text(encoding="utf-8"))["player_table"]["rows"]}
    print(f"{args.table}: SHIELD's win share with the player table's {args.modifier} changed, "
          f"{args.games:,} games per value (seeds 0-{args.games - 1})", flush=True)
    for count, values in sweeps:
        for value in values:
            start = time.process_time()
            row = sweep_row(args.table, count, args.modifier, value, args.games)
            mark = " (shipped)" if value == shipped[count] else ""
            print(f"{count} players, {args.modifier} {value:+d}{mark}: SHIELD {100 * row['shield']:.1f}% "
                  f"[{100 * row['low']:.1f}, {100 * row['high']:.1f}]  offensives {row['offensives']:.1f}  "
                  f"({time.process_time() - start:.0f} CPU s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
