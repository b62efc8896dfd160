"""Scripted solo games with forced card orders, played through the ``Game``
facade from the first decision to the end and checked by hand or against a
small reference model of R17–R20 (``ReferenceHydra``). The solo rules one by
one (R32–R40) are tested in tests/games/hydra/rules/test_solo_actions.py and
tests/games/hydra/rules/test_solo_scoring.py.

Positions come from :mod:`hydra_env.games.hydra.rules.testing` (``solo_game``: colours on the
paths in data order, red c1, white c3, yellow c5, blue c7; path position =
row) and the helpers of :mod:`helpers.solo_games`. Card orders are forced by
editing ``game.state``: decks draw from the END of their lists;
``hydra_decks[0]`` is the light deck, ``hydra_decks[1]`` the red one.

Display slots: 0–4 row A (columns 1–5), 5–9 row B; ``solo_row_c`` is row C.
"""

from __future__ import annotations

from helpers.solo_games import COLOURS, SOLO_RED, act, board, ids, last_round, pass_, where

from hydra_env.games.hydra.rules import testing as ht

# ------------------------------------------------------ forced card orders


def put_on_top(g, pile: list, top_first) -> None:
    """Reorder ``pile`` (a deck list of the state) so that ``top_first`` are drawn first."""
    rest = [c for c in pile if c not in top_first]
    assert len(rest) + len(top_first) == len(pile), "a forced card is not in that deck"
    pile[:] = rest + list(reversed(top_first))


def force_decks(g, *, actions=(), light=(), red=()) -> None:
    with ht.edit(g) as st:
        put_on_top(g, st.action_deck, [ht.action_card(g, c) for c in actions])
        put_on_top(g, st.hydra_decks[0], [ht.hydra_card(g, c) for c in light])
        put_on_top(g, st.hydra_decks[1], [ht.hydra_card(g, c) for c in red])


# ------------------------------------------------------ scripted solo games


def test_scripted_round_one_hand_checked():
    """A forced round 1 played by hand; the whole board checked, then round 2's deal.

    Display (hero side | hydra side):
      A1 A21 sword 2 (+1 red)   | grow 1 blue, move 2 blue (+1 beach)
      A2 A40 portal             | grow 1 blue, move 2 blue (+1 boat)
      A3 A25 harpoon 1 (+1 red) | grow 2 white
      A4 A34 barricade          | grow 2 blue
      A5 A11 move 2 (+1 beach)  | grow 2 red
      B1 A15 sword 1 (+1 white) | grow 2 blue
      B2 A01 move 1 (+1 boat)   | grow 2 yellow
      B3 A36 barricade          | grow 2 red
      B4 A42 protect            | grow 1 red, move 2 red (+1 boat)
      B5 A16 sword 1 (+1 white) | move 2 yellow, move 2 blue
      C  H01 move 1 red (+1 boat) · H19 bite yellow · H26 grow 1 yellow, grow 1 blue ·
         H03 move 1 white (+1 reef) · H09 grow 1 red
    """
    display = ["A21", "A40", "A25", "A34", "A11", "A15", "A01", "A36", "A42", "A16"]
    row = ["H01", "H19", "H26", "H03", "H09"]
    g = ht.solo_game(display=display, row=row)
    next_actions = ["A02", "A03", "A04", "A05", "A06", "A07", "A08", "A09", "A10", "A12"]
    next_light = ["H05", "H11", "H15", "H20", "H21"]
    force_decks(g, actions=next_actions, light=next_light)
    st = g.state
    assert board(g) == {c: (5, 2) for c in COLOURS} and st.walls == 10

    # Phase I (one card per column): A2, city move, A5, A1, A4.
    act(g, "A40", "portal to r8c1")
    act(g, "city action: move 1 to r7c1")
    act(g, "A11", "move to r6c1")                 # r7c1 → r7c0 → r6c1 (beach bonus forgone)
    act(g, "A21", "strike red for 2, bonus forgone")
    assert board(g)["red"] == (5, 0)
    act(g, "A34", "raise a barricade on r6c1")
    assert g.phase == "action II"
    assert [r["card"] for r in g.observe(0)["row"]] == row
    # Phase II: protect from B4, block C5 and C2, pass twice.
    act(g, "A42", "take a shield")
    act(g, "block the hydra card of row C, column 5")
    act(g, "block the hydra card of row C, column 2")
    pass_(g, 2)
    # Hydra phase, in reading order:
    #   A3 white 2→4 · B1 blue 2→4 · B2 yellow 2→4 · B3 red 0→2 ·
    #   B5 yellow 5→7, blue 5→7 · C1 red stopped by the barricade on r6c1 (destroyed,
    #   hero on it unharmed, shield kept) · C3 yellow 4→5, blue 4→5 ·
    #   C4 white from r5 (reef) moves 1+1 → r7.
    assert g.round == 2 and g.phase == "action"
    assert board(g) == {"red": (5, 2), "white": (7, 4), "yellow": (7, 5), "blue": (7, 5)}
    assert where(g) == "r6c1" and st.shielded == [1]
    assert [b for b in st.barricade_space if b >= 0] == []
    assert st.walls == 10
    # Cleanup and round 2's preparation: B4 stays, the 9 others go, 9 new in slot order.
    assert ids(g, st.display) == ["A02", "A03", "A04", "A05", "A06",
                                  "A07", "A08", "A09", "A42", "A10"]
    assert ids(g, st.action_discard) == ["A21", "A40", "A25", "A34", "A11", "A15", "A01", "A36", "A16"]
    assert ids(g, st.hydra_discards[0], "hydra") == row
    assert ids(g, st.solo_row_c, "hydra") == next_light
    assert st.hydra_decks[0] == [] and len(st.hydra_decks[1]) == 20
    assert ht.invariants(g) == []


