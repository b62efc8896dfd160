"""Hero actions (R3–R16): which targets are legal, and what an action does.

:class:`Reach` answers, for one hero at one decision, which targets each kind
of hero action has, as masks relative to a card block of the action layout
(:mod:`hydra_env.core.codec`). The ``do_*`` functions perform an action;
anything that needs another choice (a shoved hero's new space, an evasion, a
follow) is pushed as a task and becomes the next pending decision.
"""

from __future__ import annotations

from hydra_env.core import compass
from hydra_env.core.codec import (A_CITY_HARPOON, A_CITY_SWORD, A_HARPOON, A_SWORD,
                                  DISPLAY_SLOTS)
from hydra_env.core.pieces import (barricade_mask, evade_targets, hero_at, heroes_mask,
                                   wound)
from hydra_env.core.state import (CITY_HARPOON_BIT, CITY_MOVE_BIT, CITY_PROTECT_BIT,
                                  CITY_SWORD_BIT, D_EVADE, D_FOLLOW, D_SHOVE, EV_MAELSTROM,
                                  State)
from hydra_env.core.tables import (HK_BARRICADE, HK_HARPOON, HK_MOVE, HK_PORTAL, HK_PROTECT,
                                   HK_SWORD, T_FOLLOW, T_PUSHED, T_SHOVE, Rules)


class Reach:
    """Targets of every hero action for one hero at one decision (built per decision)."""

    __slots__ = ("st", "R", "seat", "sp", "heads", "necks", "attack", "on_neck", "layers",
                 "passable", "cache")

    def __init__(self, st: State, R: Rules, seat: int) -> None:
        B = R.B
        self.st, self.R, self.seat = st, R, seat
        self.sp = sp = st.hero[seat]
        orth = B.orth_mask[sp]
        spbit = 1 << sp
        heads = necks = attack = 0
        on_neck = -1
        hbits, seg = B.head_bit, B.seg_mask
        for c, (p, pos, count) in enumerate(zip(st.colour_path, st.head_pos, st.heads)):
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
        self.passable = B.all_mask & ~heads & ~B.maelstrom_mask
        self.layers = [spbit]
        self.cache: dict = {}

    def walk(self, steps: int) -> int:
        """Spaces reachable by a walk of exactly ``steps`` steps (R3)."""
        layers = self.layers
        while len(layers) <= steps:
            layers.append(self.R.B.neighbours(layers[-1]) & self.passable)
        return layers[steps]

    def move_targets(self, steps: int, bonus_area: int) -> int:
        """R3: destinations of a move, bonus steps taken or forgone, never the start."""
        d = self.walk(steps)
        if bonus_area >= 0 and self.R.B.area_of[self.sp] == bonus_area:
            d |= self.walk(steps + 1)
        return d & ~(1 << self.sp)

    def portal_targets(self) -> int:
        """R12: portal spaces without neck or head, or the city; not the hero's own space."""
        return self.R.B.portal_mask & ~self.heads & ~self.necks & ~(1 << self.sp)

    def barricade_targets(self) -> int:
        """R11 as a mask over the barricade offsets (bit 0: new/repair, bit 1+k: move token k)."""
        st, B = self.st, self.R.B
        if self.sp == B.city:
            return 1 if st.walls < st.walls_max else 0
        if ((barricade_mask(st) | self.necks) >> self.sp) & 1:
            return 0
        if -1 in st.barricades:
            return 1
        return ((1 << len(st.barricades)) - 1) << 1

    def card(self, key: tuple) -> int:
        """Targets of a card's hero action, relative to its card block."""
        out = self.cache.get(key)
        if out is not None:
            return out
        kind, strength, bonus_area, bonus_colour = key
        codec = self.R.codec
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
            out = 0 if self.st.shield[self.seat] else 1 << codec.off_protect
        self.cache[key] = out
        return out

    def city(self, used: int) -> int:
        """R16: the city actions, as an absolute mask of the action layout."""
        codec = self.R.codec
        m = 1 << codec.pass_
        m |= self.portal_targets() << codec.city_portal
        if not used & CITY_MOVE_BIT:
            m |= self.move_targets(1, -1) << codec.city_move
        if not used & CITY_SWORD_BIT:
            m |= self.attack << codec.city_sword
        if not used & CITY_HARPOON_BIT and self.on_neck >= 0:
            m |= 1 << codec.city_harpoon
        if not used & CITY_PROTECT_BIT and not self.st.shield[self.seat]:
            m |= 1 << codec.city_protect
        return m


