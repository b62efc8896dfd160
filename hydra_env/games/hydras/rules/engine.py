"""The course of a game: setup, turns, block chains, slash and burn, drawing, the end.

:func:`start` deals a new game (H4); :func:`apply` plays one legal decision
and runs on to the next decision (or the end). Randomness: random event
``k`` uses ``numpy.random.default_rng([seed, k])`` — event 1 deals the
bodies (who gets the star), event 2 shuffles the deck; nothing after the
setup is random (H13: the discard pile is never reshuffled).
"""

from __future__ import annotations

import numpy as np

from hydra_env.errors import IllegalActionError
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules.explain import why_illegal
from hydra_env.games.hydras.rules.hydra import constraint, cut, empty_hydra
from hydra_env.games.hydras.rules.moves import legal_actions
from hydra_env.games.hydras.rules.state import (
    NO_FINAL_ROUND,
    Attack,
    AttackKind,
    DecisionKind,
    Event,
    LogEntry,
    PendingDecision,
    Phase,
    State,
)
from hydra_env.games.hydras.rules.tables import EMPTY, Tables


def event_rng(state: State) -> np.random.Generator:
    """The generator of the game's next random event."""
    state.random_events += 1
    return np.random.default_rng([state.seed, state.random_events])


def start(state: State, tables: Tables, players: int, seed: int) -> None:
    """Set up a game of ``players`` seats and run to its first decision (H4)."""
    cards = tables.cards
    state.players = players
    state.seed = seed
    state.random_events = 0
    # The star body is always among the bodies pulled out; shuffle and deal them.
    bodies = event_rng(state).permutation(players).tolist()
    state.star_seat = bodies.index(0)
    deck = [kind.index for kind in cards.kinds for _ in range(kind.count)]
    order = event_rng(state).permutation(len(deck)).tolist()
    state.deck = [deck[i] for i in order]
    state.hands = [[] for _ in range(players)]
    for offset in range(players):
        seat = (state.star_seat + offset) % players
        state.hands[seat] = sorted(state.deck.pop() for _ in range(tables.hand_size))
    state.hydras = [empty_hydra(tables) for _ in range(players)]
    state.analysis_cache = [None] * players
    state.discard, state.blocks, state.offers, state.history, state.log = [], [], [], [], []
    state.turn_seat = state.star_seat
    state.turns_taken = 0
    state.final_turns_left = NO_FINAL_ROUND
    state.game_over = False
    _begin_turn(state, tables)


def apply(state: State, tables: Tables, action: int) -> None:
    """Play the legal decision ``action`` and run to the next decision.

    Raises IllegalActionError (the state unchanged) when it is not legal.
    """
    if action not in legal_actions(state, tables):
        raise IllegalActionError(why_illegal(state, tables, action))
    state.history.append(action)
    state.legal_cache = None
    kind, slot, target, cell, rotation = tables.codec.decode(action)
    seat = state.pending.seat
    hand = state.hands[seat]
    absolute = (seat + target) % state.players if target >= 0 else -1
    if kind == actions.NECK:
        card = hand.pop(slot)
        state.hydras[absolute][cell] = 4 * card + rotation
        state.analysis_cache[absolute] = None
        _log(state, Event.NECK, seat, card, absolute, cell, rotation)
        _finish_turn(state, tables)
    elif kind == actions.DISCARD:
        card = hand.pop(slot)
        state.discard.append(card)
        _log(state, Event.DISCARD, seat, card)
        _finish_turn(state, tables)
    elif kind == actions.SWORD:
        card = hand.pop(slot)
        state.attack = Attack(AttackKind.SWORD, seat, card, absolute, cell, False)
        _log(state, Event.SWORD, seat, card, absolute, cell)
        _open_offers(state, tables, seat)
    elif kind == actions.TORCH:
        hand.remove(tables.torch)
        state.attack = Attack(AttackKind.TORCH, seat, tables.torch, absolute, cell, False)
        _log(state, Event.TORCH, seat, tables.torch, absolute, cell)
        _open_offers(state, tables, seat)
    elif kind == actions.BLOCK:
        card = hand.pop(slot)
        state.blocks.append((seat, card))
        _log(state, Event.BLOCK, seat, card)
        _open_offers(state, tables, seat)
    elif kind == actions.PASS:
        _next_offer(state, tables)
    elif kind == actions.BURN:
        burn_target, burn_cell = state.burn_cell
        state.burn_cell = None
        hand.remove(tables.torch)
        state.attack = Attack(AttackKind.TORCH, seat, tables.torch, burn_target, burn_cell, True)
        _log(state, Event.TORCH, seat, tables.torch, burn_target, burn_cell)
        _open_offers(state, tables, seat)
    else:  # NO_BURN
        state.burn_cell = None
        _finish_turn(state, tables)


