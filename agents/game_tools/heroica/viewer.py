"""Heroica's part of the replay page (the ``viewer`` hook read by :mod:`agents.viewer.page`).

The game is played again from its seed and decisions on the Python engine (a decision that is
not legal, or a result that differs from the replay's, is a :class:`ViewerError`). The page
draws the map as SVG, every space at its place in the map data
(``hydra_env/games/heroica/data/maps/``; paths between neighbours, the areas tinted, the
Mission Start marked, each space numbered), and at every step places the heroes (their class
letter, lower case while healing), the goblins, the General (with its Crystal while it carries
it) and the Life Potions. Beside it: the heroes' Health, potions, trophies and knock-outs, the
pending decision, and what each decision caused: every roll with its die face drawn, the walks
and the fights with their results (the engine's running log). Step buttons, a slider and the
arrow keys step forward and back; the list of decisions jumps to one.

Text from the replay file (the seats' names) reaches the page only escaped: the data goes
through :func:`agents.viewer.page.script_json` and the script writes it with ``textContent``
or its ``esc``; the page's body is the template ``templates/heroica.html`` (autoescaped,
:mod:`agents.viewer.templating`), the map's SVG is escaped here.
"""

from __future__ import annotations

import re
from html import escape
from importlib import resources
from typing import Any

from markupsafe import Markup

import hydra_env
from agents.viewer.errors import ViewerError
from agents.viewer.page import PageParts, asset
from agents.viewer.templating import render

CELL = 40                        # pixels per map square
PACKAGE = __package__            # its templates: templates/ beside this module
_AREA_COLOURS = ("#dbe9f6", "#e6f0d9", "#fbe8cf", "#ece0f3", "#f8dcdc", "#dff1ef", "#f3efd0", "#e4e4e4",
                 "#f0e2d5")
_ROLL = re.compile(r"^roll (\d+) \(([^,]+), (.*)\): (\w+)$")
FACES = {"shield": "Shield", "three_sword": "Three / Sword", "two_skull": "Two / Skull",
         "one_sword_skull": "One / Sword & Skull"}


def heroica_asset(name: str) -> str:
    """The text of a file in ``agents/game_tools/heroica/assets``."""
    return resources.files("agents.game_tools.heroica").joinpath("assets", name).read_text(encoding="utf-8")


def centre(tables: Any, space: int) -> tuple[int, int]:
    """The pixel centre of ``space`` on the map drawing."""
    x, y = tables.coords[space]
    return x * CELL + CELL // 2, y * CELL + CELL // 2


def map_svg(tables: Any) -> str:
    """The map as SVG (without pieces): paths, spaces tinted by area, numbers, the Mission Start."""
    areas = sorted({a for a in tables.area_of if a})
    tint = {a: _AREA_COLOURS[k % len(_AREA_COLOURS)] for k, a in enumerate(areas)}
    parts = []
    for s in range(tables.n):
        for nb in tables.neighbours[s]:
            if nb > s:
                (x1, y1), (x2, y2) = centre(tables, s), centre(tables, nb)
                parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="path"/>')
    for s in range(tables.n):
        x, y = centre(tables, s)
        area = tables.area_of[s]
        start = s == tables.start
        parts.append(f'<g class="space{" start" if start else ""}" data-space="{s}"><title>{s} '
                     f'{escape(area)}</title><rect x="{x - CELL // 2 + 2}" y="{y - CELL // 2 + 2}" '
                     f'width="{CELL - 4}" height="{CELL - 4}" rx="6" fill="{tint.get(area, "#eee")}"/>'
                     f'<text x="{x - CELL // 2 + 5}" y="{y - CELL // 2 + 12}" class="num">{s}</text>'
                     + (f'<text x="{x}" y="{y + CELL // 2 - 5}" class="startmark">START</text>' if start else "")
                     + "</g>")
    legend = "".join(f'<span class="area"><span class="swatch" style="background:{tint[a]}"></span>'
                     f"{escape(a)}</span>" for a in areas)
    width, height = tables.width * CELL, tables.height * CELL
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="map" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}"><g id="ground">{"".join(parts)}</g><g id="pieces"></g></svg>'
            f'<p class="legend">{legend}</p>')


