"""``hydra-env play``'s screen on a terminal (rich), drawn into a recording console: each entry
gets one fresh screen with the board, the log and the options; what does not fit the log
gets a screen of its own."""

from __future__ import annotations

import io
import re

from rich.console import Console

from agents.terminal.rich_screen import CONTINUE, RichScreen
from agents.terminal.table import Table, play_game
from hydra_env import game_spec

CLEAR = "\x1b[2J"
CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _play(entries: list[str], width: int = 110, height: int = 60) -> tuple[list[tuple[str, str]], Table]:
    """Play Hydra's solo game (seed 11) typing ``entries``; each prompt with the screen
    drawn before it (escape codes dropped)."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=width, height=height, highlight=False)
    spec = game_spec("hydra")
    table = Table(spec.make(seed=11), 0, {}, ["human"], hooks=spec.hooks("play"), screen=RichScreen(console))
    table.screen.header("Hydra — seed 11")
    frames: list[tuple[str, str]] = []
    typed = iter(entries)

    def ask(prompt: str) -> str:
        drawn = out.getvalue()
        out.seek(0)
        out.truncate()
        assert drawn.count(CLEAR) == 1                 # one fresh screen per entry
        frames.append((prompt, CODES.sub("", drawn.split(CLEAR)[-1])))
        return next(typed)
    play_game(table, ask)
    return frames, table


def test_each_entry_gets_one_fresh_screen_with_the_board_the_log_and_the_options() -> None:
    frames, _ = _play(["A1 r9c0", "nonsense", "q"])
    for prompt, screen in frames:
        assert prompt.startswith("your choice (1-")
        assert [screen.count(f"╭─ {part}") for part in ("board", "log", "options")] == [1, 1, 1]
        assert len(screen.splitlines()) <= 60 - 1                  # with the prompt, it fits the terminal
    assert "(nothing yet)" in frames[0][1]
    assert "you: A10 move 2 (+1 reef) from display A1: move to r9c0" in frames[1][1]
    assert "'nonsense' is not a choice" in frames[2][1]


def test_what_happened_beyond_the_log_gets_a_screen_of_its_own_before_the_options() -> None:
    out = io.StringIO()
    screen = RichScreen(Console(file=out, force_terminal=True, width=100, height=30, highlight=False))
    screen.decision("\n".join(f"board row {k}" for k in range(15)), "your decision", ["  1 pass"])
    for k in range(40):                                  # an engine phase: more than the log can show
        screen.log(f"    step {k}")
    asked: list[tuple[str, str]] = []

    def ask(prompt: str) -> str:
        asked.append((prompt, CODES.sub("", out.getvalue().split(CLEAR)[-1])))
        return "1" if prompt != CONTINUE else "typed too soon"
    assert screen.ask("your choice (1-1, ? help): ", ask) == "1"
    (first, happened), (second, shown) = asked
    assert first == CONTINUE and "what happened since your last decision" in happened
    assert all(f"step {k}" in happened for k in range(16, 40)) and "board row" not in happened
    assert second.startswith("your choice") and "board row 0" in shown and "╭─ options" in shown
    assert "'typed too soon' was not read: the options were not on screen" in shown
    screen.log("    one more step")                   # what fits the log is shown there, no extra screen
    screen.decision("\n".join(f"board row {k}" for k in range(15)), "your decision", ["  1 pass"])
    asked.clear()
    screen.ask("your choice (1-1, ? help): ", ask)
    assert [p for p, _ in asked] == ["your choice (1-1, ? help): "] and "one more step" in asked[0][1]


def test_a_wide_terminal_shows_the_log_beside_the_board() -> None:
    frames, _ = _play(["A1 r9c0", "q"], width=200, height=50)
    screen = frames[-1][1]
    top = next(line for line in screen.splitlines() if "╭─ board" in line)
    assert "╭─ log" in top
    assert "you: A10 move 2 (+1 reef) from display A1: move to" in screen
