"""No module of the project is over 400 lines: small modules, one job each.

Every ``.py`` file under ``hydra_env/``, ``agents/`` and ``benchmarks/`` counts
(tracked files and new ones git does not ignore, so a new module is checked
before it is committed; build outputs are ignored by git and so left out).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDERS = ("hydra_env", "agents", "benchmarks")
MAX_LINES = 400


def python_modules() -> list[str]:
    """The ``.py`` files under :data:`FOLDERS` that git tracks or would track (relative paths)."""
    try:
        out = subprocess.run(
            ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard",
             "--", *FOLDERS], check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"the module-size check needs a git checkout of the repository ({exc})")
    names = {n for n in out.decode("utf-8").split("\0") if n.endswith(".py")}
    return sorted(n for n in names if (REPO / n).is_file())


def line_count(path: Path) -> int:
    """The number of lines of a text file (a last line without a newline counts)."""
    return len(path.read_text(encoding="utf-8", errors="replace").splitlines())


def test_every_module_has_at_most_400_lines() -> None:
    modules = python_modules()
    assert modules, f"no .py file found under {', '.join(FOLDERS)}"
    too_long = {name: n for name in modules if (n := line_count(REPO / name)) > MAX_LINES}
    listing = "\n".join(f"    {name}: {n} lines" for name, n in sorted(too_long.items(), key=lambda kv: -kv[1]))
    assert not too_long, (f"{len(too_long)} module(s) over {MAX_LINES} lines; split each into modules "
                          f"of one job:\n{listing}")
