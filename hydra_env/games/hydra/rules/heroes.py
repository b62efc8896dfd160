"""Hero actions (R3–R16): which targets are legal, and what an action does.

:class:`Reach` answers, for one hero at one decision, which targets each kind
of hero action has, as masks relative to a card block of the action layout
(:mod:`hydra_env.games.hydra.rules.codec`). The ``do_*`` functions perform an action;
anything that needs another choice (a shoved hero's new space, an evasion, a
follow) is pushed as a task and becomes the next pending decision.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_BLOCK,
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_DEST,
    A_HARPOON,
    A_PROTECT,
    A_SWORD,
)
from hydra_env.games.hydra.rules.pieces import (  # on_neck_colour and slot_card: imported from here too
    barricade_mask,
    evade_or_wound,
    evade_targets,
    hero_at,
    heroes_mask,
    on_neck_colour,
    slot_card,
    wound,
)
from hydra_env.games.hydra.rules.state import (
    CITY_HARPOON_BIT,
    CITY_MOVE_BIT,
    CITY_PROTECT_BIT,
    CITY_SWORD_BIT,
    DECIDE_FOLLOW,
    DECIDE_SHOVED,
    EVADE_MAELSTROM,
    PendingDecision,
    State,
)
from hydra_env.games.hydra.rules.tables import (
    HK_BARRICADE,
    HK_HARPOON,
    HK_MOVE,
    HK_PORTAL,
    HK_PROTECT,
    HK_SWORD,
    T_AFTER,
    T_FOLLOW,
    T_PUSHED,
    T_SHOVE,
    Rules,
)


class Reach:
    """Targets of every hero action for one hero at one decision (built per decision)."""

    __slots__ = ("state", "rules", "seat", "sp", "heads", "necks", "attack", "on_neck", "layers", "passable", "cache")

    def __init__(self, state: State, rules: Rules, seat: int) -> None:
        board = rules.board
        self.state, self.rules, self.seat = state, rules, seat
        self.sp = sp = state.hero_space[seat]
        orth = board.orth_mask[sp]
        spbit = 1 << sp
        heads = necks = attack = 0
        on_neck = -1
        hbits, seg = board.head_bit, board.seg_mask
        for c, (p, pos, count) in enumerate(zip(state.hydra_path, state.head_position, state.head_count)):
            hb = hbits[p][pos]
            nm = seg[p][pos]
            heads |= hb
            necks |= nm
            if count > 0:
                if orth & hb:
                    attack |= 1 << c      # R7: a head orthogonally adjacent
            elif pos > 0 and orth & (hb | nm):
                attack |= 1 << c          # R7: counter 0, head or neck tile adjacent
            if nm & spbit:
                on_neck = c               # R8: standing on this colour's neck
        self.heads, self.necks, self.attack, self.on_neck = heads, necks, attack, on_neck
        # R2/R5: heads and maelstroms are never entered; heroes are (shoved, R4).
        self.passable = board.all_mask & ~heads & ~board.maelstrom_mask
        self.layers = [spbit]
        self.cache: dict = {}

    def walk(self, steps: int) -> int:
        """Spaces reachable by a walk of exactly ``steps`` steps (R3)."""
        layers = self.layers
        while len(layers) <= steps:
            layers.append(self.rules.board.neighbours(layers[-1]) & self.passable)
        return layers[steps]

    def move_targets(self, steps: int, bonus_area: int) -> int:
        """R3: destinations of a move, bonus steps taken or forgone, never the start."""
        d = self.walk(steps)
        if bonus_area >= 0 and self.rules.board.area_of[self.sp] == bonus_area:
            d |= self.walk(steps + 1)
        return d & ~(1 << self.sp)

    def portal_targets(self) -> int:
        """R12: portal spaces without neck or head, or the city; not the hero's own space."""
        return self.rules.board.portal_mask & ~self.heads & ~self.necks & ~(1 << self.sp)

    def barricade_targets(self) -> int:
        """R11 as a mask over the barricade offsets (bit 0: new/repair, bit 1+k: move token k)."""
        state, board = self.state, self.rules.board
        if self.sp == board.city:
            return 1 if state.walls < state.walls_at_start else 0
        if ((barricade_mask(state) | self.necks) >> self.sp) & 1:
            return 0
        if -1 in state.barricade_space:
            return 1
        return ((1 << len(state.barricade_space)) - 1) << 1

    def card(self, key: tuple) -> int:
        """Targets of a card's hero action, relative to its card block."""
        out = self.cache.get(key)
        if out is not None:
            return out
        kind, strength, bonus_area, bonus_colour = key
        codec = self.rules.codec
        out = 0
        if kind == HK_MOVE:
            out = self.move_targets(strength, bonus_area)
        elif kind == HK_PORTAL:
            out = self.portal_targets()
        elif kind == HK_SWORD:
            a = self.attack
            while a:
                c = (a & -a).bit_length() - 1
                a &= a - 1
                out |= 1 << (codec.off_sword + 2 * c)
                if c == bonus_colour:          # R6: taking and forgoing the bonus
                    out |= 1 << (codec.off_sword + 2 * c + 1)
        elif kind == HK_HARPOON:
            if self.on_neck >= 0:
                out = 1 << codec.off_harpoon
                if self.on_neck == bonus_colour:
                    out |= 1 << (codec.off_harpoon + 1)
        elif kind == HK_BARRICADE:
            out = self.barricade_targets() << codec.off_barricade
        elif kind == HK_PROTECT:
            out = 0 if self.state.shielded[self.seat] else 1 << codec.off_protect
        self.cache[key] = out
        return out

    def city(self, used: int) -> int:
        """R16: the city actions, as an absolute mask of the action layout."""
        codec = self.rules.codec
        m = 1 << codec.pass_
        m |= self.portal_targets() << codec.city_portal
        if not used & CITY_MOVE_BIT:
            m |= self.move_targets(1, -1) << codec.city_move
        if not used & CITY_SWORD_BIT:
            m |= self.attack << codec.city_sword
        if not used & CITY_HARPOON_BIT and self.on_neck >= 0:
            m |= 1 << codec.city_harpoon
        if not used & CITY_PROTECT_BIT and not self.state.shielded[self.seat]:
            m |= 1 << codec.city_protect
        return m


