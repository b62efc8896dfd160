"""The observer of the generic envs: the game's own, or a generic one.

:func:`observer_for` gives the observer of a game's spec (``spec.observer(game)``)
and, for a game that brings none, :class:`LegalActionObserver`, which sees what
every game has through the Game protocol: which seat is to play (relative to
the observing seat) and, when the observing seat decides, its legal actions;
enough for a toy game's smoke training, not a substitute for a game's own
observer (which sees the board). Used by :class:`hydra_env.envs.game_env.GameEnv`
and :class:`hydra_env.envs.aec.ObserverAECEnv`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hydra_env.api import TERMINAL, GameSpec
from hydra_env.envs.single_agent import split_parts

__all__ = ["LegalActionObserver", "game_observer", "observer_for", "split_observation"]


class LegalActionObserver:
    """``to_play`` (players,): one-hot of the deciding seat, relative to the observing seat
    (all zeros once over); ``legal`` (action_size,): the observing seat's legal actions
    when it decides, zeros otherwise. Values in {0, 1}, float32."""

    def __init__(self, action_size: int, players: int) -> None:
        """An observer of games with ``action_size`` actions and ``players`` seats."""
        self.action_size, self.players = int(action_size), int(players)
        self.parts: dict[str, tuple[int, ...]] = {"to_play": (self.players,), "legal": (self.action_size,)}
        self.size = self.players + self.action_size

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat`` (into ``out`` when given)."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out[:] = 0.0
        player = game.current_player
        if player != TERMINAL:
            out[(player - seat) % self.players] = 1.0
            if player == seat:
                out[self.players:][np.asarray(game.legal_actions(), dtype=np.int64)] = 1.0
        return out


def observer_for(spec: GameSpec, params: Mapping[str, Any], observer: Any = None) -> tuple[Any, int, int]:
    """(observer, action count, players) of ``spec``'s games with ``params`` (checked): ``observer``
    when given, else the spec's, else a :class:`LegalActionObserver` (one game is dealt to
    learn the counts)."""
    probe = spec.make(seed=0, **params)
    size, players = int(probe.action_size), int(spec.players(spec.check_params(params)))
    return (observer if observer is not None else game_observer(spec, probe)), size, players


def game_observer(spec: GameSpec, game: Any) -> Any:
    """The observer of ``game``: the spec's (``spec.observer(game)``), else a
    :class:`LegalActionObserver` of its action count and seats. The generic envs and the
    policy bot of every game (:mod:`agents.policy_bot`) encode through it."""
    if spec.observer is not None:
        return spec.observer(game)
    return LegalActionObserver(game.action_size, game.num_players)


def split_observation(observer: Any, flat: np.ndarray) -> dict[str, np.ndarray]:
    """A flat observation as the observer's named parts (its ``split`` when it has one)."""
    split = getattr(observer, "split", None)
    return split(flat) if split is not None else split_parts(flat, observer.parts)


def seat_mask(game: Any, seat: int, size: int) -> np.ndarray:
    """The int8 mask of ``seat``: the legal actions when it decides (written in place by the game's
    ``legal_mask_into`` when it has one, else from ``legal_mask``), zeros otherwise."""
    if game.current_player != seat:
        return np.zeros(size, np.int8)
    into = getattr(game, "legal_mask_into", None)
    if into is None:
        return np.asarray(game.legal_mask(), dtype=np.int8)
    mask = np.empty(size, np.int8)
    into(mask)                               # writes every entry
    return mask
