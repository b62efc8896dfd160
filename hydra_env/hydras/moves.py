"""The legal decisions of a position, as sorted action indices (H4–H9, H11).

A turn offers, for every distinct card in hand (equal cards: the first slot
only): a discard; each neck play into each open end of each hydra in each
distinct rotation that matches (H5, H6); a sword on each eligible card or
torch of each hydra when the card has the sword icon (H7); a torch into each
open end of each opponent's hydra (H9). A block offer takes a poison breath
from hand (each distinct one) or a pass (H11); a slash and burn takes the
torch or declines (H8). Every decision has at least one legal action.
"""

from __future__ import annotations

from hydra_env.hydras.hydra import analysis_of
from hydra_env.hydras.state import DecisionKind, State
from hydra_env.hydras.tables import Tables


def legal_actions(state: State, tables: Tables) -> tuple[int, ...]:
    """The legal action indices, ascending (empty once the game is over); cached."""
    found = state.legal_cache
    if found is None:
        found = state.legal_cache = _compute(state, tables)
    return found


def _compute(state: State, tables: Tables) -> tuple[int, ...]:
    pending = state.pending
    if pending is None:
        return ()
    codec = tables.codec
    seat = pending.seat
    hand = state.hands[seat]
    if pending.kind == DecisionKind.BLOCK:
        out = [codec.block(slot) for slot, kind in enumerate(hand)
               if tables.is_poison[kind] and (slot == 0 or hand[slot - 1] != kind)]
        out.append(codec.pass_)
        return tuple(out)
    if pending.kind == DecisionKind.BURN:
        return (codec.burn, codec.no_burn)
    return tuple(sorted(turn_actions(state, tables, seat)))


def turn_actions(state: State, tables: Tables, seat: int) -> list[int]:
    """The plays of ``seat``'s turn, unsorted (see the module docstring)."""
    codec = tables.codec
    players = state.players
    torch = tables.torch
    fits, is_sword = tables.fits, tables.is_sword
    analyses = [analysis_of(state, tables, (seat + offset) % players) for offset in range(players)]
    out: list[int] = []
    previous = -1
    for slot, kind in enumerate(state.hands[seat]):
        if kind == previous:
            continue
        previous = kind
        out.append(codec.discard(slot))
        if kind == torch:
            for offset in range(1, players):
                for cell, _, _ in analyses[offset].open_ends:
                    out.append(codec.torch(offset, cell))
            continue
        table = fits[kind]
        for offset, found in enumerate(analyses):
            base = (slot * codec.max_players + offset) * codec.cells
            for cell, fixed, required in found.open_ends:
                for rotation in table[fixed * 16 + required]:
                    out.append((base + cell) * 4 + rotation)
            if is_sword[kind]:
                sword_base = codec.sword_base + base
                out.extend(sword_base + cell for cell in found.sword_targets)
    return out


def is_legal(state: State, tables: Tables, action: int) -> bool:
    """Whether ``action`` (an int) is legal now."""
    return action in legal_actions(state, tables)
