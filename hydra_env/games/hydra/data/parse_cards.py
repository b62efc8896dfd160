"""Parsing of ``action_cards.json`` and ``hydra_cards.json``: hero sides and hydra effects."""

from __future__ import annotations

from typing import Any

from hydra_env.games.hydra.data.checks import (
    _ABOUT,
    _check_count,
    _entry_where,
    _in_range,
    _index,
    _object,
    _unique,
    _Where,
)
from hydra_env.games.hydra.data.limits import Counts
from hydra_env.games.hydra.data.model import ActionCard, Effect, HeroAction, HydraCard

_HERO_KINDS = ("move", "sword", "harpoon", "barricade", "portal", "protect")
_AREA_BONUS_KINDS = ("move",)
_COLOUR_BONUS_KINDS = ("sword", "harpoon")
_EFFECT_OPS = ("move", "grow", "bite")
_DECKS = ("light", "red")


def _parse_effects(value: list, where: _Where, colours: tuple[str, ...], areas: tuple[str, ...]) -> tuple[Effect, ...]:
    """A non-empty list of hydra effects, done in order (R21)."""
    if not value:
        where.fail("must list at least one effect")
    return tuple(_parse_effect(raw, where.sub(str(j)), colours, areas) for j, raw in enumerate(value))


def _parse_effect(raw: Any, where: _Where, colours: tuple[str, ...], areas: tuple[str, ...]) -> Effect:
    _object(raw, where, {"op": str, "colour": str}, {"n": int, "bonus": str})
    op = _EFFECT_OPS[_index(raw["op"], _EFFECT_OPS, "effect op", where.sub("op"))]
    colour = _index(raw["colour"], colours, "hydra colour", where.sub("colour"))
    if op == "bite":
        if "n" in raw:
            where.sub("n").fail("a bite takes no 'n'; list one bite effect per bite (R19)")
        n = 1
    elif "n" not in raw:
        where.fail(f"missing required field 'n' (an integer): the {op} points")
    else:
        n = _in_range(raw["n"], 1, None, where.sub("n"))
    bonus = -1
    if "bonus" in raw:
        if op != "move":
            where.sub("bonus").fail(f"only move effects take a landscape bonus, not {op}; remove it")
        bonus = _index(raw["bonus"], areas, "area", where.sub("bonus"))
    return Effect(op, colour, n, bonus)


def _parse_hero(raw: Any, where: _Where, colours: tuple[str, ...], areas: tuple[str, ...]) -> HeroAction:
    """The hero side: kind, strength (move/sword/harpoon) and bonus."""
    _object(raw, where, {"action": str}, {"strength": int, "bonus": str})
    kind = _HERO_KINDS[_index(raw["action"], _HERO_KINDS, "hero action", where.sub("action"))]
    strong = kind in _AREA_BONUS_KINDS + _COLOUR_BONUS_KINDS
    if strong and "strength" not in raw:
        where.fail(f"missing required field 'strength' (an integer) for {kind}")
    strength = raw.get("strength", 0)
    if strong:
        _in_range(strength, 1, None, where.sub("strength"))
    elif strength:
        where.sub("strength").fail(f"{kind} has no strength; remove the field or write 0")
    bonus_area = bonus_colour = -1
    if "bonus" in raw:
        if kind in _AREA_BONUS_KINDS:
            bonus_area = _index(raw["bonus"], areas, "area", where.sub("bonus"))
        elif kind in _COLOUR_BONUS_KINDS:
            bonus_colour = _index(raw["bonus"], colours, "hydra colour", where.sub("bonus"))
        else:
            where.sub("bonus").fail(f"{kind} takes no bonus; remove it")
    return HeroAction(kind, strength, bonus_area, bonus_colour)


def _parse_action_cards(doc: dict, colours: tuple[str, ...], areas: tuple[str, ...]) -> tuple[ActionCard, ...]:
    file = "action_cards.json"
    _object(doc, _Where(file), {"cards": list}, _ABOUT)
    cards, seen = [], {}
    for i, raw in enumerate(doc["cards"]):
        where = _entry_where(file, raw, i, "id", "card")
        _object(raw, where, {"id": str, "hero": dict, "hydra": list}, {"label": str})
        _unique(raw["id"], seen, where, "id")
        hero = _parse_hero(raw["hero"], where.sub("hero"), colours, areas)
        hydra = _parse_effects(raw["hydra"], where.sub("hydra"), colours, areas)
        cards.append(ActionCard(i, raw["id"], hero, hydra, raw.get("label", "")))
    return tuple(cards)


def _parse_hydra_cards(doc: dict, colours: tuple[str, ...], areas: tuple[str, ...]) -> tuple[HydraCard, ...]:
    file = "hydra_cards.json"
    _object(doc, _Where(file), {"cards": list}, _ABOUT)
    cards, seen = [], {}
    for i, raw in enumerate(doc["cards"]):
        where = _entry_where(file, raw, i, "id", "card")
        _object(raw, where, {"id": str, "deck": str, "solo": bool, "effects": list}, {"label": str})
        _unique(raw["id"], seen, where, "id")
        deck = _DECKS[_index(raw["deck"], _DECKS, "deck", where.sub("deck"))]
        effects = _parse_effects(raw["effects"], where.sub("effects"), colours, areas)
        cards.append(HydraCard(i, raw["id"], deck, raw["solo"], effects, raw.get("label", "")))
    return tuple(cards)


def _deck_sizes(cards: tuple[HydraCard, ...], solo: bool) -> dict[str, int]:
    """Cards per deck ('light', 'red'), all or only the solo-marked ones."""
    return {deck: sum(c.deck == deck and (c.solo or not solo) for c in cards) for deck in _DECKS}


def _check_card_counts(actions: tuple[ActionCard, ...], hydras: tuple[HydraCard, ...], counts: Counts) -> None:
    _check_count("action_cards.json", "cards", len(actions), counts.action_cards)
    _check_count("hydra_cards.json", "cards", len(hydras), counts.hydra_cards)
    decks, solo = _deck_sizes(hydras, False), _deck_sizes(hydras, True)
    _check_count("hydra_cards.json", "light cards", decks["light"], counts.light_cards)
    _check_count("hydra_cards.json", "red cards", decks["red"], counts.red_cards)
    _check_count("hydra_cards.json", "solo-marked light cards", solo["light"], counts.solo_light)
    _check_count("hydra_cards.json", "solo-marked red cards", solo["red"], counts.solo_red)
