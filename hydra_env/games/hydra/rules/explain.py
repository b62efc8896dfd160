"""Why an action index is illegal: the message of ``IllegalActionError``.

Only called on the error path, so it favours clear words over speed.
"""

from __future__ import annotations

from hydra_env.api.explain import illegal_action_message
from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_BLOCK,
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_DEST,
    A_END_TURN,
    A_HARPOON,
    A_NO,
    A_PLACE,
    A_PLAY_HYDRA,
    A_PROTECT,
    A_SWORD,
    A_YES,
    DISPLAY_SLOTS,
)
from hydra_env.games.hydra.rules.heroes import Reach
from hydra_env.games.hydra.rules.state import (
    CITY_HARPOON_BIT,
    CITY_MOVE_BIT,
    CITY_PROTECT_BIT,
    CITY_SWORD_BIT,
    DECIDE_ACTION,
    DECIDE_AFTER_ACTION,
    DECIDE_BUCKLE_UP,
    DECIDE_EVADE,
    DECIDE_FOLLOW,
    DECIDE_SHOVED,
    DECISION_NAMES,
    PHASE_ACTIONS,
    State,
)
from hydra_env.games.hydra.rules.tables import HERO_KINDS, HK_MOVE, HK_PORTAL, Rules
from hydra_env.games.hydra.rules.text import action_card_text

_TAKES = {DECIDE_ACTION: "a hero action", DECIDE_AFTER_ACTION: "playing a held hydra card or ending the turn",
          DECIDE_SHOVED: "a place (where the shoved hero goes)",
          DECIDE_EVADE: "a place (where the protected hero evades to)",
          DECIDE_FOLLOW: "yes or no (follow the retreating head)", DECIDE_BUCKLE_UP: "yes or no (buckle up)"}
_CARD_KIND_NEEDED = {A_SWORD: "sword", A_HARPOON: "harpoon", A_BARRICADE: "barricade",
                     A_PROTECT: "protect"}
_CITY_BITS = {A_CITY_MOVE: CITY_MOVE_BIT, A_CITY_SWORD: CITY_SWORD_BIT,
              A_CITY_HARPOON: CITY_HARPOON_BIT, A_CITY_PROTECT: CITY_PROTECT_BIT}


def why_illegal(state: State, rules: Rules, action: object) -> str:
    """A sentence naming the action and why it is not legal now."""
    return illegal_action_message(action, rules.codec, state.game_over,
                                  lambda index: _reason(state, rules, index))


def _reason(state: State, rules: Rules, a: int) -> str:
    codec = rules.codec
    dkind, seat = state.pending.kind, state.pending.seat
    kind, slot, arg = codec.kind[a], codec.slot[a], codec.arg[a]
    wrong = (f"the pending decision is seat {seat}'s {DECISION_NAMES[dkind]}, "
             f"which takes {_TAKES[dkind]}")
    if dkind in (DECIDE_SHOVED, DECIDE_EVADE):
        if kind != A_PLACE:
            return wrong
        allowed = ", ".join(rules.board.name(s) for s in rules.board.spaces(state.pending.choices))
        return f"{rules.board.name(arg)} is not among the spaces the hero may go to ({allowed})"
    if dkind in (DECIDE_FOLLOW, DECIDE_BUCKLE_UP):
        return wrong
    if dkind == DECIDE_AFTER_ACTION:
        if kind == A_PLAY_HYDRA:
            return _play_reason(state, seat, arg)
        if kind == A_END_TURN:
            return "this was the hero's last action: held hydra cards must be played now (R28)"
        return wrong
    if kind in (A_PLACE, A_YES, A_NO, A_END_TURN):
        return wrong
    if kind == A_PLAY_HYDRA:
        if rules.solo:
            return "the solo hero holds no hydra cards"
        if state.victory:
            return "all heads are cut off: no more hydra cards are played (R31)"
        return _play_reason(state, seat, arg)
    if kind == A_BLOCK:
        if not rules.solo:
            return "blocking hydra cards exists only in the solo game"
        if state.phase == PHASE_ACTIONS:
            return "hydra cards can be blocked only in action phase II (R36)"
        return f"row C column {arg + 1} is empty or already blocked"
    reach = Reach(state, rules, seat)
    if kind <= A_PROTECT:
        return _card_reason(state, rules, reach, seat, kind, slot, arg)
    return _city_reason(state, rules, reach, seat, kind, arg)


def _play_reason(state: State, seat: int, k: int) -> str:
    held = len(state.hydra_hands[seat])
    return f"hand slot {k} holds no hydra card (seat {seat} holds {held})"


