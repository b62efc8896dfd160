"""The replay page in a real browser: headless Chromium (Debian's chromium) driven by Playwright.

Clicks forward through a recorded game and checks that the SVG shows each
step exactly as the replay says; checks that the seat selector hides another
seat's hand (R41); takes a screenshot that is not blank. No network is used:
every request other than the page's own file is refused and reported.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers.viewer_games import SHOVE_GAME, replay_doc

from agents.viewer import write_replay_page
from agents.viewer.record import Recording, record

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (as root: apt-get install -y chromium)", allow_module_level=True)
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    pytest.skip("Playwright for Python is not installed (pip install playwright; the browser is Debian's "
                "chromium, never `playwright install`)", allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# What the board shows, read from the SVG's data attributes.
READ_BOARD = """() => {
  const board = document.getElementById("board");
  const heads = {}, heroes = {};
  board.querySelectorAll("g.head").forEach((h) => { heads[h.dataset.colour] = Number(h.dataset.space); });
  board.querySelectorAll("g.hero").forEach((h) => { heroes[h.dataset.seat] = Number(h.dataset.space); });
  return {frame: Number(board.dataset.frame), walls: Number(board.dataset.walls), heads, heroes,
          standing: board.querySelectorAll(".wall-token[data-standing='1']").length};
}"""


class Browser:
    """One headless Chromium with a fresh profile; pages that may not reach the network."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.requests: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            self.requests.append(route.request.url)
            route.abort()

    def open(self, path: Path) -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(path.resolve().as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=10_000)
        return page


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1500, "height": 950})
        b = Browser(context)
        yield b
        context.close()
    assert not b.requests, f"the page tried to reach the network: {b.requests}"
    assert not b.errors, f"script errors: {b.errors}"


@pytest.fixture(scope="module")
def shove_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Recording, Path]:
    doc = replay_doc(*SHOVE_GAME)
    path = write_replay_page(doc, tmp_path_factory.mktemp("pages") / "shove.html")
    return record(doc), path


def _expected(rec: Recording, k: int) -> dict[str, Any]:
    state, board = rec.frames[k].state, rec.rules.board
    heads = {colour: board.paths[state.hydra_path[c]][state.head_position[c]]
             for c, colour in enumerate(rec.rules.components.hydra_colours)}
    return {"frame": k, "walls": state.walls, "heads": heads, "standing": state.walls,
            "heroes": {str(s): space for s, space in enumerate(state.hero_space)}}


def test_clicking_forward_the_board_shows_each_step_as_the_replay_says(browser: Browser,
                                                                        shove_game: tuple) -> None:
    rec, path = shove_game
    page = browser.open(path)
    shown = []
    for k in range(len(rec.frames)):
        if k:
            page.click("#next")
        shown.append(page.evaluate(READ_BOARD))
        assert shown[k] == _expected(rec, k), f"step {k}: {rec.frames[k].texts}"
    board = rec.rules.board
    names = {board.name(s): s for s in range(board.n_spaces)}
    moves = shoves = damage = 0
    for k, frame in enumerate(rec.frames):
        for text in frame.texts:
            m = re.match(r"the (\w+) head advances (\S+) → (\S+)", text)
            if m:          # a head's cell after its move
                assert (shown[k - 1]["heads"][m[1]], shown[k]["heads"][m[1]]) == (names[m[2]], names[m[3]])
                moves += 1
            m = re.search(r"walls (\d+) → (\d+)", text)
            if m:          # the wall count after damage
                assert (shown[k - 1]["walls"], shown[k]["walls"], shown[k]["standing"]) == (int(m[1]), int(m[2]),
                                                                                          int(m[2]))
                damage += 1
    for d in rec.decisions:
        if d.kind == "shoved":  # a hero's cell after a shove
            after = next(f.index for f in rec.frames if f.after == d.index and f.kind == "decision")
            assert shown[after]["heroes"][str(d.seat)] == rec.rules.codec.arg[d.action]
            assert shown[after - 1]["heroes"][str(d.seat)] != shown[after]["heroes"][str(d.seat)]
            shoves += 1
    assert moves and shoves and damage == 4
    assert page.inner_text("#position") == f"step {len(rec.frames) - 1} / {len(rec.frames) - 1}"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(READ_BOARD)["frame"] == len(rec.frames) - 2
    page.keyboard.press("Home")
    assert page.evaluate(READ_BOARD)["frame"] == 0
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate(READ_BOARD)["frame"] == rec.decisions[1].frame
    page.close()


