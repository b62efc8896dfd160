"""The data of Hail Hydra's replay page: every step of a game as each seat saw it, and as it was.

The page has one *track* per view: track 0 is everything (the omniscient record: every
loyalty, hand, face-down play, gift and open vote), track ``k + 1`` is seat ``k``'s view.
A seat's track is built from the game's own seat information
(:func:`hydra_env.games.hail_hydra.views.seat_info`, HH33) and the game's descriptions
from that seat (``game.describe(action, viewer=k)``), never from the state, so it holds
nothing the seat did not see: two games equal in seat ``k``'s information give equal
track ``k + 1`` (the page's tests re-deal everything else and check it). The page's
script only picks a track; it hides nothing by itself.

A track: ``captions`` (the decision of each step in the view's words; step 0 is the set-up),
``frames`` (frame 0 whole, then per step only the keys that changed) and ``pool``: the
offensive and vote-round records the frames point at (``offs`` and ``rds`` are lists of
indices into ``pool["off"]`` and ``pool["rd"]``; a record is stored once per track).
"""

from __future__ import annotations

import json
from typing import Any

from hydra_env.games.hail_hydra.codec import show_counts
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.state import DECISION_NAMES, State
from hydra_env.games.hail_hydra.views import seat_info

LOYALTY_WORDS = {0: "SHIELD", 1: "HYDRA", -1: "?"}


def values_of(counts: list[int]) -> list[int]:
    """A multiset of cards (counts per value index) as the list of its value indices, increasing."""
    return [v for v in range(len(counts)) for _ in range(counts[v])]


def _offensive(o: dict[str, Any]) -> dict[str, Any]:
    """The page's record of one offensive, from a seat's offensive information (public part and
    that seat's own cards, gift and received gift)."""
    return {"i": o["index"], "m": o["mission"], "h": o["holder"], "act": o["active"], "out": o["out"],
            "rev": o["revealed"], "pl": o["played"], "dc": o["down_count"], "cl": o["claim"],
            "up": [values_of(u) for u in o["up"]], "gv": o["gave"], "gt": o["gave_to"], "us": o["used"],
            "cards": None if o["cards"] is None else values_of(o["cards"]), "hid": o["hidden"], "T": o["total"],
            "vd": o["villain_damage"], "cd": o["city_damage"], "def": o["defeated"],
            "own": values_of(o["own_down"]), "og": values_of(o["own_gift"]), "rc": values_of(o["received"])}


def _round(r: dict[str, Any]) -> dict[str, Any]:
    """The page's record of one vote round (votes of an open round as the seat may see them)."""
    return {"ph": r["phase"], "r": r["round"], "nom": r["nominations"], "votes": r["votes"], "res": r["result"],
            "amb": r["ambush"], "rally": r["rally"], "closed": r["closed"]}


def _intel(info: dict[str, Any], seat: int) -> list[str]:
    """What ``seat``'s own ability showed it (Widow, Web-Slinger, Blind Justice), as lines."""
    lines = [f"seat {seat} saw seat {target}'s loyalty: {LOYALTY_WORDS[loyalty]}" for target, loyalty in info["widow"]]
    if info["web"]:
        lines.append(f"seat {seat} saw seat {info['web'][1]}'s cards in offensive {info['web'][0] + 1}: "
                     f"{show_counts(info['web'][2])}")
    if info["radar"]:
        lines.append(f"seat {seat} learnt that seat {info['radar'][1]}'s claim in offensive {info['radar'][0] + 1} "
                     f"was {'true' if info['radar'][2] else 'false'}")
    return lines


