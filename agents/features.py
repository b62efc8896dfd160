"""Shared evaluation for the scripted bots: threats, score terms, card reach.

Every function here reads a *sampled* game (``SeatView.sample``), never the
real one, so what it computes depends only on the seat's information (R41):
hidden cards in a sample are random but consistent with the seat's view.
Functions take the raw ``State`` and ``Rules`` of the sample (fast reads).

Board value (:func:`board_value`, the Hydra and the walls; on the scale of
the R39 score, which it equals once a game is won; a lost game is ``LOSS``)::

    B = 100 − necks − heads + wall · walls
        − Σ_heads threat(d, h)                 d: spaces to the wall, h: head counter
        − crowd[heads on their last space]     (solo: 4 of them is a defeat, R39)
        − low_walls · max(0, 4 − walls)²

    threat(d, h) = (front[d] + bite · h · [d = 0]) · (1 if h > 0 else dormant)

Hero value (:func:`hero_value`, the hero's position and cards)::

    H = damage · Σ potential(card) over the best `tokens left` unused cards
        + use · min(cards usable now, tokens left)
        − leftover · max(0, unused cards − tokens left)     they go to the Hydra phase
        + Σ barrier(c) over barricades in front of a head     (R17)
        − exposed · [unprotected, off barricades, in bite or run-over range]
        + shield · [protected] − on_wall_last · [solo, last round, on the wall area]

    potential(sword / harpoon card) = reach[steps to an attack space] × gain(c, damage)
        (cards shared out among the colours so that no threat is counted twice)
    potential(barricade card) = reach[steps] × barrier(c) for the free space in front
        of the most threatening head, or × wall_gain in the inner city (R11 repair)
    gain(c, k) = fall of necks + heads + threat when colour c takes k damage (R7–R9)
    barrier(c) = barrier + barrier_threat · threat one space nearer (dormant: barrier_dormant)

Solo value: ``B + H`` (:func:`solo_value`). Coordinated value for a seat
(:func:`coop_value`): ``city · B + H + glory · (own compass progress − best
other seat's)``; a finished coordinated game is worth ``200 · city`` (won) or
``LOSS · city`` (lost) plus a term for the seat's final rank. The weights live
in :class:`SoloWeights` (``COOP_BOARD``: the coordinated board, which has no
four-heads defeat) and :class:`CoopWeights`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from hydra_env import Game
from hydra_env.core import compass
from hydra_env.core.engine import HANDLERS
from hydra_env.core.heroes import Reach, do_evade, slot_card
from hydra_env.core.pieces import barricade_mask, heads_mask, necks_mask
from hydra_env.core.codec import DISPLAY_SLOTS
from hydra_env.core.state import D_EVADE, D_SHOVE, PH_ACTION, PH_ACTION2, State
from hydra_env.core.tables import HK_BARRICADE, HK_HARPOON, HK_SWORD, Rules

LOSS = -1000.0


# --------------------------------------------------------------------------- board facts


def head_space(st: State, R: Rules, c: int) -> int:
    """The space of colour ``c``'s head."""
    return R.B.paths[st.colour_path[c]][st.head_pos[c]]


def distance_to_wall(st: State, R: Rules, c: int) -> int:
    """Path spaces between colour ``c``'s head and its last space (0: in front of the wall)."""
    return R.B.last_pos - st.head_pos[c]


def front_space(st: State, R: Rules, c: int) -> int:
    """The path space directly in front of the head (toward the wall), or −1 on the last space."""
    pos = st.head_pos[c]
    if pos >= R.B.last_pos:
        return -1
    return R.B.paths[st.colour_path[c]][pos + 1]


def danger_mask(st: State, R: Rules) -> int:
    """Spaces a hero may be hurt on by the Hydra: around (bite) or in front of (run over,
    up to 3 spaces) a head whose counter is above 0."""
    B = R.B
    m = 0
    for c in range(len(st.heads)):
        if st.heads[c] == 0:
            continue
        hs = head_space(st, R, c)
        m |= B.nbr_mask[hs]
        path, pos = B.paths[st.colour_path[c]], st.head_pos[c]
        for q in range(pos + 1, min(pos + 4, B.path_len)):
            m |= 1 << path[q]
    return m & ~B.city_bit


