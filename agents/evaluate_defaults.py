"""The generic ``hydra-env evaluate``: what it does for a game that gives no evaluate hook.

One agent plays against ``--opponents`` (default: the game's ``heuristic`` bot,
else ``random``) at the game's seats, rotated: game i deals deal ``i // seats``
(seeded from (``--seed``, deal)) and seats the agent at ``i % seats``, the
opponents in the other seats in order from the agent's left; bots are seeded
from (``--seed``, i, seat). So every seat gets the same deals.

* ``games.csv`` — one row per game: game, deal, seed, the agent's seat, the
  seats' specs, outcome (won, shared — first with others — or lost), the
  agent's rank, score and margin (score − best other score), and the ranking,
  ranks, scores and turns of the game (from ``result.to_dict()``: ``scores``,
  ``ranks``, ``winners``, ``ranking``);
* ``summary.json`` — the win share (shared wins count; 95% Wilson), the
  sole-win share, the share of each rank, and the mean score, margin and rank
  (bootstrap 95% intervals), by seat too, with the config and the command;
* ``scores.png`` — the agent's final scores against its opponents'.

:class:`EvalRun` is what the hooks of :mod:`agents.evaluate` receive.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents import cli, plots, stats
from agents.backends import GameRecord, GameTask
from hydra_env.api import GameSpec

COLUMNS = ("game", "deal", "seed", "seat", "seats", "outcome", "rank", "score", "margin", "ranking",
           "ranks", "scores", "turns")


@dataclass
class Seating:
    """Who sits where in game ``i``.

    Attributes:
        agent: the agent's name in titles and file names (its spec, or specs joined by ``,``).
        specs: the spec of each seat in game ``i``.
        deal: the deal game ``i`` plays (its game seed comes from (seed, deal)).
        per_deal: games per deal (a run of a multiple of it seats everyone evenly).
        opponents: the specs of the other seats (empty when the agent sits everywhere).
        checks: (specs, flag) pairs checked by :func:`agents.cli.check_agents` before any game.
    """

    agent: str
    specs: Callable[[int], tuple[str, ...]]
    deal: Callable[[int], int]
    per_deal: int = 1
    opponents: list[str] = field(default_factory=list)
    checks: list[tuple[list[str], str]] = field(default_factory=list)


@dataclass
class EvalRun:
    """One evaluation: the game, its parameters, the parsed options and the seating."""

    spec: GameSpec
    params: dict[str, Any]
    args: argparse.Namespace
    seats: int
    seating: Seating | None = None
    extra: dict[str, Any] = field(default_factory=dict)   # a game's hooks keep their own data here

    @property
    def name(self) -> str:
        """The registry name of the game."""
        return self.spec.name


def default_opponent(game: str) -> str:
    """The opponent when ``--opponents`` is not given: ``heuristic`` if the game has it, else ``random``."""
    from hydra_env.envs.bots import bot_names
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def seating(run: EvalRun) -> Seating:
    """One agent against the opponents, rotated over the seats (module docstring)."""
    args, players = run.args, run.seats
    if len(args.agent) != 1:
        raise cli.UsageError(f"--agent gives {len(args.agent)} specs; with --game {run.name} give one "
                             f"agent, and the other seats with --opponents")
    specs = args.opponents or [default_opponent(run.name)]
    if len(specs) == 1:
        opponents = specs * (players - 1)
    elif len(specs) != players - 1:
        raise cli.UsageError(f"--opponents gives {len(specs)} specs for {players - 1} other seats "
                             f"(give one for all, or one per other seat)")
    else:
        opponents = list(specs)
    agent = args.agent[0]
    return Seating(agent, lambda i: seat_specs(agent, opponents, i % players, players),
                   lambda i: i // players, players, opponents, [([agent], "--agent"), (opponents, "--opponents")])


def seat_specs(agent: str, opponents: Sequence[str], seat: int, players: int) -> tuple[str, ...]:
    """The spec of each seat when the agent sits at ``seat``: the opponents from its left."""
    specs = [""] * players
    specs[seat] = agent
    for k, spec in enumerate(opponents):
        specs[(seat + 1 + k) % players] = spec
    return tuple(specs)


def default_out(run: EvalRun) -> str:
    """The output folder's name under ``runs/eval`` (before :func:`agents.cli.slug`)."""
    s, args = run.seating, run.args
    return (f"{run.name}_{s.agent}_vs_{'-'.join(dict.fromkeys(s.opponents))}_{run.seats}p_"
            f"seed{args.seed}_n{args.games}")


def header(run: EvalRun) -> str:
    """The first line printed."""
    s, args = run.seating, run.args
    return (f"evaluate: {s.agent} at {run.spec.title}, {run.seats} players, against "
            f"{', '.join(s.opponents)}; {args.games} games (seats rotated), seed {args.seed}")


