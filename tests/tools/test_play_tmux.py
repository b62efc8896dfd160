"""``hydra-env play`` in a real terminal: tmux runs it, keys are sent, the screen is read back."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import pytest
from helpers.paths import ROOT

TMUX = shutil.which("tmux")
if TMUX is None:
    pytest.skip("tmux is not installed (as root: apt-get install -y tmux)", allow_module_level=True)

WIDTH, HEIGHT = 110, 60


class Terminal:
    """One detached tmux session running a command, on a private tmux server socket."""

    def __init__(self, command: str) -> None:
        self.socket = f"hydra-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self._tmux("new-session", "-d", "-s", "play", "-x", str(WIDTH), "-y", str(HEIGHT), command, env=env)

    def _tmux(self, *args: str, env: dict | None = None) -> str:
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True,
                              timeout=30, env=env, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        """What the terminal shows now."""
        return self._tmux("capture-pane", "-p", "-t", "play")

    def send(self, text: str) -> None:
        """Type ``text`` and press Enter."""
        self._tmux("send-keys", "-t", "play", "-l", text)
        self._tmux("send-keys", "-t", "play", "Enter")

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        """The screen once it shows ``text`` (fails with the screen after ``timeout`` s)."""
        end = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > end:
                pytest.fail(f"the screen never showed {text!r}; it shows:\n{shown}")
            time.sleep(0.2)

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True, timeout=30)


@pytest.fixture
def solo_game() -> Iterator[Terminal]:
    command = (f"{shlex.quote(sys.executable)} -m agents.cli play --mode solo --seed 11; "
               f"echo PLAY-ENDED; sleep 30")
    term = Terminal(command)
    yield term
    term.close()


def test_a_person_plays_a_few_moves_and_the_screen_keeps_board_and_options(solo_game: Terminal) -> None:
    term = solo_game
    first = term.wait_for("your choice (1-68")
    assert "r10   =" in first and "walls 10/10" in first          # the board is on screen...
    assert "A1   A10 move 2 (+1 reef) · move to →  1 r9c0" in first  # ...with the grouped options
    assert "city →  68 pass" in first

    term.send("A1 r9c0")                                            # the compact notation
    shown = term.wait_for("your choice (1-35")
    assert "you: A10 move 2 (+1 reef) from display A1: move to r9c0" in shown
    assert "r9    1" in shown                                       # the hero stands on r9c0

    term.send("?")
    shown = term.wait_for("Board legend")
    assert "Now: action" in shown

    term.send("u")
    shown = term.wait_for("undone: back to round 1")
    assert "your choice (1-68" in term.wait_for("your choice (1-68")

    term.send("b")
    assert "r10   =" in term.wait_for("legend:")
    term.send("q")
    shown = term.wait_for("PLAY-ENDED")
    assert "game abandoned after 0 decisions (seed 11)" in shown


def test_the_hydra_phase_shows_on_screen_step_by_step(solo_game: Terminal) -> None:
    term = solo_game
    term.wait_for("your choice (1-68")
    for _ in range(10):                 # only passing: the Hydra breaks the wall in round 1
        term.send("city pass")
    shown = term.wait_for("PLAY-ENDED")
    assert "The city fell in round 1." in shown
    history = term._tmux("capture-pane", "-p", "-t", "play", "-S", "-400")   # with the scrollback
    assert "Hydra phase, step by step:" in history
    assert "▸ display A1 — A10 move 2 (+1 reef)" in history
    assert "the blue head advances" in history
