"""What one seat may know of a game of Hail Hydra (HH33), as plain data, and its view object.

:func:`seat_info` is the one place that decides what a seat sees: the observer, the text
(render, describe), the bots and the leak tests all read it, never the state.
"""

from __future__ import annotations

from typing import Any

from hydra_env.api.views import SeatViewBase
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.state import HYDRA, NONE, OPEN, State

UNKNOWN = -1


def known_loyalties(state: State, seat: int) -> list[int]:
    """Per seat: SHIELD 0, HYDRA 1 or UNKNOWN, as ``seat`` knows it (HH6, HH25, Widow)."""
    if not state.loyalty:
        return [UNKNOWN] * state.players
    own = state.loyalty[seat]
    known = [UNKNOWN] * state.players
    for s in range(state.players):
        if s == seat or own == HYDRA or state.revealed[s]:
            known[s] = state.loyalty[s]
    for target, loyalty in state.widow[seat]:
        known[target] = loyalty
    return known


def _offensive_info(state: State, index: int, record: dict[str, Any], seat: int) -> dict[str, Any]:
    gave_to = record["gave_to"]
    received = [0] * 8
    if seat in gave_to:
        for giver, to in enumerate(gave_to):
            if to == seat:
                received = [a + b for a, b in zip(received, record["gift"][giver], strict=True)]
    announced = record["cards"] is not None
    total = record["total"]
    if total is None and state.total_flag and index == len(state.offensives) - 1:
        total = state.total
    return {"index": index, "mission": record["mission"], "holder": record["holder"],
            "active": record["active"][:], "out": record["out"][:], "revealed": record["revealed"][:],
            "played": record["played"][:], "down_count": [sum(d) for d in record["down"]],
            "claim": record["claim"][:], "up": [u[:] for u in record["up"]], "gave": record["gave"][:],
            "gave_to": gave_to[:], "used": record["used"][:],
            "cards": record["cards"][:] if announced and not record["hidden"] else None,
            "hidden": record["hidden"] and announced, "total": total,
            "villain_damage": record["villain_damage"], "city_damage": record["city_damage"],
            "defeated": record["defeated"], "own_down": record["down"][seat][:],
            "own_gift": record["gift"][seat][:], "received": received}


def _round_info(record: dict[str, Any], seat: int) -> dict[str, Any]:
    closed = record["closed"]
    votes = [v if closed or s == seat else OPEN for s, v in enumerate(record["votes"])]
    return {"phase": record["phase"], "round": record["round"], "nominations": list(record["nominations"]),
            "votes": votes, "result": record["result"],
            "ambush": record["ambush"], "rally": record["rally"], "closed": closed}


def seat_info(state: State, comp: Components, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know now (HH33), as JSON data; nothing else."""
    pending = state.pending
    loyal = state.loyalty[seat] if state.loyalty else UNKNOWN
    return {
        "players": state.players, "seat": seat, "loyalty": loyal, "hydra_count": comp.rows[state.players].hydra,
        "known_loyalty": known_loyalties(state, seat),
        "decision": None if pending is None else pending.to_list(),
        "heroes": list(state.heroes), "used": list(state.used), "revealed": list(state.revealed),
        "out": list(state.out), "immune": list(state.immune), "token": state.token,
        "first_player": state.first_player, "hand": list(state.hands[seat]),
        "hand_sizes": [sum(h) for h in state.hands], "draw_size": len(state.draw),
        "discard_size": sum(state.discard), "reshuffles": state.reshuffles, "city": state.city,
        "mission": state.mission, "villain": state.villain, "health": state.health,
        "start_health": state.start_health, "defence": state.defence, "strength": state.strength,
        "tiers_to_come": list(state.stack_tiers), "defeated": list(state.defeated),
        "total": state.total if state.total_flag else None, "smash": state.smash, "panther": state.panther,
        "rounds_left": state.rounds_left, "stage": state.stage,
        "offensives": [_offensive_info(state, i, r, seat) for i, r in enumerate(state.offensives)],
        "rounds": [_round_info(r, seat) for r in state.rounds],
        "widow": [list(x) for x in state.widow[seat]] if state.widow else [],
        "web": list(state.web[seat]) if state.web else [], "radar": list(state.radar[seat]) if state.radar else [],
        "game_over": state.game_over, "winner": state.winner, "cause": state.cause,
        "final_loyalty": list(state.loyalty) if state.game_over else None,
    }


def open_vote_hidden(info: dict[str, Any]) -> bool:
    """HH34 (b): no other seat's vote of an open round is in ``info``."""
    seat = info["seat"]
    return all(v == OPEN for r in info["rounds"] if not r["closed"]
               for s, v in enumerate(r["votes"]) if s != seat)


class HailHydraView(SeatViewBase):
    """One seat's view: :meth:`observe` (plain data of :func:`seat_info`), legal actions,
    descriptions and samples (:meth:`sample` re-deals what the seat cannot see)."""

    __slots__ = ("_info",)

    def __init__(self, game: Any, seat: int) -> None:
        self._game, self.seat, self._redeal = game, seat, True
        self._info: dict[str, Any] | None = None

    @property
    def info(self) -> dict[str, Any]:
        """The seat's information (cached)."""
        if self._info is None:
            self._info = self._game.observe(self.seat)
        return self._info

    @property
    def loyalty(self) -> int:
        """The seat's own loyalty (0 SHIELD, 1 HYDRA)."""
        return self.info["loyalty"]

    @property
    def decision(self) -> int:
        """The pending decision's type (NONE when none)."""
        decision = self.info["decision"]
        return NONE if decision is None else decision[1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HailHydraView) and self.seat == other.seat and self.info == other.info

    __hash__ = None  # type: ignore[assignment]
