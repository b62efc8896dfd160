"""Differential play, for any game with two engines: the same games on Python and native.

:class:`Differential` deals each game on both engines from the same seed (the
game's spec: ``spec.make(seed=..., engine="python" | "native", **params)``),
plays random legal actions on both and compares them after every decision: the
current player, whether the game is over, the legal actions and mask, the saved
game (``to_json``), every seat's observation (the spec's observer) and, at the
end, the result. Along the way it tries an illegal
action on both (the same IllegalActionError text, nothing changed) every
``illegal_every`` decisions, plays on a native clone (the original must not
change) every ``clone_every`` decisions, and replaces the native game by one
loaded from the Python game's save every ``reload_every`` decisions.

A game may compare more, or play differently, by subclassing and overriding
the hooks: :meth:`Differential.start` (the pair of games of one setting),
:meth:`~Differential.compare` and :meth:`~Differential.check_position` (what
is compared before each decision),
:meth:`~Differential.before_move`, :meth:`~Differential.choose`,
:meth:`~Differential.after_move` and :meth:`~Differential.locate` (how a
difference is reported). numpy and the standard library only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hydra_env.api.registry import game_spec
from hydra_env.api.spec import GameSpec
from hydra_env.errors import IllegalActionError

__all__ = ["Differential", "DifferentialReport", "Pair", "compare_games", "check_illegal", "check_clone",
           "illegal_action"]


@dataclass
class DifferentialReport:
    """What a differential run compared; ``mismatch`` names the first difference (None: none)."""

    games: int = 0
    decisions: int = 0
    reloads: int = 0
    illegal_checked: int = 0
    clones_checked: int = 0
    seconds: float = 0.0
    per_setting: dict[Hashable, int] = field(default_factory=dict)
    mismatch: str | None = None


@dataclass
class Pair:
    """One game on both engines, and what the run knows about it."""

    python: Any
    native: Any
    key: Hashable                  # its setting, for ``DifferentialReport.per_setting``
    label: str                     # where it is, for a difference's text
    extra: dict[str, Any] = field(default_factory=dict)   # whatever a game's harness keeps
    step: int = 0                  # decisions applied so far


def compare_games(python: Any, native: Any, fields: tuple[str, ...] = ("current_player", "is_over")) -> str | None:
    """The first difference between two games' positions (through the Game protocol, and the
    game's own ``fields`` first), or None."""
    for name in fields:
        a, b = getattr(python, name), getattr(native, name)
        if a != b:
            return f"{name}: python {a!r}, native {b!r}"
    legal = python.legal_actions()
    if legal != native.legal_actions():
        return f"legal actions: python {legal}, native {native.legal_actions()}"
    if not np.array_equal(python.legal_mask(), native.legal_mask()):
        return "legal mask differs"
    if python.to_json() != native.to_json():
        return "saved game (to_json) differs"
    return None


def illegal_action(game: Any, rng: random.Random) -> int | None:
    """A random action index of ``game`` that is not legal now (None when every one is)."""
    legal = set(game.legal_actions())
    if len(legal) >= game.action_size:
        return None
    while True:
        action = rng.randrange(game.action_size)
        if action not in legal:
            return action


def check_illegal(python: Any, native: Any, action: int) -> str | None:
    """Both games refuse ``action`` with the same text, and the native one is unchanged."""
    before = native.to_json()
    messages = []
    for engine, game in (("python", python), ("native", native)):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            messages.append(str(exc))
        else:
            return f"illegal action {action} was accepted by the {engine} engine"
    if messages[0] != messages[1]:
        return f"illegal action {action}: python says {messages[0]!r}, native {messages[1]!r}"
    if native.to_json() != before:
        return f"illegal action {action} changed the native game"
    return None


def check_clone(native: Any, rng: random.Random) -> str | None:
    """Up to three random decisions on a clone of ``native`` leave the original unchanged."""
    before = native.to_json()
    copy = native.clone()
    for _ in range(3):
        if copy.is_over:
            break
        legal = copy.legal_actions()
        copy.apply(legal[rng.randrange(len(legal))])
    if native.to_json() != before:
        return "playing on a clone changed the original"
    return None


