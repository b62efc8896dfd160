"""The replay page of a Hydras game as a file: what it holds, and replays it refuses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from agents import replay
from agents.backends import GameTask, play_game
from agents.viewer import ViewerError, write_replay_page
from agents.viewer.hydras_page import page_data
from hydra_env.games.hydras.rules import HydrasGame


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    task = GameTask(0, "hydras", {"num_players": 4}, 21, ("heuristic", "random", "greedy", "random"), (5, 6, 7, 8),
                    record=True)
    rec = play_game(task)
    return replay.replay_of_task(task, rec.decisions, rec.result)


def _data(html: str) -> dict[str, Any]:
    m = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)
    assert m
    return json.loads(m[1])


def test_the_page_holds_one_frame_per_decision_with_each_hydra_as_drawn(doc: dict[str, Any], tmp_path: Path) -> None:
    html = write_replay_page(doc, tmp_path / "page.html").read_text()
    data = _data(html)
    assert len(data["frames"]) == len(doc["decisions"]) + 1 and len(data["decisions"]) == len(doc["decisions"])
    game = HydrasGame.new(4, seed=doc["seed"])
    for k, frame in enumerate(data["frames"]):
        for seat in range(4):
            drawn = [data["pieces"][i] for i in frame["hydras"][seat]]
            cards = sum(code >= 0 for code in game.state.hydras[seat])
            assert sum(p.startswith(('<g class="card"', '<g class="torch"', '<g class="body"')) for p in drawn) == cards
        assert frame["hand_sizes"] == [len(h) for h in game.state.hands]
        if k < len(doc["decisions"]):
            assert data["decisions"][k]["x"] == game.describe(doc["decisions"][k])
            game.apply(doc["decisions"][k])
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html
    assert f"won by seat {doc['result']['winners'][0]}" in html


def test_the_public_text_of_a_decision_does_not_name_the_hand_card(doc: dict[str, Any]) -> None:
    data, _ = page_data(doc)
    necks = [d for d in data["decisions"] if "play as a neck" in d["x"]]
    assert necks and all("[" in d["x"] for d in necks)
    for d in necks:
        card = d["x"].split("[")[1].split(";")[0]
        assert card not in d["px"]


def test_a_replay_with_an_illegal_decision_has_no_page(doc: dict[str, Any], tmp_path: Path) -> None:
    bad = {**doc, "decisions": [*doc["decisions"][:3], 10174, *doc["decisions"][4:]]}
    with pytest.raises(ViewerError, match="step 4"):
        write_replay_page(bad, tmp_path / "bad.html")
    with pytest.raises(ViewerError, match="not over"):
        write_replay_page({**doc, "decisions": doc["decisions"][:10]}, tmp_path / "short.html")
