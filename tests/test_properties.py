"""Property checks of the engine over many seeded random games (scenarios 1–12).

Every game here is played by uniformly random legal decisions drawn from a
``random.Random`` seeded per game, so each failure reproduces from its
(scenario, seed, late). Two kinds of games are played:

* *full* games from the first decision (random play usually loses early), and
* *late* games: a new game whose round counter is set to one of the last
  three rounds before the first decision (a hand-built shortcut, like the
  helpers of :mod:`hydra_env.core.testing`), so that random play also reaches
  later rounds and the end of the last one — the only way random play
  exercises won results (R31, R39).

Some games prefer actions towards the Hydra (strikes, harpoons, moves next
to a head or onto a neck) so that retreats, follows and evasions happen often.

Sections: helpers; a *reference reading* of the hero actions and of the solo
Hydra phase, written from the rules independently of the engine, compared
with ``legal_actions()`` and with the pieces after each action; a *referee*
of whole games (invariants, turn order, once-per-round city actions, action
counts, wall repairs, R26, R38); illegal actions; determinism, JSON and
clones; results (R31, R39); the same games in spawned processes.

The slower sweep of thousands of games lives in
``benchmarks/random_play_stats.py``, not here.
"""

from __future__ import annotations

import multiprocessing
import random
from typing import Callable, Iterator

import numpy as np
import pytest

from hydra_env import TERMINAL, Game, IllegalActionError
from hydra_env.core import testing as ht
from hydra_env.core.cards import shuffle
from hydra_env.core.codec import (A_BARRICADE, A_BLOCK, A_CITY_HARPOON, A_CITY_MOVE,
                                  A_CITY_PORTAL, A_CITY_PROTECT, A_CITY_SWORD, A_DEST, A_HARPOON,
                                  A_PLAY_HYDRA, A_PROTECT, A_SWORD, DISPLAY_SLOTS)
from hydra_env.core.state import (DECIDE_ACTION, DECIDE_AFTER_ACTION, DECIDE_BUCKLE_UP, DECIDE_EVADE, DECIDE_FOLLOW, DECIDE_SHOVED,
                                  EVADE_BITE, PHASE_ACTIONS, PHASE_ACTIONS_II, PHASE_HYDRA)
from hydra_env.core.testing import invariants

SOLO = (10, 11, 12)
COOP = tuple(range(1, 10))
ALL = COOP + SOLO
CITY_ONCE = (A_CITY_MOVE, A_CITY_SWORD, A_CITY_HARPOON, A_CITY_PROTECT)   # R16
WRONG_TYPES = (1.5, "3", None, b"3", [3], (3,), {}, np.float64(3.0), 3 + 0j, np.array(3.0))


# --------------------------------------------------------------------- helpers
def new_game(scenario: int, seed: int, *, late: int = 0, stars: int = 1) -> Game:
    """A new seeded game; with ``late`` = k > 0 it starts in the k-th round from the end."""
    game = Game.new(scenario=scenario, stars=stars, seed=seed)
    if late:
        game.state.round = max(len(game.state.moon_tokens) - late, 0)
    return game


def play(game: Game, seed: int, on_decision: Callable[[Game, int], None] | None = None,
         max_decisions: int | None = None) -> Game:
    """Play uniformly random legal decisions (``random.Random(seed)``) until the end.

    ``on_decision(game, step)`` is called before each decision.
    """
    rng = random.Random(seed)
    step = 0
    while not game.is_over and (max_decisions is None or step < max_decisions):
        if on_decision is not None:
            on_decision(game, step)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        step += 1
    return game


def games(full: int, late: int, base: int = 0, rounds: int = 3) -> Iterator[tuple[int, int]]:
    """(seed, late) pairs: ``full`` full games, then ``late`` games starting in one of
    the last ``rounds`` rounds (the last round first, then cycling)."""
    for i in range(full):
        yield base + i, 0
    for i in range(late):
        yield base + 1000 + i, 1 + i % rounds


def sampled_positions(scenario: int, n_games: int, every: int, base: int = 0) -> Iterator[Game]:
    """Clones of every ``every``-th decision of ``n_games`` full and ``n_games`` late games."""
    for seed, late in games(n_games, n_games, base):
        found: list[Game] = []
        play(new_game(scenario, seed, late=late), seed,
             lambda g, step: found.append(g.clone()) if step % every == 0 else None)
        yield from found


def where(game: Game) -> str:
    return (f"scenario {game.scenario} seed {game.seed} round {game.round} phase {game.phase!r} "
            f"pending {game.pending} after {len(game.history)} decisions")


def more_invariants(game: Game) -> list[str]:
    """Checks beyond testing.invariants(): barricades (R11, R17), compass (R22), tokens."""
    st, R = game.state, game.rules
    B = R.board
    bad = []
    necks = {B.paths[st.hydra_path[c]][i] for c in range(len(st.head_count))
             for i in range(st.head_position[c])}
    for s in st.barricade_space:
        if s >= 0 and (s in necks or (B.maelstrom_mask >> s) & 1):
            bad.append(f"barricade on a neck tile or maelstrom: {B.name(s)} (R11, R17)")
    if not all(0 <= s < B.n_spaces for s in st.hero_space):
        bad.append(f"hero off the board: {st.hero_space}")
    if not all(x in (0, 1) for x in st.shielded):
        bad.append(f"shield values not 0/1: {st.shielded}")
    if len(set(st.glory)) != len(st.glory):
        bad.append(f"two heroes share a compass progress (R22): {st.glory}")
    if not st.game_over and not 0 <= st.round < len(st.moon_tokens):
        bad.append(f"round {st.round} outside the moon track")
    if R.solo:
        phase1 = [slot % len(st.solo_row_c) for slot, t in enumerate(st.display_token) if t == 1]
        if len(set(phase1)) != len(phase1):
            bad.append(f"two phase-I tokens in one column (R34): {st.display_token}")
    return bad


