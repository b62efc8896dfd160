"""Calibration of the reconstructed Hydras card faces (issue 14, part 5).

Plays games with every seat the same bot (``random`` and ``heuristic``) at
2, 3 and 4 players and reports, per setting:

- mean and spread (standard deviation) of the final scores, and the mean
  winning score;
- the share of complete hydras (seats ending with one, H15);
- how often the longest-neck bonus is shared (games);
- the share of turns that were forced discards (the hand had no other play);
- swords and torches played per game, and how often their block chains
  reach 1, 2 and 3 poison breaths (per sword or torch played, H11);
- cards and heads left in hand at the end.

::

    nice -n 10 python benchmarks/hydras_calibration.py --games 10000 --workers 2   # the issue's count
    python benchmarks/hydras_calibration.py --games 1000 --json out.json

Game ``i`` of a setting uses seed ``i`` (bots seeded from it), so runs repeat,
and the figures do not depend on ``--workers`` (games are summarised in seed
order). A progress bar per setting shows on a terminal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from agents.hydras import BOTS
from agents.progress import progress
from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules.state import DecisionKind, Event

_CHAIN_END = (Event.CUT, Event.PLACED, Event.CANCELLED)


def play_one(bot: str, players: int, seed: int) -> dict[str, Any]:
    """One game with ``bot`` on every seat; its figures."""
    game = HydrasGame.new(players, seed=seed)
    bots = [BOTS[bot](seed=seed * 8 + s) for s in range(players)]
    turns = forced = 0
    codec = game.codec
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        if game.state.pending.kind == DecisionKind.TURN:
            turns += 1
            forced += codec.decode(legal[0]).kind == actions.DISCARD
        game.apply(bots[seat].act(game.view(seat), legal))
    chains, blocks = [], None
    for entry in game.state.log:
        if entry.event in (Event.SWORD, Event.TORCH):
            blocks = 0
        elif entry.event == Event.BLOCK and blocks is not None:
            blocks += 1
        elif entry.event in _CHAIN_END and blocks is not None:
            chains.append(blocks)
            blocks = None
    result = game.result()
    heads = game.tables.kind_heads
    return {"scores": list(result.scores), "winning": max(result.scores),
            "complete": sum(s.complete for s in result.seats), "shared": result.longest_shared,
            "turns": turns, "forced": forced, "chains": chains,
            "left": sum(len(h) for h in game.state.hands),
            "left_heads": sum(heads[c] for h in game.state.hands for c in h)}


def play_chunk(job: tuple[str, int, int, int]) -> list[dict[str, Any]]:
    """Games ``start .. stop-1`` of a setting ``(bot, players, start, stop)``."""
    bot, players, start, stop = job
    return [play_one(bot, players, seed) for seed in range(start, stop)]


def play_setting(bot: str, players: int, games: int, workers: int, *, quiet: bool = False,
                 chunk: int = 50) -> list[dict[str, Any]]:
    """The figures of games ``0 .. games-1`` of a setting, in seed order, on ``workers``
    processes, under a progress bar."""
    jobs = [(bot, players, start, min(start + chunk, games)) for start in range(0, games, chunk)]
    out: list[dict[str, Any]] = []
    with progress(total=games, desc=f"{bot} {players}p", unit="game", quiet=quiet) as bar:
        if workers <= 1:
            for job in jobs:
                out += play_chunk(job)
                bar.update(job[3] - job[2])
            return out
        with ProcessPoolExecutor(workers) as pool:
            for job, part in zip(jobs, pool.map(play_chunk, jobs)):
                out += part
                bar.update(job[3] - job[2])
    return out


def summarise(games: list[dict[str, Any]], players: int) -> dict[str, float]:
    """The figures of one setting from its games."""
    scores = [s for g in games for s in g["scores"]]
    chains = [c for g in games for c in g["chains"]]
    n = len(games)
    return {
        "games": n, "players": players,
        "score_mean": statistics.fmean(scores), "score_sd": statistics.pstdev(scores),
        "winning_mean": statistics.fmean(g["winning"] for g in games),
        "complete_share": sum(g["complete"] for g in games) / (n * players),
        "longest_shared_share": sum(g["shared"] for g in games) / n,
        "forced_discard_share": sum(g["forced"] for g in games) / max(sum(g["turns"] for g in games), 1),
        "turns_mean": statistics.fmean(g["turns"] for g in games),
        "attacks_per_game": len(chains) / n,
        "chain_1_share": sum(c >= 1 for c in chains) / max(len(chains), 1),
        "chain_2_share": sum(c >= 2 for c in chains) / max(len(chains), 1),
        "chain_3_share": sum(c >= 3 for c in chains) / max(len(chains), 1),
        "chains_2_per_game": sum(c >= 2 for c in chains) / n,
        "chains_3_per_game": sum(c >= 3 for c in chains) / n,
        "cards_left_mean": statistics.fmean(g["left"] for g in games) / players,
        "heads_left_mean": statistics.fmean(g["left_heads"] for g in games) / players,
    }


COLUMNS = (("bot", "{}"), ("players", "{}"), ("score_mean", "{:.2f}"), ("score_sd", "{:.2f}"),
           ("winning_mean", "{:.2f}"), ("complete_share", "{:.3f}"),
           ("longest_shared_share", "{:.3f}"), ("forced_discard_share", "{:.3f}"),
           ("attacks_per_game", "{:.2f}"), ("chain_1_share", "{:.3f}"),
           ("chain_2_share", "{:.4f}"), ("chain_3_share", "{:.4f}"),
           ("chains_2_per_game", "{:.3f}"), ("chains_3_per_game", "{:.4f}"),
           ("heads_left_mean", "{:.2f}"))


def table(rows: list[dict[str, Any]]) -> str:
    """A markdown table of the settings."""
    head = "| " + " | ".join(name for name, _ in COLUMNS) + " |"
    rule = "| " + " | ".join("---" for _ in COLUMNS) + " |"
    body = ["| " + " | ".join(fmt.format(row[name]) for name, fmt in COLUMNS) + " |" for row in rows]
    return "\n".join([head, rule, *body])


def main(argv: list[str] | None = None) -> None:
    """Run the settings and print the table (and write ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10000, help="games per setting (10000)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--bots", nargs="+", default=["random", "heuristic"], choices=sorted(BOTS))
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    rows = []
    for bot in args.bots:
        for players in args.players:
            start = time.perf_counter()
            games = play_setting(bot, players, args.games, args.workers, quiet=args.no_progress)
            row = {"bot": bot, **summarise(games, players),
                   "seconds": round(time.perf_counter() - start, 1)}
            rows.append(row)
            print(f"{bot} {players} players: {args.games} games in {row['seconds']} s", flush=True)
    print(table(rows))
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
