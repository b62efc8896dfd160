"""Hail Hydra's fast paths give exactly what the plain code gives (HH33): the observer's
list-built, memoised rows against a reference encoder written item by item (the observer as it
was before its speed-up), the memoised public posterior against a fresh one, the native save
text and the native observation through the spec's observer."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hydra_env.games.hail_hydra import save
from hydra_env.games.hail_hydra.belief import Belief, private_belief, public_belief
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.native import available
from hydra_env.games.hail_hydra.observer import GAME, HAND, INTEL, ROUND, ROW, HailHydraObserver, K
from hydra_env.games.hail_hydra.spec import SPEC
from hydra_env.games.hail_hydra.state import NONE, OPEN, UP_VOTE

SETTINGS = SPEC.differential_settings

native_only = pytest.mark.skipif(not available(), reason="the native Hail Hydra module is not built")


def _clip(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


class ReferenceObserver:
    """The observation of :mod:`hydra_env.games.hail_hydra.observer`, one numpy item at a time."""

    def __init__(self, history: int = 40) -> None:
        self.history = history
        self.size = GAME + HAND + history * ROW + K * ROUND + INTEL

    def encode_info(self, info: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        g, rows_at = out[:GAME], GAME + HAND
        offensives = out[rows_at:rows_at + self.history * ROW].reshape(self.history, ROW)
        rounds = out[rows_at + self.history * ROW:-INTEL].reshape(K, ROUND)
        seat, players = info["seat"], info["players"]
        rel = [(s - seat) % players for s in range(players)]
        self._game(g, info, rel)
        out[GAME:GAME + HAND] = [x / 10 for x in info["hand"]]
        for i, record in enumerate(info["offensives"][-self.history:]):
            self._offensive(offensives[i], record, rel)
        for i, record in enumerate(info["rounds"][-K:]):
            self._round(rounds[i], record, rel)
        self._intel(out[-INTEL:], info, rel)
        return out

    def _game(self, g: np.ndarray, info: dict[str, Any], rel: list[int]) -> None:
        players = info["players"]
        g[players - 5] = 1
        decision = info["decision"]
        if decision is not None and decision[0] == info["seat"]:
            g[4 + decision[1]] = 1
        if info["loyalty"] >= 0:
            g[16 + info["loyalty"]] = 1
        for s in range(players):
            g[18 + rel[s] * 3 + info["known_loyalty"][s] + 1] = 1
            if info["heroes"][s] >= 0:
                g[42 + rel[s] * 14 + info["heroes"][s]] = 1
            for k, key in enumerate(("used", "revealed", "out", "immune")):
                g[154 + k * 8 + rel[s]] = float(info[key][s])
            g[194 + rel[s]] = _clip(info["hand_sizes"][s] / 10)
        g[154 + 32 + rel[info["token"]]] = 1
        g[202], g[203], g[204] = info["draw_size"] / 80, info["discard_size"] / 80, _clip(info["city"] / 27)
        if info["mission"] >= 0:
            g[205 + info["mission"]] = 1
        if info["villain"] >= 0:
            g[210 + info["villain"]] = 1
        g[228], g[229], g[230] = info["health"] / 13, info["defence"] / 3, _clip(info["strength"] / 10)
        for v in info["defeated"]:
            g[231 + v] = 1
        g[249] = len(info["offensives"]) / 36
        g[250] = sum(1 for o in info["offensives"] if o["mission"] == info["mission"]) / 36
        rounds = [r for r in info["rounds"] if r["phase"] == info["mission"]]
        if rounds and not rounds[-1]["closed"]:
            g[251 + min(rounds[-1]["round"], 2)] = 1
            g[254 + min(info["rounds_left"], 2)] = 1
            if rounds[-1]["result"] != NONE:
                g[257 + rel[rounds[-1]["result"]]] = 1
        if info["total"] is not None:
            g[265], g[266] = _clip((info["total"] + 40) / 80), 1

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
        if o["cards"] is not None:
            row[174:182] = [_clip(x / 8) for x in o["cards"]]
        row[182] = o["hidden"]
        if o["total"] is not None:
            row[183] = _clip((o["total"] + 40) / 80)
        row[184], row[185] = _clip(o["villain_damage"] / 13), _clip(o["city_damage"] / 10)
        row[186] = o["defeated"]
        for k, key in enumerate(("own_down", "own_gift", "received")):
            row[187 + 8 * k:195 + 8 * k] = [_clip(x / 3) for x in o[key]]

    def _round(self, row: np.ndarray, r: dict[str, Any], rel: list[int]) -> None:
        row[0] = 1
        row[1 + min(r["phase"], 3)] = 1
        row[5 + min(r["round"], 2)] = 1
        for k, key in enumerate(("nominations", "votes")):
            for s, choice in enumerate(r[key]):
                if choice != OPEN:
                    row[8 + k * 72 + rel[s] * 9 + (8 if choice == UP_VOTE else rel[choice])] = 1
        if r["result"] != NONE:
            row[152 + rel[r["result"]]] = 1
        elif r["closed"]:
            row[160] = 1
        row[161], row[162] = r["ambush"], r["rally"]

    def _intel(self, x: np.ndarray, info: dict[str, Any], rel: list[int]) -> None:
        if info["web"]:
            index, target, counts = info["web"]
            x[0], x[1 + rel[target]] = 1, 1
            x[9:17] = [_clip(c / 3) for c in counts]
            x[17] = float(index == len(info["offensives"]) - 1)
        if info["radar"]:
            _, target, truth = info["radar"]
            x[18], x[19 + rel[target]], x[27 + (0 if truth else 1)] = 1, 1, 1


def _games(count: int, engine: str = "python"):
    """Random games over the differential's settings, yielding every position."""
    choose = random.Random(7)
    for g in range(count):
        game = new_game(seed=choose.randrange(1 << 40), engine=engine, **SETTINGS[g % len(SETTINGS)])
        while True:
            yield game
            if game.is_over:
                break
            game.apply(choose.choice(game.legal_actions()))


