"""One writer per folder: a lock file that a second process cannot take.

:func:`hold` takes ``FOLDER/run.lock`` for the calling process (its pid, host and
start time written in it) and gives it back at the end of the block. A second
process is refused with a :class:`~hydra_env.ConfigError` naming the pid that holds
the folder. A lock left by a process that no longer runs (killed with ``kill -9``)
is taken over with a note.

On POSIX the lock is ``flock`` on the file (the kernel lets go of it when its
process dies, whatever the signal); elsewhere the file is created exclusively and
a pid that no longer runs makes it stale. The lock is re-entrant within a process:
a nested :func:`hold` of a folder the process holds does nothing.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hydra_env.errors import ConfigError

LOCK_NAME = "run.lock"

_HELD: dict[Path, int] = {}          # folder -> the open lock file's descriptor


def _owner(text: str) -> tuple[int | None, str]:
    """The pid and host written in a lock file (None, "" when unreadable)."""
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    try:
        return int(fields.get("pid", "")), fields.get("host", "")
    except ValueError:
        return None, fields.get("host", "")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0                # another user's process: treated as running
    return True


def _in_use(folder: Path, text: str) -> ConfigError:
    pid, host = _owner(text)
    who = f"process {pid}" + (f" on {host}" if host and host != socket.gethostname() else "") \
        if pid is not None else "another process"
    return ConfigError(f"{folder} is in use by {who} (its lock file {folder / LOCK_NAME}); "
                       f"two processes cannot write one run folder: wait for that one to end "
                       f"or stop it, then try again")


def _record() -> str:
    return (f"pid={os.getpid()}\nhost={socket.gethostname()}\n"
            f"since={time.strftime('%Y-%m-%d %H:%M:%S')}\n")


def _took_over(folder: Path, old: str) -> None:
    pid, _ = _owner(old)
    if pid is not None and pid != os.getpid():
        print(f"note: took over the lock of {folder} from process {pid}, which no longer runs",
              file=sys.stderr)


def _acquire_flock(folder: Path) -> int:
    import fcntl
    path = folder / LOCK_NAME
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            text = os.read(fd, 4096).decode("utf-8", "replace")
            os.close(fd)
            raise _in_use(folder, text) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if not same:                 # the holder removed the file as we opened it: again
            os.close(fd)
            continue
        old = os.read(fd, 4096).decode("utf-8", "replace")
        _took_over(folder, old)
        os.ftruncate(fd, 0)
        os.pwrite(fd, _record().encode(), 0)
        return fd


def _acquire_exclusive(folder: Path) -> int:
    path = folder / LOCK_NAME
    for _ in range(3):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            try:
                old = path.read_text(encoding="utf-8", errors="replace")
            except FileNotFoundError:
                continue
            pid, _ = _owner(old)
            if pid is None or _alive(pid):
                raise _in_use(folder, old) from None
            _took_over(folder, old)
            path.unlink(missing_ok=True)
            continue
        os.write(fd, _record().encode())
        return fd
    raise _in_use(folder, "")


def acquire(folder: Path) -> int:
    """Take the lock of ``folder`` for this process (its descriptor); ConfigError when
    another running process holds it."""
    folder = Path(folder).resolve()
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return _acquire_exclusive(folder)
    return _acquire_flock(folder)


def release(folder: Path, fd: int) -> None:
    """Give back the lock taken by :func:`acquire` (the lock file is removed)."""
    path = Path(folder).resolve() / LOCK_NAME
    try:
        path.unlink(missing_ok=True)
    finally:
        os.close(fd)


@contextmanager
def hold(folder: Path) -> Iterator[None]:
    """The lock of ``folder`` for the block (re-entrant in one process); ConfigError,
    before anything is written, when another running process holds it."""
    folder = Path(folder).resolve()
    if folder in _HELD:
        yield
        return
    fd = acquire(folder)
    _HELD[folder] = fd
    try:
        yield
    finally:
        del _HELD[folder]
        release(folder, fd)
