"""A game played at the terminal: the bots' turns, the person's decisions, undo and save.

Written once for every game (:mod:`agents.play` documents the game's ``play`` hooks it
reads). What is shown goes through a screen of :mod:`agents.terminal.screen`; the options
are named by :mod:`agents.terminal.options`, so an option keeps its name while it stays
legal and a number refers to the list on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents import cli
from agents.play_entry import parse_entry
from agents.terminal.options import ambiguity_text, keys_text, match_groups, option_names
from agents.terminal.screen import PlainScreen
from hydra_env.api.bots import notes_of, want_notes

QUIT = ("q", "quit", "exit")
UNDO = -1                     # choose(): the person undid a decision
KEYS = ("b", "board", "l", "list", "?", "h", "help")      # read before the options' names


def hook(hooks: Any, name: str, default: Any) -> Any:
    """The game's ``play`` hook ``name``, or ``default`` where the game gives none."""
    return default if hooks is None else getattr(hooks, name, default)


@dataclass
class Table:
    """A game being played at the terminal: the person's seat, the bots, what undo and the
    replay need (snapshots before each of the person's decisions, the bots' notes), the
    game's ``play`` hooks, the files ``s`` may replace (the loaded save, the saves of this
    game) and the screen it is shown on."""

    game: Any
    human: int
    bots: dict[int, Any]
    seats: list[str]
    save_to: Path = Path("runs/play/game.json")
    notes: list[dict | None] = field(default_factory=list)
    snapshots: list[tuple[Any, int]] = field(default_factory=list)
    hooks: Any = None
    load_command: str = "hydra-env play --load"
    own_files: set[Path] = field(default_factory=set)
    screen: Any = field(default_factory=PlainScreen)


def play_game(table: Table, ask: Callable[[str], str] | None = None,
              decide: Callable[..., int | None] | None = None) -> bool:
    """Play to the end, asking the person with ``ask`` (default: ``input``) through ``decide``
    (default :func:`choose`); False when the person quits (q, end of input or Ctrl-C)."""
    decide = decide or choose
    for bot in table.bots.values():
        want_notes(bot)
    describe = hook(table.hooks, "decision_text", None)
    while not table.game.is_over:
        game = table.game
        seat = game.current_player
        if seat != table.human:
            action = table.bots[seat].act(game.view(seat), game.legal_actions())
            text = describe(game, action, table.human) if describe else game.describe(action, viewer=table.human)
            table.screen.log(f"  seat {seat} ({table.seats[seat]}):" + (f" {text}" if text else ""))
            apply_shown(table, action, notes_of(table.bots[seat]))
            continue
        try:
            action = decide(table, ask)
        except (EOFError, KeyboardInterrupt):
            table.screen.interrupted()
            return False
        if action is None:
            return False
        if action == UNDO:
            continue
        table.snapshots.append((game.clone(), len(table.notes)))
        text = describe(game, action, None) if describe else game.describe(action)
        table.screen.log("  you:" + (f" {text}" if text else ""))
        apply_shown(table, action, None)
    return True


def apply_shown(table: Table, action: int, note: dict | None) -> None:
    """Apply ``action`` and log what it did (the game's ``apply_shown`` hook)."""
    shown = hook(table.hooks, "apply_shown", None)
    if shown is not None:
        lines = shown(table.game, action, table.human)
    else:
        table.game.apply(action)
        lines = []
    table.notes.append(note)
    for line in lines:
        table.screen.log(line)


def undo(table: Table) -> str:
    """Go back to before the person's last decision (where the game allows it); what happened."""
    refusal = hook(table.hooks, "undo_refusal", None)
    why = refusal(table.game) if refusal is not None else "this game has no undo"
    if why:
        return why
    if not table.snapshots:
        return "nothing to undo: you have not decided anything yet"
    game, notes = table.snapshots.pop()
    table.game = game
    del table.notes[notes:]
    where = hook(table.hooks, "position_text", lambda g: f"decision {len(g.history) + 1}")(game)
    return f"undone: back to {where} ({len(game.history)} decisions)"


