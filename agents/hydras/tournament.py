"""``hydra-env tournament --game hydras``: agents at the tables of the card game Hydras.

The seating is Hydra's (:mod:`agents.tournament`): every combination of
``--num-players`` out of ``--players``, in every seat rotation, one cycle per
deal, so every player meets the same deals in every seat. Per player: the
win share (first place, shared wins counted), the sole-win share and the
share of each rank (ties share a rank, H16), each with a 95% Wilson interval;
the mean rank and mean final score with bootstrap 95% intervals; an OpenSkill
Plackett-Luce rating updated game by game with the game's ranks.

Writes into ``--out`` (atomically): ``results.csv``, ``results.json``,
``games.csv`` and ``tournament.png``. ``games.csv`` has Hydra's columns
``game, deal, seed, seats, outcome, ranking`` (same meaning and format:
``seats`` the players by seat joined by ``;``, ``ranking`` the seats from
first to last; ``outcome`` is ``won`` when one seat wins, ``shared`` when
several do) and then Hydras' own: ``ranks`` (by seat), ``scores`` (by seat),
``winners`` and ``turns``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, plots, replay, stats
from agents.backends import GameRecord
from agents.hydras.evaluate import cards_info
from agents.tournament import SHARED_GAME_COLUMNS, check_seating, labels_of, make_tasks, rate_games

GAME_COLUMNS = SHARED_GAME_COLUMNS + ("ranks", "scores", "winners", "turns")
MAX_SEATS = 4


def player_results(labels: Sequence[str], specs: Sequence[str], seats: int,
                   games: Sequence[tuple[tuple[int, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per player figures from (table, result) pairs, with OpenSkill ratings in game order."""
    per: list[dict[str, list]] = [{"rank": [], "score": [], "sole": [], "seat": []} for _ in labels]
    for table, r in games:
        sole = len(r["winners"]) == 1
        for seat, p in enumerate(table):
            d = per[p]
            d["rank"].append(int(r["ranks"][seat]))
            d["score"].append(int(r["scores"][seat]))
            d["sole"].append(sole and r["ranks"][seat] == 1)
            d["seat"].append(seat)
    ratings = rate_games(labels, [(table, r["ranks"]) for table, r in games])
    out = []
    for k, (label, spec) in enumerate(zip(labels, specs)):
        d, n = per[k], len(per[k]["rank"])
        counts = Counter(d["seat"])
        out.append({
            "player": label, "spec": spec, "games": n,
            "seat_counts": [counts.get(s, 0) for s in range(seats)],
            "win": stats.rate_summary(d["rank"].count(1), n),
            "sole_win": stats.rate_summary(sum(d["sole"]), n),
            "last": stats.rate_summary(d["rank"].count(seats), n),
            "rank_shares": [stats.rate_summary(d["rank"].count(j), n) for j in range(1, seats + 1)],
            "mean_rank": stats.mean_summary(d["rank"]),
            "mean_score": stats.mean_summary(d["score"]),
            "rating": ratings[k],
        })
    return out


def result_columns(seats: int) -> tuple[str, ...]:
    """The results.csv columns for ``seats``-player tables."""
    ranks = tuple(f"rank{j}_{part}" for j in range(1, seats + 1) for part in ("rate", "lo", "hi"))
    return ("player", "spec", "games", "win_rate", "win_lo", "win_hi", "sole_win_rate", "sole_win_lo",
            "sole_win_hi", *ranks, "mean_rank", "rank_lo", "rank_hi", "mean_score", "score_lo",
            "score_hi", "mu", "sigma", "ordinal")


def result_row(p: dict[str, Any]) -> dict[str, Any]:
    """The results.csv row of a player."""
    def triple(name: str, d: dict[str, Any]) -> dict[str, Any]:
        ci = d["ci95"] or ["", ""]
        return {f"{name}_rate": d["rate"], f"{name}_lo": ci[0], f"{name}_hi": ci[1]}
    row = {"player": p["player"], "spec": p["spec"], "games": p["games"],
           **triple("win", p["win"]), **triple("sole_win", p["sole_win"])}
    for j, share in enumerate(p["rank_shares"], 1):
        row.update(triple(f"rank{j}", share))
    for name, key in (("rank", "mean_rank"), ("score", "mean_score")):
        m = p[key]
        ci = m["ci95"] or ["", ""]
        row.update({key: m["mean"], f"{name}_lo": ci[0], f"{name}_hi": ci[1]})
    return {**row, **p["rating"]}


def game_row(rec: GameRecord, labels: Sequence[str], table: Sequence[int], cycle: int) -> dict[str, Any]:
    """The games.csv row of a tournament game."""
    r = rec.result
    return {"game": rec.index, "deal": rec.index // cycle, "seed": rec.seed,
            "seats": ";".join(labels[p] for p in table),
            "outcome": "won" if len(r["winners"]) == 1 else "shared",
            "ranking": " ".join(map(str, r["ranking"])), "ranks": " ".join(map(str, r["ranks"])),
            "scores": " ".join(map(str, r["scores"])), "winners": " ".join(map(str, r["winners"])),
            "turns": r["turns"]}


