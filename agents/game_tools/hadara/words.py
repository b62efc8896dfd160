"""Hadara in words for the tools: a card with its price, the wheel, what a decision changed.

Everything here reads what one seat may know (``game.observe(seat)``, HD29) plus the
public component data, so a person at ``hydra-env play`` never sees a hidden card.
"""

from __future__ import annotations

from typing import Any

from hydra_env.games.hadara.components import COLOURS, EFFECT_BOOST, EFFECT_COINS, EFFECT_SELL_BONUS, TRACKS
from hydra_env.games.hadara.rules import price, sale_value
from hydra_env.games.hadara.state import DRAFT, S_DRAFT

ROMAN = ("I", "II", "III")


def card_text(comps: Any, card: int) -> str:
    """A card's faces: id, colour, cost, points, track values and effect."""
    c = comps.cards[card]
    tracks = " ".join(f"+{v} {TRACKS[t]}" for t, v in enumerate(c.tracks) if v)
    effect = ""
    if c.effect == EFFECT_COINS:
        effect = f", gains {c.effect_arg} coins"
    elif c.effect == EFFECT_SELL_BONUS:
        effect = f", +{c.effect_arg} coins per sale"
    elif c.effect == EFFECT_BOOST:       # HD16: +1 on the track of colour c per card of colour c
        effect = f", +1 {TRACKS[c.effect_arg]} per {COLOURS[c.effect_arg]} card"
    return f"{c.id} ({COLOURS[c.colour]}, cost {c.cost}, {c.points} pts{', ' + tracks if tracks else ''}{effect})"


def wheel_lines(game: Any) -> list[str]:
    """The wheel: its setting and, in a draft round, the deck each seat's icon points at (HD4)."""
    state = game.state
    if state.wheel < 0:
        return [f"wheel: not set yet (seat {state.first[state.epoch]} sets it for epoch {ROMAN[state.epoch]})"]
    line = f"wheel: set to {state.wheel} for epoch {ROMAN[state.epoch]}"
    if state.step == S_DRAFT:
        points = ", ".join(f"seat {s} → {COLOURS[state.board_order[(s + state.wheel + state.round) % 5]]}"
                           for s in range(state.players))
        line += f"; draft round {state.round + 1} of 5: {points}"
    return [line]


def price_lines(game: Any, seat: int) -> list[str]:
    """Every card ``seat`` may take now or next, with its price and sale value for the seat
    (HD14, HD15): its own drawn pair and the top of each discard pile."""
    state, comps = game.state, game.components
    lines = []
    discount = ", ".join(f"{COLOURS[c]} -{n}" for c in range(5)
                         if (n := sum(comps.cards[k].colour == c for k in state.tableau[seat])))
    lines.append(f"your prices (seat {seat}; coins {state.coins[seat]}; discount by colour: {discount or 'none'}):")
    pair = state.pairs[seat] if state.pending is None or state.pending.kind == DRAFT or state.step == S_DRAFT else []
    for k, card in enumerate(pair):
        lines.append(f"  drawn card {k}: {card_text(comps, card)} — buy {price(state, comps, seat, card)}, "
                     f"sell {sale_value(state, comps, seat, card)}")
    for colour, pile in enumerate(state.piles):
        if pile:
            card = pile[-1]
            lines.append(f"  {COLOURS[colour]} pile top: {card_text(comps, card)} — buy "
                         f"{price(state, comps, seat, card)}, sell {sale_value(state, comps, seat, card)}")
    tops = [comps.colonies[stack[-1]] for stack in state.stacks if stack]
    lines.append("  colonies, the top of each stack (coin side, HD19-HD20): " + "; ".join(
        f"L{c.level} military {c.requirement}, {c.points} pts, plunder {c.plunder}, integrate {c.cost}" for c in tops))
    lines.append("  statues (HD21): " + "; ".join(
        f"{k} culture {st.culture}, {st.points} pts, bonus {st.bonus}" + (" (carved)" if state.statues[seat][k] >= 0
                                                                          else "")
        for k, st in enumerate(comps.statues)))
    return lines


def _public(game: Any) -> dict[str, Any]:
    """What every seat may see of the tableaux, sales, colonies, statues and medals."""
    seen = game.observe(0)
    return {k: seen[k] for k in ("tableau", "sold_b", "removed", "colonies", "statues", "silver", "gold",
                                 "sales_a", "coins")}


def changes(game: Any, before: dict[str, Any]) -> list[str]:
    """The public changes since ``before`` (a :func:`snapshot`), one line each."""
    after, comps = _public(game), game.components
    lines = []
    for s in range(len(after["coins"])):
        for card in after["tableau"][s]:
            if card not in before["tableau"][s]:
                lines.append(f"seat {s} bought {card_text(comps, card)}")
        for card in after["sold_b"][s][len(before["sold_b"][s]):]:
            lines.append(f"seat {s} sold {comps.cards[card].id} (phase B, public)")
        if after["sales_a"][s] > before["sales_a"][s]:
            lines.append(f"seat {s} sold a card in the draft (hidden, HD15)")
        for card in after["removed"][s][len(before["removed"][s]):]:
            lines.append(f"seat {s} removed {comps.cards[card].id} (feeding, HD23)")
        for level, cid in after["colonies"][s][len(before["colonies"][s]):]:
            lines.append(f"seat {s} took a level {level} colony" + (f", integrated: {cid}" if cid else ", plundered"))
        for k, (old, new) in enumerate(zip(before["statues"][s], after["statues"][s])):
            if old < 0 <= new:
                lines.append(f"seat {s} carved statue {k}, a {TRACKS[new // 2]} tile face "
                             f"{'down' if new % 2 else 'up'}")
        for t in after["silver"][s][len(before["silver"][s]):]:
            lines.append(f"seat {s} bought a silver medal ({TRACKS[t]} tile)")
        if after["gold"][s] > before["gold"][s]:
            lines.append(f"seat {s} bought a gold medal")
    return lines


def snapshot(game: Any) -> dict[str, Any]:
    """The public part :func:`changes` compares against."""
    return _public(game)
