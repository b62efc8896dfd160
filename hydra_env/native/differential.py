"""Differential play: the same games on the Python and the native engine, compared.

:func:`run` plays seeded random games over the given scenarios and stars on both
engines at once and, after every decision, compares the complete saved game
(``to_json``, identical text) and the legal mask. Some games are *late* (they
start in one of the last rounds, so that random play reaches the end and won
results), some prefer attacks on the Hydra (so that retreats, follows and
evasions happen often). Every so often a game is carried over through JSON the
other way round (native from Python's save, Python from native's), and an
illegal action is tried on both (same error text, neither game changed).
A ``check`` (``hydra_env.envs.differential_views.ViewCheck``: observations,
candidate features, determinize) may compare more after every decision; it
lives in the envs layer, above this one, so it is handed in.

Used by ``tests/engine/test_differential.py`` and ``benchmarks/differential.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hydra_env.core.codec import A_CITY_HARPOON, A_CITY_SWORD, A_HARPOON, A_SWORD
from hydra_env.core.engines import on_engine
from hydra_env.core.game import Game
from hydra_env.core.testing import edit
from hydra_env.data import Components
from hydra_env.errors import IllegalActionError

SCENARIOS = tuple(range(1, 13))
# check(python, native, where, rng) -> the first difference or None, after every decision
Check = Callable[[Game, Game, str, random.Random], "str | None"]
_ATTACKS = (A_SWORD, A_HARPOON, A_CITY_SWORD, A_CITY_HARPOON)


@dataclass
class Report:
    """What a differential run did, and the first difference found (None if none)."""

    games: int = 0
    decisions: int = 0
    reloads: int = 0
    illegal_checked: int = 0
    seconds: float = 0.0
    per_scenario: dict[int, int] = field(default_factory=dict)
    mismatch: str | None = None


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


def play_one(scenario: int, stars: int, seed: int, late: int, rng: random.Random, report: Report,
             max_decisions: int | None = None, components: Components | None = None,
             check: Check | None = None) -> str | None:
    """Play one game on both engines; the first difference found, or None. ``check``
    compares more after every decision (see the module docstring)."""
    python, native = _pair(scenario, stars, seed, late, components)
    attack_bias = rng.random() < 0.4
    codec = python.codec
    step = 0
    while True:
        where = f"scenario {scenario} stars {stars} seed {seed} late {late} decision {step}"
        done = python.is_over or (max_decisions is not None and report.decisions >= max_decisions)
        problem = _compare(python, native, where, full=done or step == 0)
        if problem is None and check is not None:
            problem = check(python, native, where, rng)
        if problem:
            return problem
        if done:
            return None
        legal = python.legal_actions()
        if legal != native.legal_actions():
            return f"{where}: legal action lists differ"
        if rng.random() < 0.02:
            report.illegal_checked += 1
            bad = rng.randrange(codec.size + 2) - 1
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
                native = Game.from_json(python.to_json(), engine="native", components=components)
            else:
                python = Game.from_json(native.to_json(), engine="python", components=components)
        choice = legal
        if attack_bias:
            attacks = [a for a in legal if codec.kind[a] in _ATTACKS]
            if attacks and rng.random() < 0.7:
                choice = attacks
        action = choice[rng.randrange(len(choice))]
        python.apply(action)
        native.apply(action)
        step += 1
        report.decisions += 1
        report.per_scenario[scenario] = report.per_scenario.get(scenario, 0) + 1


def run(decisions: int, *, seed: int = 0, scenarios: tuple[int, ...] = SCENARIOS,
        stars: tuple[int, ...] = (1, 2, 3), late_share: float = 0.5,
        components: Components | None = None, check: Check | None = None) -> Report:
    """Play games round-robin over ``scenarios`` × ``stars`` until ``decisions`` decisions
    were compared (or a difference is found: ``Report.mismatch``); ``components`` is the
    component data (the shipped set when None); ``check`` as for :func:`play_one`."""
    rng = random.Random(seed)
    report = Report()
    start = time.perf_counter()
    index = 0
    while report.decisions < decisions and report.mismatch is None:
        scenario = scenarios[index % len(scenarios)]
        star = stars[(index // len(scenarios)) % len(stars)]
        late = rng.randrange(1, 4) if rng.random() < late_share else 0
        report.mismatch = play_one(scenario, star, rng.randrange(1 << 63), late, rng, report, decisions,
                                   components, check)
        report.games += 1
        index += 1
    report.seconds = time.perf_counter() - start
    return report
