"""Hydra's evaluate hooks (:mod:`agents.evaluate`): the agent's spec(s) at every seat.

* ``games.csv`` — one row per game: game index, game seed, outcome, score
  (empty for a loss, R39), R40 band, necks, heads, walls, hero on wall,
  rounds; coop games add the compass ranking, glory by seat, epic and tragic
  hero.
* ``summary.json`` — solo: win rate with a 95% Wilson interval, the expected
  score (a loss counts 0) and the mean score of won games, each with a
  bootstrap 95% interval and std, quantiles of won scores, the R40 bands,
  losses; coop: city-saved rate, rounds, glory and epic/tragic rates by seat.
  Plus the config and the canonical command of the run.
* ``scores.png`` — solo: histogram of won scores with the R40 bands shaded,
  losses apart; coop: outcomes by the round the game ended.
* with ``--regret [SPEC]`` (solo): the clairvoyant reference plays the same
  seeds too (:mod:`agents.regret`); games.csv gains ``reference_outcome``,
  ``reference_score`` and ``regret``, summary.json a ``regret`` section, and
  ``regret.png`` the regret histogram beside the R40 bands of both.
* ``--html``: the report page (:func:`agents.viewer.write_evaluation_report`).

Game i is dealt from (``--seed``, i): one game per deal, no seat rotation.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, plots, regret, stats
from agents.backends import GameRecord, GameTask
from agents.evaluate_defaults import EvalRun, Seating, mean_text, percent_text
from agents.game_tools.hydra.options import data_info as component_data_info
from agents.game_tools.hydra.options import options_of
from hydra_env import default_components

REFUSED_FLAGS = ("--opponents",)
SOLO_COLUMNS = ("game", "seed", "outcome", "score", "band", "necks", "heads", "walls",
                "hero_on_wall", "rounds")
COOP_COLUMNS = SOLO_COLUMNS + ("ranking", "glory", "epic_hero", "tragic_hero")


def scenario_of(run: EvalRun) -> Any:
    """The scenario of the run's parameters."""
    return default_components().scenario(run.params["scenario"])


def is_coop(run: EvalRun) -> bool:
    """Whether the run plays a coordinated scenario."""
    return not scenario_of(run).solo


def seating(run: EvalRun) -> Seating:
    """The agent's spec at every seat, or one spec per seat; game i plays deal i."""
    agents = list(run.args.agent)
    players = run.seats
    if len(agents) == 1:
        specs = tuple(agents * players)
    elif len(agents) != players:
        raise cli.UsageError(f"--agent gives {len(agents)} specs; the scenario seats {players} "
                             f"(give one spec for all seats, or one per seat)")
    else:
        specs = tuple(agents)
    return Seating(",".join(agents), lambda i: specs, lambda i: i, 1, [], [(list(specs), "--agent")])


def default_out_name(run: EvalRun) -> str:
    """``AGENT_scN_Sstar_seedS_nG``."""
    args = run.args
    return f"{run.seating.agent}_sc{run.params['scenario']}_{run.params['stars']}star_seed{args.seed}_n{args.games}"


def prepare(run: EvalRun) -> None:
    """``--regret`` and ``--reference`` checked (and the earlier run read) before any game."""
    scen = scenario_of(run)
    if hasattr(run.args, "regret"):
        run.extra["reference"] = regret.check(run.args, scen.solo, scen, options_of(run.params))


def header_line(run: EvalRun) -> str:
    """``evaluate: AGENT on scenario N (NAME, MODE), S star(s), G games, seed S``."""
    scen, args = scenario_of(run), run.args
    mode = "coop" if is_coop(run) else "solo"
    return (f"evaluate: {run.seating.agent} on scenario {scen.number} ({scen.name}, {mode}), "
            f"{run.params['stars']} star(s), {args.games} games, seed {args.seed}")


