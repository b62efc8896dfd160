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
from hydra_env.core.state import DECIDE_EVADE, DECIDE_SHOVED, PHASE_ACTIONS, PHASE_ACTIONS_II, State
from hydra_env.core.tokens import action_tokens_left
from hydra_env.core.tables import HK_BARRICADE, HK_HARPOON, HK_SWORD, Rules

LOSS = -1000.0


# --------------------------------------------------------------------------- board facts


def head_space(state: State, rules: Rules, c: int) -> int:
    """The space of colour ``c``'s head."""
    return rules.board.paths[state.hydra_path[c]][state.head_position[c]]


def distance_to_wall(state: State, rules: Rules, c: int) -> int:
    """Path spaces between colour ``c``'s head and its last space (0: in front of the wall)."""
    return rules.board.last_pos - state.head_position[c]


def front_space(state: State, rules: Rules, c: int) -> int:
    """The path space directly in front of the head (toward the wall), or −1 on the last space."""
    pos = state.head_position[c]
    if pos >= rules.board.last_pos:
        return -1
    return rules.board.paths[state.hydra_path[c]][pos + 1]


def danger_mask(state: State, rules: Rules) -> int:
    """Spaces a hero may be hurt on by the Hydra: around (bite) or in front of (run over,
    up to 3 spaces) a head whose counter is above 0."""
    board = rules.board
    m = 0
    for c in range(len(state.head_count)):
        if state.head_count[c] == 0:
            continue
        hs = head_space(state, rules, c)
        m |= board.nbr_mask[hs]
        path, pos = board.paths[state.hydra_path[c]], state.head_position[c]
        for q in range(pos + 1, min(pos + 4, board.path_len)):
            m |= 1 << path[q]
    return m & ~board.city_bit


def hero_exposed(state: State, rules: Rules, seat: int) -> bool:
    """Unprotected, not on a barricade, and within reach of a head (bite or run-over)."""
    sp = state.hero_space[seat]
    if state.shielded[seat] or sp == rules.board.city or (barricade_mask(state) >> sp) & 1:
        return False
    return bool((danger_mask(state, rules) >> sp) & 1)


# --------------------------------------------------------------------------- cards and tokens


def tokens_left(state: State, rules: Rules, seat: int) -> int:
    """Hero actions the seat still has this round (solo: both action phases)."""
    return action_tokens_left(state, rules, seat, whole_round=True)


def unused_slots(state: State, rules: Rules, seat: int) -> list[int]:
    """Card slots (display, then the seat's hand) with an unused card."""
    out = [s for s, c in enumerate(state.display) if c >= 0 and not state.display_token[s]]
    if not rules.solo and state.action_hands:
        out += [DISPLAY_SLOTS + k for k, u in enumerate(state.action_hand_used[seat]) if not u]
    return out


# --------------------------------------------------------------------------- hydra effects


def pending_row_effects(state: State, rules: Rules) -> list[tuple]:
    """Solo: the effects of the unblocked row C cards, in reading order (R37)."""
    out: list[tuple] = []
    for col, card in enumerate(state.solo_row_c):
        if card >= 0 and not state.solo_row_c_blocked[col]:
            out.extend(reversed(rules.tables.hcard_effects_rev[card]))
    return out


def card_effects(rules: Rules, card: int, hydra: bool) -> list[tuple]:
    """The effect tasks of an action card's hydra side (``hydra=False``) or a hydra card, in order."""
    rev = rules.tables.hcard_effects_rev[card] if hydra else rules.tables.card_effects_rev[card]
    return list(reversed(rev))