def test_scripted_last_round_to_a_score():
    """Round 6 by hand: hero actions, the hydra phase, the final score.

      r4  .  r  .  w  .  y  .  b       heads on r5 (counters 2, 4, 1, 6), walls 9
      r5  .  R2 .  W4 .  Y1 .  B6
      r6  .  .  .  .  .  .  .  .
      r7  .  .  .  .  .  .  .  1       the hero on r7c7
    Display: A1 A24 sword 2 (+1 blue) | grow 1 red, move 2 red ·
             A2 A13 sword 1 (+1 red) | grow 1 yellow, move 2 yellow (+1 beach) ·
             A3 A11 move 2 (+1 beach) | grow 2 red ·
             B1 A07 move 1 (+1 wall) | grow 1 yellow, move 2 yellow (+1 reef) · rest empty.
    Row C: C1 H47 grow 2 yellow · C2 H52 bite blue, then bite red.
    """
    display = ["A24", "A13", "A11", None, None, "A07", None, None, None, None]
    g = ht.solo_game(hero="r7c7", display=display, row=["H47", "H52", None, None, None],
                     heads={"red": (5, 2), "white": (5, 4), "yellow": (5, 1), "blue": (5, 6)},
                     walls=9)
    last_round(g)
    # Phase I
    act(g, "city action: move 1 to r6c7")
    act(g, "A24", "strike blue for 3")                    # 6 → 3
    act(g, "A13", "strike blue for 1")                    # 3 → 2
    act(g, "city action: sword 1 against blue")           # 2 → 1
    pass_(g)
    assert board(g)["blue"] == (5, 1)
    # Phase II: block the bites (the hero stands in blue's reach), go to the wall.
    act(g, "block the hydra card of row C, column 2")
    act(g, "city action: portal to city")
    act(g, "A07", "display B1", "move to r10c4")
    pass_(g, 2)
    # Hydra phase: A3 (A11) grow 2 red → 4; C1 (H47) grow 2 yellow → 3; C2 blocked.
    assert g.is_over
    assert board(g) == {"red": (5, 4), "white": (5, 4), "yellow": (5, 3), "blue": (5, 1)}
    r = g.result()
    assert (r.outcome, r.walls, r.hero_on_wall, r.necks, r.heads) == ("won", 9, 1, 20, 12)
    assert r.score == 100 - 20 - 12 - 5 + 9 == 72


