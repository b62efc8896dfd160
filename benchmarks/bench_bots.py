"""Compare scripted bots on the same seeds: solo scores and coordinated tables.

Solo (each bot plays the same seeds of one scenario)::

    python benchmarks/bench_bots.py solo --bots random greedy heuristic rollout \\
        --scenario 10 --stars 1 --games 1000 --workers 2

reports per bot: win rate, expected score with a loss as 0 (mean and 95%
bootstrap interval), mean score of the won games (and its interval),
quartiles of the won games' scores, seconds per game.

Coordinated tables (each table plays the same seeds)::

    python benchmarks/bench_bots.py coop --scenario 1 --games 400 --workers 2 \\
        --tables defender*4 glory*4 defender*2+glory*2

(``--scenario`` takes several numbers; a table's list of bots is repeated to
fill the scenario's seats, so ``heuristic`` alone fills any table)

reports per table: city-saved rate (95% bootstrap interval), and per style at
the table the epic-hero rate (games won with a hero of that style first on
the compass, per seat of that style) and the tragic-hero rate. In mixed
tables the styles rotate over the seats from game to game.

Speed of the native bots against their Python code (one core, same seeds)::

    python benchmarks/bench_bots.py speed --bots greedy heuristic rollout --games 20
    python benchmarks/bench_bots.py speed --bots defender glory --scenario 1 --games 20

plays each bot's games on the Python engine (its Python code) and on the native
engine (its C++ code, hydra_env.games.hydra.bots._native_bots), prints games/s of both, the ratio, and
whether every decision of every game was the same.

``--out FILE`` writes one JSON line per game. Games run in a process pool
(``--workers``) with a tqdm progress bar; game ``i`` uses seed ``--seed + i``
for the game and for the bots (seat ``s`` of a table: ``seed·10 + s``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hydra_env  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402

BOOTSTRAP = 2000


# --------------------------------------------------------------------------- games


def play_solo(job: tuple[str, dict, int, int, int]) -> dict[str, Any]:
    """One solo game of ``bot`` on ``seed``."""
    name, kwargs, scenario, stars, seed = job
    t = time.perf_counter()
    bot = make_bot(name, seed=seed, **kwargs)
    g = hydra_env.Game.new(scenario, stars, seed)
    while not g.is_over:
        g.apply(bot.act(g.view(0), g.legal_actions()))
    r = g.result()
    return {"mode": "solo", "bot": name, "scenario": scenario, "stars": stars, "seed": seed,
            "won": r.outcome == "won", "score": r.score, "walls": r.walls, "necks": r.necks,
            "heads": r.heads, "rounds": r.rounds, "seconds": time.perf_counter() - t}


def play_decisions(name: str, kwargs: dict, scenario: int, stars: int, seed: int,
                   engine: str) -> list[int]:
    """The decisions of one game of ``name`` bots (one per seat) on ``engine``."""
    g = hydra_env.Game.new(scenario, stars, seed, engine=engine)
    bots = [make_bot(name, seed=seed * 10 + s, **kwargs) for s in range(g.num_players)]
    out = []
    while not g.is_over:
        p = g.current_player
        a = bots[p].act(g.view(p), g.legal_actions())
        out.append(a)
        g.apply(a)
    return out


def report_speed(args: argparse.Namespace, extra: dict) -> None:
    """Print games/s of each bot, its Python code on the Python engine against the native bots."""
    lines = [f"scenario {args.scenario}, {args.stars} star(s), {args.games} seeds from {args.seed}, one core",
             f"{'bot':<34} {'python games/s':>14} {'native games/s':>14} {'ratio':>7} {'same decisions':>15}"]
    print("\n".join(lines), flush=True)
    seeds = range(args.seed, args.seed + args.games)
    for name in args.bots:
        timing, games = {}, {}
        for engine in ("python", "native"):
            t = time.perf_counter()
            games[engine] = [play_decisions(name, extra.get(name, {}), args.scenario, args.stars, s, engine)
                             for s in seeds]
            timing[engine] = time.perf_counter() - t
        label = name + (":" + ",".join(f"{k}={v}" for k, v in extra[name].items()) if extra.get(name) else "")
        py, nat = args.games / timing["python"], args.games / timing["native"]
        same = "yes" if games["python"] == games["native"] else "NO"
        print(f"{label:<34} {py:>14.2f} {nat:>14.2f} {nat / py:>6.1f}x {same:>15}", flush=True)


def table_seats(table: list[str], n: int, seed: int) -> list[str]:
    """The bot of each seat: the table's list, rotated by the seed (mixed tables)."""
    return [table[(s + seed) % len(table)] for s in range(n)]


