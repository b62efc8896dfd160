"""Text for cards and effects, as a person reads them on the table."""

from __future__ import annotations

from hydra_env.data import Components, Effect


def hero_text(comp: Components, card: int) -> str:
    """``move 1 (+1 boat)``, ``sword 2 (+1 vs red)``, ``barricade`` …"""
    h = comp.action_cards[card].hero
    text = h.kind if not h.strength or h.kind in ("barricade", "portal", "protect") \
        else f"{h.kind} {h.strength}"
    if h.bonus_area >= 0:
        text += f" (+1 {comp.board.areas[h.bonus_area]})"
    if h.bonus_colour >= 0:
        text += f" (+1 vs {comp.hydra_colours[h.bonus_colour]})"
    return text


def effect_text(comp: Components, e: Effect) -> str:
    """``move 2 blue (+1 reef)``, ``grow 1 red``, ``bite white``."""
    colour = comp.hydra_colours[e.colour]
    if e.op == "bite":
        return f"bite {colour}"
    text = f"{e.op} {e.n} {colour}"
    if e.bonus_area >= 0:
        text += f" (+1 {comp.board.areas[e.bonus_area]})"
    return text


def effects_text(comp: Components, effects: tuple[Effect, ...]) -> str:
    """Effects joined with ``, then``."""
    return ", then ".join(effect_text(comp, e) for e in effects)


def action_card_text(comp: Components, card: int) -> str:
    """``A13 sword 1 (+1 vs red) | grow 1 yellow, then move 2 yellow (+1 beach)``."""
    c = comp.action_cards[card]
    return f"{c.id} {hero_text(comp, card)} | {effects_text(comp, c.hydra)}"


def hydra_card_text(comp: Components, card: int) -> str:
    """``H37 rage: grow 1 red, then move 1 red``."""
    h = comp.hydra_cards[card]
    label = f"{h.label}: " if h.label else ""
    return f"{h.id} {label}{effects_text(comp, h.effects)}"
