"""``hydra-env evaluate --game hydras``: one agent against bots at the card game Hydras.

The agent sits at every seat in turn: game i deals the cards of deal
``i // players`` (seeded from (``--seed``, deal)) and seats the agent at
``i % players``, the ``--opponents`` bots in the other seats in order from the
agent's left; bots are seeded from (``--seed``, i, seat). So every seat gets
the same deals, and the files are the same whatever ``--workers``.

Writes into ``--out`` (atomically, as ``evaluate`` does for Hydra):

* ``games.csv`` — one row per game: game, deal, seed, the agent's seat, the
  seats' specs, outcome (won, shared — first with others — or lost), the
  agent's rank, score and margin (score − best other score), and the ranking,
  ranks, scores and turns of the game;
* ``summary.json`` — the win share (shared wins count; 95% Wilson), the
  sole-win share, the share of each rank, and the mean score, margin and rank
  (bootstrap 95% intervals), by seat too, with the config and the command;
* ``scores.png`` — the agent's final scores against its opponents'.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, plots, replay, stats
from agents.backends import GameRecord, GameTask, TaskList, bot_seed, game_seed
from agents.evaluate import mean_text, percent_text

COLUMNS = ("game", "deal", "seed", "seat", "seats", "outcome", "rank", "score", "margin", "ranking",
           "ranks", "scores", "turns")
DEFAULT_OPPONENT = "heuristic"
DEFAULT_PLAYERS = 3


def seat_specs(agent: str, opponents: Sequence[str], seat: int, players: int) -> tuple[str, ...]:
    """The spec of each seat when the agent sits at ``seat``: the opponents from its left."""
    specs = [""] * players
    specs[seat] = agent
    for k, spec in enumerate(opponents):
        specs[(seat + 1 + k) % players] = spec
    return tuple(specs)


def outcome_of(result: dict[str, Any], seat: int) -> str:
    """won (first alone), shared (first with others) or lost, for ``seat``."""
    if result["ranks"][seat] != 1:
        return "lost"
    return "won" if len(result["winners"]) == 1 else "shared"


def game_row(rec: GameRecord, players: int) -> dict[str, Any]:
    """The games.csv row of a record (the agent at seat ``index % players``)."""
    r, seat = rec.result, rec.index % players
    scores = list(r["scores"])
    return {"game": rec.index, "deal": rec.index // players, "seed": rec.seed, "seat": seat,
            "seats": "", "outcome": outcome_of(r, seat), "rank": r["ranks"][seat],
            "score": scores[seat], "margin": scores[seat] - max(s for k, s in enumerate(scores) if k != seat),
            "ranking": " ".join(map(str, r["ranking"])), "ranks": " ".join(map(str, r["ranks"])),
            "scores": " ".join(map(str, scores)), "turns": r["turns"]}


def summarize(rows: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """The statistics of games.csv rows (as written or as read back from the file)."""
    n = len(rows)
    outcome = [str(r["outcome"]) for r in rows]
    rank = [int(r["rank"]) for r in rows]

    def figures(part: Sequence[dict[str, Any]]) -> dict[str, Any]:
        m = len(part)
        return {"n_games": m,
                "win": stats.rate_summary(sum(str(r["outcome"]) != "lost" for r in part), m),
                "mean_score": stats.mean_summary([int(r["score"]) for r in part]),
                "mean_margin": stats.mean_summary([int(r["margin"]) for r in part])}

    others = [int(s) for r in rows for k, s in enumerate(str(r["scores"]).split()) if k != int(r["seat"])]
    return {
        **figures(rows), "players": players,
        "sole_win": stats.rate_summary(outcome.count("won"), n),
        "shared_win": stats.rate_summary(outcome.count("shared"), n),
        "rank_shares": [stats.rate_summary(rank.count(k), n) for k in range(1, players + 1)],
        "mean_rank": stats.mean_summary(rank),
        "opponents_mean_score": stats.mean_summary(others),
        "by_seat": [figures([r for r in rows if int(r["seat"]) == s]) for s in range(players)],
        "bootstrap": {"resamples": stats.BOOTSTRAP_RESAMPLES, "seed": stats.BOOTSTRAP_SEED,
                      "method": "percentile"},
    }


def _opponents(args: argparse.Namespace, players: int) -> list[str]:
    specs = args.opponents or [DEFAULT_OPPONENT]
    if len(specs) == 1:
        return specs * (players - 1)
    if len(specs) != players - 1:
        raise cli.UsageError(f"--opponents gives {len(specs)} specs for {players - 1} other seats "
                             f"(give one for all, or one per other seat)")
    return list(specs)


def run(args: argparse.Namespace) -> int:
    """Play the games, write games.csv, summary.json and scores.png, print a report."""
    players = args.num_players or DEFAULT_PLAYERS
    if len(args.agent) != 1:
        raise cli.UsageError(f"--agent gives {len(args.agent)} specs; with --game hydras give one "
                             f"agent, and the other seats with --opponents")
    if args.html is not None:
        raise cli.UsageError("--html cannot apply with --game hydras (the report page is Hydra's); "
                             "save replays with --save-replays and write their pages with "
                             "`hydra-env replay FILE --html PAGE`")
    agent, opponents = args.agent[0], _opponents(args, players)
    cli.check_backend(args.backend, args.address)
    cli.check_agents([agent], "--agent", game="hydras")
    cli.check_agents(opponents, "--opponents", game="hydras")
    out = args.out or Path("runs/eval") / cli.slug(
        f"hydras_{agent}_vs_{'-'.join(dict.fromkeys(opponents))}_{players}p_seed{args.seed}_n{args.games}")
    cli.check_out(out, args.force)
    record = args.save_replays != "none"

    def task(i: int) -> GameTask:
        return GameTask(i, 0, 0, game_seed(args.seed, i // players),
                        seat_specs(agent, opponents, i % players, players),
                        tuple(bot_seed(args.seed, i, s) for s in range(players)), record=record,
                        game="hydras", players=players)

    tasks = TaskList(args.games, task)
    print(f"evaluate: {agent} at Hydras, {players} players, against {', '.join(opponents)}; "
          f"{args.games} games (seats rotated), seed {args.seed}")
    if args.games % players:
        print(f"note: {args.games} games is not a multiple of {players}; the seats are not exactly even")
    records, elapsed = cli.play_all(tasks, args)
    rows = []
    for rec in records:
        row = game_row(rec, players)
        row["seats"] = ";".join(tasks[rec.index].specs)
        rows.append(row)
    summary = summarize(rows, players)
    summary["config"] = {"command": "evaluate", "game": "hydras", "agent": agent,
                         "opponents": opponents, "players": players, "games": args.games,
                         "seed": args.seed,
                         "seeding": "game i: deal i // players, seed SeedSequence([seed, deal, 0]); "
                                    "agent at seat i % players; bot of seat s SeedSequence([seed, i, 1, s])",
                         **cards_info()}
    summary["command"] = cli.command_line("evaluate", [
        ("--game", "hydras"), ("--agent", agent), ("--opponents", ",".join(opponents)),
        ("--num-players", players), ("--games", args.games), ("--seed", args.seed)])
    with cli.atomic_dir(out) as tmp:
        (tmp / "games.csv").write_text(cli.csv_text(rows, COLUMNS), encoding="utf-8")
        (tmp / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        title = (f"{agent} vs {', '.join(dict.fromkeys(opponents))} · Hydras, {players} players · "
                 f"{args.games} games · win {100 * summary['win']['rate']:.1f}%")
        plots.plot_hydras_scores([int(r["score"]) for r in rows],
                                 [int(s) for r in rows for k, s in enumerate(r["scores"].split())
                                  if k != r["seat"]], title, tmp / "scores.png")
        saved = replay.save_replays(tmp, tasks, records, args.save_replays,
                                    ["lost" if r["outcome"] == "lost" else "won" for r in rows])
    print(report(summary))
    extra = f", {saved} replays" if saved else ""
    print(f"wrote {out}/ (games.csv, summary.json, scores.png{extra}) — {args.games} games in "
          f"{elapsed:.1f} s ({args.games / max(elapsed, 1e-9):.4g} games/s)")
    return 0


def cards_info() -> dict[str, str]:
    """The card set's name, version and digest, and the package version."""
    import hydra_env
    from hydra_env.hydras import default_cards
    cards = default_cards()
    return {"cards_name": cards.name, "cards_version": cards.version, "cards_digest": cards.digest,
            "hydra_env_version": hydra_env.__version__}


def report(summary: dict[str, Any]) -> str:
    """A few lines for the terminal."""
    n = summary["n_games"]
    lines = [f"  {'won (shared counts)':<22} {summary['win']['count']}/{n} = "
             f"{percent_text(summary['win'])}  (95% Wilson)",
             f"  {'won alone':<22} {percent_text(summary['sole_win'])}",
             "  rank shares            " + "  ".join(
                 f"{k}: {percent_text(r)}" for k, r in enumerate(summary["rank_shares"], 1)),
             f"  {'mean score':<22} {mean_text(summary['mean_score'])}",
             f"  {'opponents mean score':<22} {mean_text(summary['opponents_mean_score'])}",
             f"  {'mean margin':<22} {mean_text(summary['mean_margin'])}  (score − best other)",
             f"  {'mean rank':<22} {mean_text(summary['mean_rank'])}"]
    for s, part in enumerate(summary["by_seat"]):
        lines.append(f"  {'seat ' + str(s):<22} won {percent_text(part['win'])}, score "
                     f"{mean_text(part['mean_score'])}")
    return "\n".join(lines)