def play_table(job: tuple[str, list[str], int, int, int]) -> dict[str, Any]:
    """One coordinated game of a table on ``seed``."""
    label, table, scenario, stars, seed = job
    t = time.perf_counter()
    g = hydra_env.Game.new(scenario, stars, seed)
    seats = table_seats(table, g.num_players, seed)
    bots = [make_bot(name, seed=seed * 10 + s) for s, name in enumerate(seats)]
    while not g.is_over:
        p = g.current_player
        g.apply(bots[p].act(g.view(p), g.legal_actions()))
    r = g.result()
    return {"mode": "coop", "table": label, "seats": seats, "scenario": scenario, "stars": stars,
            "seed": seed, "saved": r.city_saved, "epic": r.epic_hero, "tragic": r.tragic_hero,
            "walls": r.walls, "rounds": r.rounds, "seconds": time.perf_counter() - t}


def run_jobs(fn, jobs: list, workers: int, desc: str) -> list[dict[str, Any]]:
    """Run ``fn`` over ``jobs`` in a pool, with a progress bar; results in job order."""
    from agents.progress import progress
    if workers <= 1:
        return [fn(j) for j in progress(jobs, desc=desc, leave=False)]
    with Pool(workers) as pool:
        return list(progress(pool.imap(fn, jobs, chunksize=2), total=len(jobs), desc=desc, leave=False))


# --------------------------------------------------------------------------- statistics


def bootstrap_ci(values: np.ndarray, seed: int = 0) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean."""
    if len(values) == 0:
        return float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(values), size=(BOOTSTRAP, len(values)))
    means = values[idx].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return float(lo), float(hi)


def solo_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rate, expected score (loss = 0), won games' scores, for one bot."""
    won = np.array([r["won"] for r in rows], dtype=bool)
    exp = np.array([r["score"] if r["won"] else 0 for r in rows], dtype=float)
    ws = exp[won]
    return {"games": len(rows), "win": won.mean(), "win_ci": bootstrap_ci(won.astype(float)),
            "exp": exp.mean(), "exp_ci": bootstrap_ci(exp),
            "won_mean": ws.mean() if len(ws) else float("nan"), "won_ci": bootstrap_ci(ws),
            "quartiles": tuple(np.percentile(ws, [25, 50, 75])) if len(ws) else (),
            "sec": float(np.mean([r["seconds"] for r in rows]))}


def table_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """City-saved rate, and epic/tragic-hero rates per style (per seat of the style)."""
    saved = np.array([r["saved"] for r in rows], dtype=float)
    styles = sorted({s for r in rows for s in r["seats"]})
    per = {}
    for style in styles:
        seats = sum(r["seats"].count(style) for r in rows)
        epic = sum(1 for r in rows if r["epic"] is not None and r["seats"][r["epic"]] == style)
        tragic = sum(1 for r in rows if r["tragic"] is not None and r["seats"][r["tragic"]] == style)
        per[style] = {"epic_rate": epic / seats, "tragic_rate": tragic / seats,
                      "epic_share": epic / max(1, sum(1 for r in rows if r["epic"] is not None))}
    return {"games": len(rows), "saved": saved.mean(), "saved_ci": bootstrap_ci(saved),
            "styles": per, "sec": float(np.mean([r["seconds"] for r in rows]))}


# --------------------------------------------------------------------------- reports


