"""Hadara's balance tables (spec section 10) against the strongest agents::

    python -m agents.game_tools.hadara.balance --agent-pool ppo:hadara-default,rollout --games 200

For each strong agent S of ``--agent-pool`` it plays (4 players unless noted, seats rotated):

* ``versus``: each of ``--bots`` (greedy and the five specialists) against three S, ``--games``
  games each, seated exactly as ``hydra-env evaluate --game hadara --agent BOT --opponents S
  --seed SEED`` seats them (the same seed plays the same games);
* ``self``: ``--games`` games of 4 × S, for each setup card's score against the table mean, the
  epoch-I first player's against the others, and every epoch card's buy rate: how often S buys
  it when drawing it in phase A (DRAFT), and when it is a pile top at S's pick in phase B;

and once, ``five``: the five specialists at one 5-player table (``--five-games``, default 1000).
``--tables`` picks among them; ``--games-for S=N`` plays fewer games with a slow agent (the
search bot). Writes into ``--out``: ``balance.md``, ``balance.json`` and ``balance.png``, then
prints the Markdown. The criteria that mark what dominates are in :mod:`.balance_report`.
Hadara's components are a reconstruction: the figures describe it, not the published game.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from agents import cli
from agents.game_tools.hadara import balance_report as report
from agents.game_tools.hadara.balance_play import play_table, rotated_specs, versus_specs
from agents.outputs import UsageError, run_tool

TABLES = ("versus", "five", "self")
BOTS = ("greedy", "specialist:colour=yellow", "specialist:colour=red", "specialist:colour=blue",
        "specialist:colour=green", "specialist:colour=purple")
FIVE = BOTS[1:]


def table_list(text: str) -> list[str]:
    """argparse type of ``--tables``: names of :data:`TABLES`, comma-separated."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [t for t in names if t not in TABLES]
    if bad or not names:
        raise argparse.ArgumentTypeError(f"unknown table {', '.join(bad) or repr(text)}; give some of "
                                         f"{', '.join(TABLES)} separated by commas")
    return names


def games_for(text: str) -> tuple[str, int]:
    """argparse type of ``--games-for``: ``SPEC=N`` with N a positive whole number."""
    spec, sep, count = text.rpartition("=")
    if not sep or not spec or not count.isdigit() or int(count) < 1:
        raise argparse.ArgumentTypeError(f"give an agent of --agent-pool and its games as SPEC=N "
                                         f"(e.g. rollout=40), got {text!r}")
    return spec, int(count)


def parser() -> argparse.ArgumentParser:
    """The command's options."""
    p = argparse.ArgumentParser(prog="python -m agents.game_tools.hadara.balance", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent-pool", type=cli.spec_list, default=["ppo:hadara-default"], metavar="SPEC[,SPEC...]",
                   help="the strong agents (default: ppo:hadara-default)")
    p.add_argument("--bots", type=cli.spec_list, default=list(BOTS), metavar="SPEC[,SPEC...]",
                   help="the bots of the versus table (default: greedy and the five specialists)")
    p.add_argument("--tables", type=table_list, default=list(TABLES), metavar="T[,T...]",
                   help=f"the tables to play: {', '.join(TABLES)} (default: all)")
    p.add_argument("--games", type=cli.positive_int, default=200,
                   help="games per versus row and of each self-play table (default: 200)")
    p.add_argument("--five-games", type=cli.positive_int, default=1000,
                   help="games of the five-specialist table (default: 1000)")
    p.add_argument("--games-for", type=games_for, action="append", default=[], metavar="SPEC=N",
                   help="fewer (or more) games for one agent of the pool, e.g. rollout=40 (repeatable)")
    p.add_argument("--seed", type=cli.non_negative_int, default=0, help="run seed (default: 0)")
    p.add_argument("--components", type=Path, metavar="FILE",
                   help="a component JSON (default: the shipped reconstruction), e.g. a re-tune's candidate")
    p.add_argument("--workers", type=cli.worker_count, default=1, help="worker processes (default: 1)")
    p.add_argument("--out", type=Path, help="output folder (default: runs/hadara_balance/seedS_nN)")
    p.add_argument("--force", action="store_true", help="replace --out if it holds files")
    p.add_argument("--no-progress", action="store_true", help="no progress bars or lines")
    return p


