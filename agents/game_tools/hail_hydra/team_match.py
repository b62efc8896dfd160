"""Team against team: SHIELD's win share when every SHIELD seat plays one agent and every
HYDRA seat another, per player count, with 95% Wilson intervals.

::

    python -m agents.game_tools.hail_hydra.team_match --shield deduce loyal ppo:RUN/best_model.zip \\
        --hydra saboteur --players 5 6 7 8 --games 1000 --out runs/team-match

Every pair of ``--shield`` and ``--hydra`` agents (scripted bots by spec, or ``ppo:`` policies)
plays ``--games`` games per player count, dealt from seeds ``--seed``, ``--seed`` + 1, ...;
seat ``s`` of game ``g`` seeds its bot with ``16 g + s``, as the calibration tables
(:func:`hydra_env.games.hail_hydra.calibrate.play_game`) do, so the same seeds deal the same tables for
every pair (a paired comparison). ``--components`` deals from a copy of the data (HH37),
say with the player table's modifiers changed: a balance change measured with any agents
before it ships. The agents are checked on a dealt game before any game is
played. Printed per pair and count: SHIELD's win share with its interval, knock-outs per game
and their precision; written with ``--out``: ``team_match.json``, ``team_match.csv`` and
``team_match.png`` (the shares with their intervals, one group of bars per count).

Because every pair plays the same deals, two agents of one side are compared deal by deal
too: with two or more ``--shield`` (or ``--hydra``) agents, each is set against the first of
its side, per opponent and count (the difference of their win shares with a 95% interval of
the per-deal differences, far narrower than two independent intervals would give; printed,
and in ``paired.csv`` and the json's ``paired``).
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from agents import stats
from agents.evaluate_defaults import percent_text
from agents.outputs import UsageError, atomic_dir, check_out, run_tool
from agents.progress import progress
from hydra_env import ConfigError, game_spec
from hydra_env.envs.bots import make_bot
from hydra_env.errors import DataError
from hydra_env.games.hail_hydra.calibrate import play_game
from hydra_env.games.hail_hydra.components import load_components

GAME = "hail_hydra"
COLUMNS = ("shield", "hydra", "players", "games", "shield_wins", "shield_rate", "low", "high",
           "knockouts", "precision")


def play(seed: int, players: int, shield: str, hydra: str, components: str = "") -> dict[str, Any]:
    """One game dealt from ``seed`` as the calibration tables play it (:func:`play_game`: SHIELD
    seats by ``shield``, HYDRA seats by ``hydra``; ``components`` a data file, empty for the
    shipped one): its winning team and knock-outs by loyalty."""
    game = play_game(seed, players, functools.partial(make_bot, shield, game=GAME),
                     functools.partial(make_bot, hydra, game=GAME), {}, components=components)
    result = game.result()
    return {"seed": seed, "winner": result.outcome, "knockouts_shield": result.knockouts_shield,
            "knockouts_hydra": result.knockouts_hydra}


def _play_chunk(args: tuple[list[int], int, str, str, str]) -> list[dict[str, Any]]:
    seeds, players, shield, hydra, components = args
    return [play(seed, players, shield, hydra, components) for seed in seeds]


def summarise(shield: str, hydra: str, players: int, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The row of one pair at one count: SHIELD's wins with the 95% Wilson interval, knock-outs."""
    wins = sum(g["winner"] == "shield" for g in games)
    rate = stats.rate_summary(wins, len(games))
    hits = sum(g["knockouts_hydra"] for g in games)
    knockouts = hits + sum(g["knockouts_shield"] for g in games)
    return {"shield": shield, "hydra": hydra, "players": players, "games": len(games), "shield_wins": wins,
            "shield_rate": rate["rate"], "low": rate["ci95"][0], "high": rate["ci95"][1],
            "knockouts": knockouts / len(games), "precision": hits / knockouts if knockouts else None}


def check_agents(specs: Sequence[str], players: Sequence[int]) -> None:
    """ConfigError, before any game, for an agent that cannot play: an unknown spec, a missing
    policy file, or a policy for another game (each is asked to decide on a dealt game)."""
    for spec in specs:
        for count in players:
            game = game_spec(GAME).make(seed=0, num_players=count)
            bot = make_bot(spec, game=GAME, seed=0)
            if hasattr(bot, "check_game"):
                bot.check_game(game)
            seat = game.current_player
            bot.act(game.view(seat), game.legal_actions())


Played = dict[tuple[str, str, int], list[dict[str, Any]]]
"""Per (SHIELD agent, HYDRA agent, player count), its games in seed order (:func:`play`'s dicts)."""


def run(shield: Sequence[str], hydra: Sequence[str], players: Sequence[int], games: int, seed: int,
        workers: int = 1, quiet: bool = False, components: str = "") -> list[dict[str, Any]]:
    """Every pair at every count (see the module docstring): one row each. The agents are
    assumed checked (:func:`check_agents`)."""
    return summaries(play_all(shield, hydra, players, games, seed, workers, quiet, components))