def report_solo(results: dict[str, list[dict[str, Any]]], args: argparse.Namespace) -> str:
    lines = [f"solo scenario {args.scenario}, {args.stars} star(s), {args.games} seeds from {args.seed}",
             f"{'bot':<10} {'win':>6} {'expected score (loss=0)':>26} {'won: mean [95% CI]':>22}"
             f" {'quartiles':>14} {'s/game':>7}"]
    for name, rows in results.items():
        s = solo_summary(rows)
        q = "/".join(f"{x:.0f}" for x in s["quartiles"]) or "-"
        won = (f"{s['won_mean']:>6.1f} [{s['won_ci'][0]:4.1f}, {s['won_ci'][1]:4.1f}]"
               if s["quartiles"] else f"{'no game won':>19}")
        lines.append(f"{name:<10} {s['win']:>6.1%} {s['exp']:>8.1f} [{s['exp_ci'][0]:5.1f}, "
                     f"{s['exp_ci'][1]:5.1f}]      {won} {q:>14} {s['sec']:>7.2f}")
    return "\n".join(lines)


def report_coop(results: dict[str, list[dict[str, Any]]], args: argparse.Namespace) -> str:
    lines = [f"coordinated scenario {args.scenario}, {args.stars} star(s), {args.games} seeds "
             f"from {args.seed}",
             f"{'table':<24} {'city saved [95% CI]':>22}   per style: epic-hero rate per seat "
             f"(share of epic heroes), tragic-hero rate per seat"]
    for label, rows in results.items():
        s = table_summary(rows)
        styles = "  ".join(f"{k}: epic {v['epic_rate']:.1%} ({v['epic_share']:.0%}), "
                           f"tragic {v['tragic_rate']:.1%}" for k, v in s["styles"].items())
        lines.append(f"{label:<24} {s['saved']:>6.1%} [{s['saved_ci'][0]:.1%}, "
                     f"{s['saved_ci'][1]:.1%}]   {styles}")
    return "\n".join(lines)


def parse_table(label: str) -> list[str]:
    """``defender*2+glory*2`` → ['defender', 'defender', 'glory', 'glory']."""
    seats: list[str] = []
    for part in label.split("+"):
        name, _, count = part.partition("*")
        seats += [name] * int(count or 1)
    return seats


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("mode", choices=["solo", "coop", "speed"])
    p.add_argument("--bots", nargs="+", default=["random", "greedy", "heuristic", "rollout"])
    p.add_argument("--tables", nargs="+", default=["defender*4", "glory*4", "defender*2+glory*2"])
    p.add_argument("--scenario", type=int, nargs="+", default=None,
                   help="scenario(s): 10 (solo) / 1 (coop) by default")
    p.add_argument("--stars", type=int, default=1)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--bot-args", default="{}", help='JSON: {"rollout": {"budget": 16}}')
    p.add_argument("--out", type=Path, default=None, help="write one JSON line per game")
    args = p.parse_args(argv)
    scenarios = args.scenario or [1 if args.mode == "coop" else 10]
    if args.mode == "speed":
        for scenario in scenarios:
            args.scenario = scenario
            report_speed(args, json.loads(args.bot_args))
        return 0
    seeds = range(args.seed, args.seed + args.games)
    out = args.out.open("w") if args.out else None
    for scenario in scenarios:
        args.scenario = scenario
        results: dict[str, list[dict[str, Any]]] = {}
        if args.mode == "solo":
            extra = json.loads(args.bot_args)
            for name in args.bots:
                jobs = [(name, extra.get(name, {}), scenario, args.stars, s) for s in seeds]
                results[name] = run_jobs(play_solo, jobs, args.workers, name)
            print(report_solo(results, args), flush=True)
        else:
            for label in args.tables:
                table = parse_table(label)
                jobs = [(label, table, scenario, args.stars, s) for s in seeds]
                results[label] = run_jobs(play_table, jobs, args.workers, label)
            print(report_coop(results, args), flush=True)
        if out:
            for rows in results.values():
                for r in rows:
                    out.write(json.dumps(r) + "\n")
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
