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
"""

from __future__ import annotations

import csv
import json
from html import escape
from pathlib import Path
from typing import Any

from agents import cli, replay
from agents.viewer import charts
from agents.viewer.page import asset, script_json, write_replay_page
from agents.viewer.steps import ViewerError

MAX_TOURNAMENT_REPLAY_PAGES = 20


def _read(folder: Path, name: str) -> Any:
    path = folder / name
    if not path.exists():
        raise ViewerError(f"{path} is missing: is {folder} an output folder of the right command?")
    if name.endswith(".json"):
        return json.loads(path.read_text(encoding="utf-8"))
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _pct(rate: dict[str, Any], html: bool = True) -> str:
    if rate.get("rate") is None:
        return "–"
    lo, hi = rate["ci95"]
    ci = f"[{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"{100 * rate['rate']:.1f}% " + (f"<span class='ci'>{ci}</span>" if html else ci)


def _share(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.1f}%"


def _mean(m: dict[str, Any]) -> str:
    if m.get("mean") is None:
        return "–"
    lo, hi = m["ci95"]
    return f"{m['mean']:.2f} <span class='ci'>[{lo:.2f}, {hi:.2f}]</span>"


def _page(title: str, subtitle: str, body: str, table: dict[str, Any] | None) -> str:
    data = f'<script id="table-data" type="application/json">{script_json(table)}</script>' if table else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><style>{asset("report.css")}</style></head>
<body data-ready="0"><header><h1>{escape(title)}</h1><p>{escape(subtitle)}</p></header>
<main>{body}</main>{data}<script>{asset("report.js")}</script></body></html>
"""


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
                  picks: dict[str, int], play_missing: bool) -> tuple[dict[int, str], str]:
    """Replay pages of the picked games beside ``out``; their links, and the showcase's HTML."""
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
        what = f"score {row['score']}" if row.get("score") else row["outcome"]
        if index in links:
            items.append(f'<li data-pick="{label}"><b>{label}</b>: <a href="{escape(links[index])}">game {index}</a> '
                         f"({escape(what)}, {row['rounds']} rounds)</li>")
        else:
            items.append(f'<li data-pick="{label}"><b>{label}</b>: game {index} ({escape(what)}) — no replay '
                         f"(run with --save-replays to keep it)</li>")
    return links, "<ul class='picks'>" + "".join(items) + "</ul>"


def evaluation_report(eval_dir: str | Path, out_path: str | Path, *, play_missing: bool = True) -> str:
    """The HTML of the report of an ``evaluate`` folder (writes the showcase replay pages)."""
    folder, out = Path(eval_dir), Path(out_path)
    summary, rows = _read(folder, "summary.json"), _read(folder, "games.csv")
    config = summary.get("config", {})
    coop = config.get("mode") == "coop"
    picks = showcase_games(rows, coop)
    links, showcase = _replay_links(folder, out, config, rows, picks, play_missing)
    n = summary["n_games"]
    head = "city saved" if coop else "won"
    cards = [f"<tr><th>{head}</th><td id='win-rate'>{summary['wins']}/{n} = {_pct(summary['win_rate'])}</td>"
             f"<td class='muted'>95% Wilson interval</td></tr>"]
    if coop:
        cards.append(f"<tr><th>rounds</th><td>{_mean(summary['rounds'])}</td><td class='muted'>95% bootstrap</td></tr>")
        seats = range(len(summary["glory_by_seat"]))
        figure = charts.interval_bars_svg(
            [f"seat {s}" for s in seats],
            [[(summary[k][s]["rate"], summary[k][s]["ci95"]) for k in ("epic_hero_by_seat", "tragic_hero_by_seat")]
             for s in seats], ["epic hero", "tragic hero"], ["#6aa84f", charts.LOST])
        cards += [f"<tr><th>seat {s}</th><td>glory {_mean(summary['glory_by_seat'][s])}</td>"
                  f"<td>epic {_pct(summary['epic_hero_by_seat'][s])} · tragic "
                  f"{_pct(summary['tragic_hero_by_seat'][s])}</td></tr>" for s in seats]
        columns = list(rows[0].keys()) if rows else []
        sort = "glory"
    else:
        cards += [f"<tr><th>expected score</th><td id='expected-score'>{_mean(summary['expected_score'])}</td>"
                  f"<td class='muted'>a loss counts 0; 95% bootstrap</td></tr>",
                  f"<tr><th>mean score of won games</th><td>{_mean(summary['mean_score_won'])}</td><td></td></tr>",
                  "<tr><th>quantiles (won)</th><td colspan='2'>" + " · ".join(
                      f"{k} {'–' if v is None else f'{v:g}'}" for k, v in summary["quantiles_won"].items())
                  + "</td></tr>"]
        won = [int(r["score"]) for r in rows if r["outcome"] == "won"]
        figure = charts.score_histogram_svg(won, summary["losses"])
        bands = "".join(f"<tr><td>{escape(b['band'])}</td><td class='num'>{b['count']}</td><td class='num'>"
                        f"{_share(b['share_of_won'])}</td></tr>" for b in summary["bands"])
        cards.append(f"<tr><th>R40 bands (won)</th><td colspan='2'><table class='bands'>{bands}</table></td></tr>")
        columns = list(rows[0].keys()) if rows else []
        sort = "score"
    title = f"Evaluation — {config.get('agent', '?')} on scenario {config.get('scenario')} " \
            f"({config.get('scenario_name', '')})"
    subtitle = (f"{config.get('mode', '')} · {config.get('stars')} star(s) · {n} games · seed {config.get('seed')} · "
                f"{summary.get('command', '')}")
    body = (f"<section class='box'><h2>results</h2><table class='summary'>{''.join(cards)}</table></section>"
            f"<section class='box'><h2>{'epic and tragic hero by seat' if coop else 'score distribution'}</h2>"
            f"{figure}</section><section class='box'><h2>replays: best, median and worst game</h2>{showcase}"
            f"</section><section class='box'><h2>games</h2><div id='games'></div></section>")
    return _page(title, subtitle, body, _games_table(rows, columns, links, sort))


