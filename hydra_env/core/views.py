"""What a seat may see (R41), and re-dealing what it may not.

Hidden from a seat: the order and contents of the decks, face-down hydra
cards (solo row C before the oracle phase; the coordinated Hydra-phase
stack), the order of the cards revealed in the Hydra phase, the action and
hydra cards in other seats' hands, and the game's random seed. Everything
else is public. :func:`observe` builds a seat's view from public facts only;
:func:`determinize` deals the hidden cards anew, consistently with that view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from hydra_env.core import coop
from hydra_env.core.codec import DISPLAY_SLOTS
from hydra_env.core.state import D_EVADE, D_SHOVE, DECISION_NAMES, EVADE_CAUSES, PHASE_NAMES, State
from hydra_env.core.tables import Rules

if TYPE_CHECKING:
    from hydra_env.core.game import Game


def observe(st: State, R: Rules, seat: int) -> dict[str, Any]:
    """The view of ``seat``: public information and its own hand, as plain data."""
    comp, B = R.comp, R.B
    acards, hcards = comp.action_cards, comp.hydra_cards
    pd = st.pending
    pending = None
    if pd is not None:
        pending = {"kind": DECISION_NAMES[pd[0]], "seat": pd[1]}
        if pd[0] in (D_SHOVE, D_EVADE):
            pending["targets"] = B.spaces(pd[2])
        if pd[0] == D_EVADE:
            pending["cause"] = EVADE_CAUSES[pd[3]]
    view: dict[str, Any] = {
        "seat": seat, "scenario": st.scenario, "stars": st.stars, "solo": R.solo,
        "round": st.round + 1, "rounds": len(st.moon), "moon": st.moon,
        "phase": PHASE_NAMES[st.phase], "over": st.over, "outcome": st.outcome,
        "pending": pending, "walls": st.walls, "walls_max": st.walls_max,
        "heads": [{"colour": comp.hydra_colours[c], "path": st.colour_path[c],
                   "position": st.head_pos[c], "counter": st.heads[c],
                   "space": B.paths[st.colour_path[c]][st.head_pos[c]]}
                  for c in range(len(st.heads))],
        "heroes": [{"seat": h, "space": st.hero[h], "shield": bool(st.shield[h]),
                    "glory": st.glory[h]} for h in range(st.n)],
        "barricades": list(st.barricades),
        "display": [{"slot": i, "card": acards[c].id if c >= 0 else None, "token": st.dtoken[i]}
                    for i, c in enumerate(st.display)],
        "deck_size": len(st.deck), "discard": [acards[c].id for c in st.discard],
        "hydra_deck_sizes": [len(d) for d in st.hdeck],
        "hydra_discards": [[hcards[c].id for c in d] for d in st.hdiscard],
        "city_used": list(st.city_used), "history_length": len(st.history),
    }
    if R.solo:
        view["row"] = [{"col": j, "card": hcards[c].id if c >= 0 and st.revealed else None,
                        "present": c >= 0, "blocked": bool(st.row_block[j])}
                       for j, c in enumerate(st.row)]
        view["actions_done"] = st.done
        view["columns_used"] = st.cols_used
    else:
        view.update(_coop_view(st, R, seat))
    return view


def _coop_view(st: State, R: Rules, seat: int) -> dict[str, Any]:
    acards, hcards = R.comp.action_cards, R.comp.hydra_cards
    hands = []
    for s in range(st.n):
        played = [acards[c].id for k, c in enumerate(st.hands[s]) if st.hand_used[s][k]]
        entry = {"seat": s, "played": played,
                 "unused_action_cards": len(st.hands[s]) - len(played),
                 "hydra_cards": len(st.hhands[s]), "tokens_left": coop.tokens_left(st, R, s)}
        if s == seat:
            entry["action_cards"] = [{"slot": DISPLAY_SLOTS + k, "card": acards[c].id,
                                      "used": bool(st.hand_used[s][k])}
                                     for k, c in enumerate(st.hands[s])]
            entry["hydra_hand"] = [hcards[c].id for c in st.hhands[s]]
        hands.append(entry)
    return {"hands": hands, "order": list(st.order), "turn": st.turn + 1,
            "turn_seat": st.order[st.oidx] if st.oidx < st.n else None,
            "stack_size": len(st.stack), "hydra_phase_cards_left": len(st.queue),
            "victory_pending": bool(st.victory)}


def determinize(st: State, R: Rules, seat: int, rng: np.random.Generator) -> State:
    """A copy of ``st`` whose hidden cards (for ``seat``) are dealt anew and whose
    future randomness is reseeded; ``observe(copy, seat)`` equals ``observe(st, seat)``.

    The copy depends only on what ``seat`` sees and on ``rng``: two states
    that differ only in hidden information give the same copy.
    """
    s = st.clone()
    others = [o for o in range(s.n) if o != seat]
    # Action cards: the deck, other seats' unused hand cards, their cards in the Hydra-phase queue.
    slots = [(s.deck, i) for i in range(len(s.deck))]
    for o in others:
        slots += [(s.hands[o], k) for k in range(len(s.hands[o])) if not s.hand_used[o][k]]
    slots += [(s.queue, i) for i, x in enumerate(s.queue) if x >= 0 and s.queue_src[i] not in (-1, seat)]
    _redeal(slots, rng)
    _shuffle_positions(s, [i for i, x in enumerate(s.queue) if x >= 0], rng, seat)
    # Hydra cards, within each deck (light, red).
    deck_of = R.T.hcard_deck
    for d in (0, 1):
        hslots = [(s.hdeck[d], i) for i in range(len(s.hdeck[d]))]
        for o in others:
            hslots += [(s.hhands[o], k) for k, c in enumerate(s.hhands[o]) if deck_of[c] == d]
        hslots += [(s.stack, i) for i, c in enumerate(s.stack) if deck_of[c] == d]
        if R.solo and not s.revealed:
            hslots += [(s.row, j) for j, c in enumerate(s.row) if c >= 0 and deck_of[c] == d]
        hslots += [(s.queue, i) for i, x in enumerate(s.queue) if x < 0 and deck_of[~x] == d]
        _redeal(hslots, rng, negate=id(s.queue))
    s.seed = int(rng.integers(1 << 63))
    s.rng_count = 0
    s._legal = None
    return s


def _redeal(slots: list[tuple[list[int], int]], rng: np.random.Generator,
            negate: int = 0) -> None:
    """Permute the cards held at ``slots`` (list, index); the list whose id is
    ``negate`` stores hydra cards as ~card (the queue). The cards are sorted
    first, so the result depends only on the seat's view and ``rng``."""
    cards = sorted(~lst[i] if id(lst) == negate else lst[i] for lst, i in slots)
    order = rng.permutation(len(cards)).tolist()
    for (lst, i), j in zip(slots, order):
        lst[i] = ~cards[j] if id(lst) == negate else cards[j]


