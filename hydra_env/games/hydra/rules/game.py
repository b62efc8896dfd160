"""The public facade: ``Game``.

::

    import hydra_env
    game = hydra_env.Game.new(scenario=10, stars=1, seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])   # ints of the flat action space
    game.result()

Decisions are integers of one flat action space (:mod:`hydra_env.games.hydra.rules.codec`);
``current_player`` is the seat whose decision is pending, which in the
coordinated game can be a seat other than the one whose turn it is.

Two engines run the rules: the native one (C++, :mod:`hydra_env.native`, the
default when its extension is built) and this package's Python engine, the
readable reference. ``Game.new(..., engine="python" | "native")`` picks one; the
environment variable ``HYDRA_ENV_ENGINE=python|native`` sets the default for
every tool. Both give the same games, decision for decision, and the same JSON.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.facade import TERMINAL, GameFacade
from hydra_env.errors import ConfigError, HydraError, SaveError
from hydra_env.games.hydra.data import Components, default_components, load_components
from hydra_env.games.hydra.rules import engine as engine_module
from hydra_env.games.hydra.rules.codec import ActionCodec
from hydra_env.games.hydra.rules.describe import describe_action
from hydra_env.games.hydra.rules.engines import ENGINE_CHOICE as _ENGINES
from hydra_env.games.hydra.rules.explain import why_illegal
from hydra_env.games.hydra.rules.options import RuleOptions
from hydra_env.games.hydra.rules.render import render_text
from hydra_env.games.hydra.rules.result import GameResult, game_result
from hydra_env.games.hydra.rules.saves import SAVE_FORMAT, SAVE_VERSION
from hydra_env.games.hydra.rules.saves import parse_save as _parse_save
from hydra_env.games.hydra.rules.state import DECISION_NAMES, EVADE_CAUSES, PHASE_NAMES, State
from hydra_env.games.hydra.rules.state_checks import load_state
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.views import SeatView, determinize, observe


def _resolve_components(components: Any) -> Components:
    """The component data of a ``components=`` argument: None (shipped), Components or a folder."""
    if components is None:
        return default_components()
    if isinstance(components, Components):
        return components
    folder = arguments.path_like(
        "components", components,
        fix="pass a hydra_env.games.hydra.data.Components, the path of a folder of data files, or None for the "
            "shipped data")
    return load_components(folder)


def _resolve_seed(seed: Any) -> int:
    """The seed of a ``seed=`` argument: an integer ≥ 0, a numpy Generator or None (fresh)."""
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(1 << 63))
    value = arguments.seed(
        "seed", seed, fix="pass a non-negative whole number, a numpy Generator or None for a random seed")
    if value is None:
        return int(np.random.SeedSequence().entropy % (1 << 63))
    return value


_DEFAULT_OPTIONS = RuleOptions()


def _resolve_options(options: Any) -> RuleOptions:
    """The rule options of an ``options=`` argument: RuleOptions, a dict of them or None."""
    if isinstance(options, RuleOptions):
        return options
    if options is None:
        return _DEFAULT_OPTIONS          # frozen: one shared object
    return RuleOptions.from_dict(arguments.mapping(
        "options", options, fix="pass a hydra_env.RuleOptions, a dict such as {'solo_regrow_heads': True} or None"))


class Game(GameFacade):
    """One game of Hydra, solo (scenarios 10–12) or coordinated (1–9), on the Python engine.

    :meth:`new` and :meth:`from_json` return a :class:`hydra_env.games.hydra.native.game.NativeGame`
    (a subclass with the same API) when the native engine is used. The queries, checks
    and copies every game shares (``current_player``, ``num_players`` — 1 in solo —,
    ``is_legal``, ``clone``, ``determinize``…) come from :class:`hydra_env.api.facade.GameFacade`;
    ``state`` is not to be mutated (on the native engine it is a copy:
    :func:`hydra_env.games.hydra.rules.testing.edit` changes a position).
    """

    __slots__ = ("_state", "_rules")

    def __init__(self, state: State, rules: Rules) -> None:
        """Wrap a state; use :meth:`new` or :meth:`from_json` to make games."""
        self._state = state
        self._rules = rules

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, scenario: int = 10, stars: int = 1,
            seed: int | np.random.Generator | None = None, *,
            options: RuleOptions | dict[str, Any] | None = None,
            components: Components | str | os.PathLike | None = None,
            engine: str | None = None) -> Game:
        """Set up a new game and run to its first decision.

        Args:
            scenario: scenario number of the component data (1–9 coordinated,
                10–12 solo with the shipped data).
            stars: difficulty 1–3 (fewer wall tokens with more stars).
            seed: an int, a numpy Generator (one integer is drawn from it) or
                None for a fresh random seed. The same seed and the same
                actions give the same game.
            options: rule options (:class:`RuleOptions` or a dict of them).
            components: component data (the shipped data when None), or the
                path of a folder with a user's own data files.
            engine: "native" or "python"; None: ``HYDRA_ENV_ENGINE``, else native
                where it is built and fits the data, else python.

        Raises:
            ConfigError: an argument is of the wrong type or out of range (the
                message names it); integers may be Python or numpy integers,
                never bools or floats.
            DataError: the data files at ``components`` are invalid.
        """
        scenario = arguments.integer("scenario", scenario, low=1, fix="pass a scenario number such as 10")
        stars = arguments.integer("stars", stars, low=1, high=3)
        seed = _resolve_seed(seed)
        options = _resolve_options(options)
        comp = _resolve_components(components)
        rules = Rules(comp, comp.scenario(scenario), options)
        if (game := _ENGINES.elsewhere(engine, lambda hooks: hooks.start(rules, stars, seed))) is not None:
            return game
        state = State()
        engine_module.start(state, rules, stars, seed)
        return Game(state, rules)

    # ------------------------------------------------------------ queries
    @property
    def is_solo(self) -> bool:
        """Whether this is a solo game."""
        return self._rules.solo

    @property
    def scenario(self) -> int:
        """The scenario number."""
        return self._state.scenario

    @property
    def stars(self) -> int:
        """The difficulty (1–3)."""
        return self._state.stars

    @property
    def round(self) -> int:
        """The current round, 1-based."""
        return self._state.round + 1

    @property
    def phase(self) -> str:
        """Name of the current phase."""
        return PHASE_NAMES[self._state.phase]

    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision: kind, seat, and for an evasion its cause."""
        pd = self._state.pending
        if pd is None:
            return None
        out: dict[str, Any] = {"kind": DECISION_NAMES[pd.kind], "seat": pd.seat}
        if out["kind"] == "evade":
            out["cause"] = EVADE_CAUSES[pd.cause]
        return out

    @property
    def codec(self) -> ActionCodec:
        """The action layout of this game's component data."""
        return self._rules.codec

    @property
    def components(self) -> Components:
        """The component data of this game."""
        return self._rules.components

    @property
    def options(self) -> RuleOptions:
        """The rule options of this game."""
        return self._rules.options

    @property
    def rules(self) -> Rules:
        """Tables, scenario and options (for encoders and bots)."""
        return self._rules

    def legal_mask_int(self) -> int:
        """The legal decisions as an int bitmask (bit a set: action a legal)."""
        return engine_module.legal_mask(self._state, self._rules)

    def legal_actions(self) -> list[int]:
        """The legal decisions, in increasing order (empty once the game is over)."""
        m = engine_module.legal_mask(self._state, self._rules)
        if not m:
            return []
        return np.flatnonzero(self.legal_mask()).tolist()

    def legal_mask(self) -> np.ndarray:
        """Boolean array of size ``action_size``: True where the decision is legal."""
        size = self._rules.codec.size
        m = engine_module.legal_mask(self._state, self._rules)
        raw = np.frombuffer(m.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
        return np.unpackbits(raw, count=size, bitorder="little").view(bool)

    # ------------------------------------------------------------ actions
    def apply(self, action: int) -> None:
        """Apply a legal decision and run to the next one.

        Raises:
            IllegalActionError: the action is not legal now; the message says
                which action and why. The game is unchanged.
        """
        if type(action) is not int:
            action = self._action_index(action)
        engine_module.apply(self._state, self._rules, action)

    def _legal_index(self, index: int) -> bool:
        return 0 <= index < self._rules.codec.size and bool(
            (engine_module.legal_mask(self._state, self._rules) >> index) & 1)

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self._state, self._rules, action)

    def describe(self, action: int, viewer: int | None = None) -> str:
        """A human-readable description of ``action`` in this position.

        With ``viewer``, cards in the hand of a seat other than ``viewer`` are
        not named (R41). Raises ConfigError when ``action`` is not an index
        ``0 … action_size−1`` or ``viewer`` not a seat."""
        action = arguments.integer("action", action, low=0, high=self._rules.codec.size - 1,
                                   fix="pass an index of the action space, e.g. one of legal_actions()")
        if viewer is not None:
            viewer = arguments.seat("viewer", viewer, self._state.players)
        return describe_action(self._state, self._rules, action, viewer)

    # ------------------------------------------------------------ copies
    def _with_state(self, state: State) -> Game:
        """A game of these rules holding ``state`` (clone, determinize)."""
        return Game(state, self._rules)

    def to_json(self) -> str:
        """The whole game (random state included) as JSON text."""
        comp = self._rules.components
        doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
               "data_digest": comp.digest, "data_name": comp.name, "data_version": comp.version,
               "scenario": self._state.scenario, "options": self._rules.options.to_dict(),
               "state": self._state.to_dict()}
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, *,
                  components: Components | str | os.PathLike | None = None,
                  engine: str | None = None) -> Game:
        """A game saved by :meth:`to_json` (on either engine); it continues exactly as the original.

        ``engine`` as in :meth:`new`.

        Everything in the text is checked before the game is returned
        (:mod:`hydra_env.games.hydra.rules.state_checks`): every field's type and range,
        each card in exactly one place, the pending decision against the
        phase. Raises SaveError (a ConfigError) naming the field when the text
        is not an intact saved game, or was saved with other component data
        than ``components``.
        """
        doc = _parse_save(text)
        comp = _resolve_components(components)
        if doc["data_digest"] != comp.digest or doc["data_name"] != comp.name or doc["data_version"] != comp.version:
            raise SaveError(
                f"the game was saved with component data {doc.get('data_name')!r} digest "
                f"{str(doc.get('data_digest'))[:12]}…, not the data given "
                f"({comp.name!r} digest {comp.digest[:12]}…); pass components= that data")
        number = arguments.integer("saved game: scenario", doc["scenario"], low=1, error=SaveError,
                                   fix="the save was edited or damaged")
        options = arguments.mapping("saved game: options", doc["options"], none=False, error=SaveError,
                                    fix="the save was edited or damaged")
        if options.keys() != _DEFAULT_OPTIONS.to_dict().keys():   # a save holds every option
            raise SaveError(f"saved game: options missing: {sorted(_DEFAULT_OPTIONS.to_dict().keys() - options.keys())}"
                            f", unknown: {sorted(options.keys() - _DEFAULT_OPTIONS.to_dict().keys())}; "
                            "the save was edited or damaged")
        try:
            scen = comp.scenario(number)
            options = RuleOptions.from_dict(options)
        except ConfigError as exc:
            raise SaveError(f"saved game: {exc}") from None
        rules = Rules(comp, scen, options)
        state = load_state(doc["state"], rules)
        name, asked = _ENGINES.pick(engine)      # outside the try: a wrong engine stays a ConfigError
        try:
            game = _ENGINES.run_on(name, asked, lambda hooks: hooks.from_state(rules, state))
        except HydraError:   # the engine's own refusal (a seed it cannot hold), as at new
            raise
        except ValueError as exc:
            raise SaveError(f"saved game: {exc}") from None
        return Game(state, rules) if game is None else game

    # ------------------------------------------------------------ views
    def render(self, seat: int | None = None) -> str:
        """A text board; with ``seat``, also that seat's hidden cards."""
        if seat is not None:
            seat = self._check_seat(seat)
        return render_text(self._state, self._rules, seat)

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (R41): public information and its own hand."""
        return observe(self._state, self._rules, self._check_seat(seat))

    def _redealt(self, seat: int, rng: np.random.Generator) -> State:
        """The state with everything hidden from ``seat`` dealt anew (determinize)."""
        return determinize(self._state, self._rules, seat, rng)

    def view(self, seat: int | None = None) -> SeatView:
        """The information of ``seat`` (default: the seat to decide), for bots."""
        if seat is None:
            if self.current_player == TERMINAL:
                raise ConfigError("view(): the game is over, no seat is to decide; pass seat= the seat to view")
            seat = self.current_player
        return SeatView._checked(self, self._check_seat(seat))

    def _replace_state(self, state: State, run: bool = False) -> None:
        """Make ``state`` this game's state (for hand-built positions); with ``run``, run
        the engine to the next decision first."""
        state.legal_mask_cache = None
        self._state = state
        if run:
            engine_module.run(state, self._rules)

    def result(self) -> GameResult:
        """Outcome, score and breakdown (figures so far while the game runs)."""
        return game_result(self._state, self._rules)

    def __repr__(self) -> str:
        mode = "solo" if self._rules.solo else f"{self._state.players} heroes"
        return (f"<Game scenario={self._state.scenario} ({mode}) stars={self._state.stars} "
                f"round={self.round} phase={self.phase!r} player={self.current_player}>")
