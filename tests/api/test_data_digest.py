"""A game's data and source digests (hydra_env.api.data_digest): they name the JSON data (and the
Python code) of the game's package, so a cache keyed by them (the warm start's imitation cache) is
not reused after the data, a rule or a scripted bot changes."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from hydra_env.api import GameSpec, register, unregister
from hydra_env.api.data_digest import game_data_digest, game_source_digest


@pytest.fixture
def data_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A game in a package of its own, ``games/digestgame``, with one data file."""
    package = tmp_path / "games" / "digestgame"
    (package / "data").mkdir(parents=True)
    (tmp_path / "games" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "data" / "__init__.py").write_text("")
    (package / "rules.py").write_text("def new_game(**params):\n    raise NotImplementedError\n")
    (package / "data" / "cards.json").write_text('{"cost": 1}')
    monkeypatch.syspath_prepend(str(tmp_path))
    rules = importlib.import_module("games.digestgame.rules")
    spec = GameSpec(name="digestgame", title="Digest", description="a data file", params=(),
                    new_game=rules.new_game, from_json=rules.new_game, players=lambda params: 2)
    register(spec, replace=True)
    try:
        yield package
    finally:
        unregister("digestgame")
        for name in [m for m in sys.modules if m.startswith("games")]:
            del sys.modules[name]
        game_data_digest.cache_clear()
        game_source_digest.cache_clear()


def test_the_digest_changes_with_a_data_file_of_the_games_package(data_game: Path) -> None:
    before = game_data_digest("digestgame")
    game_data_digest.cache_clear()
    assert game_data_digest("digestgame") == before                       # the same files: the same digest
    (data_game / "data" / "cards.json").write_text('{"cost": 2}')
    game_data_digest.cache_clear()
    changed = game_data_digest("digestgame")
    assert changed != before
    (data_game / "rules.py").write_text("# a comment\ndef new_game(**params):\n    raise NotImplementedError\n")
    game_data_digest.cache_clear()
    assert game_data_digest("digestgame") == changed                      # code is not data


def test_every_registered_game_has_a_digest_of_its_own() -> None:
    import hydra_env
    digests = {game_data_digest(name) for name in hydra_env.game_names()}
    assert len(digests) == len(hydra_env.game_names())


def test_the_source_digest_changes_with_the_data_and_with_the_code(data_game: Path) -> None:
    before = game_source_digest("digestgame")
    code = "# a bot's rule changed\ndef new_game(**params):\n    raise NotImplementedError\n"
    (data_game / "rules.py").write_text(code)
    game_source_digest.cache_clear()
    after_code = game_source_digest("digestgame")
    assert after_code != before
    (data_game / "data" / "cards.json").write_text('{"cost": 3}')
    game_source_digest.cache_clear()
    assert game_source_digest("digestgame") not in (before, after_code)
