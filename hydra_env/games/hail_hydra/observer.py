"""The observation of Hail Hydra (HH33): one float32 vector in [0, 1], seats relative to the observer.

Encoded from :func:`.views.seat_info` only (what the seat may know), N = 8 seat slots
(relative seat k = observer + k; 0 is the observer; slots beyond the player count stay 0),
H offensive rows (default 40), K = 8 vote-round rows. Parts, in order:

``game`` (267)
    players one-hot 5..8 (4); the observer's own decision type one-hot (12, zeros while
    another seat decides); own loyalty SHIELD/HYDRA (2); known loyalty per seat
    unknown/SHIELD/HYDRA (8×3); hero per seat (8×14); per seat ability used, revealed,
    knocked out, immune, token holder (5×8); hand sizes /10 (8); draw and discard pile
    sizes /80 (2); city /27 (1); mission one-hot (5); current villain one-hot (18);
    villain health /13, defence /3, strength /10 (3); villains defeated (18); offensives
    in the game and in the mission /36 (2); round number in the phase one-hot and rounds
    left one-hot (3 + 3); the seat a verdict may save, one-hot (8); the current team total
    T as (T + 40) / 80 and whether it is announced (2).
``hand`` (8)
    own cards per value /10.
``offensives`` (H×211)
    per offensive in order: valid; mission one-hot (5); holder one-hot (8); per seat
    (active, knocked out, revealed, face-down count /3, claim one-hot g = 0..3, face-up
    count /3, face-up sum (s + 15) / 30, gift count /2, gift recipient one-hot 8, ability
    used) (8×20); revealed counts per value /8 (8); hidden (only T announced); T as
    (T + 40) / 80; villain damage /13; city damage /10; villain defeated; private: own
    face-down values, own gift values, received gift values, per value /3 (3×8).
``rounds`` (K×163)
    per vote round: valid; phase one-hot (4); round one-hot (3); nominations per seat
    over targets (8 relative seats + up) (8×9); votes likewise, only once the round closes
    (the observer's own vote at once) (8×9); result (8 seats + nobody, once decided) (9);
    ambush; rally.
``intel`` (29)
    Web-Slinger: valid, target one-hot (8), cards per value /3 (8), in this offensive (18);
    Blind Justice: valid, target one-hot (8), claim true, claim false (11).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.games.hail_hydra.state import NONE, OPEN, UP_VOTE

N, K = 8, 8
GAME, HAND, ROW, ROUND, INTEL = 267, 8, 211, 163, 29


def _clip(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


class HailHydraObserver:
    """The observer of the module docstring; ``history`` rows of offensives."""

    def __init__(self, history: int = 40) -> None:
        self.history = history
        self.parts = {"game": (GAME,), "hand": (HAND,), "offensives": (history, ROW), "rounds": (K, ROUND),
                      "intel": (INTEL,)}
        self.size = GAME + HAND + history * ROW + K * ROUND + INTEL

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views of the parts of a flat observation."""
        lead, start, views = flat.shape[:-1], 0, {}
        for name, shape in self.parts.items():
            stop = start + int(np.prod(shape))
            views[name] = flat[..., start:stop].reshape(lead + shape)
            start = stop
        return views

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat`` (into ``out`` when given)."""
        return self.encode_info(game.observe(seat), out)

    def encode_info(self, info: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of a seat's information."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0.0
        parts = self.split(out)
        seat, players = info["seat"], info["players"]
        rel = [(s - seat) % players for s in range(players)]
        self._game(parts["game"], info, rel)
        parts["hand"][:] = [x / 10 for x in info["hand"]]
        for i, record in enumerate(info["offensives"][-self.history:]):
            self._offensive(parts["offensives"][i], record, rel)
        for i, record in enumerate(info["rounds"][-K:]):
            self._round(parts["rounds"][i], record, rel, seat)
        self._intel(parts["intel"], info, rel)
        return out

    def _game(self, g: np.ndarray, info: dict[str, Any], rel: list[int]) -> None:
        players = info["players"]
        g[players - 5] = 1
        at = 4
        decision = info["decision"]
        if decision is not None and decision[0] == info["seat"]:
            g[at + decision[1]] = 1
        at += 12
        if info["loyalty"] >= 0:
            g[at + info["loyalty"]] = 1
        at += 2
        for s in range(players):
            g[at + rel[s] * 3 + info["known_loyalty"][s] + 1] = 1
        at += 24
        for s in range(players):
            if info["heroes"][s] >= 0:
                g[at + rel[s] * 14 + info["heroes"][s]] = 1
        at += 112
        for k, key in enumerate(("used", "revealed", "out", "immune")):
            for s in range(players):
                g[at + k * 8 + rel[s]] = float(info[key][s])
        g[at + 32 + rel[info["token"]]] = 1
        at += 40
        for s in range(players):
            g[at + rel[s]] = _clip(info["hand_sizes"][s] / 10)
        at += 8
        g[at], g[at + 1] = info["draw_size"] / 80, info["discard_size"] / 80
        g[at + 2] = _clip(info["city"] / 27)
        at += 3
        if info["mission"] >= 0:
            g[at + info["mission"]] = 1
        at += 5
        if info["villain"] >= 0:
            g[at + info["villain"]] = 1
        at += 18
        g[at], g[at + 1], g[at + 2] = info["health"] / 13, info["defence"] / 3, _clip(info["strength"] / 10)
        at += 3
        for v in info["defeated"]:
            g[at + v] = 1
        at += 18
        mission_offs = sum(1 for o in info["offensives"] if o["mission"] == info["mission"])
        g[at], g[at + 1] = len(info["offensives"]) / 36, mission_offs / 36
        at += 2
        rounds = [r for r in info["rounds"] if r["phase"] == info["mission"]]
        if rounds and not rounds[-1]["closed"]:
            g[at + min(rounds[-1]["round"], 2)] = 1
            g[at + 3 + min(info["rounds_left"], 2)] = 1
            if rounds[-1]["result"] != NONE:
                g[at + 6 + rel[rounds[-1]["result"]]] = 1
        at += 14
        if info["total"] is not None:
            g[at], g[at + 1] = _clip((info["total"] + 40) / 80), 1

    def _offensive(self, row: np.ndarray, o: dict[str, Any], rel: list[int]) -> None:
        row[0] = 1
        row[1 + o["mission"]] = 1
        row[6 + rel[o["holder"]]] = 1
        for s in range(len(rel)):
            b = 14 + rel[s] * 20
            row[b], row[b + 1], row[b + 2] = o["active"][s], o["out"][s], o["revealed"][s]
            row[b + 3] = o["down_count"][s] / 3
            if o["claim"][s] >= 0:
                row[b + 4 + o["claim"][s]] = 1
            up = o["up"][s]
            row[b + 8] = sum(up) / 3
            row[b + 9] = _clip((sum(n * v for n, v in zip(up, (1, 2, 3, 4, -2, -3, -4, -5), strict=True)) + 15) / 30)
            row[b + 10] = o["gave"][s] / 2
            if o["gave_to"][s] >= 0:
                row[b + 11 + rel[o["gave_to"][s]]] = 1
            row[b + 19] = o["used"][s]
        b = 14 + 160
        if o["cards"] is not None:
            row[b:b + 8] = [_clip(x / 8) for x in o["cards"]]
        row[b + 8] = o["hidden"]
        if o["total"] is not None:
            row[b + 9] = _clip((o["total"] + 40) / 80)
        row[b + 10], row[b + 11] = _clip(o["villain_damage"] / 13), _clip(o["city_damage"] / 10)
        row[b + 12] = o["defeated"]
        b += 13
        for k, key in enumerate(("own_down", "own_gift", "received")):
            row[b + 8 * k:b + 8 * k + 8] = [_clip(x / 3) for x in o[key]]

    def _round(self, row: np.ndarray, r: dict[str, Any], rel: list[int], seat: int) -> None:
        row[0] = 1
        row[1 + min(r["phase"], 3)] = 1
        row[5 + min(r["round"], 2)] = 1
        for k, key in enumerate(("nominations", "votes")):
            for s, choice in enumerate(r[key]):
                if choice == OPEN:
                    continue
                b = 8 + k * 72 + rel[s] * 9
                row[b + (8 if choice == UP_VOTE else rel[choice])] = 1
        if r["result"] != NONE:
            row[152 + rel[r["result"]]] = 1
        elif r["closed"]:
            row[160] = 1
        row[161], row[162] = r["ambush"], r["rally"]

    def _intel(self, x: np.ndarray, info: dict[str, Any], rel: list[int]) -> None:
        if info["web"]:
            index, target, counts = info["web"]
            x[0] = 1
            x[1 + rel[target]] = 1
            x[9:17] = [_clip(c / 3) for c in counts]
            x[17] = float(index == len(info["offensives"]) - 1)
        if info["radar"]:
            _, target, truth = info["radar"]
            x[18] = 1
            x[19 + rel[target]] = 1
            x[27 + (0 if truth else 1)] = 1


def observer(game: Any) -> HailHydraObserver:
    """The observer of a game (its ``history`` option gives H)."""
    return HailHydraObserver(game.state.options.get("history", 40))