def game_row(rec: GameRecord, coop: bool) -> dict[str, Any]:
    """The games.csv row of a record."""
    r = rec.result
    score = r["score"]
    row = {"game": rec.index, "seed": rec.seed, "outcome": r["outcome"],
           "score": "" if score is None else score,
           "band": "" if score is None else stats.band_of(score),
           "necks": r["necks"], "heads": r["heads"], "walls": r["walls"],
           "hero_on_wall": r["hero_on_wall"], "rounds": r["rounds"]}
    if coop:
        row.update(ranking=" ".join(map(str, r["ranking"])), glory=" ".join(map(str, r["glory"])),
                   epic_hero="" if r["epic_hero"] is None else r["epic_hero"],
                   tragic_hero="" if r["tragic_hero"] is None else r["tragic_hero"])
    return row


def games_csv_row(run: EvalRun, rec: GameRecord, task: GameTask, turns: int) -> dict[str, Any]:
    """The hook: :func:`game_row`."""
    return game_row(rec, is_coop(run))


def games_csv_columns(run: EvalRun, summary: dict[str, Any]) -> tuple[str, ...]:
    """Solo or coop columns; the regret columns with ``--regret``."""
    if is_coop(run):
        return COOP_COLUMNS
    return SOLO_COLUMNS + (regret.COLUMNS if "regret" in summary else ())


def summarize(rows: Sequence[dict[str, Any]], coop: bool) -> dict[str, Any]:
    """The statistics of games.csv rows (values as read back from the CSV or as written)."""
    outcomes = [str(r["outcome"]) for r in rows]
    if not coop:
        scores = [int(r["score"]) if str(r["score"]) != "" else None for r in rows]
        return stats.solo_summary(outcomes, scores)
    n = len(rows)
    wins = outcomes.count("won")
    seats = len(str(rows[0]["glory"]).split()) if rows else 0
    glory = [[int(str(r["glory"]).split()[s]) for r in rows] for s in range(seats)]

    def seat_rate(column: str, s: int) -> dict[str, Any]:
        return stats.rate_summary(sum(str(r[column]) == str(s) for r in rows), n)

    return {"n_games": n, "wins": wins, "losses": n - wins,
            "win_rate": stats.rate_summary(wins, n),
            "rounds": stats.mean_summary([int(r["rounds"]) for r in rows]),
            "glory_by_seat": [stats.mean_summary(g) for g in glory],
            "epic_hero_by_seat": [seat_rate("epic_hero", s) for s in range(seats)],
            "tragic_hero_by_seat": [seat_rate("tragic_hero", s) for s in range(seats)]}


