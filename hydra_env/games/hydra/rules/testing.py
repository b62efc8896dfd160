"""Tools for tests and experiments: hand-built positions, effects, invariants.

::

    from hydra_env.games.hydra.rules import testing as ht
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 2)}, display=["A13"])
    g.apply(ht.find_action(g, "A13", "strike red"))
    assert g.state.head_count[ht.colour(g, "red")] == 0

Positions are built from a real new game whose pieces are then moved, so
every card stays in exactly one place. They are built on the Python engine and
then handed to the game's engine (``engine=``, default as :meth:`Game.new`), so
the same position runs on either engine. To change a position by hand, use
:func:`edit` (``game.state`` of a native game is a copy)::

    with ht.edit(g) as state:
        state.round = 5
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from hydra_env.games.hydra.rules import engine
from hydra_env.games.hydra.rules.engines import on_engine
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.state import (
    DECIDE_EVADE,
    DECIDE_SHOVED,
    EVADE_MAELSTROM,
    PHASE_ACTIONS,
    PHASE_ACTIONS_II,
    State,
)
from hydra_env.games.hydra.rules.tables import T_BITE, T_GROW, T_MOVE, T_PUSHED, T_SHOVE


def space(game: Game, name: str) -> int:
    """Space id of ``"r4c2"`` or ``"city"``."""
    board = game.rules.board
    if name == "city":
        return board.city
    r, c = name[1:].split("c")
    return int(r) * board.cols + int(c)


def colour(game: Game, name: str) -> int:
    """Colour index of a hydra colour name."""
    return game.components.hydra_colours.index(name)


def action_card(game: Game, card_id: str) -> int:
    """Index of an action card by id (``"A13"``)."""
    return next(c.index for c in game.components.action_cards if c.id == card_id)


def hydra_card(game: Game, card_id: str) -> int:
    """Index of a hydra card by id (``"H29"``)."""
    return next(c.index for c in game.components.hydra_cards if c.id == card_id)


def _take(state, card: int, piles: Iterable[list[int]], swap: Iterable[list[int]] = (),
          deck: list[int] | None = None) -> None:
    """Take ``card`` out of ``piles``; or, when it sits in one of the ``swap``
    lists (a display, another hand), replace it there by a card from ``deck``."""
    for pile in piles:
        if card in pile:
            pile.remove(card)
            return
    for lst in swap:
        if card in lst and deck:
            lst[lst.index(card)] = deck.pop()
            return
    raise ValueError(f"card {card} not found in the piles it may be taken from")


def _place_pieces(game: Game, hero: Sequence[str], heads: dict | None, walls: int | None,
                  shields: Sequence[bool], barricades: Sequence[str]) -> None:
    state = game.state
    state.hydra_path = list(range(len(state.hydra_path)))  # red c1, white c3, yellow c5, blue c7
    scen = game.rules.scenario
    state.head_position = list(scen.positions)
    state.head_count = list(scen.heads)
    for name, (pos, count) in (heads or {}).items():
        c = colour(game, name)
        state.head_position[c], state.head_count[c] = pos, count
    state.hero_space = [space(game, h) for h in hero]
    state.shielded = [1 if s else 0 for s in shields]
    if walls is not None:
        state.walls = walls
    bar = [space(game, b) for b in barricades]
    state.barricade_space = bar + [-1] * (len(state.barricade_space) - len(bar))


@contextmanager
def edit(game: Game, *, run: bool = False) -> Iterator[State]:
    """Change a game's position by hand: the block gets the state to change, which
    becomes the game's state at the end (on either engine); with ``run``, the engine
    then runs to the next decision."""
    state = game.state
    yield state
    game._replace_state(state, run=run)


def _restart(game: Game, engine_name: str | None = None) -> Game:
    """Run the hand-built position of a Python game to its first decision, on ``engine_name``."""
    state = game.state
    state.pending = None
    state.tasks = []
    state.legal_mask_cache = None
    engine.run(state, game.rules)
    return on_engine(game, engine_name)


def solo_game(*, hero: str = "city", heads: dict[str, tuple[int, int]] | None = None,
              display: Sequence[str | None] | None = None, row: Sequence[str | None] | None = None,
              walls: int | None = None, shield: bool = False, barricades: Sequence[str] = (),
              phase: int = 1, scenario: int = 10, stars: int = 1, seed: int = 0,
              options: dict | None = None, engine: str | None = None) -> Game:
    """A solo game at the start of action phase ``phase`` (1 or 2) of round 1.

    Colours sit on the paths in data order (red c1, white c3, yellow c5,
    blue c7). ``heads`` maps a colour to (position, counter); ``display``
    lists up to 10 action card ids (None: empty slot); ``row`` up to 5 hydra
    card ids for row C (face up in phase 2).
    """
    g = Game.new(scenario=scenario, stars=stars, seed=seed, options=options, engine="python")
    state = g.state
    _place_pieces(g, [hero], heads, walls, [shield], barricades)
    if display is not None:
        state.action_deck.extend(c for c in state.display if c >= 0)
        state.display = [-1] * len(state.display)
        for slot, cid in enumerate(display):
            if cid is not None:
                card = action_card(g, cid)
                _take(state, card, [state.action_deck, state.action_discard])
                state.display[slot] = card
    if row is not None:
        for c in state.solo_row_c:
            if c >= 0:
                state.hydra_decks[g.rules.tables.hcard_deck[c]].append(c)
        state.solo_row_c = [-1] * len(state.solo_row_c)
        for col, cid in enumerate(row):
            if cid is not None:
                card = hydra_card(g, cid)
                _take(state, card, state.hydra_decks + state.hydra_discards)
                state.solo_row_c[col] = card
    state.phase = PHASE_ACTIONS if phase == 1 else PHASE_ACTIONS_II
    state.solo_row_c_face_up = 0 if phase == 1 else 1
    state.actions_done = 0
    return _restart(g, engine)


def coop_game(*, scenario: int = 1, heroes: Sequence[str] | None = None,
              heads: dict[str, tuple[int, int]] | None = None,
              glory: Sequence[int] | None = None, order: Sequence[int] | None = None,
              hands: dict[int, Sequence[str]] | None = None,
              hydra_hands: dict[int, Sequence[str]] | None = None,
              display: Sequence[str] | None = None, walls: int | None = None,
              shields: Sequence[bool] | None = None, barricades: Sequence[str] = (),
              turn: int = 0, stars: int = 1, seed: int = 0, engine: str | None = None) -> Game:
    """A coordinated game in phase 2 (turn ``turn``), the first seat of ``order`` to act.

    ``glory`` sets compass progress (default: the order of setup); ``order``
    the turn order (default: from the compass, R25). ``hands`` /
    ``hydra_hands`` replace the named seats' cards by card ids.
    """
    g = Game.new(scenario=scenario, stars=stars, seed=seed, engine="python")
    state = g.state
    n = state.players
    _place_pieces(g, heroes or ["city"] * n, heads, walls, shields or [False] * n, barricades)
    if glory is not None:
        state.glory = list(glory)
    if order is not None:
        state.turn_order = list(order)
    tables = g.rules.tables
    for seat, ids in (hands or {}).items():
        state.action_deck.extend(state.action_hands[seat])
        state.action_hands[seat] = []
        for cid in ids:
            card = action_card(g, cid)
            _take(state, card, [state.action_deck, state.action_discard], [state.display] + state.action_hands,
                  state.action_deck)
            state.action_hands[seat].append(card)
        state.action_hand_used[seat] = [0] * len(state.action_hands[seat])
    for seat, ids in (hydra_hands or {}).items():
        for c in state.hydra_hands[seat]:
            state.hydra_decks[tables.hcard_deck[c]].append(c)
        state.hydra_hands[seat] = []
        for cid in ids:
            card = hydra_card(g, cid)
            d = tables.hcard_deck[card]
            _take(state, card, state.hydra_decks + state.hydra_discards, state.hydra_hands + [state.hydra_stack],
                  state.hydra_decks[d])
            state.hydra_hands[seat].append(card)
    if display is not None:
        state.action_deck.extend(c for c in state.display if c >= 0)
        state.display = []
        for cid in display:
            card = action_card(g, cid)
            _take(state, card, [state.action_deck, state.action_discard], state.action_hands, state.action_deck)
            state.display.append(card)
        state.display_token = [0] * len(state.display)
    state.phase = PHASE_ACTIONS
    state.turn, state.turn_order_index, state.turn_acted = turn, 0, 0
    return _restart(g, engine)


def run_effects(game: Game, *effects: str | tuple) -> Game:
    """Perform hydra effects now, as if a card were revealed, then run on.

    Each effect is a card id (``"H29"``, ``"A10"``: all of its hydra
    effects) or a tuple ``("move", colour, n[, bonus_area_name])``,
    ``("grow", colour, n)``, ``("bite", colour)``.
    """
    state, tables, comp = game.state, game.rules.tables, game.components
    tasks: list[tuple] = []
    for e in effects:
        if isinstance(e, str):
            if e.startswith("H"):
                tasks.extend(reversed(tables.hcard_effects_rev[hydra_card(game, e)]))
            else:
                tasks.extend(reversed(tables.card_effects_rev[action_card(game, e)]))
            continue
        op, cname = e[0], e[1]
        c = colour(game, cname)
        if op == "move":
            bonus = comp.board.areas.index(e[3]) if len(e) > 3 else -1
            tasks.append((T_MOVE, c, e[2], bonus))
        elif op == "grow":
            tasks.append((T_GROW, c, e[2]))
        elif op == "bite":
            tasks.append((T_BITE, c))
        else:
            raise ValueError(f"unknown effect {e!r}")
    state.pending = None
    state.legal_mask_cache = None
    state.tasks.extend(reversed(tasks))
    game._replace_state(state, run=True)
    return game


def find_action(game: Game, *words: str) -> int:
    """The one legal action whose description contains every word in ``words``."""
    hits = [a for a in game.legal_actions() if all(w in game.describe(a) for w in words)]
    if len(hits) != 1:
        found = [game.describe(a) for a in hits[:10]]
        raise LookupError(f"{len(hits)} legal actions match {words}: {found}")
    return hits[0]


def invariants(game: Game) -> list[str]:
    """Rule invariants that must hold at every decision; the broken ones, described."""
    state, rules = game.state, game.rules
    board = rules.board
    bad: list[str] = []
    if not all(0 <= h <= 6 for h in state.head_count):
        bad.append(f"head counter outside 0..6: {state.head_count}")
    if not all(0 <= p <= board.last_pos for p in state.head_position):
        bad.append(f"head position off the path: {state.head_position}")
    if not 0 <= state.walls <= state.walls_at_start:
        bad.append(f"walls {state.walls} outside 0..{state.walls_at_start}")
    if state.game_over != (state.pending is None):
        bad.append("exactly one pending decision until the end is broken")
    if not state.game_over and not game.legal_mask_int():
        bad.append("a decision is pending but no action is legal")
    heads = {board.paths[state.hydra_path[c]][state.head_position[c]] for c in range(len(state.head_position))}
    pd = state.pending
    # shoved, not yet moved away (R4); pushed onto the maelstrom, waiting to evade (R9)
    transient = {t[1] for t in state.tasks if t[0] in (T_SHOVE, T_PUSHED)}
    if pd is not None and (pd.kind == DECIDE_SHOVED or (pd.kind == DECIDE_EVADE and pd.cause == EVADE_MAELSTROM)):
        # R4: a shoved hero shares its space with the mover until it moves away;
        # R9: a hero pushed onto the maelstrom waits on its old space, which the head may now hold.
        transient.add(pd.seat)
    grid = [s for h, s in enumerate(state.hero_space) if s != board.city and h not in transient]
    if len(set(grid)) != len(grid):
        bad.append(f"two heroes on one space: {state.hero_space}")
    for h, s in enumerate(state.hero_space):
        if h in transient:
            continue
        if s in heads:
            bad.append(f"hero {h} stands on a head ({board.name(s)})")
        if (board.maelstrom_mask >> s) & 1:
            bad.append(f"hero {h} stands on a maelstrom ({board.name(s)})")
    bar = [s for s in state.barricade_space if s >= 0]
    if len(set(bar)) != len(bar) or any(s in heads or s == board.city for s in bar):
        bad.append(f"barricades misplaced: {state.barricade_space}")
    bad += _card_conservation(state, rules)
    return bad


def _card_conservation(state, rules) -> list[str]:
    bad = []
    action = list(state.action_deck) + state.action_discard + [c for c in state.display if c >= 0] + \
        [c for hand in state.action_hands for c in hand] + [x for x in state.hydra_queue if x >= 0]
    if sorted(action) != list(range(len(rules.components.action_cards))):
        bad.append("action cards are not each in exactly one place")
    hydra = ([c for d in state.hydra_decks + state.hydra_discards for c in d]
             + [c for c in state.solo_row_c if c >= 0]
             + [c for hand in state.hydra_hands for c in hand] + list(state.hydra_stack)
             + [~x for x in state.hydra_queue if x < 0])
    if len(set(hydra)) != len(hydra):
        bad.append("a hydra card is in two places")
    return bad