def check_decision(game: Game) -> None:
    """Everything that must hold while a decision is pending."""
    assert invariants(game) == [], where(game)
    assert more_invariants(game) == [], where(game)
    legal = game.legal_actions()
    mask = game.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.action_size,)
    assert legal, f"no legal action before the end: {where(game)}"
    assert np.flatnonzero(mask).tolist() == legal, where(game)
    assert legal == sorted(set(legal))
    assert game.pending is not None and game.current_player == game.pending["seat"]
    assert 0 <= game.current_player < game.num_players


def check_end(game: Game) -> None:
    """Everything that must hold once the game is over."""
    assert invariants(game) == [], where(game)
    assert more_invariants(game) == [], where(game)
    assert game.current_player == TERMINAL and game.pending is None
    assert game.legal_actions() == []
    assert not game.legal_mask().any()
    assert game.result().outcome in ("won", "lost")


# --------------------------------------------------------------------- a reference reading
# An independent reading of the hero actions (R1–R16, R22) and of the solo
# Hydra phase (R17–R21, R37, R39), written from rules.md and components.md
# (the shipped board below), not from the engine's tables. The flat layout
# (which index means what) is taken from the codec.
ROWS, COLS, WALL_ROW = 11, 9, 10
CITY = ROWS * COLS                                  # 99
PATH_COLS = (1, 3, 5, 7)                            # path p runs down column PATH_COLS[p]
PORTAL_ROWS = (2, 5, 8)
ROW_AREA = ("boat",) * 4 + ("reef",) * 3 + ("beach",) * 3 + ("wall",)


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


def test_reference_board_is_the_shipped_board() -> None:
    """The reference above reads the board of components.md; so does the shipped data."""
    game = Game.new(10, 1, 0)
    board, B = game.components.board, game.rules.board
    assert (board.rows, board.cols, board.wall_row, B.city) == (ROWS, COLS, WALL_ROW, CITY)
    assert [[tuple(x) for x in p] for p in board.paths] == \
        [[(r, c) for r in range(10)] for c in PATH_COLS]
    assert {r * COLS + c for r, c in board.portals} | {CITY} == RefView(game).portals
    assert tuple(board.areas[a] for a in board.row_area) == ROW_AREA
    for s in range(CITY + 1):
        assert set(B.nbrs[s]) == ref_adjacent(s), f"R1 adjacency of {B.name(s)}"


@pytest.mark.parametrize("scenario", ALL)
def test_legal_hero_actions_match_the_reference(scenario: int) -> None:
    """R3–R16, R28, R34, R36: legal_actions() equals the reference at every action decision."""
    for seed, late in games(full=15, late=15, base=800):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        used: dict[tuple[int, int], set[int]] = {}
        while not game.is_over:
            st = game.state
            seat = st.pending.seat
            once = used.setdefault((st.round, seat), set())
            legal = game.legal_actions()
            for ref in (ref_legal(game, once), ref_places(game)):
                if ref is not None:
                    extra = [game.describe(a) for a in sorted(set(legal) - ref)]
                    missing = [game.codec.describe(a) for a in sorted(ref - set(legal))]
                    assert not extra and not missing, (
                        f"{where(game)}\nlegal but not by the rules: {extra}\n"
                        f"legal by the rules but not offered: {missing}\n{game.render()}")
            action = legal[rng.randrange(len(legal))]
            if seed % 2 and rng.random() < 0.8:
                action = rng.choice(towards_the_hydra(game, legal) or [action])
            if st.pending.kind == DECIDE_ACTION and game.codec.kind[action] in CITY_ONCE:
                once.add(game.codec.kind[action])
            game.apply(action)


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


def towards_the_hydra(game: Game, legal: list[int]) -> list[int]:
    """Strikes, harpoons, and moves or portals onto a neck tile or next to a head: the
    actions that make the Hydra retreat, preferred so that R9/R10 happen often."""
    codec, view = game.codec, RefView(game)
    near = {s for h in view.head.values() for s in ref_orthogonal(h)} | set(view.neck)
    return [a for a in legal if codec.kind[a] in (A_SWORD, A_CITY_SWORD, A_HARPOON,
                                                  A_CITY_HARPOON)
            or codec.kind[a] in (A_DEST, A_CITY_MOVE, A_CITY_PORTAL) and codec.arg[a] in near]


