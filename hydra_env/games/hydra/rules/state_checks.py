"""Validation of a saved state before ``Game.from_json`` returns it.

:func:`load_state` checks the ``state`` object of a save against the game's
rules and refuses anything the engine could not have written, with a
:class:`~hydra_env.errors.SaveError` naming the field::

    saved game: state.hero_space[0] = 9999 is not a board space (0–98 or the city 99)

It checks, in order:

1. the fields (:mod:`hydra_env.games.hydra.rules.state_fields`): exactly the saved
   fields, each of its JSON type, length and range (spaces, colours, card
   ids, seats, phases, decision kinds, tasks);
2. the cards: each action card in exactly one place (deck, discard, display,
   hands, Hydra-phase queue), each hydra card of the game (solo: the
   solo-marked ones) in exactly one place of its own deck (decks, discards,
   hands, stack, queue, solo row C);
3. the round flow: the phase and the counters of the game mode, the pending
   decision against the phase (``game_over`` exactly when none is pending),
   the task stack (:mod:`hydra_env.games.hydra.rules.tables` ``T_*``) against both;
4. the pieces: heroes off heads and maelstroms and one per grid space (a hero
   being shoved or evading may share for a moment), barricades on distinct
   free spaces, walls left while the game runs;
5. at least one legal decision while the game runs.

A state that passes plays on to its end with the invariants of
:func:`hydra_env.games.hydra.rules.testing.invariants` intact (the property tests of
``tests/games/hydra/engine/test_state_validation.py`` mutate saves to check this).
Loading stays cheap: a few hundred microseconds per save.
"""

from __future__ import annotations

from typing import Any

from hydra_env.errors import SaveError
from hydra_env.games.hydra.rules import engine
from hydra_env.games.hydra.rules.state import DecisionKind, EvadeCause, Phase, State
from hydra_env.games.hydra.rules.state_fields import HINT, GameSizes, check_fields, refuse
from hydra_env.games.hydra.rules.tables import T_AFTER, T_COOP_HYDRA, T_PUSHED, T_SHOVE, T_SOLO_HYDRA, Rules

_K, _P = DecisionKind, Phase
# Decision kinds that can be pending in each phase (R26, R28, R29, R34–R37).
_KINDS = {
    True: {_P.ACTIONS: {_K.ACTION, _K.EVADE, _K.FOLLOW}, _P.ACTIONS_II: {_K.ACTION, _K.EVADE, _K.FOLLOW},
           _P.HYDRA: {_K.EVADE}, _P.OVER: set()},
    False: {_P.BUCKLE_UP: {_K.BUCKLE_UP},
            _P.ACTIONS: {_K.ACTION, _K.AFTER_ACTION, _K.SHOVED, _K.EVADE, _K.FOLLOW},
            _P.HYDRA: {_K.EVADE, _K.SHOVED}, _P.OVER: set()},
}
_AT_REST = (_K.ACTION, _K.AFTER_ACTION, _K.BUCKLE_UP)   # asked by the round flow: no task left


def load_state(data: Any, rules: Rules) -> State:
    """The :class:`State` of a save's ``state`` object, checked against ``rules``.

    Raises:
        SaveError: the state is not one the engine could have written; the
            message names the field.
    """
    game = GameSizes(rules)
    check_fields(data, game)
    state = State.from_dict(data)
    _check_cards(state, game)
    _check_flow(state, game)
    _check_pending(state, game)
    _check_tasks(state, game)
    _check_pieces(state, game)
    if not state.game_over:
        try:
            mask = engine.legal_mask(state, rules)
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # a gap in the checks above
            raise SaveError(f"saved game: the state is inconsistent ({exc!r}); {HINT}") from None
        state.legal_mask_cache = None
        if not mask or mask >> rules.codec.size:
            raise refuse("pending", data["pending"], "has no legal decision in this position")
    return state


