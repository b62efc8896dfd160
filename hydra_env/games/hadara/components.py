"""Hadara's component data: load and check ``data/hadara-components.json`` (a reconstruction).

Every number of the game lives in the data file, never in the rules code. The
shipped file is a RECONSTRUCTION (the rulebook gives the procedure but none of the
numbers); a user who owns the game may type the published values into the same
format and load it with ``components=<path>``. The loader refuses a file that
breaks the format, naming the file, the entry and the problem (:class:`DataError`).

numpy and the standard library only.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hydra_env.errors import DataError

FORMAT = "hadara-components/1"
DATA_FILE = Path(__file__).with_name("data") / "hadara-components.json"
COLOURS = ("yellow", "red", "blue", "green", "purple")
TRACKS = ("income", "military", "culture", "food")
PURPLE = 4
EPOCHS = 3
LEVELS = 5
EFFECT_NONE, EFFECT_COINS, EFFECT_BOOST, EFFECT_SELL_BONUS = 0, 1, 2, 3
EFFECT_KINDS = {"coins": EFFECT_COINS, "boost": EFFECT_BOOST, "sell_bonus": EFFECT_SELL_BONUS}


@dataclass(frozen=True)
class Card:
    """One epoch card: epoch 1-3, colour index (data order), cost, track values, points, effect."""

    id: str
    index: int
    epoch: int
    colour: int
    cost: int
    tracks: tuple[int, int, int, int]
    points: int
    star: bool
    effect: int          # EFFECT_* code
    effect_arg: int      # coins n, boost colour index, or sell bonus n (0 for none)


@dataclass(frozen=True)
class Colony:
    """One colony: its coin side (level, requirement, points, plunder, integration cost) and back."""

    id: str
    index: int
    level: int
    requirement: int
    points: int
    plunder: int
    cost: int
    back: tuple[int, int, int, int]


@dataclass(frozen=True)
class SetupCard:
    """One setup card (side A): initiative, starting tracks and coins."""

    id: str
    initiative: int
    tracks: tuple[int, int, int, int]
    coins: int


@dataclass(frozen=True)
class Statue:
    """One statue of the player board: culture requirement, points, bonus value."""

    culture: int
    points: int
    bonus: int


@dataclass(frozen=True)
class Components:
    """A checked component set (see the module docstring)."""

    path: str
    source: str
    note: str
    board_order: tuple[int, ...]              # colour index at each board position, clockwise
    sale_value: tuple[int, int, int]          # coins for a sold card of epoch I, II, III
    setup_cards: tuple[SetupCard, ...]
    statues: tuple[Statue, ...]
    tiles_per_track: int
    silver_spaces: int
    gold_spaces: int
    silver_price: tuple[int, int, int]
    gold_price: tuple[int, int, int]
    gold_points_per_set: int
    coins_per_point: int
    colonies: tuple[Colony, ...]
    cards: tuple[Card, ...]
    calibration: tuple[str, ...]

    def epoch_cards(self, epoch: int, colour: int) -> list[int]:
        """The unstarred cards (basic game) of ``epoch`` (1-3) and ``colour``, by index."""
        return [c.index for c in self.cards if c.epoch == epoch and c.colour == colour and not c.star]

    def level_colonies(self, level: int) -> list[int]:
        """The colonies of ``level`` (1-5), by index."""
        return [c.index for c in self.colonies if c.level == level]


class _Checker:
    """Raises DataError naming the file and the entry."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, entry: str, problem: str) -> DataError:
        return DataError(f"component file {self.path}: {entry}: {problem}")

    def get(self, data: Any, key: str, entry: str) -> Any:
        if not isinstance(data, dict) or key not in data:
            raise self.fail(entry, f"missing key {key!r}")
        return data[key]

    def count(self, value: Any, entry: str, low: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(entry, f"must be an integer, got {value!r}")
        if value < low:
            raise self.fail(entry, f"must be an integer >= {low}, got {value}")
        return value

    def tracks(self, value: Any, entry: str) -> tuple[int, int, int, int]:
        if not isinstance(value, dict) or set(value) != set(TRACKS):
            raise self.fail(entry, f"must map exactly the tracks {', '.join(TRACKS)}, got {value!r}")
        return tuple(self.count(value[t], f"{entry}.{t}") for t in TRACKS)  # type: ignore[return-value]


def _effect(check: _Checker, raw: Any, colour: int, entry: str) -> tuple[int, int]:
    if raw is None:
        return EFFECT_NONE, 0
    if colour != PURPLE:
        raise check.fail(entry, "only purple cards may have an effect")
    kind = check.get(raw, "kind", entry)
    if kind not in EFFECT_KINDS:
        raise check.fail(entry, f"effect kind {kind!r} is outside the vocabulary {sorted(EFFECT_KINDS)}")
    if kind == "boost":
        target = check.get(raw, "colour", entry)
        if target not in COLOURS[:PURPLE]:
            raise check.fail(entry, f"boost colour must be a track colour {COLOURS[:PURPLE]}, got {target!r}")
        return EFFECT_BOOST, COLOURS.index(target)
    return EFFECT_KINDS[kind], check.count(check.get(raw, "n", entry), f"{entry}.n", 1)


def _cards(check: _Checker, raw: Any) -> tuple[Card, ...]:
    if not isinstance(raw, list) or len(raw) != 162:
        got = len(raw) if isinstance(raw, list) else repr(raw)
        raise check.fail("cards", f"must be a list of 162 epoch cards, got {got}")
    cards, ids = [], set()
    for position, item in enumerate(raw):
        entry = f"cards[{position}]"
        card_id = check.get(item, "id", entry)
        entry = f"cards[{position}] ({card_id})"
        if card_id in ids:
            raise check.fail(entry, f"duplicate id {card_id!r}")
        ids.add(card_id)
        if check.get(item, "index", entry) != position:
            raise check.fail(entry, f"index must equal the position {position}, got {item['index']!r}")
        epoch = check.count(check.get(item, "epoch", entry), f"{entry}.epoch", 1)
        if epoch > EPOCHS:
            raise check.fail(entry, f"epoch must be 1-3, got {epoch}")
        colour_name = check.get(item, "colour", entry)
        if colour_name not in COLOURS:
            raise check.fail(entry, f"colour must be one of {COLOURS}, got {colour_name!r}")
        colour = COLOURS.index(colour_name)
        star = check.get(item, "star", entry)
        if not isinstance(star, bool):
            raise check.fail(entry, f"star must be true or false, got {star!r}")
        effect, arg = _effect(check, check.get(item, "effect", entry), colour, f"{entry}.effect")
        cost = check.count(check.get(item, "cost", entry), f"{entry}.cost")
        cards.append(Card(card_id, position, epoch, colour, cost,
                          check.tracks(check.get(item, "tracks", entry), f"{entry}.tracks"),
                          check.count(check.get(item, "points", entry), f"{entry}.points"), star, effect, arg))
    for epoch in range(1, EPOCHS + 1):
        for colour, name in enumerate(COLOURS):
            basic = sum(1 for c in cards if c.epoch == epoch and c.colour == colour and not c.star)
            if basic != 10:
                raise check.fail("cards", f"epoch {epoch} must have 10 unstarred {name} cards, has {basic}")
        starred = [c for c in cards if c.epoch == epoch and c.star]
        if len(starred) != 4 or any(c.colour != PURPLE for c in starred):
            raise check.fail("cards", f"epoch {epoch} must have 4 starred cards, all purple")
    return tuple(cards)


def _colonies(check: _Checker, raw: Any) -> tuple[Colony, ...]:
    if not isinstance(raw, list) or len(raw) != 25:
        raise check.fail("colonies", "must be a list of 25 colonies (5 levels x 5)")
    colonies = []
    for position, item in enumerate(raw):
        entry = f"colonies[{position}] ({item.get('id') if isinstance(item, dict) else item!r})"
        if check.get(item, "index", entry) != position:
            raise check.fail(entry, f"index must equal the position {position}")
        level = check.count(check.get(item, "level", entry), f"{entry}.level", 1)
        colonies.append(Colony(str(check.get(item, "id", entry)), position, level,
                               check.count(check.get(item, "requirement", entry), f"{entry}.requirement"),
                               check.count(check.get(item, "points", entry), f"{entry}.points"),
                               check.count(check.get(item, "plunder", entry), f"{entry}.plunder"),
                               check.count(check.get(item, "integrate_cost", entry), f"{entry}.integrate_cost"),
                               check.tracks(check.get(item, "back", entry), f"{entry}.back")))
    if len({c.id for c in colonies}) != 25:
        raise check.fail("colonies", "colony ids must be unique")
    previous = -1
    for level in range(1, LEVELS + 1):
        group = [c for c in colonies if c.level == level]
        if len(group) != 5:
            raise check.fail("colonies", f"level {level} must have 5 colonies, has {len(group)}")
        sides = {(c.requirement, c.points, c.plunder, c.cost) for c in group}
        if len(sides) != 1:
            raise check.fail("colonies", f"the colonies of level {level} must share one coin side (requirement, "
                             f"points, plunder, cost): the coin side must not tell the back, got {sorted(sides)}")
        if group[0].requirement <= previous:
            raise check.fail("colonies", f"requirements must increase with the level (level {level})")
        previous = group[0].requirement
    return tuple(colonies)


def _board(check: _Checker, data: Any) -> dict[str, Any]:
    board = check.get(data, "player_board", "player_board")
    statues = []
    for k, item in enumerate(check.get(board, "statues", "player_board")):
        entry = f"player_board.statues[{k}]"
        statues.append(Statue(check.count(check.get(item, "culture", entry), f"{entry}.culture"),
                              check.count(check.get(item, "points", entry), f"{entry}.points"),
                              check.count(check.get(item, "bonus", entry), f"{entry}.bonus")))
    if len(statues) != 6 or any(b.culture <= a.culture for a, b in zip(statues, statues[1:])):
        raise check.fail("player_board.statues", "must be 6 statues with increasing culture requirements")
    tiles = check.count(check.get(board, "tiles_per_track", "player_board"), "player_board.tiles_per_track", 1)
    silver = check.count(check.get(board, "silver_spaces", "player_board"), "player_board.silver_spaces")
    gold = check.count(check.get(board, "gold_spaces", "player_board"), "player_board.gold_spaces")
    if 4 * tiles < len(statues) + silver:
        raise check.fail("player_board", "4 x tiles_per_track must cover the statues and silver spaces")
    return {"statues": tuple(statues), "tiles_per_track": tiles, "silver_spaces": silver, "gold_spaces": gold}


def _three(check: _Checker, raw: Any, entry: str) -> tuple[int, int, int]:
    if not isinstance(raw, list) or len(raw) != 3:
        raise check.fail(entry, f"must list 3 values (epochs I, II, III), got {raw!r}")
    return tuple(check.count(v, f"{entry}[{k}]") for k, v in enumerate(raw))  # type: ignore[return-value]


def parse_components(data: Any, path: str = "<data>") -> Components:
    """A checked :class:`Components` from the decoded JSON ``data`` (DataError naming ``path``)."""
    check = _Checker(path)
    if check.get(data, "format", "format") != FORMAT:
        raise check.fail("format", f"must be {FORMAT!r}, got {data.get('format')!r}")
    order = check.get(data, "board_order", "board_order")
    if not isinstance(order, list) or sorted(order) != sorted(COLOURS):
        raise check.fail("board_order", f"must be a permutation of {list(COLOURS)}, got {order!r}")
    sale = check.get(data, "sale_value", "sale_value")
    setups = []
    for k, item in enumerate(check.get(data, "setup_cards", "setup_cards")):
        entry = f"setup_cards[{k}]"
        setups.append(SetupCard(str(check.get(item, "id", entry)),
                                check.count(check.get(item, "initiative", entry), f"{entry}.initiative", 1),
                                check.tracks(check.get(item, "tracks", entry), f"{entry}.tracks"),
                                check.count(check.get(item, "coins", entry), f"{entry}.coins")))
    if sorted(s.initiative for s in setups) != [1, 2, 3, 4, 5]:
        raise check.fail("setup_cards", "must be 5 cards with initiatives 1-5")
    medals = check.get(data, "medals", "medals")
    return Components(
        path=path, source=str(data.get("source", "")), note=str(data.get("note", "")),
        board_order=tuple(COLOURS.index(c) for c in order),
        sale_value=tuple(check.count(check.get(sale, str(e), "sale_value"), f"sale_value.{e}") for e in (1, 2, 3)),
        setup_cards=tuple(setups), **_board(check, data),
        silver_price=_three(check, check.get(medals, "silver_price", "medals"), "medals.silver_price"),
        gold_price=_three(check, check.get(medals, "gold_price", "medals"), "medals.gold_price"),
        gold_points_per_set=check.count(check.get(medals, "gold_points_per_set", "medals"),
                                        "medals.gold_points_per_set"),
        coins_per_point=check.count(check.get(check.get(data, "scoring", "scoring"), "coins_per_point", "scoring"),
                                    "scoring.coins_per_point", 1),
        colonies=_colonies(check, check.get(data, "colonies", "colonies")),
        cards=_cards(check, check.get(data, "cards", "cards")),
        calibration=tuple(str(x) for x in data.get("calibration", [])))


def load_components(path: str | os.PathLike) -> Components:
    """The component set of the JSON file at ``path``, checked (DataError naming the file)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"component file {name}: cannot be read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"component file {name}: not valid JSON: {exc}") from None
    return parse_components(data, name)


@cache
def default_components() -> Components:
    """The shipped reconstruction (loaded once)."""
    return load_components(DATA_FILE)


def resolve_components(components: Components | str | os.PathLike | None) -> Components:
    """The shipped set for None or "" , a given set, or the set of a file path."""
    if components is None or components == "":
        return default_components()
    if isinstance(components, Components):
        return components
    return load_components(components)