@pytest.mark.parametrize("scenario", ALL)
def test_hero_action_outcomes_match_the_reference(scenario: int) -> None:
    """R4–R16, R22: heads, counters, heroes, glory, walls, barricades, shields right after
    each hero action that no Hydra phase followed (so that nothing else moved the pieces)."""
    checked = 0
    for seed, late in games(full=12, late=12, base=900):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        while not game.is_over:
            st = game.state
            legal = game.legal_actions()
            hot = towards_the_hydra(game, legal)
            action = rng.choice(hot if hot and rng.random() < 0.8 else legal)
            if st.pending.kind != DECIDE_ACTION or game.codec.kind[action] == A_PLAY_HYDRA:
                game.apply(action)
                continue
            prev = game.clone()
            exp = ref_outcome(prev, action)
            game.apply(action)
            st = game.state
            if game.is_over or st.round != prev.state.round or st.phase == PHASE_HYDRA:
                continue                       # a Hydra phase ran: other causes moved pieces
            kind = st.pending.kind
            got = {"head_pos": st.head_position, "heads": st.head_count, "hero": list(st.hero_space),
                   "glory": st.glory, "walls": st.walls, "barricades": st.barricade_space,
                   "shield": st.shielded,
                   "next": kind if kind in (DECIDE_FOLLOW, DECIDE_EVADE, DECIDE_SHOVED) else None,
                   "target": st.pending.follow_space if kind == DECIDE_FOLLOW else None}
            if exp["next"] == "?":             # shoved heroes: only the mover is known
                seat = prev.state.pending.seat
                got["next"] = "?"
                exp["hero"] = [exp["hero"][seat]]
                got["hero"] = [got["hero"][seat]]
            diff = {k: (exp[k], got[k]) for k in exp if exp[k] != got[k]}
            assert not diff, (f"{where(prev)}: after {prev.describe(action)} "
                              f"(expected, got): {diff}\n{prev.render()}")
            checked += 1
    assert checked > 100


# R17–R21, R37, R39: the solo Hydra phase by the reference.
BITE_WALL = (0, 1, 1, 2, 2, 2, 3)       # R20: wall damage of a bite by the head counter


class Abort(Exception):
    """The reference stops: a protected hero would be hit (a decision follows)."""


def ref_effect(P: dict, effect, view: RefView, areas: tuple[str, ...], order: list[int],
               solo: bool) -> None:
    """One hydra effect on the pieces ``P`` (R17–R20); sets ``P["outcome"]`` on a defeat.

    ``order``: the turn order, in which bitten heroes are resolved (R19).
    """
    c, col = effect.colour, view.col[effect.colour]
    pos = P["head_pos"][c]
    heroes = P["hero"]

    def wound(h: int) -> None:                                                 # R13, R14
        if P["shield"][h]:
            raise Abort
        heroes[h] = CITY
        P["glory"] = ref_lose(P["glory"], h, 1)

    def damage_wall(points: int) -> None:                                      # R20
        P["walls"] = max(0, P["walls"] - min(points, 3))
        if P["walls"] == 0:
            P["outcome"] = "lost"

    if effect.op == "grow":                                                    # R18
        P["heads"][c] = min(6, P["heads"][c] + effect.n)
    elif effect.op == "move" and P["heads"][c] > 0:                            # R17
        bonus = areas[effect.bonus_area] if effect.bonus_area >= 0 else None
        points = effect.n + (1 if bonus == view.area(pos * COLS + col) else 0)
        while points > 0:
            pos = P["head_pos"][c]
            if pos == 9:
                damage_wall(points)
                return
            nxt = (pos + 1) * COLS + col
            if nxt in P["barricades"]:
                P["barricades"][P["barricades"].index(nxt)] = -1
                return
            for h in [h for h in order if heroes[h] == nxt]:
                wound(h)
            for h, sp in enumerate(heroes):                                    # on the neck
                if sp != CITY and sp % COLS == col and sp // COLS < pos:
                    heroes[h] = sp + COLS
            P["head_pos"][c] = pos + 1
            points -= 1
            if solo and min(P["head_pos"]) == 9:                               # R39
                P["outcome"] = "lost"
                return
    elif effect.op == "bite" and P["heads"][c] > 0:                            # R19
        zone = ref_adjacent(pos * COLS + col)
        for h in [h for h in order if heroes[h] in zone and heroes[h] not in P["barricades"]]:
            wound(h)
        P["barricades"] = [-1 if b in zone else b for b in P["barricades"]]
        if pos == 9:
            damage_wall(BITE_WALL[P["heads"][c]])


def ref_pieces(after: dict) -> dict:
    """A copy of the pieces of ``after`` (ref_outcome) for a Hydra phase."""
    keys = ("head_pos", "heads", "hero", "glory", "walls", "barricades", "shield")
    P = {k: (list(after[k]) if isinstance(after[k], list) else after[k]) for k in keys}
    P["outcome"] = None
    return P


def ref_support(glory: list[int]) -> list[int]:
    """R24: in ranking order, 2nd gains 1, 3rd 2, 4th 3, stopping right behind the one above."""
    out = list(glory)
    ranking = sorted(range(len(out)), key=lambda h: -out[h])
    for place in range(1, len(ranking)):
        h, above = ranking[place], out[ranking[place - 1]]
        out[h] = min(out[h] + place, above - 1)
    return out


