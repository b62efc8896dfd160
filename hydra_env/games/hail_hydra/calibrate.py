"""Team win shares of the scripted bots against each other (the spec's section 9 tables).

::

    python -m hydra_env.games.hail_hydra.calibrate --games 300 --players 5 6 7 8
    python -m hydra_env.games.hail_hydra.calibrate --games 1000 --tables "deduce vs deduce" \
        --components my-components.json

Each table plays ``games`` games per player count from seeds 0, 1, ...: SHIELD seats use
one bot, HYDRA seats another. Printed per row: SHIELD's win share with its 95% Wilson
interval, offensives per game, the share of games that reach Red Skull, knock-outs per game
and their precision (the share that hit HYDRA). ``--components`` plays a copy of the data
(HH37) with, say, the player table's modifiers changed: the data a change would ship,
measured before it is (the bots keep reading the shipped data for their rules of thumb).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from hydra_env.errors import DataError
from hydra_env.games.hail_hydra.bots import DeduceBot, LoyalBot, RandomBot, SaboteurBot
from hydra_env.games.hail_hydra.components import load_components
from hydra_env.games.hail_hydra.game import new_game

TABLES: dict[str, tuple[Callable[..., Any], Callable[..., Any], dict[str, Any]]] = {
    "random vs random": (RandomBot, RandomBot, {}),
    "loyal at every seat": (LoyalBot, LoyalBot, {}),
    "loyal vs random HYDRA": (LoyalBot, RandomBot, {}),
    "loyal vs saboteur r=1": (LoyalBot, SaboteurBot, {"r": 1}),
    "loyal vs saboteur r=2": (LoyalBot, SaboteurBot, {"r": 2}),
    "deduce vs saboteur r=1": (DeduceBot, SaboteurBot, {"r": 1}),
    "loyal vs deduce": (LoyalBot, DeduceBot, {}),
    "deduce vs deduce": (DeduceBot, DeduceBot, {}),
}


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if games == 0:
        return 0.0, 0.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play_game(seed: int, players: int, shield: Callable[..., Any], hydra: Callable[..., Any],
              params: dict[str, Any], on_decision: Callable[..., None] | None = None,
              components: str = "") -> Any:
    """One game: SHIELD seats played by ``shield``, HYDRA seats by ``hydra`` (seat ``s``'s bot
    seeded ``16 seed + s``). ``on_decision(game, seat, view, legal, action)``, when given, sees
    every decision before it is applied. ``components``: a data file (empty: the shipped one)."""
    game = new_game(seed=seed, num_players=players, components=components)
    bots = [(hydra if game.state.loyalty[s] else shield)(seed=seed * 16 + s, **params) for s in range(players)]
    while not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        view = game.view(seat)
        action = bots[seat].act(view, legal)
        if on_decision is not None:
            on_decision(game, seat, view, legal, action)
        game.apply(action)
    return game


def table_row(name: str, players: int, games: int, components: str = "") -> dict[str, Any]:
    """The figures of one table at one player count (``components``: a data file, empty for
    the shipped one)."""
    shield, hydra, params = TABLES[name]
    return {"table": name, **team_figures(shield, hydra, params, players, games, components)}


def team_figures(shield: Callable[..., Any], hydra: Callable[..., Any], params: dict[str, Any],
                 players: int, games: int, components: str = "", first_seed: int = 0) -> dict[str, Any]:
    """SHIELD's win share (and Wilson interval), offensives, Red Skull missions, knock-outs and
    their precision over ``games`` games (seeds ``first_seed``…) of ``shield`` against ``hydra``."""
    wins = offensives = red_skull = knockouts = hits = 0
    for seed in range(first_seed, first_seed + games):
        game = play_game(seed, players, shield, hydra, params, components=components)
        result = game.result()
        wins += result.outcome == "shield"
        offensives += result.offensives
        red_skull += game.state.mission >= 4
        knockouts += result.knockouts_shield + result.knockouts_hydra
        hits += result.knockouts_hydra
    low, high = wilson(wins, games)
    return {"players": players, "games": games, "shield": wins / games, "low": low, "high": high,
            "offensives": offensives / games, "red_skull": red_skull / games, "knockouts": knockouts / games,
            "precision": hits / knockouts if knockouts else 0.0}


def check_counts(parser: argparse.ArgumentParser, games: int, players: list[int]) -> None:
    """``parser.error`` (exit status 2, before any game) for a game count under 1 or a player
    count outside 5–8."""
    if games < 1:
        parser.error("--games must be at least 1")
    if any(not 5 <= p <= 8 for p in players):
        parser.error("--players: Hail Hydra is played by 5 to 8")


def share_line(name: str, players: int, side: str, wins: int, games: int, against: str,
               cpu_seconds: float) -> str:
    """One printed row of a variant benchmark: ``side``'s win share with its 95% Wilson interval."""
    low, high = wilson(wins, games)
    return (f"{name} {players} players: {side} {100 * wins / games:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
            f"over {games:,} games against {against} ({cpu_seconds:.0f} CPU s)")


def main(argv: list[str] | None = None) -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--tables", nargs="+", default=list(TABLES), help="tables by name (default: all)")
    parser.add_argument("--components", default="", help="a data file to play (default: the shipped one)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.tables if name not in TABLES]
    if unknown:
        parser.error(f"unknown table {unknown[0]!r}; the tables are: {', '.join(map(repr, TABLES))}")
    check_counts(parser, args.games, args.players)
    if args.components:
        try:
            load_components(args.components)
        except DataError as exc:
            parser.error(f"--components: {exc}")
    for name in args.tables:
        for players in args.players:
            row = table_row(name, players, args.games, args.components)
            print(f"{name:24s} {players}p  SHIELD {row['shield']:6.1%} [{row['low']:5.1%}, {row['high']:5.1%}]  "
                  f"offensives {row['offensives']:5.1f}  Red Skull {row['red_skull']:5.1%}  "
                  f"knock-outs {row['knockouts']:4.2f} precision {row['precision']:4.2f}", flush=True)


if __name__ == "__main__":
    main()
