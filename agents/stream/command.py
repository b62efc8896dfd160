"""``hydra-env evaluate-stream``: evaluation at any scale, sharded, resumable and merged exactly.

It plays the games ``hydra-env evaluate`` plays (the same seating, deals and bot seeds; game i
depends only on (``--seed``, i)) but keeps no per-game rows: each shard of ``--shard-size``
games becomes one small JSON file of counts and an exact score histogram
(:mod:`agents.stream.shards`, :mod:`agents.stream.summary`). Into ``--out``:

* ``stream.json`` — the run's config (what decides its results) and command;
* ``shards/shard-KKKKKKK.json`` — one per finished shard, written atomically;
* ``partial-summary.json`` while shards are missing (the same figures over the shards present);
* once every shard of the run is there: ``summary.json`` (counts, win rate with its Wilson
  interval, mean and std of the score and the expected score, exact quantiles, the game's score
  bands, the histogram) and ``scores.png``.

Run again with the same options and ``--out``: finished shards are skipped (resume); a damaged
shard file is played again. ``--shards I/N`` (part I of N) or ``--seed-range A:B`` play part of
the run, so parts can run on other machines; ``--merge DIR [DIR ...] --out OUT`` gathers their
shard files and writes the summary, byte for byte the summary of one run. Random bots play at the
native engine's speed and policy bots (``ppo:``) with batched inference (``--batch`` games at
once), with the same games (:mod:`agents.stream.play`).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import hydra_env
from agents import cli, games
from agents.backends import describe_workers, run_games
from agents.outputs import UsageError, atomic_write_text
from agents.stream import shards as sh
from agents.stream.play import PATHS, ShardTask, evaluate_hook, make_run, score_bands
from agents.stream.summary import Summary, canonical_json, merged, statistics

NAME = "evaluate-stream"
MARKER = "stream.json"
PARTIAL = "partial-summary.json"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``evaluate-stream`` subcommand."""
    p = subparsers.add_parser(
        NAME, help="evaluate at scale: a streaming summary (histogram, quantiles, bands, win rate) in "
                   "resumable shards, merged exactly; no per-game rows",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env evaluate-stream --agent random --games 10000000 --shard-size 100000 "
               "--out runs/stream/random  (then the same again to resume; --shards 2/3 for a part; "
               "hydra-env evaluate-stream --merge A B C --out runs/stream/all)")
    p.add_argument("--agent", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="bot name (random, heuristic, ...) or ppo:NAME|PATH.zip, as for evaluate")
    games.add_game_flag(p, NAME)
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="bots for the other seats, as for evaluate (not with Hydra)")
    p.add_argument("--games", type=cli.game_count, default=1_000_000,
                   help=f"games of the whole run, 1 to {cli.MAX_GAMES:,} (default: 1,000,000)")
    p.add_argument("--seed", type=cli.seed_value, default=0, help="run seed (default: 0)")
    p.add_argument("--shard-size", type=cli.bounded_int(1, 10**9), default=100_000,
                   help="games per shard file (default: 100,000)")
    part = p.add_mutually_exclusive_group()
    part.add_argument("--shards", metavar="I/N", help="play part I of N of the shards (such as 3/10)")
    part.add_argument("--seed-range", metavar="A:B", help="play games A to B-1 (on shard boundaries)")
    p.add_argument("--merge", type=Path, nargs="+", metavar="DIR",
                   help="play nothing: gather the shard files of these run folders into --out and "
                        "write the summary")
    p.add_argument("--workers", type=cli.worker_count, default=1,
                   help="parallel worker processes, or local Ray CPUs (default: 1); results do not "
                        "depend on it")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="(default: local)")
    p.add_argument("--address", help="Ray cluster address, with --backend ray")
    p.add_argument("--batch", type=cli.bounded_int(1, 65536), default=256,
                   help="games in flight at once on the batched paths (default: 256)")
    p.add_argument("--path", choices=PATHS, default="auto",
                   help="auto: the fastest way that plays the same games; generic: one game after "
                        "another (a check of the others) (default: auto)")
    p.add_argument("--out", type=Path, required=True, help="the run folder (resumed when it holds this run)")
    p.add_argument("--force", action="store_true", help="start over in an --out that holds other files")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Play (or merge) and write; the exit code."""
    if args.merge:
        return merge(args)
    if not args.agent:
        raise UsageError("--agent is needed (the bot to evaluate), unless --merge gathers finished shards")
    spec, params = games.pick(args, "evaluate", (("opponents", "--opponents"),))   # evaluate's refusals
    cli.check_backend(args.backend, args.address)
    run_args = {"agent": list(args.agent), "opponents": list(args.opponents) if args.opponents else None,
                "games": args.games, "seed": args.seed}
    erun = make_run(spec.name, params, run_args)
    for specs, flag in erun.seating.checks:
        cli.check_agents(specs, flag, game=spec.name, params=params)
    plan = sh.Plan(args.games, args.shard_size)
    chosen = (sh.parse_part(args.shards, plan) if args.shards else
              sh.parse_seed_range(args.seed_range, plan) if args.seed_range else range(plan.count))
    config = run_config(erun, plan)
    prepare_out(args.out, config, args.force)
    done = {k: s for k in chosen if (s := sh.trusted(args.out, k, config, plan)) is not None}
    todo = [k for k in chosen if k not in done]
    total = plan.games_in(chosen)
    print(f"{NAME}: {erun.seating.agent} at {spec.title} {params}, games {plan.range(chosen.start)[0]}:"
          f"{plan.range(chosen.stop - 1)[1]} of {args.games} in {len(chosen)} shard(s) of {args.shard_size}; "
          f"{len(done)} done already; playing on {describe_workers(args.backend, args.workers, args.address)}")
    try:
        played, seconds, cpu = _play(args, erun, plan, todo, total - sum(s.n_games for s in done.values()), config)
    except KeyboardInterrupt:
        kept = sum(sh.shard_path(args.out, k).exists() for k in chosen)
        print(f"\nhydra-env {NAME}: interrupted; the {kept} finished shard(s) are kept in {args.out}: the "
              f"same command resumes there", file=sys.stderr)
        return 130
    if played:
        print(f"played {played:,} games in {seconds:.1f} s ({played / max(seconds, 1e-9):,.0f} games/s; "
              f"{played / max(cpu, 1e-9):,.0f} games per CPU second of this process and its workers)")
    have = {k for k in range(plan.count) if sh.shard_path(args.out, k).exists()}
    gaps = sh.missing(plan, have)
    parts = {k: s for k in sorted(have) if (s := sh.trusted(args.out, k, config, plan)) is not None}
    if gaps:
        print(f"{len(have)} of {plan.count} shards of the run are in {args.out}; missing games "
              f"{_ranges(gaps)}: the same command without --shards/--seed-range plays them here, or play "
              f"them elsewhere and gather all with `hydra-env {NAME} --merge DIR ... --out OUT`")
        write_summary(args.out, config, parts, PARTIAL)
        return 0
    write_summary(args.out, config, parts)
    (Path(args.out) / PARTIAL).unlink(missing_ok=True)
    return 0


def _ranges(gaps: list[tuple[int, int]], limit: int = 6) -> str:
    text = ", ".join(f"{a}:{b}" for a, b in gaps[:limit])
    return text + (f" and {len(gaps) - limit} more" if len(gaps) > limit else "")


def run_config(erun: Any, plan: sh.Plan) -> dict[str, Any]:
    """What decides a stream run's results (its shard files carry it and its digest)."""
    info = evaluate_hook(erun, "data_info")
    return _canonical({"command": NAME, "game": erun.name, "params": erun.params, "agent": erun.seating.agent,
            "agents": list(erun.args.agent),
            "seats": list(erun.seating.specs(0)), "opponents": erun.seating.opponents,
            "games": plan.games, "seed": erun.args.seed, "shard_size": plan.shard_size,
            "seeding": "as hydra-env evaluate: game i from (seed, deal of i), bots from (seed, i, seat)",
            "data": info() if info else {"hydra_env_version": hydra_env.__version__}})