# ---------------------------------------------------------------- effects


def attack(state: State, rules: Rules, seat: int, action: int) -> tuple[int, int]:
    """``(colour, damage)`` of a sword or harpoon decision of ``seat``, card or city
    action; ``(-1, 0)`` for any other decision. A card deals its strength plus 1
    for its bonus colour unless the bonus is forgone (R6, R7, R8); a city sword or
    harpoon deals 1 (R16). The harpoon hits the neck the hero stands on."""
    codec = rules.codec
    kind, arg = codec.kind[action], codec.arg[action]
    if kind == A_SWORD or kind == A_HARPOON:
        tables = rules.tables
        card = slot_card(state, seat, codec.slot[action])
        if kind == A_SWORD:
            c, forgo = arg >> 1, arg & 1
        else:
            c, forgo = on_neck_colour(state, rules, seat), arg
        return c, tables.card_strength[card] + (1 if not forgo and c >= 0 and tables.card_bcol[card] == c
                                            else 0)
    if kind == A_CITY_SWORD:
        return arg, 1
    if kind == A_CITY_HARPOON:
        return on_neck_colour(state, rules, seat), 1
    return -1, 0


def do_move(state: State, rules: Rules, seat: int, dest: int, steps: int, bonus_area: int) -> None:
    """R3/R4: walk to ``dest``; heroes on the way are shoved (fewest shoves)."""
    if state.players == 1:
        state.hero_space[seat] = dest
        return
    lengths = [steps]
    if bonus_area >= 0 and rules.board.area_of[state.hero_space[seat]] == bonus_area:
        lengths.append(steps + 1)
    walk = _fewest_shoves_walk(state, rules, seat, dest, lengths)
    state.hero_space[seat] = dest
    shoves = []
    for i, s in enumerate(walk):
        h = hero_at(state, s, exclude=seat) if s != rules.board.city else -1
        if h >= 0 and h not in [x for x, _ in shoves]:
            rest = 0
            for later in walk[i + 1:]:
                rest |= 1 << later
            shoves.append((h, rest & ~rules.board.city_bit))   # the city holds any number
    if shoves:
        compass.lose(state.glory, seat, len(shoves))
        for h, rest in reversed(shoves):
            state.tasks.append((T_SHOVE, h, rest))