def run_effects(state: State, rules: Rules, effects: list[tuple]) -> State:
    """A copy of ``st`` after ``effects`` (task tuples, in order) are done.

    Decisions the effects raise are taken by a default: an evading or
    shoved hero goes to the first offered space farthest from the heads,
    nobody follows. Used to *estimate* the damage of cards, on samples only.
    """
    s = state.clone()
    s.pending = None
    s.tasks = list(reversed(effects))
    board = rules.board
    while s.tasks and not s.game_over:
        task = s.tasks.pop()
        HANDLERS[task[0]](s, rules, task)
        pd = s.pending
        if pd is None:
            continue
        s.pending = None
        if pd.kind in (DECIDE_EVADE, DECIDE_SHOVED):
            dest = _safest(s, rules, board.spaces(pd.choices))
            if pd.kind == DECIDE_EVADE:
                do_evade(s, rules, pd.seat, dest)
            else:
                s.hero_space[pd.seat] = dest
        # DECIDE_FOLLOW: stay
    s.tasks = []
    s.legal_mask_cache = None
    return s


def _safest(state: State, rules: Rules, spaces: list[int]) -> int:
    danger = danger_mask(state, rules)
    for sp in spaces:
        if not (danger >> sp) & 1:
            return sp
    return spaces[0]


def effect_harm(state: State, rules: Rules, effects: list[tuple], w: "SoloWeights | None" = None) -> float:
    """How much ``effects`` lower the solo value (positive: harmful)."""
    w = w or SoloWeights()
    before = board_value(state, rules, w)
    after = run_effects(state, rules, effects)
    if after.game_over and after.outcome == "lost":
        return before - LOSS
    return before - board_value(after, rules, w)


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


def wall_gain(state: State, w: SoloWeights) -> float:
    """Rise of the board value when one wall token is put back (R11)."""
    return w.wall + w.low_walls * (max(0, 4 - state.walls) ** 2 - max(0, 3 - state.walls) ** 2)


def head_threat(state: State, rules: Rules, c: int, w: SoloWeights) -> float:
    """threat(head) of the module docstring."""
    return _threat(w, distance_to_wall(state, rules, c), state.head_count[c])


def _threat(w: SoloWeights, d: int, counter: int) -> float:
    t = w.front[d] if 0 <= d < len(w.front) else 0.0
    if d == 0:
        t += w.bite * counter
    return t if counter > 0 else t * w.dormant


def board_value(state: State, rules: Rules, w: SoloWeights) -> float:
    """The part of the solo value that depends on the Hydra and the walls only."""
    if state.game_over:
        return LOSS if state.outcome == "lost" else float(_score(state, rules))
    last = rules.board.last_pos
    v = 100.0 + w.wall * state.walls - sum(state.head_position) - sum(state.head_count)
    v -= sum(head_threat(state, rules, c, w) for c in range(len(state.head_count)))
    n_front = sum(1 for p in state.head_position if p == last)
    v -= w.crowd[n_front] if n_front < len(w.crowd) else 0.0
    v -= w.low_walls * max(0, 4 - state.walls) ** 2
    return v


def _score(state: State, rules: Rules) -> int:
    on_wall = sum((rules.board.wall_mask >> s) & 1 for s in state.hero_space)
    return 100 - sum(state.head_position) - sum(state.head_count) - 5 * on_wall + state.walls


def solo_value(game: Game, seat: int = 0, w: SoloWeights | None = None) -> float:
    """The solo value ``B + H`` (module docstring) of a sampled game."""
    w = w or SoloWeights()
    state, rules = game.state, game.rules
    v = board_value(state, rules, w)
    if state.game_over:
        return v
    return v + hero_value(state, rules, seat, w)


def distance_layers(state: State, rules: Rules, seat: int, depth: int = 4) -> list[int]:
    """Masks of the spaces first reached in 0, 1, … ``depth`` steps from the hero.

    A step is a move to an adjacent space (R1) that holds no head and no
    maelstrom (R2, R5), or a portal jump (R12, always available as a city
    action) to a portal space without neck or head.
    """
    board = rules.board
    passable = board.all_mask & ~heads_mask(state, rules) & ~board.maelstrom_mask
    portals = board.portal_mask & ~heads_mask(state, rules) & ~necks_mask(state, rules)
    seen = cur = 1 << state.hero_space[seat]
    layers = [cur]
    for k in range(depth):
        nxt = (board.neighbours(cur) & passable) | portals
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


