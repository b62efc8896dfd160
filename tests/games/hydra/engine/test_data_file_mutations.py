"""Bad component data files get a DataError, never a traceback (issue 11, item 8).

Plain tests: a file that is a folder, an unreadable file, JSON nested 200,000
deep, an integer of 5,000 digits, ``"about": 5``. Property test (hypothesis):
random edits of a copy of ``hydra_env/games/hydra/data`` either are refused with a
DataError or give components with which a game is set up and played for a
few random decisions with :func:`hydra_env.games.hydra.rules.testing.invariants` intact.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hydra_env.games.hydra.data
from hydra_env import ConfigError, DataError, Game
from hydra_env.games.hydra.data import RULEBOOK_COUNTS, load_components
from hydra_env.games.hydra.rules.testing import invariants

sys.path.insert(0, str(Path(__file__).parent))   # the helper module beside this file
from json_mutations import mutated  # noqa: E402

DATA = Path(hydra_env.games.hydra.data.__file__).parent
FILES = ("manifest.json", "board.json", "action_cards.json", "hydra_cards.json", "scenarios.json")
DOCS = {name: json.loads((DATA / name).read_text(encoding="utf-8")) for name in FILES}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped data files."""
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def refused(folder: Path, *words: str) -> str:
    with pytest.raises(DataError) as info:
        load_components(folder)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


# --------------------------------------------------------------------- the listed bad files
def test_a_data_file_that_is_a_folder_is_refused(folder: Path) -> None:
    (folder / "board.json").unlink()
    (folder / "board.json").mkdir()
    refused(folder, "board.json", "is a folder")


def test_an_unreadable_data_file_is_refused(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests may run as root, for whom chmod 000 does not make a file unreadable.
    real = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self.name == "hydra_cards.json":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    refused(folder, "hydra_cards.json", "cannot be read", "Permission denied")


def test_a_broken_link_as_data_file_is_refused(folder: Path) -> None:
    (folder / "scenarios.json").unlink()
    os.symlink(folder / "scenarios.json", folder / "scenarios.json")   # a link to itself
    refused(folder, "scenarios.json")


@pytest.mark.parametrize("text", ["[" * 200_000 + "]" * 200_000,
                                  '{"about": ' + "[" * 200_000 + "]" * 200_000 + "}",
                                  '{"cards": ' + '{"a":' * 200_000 + "1" + "}" * 200_000 + "}"])
def test_json_nested_200000_deep_is_refused(folder: Path, text: str) -> None:
    (folder / "action_cards.json").write_text(text)
    refused(folder, "action_cards.json", "nested too deeply")


def test_an_integer_of_5000_digits_is_refused(folder: Path) -> None:
    text = (folder / "board.json").read_text().replace('"rows": 11', '"rows": ' + "9" * 5000)
    (folder / "board.json").write_text(text)
    refused(folder, "board.json")


@pytest.mark.parametrize("about", [5, "notes", [1], [["nested"]], {"a": "b"}, None])
def test_about_must_be_a_list_of_strings(folder: Path, about: Any) -> None:
    doc = dict(DOCS["scenarios.json"], about=about)
    (folder / "scenarios.json").write_text(json.dumps(doc))
    refused(folder, "scenarios.json: about: must be a list of strings")


def test_many_keys_in_one_object_load_quickly_and_duplicates_are_named(folder: Path) -> None:
    doc = dict(DOCS["manifest.json"])
    text = json.dumps(doc)[:-1] + "".join(f', "k{i}": 0' for i in range(50_000)) + ', "name": "x"}'
    (folder / "manifest.json").write_text(text)
    refused(folder, "manifest.json", "'name' appears twice")


@pytest.mark.parametrize("path", [123, 1.5, True, b"hydra_env/games/hydra/data", "", ["a"]])
def test_a_components_path_of_the_wrong_type_is_a_config_error(path: Any) -> None:
    with pytest.raises(ConfigError, match="path must be"):
        load_components(path)


def test_counts_of_the_wrong_type_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="counts must be"):
        load_components(counts={"action_cards": 44})


# --------------------------------------------------------------------- property test
_EDIT = st.sampled_from(["json", "json", "json", "json", "bytes"])


def _write_mutation(data: Any, root: Path) -> list[str]:
    """Write the five files into ``root``, one of them (sometimes two) edited at random:
    JSON edits (:func:`json_mutations.mutated`) or a few bytes replaced."""
    raw = {name: json.dumps(doc, indent=1).encode() for name, doc in DOCS.items()}
    done = []
    for _ in range(data.draw(st.integers(1, 2), label="files")):
        name = data.draw(st.sampled_from(FILES), label="file")
        if data.draw(_EDIT, label="how") == "json" and name not in str(done):
            doc, edits = data.draw(mutated(json.loads(raw[name])), label="edits")
            raw[name] = json.dumps(doc).encode()
            done.append(f"{name}: {edits}")
        else:
            cut = data.draw(st.integers(0, len(raw[name])), label="cut")
            removed = data.draw(st.integers(0, 3), label="removed")
            raw[name] = raw[name][:cut] + data.draw(st.binary(max_size=4), label="bytes") + raw[name][cut + removed:]
            done.append(f"{name}: bytes at {cut}")
    for name, content in raw.items():
        (root / name).write_bytes(content)
    return done


@settings(max_examples=int(os.environ.get("HYDRA_MUTATION_EXAMPLES", "150")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_mutated_data_files_are_refused_or_give_a_playable_game(data: Any) -> None:
    counts = data.draw(st.sampled_from([RULEBOOK_COUNTS, None]), label="counts")
    with tempfile.TemporaryDirectory() as tmp:
        edits = _write_mutation(data, Path(tmp))
        try:
            components = load_components(tmp, counts=counts)
        except DataError:
            return
    scenario = data.draw(st.sampled_from(components.scenarios), label="scenario")
    game = Game.new(scenario.number, data.draw(st.integers(1, 3), label="stars"),
                    data.draw(st.integers(0, 1000), label="seed"), components=components)
    rng = random.Random(data.draw(st.integers(0, 1000), label="play seed"))
    for _ in range(40):
        assert not invariants(game), (edits, invariants(game))
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert Game.from_json(game.to_json(), components=components).to_json() == game.to_json()
