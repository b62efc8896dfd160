"""Every game's replay page shows a hostile seat name as text, in a real browser (issue 30:
pages escape whatever a replay carries): a replay whose seat is named with script and an
image whose ``onerror`` runs script is verified and written by ``replay --html``, then
stepped through in headless Chromium, every seat selected; no script of the name runs and
no element of it is made."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from agents import cli
from hydra_env.api.registry import game_names

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    pytest.skip("Playwright for Python is not installed", allow_module_level=True)

HOSTILE = ('</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
           '<b id=hostile>bold</b>')
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _hostile_page(game: str, folder: Path) -> Path:
    out = folder / "eval"
    assert cli.main(["evaluate", "--game", game, "--agent", "random", "--games", "1",
                     "--save-replays", "all", "--no-progress", "--out", str(out)]) == 0
    (saved,) = sorted((out / "replays").glob("*.json"))
    doc = json.loads(saved.read_text())
    doc["seats"] = [HOSTILE] + list(doc["seats"][1:])
    hostile, page = folder / "hostile.json", folder / "hostile.html"
    hostile.write_text(json.dumps(doc))
    assert cli.main(["replay", str(hostile), "--html", str(page)]) == 0
    return page


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory):
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                       headless=True, args=ARGS)
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://")
                      else route.abort())
        yield context
        context.close()


@pytest.mark.parametrize("game", game_names())
def test_a_hostile_seat_name_runs_no_script_on_the_replay_page(
        game: str, tmp_path: Path, chromium, capsys: pytest.CaptureFixture[str]) -> None:
    path = _hostile_page(game, tmp_path)
    capsys.readouterr()
    page = chromium.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(path.resolve().as_uri())
    page.wait_for_load_state("load")
    for key in ["End", "Home", *["ArrowRight"] * 40]:
        page.keyboard.press(key)
    for select in page.query_selector_all("select"):
        for value in select.eval_on_selector_all("option", "os => os.map(o => o.value)"):
            select.select_option(value)
            page.keyboard.press("End")
    assert page.evaluate("window.__pwned") is None
    assert page.query_selector_all("img[src='x']") == [] and page.query_selector("#hostile") is None
    assert "window.__pwned" in page.inner_text("body") or "<b id=hostile>" in page.content().replace("&lt;", "<")
    assert dialogs == []
    page.close()
