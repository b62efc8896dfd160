"""The opponents of a one-seat env, whatever the game: who they are and their turns.

A one-seat env (one learning seat, the other seats scripted) takes an
``opponents`` argument: one entry per other seat, or one for all of them,
seated at ``seat + 1, seat + 2, …``. An entry is a bot (an object with
``act(view, legal_actions) -> int``), a sampler (``sample(seed) -> bot``: a new
bot each episode) or a bot name of the game's registry
(:mod:`hydra_env.envs.bots`), made anew each episode. Between two decisions of
the learning seat, :func:`play_opponents` lets them play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hydra_env import arguments
from hydra_env.errors import ConfigError, IllegalActionError

BotMaker = Callable[..., Any]
"""``make(name, seed=seed) -> bot``: a bot of the registry by name."""


def seat_argument(seat: Any, players: int) -> int | str:
    """The ``seat`` argument of a one-seat env: a seat ``0 … players−1`` (numpy integers
    stored as ``int``; no bools or floats) or ``"random"``."""
    if isinstance(seat, str):
        return arguments.choice("seat", seat, ("random",),
                                fix=f"pass a seat 0 to {players - 1}, or 'random'")
    try:
        return arguments.seat("seat", seat, players)
    except ConfigError as exc:
        raise ConfigError(f"{exc}, or 'random' (drawn each episode)") from None


def opponent_entries(opponents: Sequence[Any] | Any, players: int, setting: str) -> list[Any]:
    """The ``opponents`` argument as one entry per other seat (one entry is repeated for all).

    ``setting`` opens the error of a wrong count (``"3 players"``, ``"scenario 1 has 4 seats"``).
    """
    if isinstance(opponents, str) or not isinstance(opponents, (list, tuple)):
        opponents = [opponents]
    entries = list(opponents)
    if len(entries) == 1:
        entries = entries * (players - 1)
    if len(entries) != players - 1:
        raise ConfigError(f"{setting}: give {players - 1} opponents or one for all, got {len(entries)}")
    return entries


def episode_bot(entry: Any, seed: int, make: BotMaker, *, samplers_first: bool = False) -> Any:
    """This episode's bot for an ``opponents`` entry: a name made by ``make(name, seed=seed)``,
    a bot as given, or a sampler's ``sample(seed)``. An entry with both ``act`` and
    ``sample`` is a bot, or a sampler with ``samplers_first``."""
    if isinstance(entry, str):
        return make(entry, seed=seed)
    if samplers_first and callable(getattr(entry, "sample", None)):
        return entry.sample(seed)
    if callable(getattr(entry, "act", None)):
        return entry
    if callable(getattr(entry, "sample", None)):
        return entry.sample(seed)
    raise ConfigError(f"an opponent must be a bot name, an object with act(view, "
                      f"legal_actions) -> int or a sampler with sample(seed), got {entry!r}")


def seat_bots(seat: int, players: int, entries: Sequence[Any], seeds: Sequence[int],
              make: BotMaker, *, samplers_first: bool = False) -> dict[int, Any]:
    """The bots of one episode by seat: entry ``k`` at seat ``seat + 1 + k`` (mod ``players``),
    made from ``seeds[k]`` (see :func:`episode_bot`)."""
    return {(seat + 1 + k) % players: episode_bot(entry, seeds[k], make, samplers_first=samplers_first)
            for k, entry in enumerate(entries)}


def view_for(bot: Any, game: Any, seat: int) -> Any:
    """The view ``bot`` gets of ``game`` for ``seat``: ``game.view(seat)``, or None for a bot
    that declares ``needs_view = False`` (building a view costs more than such a bot's choice)."""
    return game.view(seat) if getattr(bot, "needs_view", True) else None


def play_opponents(game: Any, seat: int, bots: Mapping[int, Any]) -> None:
    """The opponents' turn: ``bots`` play until ``seat`` decides or the game is over.

    A bot's illegal action raises IllegalActionError naming the bot and its seat. A bot whose
    ``needs_view`` is False (it picks from the legal actions alone, as ``random``) gets no view
    (:func:`view_for`).
    """
    while (player := game.current_player) != seat and player >= 0:   # TERMINAL (−1) once over
        bot = bots[player]
        action = bot.act(view_for(bot, game, player), game.legal_actions())
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"opponent {bot!r} on seat {player}: {exc}") from None


def check_opponent(entry: Any, game: str) -> None:
    """Check an ``opponents`` entry before the first episode: a bot name must be known to
    ``game``'s bot registry, any other entry must have ``act`` or ``sample``
    (ConfigError saying what to pass otherwise)."""
    if isinstance(entry, str):
        from hydra_env.envs.bots import parse_bot_spec
        try:
            parse_bot_spec(entry, game=game)
        except ConfigError as exc:
            raise ConfigError(f"opponent {entry!r}: {exc} (or pass an object with "
                              f"act(view, legal_actions) -> int)") from None
    elif not callable(getattr(entry, "act", None)) and not callable(getattr(entry, "sample", None)):
        raise ConfigError(f"an opponent must be a bot name, an object with "
                          f"act(view, legal_actions) -> int, or a sampler with sample(seed) -> bot "
                          f"(a new bot each episode), got {entry!r}")