def winners_of(result: dict[str, Any]) -> list[int]:
    """The seats that won: the result's ``winners`` where it names them (none, for a game that
    ended without a winner, such as a Heroica race at its round limit), else those ranked first."""
    if "winners" in result:
        return list(result["winners"])
    return [s for s, rank in enumerate(result["ranks"]) if rank == 1]


def outcome_of(result: dict[str, Any], seat: int) -> str:
    """won (first alone), shared (first with others) or lost, for ``seat``; a game without a
    winner is lost by every seat, though they may all rank first."""
    winners = winners_of(result)
    if seat not in winners:
        return "lost"
    return "won" if len(winners) == 1 else "shared"


def game_row(run: EvalRun, rec: GameRecord, task: GameTask, turns: int) -> dict[str, Any]:
    """The games.csv row of a record (the agent at seat ``index % seats``)."""
    r, seat = rec.result, rec.index % run.seats
    scores = list(r["scores"])
    best_other = max((s for k, s in enumerate(scores) if k != seat), default=scores[seat])  # solo: 0 margin
    ranking = r.get("ranking") or sorted(range(len(scores)), key=lambda s: r["ranks"][s])
    return {"game": rec.index, "deal": run.seating.deal(rec.index), "seed": rec.seed, "seat": seat,
            "seats": ";".join(task.specs), "outcome": outcome_of(r, seat), "rank": r["ranks"][seat],
            "score": scores[seat], "margin": scores[seat] - best_other,
            "ranking": " ".join(map(str, ranking)), "ranks": " ".join(map(str, r["ranks"])),
            "scores": " ".join(map(str, scores)), "turns": turns}


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


def config(run: EvalRun, info: dict[str, Any]) -> dict[str, Any]:
    """summary.json's ``config``; ``info`` (the data's and package's versions) ends it."""
    s, args = run.seating, run.args
    return {"command": "evaluate", "game": run.name, "agent": s.agent, "opponents": s.opponents,
            "players": run.seats, "games": args.games, "seed": args.seed,
            "seeding": "game i: deal i // players, seed SeedSequence([seed, deal, 0]); "
                       "agent at seat i % players; bot of seat s SeedSequence([seed, i, 1, s])",
            **info}


def param_pairs(spec: GameSpec, params: dict[str, Any]) -> list[tuple[str, Any]]:
    """(flag, value) of every parameter, for a canonical command line."""
    return [(p.flag, str(params[p.name]).lower() if p.kind is bool else params[p.name]) for p in spec.params]


def command(run: EvalRun) -> str:
    """The canonical command that reproduces the run."""
    s, args = run.seating, run.args
    return cli.command_line("evaluate", [
        ("--game", run.name), ("--agent", s.agent), ("--opponents", ",".join(s.opponents)),
        *param_pairs(run.spec, run.params), ("--games", args.games), ("--seed", args.seed)])


def plot(run: EvalRun, folder: Path, rows: Sequence[dict[str, Any]], summary: dict[str, Any]) -> list[str]:
    """scores.png: the agent's final scores against its opponents'; the files written."""
    s = run.seating
    title = (f"{s.agent} vs {', '.join(dict.fromkeys(s.opponents))} · {run.spec.title}, {run.seats} "
             f"players · {run.args.games} games · win {100 * summary['win']['rate']:.1f}%")
    plots.plot_hydras_scores([int(r["score"]) for r in rows],
                             [int(x) for r in rows for k, x in enumerate(str(r["scores"]).split())
                              if k != int(r["seat"])], title, folder / "scores.png")
    return ["scores.png"]


def percent_text(rate: dict[str, Any]) -> str:
    """A rate summary as ``12.3% [10.1, 14.6]`` (its 95% interval), with more decimals where one
    would round a bound onto the rate (a million games: ``95.80% [95.76, 95.84]``)."""
    if rate["rate"] is None:
        return "-"
    share, lo, hi = 100 * rate["rate"], 100 * rate["ci95"][0], 100 * rate["ci95"][1]
    places = 1
    while places < 6 and any(b != share and round(b, places) == round(share, places) for b in (lo, hi)):
        places += 1
    return f"{share:.{places}f}% [{lo:.{places}f}, {hi:.{places}f}]"


def mean_text(m: dict[str, Any]) -> str:
    """A mean summary as ``4.21 [4.02, 4.40] (std 2.70)``."""
    if m["mean"] is None:
        return "-"
    lo, hi = m["ci95"]
    return f"{m['mean']:.2f} [{lo:.2f}, {hi:.2f}] (std {m['std']:.2f})"


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