def test_the_seat_selector_hides_another_seats_hand(browser: Browser, shove_game: tuple) -> None:
    rec, path = shove_game
    page = browser.open(path)
    frame = rec.decisions[3].frame
    page.fill("#slider", str(frame))
    page.dispatch_event("#slider", "input")
    state, cards = rec.frames[frame].state, rec.rules.components.action_cards

    def hand(seat: int) -> dict[str, Any]:
        return page.evaluate("""(seat) => {
          const el = document.querySelector(`.hand[data-seat="${seat}"]`);
          return {visible: el.dataset.visible, hidden: el.querySelectorAll(".card.hidden").length,
                  cards: [...el.querySelectorAll(".card:not(.used)[data-card]")].map((c) => c.dataset.card)};
        }""", seat)

    def unused(seat: int) -> list[str]:
        return [cards[c].id for k, c in enumerate(state.action_hands[seat]) if not state.action_hand_used[seat][k]]

    assert unused(0) and unused(1)
    for seat, other in ((0, 1), (1, 0)):
        page.select_option("#view", str(seat))
        own, theirs = hand(seat), hand(other)
        assert own["visible"] == "1" and unused(seat) == own["cards"][:len(unused(seat))]
        assert theirs["visible"] == "0" and theirs["cards"] == []
        assert theirs["hidden"] == len(unused(other)) + len(state.hydra_hands[other])
        assert not set(unused(other)) & set(page.inner_text(f".hand[data-seat='{other}']").split())
    page.select_option("#view", "all")
    assert hand(0)["visible"] == hand(1)["visible"] == "1"
    page.close()


def test_a_screenshot_of_the_page_is_not_blank(browser: Browser, shove_game: tuple, tmp_path: Path) -> None:
    from PIL import Image

    rec, path = shove_game
    page = browser.open(path)
    page.click("#next-decision")
    shot = tmp_path / "replay.png"
    page.screenshot(path=str(shot), full_page=True)
    pixels = np.asarray(Image.open(shot).convert("RGB"))
    assert pixels.shape[0] > 600 and pixels.shape[1] > 1000
    packed = (pixels[..., 0].astype(np.uint32) << 16) | (pixels[..., 1].astype(np.uint32) << 8) | pixels[..., 2]
    assert len(np.unique(packed)) > 200 and pixels.std() > 30
    board = page.locator("#board").bounding_box()
    region = pixels[int(board["y"]):int(board["y"] + board["height"]), int(board["x"]):int(board["x"] + board["width"])]
    assert region.std() > 30          # the board itself is drawn, not an empty box
    page.close()


def test_the_solo_page_ends_with_the_score_and_shows_bot_notes(browser: Browser, tmp_path: Path) -> None:
    doc = replay_doc(10, 0, "heuristic")
    doc["notes"] = [{"values": {str(doc["decisions"][0]): 2.5, "0": 1.0}, "label": "value"}]
    page = browser.open(write_replay_page(doc, tmp_path / "solo.html"))
    notes = page.locator("#decision table.notes tr.picked")
    assert notes.count() == 1 and "2.5" in notes.inner_text()
    page.keyboard.press("End")
    assert page.inner_text("#score") == str(doc["result"]["score"])
    assert page.locator("#final.at-end").count() == 1
    page.close()
