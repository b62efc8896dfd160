"""The second venv of ``make test-rllib`` (.venv-rllib): RLlib with the gymnasium it pins.

``ray[rllib]==2.60.*`` pins gymnasium 1.2.2; the main venv has a newer one, so the RLlib
tests, and the env and vector-env tests on the gymnasium RLlib pins, run in a venv of their
own. The project is not installed there (no second C++ build): its sources come from
``PYTHONPATH`` and its native modules from ``HYDRA_ENV_NATIVE_DIR`` (the main build folder).
What an install would add besides, the entry points (games, bots, policies), this script
writes as a minimal ``hydra_env-<version>.dist-info`` into the venv, from pyproject.toml::

    python tests/rllib/rllib_venv.py requirements   # the packages to install, one a line
    python tests/rllib/rllib_venv.py metadata       # (run by the venv's python) the dist-info

Standard library only (tomllib; on Python 3.10 pip's own copy of tomli).
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:             # Python 3.10: the copy pip carries
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
TEST_TOOLS = ("pytest", "hypothesis")


def project() -> dict:
    """The ``[project]`` table of pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]


def requirements() -> list[str]:
    """The package's dependencies, the ``rllib`` extra and the test runners of the ``test`` extra."""
    table = project()
    extras = table["optional-dependencies"]
    tests = [r for r in extras["test"] if r.split(">")[0].split("=")[0].strip() in TEST_TOOLS]
    return [*table["dependencies"], *extras["rllib"], *tests]


def write_metadata() -> Path:
    """The dist-info of the project (its name, version and entry points) in this venv's site-packages."""
    table = project()
    folder = Path(sysconfig.get_paths()["purelib"]) / f"hydra_env-{table['version']}.dist-info"
    folder.mkdir(exist_ok=True)
    (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: hydra-env\nVersion: {table['version']}\n")
    lines = []
    for group, entries in {"console_scripts": table.get("scripts", {}), **table["entry-points"]}.items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in entries.items()]
        lines.append("")
    (folder / "entry_points.txt").write_text("\n".join(lines))
    return folder


if __name__ == "__main__":
    if sys.argv[1:] == ["requirements"]:
        print("\n".join(requirements()))
    elif sys.argv[1:] == ["metadata"]:
        print(write_metadata())
    else:
        sys.exit("usage: rllib_venv.py requirements | metadata")
