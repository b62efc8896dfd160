"""``hydra-env replay FILE --html`` of a Heroica game: the map as SVG, every roll, escaped text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agents import cli, replay
from agents.viewer.errors import ViewerError
from agents.viewer.page import replay_page
from hydra_env import game_spec
from hydra_env.envs.bots import make_bot

HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)">'


def _replay(params: dict, seats: list[str], seed: int) -> tuple[dict, object]:
    """A replay of bots' game (seat names as given) and the game played on the Python engine."""
    game = game_spec("heroica").make(seed=seed, engine="python", **params)
    bots = [make_bot("greedy", game="heroica", seed=k) for k in range(len(seats))]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    doc = replay.new_replay("heroica", params, seed=seed, seats=seats, bot_seeds=[None] * len(seats),
                            decisions=game.history, result=game.result().to_dict())
    return doc, game


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)[1])


def test_the_page_draws_every_space_of_the_map_at_its_place_and_steps_through_each_decision() -> None:
    doc, game = _replay({"num_players": 3}, ["greedy"] * 3, seed=11)
    html = replay_page(doc)
    t = game.tables
    spaces = re.findall(r'<g class="space[^"]*" data-space="(\d+)">', html)
    assert sorted(map(int, spaces)) == list(range(t.n)) == list(range(48))
    data = _data(html)
    assert data["centres"][t.start] == [t.coords[t.start][0] * 40 + 20, t.coords[t.start][1] * 40 + 20]
    assert len(data["frames"]) == len(data["steps"]) == len(doc["decisions"]) + 1
    final = data["frames"][-1]
    assert [h[0] for h in final["h"]] == list(game.state.hero_space)
    assert sorted(s for s, _ in final["m"]) == sorted(game.state.monsters)
    assert 'id="prev"' in html and 'id="next"' in html and 'id="slider"' in html


def test_every_roll_of_the_game_is_on_the_page_with_its_face() -> None:
    doc, game = _replay({"hero": "druid"}, ["greedy"], seed=2)
    data = _data(replay_page(doc))
    rolls = [e for step in data["steps"] for e in step["e"] if e[0] == "roll"]
    assert [r[1] for r in rolls] == list(range(1, game.state.rolls + 1))
    assert {r[4] for r in rolls} <= set(data["faces"])
    assert any(r[2] == "fight" for r in rolls) and any(r[2] == "movement" for r in rolls)
    fights = [e[1] for step in data["steps"] for e in step["e"] if e[0] == "text" and "defeats" in e[1]]
    assert fights      # the fights' results are there too


def test_a_hostile_seat_name_is_escaped_everywhere(tmp_path: Path) -> None:
    doc, _ = _replay({"num_players": 2}, [HOSTILE, "greedy"], seed=3)
    path = tmp_path / "r.json"
    replay.write_replay(path, doc)
    page = tmp_path / "r.html"
    assert cli.main(["replay", str(path), "--html", str(page)]) == 0
    html = page.read_text()
    data_element = re.search(r'<script id="replay-data" type="application/json">.*?</script>', html, re.S)[0]
    outside = html.replace(data_element, "")
    assert "<img" not in outside and "alert(1)</script>" not in outside and "onerror=\"" not in outside
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in outside                  # the subtitle, escaped
    assert "</script><script>" not in data_element                            # the data cannot close its element
    assert _data(html)["seats"][0] == HOSTILE
    assert outside.count("<script") == 1                                      # the page's own script only


def test_a_decision_that_is_not_legal_is_refused() -> None:
    doc, _ = _replay({}, ["greedy"], seed=1)
    doc["decisions"][1] = 105       # a hero choice, never legal in a solo game
    with pytest.raises(ViewerError, match="step 2: decision 105 is not legal"):
        replay_page(doc)
