"""The coordinated game for 2–4 heroes (R22–R31): setup and the six phases.

Phase 1 draws cards (R27) and asks each hero, in turn order, whether to
buckle up (R26); phase 2 runs the turns (R28); phase 3 resolves the unused
action cards and the face-down stack (R29); phases 4–6 are support, turn
order and cleanup (R24, R25, R30), done without decisions.
"""

from __future__ import annotations

from hydra_env.core import compass
from hydra_env.core.cards import draw_many, event_rng, shuffle
from hydra_env.core.codec import DISPLAY_SLOTS
from hydra_env.core.heroes import Reach
from hydra_env.core.pieces import end_game
from hydra_env.core.setup import init_common
from hydra_env.core.state import (D_ACTION, D_AFTER, D_BUCKLE, PH_ACTION, PH_BUCKLE, PH_HYDRA,
                                  State)
from hydra_env.core.tables import T_COOP_HYDRA, Rules

REGROW_HEADS = 3  # R30: counters at 0 become 3 at cleanup


def setup(st: State, R: Rules, stars: int, seed: int) -> None:
    """Setup A–P: decks, display, compass in random order (R23), then round 1."""
    players = R.scen.players
    init_common(st, R, stars, seed, players)
    st.glory = compass.starting_glory(event_rng(st).permutation(players).tolist())
    st.order = compass.turn_order(st.glory)
    st.display = draw_many(st, st.deck, st.discard, R.scen.display)
    st.dtoken = [0] * len(st.display)
    start_round(st, R)


def start_round(st: State, R: Rules) -> None:
    """R27 phase 1: hands, display refill (from round 2), the face-down stack."""
    scen = R.scen
    d = 0 if st.moon[st.round] == "L" else 1
    for seat in st.order:
        st.hhands[seat] = draw_many(st, st.hdeck[d], st.hdiscard[d], scen.hydra_hand)
        st.hands[seat] = draw_many(st, st.deck, st.discard, scen.action_hand)
        st.hand_used[seat] = [0] * len(st.hands[seat])
    if st.round > 0:
        st.display = draw_many(st, st.deck, st.discard, scen.display)
        st.dtoken = [0] * len(st.display)
    st.stack = draw_many(st, st.hdeck[d], st.hdiscard[d], scen.hydra_stack)
    st.city_used = [0] * st.n
    st.phase = PH_BUCKLE
    st.oidx = 0
    st.turn = 0
    st.stage = 0


def buckle_up(st: State, R: Rules, seat: int) -> None:
    """R26: pay 1 glory, discard the action cards in hand, draw as many."""
    compass.lose(st.glory, seat, 1)
    count = len(st.hands[seat])
    st.discard.extend(st.hands[seat])
    st.hands[seat] = draw_many(st, st.deck, st.discard, count)
    st.hand_used[seat] = [0] * len(st.hands[seat])


def flow(st: State, R: Rules) -> None:
    """Advance the round when nothing is pending and no task is left."""
    phase = st.phase
    if phase == PH_BUCKLE:
        if st.oidx < st.n:
            st.pending = (D_BUCKLE, st.order[st.oidx], 0, 0)
        else:
            st.phase = PH_ACTION
            st.oidx = st.turn = st.stage = 0
    elif phase == PH_ACTION:
        seat = st.order[st.oidx]
        if st.stage == 0:
            st.pending = (D_ACTION, seat, 0, 0)
        elif st.hhands[seat] and not st.victory:
            st.pending = (D_AFTER, seat, 0, 0)
        else:
            end_turn(st, R)
    elif phase == PH_HYDRA:
        end_round(st, R)


def end_turn(st: State, R: Rules) -> None:
    """The current hero's turn is over: next hero, next turn, or the Hydra phase."""
    st.stage = 0
    st.oidx += 1
    if st.oidx < st.n:
        return
    st.oidx = 0
    st.turn += 1
    if st.victory:
        end_game(st, "won")            # R31: the turn is finished, the Hydra is beaten
    elif st.turn >= R.scen.tokens:
        start_hydra_phase(st, R)


def tokens_left(st: State, R: Rules, seat: int) -> int:
    """Action tokens the seat still has this round."""
    if st.phase == PH_BUCKLE:
        return R.scen.tokens
    if st.phase != PH_ACTION:
        return 0
    pos = st.order.index(seat)
    acted = pos < st.oidx or (pos == st.oidx and st.stage == 1)
    return R.scen.tokens - st.turn - (1 if acted else 0)