def hero_exposed(st: State, R: Rules, seat: int) -> bool:
    """Unprotected, not on a barricade, and within reach of a head (bite or run-over)."""
    sp = st.hero[seat]
    if st.shield[seat] or sp == R.B.city or (barricade_mask(st) >> sp) & 1:
        return False
    return bool((danger_mask(st, R) >> sp) & 1)


# --------------------------------------------------------------------------- cards and tokens


def tokens_left(st: State, R: Rules, seat: int) -> int:
    """Hero actions the seat still has this round (solo: both action phases)."""
    if R.solo:
        if st.phase == PH_ACTION:
            return 2 * R.scen.tokens - st.done
        if st.phase == PH_ACTION2:
            return R.scen.tokens - st.done
        return 0
    from hydra_env.core import coop
    return coop.tokens_left(st, R, seat)


def unused_slots(st: State, R: Rules, seat: int) -> list[int]:
    """Card slots (display, then the seat's hand) with an unused card."""
    out = [s for s, c in enumerate(st.display) if c >= 0 and not st.dtoken[s]]
    if not R.solo and st.hands:
        out += [DISPLAY_SLOTS + k for k, u in enumerate(st.hand_used[seat]) if not u]
    return out


# --------------------------------------------------------------------------- hydra effects


def pending_row_effects(st: State, R: Rules) -> list[tuple]:
    """Solo: the effects of the unblocked row C cards, in reading order (R37)."""
    out: list[tuple] = []
    for col, card in enumerate(st.row):
        if card >= 0 and not st.row_block[col]:
            out.extend(reversed(R.T.hcard_effects_rev[card]))
    return out


def card_effects(R: Rules, card: int, hydra: bool) -> list[tuple]:
    """The effect tasks of an action card's hydra side (``hydra=False``) or a hydra card, in order."""
    rev = R.T.hcard_effects_rev[card] if hydra else R.T.card_effects_rev[card]
    return list(reversed(rev))


def run_effects(st: State, R: Rules, effects: list[tuple]) -> State:
    """A copy of ``st`` after ``effects`` (task tuples, in order) are done.

    Decisions the effects raise are taken by a default: an evading or
    shoved hero goes to the first offered space farthest from the heads,
    nobody follows. Used to *estimate* the damage of cards, on samples only.
    """
    s = st.clone()
    s.pending = None
    s.tasks = list(reversed(effects))
    B = R.B
    while s.tasks and not s.over:
        task = s.tasks.pop()
        HANDLERS[task[0]](s, R, task)
        pd = s.pending
        if pd is None:
            continue
        s.pending = None
        if pd[0] in (D_EVADE, D_SHOVE):
            dest = _safest(s, R, B.spaces(pd[2]))
            if pd[0] == D_EVADE:
                do_evade(s, R, pd[1], dest)
            else:
                s.hero[pd[1]] = dest
        # D_FOLLOW: stay
    s.tasks = []
    s._legal = None
    return s


def _safest(st: State, R: Rules, spaces: list[int]) -> int:
    danger = danger_mask(st, R)
    for sp in spaces:
        if not (danger >> sp) & 1:
            return sp
    return spaces[0]


def effect_harm(st: State, R: Rules, effects: list[tuple], w: "SoloWeights | None" = None) -> float:
    """How much ``effects`` lower the solo value (positive: harmful)."""
    w = w or SoloWeights()
    before = board_value(st, R, w)
    after = run_effects(st, R, effects)
    if after.over and after.outcome == "lost":
        return before - LOSS
    return before - board_value(after, R, w)


# --------------------------------------------------------------------------- solo value


@dataclass(frozen=True)
class SoloWeights:
    """Weights of the solo evaluation (module docstring)."""

    wall: float = 1.0
    front: tuple[float, ...] = (6.0, 3.5, 2.0, 1.0, 0.5, 0.2, 0.0, 0.0, 0.0, 0.0)
    bite: float = 0.5
    dormant: float = 0.3
    crowd: tuple[float, ...] = (0.0, 0.0, 3.0, 15.0, 0.0)
    low_walls: float = 2.0
    use: float = 0.3
    damage: float = 0.8
    reach: tuple[float, ...] = (1.0, 0.7, 0.45, 0.25, 0.1)
    leftover: float = 3.0
    barrier: float = 2.0
    barrier_dormant: float = 0.5
    barrier_threat: float = 0.5
    exposed: float = 0.5
    shield: float = 0.3
    on_wall_last: float = 5.0
    shared: float = 1.0


