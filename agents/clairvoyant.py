"""The clairvoyant reference: a planner that sees the whole future of a solo game (analysis only).

**Not a bot.** It reads the true game — the deck order and every face-down card —
so it is not registered in the bot registry (:mod:`hydra_env.envs.bots`), has no
``act(view, legal_actions)`` and never takes a :class:`hydra_env.SeatView`. No
learning agent or bot may use it; it exists to give the scores of the other agents
a ceiling to be read against (``hydra-env evaluate --regret``, :mod:`agents.regret`).

**How it plays** (solo scenarios 10-12 only; the coordinated game is not
covered). The engine's randomness is a function of the state (its seed and a
counter of random events), so a copy of the true game, given the same actions,
has the same future. At each decision of the true game:

1. **Candidates.** The heuristic ranks the legal actions on the true game (its
   priority rules first, then its common score, as ``rollout`` does on a
   sample); the ``candidates`` best are kept (``candidates=0``: all of them).
2. **Exact simulations.** Each candidate is applied to a copy of the true game,
   then the heuristic plays every later decision on that copy, up to the
   **horizon**: the end of the round ``horizon`` rounds after the current one
   (the value there: the score if the game ended — a loss 0 —, else the board
   value of :func:`hydra_env.games.hydra.bots.features.board_value`, on the score's scale), or the
   end of the game (``horizon=0``: the exact final score).
3. The candidate with the highest value is played; ties go to the higher value
   at the end of the current round, then to the heuristic's order.
4. **Passes.** The whole game is played ``passes`` times, pass k with the
   horizon ``horizon + k``; the best final score is the reference's. (Replaying
   a seed is fair here: the reference knows the future anyway.)

Why these defaults (``candidates=4,horizon=1,passes=2``): on 20 seeds of
scenario 10 (1 star) one pass scored 93.4 (horizon 1), 93.3 (horizon 2), 94.0
(8 candidates), 95.7 (every legal action, 5 s a game); two passes 95.6 at about
1.3 s a game. The plays are chaotic — a small change of budget moves a seed's
score by ±10 — so the best of two passes buys more than a wider search.
``horizon=0`` (to the end of the game) was weaker (the heuristic's continuation
over several rounds judges an early action poorly).

It is **a strong reference, not a proven optimum**: a line that the heuristic
would not continue, or an action outside the kept candidates, is not found, and
an agent can beat it on a seed (a negative regret). With ``horizon=0,passes=1``
its final score is at least that of the heuristic's rules played on the true
game (the rollout improvement property: the heuristic's choice is always a
candidate); no such bound holds for the bot ``heuristic``, which reads a
re-dealt sample.

**Budget** (:class:`Budget`, written ``candidates=4,horizon=1,passes=2``): per
decision ``candidates`` simulations of the heuristic on the true game to the
horizon, per game ``passes`` plays; nothing else. On a native game the
simulations run in C++ (``hydra_env.games.hydra.bots._native_bots.clairvoyant_simulate``); on a
Python game the same rules run in Python, with the same decisions (much slower).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hydra_env import ConfigError, Game, arguments
from hydra_env.games.hydra.bots import features, native_bots
from hydra_env.games.hydra.bots.heuristic import HeuristicBot
from hydra_env.games.hydra.data import Scenario

DEFAULT_SPEC = "candidates=4,horizon=1,passes=2"
MAX_STEPS = 100_000


@dataclass(frozen=True)
class Budget:
    """What the reference may spend: per decision ``candidates`` exact simulations (the
    heuristic's best actions; 0 = every legal action), each to ``horizon`` rounds past
    the current one (0 = to the end of the game); ``passes`` complete plays of the game,
    pass k with the horizon ``horizon + k``, the best kept."""

    candidates: int = 4
    horizon: int = 1
    passes: int = 2

    def __post_init__(self) -> None:
        """Check the fields (ConfigError naming the field)."""
        fix = f"write e.g. {DEFAULT_SPEC}"
        arguments.integer("clairvoyant candidates", self.candidates, low=0, high=10_000, fix=fix)
        arguments.integer("clairvoyant horizon", self.horizon, low=0, high=100, fix=fix)
        arguments.integer("clairvoyant passes", self.passes, low=1, high=10, fix=fix)
        if self.horizon == 0 and self.passes > 1:
            raise ConfigError("clairvoyant passes must be 1 with horizon=0 (every pass would simulate to "
                              "the end of the game and play the same game); give horizon=1 or more")

    @property
    def spec(self) -> str:
        """The budget written as a spec, ``candidates=4,horizon=1,passes=2``."""
        return f"candidates={self.candidates},horizon={self.horizon},passes={self.passes}"

    def horizons(self) -> list[int]:
        """The horizon of each pass."""
        return [self.horizon + k for k in range(self.passes)]

    def describe(self) -> str:
        """One line for reports."""
        kept = "every legal action" if self.candidates == 0 else f"the heuristic's best {self.candidates}"
        if self.horizon == 0:
            until = "the end of the game"
        else:
            until = (f"the end of the round {' then '.join(map(str, self.horizons()))} round(s) after the "
                     f"current one")
        passes = "" if self.passes == 1 else f"; {self.passes} passes (one per horizon), the best kept"
        return f"per decision, {kept} simulated exactly by the heuristic to {until}{passes}"


def parse_budget(text: str | None) -> Budget:
    """A :class:`Budget` from ``key=value`` pairs separated by commas (``None`` or ``""``: the
    default); ConfigError naming the bad piece."""
    if text is None or not text.strip() or text.strip() == "default":
        return Budget()
    fields = {f.name for f in dataclasses.fields(Budget)}
    values: dict[str, int] = {}
    for piece in (p.strip() for p in text.split(",")):
        key, sep, value = piece.partition("=")
        key = key.strip()
        if not sep or key not in fields:
            raise ConfigError(f"clairvoyant budget {text!r}: {piece!r} is not one of "
                              f"{', '.join(sorted(f + '=N' for f in fields))}; write e.g. {DEFAULT_SPEC}")
        if key in values:
            raise ConfigError(f"clairvoyant budget {text!r}: {key} is given twice")
        if not value.strip().isascii() or not value.strip().isdigit():
            raise ConfigError(f"clairvoyant budget {text!r}: {key} must be a whole number, got {value!r}")
        values[key] = int(value)
    return Budget(**values)


class _Planner:
    """The decisions of the reference on a true game (module docstring)."""

    def __init__(self, candidates: int, horizon: int) -> None:
        self.candidates, self.horizon = candidates, horizon
        self.policy = HeuristicBot(seed=None)

    def choose(self, game: Game) -> int:
        """The reference's action at the pending decision of the true ``game``."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = game.current_player
        ranked = self.policy.ranked(game, seat, legal)
        cands = ranked if self.candidates == 0 else ranked[:self.candidates]
        if len(cands) == 1:
            return cands[0]
        last_round = 1_000_000 if self.horizon == 0 else game.state.round + self.horizon
        best, best_key = cands[0], (-float("inf"), -float("inf"))
        for a in cands:
            key = self.simulate(game, a, last_round)
            if key[0] > best_key[0] + 1e-9 or (abs(key[0] - best_key[0]) <= 1e-9 and key[1] > best_key[1] + 1e-9):
                best, best_key = a, key
        return best

    def simulate(self, game: Game, action: int, last_round: int) -> tuple[float, float]:
        """(value at the horizon, value at the end of the current round) after ``action``."""
        native = native_bots.game_of(game)
        if native is not None:
            return tuple(native_bots.module.clairvoyant_simulate(
                native, action, self.policy.native_policy(), last_round))
        g = game.clone()
        g.apply(action)
        rnd = g.state.round
        while not g.is_over and g.state.round == rnd:
            self.step(g)
        round_end = self.leaf(g)
        while not g.is_over and g.state.round <= last_round:
            self.step(g)
        return self.leaf(g), round_end

    def step(self, g: Game) -> None:
        """One decision of the heuristic's rules on the true copy ``g`` (no view, no sample)."""
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else self.policy.solo.decide(g, g.current_player, legal))

    def leaf(self, g: Game) -> float:
        """Score if over (a loss is 0), else the board value on the score's scale."""
        state = g.state
        if state.game_over:
            return float(g.result().score) if state.outcome == "won" else 0.0
        return features.board_value(state, g.rules, self.policy.w)


