"""An independent reading of the rules for the property tests: the board, the
legal hero actions and their outcomes (R1–R16, R22, R28, R34, R36).

It is written from docs/games/hydra/rules.md and docs/games/hydra/components.md (the shipped board
below), not from the engine's tables; only the flat action layout (which index
means what) is taken from the codec. tests/games/hydra/engine/test_properties_reference.py
compares the engine with it; ``test_reference_board_is_the_shipped_board``
checks that the board below is the shipped one. The Hydra phase is in
:mod:`reference_hydra_phase`.
"""

from __future__ import annotations

from hydra_env import Game
from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_DEST,
    A_HARPOON,
    A_PROTECT,
    A_SWORD,
    DISPLAY_SLOTS,
)
from hydra_env.games.hydra.rules.state import (
    DECIDE_ACTION,
    DECIDE_AFTER_ACTION,
    DECIDE_EVADE,
    DECIDE_FOLLOW,
    EVADE_BITE,
    PHASE_ACTIONS_II,
)

# The shipped board (docs/games/hydra/components.md): spaces are numbered row × COLS + column.
ROWS, COLS, WALL_ROW = 11, 9, 10
CITY = ROWS * COLS                                  # 99
PATH_COLS = (1, 3, 5, 7)                            # path p runs down column PATH_COLS[p]
PORTAL_ROWS = (2, 5, 8)
ROW_AREA = ("boat",) * 4 + ("reef",) * 3 + ("beach",) * 3 + ("wall",)
CITY_ONCE = (A_CITY_MOVE, A_CITY_SWORD, A_CITY_HARPOON, A_CITY_PROTECT)   # R16: once per round


def ref_adjacent(s: int) -> set[int]:
    """R1: 8-way adjacency; the inner city touches every wall-area space."""
    if s == CITY:
        return {WALL_ROW * COLS + c for c in range(COLS)}
    r, c = divmod(s, COLS)
    out = {(r + dr) * COLS + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
           if (dr or dc) and 0 <= r + dr < ROWS and 0 <= c + dc < COLS}
    return out | {CITY} if r == WALL_ROW else out


def ref_orthogonal(s: int) -> set[int]:
    if s == CITY:
        return set()
    r, c = divmod(s, COLS)
    return {(r + dr) * COLS + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < ROWS and 0 <= c + dc < COLS}