def attack_masks(state: State, rules: Rules) -> list[int]:
    """Per colour, the spaces from which a sword reaches it (R7), heads excluded."""
    board = rules.board
    hm = heads_mask(state, rules)
    out = []
    for c in range(len(state.head_count)):
        p, pos = state.hydra_path[c], state.head_position[c]
        hs = board.paths[p][pos]
        m = board.orth_mask[hs]
        if state.head_count[c] == 0:
            if pos == 0:
                m = 0
            else:
                for q in range(pos):
                    m |= board.orth_mask[board.paths[p][q]]
        out.append(m & ~hm & ~board.maelstrom_mask)
    return out


def neck_masks(state: State, rules: Rules) -> list[int]:
    """Per colour, its neck tiles a hero may stand on (R8), maelstrom excluded."""
    board = rules.board
    return [board.seg_mask[state.hydra_path[c]][state.head_position[c]] & ~board.maelstrom_mask
            for c in range(len(state.head_count))]


def damage_gains(state: State, rules: Rules, c: int, w: "SoloWeights", most: int = 12) -> list[float]:
    """``gains[k]``: rise of the board value when colour ``c`` takes ``k`` points of sword
    or harpoon damage (R7–R9: the counter drops first, then the head retreats)."""
    h, pos, last = state.head_count[c], state.head_position[c], rules.board.last_pos
    before = _threat(w, last - pos, h)
    n_front = sum(1 for p in state.head_position if p == last)
    out = [0.0]
    for k in range(1, most + 1):
        lower = min(h, k)
        new_pos = max(0, pos - (k - lower))
        g = lower + (pos - new_pos) + before - _threat(w, last - new_pos, h - lower)
        if pos == last and new_pos != last and n_front < len(w.crowd):
            g += w.crowd[n_front] - w.crowd[n_front - 1]
        out.append(g)
    return out


def card_potential(state: State, rules: Rules, seat: int, w: "SoloWeights") -> tuple[list[float], int]:
    """Per unused card, the value it could still add, and how many unused cards the
    hero can use now.

    Sword and harpoon cards are shared out among the colours one by one, each
    to the colour where its damage adds most given the damage already given to
    that colour (so two cards never count the same threat twice), discounted by
    the steps the hero needs to reach an attack space (``reach``). Barricade
    cards go to the free spaces in front of the most threatening heads.
    """
    tables = rules.tables
    nc = len(state.head_count)
    layers = distance_layers(state, rules, seat, len(w.reach) - 1)
    att = [first_layer(layers, m) for m in attack_masks(state, rules)]
    necks = [first_layer(layers, m) for m in neck_masks(state, rules)]
    disc = w.reach + (0.0,)
    gains = [damage_gains(state, rules, c, w) for c in range(nc)]
    given = [0] * nc
    bar = barricade_mask(state)
    fronts = []
    for c in range(nc):
        f = front_space(state, rules, c)
        if f >= 0 and state.head_count[c] > 0 and not (bar >> f) & 1:
            fronts.append(disc[first_layer(layers, 1 << f)] * barrier_value(state, rules, c, w))
    if state.walls < state.walls_at_start:
        # R11: in the inner city a barricade action puts a wall token back
        repair = disc[first_layer(layers, rules.board.city_bit)] * wall_gain(state, w)
        fronts += [repair] * (state.walls_at_start - state.walls)
    fronts.sort(reverse=True)
    reach = Reach(state, rules, seat)
    pots: list[float] = []
    usable = 0
    attacks = []
    for s in unused_slots(state, rules, seat):
        card = slot_card(state, seat, s)
        kind, strength, bcol = tables.card_kind[card], tables.card_strength[card], tables.card_bcol[card]
        share = w.shared if s < DISPLAY_SLOTS else 1.0
        if reach.card(tables.card_key[card]):
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


def barricade_gain(state: State, rules: Rules, seat: int, w: "SoloWeights | CoopWeights") -> float:
    """What a barricade on the hero's space is worth: a wall token back in the city
    (R11), or stopping the next movement of the head it stands in front of (R17)."""
    here = state.hero_space[seat]
    if here == rules.board.city:
        return wall_gain(state, w)
    for c in range(len(state.head_count)):
        if front_space(state, rules, c) == here:
            return barrier_value(state, rules, c, w)
    return 0.0


