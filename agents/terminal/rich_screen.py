"""The screen of ``hydra-env play`` on a real terminal, redrawn in place with ``rich``.

Before each of the person's entries the terminal is cleared and drawn again: the header,
the board (the game as the person's seat sees it), a log of what happened (the bots'
decisions, the person's, each engine step — the last lines that fit), the options, and a
message (why an entry was refused, what was saved). On a wide terminal the log stands
beside the board (the board's few long lines wrapped), else between the board and the
options. When more happened since the person's last entry than the log can show (a game
phase, a round of bots), those lines get a screen of their own first, and Enter goes on,
so nothing scrolls away unread. The help (``?``) takes the log's place until the next entry.
"""

from __future__ import annotations

import textwrap
from collections import deque
from collections.abc import Sequence
from typing import Any

from agents.terminal.screen import Ask, PlainScreen, is_terminal

LOG_KEPT = 1000                         # log lines kept for the screen
MIN_LOG = 3                             # log rows shown even when the screen is short
SHORT = 6                               # more new lines than the log shows get a screen of their own
SIDE_LOG = 44                           # columns the log needs beside the board
MIN_BOARD = 30                          # the narrowest board column beside the log
EXTRA_ROWS = 3                          # rows the board may grow by, wrapped to stand beside the log
CONTINUE = "press Enter to see the board and your options: "


def wrap(lines: Sequence[str], width: int) -> list[str]:
    """The rows of ``lines`` at ``width`` columns: a line that fits is kept as it is, a
    longer one is wrapped between words, its next rows indented."""
    rows: list[str] = []
    for line in lines:
        if len(line) <= width:
            rows.append(line)
        else:
            rows += textwrap.wrap(line, width, subsequent_indent="    ", break_on_hyphens=False) or [""]
    return rows


def tail(lines: Sequence[str], rows: int, width: int) -> tuple[list[str], int]:
    """The rows of the last lines that fit in ``rows`` rows, and how many lines they are."""
    shown: list[str] = []
    count = 0
    for line in reversed(lines):
        wrapped = wrap([line], width)
        if len(shown) + len(wrapped) > rows:
            break
        shown[:0] = wrapped
        count += 1
    return shown, count


