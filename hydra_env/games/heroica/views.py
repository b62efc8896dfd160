"""What a seat sees of a game of Heroica: everything (HR34), and why an action is illegal.

The view exists for the Game protocol (bots decide from views); nothing is
hidden, so :meth:`HeroicaView.sample` is a clone and the public data of every
seat differ only in naming the observing seat. numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

from hydra_env.api.views import SeatViewBase
from hydra_env.games.heroica.loader import CLASS_ORDER, FACE_KINDS


class HeroicaView(SeatViewBase):
    """One seat's view: the game (everything is public) and the seat."""

    __slots__ = ()

    def __init__(self, game: Any, seat: int) -> None:
        self._game, self.seat, self._redeal = game, seat, False

    @property
    def game(self) -> Any:
        """The game seen (read it, do not change it)."""
        return self._game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HeroicaView) and other.seat == self.seat and other.observe() == self.observe()

    __hash__ = None  # type: ignore[assignment]


def public_data(game: Any, seat: int) -> dict[str, Any]:
    """The position as plain data (every seat sees the same, with its own seat named)."""
    st, t = game.state, game.tables
    heroes = [{"class": CLASS_ORDER[c], "seat": st.hero_owner[h], "space": st.hero_space[h],
               "health": st.hero_health[h], "healing": st.hero_healing[h], "potions": st.hero_potions[h],
               "trophies": st.hero_trophies[h], "knock_outs": st.hero_kos[h]}
              for h, c in enumerate(st.hero_class)]
    return {"seat": seat, "mode": st.mode, "players": st.players, "heroes": heroes,
            "monsters": {str(s): t.monster_names[k] for s, k in sorted(st.monsters.items())},
            "potions": list(st.potions), "crystal": st.crystal, "knock_outs": st.ko_total,
            "turn": st.turn, "round": st.round, "to_play": game.current_player, "decision": game.decision,
            "hero": st.hero, "movement_roll": FACE_KINDS[st.move_face] if st.move_face >= 0 else None,
            "fight_roll": FACE_KINDS[st.fight_face] if st.fight_face >= 0 else None,
            "allowance": st.allowance, "legal": game.legal_actions()}


def why_illegal(game: Any, index: int) -> str:
    """Why the in-range action ``index`` is not legal in the pending decision."""
    decision = game.decision
    kind, arg = game.codec.split(index)
    legal = game.legal_actions()
    allowed = ", ".join(game.codec.describe(a, game.tables) for a in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    st = game.state
    reason = f"the pending decision is {decision} of seat {game.current_player}"
    if kind == "DRINK" and st.hero >= 0:
        if not st.hero_potions[st.hero]:
            reason += ", and the hero holds no Life Potion"
        elif st.hero_health[st.hero] >= game.tables.max_health:
            reason += ", and the hero's Health is full"
    elif kind == "MOVE_TO" and decision in ("MOVE", "STEP", "MONSTER_MOVE"):
        reason += f", and no movement of {st.allowance} step(s) at most can end on space {arg}"
    elif kind == "TARGET" and decision == "MOVE":
        reason += f", and no ranged skill reaches space {arg} (a Shield roll and a monster in reach are needed)"
    elif kind == "TARGET":
        reason += f", and space {arg} holds nothing to choose there"
    return f"{reason}; legal: {allowed}{more}"
