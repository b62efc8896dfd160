"""The component data of Hail Hydra (``data/components.json``), loaded and checked.

The rulebook loses its tables; the spec's reconstruction lives in the data file, never in
rules code. :func:`load_components` reads a file and checks it (HH1-HH3, HH17, HH21,
HH25, HH29): every problem raises :class:`~hydra_env.errors.DataError` naming the file,
the entry and the rule it breaks.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hydra_env.errors import DataError

DATA_FILE = Path(__file__).with_name("data") / "components.json"

VALUES: tuple[int, ...] = (1, 2, 3, 4, -2, -3, -4, -5)
"""Card values by value index (the action layout's order: blue +1..+4, then red -2..-5)."""
BLUE = (True, True, True, True, False, False, False, False)

POWER_KINDS = {"heal": "survive", "strength_up": "survive", "discard_random": "survive", "defence_up": "survive",
               "no_draw_others": "static", "damage_cap": "static", "hide_cards": "static", "red_shift": "static",
               "blue_shift": "static", "max_play": "static", "exact_play": "static",
               "negative_threshold": "static"}
POWERS_WITHOUT_AMOUNT = {"no_draw_others", "hide_cards"}
EFFECTS = {"cancel_knockout": "verdict", "smash": "play", "peek_loyalty": "knockout", "peek_played": "play",
           "skip_villain_attack": "resolve", "zero_defence": "resolve", "remove_card": "resolve",
           "direct_damage": "resolve", "negate_total": "resolve", "check_claim": "resolve", "ambush": "knockout",
           "draw": "play", "immunity": "knockout", "heal_city": "resolve"}
EFFECT_PARAMS = {"smash": ("bonus", "city"), "direct_damage": ("amount",), "draw": ("amount",),
                 "heal_city": ("amount",)}
WINDOWS = ("play", "resolve", "knockout", "verdict")


@dataclass(frozen=True)
class Villain:
    """One villain card: printed values and its power (``kind``, ``amount``)."""

    id: str
    tier: int
    name: str
    health: int
    strength: int
    defence: int
    quick: bool
    power: str
    amount: int


@dataclass(frozen=True)
class Hero:
    """One hero card: its ability window and effect, and its reveal damage."""

    id: str
    name: str
    window: str
    effect: str
    params: tuple[tuple[str, int], ...]
    reveal_active: int
    reveal_out: int

    def param(self, name: str) -> int:
        """The effect's parameter ``name``."""
        return dict(self.params)[name]


@dataclass(frozen=True)
class PlayerRow:
    """A row of the player table: loyalty discs and balance modifiers."""

    players: int
    shield: int
    hydra: int
    health_mod: int
    strength_mod: int


@dataclass(frozen=True)
class Components:
    """Every component table of the game (shared by all games that use it)."""

    name: str
    version: int
    digest: str
    city_health: int
    max_health: int
    max_defence: int
    hand_size: int
    second_hand: int
    third_hand: int
    play_min: int
    play_max: int
    deck: tuple[int, ...]                 # cards per value index
    rows: dict[int, PlayerRow]
    knockout_rounds: dict[tuple[int, int], int]   # (tier of the coming villain, players) -> rounds
    negative_rows: tuple[tuple[int, int], ...]    # (max_total, city_damage), most negative first
    villains: tuple[Villain, ...]
    heroes: tuple[Hero, ...]

    def villain(self, vid: int) -> Villain:
        """The villain of index ``vid`` (0 = V01)."""
        return self.villains[vid]

    def tier_ids(self, tier: int) -> list[int]:
        """Indices of the villains of one tier, in file order."""
        return [i for i, v in enumerate(self.villains) if v.tier == tier]


class _Checker:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, entry: str, rule: str, what: str) -> DataError:
        return DataError(f"{self.path}: {entry}: {what} ({rule}); fix the data file")

    def field(self, data: Any, key: str, kind: type, entry: str, rule: str) -> Any:
        if not isinstance(data, dict) or key not in data:
            raise self.fail(entry, rule, f"missing field {key!r}")
        value = data[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(entry, rule, f"field {key!r} must be an integer, got {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(entry, rule, f"field {key!r} must be a {kind.__name__}, got {value!r}")
        return value


def _cards(c: _Checker, data: dict) -> tuple[int, ...]:
    counts = c.field(c.field(data, "cards", dict, "cards", "HH2"), "counts", dict, "cards", "HH2")
    wanted = {str(v) for v in VALUES}
    if set(counts) != wanted:
        raise c.fail("cards.counts", "HH2", f"values must be exactly {sorted(wanted)}, got {sorted(counts)}")
    deck = tuple(c.field(counts, str(v), int, f"cards.counts[{v}]", "HH2") for v in VALUES)
    if any(n < 0 for n in deck) or sum(deck) != 80:
        raise c.fail("cards.counts", "HH2", f"the deck must hold 80 cards, it holds {sum(deck)}")
    if sum(deck[:4]) != 40:
        raise c.fail("cards.counts", "HH2", f"40 cards must be blue and 40 red, {sum(deck[:4])} are blue")
    return deck


def _rows(c: _Checker, data: dict) -> dict[int, PlayerRow]:
    rows = c.field(c.field(data, "player_table", dict, "player_table", "HH1"), "rows", list, "player_table", "HH1")
    found = {}
    for i, row in enumerate(rows):
        entry = f"player_table.rows[{i}]"
        r = PlayerRow(*(c.field(row, k, int, entry, "HH1")
                        for k in ("players", "shield", "hydra", "health_mod", "strength_mod")))
        if r.shield + r.hydra != r.players:
            raise c.fail(entry, "HH1", f"SHIELD {r.shield} + HYDRA {r.hydra} must equal players {r.players}")
        if r.shield > 5 or r.hydra > 3 or r.hydra < 1:
            raise c.fail(entry, "HH1", "there are 5 SHIELD and 3 HYDRA discs; a row needs 1-3 HYDRA, at most 5 SHIELD")
        found[r.players] = r
    if sorted(found) != [5, 6, 7, 8]:
        raise c.fail("player_table.rows", "HH1", f"rows must cover 5-8 players once each, got {sorted(found)}")
    return found


def _knockouts(c: _Checker, data: dict) -> dict[tuple[int, int], int]:
    rows = c.field(c.field(data, "knockout_table", dict, "knockout_table", "HH21"), "rows", list,
                   "knockout_table", "HH21")
    table = {}
    for i, row in enumerate(rows):
        entry = f"knockout_table.rows[{i}]"
        tier = c.field(row, "tier", int, entry, "HH21")
        rounds = c.field(row, "rounds", dict, entry, "HH21")
        for players in range(5, 9):
            n = c.field(rounds, str(players), int, f"{entry}.rounds", "HH21")
            if not 0 <= n <= players - 2:
                raise c.fail(f"{entry}.rounds[{players}]", "HH21", f"{n} rounds; at most players - 2 = {players - 2}")
            table[(tier, players)] = n
    if sorted({t for t, _ in table}) != [2, 3, 4]:
        raise c.fail("knockout_table.rows", "HH21", "rows must cover the tiers 2, 3 and 4")
    return table


def _negative(c: _Checker, data: dict) -> tuple[tuple[int, int], ...]:
    rows = c.field(c.field(data, "negative_table", dict, "negative_table", "HH17"), "rows", list,
                   "negative_table", "HH17")
    out = []
    for i, row in enumerate(rows):
        entry = f"negative_table.rows[{i}]"
        top, damage = c.field(row, "max_total", int, entry, "HH17"), c.field(row, "city_damage", int, entry, "HH17")
        if top > 0 or damage < 0:
            raise c.fail(entry, "HH17", "max_total must be <= 0 and city_damage >= 0")
        out.append((top, damage))
    return tuple(sorted(out))


def _villains(c: _Checker, data: dict, max_health: int, max_defence: int) -> tuple[Villain, ...]:
    items = c.field(data, "villains", list, "villains", "HH3")
    villains = []
    for i, item in enumerate(items):
        entry = f"villains[{i}]"
        power = c.field(item, "power", dict, entry, "HH19")
        kind = c.field(power, "kind", str, f"{entry}.power", "HH19")
        if kind not in POWER_KINDS:
            raise c.fail(f"{entry}.power", "HH19", f"unknown power {kind!r}; known: {', '.join(sorted(POWER_KINDS))}")
        amount = 0 if kind in POWERS_WITHOUT_AMOUNT else c.field(power, "amount", int, f"{entry}.power", "HH19")
        v = Villain(c.field(item, "id", str, entry, "HH3"), c.field(item, "tier", int, entry, "HH3"),
                    c.field(item, "name", str, entry, "HH3"), c.field(item, "health", int, entry, "HH3"),
                    c.field(item, "strength", int, entry, "HH3"), c.field(item, "defence", int, entry, "HH3"),
                    c.field(item, "quick", bool, entry, "HH19"), kind, amount)
        if v.id != f"V{i + 1:02d}":
            raise c.fail(entry, "HH3", f"id {v.id!r} should be V{i + 1:02d} (villains in id order)")
        if not 1 <= v.health <= max_health or not 0 <= v.defence <= max_defence or v.strength < 1:
            raise c.fail(entry, "HH3", f"health 1-{max_health}, defence 0-{max_defence}, strength >= 1 "
                                       f"(got {v.health}, {v.defence}, {v.strength})")
        if v.quick != (POWER_KINDS[kind] == "static"):
            raise c.fail(entry, "HH19", f"quick must be true exactly for static powers ({kind} is {POWER_KINDS[kind]})")
        villains.append(v)
    tiers = [sum(v.tier == t for v in villains) for t in (1, 2, 3, 4)]
    if len(villains) != 18 or tiers != [5, 7, 5, 1]:
        raise c.fail("villains", "HH3", f"18 villains in tiers 1-4 of 5/7/5/1 are needed, got {tiers}")
    return tuple(villains)


def _heroes(c: _Checker, data: dict) -> tuple[Hero, ...]:
    items = c.field(data, "heroes", list, "heroes", "HH29")
    heroes = []
    for i, item in enumerate(items):
        entry = f"heroes[{i}]"
        effect = c.field(item, "effect", dict, entry, "HH29")
        kind = c.field(effect, "kind", str, f"{entry}.effect", "HH29")
        window = c.field(item, "window", str, entry, "HH28")
        if kind not in EFFECTS:
            raise c.fail(f"{entry}.effect", "HH29", f"unknown effect {kind!r}; known: {', '.join(sorted(EFFECTS))}")
        if window != EFFECTS[kind]:
            raise c.fail(entry, "HH28", f"effect {kind} belongs to the window {EFFECTS[kind]!r}, not {window!r}")
        params = tuple((k, c.field(effect, k, int, f"{entry}.effect", "HH29")) for k in EFFECT_PARAMS.get(kind, ()))
        reveal = c.field(item, "reveal_damage", dict, entry, "HH25")
        hero = Hero(c.field(item, "id", str, entry, "HH29"), c.field(item, "name", str, entry, "HH29"), window, kind,
                    params, c.field(reveal, "active", int, f"{entry}.reveal_damage", "HH25"),
                    c.field(reveal, "knocked_out", int, f"{entry}.reveal_damage", "HH25"))
        if hero.id != f"HR{i + 1:02d}":
            raise c.fail(entry, "HH29", f"id {hero.id!r} should be HR{i + 1:02d} (heroes in id order)")
        heroes.append(hero)
    if len(heroes) != 14 or len({h.effect for h in heroes}) != 14:
        raise c.fail("heroes", "HH29", "14 heroes with 14 different effects are needed")
    return tuple(heroes)


def parse_components(text: str, path: str = "components") -> Components:
    """Components from the JSON text of a data file (DataError naming what is wrong)."""
    c = _Checker(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise c.fail("file", "HH37", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise c.fail("file", "HH37", "the top level must be an object")
    first = c.field(data, "first_hands", dict, "first_hands", "HH7")
    limits = c.field(data, "play_limits", dict, "play_limits", "HH13")
    max_health = c.field(data, "max_villain_health", int, "max_villain_health", "HH3")
    max_defence = c.field(data, "max_defence", int, "max_defence", "HH3")
    city = c.field(data, "city_health", int, "city_health", "HH4")
    if city < 1:
        raise c.fail("city_health", "HH4", "must be at least 1")
    return Components(
        name=c.field(data, "name", str, "name", "HH37"), version=c.field(data, "version", int, "version", "HH37"),
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], city_health=city, max_health=max_health,
        max_defence=max_defence, hand_size=c.field(data, "hand_size", int, "hand_size", "HH10"),
        second_hand=c.field(first, "second", int, "first_hands", "HH7"),
        third_hand=c.field(first, "third", int, "first_hands", "HH7"),
        play_min=c.field(limits, "min", int, "play_limits", "HH13"),
        play_max=c.field(limits, "max", int, "play_limits", "HH13"),
        deck=_cards(c, data), rows=_rows(c, data), knockout_rounds=_knockouts(c, data),
        negative_rows=_negative(c, data), villains=_villains(c, data, max_health, max_defence),
        heroes=_heroes(c, data))


def load_components(path: str | Path | None = None) -> Components:
    """The components of ``path`` (default: the shipped data file), checked."""
    if path is None:
        return default_components()
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{file}: cannot be read: {exc}") from None
    return parse_components(text, str(file))


@cache
def default_components() -> Components:
    """The shipped components (loaded once)."""
    return parse_components(DATA_FILE.read_text(encoding="utf-8"), DATA_FILE.name)
