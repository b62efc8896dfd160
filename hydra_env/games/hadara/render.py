"""Hadara as text, written from one seat's information only (:func:`views.observe`).

numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

from hydra_env.games.hadara.components import COLOURS, TRACKS, Components
from hydra_env.games.hadara.state import STEP_NAMES

ROMAN = ("I", "II", "III")


def _card(comps: Components, index: int) -> str:
    c = comps.cards[index]
    return f"{c.id}({c.cost})"


def render_text(seen: dict[str, Any], comps: Components, private: bool) -> str:
    """The game from ``seen`` (an observe() dict); ``private``: add the seat's own pair and sales."""
    lines = [f"Hadara (reconstructed components) - epoch {ROMAN[seen['epoch']]}, {STEP_NAMES[seen['step']]}"
             + (f", draft round {seen['round'] + 1}" if seen["step"] == 1 else "")
             + (f", wheel {seen['wheel']}" if seen["wheel"] >= 0 else "")]
    board = " ".join(f"{COLOURS[c]}[deck {seen['deck_sizes'][c]}]" for c in seen["board_order"])
    lines.append(f"board (clockwise): {board}")
    for colour, pile in enumerate(seen["piles"]):
        if pile:
            size = seen["pile_sizes"][colour]
            lines.append(f"  {COLOURS[colour]} pile ({size} cards, top last): "
                         + " ".join(_card(comps, c) for c in pile))
    lines.append("colony stacks: " + " ".join(f"L{k + 1}:{n}" for k, n in enumerate(seen["stack_sizes"])))
    for seat in range(seen["players"]):
        tracks = " ".join(f"{TRACKS[t]} {v}" for t, v in enumerate(seen["tracks"][seat]))
        first = "*" if seen["first"][seen["epoch"]] == seat else " "
        lines.append(f"{first}seat {seat}: coins {seen['coins'][seat]}, {tracks}, gold {seen['gold'][seat]}, "
                     f"silver {[TRACKS[t] for t in seen['silver'][seat]]}, tiles {seen['tiles'][seat]}"
                     + (" (chosen)" if seen["chosen"][seat] else ""))
        lines.append("    tableau: " + (" ".join(_card(comps, c) for c in seen["tableau"][seat]) or "-"))
        colonies = ", ".join(f"L{level}" + (f"={cid}" if cid else " plundered")
                             for level, cid in seen["colonies"][seat])
        carved = [k for k, v in enumerate(seen["statues"][seat]) if v >= 0]
        lines.append(f"    colonies: {colonies or '-'}; statues carved: {carved or '-'}")
    if private:
        me = seen["seat"]
        if seen["own_pair"]:
            lines.append(f"your pair (seat {me}): " + " ".join(_card(comps, c) for c in seen["own_pair"]))
        if seen["own_sold_a"]:
            lines.append("your phase-A sales: " + " ".join(_card(comps, c) for c in seen["own_sold_a"]))
    if seen["pending"]:
        lines.append(f"to decide: seat {seen['pending'][1]} ({seen['pending'][0]})")
    else:
        lines.append("the game is over")
    return "\n".join(lines)
