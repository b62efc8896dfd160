"""``hydra-env evaluate --regret``: an agent's regret against the clairvoyant reference, seed by seed.

The reference (:mod:`agents.clairvoyant`) plays the same game seeds as the
agent, seeing the whole future of each game; it is analysis only and is
reached on the command line through this report alone. For game i:

* ``reference_score``: the reference's expected score (its score, a loss 0);
* ``regret``: ``reference_score`` minus the agent's expected score on the same
  seed (negative where the agent did better: the reference is a strong
  reference, not a proven optimum).

``summary.json`` gets a ``regret`` section: the mean regret (``mean_regret``) with its bootstrap
95% interval, quantiles, the share of seeds where the agent matched or beat
the reference (95% Wilson), and the reference's own solo summary, whose R40
bands are the ceiling to read the agent's bands against. ``regret.png`` plots
the regret histogram beside the two band distributions.

``--reference RUN`` takes the reference's games from an earlier ``--regret``
run (same scenario, stars, seed, rules and budget, at least as many games)
instead of playing them again.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, plots, stats
from agents.backends import TaskList, game_seed
from agents.clairvoyant import DEFAULT_SPEC, Budget, ReferenceTask, parse_budget, play_reference
from hydra_env import ConfigError

COLUMNS = ("reference_outcome", "reference_score", "regret")
NOTE = ("the clairvoyant reference sees the deck order and the face-down cards; it is a strong "
        "reference, not a proven optimum (a negative regret: the agent did better on that seed)")


def add_options(parser: argparse.ArgumentParser) -> None:
    """--regret [SPEC] and --reference RUN."""
    parser.add_argument("--regret", nargs="?", const=DEFAULT_SPEC, metavar="SPEC",
                        help=f"also play the clairvoyant reference (analysis only: it sees the hidden "
                             f"cards) on the same seeds and report the agent's regret against it; SPEC "
                             f"is its budget, default {DEFAULT_SPEC} (candidates: the heuristic's best "
                             f"actions simulated per decision, 0 = all; horizon: rounds simulated past "
                             f"the current one, 0 = to the end of the game); solo scenarios only")
    parser.add_argument("--reference", type=Path, metavar="RUN",
                        help="with --regret: take the reference's games from the folder of an earlier "
                             "--regret run (same scenario, stars, seed, rules, budget; at least as many "
                             "games) instead of playing them again")


def check(args: argparse.Namespace, solo: bool, scenario: Any,
          options: dict[str, bool]) -> tuple[Budget, list[dict[str, str]] | None] | None:
    """The reference's budget (and the games of ``--reference``), or None without ``--regret``;
    UsageError for an option that cannot apply. Runs before any game."""
    if args.regret is None:
        if args.reference is not None:
            raise cli.UsageError("--reference cannot apply without --regret (add --regret, with the "
                                 "budget of the earlier run)")
        return None
    if not solo:
        raise cli.UsageError(f"--regret: the clairvoyant reference covers the solo scenarios (10-12) "
                             f"only; scenario {scenario.number} ({scenario.name}) is coordinated")
    try:
        budget = parse_budget(args.regret)
    except ConfigError as exc:
        raise cli.UsageError(f"--regret {args.regret}: {exc}") from None
    if args.reference is None:
        return budget, None
    return budget, _load(args, scenario, options, budget)


def _load(args: argparse.Namespace, scenario: Any, options: dict[str, bool],
          budget: Budget) -> list[dict[str, str]]:
    """The reference rows of an earlier run, checked against this one."""
    from agents.evaluate import read_games_csv
    folder = args.reference
    flag = f"--reference {folder}"
    try:
        summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
        rows = read_games_csv(folder / "games.csv")
    except (OSError, ValueError) as exc:
        raise cli.UsageError(f"{flag}: cannot read its summary.json and games.csv ({exc}); give the "
                             f"folder of an earlier `{cli.PROG} evaluate --regret` run") from None
    cfg, reg = summary.get("config", {}), summary.get("regret")
    if not isinstance(reg, dict) or not rows or not set(COLUMNS) <= set(rows[0]):
        raise cli.UsageError(f"{flag}: that run has no regret report (it was run without --regret)")
    mine = {"scenario": scenario.number, "stars": args.stars, "seed": args.seed, "options": options}
    for key, value in mine.items():
        if cfg.get(key) != value:
            raise cli.UsageError(f"{flag}: that run has {key} {cfg.get(key)!r}, this one {value!r}; "
                                 f"the reference must have played the same games")
    if reg.get("reference", {}).get("budget") != budget.spec:
        raise cli.UsageError(f"{flag}: its reference budget is {reg.get('reference', {}).get('budget')!r}, "
                             f"this run asks for {budget.spec!r} (give --regret "
                             f"{reg.get('reference', {}).get('budget')})")
    if len(rows) < args.games:
        raise cli.UsageError(f"{flag}: it has {len(rows)} games, this run plays {args.games}")
    for i, row in enumerate(rows[:args.games]):
        if int(row["seed"]) != game_seed(args.seed, i):
            raise cli.UsageError(f"{flag}: its game {i} has seed {row['seed']}, not the seed of this run")
    return rows[:args.games]


def reference_results(args: argparse.Namespace, scenario: Any, options: dict[str, bool], budget: Budget,
                      loaded: list[dict[str, str]] | None) -> list[tuple[str, int]]:
    """(outcome, expected score) of the reference on each game of the run, in order: played on
    the workers under a progress bar, or read from ``--reference``."""
    if loaded is not None:
        print(f"reference: {len(loaded)} games read from {args.reference}")
        return [(r["reference_outcome"], int(r["reference_score"])) for r in loaded]

    def task(i: int) -> ReferenceTask:
        return ReferenceTask(i, scenario.number, args.stars, game_seed(args.seed, i), budget, options)

    print(f"reference: the clairvoyant planner ({budget.spec}: {budget.describe()})")
    records, elapsed = cli.play_all(TaskList(args.games, task), args, play=play_reference, desc="reference")
    print(f"reference: {args.games} games in {elapsed:.1f} s ({elapsed / max(args.games, 1):.2f} s/game)")
    return [(r.result["outcome"], int(r.result["score"]) if r.result["outcome"] == "won" else 0)
            for r in records]


def add_columns(rows: Sequence[dict[str, Any]], reference: Sequence[tuple[str, int]]) -> None:
    """Set the reference's outcome and score and the regret in each games.csv row."""
    for row, (outcome, score) in zip(rows, reference, strict=True):
        agent = int(row["score"]) if row["outcome"] == "won" else 0
        row.update(reference_outcome=outcome, reference_score=score, regret=score - agent)