def summaries(played: Played) -> list[dict[str, Any]]:
    """One :func:`summarise` row per pair and count of ``played``, in its order."""
    return [summarise(s, h, n, games_of) for (s, h, n), games_of in played.items()]


def paired(played: Played) -> list[dict[str, Any]]:
    """Each agent against the first one of its side, on the same deals (the match is paired:
    the same seeds deal the same tables to every pair). Per count and opponent: the first
    agent's team win share minus the other's, with the 95% bootstrap interval of the mean of
    the per-deal differences (each -1, 0 or 1), and the deals only one of the two won."""
    keys = list(played)
    shields, hydras = list(dict.fromkeys(k[0] for k in keys)), list(dict.fromkeys(k[1] for k in keys))
    counts = list(dict.fromkeys(k[2] for k in keys))
    rows = []
    for side, mine, theirs in (("shield", shields, hydras), ("hydra", hydras, shields)):
        for other in mine[1:]:
            for opponent in theirs:
                for n in counts:
                    pair = [(a, opponent, n) if side == "shield" else (opponent, a, n) for a in (mine[0], other)]
                    wins = [np.array([g["winner"] == side for g in played[key]], float) for key in pair]
                    differences = wins[0] - wins[1]
                    summary = stats.mean_summary(differences)
                    rows.append({"side": side, "first": mine[0], "other": other, "opponent": opponent,
                                 "players": n, "games": len(differences), "difference": summary["mean"],
                                 "low": summary["ci95"][0], "high": summary["ci95"][1],
                                 "first_only": int((differences > 0).sum()),
                                 "other_only": int((differences < 0).sum())})
    return rows


def paired_text(row: dict[str, Any]) -> str:
    """One printed line of :func:`paired`."""
    side = row["side"].upper()
    return (f"paired: {side} {row['first']} minus {side} {row['other']} against {row['opponent']}  "
            f"{row['players']}p  {100 * row['difference']:+.1f} points [{100 * row['low']:+.1f}, "
            f"{100 * row['high']:+.1f}] over {row['games']} deals (won by the first only {row['first_only']}, "
            f"by the other only {row['other_only']})")


