"""Determinization (HH33): a copy of the state with everything one seat cannot see dealt anew.

Re-dealt, consistently with the seat's information:

- the loyalties of the seats whose disc it does not know (own disc, the HYDRA team if it
  is HYDRA, reveals and its Widow results are kept; the HYDRA count is kept);
- the faces of the villains still to come (each within its public tier);
- the hidden cards: the other seats' hands, the draw pile, the part of the discard pile
  not revealed in a team attack, and the other seats' face-down cards not yet revealed,
  pooled and dealt back in the same sizes;
- who played which face-down card in every revealed offensive: the cards of the seats
  the viewer did not play, peek at or check are shuffled among them (same counts), so
  each offensive's revealed multiset stays;
- the values of gifts between two other seats: in the current offensive drawn from the
  recipient's new cards (its hand, face-down and face-up plays, which still hold the gift:
  no card leaves a hand between a gift and the next offensive's draws), in past ones at
  random; the other seats' private ability results (recomputed from the new deal) and
  their votes in a round still open;
- the future: the generator gets a fresh seed.

Kept as they are, so the sample stays consistent: a seat the viewer gave cards to in the
current offensive keeps its hand and its play (it holds the gift).
"""

from __future__ import annotations

import numpy as np

from hydra_env.games.hail_hydra.components import BLUE, Components
from hydra_env.games.hail_hydra.rules import eligible_targets
from hydra_env.games.hail_hydra.state import HYDRA, NONE, OPEN, UP_VOTE, State, copy_offensive, copy_round
from hydra_env.games.hail_hydra.views import UNKNOWN, known_loyalties


def _counts_to_list(counts: list[int]) -> list[int]:
    return [v for v in range(8) for _ in range(counts[v])]


def _to_counts(cards: list[int]) -> list[int]:
    counts = [0] * 8
    for v in cards:
        counts[v] += 1
    return counts


def _redeal_loyalty(state: State, seat: int, rng: np.random.Generator) -> None:
    known = known_loyalties(state, seat)
    unknown = [s for s in range(state.players) if known[s] == UNKNOWN]
    hydra_left = sum(state.loyalty) - sum(1 for k in known if k == HYDRA)
    chosen = set(rng.permutation(unknown)[:hydra_left].tolist()) if unknown else set()
    for s in unknown:
        state.loyalty[s] = HYDRA if s in chosen else 0


def _redeal_villains(state: State, comp: Components, rng: np.random.Generator) -> None:
    seen = set(state.defeated) | ({state.villain} if state.villain != NONE else set())
    for position, tier in enumerate(state.stack_tiers):
        taken = seen | set(state.stack[:position])
        choices = [v for v in comp.tier_ids(tier) if v not in taken]
        state.stack[position] = int(choices[int(rng.integers(len(choices)))])


def _pinned_now(state: State, seat: int) -> set[int]:
    pinned = {seat}
    record = state.offensive
    if record is not None:
        pinned |= {t for g, t in enumerate(record["gave_to"]) if g == seat and t != NONE}
        current = len(state.offensives) - 1
        if state.web[seat] and state.web[seat][0] == current:
            pinned.add(state.web[seat][1])
    return pinned


def _redeal_cards(state: State, seat: int, rng: np.random.Generator) -> None:
    record = state.offensive
    pinned = _pinned_now(state, seat)
    others = [s for s in range(state.players) if s not in pinned]
    open_plays = record is not None and record["cards"] is None
    pool: list[int] = []
    for s in others:
        pool += _counts_to_list(state.hands[s])
        if open_plays:
            pool += _counts_to_list(record["down"][s])
    pool += state.draw
    unknown_discard = [state.discard[v] - state.discard_public[v] for v in range(8)]
    pool += _counts_to_list(unknown_discard)
    pool = [int(x) for x in rng.permutation(np.array(pool, dtype=np.int64))] if pool else []
    at = 0
    for s in others:
        size = sum(state.hands[s])
        state.hands[s] = _to_counts(pool[at:at + size])
        at += size
        if open_plays:
            size = sum(record["down"][s])
            record["down"][s] = _to_counts(pool[at:at + size])
            at += size
    state.draw = pool[at:at + len(state.draw)]
    at += len(state.draw)
    rest = _to_counts(pool[at:])
    state.discard = [state.discard_public[v] + rest[v] for v in range(8)]


