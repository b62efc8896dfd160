"""The observation with an advice part (``HailHydra-v0`` with ``advice="deduce"``).

:class:`AdviceObserver` appends to an observation (the summary observation of
:mod:`.summary_observer`) the part ``advice``: 201 values, one per action (HH35), the
one-hot of the action a scripted *advisor* bot would take at the seat's own decision, or
all 0 when the seat is not the one deciding or has a single legal action.

This is the base policy of residual policy learning (Silver et al., 2018; Johannink et
al., 2019): a learned policy that reads the advice can start as the advisor (a pointer
from each action's logit to its advice value, :class:`agents.train.slot_policy.SlotPolicy`
with ``advice``), and learning changes it only where its own play does better. The advice
is a function of the seat's information alone: the advisor (``deduce`` keeps the private
posterior of the seat's own knowledge) reads the seat's view and its legal actions, and
its random choices (ties, the draft) are seeded by the observation before the advice
(CRC-32 of its bytes), so a position gives the same advice on either engine, in any
process, and a re-deal of what the seat cannot see gives the same advice.

The legal actions are needed, so this observer encodes from a game (``encode``), never
from bare seat information (``encodes_seat_info`` is False: a policy bot encodes a
re-deal of its view, whose legal actions are the seat's, HH34).
"""

from __future__ import annotations

import random
import zlib
from typing import Any

import numpy as np

from hydra_env.games.hail_hydra.codec import SIZE as ACTIONS


class AdviceObserver:
    """``base``'s observation followed by the ``advice`` part (module docstring).

    Args:
        base: the observer whose observation comes first (its ``action_slots``, when it has
            them, are kept and name where the advice starts).
        advisor: the bot spec of the advisor (a Hail Hydra bot: ``deduce``, ``deduce:spend=0``).
    """

    encodes_seat_info = False
    """The advice needs the seat's legal actions, so it encodes from a game or a re-deal."""

    def __init__(self, base: Any, advisor: str = "deduce") -> None:
        from hydra_env.envs.bots import make_bot
        self.base = base
        self.advisor_spec = str(advisor)
        self.advisor = make_bot(self.advisor_spec, game="hail_hydra", seed=0)
        self.parts = {**base.parts, "advice": (ACTIONS,)}
        self.size = base.size + ACTIONS

    @property
    def action_slots(self) -> dict[str, Any]:
        """The base observer's action slots, and ``advice``: where the advice part starts."""
        slots = dict(getattr(self.base, "action_slots", None) or {})
        slots["advice"] = self.base.size
        return slots

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views of the parts of a flat observation."""
        views = self.base.split(flat[..., :self.base.size])
        views["advice"] = flat[..., self.base.size:]
        return views

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat`` in ``game``: the base encoding, then the advice."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        size = self.base.size
        out[:size] = self.base.encode(game, seat)
        out[size:] = 0.0
        action = self.advice(game, seat, out[:size])
        if action is not None:
            out[size + action] = 1.0
        return out

    def advice(self, game: Any, seat: int, base_observation: np.ndarray) -> int | None:
        """The advisor's action for ``seat`` (None when the seat is not deciding, or has one
        legal action), its random choices seeded by ``base_observation``."""
        if game.is_over or int(game.current_player) != seat:
            return None
        legal = list(game.legal_actions())
        if len(legal) < 2:
            return None
        self.advisor.rng = random.Random(zlib.crc32(np.ascontiguousarray(base_observation, np.float32).tobytes()))
        return int(self.advisor.act(game.view(seat), legal))
