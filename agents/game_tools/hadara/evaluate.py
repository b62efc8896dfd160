"""Hadara's evaluate hooks (:mod:`agents.evaluate`): the generic one agent against
``--opponents``, seats rotated, with the win share and its interval
(:mod:`agents.evaluate_defaults`), and the score by source (HD27).

* ``games.csv`` adds, per source (cards, colonies, statues, silver, gold, coins), the
  agent's points (column ``<source>``) and the other seats' in seat order
  (``<source>_others``, space-separated);
* ``summary.json`` adds ``score_by_source``: for the agent and for its opponents, the mean
  points of each source (bootstrap 95% interval) and its share of the mean score;
* ``score_sources.png`` (beside ``scores.png``): the distribution of each source's points,
  the agent's against its opponents';
* the config names the component set (Hadara ships reconstructed components).

The same per player count, 2-5: ``python -m agents.game_tools.hadara.sources_report``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import evaluate_defaults
from agents.backends import GameRecord, GameTask
from agents.evaluate_defaults import EvalRun
from agents.game_tools.hadara import sources

COLUMNS = evaluate_defaults.COLUMNS + sources.SOURCES + tuple(f"{s}_others" for s in sources.SOURCES)


def games_csv_row(run: EvalRun, rec: GameRecord, task: GameTask, turns: int) -> dict[str, Any]:
    """The generic row, then the agent's points by source and the other seats'."""
    row = evaluate_defaults.game_row(run, rec, task, turns)
    parts = sources.all_sources(rec.result)
    seat = int(row["seat"])
    for name in sources.SOURCES:
        row[name] = parts[seat][name]
        row[f"{name}_others"] = " ".join(str(p[name]) for s, p in enumerate(parts) if s != seat)
    return row


def games_csv_columns(run: EvalRun, summary: dict[str, Any]) -> tuple[str, ...]:
    """The generic columns and the points by source (:data:`COLUMNS`)."""
    return COLUMNS


def agent_parts(rows: Sequence[dict[str, Any]]) -> list[dict[str, int]]:
    """The agent's points by source in each games.csv row."""
    return [{name: int(r[name]) for name in sources.SOURCES} for r in rows]


def other_parts(rows: Sequence[dict[str, Any]]) -> list[dict[str, int]]:
    """The other seats' points by source, one entry per (game, other seat)."""
    out = []
    for r in rows:
        columns = [str(r[f"{name}_others"]).split() for name in sources.SOURCES]
        out += [{name: int(col[k]) for name, col in zip(sources.SOURCES, columns)} for k in range(len(columns[0]))]
    return out


def summary_statistics(run: EvalRun, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The generic statistics and ``score_by_source`` (agent, opponents)."""
    out = evaluate_defaults.summarize(rows, run.seats)
    out["score_by_source"] = {"agent": sources.summarize(agent_parts(rows)),
                              "opponents": sources.summarize(other_parts(rows))}
    return out


def components_info(params: dict[str, Any]) -> dict[str, str]:
    """The component set a run plays: its file, its source (``reconstruction`` for the shipped one)."""
    from hydra_env.games.hadara.components import DATA_FILE, resolve_components
    comps = resolve_components(params.get("components") or None)
    return {"file": params.get("components") or str(DATA_FILE.name), "source": comps.source}


def summary_config(run: EvalRun, info: dict[str, Any]) -> dict[str, Any]:
    """The generic config, with the component set."""
    return {**evaluate_defaults.config(run, info), "components": components_info(run.params)}


def write_plots(run: EvalRun, folder: Path, rows: Sequence[dict[str, Any]], summary: dict[str, Any]) -> list[str]:
    """scores.png (generic) and score_sources.png."""
    from agents.game_tools.hadara.plots import plot_sources
    written = evaluate_defaults.plot(run, folder, rows, summary)
    s = run.seating
    plot_sources([(f"{run.seats} players", {s.agent: agent_parts(rows),
                                            "opponents": other_parts(rows)})],
                 f"{s.agent} vs {', '.join(dict.fromkeys(s.opponents))} · {run.spec.title}, {run.seats} players · "
                 f"{len(rows)} games · points by source (HD27)", folder / "score_sources.png")
    return [*written, "score_sources.png"]


def report_text(run: EvalRun, summary: dict[str, Any]) -> str:
    """The generic lines, then the mean points by source (share of the score)."""
    by = summary["score_by_source"]
    table = sources.table_text({run.seating.agent: by["agent"], "opponents": by["opponents"]})
    return (evaluate_defaults.report(summary) + "\n  score by source (mean points, share of the score; HD27):\n"
            + "\n".join("    " + line for line in table.splitlines()))
