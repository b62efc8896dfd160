"""Report pages of ``hydra-env evaluate`` and ``hydra-env tournament`` output folders.

Each is one self-contained HTML file, read from the files the commands write
(``summary.json`` and ``games.csv``; ``results.json`` and ``games.csv``) and
from their ``replays/`` folder:

* :func:`write_evaluation_report` — solo: the score histogram over the
  shaded R40 bands, the win rate and the expected score with their 95%
  intervals, the bands; coop: the city-saved rate, glory and epic / tragic
  hero rates by seat. Then the games in a table sortable by any column
  (score first), and links to the replay pages of the best, median and
  worst games (:func:`showcase_games`), written beside the report. A game
  without a saved replay is played again from the run's recorded seeds (its
  result must match ``games.csv``).
* :func:`write_tournament_report` — the ranking by OpenSkill ordinal, epic
  and tragic hero shares and city-saved rates with intervals, the ratings,
  the games table, and links to the replay pages of the tables with the
  best, median and worst team outcome (:func:`showcase_games` in coop;
  ``tournament --html`` saves their replays) and of any other saved replays.

The pages are the Jinja2 templates ``evaluation.html`` and ``tournament.html``
(extending ``report.html``, with the figures' macros in ``report_macros.html``) in
``agents/viewer/templates``; this module reads the folders and builds the charts.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from markupsafe import Markup

from agents import cli, replay
from agents.viewer import charts
from agents.viewer.page import asset, write_replay_page
from agents.viewer.steps import ViewerError
from agents.viewer.templating import render

MAX_TOURNAMENT_REPLAY_PAGES = 20


def _read(folder: Path, name: str) -> Any:
    path = folder / name
    if not path.exists():
        raise ViewerError(f"{path} is missing: is {folder} an output folder of the right command?")
    if name.endswith(".json"):
        return json.loads(path.read_text(encoding="utf-8"))
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _game_key(row: dict[str, str], coop: bool) -> tuple:
    """How good a game is: won before lost, then the score (solo) or the total glory (coop)."""
    won = row["outcome"] == "won"
    if coop:
        return (won, sum(int(g) for g in row["glory"].split()), int(row["rounds"]), -int(row["game"]))
    return (won, int(row["score"]) if row["score"] != "" else 0, int(row["rounds"]), -int(row["game"]))


def showcase_games(rows: list[dict[str, str]], coop: bool) -> dict[str, int]:
    """The indices of the best, median and worst games of ``games.csv`` rows (won before lost,
    then by score in solo, by total glory in coop; ties go to the lower index)."""
    if not rows:
        return {}
    ranked = sorted(rows, key=lambda r: _game_key(r, coop), reverse=True)
    return {"best": int(ranked[0]["game"]), "median": int(ranked[len(ranked) // 2]["game"]),
            "worst": int(ranked[-1]["game"])}


def _replay_doc(folder: Path, config: dict[str, Any], row: dict[str, str], play_missing: bool) -> dict | None:
    """The saved replay of a game, or the game played again from the run's seeds (None: neither)."""
    index = int(row["game"])
    path = folder / "replays" / f"game-{index:06d}.json"
    if path.exists():
        return replay.load_replay(path)
    if not play_missing:
        return None
    from agents.backends import GameTask, bot_seed, game_seed, play_game
    from hydra_env import game_spec

    specs = tuple(config["seats"])
    params = game_spec("hydra").check_params({"scenario": config["scenario"], "stars": config["stars"],
                                              **(config.get("options") or {})})
    task = GameTask(index, "hydra", params, game_seed(config["seed"], index), specs,
                    tuple(bot_seed(config["seed"], index, s) for s in range(len(specs))), record=True)
    rec = play_game(task)
    score = "" if rec.result["score"] is None else str(rec.result["score"])
    if int(row["seed"]) != task.seed or rec.result["outcome"] != row["outcome"] or score != row["score"]:
        return None           # the run cannot be reproduced here (other code or data): no link
    return replay.replay_of_task(task, rec.decisions or [], rec.result, rec.notes)


def _games_table(rows: list[dict[str, str]], columns: list[str], links: dict[int, str],
                 sort: str) -> dict[str, Any]:
    numeric = {c for c in columns if all(_is_number(r[c]) for r in rows if r[c] != "")}
    out_rows = [[(float(r[c]) if "." in r[c] else int(r[c])) if c in numeric and r[c] != "" else r[c]
                 for c in columns] for r in rows]
    return {"columns": columns, "numeric": sorted(numeric), "rows": out_rows, "sort": sort,
            "links": {str(k): v for k, v in links.items()}}


def _is_number(text: str) -> bool:
    """A value the page may sort as a number (integers beyond 2**53, such as seeds, stay text)."""
    try:
        value = float(text)
    except ValueError:
        return False
    return abs(value) < 2 ** 53