def legal_main(st: State, R: Rules, seat: int) -> int:
    """R28: hero actions from the display, the hand or the city; hydra cards to play."""
    reach = Reach(st, R, seat)
    codec, key = R.codec, R.T.card_key
    shifts = R.T.slot_shift
    m = 0
    for slot, card in enumerate(st.display):
        if card >= 0 and not st.dtoken[slot]:
            m |= reach.card(key[card]) << shifts[slot]
    used = st.hand_used[seat]
    for k, card in enumerate(st.hands[seat]):
        if not used[k]:
            m |= reach.card(key[card]) << shifts[DISPLAY_SLOTS + k]
    m |= reach.city(st.city_used[seat])
    if not st.victory:
        m |= ((1 << len(st.hhands[seat])) - 1) << codec.play_base
    return m


def legal_after(st: State, R: Rules, seat: int) -> int:
    """After the action: play a held hydra card, or end the turn unless it was the
    hero's last action (R28: cards still held are played then)."""
    codec = R.codec
    m = ((1 << len(st.hhands[seat])) - 1) << codec.play_base
    if st.turn < R.scen.tokens - 1:
        m |= 1 << codec.end_turn
    return m


def use_slot(st: State, R: Rules, seat: int, slot: int) -> int:
    """Put the hero's token on a display card or a hand card; the card."""
    if slot < DISPLAY_SLOTS:
        st.dtoken[slot] = seat + 1
        return st.display[slot]
    k = slot - DISPLAY_SLOTS
    st.hand_used[seat][k] = 1
    return st.hands[seat][k]


def after_action(st: State, R: Rules, seat: int) -> None:
    """The hero may now play hydra cards or end its turn; R31 early victory."""
    st.stage = 1
    if not st.victory and max(st.heads) == 0:
        st.victory = 1


def play_hydra(st: State, R: Rules, seat: int, k: int) -> None:
    """R28: play the hydra card in hand slot k; it goes to its discard pile."""
    card = st.hhands[seat].pop(k)
    st.hdiscard[R.T.hcard_deck[card]].append(card)
    st.tasks.extend(R.T.hcard_effects_rev[card])


def start_hydra_phase(st: State, R: Rules) -> None:
    """R29: unused action cards shuffled, then the face-down stack in order."""
    unused = []          # (card, seat it came from, −1 for the display)
    for slot, card in enumerate(st.display):
        if card >= 0 and not st.dtoken[slot]:
            unused.append((card, -1))
            st.display[slot] = -1
    for seat in range(st.n):
        keep = [k for k, u in enumerate(st.hand_used[seat]) if u]
        unused.extend((c, seat) for k, c in enumerate(st.hands[seat]) if not st.hand_used[seat][k])
        st.hands[seat] = [st.hands[seat][k] for k in keep]
        st.hand_used[seat] = [1] * len(keep)
    shuffle(st, unused)
    # Queue entries: an action card c as c, a hydra card h as ~h (negative). queue_src
    # says where each came from (a seat's hand, or −1), which the views need (R41).
    st.queue = [c for c, _ in unused] + [~h for h in st.stack]
    st.queue_src = [s for _, s in unused] + [-1] * len(st.stack)
    st.stack = []
    st.phase = PH_HYDRA
    st.tasks.append((T_COOP_HYDRA,))


def t_coop_hydra(st: State, R: Rules, task: tuple) -> None:
    """R29: reveal the next card of the Hydra phase and do its hydra action."""
    if not st.queue:
        return
    x = st.queue.pop(0)
    st.queue_src.pop(0)
    st.tasks.append((T_COOP_HYDRA,))
    if x >= 0:
        st.discard.append(x)
        st.tasks.extend(R.T.card_effects_rev[x])
    else:
        h = ~x
        st.hdiscard[R.T.hcard_deck[h]].append(h)
        st.tasks.extend(R.T.hcard_effects_rev[h])


def end_round(st: State, R: Rules) -> None:
    """Phases 4–6: support (R24), turn order (R25), cleanup (R30) or the end."""
    compass.support(st.glory)
    if st.round + 1 >= len(st.moon):
        end_game(st, "won")            # R31: after the last round with walls left
        return
    st.order = compass.turn_order(st.glory)
    # R30: tokens return; every action card is shuffled into a new deck.
    for seat in range(st.n):
        st.deck.extend(st.hands[seat])
        st.hands[seat] = []
        st.hand_used[seat] = []
    st.deck.extend(c for c in st.display if c >= 0)
    st.deck.extend(st.discard)
    st.discard = []
    st.display = []
    st.dtoken = []
    shuffle(st, st.deck)
    st.heads = [REGROW_HEADS if h == 0 else h for h in st.heads]
    st.round += 1
    start_round(st, R)