def _fewest_shoves_walk(state: State, rules: Rules, seat: int, dest: int,
                        lengths: list[int]) -> list[int]:
    """R4: among walks of the given lengths to ``dest``, one with the fewest shoves."""
    board = rules.board
    occupied = heroes_mask(state, rules, exclude=seat)
    reach = Reach(state, rules, seat)
    passable = reach.passable
    best: tuple[int, list[int]] | None = None
    for length in lengths:
        layers = [{state.hero_space[seat]: (0, -1)}]
        for _ in range(length):
            nxt: dict[int, tuple[int, int]] = {}
            for s, (cost, _) in layers[-1].items():
                for t in board.nbrs[s]:
                    if (passable >> t) & 1:
                        c2 = cost + ((occupied >> t) & 1)
                        old = nxt.get(t)
                        if old is None or c2 < old[0]:
                            nxt[t] = (c2, s)
            layers.append(nxt)
        if dest in layers[-1] and (best is None or layers[-1][dest][0] < best[0]):
            walk = [dest]
            for k in range(length, 1, -1):
                walk.append(layers[k][walk[-1]][1])
            best = (layers[-1][dest][0], walk[::-1])
    assert best is not None, "legal move without a walk"
    return best[1]


def do_portal(state: State, rules: Rules, seat: int, dest: int) -> None:
    """R12: teleport; a hero on the portal space is shoved (R4). Also the last
    part of an evasion (R13), which may shove as well."""
    h = hero_at(state, dest, exclude=seat) if dest != rules.board.city else -1
    state.hero_space[seat] = dest
    if h >= 0:
        compass.lose(state.glory, seat, 1)
        state.tasks.append((T_SHOVE, h, 0))


def do_sword(state: State, rules: Rules, seat: int, colour: int, damage: int) -> None:
    """R7: each point lowers the counter, or retreats the head once it is 0."""
    compass.gain(state.glory, seat, damage)
    lower = min(state.head_count[colour], damage)
    state.head_count[colour] -= lower
    if damage > lower:
        retreat(state, rules, colour, damage - lower)


def do_harpoon(state: State, rules: Rules, seat: int, colour: int, damage: int) -> None:
    """R8: each point retreats the neck the hero stands on."""
    compass.gain(state.glory, seat, damage)
    retreat(state, rules, colour, damage)


def do_barricade(state: State, rules: Rules, seat: int, token: int) -> None:
    """R11: raise a barricade (or move token ``token``), or repair the wall in the city."""
    compass.gain(state.glory, seat, 1)
    sp = state.hero_space[seat]
    if sp == rules.board.city:
        state.walls += 1
    elif token < 0:
        state.barricade_space[state.barricade_space.index(-1)] = sp
    else:
        state.barricade_space[token] = sp


def retreat(state: State, rules: Rules, colour: int, spaces: int) -> None:
    """R9: the head moves back k (never past the maelstrom), heroes on the neck too."""
    board = rules.board
    p, pos = state.hydra_path[colour], state.head_position[colour]
    spaces = min(spaces, pos)
    if spaces <= 0:
        return
    path = board.paths[p]
    neck = board.seg_mask[p][pos]
    pushed = []
    for h in state.turn_order:
        s = state.hero_space[h]
        if (neck >> s) & 1:
            q = board.pos_of[s] - spaces
            if q > 0:
                state.hero_space[h] = path[q]
            elif state.shielded[h]:
                pushed.append(h)       # waits on its old space until it evades
            else:
                wound(state, rules, h)        # "ends up on the maelstrom": wounded at once
    state.head_position[colour] = pos - spaces
    state.tasks.append((T_FOLLOW, colour, board.front(p, pos)))
    for h in reversed(pushed):
        state.tasks.append((T_PUSHED, h))