def _card_reason(state: State, rules: Rules, reach: Reach, seat: int, kind: int, slot: int,
                 arg: int) -> str:
    codec, tables = rules.codec, rules.tables
    where = codec.slot_name(slot)
    if slot < DISPLAY_SLOTS:
        if slot >= len(state.display) or state.display[slot] < 0:
            return f"{where} is empty"
        if state.display_token[slot]:
            return f"{where} already has an action token"
        column = slot % len(state.solo_row_c) if rules.solo else 0
        if rules.solo and state.phase == PHASE_ACTIONS and (state.solo_columns_used >> column) & 1:
            return f"column {slot % len(state.solo_row_c) + 1} was already used in action phase I (R34)"
        card = state.display[slot]
    else:
        k = slot - DISPLAY_SLOTS
        if rules.solo or k >= len(state.action_hands[seat]):
            return f"{where} holds no card"
        if state.action_hand_used[seat][k]:
            return f"the card in {where} was already used this round"
        card = state.action_hands[seat][k]
    text = action_card_text(rules.components, card)
    ck = tables.card_kind[card]
    needed = _CARD_KIND_NEEDED.get(kind)
    if kind == A_DEST and ck not in (HK_MOVE, HK_PORTAL):
        return f"the card in {where} ({text}) is neither a move nor a portal card"
    if needed is not None and ck != HERO_KINDS[needed]:
        return f"the card in {where} ({text}) is not a {needed} card"
    if kind == A_DEST:
        return _dest_reason(rules, reach, ck == HK_PORTAL, arg, tables.card_strength[card],
                            tables.card_barea[card])
    if kind == A_SWORD:
        return _sword_reason(rules, reach, arg >> 1, bool(arg & 1), tables.card_bcol[card])
    if kind == A_HARPOON:
        if reach.on_neck < 0:
            return "the hero does not stand on a neck tile (R8)"
        return "the card's bonus colour is not this neck's, so there is no bonus to forgo (R6)"
    if kind == A_BARRICADE:
        return _barricade_reason(state, rules, reach, arg)
    return "the hero already holds a shield (R13)"


def _dest_reason(rules: Rules, reach: Reach, portal: bool, dest: int, steps: int,
                 bonus_area: int) -> str:
    name = rules.board.name(dest)
    if portal:
        return f"{name} is not a portal space free of heads and necks, other than the hero's own (R12)"
    bonus = ""
    if bonus_area >= 0:
        bonus = f" (or {steps + 1} with the {rules.components.board.areas[bonus_area]} bonus, if the hero starts there)"
    return f"{name} cannot be reached by a walk of exactly {steps} steps{bonus} (R3, R5)"


def _sword_reason(rules: Rules, reach: Reach, c: int, forgo: bool, bonus_colour: int) -> str:
    colour = rules.components.hydra_colours[c]
    if not (reach.attack >> c) & 1:
        return (f"the {colour} Hydra cannot be struck: the hero must be orthogonally adjacent to "
                f"its head (or, with counter 0, to its neck; never at the maelstrom) (R7)")
    if forgo and bonus_colour != c:
        return f"the card has no bonus against {colour}, so there is no bonus to forgo (R6)"
    return "not legal in the current position"


def _barricade_reason(state: State, rules: Rules, reach: Reach, token: int) -> str:
    if reach.sp == rules.board.city:
        if token >= 0:
            return "in the city the barricade action repairs the wall; no barricade is moved (R11)"
        return "no wall token is missing, so the wall cannot be repaired (R11)"
    targets = reach.barricade_targets()
    if not targets:
        return "the hero's space already holds a barricade or a neck tile (R11)"
    if token < 0:
        return "all barricades are on the board: one of them must be moved (R11)"
    return "a barricade is still in the supply: a new one is placed, none is moved (R11)"


def _city_reason(state: State, rules: Rules, reach: Reach, seat: int, kind: int, arg: int) -> str:
    bit = _CITY_BITS.get(kind)
    if bit is not None and state.city_actions_used[seat] & bit:
        return "this city action was already used this round (R16)"
    if kind == A_CITY_MOVE:
        return _dest_reason(rules, reach, False, arg, 1, -1)
    if kind == A_CITY_PORTAL:
        return _dest_reason(rules, reach, True, arg, 0, -1)
    if kind == A_CITY_SWORD:
        return _sword_reason(rules, reach, arg, False, -1)
    if kind == A_CITY_HARPOON:
        return "the hero does not stand on a neck tile (R8)"
    if kind == A_CITY_PROTECT:
        return "the hero already holds a shield (R13)"
    return "not legal in the current position"