def ref_coop_hydra_phase(prev: Game, action: int, after: dict) -> dict:
    """R29: the unused action cards (display without token, then hands) shuffled, then
    the face-down stack in order; R24 support; R30 counters 0 → 3; R31 the end.

    The shuffle is the engine's next random event (the one thing taken from it).
    """
    st, comp, codec = prev.state, prev.components, prev.codec
    dtoken, used = list(st.display_token), [list(u) for u in st.action_hand_used]
    seat, slot = st.pending.seat, codec.slot[action]
    if st.pending.kind == DECIDE_ACTION and codec.kind[action] <= A_PROTECT:
        if slot < DISPLAY_SLOTS:
            dtoken[slot] = seat + 1
        else:
            used[seat][slot - DISPLAY_SLOTS] = 1
    unused = [(c, -1) for i, c in enumerate(st.display) if c >= 0 and not dtoken[i]]
    unused += [(c, h) for h in range(st.players) for k, c in enumerate(st.action_hands[h]) if not used[h][k]]
    shuffle(st.clone(), unused)
    cards = [comp.action_cards[c].hydra for c, _ in unused]
    cards += [comp.hydra_cards[h].effects for h in st.hydra_stack]
    P = ref_pieces(after)
    view, areas = RefView(prev), comp.board.areas
    for effects in cards:
        for effect in effects:
            ref_effect(P, effect, view, areas, st.turn_order, solo=False)
            if P["outcome"]:
                return P
    P["glory"] = ref_support(P["glory"])
    if st.round == len(st.moon_tokens) - 1:
        P["outcome"] = "won"                                                    # R31
    else:
        P["heads"] = [3 if h == 0 else h for h in P["heads"]]                   # R30
    return P


def ref_solo_hydra_phase(prev: Game, action: int, after: dict) -> dict:
    """R37: every card without a token in reading order (rows A, B, then C); R21: the
    effects of a card in order. ``after``: the pieces after ``action`` (ref_outcome)."""
    st, comp, codec = prev.state, prev.components, prev.codec
    dtoken, block = list(st.display_token), list(st.solo_row_c_blocked)
    if codec.kind[action] <= A_PROTECT:
        dtoken[codec.slot[action]] = 2
    if codec.kind[action] == A_BLOCK:
        block[codec.arg[action]] = 1
    cards = [comp.action_cards[c].hydra for i, c in enumerate(st.display)
             if c >= 0 and not dtoken[i]]
    cards += [comp.hydra_cards[c].effects for i, c in enumerate(st.solo_row_c) if c >= 0 and not block[i]]
    P = ref_pieces(after)
    view, areas = RefView(prev), comp.board.areas
    for effects in cards:
        for effect in effects:
            ref_effect(P, effect, view, areas, st.turn_order, solo=True)
            if P["outcome"]:
                return P
    if st.round == len(st.moon_tokens) - 1:
        P["outcome"] = "won"                                                    # R39
    return P


@pytest.mark.parametrize("scenario", SOLO)
def test_solo_hydra_phase_matches_the_reference(scenario: int) -> None:
    """R17–R21, R37, R39: the pieces after a whole solo Hydra phase, when no decision
    (an evasion) interrupts it."""
    checked = outcomes = 0
    for seed, late in games(full=60, late=60, base=1100):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        while not game.is_over:
            st = game.state
            legal = game.legal_actions()
            hot = towards_the_hydra(game, legal)
            action = rng.choice(hot if hot and seed % 2 and rng.random() < 0.8 else legal)
            last = st.pending.kind == DECIDE_ACTION and st.phase == PHASE_ACTIONS_II and \
                st.actions_done == game.rules.scenario.tokens - 1
            if not last:
                game.apply(action)
                continue
            prev = game.clone()
            after = ref_outcome(prev, action)
            game.apply(action)
            if after["next"] is not None:
                continue                       # a follow or an evasion comes first
            try:
                exp = ref_solo_hydra_phase(prev, action, after)
            except Abort:
                continue
            st = game.state
            got = {"head_pos": st.head_position, "heads": st.head_count, "hero": st.hero_space,
                   "glory": st.glory, "walls": st.walls, "barricades": st.barricade_space,
                   "shield": st.shielded, "outcome": st.outcome if game.is_over else None}
            diff = {k: (exp[k], got[k]) for k in exp if exp[k] != got[k]}
            assert not diff, (f"{where(prev)}: Hydra phase after {prev.describe(action)} "
                              f"(expected, got): {diff}\n{prev.render()}")
            checked += 1
            outcomes += game.is_over
    assert checked > 50 and outcomes > 10


