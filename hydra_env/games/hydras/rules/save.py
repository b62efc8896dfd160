"""Saving a game as JSON and reading it back, with every field checked.

A save is ``{"format": "hydra-env/hydras-game", "version": 1, "cards_name",
"cards_version", "cards_digest", "state": {...}}``; ``state`` is
:meth:`State.to_dict`. Loading refuses anything that is not a consistent
position — a field of the wrong type or range, cards appearing more or fewer
times than the card set has, a hydra whose cards are not linked or do not
match, a pending decision that does not fit the phase — with a
:class:`~hydra_env.errors.SaveError` (a ConfigError) naming the field.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, NoReturn

from hydra_env.api.saves import MAX_INT, first_difference, read_save_text
from hydra_env.errors import SaveError
from hydra_env.games.hydras.rules.hydra import analyse, constraint, linked
from hydra_env.games.hydras.rules.state import NO_FINAL_ROUND, AttackKind, DecisionKind, Phase, State
from hydra_env.games.hydras.rules.tables import EMPTY, Tables

SAVE_FORMAT = "hydra-env/hydras-game"
MAX_COUNTER = 2 ** 62
"""The largest turn or random-event count a save holds: far beyond any game played on from a
save (a game that loads must be able to reload its own save after any play), and within the
native engine's 64-bit counters."""
SAVE_VERSION = 1
_KEYS = frozenset(("format", "version", "cards_name", "cards_version", "cards_digest", "state"))
_PHASE_OF = {DecisionKind.TURN: Phase.TURN, DecisionKind.BLOCK: Phase.BLOCK,
             DecisionKind.BURN: Phase.BURN}


def dump(state: State, tables: Tables) -> str:
    """The whole game (hidden information and random state included) as JSON text."""
    cards = tables.cards
    doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "cards_name": cards.name,
           "cards_version": cards.version, "cards_digest": cards.digest,
           "state": state.to_dict()}
    return json.dumps(doc, separators=(",", ":"))


def _fail(field: str, problem: str) -> NoReturn:
    raise SaveError(f"saved Hydras game: field '{field}': {problem}")


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(field, f"must be an integer, not {json.dumps(value)}")
    if not low <= value <= high:
        _fail(field, f"is {value}, must be between {low} and {high}")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        _fail(field, f"must be a list, not {json.dumps(value)[:40]}")
    if length is not None and len(value) != length:
        _fail(field, f"has {len(value)} items, needs {length}")
    return value


def load(text: str, tables: Tables) -> State:
    """A state saved by :func:`dump`, checked field by field (SaveError when bad)."""
    doc = read_save_text(text, game=SAVE_FORMAT, version=SAVE_VERSION, title="Hydras")
    if doc.keys() != _KEYS:
        _fail(sorted(doc.keys() ^ _KEYS)[0], f"the save's fields must be exactly {sorted(_KEYS)}")
    if first_difference([doc["cards_name"], doc["cards_version"]], [tables.cards.name, tables.cards.version], ""):
        _fail("cards_name", f"the save names card set {doc['cards_name']!r} version {doc['cards_version']!r}, "
                            f"not the cards given ({tables.cards.name!r} version {tables.cards.version!r})")
    if doc.get("cards_digest") != tables.cards.digest:
        _fail("cards_digest", f"the game was saved with card set {doc.get('cards_name')!r} "
                              f"version {doc.get('cards_version')!r}, not the cards given "
                              f"({tables.cards.name!r} version {tables.cards.version!r}); "
                              f"pass cards= that card set")
    data = doc.get("state")
    if not isinstance(data, dict):
        _fail("state", "must be an object")
    check_state(data, tables)
    return State.from_dict(data)


