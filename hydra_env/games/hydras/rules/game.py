"""The public facade of the card game: ``HydrasGame``.

::

    from hydra_env.games.hydras.rules import HydrasGame
    game = HydrasGame.new(num_players=3, seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])   # ints of the flat action space
    game.result().winners

Decisions are integers of one flat action space
(:mod:`hydra_env.games.hydras.rules.codec`). Two engines run the rules: this package's
Python engine (the reference) and the native one (C++,
:mod:`hydra_env.games.hydras.native.game`, the default where its extension is built);
``new``/``from_json`` take ``engine="python" | "native"``, and
``HYDRA_ENV_ENGINE`` sets the default (:mod:`hydra_env.games.hydras.rules.engines`). ``current_player`` is the
seat whose decision is pending: during a block chain that is the seat being offered the
block (H11), not the seat whose turn it is.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.api.facade import TERMINAL, GameFacade  # noqa: F401 - TERMINAL is re-exported
from hydra_env.games.hydras.rules import engine as engine_module
from hydra_env.games.hydras.rules import save
from hydra_env.games.hydras.rules.codec import HydrasCodec
from hydra_env.games.hydras.rules.components import MAX_PLAYERS, CardSet, default_cards, load_cards
from hydra_env.games.hydras.rules.encoding import encoder_for
from hydra_env.games.hydras.rules.engines import on_engine
from hydra_env.games.hydras.rules.explain import why_illegal
from hydra_env.games.hydras.rules.moves import legal_actions
from hydra_env.games.hydras.rules.render import render_text
from hydra_env.games.hydras.rules.scoring import HydrasResult, game_result
from hydra_env.games.hydras.rules.state import DECISION_NAMES, State
from hydra_env.games.hydras.rules.tables import Tables, tables_for
from hydra_env.games.hydras.rules.views import HydrasSeatView, determinize, observe


def resolve_cards(cards: CardSet | str | os.PathLike | None) -> CardSet:
    """The shipped card set when None, a loaded file when a path."""
    if cards is None:
        return default_cards()
    if isinstance(cards, CardSet):
        return cards
    arguments.path_like("cards", cards, fix="pass None (the shipped cards), a CardSet or a card file's path")
    return load_cards(cards)


def resolve_seed(seed: int | np.random.Generator | None) -> int:
    """An int seed from an int, a numpy Generator (one draw) or None (fresh entropy)."""
    if seed is None:
        return int(np.random.SeedSequence().entropy % (1 << 63))
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(1 << 63))
    return arguments.seed("seed", seed, fix="pass a non-negative whole number, a numpy Generator or None")


class HydrasGame(GameFacade):
    """One game of Hydras for 2–4 players (the queries, checks and copies every game shares
    come from :class:`hydra_env.api.facade.GameFacade`)."""

    __slots__ = ("_state", "_tables")

    def __init__(self, state: State, tables: Tables) -> None:
        """Wrap a state; use :meth:`new` or :meth:`from_json` to make games."""
        self._state = state
        self._tables = tables

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, num_players: int = 3, seed: int | np.random.Generator | None = None, *,
            cards: CardSet | str | os.PathLike | None = None, engine: str | None = None) -> HydrasGame:
        """Deal a new game and run to its first decision.

        Args:
            num_players: 2, 3 or 4.
            seed: an int, a numpy Generator (one integer is drawn from it) or
                None for a fresh seed. The same seed and the same actions give
                the same game.
            cards: the card set (the shipped one when None) or the path of a
                card file.
            engine: "native" or "python"; None: ``HYDRA_ENV_ENGINE``, else native
                where it is built. The deal is the same on both (it is done here, in
                Python; nothing after it is random).
        """
        num_players = arguments.integer("num_players", num_players, low=2, high=MAX_PLAYERS)
        tables = tables_for(resolve_cards(cards))
        state = State()
        engine_module.start(state, tables, num_players, resolve_seed(seed))
        return on_engine(HydrasGame(state, tables), engine, copy=False)

    # ------------------------------------------------------------ queries
    @property
    def turn_seat(self) -> int:
        """The seat whose turn it is (not always the seat deciding)."""
        return self._state.turn_seat

    @property
    def pending(self) -> dict[str, Any] | None:
        """The pending decision: its kind name and seat."""
        pending = self._state.pending
        return None if pending is None else {"kind": DECISION_NAMES[pending.kind],
                                             "seat": pending.seat}

    @property
    def codec(self) -> HydrasCodec:
        """The action layout."""
        return self._tables.codec

    @property
    def cards(self) -> CardSet:
        """The card set of this game."""
        return self._tables.cards

    @property
    def tables(self) -> Tables:
        """Lookup tables of the card set (for encoders and bots)."""
        return self._tables

    @property
    def history_length(self) -> int:
        """How many decisions were applied so far (cheap on both engines)."""
        return len(self._state.history)

    def legal_actions(self) -> list[int]:
        """The legal decisions, ascending (empty once the game is over)."""
        return list(legal_actions(self._state, self._tables))

    def legal_mask(self) -> np.ndarray:
        """Bool array of size ``action_size``: True where the decision is legal."""
        mask = np.zeros(self._tables.codec.size, dtype=bool)
        mask[list(legal_actions(self._state, self._tables))] = True
        return mask

    def legal_mask_into(self, out: np.ndarray) -> None:
        """Write the legal mask into ``out`` (bool, int8 or uint8 of size ``action_size``):
        1 where the decision is legal, 0 elsewhere."""
        if out.shape != (self._tables.codec.size,):
            raise ValueError(f"the mask buffer must have shape ({self._tables.codec.size},), not {out.shape}")
        out[:] = 0
        out[list(legal_actions(self._state, self._tables))] = 1

    def encode_flat(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (:mod:`hydra_env.games.hydras.rules.encoding`, flat float32),
        written into ``out`` when given (and returned)."""
        flat = encoder_for(self._tables).encode_flat(self._state, seat)
        if out is None:
            return flat
        out[:] = flat
        return out

    # ------------------------------------------------------------ actions
    def apply(self, action: int) -> None:
        """Apply a legal decision and run to the next one.

        Raises:
            IllegalActionError: the action is not legal now; the message says
                which and why. The game is unchanged.
        """
        if type(action) is not int:
            action = self._action_index(action)
        engine_module.apply(self._state, self._tables, action)

    def _legal_index(self, index: int) -> bool:
        return index in legal_actions(self._state, self._tables)

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self._state, self._tables, action)

    def describe(self, action: int, viewer: int | None = None) -> str:
        """A description of ``action`` in this position: the codec's words, plus the
        card in the hand slot and the absolute seat of the target. With ``viewer``
        other than the deciding seat, the hand card is not named (H14)."""
        codec, tables = self._tables.codec, self._tables
        index = arguments.integer("action", action, low=0, high=codec.size - 1)
        if viewer is not None:
            viewer = self._check_seat(viewer)
        text = codec.describe(index)
        pending = self._state.pending
        if pending is None:
            return text
        kind, slot, target, _, _ = codec.decode(index)
        hand = self._state.hands[pending.seat]
        extra = []
        if slot >= 0 and slot < len(hand) and viewer in (None, pending.seat):
            extra.append(tables.kind_name(hand[slot]))
        if target >= 0 and target < self._state.players:
            extra.append(f"target seat {(pending.seat + target) % self._state.players}")
        return f"{text} [{'; '.join(extra)}]" if extra else text

    # ------------------------------------------------------------ copies
    def _with_state(self, state: State) -> HydrasGame:
        """A game of this card set holding ``state`` (clone, determinize)."""
        return HydrasGame(state, self._tables)

    def to_json(self) -> str:
        """The whole game (hidden information and random state included) as JSON."""
        return save.dump(self._state, self._tables)

    @classmethod
    def from_json(cls, text: str, *, cards: CardSet | str | os.PathLike | None = None,
                  engine: str | None = None) -> HydrasGame:
        """A game saved by :meth:`to_json` (on either engine); it continues exactly as the
        original. ``engine`` as in :meth:`new`.

        Raises ConfigError naming the field when the text is not a consistent
        saved game, or was saved with another card set than ``cards``.
        """
        tables = tables_for(resolve_cards(cards))
        return on_engine(HydrasGame(save.load(text, tables), tables), engine, copy=False)

    # ------------------------------------------------------------ views
    def render(self, seat: int | None = None) -> str:
        """The table as text; with ``seat``, also that seat's hand."""
        if seat is not None:
            seat = self._check_seat(seat)
        return render_text(self._state, self._tables, seat)

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (H14) as plain data."""
        self._check_seat(seat)
        return observe(self._state, self._tables, seat)

    def view(self, seat: int | None = None) -> HydrasSeatView:
        """The information of ``seat`` (default: the seat to decide), for bots."""
        seat = self.current_player if seat is None else seat
        self._check_seat(seat)
        return HydrasSeatView(self, seat)

    def _redealt(self, seat: int, rng: np.random.Generator) -> State:
        """The state with everything hidden from ``seat`` dealt anew (determinize)."""
        return determinize(self._state, self._tables, seat, rng)

    def result(self) -> HydrasResult:
        """Scores, ranking and winners (figures so far while the game runs)."""
        return game_result(self._state, self._tables)

    def __repr__(self) -> str:
        return (f"<HydrasGame players={self._state.players} turn={self._state.turns_taken} "
                f"deck={len(self._state.deck)} player={self.current_player}>")