@pytest.mark.parametrize("scenario", COOP)
def test_coop_hydra_phase_matches_the_reference(scenario: int) -> None:
    """R17–R21, R24, R29–R31: the pieces after a whole coordinated Hydra phase and the
    support phase, when no decision (an evasion) interrupts it."""
    checked = outcomes = 0
    for seed, late in games(full=25, late=25, base=1300, rounds=2):
        game = new_game(scenario, seed, late=late)
        rng = random.Random(seed)
        while not game.is_over:
            st = game.state
            legal = game.legal_actions()
            hot = towards_the_hydra(game, legal)
            action = rng.choice(hot if hot and seed % 2 and rng.random() < 0.8 else legal)
            kind = st.pending.kind
            hero_action = kind == DECIDE_ACTION and game.codec.kind[action] != A_PLAY_HYDRA
            if not (hero_action or kind == DECIDE_AFTER_ACTION and action == game.codec.end_turn) \
                    or st.phase != PHASE_ACTIONS or st.victory:
                game.apply(action)
                continue
            prev = game.clone()
            after = ref_outcome(prev, action) if hero_action else ref_outcome_none(prev)
            game.apply(action)
            st = game.state
            ran = game.is_over or st.round > prev.state.round
            if not ran or after["next"] is not None or st.victory:
                continue                       # no Hydra phase, or a decision came first
            try:
                exp = ref_coop_hydra_phase(prev, action, after)
            except Abort:
                continue
            got = {"head_pos": st.head_position, "heads": st.head_count, "hero": st.hero_space,
                   "glory": st.glory, "walls": st.walls, "barricades": st.barricade_space,
                   "shield": st.shielded, "outcome": st.outcome if game.is_over else None}
            diff = {k: (exp[k], got[k]) for k in exp if exp[k] != got[k]}
            assert not diff, (f"{where(prev)}: Hydra phase after {prev.describe(action)} "
                              f"(expected, got): {diff}\n{prev.render()}")
            checked += 1
            outcomes += game.is_over
    assert checked > 10 and outcomes > 5


def ref_outcome_none(prev: Game) -> dict:
    """The pieces of ``prev`` unchanged (after ending a turn)."""
    st = prev.state
    return {"head_pos": list(st.head_position), "heads": list(st.head_count), "hero": list(st.hero_space),
            "glory": list(st.glory), "walls": st.walls, "barricades": list(st.barricade_space),
            "shield": list(st.shielded), "next": None, "target": None}


# --------------------------------------------------------------------- a referee of whole games
class Referee:
    """Checks of one game across its decisions, against the rules (not the engine's tables).

    ``check(game, action)`` runs before each decision, ``after(prev, action, game)``
    after it (``prev`` is a clone taken before), ``finish(game)`` at the end.
    """

    def __init__(self) -> None:
        self.arrival = False        # the last decision put a hero on a space by portal/evasion
        self.city_once: set[tuple[int, int, int]] = set()
        self.actions: dict[tuple[int, int, int], int] = {}

    def check(self, g: Game, action: int) -> None:
        st, R = g.state, g.rules
        B, codec = R.board, R.codec
        kind, seat = st.pending.kind, st.pending.seat
        heads = {B.paths[st.hydra_path[c]][st.head_position[c]] for c in range(len(st.head_count))}
        if R.solo:
            assert st.walls > 0 and min(st.head_position) < B.last_pos, "R39: the game should be over"
            if st.phase == PHASE_ACTIONS_II:
                assert st.solo_row_c_face_up, "R35: row C is face up in action phase II"
            if st.phase == PHASE_ACTIONS and st.actions_done == 0 and not any(st.display_token):
                assert all(c >= 0 for c in st.display), "R33: the display is full"
                assert all(c >= 0 for c in st.solo_row_c) and not st.solo_row_c_face_up, "R33: row C face down"
        else:
            assert st.walls > 0, "R31: the game should be over"
            if max(st.head_count) == 0:
                assert st.victory, "R31: all counters are 0, victory is due"
            if st.phase == PHASE_HYDRA:
                assert not any(st.hydra_hands), "R28: hydra cards left in hand in the Hydra phase"
            if kind in (DECIDE_BUCKLE_UP, DECIDE_ACTION, DECIDE_AFTER_ACTION) and st.phase != PHASE_HYDRA:
                assert seat == st.turn_order[st.turn_order_index], "R25/R26: decisions in turn order"
            if kind == DECIDE_BUCKLE_UP and st.turn_order_index == 0:
                assert st.turn_order == sorted(range(st.players), key=lambda h: st.glory[h]), "R25"
                assert min(st.head_count) > 0, "R30: counters at 0 grow back to 3"
                assert all(len(h) == R.scenario.action_hand for h in st.action_hands), "R27"
                assert all(len(h) == R.scenario.hydra_hand for h in st.hydra_hands), "R27"
                assert len(st.display) == R.scenario.display, "R27"
                assert len(st.hydra_stack) == R.scenario.hydra_stack, "R27"
        if kind in (DECIDE_SHOVED, DECIDE_EVADE):
            at = st.hero_space[seat]
            others = {s for h, s in enumerate(st.hero_space) if h != seat and s != B.city}
            places = {codec.arg[a] for a in g.legal_actions()}
            free = ref_adjacent(at) - heads - RefView(g).maelstroms
            assert places <= free, f"R2/R4/R5/R13: {sorted(places - free)} from {B.name(at)}"
            if kind == DECIDE_SHOVED:
                assert not places & others, f"R4: a shoved hero put on a hero ({places & others})"
                assert CITY not in free or CITY in places, "R2/R4: the city is always free"
                if self.arrival:               # a portal or an evasion: no walk to avoid
                    assert places == free - others, f"R4: shove places from {B.name(at)}"
            elif st.pending.cause == EVADE_BITE:     # R13: outside the bite of one head
                biters = [c for c in range(len(st.head_count)) if st.head_count[c] > 0
                          and at in ref_adjacent(RefView(g).head[c])]
                assert any(places == free - ref_adjacent(RefView(g).head[c]) for c in biters), \
                    f"R13: evasion places out of a bite from {B.name(at)}: {sorted(places)}"
        if kind == DECIDE_FOLLOW:
            target = st.pending.follow_space
            assert target not in heads and target not in st.hero_space, "R10: follow to a free space"
        if kind == DECIDE_ACTION and codec.kind[action] in CITY_ONCE:
            key = (st.round, seat, codec.kind[action])
            assert key not in self.city_once, f"R16: city action used twice in a round: {key}"
            self.city_once.add(key)
        if kind == DECIDE_ACTION and codec.kind[action] != A_PLAY_HYDRA:
            key = (st.round, st.phase, seat)
            self.actions[key] = self.actions.get(key, 0) + 1

    def after(self, prev: Game, action: int, g: Game) -> None:
        p, st, R = prev.state, g.state, g.rules
        assert g.history == prev.history + [action]
        kind, card = R.codec.kind[action], None
        if p.pending.kind == DECIDE_ACTION and kind == A_DEST:
            slot = R.codec.slot[action]
            card = p.display[slot] if slot < DISPLAY_SLOTS else \
                p.action_hands[p.pending.seat][slot - DISPLAY_SLOTS]
        self.arrival = p.pending.kind == DECIDE_EVADE or kind == A_CITY_PORTAL or (
            card is not None and g.components.action_cards[card].hero.kind == "portal")
        if st.walls > p.walls:
            assert R.codec.kind[action] == A_BARRICADE and p.hero_space[p.pending.seat] == R.board.city, \
                "walls rose without a wall repair (R11)"
            assert st.walls == p.walls + 1
        if p.pending.kind == DECIDE_EVADE:
            assert not st.shielded[p.pending.seat], "R13: an evading hero loses its shield"
        if p.pending.kind == DECIDE_BUCKLE_UP:                                          # R26
            seat, yes = p.pending.seat, action == R.codec.yes
            assert st.glory == (ref_lose(p.glory, seat, 1) if yes else p.glory), "R26/R22"
            assert len(st.action_hands[seat]) == len(p.action_hands[seat]), "R26: as many new cards"
            assert st.hydra_hands == p.hydra_hands, "R26: hydra cards are never exchanged"
            if not yes:
                assert st.action_hands == p.action_hands
        if R.solo and not g.is_over and st.round > p.round:
            kept = {slot for slot, t in enumerate(p.display_token) if t == 2}
            if R.codec.kind[action] <= A_PROTECT and p.phase == PHASE_ACTIONS_II:
                kept.add(R.codec.slot[action])
            for slot in kept:
                assert st.display[slot] == p.display[slot], "R38: a phase-II card left its place"

    def finish(self, g: Game) -> None:
        st, R = g.state, g.rules
        complete = st.round + (1 if st.outcome == "won" and not st.victory else 0)
        for (rnd, phase, seat), count in self.actions.items():
            if rnd < complete:
                assert count == R.scenario.tokens, f"R28/R34/R36: {count} actions in round {rnd + 1}"