class RefView:
    """The pieces of a position, in board terms."""

    def __init__(self, game: Game) -> None:
        st = game.state
        self.st = st
        self.colours = range(len(st.head_count))
        self.col = [PATH_COLS[st.hydra_path[c]] for c in self.colours]
        self.head = {c: st.head_position[c] * COLS + self.col[c] for c in self.colours}
        self.neck = {i * COLS + self.col[c]: c for c in self.colours for i in range(st.head_position[c])}
        self.maelstroms = {c for c in PATH_COLS}                        # row 0
        self.blocked = set(self.head.values()) | self.maelstroms        # R2, R5
        self.portals = {r * COLS + c for r in PORTAL_ROWS for c in PATH_COLS} | {CITY}

    def area(self, s: int) -> str:
        return "wall" if s == CITY else ROW_AREA[s // COLS]              # R3: the city is wall

    def walk(self, start: int, steps: int) -> set[int]:
        """R3: ends of walks of exactly ``steps`` steps (heroes are passed by shoving, R4)."""
        layer = {start}
        for _ in range(steps):
            layer = {t for s in layer for t in ref_adjacent(s) if t not in self.blocked}
        return layer

    def move(self, start: int, steps: int, bonus_area: str | None) -> set[int]:
        ends = self.walk(start, steps)
        if bonus_area is not None and self.area(start) == bonus_area:
            ends |= self.walk(start, steps + 1)
        return ends - {start}

    def portal(self, start: int) -> set[int]:
        """R12: portal spaces without head or neck tile, or the city; not the own space."""
        return {s for s in self.portals
                if s not in self.head.values() and s not in self.neck and s != start}

    def attackable(self, start: int) -> set[int]:
        """R7: colours the hero may strike from ``start``."""
        st, orth = self.st, ref_orthogonal(start)
        out = set()
        for c in self.colours:
            if st.head_count[c] > 0 and self.head[c] in orth:
                out.add(c)
            elif st.head_count[c] == 0 and st.head_position[c] > 0 and (
                    self.head[c] in orth or any(self.neck.get(s) == c for s in orth)):
                out.add(c)
        return out


def ref_card_actions(game: Game, view: RefView, seat: int, slot: int, card: int) -> set[int]:
    """The legal indices of one card slot (R3–R13)."""
    st, codec = game.state, game.codec
    hero = game.components.action_cards[card].hero
    areas, base, sp = game.components.board.areas, codec.card_base(slot), st.hero_space[seat]
    bonus_area = areas[hero.bonus_area] if hero.bonus_area >= 0 else None
    out: set[int] = set()
    if hero.kind == "move":
        out = {base + s for s in view.move(sp, hero.strength, bonus_area)}
    elif hero.kind == "portal":
        out = {base + s for s in view.portal(sp)}
    elif hero.kind == "sword":
        for c in view.attackable(sp):
            out.add(base + codec.off_sword + 2 * c)
            if c == hero.bonus_colour:                       # R6: forgo the bonus
                out.add(base + codec.off_sword + 2 * c + 1)
    elif hero.kind == "harpoon" and sp in view.neck:
        out.add(base + codec.off_harpoon)
        if view.neck[sp] == hero.bonus_colour:
            out.add(base + codec.off_harpoon + 1)
    elif hero.kind == "barricade":
        if sp == CITY:
            if st.walls < st.walls_at_start:
                out.add(base + codec.off_barricade)
        elif sp not in st.barricade_space and sp not in view.neck:
            if -1 in st.barricade_space:
                out.add(base + codec.off_barricade)
            else:
                out |= {base + codec.off_barricade + 1 + k for k in range(len(st.barricade_space))}
    elif hero.kind == "protect" and not st.shielded[seat]:
        out.add(base + codec.off_protect)
    return out


def ref_city_actions(game: Game, view: RefView, seat: int, once_used: set[int]) -> set[int]:
    """R16: move 1, sword 1, harpoon 1, protect once per round; portal and pass always."""
    st, codec, sp = game.state, game.codec, game.state.hero_space[seat]
    out = {codec.pass_} | {codec.city_portal + s for s in view.portal(sp)}
    if A_CITY_MOVE not in once_used:
        out |= {codec.city_move + s for s in view.move(sp, 1, None)}
    if A_CITY_SWORD not in once_used:
        out |= {codec.city_sword + c for c in view.attackable(sp)}
    if A_CITY_HARPOON not in once_used and sp in view.neck:
        out.add(codec.city_harpoon)
    if A_CITY_PROTECT not in once_used and not st.shielded[seat]:
        out.add(codec.city_protect)
    return out


def ref_legal(game: Game, once_used: set[int]) -> set[int] | None:
    """The legal indices of a hero-action decision by the reference (None: other decisions).

    ``once_used``: the once-per-round city actions (codec kinds) the seat already used.
    """
    st, codec = game.state, game.codec
    kind, seat = st.pending.kind, st.pending.seat
    if kind == DECIDE_AFTER_ACTION:                                  # R28 as the engine reads it (8.)
        out = {codec.play_base + k for k in range(len(st.hydra_hands[seat]))}
        return out | ({codec.end_turn} if st.turn < game.rules.scenario.tokens - 1 else set())
    if kind != DECIDE_ACTION:
        return None
    view = RefView(game)
    out = ref_city_actions(game, view, seat, once_used)
    if game.is_solo:
        ncols = len(st.solo_row_c)
        used_cols = {slot % ncols for slot, t in enumerate(st.display_token) if t == 1}
        for slot, card in enumerate(st.display):
            if card >= 0 and not st.display_token[slot] and (
                    st.phase == PHASE_ACTIONS_II or slot % ncols not in used_cols):   # R34, R36
                out |= ref_card_actions(game, view, seat, slot, card)
        if st.phase == PHASE_ACTIONS_II:                                            # R36
            out |= {codec.block_base + col for col, card in enumerate(st.solo_row_c)
                    if card >= 0 and not st.solo_row_c_blocked[col]}
        return out
    for slot, card in enumerate(st.display):                                  # R28
        if card >= 0 and not st.display_token[slot]:
            out |= ref_card_actions(game, view, seat, slot, card)
    for k, card in enumerate(st.action_hands[seat]):
        if not st.action_hand_used[seat][k]:
            out |= ref_card_actions(game, view, seat, DISPLAY_SLOTS + k, card)
    if not st.victory:                                                        # R31
        out |= {codec.play_base + k for k in range(len(st.hydra_hands[seat]))}
    return out


def ref_places(game: Game) -> set[int] | None:
    """R9/R13 (readings 3): where a hero evading a run-over or the maelstrom may go."""
    st = game.state
    if st.pending.kind != DECIDE_EVADE or st.pending.cause == EVADE_BITE:
        return None
    view = RefView(game)
    return {game.codec.place_base + s for s in ref_adjacent(st.hero_space[st.pending.seat])
            if s not in view.blocked}


def ref_gain(glory: list[int], seat: int, amount: int) -> list[int]:
    """R22: move forward ``amount`` times, each time to the next position no other token holds."""
    out, held = list(glory), {g for h, g in enumerate(glory) if h != seat}
    for _ in range(amount):
        out[seat] += 1
        while out[seat] in held:
            out[seat] += 1
    return out


def ref_lose(glory: list[int], seat: int, amount: int) -> list[int]:
    """R22: the same backwards."""
    out, held = list(glory), {g for h, g in enumerate(glory) if h != seat}
    for _ in range(amount):
        out[seat] -= 1
        while out[seat] in held:
            out[seat] -= 1
    return out


def ref_fewest_shoves(view: RefView, heroes: list[int], seat: int, dest: int,
                      lengths: list[int]) -> int:
    """R4: the fewest heroes a walk of one of ``lengths`` steps to ``dest`` must shove.

    A shoved hero leaves its space at once, so a hero counts once however often
    the walk enters its space; the city holds any number of heroes.
    """
    occupant = {s: h for h, s in enumerate(heroes) if h != seat and s != CITY}
    best = None
    for length in lengths:
        layer = {(heroes[seat], frozenset())}
        for _ in range(length):
            layer = {(t, met | ({occupant[t]} if t in occupant else set()))
                     for s, met in layer for t in ref_adjacent(s) if t not in view.blocked}
        for s, met in layer:
            if s == dest and (best is None or len(met) < best):
                best = len(met)
    assert best is not None, "a legal move without a walk"
    return best


def ref_outcome(prev: Game, action: int) -> dict:
    """R4–R16, R22: the pieces right after a hero action, by the reference.

    Expected head positions and counters, heroes' spaces, glory, walls,
    barricades, shields, and the next decision if it is a follow (with its
    target), an evasion or a shove ("?" when it cannot be told: a move that
    shoves heroes).
    """
    st, codec = prev.state, prev.codec
    seat = st.pending.seat
    kind, slot, arg = codec.kind[action], codec.slot[action], codec.arg[action]
    card = None
    if kind <= A_PROTECT:
        card = st.display[slot] if slot < DISPLAY_SLOTS else st.action_hands[seat][slot - DISPLAY_SLOTS]
    hero = prev.components.action_cards[card].hero if card is not None else None
    view = RefView(prev)
    exp = {"head_pos": list(st.head_position), "heads": list(st.head_count), "hero": list(st.hero_space),
           "glory": list(st.glory), "walls": st.walls, "barricades": list(st.barricade_space),
           "shield": list(st.shielded), "next": None, "target": None}

    def wound(h: int) -> None:                                                # R14
        exp["hero"][h] = CITY
        exp["glory"] = ref_lose(exp["glory"], h, 1)

    def retreat(c: int, points: int) -> None:                                 # R9, R10
        old = exp["head_pos"][c]
        k = min(points, old)
        if k <= 0:
            return
        exp["head_pos"][c] = new = old - k
        col = view.col[c]
        for h in st.turn_order:
            if view.neck.get(exp["hero"][h]) == c:
                j = exp["hero"][h] // COLS - k
                if j > 0:
                    exp["hero"][h] = j * COLS + col
                elif exp["shield"][h]:
                    exp["next"] = DECIDE_EVADE            # R13: waits on its space, then evades
                else:
                    wound(h)
        front, target = (old + 1) * COLS + col, (new + 1) * COLS + col  # row 10: the wall
        if exp["next"] is None and front in exp["hero"] and target not in exp["hero"]:
            exp["next"], exp["target"] = DECIDE_FOLLOW, target

    if kind in (A_DEST, A_CITY_MOVE, A_CITY_PORTAL):
        if kind == A_CITY_PORTAL or hero is not None and hero.kind == "portal":  # R12
            shoves = int(arg != CITY and arg in exp["hero"])
        else:                                                                  # R3, R4
            steps = 1 if hero is None else hero.strength
            bonus = prev.components.board.areas[hero.bonus_area] \
                if hero is not None and hero.bonus_area >= 0 else None
            lengths = [steps] + ([steps + 1] if bonus == view.area(st.hero_space[seat]) else [])
            shoves = ref_fewest_shoves(view, st.hero_space, seat, arg, lengths)
        exp["hero"][seat] = arg
        exp["glory"] = ref_lose(exp["glory"], seat, shoves)
        if shoves:
            exp["next"] = "?"
    elif kind in (A_SWORD, A_CITY_SWORD):                                      # R7
        c = arg >> 1 if kind == A_SWORD else arg
        damage = 1 if hero is None else hero.strength + (
            1 if not arg & 1 and hero.bonus_colour == c else 0)
        exp["glory"] = ref_gain(exp["glory"], seat, damage)
        lower = min(exp["heads"][c], damage)
        exp["heads"][c] -= lower
        retreat(c, damage - lower)
    elif kind in (A_HARPOON, A_CITY_HARPOON):                                  # R8
        c = view.neck[st.hero_space[seat]]
        damage = 1 if hero is None else hero.strength + (
            1 if not arg and hero.bonus_colour == c else 0)
        exp["glory"] = ref_gain(exp["glory"], seat, damage)
        retreat(c, damage)
    elif kind == A_BARRICADE:                                                  # R11
        exp["glory"] = ref_gain(exp["glory"], seat, 1)
        if st.hero_space[seat] == CITY:
            exp["walls"] += 1
        else:
            bar = exp["barricades"]
            bar[bar.index(-1) if arg < 0 else arg] = st.hero_space[seat]
    elif kind in (A_PROTECT, A_CITY_PROTECT):                                  # R13
        exp["shield"][seat] = 1
    return exp


def ref_outcome_none(prev: Game) -> dict:
    """The pieces of ``prev`` unchanged (after ending a turn)."""
    st = prev.state
    return {"head_pos": list(st.head_position), "heads": list(st.head_count), "hero": list(st.hero_space),
            "glory": list(st.glory), "walls": st.walls, "barricades": list(st.barricade_space),
            "shield": list(st.shielded), "next": None, "target": None}
