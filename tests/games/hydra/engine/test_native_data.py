"""A user's own component data runs on both engines alike: the native tables come from
the Python loader's tables, whatever the board size, supply or cards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hydra_env import Game, load_components, native
from hydra_env.games.hydra.native.engine import NativeUnsupportedError

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

DATA = Path(__file__).resolve().parents[4] / "hydra_env" / "games" / "hydra" / "data"


def _own_set(folder: Path, *, cols: int, barricades: int, portals: list[list[int]]) -> Path:
    for name in ("manifest.json", "board.json", "action_cards.json", "hydra_cards.json", "scenarios.json"):
        shutil.copy(DATA / name, folder / name)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["supply"]["barricades"] = barricades
    manifest["name"] = "wider-board"
    (folder / "manifest.json").write_text(json.dumps(manifest))
    board = json.loads((folder / "board.json").read_text())
    board["cols"] = cols
    board["portals"] = board["portals"] + portals
    (folder / "board.json").write_text(json.dumps(board))
    return folder


def test_a_wider_board_with_more_barricades_plays_alike_on_both_engines(tmp_path):
    from hydra_env.native import differential

    components = load_components(_own_set(tmp_path, cols=11, barricades=6, portals=[[3, 10], [6, 9]]),
                                 counts=None)
    assert components.board.cols == 11 and components.supply.barricades == 6
    game = Game.new(1, 1, 0, components=components)
    assert game.engine == "native" and game.action_size != Game.new(1).action_size
    report = differential.run(6000, seed=4, scenarios=(1, 4, 10, 12), components=components)
    assert report.mismatch is None, report.mismatch
    assert report.decisions >= 6000


def test_a_board_beyond_the_native_capacity_runs_on_python_unless_native_is_asked_for(tmp_path, monkeypatch):
    monkeypatch.delenv("HYDRA_ENV_ENGINE", raising=False)
    components = load_components(_own_set(tmp_path, cols=14, barricades=4, portals=[]), counts=None)
    assert components.board.rows * components.board.cols + 1 > 128
    assert Game.new(10, components=components).engine == "python"
    with pytest.raises(NativeUnsupportedError, match="more than 127 board cells"):
        Game.new(10, components=components, engine="native")