def play_refereed(game: Game, seed: int, hot: float = 0.0) -> Game:
    """``play`` with every check of this file at every decision; with ``hot`` > 0 that
    share of the decisions prefers actions towards the Hydra (``towards_the_hydra``)."""
    rng = random.Random(seed)
    referee = Referee()
    while not game.is_over:
        check_decision(game)
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if hot and rng.random() < hot:
            near = towards_the_hydra(game, legal)
            action = rng.choice(near) if near else action
        referee.check(game, action)
        prev = game.clone()
        game.apply(action)
        referee.after(prev, action, game)
    check_end(game)
    referee.finish(game)
    return game


# --------------------------------------------------------------------- invariants, masks
@pytest.mark.parametrize("scenario", ALL)
def test_invariants_and_mask_hold_at_every_decision(scenario: int) -> None:
    """invariants() is empty, the mask equals legal_actions() and is never empty before the end."""
    for seed, late in games(full=40, late=30):
        play_refereed(new_game(scenario, seed, late=late), seed, hot=0.8 if seed % 2 else 0.0)


@pytest.mark.parametrize("scenario", COOP)
def test_r23_r25_compass_start_and_first_turn_order(scenario: int) -> None:
    """R23: tokens on 0, −1, −2, −3 in random order; R25: the last on the compass plays 1st."""
    firsts = set()
    for seed in range(30):
        st = Game.new(scenario, 1, seed).state
        assert sorted(st.glory) == list(range(-(st.players - 1), 1))
        assert st.turn_order == sorted(range(st.players), key=lambda h: st.glory[h])
        firsts.add(st.glory.index(0))
    assert firsts == set(range(st.players)), "R23: every seat can start first on the compass"


@pytest.mark.parametrize("scenario", ALL)
def test_every_legal_action_applies_on_its_own_clone(scenario: int) -> None:
    """Each legal action of sampled positions applies without error (also as a numpy int)."""
    for pos in sampled_positions(scenario, n_games=4, every=3):
        before = pos.to_json()
        for i, a in enumerate(pos.legal_actions()):
            assert pos.is_legal(a)
            assert pos.describe(a)
            child = pos.clone()
            child.apply(np.int64(a) if i % 2 else a)
            assert child.history == pos.history + [a]
            assert invariants(child) == [], f"after {pos.describe(a)}: {where(child)}"
            assert more_invariants(child) == [], f"after {pos.describe(a)}: {where(child)}"
            assert child.is_over or child.legal_actions(), where(child)
        assert pos.to_json() == before, "applying on a clone changed the original"


