"""The automatic flow of Hail Hydra: setup, offensives and knock-out phases (HH3-HH24).

:func:`advance` runs the stage handlers until a seat must decide (``state.pending``) or
the game is over. ``state.stage`` names the handler, ``state.queue`` the seats still to
be asked in it. Stages, in order: ``draft`` → ``deal`` → ``flip`` → per offensive
``offensive`` (step 1) → ``gift`` (step 1b) → ``play`` (step 2) → ``resolve`` (step 3's
window) → ``attack`` (result, step 4, step 5) → after a defeat ``mission_end`` → per round
``round`` → ``ko_offer`` → ``nominate`` → ``vote`` → ``verdict``, then ``flip`` again.
"""

from __future__ import annotations

from collections.abc import Callable

from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.rules import (
    GameEndError,
    ability_legal,
    card_value,
    discard_hand,
    draw_below,
    draw_cards,
    hurt_city,
    hurt_villain,
    power,
    shuffle,
)
from hydra_env.games.hail_hydra.state import (
    DRAFT,
    GIFT_TARGET,
    KO_OFFER,
    NOMINATE,
    NONE,
    PLAY,
    RESOLVE_OFFER,
    UP_VOTE,
    VERDICT_OFFER,
    VOTE,
    Pending,
    State,
    new_offensive,
    new_round,
)

MAX_OFFENSIVES = 36
"""HH31: no game has more offensives (the engine asserts it)."""


def advance(state: State, comp: Components) -> None:
    """Run the automatic rules until a decision is pending or the game is over."""
    try:
        while state.pending is None and not state.game_over:
            STAGES[state.stage](state, comp)
    except GameEndError:
        state.pending = None


def _ask(state: State, seat: int, kind: int, arg: int = 0) -> None:
    state.pending = Pending(seat, kind, arg)


# ------------------------------------------------------------------ setup (HH5-HH8)
def _draft(state: State, comp: Components) -> None:
    if state.queue:
        _ask(state, state.queue[0], DRAFT)
    else:
        state.stage = "deal"


def _deal(state: State, comp: Components) -> None:
    """Loyalty, villains, deck and first hands, drawn in HH8's order."""
    row = comp.rows[state.players]
    discs = [0] * row.shield + [1] * row.hydra
    shuffle(state, discs)
    state.loyalty = discs
    stack = []
    for tier, count in ((1, 1), (2, 2), (3, 1)):
        ids = comp.tier_ids(tier)
        for _ in range(count):
            stack.append(ids.pop(draw_below(state, len(ids))))
    stack.append(comp.tier_ids(4)[0])
    state.stack = stack
    state.stack_tiers = [comp.villain(v).tier for v in stack]
    state.draw = [v for v in range(8) for _ in range(comp.deck[v])]
    shuffle(state, state.draw)
    first = state.first_player
    for k in range(1, state.players + 1):
        seat = (first + k) % state.players
        count = comp.second_hand if k == 1 else comp.third_hand if k == 2 else comp.hand_size
        draw_cards(state, seat, count)
    state.city = comp.city_health
    state.stage = "flip"


def _flip(state: State, comp: Components) -> None:
    """The next villain is flipped with its effective health and strength (HH3)."""
    vid = state.stack.pop(0)
    state.stack_tiers.pop(0)
    villain = comp.villain(vid)
    row = comp.rows[state.players]
    calibrated = state.options["balance"] == "calibrated"
    state.mission += 1
    state.villain = vid
    state.start_health = min(comp.max_health, max(1, villain.health + (row.health_mod if calibrated else 0)))
    state.health = state.start_health
    state.strength = max(1, villain.strength + (row.strength_mod if calibrated else 0))
    state.defence = villain.defence
    state.mission_offensives = 0
    state.immune = [False] * state.players
    state.stage = "offensive"


