"""The viewer's error type, shared by the page shell and every game's page part."""

from __future__ import annotations


class ViewerError(ValueError):
    """A replay the viewer cannot show (other component data, an illegal decision, a broken file)."""
