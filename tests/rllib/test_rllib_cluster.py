"""``hydra-env train --engine rllib`` against a Ray head whose Python cannot import this package
(issue 29, item 6): the job ships the code (``agents.ray_cluster.connect``), the env runner on the
head plays the games, the run folder is an ordinary one; a head that is not there is refused
before any run folder is written.

The head uses Ray's token authentication (as Ray 2.59+ does for a head started by hand). It runs
this venv's Python without ``PYTHONPATH`` (``make test-rllib`` gives the project to
the tests through ``PYTHONPATH`` only), so ``import hydra_env`` fails there: checked first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray.rllib")

from helpers.ray_head import TOKEN, free_port, ray_head, without_project  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TINY = """\
default:
  env: hydra_env/Heroica-v0
  name: cluster
  env_kwargs: {num_players: 2}
  opponents: [random]
  n_envs: 2
  n_steps: 64
  batch_size: 64
  n_epochs: 1
  features_dim: 16
  net_arch: [16]
  total_timesteps: 256
  eval_freq: 0
  checkpoint_freq: 0
  final_eval_games: 4
  progress_bar: false
"""


@pytest.fixture(scope="module")
def head() -> Iterator[str]:
    """A token-authenticated loopback Ray head run by a Python that cannot import hydra_env."""
    root = Path(tempfile.mkdtemp(prefix="hrl"))          # short: Ray's socket paths have a limit
    probe = subprocess.run([sys.executable, "-c", "try:\n import hydra_env\nexcept ImportError:\n print('none')"],
                           capture_output=True, text=True, cwd=root, env=without_project())
    if probe.stdout.strip() != "none":
        pytest.skip("hydra_env imports without PYTHONPATH here (installed): no package-less head to test")
    with ray_head(sys.executable, root, without_project(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)) as address:
        yield address


def _train(tmp_path: Path, address: str) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "cluster.yaml"
    config.write_text(TINY)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)
    return subprocess.run([sys.executable, "-m", "agents.cli", "train", str(config), "--engine", "rllib",
                           "--set", f"address={address}", "--set", "num_env_runners=1",
                           "--runs-dir", str(tmp_path / "runs"), "--workers", "1"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)


@pytest.mark.slow
def test_rllib_trains_on_a_head_without_the_package_and_writes_an_ordinary_run(head: str, tmp_path: Path) -> None:
    done = _train(tmp_path, head)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (run,) = list((tmp_path / "runs").iterdir())
    status = json.loads((run / "status.json").read_text())
    assert status["state"] == "done" and status["timesteps"] >= 256
    assert (run / "best_model.zip").is_file() and (run / "final_model.zip").is_file()
    assert list((run / "checkpoints" / "rllib").iterdir())


def test_a_cluster_that_is_not_there_is_refused_before_any_run_folder(tmp_path: Path) -> None:
    done = _train(tmp_path, f"127.0.0.1:{free_port()}")
    assert done.returncode == 2, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Traceback" not in done.stderr and "127.0.0.1" in done.stderr
    assert not (tmp_path / "runs").exists() or not list((tmp_path / "runs").iterdir())
