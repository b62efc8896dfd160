"""Hydra's part of the replay page (the ``viewer`` hook read by :mod:`agents.viewer.page`).

The page shows the board at every step (:mod:`agents.viewer.svg`), what each
step did, the decision list with ``describe`` texts, step / play / slider /
arrow keys, a seat selector (each seat sees what R41 lets it see, beside an
omniscient view), glory and walls over time, the bots' notes where the replay
has them, and in solo the R39 score breakdown.

The page's data is one JSON object in ``<script id="replay-data">``: frames
are delta-encoded (a frame holds only the fields that changed; the page
carries the others forward), and the board's piece elements are stored once
and referenced by index, which keeps a 4-player game under 3 MB. The page's
body is the template ``templates/hydra.html`` (autoescaped,
:mod:`agents.viewer.templating`); the board and the timeline are SVG built here.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

import hydra_env
from agents.viewer import charts, svg
from agents.viewer.page import PageParts, asset
from agents.viewer.record import Frame, Recording, hidden_facts, record, score_breakdown, split_views
from agents.viewer.templating import render
from hydra_env.games.hydra.observe import board_geometry as geo
from hydra_env.games.hydra.rules import engine
from hydra_env.games.hydra.rules.state import Phase, State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.text import action_card_text, hydra_card_text

PACKAGE = __package__          # its templates: templates/ beside this module


def _panel_fields(state: State, rules: Rules) -> dict[str, Any]:
    """What the panels show of a frame, from the seats' views (R41) and the hidden facts."""
    common, own = split_views(state, rules)
    out: dict[str, Any] = {
        "round": common["round"], "rounds": common["rounds"], "moon": common["moon"], "phase": common["phase"],
        "over": common["over"], "walls": common["walls"], "deck": common["deck_size"],
        "glory": [h["glory"] for h in common["heroes"]], "shield": [int(h["shield"]) for h in common["heroes"]],
        "display": [[d["card"], d["token"]] for d in common["display"]],
        "hidden": hidden_facts(state, rules),
    }
    if rules.solo:
        out["row"] = [[r["card"], int(r["present"]), int(r["blocked"])] for r in common["row"]]
        out["done"] = common["actions_done"]
    else:
        out["hands"] = [[h["played"], h["unused_action_cards"], h["tokens_left"], h["hydra_cards"]]
                        for h in common["hands"]]
        out["own"] = [{"action_cards": [{"card": c["card"], "used": int(c["used"])} for c in mine["action_cards"]],
                       "hydra_hand": mine["hydra_hand"]} for mine in own]
        out.update(order=common["order"], turn=common["turn"], stack=common["stack_size"],
                   queue_left=common["hydra_phase_cards_left"])
    return out


class _Pieces:
    """The board's piece elements, each stored once; frames refer to them by index."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self.index: dict[str, int] = {}

    def refs(self, elements: list[str]) -> list[int]:
        out = []
        for e in elements:
            k = self.index.get(e)
            if k is None:
                k = self.index[e] = len(self.table)
                self.table.append(e)
            out.append(k)
        return out


def _frame_fields(frame: Frame, rules: Rules, pieces: _Pieces) -> dict[str, Any]:
    texts = frame.texts[1:] if frame.kind == "decision" else frame.texts
    return {"k": frame.kind, "t": texts, "a": frame.after, "p": frame.pending,
            "pc": pieces.refs(svg.piece_elements(frame.state, rules)), **_panel_fields(frame.state, rules)}


_ALWAYS = ("k", "t", "a", "p")


def delta_encode(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each frame with only the fields that differ from the frame before (and always k, t, a, p)."""
    out, prev = [], {}
    for f in frames:
        out.append({k: v for k, v in f.items() if k in _ALWAYS or prev.get(k) != v})
        prev = f
    return out


def _decision_fields(rec: Recording) -> list[dict[str, Any]]:
    out = []
    for d in rec.decisions:
        options = bin(engine.legal_mask(rec.frames[d.frame].state.clone(), rec.rules)).count("1")
        entry: dict[str, Any] = {"s": d.seat, "k": d.kind, "x": d.text, "f": d.frame, "o": options}
        if d.public_text != d.text:
            entry["px"] = d.public_text
        if d.notes:
            label = d.note_label or ("candidate value" if d.note_kind == "values" else "policy probability")
            entry["n"] = {"kind": d.note_kind, "label": label,
                          "items": [[n.text, f"{n.value:.3g}", int(n.action == d.action)] for n in d.notes]}
        out.append(entry)
    return out


