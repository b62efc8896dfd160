"""A coordinated policy against three ``heuristic`` seats, and all-``heuristic`` tables
on the same deals: epic hero, tragic hero and city saved, with intervals.

::

    python benchmarks/coop_targets.py --agent ppo:coop-league --deals 1000
    python benchmarks/coop_targets.py --agent ppo:coop-default --deals 50     # a quick run

Each deal is played four times with the agent in each seat in turn, beside three
``heuristic`` (the seating of ``hydra-env tournament --players AGENT,heuristic,
heuristic,heuristic``: deal d is games 4d to 4d+3, seeded as the tournament seeds
them), and four times by four ``heuristic`` on the same deal seeds (``hydra-env
tournament --players heuristic,heuristic,heuristic,heuristic``). Reported:

* the agent's epic-hero and tragic-hero rates (95% Wilson intervals) beside those
  of a ``heuristic`` seat at its tables and at the all-heuristic tables;
* the city-saved rate of both kinds of table, and their paired difference over
  deals (the mean of the agent's four tables minus that of the four heuristic
  tables of the same deal; 95% bootstrap over deals).

``--out FILE.json`` writes the figures, ``--plot FILE.png`` draws them (the three
rates of the agent, of a heuristic seat beside it and of an all-heuristic seat, with
their intervals). Torch runs on one thread per worker.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from agents import stats  # noqa: E402
from agents.backends import run_games  # noqa: E402
from agents.plots import interval_error_bars  # noqa: E402
from agents.progress import progress  # noqa: E402
from agents.tournament import labels_of, make_tasks, player_results  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402
from hydra_env.errors import HydraError  # noqa: E402

SEATS = 4


def play_tables(specs: list[str], deals: int, seed: int, scenario: int, stars: int,
                workers: int, label: str) -> list[tuple[tuple[int, ...], dict[str, Any]]]:
    """(table, result) of every game: ``deals`` deals, each in the four seat rotations."""
    tasks, table = make_tasks(specs, "hydra", {"scenario": scenario, "stars": stars}, SEATS, deals * SEATS, seed, False)
    with progress(total=len(tasks), desc=label, unit="game", file=sys.stderr) as bar:
        records = run_games(tasks, workers=workers, progress=bar.update)
    return [(table(i), rec.result) for i, rec in enumerate(records)]


def saved_by_deal(games: list[tuple[tuple[int, ...], dict[str, Any]]]) -> np.ndarray:
    """The city-saved share of each deal's four tables."""
    saved = np.array([bool(result["city_saved"]) for _, result in games], dtype=float)
    return saved.reshape(-1, SEATS).mean(axis=1)


def _pooled(players: list[dict[str, Any]]) -> dict[str, Any]:
    """Epic and tragic rates of one seat of ``players`` (tournament results), pooled."""
    return {key: stats.rate_summary(sum(p[key]["count"] for p in players),
                                    sum(p[key]["n"] for p in players))
            for key in ("epic_hero", "tragic_hero")}


def report(agent: str, mixed: list, plain: list) -> dict[str, Any]:
    """The figures of the module docstring, from the (table, result) pairs of the agent's
    tables (the agent is player 0) and of the all-heuristic ones (the tournament's
    :func:`agents.tournament.player_results` per player)."""
    mixed_specs, plain_specs = [agent] + ["heuristic"] * (SEATS - 1), ["heuristic"] * SEATS
    ours = player_results(labels_of(mixed_specs), mixed_specs, mixed)
    theirs = player_results(labels_of(plain_specs), plain_specs, plain)
    diff = saved_by_deal(mixed) - saved_by_deal(plain)
    return {
        "agent": agent, "deals": len(diff), "games_per_kind": len(mixed),
        "agent_seat": {key: ours[0][key] for key in ("epic_hero", "tragic_hero")},
        "heuristic_seat_beside_agent": _pooled(ours[1:]),
        "heuristic_seat_all_heuristic": _pooled(theirs),
        "city_saved_agent_tables": ours[0]["city_saved"],      # the agent sits at every one
        "city_saved_all_heuristic": theirs[0]["city_saved"],
        "city_saved_difference": {"mean": float(diff.mean()),
                                  "ci95": list(stats.bootstrap_mean_interval(diff) or ())},
    }


