"""``rollout``: Monte-Carlo planner over the ``heuristic`` policy.

At each decision:

1. **Candidates.** The heuristic ranks the legal actions on one sample
   (its priority rules first, then its common score); the ``candidates``
   best are kept (all of them when there are fewer).
2. **Simulations.** For each candidate, ``budget // candidates`` (at least
   one) simulations: a fresh sample of the game from the seat's view
   (:meth:`hydra_env.SeatView.sample` — hidden cards re-dealt, so the bot
   never peeks), the candidate applied, then every seat played by the
   heuristic until the **horizon**: solo, the end of the current round (its
   Hydra phase included); coordinated, the seat's next own hero action or
   the end of the round, whichever comes first (``coop_horizon`` decisions
   at most).
3. **Value at the horizon.** Solo: a finished game is worth its score, a
   lost one 0 (the benchmark's "expected score"); otherwise the board value
   of :func:`hydra_env.games.hydra.bots.features.board_value` (100 − necks − heads + walls −
   threats), whose scale is that of the score. Coordinated: the seat's
   :func:`hydra_env.games.hydra.bots.features.coop_value` in the bot's style.
4. The candidate with the best mean value is played (ties: the heuristic's
   order).

In solo action phase II everything up to the horizon is public (row C is
face up), so one simulation per candidate is exact and the budget goes to
more candidates (``budget`` of them).

Parameters (``rollout:budget=16,candidates=4`` is the default):
``budget`` simulations per decision (16), ``candidates`` actions kept after
pruning (4), ``style`` the coordinated style (``defender``), ``coop_horizon``
decisions simulated at most in the coordinated game (12).

:meth:`RolloutBot.playout` is :meth:`~RolloutBot.simulate` with the game at the
horizon returned too (``ppo-search`` reads the policy's value head there).

On a native game the simulations (the heuristic's decisions and the leaf
values) run in C++ (:mod:`hydra_env.games.hydra.bots.native_bots`), with the same decisions as
the Python code; the samples are still drawn in Python, one per simulation,
so the generator stream is the same. A solo game of scenario 10 takes about
0.5 s of one core at the default budget (``budget=8,candidates=4``, the
earlier default and the yardstick of issue 12: about 0.3 s; the Python code
needed about 3.4 s for it).
"""

from __future__ import annotations

import numpy as np

from hydra_env.api.bots import make_notes
from hydra_env.games.hydra.bots import features, native_bots
from hydra_env.games.hydra.bots.heuristic import HeuristicBot
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.state import DECIDE_ACTION, PHASE_ACTIONS_II
from hydra_env.games.hydra.rules.views import SeatView


class RolloutBot:
    """Monte-Carlo planner (module docstring)."""

    name = "rollout"
    PARAM_RANGES = {"budget": (1, 10_000), "candidates": (1, 1_000), "coop_horizon": (1, 1_000)}
    """The ranges of the spec's numbers (hydra_env.envs.bots: ``rollout:budget=0`` is refused)."""
    keep_notes = False          # hydra_env.api.bots: notes = the mean simulated value per candidate
    last_notes = None

    def __init__(self, seed: int | None = None, *, budget: int = 16, candidates: int = 4,
                 style: str = "defender", coop_horizon: int = 12) -> None:
        """``budget``: simulations per decision; ``candidates``: actions kept after
        pruning (phase I and the coordinated game); ``style``: the coordinated style
        of the bot and its default policy."""
        self.rng = np.random.default_rng(seed)
        self.budget = max(1, budget)
        self.candidates = max(1, candidates)
        self.style = style
        self.coop_horizon = coop_horizon
        self.policy = HeuristicBot(seed=None, style=style)

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """The candidate with the best mean simulated value."""
        self.last_notes = None
        if len(legal_actions) == 1:
            return legal_actions[0]
        g0 = view.sample(self.rng)
        ranked = self.policy.ranked(g0, view.seat, legal_actions)
        exact = g0.is_solo and g0.state.phase == PHASE_ACTIONS_II
        k = self.budget if exact else self.candidates
        cands = ranked[:k]
        if len(cands) == 1:
            return cands[0]
        sims = 1 if exact else max(1, self.budget // len(cands))
        best, best_v = cands[0], -np.inf
        means: list[tuple[int, float]] = []
        for a in cands:
            v = 0.0
            for _ in range(sims):
                g = g0 if exact else view.sample(self.rng)
                v += self.simulate(g, a, view.seat)
            v /= sims
            means.append((a, v))
            if v > best_v + 1e-9:
                best, best_v = a, v
        if self.keep_notes:
            self.last_notes = make_notes("values", means, f"mean simulated value ({sims} simulation"
                                         f"{'s' if sims > 1 else ''} each)")
        return best

    # ------------------------------------------------------------------ simulation
    def simulate(self, sample: Game, action: int, seat: int) -> float:
        """Value at the horizon after ``action`` on a copy of ``sample``."""
        native = native_bots.game_of(sample)
        if native is not None:
            return native_bots.module.rollout_simulate(
                native, action, seat, self.policy.native_policy(),
                native_bots.coop_weights(self.policy.coop_weights()), self.coop_horizon)
        return self.playout(sample, action, seat)[1]

    def playout(self, sample: Game, action: int, seat: int) -> tuple[Game, float]:
        """``(game at the horizon, its value)`` after ``action`` on a copy of ``sample``
        (:meth:`simulate` with the leaf game kept; ``sample`` is unchanged)."""
        native = native_bots.game_of(sample)
        if native is not None:
            from hydra_env.games.hydra.native.game import NativeGame
            leaf, value = native_bots.module.rollout_playout(
                native, action, seat, self.policy.native_policy(),
                native_bots.coop_weights(self.policy.coop_weights()), self.coop_horizon)
            return NativeGame(leaf, sample.rules), value
        g = sample.clone()
        g.apply(action)
        if g.is_solo:
            rnd = g.state.round
            while not g.is_over and g.state.round == rnd:
                self.step(g)
            return g, self.solo_leaf(g)
        rnd = g.state.round
        for _ in range(self.coop_horizon):
            pd = g.state.pending
            if g.is_over or g.state.round != rnd:
                break
            if pd.seat == seat and pd.kind == DECIDE_ACTION:
                break
            self.step(g)
        return g, features.coop_value(g, seat, self.policy.coop_weights())

    def step(self, game: Game) -> None:
        """One decision of the default policy (the heuristic) for whoever decides."""
        seat = game.current_player
        view = SeatView(game, seat, redeal=False)
        game.apply(self.policy.act(view, game.legal_actions()))

    def solo_leaf(self, game: Game) -> float:
        """Score if over (a loss is 0), else the board value on the score's scale."""
        state = game.state
        if state.game_over:
            return float(game.result().score) if state.outcome == "won" else 0.0
        return features.board_value(state, game.rules, self.policy.w)