def table_text(players: Sequence[dict[str, Any]]) -> str:
    """The results as an aligned text table."""
    def pct(d: dict[str, Any]) -> str:
        return "-" if d["rate"] is None else \
            f"{100 * d['rate']:5.1f} [{100 * d['ci95'][0]:4.1f},{100 * d['ci95'][1]:5.1f}]"

    def mean(d: dict[str, Any]) -> str:
        return "-" if d["mean"] is None else f"{d['mean']:5.2f} ±{(d['ci95'][1] - d['ci95'][0]) / 2:.2f}"

    seats = len(players[0]["rank_shares"]) if players else 0
    head = ("player", "games", "win %", *[f"rank {j} %" for j in range(2, seats + 1)], "rank",
            "score", "mu", "sigma", "ordinal")
    rows = [(p["player"], str(p["games"]), pct(p["win"]), *[pct(r) for r in p["rank_shares"][1:]],
             mean(p["mean_rank"]), mean(p["mean_score"]), f"{p['rating']['mu']:.2f}",
             f"{p['rating']['sigma']:.2f}", f"{p['rating']['ordinal']:.2f}") for p in players]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                       enumerate(zip(r, widths))) for r in [head, *rows]]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Play the Hydras tournament, write its files, print the table."""
    specs = list(args.players)
    seats = args.num_players or min(len(specs), MAX_SEATS)
    if len(specs) < seats:
        raise cli.UsageError(f"--num-players {seats} seats {seats} players at each table; --players "
                             f"gives {len(specs)} (repeat a spec to seat it more than once)")
    if len(specs) < 2:
        raise cli.UsageError("--players: a Hydras table seats at least 2 players; give 2 specs or more")
    if args.html is not None:
        raise cli.UsageError("--html cannot apply with --game hydras (the report page is Hydra's); "
                             "save replays with --save-replays and write their pages with "
                             "`hydra-env replay FILE --html PAGE`")
    cycle = check_seating(len(specs), seats, args.games)
    cli.check_backend(args.backend, args.address)
    cli.check_agents(specs, "--players", game="hydras")
    labels = labels_of(specs)
    out = args.out or Path("runs/tournament") / cli.slug(
        f"hydras_{'-'.join(specs)}_{seats}p_seed{args.seed}_n{args.games}")
    cli.check_out(out, args.force)
    tasks, table = make_tasks(specs, 0, 0, seats, args.games, args.seed, {},
                              args.save_replays != "none", game="hydras")
    print(f"tournament: {', '.join(labels)} at Hydras, {seats} players per table, {args.games} games "
          f"({cycle} tables per deal), seed {args.seed}")
    if args.games % cycle:
        print(f"note: {args.games} games is not a multiple of {cycle}; the seating is not exactly even")
    records, elapsed = cli.play_all(tasks, args)
    tables = [table(rec.index) for rec in records]
    players = player_results(labels, specs, seats, [(t, rec.result) for t, rec in zip(tables, records)])
    doc = {"n_games": len(records), "tables_per_deal": cycle, "seating_even": args.games % cycle == 0,
           "shared_wins": stats.rate_summary(sum(len(rec.result["winners"]) > 1 for rec in records),
                                             len(records)),
           "players": players,
           "config": {"command": "tournament", "game": "hydras", "players": specs, "labels": labels,
                      "seats": seats, "games": args.games, "seed": args.seed,
                      "seeding": "game i: table i % tables_per_deal, deal seed SeedSequence([seed, "
                                 "i // tables_per_deal, 0]), bot of seat s SeedSequence([seed, i, 1, s])",
                      "rating_model": "openskill PlackettLuce (defaults), ranks = the game's ranks "
                                      "(ties share a rank, H16), games in index order", **cards_info()},
           "command": cli.command_line("tournament", [
               ("--game", "hydras"), ("--players", ",".join(specs)), ("--num-players", seats),
               ("--games", args.games), ("--seed", args.seed)])}
    rows = [game_row(rec, labels, t, cycle) for t, rec in zip(tables, records)]
    with cli.atomic_dir(out) as tmp:
        (tmp / "results.csv").write_text(cli.csv_text([result_row(p) for p in players],
                                                      result_columns(seats)), encoding="utf-8")
        (tmp / "results.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        (tmp / "games.csv").write_text(cli.csv_text(rows, GAME_COLUMNS), encoding="utf-8")
        plots.plot_tournament(
            players, seats, f"Hydras, {seats} players per table · {len(records)} games", tmp / "tournament.png",
            rate_keys=(("win", "first (shared counts)", "#3c78d8"), ("sole_win", "first alone", "#6aa84f"),
                       ("last", "last", "#cc4125")),
            mean=("mean_score", "mean final score (H15)", "#e69138"))
        n_replays = replay.save_replays(tmp, tasks, records, args.save_replays,
                                        [str(r["outcome"]) for r in rows])
    print(table_text(players))
    shared = doc["shared_wins"]
    print(f"shared wins in {shared['count']}/{shared['n']} games ({100 * shared['rate']:.1f}%)")
    extra = f", {n_replays} replays" if n_replays else ""
    print(f"wrote {out}/ (results.csv, results.json, games.csv, tournament.png{extra}) — "
          f"{args.games} games in {elapsed:.1f} s")
    return 0
