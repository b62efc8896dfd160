"""Connecting to a Ray cluster whose nodes may not have this package installed.

``--backend ray --address HOST:PORT`` (evaluation) and RLlib training on a cluster ship the
project's code with the job (Ray's ``runtime_env``): :func:`cluster_runtime_env` gives

* ``py_modules``: the ``agents`` package and a staged copy of ``hydra_env`` that also holds the
  built extension modules (the native engines), which an editable install keeps outside the
  source folder. A node whose Python cannot load them (another version or platform) falls back
  to the Python engines, which give the same games;
* ``env_vars``: the driver's entry points (:data:`hydra_env.entry_points.ENV_VARIABLE`), so that
  the games, bots and shipped policies are found by name on a node that lacks the package's
  metadata (without them: "unknown bot 'heuristic'").

:func:`connect` joins the cluster and turns Ray's refusals into errors that say what to do,
among them token authentication (Ray 2.52+: ``RAY_AUTH_MODE=token`` and the token in
``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH`` or ``~/.ray/auth_token``; the driver passes its
environment through to Ray unchanged). See ``docs/cluster.md``.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

from agents.outputs import UsageError
from hydra_env.entry_points import ENV_VARIABLE, snapshot

EXTENSIONS = (".so", ".pyd")
_staged: dict[str, str] = {}


def _source_folder(package: Any) -> Path:
    return Path(package.__file__).resolve().parent


def staged_hydra_env() -> str:
    """A folder ``.../hydra_env`` holding this process's ``hydra_env`` sources and its extension
    modules (copied once per process; removed at exit)."""
    import hydra_env
    if "hydra_env" in _staged:
        return _staged["hydra_env"]
    source = _source_folder(hydra_env)
    root = Path(tempfile.mkdtemp(prefix="hydra-env-ray-"))
    atexit.register(shutil.rmtree, root, True)
    target = root / "hydra_env"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for folder in getattr(hydra_env, "__path__", []):
        folder = Path(folder).resolve()
        if folder == source or not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            if path.suffix in EXTENSIONS and path.is_file():
                destination = target / path.relative_to(folder)
                if not destination.exists():
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, destination)
    _staged["hydra_env"] = str(target)
    return str(target)


def cluster_runtime_env() -> dict[str, Any]:
    """The ``runtime_env`` that lets a node without this package run its games and bots."""
    import agents
    return {"py_modules": [str(_source_folder(agents)), staged_hydra_env()],
            "env_vars": {ENV_VARIABLE: json.dumps(snapshot())}}


AUTH_HINT = ("the cluster asks for Ray's token authentication: set RAY_AUTH_MODE=token in this "
             "shell, and the cluster's token in RAY_AUTH_TOKEN (or a file named by RAY_AUTH_TOKEN_PATH, "
             "or ~/.ray/auth_token; `ray get-auth-token` on the head prints it), then run again")


def explain(address: str, error: BaseException, said: str = "", flag: str = "--address") -> str:
    """The user's message for a failure to join the cluster at ``address`` (``said``: what Ray
    wrote to the standard error meanwhile)."""
    text = f"{error} {said}"
    if any(word in text for word in ("InvalidAuthToken", "Unauthenticated", "auth token", "authentication")):
        return f"{flag} {address}: {AUTH_HINT}"
    hint = ("" if os.environ.get("RAY_AUTH_MODE") == "token" else
            "; if the cluster uses token authentication (Ray 2.59+ turns it on for clusters started "
            "locally), set RAY_AUTH_MODE=token and the token (RAY_AUTH_TOKEN) in this shell")
    return (f"{flag} {address}: no Ray cluster could be reached there ({str(error).strip()[:300]}); "
            f"give the address of a running cluster, such as HOST:6379 (or ray://HOST:10001){hint}")


def _init_holding_stderr(**kwargs: Any) -> tuple[BaseException | None, str]:
    """``ray.init(**kwargs)`` with file descriptor 2 (Ray's C++ logs) held aside: on success what
    was written is passed on; on failure it is returned with the error, not shown."""
    import ray
    sys.stderr.flush()
    saved = os.dup(2)
    failure: BaseException | None = None
    with tempfile.TemporaryFile(mode="w+b") as held:
        os.dup2(held.fileno(), 2)
        try:
            ray.init(**kwargs)
        except Exception as exc:    # Ray raises many kinds here (ConnectionError, RuntimeError, ...)
            failure = exc
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        held.seek(0)
        said = held.read().decode("utf-8", "replace")
    if failure is None and said:
        sys.stderr.write(said)
    return failure, said


def _unreachable(address: str, timeout: float = 5.0) -> str | None:
    """Why nothing can answer at a plain ``HOST:PORT`` address (None: something listens there, or
    the address is of another form, ``auto`` or ``ray://...``, which Ray resolves itself). Ray
    itself would retry a dead address for many minutes."""
    host, sep, port = address.rpartition(":")
    if not sep or "://" in address or not port.isdigit():
        return None
    try:
        with socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=timeout):
            return None
    except OSError as exc:
        return f"nothing answers there ({exc.strerror or exc})"


def connect(address: str, *, flag: str = "--address", **init_kwargs: Any) -> None:
    """Join the Ray cluster at ``address`` with :func:`cluster_runtime_env` (UsageError naming
    the fix when nothing listens there or Ray refuses, token authentication among them; the
    message names the address as ``flag``, where the user gave it)."""
    import ray
    dead = _unreachable(address)
    if dead is not None:
        raise UsageError(f"{flag} {address}: {dead}; give the address of a running Ray cluster's head, "
                         f"such as HOST:6379 (`ray start --head` prints it), or ray://HOST:10001")
    runtime_env = cluster_runtime_env()
    extra = init_kwargs.pop("runtime_env", None) or {}
    runtime_env["env_vars"].update(extra.get("env_vars", {}))
    failure, said = _init_holding_stderr(address=address, runtime_env=runtime_env,
                                         log_to_driver=False, **init_kwargs)
    if failure is not None:
        if ray.is_initialized():
            ray.shutdown()
        raise UsageError(explain(address, failure, said, flag)) from None


__all__ = ["cluster_runtime_env", "connect", "explain", "staged_hydra_env"]
