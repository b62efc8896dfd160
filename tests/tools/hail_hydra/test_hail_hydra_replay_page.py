"""``hydra-env replay FILE --html`` of a Hail Hydra game: the table, New York, the villain and every
mission per step, in a view picked by a seat selector: everything, or one seat's information only
(HH33: a seat's data is built from its own information, so a re-deal of what it cannot see leaves
its data unchanged); tampered replays refused; names escaped; and the page in a real browser."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from agents import cli, replay
from agents.game_tools.hail_hydra.viewer import SET_UP, page_data
from agents.game_tools.hail_hydra.viewer_data import Track, seat_frame
from agents.viewer.errors import ViewerError
from agents.viewer.page import replay_page
from hydra_env import game_spec
from hydra_env.envs.bots import make_bot

HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)">'


def _replay(players: int, seed: int, seats: list[str] | None = None, bot: str = "saboteur") -> tuple[dict, object]:
    """A replay of bots' game and the game played to its end on the Python engine."""
    params = {"num_players": players}
    game = game_spec("hail_hydra").make(seed=seed, engine="python", **params)
    bots = [make_bot(bot, game="hail_hydra", seed=k) for k in range(players)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    doc = replay.new_replay("hail_hydra", params, seed=seed, seats=seats or [bot] * players,
                            bot_seeds=[None] * players, decisions=game.history, result=game.result().to_dict())
    return doc, game


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)[1])


def _frames(track: dict) -> list[dict]:
    """A track's whole frames (the page's script rebuilds them the same way)."""
    out: list[dict] = []
    for delta in track["frames"]:
        out.append({**out[-1], **delta} if out else dict(delta))
    return out


@pytest.mark.parametrize("players", [5, 8])
def test_the_page_is_written_with_a_view_for_everything_and_for_each_seat(tmp_path: Path, players: int) -> None:
    doc, game = _replay(players, seed=players)
    path, page = tmp_path / "r.json", tmp_path / "r.html"
    replay.write_replay(path, doc)
    assert cli.main(["replay", str(path), "--html", str(page)]) == 0
    html = page.read_text()
    assert re.findall(r'<div class="seat box" data-seat="(\d)">', html) == [str(s) for s in range(players)]
    assert re.findall(r'<option value="(\d+)">', html) == [str(v) for v in range(players + 1)]
    data = _data(html)
    steps = len(doc["decisions"])
    assert len(data["views"]) == players + 1 and len(data["movers"]) == steps + 1
    state = game.state
    for view, track in enumerate(data["views"]):
        frames = _frames(track)
        assert len(frames) == len(track["captions"]) == steps + 1 and track["captions"][0] == SET_UP
        end = frames[-1]
        assert end["over"] and end["winner"] == state.winner and end["city"] == state.city
        assert end["me"] == view - 1 and end["final"] == list(state.loyalty)
        offensives = [track["pool"]["off"][k] for k in end["offs"]]
        assert [o["i"] for o in offensives] == list(range(len(state.offensives)))
        assert [o["cl"] for o in offensives] == [r["claim"] for r in state.offensives]
    everything = _frames(data["views"][0])[-1]
    assert everything["loyal"] == list(state.loyalty) and everything["ko"] == list(state.knockouts)
    truth = [data["views"][0]["pool"]["off"][k] for k in everything["offs"]]
    assert all(o["down"] == [[v for v in range(8) for _ in range(c[v])] for c in r["down"]]
               for o, r in zip(truth, state.offensives))
    assert data["movers"][1:] == _movers(doc)
    assert f"{state.winner.upper()} wins" in html


def _movers(doc: dict) -> list[int]:
    game = game_spec("hail_hydra").make(seed=doc["seed"], engine="python", **doc["params"])
    out = []
    for action in doc["decisions"]:
        out.append(game.current_player)
        game.apply(action)
    return out


def test_hh33_a_seats_view_shows_its_own_hand_and_loyalty_only() -> None:
    doc, game = _replay(6, seed=2)
    data, _ = page_data(doc)
    loyalty = game.state.loyalty
    shield = loyalty.index(0)
    first = _frames(data["views"][shield + 1])[1]
    assert first["hands"] is None and first["hand"] and first["ko"] is None
    assert first["loyal"][shield] == 0 and all(v == -1 for s, v in enumerate(first["loyal"]) if s != shield)
    entries = data["views"][shield + 1]["pool"]["off"]
    assert all("down" not in o and "gift" not in o for o in entries)
    everything = _frames(data["views"][0])[1]
    assert everything["hands"] is not None and everything["loyal"] == list(loyalty)


@pytest.mark.parametrize("players,seed", [(5, 11), (8, 4)])
def test_hh33_a_redeal_of_what_a_seat_cannot_see_leaves_its_page_data_unchanged(players: int, seed: int) -> None:
    """Seat k's data, rebuilt step by step from worlds re-dealt from k's information (other loyalties,
    hands, the draw order, who played which card), is the page's seat-k data, while the everything
    view of those worlds differs: the page holds nothing of a seat that the seat did not see."""
    doc, _ = _replay(players, seed=seed)
    data, _ = page_data(doc)
    rng = np.random.default_rng(seed)
    for seat in (0, players - 1):
        game = game_spec("hail_hydra").make(seed=doc["seed"], engine="python", **doc["params"])
        track, differs = Track(), 0
        track.add(SET_UP, seat_frame(game.determinize(seat, rng).observe(seat)))
        for action in doc["decisions"]:
            caption = game.determinize(seat, rng).describe(action, viewer=seat)
            game.apply(action)
            world = game.determinize(seat, rng)
            differs += world.state.loyalty != game.state.loyalty or world.state.hands != game.state.hands
            track.add(caption, seat_frame(world.observe(seat)))
        assert differs > len(doc["decisions"]) // 2          # the re-dealt worlds are other worlds
        assert track.to_data() == data["views"][seat + 1]


