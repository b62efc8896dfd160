"""Differential play: the same games on the Python and the native engine, compared.

:func:`run` plays seeded random games over the given scenarios and stars on both
engines at once and, after every decision, compares the complete saved game
(``to_json``, identical text) and the legal mask. Some games are *late* (they
start in one of the last rounds, so that random play reaches the end and won
results), some prefer attacks on the Hydra (so that retreats, follows and
evasions happen often). Every so often a game is carried over through JSON the
other way round (native from Python's save, Python from native's), and an
illegal action is tried on both (same error text, neither game changed).
A ``check`` (``hydra_env.games.hydra.observe.differential_views.ViewCheck``: observations,
candidate features, determinize) may compare more after every decision; it
lives in the envs layer, above this one, so it is handed in.

The harness is the generic :class:`hydra_env.api.differential.Differential`
with Hydra's schedule (:class:`HydraDifferential`). Used by
``tests/games/hydra/engine/test_differential.py`` and ``benchmarks/differential.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from hydra_env.api.differential import Differential, DifferentialReport, Pair
from hydra_env.errors import IllegalActionError
from hydra_env.games.hydra.data import Components
from hydra_env.games.hydra.rules.codec import A_CITY_HARPOON, A_CITY_SWORD, A_HARPOON, A_SWORD
from hydra_env.games.hydra.rules.engines import on_engine
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.testing import edit

SCENARIOS = tuple(range(1, 13))
# check(python, native, where, rng) -> the first difference or None, after every decision
Check = Callable[[Game, Game, str, random.Random], "str | None"]
_ATTACKS = (A_SWORD, A_HARPOON, A_CITY_SWORD, A_CITY_HARPOON)


@dataclass
class Report(DifferentialReport):
    """What a differential run did, and the first difference found (None if none)."""

    @property
    def per_scenario(self) -> dict[int, int]:
        """Decisions compared per scenario."""
        return self.per_setting  # type: ignore[return-value]


def _pair(scenario: int, stars: int, seed: int, late: int, components: Components | None) -> tuple[Game, Game]:
    python = Game.new(scenario, stars, seed, engine="python", components=components)
    if late:
        with edit(python) as state:
            state.round = max(len(state.moon_tokens) - late, 0)
    return python, on_engine(python.clone(), "native")


def _first_difference(python: Game, native: Game) -> str:
    a, b = python.state.to_dict(), native.state.to_dict()
    diffs = [f"{k}: python {a[k]!r} native {b.get(k)!r}" for k in a if a[k] != b.get(k)]
    return "; ".join(diffs[:5]) or "the JSON text differs (types or key order)"


_TYPED = ("solo", "victory", "game_over", "outcome")  # where 1 == True would hide a difference


def _compare(python: Game, native: Game, where: str, full: bool = False) -> str | None:
    """None when both games are the same. Every call compares the complete state dict
    (values and the types that equality would not see) and the legal mask; ``full``
    compares the whole ``to_json`` text (the decision history included)."""
    if full:
        if python.to_json() != native.to_json():
            return f"{where}: saved games differ: {_first_difference(python, native)}"
    else:
        a, b = python.state.to_dict(), native._native.to_dict()
        del a["history"], b["history"]   # append-only, the same actions; compared when full
        if a != b or any(type(a[k]) is not type(b[k]) for k in _TYPED) or list(a) != list(b):
            return f"{where}: state differs: {_first_difference(python, native)}"
    if python.legal_mask_int() != native.legal_mask_int():
        return f"{where}: legal masks differ"
    return None


class HydraDifferential(Differential):
    """The generic harness with Hydra's schedule (see the module docstring): late starts,
    attack-biased play, random illegal actions and reloads both ways, and a ``check``."""

    def __init__(self, scenarios: tuple[int, ...] = SCENARIOS, stars: tuple[int, ...] = (1, 2, 3), *,
                 late_share: float = 0.5, components: Components | None = None,
                 check: Check | None = None) -> None:
        """Games round-robin over ``scenarios`` × ``stars``."""
        super().__init__("hydra", [{"scenario": s, "stars": star} for star in stars for s in scenarios])
        self.late_share, self.components, self.check = late_share, components, check

    def setting_key(self, params: Mapping[str, Any]) -> Hashable:
        return params["scenario"]

    def start(self, params: Mapping[str, Any], rng: random.Random, report: DifferentialReport) -> Pair:
        late = rng.randrange(1, 4) if rng.random() < self.late_share else 0
        return self.pair_of(params["scenario"], params["stars"], rng.randrange(1 << 63), late, rng)

    def pair_of(self, scenario: int, stars: int, seed: int, late: int, rng: random.Random) -> Pair:
        """The two games of one setting (``late``: that many rounds before the end)."""
        python, native = _pair(scenario, stars, seed, late, self.components)
        extra = {"where": f"scenario {scenario} stars {stars} seed {seed} late {late} decision",
                 "attack_bias": rng.random() < 0.4}
        return Pair(python, native, scenario, "", extra)

    def check_position(self, pair: Pair, rng: random.Random, report: DifferentialReport,
                       done: bool) -> str | None:
        where = f"{pair.extra['where']} {pair.step}"
        problem = _compare(pair.python, pair.native, where, full=done or pair.step == 0)
        if problem is None and self.check is not None:
            problem = self.check(pair.python, pair.native, where, rng)
        return problem or None

    def before_move(self, pair: Pair, legal: list[int], rng: random.Random,
                    report: DifferentialReport) -> str | None:
        """The legal lists, then now and then an illegal action and a reload either way."""
        python, native = pair.python, pair.native
        where = f"{pair.extra['where']} {pair.step}"
        if legal != native.legal_actions():
            return f"{where}: legal action lists differ"
        if rng.random() < 0.02:
            report.illegal_checked += 1
            bad = rng.randrange(python.codec.size + 2) - 1
            if bad not in legal:
                errors = []
                for game in (python, native):
                    try:
                        game.apply(bad)
                        errors.append("applied")
                    except IllegalActionError as exc:
                        errors.append(str(exc))
                if errors[0] != errors[1]:
                    return f"{where}: illegal action {bad}: python {errors[0]!r} native {errors[1]!r}"
                problem = _compare(python, native, where + " (after an illegal action)")
                if problem:
                    return problem
        if rng.random() < 0.01:
            report.reloads += 1
            problem = _compare(python, native, where + " (before a reload)", full=True)
            if problem:
                return problem
            if rng.random() < 0.5:
                pair.native = Game.from_json(python.to_json(), engine="native", components=self.components)
            else:
                pair.python = Game.from_json(native.to_json(), engine="python", components=self.components)
        return None

    def choose(self, pair: Pair, legal: list[int], rng: random.Random) -> int:
        choice = legal
        if pair.extra["attack_bias"]:
            kind = pair.python.codec.kind
            attacks = [a for a in legal if kind[a] in _ATTACKS]
            if attacks and rng.random() < 0.7:
                choice = attacks
        return choice[rng.randrange(len(choice))]

    def after_move(self, pair: Pair, rng: random.Random, report: DifferentialReport) -> None:
        """Nothing: reloads happen at random in :meth:`before_move`."""

    def locate(self, pair: Pair, problem: str) -> str:
        return problem          # Hydra's texts say where already


def play_one(scenario: int, stars: int, seed: int, late: int, rng: random.Random, report: Report,
             max_decisions: int | None = None, components: Components | None = None,
             check: Check | None = None) -> str | None:
    """Play one game on both engines; the first difference found, or None. ``check``
    compares more after every decision (see the module docstring)."""
    harness = HydraDifferential((scenario,), (stars,), components=components, check=check)
    return harness.play(harness.pair_of(scenario, stars, seed, late, rng), rng, report, max_decisions)


def run(decisions: int, *, seed: int = 0, scenarios: tuple[int, ...] = SCENARIOS,
        stars: tuple[int, ...] = (1, 2, 3), late_share: float = 0.5,
        components: Components | None = None, check: Check | None = None) -> Report:
    """Play games round-robin over ``scenarios`` × ``stars`` until ``decisions`` decisions
    were compared (or a difference is found: ``Report.mismatch``); ``components`` is the
    component data (the shipped set when None); ``check`` as for :func:`play_one`."""
    harness = HydraDifferential(scenarios, stars, late_share=late_share, components=components, check=check)
    report = harness.run(decisions, seed=seed, report=Report())
    assert isinstance(report, Report)
    return report
