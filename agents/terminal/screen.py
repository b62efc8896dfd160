"""Where ``hydra-env play`` shows the game: a screen redrawn in place, or plain lines.

:class:`~agents.terminal.rich_screen.RichScreen` (a real terminal) redraws the whole
screen with ``rich`` before each of the person's entries: the board, a log of what
happened and the options. :class:`PlainScreen` (stdin or stdout not a terminal: a pipe,
a test) prints the same parts as plain lines, once each, without escape codes, so
scripted input still works. :func:`agents.terminal.rich_screen.make_screen` picks one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

Ask = Callable[[str], str]


class PlainScreen:
    """Plain line output: each part printed when it happens (no escape codes)."""

    def header(self, text: str) -> None:
        """The game's first line."""
        print(text)

    def log(self, line: str) -> None:
        """One line of what happened."""
        print(line)

    def decision(self, board: str, heading: str, options: Sequence[str]) -> None:
        """A decision of the person: the board, the decision asked and the options."""
        print(board)
        self.options(heading, options)

    def options(self, heading: str, options: Sequence[str]) -> None:
        """The decision asked and the options again (``l``)."""
        print(heading)
        for line in options:
            print(line)

    def note(self, text: str) -> None:
        """A short message: why an entry was refused, what was saved..."""
        print(f"  {text}")

    def help(self, text: str) -> None:
        """The help (``?``)."""
        print(text)

    def ask(self, prompt: str, ask: Ask) -> str:
        """The person's entry."""
        return ask(prompt)

    def interrupted(self) -> None:
        """End of input or Ctrl-C at the prompt: end the prompt's line."""
        print()

    def end(self, board: str, outcome: str) -> None:
        """The finished game: the board and the result."""
        print(board)
        print(outcome)


def is_terminal() -> bool:
    """Whether stdin and stdout are both a terminal (and the terminal is not 'dumb')."""
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb"