def check_solo(scenario: Scenario | int) -> None:
    """ConfigError unless ``scenario`` is a solo scenario (the reference covers those only)."""
    from hydra_env import default_components
    scen = scenario if isinstance(scenario, Scenario) else default_components().scenario(int(scenario))
    if not scen.solo:
        raise ConfigError(f"the clairvoyant reference covers the solo scenarios (10-12) only; scenario "
                          f"{scen.number} ({scen.name}) is coordinated")


def play_clairvoyant(scenario: int, stars: int, seed: int, budget: Budget | None = None,
                     options: dict[str, Any] | None = None) -> Game:
    """Play the game of (``scenario``, ``stars``, ``seed``, ``options``) with the reference: one
    play per pass, the finished game (its ``result()``, ``history``) of the best (ties: the
    first)."""
    budget = budget or Budget()
    check_solo(scenario)
    best: Game | None = None
    for horizon in budget.horizons():
        game = _play_pass(Game.new(scenario, stars, seed, options=options or {}),
                          _Planner(budget.candidates, horizon))
        if best is None or expected_score(game) > expected_score(best):
            best = game
    assert best is not None
    return best


def _play_pass(game: Game, planner: _Planner) -> Game:
    for _ in range(MAX_STEPS):
        if game.is_over:
            return game
        game.apply(planner.choose(game))
    raise RuntimeError(f"the reference found no end after {MAX_STEPS} decisions (seed {game.seed})")


