"""Describe an action index in the current position (card, hero, target)."""

from __future__ import annotations

from hydra_env.core.codec import (A_BARRICADE, A_DEST, A_HARPOON, A_PLACE, A_PLAY_HYDRA,
                                  A_PROTECT, A_SWORD, DISPLAY_SLOTS)
from hydra_env.core.heroes import attack, slot_card
from hydra_env.core.state import D_BUCKLE, D_FOLLOW, State
from hydra_env.core.tables import (HK_BARRICADE, HK_HARPOON, HK_MOVE, HK_PORTAL, HK_PROTECT,
                                   HK_SWORD, Rules)
from hydra_env.core.text import hero_text, hydra_card_text


def slot_label(st: State, R: Rules, slot: int) -> str:
    """``display A3`` (solo rows A/B), ``display 4`` or ``hand 2`` (1-based)."""
    if slot >= DISPLAY_SLOTS:
        return f"hand {slot - DISPLAY_SLOTS + 1}"
    if R.solo:
        ncols = max(len(st.row), 1)
        return f"display {'AB'[slot // ncols]}{slot % ncols + 1}"
    return f"display {slot + 1}"


# The card hero-action kinds each card-block decision kind may carry.
_FITS = {A_DEST: (HK_MOVE, HK_PORTAL), A_SWORD: (HK_SWORD,), A_HARPOON: (HK_HARPOON,),
         A_BARRICADE: (HK_BARRICADE,), A_PROTECT: (HK_PROTECT,)}


def _card_action(st: State, R: Rules, seat: int, a: int) -> str | None:
    codec, comp, B, T = R.codec, R.comp, R.B, R.T
    kind, slot, arg = codec.decode(a)
    card = slot_card(st, seat, slot)
    if card < 0 or T.card_kind[card] not in _FITS[kind]:
        return None
    head = f"{comp.action_cards[card].id} {hero_text(comp, card)} from {slot_label(st, R, slot)}"
    if kind == A_DEST:
        verb = "move" if T.card_kind[card] == HK_MOVE else "portal"
        return f"{head}: {verb} to {B.name(arg)}"
    if kind == A_SWORD:
        c, dmg = attack(st, R, seat, a)
        forgo = ", bonus forgone" if arg & 1 else ""
        return f"{head}: strike {comp.hydra_colours[c]} for {dmg}{forgo}"
    if kind == A_HARPOON:
        c, dmg = attack(st, R, seat, a)
        forgo = ", bonus forgone" if arg else ""
        colour = comp.hydra_colours[c] if c >= 0 else "?"
        return f"{head}: harpoon the {colour} neck for {dmg}{forgo}"
    if kind == A_BARRICADE:
        if st.hero[seat] == B.city:
            return f"{head}: repair the wall"
        if arg < 0:
            return f"{head}: raise a barricade on {B.name(st.hero[seat])}"
        return (f"{head}: move barricade {arg} from {B.name(st.barricades[arg])} to "
                f"{B.name(st.hero[seat])}")
    return f"{head}: take a shield"


def describe_action(st: State, R: Rules, a: int, viewer: int | None = None) -> str:
    """A sentence for action ``a`` as the pending seat would take it now.

    With ``viewer`` other than the pending seat, the pending seat's hand
    cards are not named (R41)."""
    codec, comp, B = R.codec, R.comp, R.B
    kind, slot, arg = codec.decode(a)
    pd = st.pending
    seat = pd[1] if pd is not None else 0
    if viewer is not None and viewer != seat and (slot >= DISPLAY_SLOTS or kind == A_PLAY_HYDRA):
        return codec.describe(a)
    if kind <= A_PROTECT:
        text = _card_action(st, R, seat, a)
        if text is not None:
            return text
    if kind == A_PLAY_HYDRA:
        hand = st.hhands[seat] if 0 <= seat < len(st.hhands) else []
        if arg < len(hand):
            return f"play hydra card {hydra_card_text(comp, hand[arg])}"
    if kind == A_PLACE and pd is not None:
        return f"seat {seat}: put the hero on {B.name(arg)}"
    if pd is not None and a in (codec.yes, codec.no):
        yes = a == codec.yes
        if pd[0] == D_FOLLOW:
            return (f"seat {seat}: follow the retreating head to {B.name(pd[2])}" if yes
                    else f"seat {seat}: stay, do not follow the head")
        if pd[0] == D_BUCKLE:
            return (f"seat {seat}: buckle up (pay 1 glory, redraw the action cards)" if yes
                    else f"seat {seat}: keep the hand")
    return codec.describe(a)