# The coordinated board: no four-heads defeat (R39 is solo only), walls weigh more.
# Display cards count ``shared`` (others may take them first).
COOP_BOARD = SoloWeights(crowd=(0.0,) * 5, low_walls=3.0, leftover=1.0, on_wall_last=0.0,
                         shared=0.5)


def solo_weights(overrides: dict | None = None, base: SoloWeights | None = None) -> SoloWeights:
    """``base`` (default :class:`SoloWeights`) with some fields replaced (lists become tuples)."""
    fix = {k: tuple(v) if isinstance(v, list) else v for k, v in (overrides or {}).items()}
    return dataclasses.replace(base or SoloWeights(), **fix)


def wall_gain(st: State, w: SoloWeights) -> float:
    """Rise of the board value when one wall token is put back (R11)."""
    return w.wall + w.low_walls * (max(0, 4 - st.walls) ** 2 - max(0, 3 - st.walls) ** 2)


def head_threat(st: State, R: Rules, c: int, w: SoloWeights) -> float:
    """threat(head) of the module docstring."""
    return _threat(w, distance_to_wall(st, R, c), st.heads[c])


def _threat(w: SoloWeights, d: int, counter: int) -> float:
    t = w.front[d] if 0 <= d < len(w.front) else 0.0
    if d == 0:
        t += w.bite * counter
    return t if counter > 0 else t * w.dormant


def board_value(st: State, R: Rules, w: SoloWeights) -> float:
    """The part of the solo value that depends on the Hydra and the walls only."""
    if st.over:
        return LOSS if st.outcome == "lost" else float(_score(st, R))
    last = R.B.last_pos
    v = 100.0 + w.wall * st.walls - sum(st.head_pos) - sum(st.heads)
    v -= sum(head_threat(st, R, c, w) for c in range(len(st.heads)))
    n_front = sum(1 for p in st.head_pos if p == last)
    v -= w.crowd[n_front] if n_front < len(w.crowd) else 0.0
    v -= w.low_walls * max(0, 4 - st.walls) ** 2
    return v


def _score(st: State, R: Rules) -> int:
    on_wall = sum((R.B.wall_mask >> s) & 1 for s in st.hero)
    return 100 - sum(st.head_pos) - sum(st.heads) - 5 * on_wall + st.walls


def solo_value(game: Game, seat: int = 0, w: SoloWeights | None = None) -> float:
    """The solo value ``B + H`` (module docstring) of a sampled game."""
    w = w or SoloWeights()
    st, R = game.state, game.rules
    v = board_value(st, R, w)
    if st.over:
        return v
    return v + hero_value(st, R, seat, w)


def distance_layers(st: State, R: Rules, seat: int, depth: int = 4) -> list[int]:
    """Masks of the spaces first reached in 0, 1, … ``depth`` steps from the hero.

    A step is a move to an adjacent space (R1) that holds no head and no
    maelstrom (R2, R5), or a portal jump (R12, always available as a city
    action) to a portal space without neck or head.
    """
    B = R.B
    passable = B.all_mask & ~heads_mask(st, R) & ~B.maelstrom_mask
    portals = B.portal_mask & ~heads_mask(st, R) & ~necks_mask(st, R)
    seen = cur = 1 << st.hero[seat]
    layers = [cur]
    for k in range(depth):
        nxt = (B.neighbours(cur) & passable) | portals
        nxt &= ~seen
        seen |= nxt
        layers.append(nxt)
        cur = seen
    return layers


def first_layer(layers: list[int], target: int) -> int:
    """Index of the first layer meeting ``target`` (len(layers) if none)."""
    for k, m in enumerate(layers):
        if m & target:
            return k
    return len(layers)


def attack_masks(st: State, R: Rules) -> list[int]:
    """Per colour, the spaces from which a sword reaches it (R7), heads excluded."""
    B = R.B
    hm = heads_mask(st, R)
    out = []
    for c in range(len(st.heads)):
        p, pos = st.colour_path[c], st.head_pos[c]
        hs = B.paths[p][pos]
        m = B.orth_mask[hs]
        if st.heads[c] == 0:
            if pos == 0:
                m = 0
            else:
                for q in range(pos):
                    m |= B.orth_mask[B.paths[p][q]]
        out.append(m & ~hm & ~B.maelstrom_mask)
    return out


def neck_masks(st: State, R: Rules) -> list[int]:
    """Per colour, its neck tiles a hero may stand on (R8), maelstrom excluded."""
    B = R.B
    return [B.seg_mask[st.colour_path[c]][st.head_pos[c]] & ~B.maelstrom_mask
            for c in range(len(st.heads))]


