"""``--backend ray``: the same results as the local backend, on a local Ray with 2 CPUs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'hydra-env[ray]')")

from agents import backends, cli  # noqa: E402
from agents.backends import GameTask, bot_seed, game_seed  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray (num_cpus=2, no dashboard) for the module, started as the CLI starts it."""
    if ray.is_initialized():
        ray.shutdown()
    assert backends._ray_init(2, None)
    yield
    ray.shutdown()


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_ray_records_equal_local_records(local_ray: None) -> None:
    tasks = [GameTask(i, "hydra", {"scenario": 7, "stars": 1}, game_seed(1, i), ("random", "random"),
                      (bot_seed(1, i, 0), bot_seed(1, i, 1)), record=True) for i in range(30)]
    done: list[int] = []
    on_ray = backends.run_games(tasks, workers=2, backend="ray", progress=done.append)
    local = backends.run_games(tasks, workers=1)
    assert [r.index for r in on_ray] == list(range(30)) and sum(done) == 30
    assert [(r.seed, r.result, r.decisions) for r in on_ray] == \
        [(r.seed, r.result, r.decisions) for r in local]


def test_ray_evaluate_writes_the_same_files(local_ray: None, tmp_path: Path) -> None:
    base = ["evaluate", "--agent", "random", "--games", "60", "--seed", "2", "--no-progress"]
    assert cli.main(base + ["--workers", "1", "--out", str(tmp_path / "local")]) == 0
    assert cli.main(base + ["--backend", "ray", "--workers", "2", "--out", str(tmp_path / "ray")]) == 0
    assert _files(tmp_path / "local") == _files(tmp_path / "ray")


def test_ray_tournament_writes_the_same_files(local_ray: None, tmp_path: Path) -> None:
    base = ["tournament", "--players", "random,random,random", "--scenario", "8", "--games", "18",
            "--no-progress"]
    assert cli.main(base + ["--workers", "1", "--out", str(tmp_path / "local")]) == 0
    assert cli.main(base + ["--backend", "ray", "--workers", "2", "--out", str(tmp_path / "ray")]) == 0
    assert _files(tmp_path / "local") == _files(tmp_path / "ray")


def test_a_failing_game_on_ray_is_reported(local_ray: None, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    tasks = [GameTask(0, "hydra", {"scenario": 10, "stars": 1}, 1, ("nosuchbot",), (1,))]
    with pytest.raises(backends.GameError, match="game 0 .*nosuchbot"):
        backends.run_games(tasks, workers=2, backend="ray")