def _replay_links(folder: Path, out: Path, config: dict[str, Any], rows: list[dict[str, str]],
                  picks: dict[str, int], play_missing: bool) -> tuple[dict[int, str], list[dict[str, Any]]]:
    """Replay pages of the picked games beside ``out``; their links, and the showcase's items
    (label, game index, what it ended with, rounds, link or None)."""
    by_index = {int(r["game"]): r for r in rows}
    pages_dir = out.parent / f"{out.stem}-replays"
    links: dict[int, str] = {}
    items = []
    for label, index in picks.items():
        row = by_index[index]
        if index not in links:
            doc = _replay_doc(folder, config, row, play_missing)
            if doc is not None:
                page = write_replay_page(doc, pages_dir / f"game-{index:06d}.html")
                links[index] = page.relative_to(out.parent).as_posix()
        items.append({"label": label, "index": index, "rounds": row["rounds"], "link": links.get(index),
                      "what": f"score {row['score']}" if row.get("score") else row["outcome"]})
    return links, items


def _page(template: str, table: dict[str, Any] | None, **values: Any) -> str:
    """A report page: ``template`` (extending ``templates/report.html``) with the style, the script
    and the games table's data."""
    return render(template, css=asset("report.css"), script=asset("report.js"), table=table, **values)


def evaluation_report(eval_dir: str | Path, out_path: str | Path, *, play_missing: bool = True) -> str:
    """The HTML of the report of an ``evaluate`` folder (writes the showcase replay pages)."""
    folder, out = Path(eval_dir), Path(out_path)
    summary, rows = _read(folder, "summary.json"), _read(folder, "games.csv")
    config = summary.get("config", {})
    coop = config.get("mode") == "coop"
    links, picks = _replay_links(folder, out, config, rows, showcase_games(rows, coop), play_missing)
    if coop:
        seats = range(len(summary["glory_by_seat"]))
        figure = charts.interval_bars_svg(
            [f"seat {s}" for s in seats],
            [[(summary[k][s]["rate"], summary[k][s]["ci95"]) for k in ("epic_hero_by_seat", "tragic_hero_by_seat")]
             for s in seats], ["epic hero", "tragic hero"], ["#6aa84f", charts.LOST])
    else:
        won = [int(r["score"]) for r in rows if r["outcome"] == "won"]
        figure = charts.score_histogram_svg(won, summary["losses"])
    columns = list(rows[0].keys()) if rows else []
    table = _games_table(rows, columns, links, "glory" if coop else "score")
    return _page("evaluation.html", table, s=summary, config=config, coop=coop, figure=Markup(figure),
                 picks=picks)


def tournament_report(tournament_dir: str | Path, out_path: str | Path) -> str:
    """The HTML of the report of a ``tournament`` folder (writes the replay pages of the best,
    median and worst tables and of the other saved replays, from ``replays/``)."""
    folder, out = Path(tournament_dir), Path(out_path)
    doc, rows = _read(folder, "results.json"), _read(folder, "games.csv")
    config = doc.get("config", {})
    players = sorted(doc["players"], key=lambda p: -p["rating"]["ordinal"])
    names = [p["player"] for p in players]
    shares = charts.interval_bars_svg(
        names, [[(p[k]["rate"], p[k]["ci95"]) for k in ("epic_hero", "tragic_hero", "city_saved")] for p in players],
        ["epic hero", "tragic hero", "city saved"], ["#6aa84f", charts.LOST, charts.WON])
    mu_sigma = [(p["rating"]["mu"], p["rating"]["sigma"]) for p in players]
    ratings = charts.interval_bars_svg(names, [[(mu, [mu - sigma, mu + sigma])] for mu, sigma in mu_sigma],
                                       ["OpenSkill mu ± sigma"], ["#8e7cc3"], percent=False)
    links, picks = _replay_links(folder, out, config, rows, showcase_games(rows, coop=True), play_missing=False)
    others: dict[int, str] = {}
    saved = [p for p in sorted((folder / "replays").glob("game-*.json"))
             if int(p.stem.split("-")[1]) not in links][:MAX_TOURNAMENT_REPLAY_PAGES]
    pages_dir = out.parent / f"{out.stem}-replays"
    for path in saved:
        index = int(path.stem.split("-")[1])
        page = write_replay_page(replay.load_replay(path), pages_dir / f"game-{index:06d}.html")
        others[index] = page.relative_to(out.parent).as_posix()
    links.update(others)
    columns = list(rows[0].keys()) if rows else []
    return _page("tournament.html", _games_table(rows, columns, links, "game"), doc=doc, config=config,
                 players=players, shares=Markup(shares), ratings=Markup(ratings), picks=picks, others=others)


def write_evaluation_report(eval_dir: str | Path, out_path: str | Path, *, play_missing: bool = True) -> Path:
    """Write the report page of an ``evaluate`` output folder (see the module docstring).

    Replay pages of the best, median and worst games go to ``<out stem>-replays/``
    beside it; ``play_missing=False`` links only the games with a saved replay."""
    out = Path(out_path)
    cli.atomic_write_text(out, evaluation_report(eval_dir, out, play_missing=play_missing))
    return out


def write_tournament_report(tournament_dir: str | Path, out_path: str | Path) -> Path:
    """Write the report page of a ``tournament`` output folder (see the module docstring)."""
    out = Path(out_path)
    cli.atomic_write_text(out, tournament_report(tournament_dir, out))
    return out
