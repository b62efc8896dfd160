"""Why an action index is illegal: the message of ``IllegalActionError``.

Only called on the error path, so it favours clear words over speed.
"""

from __future__ import annotations

from hydra_env.core.codec import (A_BARRICADE, A_BLOCK, A_CITY_HARPOON, A_CITY_MOVE,
                                  A_CITY_PORTAL, A_CITY_PROTECT, A_CITY_SWORD, A_DEST,
                                  A_END_TURN, A_HARPOON, A_NO, A_PLACE, A_PLAY_HYDRA,
                                  A_PROTECT, A_SWORD, A_YES, DISPLAY_SLOTS)
from hydra_env.core.heroes import Reach
from hydra_env.core.state import (CITY_HARPOON_BIT, CITY_MOVE_BIT, CITY_PROTECT_BIT,
                                  CITY_SWORD_BIT, D_ACTION, D_AFTER, D_BUCKLE, D_EVADE,
                                  D_FOLLOW, D_SHOVE, DECISION_NAMES, PH_ACTION, State)
from hydra_env.core.tables import HK_MOVE, HK_PORTAL, HERO_KINDS, Rules
from hydra_env.core.text import action_card_text

_TAKES = {D_ACTION: "a hero action", D_AFTER: "playing a held hydra card or ending the turn",
          D_SHOVE: "a place (where the shoved hero goes)",
          D_EVADE: "a place (where the protected hero evades to)",
          D_FOLLOW: "yes or no (follow the retreating head)", D_BUCKLE: "yes or no (buckle up)"}
_CARD_KIND_NEEDED = {A_SWORD: "sword", A_HARPOON: "harpoon", A_BARRICADE: "barricade",
                     A_PROTECT: "protect"}
_CITY_BITS = {A_CITY_MOVE: CITY_MOVE_BIT, A_CITY_SWORD: CITY_SWORD_BIT,
              A_CITY_HARPOON: CITY_HARPOON_BIT, A_CITY_PROTECT: CITY_PROTECT_BIT}


def why_illegal(st: State, R: Rules, action: object) -> str:
    """A sentence naming the action and why it is not legal now."""
    codec = R.codec
    if not isinstance(action, int) or isinstance(action, bool):
        return (f"action {action!r} is not an integer; actions are indices 0..{codec.size - 1} "
                f"of the flat action space")
    if not 0 <= action < codec.size:
        return f"action {action} is outside the action space 0..{codec.size - 1}"
    head = f"action {action} ({codec.describe(action)}) is illegal"
    if st.over:
        return f"{head}: the game is over"
    return f"{head}: {_reason(st, R, action)}"


def _reason(st: State, R: Rules, a: int) -> str:
    codec = R.codec
    dkind, seat = st.pending[0], st.pending[1]
    kind, slot, arg = codec.kind[a], codec.slot[a], codec.arg[a]
    wrong = (f"the pending decision is seat {seat}'s {DECISION_NAMES[dkind]}, "
             f"which takes {_TAKES[dkind]}")
    if dkind in (D_SHOVE, D_EVADE):
        if kind != A_PLACE:
            return wrong
        allowed = ", ".join(R.B.name(s) for s in R.B.spaces(st.pending[2]))
        return f"{R.B.name(arg)} is not among the spaces the hero may go to ({allowed})"
    if dkind in (D_FOLLOW, D_BUCKLE):
        return wrong
    if dkind == D_AFTER:
        if kind == A_PLAY_HYDRA:
            return _play_reason(st, seat, arg)
        if kind == A_END_TURN:
            return "this was the hero's last action: held hydra cards must be played now (R28)"
        return wrong
    if kind in (A_PLACE, A_YES, A_NO, A_END_TURN):
        return wrong
    if kind == A_PLAY_HYDRA:
        if R.solo:
            return "the solo hero holds no hydra cards"
        if st.victory:
            return "all heads are cut off: no more hydra cards are played (R31)"
        return _play_reason(st, seat, arg)
    if kind == A_BLOCK:
        if not R.solo:
            return "blocking hydra cards exists only in the solo game"
        if st.phase == PH_ACTION:
            return "hydra cards can be blocked only in action phase II (R36)"
        return f"row C column {arg + 1} is empty or already blocked"
    reach = Reach(st, R, seat)
    if kind <= A_PROTECT:
        return _card_reason(st, R, reach, seat, kind, slot, arg)
    return _city_reason(st, R, reach, seat, kind, arg)


def _play_reason(st: State, seat: int, k: int) -> str:
    held = len(st.hhands[seat])
    return f"hand slot {k} holds no hydra card (seat {seat} holds {held})"


