"""The native twins of the scripted bots ``loyal`` and ``saboteur`` (``src/bots.hpp``), for the one-seat env.

A one-seat env's opponents take most of its time (each decision of a Python bot builds the seat's
information and the public posterior). On a native game, :func:`native_twins` seats C++ twins of those
bots: the same rules (:mod:`hydra_env.games.hail_hydra.bots`, :mod:`~hydra_env.games.hail_hydra.bot_rules`,
the public posterior of :mod:`~hydra_env.games.hail_hydra.belief`) on the same seat information, each
starting from its Python bot's generator state, so they take the same actions, decision by decision
(``tests/games/hail_hydra/test_hail_hydra_native_bots.py`` checks it). :func:`play` lets them play inside
the engine until the learning seat decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hydra_env.envs.bots import make_bot, parse_bot_spec
from hydra_env.games.hail_hydra.bots import LoyalBot, SaboteurBot
from hydra_env.games.hail_hydra.components import default_components
from hydra_env.games.hail_hydra.native import available, require
from hydra_env.games.hail_hydra.native.game import NativeHailHydraGame

_KINDS: dict[str, tuple[bool, int] | None] = {}


def _kind(spec: str) -> tuple[bool, int] | None:
    """(saboteur, r) of a bot spec the twins play (``loyal``, ``saboteur``, ``saboteur:r=2``), else
    None; remembered per spec (an env asks for every opponent of every episode)."""
    if spec in _KINDS:
        return _KINDS[spec]
    name, params = parse_bot_spec(spec, game="hail_hydra")
    kind = None
    if name == "loyal" and not params:
        kind = (False, 1)
    elif name == "saboteur" and set(params) <= {"r"}:
        kind = (True, int(params.get("r", 1)))
    _KINDS[spec] = kind
    return kind


class SeededBot:
    """A bot of the registry by spec and seed, made only when something uses it: an env whose
    opponents the native twins play (from the same seed) never builds it. It acts, and answers
    every attribute, as the bot ``make_bot(spec, game="hail_hydra", seed=seed)``."""

    __slots__ = ("spec", "seed", "kind", "_bot")

    def __init__(self, spec: str, seed: int, kind: tuple[bool, int]) -> None:
        self.spec, self.seed, self.kind, self._bot = spec, seed, kind, None

    @property
    def bot(self) -> Any:
        """The Python bot (made on first use)."""
        if self._bot is None:
            self._bot = make_bot(self.spec, game="hail_hydra", seed=self.seed)
        return self._bot

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The Python bot's action."""
        return self.bot.act(view, legal_actions)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in SeededBot.__slots__:   # a copy or pickle being rebuilt
            raise AttributeError(name)
        return getattr(self.bot, name)

    def __repr__(self) -> str:
        return f"<{self.spec} bot, seed {self.seed}>"


def seeded_bot(spec: str, seed: int) -> SeededBot | None:
    """A :class:`SeededBot` for a spec the twins play and a seed they take (0 ... 2**64 - 1), else None."""
    kind = _kind(spec)
    return SeededBot(spec, seed, kind) if kind is not None and 0 <= seed < 1 << 64 else None


def twin_of(bot: Any) -> tuple[bool, int] | None:
    """(saboteur, r) of a bot the native twins play exactly (a ``loyal`` or ``saboteur`` bot with
    the spec's settings, or a :class:`SeededBot` of one); None for any other bot."""
    if type(bot) is SeededBot:
        return bot.kind
    if type(bot) is LoyalBot:
        saboteur, r = False, 1
    elif type(bot) is SaboteurBot:
        saboteur, r = True, bot.r
    else:
        return None
    return None if bot.reserve or bot.spend else (saboteur, r)


def native_twins(game: Any, bots: Mapping[int, Any]) -> Any | None:
    """The native twins of ``bots`` (seat: bot) for ``game``, each from its bot's current
    generator state; None unless ``game`` is a native game of the shipped data and every bot has a
    twin (:func:`twin_of`). The Python bots' generators do not move while the twins play."""
    if not isinstance(game, NativeHailHydraGame) or not available() or game.components is not default_components():
        return None
    twins = {seat: twin_of(bot) for seat, bot in bots.items()}
    if not twins or any(t is None for t in twins.values()):
        return None
    table = require().ScriptedBots()
    for seat, (saboteur, r) in twins.items():           # type: ignore[misc]
        bot = bots[seat]
        if type(bot) is SeededBot and bot._bot is None:
            table.seat_seeded(seat, saboteur, r, bot.seed)
        else:
            rng = bot.bot.rng if type(bot) is SeededBot else bot.rng
            table.seat(seat, saboteur, r, list(rng.getstate()[1]))
    return table


def play(table: Any, game: NativeHailHydraGame, stop_seat: int) -> None:
    """The twins of ``table`` play ``game`` until ``stop_seat`` (or a seat without a twin) decides
    or the game is over."""
    table.play(game._native, stop_seat)
    game.native_changed()


def act(table: Any, game: NativeHailHydraGame) -> int:
    """The action the twin of the deciding seat takes now."""
    return int(table.act(game._native))


def public_marginals(table: Any, game: NativeHailHydraGame) -> list[float]:
    """The public posterior's chance that each seat is HYDRA, computed natively."""
    return list(table.public_marginals(game._native))


__all__ = ["SeededBot", "act", "native_twins", "play", "public_marginals", "seeded_bot", "twin_of"]