def damage_gains(st: State, R: Rules, c: int, w: "SoloWeights", most: int = 12) -> list[float]:
    """``gains[k]``: rise of the board value when colour ``c`` takes ``k`` points of sword
    or harpoon damage (R7–R9: the counter drops first, then the head retreats)."""
    h, pos, last = st.heads[c], st.head_pos[c], R.B.last_pos
    before = _threat(w, last - pos, h)
    n_front = sum(1 for p in st.head_pos if p == last)
    out = [0.0]
    for k in range(1, most + 1):
        lower = min(h, k)
        new_pos = max(0, pos - (k - lower))
        g = lower + (pos - new_pos) + before - _threat(w, last - new_pos, h - lower)
        if pos == last and new_pos != last and n_front < len(w.crowd):
            g += w.crowd[n_front] - w.crowd[n_front - 1]
        out.append(g)
    return out


def card_potential(st: State, R: Rules, seat: int, w: "SoloWeights") -> tuple[list[float], int]:
    """Per unused card, the value it could still add, and how many unused cards the
    hero can use now.

    Sword and harpoon cards are shared out among the colours one by one, each
    to the colour where its damage adds most given the damage already given to
    that colour (so two cards never count the same threat twice), discounted by
    the steps the hero needs to reach an attack space (``reach``). Barricade
    cards go to the free spaces in front of the most threatening heads.
    """
    T = R.T
    nc = len(st.heads)
    layers = distance_layers(st, R, seat, len(w.reach) - 1)
    att = [first_layer(layers, m) for m in attack_masks(st, R)]
    necks = [first_layer(layers, m) for m in neck_masks(st, R)]
    disc = w.reach + (0.0,)
    gains = [damage_gains(st, R, c, w) for c in range(nc)]
    given = [0] * nc
    bar = barricade_mask(st)
    fronts = []
    for c in range(nc):
        f = front_space(st, R, c)
        if f >= 0 and st.heads[c] > 0 and not (bar >> f) & 1:
            fronts.append(disc[first_layer(layers, 1 << f)] * barrier_value(st, R, c, w))
    if st.walls < st.walls_max:
        # R11: in the inner city a barricade action puts a wall token back
        repair = disc[first_layer(layers, R.B.city_bit)] * wall_gain(st, w)
        fronts += [repair] * (st.walls_max - st.walls)
    fronts.sort(reverse=True)
    reach = Reach(st, R, seat)
    pots: list[float] = []
    usable = 0
    attacks = []
    for s in unused_slots(st, R, seat):
        card = slot_card(st, seat, s)
        kind, strength, bcol = T.card_kind[card], T.card_strength[card], T.card_bcol[card]
        share = w.shared if s < DISPLAY_SLOTS else 1.0
        if reach.card(T.card_key[card]):
            usable += 1
        if kind == HK_SWORD:
            attacks.append((strength, bcol, att, share))
        elif kind == HK_HARPOON:
            attacks.append((strength, bcol, necks, share))
        elif kind == HK_BARRICADE:
            pots.append(share * fronts.pop(0) if fronts else 0.0)
        else:
            pots.append(0.0)
    attacks.sort(key=lambda x: -x[0])
    for strength, bcol, dist, share in attacks:
        best, best_c, best_d = 0.0, -1, 0
        for c in range(nc):
            if dist[c] >= len(disc) - 1:
                continue
            d = strength + (c == bcol)
            top = len(gains[c]) - 1
            v = disc[dist[c]] * (gains[c][min(given[c] + d, top)] - gains[c][min(given[c], top)])
            if v > best:
                best, best_c, best_d = v, c, d
        if best_c >= 0:
            given[best_c] += best_d
        pots.append(share * best)
    return pots, usable


def barricade_gain(st: State, R: Rules, seat: int, w: "SoloWeights | CoopWeights") -> float:
    """What a barricade on the hero's space is worth: a wall token back in the city
    (R11), or stopping the next movement of the head it stands in front of (R17)."""
    here = st.hero[seat]
    if here == R.B.city:
        return wall_gain(st, w)
    for c in range(len(st.heads)):
        if front_space(st, R, c) == here:
            return barrier_value(st, R, c, w)
    return 0.0


