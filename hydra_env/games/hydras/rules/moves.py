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

from hydra_env.games.hydras.rules.hydra import analysis_of, placements
from hydra_env.games.hydras.rules.state import DecisionKind, State
from hydra_env.games.hydras.rules.tables import Tables

_NECK_KEY = 1 << 20     # cache keys in Analysis.placements (kinds use 0 … K−1)
_SWORD_KEY = 1 << 30


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
    return tuple(turn_actions(state, tables, seat))


def turn_actions(state: State, tables: Tables, seat: int) -> list[int]:
    """The plays of ``seat``'s turn, ascending (see the module docstring). Built
    block by block in the codec's order, so no sort is needed."""
    codec = tables.codec
    players, cells, seats = state.players, codec.cells, codec.max_players
    torch, is_sword = tables.torch, tables.is_sword
    analyses = [analysis_of(state, tables, (seat + offset) % players) for offset in range(players)]
    necks: list[int] = []
    swords: list[int] = []
    torches: list[int] = []
    discards: list[int] = []
    previous = -1
    for slot, kind in enumerate(state.hands[seat]):
        if kind == previous:
            continue
        previous = kind
        discards.append(codec.discard_base + slot)
        if kind == torch:
            for offset in range(1, players):
                base = codec.torch_base + offset * cells
                torches.extend([base + end[0] for end in analyses[offset].open_ends])
            continue
        sword = is_sword[kind]
        for offset, found in enumerate(analyses):
            # Cached in the hydra's analysis (replaced whenever the hydra changes).
            cache = found.placements
            key = _NECK_KEY + (kind * 64 + slot) * 8 + offset
            plays = cache.get(key)
            if plays is None:
                base = 4 * (slot * seats + offset) * cells
                plays = cache[key] = tuple(base + spot for spot in placements(found, tables, kind))
            necks.extend(plays)
            if sword:
                key = _SWORD_KEY + slot * 8 + offset
                cuts = cache.get(key)
                if cuts is None:
                    sword_base = codec.sword_base + (slot * seats + offset) * cells
                    cuts = cache[key] = tuple(sword_base + cell for cell in found.sword_targets)
                swords.extend(cuts)
    return necks + swords + torches + discards


def is_legal(state: State, tables: Tables, action: int) -> bool:
    """Whether ``action`` (an int) is legal now."""
    return action in legal_actions(state, tables)