# ------------------------------------------------------------------ 2. cards
def _check_cards(state: State, game: GameSizes) -> None:
    places: dict[int, str] = {}
    hplaces: dict[int, str] = {}
    tables = game.rules.tables

    def put(card: int, where: str, into: dict, label: str) -> None:
        if card in into:
            raise SaveError(f"saved game: {label} {card} is in two places, state.{into[card]} and "
                            f"state.{where}; each card must be in exactly one place; {HINT}")
        into[card] = where

    for name in ("action_deck", "action_discard", "display"):
        for i, card in enumerate(getattr(state, name)):
            if card >= 0:
                put(card, f"{name}[{i}]", places, "action card")
    for seat, hand in enumerate(state.action_hands):
        for k, card in enumerate(hand):
            put(card, f"action_hands[{seat}][{k}]", places, "action card")
    for i, x in enumerate(state.hydra_queue):
        if x >= 0:
            put(x, f"hydra_queue[{i}]", places, "action card")
        else:
            put(~x, f"hydra_queue[{i}]", hplaces, "hydra card")
    for deck in (0, 1):
        for name in ("hydra_decks", "hydra_discards"):
            for i, card in enumerate(getattr(state, name)[deck]):
                put(card, f"{name}[{deck}][{i}]", hplaces, "hydra card")
                if tables.hcard_deck[card] != deck:
                    raise refuse(f"{name}[{deck}][{i}]", card, f"is a card of the {('light', 'red')[1 - deck]} deck")
    for seat, hand in enumerate(state.hydra_hands):
        for k, card in enumerate(hand):
            put(card, f"hydra_hands[{seat}][{k}]", hplaces, "hydra card")
    for name in ("hydra_stack", "solo_row_c"):
        for i, card in enumerate(getattr(state, name)):
            if card >= 0:
                put(card, f"{name}[{i}]", hplaces, "hydra card")
    if len(places) != game.actions:
        lost = sorted(set(range(game.actions)) - places.keys())
        raise SaveError(f"saved game: action card(s) {lost} are in no place (deck, discard, display, "
                        f"hands or the Hydra-phase queue); {HINT}")
    cards = game.rules.components.hydra_cards
    in_game = {c.index for c in cards if c.solo or not game.solo}
    if hplaces.keys() != in_game:
        extra = sorted(hplaces.keys() - in_game)
        if extra:
            raise SaveError(f"saved game: hydra card {extra[0]} ({cards[extra[0]].id}) at state."
                            f"{hplaces[extra[0]]} is not in the solo deck (R32); {HINT}")
        raise SaveError(f"saved game: hydra card(s) {sorted(in_game - hplaces.keys())} are in no place; {HINT}")


# ------------------------------------------------------------------ 3. flow, decision, tasks
def _check_flow(state: State, game: GameSizes) -> None:
    over, phase, scen = state.game_over, state.phase, game.scenario
    if over != (phase == Phase.OVER) or over != (state.outcome is not None) or over != (state.pending is None):
        raise refuse("game_over", state.game_over, f"does not fit phase {int(phase)} ({phase.name}), "
                      f"outcome {state.outcome!r} and pending {state.pending and state.pending.to_list()} "
                      "(an ended game has phase 9, an outcome and no pending decision)")
    if over and state.tasks:
        raise refuse("tasks", state.to_dict()["tasks"], "must be empty once the game is over")
    if not over and state.walls == 0:
        raise refuse("walls", 0, "ends the game (R20) but game_over is false")
    if state.victory and (game.solo or any(state.head_count) or phase not in (Phase.ACTIONS, Phase.OVER)):
        raise refuse("victory", state.victory, "needs a coordinated game in its action phase with every "
                      "head counter at 0 (R31)")
    if not game.solo and len(set(state.glory)) != len(state.glory):
        raise refuse("glory", state.glory, "puts two tokens on one compass position (R22)")
    for slot, token in enumerate(state.display_token):
        if token and state.display[slot] < 0:
            raise refuse(f"display_token[{slot}]", token, "lies on an empty display slot")
    if over:
        return
    (_check_solo_flow if game.solo else _check_coop_flow)(state, game, phase, scen)


def _check_solo_flow(state: State, game: GameSizes, phase: Phase, scen: Any) -> None:
    ncols = len(state.solo_row_c)
    phase_one = phase == Phase.ACTIONS
    if phase == Phase.HYDRA:
        if state.actions_done != scen.tokens:
            raise refuse("actions_done", state.actions_done, f"must be {scen.tokens} in the Hydra phase")
    elif state.actions_done >= scen.tokens:
        raise refuse("actions_done", state.actions_done, f"leaves no action in phase {int(phase)}")
    if state.solo_row_c_face_up != (not phase_one):
        raise refuse("solo_row_c_face_up", state.solo_row_c_face_up, "must be 1 exactly after the oracle phase (R35)")
    for col, blocked in enumerate(state.solo_row_c_blocked):
        if blocked and (phase_one or state.solo_row_c[col] < 0):
            raise refuse(f"solo_row_c_blocked[{col}]", blocked, "blocks no card of phase II (R36)")
    columns = 0
    for slot, token in enumerate(state.display_token):
        if token == 2 and phase_one:
            raise refuse(f"display_token[{slot}]", token, "is a phase II token in phase I")
        if token == 1:
            if (columns >> (slot % ncols)) & 1:
                raise refuse(f"display_token[{slot}]", token, "is a second phase I token in its column (R34)")
            columns |= 1 << (slot % ncols)
    if columns != state.solo_columns_used:
        raise refuse("solo_columns_used", state.solo_columns_used,
                      f"does not match the columns of the phase I tokens ({columns})")