class RichScreen(PlainScreen):
    """A screen redrawn in place with ``rich`` (header, board, log, options, message)."""

    def __init__(self, console: Any = None) -> None:
        from rich.console import Console
        self.console = console or Console(highlight=False)
        self.title = ""
        self.lines: deque[str] = deque(maxlen=LOG_KEPT)
        self.logged = 0                         # lines logged in all
        self.seen = 0                           # lines logged when the person last typed
        self.board = ""
        self.heading = ""
        self.option_lines: list[str] = []
        self.message = ""
        self.help_shown = ""

    @property
    def width(self) -> int:
        """The width of the option lines inside their panel."""
        return max(40, self.console.width - 4)

    def header(self, text: str) -> None:
        self.title = text

    def log(self, line: str) -> None:
        self.lines.append(line)
        self.logged += 1

    def decision(self, board: str, heading: str, options: Sequence[str]) -> None:
        self.board, self.heading, self.option_lines = board, heading, list(options)
        self.draw()

    def options(self, heading: str, options: Sequence[str]) -> None:
        self.heading, self.option_lines = heading, list(options)
        self.draw()

    def note(self, text: str) -> None:
        self.message = text
        self.draw()

    def help(self, text: str) -> None:
        self.help_shown = text
        self.draw()

    def ask(self, prompt: str, ask: Ask) -> str:
        """The person's entry; first, when more happened since the last entry than the log
        shows, a screen of what happened (Enter goes on)."""
        try:
            fresh = min(self.logged - self.seen, len(self.lines))
            new = list(self.lines)[len(self.lines) - fresh:] if fresh else []
            self.seen = self.logged
            board_width, rows = self._layout()
            log_width = self._log_width(board_width)
            if len(new) > SHORT and tail(new, rows, log_width)[1] < len(new):
                self._draw_happened(new)
                typed = ask(CONTINUE).strip()
                self.message = f"{typed!r} was not read: the options were not on screen" if typed else ""
                self.draw()
            return ask(prompt)
        finally:
            self.message = self.help_shown = ""

    def end(self, board: str, outcome: str) -> None:
        """The finished game, printed below what is on screen (not redrawn, so it stays in the
        terminal's history): what happened since the last entry, the board and the result."""
        from rich.panel import Panel
        from rich.text import Text
        fresh = min(self.logged - self.seen, len(self.lines))
        if fresh:
            happened = "\n".join(wrap(list(self.lines)[len(self.lines) - fresh:], self._inner()))
            self.console.print(Panel(Text(happened, no_wrap=True), title_align="left",
                                     title="what happened since your last decision"))
        self.console.print(Panel(Text("\n".join(wrap(board.splitlines(), self._inner())), no_wrap=True),
                                 title="board", title_align="left"))
        self.console.print(Text(outcome, style="bold"))

    # ------------------------------------------------------------------ layout

    def _inner(self) -> int:
        return self.console.width - 4

    def _log_width(self, board_width: int) -> int:
        return (self.console.width - board_width - 4 if board_width else self.console.width) - 4

    def _beside_width(self) -> int:
        """The board column's text width with the log beside it, or 0 when the log goes below:
        the narrowest width that wraps the board into at most EXTRA_ROWS more rows."""
        lines = self.board.splitlines()
        widest = max((len(line) for line in lines), default=0)
        most = self.console.width - 4 - SIDE_LOG - 4
        rows = len(lines)
        for width in range(MIN_BOARD, min(widest, most) + 1):
            if len(wrap(lines, width)) <= rows + EXTRA_ROWS:
                return width
        return widest if widest <= most else 0

    def _layout(self) -> tuple[int, int]:
        """(the board column's text width, 0 for the log below the board; the log's rows)."""
        inner = self._inner()
        beside = self._beside_width()
        board_rows = len(wrap(self.board.splitlines(), beside or inner))
        used = (len(wrap([self.title], self.console.width)) if self.title else 0) + 2 + 1
        used += 0 if beside else board_rows + 2
        if self.option_lines or self.heading:
            used += len(wrap([self.heading], inner)) + len(self.option_lines) + 2
        if self.message:
            used += len(wrap([self.message], self.console.width))
        return beside, max(board_rows if beside else MIN_LOG, self.console.height - used)

    def _draw_happened(self, new: list[str]) -> None:
        from rich.panel import Panel
        from rich.text import Text
        shown, count = tail(new, self.console.height - 6, self._inner())
        more = f" (the last {count} of {len(new)} lines)" if count < len(new) else ""
        self.console.clear()
        if self.title:
            self.console.print(Text(self.title, style="bold"))
        self.console.print(Panel(Text("\n".join(shown), no_wrap=True), title_align="left",
                                 title=f"what happened since your last decision{more}"))

    def draw(self) -> None:
        """Clear the terminal and draw every part; the log gets the rows left over."""
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        beside, rows = self._layout()
        beside = 0 if self.help_shown else beside
        parts: list[Any] = [Text(self.title, style="bold")] if self.title else []
        board_rows = wrap(self.board.splitlines(), beside or self._inner())
        board = Panel(Text("\n".join(board_rows), no_wrap=True), title="board", title_align="left")
        if self.help_shown:                       # the help takes the log's place until the next entry
            parts += [board, Panel(Text(self.help_shown), title="help", title_align="left")]
        else:
            shown, count = tail(list(self.lines), rows, self._log_width(beside))
            title = f"log (last {count} of {self.logged} lines)" if count < self.logged else "log"
            log = Panel(Text("\n".join(shown) or "(nothing yet)", no_wrap=True), title=title,
                        title_align="left", height=rows + 2)
            if beside:
                board.height = rows + 2
                grid = Table.grid()
                grid.add_column(width=beside + 4)
                grid.add_column(width=self.console.width - beside - 4)
                grid.add_row(board, log)
                parts.append(grid)
            else:
                parts += [board, log]
        if self.option_lines or self.heading:
            body = Text(self.heading + "\n", style="bold")
            body.append("\n".join(self.option_lines))
            parts.append(Panel(body, title="options", title_align="left"))
        if self.message:
            parts.append(Text(self.message, style="yellow"))
        self.console.clear()
        self.console.print(Group(*parts))


def make_screen(plain: bool = False) -> PlainScreen:
    """A :class:`RichScreen` on a real terminal, else (or when ``plain``) a
    :class:`~agents.terminal.screen.PlainScreen`."""
    if plain or not is_terminal():
        return PlainScreen()
    return RichScreen()
