"""The action distribution of :class:`agents.train.policy.CandidatePolicy` over its real rows.

A state with ``k`` legal actions has ``k`` candidate rows (:mod:`hydra_env.games.hydra.observe.candidates`,
the legal actions in increasing order, then padding −1). When every legal action of every
state of a batch is a candidate row, the masked distribution over the 1,826 action
indices is the same as a distribution over the rows (every other action has
probability 0): :class:`PackedCandidateDistribution` computes over the ``kmax`` rows of
the fullest state instead of 1,826 logits, so training pays for the real candidates
only. Its log-probabilities, entropies and modes equal those of sb3-contrib's
``MaskableCategoricalDistribution`` on the scattered logits up to float rounding
(tested); samples are drawn over rows, so they use the random stream differently.
"""

from __future__ import annotations

from typing import Any

import torch
from torch.distributions import Categorical

HUGE_NEG = -1e8        # sb3-contrib's MaskableCategorical logit of a masked-out action


def packable(index: torch.Tensor, action_masks: Any) -> torch.Tensor | None:
    """The boolean masks when every legal action of every state is a candidate row
    (the count of legal actions equals the count of real rows), else None."""
    if action_masks is None:
        return None
    masks = torch.as_tensor(action_masks, dtype=torch.bool, device=index.device).reshape(index.shape[0], -1)
    legal = masks.sum(dim=1)
    real = (index >= 0).sum(dim=1)
    return masks if bool(torch.equal(legal, real)) else None


class _Probs:
    """``distribution.probs`` over the action indices, as callers of the
    1,826-way distribution read it (``probs[0]``, ``probs.argmax(dim=1)``)."""

    def __init__(self, owner: PackedCandidateDistribution) -> None:
        self._owner = owner

    @property
    def probs(self) -> torch.Tensor:
        o = self._owner
        rows = o.categorical.probs
        full = torch.zeros(rows.shape[0], o.n_actions + 1, dtype=rows.dtype, device=rows.device)
        full.scatter_(1, o.column, torch.where(o.valid, rows, torch.zeros_like(rows)))
        return full[:, :o.n_actions]


class PackedCandidateDistribution:
    """A categorical distribution over the real candidate rows of each state, with actions
    given and returned as action indices (see the module docstring)."""

    def __init__(self, scores: torch.Tensor, index: torch.Tensor, n_actions: int) -> None:
        """``scores`` float[n, k] of the rows, ``index`` long[n, k] their actions (−1: padding)."""
        self.valid = valid = index >= 0
        self.index = index
        self.n_actions = n_actions
        self.column = torch.where(valid, index, torch.full_like(index, n_actions))
        logits = torch.where(valid, scores, torch.full_like(scores, HUGE_NEG))
        self.categorical = Categorical(logits=logits, validate_args=False)
        self.distribution = _Probs(self)

    def _rows_of(self, actions: torch.Tensor) -> torch.Tensor:
        return (self.index == actions.long().reshape(-1, 1)).to(torch.int8).argmax(dim=1)

    def log_prob(self, actions: torch.Tensor) -> torch.Tensor:
        """log π(action) of each state."""
        rows = self._rows_of(actions)
        return self.categorical.logits.gather(1, rows.unsqueeze(1)).squeeze(1)

    def entropy(self) -> torch.Tensor:
        """The entropy over the real rows (as MaskableCategorical's over the legal actions)."""
        p_log_p = self.categorical.logits * self.categorical.probs
        return -torch.where(self.valid, p_log_p, torch.zeros_like(p_log_p)).sum(-1)

    def sample(self) -> torch.Tensor:
        """An action index per state, drawn from the distribution."""
        rows = self.categorical.sample()
        return self.index.gather(1, rows.unsqueeze(1)).squeeze(1)

    def mode(self) -> torch.Tensor:
        """The most likely action of each state (the lowest index among equals, as argmax
        over the action indices gives it: rows are in increasing action order)."""
        rows = torch.argmax(self.categorical.probs, dim=1)
        return self.index.gather(1, rows.unsqueeze(1)).squeeze(1)

    def get_actions(self, deterministic: bool = False) -> torch.Tensor:
        """:meth:`mode` or :meth:`sample`."""
        return self.mode() if deterministic else self.sample()