def check(args: argparse.Namespace) -> dict[str, Any]:
    """Check the agents and the component file before the first game; the game's parameters."""
    from hydra_env.errors import ConfigError
    from hydra_env.games.hadara.components import resolve_components
    unknown = [spec for spec, _ in args.games_for if spec not in args.agent_pool]
    if unknown:
        raise UsageError(f"--games-for names {', '.join(unknown)}, not in --agent-pool "
                         f"({', '.join(args.agent_pool)}); give an agent of the pool")
    params: dict[str, Any] = {}
    if args.components is not None:
        if not args.components.is_file():
            raise UsageError(f"--components {args.components}: no such file; give a component JSON "
                             f"(e.g. one written by hydra_env/games/hadara/data/generate.py)")
        try:
            resolve_components(str(args.components))
        except (ConfigError, ValueError) as exc:
            raise UsageError(f"--components {args.components}: {exc}") from None
        params["components"] = str(args.components)
    cli.check_agents(args.agent_pool, "--agent-pool", game="hadara")
    cli.check_agents(args.bots, "--bots", game="hadara")
    return params


def play(label: str, specs_of: Any, players: int, games: int, args: argparse.Namespace,
         params: dict[str, Any]) -> list[Any]:
    """Play one table under a progress bar, saying what it plays first."""
    from agents.progress import progress
    print(f"balance: {label}, {games} games", flush=True)
    with progress(total=games, desc=label, unit="game", quiet=args.no_progress, file=sys.stderr) as bar:
        return play_table(specs_of, players, games, args.seed, params, workers=args.workers, progress=bar.update)


