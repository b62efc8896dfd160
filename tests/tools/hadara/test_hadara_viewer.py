"""``hydra-env replay FILE --html`` of a Hadara game: the wheel, each board and its tracks, the picks
and sales of every step, escaped text; its script run by Node.js on a stand-in of the DOM."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from agents import cli, replay
from agents.viewer.errors import ViewerError
from agents.viewer.page import replay_page
from hydra_env import game_spec
from hydra_env.envs.bots import make_bot
from hydra_env.games.hadara.components import COLOURS

HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)">'
NODE = shutil.which("node")


def _replay(seats: list[str], seed: int) -> tuple[dict, object]:
    """A replay of greedy bots' game (seat names as given) and the game played on the Python engine."""
    params = {"num_players": len(seats)}
    game = game_spec("hadara").make(seed=seed, engine="python", **params)
    bots = [make_bot("greedy", game="hadara", seed=k) for k in range(len(seats))]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    doc = replay.new_replay("hadara", params, seed=seed, seats=seats, bot_seeds=[None] * len(seats),
                            decisions=game.history, result=game.result().to_dict())
    return doc, game


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)[1])


def test_the_page_holds_the_wheel_every_board_and_the_picks_and_sales_of_each_step() -> None:
    doc, game = _replay(["greedy"] * 3, seed=11)
    html = replay_page(doc)
    sectors = re.findall(r'<g class="sector" data-position="(\d)" data-colour="(\w+)">', html)
    assert [c for _, c in sectors] == [COLOURS[c] for c in game.state.board_order]
    assert re.findall(r'<div class="seat box" data-seat="(\d)">', html) == ["0", "1", "2"]
    data = _data(html)
    assert len(data["frames"]) == len(data["steps"]) == len(doc["decisions"]) + 1
    final = data["frames"][-1]
    assert final["tracks"] == game.state.tracks and final["tab"] == game.state.tableau
    assert final["coins"] == list(game.state.coins)
    draft = [f for f in data["frames"] if f["ptr"]]
    assert draft and all(len(f["ptr"]) == 3 and f["w"] >= 0 for f in draft)      # the icons in a draft round
    texts = [s["x"] for s in data["steps"][1:]]
    assert any(re.search(r"take the top of the \w+ pile and buy it: \S+ \(\w+, cost \d+\) for \d+ coins", t)
               for t in texts)                                                   # a pick with its price
    assert any("and sell it" in t and "for " in t for t in texts)               # a sale with its value
    assert any(e.startswith("seat ") and " bought " in e for s in data["steps"] for e in s["e"])
    r = game.result()
    assert data["final"] == [[r.breakdown[s][k] for k in ("cards", "colonies", "statues", "silver", "gold", "coins")]
                             for s in range(3)]
    assert "gold medals" in html and "reconstructed components" in html


def test_a_hostile_seat_name_is_escaped_everywhere(tmp_path: Path) -> None:
    doc, _ = _replay([HOSTILE, "greedy"], seed=3)
    path = tmp_path / "r.json"
    replay.write_replay(path, doc)
    page = tmp_path / "r.html"
    assert cli.main(["replay", str(path), "--html", str(page)]) == 0
    html = page.read_text()
    data_element = re.search(r'<script id="replay-data" type="application/json">.*?</script>', html, re.S)[0]
    outside = html.replace(data_element, "")
    assert "<img" not in outside and "alert(1)</script>" not in outside and "onerror=\"" not in outside
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in outside       # the subtitle, the board and the result, escaped
    assert "</script><script>" not in data_element                 # the data cannot close its element
    assert _data(html)["seats"][0] == HOSTILE
    assert outside.count("<script") == 1                           # the page's own script only


def test_a_decision_that_is_not_legal_is_refused() -> None:
    doc, _ = _replay(["greedy"] * 2, seed=1)
    doc["decisions"][0] = 74        # a gold medal, never legal when the wheel is to be set
    with pytest.raises(ViewerError, match="step 1: decision 74 is not legal"):
        replay_page(doc)


# Runs the page's script on stand-in elements, clicks through the given buttons, and prints, after
# each click, the wheel's icons, the boards and the caption the script wrote.
DRIVER = r"""
const fs = require("fs");
const html = fs.readFileSync(process.argv[2], "utf8");
const clicks = JSON.parse(process.argv[3]);
const data = html.match(/<script id="replay-data" type="application\/json">([\s\S]*?)<\/script>/)[1];
const script = html.slice(html.lastIndexOf("<script>") + 8, html.lastIndexOf("</script>"));  // the page's own
const els = {};
function node(extra) {
  return Object.assign({innerHTML: "", textContent: "", dataset: {}, value: "0", max: "0", children: [],
    listeners: {}, classList: {toggle() {}}, addEventListener(t, f) { this.listeners[t] = f; },
    appendChild(c) { this.children.push(c); }}, extra);
}
function el(id) {
  if (!els[id]) { els[id] = node({textContent: id === "replay-data" ? data : ""}); }
  return els[id];
}
const players = JSON.parse(data).seats.length;
const decks = [0, 1, 2, 3, 4].map((c) => node({dataset: {colour: String(c)}}));
const seats = [...Array(players).keys()].map((s) => {
  const facts = node();
  return node({dataset: {seat: String(s)}, facts, querySelector: () => facts});
});
global.document = {getElementById: el, addEventListener() {}, body: {dataset: {}},
  querySelectorAll: (sel) => sel.includes("deck") ? decks : seats,
  createElement: () => node()};
eval(script);
const out = [];
for (const id of clicks) {
  els[id].listeners.click();
  out.push({icons: els.icons.innerHTML, setting: els.setting.textContent, decks: decks.map((d) => d.textContent),
            boards: seats.map((s) => s.facts.innerHTML), caption: els.caption.innerHTML,
            position: els.position.textContent, list: els.decisions.children.map((li) => li.textContent)});
}
console.log(JSON.stringify({ready: document.body.dataset.ready, out}));
"""


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_script_steps_through_the_wheel_and_boards_and_writes_names_escaped(tmp_path: Path) -> None:
    doc, _ = _replay([HOSTILE, "greedy"], seed=3)
    path = tmp_path / "page.html"
    path.write_text(replay_page(doc), encoding="utf-8")
    data = _data(path.read_text())
    steps = 12
    driver = tmp_path / "driver.js"
    driver.write_text(DRIVER, encoding="utf-8")
    done = subprocess.run([NODE, str(driver), str(path), json.dumps(["next"] * steps + ["prev", "last"])],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    run = json.loads(done.stdout)
    assert run["ready"] == "1"
    last = len(data["frames"]) - 1
    for k, seen in zip([*range(1, steps + 1), steps - 1, last], run["out"]):
        frame = data["frames"][k]
        icons = re.findall(r'data-seat="(\d)" data-position="(\d)"', seen["icons"])
        assert [int(p) for _, p in icons] == frame["ptr"]                       # each icon at its deck
        assert seen["setting"] == ("wheel not set" if frame["w"] < 0 else f"wheel {frame['w']}")
        assert seen["decks"] == [f"deck {n}" for n in frame["decks"]]
        for s, board in enumerate(seen["boards"]):
            assert f"coins <b>{frame['coins'][s]}</b>" in board
            assert f"food <b>{frame['tracks'][s][3]}</b>" in board
        assert seen["position"] == f"decision {k} / {last}"
        assert "<img" not in seen["caption"]
    assert "&lt;img src=x onerror=&quot;alert(2)&quot;&gt;" in run["out"][0]["caption"]
    assert any(HOSTILE in text for text in run["out"][0]["list"])   # the list is written as text, never as HTML
