"""The solo game (R32–R39): setup, round flow, legal hero actions, cleanup.

One hero, two action phases of 5 tokens around the oracle phase, a 3 × 5
display (rows A and B action cards, row C hydra cards), 6 rounds.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules.cards import draw, draw_many
from hydra_env.games.hydra.rules.heroes import Reach
from hydra_env.games.hydra.rules.hydra import regrow_heads
from hydra_env.games.hydra.rules.pieces import end_game
from hydra_env.games.hydra.rules.setup import init_common
from hydra_env.games.hydra.rules.state import (
    DECIDE_ACTION,
    PHASE_ACTIONS,
    PHASE_ACTIONS_II,
    PHASE_HYDRA,
    PendingDecision,
    State,
)
from hydra_env.games.hydra.rules.tables import T_SOLO_HYDRA, Rules


def setup(state: State, rules: Rules, stars: int, seed: int) -> None:
    """R32: solo setup, then the first preparation phase."""
    init_common(state, rules, stars, seed, players=1)
    state.solo_row_c = [-1] * rules.scenario.hydra_stack
    state.solo_row_c_blocked = [0] * rules.scenario.hydra_stack
    prepare(state, rules)


def prepare(state: State, rules: Rules) -> None:
    """R33/R38 preparation: fill empty display spaces; deal row C face down."""
    for slot, card in enumerate(state.display):
        if card < 0:
            state.display[slot] = draw(state, state.action_deck, state.action_discard)
    d = 0 if state.moon_tokens[state.round] == "L" else 1
    cards = draw_many(state, state.hydra_decks[d], state.hydra_discards[d], len(state.solo_row_c))
    state.solo_row_c = cards + [-1] * (len(state.solo_row_c) - len(cards))
    state.solo_row_c_blocked = [0] * len(state.solo_row_c)
    state.solo_row_c_face_up = 0
    state.solo_columns_used = 0
    state.city_actions_used = [0]
    state.actions_done = 0
    state.phase = PHASE_ACTIONS


def flow(state: State, rules: Rules) -> None:
    """Advance the round when nothing is pending and no task is left."""
    phase = state.phase
    if phase == PHASE_ACTIONS or phase == PHASE_ACTIONS_II:
        if state.actions_done < rules.scenario.tokens:
            state.pending = PendingDecision(DECIDE_ACTION, 0)
        elif phase == PHASE_ACTIONS:
            state.solo_row_c_face_up = 1            # R35: the oracle phase turns row C face up
            state.phase = PHASE_ACTIONS_II
            state.actions_done = 0
        else:
            state.phase = PHASE_HYDRA        # R37
            state.tasks.append((T_SOLO_HYDRA, 0))
    elif phase == PHASE_HYDRA:
        if state.round + 1 >= len(state.moon_tokens):
            end_game(state, "won")        # R39: after round 6, the city stands
            return
        cleanup(state, rules)
        state.round += 1
        prepare(state, rules)


def legal_main(state: State, rules: Rules, seat: int) -> int:
    """R34/R36: the legal hero actions of the solo hero, as a mask over the layout."""
    reach = Reach(state, rules, 0)
    codec, key = rules.codec, rules.tables.card_key
    shifts = rules.tables.slot_shift
    cached, targets = reach.cache.get, reach.card
    ncols = len(state.solo_row_c)
    phase2 = state.phase == PHASE_ACTIONS_II
    used_cols = 0 if phase2 else state.solo_columns_used
    dtoken = state.display_token
    m = 0
    for slot, card in enumerate(state.display):
        if card < 0 or dtoken[slot] or (used_cols >> (slot % ncols)) & 1:
            continue
        k = key[card]
        t = cached(k)
        if t is None:
            t = targets(k)
        if t:
            m |= t << shifts[slot]
    m |= reach.city(state.city_actions_used[0])
    if phase2:
        for col, card in enumerate(state.solo_row_c):
            if card >= 0 and not state.solo_row_c_blocked[col]:
                m |= 1 << (codec.block_base + col)
    return m


def use_slot(state: State, rules: Rules, seat: int, slot: int) -> int:
    """Put a token on display slot ``slot`` (R34: one per column in phase I); the card."""
    if state.phase == PHASE_ACTIONS:
        state.display_token[slot] = 1
        state.solo_columns_used |= 1 << (slot % len(state.solo_row_c))
    else:
        state.display_token[slot] = 2
    return state.display[slot]


def after_action(state: State, rules: Rules, seat: int) -> None:
    """Count the action of the current phase."""
    state.actions_done += 1


def t_solo_hydra(state: State, rules: Rules, task: tuple) -> None:
    """R37: resolve the next card without a token in reading order (rows A, B, C)."""
    i = task[1]
    display, dtoken = state.display, state.display_token
    n_display = len(display)
    while i < n_display:
        if display[i] >= 0 and not dtoken[i]:
            state.tasks.append((T_SOLO_HYDRA, i + 1))
            state.tasks.extend(rules.tables.card_effects_rev[display[i]])
            return
        i += 1
    row = state.solo_row_c
    while i < n_display + len(row):
        col = i - n_display
        if row[col] >= 0 and not state.solo_row_c_blocked[col]:
            state.tasks.append((T_SOLO_HYDRA, i + 1))
            state.tasks.extend(rules.tables.hcard_effects_rev[row[col]])
            return
        i += 1


def cleanup(state: State, rules: Rules) -> None:
    """R38: cards used in phase II stay in place; the others and row C are discarded."""
    for slot, card in enumerate(state.display):
        if state.display_token[slot] == 2:
            state.display_token[slot] = 0
            continue
        if card >= 0:
            state.action_discard.append(card)
        state.display[slot] = -1
        state.display_token[slot] = 0
    for col, card in enumerate(state.solo_row_c):
        if card >= 0:
            state.hydra_discards[rules.tables.hcard_deck[card]].append(card)
        state.solo_row_c[col] = -1
    if rules.options.solo_regrow_heads:
        regrow_heads(state)  # R38 option solo_regrow_heads

