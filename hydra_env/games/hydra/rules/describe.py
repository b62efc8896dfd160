"""Describe an action index in the current position (card, hero, target)."""

from __future__ import annotations

from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_DEST,
    A_HARPOON,
    A_PLACE,
    A_PLAY_HYDRA,
    A_PROTECT,
    A_SWORD,
    DISPLAY_SLOTS,
)
from hydra_env.games.hydra.rules.heroes import attack, slot_card
from hydra_env.games.hydra.rules.state import DECIDE_BUCKLE_UP, DECIDE_FOLLOW, State
from hydra_env.games.hydra.rules.tables import HK_BARRICADE, HK_HARPOON, HK_MOVE, HK_PORTAL, HK_PROTECT, HK_SWORD, Rules
from hydra_env.games.hydra.rules.text import hero_text, hydra_card_text


def slot_label(state: State, rules: Rules, slot: int) -> str:
    """``display A3`` (solo rows A/B), ``display 4`` or ``hand 2`` (1-based)."""
    if slot >= DISPLAY_SLOTS:
        return f"hand {slot - DISPLAY_SLOTS + 1}"
    if rules.solo:
        ncols = max(len(state.solo_row_c), 1)
        return f"display {'AB'[slot // ncols]}{slot % ncols + 1}"
    return f"display {slot + 1}"


# The card hero-action kinds each card-block decision kind may carry.
_FITS = {A_DEST: (HK_MOVE, HK_PORTAL), A_SWORD: (HK_SWORD,), A_HARPOON: (HK_HARPOON,),
         A_BARRICADE: (HK_BARRICADE,), A_PROTECT: (HK_PROTECT,)}


def _card_action(state: State, rules: Rules, seat: int, a: int) -> str | None:
    codec, comp, board, tables = rules.codec, rules.components, rules.board, rules.tables
    kind, slot, arg = codec.decode(a)
    card = slot_card(state, seat, slot)
    if card < 0 or tables.card_kind[card] not in _FITS[kind]:
        return None
    head = f"{comp.action_cards[card].id} {hero_text(comp, card)} from {slot_label(state, rules, slot)}"
    if kind == A_DEST:
        verb = "move" if tables.card_kind[card] == HK_MOVE else "portal"
        return f"{head}: {verb} to {board.name(arg)}"
    if kind == A_SWORD:
        c, dmg = attack(state, rules, seat, a)
        forgo = ", bonus forgone" if arg & 1 else ""
        return f"{head}: strike {comp.hydra_colours[c]} for {dmg}{forgo}"
    if kind == A_HARPOON:
        c, dmg = attack(state, rules, seat, a)
        forgo = ", bonus forgone" if arg else ""
        colour = comp.hydra_colours[c] if c >= 0 else "?"
        return f"{head}: harpoon the {colour} neck for {dmg}{forgo}"
    if kind == A_BARRICADE:
        if state.hero_space[seat] == board.city:
            return f"{head}: repair the wall"
        if arg < 0:
            return f"{head}: raise a barricade on {board.name(state.hero_space[seat])}"
        return (f"{head}: move barricade {arg} from {board.name(state.barricade_space[arg])} to "
                f"{board.name(state.hero_space[seat])}")
    return f"{head}: take a shield"


def describe_action(state: State, rules: Rules, a: int, viewer: int | None = None) -> str:
    """A sentence for action ``a`` as the pending seat would take it now.

    With ``viewer`` other than the pending seat, the pending seat's hand
    cards are not named (R41)."""
    codec, comp, board = rules.codec, rules.components, rules.board
    kind, slot, arg = codec.decode(a)
    pd = state.pending
    seat = pd.seat if pd is not None else 0
    if viewer is not None and viewer != seat and (slot >= DISPLAY_SLOTS or kind == A_PLAY_HYDRA):
        return codec.describe(a)
    if kind <= A_PROTECT:
        text = _card_action(state, rules, seat, a)
        if text is not None:
            return text
    if kind == A_PLAY_HYDRA:
        hand = state.hydra_hands[seat] if 0 <= seat < len(state.hydra_hands) else []
        if arg < len(hand):
            return f"play hydra card {hydra_card_text(comp, hand[arg])}"
    if kind == A_PLACE and pd is not None:
        return f"seat {seat}: put the hero on {board.name(arg)}"
    if pd is not None and a in (codec.yes, codec.no):
        yes = a == codec.yes
        if pd.kind == DECIDE_FOLLOW:
            return (f"seat {seat}: follow the retreating head to {board.name(pd.follow_space)}" if yes
                    else f"seat {seat}: stay, do not follow the head")
        if pd.kind == DECIDE_BUCKLE_UP:
            return (f"seat {seat}: buckle up (pay 1 glory, redraw the action cards)" if yes
                    else f"seat {seat}: keep the hand")
    return codec.describe(a)
