"""benchmarks/fuzz_inputs.py runs bounded, counts its examples and records failures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.benchmarks import load_benchmark


@pytest.fixture(scope="module")
def fuzz() -> Any:
    return load_benchmark("fuzz_inputs")


def test_a_bounded_run_reports_the_examples_and_no_failures(fuzz: Any, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    code = fuzz.main(["--examples", "4", "--seed", "1", "--target", "replay", "--target", "data",
                      "--failures", str(tmp_path / "f")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "examples run: 8; failures found: 0" in out
    assert not (tmp_path / "f").exists()


def test_a_broken_reader_is_counted_and_its_input_written(fuzz: Any, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    def broken(data: Any, inputs: Any, example: dict[str, Any]) -> str:
        example.update(edits=["made up"], input="{}")
        raise KeyError("boom")
    monkeypatch.setitem(fuzz.READERS, "data", broken)
    code = fuzz.main(["--examples", "3", "--seed", "1", "--target", "data",
                      "--failures", str(tmp_path / "f")])
    out = capsys.readouterr().out
    assert code == 1 and "examples run: 3; failures found: 3" in out
    failure = json.loads((tmp_path / "f" / "data-0001.json").read_text())
    assert failure["failure"] == "KeyError: 'boom'" and failure["edits"] == ["made up"]