def _shuffle_positions(s: State, positions: list[int], rng: np.random.Generator,
                       seat: int) -> None:
    """Deal the queue's action cards to its positions anew (their order is hidden).
    Which other seat's hand a card came from is hidden too, so hidden cards and
    their sources are paired canonically (both sorted) before the shuffle."""
    if len(positions) < 2:
        return
    srcs = [s.queue_src[p] for p in positions]
    cards = [s.queue[p] for p in positions]
    known = sorted((c, x) for c, x in zip(cards, srcs) if x in (-1, seat))
    hidden = list(zip(sorted(c for c, x in zip(cards, srcs) if x not in (-1, seat)),
                      sorted(x for x in srcs if x not in (-1, seat))))
    entries = known + hidden
    order = rng.permutation(len(positions)).tolist()
    for p, j in zip(positions, order):
        s.queue[p], s.queue_src[p] = entries[j]


class SeatView:
    """What one seat's player (a person or a bot) is given to decide with.

    It answers from the seat's information only: :meth:`observe`, the legal
    actions, descriptions; :meth:`sample` gives a full game in which all that
    is hidden from the seat is dealt anew, for lookahead and search. Bots
    that only use a SeatView cannot peek (R41).
    """

    __slots__ = ("_game", "seat", "_redeal")

    def __init__(self, game: "Game", seat: int, *, redeal: bool = True) -> None:
        """Wrap ``game`` for ``seat``. ``redeal=False`` is for games that are
        already samples (a search bot's own simulations): :meth:`sample` then
        returns a plain clone."""
        self._game = game
        self.seat = seat
        self._redeal = redeal

    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision (kind, seat, cause)."""
        return self._game.pending

    @property
    def is_solo(self) -> bool:
        """Whether the game is solo."""
        return self._game.is_solo

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._game.num_players

    @property
    def rules(self) -> Rules:
        """Tables, scenario and options of the game."""
        return self._game.rules

    @property
    def to_act(self) -> bool:
        """Whether the pending decision is this seat's."""
        return self._game.current_player == self.seat

    def legal_actions(self) -> list[int]:
        """The seat's legal actions; empty while another seat is to decide
        (its choices would tell what it holds)."""
        return self._game.legal_actions() if self.to_act else []

    def legal_mask(self) -> np.ndarray:
        """The seat's legal actions as a boolean array (all False while another seat decides)."""
        if self.to_act:
            return self._game.legal_mask()
        return np.zeros(self._game.action_size, dtype=bool)

    def describe(self, action: int) -> str:
        """Description of ``action`` as this seat may read it (no other seat's hand cards)."""
        return self._game.describe(action, viewer=self.seat)

    def observe(self) -> dict[str, Any]:
        """The seat's view as plain data."""
        return self._game.observe(self.seat)

    def sample(self, rng: np.random.Generator) -> "Game":
        """A full game consistent with the seat's view (hidden cards re-dealt)."""
        if self._redeal:
            return self._game.determinize(self.seat, rng)
        return self._game.clone()
