"""Heroica's evaluate hooks (:mod:`agents.evaluate`).

Race and Battle keep the generic report (:mod:`agents.evaluate_defaults`: one agent
against ``--opponents``, seats rotated, the win share with its interval), with the game's
rounds as its turns. Solo (``--num-players 1``, the default) is a time trial scored by the
solo metric of spec 4.7, the censored turns (T of the win, L + 1 when not won within the
limit L = ``--solo-turn-limit``), and every decision is judged by the exact optimum
(:mod:`agents.game_tools.heroica.judge`):

* ``games.csv`` — per game: seed, hero, outcome (won within the limit or lost), T,
  censored T, the decisions and the regret (the expected turns lost against the optimal
  policy, summed over the agent's decisions);
* ``summary.json`` — the censored mean turns (bootstrap 95% interval) and quartiles, the
  share won within the limit (95% Wilson), the optimum's censored mean (the solver's value
  from the start), and the regret: mean with interval, quartiles, the share of games with
  zero regret;
* ``censored_turns.png`` and ``regret.png`` — the two distributions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agents import cli, evaluate_defaults, stats
from agents.backends import GameRecord, GameTask
from agents.evaluate_defaults import EvalRun, mean_text, percent_text

SOLO_COLUMNS = ("game", "seed", "agent", "hero", "outcome", "turns", "censored_turns", "decisions", "regret")
QUARTILES = (25, 50, 75)


def mode_of(run: EvalRun) -> str:
    """The run's mode: solo, race or battle."""
    from hydra_env.games.heroica.spec import game_mode
    return game_mode(run.params)


def is_solo(run: EvalRun) -> bool:
    """Whether the run plays solo games."""
    return mode_of(run) == "solo"


def turns(result: dict[str, Any]) -> int:
    """The turns of a game: solo the turn T (of the win, or the turns played), else the rounds."""
    return int(result["turns"])


def default_out_name(run: EvalRun) -> str:
    """Solo: ``heroica_solo_HERO_AGENT_seedS_nN``; else the generic name."""
    if not is_solo(run):
        return evaluate_defaults.default_out(run)
    p, args = run.params, run.args
    return f"heroica_solo_{p['hero']}_{run.seating.agent}_seed{args.seed}_n{args.games}"


def prepare(run: EvalRun) -> None:
    """Solo: the solved tables of the hero (loaded from the cache, or solved now, once,
    before the workers start), and the optimum's censored mean turns."""
    if is_solo(run):
        from hydra_env.games.heroica.solver import solution
        p = run.params
        run.extra["optimum"] = solution(p["hero"], p["solo_turn_limit"]).start_value(p["crystal"])


def play_function(run: EvalRun) -> Callable[[GameTask], GameRecord] | None:
    """Solo: the judged play (each decision's regret); else the generic play."""
    if not is_solo(run):
        return None
    from agents.game_tools.heroica.judge import play_judged
    return play_judged


def header_line(run: EvalRun) -> str:
    """The first line printed."""
    if not is_solo(run):
        return evaluate_defaults.header(run).replace("Draida,", f"Draida {mode_of(run)},", 1)
    p, args = run.params, run.args
    return (f"evaluate: {run.seating.agent} at {run.spec.title} solo, the {p['hero']}, limit "
            f"{p['solo_turn_limit']} turns; {args.games} games, seed {args.seed}; every decision judged "
            f"by the solo optimum")


def games_csv_row(run: EvalRun, rec: GameRecord, task: GameTask, turns: int) -> dict[str, Any]:
    """Solo: the row of :data:`SOLO_COLUMNS`; else the generic row."""
    if not is_solo(run):
        return evaluate_defaults.game_row(run, rec, task, turns)
    r = rec.result
    return {"game": rec.index, "seed": rec.seed, "agent": task.specs[0], "hero": r["hero_classes"][0],
            "outcome": "won" if r["outcome"] == "won" else "lost", "turns": r["turns"],
            "censored_turns": r["censored_turns"], "decisions": rec.steps, "regret": rec.regret}


def games_csv_columns(run: EvalRun, summary: dict[str, Any]) -> tuple[str, ...]:
    """Solo: :data:`SOLO_COLUMNS`; else the generic columns."""
    return SOLO_COLUMNS if is_solo(run) else evaluate_defaults.COLUMNS


