"""Bots' notes: candidate values / policy probabilities recorded in replays and shown on the page."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from agents import replay
from agents.backends import GameTask, play_game
from agents.game_tools.hydra.viewer import page_data
from agents.viewer import write_replay_page
from hydra_env import Game
from hydra_env.api.bots import notes_of, want_notes
from hydra_env.envs.bots import make_bot


def _task(spec: str, record: bool, scenario: int = 10) -> GameTask:
    return GameTask(0, "hydra", {"scenario": scenario, "stars": 1}, 7, (spec,), (11,), record=record)


def _page_json(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    return json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>',
                                text, re.S).group(1).replace("<\\/", "</"))


def test_a_recorded_heuristic_game_has_notes_and_plays_as_an_unrecorded_one() -> None:
    recorded, plain = play_game(_task("heuristic", True)), play_game(_task("heuristic", False))
    assert recorded.result == plain.result and plain.notes is None
    assert len(recorded.notes) == len(recorded.decisions)
    entries = [n for n in recorded.notes if n]
    assert len(entries) >= 10
    for k, entry in enumerate(recorded.notes):
        if entry:
            assert set(entry) == {"values", "label"} and "rule score" in entry["label"]
            assert str(recorded.decisions[k]) in entry["values"]      # the chosen one is scored
    doc = replay.replay_of_task(_task("heuristic", True), recorded.decisions, recorded.result, recorded.notes)
    assert doc["notes"] == recorded.notes
    assert replay.verify_replay(replay.check_replay(json.loads(replay.replay_text(doc)))).ok


def test_the_replay_page_shows_a_heuristic_games_notes(tmp_path: Path) -> None:
    rec = play_game(_task("heuristic", True))
    doc = replay.replay_of_task(_task("heuristic", True), rec.decisions, rec.result, rec.notes)
    shown = [d for d in page_data_of(doc) if "n" in d]
    assert len(shown) == sum(1 for n in rec.notes if n)
    assert all(sum(item[2] for item in d["n"]["items"]) == 1 for d in shown)   # the pick is marked
    data = _page_json(write_replay_page(doc, tmp_path / "h.html"))
    assert sum(1 for d in data["decisions"] if "n" in d) == len(shown)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return
    if chromium is None:
        return
    first = next(k for k, d in enumerate(data["decisions"]) if "n" in d)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto((tmp_path / "h.html").resolve().as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=10_000)
        page.locator("#slider").evaluate(
            f"(el) => {{ el.value = {data['decisions'][first]['f']}; el.dispatchEvent(new Event('input')); }}")
        table = page.locator("#decision table.notes")
        assert table.count() == 1 and "rule score" in table.inner_text()
        assert page.locator("#decision table.notes tr.picked").count() == 1
        browser.close()


def page_data_of(doc: dict) -> list[dict]:
    """The decisions of the page's data for ``doc``."""
    from agents.viewer.record import record
    return page_data(record(doc))["decisions"]


@pytest.mark.parametrize("spec", ["greedy", "rollout:budget=4,candidates=2"])
def test_greedy_and_rollout_leave_values_for_their_candidates(spec: str) -> None:
    game = Game.new(10, 1, 3)
    bot = make_bot(spec, seed=1)
    assert notes_of(bot) is None                     # nothing unless asked
    want_notes(bot)
    legal = game.legal_actions()
    action = bot.act(game.view(0), legal)
    notes = notes_of(bot)
    assert notes and set(notes["values"]) <= {str(a) for a in legal} and str(action) in notes["values"]
    if spec == "greedy":
        assert len(notes["values"]) == len(legal)
        assert max(notes["values"], key=notes["values"].get) == str(action)


def test_ppo_notes_are_the_policys_probabilities_of_the_legal_actions() -> None:
    pytest.importorskip("sb3_contrib")
    game = Game.new(10, 1, 3)
    bot = make_bot("ppo:solo-default", seed=1)
    want_notes(bot)
    legal = game.legal_actions()
    action = bot.act(game.view(0), legal)
    probs = notes_of(bot)["probs"]
    assert set(probs) == {str(a) for a in legal}
    assert abs(sum(probs.values()) - 1) < 1e-3
    assert max(probs, key=probs.get) == str(action)                 # deterministic play
    assert np.all(np.array(list(probs.values())) >= 0)