@pytest.mark.parametrize("scenario", ALL)
def test_illegal_actions_raise_and_leave_the_game_unchanged(scenario: int) -> None:
    """Illegal indices (a sample and the boundaries) and wrong types raise IllegalActionError."""
    rng = random.Random(scenario)
    for pos in sampled_positions(scenario, n_games=3, every=4, base=50):
        before = pos.to_json()
        legal = set(pos.legal_actions())
        illegal = [a for a in range(pos.action_size) if a not in legal]
        probes = rng.sample(illegal, 25) + [-1, -pos.action_size, pos.action_size,
                                            pos.action_size + 1, 2 ** 70] + list(WRONG_TYPES)
        for a in probes:
            with pytest.raises(IllegalActionError) as info:
                pos.apply(a)
            assert str(info.value), f"empty message for {a!r}"
            assert not pos.is_legal(a)
            assert pos.to_json() == before, f"illegal {a!r} changed the game: {where(pos)}"


@pytest.mark.parametrize("scenario", (10, 12, 1, 4, 8))
def test_every_illegal_index_raises_in_a_few_positions(scenario: int) -> None:
    """The whole action space: each index outside legal_actions() raises, game unchanged."""
    for pos in list(sampled_positions(scenario, n_games=1, every=9, base=70))[:4]:
        before = pos.to_json()
        legal = set(pos.legal_actions())
        for a in range(pos.action_size):
            if a not in legal:
                with pytest.raises(IllegalActionError):
                    pos.apply(a)
        assert pos.to_json() == before


@pytest.mark.parametrize("scenario", (10, 1))
def test_no_action_is_legal_after_the_end(scenario: int) -> None:
    """A finished game rejects every index and stays unchanged."""
    game = play(new_game(scenario, 3), 3)
    before = game.to_json()
    for a in (0, 1, game.codec.pass_, game.action_size - 1, -1, game.action_size, None):
        with pytest.raises(IllegalActionError):
            game.apply(a)
    assert game.to_json() == before


def test_bool_is_not_an_action_index() -> None:
    """True/False are not action indices (explain.why_illegal says "not an integer").

    Position: hero on r1c0 with A01 (move 1, +1 boat) in display A1, so that
    action 0 ("display slot 0: move to r0c0") is legal. ``apply(False)`` must
    raise, not be taken as ``apply(0)``::

        r0   .  ~r         <- r0c0: the destination of action 0
        r1   1             <- the hero
    """
    game = ht.solo_game(hero="r1c0", display=["A01"])
    assert game.is_legal(0)
    before = game.to_json()
    assert not game.is_legal(False)
    with pytest.raises(IllegalActionError):
        game.apply(False)
    assert game.to_json() == before


# --------------------------------------------------------------------- determinism, copies
@pytest.mark.parametrize("scenario", ALL)
def test_same_seed_and_actions_give_the_same_game(scenario: int) -> None:
    """Replaying the history of a seeded game on a new game of that seed gives the same game."""
    for seed, late in games(full=6, late=6, base=200):
        assert Game.new(scenario, 1, seed).to_json() == Game.new(scenario, 1, seed).to_json()
        states: list[str] = []
        original = play(new_game(scenario, seed, late=late), seed,
                        lambda g, step: states.append(g.to_json()))
        replay = new_game(scenario, seed, late=late)
        for step, a in enumerate(original.history):
            assert replay.to_json() == states[step], f"diverged before decision {step}"
            replay.apply(a)
        assert replay.to_json() == original.to_json()
        assert replay.result() == original.result()


@pytest.mark.parametrize("scenario", ALL)
def test_different_seeds_give_different_games(scenario: int) -> None:
    """Sanity check of seeding: ten seeds do not all deal the same cards."""
    decks = {tuple(Game.new(scenario, 1, s).state.action_deck) for s in range(10)}
    assert len(decks) == 10


