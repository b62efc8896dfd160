"""``hydra-env play`` at the terminal, for every game: the screen, the options by name, the table.

:mod:`agents.terminal.screen` shows the game (redrawn in place with ``rich`` on a real
terminal, plain lines off one), :mod:`agents.terminal.options` names the options and
reads what is typed, :mod:`agents.terminal.table` plays the game (the bots' turns, the
person's decisions, undo, save). :mod:`agents.play` is the command.
"""
