"""Hydras in words: the public log's events and the options of a decision.

:func:`event_text` says what one entry of the public log did (every play,
block, cut and draw is public, H14; a draw names only its count).
:func:`option_groups` turns the legal actions of the deciding seat into the
:class:`agents.play_text.OptionGroup` lines that ``hydra-env play`` prints
and reads back (``A neck on seat 0 (you) → 1 r-1c+0 0°  2 r-1c+0 90° …``):
the hand's cards are ``A``–``D`` in hand order. ``hydra-env play --game
hydras`` and the replay page both use these texts.
"""

from __future__ import annotations

from typing import Any

from agents.play_text import OptionGroup
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules.state import Event
from hydra_env.games.hydras.rules.tables import ROTATION_NAMES, Tables

SLOTS = "ABCDEFGH"


def seat_name(seat: int, viewer: int | None) -> str:
    """``seat 2``, or ``seat 2 (you)`` for the viewer."""
    return f"seat {seat}" + (" (you)" if seat == viewer else "")


def event_text(entry: tuple, tables: Tables, viewer: int | None = None) -> str:
    """One public log entry in words."""
    event, seat, card, target, cell, rotation = entry
    who = seat_name(seat, viewer)
    name = tables.kind_name(card) if card >= 0 else ""
    whose = "" if target < 0 else "your hydra" if target == viewer else f"seat {target}'s hydra"
    where = tables.cell_name(cell) if cell >= 0 else ""
    if event == Event.NECK:
        return f"{who} lays {name} as a neck on {whose} at {where}, turned {ROTATION_NAMES[rotation]}"
    if event == Event.SWORD:
        return f"{who} plays {name} as a sword on {whose} at {where} (it may be blocked)"
    if event == Event.TORCH:
        return f"{who} plays a torch on {whose} at {where} (it may be blocked)"
    if event == Event.DISCARD:
        return f"{who} discards {name}"
    if event == Event.BLOCK:
        return f"{who} blocks with the poison breath of {name}"
    if event == Event.CUT:
        return f"the sword cuts {whose} at {where}: {rotation} card{'s' if rotation != 1 else ''} removed"
    if event == Event.CANCELLED:
        return "the card under the block chain is cancelled: no effect"
    if event == Event.SKIP:
        return f"{who} has no cards and skips the play"
    if event == Event.DRAW:
        return f"{who} draws {rotation} card{'s' if rotation != 1 else ''}"
    if event == Event.PLACED:
        return f"the torch is placed on {whose} at {where}"
    return f"event {event} of {who}"                       # pragma: no cover - every event named


def option_groups(game: Any, legal: list[int]) -> list[OptionGroup]:
    """The legal actions of the deciding seat grouped by hand card and use (see the module
    docstring); only that seat's own cards are named."""
    state, tables = game.state, game.tables
    seat, players = state.pending.seat, state.players
    hand = state.hands[seat]
    decode = tables.codec.decode
    groups: dict[tuple, OptionGroup] = {}

    def add(key: tuple, code: str, card: str, kind: str, action: int, target: str) -> None:
        group = groups.setdefault(key, OptionGroup(code, card, kind))
        group.actions.append(action)
        group.targets.append(target)

    for action in legal:
        kind, slot, target, cell, rotation = decode(action)
        letter = SLOTS[slot] if slot >= 0 else ""
        card = tables.kind_name(hand[slot]) if slot >= 0 else ""
        owner = (seat + target) % players if target >= 0 else -1
        on = f"on {seat_name(owner, seat)}"
        if kind == actions.NECK:
            add((kind, slot, owner), letter, card, f"neck {on}", action,
                f"{tables.cell_name(cell)} {ROTATION_NAMES[rotation]}")
        elif kind == actions.SWORD:
            add((kind, slot, owner), letter, card, f"sword {on}", action, tables.cell_name(cell))
        elif kind == actions.TORCH:
            add((kind, owner), "torch", "", on, action, tables.cell_name(cell))
        elif kind == actions.DISCARD:
            add((kind,), "discard", "", "", action, f"{letter} {card}")
        elif kind in (actions.BURN, actions.NO_BURN):
            add((actions.BURN,), "", "slash and burn", "", action,
                "burn" if kind == actions.BURN else "no burn")
        elif kind == actions.BLOCK:
            add((kind,), "block", "", "with", action, f"{letter} {card}")
        else:
            add((kind,), "", "", "", action, "pass")
    return list(groups.values())


def hand_text(game: Any, seat: int) -> str:
    """``your hand: A plain turn · B sword bend`` (the seat's own cards only)."""
    tables = game.tables
    cards = [f"{SLOTS[k]} {tables.kind_name(c)} ({tables.kind_heads[c]} heads)"
             for k, c in enumerate(game.state.hands[seat])]
    return "your hand: " + (" · ".join(cards) if cards else "empty")
