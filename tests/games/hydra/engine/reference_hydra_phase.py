"""An independent reading of the Hydra phase for the property tests: the hydra
effects (R17–R21), the solo Hydra phase (R37, R39) and the coordinated one
with support, regrowth and the end (R24, R29–R31).

Written from docs/games/hydra/rules.md like :mod:`reference_rules`, on whose board it
works; the one thing taken from the engine is the shuffle of the unused action
cards (the game's next random event).
"""

from __future__ import annotations

from reference_rules import CITY, COLS, RefView, ref_adjacent, ref_lose

from hydra_env import Game
from hydra_env.games.hydra.rules.cards import shuffle
from hydra_env.games.hydra.rules.codec import A_BLOCK, A_PROTECT, DISPLAY_SLOTS
from hydra_env.games.hydra.rules.state import DECIDE_ACTION

BITE_WALL = (0, 1, 1, 2, 2, 2, 3)       # R20: wall damage of a bite by the head counter


class AbortError(Exception):
    """The reference stops: a protected hero would be hit (a decision follows)."""


def ref_effect(pieces: dict, effect, view: RefView, areas: tuple[str, ...], order: list[int],
               solo: bool) -> None:
    """One hydra effect on the pieces ``pieces`` (R17–R20); sets ``pieces["outcome"]`` on a defeat.

    ``order``: the turn order, in which bitten heroes are resolved (R19).
    """
    c, col = effect.colour, view.col[effect.colour]
    pos = pieces["head_pos"][c]
    heroes = pieces["hero"]

    def wound(h: int) -> None:                                                 # R13, R14
        if pieces["shield"][h]:
            raise AbortError
        heroes[h] = CITY
        pieces["glory"] = ref_lose(pieces["glory"], h, 1)

    def damage_wall(points: int) -> None:                                      # R20
        pieces["walls"] = max(0, pieces["walls"] - min(points, 3))
        if pieces["walls"] == 0:
            pieces["outcome"] = "lost"

    if effect.op == "grow":                                                    # R18
        pieces["heads"][c] = min(6, pieces["heads"][c] + effect.n)
    elif effect.op == "move" and pieces["heads"][c] > 0:                            # R17
        bonus = areas[effect.bonus_area] if effect.bonus_area >= 0 else None
        points = effect.n + (1 if bonus == view.area(pos * COLS + col) else 0)
        while points > 0:
            pos = pieces["head_pos"][c]
            if pos == 9:
                damage_wall(points)
                return
            nxt = (pos + 1) * COLS + col
            if nxt in pieces["barricades"]:
                pieces["barricades"][pieces["barricades"].index(nxt)] = -1
                return
            for h in [h for h in order if heroes[h] == nxt]:
                wound(h)
            for h, sp in enumerate(heroes):                                    # on the neck
                if sp != CITY and sp % COLS == col and sp // COLS < pos:
                    heroes[h] = sp + COLS
            pieces["head_pos"][c] = pos + 1
            points -= 1
            if solo and min(pieces["head_pos"]) == 9:                               # R39
                pieces["outcome"] = "lost"
                return
    elif effect.op == "bite" and pieces["heads"][c] > 0:                            # R19
        zone = ref_adjacent(pos * COLS + col)
        for h in [h for h in order if heroes[h] in zone and heroes[h] not in pieces["barricades"]]:
            wound(h)
        pieces["barricades"] = [-1 if b in zone else b for b in pieces["barricades"]]
        if pos == 9:
            damage_wall(BITE_WALL[pieces["heads"][c]])


def ref_pieces(after: dict) -> dict:
    """A copy of the pieces of ``after`` (ref_outcome) for a Hydra phase."""
    keys = ("head_pos", "heads", "hero", "glory", "walls", "barricades", "shield")
    pieces = {k: (list(after[k]) if isinstance(after[k], list) else after[k]) for k in keys}
    pieces["outcome"] = None
    return pieces


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
    pieces = ref_pieces(after)
    view, areas = RefView(prev), comp.board.areas
    for effects in cards:
        for effect in effects:
            ref_effect(pieces, effect, view, areas, st.turn_order, solo=False)
            if pieces["outcome"]:
                return pieces
    pieces["glory"] = ref_support(pieces["glory"])
    if st.round == len(st.moon_tokens) - 1:
        pieces["outcome"] = "won"                                                    # R31
    else:
        pieces["heads"] = [3 if h == 0 else h for h in pieces["heads"]]                   # R30
    return pieces


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
    pieces = ref_pieces(after)
    view, areas = RefView(prev), comp.board.areas
    for effects in cards:
        for effect in effects:
            ref_effect(pieces, effect, view, areas, st.turn_order, solo=True)
            if pieces["outcome"]:
                return pieces
    if st.round == len(st.moon_tokens) - 1:
        pieces["outcome"] = "won"                                                    # R39
    return pieces
