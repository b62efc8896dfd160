"""The bot interface shared by every scripted or trained player.

A bot is an object with ``act(view, legal_actions) -> int``: ``view`` is a
:class:`hydra_env.SeatView` (what the seat may see), ``legal_actions`` the
legal indices of the pending decision. Bots are seeded through their
constructor, so the same seed gives the same play.

Notes (optional): a bot that scores its candidates may show those numbers in
replays. When its ``keep_notes`` attribute is set to True (the game runners
do so when they record a game), each ``act`` leaves in ``last_notes`` either
None or ``{"values": {action: number}, "label": text}`` (candidate values,
higher is better) or ``{"probs": {action: p}, "label": text}`` (policy
probabilities). Computing notes never draws from the bot's random generator,
so a recorded game is played exactly as an unrecorded one. :func:`notes_of`
reads them from any bot.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from hydra_env.api.protocols import SeatView


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for the seat of a view."""

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """Return one of ``legal_actions``."""
        ...


Notes = dict[str, Any]


def make_notes(kind: str, scored: Iterable[tuple[int, float]], label: str) -> Notes | None:
    """A ``last_notes`` entry: ``kind`` "values" or "probs", (action, number) pairs, a label;
    None when there are fewer than two candidates (nothing to compare)."""
    numbers = {str(int(a)): float(f"{float(v):.5g}") for a, v in scored}
    return {kind: numbers, "label": label} if len(numbers) > 1 else None


def want_notes(bot: Any) -> None:
    """Ask ``bot`` to leave notes in ``last_notes`` (a bot without notes ignores it)."""
    try:
        bot.keep_notes = True
    except AttributeError:            # pragma: no cover - a bot with __slots__
        pass


def notes_of(bot: Any) -> Notes | None:
    """The notes ``bot`` left at its last decision (None when it keeps none)."""
    if not getattr(bot, "keep_notes", False):
        return None
    notes = getattr(bot, "last_notes", None)
    return notes if isinstance(notes, dict) else None