def _check_coop_flow(state: State, game: GameSizes, phase: Phase, scen: Any) -> None:
    tokens = scen.tokens
    if phase == Phase.HYDRA and state.turn_order_index:
        raise refuse("turn_order_index", state.turn_order_index, "must be 0 in the Hydra phase")
    expected_turn = {Phase.BUCKLE_UP: (0, 0), Phase.ACTIONS: (0, tokens - 1), Phase.HYDRA: (tokens, tokens)}[phase]
    if not expected_turn[0] <= state.turn <= expected_turn[1]:
        raise refuse("turn", state.turn, f"must be from {expected_turn[0]} to {expected_turn[1]} in phase {int(phase)}")
    if state.turn_acted and phase != Phase.ACTIONS:
        raise refuse("turn_acted", state.turn_acted, f"must be 0 in phase {int(phase)}")
    if state.hydra_queue and phase != Phase.HYDRA:
        raise refuse("hydra_queue", state.hydra_queue, "must be empty outside the Hydra phase")
    if phase == Phase.HYDRA and state.hydra_stack:
        raise refuse("hydra_stack", state.hydra_stack, "must be empty in the Hydra phase (it went to the queue, R29)")
    for i, (x, owner) in enumerate(zip(state.hydra_queue, state.hydra_queue_owner)):
        if x < 0 and owner != -1:
            raise refuse(f"hydra_queue_owner[{i}]", owner, "must be −1 for a hydra card")
    for seat, used in enumerate(state.action_hand_used):
        if (phase == Phase.BUCKLE_UP and any(used)) or (phase == Phase.HYDRA and not all(used)):
            raise refuse(f"action_hand_used[{seat}]", used, f"does not fit phase {int(phase)}")
    if phase == Phase.HYDRA and any(not t and c >= 0 for t, c in zip(state.display_token, state.display)):
        raise refuse("display", state.display, "keeps an unused card in the Hydra phase (R29)")
    if phase == Phase.BUCKLE_UP and (any(state.display_token) or any(state.city_actions_used)):
        raise refuse("display_token", state.display_token, "must be all 0 while buckling up")


def _check_pending(state: State, game: GameSizes) -> None:
    pd = state.pending
    if pd is None:
        return
    where = "pending"
    if pd.kind not in _KINDS[game.solo][state.phase]:
        raise refuse(where, pd.to_list(), f"is a {pd.kind.name} decision, which phase {int(state.phase)} "
                      f"({state.phase.name}) never asks for")
    kind, seat = pd.kind, pd.seat
    if kind not in (_K.SHOVED, _K.EVADE) and pd.choices:
        raise refuse("pending[2]", pd.choices, f"must be 0 for a {kind.name} decision")
    if kind != _K.EVADE and pd.cause:
        raise refuse("pending[3]", int(pd.cause), f"must be 0 for a {kind.name} decision")
    if kind != _K.FOLLOW and (pd.follow_space != -1 or pd.follow_colour != -1):
        raise refuse("pending[4]", pd.follow_space, f"and pending[5] must be −1 for a {kind.name} decision")
    if kind in _AT_REST:
        if state.tasks:
            raise refuse("tasks", state.to_dict()["tasks"], f"must be empty while a {kind.name} decision is pending")
        turn_seat = 0 if game.solo else state.turn_order[state.turn_order_index]
        if seat != turn_seat:
            raise refuse("pending[1]", seat, f"is not the seat whose turn it is ({turn_seat})")
        if not game.solo and kind != _K.BUCKLE_UP and state.turn_acted != (kind == _K.AFTER_ACTION):
            raise refuse("turn_acted", state.turn_acted, f"does not fit a {kind.name} decision")
        if kind == _K.AFTER_ACTION and (not state.hydra_hands[seat] or state.victory):
            raise refuse(where, pd.to_list(), "asks for a hydra card but the seat holds none (R28)")
    board = game.board
    here = state.hero_space[seat]
    if kind in (_K.SHOVED, _K.EVADE):
        allowed = board.nbr_mask[here] & ~_heads(state, game) & ~board.maelstrom_mask
        if kind == _K.SHOVED:
            for h, s in enumerate(state.hero_space):
                if h != seat and s != board.city:
                    allowed &= ~(1 << s)
        elif not state.shielded[seat]:
            raise refuse(f"shielded[{seat}]", 0, "but only a protected hero evades (R13)")
        if not pd.choices or pd.choices & ~allowed:
            raise refuse("pending[2]", pd.choices, f"offers spaces a hero on {board.name(here)} cannot go to")
    if kind == _K.FOLLOW:
        colour = pd.follow_colour
        if colour < 0 or pd.follow_space != board.front(state.hydra_path[colour], state.head_position[colour]):
            raise refuse("pending[4]", pd.follow_space, "is not the space in front of the retreated head (R10)")
        if any(s == pd.follow_space for h, s in enumerate(state.hero_space) if h != seat):
            raise refuse("pending[4]", pd.follow_space, "is taken by another hero")


