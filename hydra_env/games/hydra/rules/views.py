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

from hydra_env import arguments
from hydra_env.api.views import SeatViewBase
from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS
from hydra_env.games.hydra.rules.state import (
    DECIDE_EVADE,
    DECIDE_SHOVED,
    DECISION_NAMES,
    EVADE_CAUSES,
    PHASE_NAMES,
    State,
)
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.tokens import action_tokens_left

if TYPE_CHECKING:
    from hydra_env.games.hydra.rules.game import Game


def observe(state: State, rules: Rules, seat: int) -> dict[str, Any]:
    """The view of ``seat``: public information and its own hand, as plain data."""
    comp, board = rules.components, rules.board
    acards, hcards = comp.action_cards, comp.hydra_cards
    pd = state.pending
    pending = None
    if pd is not None:
        pending = {"kind": DECISION_NAMES[pd.kind], "seat": pd.seat}
        if pd.kind in (DECIDE_SHOVED, DECIDE_EVADE):
            pending["targets"] = board.spaces(pd.choices)
        if pd.kind == DECIDE_EVADE:
            pending["cause"] = EVADE_CAUSES[pd.cause]
    view: dict[str, Any] = {
        "seat": seat, "scenario": state.scenario, "stars": state.stars, "solo": rules.solo,
        "round": state.round + 1, "rounds": len(state.moon_tokens), "moon": state.moon_tokens,
        "phase": PHASE_NAMES[state.phase], "over": state.game_over, "outcome": state.outcome,
        "pending": pending, "walls": state.walls, "walls_max": state.walls_at_start,
        "heads": [{"colour": comp.hydra_colours[c], "path": state.hydra_path[c],
                   "position": state.head_position[c], "counter": state.head_count[c],
                   "space": board.paths[state.hydra_path[c]][state.head_position[c]]}
                  for c in range(len(state.head_count))],
        "heroes": [{"seat": h, "space": state.hero_space[h], "shield": bool(state.shielded[h]),
                    "glory": state.glory[h]} for h in range(state.players)],
        "barricades": list(state.barricade_space),
        "display": [{"slot": i, "card": acards[c].id if c >= 0 else None, "token": state.display_token[i]}
                    for i, c in enumerate(state.display)],
        "deck_size": len(state.action_deck), "discard": [acards[c].id for c in state.action_discard],
        "hydra_deck_sizes": [len(d) for d in state.hydra_decks],
        "hydra_discards": [[hcards[c].id for c in d] for d in state.hydra_discards],
        "city_used": list(state.city_actions_used), "history_length": len(state.history),
    }
    if rules.solo:
        view["row"] = [{"col": j, "card": hcards[c].id if c >= 0 and state.solo_row_c_face_up else None,
                        "present": c >= 0, "blocked": bool(state.solo_row_c_blocked[j])}
                       for j, c in enumerate(state.solo_row_c)]
        view["actions_done"] = state.actions_done
        view["columns_used"] = state.solo_columns_used
    else:
        view.update(_coop_view(state, rules, seat))
    return view


def _coop_view(state: State, rules: Rules, seat: int) -> dict[str, Any]:
    acards, hcards = rules.components.action_cards, rules.components.hydra_cards
    hands = []
    for s in range(state.players):
        played = [acards[c].id for k, c in enumerate(state.action_hands[s]) if state.action_hand_used[s][k]]
        entry = {"seat": s, "played": played,
                 "unused_action_cards": len(state.action_hands[s]) - len(played),
                 "hydra_cards": len(state.hydra_hands[s]), "tokens_left": action_tokens_left(state, rules, s)}
        if s == seat:
            entry["action_cards"] = [{"slot": DISPLAY_SLOTS + k, "card": acards[c].id,
                                      "used": bool(state.action_hand_used[s][k])}
                                     for k, c in enumerate(state.action_hands[s])]
            entry["hydra_hand"] = [hcards[c].id for c in state.hydra_hands[s]]
        hands.append(entry)
    return {"hands": hands, "order": list(state.turn_order), "turn": state.turn + 1,
            "turn_seat": state.turn_order[state.turn_order_index] if state.turn_order_index < state.players else None,
            "stack_size": len(state.hydra_stack), "hydra_phase_cards_left": len(state.hydra_queue),
            "victory_pending": bool(state.victory)}


