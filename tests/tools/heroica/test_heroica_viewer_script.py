"""The Heroica replay page's script, run by Node.js on a small stand-in of the DOM (skipped
without ``node``): stepping forward and back places the pieces of each frame, and a hostile
seat name reaches the page's HTML escaped."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from agents import replay
from agents.viewer.page import replay_page
from hydra_env import game_spec
from hydra_env.envs.bots import make_bot

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
HOSTILE = '<img src=x onerror="alert(1)">'

# Runs the page's script on stand-in elements, clicks through the given buttons, and prints, after
# each click, the pieces' HTML and the texts the script wrote.
DRIVER = r"""
const fs = require("fs");
const html = fs.readFileSync(process.argv[2], "utf8");
const clicks = JSON.parse(process.argv[3]);
const data = html.match(/<script id="replay-data" type="application\/json">([\s\S]*?)<\/script>/)[1];
const script = html.match(/<script>([\s\S]*?)<\/script>\n<\/body>/)[1];
const els = {};
function el(id) {
  if (!els[id]) {
    els[id] = {innerHTML: "", textContent: id === "replay-data" ? data : "", dataset: {}, value: "0", max: "0",
      children: [], listeners: {}, classList: {toggle() {}},
      addEventListener(t, f) { this.listeners[t] = f; }, appendChild(c) { this.children.push(c); }};
  }
  return els[id];
}
global.document = {getElementById: el, addEventListener() {}, body: {dataset: {}},
  createElement: () => ({dataset: {}, classList: {toggle() {}}, addEventListener() {}})};
eval(script);
const out = [];
for (const id of clicks) {
  els[id].listeners.click();
  out.push({pieces: els.pieces.innerHTML, heroes: els.heroes.innerHTML, caption: els.caption.innerHTML,
            position: els.position.textContent, list: els.decisions.children.map((li) => li.textContent)});
}
console.log(JSON.stringify({ready: document.body.dataset.ready, out}));
"""


def _page(tmp_path: Path) -> tuple[Path, dict]:
    params = {"num_players": 2}
    game = game_spec("heroica").make(seed=8, engine="python", **params)
    bots = [make_bot("greedy", game="heroica", seed=k) for k in range(2)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    doc = replay.new_replay("heroica", params, seed=8, seats=[HOSTILE, "greedy"], bot_seeds=[None, None],
                            decisions=game.history, result=game.result().to_dict())
    html = replay_page(doc)
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    data = json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)[1])
    return path, data


def _run(path: Path, clicks: list[str]) -> dict:
    driver = path.with_name("driver.js")
    driver.write_text(DRIVER, encoding="utf-8")
    done = subprocess.run([NODE, str(driver), str(path), json.dumps(clicks)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_stepping_places_each_frames_heroes_and_monsters(tmp_path: Path) -> None:
    path, data = _page(tmp_path)
    steps = len(data["frames"]) - 1
    run = _run(path, ["next"] * steps + ["prev", "first", "last"])
    assert run["ready"] == "1"
    shown = [*range(1, steps + 1), steps - 1, 0, steps]
    for k, seen in zip(shown, run["out"]):
        frame = data["frames"][k]
        heroes = re.findall(r'data-hero="(\d+)" data-space="(\d+)"', seen["pieces"])
        assert [int(s) for _, s in heroes] == [h[0] for h in frame["h"]]
        monsters = re.findall(r'class="piece monster" data-space="(\d+)"', seen["pieces"])
        assert sorted(map(int, monsters)) == sorted(s for s, _ in frame["m"])
        assert seen["position"] == f"decision {k} / {steps}"
        rolls = re.findall(r'data-roll="(\d+)"', seen["caption"])
        assert rolls == [str(e[1]) for e in data["steps"][k]["e"] if e[0] == "roll"]


def test_a_hostile_seat_name_is_written_escaped_by_the_script(tmp_path: Path) -> None:
    path, _ = _page(tmp_path)
    seen = _run(path, ["next"])["out"][0]
    assert "<img" not in seen["heroes"] and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in seen["heroes"]
    assert "<img" not in seen["caption"]
    assert any(HOSTILE in text for text in seen["list"])     # the list is written as text, never as HTML