def run(args: argparse.Namespace) -> int:
    """Play the tables, write balance.md/.json/.png, print the Markdown."""
    from hydra_env.games.hadara.components import resolve_components
    params = check(args)
    out = args.out or Path("runs/hadara_balance") / f"seed{args.seed}_n{args.games}"
    cli.check_out(out, args.force)
    comps = resolve_components(params.get("components"))
    counts = dict(args.games_for)
    command = "python -m agents.game_tools.hadara.balance " + shlex.join(sys.argv[1:] if args.argv is None
                                                                           else args.argv)
    result: dict[str, Any] = {"config": {"seed": args.seed, "games": args.games, "five_games": args.five_games,
                                         "agent_pool": args.agent_pool, "games_for": counts,
                                         "components": str(args.components or "shipped (hadara-components.json)"),
                                         "source": comps.source, "command": command, "criteria": report.CRITERIA},
                              "versus": [], "five": None, "self": {}}
    start = time.process_time()
    for strong in args.agent_pool:
        games = counts.get(strong, args.games)
        if "versus" in args.tables:
            for bot in args.bots:
                facts = play(f"{bot} vs 3 {strong}", versus_specs(bot, strong, 4), 4, games, args, params)
                result["versus"].append(report.versus_summary(facts, bot, strong))
        if "self" in args.tables:
            facts = play(f"4 x {strong}", versus_specs(strong, strong, 4), 4, games, args, params)
            result["self"][strong] = {"setup": report.setup_summary(facts),
                                      "seats": report.seat_rows(facts, strong),
                                      "cards": report.card_summary(facts, strong, comps)}
    if "five" in args.tables:
        facts = play("five specialists, 5 players", rotated_specs(FIVE), 5, args.five_games, args, params)
        result["five"] = report.five_summary(facts, FIVE)
    result["config"]["cpu_seconds"] = round(time.process_time() - start, 1)
    text = report.markdown(result)
    with cli.atomic_dir(out) as tmp:
        (tmp / "balance.md").write_text(text, encoding="utf-8")
        (tmp / "balance.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        plot(result, tmp / "balance.png")
    print(text, end="")
    print(f"wrote {out}/ (balance.md, balance.json, balance.png) in {result['config']['cpu_seconds']} CPU s")
    return 0


def plot(result: dict[str, Any], path: Path) -> None:
    """balance.png: the versus win shares, the five-specialist shares, the setup cards and the
    phase-A buy rate of every card (sorted), each with its interval or thresholds."""
    import numpy as np
    from matplotlib.figure import Figure
    fig = Figure(figsize=(12, 8), layout="constrained")
    (a, b), (c, d) = fig.subplots(2, 2)
    rows = result["versus"]
    for k, r in enumerate(rows):
        lo, hi = (x if x is not None else r["win_rate"] for x in r["win_ci95"])
        a.errorbar(k, 100 * r["win_rate"], yerr=[[100 * (r["win_rate"] - lo)], [100 * (hi - r["win_rate"])]],
                   fmt="o", capsize=3)
    a.axhline(25, color="grey", ls="--", lw=1)
    a.set_xlim(-0.5, max(len(rows), 1) - 0.5)
    a.set_xticks(range(len(rows)), [f"{r['spec'].replace('specialist:colour=', '')}\nvs {r['opponent']}"
                                    for r in rows], fontsize=6, rotation=60)
    a.set_ylabel("won % (95% Wilson)")
    a.set_title("each bot against three of a strong agent", fontsize=9)
    five = (result["five"] or {}).get("rows", [])
    hues = {"yellow": "#e6c229", "red": "#cc4125", "blue": "#3c78d8", "green": "#6aa84f", "purple": "#8e7cc3"}
    for k, r in enumerate(five):
        b.bar(k, 100 * r["win_rate"], yerr=[[100 * (r["win_rate"] - r["win_ci95"][0])],
                                            [100 * (r["win_ci95"][1] - r["win_rate"])]], capsize=3, alpha=0.7,
              color=hues.get(r["spec"].rpartition("=")[2], "#999999"))
    b.axhline(20, color="grey", ls="--", lw=1)
    b.set_xticks(range(len(five)), [r["spec"].replace("specialist:colour=", "") for r in five], fontsize=8)
    b.set_title("five specialists at one 5-player table", fontsize=9)
    width = 0.8 / max(len(result["self"]), 1)
    for k, (spec, s) in enumerate(result["self"].items()):
        cards = s["setup"]["setup_cards"]
        xs = np.arange(len(cards) + 1) + (k - (len(result["self"]) - 1) / 2) * width
        means = [m["mean"] for m in cards.values()] + [s["setup"]["first_player"]["mean"]]
        errs = [m["ci95"][1] - m["mean"] for m in [*cards.values(), s["setup"]["first_player"]]]
        c.bar(xs, means, width=width * 0.9, yerr=errs, capsize=2, alpha=0.7, label=f"4 x {spec}")
        c.set_xticks(np.arange(len(cards) + 1), [*cards, "first"], fontsize=8)
        rates = sorted(r["rate_a"] for r in s["cards"]["cards"] if r["drawn"] >= report.MIN_DRAWS)
        d.plot(range(len(rates)), [100 * x for x in rates], ".", label=f"4 x {spec}")
    for y in (-3, 3):
        c.axhline(y, color="grey", ls="--", lw=1)
    c.set_title("score less the table mean: setup cards, epoch-I first player", fontsize=9)
    for y in (100 * report.LOW, 100 * report.HIGH):
        d.axhline(y, color="grey", ls="--", lw=1)
    d.set_title(f"phase-A buy rate per card, sorted (drawn ≥ {report.MIN_DRAWS})", fontsize=9)
    for ax in (c, d):
        if result["self"]:
            ax.legend(fontsize=7)
    fig.suptitle(f"Hadara balance (reconstructed components: {result['config']['components']}), "
                 f"seed {result['config']['seed']}", fontsize=10)
    fig.savefig(path, dpi=100, metadata={"Software": None})


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad option is one line on stderr and exit status 2."""
    return run_tool("balance", parser(), run, argv)


if __name__ == "__main__":
    sys.exit(main())