# --- a whole game with forced decks, checked against a small reference model


AREA_OF_ROW = ("boat",) * 4 + ("reef",) * 3 + ("beach",) * 3
BITE_WALL = (0, 1, 1, 2, 2, 2, 3)


class ReferenceHydra:
    """R17–R20 for a board without heroes in reach and without barricades."""

    def __init__(self, g, pos, heads, walls):
        self.areas = g.components.board.areas
        self.pos, self.heads, self.walls = list(pos), list(heads), walls
        self.over = False

    def effect(self, e) -> None:
        if self.over:
            return
        c = e.colour
        if e.op == "grow":
            self.heads[c] = min(6, self.heads[c] + e.n)
            return
        if self.heads[c] == 0:
            return
        if e.op == "bite":
            if self.pos[c] == 9:
                self.damage(BITE_WALL[self.heads[c]])
            return
        bonus = e.bonus_area >= 0 and self.areas[e.bonus_area] == AREA_OF_ROW[self.pos[c]]
        points = e.n + (1 if bonus else 0)
        steps = min(points, 9 - self.pos[c])
        self.pos[c] += steps
        if steps and self.pos[c] == 9 and min(self.pos) == 9:
            self.over = True                     # R39: all four at the wall, at once
            return
        self.damage(min(3, points - steps))

    def damage(self, n) -> None:
        self.walls = max(0, self.walls - n)
        if self.walls == 0:
            self.over = True


# Action cards whose hydra side only grows or bites (harmless to a hero in the
# inner city while every head is below the wall): 12 "grow 2", 8 "grow 1, bite".
MILD_1 = ("A01", "A06", "A09", "A11", "A15", "A17", "A20", "A25", "A31", "A34")
MILD_2 = ("A36", "A39", "A03", "A05", "A14", "A19", "A28", "A30", "A33", "A44")
REST = tuple(f"A{k:02d}" for k in range(1, 45) if f"A{k:02d}" not in MILD_1 + MILD_2)
# Light deck: the four moving cards fall on columns 1 and 3 of rounds 1 and 2.
LIGHT_ORDER = ("H01", "H09", "H03", "H11", "H15", "H05", "H19", "H21", "H20", "H26")


def forced_game():
    """Round 1 of a solo game with every deck forced (display MILD_1, then MILD_2,
    then the rest in id order; light LIGHT_ORDER; red SOLO_RED in order)."""
    g = ht.solo_game(display=list(MILD_1), row=list(LIGHT_ORDER[:5]))
    force_decks(g, actions=MILD_2 + REST, light=LIGHT_ORDER[5:], red=SOLO_RED)
    return g


def block_round(g, columns) -> None:
    """5 passes in phase I; in phase II block ``columns`` (1-based) and pass."""
    pass_(g, 5)
    for col in columns:
        act(g, f"block the hydra card of row C, column {col}")
    pass_(g, 5 - len(columns))


def test_scripted_full_game_with_forced_decks_matches_reference():
    """Every round: 5 passes, then block columns 1 and 3 and pass 3 times.

    The hero never leaves the inner city, so only positions, counters and walls
    change; a small reference model of R17–R20 predicts each round's board and
    the moment of the end from the forced card orders.
    """
    g = forced_game()
    acards, hcards = g.components.action_cards, g.components.hydra_cards
    st = g.state
    ref = ReferenceHydra(g, st.head_position, st.head_count, st.walls)
    deck = list(MILD_1 + MILD_2 + REST)
    hydra = list(LIGHT_ORDER + SOLO_RED)
    rounds_played = 0
    while not g.is_over:
        shown, deck = deck[:10], deck[10:]
        row, hydra = hydra[:5], hydra[5:]
        assert ids(g, st.display) == shown
        assert ids(g, st.solo_row_c, "hydra") == row
        block_round(g, (1, 3))
        rounds_played += 1
        for cid in shown:
            for e in acards[ht.action_card(g, cid)].hydra:
                ref.effect(e)
        for col, cid in enumerate(row):
            if col not in (0, 2):
                for e in hcards[ht.hydra_card(g, cid)].effects:
                    ref.effect(e)
        assert (st.head_position, st.head_count, st.walls) == (ref.pos, ref.heads, ref.walls), rounds_played
        assert g.is_over == ref.over
        assert rounds_played <= 4, "the forced game should end before the deck reshuffles"
    r = g.result()
    assert r.outcome == "lost" and r.score is None
    assert r.rounds == rounds_played == 3