def barrier_value(state: State, rules: Rules, c: int, w: "SoloWeights") -> float:
    """Value of a barricade in front of colour ``c``'s head (it stops the next movement)."""
    if state.head_count[c] == 0:
        return w.barrier_dormant
    return w.barrier + w.barrier_threat * _threat(w, rules.board.last_pos - state.head_position[c] - 1, state.head_count[c])


def hero_value(state: State, rules: Rules, seat: int, w: SoloWeights, left: int | None = None) -> float:
    """The hero value ``H`` (module docstring); ``left`` overrides the tokens left."""
    left = tokens_left(state, rules, seat) if left is None else left
    v = 0.0
    if left:
        pots, usable = card_potential(state, rules, seat, w)
        pots.sort(reverse=True)
        v += w.damage * sum(pots[:left])
        v += w.use * min(usable, left)
        v -= w.leftover * max(0, len(pots) - left)
    bar = barricade_mask(state)
    for c in range(len(state.head_count)):
        f = front_space(state, rules, c)
        if f >= 0 and (bar >> f) & 1:
            v += barrier_value(state, rules, c, w)
    if hero_exposed(state, rules, seat):
        v -= w.exposed
    if state.shielded[seat]:
        v += w.shield
    if rules.solo and state.round + 1 == len(state.moon_tokens) and (rules.board.wall_mask >> state.hero_space[seat]) & 1:
        v -= w.on_wall_last
    return v


def value_at(state: State, rules: Rules, seat: int, space: int, used_slot: int, w: SoloWeights) -> float:
    """:func:`hero_value` if the hero stood on ``space`` after spending one token on
    ``used_slot`` (−1: a city action). The state is restored before returning."""
    here = state.hero_space[seat]
    left = tokens_left(state, rules, seat) - 1
    state.hero_space[seat] = space
    restore = None
    if 0 <= used_slot < DISPLAY_SLOTS:
        restore = state.display_token[used_slot]
        state.display_token[used_slot] = 1
    elif used_slot >= DISPLAY_SLOTS:
        restore = state.action_hand_used[seat][used_slot - DISPLAY_SLOTS]
        state.action_hand_used[seat][used_slot - DISPLAY_SLOTS] = 1
    try:
        return hero_value(state, rules, seat, w, left=left)
    finally:
        state.hero_space[seat] = here
        if 0 <= used_slot < DISPLAY_SLOTS:
            state.display_token[used_slot] = restore
        elif used_slot >= DISPLAY_SLOTS:
            state.action_hand_used[seat][used_slot - DISPLAY_SLOTS] = restore


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
    state, rules = game.state, game.rules
    if state.game_over:
        won = state.outcome == "won"
        rank = compass.ranking(state.glory).index(seat)
        own = (len(state.glory) - 1 - rank) * 10.0
        if won:
            return 200.0 * w.city + own * w.rank * (3.0 if rank == 0 else 1.0)
        return LOSS * w.city - (30.0 * w.rank if rank == len(state.glory) - 1 else 0.0)
    bw = w.board
    v = w.city * board_value(state, rules, bw)
    v += hero_value(state, rules, seat, bw)
    v += w.glory * glory_lead(state, seat)
    return v


def glory_lead(state: State, seat: int) -> float:
    """The seat's compass progress minus the best other seat's (R22)."""
    others = [g for s, g in enumerate(state.glory) if s != seat]
    return float(state.glory[seat] - max(others)) if others else 0.0


__all__ = ["LOSS", "SoloWeights", "COOP_BOARD", "CoopWeights", "solo_weights", "solo_value",
           "coop_value", "board_value", "hero_value", "value_at", "head_threat", "damage_gains",
           "barrier_value", "wall_gain", "card_potential", "effect_harm", "run_effects",
           "pending_row_effects", "card_effects", "tokens_left", "unused_slots", "slot_card",
           "danger_mask", "hero_exposed", "front_space", "distance_to_wall", "head_space",
           "distance_layers", "attack_masks", "neck_masks", "glory_lead"]
