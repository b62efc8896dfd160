"""Tools for tests and experiments: hydras drawn in ASCII, hand-built positions, actions by name.

::

    from hydra_env.games.hydras.rules import testing as ht
    game = ht.build_game(3, hydras={1: '''
         |
        -B-
    '''}, hands={0: ["sword head I", "plain turn"]})
    game.apply(ht.neck(game, "plain turn", seat=1, row=-1, column=0, sides="0110"))

Drawings use the 3 × 3 cells of :mod:`hydra_env.games.hydras.rules.render`; the
indentation and leading blank lines do not matter (the body ``B`` fixes the
cell grid). Positions are built from a real new game whose cards are then
moved, so every card stays in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np

from hydra_env.errors import ConfigError
from hydra_env.games.hydras.rules.components import sides_from_text
from hydra_env.games.hydras.rules.engines import on_engine
from hydra_env.games.hydras.rules.game import HydrasGame
from hydra_env.games.hydras.rules.hydra import empty_hydra
from hydra_env.games.hydras.rules.save import check_grid
from hydra_env.games.hydras.rules.state import NO_FINAL_ROUND, DecisionKind, PendingDecision, Phase
from hydra_env.games.hydras.rules.tables import EMPTY, Tables, rotate

_ICONS = {" ": "plain", "s": "sword", "p": "poison"}
_EMPTY_CENTRES = " .o"


def parse_hydra(text: str, tables: Tables) -> list[int]:
    """The grid of a drawn hydra (ValueError saying where a drawing is wrong)."""
    lines = text.split("\n")
    body = [(r, line.index("B")) for r, line in enumerate(lines) if "B" in line]
    if len(body) != 1 or lines[body[0][0]].count("B") != 1:
        raise ValueError("a hydra drawing needs exactly one body 'B'")
    body_line, body_col = body[0]
    lines = [""] * ((1 - body_line) % 3) + lines
    pad = " " * ((1 - body_col) % 3)
    lines = [pad + line for line in lines]
    lines += [""] * (-len(lines) % 3)
    width = max(len(line) for line in lines)
    lines = [line.ljust(width + (-width % 3)) for line in lines]
    body_row, body_column = (body_line + (1 - body_line) % 3) // 3, (body_col + len(pad)) // 3
    grid = [EMPTY] * tables.cell_count
    for row in range(len(lines) // 3):
        for col in range(len(lines[0]) // 3):
            block = [lines[3 * row + k][3 * col:3 * col + 3] for k in range(3)]
            code = _cell_code(block, tables, f"drawing row {row}, column {col}")
            if code == EMPTY:
                continue
            try:
                cell = tables.cell_of(row - body_row, col - body_column)
            except ValueError as exc:
                raise ValueError(f"drawing row {row}, column {col}: {exc}") from None
            grid[cell] = code
    try:
        check_grid(grid, "drawing", tables)
    except ConfigError as exc:
        raise ValueError(str(exc)) from None
    return grid


def _cell_code(block: list[str], tables: Tables, where: str) -> int:
    (corner, north, blank1), (west, centre, east), (blank2, south, blank3) = block
    if centre in _EMPTY_CENTRES:
        if "".join(block).strip(" .o"):
            raise ValueError(f"{where}: an empty cell must be blank, got {block!r}")
        return EMPTY
    if blank1 + blank2 + blank3 != "   " or north not in " |" or south not in " |" \
            or west not in " -" or east not in " -":
        raise ValueError(f"{where}: arms are '|' north/south and '-' east/west, got {block!r}")
    sides = (north == "|") | (east == "-") << 1 | (south == "|") << 2 | (west == "-") << 3
    if centre == "B":
        if sides != tables.cards.body_sides:
            raise ValueError(f"{where}: the body's necks are given by the card data")
        return tables.body_code
    if centre == "T":
        if sides or corner != " ":
            raise ValueError(f"{where}: a torch has no necks and no icon")
        return 4 * tables.torch
    if centre not in "+123" or corner not in _ICONS:
        raise ValueError(f"{where}: the centre is B, T, + or 1-3 and the corner s, p or blank")
    heads, icon = (0 if centre == "+" else int(centre)), _ICONS[corner]
    for kind in tables.cards.kinds:
        if kind.heads == heads and kind.icon == icon:
            for rotation in tables.distinct_rotations[kind.index]:
                if rotate(kind.sides, rotation) == sides:
                    return 4 * kind.index + rotation
    raise ValueError(f"{where}: no {icon} card with {heads} heads has these necks")


def kinds(game: HydrasGame, names: Iterable[str]) -> list[int]:
    """Kind indices of card names (``"sword turn"``, ``"torch"``)."""
    return [game.cards.kind_index(name) for name in names]


def build_game(players: int = 3, *, hydras: dict[int, str] | None = None,
               hands: dict[int, list[str]] | None = None, deck_top: list[str] = (),
               deck_size: int | None = None, discard: list[str] = (), turn_seat: int = 0,
               star_seat: int | None = None, final_turns_left: int = NO_FINAL_ROUND,
               seed: int = 0, engine: str | None = None) -> HydrasGame:
    """A game in the position described, at the start of ``turn_seat``'s turn.

    The position is built on the Python engine, then moved to ``engine`` (None:
    ``HYDRA_ENV_ENGINE``, else native where it is built, as :meth:`HydrasGame.new`).

    Seats without a drawing have only a body, seats not in ``hands`` an empty
    hand. ``deck_top`` lists the next cards drawn, in order; the deck holds
    ``deck_size`` cards (default: every card not placed elsewhere, shuffled
    with ``seed``), the rest are in the discard pile after ``discard``.
    """
    game = HydrasGame.new(players, seed, engine="python")
    state, tables = game.state, game.tables
    pool = Counter({kind.index: kind.count for kind in game.cards.kinds})

    def take(kind: int, what: str) -> None:
        if pool[kind] <= 0:
            raise ValueError(f"{what}: no card of kind {tables.kind_name(kind)!r} is left")
        pool[kind] -= 1

    state.hydras = [empty_hydra(tables) for _ in range(players)]
    for seat, text in (hydras or {}).items():
        state.hydras[seat] = parse_hydra(text, tables)
        for code in state.hydras[seat]:
            if code >= 0 and code != tables.body_code:
                take(tables.kind_of[code], f"seat {seat}'s hydra")
    state.hands = [[] for _ in range(players)]
    for seat, names in (hands or {}).items():
        state.hands[seat] = sorted(kinds(game, names))
        for kind in state.hands[seat]:
            take(kind, f"seat {seat}'s hand")
    top = kinds(game, deck_top)
    shown = kinds(game, discard)
    for kind in top + shown:
        take(kind, "deck_top/discard")
    rest = [kind for kind in sorted(pool) for _ in range(pool[kind])]
    rest = [rest[i] for i in np.random.default_rng(seed).permutation(len(rest))]
    below = len(rest) if deck_size is None else deck_size - len(top)
    if below < 0 or below > len(rest):
        raise ValueError(f"deck_size {deck_size} does not fit {len(top)} top cards and "
                         f"{len(rest)} others")
    state.deck = rest[:below] + top[::-1]
    state.discard = shown + rest[below:]
    state.turn_seat = turn_seat
    state.star_seat = turn_seat if star_seat is None else star_seat
    state.final_turns_left = final_turns_left
    state.attack, state.blocks, state.offers, state.burn_cell = None, [], [], None
    state.history, state.log = [], []
    state.turns_taken = 1
    if not state.hands[turn_seat]:
        raise ValueError(f"the turn seat {turn_seat} needs cards in hand")
    state.pending = PendingDecision(DecisionKind.TURN, turn_seat)
    state.phase = Phase.TURN
    state.analysis_cache = [None] * players
    state.legal_cache = None
    return on_engine(game, engine, copy=False)


# ------------------------------------------------------------------ actions by name

def slot(game: HydrasGame, card: str) -> int:
    """The first hand slot of the deciding seat holding ``card``."""
    hand = game.state.hands[game.current_player]
    return hand.index(game.cards.kind_index(card))


def _target(game: HydrasGame, seat: int) -> int:
    return (seat - game.current_player) % game.num_players


def neck(game: HydrasGame, card: str, seat: int, row: int, column: int, *,
         sides: str | None = None, rotation: int | None = None) -> int:
    """The action playing ``card`` as a neck on ``seat``'s hydra (absolute seat)
    at ``row``, ``column``, turned to show ``sides`` (N E S W) or by ``rotation``."""
    tables = game.tables
    kind = game.cards.kind_index(card)
    if sides is not None:
        wanted = sides_from_text(sides)
        rotation = next(r for r in tables.distinct_rotations[kind]
                        if rotate(game.cards.kinds[kind].sides, r) == wanted)
    return game.codec.neck(slot(game, card), _target(game, seat),
                           tables.cell_of(row, column), rotation or 0)


def sword(game: HydrasGame, card: str, seat: int, row: int, column: int) -> int:
    """The action playing ``card`` as a sword on ``seat``'s hydra at ``row``, ``column``."""
    return game.codec.sword(slot(game, card), _target(game, seat), game.tables.cell_of(row, column))


def torch(game: HydrasGame, seat: int, row: int, column: int) -> int:
    """The action playing a torch on ``seat``'s hydra at ``row``, ``column``."""
    return game.codec.torch(_target(game, seat), game.tables.cell_of(row, column))


def discard(game: HydrasGame, card: str) -> int:
    """The action discarding ``card``."""
    return game.codec.discard(slot(game, card))


def block(game: HydrasGame, card: str) -> int:
    """The action blocking with the poison breath ``card``."""
    return game.codec.block(slot(game, card))


def pass_all(game: HydrasGame) -> None:
    """Pass every pending block offer."""
    while game.pending is not None and game.pending["kind"] == "block offer":
        game.apply(game.codec.pass_)


def check_invariants(game: HydrasGame) -> None:
    """Assert the state's invariants (the checks of a saved game: every card
    in one place, hydras linked and matching, the pending decision fitting)."""
    from hydra_env.games.hydras.rules.save import check_state
    check_state(game.state.to_dict(), game.tables)
