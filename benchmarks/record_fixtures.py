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
``make_vec`` and public names (``hydra_env.Game``, ``hydra_env.hydras.HydrasGame``);
the PettingZoo envs, the bots and the engine check are imported inside the functions
that use them (:func:`_aec_constructor`, :func:`_make_bot`, :func:`engines`), so a module
that moves changes one line.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "behaviour"
ENGINE_VARIABLE = "HYDRA_ENV_ENGINE"
ENGINES = ("python", "native")

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


# --------------------------------------------------------------------------- hashing

def _feed(h: Any, value: Any) -> None:
    """Feed ``value`` into the hash ``h`` unambiguously: dicts by sorted key, arrays with
    their dtype and shape, scalars by kind and value (a numpy and a Python scalar of the
    same value hash the same; arrays must keep their dtype)."""
    if isinstance(value, dict):
        h.update(b"{%d" % len(value))
        for key in sorted(value, key=str):
            _feed(h, str(key))
            _feed(h, value[key])
        h.update(b"}")
    elif isinstance(value, np.ndarray):
        arr = np.ascontiguousarray(value)
        h.update(f"a{arr.dtype.str}{arr.shape}".encode())
        if arr.dtype == object:
            for item in arr.ravel():
                _feed(h, item)
        else:
            h.update(arr.tobytes())
    elif isinstance(value, (list, tuple)):
        h.update(b"[%d" % len(value))
        for item in value:
            _feed(h, item)
        h.update(b"]")
    elif isinstance(value, (bool, np.bool_)):
        h.update(b"b1" if value else b"b0")
    elif isinstance(value, (int, np.integer)):
        h.update(f"i{int(value)};".encode())
    elif isinstance(value, (float, np.floating)):
        h.update(f"f{float(value)!r};".encode())
    elif isinstance(value, str):
        data = value.encode()
        h.update(b"s%d:" % len(data) + data)
    elif value is None:
        h.update(b"n")
    else:
        raise TypeError(f"cannot hash a {type(value).__name__}: {value!r}")


@contextlib.contextmanager
def engine(name: str | None) -> Iterator[None]:
    """``HYDRA_ENV_ENGINE=name`` while the block runs (None: unset), restored after."""
    before = os.environ.get(ENGINE_VARIABLE)
    if name is None:
        os.environ.pop(ENGINE_VARIABLE, None)
    else:
        os.environ[ENGINE_VARIABLE] = name
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENGINE_VARIABLE, None)
        else:
            os.environ[ENGINE_VARIABLE] = before


def engines() -> tuple[str, ...]:
    """The engines that can run here: python, and native where its extension is built."""
    from hydra_env import native
    return ENGINES if native.available() else ("python",)


def _pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if len(legal) else 0


# --------------------------------------------------------------------------- env cases

