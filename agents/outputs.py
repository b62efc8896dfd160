"""Where the command line writes: outputs checked before any game, written atomically.

Every output of a command is checked before the first game is played
(:func:`check_out` for an ``--out`` folder, :func:`check_file_out` for a file
such as ``play --save-replay``; both replace what exists only with ``--force``), so
a run never plays for an hour and then finds that it cannot write. The errors
name the option (``--out``), not a temporary path.

An output folder is written into a temporary folder beside it, named
``.NAME.incomplete-PID-XXXX`` and holding a file ``INCOMPLETE.txt`` (naming the
PID) until the end, then renamed to ``NAME`` (:func:`atomic_dir`). A run killed with
``kill -9`` can leave such a folder behind: its name says what it is, it
never looks like a result, and the next run writing to the same ``--out``
removes it (:func:`clean_stale`), as it does the ``.NAME.old-PID`` folder (marked
``SET-ASIDE.txt``) of a run killed while swapping an old result for a new one. A
folder this tool did not mark (a user's ``.NAME.old-1234`` or ``.NAME.tmp-backup``) is
never touched, and replacing anything a user can see takes ``--force``.

:class:`UsageError` is defined here, the lowest module of the command line,
and re-exported by :mod:`agents.cli`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

INCOMPLETE = "incomplete"
MARKER = "INCOMPLETE.txt"
_MARKER_TEXT = ("This folder is an unfinished hydra-env run (it was stopped before it could "
                "finish writing).\nIt is not a result; delete it, or let the next run with the "
                "same --out remove it.\n")
SET_ASIDE = "SET-ASIDE.txt"
_SET_ASIDE_TEXT = ("This folder is the previous content of {name}, set aside by a hydra-env run "
                   "while it put its new result in place.\nIf {name} is missing, the run was "
                   "stopped between the two steps: the next run with the same --out puts it back.\n")


def _mark(folder: Path, marker: str, text: str) -> None:
    """Write ``marker`` into ``folder``: ``text``, then the pid of this process (the stale
    folder cleanup touches only folders whose marker names the pid in their name)."""
    (folder / marker).write_text(f"{text}pid: {os.getpid()}\n", encoding="utf-8")


def _marked_by(folder: Path, marker: str) -> int | None:
    """The pid in ``folder``'s ``marker`` file, or None when it has none (not ours)."""
    path = folder / marker
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > 4096:
            return None
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = re.search(r"^pid: (\d+)$", text, re.MULTILINE)
    return int(found.group(1)) if found else None


class UsageError(Exception):
    """A bad command-line argument; printed as ``hydra-env CMD: error: ...`` with exit code 2."""


def run_tool(name: str, parser: argparse.ArgumentParser, run: Callable[[argparse.Namespace], int],
             argv: list[str] | None = None) -> int:
    """The ``main`` of a stand-alone tool (``python -m agents.game_tools...``): parse ``argv`` (kept
    as ``args.argv``), then ``run(args)``; a :class:`UsageError` is one line ``NAME: error: ...``
    on stderr and exit status 2, never a traceback."""
    args = parser.parse_args(argv)
    args.argv = argv
    try:
        return run(args)
    except UsageError as exc:
        print(f"{name}: error: {exc}", file=sys.stderr)
        return 2


# --------------------------------------------------------------------------- checks

def _resolved(path: Path) -> Path:
    return Path(os.path.abspath(Path(path).expanduser())).resolve()


