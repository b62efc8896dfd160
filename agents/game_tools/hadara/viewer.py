"""Hadara's part of the replay page (the ``viewer`` hook read by :mod:`agents.viewer.page`).

The game is played again from its seed and decisions on the Python engine (a decision
that is not legal, or scores that differ from the replay's, is a :class:`ViewerError`).
The page shows, at every decision: the wheel (the five board sections in their order,
each with its deck size, and in a draft round each seat's icon at the deck it draws
from, HD4), the discard piles, and each player's board: coins, the four tracks,
tableau by colour, colonies, statues, medals, and the sales (a draft sale is private to
its seat in the game; the page, after the game, shows everything and says so); beside
it the decision taken (the pick and its price, or the sale and its value) with the
public changes it caused, the list of decisions, step buttons, a slider and the arrow
keys; at the end the score of each seat by source (HD27).

Text from the replay file (the seats' names) and from the component file (card and
colony ids) reaches the page only escaped: the data goes through
:func:`agents.viewer.page.script_json` and the script writes it with ``textContent``
or its ``esc``; the page's body is the template ``templates/hadara.html`` (autoescaped,
:mod:`agents.viewer.templating`).
"""

from __future__ import annotations

from importlib import resources
from math import cos, pi, sin
from typing import Any

from markupsafe import Markup

import hydra_env
from agents.game_tools.hadara import sources, words
from agents.viewer.errors import ViewerError
from agents.viewer.page import PageParts, asset
from agents.viewer.templating import render
from hydra_env.games.hadara.components import COLOURS, TRACKS
from hydra_env.games.hadara.state import STEP_NAMES

PAINT = {"yellow": "#f1c232", "red": "#cc4125", "blue": "#3c78d8", "green": "#6aa84f", "purple": "#8e7cc3"}
RADIUS, CENTRE = 90, 110
PACKAGE = __package__      # its templates: templates/ beside this module


def hadara_asset(name: str) -> str:
    """The text of a file in ``agents/game_tools/hadara/assets``."""
    return resources.files("agents.game_tools.hadara").joinpath("assets", name).read_text(encoding="utf-8")


def sector_centre(position: int, scale: float = 0.62) -> tuple[float, float]:
    """The pixel centre of board position ``position`` (0-4, clockwise from the top) on the wheel."""
    angle = -pi / 2 + (position + 0.5) * 2 * pi / 5
    return CENTRE + scale * RADIUS * cos(angle), CENTRE + scale * RADIUS * sin(angle)


def wheel_svg(board_order: list[int]) -> str:
    """The wheel's board: five sectors clockwise in the board order, each named by colour."""
    parts = []
    for pos, colour in enumerate(board_order):
        a0, a1 = -pi / 2 + pos * 2 * pi / 5, -pi / 2 + (pos + 1) * 2 * pi / 5
        x0, y0 = CENTRE + RADIUS * cos(a0), CENTRE + RADIUS * sin(a0)
        x1, y1 = CENTRE + RADIUS * cos(a1), CENTRE + RADIUS * sin(a1)
        lx, ly = sector_centre(pos, 0.8)
        name = COLOURS[colour]
        parts.append(f'<g class="sector" data-position="{pos}" data-colour="{name}"><path d="M{CENTRE} {CENTRE} '
                     f'L{x0:.1f} {y0:.1f} A{RADIUS} {RADIUS} 0 0 1 {x1:.1f} {y1:.1f} Z" fill="{PAINT[name]}" '
                     f'fill-opacity="0.45" stroke="#555"/><text x="{lx:.1f}" y="{ly:.1f}">{name}</text>'
                     f'<text class="deck" data-colour="{colour}" x="{lx:.1f}" y="{ly + 12:.1f}"></text></g>')
    size = 2 * CENTRE
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="wheel" viewBox="0 0 {size} {size}" width="{size}" '
            f'height="{size}">{"".join(parts)}<g id="icons"></g><text id="setting" x="{CENTRE}" y="{CENTRE + 4}">'
            f'</text></svg>')


