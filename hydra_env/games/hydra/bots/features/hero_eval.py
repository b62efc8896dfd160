"""The hero value ``H`` of the scripted bots: the hero's position and cards::

    H = damage · Σ potential(card) over the best `tokens left` unused cards
        + use · min(cards usable now, tokens left)
        − leftover · max(0, unused cards − tokens left)     they go to the Hydra phase
        + Σ barrier(c) over barricades in front of a head     (R17)
        − exposed · [unprotected, off barricades, in bite or run-over range]
        + shield · [protected] − on_wall_last · [solo, last round, on the wall area]

    potential(sword / harpoon card) = reach[steps to an attack space] × gain(c, damage)
        (cards shared out among the colours so that no threat is counted twice)
    potential(barricade card) = reach[steps] × barrier(c) for the free space in front
        of the most threatening head, or × wall_gain in the inner city (R11 repair)
    gain(c, k) = fall of necks + heads + threat when colour c takes k damage (R7–R9)
    barrier(c) = barrier + barrier_threat · threat one space nearer (dormant: barrier_dormant)

``gain`` is :func:`~hydra_env.games.hydra.bots.features.board_eval.damage_gains`, ``barrier``
:func:`~hydra_env.games.hydra.bots.features.board_eval.barrier_value`.
"""

from __future__ import annotations

from hydra_env.games.hydra.bots.features.board_eval import barrier_value, damage_gains, wall_gain
from hydra_env.games.hydra.bots.features.board_facts import (
    attack_masks,
    first_layer,
    front_space,
    hero_exposed,
    neck_masks,
    reach_layers,
)
from hydra_env.games.hydra.bots.features.card_facts import tokens_left, unused_slots
from hydra_env.games.hydra.bots.features.weights import CoopWeights, SoloWeights
from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS
from hydra_env.games.hydra.rules.heroes import Reach, slot_card
from hydra_env.games.hydra.rules.pieces import barricade_mask
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import HK_BARRICADE, HK_HARPOON, HK_SWORD, Rules

__all__ = ["card_potential", "barricade_gain", "hero_value", "value_at"]


def card_potential(state: State, rules: Rules, seat: int, weights: SoloWeights) -> tuple[list[float], int]:
    """Per unused card (:func:`~hydra_env.games.hydra.bots.features.card_facts.unused_slots`), the value
    it could still add, and how many unused cards the hero can use now.

    Sword and harpoon cards are shared out among the colours one by one, the
    strongest first, each to the colour where its damage (strength, +1 for its
    bonus colour, R6) adds most given the damage already given to that colour
    (so two cards never count the same threat twice), discounted by the steps
    the hero needs to reach an attack space (``reach``). Barricade cards go to
    the free spaces in front of the most threatening heads, or to wall repairs
    in the city (R11).
    """
    # Short local names below: this runs for every candidate action of every decision.
    w = weights
    tables = rules.tables
    nc = len(state.head_count)
    reach = Reach(state, rules, seat)
    layers = reach_layers(reach, rules, len(w.reach) - 1)
    att = [first_layer(layers, m) for m in attack_masks(state, rules)]
    necks = [first_layer(layers, m) for m in neck_masks(state, rules)]
    disc = w.reach + (0.0,)
    gains = [damage_gains(state, rules, c, w) for c in range(nc)]
    given = [0] * nc
    bar = barricade_mask(state)
    fronts = []
    for c in range(nc):
        f = front_space(state, rules, c)
        if f >= 0 and state.head_count[c] > 0 and not (bar >> f) & 1:
            fronts.append(disc[first_layer(layers, 1 << f)] * barrier_value(state, rules, c, w))
    if state.walls < state.walls_at_start:
        # R11: in the inner city a barricade action puts a wall token back
        repair = disc[first_layer(layers, rules.board.city_bit)] * wall_gain(state, w)
        fronts += [repair] * (state.walls_at_start - state.walls)
    fronts.sort(reverse=True)
    pots: list[float] = []
    usable = 0
    attacks = []
    for s in unused_slots(state, rules, seat):
        card = slot_card(state, seat, s)
        kind, strength, bcol = tables.card_kind[card], tables.card_strength[card], tables.card_bcol[card]
        share = w.shared if s < DISPLAY_SLOTS else 1.0
        if reach.card(tables.card_key[card]):
            usable += 1
        if kind == HK_SWORD:
            attacks.append((strength, bcol, att, share))
        elif kind == HK_HARPOON:
            attacks.append((strength, bcol, necks, share))
        elif kind == HK_BARRICADE:
            pots.append(share * fronts.pop(0) if fronts else 0.0)
        else:
            pots.append(0.0)
    attacks.sort(key=lambda x: -x[0])
    for strength, bcol, dist, share in attacks:
        best, best_c, best_d = 0.0, -1, 0
        for c in range(nc):
            if dist[c] >= len(disc) - 1:
                continue
            d = strength + (c == bcol)
            top = len(gains[c]) - 1
            v = disc[dist[c]] * (gains[c][min(given[c] + d, top)] - gains[c][min(given[c], top)])
            if v > best:
                best, best_c, best_d = v, c, d
        if best_c >= 0:
            given[best_c] += best_d
        pots.append(share * best)
    return pots, usable