def _redeal_plays(state: State, seat: int, rng: np.random.Generator) -> None:
    """Who played which face-down card, in every revealed offensive."""
    for index, record in enumerate(state.offensives):
        if record["cards"] is None:
            continue
        pinned = {seat}
        if state.web[seat] and state.web[seat][0] == index:
            pinned.add(state.web[seat][1])
        if state.radar[seat] and state.radar[seat][0] == index:
            pinned.add(state.radar[seat][1])
        pinned |= {t for g, t in enumerate(record["gave_to"]) if g == seat and t != NONE
                   and index == len(state.offensives) - 1}
        others = [s for s in range(state.players) if s not in pinned and sum(record["down"][s]) > 0]
        cards: list[int] = []
        for s in others:
            cards += _counts_to_list(record["down"][s])
        order = [int(x) for x in rng.permutation(np.array(cards, dtype=np.int64))] if cards else []
        at = 0
        for s in others:
            size = sum(record["down"][s])
            record["down"][s] = _to_counts(order[at:at + size])
            at += size
        if index == len(state.offensives) - 1:
            continue  # the current offensive's gifts: :func:`_redeal_current_gifts`
        for giver in range(state.players):
            target = record["gave_to"][giver]
            if giver != seat and target not in (NONE, seat):
                values = rng.integers(8, size=record["gave"][giver]).tolist()
                record["gift"][giver] = _to_counts([int(v) for v in values])


def _redeal_current_gifts(state: State, seat: int, rng: np.random.Generator) -> None:
    """The current offensive's gifts between two other seats, drawn (without replacement)
    from the recipient's cards now: its hand and its plays still hold every gift it got.
    A recipient whose cards were kept (:func:`_pinned_now`) keeps its gifts too."""
    record = state.offensive
    if record is None:
        return
    pinned = _pinned_now(state, seat)
    for target in range(state.players):
        givers = [g for g in range(state.players) if record["gave_to"][g] == target and g != seat]
        if not givers or target == seat or target in pinned:
            continue
        held = [a + b + c for a, b, c in zip(state.hands[target], record["down"][target], record["up"][target],
                                             strict=True)]
        cards = [int(x) for x in rng.permutation(np.array(_counts_to_list(held), dtype=np.int64))]
        at = 0
        for giver in givers:
            size = record["gave"][giver]
            record["gift"][giver] = _to_counts(cards[at:at + size])
            at += size


def _recompute_private(state: State, seat: int, rng: np.random.Generator) -> None:
    """Other seats' ability results and open votes, made consistent with the new deal."""
    for other in range(state.players):
        if other == seat:
            continue
        state.widow[other] = [[t, state.loyalty[t]] for t, _ in state.widow[other]]
        if state.web[other]:
            index, target, _ = state.web[other]
            state.web[other] = [index, target, list(state.offensives[index]["down"][target])]
        if state.radar[other]:
            index, target, _ = state.radar[other]
            record = state.offensives[index]
            blue = sum(record["down"][target][v] for v in range(8) if BLUE[v])
            state.radar[other] = [index, target, int(record["claim"][target] == blue)]
    record = state.round
    if record is not None and not record["closed"]:
        for voter, vote in enumerate(record["votes"]):
            if voter != seat and vote != OPEN:
                options = eligible_targets(state, voter) + [UP_VOTE]
                record["votes"][voter] = int(options[int(rng.integers(len(options)))])
    knocked = [r["result"] for r in state.rounds if r["result"] != NONE and not r["rally"]]
    state.knockouts = [sum(1 for s in knocked if state.loyalty[s] != HYDRA),
                       sum(1 for s in knocked if state.loyalty[s] == HYDRA)]


def redeal(state: State, comp: Components, seat: int, rng: np.random.Generator) -> State:
    """A copy of ``state`` with what ``seat`` cannot see dealt anew (this module's docstring)."""
    new = state.clone()
    new.offensives = [copy_offensive(r) for r in new.offensives]
    new.rounds = [copy_round(r) for r in new.rounds]
    if new.loyalty:
        _redeal_loyalty(new, seat, rng)
        _redeal_villains(new, comp, rng)
        _redeal_plays(new, seat, rng)
        _redeal_cards(new, seat, rng)
        _redeal_current_gifts(new, seat, rng)
        _recompute_private(new, seat, rng)
    new.rng = [int(rng.integers(1 << 62)), 0]
    return new