def barrier_value(st: State, R: Rules, c: int, w: "SoloWeights") -> float:
    """Value of a barricade in front of colour ``c``'s head (it stops the next movement)."""
    if st.heads[c] == 0:
        return w.barrier_dormant
    return w.barrier + w.barrier_threat * _threat(w, R.B.last_pos - st.head_pos[c] - 1, st.heads[c])


def hero_value(st: State, R: Rules, seat: int, w: SoloWeights, left: int | None = None) -> float:
    """The hero value ``H`` (module docstring); ``left`` overrides the tokens left."""
    left = tokens_left(st, R, seat) if left is None else left
    v = 0.0
    if left:
        pots, usable = card_potential(st, R, seat, w)
        pots.sort(reverse=True)
        v += w.damage * sum(pots[:left])
        v += w.use * min(usable, left)
        v -= w.leftover * max(0, len(pots) - left)
    bar = barricade_mask(st)
    for c in range(len(st.heads)):
        f = front_space(st, R, c)
        if f >= 0 and (bar >> f) & 1:
            v += barrier_value(st, R, c, w)
    if hero_exposed(st, R, seat):
        v -= w.exposed
    if st.shield[seat]:
        v += w.shield
    if R.solo and st.round + 1 == len(st.moon) and (R.B.wall_mask >> st.hero[seat]) & 1:
        v -= w.on_wall_last
    return v


def value_at(st: State, R: Rules, seat: int, space: int, used_slot: int, w: SoloWeights) -> float:
    """:func:`hero_value` if the hero stood on ``space`` after spending one token on
    ``used_slot`` (−1: a city action). The state is restored before returning."""
    here = st.hero[seat]
    left = tokens_left(st, R, seat) - 1
    st.hero[seat] = space
    restore = None
    if 0 <= used_slot < DISPLAY_SLOTS:
        restore = st.dtoken[used_slot]
        st.dtoken[used_slot] = 1
    elif used_slot >= DISPLAY_SLOTS:
        restore = st.hand_used[seat][used_slot - DISPLAY_SLOTS]
        st.hand_used[seat][used_slot - DISPLAY_SLOTS] = 1
    try:
        return hero_value(st, R, seat, w, left=left)
    finally:
        st.hero[seat] = here
        if 0 <= used_slot < DISPLAY_SLOTS:
            st.dtoken[used_slot] = restore
        elif used_slot >= DISPLAY_SLOTS:
            st.hand_used[seat][used_slot - DISPLAY_SLOTS] = restore


# --------------------------------------------------------------------------- coordinated value


@dataclass(frozen=True)
class CoopWeights:
    """Weights of the coordinated evaluation: ``city`` scales the Hydra/wall part,
    ``glory`` the seat's own standing on the compass."""

    city: float = 1.0
    glory: float = 0.3
    rank: float = 1.0
    board: SoloWeights = COOP_BOARD


def coop_value(game: Game, seat: int, w: CoopWeights | None = None) -> float:
    """A seat's evaluation of a sampled coordinated game (see the module docstring)."""
    w = w or CoopWeights()
    st, R = game.state, game.rules
    if st.over:
        won = st.outcome == "won"
        rank = compass.ranking(st.glory).index(seat)
        own = (len(st.glory) - 1 - rank) * 10.0
        if won:
            return 200.0 * w.city + own * w.rank * (3.0 if rank == 0 else 1.0)
        return LOSS * w.city - (30.0 * w.rank if rank == len(st.glory) - 1 else 0.0)
    bw = w.board
    v = w.city * board_value(st, R, bw)
    v += hero_value(st, R, seat, bw)
    v += w.glory * glory_lead(st, seat)
    return v


def glory_lead(st: State, seat: int) -> float:
    """The seat's compass progress minus the best other seat's (R22)."""
    others = [g for s, g in enumerate(st.glory) if s != seat]
    return float(st.glory[seat] - max(others)) if others else 0.0


__all__ = ["LOSS", "SoloWeights", "COOP_BOARD", "CoopWeights", "solo_weights", "solo_value",
           "coop_value", "board_value", "hero_value", "value_at", "head_threat", "damage_gains",
           "barrier_value", "wall_gain", "card_potential", "effect_harm", "run_effects",
           "pending_row_effects", "card_effects", "tokens_left", "unused_slots", "slot_card",
           "danger_mask", "hero_exposed", "front_space", "distance_to_wall", "head_space",
           "distance_layers", "attack_masks", "neck_masks", "glory_lead"]
