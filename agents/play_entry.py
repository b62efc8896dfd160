"""Reading what a person types at ``hydra-env play``: a number, ``#N``, or a key (b, l, ?).

Written once for every game (:mod:`agents.play`); it uses the game only through
``action_size``, ``clone`` and ``apply``.
"""

from __future__ import annotations

from typing import Any

from hydra_env import HydraError

HELP = ("type the number of a choice (1, 2, ...) or its text, or #N for the action of index N; "
        "b: board, l: list, s [FILE]: save, ?: help, q: quit")


def parse_entry(game: Any, legal: list[int], entry: str, keys: str = HELP) -> tuple[int | None, str]:
    """The action an entry names, or None and what is wrong with it (or "board"/"list"/"help");
    ``keys`` is the help on the keys, for the messages."""
    if entry in ("b", "board"):
        return None, "board"
    if entry in ("l", "list"):
        return None, "list"
    if entry in ("?", "h", "help"):
        return None, "help"
    if not entry:
        return None, f"nothing typed: {keys}"
    if entry.startswith("#"):
        digits = entry[1:].strip()
        if not digits.isdigit():
            return None, f"{entry!r}: after # give an action index, e.g. #{legal[0]}"
        return _by_index(game, legal, int(digits))
    if entry.isdigit():
        k = int(entry)
        if 1 <= k <= len(legal):
            return legal[k - 1], ""
        return None, (f"{k} is not in the list: choose 1-{len(legal)} "
                      f"(for an action index type #{k})")
    return None, f"{entry!r} is not a choice: {keys}"


def _by_index(game: Any, legal: list[int], index: int) -> tuple[int | None, str]:
    if index in legal:
        return index, ""
    if index >= game.action_size:
        return None, f"#{index}: there is no action of that index (0-{game.action_size - 1})"
    try:
        game.clone().apply(index)
    except HydraError as exc:
        return None, f"#{index} is not legal now: {exc}"
    return None, f"#{index} is not legal now"