def summary_statistics(run: EvalRun, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """:func:`summarize`, and with ``--regret`` the reference's columns and section."""
    summary = summarize(rows, is_coop(run))
    reference = run.extra.get("reference")
    if reference is not None:
        budget, loaded = reference
        regret.add_columns(rows, regret.reference_results(run.args, scenario_of(run), options_of(run.params),
                                                          budget, loaded))
        source = f"read from {run.args.reference}" if loaded is not None else "played by this run"
        summary["regret"] = regret.summarize(rows, budget, source)
    return summary


def data_info() -> dict[str, str]:
    """The component data's name, version and digest, and the package version."""
    return component_data_info()


def summary_config(run: EvalRun, info: dict[str, Any]) -> dict[str, Any]:
    """summary.json's config."""
    scen, args = scenario_of(run), run.args
    return {"command": "evaluate", "mode": "coop" if is_coop(run) else "solo", "agent": run.seating.agent,
            "seats": list(run.seating.specs(0)), "scenario": scen.number, "scenario_name": scen.name,
            "stars": run.params["stars"], "games": args.games, "seed": args.seed,
            "options": options_of(run.params),
            "seeding": "game i: SeedSequence([seed, i, 0]); bot of seat s: "
                       "SeedSequence([seed, i, 1, s]) (agents.backends)",
            **info}


def rule_items(run: EvalRun) -> list[str]:
    """The ``--rule`` items as given (from Python: the options not at their default)."""
    given = getattr(run.args, "rule", None)
    if given is not None:
        return list(given)
    return [f"{name}={str(value).lower()}" for name, value in options_of(run.params).items() if value]


def summary_command(run: EvalRun) -> str:
    """The canonical command of the run."""
    args, budget = run.args, getattr(run.args, "regret", None)
    return cli.command_line("evaluate", [
        ("--mode", "coop" if is_coop(run) else "solo"), ("--agent", run.seating.agent),
        ("--games", args.games), ("--scenario", run.params["scenario"]), ("--stars", run.params["stars"]),
        ("--seed", args.seed), ("--rule", rule_items(run)),
        ("--regret", None if budget is None else regret.parse_budget(budget).spec)])


def write_plots(run: EvalRun, folder: Path, rows: list[dict[str, Any]], summary: dict[str, Any]) -> list[str]:
    """scores.png, and regret.png with ``--regret``; the names written."""
    scen, cfg = scenario_of(run), summary["config"]
    title = (f"{cfg['agent']} · scenario {scen.number} ({scen.name}) · {cfg['stars']}★ · "
             f"{cfg['games']} games · won {100 * summary['win_rate']['rate']:.1f}%")
    if is_coop(run):
        plots.plot_coop_outcomes(rows, scen.rounds, title, folder / "scores.png")
        return ["scores.png"]
    title += f" · expected score {summary['expected_score']['mean']:.1f}"
    plots.plot_solo_scores([int(r["score"]) for r in rows if r["outcome"] == "won"],
                           summary["losses"], title, folder / "scores.png")
    if "regret" not in summary:
        return ["scores.png"]
    mean = summary["regret"]["mean_regret"]["mean"]
    regret.plot(rows, summary, f"{cfg['agent']} vs the clairvoyant reference "
                f"({summary['regret']['reference']['budget']}) · scenario {scen.number} · {cfg['stars']}★ · "
                f"{cfg['games']} games · mean regret {mean:.2f}", folder / "regret.png")
    return ["scores.png", "regret.png"]


def report(summary: dict[str, Any], coop: bool) -> str:
    """A few lines for the terminal."""
    n = summary["n_games"]
    head = "city saved" if coop else "won"
    lines = [f"  {head:<22} {summary['wins']}/{n} = {percent_text(summary['win_rate'])}  (95% Wilson)"]
    if coop:
        lines.append(f"  {'rounds':<22} {mean_text(summary['rounds'])}")
        for s, g in enumerate(summary["glory_by_seat"]):
            lines.append(f"  {'glory seat ' + str(s):<22} {mean_text(g)}   epic "
                         f"{percent_text(summary['epic_hero_by_seat'][s])}")
        return "\n".join(lines)
    q = summary["quantiles_won"]
    lines += [f"  {'expected score':<22} {mean_text(summary['expected_score'])}  (a loss counts 0)",
              f"  {'mean score (won)':<22} {mean_text(summary['mean_score_won'])}",
              "  quantiles (won)        " + "  ".join(
                  f"{k}={'-' if v is None else f'{v:g}'}" for k, v in q.items()),
              "  R40 bands (won)        " + "  ".join(
                  f"{b['band']}: {b['count']}" for b in summary["bands"]),
              f"  {'losses':<22} {summary['losses']}"]
    return "\n".join(lines)


def report_text(run: EvalRun, summary: dict[str, Any]) -> str:
    """:func:`report`, then the regret lines with ``--regret``."""
    text = report(summary, is_coop(run))
    return text + "\n" + regret.report(summary["regret"]) if "regret" in summary else text


def showcase(run: EvalRun, rows: list[dict[str, Any]]) -> dict[str, int]:
    """The best, median and worst games, whose replays ``--html`` links."""
    from agents.showcase import string_rows
    from agents.viewer.report import showcase_games
    return showcase_games(string_rows(rows), is_coop(run))


def write_report(run: EvalRun, out: Path, html: Path) -> None:
    """The report page of the run in ``out``."""
    from agents.viewer import write_evaluation_report
    write_evaluation_report(out, html, play_missing=False)
    print(f"wrote {html} (the report; replay pages in {html.parent / (html.stem + '-replays')}/)")
