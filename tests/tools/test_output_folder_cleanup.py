"""The stale-folder cleanup touches only what this tool wrote and marked (issue 30, fault 8):
a user's ``.NAME.tmp-backup`` or ``.NAME.old-PID`` beside ``--out NAME`` is left alone, and
a result put back after a killed run is replaced only with ``--force``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from agents import cli, outputs

RUN = ["--agent", "random", "--games", "2", "--workers", "1", "--no-progress"]
DEAD_PID = 999_999_999          # beyond any pid_max: no such process


def _folder(path: Path, **files: str) -> Path:
    path.mkdir()
    for name, text in files.items():
        (path / name).write_text(text)
    return path


def _tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", [".results.tmp-backup", f".results.old-{DEAD_PID}",
                                  f".results.incomplete-{DEAD_PID}-mine"])
def test_a_users_folder_named_like_a_temporary_one_is_left_alone(
        tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    users = _folder(tmp_path / name, **{"notes.txt": "mine"})
    assert cli.main(["evaluate", *RUN, "--out", str(tmp_path / "results")]) == 0
    assert _tree(users) == {"notes.txt": "mine"}
    assert "removed" not in capsys.readouterr().out
    assert (tmp_path / "results" / "summary.json").is_file()


def test_a_marker_naming_another_pid_than_the_folder_name_is_not_ours(tmp_path: Path) -> None:
    other = _folder(tmp_path / f".out.incomplete-{DEAD_PID}-x",
                    **{outputs.MARKER: f"unfinished\npid: {DEAD_PID - 1}\n"})
    assert outputs.clean_stale(tmp_path / "out") == []
    assert other.is_dir()


def test_a_marked_folder_of_a_dead_run_is_removed(tmp_path: Path) -> None:
    stale = _folder(tmp_path / f".out.incomplete-{DEAD_PID}-x",
                    **{outputs.MARKER: f"unfinished\npid: {DEAD_PID}\n", "games.csv": ""})
    assert outputs.clean_stale(tmp_path / "out") == [stale]
    assert not stale.exists()


def test_a_result_put_back_after_a_kill_is_replaced_only_with_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _folder(tmp_path / f".out.old-{DEAD_PID}", **{"summary.json": "{\"old\": 1}",
                                                  outputs.SET_ASIDE: f"set aside\npid: {DEAD_PID}\n"})
    out = tmp_path / "out"
    assert cli.main(["evaluate", *RUN, "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert "put back" in captured.out and "--force" in captured.err
    assert _tree(out) == {"summary.json": "{\"old\": 1}"}         # the user's result, unmarked
    assert cli.main(["evaluate", *RUN, "--out", str(out), "--force"]) == 0
    assert "old" not in (out / "summary.json").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_the_folder_set_aside_while_swapping_results_is_marked_with_the_pid(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _folder(tmp_path / "out", **{"summary.json": "{}"})
    replace = os.replace
    calls: list[Any] = []

    def killed_after_the_first_rename(src: Any, dst: Any) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt
        replace(src, dst)

    monkeypatch.setattr(outputs.os, "replace", killed_after_the_first_rename)
    with pytest.raises(KeyboardInterrupt), outputs.atomic_dir(out) as tmp:
        (tmp / "summary.json").write_text("{\"new\": 1}")
    monkeypatch.undo()
    aside = tmp_path / f".out.old-{os.getpid()}"
    assert outputs._marked_by(aside, outputs.SET_ASIDE) == os.getpid()
    assert outputs.clean_stale(out) == [] and aside.is_dir()        # its process still runs