def test_scripted_full_game_lost_in_round_three():
    """The same forced game, checked by hand.

    Round 1: only growth (MILD_1; H01 and H03 blocked; H09, H11, H15 grow) →
    every counter 6. Round 2: MILD_2 grows and bites on r5 (nobody there); H05
    and H21 blocked → unchanged. Round 3, display A02 A04 A07 A08 A10 / A12 A13
    A16 A18 A21, all heads on r5 (reef) with 6:
      A02 blue +1 reef: r5→r8 · A04 red +1 reef: r5→r8 · A07 yellow +1 reef: r5→r8 ·
      A08 yellow 2: r9 and 1 wall (9) · A10 blue 2: r9, 1 wall (8); red 2: r9, 1 wall (7) ·
      A12 white +1 reef: r5→r8 · A13 yellow 2 +1 beach on r9: 3 walls (4) ·
      A16 yellow 2: 2 walls (2); blue 2: 2 walls (0) → lost; the rest never happens.
    """
    g = forced_game()
    block_round(g, (1, 3))
    assert board(g) == {c: (5, 6) for c in COLOURS} and g.state.walls == 10
    block_round(g, (1, 3))
    assert board(g) == {c: (5, 6) for c in COLOURS} and g.state.walls == 10
    assert g.round == 3
    assert ids(g, g.state.solo_row_c, "hydra") == list(SOLO_RED[:5])          # red from round 3
    block_round(g, (1, 3))
    assert g.is_over
    assert board(g) == {"red": (9, 6), "white": (8, 6), "yellow": (9, 6), "blue": (9, 6)}
    assert g.state.walls == 0
    r = g.result()
    assert (r.outcome, r.score, r.rounds, r.necks, r.heads) == ("lost", None, 3, 35, 24)
    assert g.pending is None and g.state.tasks == []


def restack(g, card_ids) -> None:
    """Put these action cards (from the deck or the discard) on top of the deck."""
    cards = [ht.action_card(g, c) for c in card_ids]
    with ht.edit(g) as st:
        st.action_deck = [c for c in st.action_deck if c not in cards]
        st.action_discard = [c for c in st.action_discard if c not in cards]
        st.action_deck.extend(reversed(cards))


def test_scripted_six_round_game_won_by_blocking_every_hydra_card():
    """Six rounds: the display alternates MILD_1 / MILD_2 (restacked each round),
    the hero blocks all of row C in phase II. Only growth and harmless bites.

    End: every head on r5 with 6, walls 10, hero in the city:
    100 − 20 − 24 + 10 = 66. No cleanup after round 6: its row stays.
    """
    g = forced_game()
    st = g.state
    for rnd in range(1, 7):
        assert g.round == rnd
        assert set(ids(g, st.solo_row_c, "hydra")) <= set(LIGHT_ORDER if rnd <= 2 else SOLO_RED)
        assert ids(g, st.display) == list(MILD_1 if rnd % 2 else MILD_2)
        restack(g, MILD_2 if rnd % 2 else MILD_1)
        block_round(g, (1, 2, 3, 4, 5))
    assert g.is_over
    assert board(g) == {c: (5, 6) for c in COLOURS}
    r = g.result()
    assert (r.outcome, r.score, r.rounds, r.walls, r.hero_on_wall) == ("won", 66, 6, 10, 0)
    assert ids(g, st.hydra_discards[0], "hydra") == list(LIGHT_ORDER)
    assert ids(g, st.hydra_discards[1], "hydra") == list(SOLO_RED[:15])
    assert ids(g, st.solo_row_c, "hydra") == list(SOLO_RED[15:])
    assert st.hydra_decks == [[], []]
    assert len(g.history) == 60
