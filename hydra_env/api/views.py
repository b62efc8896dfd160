"""What the seat views of every game share: a seat's legal actions, descriptions,
observation and samples, answered from its own information only.

A game's view (``SeatView``, ``HydrasSeatView``) subclasses :class:`SeatViewBase`
and adds its own properties; the game it wraps has ``current_player``,
``legal_actions()``, ``legal_mask()``, ``action_size``, ``describe(action, viewer=)``,
``observe(seat)``, ``determinize(seat, rng)`` and ``clone()``. numpy and the
standard library only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["SeatViewBase"]


class SeatViewBase:
    """One seat's view of a game: ``_game`` (the game), ``seat`` and ``_redeal``
    (False for games that already are samples: :meth:`sample` then clones)."""

    __slots__ = ("_game", "seat", "_redeal")

    @property
    def to_act(self) -> bool:
        """Whether the pending decision is this seat's."""
        return self._game.current_player == self.seat

    def legal_actions(self) -> list[int]:
        """The seat's legal actions; empty while another seat is to decide
        (its choices would tell what it holds)."""
        return self._game.legal_actions() if self.to_act else []

    def legal_mask(self) -> np.ndarray:
        """The seat's legal actions as a boolean array (all False while another seat decides)."""
        if self.to_act:
            return self._game.legal_mask()
        return np.zeros(self._game.action_size, dtype=bool)

    def describe(self, action: int) -> str:
        """Description of ``action`` as this seat may read it (no other seat's hand cards)."""
        return self._game.describe(action, viewer=self.seat)

    def observe(self) -> dict[str, Any]:
        """The seat's view as plain data."""
        return self._game.observe(self.seat)

    def sample(self, rng: np.random.Generator) -> Any:
        """A full game consistent with the seat's view (hidden cards re-dealt); ``rng``
        as for the game's ``determinize`` (a Generator, a seed or None)."""
        if self._redeal:
            return self._game.determinize(self.seat, rng)
        return self._game.clone()
