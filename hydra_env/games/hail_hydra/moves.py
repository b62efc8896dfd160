"""The seats' decisions (HH34, HH35): the legal actions of the pending decision, why an
action is illegal, and what a legal one does.
"""

from __future__ import annotations

import functools

from hydra_env.games.hail_hydra.codec import (
    CARDS,
    CLAIM,
    HAIL,
    HERO,
    MULTISETS,
    PASS,
    TARGET,
    UP,
    USE,
    VALUE,
    action_counts,
)
from hydra_env.games.hail_hydra.components import BLUE, Components
from hydra_env.games.hail_hydra.flow import advance, close_round, knock_out
from hydra_env.games.hail_hydra.rules import (
    GameEndError,
    ability_legal,
    ability_targets,
    card_value,
    draw_cards,
    eligible_targets,
    hurt_city,
    hurt_villain,
    is_hydra,
    play_lengths,
    reveal,
)
from hydra_env.games.hail_hydra.state import (
    ABILITY_TARGET,
    ABILITY_VALUE,
    DECISION_NAMES,
    DRAFT,
    GIFT_CARDS,
    GIFT_TARGET,
    KO_OFFER,
    NOMINATE,
    PLAY,
    RESOLVE_OFFER,
    UP_VOTE,
    VERDICT_OFFER,
    VOTE,
    Pending,
    State,
)
from hydra_env.games.hail_hydra.state import (
    CLAIM as CLAIM_DECISION,
)

_LENGTHS = [len(combo) for combo in MULTISETS]
_COUNTS = [action_counts(a) for a in range(len(MULTISETS))]


def multisets_from(hand: list[int], lengths: tuple[int, ...]) -> list[int]:
    """CARDS actions of every multiset of ``hand`` whose size is in ``lengths`` (a new list)."""
    return list(_multisets(tuple(hand), tuple(lengths)))