def _target(flag: str, path: Path) -> Path:
    """``path`` made absolute, its links followed; UsageError for a name holding a control
    character (a newline would split every line that prints it) or a loop of links."""
    bad = sorted({c for c in str(path) if ord(c) < 32 or ord(c) == 127})
    if bad:
        raise UsageError(f"{flag} {str(path)!r}: the path holds the control character "
                         f"{bad[0]!r}; give a name without one")
    try:
        return _resolved(path)
    except (RuntimeError, OSError) as exc:        # a loop of symbolic links
        raise UsageError(f"{flag} {path}: cannot follow its links ({exc})") from None


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
    same name are removed first (:func:`clean_stale`: only those this tool marked).
    """
    target = _target(flag, out)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{flag} {out} is a file, not a folder")
    for parent in target.parents:
        if parent.exists() and not parent.is_dir():
            raise UsageError(f"{flag} {out}: {parent} is a file, not a folder")
    cwd = _resolved(Path.cwd())
    if target == cwd or target in cwd.parents:
        raise UsageError(f"{flag} {out} is the current folder or holds it, which the run cannot "
                         f"replace; give a new folder, such as {flag} runs/NAME")
    clean_stale(target)                # first: a result put back needs --force to be replaced
    if target.is_dir():
        if _read_only(target):
            raise UsageError(f"{flag} {out} is read-only; make it writable or choose another "
                             f"{flag}")
        if any(target.iterdir()) and not force:
            raise UsageError(f"{flag} {out} already exists and is not empty; pass --force to "
                             f"replace it")
    _check_can_create_in(flag, out, target)


def check_work_folder(folder: Path, flag: str) -> None:
    """A folder the command adds to (such as ``--runs-dir``): it is a writable folder,
    or can be made. Checked before any work starts."""
    target = _target(flag, folder)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{flag} {folder} is a file, not a folder")
    if target.is_dir():
        if _read_only(target):
            raise UsageError(f"{flag} {folder} is read-only; make it writable or choose another {flag}")
        return
    _check_can_create_in(flag, folder, target)


def check_file_out(path: Path, flag: str, force: bool = False) -> None:
    """An output file that can be written, checked before any game: not a folder, a
    device or anything but a plain file; an existing file only with ``force`` (the
    command's ``--force``), and only when it can be written."""
    target = _target(flag, path)
    if target.is_dir():
        raise UsageError(f"{flag} {path} is a folder; give the path of a file, such as "
                         f"{Path(path) / 'game.json'}")
    for parent in target.parents:
        if parent.exists() and not parent.is_dir():
            raise UsageError(f"{flag} {path}: {parent} is a file, not a folder")
    if target.exists() and not target.is_file():
        raise UsageError(f"{flag} {path} is not a plain file (a device, a pipe or a socket); "
                         f"give the path of a file")
    if target.exists() and not force:
        raise UsageError(f"{flag} {path} already exists; pass --force to replace it")
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageError(f"{flag} {path} exists and is read-only")
    _check_can_create_in(flag, path, target)


def check_distinct(outputs: list[tuple[str, Path | None]]) -> None:
    """No two output options name the same file (the second would replace the first)."""
    seen: dict[Path, str] = {}
    for flag, path in outputs:
        if path is None:
            continue
        target = _target(flag, path)
        if target in seen:
            raise UsageError(f"{flag} {path} is the file {seen[target]} writes too; give two "
                             f"different files")
        seen[target] = flag


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
    return re.compile(rf"\.{re.escape(name)}\.({INCOMPLETE}|old)-(\d+)(?:-.*)?$")


def clean_stale(target: Path) -> list[Path]:
    """Remove what killed runs of this tool left beside ``target``, and only that: a
    ``.NAME.incomplete-PID-*`` folder holding the marker ``INCOMPLETE.txt`` that names the
    same PID, of a process that no longer runs; a ``.NAME.old-PID`` folder holding the
    marker ``SET-ASIDE.txt`` with its PID is put back as ``NAME`` when ``NAME`` is missing
    (the run was killed between its two renames; replacing it then needs ``--force``),
    else removed. A folder of such a name without its marker (a user's own) is left
    alone. Returns the folders removed."""
    target = Path(target)
    parent, pattern = target.parent, _stale_names(target.name)
    removed: list[Path] = []
    try:
        entries = sorted(parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        match = pattern.match(entry.name)
        if not match or entry.is_symlink() or not entry.is_dir():
            continue
        kind, pid = match.group(1), int(match.group(2))
        marker = MARKER if kind == INCOMPLETE else SET_ASIDE
        if _marked_by(entry, marker) != pid or _alive(pid):
            continue
        if kind == "old" and not target.exists():
            os.replace(entry, target)
            (target / SET_ASIDE).unlink(missing_ok=True)
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
        _mark(tmp, MARKER, _MARKER_TEXT)
        yield tmp
        (tmp / MARKER).unlink()
        os.chmod(tmp, 0o755)
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            os.replace(target, old)
            _mark(old, SET_ASIDE, _SET_ASIDE_TEXT.format(name=target.name))
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