def barricade_gain(state: State, rules: Rules, seat: int, weights: SoloWeights | CoopWeights) -> float:
    """What a barricade on the hero's space is worth: a wall token back in the city
    (R11), or stopping the next movement of the head it stands in front of (R17)."""
    here = state.hero_space[seat]
    if here == rules.board.city:
        return wall_gain(state, weights)
    for colour in range(len(state.head_count)):
        if front_space(state, rules, colour) == here:
            return barrier_value(state, rules, colour, weights)
    return 0.0


def hero_value(state: State, rules: Rules, seat: int, weights: SoloWeights, left: int | None = None) -> float:
    """The hero value ``H`` (module docstring); ``left`` overrides the tokens left
    (:func:`~hydra_env.games.hydra.bots.features.card_facts.tokens_left`)."""
    w = weights
    left = tokens_left(state, rules, seat) if left is None else left
    v = 0.0
    if left:
        pots, usable = card_potential(state, rules, seat, w)
        pots.sort(reverse=True)
        v += w.damage * sum(pots[:left])
        v += w.use * min(usable, left)
        v -= w.leftover * max(0, len(pots) - left)
    bar = barricade_mask(state)
    for colour in range(len(state.head_count)):
        f = front_space(state, rules, colour)
        if f >= 0 and (bar >> f) & 1:
            v += barrier_value(state, rules, colour, w)
    if hero_exposed(state, rules, seat):
        v -= w.exposed
    if state.shielded[seat]:
        v += w.shield
    last_round = state.round + 1 == len(state.moon_tokens)
    if rules.solo and last_round and (rules.board.wall_mask >> state.hero_space[seat]) & 1:
        v -= w.on_wall_last
    return v


def value_at(state: State, rules: Rules, seat: int, space: int, used_slot: int, weights: SoloWeights) -> float:
    """:func:`hero_value` if the hero stood on ``space`` after spending one token on
    ``used_slot`` (−1: a city action). ``state`` is changed for the call and restored
    before returning. The slot is only marked used: in solo phase I the other cards of
    its column are not barred (R34), as :func:`~hydra_env.games.hydra.bots.features.card_facts.unused_slots`."""
    here = state.hero_space[seat]
    left = tokens_left(state, rules, seat) - 1
    state.hero_space[seat] = space
    restore = None
    if 0 <= used_slot < DISPLAY_SLOTS:
        restore = state.display_token[used_slot]
        state.display_token[used_slot] = 1
    elif used_slot >= DISPLAY_SLOTS:
        restore = state.action_hand_used[seat][used_slot - DISPLAY_SLOTS]
        state.action_hand_used[seat][used_slot - DISPLAY_SLOTS] = 1
    try:
        return hero_value(state, rules, seat, weights, left=left)
    finally:
        state.hero_space[seat] = here
        if 0 <= used_slot < DISPLAY_SLOTS:
            state.display_token[used_slot] = restore
        elif used_slot >= DISPLAY_SLOTS:
            state.action_hand_used[seat][used_slot - DISPLAY_SLOTS] = restore