class Differential:
    """Python against native play of one game (see the module docstring).

    ``spec``: the game (a spec or its registered name); ``settings``: its parameter
    values, one setting per game in turn (``({},)``: the defaults). ``*_every``: the
    period of each check in decisions (0: never).
    """

    def __init__(self, spec: GameSpec | str, settings: Sequence[Mapping[str, Any]] = ({},), *,
                 reload_every: int = 50, illegal_every: int = 25, clone_every: int = 40) -> None:
        """The harness; :meth:`run` plays."""
        self.spec = game_spec(spec) if isinstance(spec, str) else spec
        self.settings = [dict(s) for s in settings]
        self.reload_every, self.illegal_every, self.clone_every = reload_every, illegal_every, clone_every

    # ------------------------------------------------------------ hooks
    def setting_key(self, params: Mapping[str, Any]) -> Hashable:
        """The key of a setting in ``per_setting``: its one value, or the tuple of its values."""
        values = tuple(params.values())
        return values[0] if len(values) == 1 else values

    def describe(self, params: Mapping[str, Any]) -> str:
        """A setting in words, for a difference's text."""
        return ", ".join(f"{k}={v}" for k, v in params.items()) or "defaults"

    def start(self, params: Mapping[str, Any], rng: random.Random, report: DifferentialReport) -> Pair:
        """The next game on both engines: a seed drawn from ``rng``, dealt on each engine."""
        seed = rng.randrange(1 << 62)
        python = self.spec.make(seed=seed, engine="python", **params)
        native = self.spec.make(seed=seed, engine="native", **params)
        label = f"game {report.games + 1} ({self.describe(params)}, seed {seed})"
        return Pair(python, native, self.setting_key(params), label)

    def compare(self, python: Any, native: Any) -> str | None:
        """The first difference between the two positions (:func:`compare_games`, then every
        seat's observation when the spec has an observer), or None."""
        return compare_games(python, native) or self.compare_observations(python, native)

    def compare_observations(self, python: Any, native: Any) -> str | None:
        """The first seat whose observation differs between the engines (the spec's observer
        encoding both games), or None; nothing to compare without an observer."""
        if self.spec.observer is None:
            return None
        observer = self.spec.observer(python)
        for seat in range(int(python.num_players)):
            a, b = observer.encode(python, seat), observer.encode(native, seat)
            if not np.array_equal(a, b):
                where = np.flatnonzero(a != b)[:5].tolist()
                return f"observation of seat {seat} differs (first indices {where})"
        return None

    def check_position(self, pair: Pair, rng: random.Random, report: DifferentialReport,
                       done: bool) -> str | None:
        """What is compared before each decision (``done``: the last look at this game):
        :meth:`compare`, the results once over, and before a decision the scheduled
        illegal action and clone checks."""
        python, native = pair.python, pair.native
        problem = self.compare(python, native)
        if problem is None and python.is_over:
            a, b = python.result().to_dict(), native.result().to_dict()
            problem = None if a == b else f"result: python {a}, native {b}"
        if problem is None and not python.is_over:
            n = report.decisions
            if self.illegal_every and n % self.illegal_every == self.illegal_every - 1:
                action = illegal_action(python, rng)
                if action is not None:
                    problem = check_illegal(python, native, action)
                    report.illegal_checked += 1
            if problem is None and self.clone_every and n % self.clone_every == self.clone_every - 1:
                problem = check_clone(native, rng)
                report.clones_checked += 1
        return problem

    def before_move(self, pair: Pair, legal: list[int], rng: random.Random,
                    report: DifferentialReport) -> str | None:
        """Checks between the comparison and the move (none by default)."""
        return None

    def choose(self, pair: Pair, legal: list[int], rng: random.Random) -> int:
        """The action both engines play: uniform among ``legal``."""
        return legal[rng.randrange(len(legal))]

    def after_move(self, pair: Pair, rng: random.Random, report: DifferentialReport) -> None:
        """After each decision: every ``reload_every``, native again from Python's save."""
        if self.reload_every and report.decisions % self.reload_every == 0:
            pair.native = self.spec.load(pair.python.to_json(), engine="native")
            report.reloads += 1

    def locate(self, pair: Pair, problem: str) -> str:
        """The text of a difference: which game, which decision, what."""
        return f"{pair.label}, decision {pair.step}: {problem}"

    # ------------------------------------------------------------ play
    def play(self, pair: Pair, rng: random.Random, report: DifferentialReport,
             budget: int | None = None) -> str | None:
        """Play ``pair`` to its end (or until ``report.decisions`` reaches ``budget``);
        the first difference found, or None."""
        while True:
            python = pair.python
            done = python.is_over or (budget is not None and report.decisions >= budget)
            problem = self.check_position(pair, rng, report, done)
            if problem is not None:
                return self.locate(pair, problem)
            if python.is_over or (budget is not None and report.decisions >= budget):
                return None
            legal = python.legal_actions()
            problem = self.before_move(pair, legal, rng, report)
            if problem is not None:
                return self.locate(pair, problem)
            action = self.choose(pair, legal, rng)
            pair.python.apply(action)
            pair.native.apply(action)
            pair.step += 1
            report.decisions += 1
            report.per_setting[pair.key] = report.per_setting.get(pair.key, 0) + 1
            self.after_move(pair, rng, report)

    def run(self, decisions: int, *, seed: int = 0,
            report: DifferentialReport | None = None) -> DifferentialReport:
        """Play games over the settings in turn until ``decisions`` decisions were compared
        (or a difference is found: ``mismatch``); into ``report`` when given."""
        rng = random.Random(seed)
        report = DifferentialReport() if report is None else report
        began = time.perf_counter()
        while report.decisions < decisions and report.mismatch is None:
            params = self.settings[report.games % len(self.settings)]
            pair = self.start(params, rng, report)
            report.games += 1
            report.mismatch = self.play(pair, rng, report, decisions)
        report.seconds = time.perf_counter() - began
        return report