def test_hh33_the_observation_is_bit_for_bit_the_reference_encoders_at_every_seat_and_position():
    positions = 0
    for game in _games(2):
        history = game.state.options["history"]
        fast, reference = HailHydraObserver(history), ReferenceObserver(history)
        for seat in range(game.num_players):
            info = game.observe(seat)
            expected = reference.encode_info(info)
            assert fast.encode_info(info).tobytes() == expected.tobytes(), (positions, seat)
            out = np.full(fast.size, 7.0, np.float32)            # a used buffer is overwritten whole
            assert fast.encode(game, seat, out) is out and out.tobytes() == expected.tobytes()
        positions += 1
    assert positions > 200


def test_hh33_a_memoised_row_never_changes_and_the_public_posterior_equals_a_fresh_one():
    checked = 0
    for game in _games(3):
        for seat in range(game.num_players):
            info = game.observe(seat)
            fresh = Belief(info["players"], info["hydra_count"])
            for s in range(info["players"]):
                if info["revealed"][s]:
                    fresh.restrict(s, True)
            fresh.update_offensives(info["offensives"])
            first = public_belief(info)
            private_belief(info).scale(seat, 5.0)                # changes its own copy only
            again = public_belief(info)
            assert first.weights == fresh.weights == again.weights
            assert first.marginals() == fresh.marginals()
            checked += 1
    observer = HailHydraObserver()
    game = new_game(seed=3, num_players=6)
    before = observer.encode(game, 2).copy()
    observer.encode(game, 2)[:] = 0.5                            # the caller's array, not the memo
    assert observer.encode(game, 2).tobytes() == before.tobytes()
    assert checked > 1000


@native_only
def test_hh33_on_a_native_game_the_observer_gives_the_native_encoding_and_the_save_is_the_pythons():
    from hydra_env.games.hail_hydra.native.game import _Data
    python_games = _games(2)
    for native in _games(2, engine="native"):
        python = next(python_games)
        observer = HailHydraObserver(native.state.options["history"])
        for seat in range(native.num_players):
            expected = observer.encode(python, seat)
            assert observer.encode(native, seat).tobytes() == native.encode_flat(seat).tobytes() == expected.tobytes()
        text = save.dump(native._start_text(), native._forced, _Data(native._native.to_dict()), native.components,
                         native._path)
        assert native.to_json() == text == python.to_json() == native.clone().to_json()
    other = HailHydraObserver(64)                                # another H: the Python encoding of the view
    game = new_game(seed=1, num_players=5, engine="native")
    assert other.encode(game, 0).tobytes() == other.encode_info(game.observe(0)).tobytes()