def _gym_digest(env_id: str, kwargs: dict[str, Any], steps: int, seed: int) -> dict[str, Any]:
    import gymnasium as gym

    import hydra_env  # noqa: F401  (registers the ids)

    env = gym.make(env_id, **kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    episode_seed = seed
    obs, info = env.reset(seed=episode_seed)
    _feed(h, ["reset", obs, info])
    episodes = 0
    for _ in range(steps):
        mask = env.unwrapped.action_masks()
        _feed(h, ["mask", mask])
        action = _pick(rng, mask)
        obs, reward, terminated, truncated, info = env.step(action)
        _feed(h, ["step", action, obs, reward, terminated, truncated, info])
        if terminated or truncated:
            episodes += 1
            episode_seed += 1
            obs, info = env.reset(seed=episode_seed)
            _feed(h, ["reset", obs, info])
    env.close()
    return {"steps": steps, "episodes_ended": episodes, "sha256": h.hexdigest()}


def _aec_constructor(kind: str) -> Callable[..., Any]:
    """The ``env(**kwargs)`` of a PettingZoo AEC env (imported here: one line per move)."""
    if kind == "hydra":
        from hydra_env.pettingzoo import env
    else:
        from hydra_env.envs.hydras_pettingzoo import env
    return env


def _aec_digest(kind: str, kwargs: dict[str, Any], steps: int, seed: int) -> dict[str, Any]:
    env = _aec_constructor(kind)(**kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    episode_seed = seed
    env.reset(seed=episode_seed)
    episodes = 0
    taken = 0
    while taken < steps:
        agent = env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        _feed(h, ["last", agent, obs, reward, terminated, truncated, info])
        if terminated or truncated:
            action = None
        else:
            action = _pick(rng, obs["action_mask"])
            taken += 1
        env.step(action)
        _feed(h, ["step", agent, action, dict(env.rewards), dict(env.terminations),
                  dict(env.truncations)])
        if not env.agents:
            episodes += 1
            episode_seed += 1
            env.reset(seed=episode_seed)
    env.close()
    return {"steps": steps, "episodes_ended": episodes, "sha256": h.hexdigest()}


def _vector_digest(env_id: str, kwargs: dict[str, Any], steps: int, seed: int) -> dict[str, Any]:
    import gymnasium as gym

    import hydra_env  # noqa: F401  (registers the ids)

    envs = gym.make_vec(env_id, vectorization_mode="vector_entry_point", **kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    obs, info = envs.reset(seed=seed)
    _feed(h, ["reset", obs, info])
    ended = 0
    for _ in range(steps):
        masks = info["action_mask"]
        actions = np.array([_pick(rng, m) for m in masks], dtype=np.int64)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        _feed(h, ["step", actions, obs, rewards, terminated, truncated, info])
        ended += int(np.sum(terminated | truncated))
    envs.close()
    return {"steps": steps, "episodes_ended": ended, "sha256": h.hexdigest()}


# name -> (kind, id or AEC kind, kwargs, steps, seed); kind: gym | aec | vector
ENV_CASES: dict[str, tuple[str, str, dict[str, Any], int, int]] = {
    "gym hydra_env/Solo-v0": ("gym", "hydra_env/Solo-v0", {}, 500, 0),
    "gym hydra_env/Solo-v0 scenario 12 stars 3 flatten shaped": (
        "gym", "hydra_env/Solo-v0", {"scenario": 12, "stars": 3, "flatten": True, "reward": "shaped"}, 400, 1),
    "gym hydra_env/Solo-v0 candidates 16": ("gym", "hydra_env/Solo-v0", {"candidates": 16}, 120, 2),
    "gym hydra_env/Coop-v0": ("gym", "hydra_env/Coop-v0", {}, 500, 0),
    "gym hydra_env/Coop-v0 scenario 3 heuristic mixed random seat": (
        "gym", "hydra_env/Coop-v0", {"scenario": 3, "stars": 2, "opponents": "heuristic",
                                     "reward": "mixed", "seat": "random"}, 200, 1),
    "gym hydra_env/Hydras-v0": ("gym", "hydra_env/Hydras-v0", {}, 500, 0),
    "gym hydra_env/Hydras-v0 4 players flatten rank": (
        "gym", "hydra_env/Hydras-v0", {"num_players": 4, "flatten": True, "reward": "rank",
                                       "opponents": "greedy"}, 200, 1),
    "gym hydra_env/Hydras-v0 2 players candidates 16": (
        "gym", "hydra_env/Hydras-v0", {"num_players": 2, "candidates": 16}, 120, 2),
    "aec hydra scenario 1": ("aec", "hydra", {"scenario": 1}, 500, 0),
    "aec hydra scenario 10 unflattened": ("aec", "hydra", {"scenario": 10, "flatten": False}, 300, 1),
    "aec hydras 3 players": ("aec", "hydras", {"num_players": 3}, 500, 0),
    "aec hydras 2 players unflattened score_diff": (
        "aec", "hydras", {"num_players": 2, "flatten": False, "reward": "score_diff"}, 300, 1),
    "vector hydra_env/Solo-v0 x4": ("vector", "hydra_env/Solo-v0", {"num_envs": 4}, 150, 0),
    "vector hydra_env/Coop-v0 x3 same-step": (
        "vector", "hydra_env/Coop-v0", {"num_envs": 3, "autoreset_mode": "SameStep"}, 150, 1),
}
_DIGESTERS = {"gym": _gym_digest, "aec": _aec_digest, "vector": _vector_digest}


def env_digest(case: str, engine_name: str) -> dict[str, Any]:
    """The digest of env case ``case`` played on engine ``engine_name``."""
    kind, target, kwargs, steps, seed = ENV_CASES[case]
    with engine(engine_name):
        return _DIGESTERS[kind](target, dict(kwargs), steps, seed)


def registered_env_ids() -> list[str]:
    """The Gymnasium ids of the project (``hydra_env/...``) registered today."""
    import gymnasium as gym

    import hydra_env  # noqa: F401
    return sorted(i for i in gym.registry if i.startswith("hydra_env/"))


# --------------------------------------------------------------------------- differential

# name -> (game, arguments of the game, who chooses, seed of the choices, cap on decisions).
# "random": a random.Random(seed) picks among the legal actions; a bot spec: that bot
# (hydra_env's registered bots, seeded from the seed and the seat) plays every seat,
# so the games also reach won ends (random Hydra games are lost within a few rounds).
DIFFERENTIAL_CASES: dict[str, tuple[str, dict[str, int], str, int, int]] = {
    f"hydra scenario {sc} stars {st} seed {seed} {who}": (
        "hydra", {"scenario": sc, "stars": st, "seed": seed}, who, seed, cap)
    for sc, st, seed, who, cap in ((10, 1, 0, "random", 300), (11, 2, 1, "random", 300),
                                   (12, 3, 2, "random", 300), (1, 1, 3, "random", 300),
                                   (5, 2, 4, "random", 300), (9, 3, 5, "random", 300),
                                   (10, 1, 6, "heuristic", 400), (12, 2, 7, "greedy", 400),
                                   (2, 1, 8, "heuristic", 400))
} | {
    f"hydras {n} players seed {seed} {who}": ("hydras", {"players": n, "seed": seed}, who, seed, 400)
    for n, seed, who in ((2, 0, "random"), (3, 1, "random"), (4, 2, "random"), (3, 3, "heuristic"))
}


def _new_game(game: str, args: dict[str, int], engine_name: str) -> Any:
    if game == "hydra":
        from hydra_env import Game
        return Game.new(args["scenario"], args["stars"], args["seed"], engine=engine_name)
    from hydra_env.hydras import HydrasGame
    return HydrasGame.new(args["players"], args["seed"], engine=engine_name)


def _make_bot(spec: str, game: str, seed: int) -> Any:
    """A registered bot (imported here: one line per move)."""
    from hydra_env.envs.bots import make_bot
    return make_bot(spec, game=game, seed=seed)


def _result(game: Any) -> Any:
    result = game.result()
    return result.to_dict() if hasattr(result, "to_dict") else dict(vars(result))


def differential_digest(case: str, engine_name: str) -> dict[str, Any]:
    """The digest of (to_json, legal mask) after every decision of playthrough ``case``
    on engine ``engine_name`` (and its result at the end)."""
    game_kind, args, chooser, choice_seed, cap = DIFFERENTIAL_CASES[case]
    game = _new_game(game_kind, args, engine_name)
    if game.engine != engine_name:
        raise RuntimeError(f"asked for the {engine_name} engine, got {game.engine}")
    rng = random.Random(choice_seed)
    bots = None if chooser == "random" else [
        _make_bot(chooser, game_kind, 1000 * choice_seed + seat) for seat in range(game.num_players)]
    h = hashlib.sha256()
    decisions = 0
    while True:
        mask = np.asarray(game.legal_mask())
        _feed(h, [game.to_json(), mask])
        if game.is_over or decisions >= cap:
            break
        legal = list(game.legal_actions())
        if bots is None:
            action = legal[rng.randrange(len(legal))]
        else:
            seat = game.current_player
            action = bots[seat].act(game.view(seat), legal)
        _feed(h, ["action", int(action)])
        game.apply(action)
        decisions += 1
    over = bool(game.is_over)
    _feed(h, ["end", over, _result(game) if over else None])
    return {"decisions": decisions, "game_over": over, "sha256": h.hexdigest()}


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
