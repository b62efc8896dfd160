"""What the differential play compares beyond the rules: a seat's views.

:class:`ViewCheck` is the ``check`` of :func:`hydra_env.games.hydra.native.differential.run`:
after every decision it compares, between the Python and the native game, the
observation encoding (:class:`~hydra_env.games.hydra.observe.encoding.Encoder`, of the
deciding seat and of seat 0), the candidate features of the deciding seat
(:class:`~hydra_env.games.hydra.observe.candidates.CandidateEncoder`, K = 144; every
``candidates_every`` decisions) and, every
``determinize_every`` decisions, ``determinize`` of a random seat with equal
numpy Generators (the same copy, and the generators left in the same state).
Bit-identical or it reports where they differ.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from hydra_env.games.hydra.observe.candidates import CandidateEncoder
from hydra_env.games.hydra.observe.encoding import encoder_for

CANDIDATES = 144


def _first_index(a: np.ndarray, b: np.ndarray) -> str:
    where = np.argwhere(a != b)
    if not len(where):
        return "shapes differ"
    i = tuple(where[0])
    return f"first at {list(map(int, i))}: python {a[i]!r} native {b[i]!r} ({len(where)} entries)"


class ViewCheck:
    """Compares observations, candidate features and determinize (see the module docstring)."""

    def __init__(self, *, candidates: int = CANDIDATES, candidates_every: int = 1, determinize_every: int = 7,
                 seed: int = 0, observations: bool = True) -> None:
        """``candidates`` rows per candidate encoding (0: none), compared every
        ``candidates_every`` decisions (the Python encoding costs milliseconds);
        determinize every ``determinize_every`` decisions (0: never); ``seed`` of its generators."""
        self.candidates = candidates
        self.candidates_every = max(1, candidates_every)
        self.determinize_every = determinize_every
        self.observations = observations
        self._rng = random.Random(seed)
        self._cand: dict[tuple[int, int], CandidateEncoder] = {}
        self.calls = self.observations_compared = self.candidates_compared = self.determinized = 0

    def _cand_encoder(self, rules: Any) -> CandidateEncoder:
        key = (id(rules.components), rules.scenario.number)
        enc = self._cand.get(key)
        if enc is None or enc.rules.components is not rules.components:
            enc = self._cand[key] = CandidateEncoder(rules, self.candidates)
        return enc

    def __call__(self, python: Any, native: Any, where: str, rng: random.Random) -> str | None:
        """None when both games show the same views; else where and what differs."""
        self.calls += 1
        decider = python.current_player
        if self.observations:
            encoder = encoder_for(python.rules.components)
            for seat in sorted({0, decider} - {-1}):
                a, b = encoder.encode(python, seat), encoder.encode(native, seat)
                self.observations_compared += 1
                if not np.array_equal(a, b):
                    return f"{where}: observations of seat {seat} differ, {_first_index(a, b)}"
        if self.candidates and decider >= 0 and self.calls % self.candidates_every == 0:
            enc = self._cand_encoder(python.rules)
            (fa, ia), (fb, ib) = enc.encode(python, decider), enc.encode(native, decider)
            self.candidates_compared += 1
            if not np.array_equal(ia, ib):
                return f"{where}: candidate indices differ, {_first_index(ia, ib)}"
            if not np.array_equal(fa, fb):
                return f"{where}: candidate features differ, {_first_index(fa, fb)}"
        if self.determinize_every and self.calls % self.determinize_every == 0:
            return self._determinize(python, native, where)
        return None

    def _determinize(self, python: Any, native: Any, where: str) -> str | None:
        seat = self._rng.randrange(python.num_players)
        g1 = np.random.default_rng(self._rng.randrange(1 << 32))
        for _ in range(self._rng.randrange(3)):       # sometimes a buffered 32-bit half
            g1.integers(1 << self._rng.choice((3, 20, 40)))
        g2 = np.random.default_rng()
        g2.bit_generator.state = g1.bit_generator.state
        a, b = python.determinize(seat, g1), native.determinize(seat, g2)
        self.determinized += 1
        if a.state.to_dict() != b.state.to_dict():
            return f"{where}: determinize(seat {seat}) copies differ"
        if g1.bit_generator.state != g2.bit_generator.state:
            return f"{where}: determinize(seat {seat}) left the generators in different states"
        return None