def _check_tasks(state: State, game: GameSizes) -> None:
    tasks, phase = state.tasks, state.phase
    hydra_op = T_SOLO_HYDRA if game.solo else T_COOP_HYDRA
    for i, task in enumerate(tasks):
        op = task[0]
        if op in (T_SOLO_HYDRA, T_COOP_HYDRA, T_AFTER) and i:
            raise refuse(f"tasks[{i}]", list(task), "can only be the first (bottom) task")
        if op in (T_SOLO_HYDRA, T_COOP_HYDRA) and (op != hydra_op or phase != Phase.HYDRA):
            raise refuse(f"tasks[{i}]", list(task), "is the Hydra phase of another game mode or phase")
        if op == T_AFTER:
            turn_seat = 0 if game.solo else state.turn_order[state.turn_order_index]
            if phase not in (Phase.ACTIONS, Phase.ACTIONS_II) or task[1] != turn_seat or state.turn_acted:
                raise refuse(f"tasks[{i}]", list(task), "ends a hero action that is not under way")
    if phase == Phase.HYDRA and not state.game_over and (not tasks or tasks[0][0] != hydra_op):
        raise refuse("tasks", state.to_dict()["tasks"], f"must start with the Hydra phase task [{hydra_op}, …]")


# ------------------------------------------------------------------ 4. pieces
def _heads(state: State, game: GameSizes) -> int:
    paths, m = game.board.paths, 0
    for c, p in enumerate(state.hydra_path):
        m |= 1 << paths[p][state.head_position[c]]
    return m


def _check_pieces(state: State, game: GameSizes) -> None:
    board = game.board
    heads = _heads(state, game)
    necks = 0
    for c, p in enumerate(state.hydra_path):
        necks |= board.seg_mask[p][state.head_position[c]]
    pd = state.pending
    # Heroes between two spaces may share one or stand on a head: a shoved hero (R4) on the
    # mover's space, a hero pushed onto the maelstrom (R9) on its old space, now a head or neck.
    moving = {t[1] for t in state.tasks if t[0] in (T_SHOVE, T_PUSHED)}
    if pd is not None and (pd.kind == _K.SHOVED or (pd.kind == _K.EVADE and pd.cause == EvadeCause.MAELSTROM)):
        moving.add(pd.seat)
    taken: dict[int, int] = {}
    for h, s in enumerate(state.hero_space):
        if h in moving or s == board.city:
            continue
        if (heads >> s) & 1 or (board.maelstrom_mask >> s) & 1:
            what = "head" if (heads >> s) & 1 else "maelstrom"
            raise refuse(f"hero_space[{h}]", s, f"puts the hero on a {what} (R2)")
        if s in taken:
            raise refuse(f"hero_space[{h}]", s, f"is also the space of hero {taken[s]}")
        taken[s] = h
    seen: set[int] = set()
    for k, s in enumerate(state.barricade_space):
        if s < 0:
            continue
        if s in seen or ((heads | necks) >> s) & 1:
            raise refuse(f"barricade_space[{k}]", s, "is a head, a neck or another barricade's space (R11)")
        seen.add(s)
