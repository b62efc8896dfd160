"""Coordinated games for the rule and engine tests: building positions and
scripted decisions.

``coop2(heroes)`` is a two-hero position (scenario 8) with no hydra cards held
and glory far apart; ``coop(**kw)`` is :func:`hydra_env.games.hydra.rules.testing.coop_game`
with the first seed that can deal the requested cards; ``quiet_round`` a round
whose every card is chosen, ``step``/``run_until``/``next_round`` drive a game
with scripted decisions (keep the hand, pass, play held hydra cards).

Action cards whose hydra side only grows (or bites far from the heroes) and
never touches red: unused, they leave the red head and the heroes in the city
alone::

    A01 grow 2 yellow   A06 grow 2 white    A09 grow 2 blue   A15 grow 2 blue
    A20 grow 2 yellow   A25 grow 2 white    A31 grow 2 white  A34 grow 2 blue
    A39 grow 2 yellow   A33 grow 1 yellow, then bite yellow
"""

from __future__ import annotations

from hydra_env import Game
from hydra_env.games.hydra.rules import testing as ht

GLORY2 = [30, 20]  # far apart: R22's skipping of held positions never interferes


def coop2(heroes, **kw):
    """Two heroes (scenario 8), seat 0 acting first, no hydra cards held."""
    kw.setdefault("glory", GLORY2)
    kw.setdefault("hydra_hands", {0: [], 1: []})
    return ht.coop_game(scenario=8, heroes=heroes, order=[0, 1], **kw)


# Action cards whose hydra side only grows (or bites far from the heroes) and never
# touches red: unused, they leave the red head and the heroes in the city alone.
#   A01 grow 2 yellow   A06 grow 2 white    A09 grow 2 blue   A15 grow 2 blue
#   A20 grow 2 yellow   A25 grow 2 white    A31 grow 2 white  A34 grow 2 blue
#   A39 grow 2 yellow   A33 grow 1 yellow, then bite yellow
QUIET_DISPLAY = ["A01", "A06", "A09", "A15"]
QUIET_HANDS = {0: ["A20", "A25", "A31"], 1: ["A34", "A39", "A33"]}


def coop(**kw) -> Game:
    """``ht.coop_game`` with the first seed (from 0) whose setup can hand out the
    requested cards (the helper takes named cards from the deck only)."""
    for seed in range(200):
        try:
            return ht.coop_game(seed=seed, **kw)
        except ValueError:
            continue
    raise AssertionError(f"no seed can deal {kw}")


def quiet_round(*, stack: list[str], display=None, hands=None, **kw) -> Game:
    """Scenario 8 (2 heroes, display 4, hands 3, 5 tokens, stack 2) with every
    card of the round chosen; ``stack`` replaces the face-down hydra stack."""
    g = coop(scenario=8, display=display or QUIET_DISPLAY, hands=hands or QUIET_HANDS,
             hydra_hands={0: ["H11"], 1: ["H16"]}, **kw)      # grow 1 white, grow 1 blue
    set_stack(g, stack)
    return g


def set_stack(g: Game, ids: list[str]) -> None:
    tables = g.rules.tables
    with ht.edit(g) as st:
        for c in st.hydra_stack:
            st.hydra_decks[tables.hcard_deck[c]].append(c)
        st.hydra_stack = []
        for cid in ids:
            c = ht.hydra_card(g, cid)
            for pile in st.hydra_decks + st.hydra_discards:
                if c in pile:
                    pile.remove(c)
            st.hydra_stack.append(c)


def step(g: Game) -> None:
    """One scripted decision: keep the hand, pass, play held hydra cards after the
    action, first legal choice otherwise."""
    codec = g.codec
    kind = g.pending["kind"]
    if kind == "buckle up":
        g.apply(codec.no)
    elif kind == "action":
        g.apply(codec.pass_)
    elif kind == "after action":
        g.apply(codec.play_base)
    else:
        g.apply(g.legal_actions()[0])


def run_until(g: Game, stop) -> None:
    """Scripted decisions until ``stop(g)`` holds or the game is over."""
    for _ in range(2000):
        if g.is_over or stop(g):
            return
        step(g)
    raise AssertionError("the game did not reach the expected point")


def next_round(g: Game) -> None:
    r = g.state.round
    run_until(g, lambda x: x.state.round > r)


def heads(g: Game) -> dict[str, tuple[int, int]]:
    st = g.state
    names = g.components.hydra_colours
    return {name: (st.head_position[c], st.head_count[c]) for c, name in enumerate(names)}