def summarize(rows: Sequence[dict[str, Any]], budget: Budget, source: str) -> dict[str, Any]:
    """The ``regret`` section of summary.json from games.csv rows with the regret columns."""
    regret = [int(r["regret"]) for r in rows]
    n = len(regret)
    outcomes = [str(r["reference_outcome"]) for r in rows]
    scores = [int(r["reference_score"]) if o == "won" else None for r, o in zip(rows, outcomes)]
    return {"reference": {"budget": budget.spec, "description": budget.describe(), "source": source,
                          "note": NOTE},
            "mean_regret": stats.mean_summary(regret),
            "quantiles": stats.quantiles(regret),
            "min": min(regret) if regret else None, "max": max(regret) if regret else None,
            "matched_or_beat": stats.rate_summary(sum(x <= 0 for x in regret), n),
            "beat": stats.rate_summary(sum(x < 0 for x in regret), n),
            "reference_summary": stats.solo_summary(outcomes, scores)}


def report(section: dict[str, Any]) -> str:
    """A few lines for the terminal."""
    from agents.evaluate import mean_text, percent_text
    ref = section["reference_summary"]
    q = section["quantiles"]
    return "\n".join([
        f"  regret vs the clairvoyant reference ({section['reference']['budget']}; a strong reference, "
        f"not a proven optimum)",
        f"  {'reference expected':<22} {mean_text(ref['expected_score'])}   won {percent_text(ref['win_rate'])}",
        f"  {'mean regret':<22} {mean_text(section['mean_regret'])}",
        "  regret quantiles       " + "  ".join(f"{k}={'-' if v is None else f'{v:g}'}" for k, v in q.items()),
        f"  {'matched or beat ref.':<22} {percent_text(section['matched_or_beat'])}",
        "  ref. R40 bands (won)   " + "  ".join(f"{b['band']}: {b['count']}" for b in ref["bands"])])


def plot(rows: Sequence[dict[str, Any]], summary: dict[str, Any], title: str, path: Path) -> None:
    """regret.png: the regret histogram and the agent's and the reference's R40 bands."""
    plots.plot_regret([int(r["regret"]) for r in rows], summary["bands"],
                      summary["regret"]["reference_summary"]["bands"], summary["n_games"], title, path)
