"""Behaviour fixtures: today's outputs at fixed seeds must not change.

``benchmarks/record_fixtures.py`` recorded them in ``tests/fixtures/behaviour/`` (its
docstring lists what each covers) and plays them again here: the files of
``hydra-env evaluate`` for the bots and for every shipped policy, a digest of every
step of the Gymnasium, PettingZoo and vector envs on each engine, and a digest of the
state (``to_json``) and legal mask after every decision of seeded playthroughs on each
engine. A difference means the behaviour changed; if the change is meant, record again
with ``.venv/bin/python benchmarks/record_fixtures.py --write`` and say why in the commit.
"""

from __future__ import annotations

import difflib
import functools
import importlib.util

import pytest
from helpers.benchmarks import load_benchmark

import hydra_env

fixtures = load_benchmark("record_fixtures")

ENGINES = fixtures.engines()
_HAS_PPO = importlib.util.find_spec("sb3_contrib") is not None


def _cases(kind: str) -> list[str]:
    return [name for name, case in fixtures.ENV_CASES.items() if case[0] == kind]


@functools.cache
def _evaluate(name: str) -> dict[str, str]:
    """The files of evaluate run ``name`` today (played once per test session)."""
    runs = {**fixtures.EVALUATE_RUNS, **fixtures.POLICY_RUNS}
    return fixtures.evaluate_outputs(runs[name])


def _assert_same_text(name: str, file: str, got: str, want: str) -> None:
    if got != want:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                                 f"recorded {file}", f"today's {file}"))[:60])
        pytest.fail(f"evaluate {name}: {file} changed\n{diff}")


# --------------------------------------------------------------------------- hydra-env evaluate

@pytest.mark.parametrize("name", sorted(fixtures.EVALUATE_RUNS))
def test_evaluate_games_csv_is_unchanged(name: str) -> None:
    _assert_same_text(name, "games.csv", _evaluate(name)["games.csv"],
                      fixtures.recorded_evaluate(name)["games.csv"])


@pytest.mark.parametrize("name", sorted(fixtures.EVALUATE_RUNS))
def test_evaluate_summary_json_is_unchanged(name: str) -> None:
    _assert_same_text(name, "summary.json", _evaluate(name)["summary.json"],
                      fixtures.recorded_evaluate(name)["summary.json"])


@pytest.mark.skipif(not _HAS_PPO, reason="needs the train extra (sb3-contrib)")
@pytest.mark.parametrize("name", sorted(fixtures.POLICY_RUNS))
def test_shipped_policy_evaluate_files_are_unchanged(name: str) -> None:
    got, want = _evaluate(name), fixtures.recorded_evaluate(name)
    for file in fixtures.EVALUATE_FILES:
        _assert_same_text(name, file, got[file], want[file])


def test_every_shipped_policy_has_a_recorded_evaluation() -> None:
    shipped = set(fixtures.shipped_policy_names())
    assert shipped, "no shipped policy found through the entry-point group hydra_env.policies"
    recorded = {argv[argv.index("--agent") + 1].removeprefix("ppo:")
                for argv in fixtures.POLICY_RUNS.values()}
    assert shipped == recorded


# --------------------------------------------------------------------------- envs, step by step

def _assert_env_digest(case: str, engine_name: str) -> None:
    want = fixtures.load_json("env_digests.json")["cases"][case]
    assert fixtures.env_digest(case, engine_name) == want, \
        f"the steps of env case {case!r} changed on the {engine_name} engine"


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("case", _cases("gym"))
def test_gymnasium_env_steps_are_unchanged(case: str, engine_name: str) -> None:
    _assert_env_digest(case, engine_name)


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("case", _cases("aec"))
def test_pettingzoo_aec_env_steps_are_unchanged(case: str, engine_name: str) -> None:
    _assert_env_digest(case, engine_name)


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("case", _cases("vector"))
def test_vector_env_steps_are_unchanged(case: str, engine_name: str) -> None:
    _assert_env_digest(case, engine_name)


def test_registered_env_ids_are_unchanged_and_all_recorded() -> None:
    # the ids recorded before the redesign are all still registered; any other id belongs to a
    # game added since (none of the recorded games gained or lost an id)
    recorded = fixtures.load_json("env_digests.json")
    registered = fixtures.registered_env_ids()
    assert set(recorded["registered_ids"]) <= set(registered)
    recorded_games = {"hydra", "hydras"}
    for name in recorded_games:
        assert set(hydra_env.game_spec(name).env_ids) <= set(recorded["registered_ids"])
    played = {case[1] for case in fixtures.ENV_CASES.values() if case[0] == "gym"}
    assert played == set(recorded["registered_ids"])
    assert set(recorded["cases"]) == set(fixtures.ENV_CASES)


# --------------------------------------------------------------------------- engines, decision by decision

@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("case", sorted(fixtures.DIFFERENTIAL_CASES))
def test_engine_states_and_masks_along_playthroughs_are_unchanged(case: str, engine_name: str) -> None:
    want = fixtures.load_json("differential.json")[case]
    assert fixtures.differential_digest(case, engine_name) == want, \
        f"the states or masks of playthrough {case!r} changed on the {engine_name} engine"


def test_every_playthrough_is_recorded() -> None:
    assert set(fixtures.load_json("differential.json")) == set(fixtures.DIFFERENTIAL_CASES)