def _canonical(config: dict[str, Any]) -> dict[str, Any]:
    """``config`` with its keys in canonical (sorted) order, as read back from a shard file."""
    return json.loads(canonical_json(config))


def prepare_out(out: Path, config: dict[str, Any], force: bool) -> None:
    """Make ``out`` ready: a new folder, this run's folder (resumed), or with ``force`` another
    folder emptied. UsageError naming ``--out`` otherwise."""
    out = Path(out)
    marker = out / MARKER
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is a file, not a folder")
    if marker.is_file() and not force:
        try:
            held = json.loads(marker.read_text(encoding="utf-8"))["config"]
        except (OSError, ValueError, KeyError, TypeError):
            held = None
        if held is not None and sh.digest(held) == sh.digest(config):
            return                                         # resume
        raise UsageError(f"--out {out} holds another run (its game, agents, seed, --games or --shard-size "
                         f"differ, or its {MARKER} is damaged); give another --out, or --force to start over")
    cli.check_out(out, force)
    if out.is_dir() and force:
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(marker, json.dumps({"config": config}, indent=2, sort_keys=True) + "\n")


def _play(args: argparse.Namespace, erun: Any, plan: sh.Plan, todo: list[int], games_todo: int,
          config: dict[str, Any]) -> tuple[int, float, float]:
    """Play the shards ``todo`` in waves of a few per worker, writing each wave's files."""
    from agents.progress import progress
    if not todo:
        return 0, 0.0, 0.0
    start, cpu0 = time.perf_counter(), _cpu()
    wave = max(1, 2 * args.workers)
    played = 0
    with progress(total=games_todo, desc="games", unit="game", quiet=args.no_progress, file=sys.stderr,
                  smoothing=0.05) as bar:
        for w in range(0, len(todo), wave):
            ks = todo[w:w + wave]
            tasks = [ShardTask(k, *plan.range(k), erun.name, erun.params, vars(erun.args), args.batch, args.path)
                     for k in ks]
            states = run_games(tasks, workers=args.workers, backend=args.backend, address=args.address,
                               progress=lambda n: bar.update(min(n * plan.shard_size, bar.total - bar.n)),
                               play=_play_shard_record)
            for k, state in zip(ks, states):
                sh.write_shard(args.out, k, config, *plan.range(k), Summary.from_state(state))
                played += plan.range(k)[1] - plan.range(k)[0]
            bar.n = played
            bar.refresh()
    return played, time.perf_counter() - start, _cpu() - cpu0


