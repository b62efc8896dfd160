"""Where the command line writes: outputs checked before any game, written atomically.

Every output of a command is checked before the first game is played
(:func:`check_out` for an ``--out`` folder, :func:`check_file_out` for a file
such as ``play --save-replay``), so a run never plays for an hour and then
finds that it cannot write. The errors name the option (``--out``), not a
temporary path.

An output folder is written into a temporary folder beside it, named
``.NAME.incomplete-PID-XXXX`` and holding a file ``INCOMPLETE.txt`` until the
end, then renamed to ``NAME`` (:func:`atomic_dir`). A run killed with
``kill -9`` can leave such a folder behind: its name says what it is, it
never looks like a result, and the next run writing to the same ``--out``
removes it (:func:`clean_stale`), as it does the ``.NAME.old-PID`` folder of
a run killed while swapping an old result for a new one.

:class:`UsageError` is defined here, the lowest module of the command line,
and re-exported by :mod:`agents.cli`.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

INCOMPLETE = "incomplete"
MARKER = "INCOMPLETE.txt"
_MARKER_TEXT = ("This folder is an unfinished hydra-env run (it was stopped before it could "
                "finish writing).\nIt is not a result; delete it, or let the next run with the "
                "same --out remove it.\n")


class UsageError(Exception):
    """A bad command-line argument; printed as ``hydra-env CMD: error: ...`` with exit code 2."""


# --------------------------------------------------------------------------- checks

def _resolved(path: Path) -> Path:
    return Path(os.path.abspath(Path(path).expanduser())).resolve()


def _read_only(folder: Path) -> bool:
    """A folder this process cannot write into, or one whose mode gives nobody write access
    (refused even for root, who could write into it anyway)."""
    try:
        mode = folder.stat().st_mode
    except OSError:
        return True
    return not os.access(folder, os.W_OK | os.X_OK) or not mode & 0o222


def _existing_ancestor(path: Path) -> Path:
    for parent in path.parents:
        if parent.exists():
            return parent
    return Path(path.anchor)                       # pragma: no cover - the root exists


def _check_can_create_in(flag: str, shown: Path, path: Path) -> None:
    """``path`` (absolute) can be made: its nearest existing ancestor is a writable folder."""
    ancestor = _existing_ancestor(path)
    if not ancestor.is_dir():
        raise UsageError(f"{flag} {shown}: {ancestor} is a file, not a folder")
    if _read_only(ancestor):
        raise UsageError(f"{flag} {shown}: the folder {ancestor} is read-only; make it writable "
                         f"or choose another {flag}")
    try:                                           # a real probe: read-only file systems, quotas
        probe = tempfile.mkdtemp(prefix=f".{path.name}.probe-", dir=ancestor)
    except OSError as exc:
        raise UsageError(f"{flag} {shown}: cannot create anything in {ancestor} "
                         f"({exc.strerror or exc}); choose another {flag}") from None
    os.rmdir(probe)


def check_out(out: Path, force: bool, flag: str = "--out") -> None:
    """An output folder that the run can make or replace, checked before any game.

    Refused: a file (or a path through a file); the current folder or one that
    holds it (replacing it would delete the folder the command runs in); a
    non-empty folder without ``--force``; a read-only folder; a folder whose
    parent cannot be written. Stale temporary folders of killed runs with the
    same name are removed (:func:`clean_stale`).
    """
    target = _resolved(out)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{flag} {out} is a file, not a folder")
    for parent in target.parents:
        if parent.exists() and not parent.is_dir():
            raise UsageError(f"{flag} {out}: {parent} is a file, not a folder")
    cwd = _resolved(Path.cwd())
    if target == cwd or target in cwd.parents:
        raise UsageError(f"{flag} {out} is the current folder or holds it, which the run cannot "
                         f"replace; give a new folder, such as {flag} runs/NAME")
    if target.is_dir():
        if _read_only(target):
            raise UsageError(f"{flag} {out} is read-only; make it writable or choose another "
                             f"{flag}")
        if any(target.iterdir()) and not force:
            raise UsageError(f"{flag} {out} already exists and is not empty; pass --force to "
                             f"replace it")
    _check_can_create_in(flag, out, target)
    clean_stale(target)


def check_work_folder(folder: Path, flag: str) -> None:
    """A folder the command adds to (such as ``--runs-dir``): it is a writable folder,
    or can be made. Checked before any work starts."""
    target = _resolved(folder)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{flag} {folder} is a file, not a folder")
    if target.is_dir():
        if _read_only(target):
            raise UsageError(f"{flag} {folder} is read-only; make it writable or choose another {flag}")
        return
    _check_can_create_in(flag, folder, target)


def check_file_out(path: Path, flag: str) -> None:
    """An output file (replaced if it exists) that can be written, checked before any game."""
    target = _resolved(path)
    if target.is_dir():
        raise UsageError(f"{flag} {path} is a folder; give the path of a file, such as "
                         f"{Path(path) / 'game.json'}")
    for parent in target.parents:
        if parent.exists() and not parent.is_dir():
            raise UsageError(f"{flag} {path}: {parent} is a file, not a folder")
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageError(f"{flag} {path} exists and is read-only")
    _check_can_create_in(flag, path, target)


# --------------------------------------------------------------------------- stale folders

def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0            # another user's process: leave its folder alone
    return True


def _stale_names(name: str) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(name)}\.(?:({INCOMPLETE}|old)-(\d+)(?:-.*)?|tmp-.*)$")


def clean_stale(target: Path) -> list[Path]:
    """Remove what killed runs left beside ``target``: ``.NAME.incomplete-PID-*`` folders
    (and ``.NAME.tmp-*`` of older versions) of processes that no longer run; a
    ``.NAME.old-PID`` folder is put back as ``NAME`` when ``NAME`` is missing (the run
    was killed between its two renames), else removed. Returns the folders removed."""
    target = Path(target)
    parent, pattern = target.parent, _stale_names(target.name)
    removed: list[Path] = []
    try:
        entries = sorted(parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        match = pattern.match(entry.name)
        if not match or not entry.is_dir() or entry.is_symlink():
            continue
        kind, pid = match.group(1), match.group(2)
        if pid is not None and _alive(int(pid)):
            continue
        if kind == "old" and not target.exists():
            os.replace(entry, target)
            print(f"note: put back {target} from {entry.name} (left by a run that was killed)")
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
        print(f"note: removed {entry} (left by a run that was killed; not a result)")
    return removed


# --------------------------------------------------------------------------- atomic writes

@contextmanager
def atomic_dir(target: Path) -> Iterator[Path]:
    """A temporary folder next to ``target``, renamed to ``target`` when the block succeeds.

    The temporary folder is named ``.NAME.incomplete-PID-XXXX`` and holds
    ``INCOMPLETE.txt`` until just before the rename. On an error or an
    interrupt it is removed and ``target`` is left as it was.
    """
    target = _resolved(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.{INCOMPLETE}-{os.getpid()}-",
                                dir=target.parent))
    try:
        (tmp / MARKER).write_text(_MARKER_TEXT, encoding="utf-8")
        yield tmp
        (tmp / MARKER).unlink()
        os.chmod(tmp, 0o755)
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            os.replace(target, old)
            os.replace(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, target)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{INCOMPLETE}-{os.getpid()}-",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
