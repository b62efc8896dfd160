"""Parsing of ``scenarios.json``: each scenario checked against the supply, decks and layout."""

from __future__ import annotations

from dataclasses import dataclass

from hydra_env.games.hydra.data.checks import _ABOUT, _entry_where, _in_range, _index, _ints, _object, _unique, _Where
from hydra_env.games.hydra.data.limits import LAYOUT_LIMITS, MAX_HEADS
from hydra_env.games.hydra.data.model import Scenario, Supply

_MOON_DECK = {"L": "light", "R": "red"}
_MODES = ("coop", "solo")


@dataclass(frozen=True)
class _Context:
    """What scenario checks need from the other files."""

    path_length: int
    n_paths: int
    n_heroes: int
    n_action_cards: int
    supply: Supply
    decks: dict[str, int]
    solo_decks: dict[str, int]


_SCENARIO_FIELDS = {
    "number": int, "name": str, "players": int, "walls": list, "heads": list, "positions": list, "moon": str,
    "hydra_hand": int, "action_hand": int, "display": int, "tokens": int, "hydra_stack": int,
}


def _parse_scenarios(doc: dict, ctx: _Context) -> tuple[Scenario, ...]:
    file = "scenarios.json"
    _object(doc, _Where(file), {"scenarios": list}, _ABOUT)
    scenarios, seen = [], {}
    for i, raw in enumerate(doc["scenarios"]):
        where = _entry_where(file, raw, i, "number", "scenario")
        _object(raw, where, _SCENARIO_FIELDS, {"mode": str})
        _unique(raw["number"], seen, where, "number")
        scenarios.append(_parse_scenario(raw, where, ctx))
    return tuple(scenarios)


def _parse_scenario(raw: dict, where: _Where, ctx: _Context) -> Scenario:
    _in_range(raw["number"], 1, None, where.sub("number"))
    solo = _index(raw.get("mode", "coop"), _MODES, "mode", where.sub("mode")) == _MODES.index("solo")
    players = _in_range(raw["players"], 1, ctx.n_heroes, where.sub("players"), "one hero colour each")
    if solo != (players == 1):
        where.sub("mode").fail(
            'a one-player scenario is the solo game: set "mode": "solo" exactly when players is 1'
        )
    walls = _ints(raw["walls"], where.sub("walls"), 3, 1, ctx.supply.wall_tokens, "one per star level 1, 2, 3")
    heads = _ints(raw["heads"], where.sub("heads"), ctx.n_paths, 0, MAX_HEADS, "one per path")
    positions = _ints(raw["positions"], where.sub("positions"), ctx.n_paths, 0, ctx.path_length - 1, "one per path")
    moon = _moon(raw["moon"], where.sub("moon"), ctx.supply.moon_tokens, solo)
    sizes = ("hydra_hand", "action_hand", "display", "tokens", "hydra_stack")
    values = {k: _in_range(raw[k], 0, None, where.sub(k)) for k in sizes}
    scenario = Scenario(raw["number"], raw["name"], players, solo, walls, heads, positions, moon, **values)
    (_check_solo if solo else _check_coop)(scenario, where, ctx)
    return scenario


def _moon(moon: str, where: _Where, moon_tokens: int, solo: bool) -> str:
    """Moon letters: L/R only, 1..moon_tokens rounds; solo lists all L before R (R32)."""
    if not 1 <= len(moon) <= moon_tokens:
        where.fail(f"has {len(moon)} rounds, must have 1 to {moon_tokens} (the moon tokens in the supply)")
    bad = sorted(set(moon) - set(_MOON_DECK))
    if bad:
        where.fail(f"unknown letter(s) {', '.join(bad)}; use L (light) and R (red) only")
    if solo and "RL" in moon:
        where.fail("a solo moon lists every L before every R (one deck, light cards on top, R32)")
    return moon


def _check_coop(s: Scenario, where: _Where, ctx: _Context) -> None:
    """Coordinated game: tokens, hands and display fit the supply, layout and decks."""
    _in_range(s.tokens, 1, ctx.supply.action_tokens_per_hero - 1, where.sub("tokens"), "one token marks the compass")
    for key in ("hydra_hand", "action_hand", "display"):
        _in_range(getattr(s, key), 0, LAYOUT_LIMITS[key], where.sub(key), "the engine's action layout")
    if s.display + s.players * s.action_hand > ctx.n_action_cards:
        where.fail(
            f"display {s.display} + {s.players} hands of {s.action_hand} need more than the "
            f"{ctx.n_action_cards} action cards; lower display or action_hand"
        )
    need = s.players * s.hydra_hand + s.hydra_stack
    for letter in sorted(set(s.moon)):
        deck = _MOON_DECK[letter]
        if need > ctx.decks[deck]:
            where.fail(
                f"a round draws {need} hydra cards but the {deck} deck has {ctx.decks[deck]}; "
                "lower hydra_hand or hydra_stack"
            )


def _check_solo(s: Scenario, where: _Where, ctx: _Context) -> None:
    """Solo game (R32-R37): no hands, display of two rows over the hydra row, enough solo cards."""
    for key in ("hydra_hand", "action_hand"):
        _in_range(getattr(s, key), 0, 0, where.sub(key), "the solo game has no hands")
    _in_range(s.tokens, 1, ctx.supply.action_tokens_per_hero, where.sub("tokens"))
    limit = LAYOUT_LIMITS["solo_hydra_stack"]
    _in_range(s.hydra_stack, 1, limit, where.sub("hydra_stack"), "the engine's action layout")
    if s.display != 2 * s.hydra_stack:
        where.sub("display").fail(
            f"is {s.display}, must be 2 x hydra_stack = {2 * s.hydra_stack} (two rows of action cards, R33)"
        )
    if s.display > ctx.n_action_cards:
        where.sub("display").fail(f"is {s.display}, more than the {ctx.n_action_cards} action cards")
    for letter, deck in _MOON_DECK.items():
        need = s.moon.count(letter) * s.hydra_stack
        if need > ctx.solo_decks[deck]:
            where.sub("moon").fail(
                f"{s.moon.count(letter)} {deck} rounds x {s.hydra_stack} cards need {need} solo-marked {deck} cards, "
                f"hydra_cards.json has {ctx.solo_decks[deck]}; shorten the moon or mark more cards solo"
            )