def check_state(data: dict[str, Any], tables: Tables) -> None:
    """Raise SaveError naming the first field of ``data`` that is not a consistent state."""
    fields = ("players", "seed", "random_events", "star_seat", "turn_seat", "turns_taken",
              "final_turns_left", "phase", "game_over", "deck", "discard", "blocks", "offers",
              "history", "log", "hands", "hydras", "pending", "attack", "burn_cell")
    for name in fields:
        if name not in data:
            _fail(f"state.{name}", "is missing")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        _fail(f"state.{unknown[0]}", "is not a field of a Hydras state")
    kinds = tables.kind_count - 1
    players = _int(data["players"], "state.players", 2, tables.max_players)
    seats = players - 1
    _int(data["seed"], "state.seed", 0, MAX_INT)
    _int(data["random_events"], "state.random_events", 0, MAX_COUNTER)
    for name in ("star_seat", "turn_seat"):
        _int(data[name], f"state.{name}", 0, seats)
    _int(data["turns_taken"], "state.turns_taken", 0, MAX_COUNTER)
    _int(data["final_turns_left"], "state.final_turns_left", NO_FINAL_ROUND, players)
    phase = _int(data["phase"], "state.phase", 0, len(Phase) - 1)
    if not isinstance(data["game_over"], bool):
        _fail("state.game_over", "must be true or false")
    for name in ("deck", "discard"):
        for i, card in enumerate(_list(data[name], f"state.{name}")):
            _int(card, f"state.{name}[{i}]", 0, kinds)
    hands = _list(data["hands"], "state.hands", players)
    for s, hand in enumerate(hands):
        if len(_list(hand, f"state.hands[{s}]")) > tables.hand_size:
            _fail(f"state.hands[{s}]", f"holds {len(hand)} cards, at most {tables.hand_size}")
        for i, card in enumerate(hand):
            _int(card, f"state.hands[{s}][{i}]", 0, kinds)
        if hand != sorted(hand):
            _fail(f"state.hands[{s}]", "must be sorted by card kind")
    grids = _list(data["hydras"], "state.hydras", players)
    for s, grid in enumerate(grids):
        check_grid(_list(grid, f"state.hydras[{s}]", tables.cell_count), f"state.hydras[{s}]", tables)
    for i, block in enumerate(_list(data["blocks"], "state.blocks")):
        _list(block, f"state.blocks[{i}]", 2)
        _int(block[0], f"state.blocks[{i}][0]", 0, seats)
        if not tables.is_poison[_int(block[1], f"state.blocks[{i}][1]", 0, kinds)]:
            _fail(f"state.blocks[{i}][1]", "a block must be a poison breath card")
    for i, seat in enumerate(_list(data["offers"], "state.offers")):
        _int(seat, f"state.offers[{i}]", 0, seats)
    for i, action in enumerate(_list(data["history"], "state.history")):
        _int(action, f"state.history[{i}]", 0, tables.codec.size - 1)
    for i, entry in enumerate(_list(data["log"], "state.log")):
        for k, value in enumerate(_list(entry, f"state.log[{i}]", 6)):
            _int(value, f"state.log[{i}][{k}]", -1, 2 ** 31)
    attack = data["attack"]
    if attack is not None:
        _list(attack, "state.attack", 6)
        _int(attack[0], "state.attack[0]", 0, 1)
        _int(attack[1], "state.attack[1]", 0, seats)
        _int(attack[2], "state.attack[2]", 0, kinds)
        _int(attack[3], "state.attack[3]", 0, seats)
        _int(attack[4], "state.attack[4]", 0, tables.cell_count - 1)
        _int(attack[5], "state.attack[5]", 0, 1)
    burn = data["burn_cell"]
    if burn is not None:
        _list(burn, "state.burn_cell", 2)
        _int(burn[0], "state.burn_cell[0]", 0, seats)
        _int(burn[1], "state.burn_cell[1]", 0, tables.cell_count - 1)
    _check_pending(data, tables, phase)
    _check_in_flight(data, tables)
    _check_counts(data, tables)


def check_grid(grid: list, field: str, tables: Tables) -> None:
    """Raise SaveError naming ``field`` unless ``grid`` is a valid hydra: codes in
    range, the body at the centre only, every card linked (H3) and matching (H5)."""
    for cell, code in enumerate(grid):
        _int(code, f"{field}[{cell}]", EMPTY, tables.body_code)
        if (code == tables.body_code) != (cell == tables.centre):
            _fail(f"{field}[{cell}]", "the body sits at the centre cell, and only there")
    keep = linked(grid, tables)
    for cell, code in enumerate(grid):
        if code >= 0 and cell not in keep:
            _fail(f"{field}[{cell}]", f"{tables.cell_name(cell)} is not linked to the body (H3)")
        if code < 0 or tables.kind_of[code] == tables.torch:
            continue
        for direction, other in enumerate(tables.neighbours[cell]):
            near = grid[other] if other >= 0 else EMPTY
            if near < 0 or tables.kind_of[near] == tables.torch:
                continue
            if (tables.sides[code] >> direction & 1) != (tables.sides[near] >> (direction + 2) % 4 & 1):
                _fail(f"{field}[{cell}]", f"{tables.cell_name(cell)} does not match its neighbour "
                                          f"{tables.cell_name(other)} neck to neck (H5)")