# ---------------------------------------------------------------- effects


def on_neck_colour(st: State, R: Rules, seat: int) -> int:
    """The colour whose neck the hero stands on, or −1."""
    bit = 1 << st.hero[seat]
    for c in range(len(st.head_pos)):
        if R.B.seg_mask[st.colour_path[c]][st.head_pos[c]] & bit:
            return c
    return -1


def slot_card(st: State, seat: int, slot: int) -> int:
    """The card in a display slot or in ``seat``'s hand slot (codec slot numbers); −1 if none."""
    if slot < DISPLAY_SLOTS:
        return st.display[slot] if 0 <= slot < len(st.display) else -1
    hand = st.hands[seat] if 0 <= seat < len(st.hands) else ()
    k = slot - DISPLAY_SLOTS
    return hand[k] if k < len(hand) else -1


def attack(st: State, R: Rules, seat: int, action: int) -> tuple[int, int]:
    """``(colour, damage)`` of a sword or harpoon decision of ``seat``, card or city
    action; ``(-1, 0)`` for any other decision. A card deals its strength plus 1
    for its bonus colour unless the bonus is forgone (R6, R7, R8); a city sword or
    harpoon deals 1 (R16). The harpoon hits the neck the hero stands on."""
    codec = R.codec
    kind, arg = codec.kind[action], codec.arg[action]
    if kind == A_SWORD or kind == A_HARPOON:
        T = R.T
        card = slot_card(st, seat, codec.slot[action])
        if kind == A_SWORD:
            c, forgo = arg >> 1, arg & 1
        else:
            c, forgo = on_neck_colour(st, R, seat), arg
        return c, T.card_strength[card] + (1 if not forgo and c >= 0 and T.card_bcol[card] == c
                                            else 0)
    if kind == A_CITY_SWORD:
        return arg, 1
    if kind == A_CITY_HARPOON:
        return on_neck_colour(st, R, seat), 1
    return -1, 0


def do_move(st: State, R: Rules, seat: int, dest: int, steps: int, bonus_area: int) -> None:
    """R3/R4: walk to ``dest``; heroes on the way are shoved (fewest shoves)."""
    if st.n == 1:
        st.hero[seat] = dest
        return
    lengths = [steps]
    if bonus_area >= 0 and R.B.area_of[st.hero[seat]] == bonus_area:
        lengths.append(steps + 1)
    walk = _fewest_shoves_walk(st, R, seat, dest, lengths)
    st.hero[seat] = dest
    shoves = []
    for i, s in enumerate(walk):
        h = hero_at(st, s, exclude=seat) if s != R.B.city else -1
        if h >= 0 and h not in [x for x, _ in shoves]:
            rest = 0
            for later in walk[i + 1:]:
                rest |= 1 << later
            shoves.append((h, rest & ~R.B.city_bit))   # the city holds any number
    if shoves:
        compass.lose(st.glory, seat, len(shoves))
        for h, rest in reversed(shoves):
            st.tasks.append((T_SHOVE, h, rest))


def _fewest_shoves_walk(st: State, R: Rules, seat: int, dest: int,
                        lengths: list[int]) -> list[int]:
    """R4: among walks of the given lengths to ``dest``, one with the fewest shoves."""
    B = R.B
    occupied = heroes_mask(st, R, exclude=seat)
    reach = Reach(st, R, seat)
    passable = reach.passable
    best: tuple[int, list[int]] | None = None
    for length in lengths:
        layers = [{st.hero[seat]: (0, -1)}]
        for _ in range(length):
            nxt: dict[int, tuple[int, int]] = {}
            for s, (cost, _) in layers[-1].items():
                for t in B.nbrs[s]:
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


