"""What a seat may see (H14), and re-dealing what it may not.

Hidden from a seat: the deck's order and the other seats' hands (and the
game's seed). Public: every hydra, the discard pile in order, the number of
cards in each hand and in the deck, every play and block (the log), the
pending decision and the block chain. :func:`observe` builds a seat's view
from those facts only; :func:`determinize` deals the hidden cards anew,
consistently with the view. Raw action indices of other seats are never
part of a view: their hand slots would tell how those hands are sorted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from hydra_env.api.views import SeatViewBase
from hydra_env.games.hydras.rules.scoring import seat_scores
from hydra_env.games.hydras.rules.state import DECISION_NAMES, Event, State
from hydra_env.games.hydras.rules.tables import Tables

if TYPE_CHECKING:
    from hydra_env.games.hydras.rules.game import HydrasGame

_ATTACK_NAMES = ("sword", "torch")


def hydra_cards(state: State, tables: Tables, seat: int) -> list[dict[str, Any]]:
    """The cards of ``seat``'s hydra as plain data (cell, card id, rotation)."""
    out = []
    for cell, code in enumerate(state.hydras[seat]):
        if code < 0:
            continue
        card = "body" if code == tables.body_code else tables.kind_name(tables.kind_of[code])
        out.append({"cell": tables.cell_name(cell), "card": card, "rotation": code & 3
                    if code != tables.body_code else 0})
    return out


def log_entry(entry: tuple, tables: Tables) -> dict[str, Any]:
    """A public log entry as plain data."""
    event, seat, card, target, cell, rotation = entry
    out: dict[str, Any] = {"event": Event(event).name.lower(), "seat": seat}
    if card >= 0:
        out["card"] = tables.kind_name(card)
    if target >= 0:
        out["target"] = target
    if cell >= 0:
        out["cell"] = tables.cell_name(cell)
    if rotation >= 0:
        out["count" if event in (Event.CUT, Event.DRAW) else "rotation"] = rotation
    return out


def observe(state: State, tables: Tables, seat: int) -> dict[str, Any]:
    """The view of ``seat``: public information and its own hand, as plain data."""
    pending = state.pending
    attack = state.attack
    scores = seat_scores(state, tables)
    return {
        "seat": seat, "players": state.players, "star_seat": state.star_seat,
        "turn_seat": state.turn_seat, "turns_taken": state.turns_taken,
        "over": state.game_over,
        "pending": None if pending is None else {"kind": DECISION_NAMES[pending.kind],
                                                 "seat": pending.seat},
        "attack": None if attack is None else {
            "kind": _ATTACK_NAMES[attack.kind], "seat": attack.seat,
            "card": tables.kind_name(attack.card), "target": attack.target,
            "cell": tables.cell_name(attack.cell), "burn": attack.burn},
        "blocks": [{"seat": s, "card": tables.kind_name(c)} for s, c in state.blocks],
        "offers_left": list(state.offers),
        "burn_cell": None if state.burn_cell is None else
        {"target": state.burn_cell[0], "cell": tables.cell_name(state.burn_cell[1])},
        "deck_size": len(state.deck), "final_turns_left": state.final_turns_left,
        "hand_sizes": [len(h) for h in state.hands],
        "hand": [tables.kind_name(c) for c in state.hands[seat]],
        "discard": [tables.kind_name(c) for c in state.discard],
        "hydras": [hydra_cards(state, tables, s) for s in range(state.players)],
        "board_scores": [s.board for s in scores],
        "hand_penalty": scores[seat].hand_penalty,
        "log": [log_entry(e, tables) for e in state.log],
    }


def determinize(state: State, tables: Tables, seat: int, rng: np.random.Generator) -> State:
    """A copy whose hidden cards (for ``seat``) are dealt anew and whose seed is
    drawn from ``rng``; ``observe(copy, seat) == observe(state, seat)``.

    The copy depends only on what ``seat`` sees and on ``rng``: the hidden
    cards are sorted before they are shuffled.
    """
    copy = state.clone()
    others = [s for s in range(copy.players) if s != seat]
    pool = sorted(copy.deck + [card for s in others for card in copy.hands[s]])
    order = rng.permutation(len(pool)).tolist()
    dealt = [pool[i] for i in order]
    for s in others:
        size = len(copy.hands[s])
        copy.hands[s] = sorted(dealt[:size])
        dealt = dealt[size:]
    copy.deck = dealt
    copy.seed = int(rng.integers(1 << 63))
    copy.random_events = 0
    if copy.pending is None or copy.pending.seat != seat:
        copy.legal_cache = None
    return copy


class HydrasSeatView(SeatViewBase):
    """What one seat's player (a person or a bot) is given to decide with.

    It answers from the seat's information only; :meth:`sample` gives a full
    game in which everything hidden from the seat is dealt anew, for
    lookahead and search. Bots that use only a view cannot peek (H14).
    """

    __slots__ = ()

    def __init__(self, game: HydrasGame, seat: int, *, redeal: bool = True) -> None:
        """Wrap ``game`` for ``seat``; ``redeal=False`` for games that already
        are samples (then :meth:`sample` is a plain clone)."""
        self._game = game
        self.seat = seat
        self._redeal = redeal

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._game.num_players

    @property
    def tables(self) -> Tables:
        """The card set's tables (codec included)."""
        return self._game.tables

    @property
    def hand(self) -> list[int]:
        """The seat's own hand (kind indices, sorted)."""
        return list(self._game.state.hands[self.seat])
