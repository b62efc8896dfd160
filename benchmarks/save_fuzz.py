"""Fuzz of every game's save loader, on both engines (issue 30).

For ``--seconds`` per game: play a random game on the Python engine, save it at a random
point, mutate the JSON (a key dropped or given twice, a number made negative, huge or off
by one, a value of the wrong type, list items swapped, dropped or repeated, the text cut
short, deep nesting, invalid UTF-8, NaN) and load the text on each engine. Each text must be

* refused cleanly by both engines: a :class:`~hydra_env.errors.HydraError`, the same type
  and message on each (never another exception: a *crash*), or
* accepted by both: the loaded games equal (masks, observations, saves), their saves equal
  to the text after normalisation (a round trip), play on identically for a few random
  legal actions, and save and load back afterwards.

Actions are mutated too: on every accepted game, before each action played on, one bad action
(an index out of range or negative, a masked index, a float, a bool, a string, None, a huge
integer) is applied on each engine; each must refuse it with a
:class:`~hydra_env.errors.HydraError` of the same type on both, and leave the game as it was
(compared again before the legal action is played).

Anything else is a *disagreement*. A native engine refusing a seed it cannot hold
(``NativeUnsupportedError``, seeds of 2**64 and up) is counted apart, as *unsupported*.

::

    python benchmarks/save_fuzz.py --game all --seconds 60
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hydra_env.api.differential import Differential, illegal_action
from hydra_env.api.registry import game_names, game_spec
from hydra_env.errors import HydraError
from hydra_env.native.modules import NativeUnsupportedError

HUGE = (2 ** 31, 2 ** 63, 2 ** 64, 2 ** 70, 10 ** 100, 10 ** 400)
WRONG = ("x", None, True, False, 1.0, 0.5, [], {}, [1], {"a": 1})
MUTATIONS = ("drop_key", "duplicate_key", "negative", "huge", "off_by_one", "small_int", "wrong_type",
             "swap_items", "drop_item", "repeat_item", "truncate", "deep_nesting", "invalid_utf8",
             "surrogate", "nan", "header", "two_mutations")


@dataclass
class Counts:
    """What the fuzz of one game found; ``examples`` holds the first few problems of each kind."""

    tried: int = 0
    refused: int = 0
    accepted: int = 0
    unsupported: int = 0
    disagreements: int = 0
    crashes: int = 0
    by_mutation: Counter = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def problem(self, kind: str, mutation: str, text: str) -> None:
        """Count a disagreement or crash and keep its first examples."""
        if kind == "crash":
            self.crashes += 1
        else:
            self.disagreements += 1
        self.by_mutation[f"{kind}:{mutation}"] += 1
        if len(self.examples) < 12:
            self.examples.append(f"{kind} [{mutation}] {text[:300]}")


# ------------------------------------------------------------------ mutations
def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into ``value`` (the root excluded)."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        found.append(path + (key,))
        found.extend(_paths(child, path + (key,)))
    return found


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _pick(rng: random.Random, doc: Any, want: Any) -> tuple | None:
    """A random path whose value passes ``want`` (None when there is none)."""
    paths = [p for p in _paths(doc) if want(_get(doc, p))]
    return rng.choice(paths) if paths else None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _change_int(rng: random.Random, doc: Any, how: str) -> str:
    path = _pick(rng, doc, _is_int)
    if path is None:
        return json.dumps(doc)
    old = _get(doc, path)
    new = {"negative": lambda: -abs(old) - rng.randint(0, 2), "huge": lambda: rng.choice(HUGE) * rng.choice((1, -1)),
           "off_by_one": lambda: old + rng.choice((1, -1)), "small_int": lambda: rng.randint(-2, 60)}[how]()
    _set(doc, path, new)
    return json.dumps(doc)


def _duplicate_key(rng: random.Random, doc: Any) -> str:
    path = _pick(rng, doc, lambda v: isinstance(v, dict) and v)
    target = doc if path is None or rng.random() < 0.3 else _get(doc, path)
    key = rng.choice(list(target))
    marker = "\u0000dup\u0000"
    body = json.dumps(target)[1:-1]
    extra = json.dumps({key: rng.choice((target[key], 0, "x"))})[1:-1]
    if target is doc:
        return "{" + body + "," + extra + "}"
    _set(doc, path, marker)
    return json.dumps(doc).replace(json.dumps(marker), "{" + body + "," + extra + "}")


def mutate(text: str, rng: random.Random, mutation: str) -> str | bytes:
    """``text`` (a save) with one ``mutation`` of :data:`MUTATIONS` applied."""
    doc = json.loads(text)
    if mutation == "two_mutations":
        first = mutate(text, rng, rng.choice(MUTATIONS[:10]))
        return mutate(first, rng, rng.choice(MUTATIONS[:10])) if isinstance(first, str) and _is_json(first) else first
    if mutation == "drop_key":
        path = _pick(rng, doc, lambda v: isinstance(v, dict) and v)
        target = doc if path is None or rng.random() < 0.3 else _get(doc, path)
        del target[rng.choice(list(target))]
        return json.dumps(doc)
    if mutation == "duplicate_key":
        return _duplicate_key(rng, doc)
    if mutation in ("negative", "huge", "off_by_one", "small_int"):
        return _change_int(rng, doc, mutation)
    if mutation == "wrong_type":
        path = _pick(rng, doc, lambda v: True)
        if path is not None:
            _set(doc, path, rng.choice(WRONG))
        return json.dumps(doc)
    if mutation in ("swap_items", "drop_item", "repeat_item"):
        path = _pick(rng, doc, lambda v: isinstance(v, list) and len(v) >= (2 if mutation == "swap_items" else 1))
        if path is not None:
            items = _get(doc, path)
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            if mutation == "swap_items":
                items[i], items[j] = items[j], items[i]
            elif mutation == "drop_item":
                del items[i]
            else:
                items.insert(i, items[j])
        return json.dumps(doc)
    if mutation == "truncate":
        return text[:rng.randrange(len(text))]
    if mutation == "deep_nesting":
        depth = rng.choice((20, 70, 1000, 100_000))
        path = _pick(rng, doc, lambda v: True)
        marker = "\u0000deep\u0000"
        if path is not None:
            _set(doc, path, marker)
        return json.dumps(doc).replace(json.dumps(marker), "[" * depth + "1" + "]" * depth, 1)
    if mutation == "invalid_utf8":
        raw = text.encode()
        at = rng.randrange(len(raw))
        return raw[:at] + rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80")) + raw[at:]
    if mutation == "surrogate":
        at = rng.randrange(len(text))
        return text[:at] + "\udc80" + text[at:]
    if mutation == "nan":
        path = _pick(rng, doc, _is_int)
        marker = "\u0000nan\u0000"
        if path is not None:
            _set(doc, path, marker)
        return json.dumps(doc).replace(json.dumps(marker), rng.choice(("NaN", "Infinity", "-Infinity", "1e999")))
    doc[rng.choice(("version", "format"))] = rng.choice((True, 1.0, 2, 0, "1", None, [1]))   # header
    return json.dumps(doc)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


# ------------------------------------------------------------------ checks
def _load(spec: Any, text: Any, engine: str) -> tuple[str, Any]:
    """("ok", game), ("refused", (type, message)), ("unsupported", message) or ("crash", traceback)."""
    try:
        return "ok", spec.from_json(text, engine=engine)
    except NativeUnsupportedError as exc:
        return "unsupported", str(exc)
    except HydraError as exc:
        return "refused", (type(exc).__name__, str(exc))
    except Exception:  # noqa: BLE001 - every other exception is what the fuzz looks for
        return "crash", traceback.format_exc(limit=-3)


def _difference(a: Any, b: Any, where: str) -> str | None:
    """The first path where the JSON values ``a`` (re-saved) and ``b`` (loaded) differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key} ({'missing in the text' if key not in b else 'dropped on load'})"
            found = _difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next((f for i, (x, y) in enumerate(zip(a, b)) if (f := _difference(x, y, f"{where}[{i}]"))), None)
    if a == b and type(a) is type(b):
        return None
    return f"{where} (saved {json.dumps(b)[:40]}, re-saved {json.dumps(a)[:40]})"


