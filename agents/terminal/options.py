"""The options of a decision by name: each option's stable name, and what a typed entry names.

An option's name is derived from its action (its option line's code, kind and target,
``A1 → move to r9c0``, or the name a game's hooks give it, e.g. its codec's ``describe``
text), never from its place in the list, so an option keeps its name from one decision
to the next while it stays legal. An entry names the options whose name it equals, or
else whose target it equals, or else whose name it ends, or else whose name holds the
entry's words in the same order (``A1 r9c0``, ``pass``); an entry that names several
options is refused with the matches listed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_DROP = re.compile(r"[→,°()\[\]]|->")
LISTED = 8                              # matches listed in a refusal, at most


def name_words(text: str) -> list[str]:
    """The words of a name or an entry, case kept: arrows, commas, brackets and ° dropped."""
    return _DROP.sub(" ", text).split()


def _key(text: str) -> list[str]:
    return [w.lower() for w in name_words(text)]


def option_name(group: Any, k: int) -> str:
    """The name of option ``k`` of an option line: its code (or card), then its kind and
    target (``A1 → move to r9c0``, ``city → pass``), the same whichever options share its line."""
    head = group.code or group.card
    what = " ".join(p for p in (group.kind, group.targets[k]) if p)
    return f"{head} → {what}" if head else what


def option_names(groups: Sequence[Any]) -> list[str]:
    """The name of every option, in the order they are numbered: a group's ``names`` where
    it gives them, else :func:`option_name`."""
    names: list[str] = []
    for g in groups:
        given = getattr(g, "names", None) or []
        names += [given[k] if k < len(given) else option_name(g, k) for k in range(len(g.actions))]
    return names


def _in_order(wanted: list[str], words: list[str]) -> bool:
    it = iter(words)
    return all(any(w == x for x in it) for w in wanted)


def match_names(names: Sequence[str], entry: str) -> list[int]:
    """The positions of the names an entry names: those it equals, else those whose target
    (after the last ``→``) it equals (``burn`` against ``no burn``), else those it ends
    (``+1 +4`` against ``+1 +2 +4``), else those holding its words in the same order (case,
    arrows, commas, brackets and ° do not matter)."""
    wanted = _key(entry)
    if not wanted:
        return []
    keys = [_key(n) for n in names]
    exact = [k for k, key in enumerate(keys) if key == wanted]
    target = [k for k, name in enumerate(names) if "→" in name and _key(name.rsplit("→", 1)[1]) == wanted]
    ending = [k for k, key in enumerate(keys) if key[-len(wanted):] == wanted]
    return exact or target or ending or [k for k, key in enumerate(keys) if _in_order(wanted, key)]


def match_groups(groups: Sequence[Any], entry: str) -> list[int]:
    """The actions an entry names among the options of ``groups`` (see :func:`match_names`)."""
    actions = [a for g in groups for a in g.actions]
    return [actions[k] for k in match_names(option_names(groups), entry)]


def ambiguity_text(raw: str, found: Sequence[int], legal: Sequence[int], names: Sequence[str]) -> str:
    """Why an entry naming several options is refused, with the matches (number and name)."""
    listed = [f"{legal.index(a) + 1} {names[legal.index(a)]}" for a in found[:LISTED] if a in legal]
    more = f" (and {len(found) - LISTED} more)" if len(found) > LISTED else ""
    return (f"{raw!r} names {len(found)} options: " + "; ".join(listed) + more
            + " — type more of the name, or the number")


def short_name(names: Sequence[str], k: int) -> str:
    """A short entry that names option ``k`` alone (its first and last words, or the fewest
    first words), else its whole name: the example of the keys line."""
    words = name_words(names[k])
    for candidate in (words[:1] + words[-1:], *(words[:n] for n in range(1, len(words)))):
        text = " ".join(candidate)
        if candidate and match_names(names, text) == [k]:
            return text
    return " ".join(words)


def keys_text(names: Sequence[str], can_undo: bool) -> str:
    """What can be typed at a decision; every key named here works (tests check it)."""
    example = f" (e.g. {short_name(names, 0)!r} for {names[0]!r})" if names else ""
    undo = ", u undo your last decision" if can_undo else ""
    return (f"keys: a number from the list shown (1-{len(names)}); an option's name, or enough of its "
            f"words in order to tell it apart{example}; #N the action of index N; b board, l list, "
            f"s [FILE] save{undo}, ? help, q quit")