@pytest.mark.parametrize("scenario", ALL)
def test_json_round_trip_mid_game_continues_identically(scenario: int) -> None:
    """from_json(to_json()) at any decision continues with the same legal actions and end."""
    for seed, late in games(full=4, late=4, base=300):
        length = len(play(new_game(scenario, seed, late=late), seed).history)
        for cut in sorted({0, 1, length // 3, length // 2, max(length - 1, 0)}):
            game = play(new_game(scenario, seed, late=late), seed, max_decisions=cut)
            copy = Game.from_json(game.to_json())
            assert copy.to_json() == game.to_json()
            rng = random.Random(seed + cut)
            while not game.is_over:
                assert copy.legal_actions() == game.legal_actions(), where(game)
                assert copy.current_player == game.current_player
                a = rng.choice(game.legal_actions())
                game.apply(a)
                copy.apply(a)
            assert copy.is_over
            assert copy.to_json() == game.to_json()
            assert copy.result() == game.result()
            finished = Game.from_json(game.to_json())
            assert finished.is_over and finished.to_json() == game.to_json()


@pytest.mark.parametrize("scenario", ALL)
def test_clone_is_independent(scenario: int) -> None:
    """Playing a clone to the end leaves the original unchanged, and the other way round."""
    for seed, late in games(full=3, late=3, base=400):
        for cut in (0, 5, 11):
            game = play(new_game(scenario, seed, late=late), seed, max_decisions=cut)
            if game.is_over:
                continue
            before = game.to_json()
            clone = game.clone()
            play(clone, seed + 1)
            assert game.to_json() == before, "playing the clone changed the original"
            clone = game.clone()
            clone_before = clone.to_json()
            play(game, seed + 2)
            assert clone.to_json() == clone_before, "playing the original changed the clone"


# --------------------------------------------------------------------- results
def r39_bounds(game: Game) -> tuple[int, int]:
    """Bounds of a won solo score (R39) on this board.

    A win means not all four heads are on their last path space, so the
    necks number at most 4·last − 1; counters are at most 6 each (R18); the
    hero on the wall costs 5; at least one wall token is left and at most
    the scenario's starting count.
    """
    B = game.rules.board
    heads = len(game.state.head_count)
    lowest = 100 - (heads * B.last_pos - 1) - 6 * heads - 5 + 1
    return lowest, 100 + game.state.walls_at_start


def r39_score(game: Game) -> int:
    """R39, recomputed from the raw state and the board (row 10 is the wall area)."""
    st, B = game.state, game.rules.board
    on_wall = any(s != B.city and s // B.cols == B.wall_row for s in st.hero_space)
    return 100 - sum(st.head_position) - sum(st.head_count) - 5 * on_wall + st.walls


def test_r39_bounds_of_the_shipped_board() -> None:
    """On the shipped board the bounds are [100 − 35 − 24 − 5 + 1, 110] at 1 star."""
    game = Game.new(10, 1, 0)
    assert game.rules.board.wall_row == 10 and game.rules.board.last_pos == 9
    assert r39_bounds(game) == (37, 110)


@pytest.mark.parametrize("stars", (1, 2, 3))
@pytest.mark.parametrize("scenario", SOLO)
def test_r39_solo_result_and_score_bounds(scenario: int, stars: int) -> None:
    """Won: R39's formula within its bounds, after round 6; lost: no score, R39's defeat."""
    won = 0
    for seed, late in games(full=20, late=40, base=500, rounds=2):
        game = play(new_game(scenario, seed, late=late, stars=stars), seed)
        res, st = game.result(), game.state
        last_pos = game.rules.board.last_pos
        assert res.mode == "solo" and res.city_saved == (res.outcome == "won")
        assert res.necks == sum(st.head_position) and res.heads == sum(st.head_count)
        assert res.walls == st.walls and res.ranking == (0,)
        assert res.epic_hero is None and res.tragic_hero is None
        if res.outcome == "won":
            won += 1
            lo, hi = r39_bounds(game)
            assert res.score == r39_score(game), where(game)
            assert lo <= res.score <= hi, f"score {res.score} outside [{lo}, {hi}]: {where(game)}"
            assert res.rounds == len(st.moon_tokens) and st.walls >= 1
            assert not all(p == last_pos for p in st.head_position)
        else:
            assert res.score is None
            assert st.walls == 0 or all(p == last_pos for p in st.head_position), where(game)
    assert won >= 5, "too few won games to check R39's score"


@pytest.mark.parametrize("scenario", COOP)
def test_r31_coordinated_result(scenario: int) -> None:
    """Ranking is a permutation by compass progress; epic hero iff won, tragic iff lost."""
    outcomes = set()
    for seed, late in games(full=20, late=20, base=600, rounds=2):
        game = play(new_game(scenario, seed, late=late), seed)
        res, st = game.result(), game.state
        outcomes.add(res.outcome)
        n = game.num_players
        assert res.mode == "coop" and res.score is None
        assert sorted(res.ranking) == list(range(n))
        assert len(set(res.glory)) == n, "two heroes share a compass progress (R22)"
        assert [res.glory[s] for s in res.ranking] == sorted(res.glory, reverse=True)
        assert (res.epic_hero is not None) == (res.outcome == "won")
        assert (res.tragic_hero is not None) == (res.outcome == "lost")
        if res.outcome == "won":
            assert res.epic_hero == res.ranking[0] and st.walls >= 1
            assert res.rounds == len(st.moon_tokens) or sum(st.head_count) == 0
        else:
            assert res.tragic_hero == res.ranking[-1] and st.walls == 0
    assert outcomes == {"won", "lost"}


# --------------------------------------------------------------------- across processes
PROCESS_GAMES = ((10, 11, 0), (11, 12, 0), (12, 13, 0), (1, 14, 0), (4, 15, 0), (8, 16, 0),
                 (10, 17, 1), (1, 18, 1))


def play_to_json(job: tuple[int, int, int]) -> str:
    """Worker: the final to_json of the seeded random game ``job`` = (scenario, seed, late)."""
    scenario, seed, late = job
    return play(new_game(scenario, seed, late=late), seed).to_json()


def test_same_game_in_spawned_processes() -> None:
    """A seeded random game gives the same to_json in fresh (spawned) interpreters."""
    expected = [play_to_json(job) for job in PROCESS_GAMES]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        got = pool.map(play_to_json, PROCESS_GAMES, chunksize=1)
    for job, a, b in zip(PROCESS_GAMES, expected, got):
        assert a == b, f"(scenario, seed, late) {job} differs in a spawned process"
