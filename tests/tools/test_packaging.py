"""Packaging: the wheel carries the packaged configs (from the one configs/ folder),
the component data, the shipped policies, every package and the native engine's
extension module (built by scikit-build-core, without the C++ sources); a plain (non-editable)
install works from an empty folder; provenance holds no machine paths; configs are
found by name."""

from __future__ import annotations

import configparser
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from agents import cli
from agents.train.config import (
    DEFAULT_CONFIG,
    config_dir,
    find_config,
    load_config,
    packaged_configs,
)
from agents.train.export import relative_paths
from hydra_env.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
HYDRA_BOTS = {"random", "greedy", "heuristic", "defender", "glory", "rollout", "ppo", "ppo-search"}
_IGNORED = shutil.ignore_patterns(".git", ".venv", "venv", "runs", "build", "dist", "*.egg-info",
                                  "__pycache__", ".pytest_cache", ".ruff_cache", ".import_linter_cache")


def _source_files() -> list[str]:
    """The files of the checkout a clone would have (tracked or new, not ignored)."""
    if (ROOT / ".git").exists() and shutil.which("git"):
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True).stdout.decode()
        return sorted(f for f in out.split("\0") if f and (ROOT / f).is_file())
    return sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                  if p.is_file() and not _IGNORED(str(p.parent), [p.name]))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout (so nothing outside it can leak in)."""
    pytest.importorskip("scikit_build_core", minversion="0.10")
    pytest.importorskip("nanobind")
    src = tmp_path_factory.mktemp("src")
    for name in _source_files():
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "--wheel-dir", str(out), str(src)], check=True, capture_output=True)
    (path,) = out.glob("hydra_env-*.whl")
    return path


def test_wheel_holds_the_configs_data_and_policies(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for config in sorted((ROOT / "configs").glob("*.yaml")):
            assert z.read(f"agents/configs/{config.name}") == config.read_bytes(), config.name
        for data in sorted((ROOT / "hydra_env" / "games" / "hydra" / "data").glob("*.json")):
            assert z.read(f"hydra_env/games/hydra/data/{data.name}") == data.read_bytes(), data.name
        for policy in sorted((ROOT / "agents" / "policies").iterdir()):
            if policy.suffix in (".zip", ".yaml"):
                assert f"agents/policies/{policy.name}" in names
        for template in sorted(ROOT.glob("agents/**/templates/*.html")):      # the pages' Jinja2 templates
            assert template.relative_to(ROOT).as_posix() in names, template.name
    assert {"agents/configs/solo_ppo.yaml", "agents/configs/coop_ppo.yaml"} <= names
    assert {"agents/policies/solo-default.zip", "agents/policies/coop-default.zip"} <= names
    assert {"hydra_env/games/hydra/data/board.json", "hydra_env/games/hydra/data/manifest.json"} <= names


def test_wheel_holds_every_module_and_nothing_else(wheel: Path) -> None:
    """pyproject.toml lists the packages: a new package missing there fails here."""
    source = {f for f in _source_files() if f.endswith(".py") and f.split("/")[0] in
              ("hydra_env", "agents")}
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    missing = sorted(source - names)
    assert not missing, f"add their folders to [tool.scikit-build.wheel.packages]: {missing}"
    native_games = sorted(p.parts[-3] for p in (ROOT / "hydra_env" / "games").glob("*/native/CMakeLists.txt"))
    assert native_games, "no game folder has native/CMakeLists.txt"
    for game in native_games:                  # every game with a native twin: its own module
        assert [n for n in names if n.startswith(f"hydra_env/games/{game}/_native.")], f"{game}'s module is missing"
    assert [n for n in names if n.startswith("hydra_env/games/hydra/bots/_native_bots.")], "the bots' module is missing"
    assert not any("/native/src/" in n or n.endswith((".cpp", ".hpp", "CMakeLists.txt")) for n in names)
    tops = {n.split("/")[0] for n in names}
    assert tops == {"hydra_env", "agents", "hydra_env-0.1.0.dist-info"}, tops
    assert not any(n.startswith(("tests/", "configs/", "benchmarks/")) for n in names)


def test_wheel_declares_the_command_the_bots_and_the_license(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        entry_points = z.read("hydra_env-0.1.0.dist-info/entry_points.txt").decode()
        metadata = z.read("hydra_env-0.1.0.dist-info/METADATA").decode()
        license_files = [n for n in z.namelist() if n.endswith("/LICENSE")]
        assert license_files and b"MIT License" in z.read(license_files[0])
    groups = configparser.ConfigParser()
    groups.read_string(entry_points)
    assert groups["console_scripts"]["hydra-env"] == "agents.cli:main"
    assert set(groups["hydra_env.bots"]) == HYDRA_BOTS
    assert groups["hydra_env.bots"]["random"] == "agents.random_bot:RandomBot"
    assert "License-Expression: MIT" in metadata


def test_a_plain_install_works_from_an_empty_folder(wheel: Path, tmp_path: Path) -> None:
    """The wheel installed without its dependencies (they are this venv's) into a
    folder of its own, used from an empty folder: the packaged configs by name, the
    bots from its entry points, the shipped policy by name (what `hydra-env train`
    and `hydra-env evaluate --agent ppo:solo-default` rely on)."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                    "--target", str(site), str(wheel)], check=True, capture_output=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    with_ppo = importlib.util.find_spec("sb3_contrib") is not None
    code = f"""
import agents, hydra_env
from agents.train.config import DEFAULT_CONFIG, find_config, load_config, packaged_configs
from agents.ppo_bot import resolve_policy
from hydra_env.envs.bots import bot_names, make_bot
print(agents.__file__, hydra_env.__file__, find_config("coop_ppo"), resolve_policy("solo-default"))
print(load_config(DEFAULT_CONFIG).env, ",".join(packaged_configs()), ",".join(bot_names()))
if {with_ppo}:
    bot, game = make_bot("ppo:solo-default", seed=0), hydra_env.Game.new(10, 1, 3)
    for _ in range(5):
        game.apply(bot.act(game.view(0), game.legal_actions()))
    print(type(bot).__name__, len(game.history))
"""
    # -S: no .pth files, so an editable install of this checkout in the running venv (whose
    # import hook would take precedence) stays out; its dependencies are on the path.
    path = os.pathsep.join([str(site), *sysconfig_site_packages()])
    out = subprocess.run([sys.executable, "-S", "-c", code], cwd=empty, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": path}, check=True).stdout.splitlines()
    for path in out[0].split():
        assert Path(path).is_relative_to(site), path
    env_id, configs, names = out[1].split()
    assert env_id == "hydra_env/Solo-v0"
    assert configs.split(",") == sorted(p.stem for p in (ROOT / "configs").glob("*.yaml"))
    assert set(names.split(",")) >= HYDRA_BOTS
    assert out[2:] == (["PPOBot 5"] if with_ppo else [])
    assert not any(empty.iterdir())


def sysconfig_site_packages() -> list[str]:
    """The running interpreter's site-packages folders (what -S leaves off the path)."""
    import site as site_module
    return [p for p in site_module.getsitepackages() if Path(p).is_dir()]


# --------------------------------------------------------------------------- provenance

_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def _absolute_paths(value: Any, where: str = "") -> list[str]:
    """Every string (or word of one) in ``value`` that is an absolute path."""
    if isinstance(value, dict):
        return [p for k, v in value.items() if k != ":serialized:"
                for p in _absolute_paths(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [p for k, v in enumerate(value) for p in _absolute_paths(v, f"{where}[{k}]")]
    if not isinstance(value, str):
        return []
    words = [w.removeprefix("ppo:").strip("'\"") for w in re.split(r"[\s,]+", value)]
    return [f"{where}: {w}" for w in words if w.startswith("/") or _DRIVE.match(w)]


@pytest.mark.parametrize("name", ["solo-default", "solo-from-search", "solo-from-search-long",
                                  "coop-default", "coop-league"])
def test_shipped_provenance_holds_no_absolute_paths(name: str) -> None:
    policies = ROOT / "agents" / "policies"
    recorded = yaml.safe_load((policies / f"{name}.yaml").read_text())
    assert not _absolute_paths(recorded)
    assert f"ppo:runs/{recorded['run']}/best_model.zip" in recorded["final_report"]["config"]["agent"]
    with zipfile.ZipFile(policies / f"{name}.zip") as z:
        data = json.loads(z.read("data"))
    assert data["tensorboard_log"] is None
    assert not _absolute_paths(data)


def test_export_writes_paths_into_the_run_folder_relative() -> None:
    run = Path("/somewhere/on/a/machine/runs/Solo-v0__x__0__20260101-000000")
    recorded = {"agent": f"ppo:{run}/best_model.zip,heuristic", "seats": [f"ppo:{run}/best_model.zip"],
                "command": f"hydra-env evaluate --agent ppo:{run}/best_model.zip --games 5",
                "run": run.name, "games": 5}
    assert relative_paths(recorded, run) == {
        "agent": f"ppo:runs/{run.name}/best_model.zip,heuristic",
        "seats": [f"ppo:runs/{run.name}/best_model.zip"],
        "command": f"hydra-env evaluate --agent ppo:runs/{run.name}/best_model.zip --games 5",
        "run": run.name, "games": 5}



def test_export_keeps_a_path_that_is_already_relative() -> None:
    run = Path("/somewhere/runs/Hydras-v0__x__0__20260101-000000")
    command = f"hydra-env train --resume runs/{run.name} --set total_timesteps=10"
    assert relative_paths(command, run) == command          # not runs/runs/NAME

# --------------------------------------------------------------------------- configs by name

def test_configs_are_found_by_name_or_path(tmp_path: Path) -> None:
    assert config_dir() == ROOT / "configs"          # a checkout (or editable install)
    assert packaged_configs() == ["coop_default_policy", "coop_league_policy", "coop_ppo", "hadara_policy",
                                  "hailhydra_policy", "heroica_race_policy", "heroica_solo_policy", "hydras_ppo",
                                  "solo_default_policy", "solo_from_search_long_policy",
                                  "solo_from_search_policy", "solo_ppo"]
    assert find_config("coop_ppo") == find_config("coop_ppo.yaml") == ROOT / "configs" / "coop_ppo.yaml"
    own = tmp_path / "coop_ppo.yaml"
    own.write_text("default:\n  env: hydra_env/Solo-v0\n")
    assert find_config(own) == own                    # a path wins over a packaged name
    assert load_config(DEFAULT_CONFIG).env == "hydra_env/Solo-v0"
    assert load_config("coop_ppo").env == "hydra_env/Coop-v0"
    for bad in ("nope", "configs/nope.yaml", str(tmp_path)):
        with pytest.raises(ConfigError, match="packaged config"):
            find_config(bad)


def test_train_names_the_packaged_configs_for_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["train", "solo_ppx"]) == 2
    err = capsys.readouterr().err
    assert "config 'solo_ppx' not found" in err and "solo_ppo" in err and "coop_ppo" in err