def solo_statistics(rows: Sequence[dict[str, Any]], limit: int, optimum: float | None) -> dict[str, Any]:
    """The solo figures of games.csv rows (as written or read back from the file)."""
    censored = [int(r["censored_turns"]) for r in rows]
    regret = [float(r["regret"]) for r in rows]
    won = [int(r["turns"]) for r in rows if r["outcome"] == "won"]
    mean = stats.mean_summary(censored)
    return {
        "n_games": len(rows), "limit": limit,
        "censored_turns": mean,
        "censored_turns_quartiles": stats.quantiles(censored, QUARTILES),
        "won_within_limit": stats.rate_summary(len(won), len(rows)),
        "turns_of_wins": stats.mean_summary(won),
        "optimum": optimum,
        "gap_to_optimum": None if optimum is None or mean["mean"] is None else mean["mean"] - optimum,
        "regret": {"mean": stats.mean_summary(regret), "quartiles": stats.quantiles(regret, QUARTILES),
                   "max": max(regret, default=None),
                   "zero_regret": stats.rate_summary(sum(x == 0 for x in regret), len(rows)),
                   "unit": "expected turns lost against the optimal policy, summed over the game's "
                           "decisions (spec 4.7)"},
        "bootstrap": {"resamples": stats.BOOTSTRAP_RESAMPLES, "seed": stats.BOOTSTRAP_SEED,
                      "method": "percentile"},
    }


def summary_statistics(run: EvalRun, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Solo: :func:`solo_statistics` with the class; else the generic statistics with the mode."""
    if not is_solo(run):
        return {"mode": mode_of(run), **evaluate_defaults.summarize(rows, run.seats)}
    return {"mode": "solo", "hero": run.params["hero"],
            **solo_statistics(rows, run.params["solo_turn_limit"], run.extra.get("optimum"))}


def summary_command(run: EvalRun) -> str:
    """The canonical command (solo: no ``--opponents``)."""
    if not is_solo(run):
        return evaluate_defaults.command(run)
    return cli.command_line("evaluate", [
        ("--game", run.name), ("--agent", run.seating.agent),
        *evaluate_defaults.param_pairs(run.spec, run.params), ("--games", run.args.games),
        ("--seed", run.args.seed)])


def write_plots(run: EvalRun, folder: Path, rows: Sequence[dict[str, Any]], summary: dict[str, Any]) -> list[str]:
    """Solo: censored_turns.png and regret.png; else the generic scores.png."""
    if not is_solo(run):
        return evaluate_defaults.plot(run, folder, rows, summary)
    from agents.game_tools.heroica import plots
    title = f"{run.seating.agent} · Heroica solo, the {run.params['hero']} · {len(rows)} games"
    plots.plot_censored_turns({run.params["hero"]: [int(r["censored_turns"]) for r in rows]},
                              summary["limit"], {run.params["hero"]: summary["optimum"]},
                              title, folder / "censored_turns.png")
    plots.plot_regret([float(r["regret"]) for r in rows], title, folder / "regret.png")
    return ["censored_turns.png", "regret.png"]


def quartiles_text(q: dict[str, float | None]) -> str:
    """Quartiles as ``9 / 12 / 15``."""
    return " / ".join("-" if v is None else f"{v:.3g}" for v in q.values())


def solo_report(summary: dict[str, Any]) -> str:
    """The printed lines of a solo evaluation."""
    n, limit, reg = summary["n_games"], summary["limit"], summary["regret"]
    optimum = "-" if summary["optimum"] is None else f"{summary['optimum']:.3f}"
    return "\n".join([
        f"  {'censored mean turns':<24} {mean_text(summary['censored_turns'])}  (T, or {limit + 1} "
        f"when not won within {limit}; fewer is better)",
        f"  {'optimum (solver)':<24} {optimum}",
        f"  {'quartiles (censored)':<24} {quartiles_text(summary['censored_turns_quartiles'])}",
        f"  {'won within ' + str(limit):<24} {summary['won_within_limit']['count']}/{n} = "
        f"{percent_text(summary['won_within_limit'])}  (95% Wilson)",
        f"  {'regret (turns lost)':<24} {mean_text(reg['mean'])}; quartiles {quartiles_text(reg['quartiles'])}",
        f"  {'games without regret':<24} {percent_text(reg['zero_regret'])}"])


def report_text(run: EvalRun, summary: dict[str, Any]) -> str:
    """Solo: :func:`solo_report`; else the generic lines."""
    return solo_report(summary) if is_solo(run) else evaluate_defaults.report(summary)