BAD_ACTIONS = ("out_of_range", "negative", "masked", "float", "bool", "string", "none", "huge")


def _bad_action(game: Any, rng: random.Random) -> tuple[str, Any]:
    """(kind, action): an action ``game`` must refuse (kinds: :data:`BAD_ACTIONS`)."""
    kind = rng.choice(BAD_ACTIONS)
    masked = illegal_action(game, rng)
    if kind == "masked" and masked is None:
        kind = "out_of_range"
    value = {"out_of_range": lambda: game.action_size + rng.randrange(3), "negative": lambda: -rng.randint(1, 3),
             "masked": lambda: masked, "float": lambda: float(rng.choice(game.legal_actions())) + 0.5,
             "bool": lambda: rng.choice((True, False)), "string": lambda: str(rng.choice(game.legal_actions())),
             "none": lambda: None, "huge": lambda: rng.choice(HUGE)}[kind]()
    return kind, value


def _refuse_bad_action(diff: Differential, games: dict[str, Any], rng: random.Random) -> str | None:
    """Apply one bad action on each engine: the first problem (not refused, refused differently,
    the game changed by the refusal), or None."""
    python = games["python"]
    kind, action = _bad_action(python, rng)
    before = {engine: game.to_json() for engine, game in games.items()}
    outcomes = {}
    for engine, game in games.items():
        try:
            game.apply(action)
            outcomes[engine] = "accepted"
        except HydraError as exc:
            outcomes[engine] = type(exc).__name__
        except Exception:  # noqa: BLE001 - every other exception is what the fuzz looks for
            return f"bad action {kind} {action!r} on {engine}: " + traceback.format_exc(limit=-2).strip()
        if game.to_json() != before[engine]:
            return f"bad action {kind} {action!r} changed the {engine} game ({outcomes[engine]})"
    if "accepted" in outcomes.values() or len(set(outcomes.values())) > 1:
        return f"bad action {kind} {action!r}: {outcomes}"
    return None