def _card_reason(st: State, R: Rules, reach: Reach, seat: int, kind: int, slot: int,
                 arg: int) -> str:
    codec, T = R.codec, R.T
    where = codec.slot_name(slot)
    if slot < DISPLAY_SLOTS:
        if slot >= len(st.display) or st.display[slot] < 0:
            return f"{where} is empty"
        if st.dtoken[slot]:
            return f"{where} already has an action token"
        if R.solo and st.phase == PH_ACTION and (st.cols_used >> (slot % len(st.row))) & 1:
            return f"column {slot % len(st.row) + 1} was already used in action phase I (R34)"
        card = st.display[slot]
    else:
        k = slot - DISPLAY_SLOTS
        if R.solo or k >= len(st.hands[seat]):
            return f"{where} holds no card"
        if st.hand_used[seat][k]:
            return f"the card in {where} was already used this round"
        card = st.hands[seat][k]
    text = action_card_text(R.comp, card)
    ck = T.card_kind[card]
    needed = _CARD_KIND_NEEDED.get(kind)
    if kind == A_DEST and ck not in (HK_MOVE, HK_PORTAL):
        return f"the card in {where} ({text}) is neither a move nor a portal card"
    if needed is not None and ck != HERO_KINDS[needed]:
        return f"the card in {where} ({text}) is not a {needed} card"
    if kind == A_DEST:
        return _dest_reason(R, reach, ck == HK_PORTAL, arg, T.card_strength[card],
                            T.card_barea[card])
    if kind == A_SWORD:
        return _sword_reason(R, reach, arg >> 1, bool(arg & 1), T.card_bcol[card])
    if kind == A_HARPOON:
        if reach.on_neck < 0:
            return "the hero does not stand on a neck tile (R8)"
        return "the card's bonus colour is not this neck's, so there is no bonus to forgo (R6)"
    if kind == A_BARRICADE:
        return _barricade_reason(st, R, reach, arg)
    return "the hero already holds a shield (R13)"


def _dest_reason(R: Rules, reach: Reach, portal: bool, dest: int, steps: int,
                 bonus_area: int) -> str:
    name = R.B.name(dest)
    if portal:
        return f"{name} is not a portal space free of heads and necks, other than the hero's own (R12)"
    bonus = ""
    if bonus_area >= 0:
        bonus = f" (or {steps + 1} with the {R.comp.board.areas[bonus_area]} bonus, if the hero starts there)"
    return f"{name} cannot be reached by a walk of exactly {steps} steps{bonus} (R3, R5)"


def _sword_reason(R: Rules, reach: Reach, c: int, forgo: bool, bonus_colour: int) -> str:
    colour = R.comp.hydra_colours[c]
    if not (reach.attack >> c) & 1:
        return (f"the {colour} Hydra cannot be struck: the hero must be orthogonally adjacent to "
                f"its head (or, with counter 0, to its neck; never at the maelstrom) (R7)")
    if forgo and bonus_colour != c:
        return f"the card has no bonus against {colour}, so there is no bonus to forgo (R6)"
    return "not legal in the current position"


def _barricade_reason(st: State, R: Rules, reach: Reach, token: int) -> str:
    if reach.sp == R.B.city:
        if token >= 0:
            return "in the city the barricade action repairs the wall; no barricade is moved (R11)"
        return "no wall token is missing, so the wall cannot be repaired (R11)"
    targets = reach.barricade_targets()
    if not targets:
        return "the hero's space already holds a barricade or a neck tile (R11)"
    if token < 0:
        return "all barricades are on the board: one of them must be moved (R11)"
    return "a barricade is still in the supply: a new one is placed, none is moved (R11)"


def _city_reason(st: State, R: Rules, reach: Reach, seat: int, kind: int, arg: int) -> str:
    bit = _CITY_BITS.get(kind)
    if bit is not None and st.city_used[seat] & bit:
        return "this city action was already used this round (R16)"
    if kind == A_CITY_MOVE:
        return _dest_reason(R, reach, False, arg, 1, -1)
    if kind == A_CITY_PORTAL:
        return _dest_reason(R, reach, True, arg, 0, -1)
    if kind == A_CITY_SWORD:
        return _sword_reason(R, reach, arg, False, -1)
    if kind == A_CITY_HARPOON:
        return "the hero does not stand on a neck tile (R8)"
    if kind == A_CITY_PROTECT:
        return "the hero already holds a shield (R13)"
    return "not legal in the current position"