# ------------------------------------------------------------------ an offensive (HH9-HH20)
def _offensive(state: State, comp: Components) -> None:
    """Step 1 (skipped in the game's first offensive), then the gift queue (HH10, HH12)."""
    if len(state.offensives) >= MAX_OFFENSIVES:
        raise AssertionError(f"HH31 broken: offensive {len(state.offensives) + 1} would exceed {MAX_OFFENSIVES}")
    first = not state.offensives
    state.smash = state.panther = state.total_flag = False
    state.total = 0
    if not first:
        state.token = (state.token + 1) % state.players
    record = new_offensive(state.players, state.mission, state.token)
    record["out"] = list(state.out)
    record["active"] = [not o for o in state.out]
    record["revealed"] = list(state.revealed)
    state.offensives.append(record)
    state.mission_offensives += 1
    if not first:
        holder = state.token
        discard_hand(state, holder)
        draw_cards(state, holder, comp.hand_size)
        if power(state, comp, "no_draw_others") is None:
            for seat in state.order_from(holder)[1:]:
                draw_cards(state, seat, 1)
    state.queue = [s for s in state.order_from(state.token) if state.out[s] and not state.revealed[s]]
    state.stage = "gift"


def _gift(state: State, comp: Components) -> None:
    if state.queue:
        _ask(state, state.queue[0], GIFT_TARGET)
        return
    order = [s for s in state.order_from(state.token) if not state.out[s]]
    state.queue = [s for s in order if state.revealed[s]] + [s for s in order if not state.revealed[s]]
    state.stage = "play"


def _play(state: State, comp: Components) -> None:
    if state.queue:
        seat = state.queue[0]
        _ask(state, seat, PLAY, int(state.revealed[seat]))
        return
    record = state.offensive
    cards = [sum(record["down"][s][v] + record["up"][s][v] for s in range(state.players)) for v in range(8)]
    record["cards"] = cards
    record["hidden"] = power(state, comp, "hide_cards") is not None
    bonus = 0
    if state.smash:
        bonus = next(h.param("bonus") for h in comp.heroes if h.effect == "smash")
    state.total = sum(cards[v] * card_value(state, comp, v) for v in range(8)) + bonus
    state.total_flag = True
    state.queue = [s for s in state.order_from(state.token) if not state.out[s] and not state.revealed[s]
                   and comp.heroes[state.heroes[s]].window == "resolve"]
    state.stage = "resolve"


def _resolve(state: State, comp: Components) -> None:
    """The resolve window (HH28): each eligible seat is offered its ability once."""
    while state.queue:
        seat = state.queue[0]
        if state.health > 0 and ability_legal(state, comp, seat, "resolve"):
            _ask(state, seat, RESOLVE_OFFER)
            return
        state.queue.pop(0)
    state.stage = "attack"


def _attack(state: State, comp: Components) -> None:
    """The result (HH16, HH17), the villain's attack (HH18) and step 5 (HH20)."""
    record = state.offensive
    total = state.total
    record["total"] = total
    if state.health > 0:
        if total >= 1:
            damage = max(0, total - state.defence)
            cap = power(state, comp, "damage_cap")
            hurt_villain(state, comp, damage if cap is None else min(cap, damage))
        else:
            rows = comp.negative_rows
            threshold = power(state, comp, "negative_threshold")
            if threshold is not None and rows:
                rows = ((threshold, rows[0][1]),)
            for top, damage in rows:
                if total <= top:
                    hurt_city(state, damage, "negative_total")
                    break
    if state.health <= 0:
        record["defeated"] = True
        state.defeated.append(state.villain)
        _discard_attack(state)
        state.stage = "mission_end"
        return
    if not state.panther:
        hurt_city(state, state.strength, "villain_attack")
        _survive_power(state, comp)
    hurt_city(state, sum(1 for s in range(state.players) if state.revealed[s] and state.out[s]),
              "knocked_out_agents")
    _discard_attack(state)
    state.stage = "offensive"


