"""Hadara's flow: setup, the steps of an epoch, and applying one decision.

:func:`new_state` deals a game (HD4–HD8) and runs to the first decision;
:func:`apply` carries out a legal decision of the pending seat and runs on to
the next one (:func:`advance`): income, draws, the resolution of a draft round
and every decision with a single legal action happen automatically (HD30).
All randomness comes from the state's :class:`~hydra_env.api.rng.CounterRng`:
setup cards, colony stacks, the board order (option) and each epoch's decks.
numpy and the standard library only.
"""

from __future__ import annotations

from hydra_env.api.rng import CounterRng
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import LEVELS, Components
from hydra_env.games.hadara.rules import FOOD, INCOME, add_tracks, buy, legal_actions, sell
from hydra_env.games.hadara.state import (
    COLONY,
    COLONY_MODE,
    DRAFT,
    MEDAL,
    PICK,
    REMOVE,
    S_COLONY_A,
    S_COLONY_B,
    S_DRAFT,
    S_FEED,
    S_INCOME_A,
    S_INCOME_B,
    S_MEDAL,
    S_OVER,
    S_PICK,
    S_STATUE_A,
    S_STATUE_B,
    S_WHEEL,
    STATUE,
    TILE,
    WHEEL,
    Pending,
    State,
)

ROUNDS = 5


def first_players(players: int, rank: list[int]) -> list[int]:
    """HD8: the first player of epochs I, II, III (ranks 1, 2, 3; with 2 players 1, 2, 1)."""
    ranks = (1, 2, 1) if players == 2 else (1, 2, 3)
    return [rank.index(r) for r in ranks]


def new_state(comps: Components, players: int, seed: int, board_random: bool = False) -> State:
    """A new deal (HD4–HD8) run to its first decision."""
    rng = CounterRng(seed)
    order = list(comps.board_order)
    if board_random:
        rng.shuffle(order)
    setups = list(range(len(comps.setup_cards)))
    rng.shuffle(setups)
    setup = setups[:players]
    initiatives = [comps.setup_cards[s].initiative for s in setup]
    rank = [1 + sorted(initiatives).index(i) for i in initiatives]
    stacks = []
    for level in range(1, LEVELS + 1):
        group = comps.level_colonies(level)
        rng.shuffle(group)
        stacks.append(group[:players])
    n = players
    state = State(players=n, seed=seed, rng=rng, board_order=order, setup=setup, rank=rank,
                  first=first_players(n, rank), decks=[[] for _ in range(5)], piles=[[] for _ in range(5)],
                  pairs=[[] for _ in range(n)], choices=[-1] * n,
                  coins=[comps.setup_cards[s].coins for s in setup],
                  tracks=[list(comps.setup_cards[s].tracks) for s in setup],
                  tableau=[[] for _ in range(n)], sold_a=[[] for _ in range(n)], sold_b=[[] for _ in range(n)],
                  removed=[[] for _ in range(n)], stacks=stacks, colonies=[[] for _ in range(n)],
                  integrated=[[] for _ in range(n)], statues=[[-1] * len(comps.statues) for _ in range(n)],
                  tiles=[[comps.tiles_per_track] * 4 for _ in range(n)], silver=[[] for _ in range(n)],
                  gold=[0] * n, sales_a=[0] * n, history=[])
    for seat in range(n):                      # HD8: the extra coin
        if (n >= 4 and rank[seat] >= 4) or (n == 2 and rank[seat] == 2):
            state.coins[seat] += 1
    start_epoch(state, comps)
    advance(state, comps)
    return state


def start_epoch(state: State, comps: Components) -> None:
    """HD5: shuffle each colour's 10 cards of the epoch, keep 2n as its deck (the rest leave unseen)."""
    for colour in range(5):
        cards = comps.epoch_cards(state.epoch + 1, colour)
        state.rng.shuffle(cards)
        state.decks[colour] = cards[:2 * state.players]
        state.piles[colour] = []
    state.step, state.index, state.wheel, state.round, state.picks = S_WHEEL, 0, -1, 0, 0
    state.sales_a = [0] * state.players


def deck_position(state: State, seat: int) -> int:
    """HD4: the board position the seat's icon points at in the current round."""
    return (seat + state.wheel + state.round) % 5


def draw(state: State) -> None:
    """HD12: every seat takes the top 2 cards of the deck its icon points at (sorted by index)."""
    for seat in range(state.players):
        deck = state.decks[state.board_order[deck_position(state, seat)]]
        state.pairs[seat] = sorted((deck.pop(), deck.pop()))
        state.choices[seat] = -1


def resolve_round(state: State, comps: Components) -> None:
    """HD13: carry out every seat's choice in turn order: discard one, buy or sell the other."""
    for seat in state.order():
        _, k, sold = codec.block(state.choices[seat])
        pair = state.pairs[seat]
        keep, other = pair[k], pair[1 - k]
        state.piles[comps.cards[other].colour].append(other)
        if sold:
            sell(state, comps, seat, keep, phase_a=True)
        else:
            buy(state, comps, seat, keep)
        state.pairs[seat] = []
        state.choices[seat] = -1


