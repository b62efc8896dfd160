"""``hydra-env play``, every game, plain lines (off a terminal): each key the help names does
what the help says, and nothing is drawn with escape codes."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.paths import ROOT

from agents.terminal.table import Table, board_text, heading, play_game
from hydra_env import game_names, game_spec
from hydra_env.envs.bots import make_bot

KEYS_LINE = re.compile(r"keys: a number from the list shown \(1-\d+\); an option's name, or enough of its words "
                       r"in order to tell it apart \(e\.g\. '(?P<example>[^']+)' for '[^']+'\); #N the action of "
                       r"index N; b board, l list, s \[FILE\] save(?P<undo>, u undo your last decision)?, "
                       r"\? help, q quit")


def _table(name: str, tmp_path: Path) -> Table:
    spec = game_spec(name)
    game = spec.make(seed=5)
    seats = ["human"] + ["random"] * (game.num_players - 1)
    bots = {s: make_bot("random", game=name, seed=s) for s in range(1, game.num_players)}
    return Table(game, 0, bots, seats, save_to=tmp_path / "default.json", hooks=spec.hooks("play"))


@pytest.mark.parametrize("name", game_names())
def test_each_key_of_the_help_line_does_what_the_help_says(name: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    table = _table(name, tmp_path)
    saved = tmp_path / "saved.json"
    said: dict[str, str] = {}                  # entry → what was printed after it

    def entries() -> Iterator[str]:
        yield "?"
        keys = KEYS_LINE.search(said["?"])
        assert keys is not None, said["?"]
        board, asked = board_text(table), heading(table, table.game)
        yield "b"
        assert board in said["b"] and asked in said["b"]                  # b: the board again
        yield "l"
        assert asked in said["l"] and board not in said["l"]              # l: the list again
        yield f"s {saved}"
        assert f"saved to {saved}" in said[f"s {saved}"]
        assert game_spec(name).load(saved.read_text()).history == table.game.history
        decided = len(table.game.history)
        yield keys["example"]                                             # a name, as the help shows it
        assert "you:" in said[keys["example"]] and len(table.game.history) > decided
        index = table.game.legal_actions()[-1]
        yield f"#{index}"                                                 # #N: the action of index N
        assert "you:" in said[f"#{index}"]
        yield "1"                                                         # a number of the list shown
        assert "you:" in said["1"]
        if keys["undo"]:
            before = len(table.game.history)
            yield "u"
            assert "undone: back to" in said["u"] and len(table.game.history) < before
        yield "q"

    script = entries()
    last = [""]

    def ask(prompt: str) -> str:
        if last[0]:
            said[last[0]] = capsys.readouterr().out
        capsys.readouterr()
        last[0] = next(script)
        return last[0]

    assert play_game(table, ask) is False          # q: the game is left
    with pytest.raises(StopIteration):
        next(script)


def test_off_a_terminal_the_play_is_plain_lines_without_escape_codes() -> None:
    done = subprocess.run([sys.executable, "-m", "agents.cli", "play", "--game", "hydras", "--seed", "2"],
                          input="?\nb\n1\nA seat 1\nq\n", cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout
    assert "keys: a number from the list shown" in done.stdout and "you:" in done.stdout
    assert "'A seat 1' names" in done.stdout and "— type more of the name, or the number" in done.stdout