def play_all(shield: Sequence[str], hydra: Sequence[str], players: Sequence[int], games: int, seed: int,
             workers: int = 1, quiet: bool = False, components: str = "") -> Played:
    """Every pair's games at every count (see the module docstring), in seed order, dealt from
    the data file ``components`` (empty: the shipped one)."""
    jobs = [(s, h, n) for s in shield for h in hydra for n in players]
    chunk = max(1, min(50, games // max(1, 4 * workers)))
    tasks = [(list(range(seed + i, seed + min(i + chunk, games))), n, s, h, components)
             for s, h, n in jobs for i in range(0, games, chunk)]
    bar = progress(total=len(jobs) * games, desc="team match", unit="game", quiet=quiet)
    played: Played = {job: [] for job in jobs}
    with bar:
        for task, part in zip(tasks, _results(tasks, workers), strict=True):
            played[(task[2], task[3], task[1])].extend(part)
            bar.update(len(part))
    return played


def _results(tasks: list[tuple[list[int], int, str, str, str]], workers: int) -> Any:
    if workers <= 1:
        return map(_play_chunk, tasks)
    import multiprocessing as mp

    from agents.backends import one_thread_worker
    pool = mp.get_context("spawn").Pool(workers, initializer=one_thread_worker)
    return _closing(pool, pool.imap(_play_chunk, tasks))


def _closing(pool: Any, results: Any) -> Any:
    with pool:
        yield from results


def row_text(row: dict[str, Any]) -> str:
    """One printed line: the pair, the count, SHIELD's share with its interval, the knock-outs."""
    rate = {"count": row["shield_wins"], "n": row["games"], "rate": row["shield_rate"],
            "ci95": [row["low"], row["high"]]}
    precision = "-" if row["precision"] is None else f"{row['precision']:.2f}"
    return (f"SHIELD {row['shield']} vs HYDRA {row['hydra']}  {row['players']}p  SHIELD won "
            f"{row['shield_wins']}/{row['games']} = {percent_text(rate)}  knock-outs {row['knockouts']:.2f} "
            f"(precision {precision})")


def write_outputs(rows: list[dict[str, Any]], out: Path, command: dict[str, Any],
                  comparisons: list[dict[str, Any]] | None = None) -> None:
    """``team_match.json``, ``.csv`` and ``.png`` in ``out`` (and ``paired.csv`` with
    ``comparisons``, :func:`paired`), the folder written whole or not at all."""
    with atomic_dir(out) as tmp:
        document = {"command": command, "rows": rows, "paired": comparisons or []}
        (tmp / "team_match.json").write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        if comparisons:
            with open(tmp / "paired.csv", "w", encoding="utf-8", newline="") as fh:
                writer = csv.DictWriter(fh, fieldnames=list(comparisons[0]), lineterminator="\n")
                writer.writeheader()
                writer.writerows(comparisons)
        with open(tmp / "team_match.csv", "w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        plot(rows, tmp / "team_match.png")


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """SHIELD's win share per count, one bar per pair, with the 95% intervals as whiskers."""
    from matplotlib.figure import Figure
    counts = sorted({r["players"] for r in rows})
    pairs = list(dict.fromkeys((r["shield"], r["hydra"]) for r in rows))
    width = 0.8 / len(pairs)
    fig = Figure(figsize=(2 + 1.6 * len(counts), 4.5), layout="constrained")
    ax = fig.subplots()
    for k, pair in enumerate(pairs):
        mine = {r["players"]: r for r in rows if (r["shield"], r["hydra"]) == pair}
        shown = [c for c in counts if c in mine]
        xs = [counts.index(c) + (k - (len(pairs) - 1) / 2) * width for c in shown]
        ys = [100 * mine[c]["shield_rate"] for c in shown]
        errs = [[100 * (mine[c]["shield_rate"] - mine[c]["low"]) for c in shown],
                [100 * (mine[c]["high"] - mine[c]["shield_rate"]) for c in shown]]
        ax.bar(xs, ys, width * 0.9, yerr=errs, capsize=3,
               label=f"SHIELD {short_name(pair[0])} vs HYDRA {short_name(pair[1])}")
    ax.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(counts)), [f"{c} players" for c in counts])
    ax.set_ylabel("SHIELD wins (%), 95% Wilson interval")
    ax.set_ylim(0, 100)
    fig.legend(fontsize=7, loc="outside lower center")
    fig.suptitle(f"Hail Hydra: team against team, {rows[0]['games']} games per bar", fontsize=10)
    fig.savefig(path, dpi=110, metadata={"Software": None})


def short_name(spec: str) -> str:
    """A label for a plot: a policy file's run folder (or its name) instead of its whole path."""
    name, _, value = spec.partition(":")
    if "/" not in value:
        return spec
    path = Path(value)
    return f"{name}:{(path.parent.name if path.stem.startswith('best') else path.stem)[:32]}"


def parser() -> argparse.ArgumentParser:
    """The command line (checked in :func:`check_args`)."""
    parser = argparse.ArgumentParser(prog="python -m agents.game_tools.hail_hydra.team_match",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--shield", nargs="+", required=True, help="agents of the SHIELD seats (bot specs)")
    parser.add_argument("--hydra", nargs="+", required=True, help="agents of the HYDRA seats (bot specs)")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8], help="player counts (5-8)")
    parser.add_argument("--games", type=int, default=200, help="games per pair and count")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    parser.add_argument("--out", type=Path, default=None, help="a folder for the json, csv and png")
    parser.add_argument("--force", action="store_true", help="replace a non-empty --out folder")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--components", default="",
                        help="a Hail Hydra data file to deal from (default: the shipped one), "
                             "e.g. a copy with the player table's modifiers changed")
    return parser


def check_args(args: argparse.Namespace) -> None:
    """UsageError for a count outside 5-8, no game, no worker, a negative seed, an --out that
    cannot be written or a --components file that does not load; ConfigError (from
    :func:`check_agents`) for an agent that cannot play."""
    bad = [n for n in args.players if not 5 <= n <= 8]
    if bad:
        raise UsageError(f"--players: Hail Hydra is played by 5 to 8, got {bad}")
    for flag, value, low in (("--games", args.games, 1), ("--workers", args.workers, 1), ("--seed", args.seed, 0)):
        if value < low:
            raise UsageError(f"{flag} must be at least {low}, got {value}")
    if args.out is not None:
        check_out(args.out, args.force)
    if args.components:
        try:
            load_components(args.components)
        except DataError as error:
            raise UsageError(f"--components: {error} (give a Hail Hydra data file: a copy of "
                             "hydra_env/games/hail_hydra/data/components.json with the values changed)") from None


def run_command(args: argparse.Namespace) -> int:
    """Check everything, play, print one line per pair and count, write the files with ``--out``."""
    check_args(args)
    try:
        check_agents([*dict.fromkeys([*args.shield, *args.hydra])], args.players)
    except ConfigError as error:
        raise UsageError(str(error)) from None
    played = play_all(args.shield, args.hydra, args.players, args.games, args.seed, args.workers, args.quiet,
                      args.components)
    rows, comparisons = summaries(played), paired(played)
    for row in rows:
        print(row_text(row), flush=True)
    for row in comparisons:
        print(paired_text(row), flush=True)
    if args.out is not None:
        command = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items() if k != "argv"}
        write_outputs(rows, args.out, command, comparisons)
        print(f"wrote {args.out}/ (team_match.json, team_match.csv, team_match.png"
              + (", paired.csv)" if comparisons else ")"))
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad option or agent is one line on stderr and exit status 2."""
    return run_tool("team_match", parser(), run_command, argv)


if __name__ == "__main__":
    raise SystemExit(main())