def t_pushed(state: State, rules: Rules, task: tuple) -> None:
    """R9/R13: a protected hero pushed onto the maelstrom evades from its old space
    (unprotected ones were wounded at once by :func:`retreat`)."""
    h = task[1]
    evade_or_wound(state, rules, h, state.hero_space[h], EVADE_MAELSTROM)


def t_follow(state: State, rules: Rules, task: tuple) -> None:
    """R10: the hero in front of a retreating head may follow it for free."""
    _, c, old_front = task
    h = hero_at(state, old_front)
    if h < 0:
        return
    target = rules.board.front(state.hydra_path[c], state.head_position[c])
    if target == old_front or hero_at(state, target) >= 0:
        return
    state.pending = PendingDecision(DECIDE_FOLLOW, h, follow_space=target, follow_colour=c)


def t_shove(state: State, rules: Rules, task: tuple) -> None:
    """R4: the shoved hero's player picks a free adjacent space; none: the city."""
    _, h, excluded = task
    board = rules.board
    sp = state.hero_space[h]
    targets = evade_targets(state, rules, h, sp, excluded | heroes_mask(state, rules, exclude=h))
    if not targets:
        state.hero_space[h] = board.city
        return
    state.pending = PendingDecision(DECIDE_SHOVED, h, targets)


def do_evade(state: State, rules: Rules, seat: int, dest: int) -> None:
    """R13: the protected hero loses its shield and moves; a hero there is shoved."""
    state.shielded[seat] = 0
    do_portal(state, rules, seat, dest)  # the same arrival: a hero there is shoved at 1 glory


def perform_hero_action(state: State, rules: Rules, seat: int, action: int, card: int) -> None:
    """Perform a hero action: a card's action with its target (``card``, already taken
    from its slot by the game's own rules), a city action (R16) or a block (R34)."""
    codec, tables = rules.codec, rules.tables
    kind, arg = codec.kind[action], codec.arg[action]
    state.tasks.append((T_AFTER, seat))
    if kind <= A_PROTECT:
        strength = tables.card_strength[card]
        if kind == A_DEST:
            if tables.card_kind[card] == HK_MOVE:
                do_move(state, rules, seat, arg, strength, tables.card_barea[card])
            else:
                do_portal(state, rules, seat, arg)
        elif kind == A_SWORD:
            do_sword(state, rules, seat, *attack(state, rules, seat, action))
        elif kind == A_HARPOON:
            do_harpoon(state, rules, seat, *attack(state, rules, seat, action))
        elif kind == A_BARRICADE:
            do_barricade(state, rules, seat, arg)
        else:
            state.shielded[seat] = 1
        return
    used = state.city_actions_used
    if kind == A_CITY_PORTAL:
        do_portal(state, rules, seat, arg)
    elif kind == A_CITY_MOVE:
        used[seat] |= CITY_MOVE_BIT
        do_move(state, rules, seat, arg, 1, -1)
    elif kind == A_CITY_SWORD:
        used[seat] |= CITY_SWORD_BIT
        do_sword(state, rules, seat, *attack(state, rules, seat, action))
    elif kind == A_CITY_HARPOON:
        used[seat] |= CITY_HARPOON_BIT
        do_harpoon(state, rules, seat, *attack(state, rules, seat, action))
    elif kind == A_CITY_PROTECT:
        used[seat] |= CITY_PROTECT_BIT
        state.shielded[seat] = 1
    elif kind == A_BLOCK:
        state.solo_row_c_blocked[arg] = 1
    # A_PASS: nothing (R15)