def _marks(rec: Recording) -> list[dict[str, Any]]:
    """Separators of the decision list: each round and each Hydra phase."""
    marks, last_round, last_phase = [], None, None
    for f in rec.frames:
        s = f.state
        if s.round != last_round:
            marks.append({"f": f.index, "label": f"round {s.round + 1}"})
        elif s.phase != last_phase and s.phase == Phase.HYDRA and not s.game_over:
            marks.append({"f": f.index, "label": f"Hydra phase of round {s.round + 1}"})
        last_round, last_phase = s.round, s.phase
    marks.append({"f": rec.frames[-1].index, "label": "the end"})
    return marks


def page_data(rec: Recording) -> dict[str, Any]:
    """The JSON object the page's script reads."""
    rules = rec.rules
    comp = rules.components
    pieces = _Pieces()
    frames = [_frame_fields(f, rules, pieces) for f in rec.frames]
    seats = rec.doc.get("seats") or ["?"] * rec.players
    state = rec.game.state
    meta = {"scenario": rules.scenario.number, "name": rules.scenario.name, "players": rec.players,
            "stars": state.stars, "seed": rec.doc.get("seed"), "walls_max": state.walls_at_start,
            "tokens": rules.scenario.tokens, "outcome": state.outcome}
    cards = {c.id: action_card_text(comp, k) for k, c in enumerate(comp.action_cards)}
    cards.update({h.id: hydra_card_text(comp, k) for k, h in enumerate(comp.hydra_cards)})
    return {"meta": meta, "solo": rules.solo, "cards": cards, "pieces": pieces.table,
            "seats": [{"label": str(seats[s]) if s < len(seats) else "?",
                       "colour": geo.hex_colour(geo.colour_rgb(comp.hero_colours[s], s))}
                      for s in range(rec.players)],
            "frames": delta_encode(frames), "decisions": _decision_fields(rec), "marks": _marks(rec)}


def _timeline(rec: Recording) -> str:
    rules = rec.rules
    colours = [geo.hex_colour(geo.colour_rgb(rules.components.hero_colours[s], s)) for s in range(rec.players)]
    states = [f.state for f in rec.frames]
    score = [score_breakdown(s, rules)["score_if_won"] for s in states] if rules.solo else None
    return charts.timeline_svg([list(s.glory) for s in states], [s.walls for s in states],
                               rec.game.state.walls_at_start, colours, [s.round + 1 for s in states], score=score)


def page_parts(doc: dict[str, Any]) -> PageParts:
    """The parts of the replay page of a Hydra replay ``doc`` (ViewerError when it cannot be shown)."""
    rec = record(doc)
    rules, state = rec.rules, rec.game.state
    width, height = svg.picture_size(rules)
    data = page_data(rec)
    seats = [s["label"] for s in data["seats"]]
    result = rec.game.result()
    score = f", score {result.score}" if result.score is not None else ""
    title = f"Hydra replay — scenario {rules.scenario.number} {rules.scenario.name}"
    subtitle = (f"{'solo' if rules.solo else f'{rec.players} heroes'} · {state.stars} star(s) · seed "
                f"{doc.get('seed')} · seats: {', '.join(seats)} · {result.outcome}{score} · "
                f"{len(rec.decisions)} decisions, {len(rec.frames)} steps · every step re-simulated with "
                f"hydra-env {hydra_env.__version__}")
    board = (f'<svg xmlns="http://www.w3.org/2000/svg" id="board" class="board" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" {svg.FONT} data-walls="{state.walls}" data-frame="0">'
             f'<rect width="{width}" height="{height}" fill="{geo.hex_colour(geo.BACKGROUND)}"/>'
             f'<g class="static">{svg.static_layer(rules)}</g><g id="pieces" class="pieces"></g></svg>')
    body = render("hydra.html", PACKAGE, board=Markup(board), views=seats, timeline=Markup(_timeline(rec)),
                  result=result, glory=state.glory, score=score_breakdown(state, rules) if rules.solo else None)
    return PageParts(title=title, subtitle=subtitle, css=asset("replay.css"), body=body, data=data,
                     script=asset("replay.js"))
