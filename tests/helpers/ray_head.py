"""A loopback Ray head for the cluster tests (tests/tools/test_ray_cluster.py and
tests/rllib/test_rllib_cluster.py): started with ``ray start --head --block`` by a given Python,
in its own session, and stopped (the whole process group) when the test module is done."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TOKEN = "0123456789abcdef0123456789abcdef"
"""The token of the heads started with token authentication (Ray 2.59+ asks for one)."""
RAY_CLI = "import sys\nfrom ray.scripts.scripts import main\nsys.argv = ['ray'] + sys.argv[1:]\nmain()"


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def without_project(**extra: str) -> dict[str, str]:
    """This environment less PYTHONPATH and every RAY_ and HYDRA_ENV_ variable, plus ``extra``."""
    env = {k: v for k, v in os.environ.items()
           if k != "PYTHONPATH" and not k.startswith(("RAY_", "HYDRA_ENV_"))}
    env.update(extra)
    return env


@contextmanager
def ray_head(python: str | Path, root: Path, env: dict[str, str]) -> Iterator[str]:
    """A head run by ``python`` in ``root`` (its log ``head.log``, Ray's files under ``root/r``:
    keep ``root`` short, Ray's socket paths have a limit); yields its address."""
    port = free_port()
    log = open(root / "head.log", "w")
    process = subprocess.Popen(
        [str(python), "-c", RAY_CLI, "start", "--head", "--block", "--port", str(port), "--num-cpus", "2",
         "--include-dashboard=false", "--disable-usage-stats", "--temp-dir", str(root / "r")],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while "Ray runtime started" not in (root / "head.log").read_text():
            assert process.poll() is None and time.monotonic() < deadline, (root / "head.log").read_text()
            time.sleep(0.5)
        yield f"127.0.0.1:{port}"
    finally:
        # A graceful stop of every Ray process takes about 30 s; the head's files are
        # throw-away, so after a short grace the whole group is killed.
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=60)
        log.close()
