"""Hadara's rules on a state: prices, buying and selling, and the legal actions of each decision.

The flow of an epoch (which decision comes next) is :mod:`hydra_env.games.hadara.engine`;
this module answers what a seat may do now and carries out one card transaction.
numpy and the standard library only.
"""

from __future__ import annotations

from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import (
    COLOURS,
    EFFECT_BOOST,
    EFFECT_COINS,
    EFFECT_SELL_BONUS,
    LEVELS,
    TRACKS,
    Components,
)
from hydra_env.games.hadara.state import (
    COLONY,
    COLONY_MODE,
    DECISION_NAMES,
    DRAFT,
    MEDAL,
    PICK,
    REMOVE,
    STATUE,
    TILE,
    WHEEL,
    State,
)

INCOME, MILITARY, CULTURE, FOOD = range(4)


def card_key(comps: Components, card: int) -> tuple[int, int, int]:
    """The canonical tableau order (HD31): colour, then epoch, then card index."""
    c = comps.cards[card]
    return c.colour, c.epoch, card


def colour_count(state: State, comps: Components, seat: int, colour: int) -> int:
    """Cards of ``colour`` in the seat's tableau."""
    return sum(1 for c in state.tableau[seat] if comps.cards[c].colour == colour)


def price(state: State, comps: Components, seat: int, card: int) -> int:
    """HD14: printed cost less one per card of the colour in the buyer's tableau, at least 0."""
    c = comps.cards[card]
    return max(0, c.cost - colour_count(state, comps, seat, c.colour))


def sell_bonus(state: State, comps: Components, seat: int) -> int:
    """HD16: the extra coins of each sale from ``sell_bonus`` cards in the tableau."""
    return sum(comps.cards[c].effect_arg for c in state.tableau[seat] if comps.cards[c].effect == EFFECT_SELL_BONUS)


def sale_value(state: State, comps: Components, seat: int, card: int) -> int:
    """HD15: 2 / 3 / 4 coins by the card's epoch (data), plus the seller's sell bonus."""
    return comps.sale_value[comps.cards[card].epoch - 1] + sell_bonus(state, comps, seat)


def add_tracks(state: State, seat: int, values: tuple[int, ...], sign: int = 1) -> None:
    """Add (or subtract) track values; a track stops at 0 (HD9)."""
    tracks = state.tracks[seat]
    for t in range(4):
        tracks[t] = max(0, tracks[t] + sign * values[t])


def buy(state: State, comps: Components, seat: int, card: int) -> None:
    """HD14 and HD16: pay the price, add the card to the tableau and its tracks, then its effect."""
    state.coins[seat] -= price(state, comps, seat, card)
    tableau = state.tableau[seat]
    tableau.append(card)
    tableau.sort(key=lambda c: card_key(comps, c))
    c = comps.cards[card]
    add_tracks(state, seat, c.tracks)
    if c.effect == EFFECT_COINS:
        state.coins[seat] += c.effect_arg
    elif c.effect == EFFECT_BOOST:
        state.tracks[seat][c.effect_arg] += colour_count(state, comps, seat, c.effect_arg)


def sell(state: State, comps: Components, seat: int, card: int, phase_a: bool) -> None:
    """HD15: the card leaves the game; the seller gains its sale value."""
    state.coins[seat] += sale_value(state, comps, seat, card)
    if phase_a:
        state.sold_a[seat].append(card)
        state.sales_a[seat] += 1
    else:
        state.sold_b[seat].append(card)


def can_carve(state: State, comps: Components, seat: int, index: int) -> bool:
    """HD21: uncarved, culture requirement met and an unused tile left."""
    return (state.statues[seat][index] < 0 and comps.statues[index].culture <= state.tracks[seat][CULTURE]
            and sum(state.tiles[seat]) > 0)


def can_take_colony(state: State, comps: Components, seat: int, level: int) -> bool:
    """HD19: military ≥ the level's requirement, none of that level held yet, the stack not empty."""
    stack = state.stacks[level - 1]
    if not stack or comps.colonies[stack[-1]].requirement > state.tracks[seat][MILITARY]:
        return False
    return all(comps.colonies[c].level != level for c in state.colonies[seat])