def _survive_power(state: State, comp: Components) -> None:
    villain = comp.villain(state.villain)
    kind, amount = villain.power, villain.amount
    if kind == "heal":
        state.health = min(state.start_health, state.health + amount)
    elif kind == "strength_up":
        state.strength += amount
    elif kind == "defence_up":
        state.defence = min(comp.max_defence, state.defence + amount)
    elif kind == "discard_random":
        for seat in state.order_from(state.token):
            for _ in range(amount):
                size = state.hand_size(seat)
                if state.out[seat] or size == 0:
                    continue
                k = draw_below(state, size)
                hand = state.hands[seat]
                for v in range(8):
                    if k < hand[v]:
                        hand[v] -= 1
                        state.discard[v] += 1
                        break
                    k -= hand[v]


def _discard_attack(state: State) -> None:
    record = state.offensive
    for v in range(8):
        state.discard[v] += record["cards"][v]
        if not record["hidden"]:
            state.discard_public[v] += record["cards"][v]


# ------------------------------------------------------------------ the knock-out phase (HH21-HH24)
def _mission_end(state: State, comp: Components) -> None:
    state.out = [False] * state.players
    state.immune = [False] * state.players
    state.rounds_left = comp.knockout_rounds[(state.stack_tiers[0], state.players)]
    state.stage = "round"


def _round(state: State, comp: Components) -> None:
    if state.rounds_left <= 0:
        state.stage = "flip"
        return
    state.rounds_left -= 1
    number = sum(1 for r in state.rounds if r["phase"] == state.mission)
    state.rounds.append(new_round(state.players, state.mission, number))
    state.queue = [s for s in state.order_from(state.token) if comp.heroes[state.heroes[s]].window == "knockout"]
    state.stage = "ko_offer"


def _ko_offer(state: State, comp: Components) -> None:
    while state.queue:
        seat = state.queue[0]
        if ability_legal(state, comp, seat, "knockout"):
            _ask(state, seat, KO_OFFER)
            return
        state.queue.pop(0)
    state.queue = state.order_from(state.token)
    state.stage = "nominate" if state.options["nominations"] else "vote"


def _nominate(state: State, comp: Components) -> None:
    if state.queue:
        _ask(state, state.queue[0], NOMINATE)
        return
    state.queue = state.order_from(state.token)
    state.stage = "vote"


def _vote(state: State, comp: Components) -> None:
    if state.queue:
        _ask(state, state.queue[0], VOTE)
        return
    result = tally(state.round["votes"])
    state.round["closed"] = True          # the votes are revealed together with the last one (HH22)
    if result != NONE:
        knock_out(state, result)
    state.round["result"] = result
    state.stage = "verdict"


def tally(votes: list[int]) -> int:
    """The seat a round knocks out (HH22): one seat alone on top of the count, *up*
    counted as an option; NONE on any tie at the top or when *up* is on top."""
    counts: dict[int, int] = {}
    for vote in votes:
        counts[vote] = counts.get(vote, 0) + 1
    best = max(counts.values())
    top = [option for option, n in counts.items() if n == best]
    if len(top) != 1 or top[0] == UP_VOTE:
        return NONE
    return top[0]


def knock_out(state: State, seat: int) -> None:
    """A seat is knocked out for the coming mission (HH24)."""
    state.out[seat] = True
    state.knockouts[state.loyalty[seat]] += 1


def _verdict(state: State, comp: Components) -> None:
    if state.round["result"] != NONE:
        for seat in range(state.players):
            if comp.heroes[state.heroes[seat]].window == "verdict" and ability_legal(state, comp, seat, "verdict"):
                _ask(state, seat, VERDICT_OFFER)
                return
    close_round(state)


def close_round(state: State) -> None:
    """The round ends: its votes become public (HH22)."""
    state.round["closed"] = True
    state.queue = []
    state.stage = "round"


STAGES: dict[str, Callable[[State, Components], None]] = {
    "draft": _draft, "deal": _deal, "flip": _flip, "offensive": _offensive, "gift": _gift, "play": _play,
    "resolve": _resolve, "attack": _attack, "mission_end": _mission_end, "round": _round, "ko_offer": _ko_offer,
    "nominate": _nominate, "vote": _vote, "verdict": _verdict}
