"""Text for cards and effects, as a person reads them on the table."""

from __future__ import annotations

from hydra_env.games.hydra.data import Components, Effect


def hero_text(components: Components, card: int) -> str:
    """``move 1 (+1 boat)``, ``sword 2 (+1 vs red)``, ``barricade`` …"""
    h = components.action_cards[card].hero
    text = h.kind if not h.strength or h.kind in ("barricade", "portal", "protect") \
        else f"{h.kind} {h.strength}"
    if h.bonus_area >= 0:
        text += f" (+1 {components.board.areas[h.bonus_area]})"
    if h.bonus_colour >= 0:
        text += f" (+1 vs {components.hydra_colours[h.bonus_colour]})"
    return text


def effect_text(components: Components, effect: Effect) -> str:
    """``move 2 blue (+1 reef)``, ``grow 1 red``, ``bite white``."""
    colour = components.hydra_colours[effect.colour]
    if effect.op == "bite":
        return f"bite {colour}"
    text = f"{effect.op} {effect.n} {colour}"
    if effect.bonus_area >= 0:
        text += f" (+1 {components.board.areas[effect.bonus_area]})"
    return text


def effects_text(components: Components, effects: tuple[Effect, ...]) -> str:
    """Effects joined with ``, then``."""
    return ", then ".join(effect_text(components, e) for e in effects)


def action_card_text(components: Components, card: int) -> str:
    """``A13 sword 1 (+1 vs red) | grow 1 yellow, then move 2 yellow (+1 beach)``."""
    c = components.action_cards[card]
    return f"{c.id} {hero_text(components, card)} | {effects_text(components, c.hydra)}"


def hydra_card_text(components: Components, card: int) -> str:
    """``H37 rage: grow 1 red, then move 1 red``."""
    h = components.hydra_cards[card]
    label = f"{h.label}: " if h.label else ""
    return f"{h.id} {label}{effects_text(components, h.effects)}"