def _frame(game: Any) -> dict[str, Any]:
    """The state at one step (everything, hidden parts included: the page is shown after the game)."""
    st = game.state
    status = f"epoch {words.ROMAN[st.epoch]} · {STEP_NAMES[st.step]}"
    if st.step == 1:
        status += f", draft round {st.round + 1} of 5"
    pointers = ([(s + st.wheel + st.round) % 5 for s in range(st.players)] if st.step == 1 and st.wheel >= 0
                else [])
    colonies = [[[game.components.colonies[c].level, game.components.colonies[c].id, int(done)]
                 for c, done in zip(st.colonies[s], st.integrated[s])] for s in range(st.players)]
    pending = game.pending
    return {"st": status, "w": st.wheel, "ptr": pointers, "decks": [len(d) for d in st.decks],
            "piles": [list(p) for p in st.piles], "coins": list(st.coins), "tracks": [list(t) for t in st.tracks],
            "tab": [list(t) for t in st.tableau], "col": colonies, "stat": [list(s) for s in st.statues],
            "silver": [list(s) for s in st.silver], "gold": list(st.gold), "pair": [list(p) for p in st.pairs],
            "sa": [list(x) for x in st.sold_a], "sb": [list(x) for x in st.sold_b],
            "rm": [list(x) for x in st.removed],
            "pend": None if pending is None else f"seat {pending['seat']}: {pending['kind']}"}


def page_data(doc: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The JSON object the page's script reads, and the game played to its end."""
    from hydra_env import HydraError, game_spec
    try:
        game = game_spec("hadara").make(seed=doc["seed"], engine="python", **doc.get("params", {}))
        decisions = [int(a) for a in doc["decisions"]]
    except (HydraError, KeyError, TypeError, ValueError) as exc:
        raise ViewerError(f"cannot set the Hadara game up: {exc}") from None
    frames, steps = [_frame(game)], [{"s": -1, "x": "the game is set up", "e": []}]
    for step, action in enumerate(decisions, 1):
        if game.is_over or not game.is_legal(action):
            raise ViewerError(f"step {step}: decision {action!r} is not legal in the replayed game")
        seat, text = game.current_player, game.describe(action)
        before = words.snapshot(game)
        game.apply(action)
        steps.append({"s": seat, "x": text, "e": words.changes(game, before)})
        frames.append(_frame(game))
    if not game.is_over:
        raise ViewerError(f"the decisions end after step {len(decisions)} but the game is not over")
    result = game.result().to_dict()
    recorded = doc.get("result")
    if recorded and list(recorded.get("scores", [])) != result["scores"]:
        raise ViewerError("the replayed game's scores differ from the replay's result")
    comps = game.components
    seats = [str(s) for s in (doc.get("seats") or ["?"] * game.num_players)]
    return {"frames": frames, "steps": steps, "seats": seats, "board": list(game.state.board_order),
            "colours": list(COLOURS), "paint": PAINT, "tracks": list(TRACKS),
            "cards": [[c.id, c.colour, c.cost, c.points] for c in comps.cards],
            "sources": [sources.LABELS[s] for s in sources.SOURCES],
            "final": [list(sources.seat_sources(result, s).values()) for s in range(game.num_players)]}, game


def page_parts(doc: dict[str, Any]) -> PageParts:
    """The parts of the replay page of a Hadara replay ``doc`` (ViewerError when it cannot be shown)."""
    data, game = page_data(doc)
    title = f"Hadara (rules with reconstructed components) replay — {game.num_players} players"
    subtitle = (f"seed {doc.get('seed')} · seats: {', '.join(data['seats'])} · {len(data['steps']) - 1} decisions · "
                f"re-played with hydra-env {hydra_env.__version__} · everything shown, hidden cards included")
    result = game.result()
    order = sorted(range(game.num_players), key=lambda s: (result.ranks[s], s))
    body = render("hadara.html", PACKAGE, data=data, result=result, order=order,
                  wheel=Markup(wheel_svg(data["board"])))
    return PageParts(title=title, subtitle=subtitle, css=asset("replay.css") + hadara_asset("hadara.css"),
                     body=body, data=data, script=asset("stepper.js") + hadara_asset("hadara.js"),
                     body_attributes={"data-game": "hadara"})