@functools.lru_cache(maxsize=8192)
def _multisets(hand: tuple[int, ...], lengths: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`multisets_from`, memoised: a hand of 8 counts repeats often across decisions."""
    return tuple(a for a, counts in enumerate(_COUNTS) if _LENGTHS[a] in lengths
                 and all(counts[v] <= hand[v] for v in range(8)))


def relative(state: State, seat: int, target: int) -> int:
    """The TARGET action naming ``target`` as seen from ``seat``."""
    return TARGET + (target - seat) % state.players - 1


def absolute(state: State, seat: int, action: int) -> int:
    """The seat a TARGET action of ``seat`` names."""
    return (seat + action - TARGET + 1) % state.players


def may_hail(state: State, seat: int) -> bool:
    """Whether ``seat`` may reveal now: an unrevealed HYDRA agent (HH25)."""
    return is_hydra(state, seat) and not state.revealed[seat]


def legal_actions(state: State, comp: Components) -> list[int]:
    """The legal actions of the pending decision, in increasing order (empty once over)."""
    pending = state.pending
    if pending is None:
        return []
    seat, kind = pending.seat, pending.kind
    hand = state.hands[seat]
    if kind == DRAFT:
        taken = set(state.heroes)
        return [HERO + h for h in range(len(comp.heroes)) if h not in taken]
    if kind == GIFT_TARGET:
        actions = [] if sum(hand) == 0 else [relative(state, seat, s) for s in range(state.players)
                                             if s != seat and not state.out[s]]
        actions += [PASS] if sum(hand) == 0 else []
        return sorted(actions + ([HAIL] if may_hail(state, seat) else []))
    if kind == GIFT_CARDS:
        return multisets_from(hand, (1, 2))
    if kind == PLAY:
        lengths = play_lengths(state, comp, seat)
        actions = multisets_from(hand, lengths) if lengths else [PASS]
        if ability_legal(state, comp, seat, "play"):
            actions.append(USE)
        if may_hail(state, seat):
            actions.append(HAIL)
        return sorted(actions)
    if kind == CLAIM_DECISION:
        return [CLAIM + g for g in range(pending.arg + 1)]
    if kind == ABILITY_TARGET:
        return sorted(relative(state, seat, s) for s in ability_targets(state, comp, seat))
    if kind == ABILITY_VALUE:
        return [VALUE + v for v in range(8) if state.offensive["cards"][v] > 0]
    if kind in (RESOLVE_OFFER, KO_OFFER, VERDICT_OFFER):
        return [USE, PASS]
    return sorted(relative(state, seat, s) for s in eligible_targets(state, seat)) + [UP]


def why_illegal(state: State, comp: Components, action: int) -> str:
    """Why ``action`` (in range, game running) is not legal for the pending decision."""
    pending = state.pending
    name = DECISION_NAMES[pending.kind]
    seat = pending.seat
    if action == HAIL:
        return f"only an unrevealed HYDRA agent may reveal, in a play or gift decision (seat {seat} is deciding {name})"
    if action == USE:
        return f"seat {seat} cannot use its ability in this {name} decision (unused, in its window, and legal now)"
    if CARDS <= action < CLAIM and pending.kind in (PLAY, GIFT_CARDS):
        return (f"seat {seat} must {'give 1-2' if pending.kind == GIFT_CARDS else 'play'} cards it holds "
                f"in an allowed number (lengths {play_lengths(state, comp, seat) or 'none'}); "
                f"its hand does not hold that multiset or the number is wrong")
    if TARGET <= action <= UP and pending.kind in (GIFT_TARGET, ABILITY_TARGET, NOMINATE, VOTE):
        return f"that seat is not a legal target for seat {seat}'s {name} (HH23: another seat, not out, not immune)"
    return f"the pending decision is seat {seat}'s {name}; legal actions: {legal_actions(state, comp)}"


def apply_action(state: State, comp: Components, action: int) -> None:
    """Apply a legal ``action`` of the pending decision, then run the flow on (HH34)."""
    pending = state.pending
    state.history.append(action)
    state.pending = None
    try:
        _HANDLERS[pending.kind](state, comp, pending, action)
    except GameEndError:
        return
    advance(state, comp)


def _pop(state: State) -> None:
    state.queue.pop(0)


def _draft(state: State, comp: Components, pending: Pending, action: int) -> None:
    state.heroes[pending.seat] = action - HERO
    _pop(state)


def _gift_target(state: State, comp: Components, pending: Pending, action: int) -> None:
    if action == HAIL:
        _pop(state)
        reveal(state, comp, pending.seat)
    elif action == PASS:
        _pop(state)
    else:
        state.pending = Pending(pending.seat, GIFT_CARDS, absolute(state, pending.seat, action))


def _gift_cards(state: State, comp: Components, pending: Pending, action: int) -> None:
    counts, seat, target = action_counts(action), pending.seat, pending.arg
    record = state.offensive
    for v in range(8):
        state.hands[seat][v] -= counts[v]
        state.hands[target][v] += counts[v]
    record["gave"][seat], record["gave_to"][seat], record["gift"][seat] = sum(counts), target, counts
    _pop(state)


def _play(state: State, comp: Components, pending: Pending, action: int) -> None:
    seat, record = pending.seat, state.offensive
    if action == USE:
        hero = comp.heroes[state.heroes[seat]]
        state.used[seat] = record["used"][seat] = True
        state.pending = Pending(seat, PLAY, pending.arg)
        if hero.effect == "peek_played":
            state.pending = Pending(seat, ABILITY_TARGET, state.heroes[seat])
        elif hero.effect == "draw":
            draw_cards(state, seat, hero.param("amount"))
        elif hero.effect == "smash":
            state.smash = True
            hurt_city(state, hero.param("city"), "smash")
        return
    if action == HAIL:
        state.pending = Pending(seat, PLAY, 1)
        reveal(state, comp, seat)
        return
    record["played"][seat] = True
    _pop(state)
    if action == PASS:
        return
    counts = action_counts(action)
    for v in range(8):
        state.hands[seat][v] -= counts[v]
    if state.revealed[seat]:
        record["up"][seat] = counts
    else:
        record["down"][seat] = counts
        if state.options["claims"]:
            state.pending = Pending(seat, CLAIM_DECISION, sum(counts))


def _claim(state: State, comp: Components, pending: Pending, action: int) -> None:
    state.offensive["claim"][pending.seat] = action - CLAIM


def _ability_target(state: State, comp: Components, pending: Pending, action: int) -> None:
    seat = pending.seat
    target = absolute(state, seat, action)
    effect = comp.heroes[state.heroes[seat]].effect
    index = len(state.offensives) - 1
    if effect == "peek_played":
        state.web[seat] = [index, target, list(state.offensive["down"][target])]
        state.pending = Pending(seat, PLAY, 0)
    elif effect == "check_claim":
        blue = sum(state.offensive["down"][target][v] for v in range(8) if BLUE[v])
        state.radar[seat] = [index, target, int(state.offensive["claim"][target] == blue)]
        _pop(state)
    elif effect == "peek_loyalty":
        state.widow[seat].append([target, state.loyalty[target]])
        _pop(state)
    else:   # ambush: replaces the round (HH28, HR11)
        knock_out(state, target)
        state.round["ambush"] = True
        state.round["result"] = target
        state.queue = []
        state.stage = "verdict"


def _ability_value(state: State, comp: Components, pending: Pending, action: int) -> None:
    state.total -= card_value(state, comp, action - VALUE)
    _pop(state)


def _offer(state: State, comp: Components, pending: Pending, action: int) -> None:
    seat = pending.seat
    if action == PASS:
        _pop(state)
        return
    hero = comp.heroes[state.heroes[seat]]
    state.used[seat] = True
    if state.offensive is not None and pending.kind == RESOLVE_OFFER:
        state.offensive["used"][seat] = True
    effect = hero.effect
    if effect in ("check_claim", "peek_loyalty", "ambush"):
        state.pending = Pending(seat, ABILITY_TARGET, state.heroes[seat])
        return
    if effect == "remove_card":
        state.pending = Pending(seat, ABILITY_VALUE, state.heroes[seat])
        return
    _pop(state)
    if effect == "skip_villain_attack":
        state.panther = True
    elif effect == "zero_defence":
        state.defence = 0
    elif effect == "negate_total":
        state.total = -state.total
    elif effect == "heal_city":
        state.city = min(comp.city_health, state.city + hero.param("amount"))
    elif effect == "immunity":
        state.immune[seat] = True
    elif effect == "direct_damage":
        hurt_villain(state, comp, hero.param("amount"))


def _verdict(state: State, comp: Components, pending: Pending, action: int) -> None:
    if action == USE:
        state.used[pending.seat] = True
        target = state.round["result"]
        state.out[target] = False
        state.knockouts[state.loyalty[target]] -= 1
        state.round["rally"] = True
    close_round(state)


def _ballot(state: State, comp: Components, pending: Pending, action: int) -> None:
    seat = pending.seat
    choice = UP_VOTE if action == UP else absolute(state, seat, action)
    state.round["nominations" if pending.kind == NOMINATE else "votes"][seat] = choice
    _pop(state)


_HANDLERS = {DRAFT: _draft, GIFT_TARGET: _gift_target, GIFT_CARDS: _gift_cards, PLAY: _play,
             CLAIM_DECISION: _claim, ABILITY_TARGET: _ability_target, ABILITY_VALUE: _ability_value,
             RESOLVE_OFFER: _offer, KO_OFFER: _offer, VERDICT_OFFER: _verdict, NOMINATE: _ballot, VOTE: _ballot}