def do_portal(st: State, R: Rules, seat: int, dest: int) -> None:
    """R12: teleport; a hero on the portal space is shoved (R4). Also the last
    part of an evasion (R13), which may shove as well."""
    h = hero_at(st, dest, exclude=seat) if dest != R.B.city else -1
    st.hero[seat] = dest
    if h >= 0:
        compass.lose(st.glory, seat, 1)
        st.tasks.append((T_SHOVE, h, 0))


def do_sword(st: State, R: Rules, seat: int, c: int, damage: int) -> None:
    """R7: each point lowers the counter, or retreats the head once it is 0."""
    compass.gain(st.glory, seat, damage)
    lower = min(st.heads[c], damage)
    st.heads[c] -= lower
    if damage > lower:
        retreat(st, R, c, damage - lower)


def do_harpoon(st: State, R: Rules, seat: int, c: int, damage: int) -> None:
    """R8: each point retreats the neck the hero stands on."""
    compass.gain(st.glory, seat, damage)
    retreat(st, R, c, damage)


def do_barricade(st: State, R: Rules, seat: int, token: int) -> None:
    """R11: raise a barricade (or move token ``token``), or repair the wall in the city."""
    compass.gain(st.glory, seat, 1)
    sp = st.hero[seat]
    if sp == R.B.city:
        st.walls += 1
    elif token < 0:
        st.barricades[st.barricades.index(-1)] = sp
    else:
        st.barricades[token] = sp


def retreat(st: State, R: Rules, c: int, k: int) -> None:
    """R9: the head moves back k (never past the maelstrom), heroes on the neck too."""
    B = R.B
    p, pos = st.colour_path[c], st.head_pos[c]
    k = min(k, pos)
    if k <= 0:
        return
    path = B.paths[p]
    neck = B.seg_mask[p][pos]
    pushed = []
    for h in st.order:
        s = st.hero[h]
        if (neck >> s) & 1:
            q = B.pos_of[s] - k
            if q > 0:
                st.hero[h] = path[q]
            elif st.shield[h]:
                pushed.append(h)       # waits on its old space until it evades
            else:
                wound(st, R, h)        # "ends up on the maelstrom": wounded at once
    st.head_pos[c] = pos - k
    st.tasks.append((T_FOLLOW, c, B.front(p, pos)))
    for h in reversed(pushed):
        st.tasks.append((T_PUSHED, h))


def t_pushed(st: State, R: Rules, task: tuple) -> None:
    """R9/R13: a protected hero pushed onto the maelstrom evades from its old space
    (unprotected ones were wounded at once by :func:`retreat`)."""
    h = task[1]
    if st.shield[h]:
        targets = evade_targets(st, R, h, st.hero[h])
        if targets:
            st.pending = (D_EVADE, h, targets, EV_MAELSTROM)
            return
        st.shield[h] = 0
    wound(st, R, h)


def t_follow(st: State, R: Rules, task: tuple) -> None:
    """R10: the hero in front of a retreating head may follow it for free."""
    _, c, old_front = task
    h = hero_at(st, old_front)
    if h < 0:
        return
    target = R.B.front(st.colour_path[c], st.head_pos[c])
    if target == old_front or hero_at(st, target) >= 0:
        return
    st.pending = (D_FOLLOW, h, target, c)


def t_shove(st: State, R: Rules, task: tuple) -> None:
    """R4: the shoved hero's player picks a free adjacent space; none: the city."""
    _, h, excluded = task
    B = R.B
    sp = st.hero[h]
    targets = evade_targets(st, R, h, sp, excluded | heroes_mask(st, R, exclude=h))
    if not targets:
        st.hero[h] = B.city
        return
    st.pending = (D_SHOVE, h, targets, 0)


def do_evade(st: State, R: Rules, seat: int, dest: int) -> None:
    """R13: the protected hero loses its shield and moves; a hero there is shoved."""
    st.shield[seat] = 0
    do_portal(st, R, seat, dest)  # the same arrival: a hero there is shoved at 1 glory