def legal_actions(state: State, comps: Components) -> list[int]:
    """The pending seat's legal actions, ascending (empty once the game is over)."""
    pending = state.pending
    if pending is None:
        return []
    seat, kind, coins = pending.seat, pending.kind, state.coins[pending.seat]
    out: list[int] = []
    if kind == WHEEL:
        out = list(range(codec.WHEEL0, codec.WHEEL0 + 5))
    elif kind == DRAFT:
        for k, card in enumerate(state.pairs[seat]):
            if price(state, comps, seat, card) <= coins:
                out.append(codec.draft(k, False))
            out.append(codec.draft(k, True))
    elif kind == PICK:
        for colour, pile in enumerate(state.piles):
            if pile:
                if price(state, comps, seat, pile[-1]) <= coins:
                    out.append(codec.pick(colour, False))
                out.append(codec.pick(colour, True))
    elif kind == COLONY:
        out = [codec.colony(level) for level in range(1, LEVELS + 1) if can_take_colony(state, comps, seat, level)]
        out.append(codec.PASS)
    elif kind == COLONY_MODE:
        out = [codec.PLUNDER]
        if coins >= comps.colonies[state.pending_colony].cost:
            out.append(codec.INTEGRATE)
    elif kind == STATUE:
        out = [codec.statue(i) for i in range(len(comps.statues)) if can_carve(state, comps, seat, i)]
        out.append(codec.PASS)
    elif kind == TILE:
        out = [codec.tile(t, f) for t in range(4) if state.tiles[seat][t] > 0 for f in (False, True)]
    elif kind == REMOVE:
        out = [codec.remove(j) for j in range(len(state.tableau[seat]))]
    elif kind == MEDAL:
        epoch = state.epoch
        if len(state.silver[seat]) < comps.silver_spaces and coins >= comps.silver_price[epoch]:
            out = [codec.silver(t) for t in range(4) if state.tiles[seat][t] > 0]
        if state.gold[seat] < comps.gold_spaces and coins >= comps.gold_price[epoch]:
            out.append(codec.GOLD)
        out.append(codec.PASS)
    return out


def why_illegal(state: State, comps: Components, action: int) -> str:
    """Why an in-range action is not legal now (for IllegalActionError)."""
    pending = state.pending
    name, a, b = codec.block(action)
    kind = DECISION_NAMES[pending.kind]
    seat, coins = pending.seat, state.coins[pending.seat]
    allowed = {"WHEEL": ("WHEEL",), "DRAFT": ("DRAFT",), "PICK": ("PICK",), "COLONY": ("COLONY", "PASS"),
               "COLONY_MODE": ("PLUNDER", "INTEGRATE"), "STATUE": ("STATUE", "PASS"), "TILE": ("TILE",),
               "REMOVE": ("REMOVE",), "MEDAL": ("SILVER", "GOLD", "PASS")}[kind]
    if name not in allowed:
        return f"seat {seat} must now make a {kind} decision ({' / '.join(allowed)} actions), not {name}"
    if name == "DRAFT":
        cost = price(state, comps, seat, state.pairs[seat][a])
        return f"seat {seat} cannot pay {cost} coins for drawn card {a}: it has {coins} (HD13: sell it instead)"
    if name == "PICK":
        pile = state.piles[a]
        if not pile:
            return f"the {COLOURS[a]} discard pile is empty (HD22)"
        return f"seat {seat} cannot pay {price(state, comps, seat, pile[-1])} coins for it: it has {coins} (HD14)"
    if name == "COLONY":
        if any(comps.colonies[c].level == a for c in state.colonies[seat]):
            return f"seat {seat} already holds a colony of level {a} (HD19)"
        need = comps.colonies[comps.level_colonies(a)[0]].requirement
        return f"level {a} needs military {need}, seat {seat} has {state.tracks[seat][MILITARY]} (HD19)"
    if name == "INTEGRATE":
        cost = comps.colonies[state.pending_colony].cost
        return f"integrating costs {cost} coins, seat {seat} has {coins} (HD20: plunder instead)"
    if name == "STATUE":
        if a >= len(comps.statues) or state.statues[seat][a] >= 0:
            return f"statue {a} is already carved (HD25)"
        if sum(state.tiles[seat]) == 0:
            return f"seat {seat} has no unused bonus tile (HD21)"
        return (f"statue {a} needs culture {comps.statues[a].culture}, seat {seat} has "
                f"{state.tracks[seat][CULTURE]} (HD21)")
    if name == "TILE":
        return f"seat {seat} has no unused {TRACKS[a]} tile (HD21)"
    if name == "REMOVE":
        return f"seat {seat}'s tableau has {len(state.tableau[seat])} cards, no slot {a} (HD23)"
    if name == "SILVER":
        if len(state.silver[seat]) >= comps.silver_spaces:
            return f"seat {seat} has no empty silver space left (HD24)"
        if state.tiles[seat][a] == 0:
            return f"seat {seat} has no unused {TRACKS[a]} tile (HD24)"
        return f"a silver medal costs {comps.silver_price[state.epoch]} coins, seat {seat} has {coins} (HD24)"
    if name == "GOLD":
        if state.gold[seat] >= comps.gold_spaces:
            return f"seat {seat} has bought both its gold medals (HD24)"
        return f"a gold medal costs {comps.gold_price[state.epoch]} coins, seat {seat} has {coins} (HD24)"
    return "not legal in this position"