def determinize(state: State, rules: Rules, seat: int, rng: np.random.Generator) -> State:
    """A copy of ``st`` whose hidden cards (for ``seat``) are dealt anew and whose
    future randomness is reseeded; ``observe(copy, seat)`` equals ``observe(st, seat)``.

    The copy depends only on what ``seat`` sees and on ``rng``: two states
    that differ only in hidden information give the same copy.
    """
    s = state.clone()
    others = [o for o in range(s.players) if o != seat]
    # Action cards: the deck, other seats' unused hand cards, their cards in the Hydra-phase queue.
    slots = [(s.action_deck, i) for i in range(len(s.action_deck))]
    for o in others:
        slots += [(s.action_hands[o], k) for k in range(len(s.action_hands[o])) if not s.action_hand_used[o][k]]
    slots += [(s.hydra_queue, i) for i, x in enumerate(s.hydra_queue)
              if x >= 0 and s.hydra_queue_owner[i] not in (-1, seat)]
    _redeal(slots, rng)
    _shuffle_positions(s, [i for i, x in enumerate(s.hydra_queue) if x >= 0], rng, seat)
    # Hydra cards, within each deck (light, red).
    deck_of = rules.tables.hcard_deck
    for d in (0, 1):
        hslots = [(s.hydra_decks[d], i) for i in range(len(s.hydra_decks[d]))]
        for o in others:
            hslots += [(s.hydra_hands[o], k) for k, c in enumerate(s.hydra_hands[o]) if deck_of[c] == d]
        hslots += [(s.hydra_stack, i) for i, c in enumerate(s.hydra_stack) if deck_of[c] == d]
        if rules.solo and not s.solo_row_c_face_up:
            hslots += [(s.solo_row_c, j) for j, c in enumerate(s.solo_row_c) if c >= 0 and deck_of[c] == d]
        hslots += [(s.hydra_queue, i) for i, x in enumerate(s.hydra_queue) if x < 0 and deck_of[~x] == d]
        _redeal(hslots, rng, negate=id(s.hydra_queue))
    s.seed = int(rng.integers(1 << 63))
    s.random_events = 0
    s.legal_mask_cache = None
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
    srcs = [s.hydra_queue_owner[p] for p in positions]
    cards = [s.hydra_queue[p] for p in positions]
    known = sorted((c, x) for c, x in zip(cards, srcs) if x in (-1, seat))
    hidden = list(zip(sorted(c for c, x in zip(cards, srcs) if x not in (-1, seat)),
                      sorted(x for x in srcs if x not in (-1, seat))))
    entries = known + hidden
    order = rng.permutation(len(positions)).tolist()
    for p, j in zip(positions, order):
        s.hydra_queue[p], s.hydra_queue_owner[p] = entries[j]


class SeatView(SeatViewBase):
    """What one seat's player (a person or a bot) is given to decide with.

    It answers from the seat's information only: :meth:`observe`, the legal
    actions, descriptions; :meth:`sample` gives a full game in which all that
    is hidden from the seat is dealt anew, for lookahead and search. Bots
    that only use a SeatView cannot peek (R41).
    """

    __slots__ = ()

    def __init__(self, game: Game, seat: int, *, redeal: bool = True) -> None:
        """Wrap ``game`` for ``seat``. ``redeal=False`` is for games that are
        already samples (a search bot's own simulations): :meth:`sample` then
        returns a plain clone. Raises ConfigError for a seat the game does not have."""
        self._game = game
        self.seat = arguments.seat("seat", seat, game.num_players)
        self._redeal = arguments.boolean("redeal", redeal)

    @classmethod
    def _checked(cls, game: Game, seat: int) -> SeatView:
        """A view of a seat the caller has checked (Game.view): no second check."""
        view = cls.__new__(cls)
        view._game, view.seat, view._redeal = game, seat, True
        return view

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
