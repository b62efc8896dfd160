"""``HailHydraGame``: the facade of a game of Hail Hydra on the Game API (HH32-HH35).

::

    from hydra_env.games.hail_hydra.game import new_game
    game = new_game(seed=7, num_players=6)
    game.apply(game.legal_actions()[0])

The engine: the Python reference (this package) or its C++ twin (:mod:`.native.game`, which
registers itself with :data:`ENGINE_CHOICE`); ``engine=None`` picks the native one where it is
built (``HYDRA_ENV_ENGINE`` may name one), else this one, quietly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from hydra_env import arguments
from hydra_env.api.engines import EngineChoice
from hydra_env.api.explain import illegal_action_message
from hydra_env.api.facade import GameFacade
from hydra_env.errors import HydraError, IllegalActionError, SaveError
from hydra_env.games.hail_hydra import save
from hydra_env.games.hail_hydra.codec import CODEC, Codec
from hydra_env.games.hail_hydra.components import Components, load_components
from hydra_env.games.hail_hydra.deal import check_options, new_state, parse_heroes
from hydra_env.games.hail_hydra.moves import apply_action, legal_actions, why_illegal
from hydra_env.games.hail_hydra.redeal import redeal
from hydra_env.games.hail_hydra.result import HailHydraResult, result_of
from hydra_env.games.hail_hydra.state import State
from hydra_env.games.hail_hydra.text import describe_action, render_info
from hydra_env.games.hail_hydra.views import HailHydraView, seat_info


class HailHydraEngineHooks(NamedTuple):
    """How :func:`new_game` and :func:`from_json` reach another engine (the native one registers itself)."""

    available: Callable[[], bool]                                                  # is it built?
    new_game: Callable[[int, int, dict[str, Any], Components, str], HailHydraGame]  # a new deal on it
    from_game: Callable[[HailHydraGame], HailHydraGame]                            # a Python game moved over
    unsupported: type[Exception]                                                   # it cannot hold a game


ENGINE_CHOICE = EngineChoice("Hail Hydra", twins={"native": "hydra_env.games.hail_hydra.native.game"})
"""The engines a Hail Hydra game can run on besides the Python reference."""


def register_engine(name: str, hooks: HailHydraEngineHooks) -> None:
    """Make engine ``name`` available to :func:`new_game` and :func:`from_json`."""
    ENGINE_CHOICE.register(name, hooks)


class HailHydraGame(GameFacade):
    """One game in progress (see :class:`hydra_env.api.protocols.Game`)."""

    __slots__ = ("_state", "_comp", "_path", "_start", "_forced", "_legal")

    def __init__(self, state: State, comp: Components, path: str, start: str, forced: bool) -> None:
        self._state, self._comp, self._path, self._start, self._forced = state, comp, path, start, forced
        self._legal: list[int] | None = None

    # ------------------------------------------------------------ facade hooks
    @property
    def codec(self) -> Codec:
        """The action layout (HH35)."""
        return CODEC

    @property
    def components(self) -> Components:
        """The component tables of this game."""
        return self._comp

    def _with_state(self, state: State) -> HailHydraGame:
        return HailHydraGame(state, self._comp, self._path, self._start, self._forced)

    def _redealt(self, seat: int, rng: np.random.Generator) -> State:
        return redeal(self._state, self._comp, seat, rng)

    def _determinized(self, seat: int, rng: np.random.Generator) -> HailHydraGame:
        state = self._redealt(seat, rng)
        start = state.clone()
        start.history = list(state.history)
        return HailHydraGame(state, self._comp, self._path, json.dumps(start.to_data()), True)

    def _why_illegal(self, action: Any) -> str:
        return illegal_action_message(action, CODEC, self._state.game_over,
                                      lambda index: why_illegal(self._state, self._comp, index))

    def _legal_index(self, index: int) -> bool:
        return 0 <= index < CODEC.size and index in self._legal_set()

    def _legal_set(self) -> list[int]:
        if self._legal is None:
            self._legal = legal_actions(self._state, self._comp)
        return self._legal

    # ------------------------------------------------------------ the Game API
    def legal_actions(self) -> list[int]:
        """The legal actions of the pending decision, increasing (empty once over)."""
        return list(self._legal_set())

    def legal_mask(self) -> np.ndarray:
        """The legal actions as a bool array of 201."""
        mask = np.zeros(CODEC.size, dtype=bool)
        mask[self._legal_set()] = True
        return mask

    def apply(self, action: Any) -> None:
        """Apply a legal action (IllegalActionError saying why otherwise; the game is unchanged)."""
        index = self._action_index(action)
        if not self._legal_index(index):
            raise self._illegal(index)
        apply_action(self._state, self._comp, index)
        self._legal = None

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as plain data (HH33)."""
        return seat_info(self._state, self._comp, self._check_seat(seat))

    def view(self, seat: int | None = None) -> HailHydraView:
        """``seat``'s view (default: the seat to decide, else 0)."""
        if seat is None:
            seat = max(self.current_player, 0)
        return HailHydraView(self, self._check_seat(seat))

    def describe(self, action: int, viewer: int | None = None) -> str:
        """``action`` of the pending decision in words; a viewer reads only what it may know."""
        state = self._state
        seat = max(self.current_player, 0) if viewer is None else self._check_seat(viewer)
        info = {"decision": None if state.pending is None else state.pending.to_list(), "seat": seat,
                "players": state.players, "heroes": state.heroes}          # public parts only
        return describe_action(info, self._comp, int(action), omniscient=viewer is None)

    def render(self, seat: int | None = None) -> str:
        """The game as text from ``seat``'s knowledge (everything when None)."""
        if seat is None:
            info = seat_info(self._state, self._comp, max(self.current_player, 0))
            return render_info(info, self._comp, list(self._state.loyalty) or [-1] * self.num_players)
        return render_info(self.observe(seat), self._comp)

    def result(self) -> HailHydraResult:
        """The result (final once over)."""
        return result_of(self._state)

    def _start_text(self) -> str:
        """The save's start: the state as dealt, as JSON text."""
        return self._start

    def to_json(self) -> str:
        """The whole game as JSON (format ``hydra-env/hail-hydra-game`` v1)."""
        return save.dump(self._start, self._forced, self._state, self._comp, self._path)

    def team_rewards(self) -> list[float]:
        """HH36: +1 per seat of the winning team, -1 per other seat, 0 while running."""
        return self.result().team_rewards()


