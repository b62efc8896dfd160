"""Behaviour fixtures: today's outputs at fixed seeds, recorded so a refactor can prove
that nothing changed (``tests/api/test_behaviour_fixtures.py`` checks them).

Recorded into ``tests/fixtures/behaviour/``:

* ``evaluate/NAME/games.csv`` and ``summary.json``: the files of ``hydra-env evaluate``
  (run through :func:`agents.cli.main`) for the bots (Hydra solo and coop, Hydras) and
  for every policy shipped in ``agents/policies/`` (``ppo:NAME``); ``scores.png`` is
  left out (its bytes depend on matplotlib, not on the games).
* ``env_digests.json``: one running sha256 per env case of every step's observation
  (each dict part and array: dtype, shape, bytes), reward, terminated, truncated, info
  and action mask, along a playthrough with actions drawn by a seeded numpy generator
  among the mask's legal actions (resetting with the next seed when an episode ends):
  the Gymnasium ids (``gymnasium.make``), the PettingZoo AEC envs and the vector envs
  (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``). Every case is
  played on each engine (``HYDRA_ENV_ENGINE=python`` and ``native``) and both must
  give the recorded digest.
* ``differential.json``: for a few fixed seeds, the digest of the sequence of (state
  JSON via ``to_json``, legal mask, action; at the end the result) along a playthrough
  chosen by a seeded ``random.Random`` (or a registered bot at every seat, so that some
  games are won), recorded on the Python engine; the native engine must give it too.

Usage::

    .venv/bin/python benchmarks/record_fixtures.py            # compare; exit 1 on a difference
    .venv/bin/python benchmarks/record_fixtures.py --write    # record today's behaviour
    .venv/bin/python benchmarks/record_fixtures.py --only env # one group: evaluate, policies, env, differential

The code reaches the project only through its command line, ``gymnasium.make`` /
``make_vec`` and public names (``hydra_env.Game``, ``hydra_env.games.hydras.rules.HydrasGame``);
the PettingZoo envs, the bots and the engine check are imported inside the functions
that use them (:func:`_aec_constructor`, :func:`_make_bot`, :func:`engines`), so a module
that moves changes one line.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))   # behaviour_digests beside this file
from behaviour_digests import (  # noqa: E402
    DIFFERENTIAL_CASES,
    ENV_CASES,
    differential_digest,
    engines,
    env_digest,
    registered_env_ids,
)

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "behaviour"

# --------------------------------------------------------------------------- evaluate

_RUN = ["--seed", "0", "--workers", "1", "--no-progress"]
_SOLO = ["--scenario", "10", "--stars", "1"]

# name -> the arguments of `hydra-env evaluate` (without --out)
EVALUATE_RUNS: dict[str, list[str]] = {
    "solo-heuristic": ["--agent", "heuristic", "--games", "20", *_SOLO, *_RUN],
    "solo-greedy": ["--agent", "greedy", "--games", "20", *_SOLO, *_RUN],
    "solo-random-sc11-2star": ["--agent", "random", "--games", "10", "--scenario", "11",
                               "--stars", "2", "--seed", "3", "--workers", "1", "--no-progress"],
    "coop-heuristic": ["--mode", "coop", "--agent", "heuristic", "--games", "5", *_RUN],
    "coop-mixed-seats": ["--mode", "coop", "--agent", "heuristic,greedy,random,heuristic",
                         "--games", "4", "--scenario", "2", "--stars", "2", *_RUN],
    "hydras-heuristic-vs-greedy": ["--game", "hydras", "--agent", "heuristic", "--opponents", "greedy",
                                   "--num-players", "3", "--games", "6", *_RUN],
    "hydras-greedy-vs-random-4p": ["--game", "hydras", "--agent", "greedy", "--opponents", "random",
                                   "--num-players", "4", "--games", "4", *_RUN],
}

# the policies shipped in agents/policies/ (name -> the arguments of `hydra-env evaluate`)
POLICY_RUNS: dict[str, list[str]] = {
    "ppo-solo-default": ["--agent", "ppo:solo-default", "--games", "4", *_SOLO, *_RUN],
    "ppo-solo-from-search": ["--agent", "ppo:solo-from-search", "--games", "4", *_SOLO, *_RUN],
    "ppo-solo-from-search-long": ["--agent", "ppo:solo-from-search-long", "--games", "4", *_SOLO, *_RUN],
    "ppo-coop-default": ["--mode", "coop", "--agent", "ppo:coop-default", "--games", "3", *_RUN],
    "ppo-coop-league": ["--mode", "coop", "--agent", "ppo:coop-league", "--games", "3", *_RUN],
    "ppo-hydras-default": ["--game", "hydras", "--agent", "ppo:hydras-default", "--games", "3", *_RUN],
    "ppo-heroica-solo": ["--game", "heroica", "--agent", "ppo:heroica-solo", "--games", "4", *_RUN],
    "ppo-heroica-race": ["--game", "heroica", "--agent", "ppo:heroica-race", "--opponents", "heuristic",
                         "--num-players", "4", "--games", "4", *_RUN],
    "ppo-hadara-default": ["--game", "hadara", "--agent", "ppo:hadara-default", "--opponents", "greedy",
                           "--games", "4", *_RUN],
    "ppo-hailhydra-default": ["--game", "hail_hydra", "--agent", "ppo:hailhydra-default", "--opponents", "deduce",
                              "--num-players", "6", "--games", "2", *_RUN],
}
EVALUATE_FILES = ("games.csv", "summary.json")


def shipped_policy_names() -> list[str]:
    """The policies shipped through the entry-point group ``hydra_env.policies`` (each
    entry a package of NAME.zip files), as ``ppo:NAME`` finds them."""
    from importlib.metadata import entry_points
    names = set()
    for entry in entry_points(group="hydra_env.policies"):
        for folder in entry.load().__path__:
            names |= {p.stem for p in Path(folder).glob("*.zip")}
    return sorted(names)


def evaluate_outputs(argv: list[str]) -> dict[str, str]:
    """games.csv and summary.json of ``hydra-env evaluate ARGV`` (run in this process on
    the default engine), as text."""
    from agents.cli import main
    with tempfile.TemporaryDirectory(prefix="fixtures-") as tmp:
        out = Path(tmp) / "out"
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            code = main(["evaluate", *argv, "--out", str(out)])
        if code != 0:
            raise RuntimeError(f"hydra-env evaluate {' '.join(argv)} exited {code}:\n{printed.getvalue()}")
        return {name: (out / name).read_text(encoding="utf-8") for name in EVALUATE_FILES}


def recorded_evaluate(name: str) -> dict[str, str]:
    """The recorded files of run ``name``."""
    folder = FIXTURES / "evaluate" / name
    return {f: (folder / f).read_text(encoding="utf-8") for f in EVALUATE_FILES}


# --------------------------------------------------------------------------- record and compare

def _json_file(name: str) -> Path:
    return FIXTURES / name


def load_json(name: str) -> dict[str, Any]:
    """A recorded JSON fixture (``env_digests.json`` or ``differential.json``)."""
    return json.loads(_json_file(name).read_text(encoding="utf-8"))


def record_env_digests() -> tuple[dict[str, Any], list[str]]:
    """Every env case on every engine here; (the fixture, notes on engines that disagree)."""
    fixture: dict[str, Any] = {"registered_ids": registered_env_ids(), "cases": {}}
    notes = []
    for case in ENV_CASES:
        by_engine = {e: env_digest(case, e) for e in engines()}
        first = by_engine["python"]
        for e, got in by_engine.items():
            if got != first:
                notes.append(f"env {case!r}: {e} gives {got}, python {first}")
        fixture["cases"][case] = first
    return fixture, notes


def record_differential() -> tuple[dict[str, Any], list[str]]:
    """Every differential case, recorded on Python; notes where native differs."""
    fixture = {case: differential_digest(case, "python") for case in DIFFERENTIAL_CASES}
    notes = []
    if "native" in engines():
        for case, want in fixture.items():
            got = differential_digest(case, "native")
            if got != want:
                notes.append(f"differential {case!r}: native gives {got}, python {want}")
    return fixture, notes


def _write_evaluate(runs: dict[str, list[str]]) -> None:
    for name, argv in runs.items():
        folder = FIXTURES / "evaluate" / name
        folder.mkdir(parents=True, exist_ok=True)
        for f, text in evaluate_outputs(argv).items():
            (folder / f).write_text(text, encoding="utf-8")
        print(f"wrote {folder.relative_to(ROOT)}/")


def _compare_evaluate(runs: dict[str, list[str]]) -> list[str]:
    problems = []
    for name, argv in runs.items():
        got, want = evaluate_outputs(argv), recorded_evaluate(name)
        problems += [f"evaluate {name}: {f} differs" for f in EVALUATE_FILES if got[f] != want[f]]
        print(f"evaluate {name}: {'ok' if all(got[f] == want[f] for f in EVALUATE_FILES) else 'DIFFERS'}")
    return problems


def _compare_env() -> list[str]:
    want = load_json("env_digests.json")
    problems = []
    if registered_env_ids() != want["registered_ids"]:
        problems.append(f"registered ids {registered_env_ids()} != recorded {want['registered_ids']}")
    for case in ENV_CASES:
        for e in engines():
            got = env_digest(case, e)
            ok = got == want["cases"].get(case)
            print(f"env {case} [{e}]: {'ok' if ok else 'DIFFERS'}")
            if not ok:
                problems.append(f"env {case!r} on {e}: {got} != recorded {want['cases'].get(case)}")
    return problems


def _compare_differential() -> list[str]:
    want = load_json("differential.json")
    problems = []
    for case in DIFFERENTIAL_CASES:
        for e in engines():
            got = differential_digest(case, e)
            ok = got == want.get(case)
            print(f"differential {case} [{e}]: {'ok' if ok else 'DIFFERS'}")
            if not ok:
                problems.append(f"differential {case!r} on {e}: {got} != recorded {want.get(case)}")
    return problems


GROUPS = ("evaluate", "policies", "env", "differential")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record today's behaviour (else compare)")
    parser.add_argument("--only", choices=GROUPS, nargs="+", default=list(GROUPS), help="groups to do")
    args = parser.parse_args(argv)
    if args.write:
        FIXTURES.mkdir(parents=True, exist_ok=True)
        notes: list[str] = []
        if "evaluate" in args.only:
            _write_evaluate(EVALUATE_RUNS)
        if "policies" in args.only:
            _write_evaluate(POLICY_RUNS)
        for group, name, record in (("env", "env_digests.json", record_env_digests),
                                    ("differential", "differential.json", record_differential)):
            if group in args.only:
                fixture, more = record()
                _json_file(name).write_text(json.dumps(fixture, indent=2) + "\n", encoding="utf-8")
                notes += more
                print(f"wrote {_json_file(name).relative_to(ROOT)}")
        for note in notes:
            print(f"NOTE (engines disagree): {note}")
        return 1 if notes else 0
    problems: list[str] = []
    if "evaluate" in args.only:
        problems += _compare_evaluate(EVALUATE_RUNS)
    if "policies" in args.only:
        problems += _compare_evaluate(POLICY_RUNS)
    if "env" in args.only:
        problems += _compare_env()
    if "differential" in args.only:
        problems += _compare_differential()
    for p in problems:
        print(f"DIFFERENCE: {p}")
    print("no difference" if not problems else f"{len(problems)} difference(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
