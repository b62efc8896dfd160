"""Ray cluster use from a head whose Python lacks this package (issue 29, item 6).

A loopback head is started from a venv that has Ray (and numpy, ...) but not hydra-env: its
site-packages reach the main venv's packages through a folder of links that leaves out
hydra_env, its metadata and its editable finder. The head uses Ray's token authentication.
Then, from this venv:

* ``evaluate --backend ray --address`` without the token is refused with the message that
  names RAY_AUTH_MODE and RAY_AUTH_TOKEN, and writes nothing;
* with the token it plays on the head's workers (found bots by name from the entry points the
  driver hands over) and writes the same games.csv as a local run;
* a task on the head finds the games, the bots and the native engines (shipped with the job).

The RLlib run against such a head is in tests/rllib (it needs ray[rllib]).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray")

from helpers.ray_head import TOKEN, free_port, ray_head, without_project  # noqa: E402

LEFT_OUT = ("hydra_env", "_editable_")


def _packageless_python(root: Path) -> Path:
    """A venv with the main venv's packages except this one (see the module docstring)."""
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--without-pip", str(root / "venv")], check=True)
    farm = root / "site"
    farm.mkdir()
    main_site = Path(next(p for p in sys.path if p.endswith("site-packages") and Path(p, "ray").is_dir()))
    for entry in main_site.iterdir():
        if entry.name.startswith(LEFT_OUT) or entry.suffix == ".pth":
            continue
        (farm / entry.name).symlink_to(entry)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    (root / "venv" / "lib" / version / "site-packages" / "links.pth").write_text(f"{farm}\n")
    return root / "venv" / "bin" / "python"


@pytest.fixture(scope="module")
def head() -> Iterator[dict[str, object]]:
    """A token-authenticated loopback Ray head run by a Python without this package."""
    root = Path(tempfile.mkdtemp(prefix="hr"))          # short: Ray's socket paths have a limit
    python = _packageless_python(root)
    probe = subprocess.run([str(python), "-c", "import ray, numpy\ntry:\n import hydra_env\nexcept ImportError:"
                            "\n print('no hydra_env')"], capture_output=True, text=True, cwd=root,
                           env=without_project())
    assert probe.stdout.strip() == "no hydra_env", probe.stderr
    with ray_head(python, root, without_project(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)) as address:
        yield {"address": address, "root": root}


def _hydra_env(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "agents.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env=without_project(PYTHONPATH=str(Path(__file__).resolve().parents[2]), **env),
                          timeout=600)


EVALUATE = ["evaluate", "--agent", "heuristic", "--games", "6", "--seed", "3", "--no-progress"]


def test_a_cluster_with_token_authentication_refuses_a_driver_without_the_token_and_says_how(
        head: dict[str, object], tmp_path: Path) -> None:
    done = _hydra_env([*EVALUATE, "--backend", "ray", "--address", str(head["address"]),
                       "--out", str(tmp_path / "out")], tmp_path)
    assert done.returncode == 2, done.stderr
    assert "RAY_AUTH_MODE=token" in done.stderr and "RAY_AUTH_TOKEN" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_an_address_where_nothing_listens_is_refused_at_once_and_writes_nothing(tmp_path: Path) -> None:
    done = _hydra_env([*EVALUATE, "--backend", "ray", "--address", f"127.0.0.1:{free_port()}",
                       "--out", str(tmp_path / "out")], tmp_path)
    assert done.returncode == 2, done.stderr
    assert "nothing answers there" in done.stderr and "ray start --head" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()


def test_evaluate_on_a_head_without_the_package_equals_the_local_run(head: dict[str, object], tmp_path: Path) -> None:
    remote = _hydra_env([*EVALUATE, "--backend", "ray", "--address", str(head["address"]),
                         "--out", str(tmp_path / "remote")], tmp_path, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)
    assert remote.returncode == 0, remote.stderr[-3000:]
    local = _hydra_env([*EVALUATE, "--out", str(tmp_path / "local")], tmp_path)
    assert local.returncode == 0, local.stderr[-3000:]
    assert (tmp_path / "remote" / "games.csv").read_bytes() == (tmp_path / "local" / "games.csv").read_bytes()


PROBE = """
import json, sys, ray
from agents.ray_cluster import connect
connect(sys.argv[1])

@ray.remote
def look():
    import hydra_env
    from hydra_env.envs.bots import bot_names
    from hydra_env.native.modules import game_module_available
    return {"file": hydra_env.__file__, "games": list(hydra_env.game_names()),
            "native": {g: game_module_available(g) for g in hydra_env.game_names()},
            "bots": {g: sorted(bot_names(game=g)) for g in hydra_env.game_names()}}

print(json.dumps(ray.get(look.remote())))
"""


def test_a_node_without_the_package_finds_the_games_bots_and_native_engines_shipped_with_the_job(
        head: dict[str, object], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, str(head["address"])], capture_output=True, text=True,
                          cwd=tmp_path, timeout=600,
                          env=without_project(PYTHONPATH=str(Path(__file__).resolve().parents[2]),
                                         RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN))
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    import hydra_env
    from hydra_env.native.modules import game_module_available
    assert seen["games"] == list(hydra_env.game_names())
    assert not seen["file"].startswith(str(Path(hydra_env.__file__).parent))      # the shipped copy
    assert seen["native"] == {g: game_module_available(g) for g in hydra_env.game_names()}
    assert "heuristic" in seen["bots"]["hydra"] and "ppo" in seen["bots"]["hydra"]
