"""The bot interface shared by every scripted or trained player.

A bot is an object with ``act(view, legal_actions) -> int``: ``view`` is a
:class:`hydra_env.SeatView` (what the seat may see), ``legal_actions`` the
legal indices of the pending decision. Bots are seeded through their
constructor, so the same seed gives the same play.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from hydra_env import SeatView


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for the seat of a view."""

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """Return one of ``legal_actions``."""
        ...