def _rate(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{100 * r['rate']:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def print_report(doc: dict[str, Any]) -> None:
    """The figures as a table."""
    print(f"\n{doc['deals']} deals x {SEATS} seatings; {doc['agent']} beside 3 heuristic, "
          f"and 4 heuristic")
    print(f"{'seat':36s} {'epic hero':>22s} {'tragic hero':>22s}")
    for name, key in ((doc["agent"], "agent_seat"),
                      ("heuristic, beside the agent", "heuristic_seat_beside_agent"),
                      ("heuristic, all-heuristic tables", "heuristic_seat_all_heuristic")):
        print(f"{name:36s} {_rate(doc[key]['epic_hero']):>22s} {_rate(doc[key]['tragic_hero']):>22s}")
    d = doc["city_saved_difference"]
    print(f"city saved: the agent's tables {_rate(doc['city_saved_agent_tables'])}, "
          f"all-heuristic {_rate(doc['city_saved_all_heuristic'])}; paired difference "
          f"{100 * d['mean']:+.1f} points [{100 * d['ci95'][0]:+.1f}, {100 * d['ci95'][1]:+.1f}]")


def plot_report(doc: dict[str, Any], path: Path) -> None:
    """Grouped bars with 95% Wilson intervals: epic hero, tragic hero, city saved (of the
    agent's tables and of the all-heuristic ones)."""
    from matplotlib.figure import Figure
    groups = ("epic hero", "tragic hero", "city saved")
    kinds = [(doc["agent"], "#3c78d8", [doc["agent_seat"]["epic_hero"], doc["agent_seat"]["tragic_hero"],
                                        doc["city_saved_agent_tables"]]),
             ("heuristic seat beside it", "#93c47d",
              [doc["heuristic_seat_beside_agent"]["epic_hero"],
               doc["heuristic_seat_beside_agent"]["tragic_hero"], None]),   # (its tables: the agent's)
             ("all-heuristic tables", "#999999",
              [doc["heuristic_seat_all_heuristic"]["epic_hero"],
               doc["heuristic_seat_all_heuristic"]["tragic_hero"], doc["city_saved_all_heuristic"]])]
    fig = Figure(figsize=(7.5, 4), layout="constrained")
    ax = fig.subplots()
    x = np.arange(len(groups))
    width = 0.8 / len(kinds)
    for k, (label, colour, rates) in enumerate(kinds):
        values = [None if r is None else r["rate"] for r in rates]
        err = interval_error_bars(values, [None if r is None else r["ci95"] for r in rates])
        ax.bar(x + (k - 1) * width, [np.nan if v is None else v for v in values], width,
               yerr=err, capsize=3, color=colour, label=label)
    ax.set_xticks(x, groups)
    ax.set_ylim(0, 1)
    ax.set_ylabel("rate (95% Wilson)")
    ax.grid(axis="y", alpha=0.4)
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title(f"{doc['deals']} deals x {SEATS} seatings, scenario {doc['scenario']}", fontsize=10)
    fig.savefig(path, dpi=110, metadata={"Software": None})


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked before any game is played."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default="ppo:coop-league", help="bot spec of the agent")
    parser.add_argument("--deals", type=int, default=1000, help="deals (4 games of each kind each)")
    parser.add_argument("--seed", type=int, default=2_000_000,
                        help="run seed, as the tournament's (default 2000000: not the seeds "
                             "of the training's periodic evaluations, 1000000, that chose the model)")
    parser.add_argument("--scenario", type=int, default=1, help="coordinated scenario of 4 seats")
    parser.add_argument("--stars", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    parser.add_argument("--plot", type=Path, help="draw the figures into this .png")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    for flag, path in (("--out", args.out), ("--plot", args.plot)):
        if path is not None and not path.parent.is_dir():
            parser.error(f"{flag} {path}: folder {path.parent} does not exist; create it first")
    try:
        make_bot(args.agent, seed=0)
        from hydra_env import default_components
        players = default_components().scenario(args.scenario).players
    except HydraError as exc:
        parser.error(str(exc))
    if players != SEATS:
        parser.error(f"scenario {args.scenario} has {players} seats; give one of 4 seats (e.g. 1)")
    return args


def main(argv: list[str] | None = None) -> int:
    """Play both kinds of table, print the figures, write ``--out``."""
    args = parse_args(argv)
    mixed = play_tables([args.agent, "heuristic", "heuristic", "heuristic"], args.deals,
                        args.seed, args.scenario, args.stars, args.workers, "agent tables")
    plain = play_tables(["heuristic"] * SEATS, args.deals, args.seed, args.scenario,
                        args.stars, args.workers, "heuristic tables")
    doc = report(args.agent, mixed, plain)
    doc["scenario"], doc["stars"], doc["seed"] = args.scenario, args.stars, args.seed
    doc["command"] = " ".join(["python benchmarks/coop_targets.py"] + (argv if argv is not None
                                                                       else sys.argv[1:]))
    print_report(doc)
    if args.out:
        tmp = args.out.with_suffix(".partial")
        tmp.write_text(json.dumps(doc, indent=2) + "\n")
        os.replace(tmp, args.out)
    if args.plot:
        plot_report(doc, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