def tournament_report(tournament_dir: str | Path, out_path: str | Path) -> str:
    """The HTML of the report of a ``tournament`` folder (writes the replay pages of the best,
    median and worst tables and of the other saved replays, from ``replays/``)."""
    folder, out = Path(tournament_dir), Path(out_path)
    doc, rows = _read(folder, "results.json"), _read(folder, "games.csv")
    config = doc.get("config", {})
    players = sorted(doc["players"], key=lambda p: -p["rating"]["ordinal"])
    ranking = "".join(
        f"<tr data-player='{escape(p['player'])}'><td>{k + 1}</td><td>{escape(p['player'])}</td><td class='num'>"
        f"{p['games']}</td><td>{_pct(p['epic_hero'])}</td><td>{_pct(p['tragic_hero'])}</td>"
        f"<td>{_pct(p['city_saved'])}</td><td>{_mean(p['mean_rank'])}</td><td>{_mean(p['mean_glory'])}</td>"
        f"<td class='num'>{p['rating']['mu']:.2f}</td><td class='num'>{p['rating']['sigma']:.2f}</td>"
        f"<td class='num'><b>{p['rating']['ordinal']:.2f}</b></td></tr>" for k, p in enumerate(players))
    head = ("<tr><th>#</th><th>player</th><th>games</th><th>epic hero</th><th>tragic hero</th><th>city saved</th>"
            "<th>mean rank</th><th>mean glory</th><th>mu</th><th>sigma</th><th>ordinal</th></tr>")
    names = [p["player"] for p in players]
    shares = charts.interval_bars_svg(
        names, [[(p[k]["rate"], p[k]["ci95"]) for k in ("epic_hero", "tragic_hero", "city_saved")] for p in players],
        ["epic hero", "tragic hero", "city saved"], ["#6aa84f", charts.LOST, charts.WON])
    mu_sigma = [(p["rating"]["mu"], p["rating"]["sigma"]) for p in players]
    ratings = charts.interval_bars_svg(names, [[(mu, [mu - sigma, mu + sigma])] for mu, sigma in mu_sigma],
                                       ["OpenSkill mu ± sigma"], ["#8e7cc3"], percent=False)
    picks = showcase_games(rows, coop=True)
    links, showcase = _replay_links(folder, out, config, rows, picks, play_missing=False)
    others: dict[int, str] = {}
    saved = [p for p in sorted((folder / "replays").glob("game-*.json"))
             if int(p.stem.split("-")[1]) not in links][:MAX_TOURNAMENT_REPLAY_PAGES]
    pages_dir = out.parent / f"{out.stem}-replays"
    for path in saved:
        index = int(path.stem.split("-")[1])
        page = write_replay_page(replay.load_replay(path), pages_dir / f"game-{index:06d}.html")
        others[index] = page.relative_to(out.parent).as_posix()
    links.update(others)
    replays = showcase + ("<h3>other saved replays</h3><ul>" + "".join(
        f"<li><a href='{escape(v)}'>game {k}</a></li>" for k, v in others.items()) + "</ul>" if others else "")
    saved_rate = doc["city_saved"]
    title = f"Tournament — scenario {config.get('scenario')} ({config.get('scenario_name', '')})"
    subtitle = (f"{', '.join(config.get('labels', []))} · {config.get('seats')} seats · {doc['n_games']} games "
                f"({doc['tables_per_deal']} tables per deal) · city saved {_pct(saved_rate, html=False)} · "
                f"{doc.get('command', '')}")
    body = (f"<section class='box'><h2>ranking (OpenSkill ordinal = mu − 3 sigma)</h2>"
            f"<table class='ranking' id='ranking'>{head}{ranking}</table>"
            f"<p class='muted'>rates with 95% Wilson intervals, means with 95% bootstrap intervals; "
            f"{escape(config.get('rating_model', ''))}</p></section>"
            f"<section class='box'><h2>epic and tragic hero shares</h2>{shares}</section>"
            f"<section class='box'><h2>ratings</h2>{ratings}</section>"
            f"<section class='box'><h2>replays: tables with the best, median and worst team outcome</h2>"
            f"{replays}</section>"
            f"<section class='box'><h2>games</h2><div id='games'></div></section>")
    columns = list(rows[0].keys()) if rows else []
    return _page(title, subtitle, body, _games_table(rows, columns, links, "game"))


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
