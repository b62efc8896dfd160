"""The coordinated game for 2–4 heroes (R22–R31): setup and the six phases.

Phase 1 draws cards (R27) and asks each hero, in turn order, whether to
buckle up (R26); phase 2 runs the turns (R28); phase 3 resolves the unused
action cards and the face-down stack (R29); phases 4–6 are support, turn
order and cleanup (R24, R25, R30), done without decisions.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.cards import draw_many, event_rng, shuffle
from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS
from hydra_env.games.hydra.rules.heroes import Reach
from hydra_env.games.hydra.rules.hydra import regrow_heads
from hydra_env.games.hydra.rules.pieces import end_game
from hydra_env.games.hydra.rules.setup import init_common
from hydra_env.games.hydra.rules.state import (
    DECIDE_ACTION,
    DECIDE_AFTER_ACTION,
    DECIDE_BUCKLE_UP,
    PHASE_ACTIONS,
    PHASE_BUCKLE_UP,
    PHASE_HYDRA,
    PendingDecision,
    State,
)
from hydra_env.games.hydra.rules.tables import T_COOP_HYDRA, Rules


def setup(state: State, rules: Rules, stars: int, seed: int) -> None:
    """Setup A–P: decks, display, compass in random order (R23), then round 1."""
    players = rules.scenario.players
    init_common(state, rules, stars, seed, players)
    state.glory = compass.starting_glory(event_rng(state).permutation(players).tolist())
    state.turn_order = compass.turn_order(state.glory)
    state.display = draw_many(state, state.action_deck, state.action_discard, rules.scenario.display)
    state.display_token = [0] * len(state.display)
    start_round(state, rules)


def start_round(state: State, rules: Rules) -> None:
    """R27 phase 1: hands, display refill (from round 2), the face-down stack."""
    scen = rules.scenario
    d = 0 if state.moon_tokens[state.round] == "L" else 1
    for seat in state.turn_order:
        state.hydra_hands[seat] = draw_many(state, state.hydra_decks[d], state.hydra_discards[d], scen.hydra_hand)
        state.action_hands[seat] = draw_many(state, state.action_deck, state.action_discard, scen.action_hand)
        state.action_hand_used[seat] = [0] * len(state.action_hands[seat])
    if state.round > 0:
        state.display = draw_many(state, state.action_deck, state.action_discard, scen.display)
        state.display_token = [0] * len(state.display)
    state.hydra_stack = draw_many(state, state.hydra_decks[d], state.hydra_discards[d], scen.hydra_stack)
    state.city_actions_used = [0] * state.players
    state.phase = PHASE_BUCKLE_UP
    state.turn_order_index = 0
    state.turn = 0
    state.turn_acted = 0


def buckle_up(state: State, rules: Rules, seat: int) -> None:
    """R26: pay 1 glory, discard the action cards in hand, draw as many."""
    compass.lose(state.glory, seat, 1)
    count = len(state.action_hands[seat])
    state.action_discard.extend(state.action_hands[seat])
    state.action_hands[seat] = draw_many(state, state.action_deck, state.action_discard, count)
    state.action_hand_used[seat] = [0] * len(state.action_hands[seat])


def flow(state: State, rules: Rules) -> None:
    """Advance the round when nothing is pending and no task is left."""
    phase = state.phase
    if phase == PHASE_BUCKLE_UP:
        if state.turn_order_index < state.players:
            state.pending = PendingDecision(DECIDE_BUCKLE_UP, state.turn_order[state.turn_order_index])
        else:
            state.phase = PHASE_ACTIONS
            state.turn_order_index = state.turn = state.turn_acted = 0
    elif phase == PHASE_ACTIONS:
        seat = state.turn_order[state.turn_order_index]
        if state.turn_acted == 0:
            state.pending = PendingDecision(DECIDE_ACTION, seat)
        elif state.hydra_hands[seat] and not state.victory:
            state.pending = PendingDecision(DECIDE_AFTER_ACTION, seat)
        else:
            end_turn(state, rules)
    elif phase == PHASE_HYDRA:
        end_round(state, rules)


def end_turn(state: State, rules: Rules) -> None:
    """The current hero's turn is over: next hero, next turn, or the Hydra phase."""
    state.turn_acted = 0
    state.turn_order_index += 1
    if state.turn_order_index < state.players:
        return
    state.turn_order_index = 0
    state.turn += 1
    if state.victory:
        end_game(state, "won")            # R31: the turn is finished, the Hydra is beaten
    elif state.turn >= rules.scenario.tokens:
        start_hydra_phase(state, rules)