def _check_pending(data: dict[str, Any], tables: Tables, phase: int) -> None:
    pending = data["pending"]
    if data["game_over"] or phase == Phase.OVER:
        if not (data["game_over"] and phase == Phase.OVER and pending is None):
            _fail("state.pending", "a finished game has game_over true, phase OVER and no pending")
        return
    if pending is None:
        _fail("state.pending", "a running game needs a pending decision")
    _list(pending, "state.pending", 2)
    kind = _int(pending[0], "state.pending[0]", 0, len(DecisionKind) - 1)
    seat = _int(pending[1], "state.pending[1]", 0, data["players"] - 1)
    if _PHASE_OF[DecisionKind(kind)] != phase:
        _fail("state.pending[0]", f"decision kind {kind} does not fit phase {phase}")
    if kind == DecisionKind.BLOCK and data["attack"] is None:
        _fail("state.attack", "a block offer needs the sword or torch it would block")
    if kind == DecisionKind.BURN and data["burn_cell"] is None:
        _fail("state.burn_cell", "a slash and burn decision needs its cell")
    if kind != DecisionKind.BLOCK and seat != data["turn_seat"]:
        _fail("state.pending[1]", "a turn or slash and burn decision is the turn seat's")
    if not data["hands"][seat]:
        _fail("state.pending[1]", f"seat {seat} decides but holds no card")


def _check_counts(data: dict[str, Any], tables: Tables) -> None:
    found = Counter(data["deck"]) + Counter(data["discard"])
    for hand in data["hands"]:
        found += Counter(hand)
    for grid in data["hydras"]:
        found += Counter(tables.kind_of[code] for code in grid
                         if code >= 0 and code != tables.body_code)
    found += Counter(card for _, card in data["blocks"])
    if data["attack"] is not None:   # in flight: out of the hand, not yet placed
        found[data["attack"][2]] += 1
    for kind in tables.cards.kinds:
        if found[kind.index] != kind.count:
            _fail("state", f"{found[kind.index]} cards of kind {kind.id!r} are in the game, the "
                           f"card set has {kind.count}; every card must be in exactly one place")


def _check_in_flight(data: dict[str, Any], tables: Tables) -> None:
    """What is in flight must be possible: an attack only under a block offer, played by the
    turn seat, a sword (H7) on a card it may cut, a torch (H9) into an open end of an
    opponent's hydra (a slash and burn torch, H8: into the cut cell); a burn cell only
    under a slash and burn decision, on an opponent's empty fillable cell."""
    pending, attack, burn = data["pending"], data["attack"], data["burn_cell"]
    kind = None if pending is None else pending[0]
    if attack is not None:
        if kind != DecisionKind.BLOCK:
            _fail("state.attack", "a sword or torch is in flight only while block offers run")
        what, seat, card, target, cell, burning = attack
        grid = data["hydras"][target]
        if seat != data["turn_seat"]:
            _fail("state.attack[1]", "the card in flight is the turn seat's")
        if what == AttackKind.SWORD:
            if not tables.is_sword[card] or burning:
                _fail("state.attack", "a sword in flight must be a card with the sword icon, not a burn")
            if cell not in analyse(grid, tables).sword_targets:
                _fail("state.attack[4]", f"a sword cannot cut {tables.cell_name(cell)} of that hydra (H7)")
        else:
            if card != tables.torch or target == seat:
                _fail("state.attack", "a torch in flight is the torch card, played on an opponent's hydra (H9)")
            ends = [end[0] for end in analyse(grid, tables).open_ends]
            if (grid[cell] != EMPTY or not constraint(grid, tables, cell)[1]) if burning else cell not in ends:
                _fail("state.attack[4]", f"a torch cannot go into {tables.cell_name(cell)} of that hydra (H8, H9)")
    if burn is not None:
        target, cell = burn
        grid = data["hydras"][target]
        if kind != DecisionKind.BURN or target == data["turn_seat"]:
            _fail("state.burn_cell", "a burn cell is an opponent's, only under a slash and burn decision")
        if grid[cell] != EMPTY or not constraint(grid, tables, cell)[1] or tables.torch not in \
                data["hands"][data["turn_seat"]]:
            _fail("state.burn_cell", "slash and burn needs an empty fillable cell and a torch in hand (H8)")
