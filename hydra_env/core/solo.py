"""The solo game (R32–R39): setup, round flow, legal hero actions, cleanup.

One hero, two action phases of 5 tokens around the oracle phase, a 3 × 5
display (rows A and B action cards, row C hydra cards), 6 rounds.
"""

from __future__ import annotations

from hydra_env.core.cards import draw, draw_many
from hydra_env.core.heroes import Reach
from hydra_env.core.pieces import end_game
from hydra_env.core.setup import init_common
from hydra_env.core.state import D_ACTION, PH_ACTION, PH_ACTION2, PH_HYDRA, State
from hydra_env.core.tables import T_SOLO_HYDRA, Rules

REGROW_HEADS = 3  # R30/R38 option: counters at 0 become 3


def setup(st: State, R: Rules, stars: int, seed: int) -> None:
    """R32: solo setup, then the first preparation phase."""
    init_common(st, R, stars, seed, players=1)
    st.row = [-1] * R.scen.hydra_stack
    st.row_block = [0] * R.scen.hydra_stack
    prepare(st, R)


def prepare(st: State, R: Rules) -> None:
    """R33/R38 preparation: fill empty display spaces; deal row C face down."""
    for slot, card in enumerate(st.display):
        if card < 0:
            st.display[slot] = draw(st, st.deck, st.discard)
    d = 0 if st.moon[st.round] == "L" else 1
    cards = draw_many(st, st.hdeck[d], st.hdiscard[d], len(st.row))
    st.row = cards + [-1] * (len(st.row) - len(cards))
    st.row_block = [0] * len(st.row)
    st.revealed = 0
    st.cols_used = 0
    st.city_used = [0]
    st.done = 0
    st.phase = PH_ACTION


def flow(st: State, R: Rules) -> None:
    """Advance the round when nothing is pending and no task is left."""
    phase = st.phase
    if phase == PH_ACTION or phase == PH_ACTION2:
        if st.done < R.scen.tokens:
            st.pending = (D_ACTION, 0, 0, 0)
        elif phase == PH_ACTION:
            st.revealed = 1            # R35: the oracle phase turns row C face up
            st.phase = PH_ACTION2
            st.done = 0
        else:
            st.phase = PH_HYDRA        # R37
            st.tasks.append((T_SOLO_HYDRA, 0))
    elif phase == PH_HYDRA:
        if st.round + 1 >= len(st.moon):
            end_game(st, "won")        # R39: after round 6, the city stands
            return
        cleanup(st, R)
        st.round += 1
        prepare(st, R)


def legal_main(st: State, R: Rules, seat: int) -> int:
    """R34/R36: the legal hero actions of the solo hero, as a mask over the layout."""
    reach = Reach(st, R, 0)
    codec, key = R.codec, R.T.card_key
    shifts = R.T.slot_shift
    cached, targets = reach.cache.get, reach.card
    ncols = len(st.row)
    phase2 = st.phase == PH_ACTION2
    used_cols = 0 if phase2 else st.cols_used
    dtoken = st.dtoken
    m = 0
    for slot, card in enumerate(st.display):
        if card < 0 or dtoken[slot] or (used_cols >> (slot % ncols)) & 1:
            continue
        k = key[card]
        t = cached(k)
        if t is None:
            t = targets(k)
        if t:
            m |= t << shifts[slot]
    m |= reach.city(st.city_used[0])
    if phase2:
        for col, card in enumerate(st.row):
            if card >= 0 and not st.row_block[col]:
                m |= 1 << (codec.block_base + col)
    return m


def use_slot(st: State, R: Rules, seat: int, slot: int) -> int:
    """Put a token on display slot ``slot`` (R34: one per column in phase I); the card."""
    if st.phase == PH_ACTION:
        st.dtoken[slot] = 1
        st.cols_used |= 1 << (slot % len(st.row))
    else:
        st.dtoken[slot] = 2
    return st.display[slot]


def after_action(st: State, R: Rules, seat: int) -> None:
    """Count the action of the current phase."""
    st.done += 1


def t_solo_hydra(st: State, R: Rules, task: tuple) -> None:
    """R37: resolve the next card without a token in reading order (rows A, B, C)."""
    i = task[1]
    display, dtoken = st.display, st.dtoken
    n_display = len(display)
    while i < n_display:
        if display[i] >= 0 and not dtoken[i]:
            st.tasks.append((T_SOLO_HYDRA, i + 1))
            st.tasks.extend(R.T.card_effects_rev[display[i]])
            return
        i += 1
    row = st.row
    while i < n_display + len(row):
        col = i - n_display
        if row[col] >= 0 and not st.row_block[col]:
            st.tasks.append((T_SOLO_HYDRA, i + 1))
            st.tasks.extend(R.T.hcard_effects_rev[row[col]])
            return
        i += 1


def cleanup(st: State, R: Rules) -> None:
    """R38: cards used in phase II stay in place; the others and row C are discarded."""
    for slot, card in enumerate(st.display):
        if st.dtoken[slot] == 2:
            st.dtoken[slot] = 0
            continue
        if card >= 0:
            st.discard.append(card)
        st.display[slot] = -1
        st.dtoken[slot] = 0
    for col, card in enumerate(st.row):
        if card >= 0:
            st.hdiscard[R.T.hcard_deck[card]].append(card)
        st.row[col] = -1
    if R.opts.solo_regrow_heads:
        st.heads = [REGROW_HEADS if h == 0 else h for h in st.heads]