def legal_main(state: State, rules: Rules, seat: int) -> int:
    """R28: hero actions from the display, the hand or the city; hydra cards to play."""
    reach = Reach(state, rules, seat)
    codec, key = rules.codec, rules.tables.card_key
    shifts = rules.tables.slot_shift
    m = 0
    for slot, card in enumerate(state.display):
        if card >= 0 and not state.display_token[slot]:
            m |= reach.card(key[card]) << shifts[slot]
    used = state.action_hand_used[seat]
    for k, card in enumerate(state.action_hands[seat]):
        if not used[k]:
            m |= reach.card(key[card]) << shifts[DISPLAY_SLOTS + k]
    m |= reach.city(state.city_actions_used[seat])
    if not state.victory:
        m |= ((1 << len(state.hydra_hands[seat])) - 1) << codec.play_base
    return m


def legal_after(state: State, rules: Rules, seat: int) -> int:
    """After the action: play a held hydra card, or end the turn unless it was the
    hero's last action (R28: cards still held are played then)."""
    codec = rules.codec
    m = ((1 << len(state.hydra_hands[seat])) - 1) << codec.play_base
    if state.turn < rules.scenario.tokens - 1:
        m |= 1 << codec.end_turn
    return m


def use_slot(state: State, rules: Rules, seat: int, slot: int) -> int:
    """Put the hero's token on a display card or a hand card; the card."""
    if slot < DISPLAY_SLOTS:
        state.display_token[slot] = seat + 1
        return state.display[slot]
    k = slot - DISPLAY_SLOTS
    state.action_hand_used[seat][k] = 1
    return state.action_hands[seat][k]


def after_action(state: State, rules: Rules, seat: int) -> None:
    """The hero may now play hydra cards or end its turn; R31 early victory."""
    state.turn_acted = 1
    if not state.victory and max(state.head_count) == 0:
        state.victory = 1


def play_hydra(state: State, rules: Rules, seat: int, hand_index: int) -> None:
    """R28: play the hydra card in hand slot k; it goes to its discard pile."""
    card = state.hydra_hands[seat].pop(hand_index)
    state.hydra_discards[rules.tables.hcard_deck[card]].append(card)
    state.tasks.extend(rules.tables.hcard_effects_rev[card])


def start_hydra_phase(state: State, rules: Rules) -> None:
    """R29: unused action cards shuffled, then the face-down stack in order."""
    unused = []          # (card, seat it came from, −1 for the display)
    for slot, card in enumerate(state.display):
        if card >= 0 and not state.display_token[slot]:
            unused.append((card, -1))
            state.display[slot] = -1
    for seat in range(state.players):
        keep = [k for k, u in enumerate(state.action_hand_used[seat]) if u]
        unused.extend((c, seat) for k, c in enumerate(state.action_hands[seat]) if not state.action_hand_used[seat][k])
        state.action_hands[seat] = [state.action_hands[seat][k] for k in keep]
        state.action_hand_used[seat] = [1] * len(keep)
    shuffle(state, unused)
    # Queue entries: an action card c as c, a hydra card h as ~h (negative). queue_src
    # says where each came from (a seat's hand, or −1), which the views need (R41).
    state.hydra_queue = [c for c, _ in unused] + [~h for h in state.hydra_stack]
    state.hydra_queue_owner = [s for _, s in unused] + [-1] * len(state.hydra_stack)
    state.hydra_stack = []
    state.phase = PHASE_HYDRA
    state.tasks.append((T_COOP_HYDRA,))


def t_coop_hydra(state: State, rules: Rules, task: tuple) -> None:
    """R29: reveal the next card of the Hydra phase and do its hydra action."""
    if not state.hydra_queue:
        return
    x = state.hydra_queue.pop(0)
    state.hydra_queue_owner.pop(0)
    state.tasks.append((T_COOP_HYDRA,))
    if x >= 0:
        state.action_discard.append(x)
        state.tasks.extend(rules.tables.card_effects_rev[x])
    else:
        h = ~x
        state.hydra_discards[rules.tables.hcard_deck[h]].append(h)
        state.tasks.extend(rules.tables.hcard_effects_rev[h])


def end_round(state: State, rules: Rules) -> None:
    """Phases 4–6: support (R24), turn order (R25), cleanup (R30) or the end."""
    compass.support(state.glory)
    if state.round + 1 >= len(state.moon_tokens):
        end_game(state, "won")            # R31: after the last round with walls left
        return
    state.turn_order = compass.turn_order(state.glory)
    # R30: tokens return; every action card is shuffled into a new deck.
    for seat in range(state.players):
        state.action_deck.extend(state.action_hands[seat])
        state.action_hands[seat] = []
        state.action_hand_used[seat] = []
    state.action_deck.extend(c for c in state.display if c >= 0)
    state.action_deck.extend(state.action_discard)
    state.action_discard = []
    state.display = []
    state.display_token = []
    shuffle(state, state.action_deck)
    regrow_heads(state)  # R30
    state.round += 1
    start_round(state, rules)
