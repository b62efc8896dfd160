"""A game is only a folder: the toy Nim game (``toy_nim.py``: no tool hooks, no env code, no
bots of its own) goes through ``play``, ``replay --html`` and a 2,048-step ``train`` by the
generic path alone (``evaluate`` and ``tournament``: ``tests/tools/test_generic_tools.py``)."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from api.toy_nim import SPEC as NIM  # noqa: E402

from agents import cli  # noqa: E402
from hydra_env.api import GameSpec  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402

RUN = ["--workers", "1", "--no-progress"]


def _answer_first_option(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Answer every prompt of ``play`` with option 1; returns the prompts seen."""
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        if len(prompts) > 100:
            raise EOFError
        return "1"

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_a_person_plays_the_toy_game_to_its_end_and_keeps_a_replay(
        register_nim: GameSpec, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    prompts = _answer_first_option(monkeypatch)
    replay, page = tmp_path / "game.json", tmp_path / "game.html"
    assert cli.main(["play", "--game", "nim", "--piles", "2", "--seed", "5", "--opponents", "random",
                     "--save-replay", str(replay), "--html", str(page)]) == 0
    shown = capsys.readouterr().out
    assert prompts and "take 1 from pile" in shown and "piles" in shown
    doc = json.loads(replay.read_text())
    assert doc["game"] == "nim" and doc["params"] == {"piles": 2, "max_take": 3} and doc["seed"] == 5
    assert doc["decisions"] and page.read_text().count("take ") >= len(doc["decisions"])


def test_a_saved_toy_replay_verifies_and_becomes_an_escaped_page(register_nim: GameSpec, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "eval"
    assert cli.main(["evaluate", "--game", "nim", "--agent", "random", "--games", "2", "--seed", "3", *RUN,
                     "--save-replays", "all", "--out", str(out)]) == 0
    replay = out / "replays" / "game-000000.json"
    page = tmp_path / "replay.html"
    assert cli.main(["replay", str(replay), "--steps", "--check-bots", "--html", str(page)]) == 0
    assert "take" in capsys.readouterr().out
    html = page.read_text()
    assert "<script>alert" not in html and "piles" in html

    doc = json.loads(replay.read_text())
    doc["seats"][0] = "<script>alert(1)</script>"          # text from a file never runs in a page
    replay.write_text(json.dumps(doc))
    hostile = tmp_path / "hostile.html"
    assert cli.main(["replay", str(replay), "--html", str(hostile)]) == 0
    text = hostile.read_text()
    assert "<script>alert(1)" not in text and "&lt;script&gt;alert(1)" in text


def test_the_toy_game_trains_for_2048_steps_and_its_policy_plays(register_nim: GameSpec, tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    assert cli.main(["train", "--game", "nim", "--runs-dir", str(runs),
                     "--set", "total_timesteps=2048", "--set", "n_envs=2", "--set", "n_steps=256",
                     "--set", "batch_size=128", "--set", "eval_freq=1024", "--set", "eval_games=10",
                     "--set", "final_eval_games=10", "--set", "checkpoint_freq=1024",
                     "--set", "progress_bar=false", "--workers", "1"]) == 0
    (run,) = runs.iterdir()
    status = json.loads((run / "status.json").read_text())
    assert status["state"] == "done" and status["timesteps"] == 2048 and (run / "final_model.zip").is_file()
    summary = json.loads((run / "eval" / "summary.json").read_text())
    assert summary["n_games"] == 10 and summary["config"]["game"] == "nim"
    bot = make_bot(f"ppo:{run / 'best_model.zip'}", game="nim", seed=0)
    game = NIM.make(seed=1)
    while not game.is_over:
        game.apply(bot.act(game.view(game.current_player), game.legal_actions()))
    assert game.result().to_dict()["winners"]


def test_a_quick_run_goes_through_every_stage_on_small_settings(register_nim: GameSpec, tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    assert cli.main(["train", "--game", "nim", "--quick", "--runs-dir", str(runs), "--set", "progress_bar=false",
                     "--workers", "1"]) == 0
    (run,) = runs.iterdir()
    status = json.loads((run / "status.json").read_text())
    assert status["state"] == "done" and status["timesteps"] == 4096
    assert (run / "final_model.zip").is_file() and (run / "best_model.zip").is_file()
    assert any((run / "checkpoints").iterdir()) and (run / "config.yaml").is_file()
    assert json.loads((run / "eval" / "summary.json").read_text())["n_games"] == 10
    assert cli.main(["train", "--quick", "--resume", str(run)]) == 2       # --quick is for new runs only
