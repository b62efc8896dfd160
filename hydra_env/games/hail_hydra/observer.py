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


def _offsets(widths: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Where each named field starts, the fields laid end to end in order; ``"end"``: the width."""
    at, offsets = 0, {}
    for name, width in widths:
        offsets[name] = at
        at += width
    offsets["end"] = at
    return offsets


GAME_AT = _offsets((("players", 4), ("decision", 12), ("loyalty", 2), ("known_loyalty", 3 * N),
                    ("hero", 14 * N), ("used", N), ("revealed", N), ("out", N), ("immune", N), ("token", N),
                    ("hand_sizes", N), ("piles_and_city", 3), ("mission", 5), ("villain", 18),
                    ("villain_stats", 3), ("defeated", 18), ("offensive_counts", 2), ("round", 3),
                    ("rounds_left", 3), ("verdict", N), ("total", 2)))
"""Where each field of the ``game`` part starts (module docstring; relative seats inside a per-seat field)."""
ROUND_AT = _offsets((("valid", 1), ("phase", 4), ("round", 3), ("nominations", N * (N + 1)),
                     ("votes", N * (N + 1)), ("result", N + 1), ("ambush", 1), ("rally", 1)))
"""Where each field of a vote-round row starts; a nomination or vote row per voter has N + 1 choices."""
SEAT_WIDTH = 20
"""The values per seat in an offensive row (module docstring)."""
OFFENSIVE_AT = _offsets((("valid", 1), ("mission", 5), ("holder", N), ("seats", N * SEAT_WIDTH),
                         ("cards", 8), ("hidden", 1), ("total", 1), ("villain_damage", 1), ("city_damage", 1),
                         ("defeated", 1), ("private", 3 * 8)))
"""Where each field of an offensive row starts."""
GAME, HAND, ROW, ROUND, INTEL = GAME_AT["end"], 8, OFFENSIVE_AT["end"], ROUND_AT["end"], 29
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
        g, at = [0.0] * GAME, GAME_AT
        players = info["players"]
        g[at["players"] + players - 5] = 1
        decision = info["decision"]
        if decision is not None and decision[0] == info["seat"]:
            g[at["decision"] + decision[1]] = 1
        if info["loyalty"] >= 0:
            g[at["loyalty"] + info["loyalty"]] = 1
        known, heroes = info["known_loyalty"], info["heroes"]
        for s in range(players):
            g[at["known_loyalty"] + rel[s] * 3 + known[s] + 1] = 1
            if heroes[s] >= 0:
                g[at["hero"] + rel[s] * 14 + heroes[s]] = 1
        for key in ("used", "revealed", "out", "immune"):
            flags, b = info[key], at[key]
            for s in range(players):
                g[b + rel[s]] = float(flags[s])
        g[at["token"] + rel[info["token"]]] = 1
        sizes = info["hand_sizes"]
        for s in range(players):
            g[at["hand_sizes"] + rel[s]] = _clip(sizes[s] / 10)
        b = at["piles_and_city"]
        g[b], g[b + 1] = info["draw_size"] / 80, info["discard_size"] / 80
        g[b + 2] = _clip(info["city"] / 27)
        if info["mission"] >= 0:
            g[at["mission"] + info["mission"]] = 1
        if info["villain"] >= 0:
            g[at["villain"] + info["villain"]] = 1
        b = at["villain_stats"]
        g[b], g[b + 1], g[b + 2] = info["health"] / 13, info["defence"] / 3, _clip(info["strength"] / 10)
        for v in info["defeated"]:
            g[at["defeated"] + v] = 1
        mission = info["mission"]
        mission_offs = sum(1 for o in info["offensives"] if o["mission"] == mission)
        b = at["offensive_counts"]
        g[b], g[b + 1] = len(info["offensives"]) / 36, mission_offs / 36
        last = None
        for r in info["rounds"]:
            if r["phase"] == mission:
                last = r
        if last is not None and not last["closed"]:
            g[at["round"] + min(last["round"], 2)] = 1
            g[at["rounds_left"] + min(info["rounds_left"], 2)] = 1
            if last["result"] != NONE:
                g[at["verdict"] + rel[last["result"]]] = 1
        if info["total"] is not None:
            g[at["total"]], g[at["total"] + 1] = _clip((info["total"] + 40) / 80), 1
        return g

    def _round(self, r: dict[str, Any], rel: list[int]) -> list[float]:
        row, at = [0.0] * ROUND, ROUND_AT
        row[at["valid"]] = 1
        row[at["phase"] + min(r["phase"], 3)] = 1
        row[at["round"] + min(r["round"], 2)] = 1
        for key in ("nominations", "votes"):
            for s, choice in enumerate(r[key]):
                if choice == OPEN:
                    continue
                b = at[key] + rel[s] * (N + 1)
                row[b + (N if choice == UP_VOTE else rel[choice])] = 1
        if r["result"] != NONE:
            row[at["result"] + rel[r["result"]]] = 1
        elif r["closed"]:
            row[at["result"] + N] = 1
        row[at["ambush"]], row[at["rally"]] = r["ambush"], r["rally"]
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
    row, at = [0.0] * ROW, OFFENSIVE_AT
    row[at["valid"]] = 1
    row[at["mission"] + o["mission"]] = 1
    row[at["holder"] + rel[o["holder"]]] = 1
    active, out, revealed, down, claim = o["active"], o["out"], o["revealed"], o["down_count"], o["claim"]
    ups, gave, gave_to, used = o["up"], o["gave"], o["gave_to"], o["used"]
    for s in range(len(rel)):
        b = at["seats"] + rel[s] * SEAT_WIDTH
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
    if o["cards"] is not None:
        row[at["cards"]:at["cards"] + 8] = [_clip(x / 8) for x in o["cards"]]
    row[at["hidden"]] = o["hidden"]
    if o["total"] is not None:
        row[at["total"]] = _clip((o["total"] + 40) / 80)
    row[at["villain_damage"]] = _clip(o["villain_damage"] / 13)
    row[at["city_damage"]] = _clip(o["city_damage"] / 10)
    row[at["defeated"]] = o["defeated"]
    row[at["private"]:] = [_clip(x / 3) for key in ("own_down", "own_gift", "received") for x in o[key]]
    return row


def observer(game: Any) -> HailHydraObserver:
    """The observer of a game (its ``history`` option gives H)."""
    return HailHydraObserver(game.state.options.get("history", 40))