def test_a_decision_that_is_not_legal_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    doc, game = _replay(5, seed=1)
    illegal = next(a for a in range(201) if a not in _legal_at(doc, 3))
    doc["decisions"][2] = illegal
    with pytest.raises(ViewerError, match=f"step 3: decision {illegal} is not legal"):
        replay_page(doc)
    path, page = tmp_path / "r.json", tmp_path / "r.html"
    path.write_text(json.dumps(doc))
    assert cli.main(["replay", str(path), "--html", str(page)]) == 1
    out = capsys.readouterr()
    assert "FAIL" in out.out and "Traceback" not in out.out + out.err and not page.exists()


def _legal_at(doc: dict, step: int) -> list[int]:
    game = game_spec("hail_hydra").make(seed=doc["seed"], engine="python", **doc["params"])
    for action in doc["decisions"][:step - 1]:
        game.apply(action)
    return game.legal_actions()


def test_a_replay_whose_result_differs_or_ends_early_is_refused() -> None:
    doc, _ = _replay(5, seed=6)
    changed = json.loads(json.dumps(doc))
    changed["result"]["winner"] = "hydra" if doc["result"]["winner"] == "shield" else "shield"
    with pytest.raises(ViewerError, match="result differs"):
        replay_page(changed)
    short = {**doc, "decisions": doc["decisions"][:-1]}
    with pytest.raises(ViewerError, match="the game is not over"):
        replay_page(short)
    with pytest.raises(ViewerError, match="cannot set the Hail Hydra game up"):
        replay_page({**doc, "params": {"num_players": 11}})


def test_a_hostile_seat_name_is_escaped_everywhere(tmp_path: Path) -> None:
    doc, _ = _replay(5, seed=3, seats=[HOSTILE, "a", "b", "c", "d"])
    path, page = tmp_path / "r.json", tmp_path / "r.html"
    replay.write_replay(path, doc)
    assert cli.main(["replay", str(path), "--html", str(page)]) == 0
    html = page.read_text()
    data_element = re.search(r'<script id="replay-data" type="application/json">.*?</script>', html, re.S)[0]
    outside = html.replace(data_element, "")
    assert "<img" not in outside and "alert(1)</script>" not in outside and 'onerror="' not in outside
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in outside        # the subtitle, the seat, the selector
    assert outside.count("seat 0 (&lt;/script&gt;") == 2               # the seat's box and its option
    assert "</script><script>" not in data_element
    assert _data(html)["seats"][0] == HOSTILE
    assert outside.count("<script") == 1                                # the page's own script only
    script = outside[outside.rindex("<script>"):]
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script   # text goes in as text


def test_the_page_is_steered_in_a_browser_through_its_steps_and_seats(tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (as root: apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    doc, game = _replay(6, seed=9, seats=[HOSTILE, "b", "c", "d", "e", "f"])
    page_path = tmp_path / "r.html"
    page_path.write_text(replay_page(doc))
    loyalty, hydra = game.state.loyalty, game.state.loyalty.index(1)
    shield = loyalty.index(0)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        requests: list[str] = []
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://")
                      else (requests.append(route.request.url), route.abort()))
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_path.resolve().as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=10_000)
        last = len(doc["decisions"])
        assert page.inner_text("#position") == f"decision 0 / {last}"
        page.click("#next")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        assert page.inner_text("#position") == f"decision 2 / {last}"
        page.keyboard.press("End")
        assert page.evaluate("document.body.dataset.step") == str(last)
        assert "wins" in page.inner_text("#status")
        page.keyboard.press("Home")
        for _ in range(40):
            page.keyboard.press("ArrowRight")
        loyalties = page.eval_on_selector_all(".seat .loyalty", "els => els.map(e => e.textContent)")
        assert loyalties == ["HYDRA" if v else "SHIELD" for v in loyalty]        # everything
        page.select_option("#view", str(shield + 1))
        assert page.evaluate("document.body.dataset.view") == str(shield + 1)
        assert page.evaluate("document.body.dataset.step") == "40"
        loyalties = page.eval_on_selector_all(".seat .loyalty", "els => els.map(e => e.textContent)")
        assert loyalties[shield] == "SHIELD"
        assert all(text == "loyalty unknown" for s, text in enumerate(loyalties) if s != shield and not
                   game.state.revealed[s])
        hands = page.eval_on_selector_all(".seat .hand", "els => els.map(e => e.textContent)")
        assert all(":" not in text for s, text in enumerate(hands) if s != shield) and ":" in hands[shield]
        assert f"you are seat {shield}, SHIELD" in page.inner_text("#private")
        page.select_option("#view", str(hydra + 1))
        assert f"you are seat {hydra}, HYDRA" in page.inner_text("#private")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.body.dataset.step") == "41"
        assert page.inner_text('.seat[data-seat="0"] h3').startswith("seat 0 (</script>")
        assert page.screenshot(full_page=True)
        assert errors == [] and requests == []
        browser.close()
