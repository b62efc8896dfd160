"""Exception types of the rules engine.

Every error the engine raises for bad input derives from :class:`HydraError`,
so a caller can catch them all in one place.
"""

from __future__ import annotations


class HydraError(Exception):
    """Base class of every error raised by the hydra_env engine."""


class DataError(HydraError, ValueError):
    """A component data file is missing, unreadable or inconsistent.

    The message names the file, the entry and what is wrong with it.
    """


class IllegalActionError(HydraError, ValueError):
    """``Game.apply`` was given an action that is not legal now.

    The message names the action (index and description) and why it is
    illegal. The game is left unchanged.
    """


class ConfigError(HydraError, ValueError):
    """An argument or option given to the engine is invalid."""


class SaveError(ConfigError):
    """``Game.from_json`` was given text that is not an intact saved game.

    The message names the field (``state.hero_space[0]``) and what is wrong
    with it. A subclass of :class:`ConfigError`, which earlier versions raised.
    """
