"""Tools for tests and experiments: hand-built positions, effects, invariants.

::

    from hydra_env.core import testing as ht
    g = ht.solo_game(hero="r6c1", heads={"red": (5, 2)}, display=["A13"])
    g.apply(ht.find_action(g, "A13", "strike red"))
    assert g.state.heads[ht.colour(g, "red")] == 0

Positions are built from a real new game whose pieces are then moved, so
every card stays in exactly one place.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from hydra_env.core import engine
from hydra_env.core.game import Game
from hydra_env.core.state import D_EVADE, D_SHOVE, EV_MAELSTROM, PH_ACTION, PH_ACTION2
from hydra_env.core.tables import T_BITE, T_GROW, T_MOVE, T_SHOVE


def space(game: Game, name: str) -> int:
    """Space id of ``"r4c2"`` or ``"city"``."""
    B = game.rules.B
    if name == "city":
        return B.city
    r, c = name[1:].split("c")
    return int(r) * B.cols + int(c)


def colour(game: Game, name: str) -> int:
    """Colour index of a hydra colour name."""
    return game.components.hydra_colours.index(name)


def action_card(game: Game, card_id: str) -> int:
    """Index of an action card by id (``"A13"``)."""
    return next(c.index for c in game.components.action_cards if c.id == card_id)


def hydra_card(game: Game, card_id: str) -> int:
    """Index of a hydra card by id (``"H29"``)."""
    return next(c.index for c in game.components.hydra_cards if c.id == card_id)


def _take(st, card: int, piles: Iterable[list[int]], swap: Iterable[list[int]] = (),
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
    st = game.state
    st.colour_path = list(range(len(st.colour_path)))  # red c1, white c3, yellow c5, blue c7
    scen = game.rules.scen
    st.head_pos = list(scen.positions)
    st.heads = list(scen.heads)
    for name, (pos, count) in (heads or {}).items():
        c = colour(game, name)
        st.head_pos[c], st.heads[c] = pos, count
    st.hero = [space(game, h) for h in hero]
    st.shield = [1 if s else 0 for s in shields]
    if walls is not None:
        st.walls = walls
    bar = [space(game, b) for b in barricades]
    st.barricades = bar + [-1] * (len(st.barricades) - len(bar))


def _restart(game: Game) -> Game:
    st = game.state
    st.pending = None
    st.tasks = []
    st._legal = None
    engine.run(st, game.rules)
    return game


def solo_game(*, hero: str = "city", heads: dict[str, tuple[int, int]] | None = None,
              display: Sequence[str | None] | None = None, row: Sequence[str | None] | None = None,
              walls: int | None = None, shield: bool = False, barricades: Sequence[str] = (),
              phase: int = 1, scenario: int = 10, stars: int = 1, seed: int = 0,
              options: dict | None = None) -> Game:
    """A solo game at the start of action phase ``phase`` (1 or 2) of round 1.

    Colours sit on the paths in data order (red c1, white c3, yellow c5,
    blue c7). ``heads`` maps a colour to (position, counter); ``display``
    lists up to 10 action card ids (None: empty slot); ``row`` up to 5 hydra
    card ids for row C (face up in phase 2).
    """
    g = Game.new(scenario=scenario, stars=stars, seed=seed, options=options)
    st = g.state
    _place_pieces(g, [hero], heads, walls, [shield], barricades)
    if display is not None:
        st.deck.extend(c for c in st.display if c >= 0)
        st.display = [-1] * len(st.display)
        for slot, cid in enumerate(display):
            if cid is not None:
                card = action_card(g, cid)
                _take(st, card, [st.deck, st.discard])
                st.display[slot] = card
    if row is not None:
        for c in st.row:
            if c >= 0:
                st.hdeck[g.rules.T.hcard_deck[c]].append(c)
        st.row = [-1] * len(st.row)
        for col, cid in enumerate(row):
            if cid is not None:
                card = hydra_card(g, cid)
                _take(st, card, st.hdeck + st.hdiscard)
                st.row[col] = card
    st.phase = PH_ACTION if phase == 1 else PH_ACTION2
    st.revealed = 0 if phase == 1 else 1
    st.done = 0
    return _restart(g)


def coop_game(*, scenario: int = 1, heroes: Sequence[str] | None = None,
              heads: dict[str, tuple[int, int]] | None = None,
              glory: Sequence[int] | None = None, order: Sequence[int] | None = None,
              hands: dict[int, Sequence[str]] | None = None,
              hydra_hands: dict[int, Sequence[str]] | None = None,
              display: Sequence[str] | None = None, walls: int | None = None,
              shields: Sequence[bool] | None = None, barricades: Sequence[str] = (),
              turn: int = 0, stars: int = 1, seed: int = 0) -> Game:
    """A coordinated game in phase 2 (turn ``turn``), the first seat of ``order`` to act.

    ``glory`` sets compass progress (default: the order of setup); ``order``
    the turn order (default: from the compass, R25). ``hands`` /
    ``hydra_hands`` replace the named seats' cards by card ids.
    """
    g = Game.new(scenario=scenario, stars=stars, seed=seed)
    st = g.state
    n = st.n
    _place_pieces(g, heroes or ["city"] * n, heads, walls, shields or [False] * n, barricades)
    if glory is not None:
        st.glory = list(glory)
    if order is not None:
        st.order = list(order)
    T = g.rules.T
    for seat, ids in (hands or {}).items():
        st.deck.extend(st.hands[seat])
        st.hands[seat] = []
        for cid in ids:
            card = action_card(g, cid)
            _take(st, card, [st.deck, st.discard], [st.display] + st.hands, st.deck)
            st.hands[seat].append(card)
        st.hand_used[seat] = [0] * len(st.hands[seat])
    for seat, ids in (hydra_hands or {}).items():
        for c in st.hhands[seat]:
            st.hdeck[T.hcard_deck[c]].append(c)
        st.hhands[seat] = []
        for cid in ids:
            card = hydra_card(g, cid)
            d = T.hcard_deck[card]
            _take(st, card, st.hdeck + st.hdiscard, st.hhands + [st.stack], st.hdeck[d])
            st.hhands[seat].append(card)
    if display is not None:
        st.deck.extend(c for c in st.display if c >= 0)
        st.display = []
        for cid in display:
            card = action_card(g, cid)
            _take(st, card, [st.deck, st.discard], st.hands, st.deck)
            st.display.append(card)
        st.dtoken = [0] * len(st.display)
    st.phase = PH_ACTION
    st.turn, st.oidx, st.stage = turn, 0, 0
    return _restart(g)


def run_effects(game: Game, *effects: str | tuple) -> Game:
    """Perform hydra effects now, as if a card were revealed, then run on.

    Each effect is a card id (``"H29"``, ``"A10"``: all of its hydra
    effects) or a tuple ``("move", colour, n[, bonus_area_name])``,
    ``("grow", colour, n)``, ``("bite", colour)``.
    """
    st, T, comp = game.state, game.rules.T, game.components
    tasks: list[tuple] = []
    for e in effects:
        if isinstance(e, str):
            if e.startswith("H"):
                tasks.extend(reversed(T.hcard_effects_rev[hydra_card(game, e)]))
            else:
                tasks.extend(reversed(T.card_effects_rev[action_card(game, e)]))
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
    st.pending = None
    st._legal = None
    st.tasks.extend(reversed(tasks))
    engine.run(st, game.rules)
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
    st, R = game.state, game.rules
    B = R.B
    bad: list[str] = []
    if not all(0 <= h <= 6 for h in st.heads):
        bad.append(f"head counter outside 0..6: {st.heads}")
    if not all(0 <= p <= B.last_pos for p in st.head_pos):
        bad.append(f"head position off the path: {st.head_pos}")
    if not 0 <= st.walls <= st.walls_max:
        bad.append(f"walls {st.walls} outside 0..{st.walls_max}")
    if st.over != (st.pending is None):
        bad.append("exactly one pending decision until the end is broken")
    if not st.over and not game.legal_mask_int():
        bad.append("a decision is pending but no action is legal")
    heads = {B.paths[st.colour_path[c]][st.head_pos[c]] for c in range(len(st.head_pos))}
    pd = st.pending
    transient = {t[1] for t in st.tasks if t[0] == T_SHOVE}   # shoved, not yet moved away
    if pd is not None and (pd[0] == D_SHOVE or (pd[0] == D_EVADE and pd[3] == EV_MAELSTROM)):
        # R4: a shoved hero shares its space with the mover until it moves away;
        # R9: a hero pushed onto the maelstrom waits on its old space, which the head may now hold.
        transient.add(pd[1])
    grid = [s for h, s in enumerate(st.hero) if s != B.city and h not in transient]
    if len(set(grid)) != len(grid):
        bad.append(f"two heroes on one space: {st.hero}")
    for h, s in enumerate(st.hero):
        if h in transient:
            continue
        if s in heads:
            bad.append(f"hero {h} stands on a head ({B.name(s)})")
        if (B.maelstrom_mask >> s) & 1:
            bad.append(f"hero {h} stands on a maelstrom ({B.name(s)})")
    bar = [s for s in st.barricades if s >= 0]
    if len(set(bar)) != len(bar) or any(s in heads or s == B.city for s in bar):
        bad.append(f"barricades misplaced: {st.barricades}")
    bad += _card_conservation(st, R)
    return bad


def _card_conservation(st, R) -> list[str]:
    bad = []
    action = list(st.deck) + st.discard + [c for c in st.display if c >= 0] + \
        [c for hand in st.hands for c in hand] + [x for x in st.queue if x >= 0]
    if sorted(action) != list(range(len(R.comp.action_cards))):
        bad.append("action cards are not each in exactly one place")
    hydra = [c for d in st.hdeck + st.hdiscard for c in d] + [c for c in st.row if c >= 0] + \
        [c for hand in st.hhands for c in hand] + list(st.stack) + [~x for x in st.queue if x < 0]
    if len(set(hydra)) != len(hydra):
        bad.append("a hydra card is in two places")
    return bad
