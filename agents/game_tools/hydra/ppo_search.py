"""``ppo-search:POLICY[,key=value...]``: Monte-Carlo search guided by a trained policy (solo).

``ppo-search:solo-default`` or ``ppo-search:path/to/model.zip,budget=32,candidates=6``
(POLICY as for ``ppo:``: a shipped name, a checkpoint or a run folder). At each decision:

1. **Prior.** The policy's probabilities over the legal actions (one forward pass
   on the seat's observation). With ``candidates=1`` the bot plays the policy's
   most probable action, as ``ppo:POLICY`` does.
2. **Candidates.** The ``candidates`` most probable actions (4; the argmax always
   among them), plus the heuristic's ``heuristic`` best actions (1) when they are
   not yet in (none with ``candidates=1``).
3. **Simulations.** ``budget // len(candidates)`` (``budget`` 16; at least one) simulations per
   candidate, run by :class:`hydra_env.games.hydra.bots.rollout.RolloutBot`'s machinery (the native
   heuristic playout on a native game): a re-deal of the game from the seat's view
   (:meth:`hydra_env.SeatView.sample`; the true hidden cards are never read), the
   candidate applied, then the heuristic to the end of the round. With ``paired``
   (default) every candidate is simulated on the same re-deals (common random
   numbers: the comparison is not blurred by the luck of the draw); without it
   each simulation draws its own, as ``rollout`` does. In action phase II
   everything to the horizon is public: one exact simulation each for the
   ``budget`` most probable actions.
4. **Leaf value.** A finished game is worth its score (a loss 0); otherwise
   ``(1 − value_weight) · board value + value_weight · 100 · (V + Φ)``, where ``V``
   is the policy's value head on the leaf position (all leaves of a decision in
   one forward pass) and ``Φ`` the shaping potential when the policy was trained on
   the ``shaped`` reward (so ``100 · (V + Φ)`` estimates the final score).
5. **Choice.** The best ``mean value + prior_weight · prior`` (ties: the more
   probable action).

Solo scenarios only (the coordinated game raises a ConfigError). Deterministic for a
seed. The policy runs on one torch thread (:func:`agents.ppo_bot.one_thread_inference`),
about ten times faster than torch's default for these small forward passes on a busy
machine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from agents.ppo_bot import PPOBot
from hydra_env import ConfigError, Game, SeatView, arguments
from hydra_env.api.bots import make_notes
from hydra_env.games.hydra.bots.rollout import RolloutBot
from hydra_env.games.hydra.rules.state import PHASE_ACTIONS_II


def shaping_scale(path: Any) -> float:
    """The ``shaping_scale`` of the env a policy was trained on when its reward was
    ``shaped`` (1.0 by default), else 0.0 (unknown or the ``score`` reward)."""
    from hydra_env.envs.policy_env import recorded_env_args
    try:
        _, kwargs = recorded_env_args(path)
    except ConfigError:
        return 0.0
    if kwargs.get("reward") != "shaped":
        return 0.0
    return float(kwargs.get("shaping_scale", 1.0))


class PPOSearchBot:
    """Policy-guided Monte-Carlo search (module docstring)."""

    name = "ppo-search"
    PARAM_RANGES = {"budget": (1, 10_000), "candidates": (1, 1_000), "heuristic": (0, 1_000)}
    """The ranges of the spec's numbers (hydra_env.envs.bots: ``budget=0`` is refused)."""
    keep_notes = False          # hydra_env.api.bots: notes = the searched value of each candidate
    last_notes = None

    def __init__(self, policy: str, seed: int | None = None, *, budget: int = 16, candidates: int = 4,
                 heuristic: int = 1, prior_weight: float = 0.0, value_weight: float = 0.0,
                 paired: bool = True, device: str = "cpu") -> None:
        """``policy``: a shipped name, a checkpoint or a run folder; the parameters as in the
        module docstring. ConfigError for a value out of range."""
        fix = "e.g. ppo-search:solo-default,budget=16,candidates=4"
        self.budget = arguments.integer("ppo-search budget", budget, low=1, fix=fix)
        self.candidates = arguments.integer("ppo-search candidates", candidates, low=1, fix=fix)
        self.heuristic = arguments.integer("ppo-search heuristic", heuristic, low=0, fix=fix)
        self.prior_weight = arguments.number("ppo-search prior_weight", prior_weight, low=0.0, fix=fix)
        self.value_weight = arguments.number("ppo-search value_weight", value_weight, low=0.0, high=1.0,
                                             fix=fix)
        self.paired = arguments.boolean("ppo-search paired", paired, fix=fix)
        self.rng = np.random.default_rng(seed)
        self.net = PPOBot(policy, device=device)
        self.net.rng = self.rng                  # one generator for the bot's every draw
        self.sim = RolloutBot(seed=None)         # the heuristic playout and its leaf value
        self.shaping = shaping_scale(self.net.path) if self.value_weight > 0 else 0.0

    @property
    def path(self) -> Path:
        """The checkpoint file of the policy the search uses (as :attr:`PPOBot.path`)."""
        return self.net.path

    # ------------------------------------------------------------------ decision
    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """The candidate with the best searched value."""
        self.last_notes = None
        if len(legal_actions) == 1:
            return legal_actions[0]
        if not view.is_solo:
            raise ConfigError("ppo-search plays solo scenarios (10-12) only; in the coordinated game "
                              "use rollout or ppo:POLICY")
        probs = self.net.action_probs(self.net.observation(view), view.legal_mask())
        order = sorted(legal_actions, key=lambda a: (-float(probs[a]), a))
        g0 = view.sample(self.rng)
        exact = g0.state.phase == PHASE_ACTIONS_II
        cands = order[:self.budget if exact else self.candidates]
        if self.heuristic and not exact and self.candidates > 1:
            extra = self.sim.policy.ranked(g0, view.seat, legal_actions)[:self.heuristic]
            cands += [a for a in extra if a not in cands]
        if len(cands) == 1:
            return cands[0]
        sims = 1 if exact else max(1, self.budget // len(cands))
        values = self.search(view, g0, cands, sims, exact)
        scores = values.mean(axis=1) + self.prior_weight * np.array([probs[a] for a in cands])
        best = int(np.argmax(scores))             # first of the maxima: the more probable action
        if self.keep_notes:
            self.last_notes = make_notes("values", zip(cands, values.mean(axis=1)),
                                         f"mean searched value ({sims} simulation{'s' if sims > 1 else ''} "
                                         f"each)")
        return cands[best]

    def search(self, view: SeatView, g0: Game, cands: list[int], sims: int, exact: bool) -> np.ndarray:
        """The leaf values ``float[len(cands), sims]`` of the candidates' simulations."""
        if exact:
            samples = [[g0]] * len(cands)
        elif self.paired:
            shared = [g0] + [view.sample(self.rng) for _ in range(sims - 1)]
            samples = [shared] * len(cands)
        else:
            samples = [[view.sample(self.rng) for _ in range(sims)] for _ in cands]
        seat = view.seat
        values = np.empty((len(cands), sims))
        if self.value_weight == 0:
            for i, a in enumerate(cands):
                for j, g in enumerate(samples[i]):
                    values[i, j] = self.sim.simulate(g, a, seat)
            return values
        open_leaves: list[tuple[int, int, Game]] = []
        for i, a in enumerate(cands):
            for j, g in enumerate(samples[i]):
                leaf, values[i, j] = self.sim.playout(g, a, seat)
                if not leaf.is_over:
                    open_leaves.append((i, j, leaf))
        if open_leaves:
            estimate = self.leaf_estimates([leaf for _, _, leaf in open_leaves], seat)
            w = self.value_weight
            for (i, j, _), e in zip(open_leaves, estimate):
                values[i, j] = (1.0 - w) * values[i, j] + w * e
        return values

    def leaf_estimates(self, leaves: list[Game], seat: int) -> np.ndarray:
        """The value head's estimate of the final score at each (unfinished) leaf:
        ``100 · (V + Φ)`` (Φ: the shaping potential, 0 for a policy of the score reward)."""
        from hydra_env.games.hydra.envs.rewards import potential
        v = self.net.values([self.net.encode(leaf, seat) for leaf in leaves])
        phi = np.array([potential(leaf.state, self.shaping) for leaf in leaves]) if self.shaping else 0.0
        return 100.0 * (v + phi)

    def __repr__(self) -> str:
        return (f"PPOSearchBot({str(self.net.path)!r}, budget={self.budget}, candidates={self.candidates}, "
                f"heuristic={self.heuristic}, prior_weight={self.prior_weight}, "
                f"value_weight={self.value_weight}, paired={self.paired})")