def seat_frame(info: dict[str, Any]) -> dict[str, Any]:
    """The page's frame of one seat's information (``seat_info``): the table, New York, the
    villain, the decision to take, the seat's hand and intel, the offensives and rounds."""
    decision = info["decision"]
    return {
        "me": info["seat"], "loyal": info["known_loyalty"], "hero": info["heroes"], "used": info["used"],
        "rev": info["revealed"], "out": info["out"], "imm": info["immune"], "token": info["token"],
        "hs": info["hand_sizes"], "hand": values_of(info["hand"]), "hands": None,
        "draw": info["draw_size"], "discard": info["discard_size"], "resh": info["reshuffles"],
        "city": info["city"], "mission": info["mission"], "villain": info["villain"], "health": info["health"],
        "start": info["start_health"], "defence": info["defence"], "strength": info["strength"],
        "tiers": info["tiers_to_come"], "defeated": info["defeated"], "total": info["total"],
        "left": info["rounds_left"], "stage": info["stage"],
        "dec": None if decision is None else [decision[0], DECISION_NAMES[decision[1]]],
        "offs": [_offensive(o) for o in info["offensives"]], "rds": [_round(r) for r in info["rounds"]],
        "intel": _intel(info, info["seat"]), "ko": None,
        "over": info["game_over"], "winner": info["winner"], "cause": info["cause"],
        "final": info["final_loyalty"],
    }


def everything_frame(state: State, comp: Components) -> dict[str, Any]:
    """The omniscient frame: the public record with every seat's loyalty, hand, face-down
    cards, gift, open vote and intel (the replay is shown after the game)."""
    players = state.players
    frame = seat_frame(seat_info(state, comp, 0))
    intel = [{"widow": state.widow[s] if state.widow else [], "web": state.web[s] if state.web else [],
              "radar": state.radar[s] if state.radar else []} for s in range(players)]
    frame.update(me=-1, loyal=list(state.loyalty) or [-1] * players, hand=None,
                 hands=[values_of(h) for h in state.hands], ko=list(state.knockouts),
                 intel=[line for s in range(players) for line in _intel(intel[s], s)])
    for entry, record in zip(frame["offs"], state.offensives):
        entry.update(own=None, og=None, rc=None, down=[values_of(d) for d in record["down"]],
                     gift=[values_of(g) for g in record["gift"]])
        if record["cards"] is not None:
            entry["cards"] = values_of(record["cards"])
    for entry, record in zip(frame["rds"], state.rounds):
        entry["votes"] = list(record["votes"])
    return frame


class Track:
    """One view's captions and frames, built step by step (see the module docstring)."""

    def __init__(self) -> None:
        self.captions: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.pool: dict[str, list[Any]] = {"off": [], "rd": []}
        self._index: dict[str, dict[str, int]] = {"off": {}, "rd": {}}
        self._last: dict[str, Any] | None = None

    def _pooled(self, kind: str, records: list[dict[str, Any]]) -> list[int]:
        out = []
        for record in records:
            key = json.dumps(record, sort_keys=True, separators=(",", ":"))
            index = self._index[kind].get(key)
            if index is None:
                index = self._index[kind][key] = len(self.pool[kind])
                self.pool[kind].append(record)
            out.append(index)
        return out

    def add(self, caption: str, frame: dict[str, Any]) -> None:
        """The next step: its caption and its frame (stored as the keys that changed)."""
        frame = {**frame, "offs": self._pooled("off", frame["offs"]), "rds": self._pooled("rd", frame["rds"])}
        last = self._last
        self.frames.append(frame if last is None else {k: v for k, v in frame.items() if last[k] != v})
        self.captions.append(caption)
        self._last = frame

    def to_data(self) -> dict[str, Any]:
        """The track as the page's JSON."""
        return {"captions": self.captions, "frames": self.frames, "pool": self.pool}


def component_names(comp: Components) -> dict[str, Any]:
    """The names the page shows: heroes (name, effect), villains (id, name, tier, power) and the city."""
    return {"heroes": [[h.id, h.name, h.effect, h.window] for h in comp.heroes],
            "villains": [[v.id, v.name, v.tier, v.power, v.amount] for v in comp.villains],
            "city": comp.city_health}