def _log(state: State, event: Event, seat: int, card: int = -1, target: int = -1,
         cell: int = -1, rotation: int = -1) -> None:
    state.log.append(LogEntry(int(event), seat, card, target, cell, rotation))


def _open_offers(state: State, tables: Tables, blocked_seat: int) -> None:
    """Start a round of block offers on the card ``blocked_seat`` just played (H11):
    every other seat with cards in hand, in turn order from its left."""
    players = state.players
    state.offers = [(blocked_seat + offset) % players for offset in range(1, players)
                    if state.hands[(blocked_seat + offset) % players]]
    state.pending = None
    _next_offer(state, tables)


def _next_offer(state: State, tables: Tables) -> None:
    if state.offers:
        state.pending = PendingDecision(DecisionKind.BLOCK, state.offers.pop(0))
        state.phase = Phase.BLOCK
        return
    _resolve(state, tables)


def _resolve(state: State, tables: Tables) -> None:
    """A round ended with no block: resolve the chain (H11, H12)."""
    attack, blocks = state.attack, state.blocks
    effective = len(blocks) % 2 == 0
    state.discard.extend(card for _, card in blocks)
    state.attack, state.blocks = None, []
    grid = state.hydras[attack.target]
    if attack.kind == AttackKind.SWORD:
        state.discard.append(attack.card)
        if not effective:
            _log(state, Event.CANCELLED, attack.seat, attack.card, attack.target, attack.cell)
            _finish_turn(state, tables)
            return
        removed = cut(grid, tables, attack.cell)
        state.discard.extend(tables.kind_of[code] for code in removed)
        state.analysis_cache[attack.target] = None
        _log(state, Event.CUT, attack.seat, attack.card, attack.target, attack.cell, len(removed))
        if (attack.target != attack.seat and tables.torch in state.hands[attack.seat]
                and grid[attack.cell] == EMPTY and constraint(grid, tables, attack.cell)[1]):
            state.burn_cell = (attack.target, attack.cell)
            state.pending = PendingDecision(DecisionKind.BURN, attack.seat)
            state.phase = Phase.BURN
            return
    elif effective:
        grid[attack.cell] = 4 * tables.torch
        state.analysis_cache[attack.target] = None
        _log(state, Event.PLACED, attack.seat, attack.card, attack.target, attack.cell)
    else:
        state.discard.append(attack.card)
        _log(state, Event.CANCELLED, attack.seat, attack.card, attack.target, attack.cell)
    _finish_turn(state, tables)


def _finish_turn(state: State, tables: Tables) -> None:
    """End the turn seat's turn: draw up (H4), count down the last round (H13),
    and begin the next turn."""
    _end_of_turn(state, tables)
    if not state.game_over:
        state.turn_seat = (state.turn_seat + 1) % state.players
        _begin_turn(state, tables)


def _end_of_turn(state: State, tables: Tables) -> None:
    seat = state.turn_seat
    if state.final_turns_left == NO_FINAL_ROUND:
        hand = state.hands[seat]
        count = min(tables.hand_size - len(hand), len(state.deck))
        if count > 0:
            hand.extend(state.deck.pop() for _ in range(count))
            hand.sort()
            _log(state, Event.DRAW, seat, rotation=count)
            if not state.deck:
                state.final_turns_left = state.players
        return
    state.final_turns_left -= 1
    if state.final_turns_left == 0:
        state.game_over = True
        state.pending = None
        state.phase = Phase.OVER


def _begin_turn(state: State, tables: Tables) -> None:
    """Begin turns until one has a decision: a seat with an empty hand skips its
    play (its turn still ends with the draw, H4) — or the game ends."""
    while True:
        seat = state.turn_seat
        state.turns_taken += 1
        if state.hands[seat]:
            state.pending = PendingDecision(DecisionKind.TURN, seat)
            state.phase = Phase.TURN
            return
        _log(state, Event.SKIP, seat)
        _end_of_turn(state, tables)
        if state.game_over:
            return
        state.turn_seat = (seat + 1) % state.players
