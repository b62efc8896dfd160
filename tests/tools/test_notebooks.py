"""The notebooks run top to bottom on small budgets (they only call the package)."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("sb3_contrib")

from helpers.paths import ROOT  # noqa: E402


def _run(name: str, tmp_path: Path, env: dict[str, str], monkeypatch) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "the notebook drew no figure"


def test_solo_score_distribution_notebook_runs(tmp_path: Path, monkeypatch) -> None:
    _run("solo_score_distribution.ipynb", tmp_path,
         {"HYDRA_NB_AGENTS": "random,greedy", "HYDRA_NB_GAMES": "6", "HYDRA_NB_WORKERS": "1",
          "HYDRA_NB_OUT": str(tmp_path / "eval")}, monkeypatch)
    assert (tmp_path / "eval" / "greedy" / "summary.json").is_file()


def test_training_curves_notebook_runs(tmp_path: Path, monkeypatch) -> None:
    from agents import cli
    sets = ["total_timesteps=256", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
            "net_arch=[16]", "features_dim=8", "eval_freq=128", "eval_games=2", "checkpoint_freq=0",
            "final_eval_games=0", "progress_bar=false", "bc_games=2", "bc_epochs=1"]
    argv = ["train", str(ROOT / "configs" / "solo_ppo.yaml"), "--runs-dir", str(tmp_path / "runs")]
    for s in sets:
        argv += ["--set", s]
    assert cli.main(argv) == 0
    from agents.train.trainer import run_folders
    (run,) = run_folders(tmp_path / "runs")
    _run("training_curves.ipynb", tmp_path, {"HYDRA_NB_RUN_DIR": str(run)}, monkeypatch)
