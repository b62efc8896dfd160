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
_ROW_CACHE: dict[tuple, np.ndarray] = {}
_ROW_CACHE_SIZE = 1 << 12      # rows kept (with their keys, under 10 MB); emptied when full


def _clip(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


class HailHydraObserver:
    """The observer of the module docstring; ``history`` rows of offensives.

    :meth:`encode` runs the native encoder on a native game (``encode_flat``: the same
    values bit for bit, as the differential checks), else :meth:`encode_info` on the
    seat's information: each part built as a Python list and written at once (a numpy item
    assignment costs more than the list), the offensive and vote-round rows memoised on
    everything they are made of (module ``_ROW_CACHE``: a finished offensive's row comes back
    unchanged at every later decision, for every seat).
    """

    encodes_seat_info = True
    """:meth:`encode` of a game is :meth:`encode_info` of the seat's information (``view.info``)."""

    def __init__(self, history: int = 40) -> None:
        self.history = history
        self.parts = {"game": (GAME,), "hand": (HAND,), "offensives": (history, ROW), "rounds": (K, ROUND),
                      "intel": (INTEL,)}
        self.size = GAME + HAND + history * ROW + K * ROUND + INTEL
        self._off_at = GAME + HAND
        self._rounds_at = self._off_at + history * ROW
        self._intel_at = self._rounds_at + K * ROUND

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views of the parts of a flat observation."""
        lead, start, views = flat.shape[:-1], 0, {}
        for name, shape in self.parts.items():
            stop = start + int(np.prod(shape))
            views[name] = flat[..., start:stop].reshape(lead + shape)
            start = stop
        return views

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat`` (into ``out`` when given): the game's native
        ``encode_flat`` when it has one, else :meth:`encode_info` of ``game.observe(seat)``."""
        encode_flat = getattr(game, "encode_flat", None)
        if encode_flat is not None and getattr(game, "obs_size", None) == self.size and (
                out is None or out.dtype == np.float32):
            return encode_flat(seat, out)
        return self.encode_info(game.observe(seat), out)

    def encode_info(self, info: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of a seat's information."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0.0
        seat, players = info["seat"], info["players"]
        rel = [(s - seat) % players for s in range(players)]
        out[:GAME] = self._game(info, rel)
        out[GAME:GAME + HAND] = [x / 10 for x in info["hand"]]
        at = self._off_at
        for record in info["offensives"][-self.history:]:
            out[at:at + ROW] = _offensive_row(record, seat, rel)
            at += ROW
        at = self._rounds_at
        for record in info["rounds"][-K:]:
            key = ("r", seat, players, record["phase"], record["round"], record["result"], record["ambush"],
                   record["rally"], record["closed"], *record["nominations"], *record["votes"])
            row = _ROW_CACHE.get(key)
            if row is None:
                row = _remember(key, self._round(record, rel))
            out[at:at + ROUND] = row
            at += ROUND
        intel = self._intel(info, rel)
        if intel is not None:
            out[self._intel_at:] = intel
        return out

    def _game(self, info: dict[str, Any], rel: list[int]) -> list[float]:
        g = [0.0] * GAME
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
        known, heroes = info["known_loyalty"], info["heroes"]
        for s in range(players):
            g[at + rel[s] * 3 + known[s] + 1] = 1
        at += 24
        for s in range(players):
            if heroes[s] >= 0:
                g[at + rel[s] * 14 + heroes[s]] = 1
        at += 112
        for k, key in enumerate(("used", "revealed", "out", "immune")):
            flags, b = info[key], at + k * 8
            for s in range(players):
                g[b + rel[s]] = float(flags[s])
        g[at + 32 + rel[info["token"]]] = 1
        at += 40
        sizes = info["hand_sizes"]
        for s in range(players):
            g[at + rel[s]] = _clip(sizes[s] / 10)
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
        mission = info["mission"]
        mission_offs = sum(1 for o in info["offensives"] if o["mission"] == mission)
        g[at], g[at + 1] = len(info["offensives"]) / 36, mission_offs / 36
        at += 2
        last = None
        for r in info["rounds"]:
            if r["phase"] == mission:
                last = r
        if last is not None and not last["closed"]:
            g[at + min(last["round"], 2)] = 1
            g[at + 3 + min(info["rounds_left"], 2)] = 1
            if last["result"] != NONE:
                g[at + 6 + rel[last["result"]]] = 1
        at += 14
        if info["total"] is not None:
            g[at], g[at + 1] = _clip((info["total"] + 40) / 80), 1
        return g

    def _round(self, r: dict[str, Any], rel: list[int]) -> list[float]:
        row = [0.0] * ROUND
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
        return row

    def _intel(self, info: dict[str, Any], rel: list[int]) -> list[float] | None:
        if not info["web"] and not info["radar"]:
            return None
        x = [0.0] * INTEL
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
        return x


def _offensive_row(o: dict[str, Any], seat: int, rel: list[int]) -> np.ndarray:
    """The row of one offensive record (float32), memoised on everything it is made of: a
    finished offensive's row comes back unchanged at every later decision."""
    key = ("o", seat, len(rel), o["mission"], o["holder"], o["hidden"], o["total"], o["villain_damage"],
           o["city_damage"], o["defeated"], *o["active"], *o["out"], *o["revealed"], *o["down_count"],
           *o["claim"], *o["gave"], *o["gave_to"], *o["used"], *[x for u in o["up"] for x in u],
           o["cards"] and tuple(o["cards"]), *o["own_down"], *o["own_gift"], *o["received"])
    row = _ROW_CACHE.get(key)
    return _remember(key, _offensive_values(o, rel)) if row is None else row


def _remember(key: tuple, values: list[float]) -> np.ndarray:
    """``values`` as a read-only float32 row, kept in the memo under ``key``."""
    if len(_ROW_CACHE) >= _ROW_CACHE_SIZE:
        _ROW_CACHE.clear()
    row = _ROW_CACHE[key] = np.array(values, np.float32)
    row.flags.writeable = False
    return row


def _offensive_values(o: dict[str, Any], rel: list[int]) -> list[float]:
    row = [0.0] * ROW
    row[0] = 1
    row[1 + o["mission"]] = 1
    row[6 + rel[o["holder"]]] = 1
    active, out, revealed, down, claim = o["active"], o["out"], o["revealed"], o["down_count"], o["claim"]
    ups, gave, gave_to, used = o["up"], o["gave"], o["gave_to"], o["used"]
    for s in range(len(rel)):
        b = 14 + rel[s] * 20
        row[b], row[b + 1], row[b + 2], row[b + 3] = active[s], out[s], revealed[s], down[s] / 3
        if claim[s] >= 0:
            row[b + 4 + claim[s]] = 1
        u0, u1, u2, u3, u4, u5, u6, u7 = ups[s]
        row[b + 8] = (u0 + u1 + u2 + u3 + u4 + u5 + u6 + u7) / 3
        row[b + 9] = _clip((u0 + 2 * u1 + 3 * u2 + 4 * u3 - 2 * u4 - 3 * u5 - 4 * u6 - 5 * u7 + 15) / 30)
        row[b + 10] = gave[s] / 2
        if gave_to[s] >= 0:
            row[b + 11 + rel[gave_to[s]]] = 1
        row[b + 19] = used[s]
    b = 14 + 160
    if o["cards"] is not None:
        row[b:b + 8] = [_clip(x / 8) for x in o["cards"]]
    row[b + 8] = o["hidden"]
    if o["total"] is not None:
        row[b + 9] = _clip((o["total"] + 40) / 80)
    row[b + 10], row[b + 11] = _clip(o["villain_damage"] / 13), _clip(o["city_damage"] / 10)
    row[b + 12] = o["defeated"]
    row[b + 13:] = [_clip(x / 3) for key in ("own_down", "own_gift", "received") for x in o[key]]
    return row


def observer(game: Any) -> HailHydraObserver:
    """The observer of a game (its ``history`` option gives H)."""
    return HailHydraObserver(game.state.options.get("history", 40))