def new_game(*, seed: Any = None, engine: str | None = None, num_players: int = 6, first_player: int = -1,
             heroes: str = "random", claims: str = "mandatory", nominations: bool = True,
             balance: str = "calibrated", history: int = 40, components: str = "") -> HailHydraGame:
    """A new game dealt from ``seed`` (None: a fresh seed, recorded), on ``engine`` ("python",
    "native", or None: native where it is built, see :mod:`hydra_env.api.engines`)."""
    ENGINE_CHOICE.pick(engine)              # a bad engine name is refused before anything else
    seed = random.randrange(2**63) if seed is None else arguments.seed("seed", seed)
    comp = load_components(components or None)
    options = check_options(num_players, first_player, heroes, claims, nominations, balance, history)
    parse_heroes(options["heroes"], num_players, comp)
    moved = ENGINE_CHOICE.elsewhere(engine, lambda hooks: hooks.new_game(num_players, seed, options, comp, components))
    if moved is not None:
        return moved
    state = new_state(num_players, seed, options, comp)
    return from_state(state, comp, components, forced=False, start=state)


def from_state(state: State, comp: Components, path: str = "", *, forced: bool = True,
               start: State | None = None) -> HailHydraGame:
    """A game over a given state (a hand-built test position is ``forced``: its own start)."""
    first = state if start is None else start
    return HailHydraGame(state, comp, path, json.dumps(first.to_data()), forced)


def from_json(text: str, *, engine: str | None = None) -> HailHydraGame:
    """A saved game back (SaveError naming what is wrong or tampered), on ``engine`` (as :func:`new_game`):
    the save is checked and replayed on the Python engine, then moved over."""
    ENGINE_CHOICE.pick(engine)
    game = _load(text)
    moved = ENGINE_CHOICE.elsewhere(engine, lambda hooks: hooks.from_game(game))
    return game if moved is None else moved


def _load(text: str) -> HailHydraGame:
    doc = save.parse(text)
    try:
        comp = load_components(doc["components"] or None)
    except HydraError as exc:
        raise SaveError(f"components: {exc}") from None
    start = save.state_from_data(doc["start"], "start")
    save.check_saved_options(start, comp)
    if doc["forced"] is True:
        save.check_forced_start(start, comp)
    else:
        try:
            fresh = new_state(start.players, start.seed, start.options, comp)
        except (HydraError, TypeError, KeyError, ValueError) as exc:
            raise save.as_save_error(exc, "start") from None
        where = save.first_difference(fresh.to_data(), doc["start"], "start")
        if where is not None:
            raise SaveError(f"{where} differs from what the seed deals; the save was edited")
    history = doc["state"].get("history") if isinstance(doc["state"], dict) else None
    if not isinstance(history, list) or history[:len(start.history)] != start.history:
        raise SaveError("state.history must be a list continuing the start's history")
    game = from_state(start.clone(), comp, doc["components"], forced=bool(doc["forced"]), start=start)
    for step, action in enumerate(history[len(start.history):]):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise SaveError(f"state.history[{step}]: {exc}") from None
    save.replay_check(doc, start, game._state, comp)
    return game
