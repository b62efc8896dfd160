"""The Hydras replay page in a real browser (Debian's chromium driven by Playwright, no network):
stepping through the decisions shows each hydra as the replayed game has it, and the seat
selector hides the other seats' hands (H14)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from agents import replay
from agents.backends import GameTask, play_game
from agents.viewer import write_replay_page
from hydra_env.games.hydras.rules import HydrasGame

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (as root: apt-get install -y chromium)", allow_module_level=True)
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    pytest.skip("Playwright for Python is not installed", allow_module_level=True)

READ = """() => [...document.querySelectorAll(".seat")].map((box) => ({
  frame: Number(box.dataset.frame),
  cards: box.querySelectorAll("g.card, g.torch, g.body").length,
  heads: [...box.querySelectorAll("g.card")].reduce((n, g) => n + Number(g.dataset.heads), 0),
  hidden: box.querySelector(".hand").dataset.hidden, hand: box.querySelector(".hand").innerText}))"""


@pytest.fixture(scope="module")
def page_of_a_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, Any]]]:
    task = GameTask(0, "hydras", {"num_players": 3}, 13, ("heuristic", "greedy", "random"), (1, 2, 3),
                    record=True)
    rec = play_game(task)
    doc = replay.replay_of_task(task, rec.decisions, rec.result)
    folder = tmp_path_factory.mktemp("hydras-page")
    path = write_replay_page(doc, folder / "page.html")
    requests, errors = [], []
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(folder / "profile"), executable_path=CHROMIUM, headless=True,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
            viewport={"width": 1500, "height": 950})
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://")
                      else (requests.append(route.request.url), route.abort()))
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.resolve().as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=10_000)
        yield page, doc
        context.close()
    assert not requests and not errors


def test_stepping_forward_shows_each_hydra_as_the_game_has_it(page_of_a_game: tuple) -> None:
    page, doc = page_of_a_game
    game = HydrasGame.new(3, seed=doc["seed"])
    tables = game.tables
    for k in range(len(doc["decisions"]) + 1):
        if k:
            page.keyboard.press("ArrowRight")
            game.apply(doc["decisions"][k - 1])
        shown = page.evaluate(READ)
        for seat, box in enumerate(shown):
            grid = game.state.hydras[seat]
            assert box["frame"] == k
            assert box["cards"] == sum(code >= 0 for code in grid)
            assert box["heads"] == sum(tables.heads[c] for c in grid if c >= 0 and c != tables.body_code)
    assert page.inner_text("#position") == f"decision {len(doc['decisions'])} / {len(doc['decisions'])}"
    page.keyboard.press("Home")
    assert page.evaluate(READ)[0]["frame"] == 0


def test_the_seat_selector_hides_the_other_seats_hands(page_of_a_game: tuple) -> None:
    page, doc = page_of_a_game
    page.fill("#slider", "6")
    page.dispatch_event("#slider", "input")
    game = HydrasGame.new(3, seed=doc["seed"])
    for action in doc["decisions"][:6]:
        game.apply(action)
    page.select_option("#view", "1")
    shown = page.evaluate(READ)
    assert [box["hidden"] for box in shown] == ["1", "0", "1"]
    own = [game.tables.kind_name(c) for c in game.state.hands[1]]
    assert all(name in shown[1]["hand"] for name in own)
    for seat in (0, 2):
        assert f"{len(game.state.hands[seat])} hidden" in shown[seat]["hand"]
    page.select_option("#view", "all")
    assert [box["hidden"] for box in page.evaluate(READ)] == ["0", "0", "0"]