def _next_step(state: State) -> None:
    state.step += 1
    state.index = 0


def find_pending(state: State, comps: Components) -> Pending | None:
    """The next decision, after carrying out every automatic step before it (HD10)."""
    n = state.players
    while True:
        step, order = state.step, state.order()
        if step == S_WHEEL:
            return Pending(WHEEL, state.first[state.epoch])
        if step == S_DRAFT:
            for seat in order:
                if state.choices[seat] < 0:
                    return Pending(DRAFT, seat)
            resolve_round(state, comps)
            state.round += 1
            if state.round == ROUNDS:
                _next_step(state)
            else:
                draw(state)
        elif step in (S_INCOME_A, S_INCOME_B):
            for seat in order:                                  # HD18
                state.coins[seat] += state.tracks[seat][INCOME]
            _next_step(state)
        elif step in (S_COLONY_A, S_COLONY_B):
            if state.pending_colony >= 0:
                return Pending(COLONY_MODE, order[state.index])
            if state.index < n:
                return Pending(COLONY, order[state.index])
            _next_step(state)
        elif step in (S_STATUE_A, S_STATUE_B):
            if state.pending_statue >= 0:
                return Pending(TILE, order[state.index])
            if state.index < n:
                return Pending(STATUE, order[state.index])
            _next_step(state)
        elif step == S_PICK:
            if state.picks < ROUNDS * n:
                return Pending(PICK, order[state.picks % n])
            _next_step(state)
        elif step == S_FEED:
            while state.index < n:
                seat = order[state.index]
                if len(state.tableau[seat]) > state.tracks[seat][FOOD]:
                    return Pending(REMOVE, seat)
                state.index += 1
            _next_step(state)
        elif step == S_MEDAL:
            if state.index < n:
                return Pending(MEDAL, order[state.index])
            if state.epoch == 2:                                # HD26
                state.step = S_OVER
                state.game_over = True
                return None
            state.epoch += 1
            start_epoch(state, comps)
        else:
            state.game_over = True
            return None


def advance(state: State, comps: Components) -> None:
    """Run to the next decision with more than one legal action (single ones are applied, HD30)."""
    while True:
        state.pending = find_pending(state, comps)
        if state.pending is None:
            return
        legal = legal_actions(state, comps)
        if len(legal) != 1:
            return
        carry_out(state, comps, legal[0])


def carry_out(state: State, comps: Components, action: int) -> None:
    """Carry out one legal action of the pending seat (no check, no history, no advance)."""
    pending = state.pending
    seat, kind = pending.seat, pending.kind
    _, a, b = codec.block(action)
    if kind == WHEEL:                                           # HD11
        state.wheel, state.step, state.round = a, S_DRAFT, 0
        draw(state)
    elif kind == DRAFT:                                         # HD13: hidden until all have chosen
        state.choices[seat] = action
    elif kind == COLONY:                                        # HD19
        if action == codec.PASS:
            state.index += 1
        else:
            taken = state.stacks[a - 1].pop()
            state.colonies[seat].append(taken)
            state.integrated[seat].append(False)
            state.pending_colony = taken
    elif kind == COLONY_MODE:                                   # HD20
        colony = comps.colonies[state.pending_colony]
        if action == codec.INTEGRATE:
            state.coins[seat] -= colony.cost
            state.integrated[seat][-1] = True
            add_tracks(state, seat, colony.back)
        else:
            state.coins[seat] += colony.plunder
        state.pending_colony = -1
        state.index += 1
    elif kind == STATUE:                                        # HD21
        if action == codec.PASS:
            state.index += 1
        else:
            state.pending_statue = a
    elif kind == TILE:
        state.tiles[seat][a] -= 1
        state.statues[seat][state.pending_statue] = 2 * a + b
        if not b:
            state.tracks[seat][a] += comps.statues[state.pending_statue].bonus
        state.pending_statue = -1
        state.index += 1
    elif kind == PICK:                                          # HD22
        card = state.piles[a].pop()
        if b:
            sell(state, comps, seat, card, phase_a=False)
        else:
            buy(state, comps, seat, card)
        state.picks += 1
    elif kind == REMOVE:                                        # HD23
        card = state.tableau[seat].pop(a)
        state.removed[seat].append(card)
        add_tracks(state, seat, comps.cards[card].tracks, sign=-1)
    elif kind == MEDAL:                                         # HD24
        if action == codec.GOLD:
            state.coins[seat] -= comps.gold_price[state.epoch]
            state.gold[seat] += 1
        elif action == codec.PASS:
            state.index += 1
        else:
            state.coins[seat] -= comps.silver_price[state.epoch]
            state.tiles[seat][a] -= 1
            state.silver[seat].append(a)


def apply(state: State, comps: Components, action: int) -> None:
    """Apply a legal action (the caller checked it), record it, and run to the next decision."""
    carry_out(state, comps, action)
    state.history.append(action)
    advance(state, comps)
