"""The notebooks find the project's runs/ wherever their kernel starts, write nowhere
beside themselves, and run top to bottom on small settings (nbclient, a real kernel)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from agents import notebook_paths
from agents.notebook_paths import NotebookSetupError

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

from helpers.paths import ROOT  # noqa: E402

TINY_TRAINING = ["total_timesteps=256", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
                 "net_arch=[16]", "features_dim=8", "eval_freq=128", "eval_games=2",
                 "checkpoint_freq=0", "final_eval_games=0", "progress_bar=false", "bc_games=2",
                 "bc_epochs=1"]


@pytest.fixture(autouse=True)
def _no_notebook_settings(monkeypatch) -> None:
    """The caller's own HYDRA_ENV_RUNS / HYDRA_ENV_NOTEBOOK_* do not leak into the tests."""
    for key in list(os.environ):
        if key == notebook_paths.RUNS_ENV or key.startswith(notebook_paths.SETTING_PREFIX):
            monkeypatch.delenv(key)


def _project(tmp_path: Path) -> Path:
    """A project folder as a checkout has it: pyproject.toml and notebooks/ (the kernel's cwd)."""
    (tmp_path / "proj" / "notebooks").mkdir(parents=True)
    (tmp_path / "proj" / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    return tmp_path / "proj"


def _execute(name: str, cwd: Path, env: dict[str, str], monkeypatch) -> list[dict]:
    """Run notebook ``name`` in a kernel started in ``cwd``; its code cells' outputs."""
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(cwd)}})
    client.execute()
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]


def _drew_a_figure(outputs: list[dict]) -> bool:
    return any("image/png" in o.get("data", {}) for o in outputs)


# --- where the notebooks look -------------------------------------------------------------

def test_runs_dir_is_found_by_walking_up_to_pyproject(tmp_path: Path) -> None:
    proj = _project(tmp_path)
    deep = proj / "notebooks" / "sub"
    deep.mkdir()
    assert notebook_paths.project_root(deep) == proj.resolve()
    assert notebook_paths.runs_dir(deep) == proj.resolve() / "runs"
    assert notebook_paths.output_dir("x", deep) == proj.resolve() / "runs" / "notebooks" / "x"