def save(table: Table, entry: str) -> str:
    """Save the game (``to_json``; load it with ``play --load FILE``) to the path after
    ``s``, or to the default path; an existing file only when it is one of the table's own
    files; what was done, in words."""
    path = Path(entry[1:].strip() or table.save_to)
    try:
        target = path.resolve()
        if target.exists() and target not in table.own_files:
            return (f"not saved: {path} already exists and is not this game's save; type s with "
                    f"another file name (s FILE)")
        cli.check_file_out(path, "save", True)
        cli.atomic_write_text(path, table.game.to_json() + "\n")
    except (cli.UsageError, OSError) as exc:
        return f"not saved: {exc}"
    table.own_files.add(target)
    return f"saved to {path} (continue later with: {table.load_command} {path})"


def option_groups(table: Table, game: Any) -> list:
    """The legal actions as option lines (the game's ``option_groups`` hook, or one per action)."""
    from agents.play_text import OptionGroup
    groups = hook(table.hooks, "option_groups", None)
    legal = game.legal_actions()
    if groups is not None:
        return groups(game, legal)
    seat = game.current_player
    return [OptionGroup("", "", "", [a], [game.describe(a, viewer=seat)]) for a in legal]


def heading(table: Table, game: Any) -> str:
    """The decision asked now (the game's ``heading`` hook)."""
    text = hook(table.hooks, "heading", None)
    return text(game) if text is not None else "your decision (type a number or a name; ? help)"


def board_text(table: Table) -> str:
    """The game as the person's seat sees it (the game's ``table_text`` hook)."""
    return hook(table.hooks, "table_text", lambda g, s: g.render(s))(table.game, table.human)


def help_text(table: Table, keys: str) -> str:
    """What ``?`` shows: the game's help (legend, the decision asked now), then the keys."""
    text = hook(table.hooks, "help_text", None)
    return (text(table.game) + "\n" if text is not None else "") + keys


def _option_lines(table: Table, groups: list) -> list[str]:
    from agents.play_text import WIDTH, option_line_texts
    return option_line_texts(groups, getattr(table.screen, "width", WIDTH))


def _show(table: Table, groups: list) -> None:
    """Show the decision: the board, the decision asked and the options."""
    table.screen.decision(board_text(table), heading(table, table.game), _option_lines(table, groups))


def choose(table: Table, ask: Callable[[str], str] | None = None) -> int | None:
    """Ask until the entry names a legal action; None when the person quits, UNDO after an undo."""
    from agents.play_text import ordered_actions
    ask = ask or input
    game, hooks, screen = table.game, table.hooks, table.screen
    groups = option_groups(table, game)
    legal = ordered_actions(groups)
    names = option_names(groups)
    match = hook(hooks, "match", match_groups)
    can_undo = hook(hooks, "undo_refusal", None) is not None
    keys = keys_text(names, can_undo)
    _show(table, groups)
    while True:
        raw = screen.ask(f"your choice (1-{len(legal)}, ? help): ", ask).strip()
        entry = raw.lower()
        if entry in QUIT:
            return None
        if can_undo and entry in ("u", "undo"):
            done = undo(table)
            if table.game is not game:
                screen.log(f"  {done}")
                return UNDO
            screen.note(done)
            continue
        if entry == "s" or entry.startswith("s "):
            screen.note(save(table, raw))
            continue
        typed = entry and not entry.isdigit() and not entry.startswith("#") and entry not in KEYS
        found = match(groups, entry) if typed else []
        if isinstance(found, str):          # the game's match refused the entry, saying why
            screen.note(found)
            continue
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            screen.note(ambiguity_text(raw, found, legal, names))
            continue
        action, message = parse_entry(game, legal, entry, keys)
        if action is not None:
            return action
        if message == "board":
            _show(table, groups)
        elif message == "list":
            screen.options(heading(table, game), _option_lines(table, groups))
        elif message == "help":
            screen.help(help_text(table, keys))
        else:
            screen.note(message)