def _frame(game: Any) -> dict[str, Any]:
    """The pieces and facts at one step."""
    st, t = game.state, game.tables
    status = f"turn {st.turn}" if st.mode == "solo" else f"round {st.round}"
    if st.mode == "battle":
        status += f" · knock-outs {st.ko_total}/2 · Monster Player: seat {st.monster_seat}"
    pending = None if st.pending is None else f"seat {st.pending.seat}: {st.pending.kind}"
    return {"h": [[st.hero_space[h], st.hero_health[h], int(st.hero_healing[h]), st.hero_potions[h],
                   st.hero_trophies[h], st.hero_kos[h]] for h in range(len(st.hero_class))],
            "m": [[s, "G" if k == t.boss else "g"] for s, k in sorted(st.monsters.items())],
            "c": int(st.crystal), "p": list(st.potions), "st": status, "pend": pending}


def event_of(line: str) -> list[Any]:
    """A log line as ``["roll", number, use, who, face]`` or ``["text", line]``."""
    found = _ROLL.match(line)
    if found:
        number, use, who, face = found.groups()
        return ["roll", int(number), use, who, face]
    return ["text", line]


def page_data(doc: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The JSON object the page's script reads, and the game played to its end."""
    from hydra_env import HydraError, game_spec
    try:
        game = game_spec("heroica").make(seed=doc["seed"], engine="python", **doc.get("params", {}))
        decisions = [int(a) for a in doc["decisions"]]
    except (HydraError, KeyError, TypeError, ValueError) as exc:
        raise ViewerError(f"cannot set the Heroica game up: {exc}") from None
    frames = [_frame(game)]
    steps = [{"s": -1, "x": "the game is set up", "e": [event_of(line) for line in game.state.log]}]
    for step, action in enumerate(decisions, 1):
        if game.is_over or not game.is_legal(action):
            raise ViewerError(f"step {step}: decision {action!r} is not legal in the replayed game")
        seat, text = game.current_player, game.describe(action)
        game.state.log.clear()
        game.apply(action)
        steps.append({"s": seat, "x": text, "e": [event_of(line) for line in game.state.log
                                                  if not line.startswith(f"seat {seat}: ")]})
        frames.append(_frame(game))
    if not game.is_over:
        raise ViewerError(f"the decisions end after step {len(decisions)} but the game is not over")
    recorded = doc.get("result")
    if recorded and recorded.get("winner") != game.result().winner:
        raise ViewerError("the replayed game's winner differs from the replay's result")
    t = game.tables
    seats = [str(s) for s in (doc.get("seats") or ["?"] * game.num_players)]
    heroes = [{"letter": t.class_names[c][0].upper(), "cls": t.class_names[c], "owner": int(o)}
              for c, o in zip(game.state.hero_class, game.state.hero_owner)]
    centres = [list(centre(t, s)) for s in range(t.n)]
    return {"frames": frames, "steps": steps, "seats": seats, "heroes": heroes, "centres": centres,
            "cell": CELL, "max_health": t.max_health, "faces": FACES}, game


def _result_line(game: Any, seats: list[str]) -> str:
    r = game.result()
    if r.mode == "solo":
        line = (f"won on turn {r.turns} (censored T {r.censored_turns}, score {r.score})" if r.outcome == "won"
                else f"not won within {r.limit} turns (censored T {r.censored_turns})")
    elif r.outcome == "monsters_won":
        line = f"won by seat {r.winner} ({seats[r.winner]}), the Monster Player, in round {r.turns}"
    elif r.winner >= 0:
        line = f"won by seat {r.winner} ({seats[r.winner]}) in round {r.turns}"
    else:
        line = f"no winner within {r.limit} rounds"
    return line


def page_parts(doc: dict[str, Any]) -> PageParts:
    """The parts of the replay page of a Heroica replay ``doc`` (ViewerError when it cannot be shown)."""
    data, game = page_data(doc)
    st = game.state
    what = f"solo, the {game.result().hero_classes[0]}" if st.mode == "solo" else f"{st.mode}, {st.players} seats"
    title = f"Heroica: Draida replay — {what}"
    subtitle = (f"seed {doc.get('seed')} · seats: {', '.join(data['seats'])} · {len(data['steps']) - 1} "
                f"decisions · re-played with hydra-env {hydra_env.__version__}")
    body = render("heroica.html", PACKAGE, map=Markup(map_svg(game.tables)),
                  result_line=_result_line(game, data["seats"]))
    return PageParts(title=title, subtitle=subtitle, css=asset("replay.css") + heroica_asset("heroica.css"),
                     body=body, data=data, script=asset("stepper.js") + heroica_asset("heroica.js"),
                     body_attributes={"data-game": "heroica"})
