"""The board as SVG: the same geometry as the rgb_array image, pieces that say what they show."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from helpers.viewer_games import SHOVE_GAME, game_at, replay_doc

from agents.viewer import svg
from hydra_env import Game
from hydra_env.games.hydra.envs.image import draw_board
from hydra_env.games.hydra.observe import board_geometry as geo

NS = {"s": "http://www.w3.org/2000/svg"}


def _game() -> Game:
    doc = replay_doc(*SHOVE_GAME)
    return game_at(doc, 20)        # round 2: heads moved, walls damaged, a barricade up


def _root(game: Game) -> ET.Element:
    return ET.fromstring(svg.board_svg(game.state, game.rules))


def test_svg_pieces_carry_the_spaces_counts_and_walls_of_the_state() -> None:
    game = _game()
    state, board = game.state, game.rules.board
    root = _root(game)
    assert root.get("data-walls") == str(state.walls)
    heads = {h.get("data-colour"): h for h in root.iterfind(".//s:g[@class='head']", NS)}
    for c, colour in enumerate(game.components.hydra_colours):
        space = board.paths[state.hydra_path[c]][state.head_position[c]]
        assert heads[colour].get("data-space") == str(space)
        assert heads[colour].get("data-count") == str(state.head_count[c])
    necks = root.findall(".//s:rect[@class='neck']", NS)
    assert len(necks) == sum(state.head_position)
    heroes = {int(h.get("data-seat")): h for h in root.iterfind(".//s:g[@class='hero']", NS)}
    assert {s: int(h.get("data-space")) for s, h in heroes.items()} == dict(enumerate(state.hero_space))
    tokens = root.findall(".//*[@class='wall-token']", NS)
    assert len(tokens) == state.walls_at_start
    assert sum(t.get("data-standing") == "1" for t in tokens) == state.walls
    barricades = root.findall(".//s:g[@class='barricade']", NS)
    assert sorted(int(b.get("data-space")) for b in barricades) == sorted(s for s in state.barricade_space if s >= 0)


def test_the_svg_and_the_image_draw_each_piece_at_the_same_place_in_the_same_colour() -> None:
    game = _game()
    picture = draw_board(game)
    root = _root(game)
    checked = 0
    for head in root.iterfind(".//s:g[@class='head']", NS):
        disc = head.find("s:ellipse", NS)
        cx, cy, rx = float(disc.get("cx")), float(disc.get("cy")), float(disc.get("rx"))
        x, y = int(cx - 0.6 * rx), int(cy)           # inside the disc, clear of the counter
        assert "#{:02x}{:02x}{:02x}".format(*picture[y, x]) == disc.get("fill")
        checked += 1
    for token in root.iterfind(".//*[@class='wall-token']", NS):
        rect = token if token.tag.endswith("rect") else token.find("s:rect", NS)
        x = int(float(rect.get("x")) + float(rect.get("width")) / 4)
        y = int(float(rect.get("y")) + float(rect.get("height")) / 2)
        expected = geo.WALL_FILL if token.get("data-standing") == "1" else geo.BACKGROUND
        assert tuple(picture[y, x]) == expected
        checked += 1
    geometry = geo.BoardGeometry(game.rules.board.rows, game.rules.board.cols)
    for cell in root.iterfind(".//s:rect[@class='cell']", NS):
        x0, y0, _, _ = geometry.cell_box(int(cell.get("data-space")))   # a cell's corner shows its area
        assert "#{:02x}{:02x}{:02x}".format(*picture[y0 + 2, x0 + 2]) == cell.get("fill")
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("scenario", [10, 1])
def test_the_static_layer_has_every_cell_path_and_portal(scenario: int) -> None:
    game = Game.new(scenario, 1, 3)
    board = game.rules.board
    root = _root(game)
    cells = root.findall(".//s:rect[@class='cell']", NS)
    assert len(cells) == board.n_cells
    assert {c.get("data-area") for c in cells} == set(game.components.board.areas)
    width, height = svg.picture_size(game.rules)
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert len(root.findall(".//s:path", NS)) == geo.MAELSTROM_ARCS * len(board.paths)