def expected_score(game: Game) -> int:
    """The score of a won game, 0 for a loss (the benchmark's expected score)."""
    result = game.result()
    return int(result.score) if result.outcome == "won" else 0


def clairvoyant_scores(seeds: Iterable[int], scenario: int = 10, stars: int = 1,
                       budget: Budget | str | None = None, options: dict[str, Any] | None = None,
                       workers: int = 1) -> list[int]:
    """The reference's expected score (a loss 0) on each game seed, in order; ``workers``
    processes (:func:`agents.backends.run_games`; the scores do not depend on it)."""
    from agents.backends import run_games
    b = budget if isinstance(budget, Budget) else parse_budget(budget)
    check_solo(scenario)
    tasks = [ReferenceTask(i, scenario, stars, int(s), b, dict(options or {})) for i, s in enumerate(seeds)]
    records = run_games(tasks, workers=workers, play=play_reference)
    return [int(r.result["score"]) if r.result["outcome"] == "won" else 0 for r in records]


# --------------------------------------------------------------------------- the workers' unit

@dataclass(frozen=True)
class ReferenceTask:
    """One game for the reference (played by :func:`play_reference` on a worker)."""

    index: int
    scenario: int
    stars: int
    seed: int
    budget: Budget
    options: dict[str, Any] = dataclasses.field(default_factory=dict)


def play_reference(task: ReferenceTask) -> Any:
    """Play ``task`` with the reference; an :class:`agents.backends.GameRecord`."""
    from agents.backends import GameError, GameRecord
    try:
        game = play_clairvoyant(task.scenario, task.stars, task.seed, task.budget, task.options)
    except Exception as exc:       # noqa: BLE001 — reported with the game that failed
        raise GameError(f"reference game {task.index} (seed {task.seed}) failed: "
                        f"{type(exc).__name__}: {exc}") from None
    return GameRecord(task.index, task.seed, game.result().to_dict())


__all__ = ["Budget", "DEFAULT_SPEC", "parse_budget", "play_clairvoyant", "clairvoyant_scores",
           "expected_score", "check_solo", "ReferenceTask", "play_reference"]