def test_hydra_env_runs_overrides_the_walk(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HYDRA_ENV_RUNS", str(tmp_path / "elsewhere"))
    assert notebook_paths.runs_dir(_project(tmp_path)) == (tmp_path / "elsewhere").resolve()


def test_no_project_folder_says_to_set_hydra_env_runs(tmp_path: Path) -> None:
    if notebook_paths.project_root(tmp_path) is not None:
        pytest.skip("the temporary folder lies inside a project")
    with pytest.raises(NotebookSetupError, match="HYDRA_ENV_RUNS"):
        notebook_paths.runs_dir(tmp_path)


def test_no_run_yet_names_the_command_that_makes_one(tmp_path: Path) -> None:
    with pytest.raises(NotebookSetupError, match=r"hydra-env train --quick"):
        notebook_paths.training_run(_project(tmp_path))


def test_run_setting_takes_a_name_under_runs_and_refuses_a_non_run(tmp_path: Path,
                                                                     monkeypatch) -> None:
    proj = _project(tmp_path)
    for name in ("Solo-v0__a__0__20260101-000000", "Solo-v0__b__0__20260101-000001"):
        (proj / "runs" / name).mkdir(parents=True)
        (proj / "runs" / name / "config.yaml").write_text("env: x\n")
    monkeypatch.setenv("HYDRA_ENV_NOTEBOOK_RUN", "Solo-v0__a__0__20260101-000000")
    assert notebook_paths.training_run(proj).name == "Solo-v0__a__0__20260101-000000"
    monkeypatch.setenv("HYDRA_ENV_NOTEBOOK_RUN", "no_such_run")
    with pytest.raises(NotebookSetupError, match="not a run folder"):
        notebook_paths.training_run(proj)


def test_settings_are_read_and_a_bad_value_is_named(monkeypatch) -> None:
    assert notebook_paths.setting("games", 300, int) == 300
    monkeypatch.setenv("HYDRA_ENV_NOTEBOOK_GAMES", "20")
    monkeypatch.setenv("HYDRA_ENV_NOTEBOOK_AGENTS", "random, greedy,")
    assert notebook_paths.setting("games", 300, int) == 20
    assert notebook_paths.setting_list("agents", ["x"]) == ["random", "greedy"]
    monkeypatch.setenv("HYDRA_ENV_NOTEBOOK_GAMES", "many")
    with pytest.raises(NotebookSetupError, match="HYDRA_ENV_NOTEBOOK_GAMES='many'"):
        notebook_paths.setting("games", 300, int)


def test_setup_error_shows_in_jupyter_as_its_message_alone() -> None:
    err = NotebookSetupError("no run folder")
    assert err._render_traceback_() == ["NotebookSetupError: no run folder"]


# --- the notebooks, top to bottom ---------------------------------------------------------

def test_training_curves_notebook_finds_the_run_from_notebooks_folder(tmp_path: Path,
                                                                      monkeypatch) -> None:
    pytest.importorskip("sb3_contrib")
    from agents import cli
    proj = _project(tmp_path)
    argv = ["train", str(ROOT / "configs" / "solo_ppo.yaml"), "--runs-dir", str(proj / "runs")]
    for s in TINY_TRAINING:
        argv += ["--set", s]
    assert cli.main(argv) == 0
    outputs = _execute("training_curves.ipynb", proj / "notebooks", {}, monkeypatch)
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert _drew_a_figure(outputs), "the notebook drew no figure"
    from agents.train.trainer import run_folders
    (run,) = run_folders(proj / "runs")
    assert any(run.name in "".join(o.get("text", "")) for o in outputs), "it read another run"
    assert list((proj / "notebooks").iterdir()) == [], "the notebook wrote beside itself"


def test_training_curves_notebook_without_a_run_says_how_to_make_one(tmp_path: Path,
                                                                     monkeypatch) -> None:
    proj = _project(tmp_path)
    with pytest.raises(nbclient.exceptions.CellExecutionError) as err:
        _execute("training_curves.ipynb", proj / "notebooks", {}, monkeypatch)
    assert "NotebookSetupError" in str(err.value)
    assert "hydra-env train --quick" in str(err.value)


def test_solo_score_notebook_writes_under_runs_not_beside_itself(tmp_path: Path,
                                                                  monkeypatch) -> None:
    proj = _project(tmp_path)
    outputs = _execute("solo_score_distribution.ipynb", proj / "notebooks",
                       {"HYDRA_ENV_NOTEBOOK_AGENTS": "random,greedy", "HYDRA_ENV_NOTEBOOK_GAMES": "6",
                        "HYDRA_ENV_NOTEBOOK_WORKERS": "1"}, monkeypatch)
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert _drew_a_figure(outputs), "the notebook drew no figure"
    summary = proj / "runs" / "notebooks" / "solo_scores" / "greedy" / "summary.json"
    assert summary.is_file()
    assert json.loads(summary.read_text())["n_games"] == 6
    assert list((proj / "notebooks").iterdir()) == [], "the notebook wrote beside itself"


@pytest.mark.parametrize("name", ["training_curves.ipynb", "solo_score_distribution.ipynb"])
def test_notebooks_are_committed_with_their_figures_and_stay_small(name: str) -> None:
    path = ROOT / "notebooks" / name
    nb = nbformat.read(path, as_version=4)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert _drew_a_figure(outputs), f"{name} is committed without its figures: execute and save it"
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert path.stat().st_size < 1_500_000


def test_relative_names_the_runs_folder_from_the_notebooks_folder(tmp_path: Path,
                                                                  monkeypatch) -> None:
    proj = _project(tmp_path)
    monkeypatch.chdir(proj / "notebooks")
    shown = notebook_paths.relative(notebook_paths.output_dir("solo_scores"))
    assert shown == Path("..", "runs", "notebooks", "solo_scores")