def _accepted(diff: Differential, text: Any, games: dict[str, Any], rng: random.Random) -> str | None:
    """The first problem of an accepted text (round trip, engines differ, play on), or None."""
    for engine, game in games.items():
        where = _difference(json.loads(game.to_json()), json.loads(text), "")
        if where is not None:
            return f"{engine}: the save of the loaded game differs from the text it came from at {where}"
    python, native = games["python"], games.get("native")
    for step in range(rng.randint(1, 6)):
        if native is not None:
            problem = diff.compare(python, native)
            if problem:
                return f"after {step} actions: {problem}"
        if python.is_over:
            break
        problem = _refuse_bad_action(diff, games, rng)
        if problem:
            return problem
        action = rng.choice(python.legal_actions())
        for game in games.values():
            game.apply(action)
    for engine, game in games.items():
        kind, value = _load(diff.spec, game.to_json(), engine)
        if kind not in ("ok", "unsupported"):
            return f"{engine}: the game played on from the loaded save cannot load its own save: {value}"
    return None


def _random_save(spec: Any, rng: random.Random) -> str:
    seed = rng.randrange(1 << 62) if rng.random() > 0.05 else (1 << 64) + rng.randrange(1 << 20)
    game = spec.make(seed=seed, engine="python")
    for _ in range(rng.choice((0, 3, 20, 80, 300))):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game.to_json()


def _native_available(spec: Any) -> bool:
    if "native" not in spec.engines:
        return False
    try:
        spec.make(seed=1, engine="native")
    except HydraError:
        return False
    return True


def fuzz(name: str, seconds: float, seed: int = 0) -> Counts:
    """Fuzz the save loader of game ``name`` for ``seconds`` (see the module docstring)."""
    spec, rng, counts = game_spec(name), random.Random(seed), Counts()
    diff = Differential(spec)
    engines = ("python", "native") if _native_available(spec) else ("python",)
    end, save = time.monotonic() + seconds, ""
    while time.monotonic() < end:
        if counts.tried % 8 == 0:
            save = _random_save(spec, rng)
            for engine in engines:      # an intact save loads (a check that refuses too much shows here)
                kind, value = _load(spec, save, engine)
                if kind not in ("ok", "unsupported"):
                    counts.problem("disagreement", "none", f"{engine} refuses an intact save: {value}")
        mutation = rng.choice(MUTATIONS)
        text = mutate(save, rng, mutation)
        counts.tried += 1
        results = {engine: _load(spec, text, engine) for engine in engines}
        kinds = {kind for kind, _ in results.values()}
        shown = text if isinstance(text, str) else repr(text)
        if "crash" in kinds:
            crash = next(v for k, v in results.values() if k == "crash")
            counts.problem("crash", mutation, f"{crash.strip().splitlines()[-1]} | text {shown[:120]}")
        elif kinds == {"refused"}:
            messages = {value for _, value in results.values()}
            if len(messages) > 1:
                counts.problem("disagreement", mutation, f"refused differently: {sorted(messages)}")
            else:
                counts.refused += 1
        elif results["python"][0] == "ok" and results.get("native", ("ok",))[0] in ("ok", "unsupported"):
            games = {e: g for e, (k, g) in results.items() if k == "ok"}
            counts.unsupported += len(games) < len(results)
            try:
                problem = _accepted(diff, text, games, rng)
            except Exception:  # noqa: BLE001
                problem = "playing on the loaded game raised " + traceback.format_exc(limit=-2).strip()
            if problem:
                counts.problem("disagreement", mutation, problem)
            else:
                counts.accepted += 1
                counts.by_mutation[f"accepted:{mutation}"] += 1
        else:
            what = {e: (k, v if k != "ok" else "loaded") for e, (k, v) in results.items()}
            counts.problem("disagreement", mutation, f"engines differ: {what}")
    return counts


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz; exit 1 when any game had a disagreement or a crash."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="all", help="a registered game's name, or all")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = game_names() if args.game == "all" else (args.game,)
    bad = False
    for name in names:
        counts = fuzz(name, args.seconds, args.seed)
        print(f"{name}: tried {counts.tried}, refused {counts.refused}, accepted {counts.accepted} "
              f"(native unsupported {counts.unsupported}), disagreements {counts.disagreements}, "
              f"crashes {counts.crashes}", flush=True)
        for line in counts.examples:
            print("   ", line)
        bad = bad or bool(counts.disagreements or counts.crashes)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