def _play_shard_record(task: ShardTask) -> Any:
    """:func:`agents.stream.play.play_shard`, as the backends' play function (module level)."""
    from agents.stream.play import play_shard
    return play_shard(task)


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    import os
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def summary_data(config: dict[str, Any], parts: dict[int, Summary]) -> dict[str, Any]:
    """summary.json's content: the config and the statistics of the merged shards."""
    from hydra_env import game_spec
    spec = game_spec(config["game"])
    run_args = {"agent": list(config["agents"]), "opponents": config["opponents"] or None,
                "games": config["games"], "seed": config["seed"]}
    erun = make_run(spec.name, config["params"], run_args)
    total = merged(parts[k] for k in sorted(parts))
    return {"config": config, "shards": len(parts), "statistics": statistics(total, score_bands(erun))}


def write_summary(out: Path, config: dict[str, Any], parts: dict[int, Summary],
                  name: str = "summary.json") -> dict[str, Any]:
    """Write ``name`` (summary.json, or :data:`PARTIAL` for the shards present of an unfinished
    run) and scores.png into ``out``; print the report; the summary."""
    from agents.stream.plot import plot_histogram, report
    data = summary_data(config, parts)
    if name == PARTIAL:
        plan = sh.Plan(config["games"], config["shard_size"])
        data["partial"] = {"games": data["statistics"]["n_games"], "of": plan.games,
                           "missing": [list(g) for g in sh.missing(plan, parts)]}
    atomic_write_text(Path(out) / name, json.dumps(data, indent=2) + "\n")
    plot_histogram(data, Path(out) / "scores.png")
    print(report(data))
    print(f"wrote {out}/{name} and scores.png ({data['statistics']['n_games']:,} games, "
          f"{data['shards']} shards)")
    return data


def merge(args: argparse.Namespace) -> int:
    """``--merge DIR ...``: the shards of the folders, checked and copied into ``--out``, and the
    summary when they cover the run."""
    given = [f for f in ("agent", "shards", "seed_range") if getattr(args, f, None)]
    if given:
        raise UsageError(f"--merge plays nothing: drop --{given[0].replace('_', '-')} (the shard files "
                         f"carry their run's options)")
    config, parts = sh.collect(list(args.merge))
    plan = sh.Plan(config["games"], config["shard_size"])
    gaps = sh.missing(plan, parts)
    if gaps:
        raise UsageError(f"--merge: the shards of {', '.join(map(str, args.merge))} do not cover the run "
                         f"({len(parts)} of {plan.count}); missing games {_ranges(gaps)}: play them with "
                         f"--seed-range A:B first")
    prepare_out(args.out, config, args.force)
    for k, summary in sorted(parts.items()):
        if sh.trusted(args.out, k, config, plan) is None:
            sh.write_shard(args.out, k, config, *plan.range(k), summary)
    write_summary(args.out, config, parts)
    return 0
