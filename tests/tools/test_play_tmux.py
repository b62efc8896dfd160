"""``hydra-env play`` in a real terminal: tmux runs it, keys are sent, the screen is read back.

On a terminal the screen is redrawn in place (rich): the board, a log of what happened and
the options, once each, whatever was typed before.
"""

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

from hydra_env import game_names

TMUX = shutil.which("tmux")
if TMUX is None:
    pytest.skip("tmux is not installed (as root: apt-get install -y tmux)", allow_module_level=True)

WIDTH, HEIGHT = 110, 60
PROMPT = "your choice (1-"
CONTINUE = "press Enter to see the board and your options"
PROMPTS = (PROMPT, CONTINUE)


class Terminal:
    """One detached tmux session running a command, on a private tmux server socket."""

    def __init__(self, command: str, width: int = WIDTH, height: int = HEIGHT) -> None:
        self.socket = f"hydra-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        env.pop("NO_COLOR", None)
        for inherited_size in ("COLUMNS", "LINES"):     # pytest-xdist's workers set 80 x 24; tmux sets its own
            env.pop(inherited_size, None)
        self._tmux("new-session", "-d", "-s", "play", "-x", str(width), "-y", str(height), command, env=env)

    def _tmux(self, *args: str, env: dict | None = None) -> str:
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True,
                              timeout=30, env=env, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        """What the terminal shows now."""
        return self._tmux("capture-pane", "-p", "-t", "play")

    def history(self) -> str:
        """The screen with the terminal's scrollback."""
        return self._tmux("capture-pane", "-p", "-t", "play", "-S", "-2000")

    def send(self, text: str, want: str | tuple[str, ...] = (PROMPT,), timeout: float = 60.0) -> str:
        """Type ``text``, press Enter, and give the screen once it has changed and shows ``want``
        (see :meth:`wait_for`)."""
        before = self.screen()
        self._tmux("send-keys", "-t", "play", "-l", text)
        self._tmux("send-keys", "-t", "play", "Enter")
        return self.wait_for(want, timeout, unlike=before)

    def wait_for(self, want: str | tuple[str, ...], timeout: float = 60.0, unlike: str | None = None) -> str:
        """The screen once it differs from ``unlike`` and shows ``want``: a text anywhere, or
        one of several prompts (a tuple) on its last line, and stays so a moment; fails with
        the screen after ``timeout`` s."""
        end = time.monotonic() + timeout
        while True:
            shown = self.screen()
            last = shown.rstrip().splitlines()[-1] if shown.strip() else ""
            ready = any(w in last for w in want) if isinstance(want, tuple) else want in shown
            if ready and shown != unlike:
                time.sleep(0.3)
                if self.screen() == shown:
                    return shown
            if time.monotonic() > end:
                pytest.fail(f"the screen never showed {want!r}; it shows:\n{shown}")
            time.sleep(0.2)

    def decide(self, text: str) -> str:
        """Type a decision; go on past each screen of what happened; the next decision's screen."""
        shown = self.send(text, want=PROMPTS)
        while CONTINUE in shown.rstrip().splitlines()[-1]:
            assert "what happened since your last decision" in shown
            shown = self.send("", want=PROMPTS)
        return shown

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True, timeout=30)


def _play(*args: str) -> str:
    return (f"{shlex.quote(sys.executable)} -m agents.cli play {' '.join(args)}; "
            f"echo PLAY-ENDED; sleep 30")


def _panels(shown: str) -> dict[str, int]:
    """How often each panel's title shows on the screen."""
    return {name: shown.count(f"╭─ {name}") for name in ("board", "log", "options", "help")}


@pytest.fixture
def solo_game() -> Iterator[Terminal]:
    term = Terminal(_play("--mode", "solo", "--seed", "11"))
    yield term
    term.close()


@pytest.mark.parametrize("name", game_names())
def test_every_game_is_redrawn_in_place_with_board_log_and_options(name: str) -> None:
    term = Terminal(_play("--game", name, "--seed", "7"))
    try:
        first = term.wait_for((PROMPT,))
        assert _panels(first) == {"board": 1, "log": 1, "options": 1, "help": 0}, first
        assert "\x1b" not in first and "seed 7" in first
        for entry in ("1", "1", "1"):
            shown = term.decide(entry)
        assert _panels(shown) == {"board": 1, "log": 1, "options": 1, "help": 0}, shown
        assert shown.count(PROMPT) == 1                  # redrawn: the old options are not kept below
        assert "you:" in shown                           # the log has the person's decisions
        shown = term.send("?")
        assert _panels(shown)["help"] == 1 and "keys: a number from the list shown" in shown
        shown = term.send("nonsense")
        assert "'nonsense' is not a choice" in shown and _panels(shown)["help"] == 0
        assert "game abandoned after" in term.send("q", want="PLAY-ENDED")
    finally:
        term.close()


def test_a_person_plays_a_few_moves_and_the_screen_keeps_board_and_options(solo_game: Terminal) -> None:
    term = solo_game
    first = term.wait_for("your choice (1-68")
    assert "r10   =" in first and "walls 10/10" in first          # the board is on screen...
    assert "A1   A10 move 2 (+1 reef) · move to →  1 r9c0" in first  # ...with the grouped options
    assert "city →  68 pass" in first

    shown = term.send("A1 r9c0")                                   # the compact notation
    assert "your choice (1-35" in shown
    assert "you: A10 move 2 (+1 reef) from display A1: move to r9c0" in shown
    assert "r9    1" in shown                                       # the hero stands on r9c0
    assert shown.count("r10   =") == 1 and shown.count(PROMPT) == 1

    shown = term.send("?")
    assert "Board legend" in shown and "Now: action" in shown

    shown = term.send("u")
    assert "undone: back to round 1" in shown and "your choice (1-68" in shown

    shown = term.send("r10c0")                                      # names four options: all listed
    assert ("'r10c0' names 4 options: 10 A1 → move to r10c0; 36 B1 → move to r10c0; 45 B5 → move to r10c0; "
            "54 city → move 1 to r10c0") in " ".join(shown.split())

    assert "r10   =" in term.send("b")
    shown = term.send("q", want="PLAY-ENDED")
    assert "game abandoned after 0 decisions (seed 11)" in shown


def test_the_hydra_phase_shows_on_screen_step_by_step(solo_game: Terminal) -> None:
    term = solo_game
    term.wait_for("your choice (1-68")
    for _ in range(5):
        shown = term.decide("pass")                   # pass spends one action (R15)
    assert "action II phase" in shown
    for _ in range(4):
        term.decide("pass")
    shown = term.send("pass", want="PLAY-ENDED")      # the 10th pass: the Hydra breaks the wall in round 1
    assert "The city fell in round 1." in shown
    history = term.history()
    assert "what happened since your last decision" in history
    assert "Hydra phase, step by step:" in history
    assert "▸ display A1 — A10 move 2 (+1 reef)" in history
    assert "the blue head advances" in history
