"""Random-input fuzz of the native facade (run it under the sanitizer build).

Three kinds of input, each for ``--seconds``:

* random action integers (any int, huge or negative, numpy ints, bools) applied to
  games in play: each is applied or raises IllegalActionError, and an illegal one
  leaves the game unchanged;
* random saved states: real saves with fields mutated (values replaced by random
  integers, lists cut, grown or emptied, types swapped) loaded with
  ``Game.from_json(text, engine="native")``: each loads or raises SaveError /
  ConfigError, and a loaded game survives legal play;
* random task stacks and pending decisions put straight into the native engine
  (``hydra_env.games.hydra._native.NativeGame.from_dict``, past the Python checks): each is
  refused with ValueError or plays on without a crash.

A fourth kind steps ``NativeGameBatch`` rows with random (sometimes illegal)
actions, random rows, refreshes and live row games. On the games of the first
three, the native views run too: determinize with random PCG64 states, the
observation encoder for every seat and the candidate features (each works or
refuses the state with an exception, never a crash).

::

    make native-asan          # builds the sanitizer module, runs this and the differential
    PYTHONPATH=. python benchmarks/native_fuzz.py --seconds 20
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time

import numpy as np

from hydra_env import Game, native
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydra.native.tables import native_rules

SCENARIOS = tuple(range(1, 13))


def _random_game(rng: random.Random) -> Game:
    game = Game.new(rng.choice(SCENARIOS), rng.randint(1, 3), rng.randrange(1 << 63), engine="native")
    for _ in range(rng.randrange(120)):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _play_on(game: Game, rng: random.Random, steps: int = 200) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(legal[rng.randrange(len(legal))])


_ENCODER = None
_REFUSED = (ValueError, RuntimeError, IndexError, OverflowError)


def _views(raw: object, rules: object, rng: random.Random) -> None:
    """Determinize, encode (every seat) and the candidate features of a native game object."""
    global _ENCODER
    from hydra_env.games.hydra.observe.candidates import N_FEATURES, CandidateEncoder
    from hydra_env.games.hydra.observe.encoding import Encoder
    from hydra_env.games.hydra.observe.encoding.native import native_layout

    module = native.require()
    if _ENCODER is None:
        _ENCODER = Encoder()
    layout = native_layout(_ENCODER)
    out = np.empty(_ENCODER.size, np.float32)
    cand = CandidateEncoder(rules, rng.choice((1, 5, 144))).native_layout()
    k = rng.choice((1, 5, 144))
    feat, index = np.empty((k, N_FEATURES), np.float32), np.empty(k, np.float32)
    for seat in range(raw.players + 1):
        state = (rng.randrange(1 << 64), rng.randrange(1 << 64), rng.randrange(1 << 64),
                 rng.randrange(1 << 64) | 1, rng.random() < 0.5, rng.randrange(1 << 32))
        for name, args in (("encode_observation", (layout, raw, seat, out)),
                           ("encode_candidates", (cand, raw, seat, feat, index)),
                           ("determinize", (raw, seat, *state))):
            try:
                getattr(module, name)(*args)
            except _REFUSED:
                pass


def _random_int(rng: random.Random) -> object:
    return rng.choice([rng.randrange(-5, 2000), rng.randrange(-(1 << 70), 1 << 70), -1, 1 << 63,
                       (1 << 64) - 1, np.int64(rng.randrange(2000)), True, False, 2.0, "3", None])


def fuzz_actions(rng: random.Random, seconds: float) -> int:
    count = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        game = _random_game(rng)
        for _ in range(50):
            if game.is_over:
                break
            before = game.to_json()
            action = _random_int(rng)
            try:
                game.apply(action)  # type: ignore[arg-type]
            except IllegalActionError:
                assert game.to_json() == before, "an illegal action changed the game"
            count += 1
        _views(game._native, game.rules, rng)
    return count


def _mutate(value: object, rng: random.Random) -> object:
    choice = rng.randrange(8)
    if choice == 0:
        return rng.randrange(-300, 300)
    if choice == 1:
        return rng.choice([None, True, "x", [], 1.5, 1 << 70, -(1 << 70)])
    if isinstance(value, list):
        if choice == 2 and value:
            return value[: rng.randrange(len(value))]
        if choice == 3:
            return value + [rng.randrange(-3, 130) for _ in range(rng.randrange(1, 80))]
        if choice == 4 and value:
            i = rng.randrange(len(value))
            out = list(value)
            out[i] = _mutate(out[i], rng)
            return out
        if choice == 5:
            return []
    if isinstance(value, int) and not isinstance(value, bool):
        return value + rng.randrange(-3, 4)
    return value


def _mutated_state(state: dict, rng: random.Random) -> dict:
    state = copy.deepcopy(state)
    for _ in range(rng.randrange(1, 4)):
        key = rng.choice(list(state))
        state[key] = _mutate(state[key], rng)
    return state


def fuzz_saves(rng: random.Random, seconds: float) -> tuple[int, int]:
    tried = loaded = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        game = _random_game(rng)
        doc = json.loads(game.to_json())
        doc["state"] = _mutated_state(doc["state"], rng)
        tried += 1
        try:
            loaded_game = Game.from_json(json.dumps(doc), engine="native")
        except ConfigError:
            continue
        loaded += 1
        _views(loaded_game._native, loaded_game.rules, rng)
        _play_on(loaded_game, rng)
    return tried, loaded


def fuzz_raw(rng: random.Random, seconds: float) -> tuple[int, int]:
    """Mutated states straight into the native engine (no Python validation first)."""
    module = native.require()
    tried = accepted = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        game = _random_game(rng)
        rules = native_rules(module, game.rules)
        state = _mutated_state(game._native.to_dict(), rng)
        if rng.random() < 0.5:
            state["tasks"] = [[rng.randrange(12)] + [rng.randrange(-2, 12) for _ in range(rng.randrange(4))]
                              for _ in range(rng.randrange(6))]
        tried += 1
        try:
            raw = module.NativeGame.from_dict(rules, state)
        except (ValueError, TypeError, OverflowError):
            continue
        accepted += 1
        _views(raw, game.rules, rng)
        try:
            raw.run()
            for _ in range(100):
                legal = raw.legal_actions()
                if raw.is_over or not legal:
                    break
                raw.apply(legal[rng.randrange(len(legal))])
        except (RuntimeError, ValueError, IndexError):
            pass  # refused by the engine's own checks: fine, as long as nothing crashed
    return tried, accepted


def fuzz_batch(rng: random.Random, seconds: float) -> int:
    """NativeGameBatch: random rows and actions (legal, illegal, out of range), refresh, live games."""
    import hydra_env.games.hydra.observe.encoding  # noqa: F401  (registers the batch's layouts)
    from hydra_env.games.hydra.native.batch import NativeGameBatch

    steps = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        scenario = rng.choice(SCENARIOS)
        rules = Game.new(scenario, 1, 0, engine="python").rules
        n = rng.randint(1, 6)
        batch = NativeGameBatch(rules, n, seat=rng.randrange(rules.scenario.players),
                                candidates=rng.choice((0, 1, 7, 144)), write_obs=rng.random() < 0.8,
                                write_masks=rng.random() < 0.8)
        for r in range(n):
            if rng.random() < 0.9:
                batch.start(r, rng.randint(1, 3), rng.randrange(1 << 64))
        nprng = np.random.default_rng(rng.randrange(1 << 32))
        for _ in range(60):
            actions = batch.sample_legal(nprng)
            if rng.random() < 0.1:
                actions[rng.randrange(n)] = rng.randrange(-3, rules.codec.size + 3)
            rows = np.flatnonzero(actions >= 0) if rng.random() < 0.7 else np.arange(n)
            try:
                batch.apply(actions[rows], rows)
            except (IllegalActionError, ConfigError):
                pass
            if rng.random() < 0.1:
                live = [r for r in range(n) if not batch.over[r]]
                if live:
                    game = batch.game(rng.choice(live))
                    game.apply(game.legal_actions()[0])
                batch.refresh()
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per kind of input")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"native module: {native.require().__file__}")
    print(f"random actions: {fuzz_actions(rng, args.seconds):,} applied or refused")
    tried, loaded = fuzz_saves(rng, args.seconds)
    print(f"mutated saves: {tried:,} tried, {loaded:,} loaded and played on")
    tried, accepted = fuzz_raw(rng, args.seconds)
    print(f"raw states into the engine: {tried:,} tried, {accepted:,} accepted and run")
    print(f"game batches: {fuzz_batch(rng, args.seconds):,} batch steps")
    print("fuzz done: no crash")
    return 0


if __name__ == "__main__":
    sys.exit(main())
