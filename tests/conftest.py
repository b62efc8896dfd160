"""Shared fixtures: the rules tests run on both engines.

Every test under ``tests/games/hydra/rules/`` (the specification), every test of Hydras'
rules, engine properties, saves and envs (``tests/games/hydras/``, the files of
``_HYDRAS_BOTH_ENGINES``) and every test that asks for the ``engine`` fixture runs
once per engine: ``python`` and, where the native extension is built, ``native``.
The fixture sets ``HYDRA_ENV_ENGINE`` for the test, so ``Game.new``,
``HydrasGame.new`` and the hand-built positions of :mod:`hydra_env.games.hydra.rules.testing`
and :mod:`hydra_env.games.hydras.rules.testing` use that engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hydra_env import native

ENGINES = ["python"] + (["native"] if native.available() else [])
_RULES = Path(__file__).resolve().parent / "games" / "hydra" / "rules"
_HYDRAS = Path(__file__).resolve().parent / "games" / "hydras"
_HYDRAS_BOTH_ENGINES = ("test_hydras_rules_", "test_hydras_engine_properties", "test_hydras_save_and_data",
                        "test_hydras_envs")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    path = Path(str(metafunc.definition.path)).resolve()
    in_rules = _RULES in path.parents or (path.parent == _HYDRAS and path.name.startswith(_HYDRAS_BOTH_ENGINES))
    if in_rules and "engine" not in metafunc.fixturenames:
        metafunc.fixturenames.append("engine")
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", ENGINES, indirect=True)


@pytest.fixture
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The engine of this run of the test ("python" or "native"), also set as the default."""
    name = getattr(request, "param", "python")
    monkeypatch.setenv("HYDRA_ENV_ENGINE", name)
    return name


@pytest.fixture(autouse=True)
def _engine_of_the_run(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    # A test of tests/games/hydra/rules does not ask for `engine` itself; its parameter still says
    # which engine this run is for.
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and "engine" in callspec.params:
        monkeypatch.setenv("HYDRA_ENV_ENGINE", callspec.params["engine"])


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--run-slow``: also run the tests marked ``slow`` (left out by default)."""
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="run the tests marked slow too (the 100,000-decision differentials ...)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests marked ``slow`` unless ``--run-slow`` (or HYDRA_ENV_SLOW_TESTS=1) asks
    for them: the suite stays within CI's time; their shorter twins always run."""
    import os
    if config.getoption("--run-slow") or os.environ.get("HYDRA_ENV_SLOW_TESTS") == "1":
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow (or HYDRA_ENV_SLOW_TESTS=1)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
