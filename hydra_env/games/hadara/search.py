"""Hadara's ``rollout`` search bot: Monte-Carlo playouts of greedy over re-deals of the seat's view.

At each decision with more than one legal action:

1. **Re-deals.** ``samples`` games consistent with the seat's view are drawn with
   :meth:`view.sample` (everything the seat cannot see dealt anew, the future reseeded): the bot
   only ever reads these, never the true state.
2. **Candidates.** The legal actions ranked by the greedy bot's V
   (:func:`hydra_env.games.hadara.bots.value`, which reads only what the seat knows; ties: the
   lowest index); the best ``candidates`` are kept. A WHEEL (which greedy sets at random) keeps
   every setting.
3. **Playouts.** On each re-deal, each candidate is applied to a copy and the copy is played to
   the end with the greedy bot at every seat (the WHEEL from a playout seed). Every candidate of a
   re-deal gets the same re-deal and the same playout seed (common random numbers), so that
   their outcomes differ by the action more than by the luck of the deal.
4. **Choice.** A playout's outcome for the seat is its win share (1 / the winners when it is one
   of them, else 0) plus ``margin`` × (its score less the best other seat's score), which breaks
   the ties of the win share; the candidate of best mean outcome is played (ties: the greedy
   order, with a 1e-9 margin).

Parameters: ``candidates`` (4), ``samples`` (16), ``margin`` (0.01) and ``seed``. On a native game
the ranking and the playouts run in C++ (:mod:`hydra_env.games.hadara.native.greedy`, the twin of
the Python greedy); on the Python engine the same algorithm runs in Python, correct but about 90
times slower (a 4-player playout from the deal: 1 ms of CPU natively, 87 ms in Python). numpy and
the standard library only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.api.bots import make_notes
from hydra_env.games.hadara.bots import _after, value
from hydra_env.games.hadara.native import greedy as native_greedy
from hydra_env.games.hadara.state import WHEEL, State

_SEED_LIMIT = 1 << 63


def _count(name: str, given: Any, low: int, high: int) -> int:
    """``given`` as an int in ``low``..``high`` (ValueError saying what to pass otherwise)."""
    if isinstance(given, bool) or not isinstance(given, (int, np.integer)):
        raise ValueError(f"rollout {name} must be a whole number from {low} to {high}, got {given!r}")
    if not low <= given <= high:
        raise ValueError(f"rollout {name} must be from {low} to {high}, got {given}")
    return int(given)


def python_values(state: State, comps: Any, seat: int, actions: list[int]) -> list[float]:
    """The greedy bot's V of each action (the best over the positions it leads to), in Python."""
    return [max(value(s, comps, seat) for s in _after(state, comps, seat, a)) for a in actions]


def python_playout(game: Any, seed: int) -> Any:
    """``game`` (changed) played to its end by greedy at every seat on its true state, the WHEEL
    from ``seed``: the Python twin of the native playout (other wheel draws, same bot)."""
    rng = np.random.default_rng(seed)
    while not game.is_over:
        legal = game.legal_actions()
        state = game.state
        if len(legal) > 1 and state.pending.kind == WHEEL:
            action = legal[int(rng.integers(len(legal)))]
        elif len(legal) > 1:
            values = python_values(state, game.components, state.pending.seat, legal)
            action, best = legal[0], -1e18
            for a, v in zip(legal, values):
                if v > best + 1e-9:
                    action, best = a, v
        else:
            action = legal[0]
        game.apply(action)
    return game


def _outcome(game: Any, seat: int) -> tuple[float, int]:
    """The seat's win share and its score less the best other score, at the end of ``game``."""
    result = game.result()
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    best_other = max(s for k, s in enumerate(result.scores) if k != seat)
    return share, result.scores[seat] - best_other


class RolloutBot:
    """Greedy playouts over re-deals of the seat's view (the module docstring)."""

    name = "rollout"
    keep_notes = False
    """Set (``want_notes``) to leave each decision's candidates and their mean outcomes in ``last_notes``."""
    last_notes = None
    PARAM_RANGES = {"candidates": (1, 76), "samples": (1, 10_000), "margin": (0, 1)}
    """The ranges of the spec's numbers (hydra_env.envs.bots: ``rollout:samples=0`` is refused)."""

    def __init__(self, seed: int | None = None, *, candidates: int = 4, samples: int = 16,
                 margin: float = 0.01) -> None:
        """``candidates``: actions kept by greedy's ranking; ``samples``: re-deals per decision (one
        playout per candidate on each); ``margin``: the weight of a point of score margin beside the
        win share; ``seed``: the re-deals and the playouts' wheel settings."""
        self.candidates = _count("candidates", candidates, 1, 76)
        self.samples = _count("samples", samples, 1, 10_000)
        if isinstance(margin, bool) or not isinstance(margin, (int, float, np.integer, np.floating)) \
                or not 0 <= margin <= 1:
            raise ValueError(f"rollout margin must be a number from 0 to 1, got {margin!r}")
        self.margin = float(margin)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
            raise ValueError(f"rollout seed must be a non-negative whole number or None, got {seed!r}")
        self.rng = np.random.default_rng(seed)

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The candidate of best mean playout outcome."""
        legal = [int(a) for a in legal_actions]
        self.last_notes = None
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        samples = [view.sample(self.rng) for _ in range(self.samples)]
        seeds = [int(s) for s in self.rng.integers(_SEED_LIMIT, size=self.samples)]
        ranked = self.ranked(samples[0], seat, legal)
        if len(ranked) == 1:
            return ranked[0]
        totals = np.zeros(len(ranked))
        for sample, seed in zip(samples, seeds):
            for k, (share, margin) in enumerate(self.outcomes(sample, seat, ranked, seed)):
                totals[k] += share + self.margin * margin
        best, best_total = 0, -np.inf
        for k, total in enumerate(totals):
            if total > best_total + 1e-9:
                best, best_total = k, total
        if self.keep_notes:
            self.last_notes = make_notes("values", zip(ranked, totals / self.samples),
                                         f"mean playout outcome (win share + {self.margin:g} x margin) over "
                                         f"{self.samples} re-deals")
        return ranked[best]

    def ranked(self, sample: Any, seat: int, legal: list[int]) -> list[int]:
        """The ``candidates`` legal actions of best greedy V on ``sample`` (every WHEEL setting)."""
        if sample.pending["kind"] == "WHEEL":
            return list(legal)
        if native_greedy.native_of(sample) is not None:
            values = native_greedy.action_values(sample, legal)
        else:
            values = python_values(sample.state, sample.components, seat, legal)
        order = sorted(range(len(legal)), key=lambda k: -values[k])
        return [legal[k] for k in order[:self.candidates]]

    def outcomes(self, sample: Any, seat: int, candidates: list[int], seed: int) -> list[tuple[float, int]]:
        """Per candidate: the seat's (win share, score margin) after the candidate and a greedy
        playout of ``sample`` from ``seed`` (the same for every candidate)."""
        if native_greedy.native_of(sample) is not None:
            return native_greedy.rollout_outcomes(sample, seat, candidates, seed)
        out = []
        for action in candidates:
            game = sample.clone()
            game.apply(action)
            out.append(_outcome(python_playout(game, seed), seat))
        return out


__all__ = ["RolloutBot", "python_playout", "python_values"]
