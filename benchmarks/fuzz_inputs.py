"""Fuzz the three readers of outside input: saved games, component data files, replays.

Each example takes a valid input, damages it at random (hypothesis draws the
edits: JSON edits of :mod:`tests.engine.json_mutations`, or a few bytes
replaced) and feeds it to the reader. The contract of each reader:

``save``    ``Game.from_json(text)`` refuses with a :class:`hydra_env.HydraError`,
            or gives a game that saves and loads back to the same text and plays
            to its end under random legal play with
            :func:`hydra_env.games.hydra.rules.testing.invariants` intact.
``data``    ``load_components(folder)`` on a mutated copy of ``hydra_env/games/hydra/data``
            refuses with a :class:`hydra_env.DataError` (a HydraError), or gives
            components with which a game is set up, played for 40 random
            decisions with its invariants intact, saved and loaded back.
``replay``  ``agents.replay.load_replay(path)`` and ``verify_replay(doc)`` refuse
            with a HydraError (a ReplayError) or give a verdict; nothing else.

Anything else — another exception, a broken invariant, an example that runs
longer than ``--timeout`` seconds — is a failure: it is printed with the edits
that made it and written to ``--failures`` (one JSON file per failure, with the
input), and the fuzzing goes on. At the end it prints the examples run and the
failures found per reader; the exit status is 1 when there were failures.

::

    python benchmarks/fuzz_inputs.py --examples 200            # bounded: 200 per reader (CI-sized)
    python benchmarks/fuzz_inputs.py --minutes 10              # by hand: as long as you like
    python benchmarks/fuzz_inputs.py --minutes 3 --target save --seed 7

With ``--minutes`` the readers take turns in batches until the time is up (an
``--examples`` given as well is then a cap per reader). Hypothesis draws the
examples from ``--seed`` (default: a fresh one, printed), so a run can be
repeated; it needs the ``test`` extra (hypothesis).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "games" / "hydra" / "engine"))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from json_mutations import mutated  # noqa: E402

import hydra_env.games.hydra.data  # noqa: E402
from hydra_env import DataError, Game, HydraError, load_components  # noqa: E402
from hydra_env.games.hydra.rules.testing import invariants  # noqa: E402

DATA = Path(hydra_env.games.hydra.data.__file__).parent
DATA_FILES = ("manifest.json", "board.json", "action_cards.json", "hydra_cards.json", "scenarios.json")
TARGETS = ("save", "data", "replay")
BATCH = 25


class _TimeoutError(Exception):
    pass


class CheckFailedError(AssertionError):
    """A reader broke its contract."""


@dataclass
class Tally:
    """Examples run, refused and accepted by one reader, and its failures."""

    examples: int = 0
    refused: int = 0
    accepted: int = 0
    failures: list[dict[str, Any]] = field(default_factory=list)


# --------------------------------------------------------------------------- inputs

def _random_play(game: Game, rng: random.Random, limit: int, check: Callable[[Game], None]) -> None:
    for _ in range(limit):
        check(game)
        if game.is_over:
            return
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def _check_invariants(game: Game) -> None:
    broken = invariants(game)
    if broken:
        raise CheckFailedError(f"invariants broken: {broken}")


def sample_saves() -> list[str]:
    """Saves of solo and coordinated games at their start, in the middle and at the end."""
    saves = []
    for scenario in (10, 11, 12, 1, 4, 7):
        for seed in range(4):
            game = Game.new(scenario, 1 + seed % 3, seed)
            rng = random.Random(seed)
            moments = {0, 5 + seed * 13, 40 + seed * 17}
            for step in range(5000):
                if step in moments or game.is_over:
                    saves.append(game.to_json())
                if game.is_over:
                    break
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
    return saves


def sample_replays() -> list[dict[str, Any]]:
    """Replays of random games of a solo and a coordinated scenario."""
    from agents import replay
    from agents.backends import GameTask, bot_seed, game_seed, play_game
    docs = []
    for index, (scenario, seats) in enumerate(((10, 1), (12, 1), (1, 4), (7, 2))):
        task = GameTask(index, "hydra", {"scenario": scenario, "stars": 1},
                        game_seed(0, index), ("random",) * seats,
                        tuple(bot_seed(0, index, s) for s in range(seats)), True)
        record = play_game(task)
        docs.append(replay.replay_of_task(task, record.decisions, record.result))
    return docs


def _damage_bytes(data: Any, raw: bytes) -> tuple[bytes, str]:
    cut = data.draw(st.integers(0, len(raw)), label="cut")
    removed = data.draw(st.integers(0, 3), label="removed")
    new = data.draw(st.binary(max_size=4), label="bytes")
    return raw[:cut] + new + raw[cut + removed:], f"bytes at {cut}: -{removed} +{new!r}"


def _damaged_json(data: Any, doc: Any, roots: list[tuple]) -> tuple[bytes, list[str]]:
    """JSON edits (mostly) or a few bytes replaced, of ``doc``."""
    if data.draw(st.integers(0, 4), label="how") == 0:
        raw, edit = _damage_bytes(data, json.dumps(doc).encode())
        return raw, [edit]
    root = data.draw(st.sampled_from(roots), label="root")
    new, edits = data.draw(mutated(doc, root), label="edits")
    return json.dumps(new).encode(), edits


# --------------------------------------------------------------------------- readers

def fuzz_save(data: Any, saves: list[str], example: dict[str, Any]) -> str:
    """One example of the save loader: 'refused' or 'accepted'; ``example`` gets the input."""
    text = saves[data.draw(st.integers(0, len(saves) - 1), label="save")]
    raw, edits = _damaged_json(data, json.loads(text), [("state",), ("state",), ()])
    example.update(edits=edits, input=raw.decode("utf-8", "replace"))
    as_bytes = data.draw(st.booleans(), label="bytes")      # from_json takes str or bytes
    try:
        game = Game.from_json(raw if as_bytes else raw.decode("utf-8", "replace"))
    except HydraError:
        return "refused"
    again = game.to_json()
    if Game.from_json(again).to_json() != again:
        raise CheckFailedError("a loaded save does not load back to the same text")
    _random_play(game, random.Random(data.draw(st.integers(0, 1 << 16), label="play")), 5000,
                 _check_invariants)
    if not game.is_over:
        raise CheckFailedError("a loaded save did not end in 5000 decisions")
    return "accepted"


def fuzz_data(data: Any, _: Any, example: dict[str, Any]) -> str:
    """One example of the data loader on a mutated copy of hydra_env/games/hydra/data."""
    docs = {name: json.loads((DATA / name).read_text(encoding="utf-8")) for name in DATA_FILES}
    raw = {name: json.dumps(doc, indent=1).encode() for name, doc in docs.items()}
    edits = []
    for _ in range(data.draw(st.integers(1, 2), label="files")):
        name = data.draw(st.sampled_from(DATA_FILES), label="file")
        if _is_json(raw[name]):
            raw[name], done = _damaged_json(data, json.loads(raw[name]), [()])
        else:                                       # already damaged bytes: more of them
            raw[name], edit = _damage_bytes(data, raw[name])
            done = [edit]
        edits.append(f"{name}: {done}")
    example.update(edits=edits, input={k: v.decode("utf-8", "replace") for k, v in raw.items()})
    folder = Path(tempfile.mkdtemp(prefix="fuzz-data-"))
    try:
        for name, content in raw.items():
            (folder / name).write_bytes(content)
        try:
            components = load_components(folder)
        except DataError:
            return "refused"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    scenario = data.draw(st.sampled_from(components.scenarios), label="scenario")
    try:
        game = Game.new(scenario.number, data.draw(st.integers(1, 3), label="stars"),
                        data.draw(st.integers(0, 1000), label="seed"), components=components)
    except HydraError as exc:
        raise CheckFailedError(f"loaded data cannot set up scenario {scenario.number}: {exc}") from None
    _random_play(game, random.Random(data.draw(st.integers(0, 1000), label="play")), 40,
                 _check_invariants)
    if Game.from_json(game.to_json(), components=components).to_json() != game.to_json():
        raise CheckFailedError("a game of loaded data does not load back to the same text")
    return "accepted"


def _is_json(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except ValueError:
        return False
    return True


def fuzz_replay(data: Any, docs: list[dict[str, Any]], example: dict[str, Any]) -> str:
    """One example of the replay reader (load_replay, then verify_replay)."""
    from agents import replay
    doc = copy.deepcopy(docs[data.draw(st.integers(0, len(docs) - 1), label="replay")])
    raw, edits = _damaged_json(data, doc, [()])
    example.update(edits=edits, input=raw.decode("utf-8", "replace"))
    with tempfile.TemporaryDirectory(prefix="fuzz-replay-") as tmp:
        path = Path(tmp) / "replay.json"
        path.write_bytes(raw)
        try:
            loaded = replay.load_replay(path)
        except HydraError:
            return "refused"
    verdict = replay.verify_replay(loaded, check_bots=data.draw(st.booleans(), label="bots"))
    if not isinstance(verdict, replay.Verdict) or not isinstance(verdict.message, str):
        raise CheckFailedError(f"verify_replay gave {verdict!r}")
    return "accepted" if verdict.ok else "refused"


READERS: dict[str, Callable[[Any, Any, dict[str, Any]], str]] = {
    "save": fuzz_save, "data": fuzz_data, "replay": fuzz_replay}


# --------------------------------------------------------------------------- running

def _alarm(signum: int, frame: Any) -> None:
    raise _TimeoutError()


def run_batch(target: str, inputs: Any, tally: Tally, examples: int, seed: int, timeout: float,
              failures: Path | None) -> None:
    """``examples`` examples of one reader; failures are recorded, never raised. (An example
    for which hypothesis runs out of data is dropped by hypothesis and not counted.)"""
    reader = READERS[target]

    @hypothesis_seed(seed)
    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one(data: Any) -> None:
        example: dict[str, Any] = {}
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            outcome = reader(data, inputs, example)
            setattr(tally, outcome, getattr(tally, outcome) + 1)
            tally.examples += 1
        except _TimeoutError:
            _record(tally, target, f"no answer within {timeout:g} s", example, failures)
        except CheckFailedError as exc:
            _record(tally, target, str(exc), example, failures)
        except Exception as exc:      # noqa: BLE001 — every other exception breaks the contract
            _record(tally, target, f"{type(exc).__name__}: {exc}", example, failures,
                    traceback.format_exc())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)

    one()


def _record(tally: Tally, target: str, what: str, example: dict[str, Any], folder: Path | None,
            trace: str | None = None) -> None:
    failure = {"reader": target, "failure": what, **example, "traceback": trace}
    tally.examples += 1
    tally.failures.append(failure)
    print(f"FAILURE {target}: {what[:300]} (edits: {str(example.get('edits'))[:200]})", flush=True)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{target}-{len(tally.failures):04d}.json"
        path.write_text(json.dumps(failure, indent=1), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzers; print the examples run and the failures found; 1 if any failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=None,
                        help="examples per reader (default 100 without --minutes)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="fuzz until this much time has passed (the readers take turns)")
    parser.add_argument("--target", choices=TARGETS, action="append",
                        help="a reader to fuzz (repeatable; default: all three)")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: fresh)")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds one example may take before it counts as a failure")
    parser.add_argument("--failures", type=Path, default=Path("fuzz-failures"),
                        help="folder for the failing inputs (made only when one is found)")
    args = parser.parse_args(argv)
    if args.examples is not None and args.examples < 1 or args.minutes is not None and args.minutes <= 0:
        parser.error("--examples and --minutes must be positive")
    targets = args.target or list(TARGETS)
    cap = args.examples if args.examples is not None else (None if args.minutes else 100)
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print(f"fuzzing {', '.join(targets)}; seed {seed}; "
          + (f"{args.minutes:g} minutes" if args.minutes else "") + (" and " if args.minutes and cap else "")
          + (f"at most {cap} examples per reader" if cap else ""), flush=True)
    start = time.perf_counter()
    print("preparing inputs (saves and replays of random games)...", flush=True)
    inputs = {"save": sample_saves() if "save" in targets else None, "data": None,
              "replay": sample_replays() if "replay" in targets else None}
    tallies = {t: Tally() for t in targets}
    deadline = None if args.minutes is None else start + 60 * args.minutes
    round_, reported = 0, time.perf_counter()
    while True:
        active = [t for t in targets if cap is None or tallies[t].examples < cap]
        if not active or (deadline is not None and time.perf_counter() >= deadline):
            break
        for target in active:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            size = BATCH if cap is None else min(BATCH, cap - tallies[target].examples)
            run_batch(target, inputs[target], tallies[target], size, seed + 7919 * round_,
                      args.timeout, args.failures)
        round_ += 1
        if time.perf_counter() - reported >= 60:
            reported = time.perf_counter()
            print(f"  {(reported - start) / 60:.1f} min: " + ", ".join(
                f"{t} {tallies[t].examples} examples, {len(tallies[t].failures)} failures"
                for t in targets), flush=True)
    elapsed = time.perf_counter() - start
    print(f"\n{'reader':<8} {'examples':>9} {'refused':>8} {'accepted':>9} {'failures':>9}")
    for target, tally in tallies.items():
        print(f"{target:<8} {tally.examples:>9} {tally.refused:>8} {tally.accepted:>9} "
              f"{len(tally.failures):>9}")
    total = sum(t.examples for t in tallies.values())
    failed = sum(len(t.failures) for t in tallies.values())
    print(f"examples run: {total}; failures found: {failed}; {elapsed / 60:.1f} minutes; seed {seed}"
          + (f"; failing inputs in {args.failures}/" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
