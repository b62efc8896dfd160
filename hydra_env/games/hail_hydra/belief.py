"""Beliefs about who is HYDRA, from one seat's information (:func:`.views.seat_info`).

A belief is a weight per HYDRA-sized set of seats (at most C(8, 3) = 56 sets). The
*public* posterior (the spec's section 9) starts uniform over the sets consistent with the
reveals and, per offensive whose cards were revealed, multiplies each set by
Binomial(L; G, p): L = face-down reds − cards claimed bad (the lies needed), G = the
claimed-good cards of the set's seats, p = 0.85 (how often an agent's claimed-good card is
red); L > G gives a floor weight instead of zero, so a table that does not follow the model
never empties the belief. The *private* posterior adds what the seat alone knows: its own
loyalty (and the whole team when HYDRA), its Widow results, its Web-Slinger and Blind
Justice results (a claim seen false points at its maker), and the values of gifts it
received (a red gift points at the giver).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from typing import Any

P_LIE = 0.85
FLOOR = 1e-6
_PUBLIC_MEMO: dict[tuple, list[float]] = {}
_PUBLIC_MEMO_SIZE = 1 << 12


def add_up(values: Iterable[float]) -> float:
    """The values added left to right from 0.0: ``sum`` adds floats so up to Python 3.11 but with
    compensation from 3.12, and the native twin (``native/src/bots.cpp``) must give the same bits."""
    total = 0.0
    for value in values:
        total += value
    return total


@cache
def _sets(players: int, hydra: int) -> tuple[frozenset[int], ...]:
    """The HYDRA-sized seat sets, in :func:`itertools.combinations` order."""
    return tuple(frozenset(c) for c in combinations(range(players), hydra))


@lru_cache(maxsize=4096)
def _set_likelihoods(players: int, hydra: int, lies: int, good: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`_likelihood` of each set of :func:`_sets` for one revealed offensive's terms."""
    return tuple(_likelihood(lies, sum(good[x] for x in s)) for s in _sets(players, hydra))


def _likelihood(lies: int, good: int) -> float:
    lies = max(lies, 0)
    if lies > good:
        return FLOOR
    return comb(good, lies) * P_LIE ** lies * (1 - P_LIE) ** (good - lies)


def _offensive_terms(record: dict[str, Any], players: int) -> tuple[int, list[int]] | None:
    """(L, claimed-good count per seat) of a revealed offensive, or None when it tells nothing."""
    cards = record["cards"]
    if cards is None or all(c < 0 for c in record["claim"]):
        return None
    up_reds = sum(sum(record["up"][s][4:]) for s in range(players))
    reds = sum(cards[4:]) - up_reds
    bad = sum(record["down_count"][s] - record["claim"][s] for s in range(players) if record["claim"][s] >= 0)
    good = [max(record["claim"][s], 0) for s in range(players)]
    return reds - bad, good


class Belief:
    """Weights over the HYDRA-sized seat sets; ``marginals()`` the chance each seat is HYDRA."""

    def __init__(self, players: int, hydra: int) -> None:
        self.players, self.hydra = players, hydra
        self.sets = list(_sets(players, hydra))
        self.weights = [1.0] * len(self.sets)

    def restrict(self, seat: int, is_hydra: bool) -> None:
        """Keep only the sets where ``seat`` has that loyalty."""
        self.weights = [w if (seat in s) == is_hydra else 0.0 for s, w in zip(self.sets, self.weights, strict=True)]

    def scale(self, seat: int, factor_in: float, factor_out: float = 1.0) -> None:
        """Multiply the sets holding ``seat`` by ``factor_in``, the others by ``factor_out``."""
        self.weights = [w * (factor_in if seat in s else factor_out) for s, w in zip(self.sets, self.weights,
                                                                                      strict=True)]

    def update_offensives(self, offensives: list[dict[str, Any]]) -> None:
        """The claims' likelihood for every revealed offensive."""
        self.update_terms([_offensive_terms(record, self.players) for record in offensives])

    def update_terms(self, all_terms: list[tuple[int, list[int]] | None]) -> None:
        """The claims' likelihood for each offensive's (L, claimed-good counts) (None: it tells nothing)."""
        for terms in all_terms:
            if terms is None:
                continue
            lies, good = terms
            likelihoods = _set_likelihoods(self.players, self.hydra, lies, tuple(good))
            self.weights = [w * x if w else 0.0 for x, w in zip(likelihoods, self.weights, strict=True)]
            self._normalise()

    def _normalise(self) -> None:
        total = add_up(self.weights)
        if total > 0:
            self.weights = [w / total for w in self.weights]

    def marginals(self) -> list[float]:
        """The probability that each seat is HYDRA."""
        self._normalise()
        total = add_up(self.weights)
        if total <= 0:
            return [0.0] * self.players
        return [add_up(w for s, w in zip(self.sets, self.weights, strict=True) if seat in s) for seat in
                range(self.players)]


def public_belief(info: dict[str, Any]) -> Belief:
    """The public posterior (reveals and claims only). Its weights are memoised on what they
    are made of (the reveals and each revealed offensive's terms): every seat's bot asks for
    the same public posterior, several times a decision."""
    players = info["players"]
    belief = Belief(players, info["hydra_count"])
    terms = [_offensive_terms(record, players) for record in info["offensives"]]
    key = (players, belief.hydra, *info["revealed"], *[(t[0], *t[1]) for t in terms if t is not None])
    weights = _PUBLIC_MEMO.get(key)
    if weights is None:
        for seat in range(players):
            if info["revealed"][seat]:
                belief.restrict(seat, True)
        belief.update_terms(terms)
        if len(_PUBLIC_MEMO) >= _PUBLIC_MEMO_SIZE:
            _PUBLIC_MEMO.clear()
        _PUBLIC_MEMO[key] = belief.weights[:]
    else:
        belief.weights = weights[:]
    return belief


def private_belief(info: dict[str, Any]) -> Belief:
    """The public posterior plus what ``info``'s seat alone knows (this module's docstring)."""
    belief = public_belief(info)
    for seat, loyalty in enumerate(info["known_loyalty"]):
        if loyalty >= 0:
            belief.restrict(seat, loyalty == 1)
    if info["web"]:
        index, target, counts = info["web"]
        record = info["offensives"][index]
        _claim_evidence(belief, target, record["claim"][target], sum(counts[:4]))
    if info["radar"]:
        _, target, truth = info["radar"]
        belief.scale(target, 0.6 if truth else 1.0, 1.0 if truth else 0.03)
    for record in info["offensives"]:
        for giver in range(info["players"]):
            if record["gave_to"][giver] == info["seat"] and sum(record["received"]) > 0:
                reds = sum(record["received"][4:])
                belief.scale(giver, 3.0 ** reds if reds else 0.6)
    return belief


def _claim_evidence(belief: Belief, target: int, claim: int, blue: int) -> None:
    if claim < 0:
        return
    if claim != blue:
        belief.scale(target, 1.0, 0.03)
    else:
        belief.scale(target, 0.6)
