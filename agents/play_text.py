"""What ``hydra-env play`` prints: options grouped by card and kind, the help, the Hydra phase.

:func:`group_options` turns the legal actions into :class:`OptionGroup` lines
in a compact notation (``A3 sword → 7 yellow for 1  8 red for 1``): one line
per card slot (or the city, a block, a hydra card...) and kind of use, the
numbers to type beside the targets. :func:`option_line_texts` prints them,
:func:`match_notation` reads an entry typed in that notation (``A3 r9c2``,
``city sword 1 against red``, ``pass``). :func:`step_lines` gives the texts of each
engine step after a decision — every Hydra-phase effect on its own line — from
:func:`agents.viewer.effects.describe_step`, the texts of the replay page.
:func:`help_text` explains the board legend and the decision asked now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hydra_env import Game

WIDTH = 100
_SLOT = re.compile(r"^(?P<card>.*?) from (?P<where>display|hand) (?P<code>\S+)$")


@dataclass
class OptionGroup:
    """The options of one card (or the city...) used one way: ``code`` to type (``A3``,
    ``city``, or empty), ``card`` its text, ``kind`` the common words of its options,
    ``actions`` and ``targets`` the options and what tells them apart; ``names`` the name
    of each option where it is not its :func:`notation` (:mod:`agents.terminal.options`)."""

    code: str
    card: str
    kind: str
    actions: list[int] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)


def _split(text: str) -> tuple[str, str, str]:
    """(code, card, what) of an action's description."""
    head, sep, what = text.partition(": ")
    if not sep:
        return text.split(" ")[0], "", text
    match = _SLOT.match(head)
    if match:                    # a numbered slot (coordinated game): D1 of the display, H1 of the hand
        code = match["code"] if not match["code"].isdigit() else match["where"][0].upper() + match["code"]
        return code, match["card"], what
    if head == "city action":
        return "city", "city action", what
    return "", head, what


def _common_words(texts: list[str]) -> str:
    words = [t.split(" ") for t in texts]
    common: list[str] = []
    for column in zip(*words):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    if any(len(w) == len(common) for w in words):     # keep at least one word of each target
        common = common[:-1]
    return " ".join(common)


def group_options(game: Game, legal: list[int]) -> list[OptionGroup]:
    """The legal actions grouped by card slot and kind, in the order of the action space."""
    kinds = game.rules.codec.kind
    viewer = game.current_player
    groups: dict[tuple, OptionGroup] = {}
    whats: dict[tuple, list[str]] = {}
    for action in legal:
        code, card, what = _split(game.describe(action, viewer=viewer))
        key = (code, card, int(kinds[action]))
        group = groups.setdefault(key, OptionGroup(code, card, ""))
        group.actions.append(action)
        whats.setdefault(key, []).append(what)
    for key, group in groups.items():
        texts = whats[key]
        group.kind = _common_words(texts) if len(texts) > 1 else ""
        cut = len(group.kind)
        group.targets = [t[cut:].strip() for t in texts]
    return list(groups.values())


def ordered_actions(groups: list[OptionGroup]) -> list[int]:
    """The actions in the order they are numbered (group by group)."""
    return [a for g in groups for a in g.actions]


def notation(group: OptionGroup, k: int) -> str:
    """The compact notation of option ``k`` of ``group`` (``A3 sword → red``)."""
    parts = [group.code or group.card, group.kind]
    head = " ".join(p for p in parts if p)
    return f"{head} → {group.targets[k]}" if head else group.targets[k]


def option_line_texts(groups: list[OptionGroup], width: int = WIDTH) -> list[str]:
    """One (wrapped) line per group: ``A1  A10 move 2 (+1 reef) · move to →  1 r9c0  2 r9c1``."""
    lines: list[str] = []
    number = 1
    for g in groups:
        head = " · ".join(p for p in (g.card if g.code != "city" else "", g.kind) if p)
        label = f"{g.code:<4} {head}".rstrip() if g.code else head
        items = []
        for target in g.targets:
            items.append(f"{number} {target}" if target else f"{number}")
            number += 1
        lines += _wrap_items(f"  {label} →  " if label else "  ", items, width)
    return lines


def _wrap_items(head: str, items: list[str], width: int) -> list[str]:
    """``head`` then the items, wrapped between items (never inside one)."""
    lines, line = [], head
    for item in items:
        if len(line) + len(item) + 3 > width and line.strip() and line != head:
            lines.append(line.rstrip())
            line = " " * 8
        line += item + "   "
    lines.append(line.rstrip())
    return lines


def normalise(text: str) -> str:
    """An entry or a notation made comparable: lower case, arrows, commas and ° dropped."""
    return " ".join(text.lower().replace("→", " ").replace("->", " ").replace(",", " ")
                    .replace("°", "").split())


def match_notation(groups: list[OptionGroup], entry: str) -> list[int]:
    """The actions whose compact notation the entry names (``A3 r9c2``, ``a3 move to r9c2``,
    ``city sword 1 against red``, ``pass``); several when the entry is ambiguous
    (:func:`agents.terminal.options.match_groups`)."""
    from agents.terminal.options import match_groups
    return match_groups(groups, entry)


# --------------------------------------------------------------------------- help

LEGEND = """Board legend (rows r0 at the Hydra's side to the wall area, columns c0…; r9c3 = row 9, column 3):
  R3   a head: its colour (R red, Y yellow, B blue, W white) and its counter
  r    a neck of that colour          ~    a maelstrom (the Hydra's lair)
  o    a portal                       #    a barricade (stops the next head that would pass)
  1-4  a hero (seat + 1; * shielded)  =    the wall area; 'walls 7/10' = wall tokens left
  display A1-A5 / B1-B5: the action cards you may use (one token each); C1-C5 the hydra
  cards of row C (face down until revealed; a block stops one)."""

DECISIONS = {
    "action": "Use a card of the display (type its option) or a city action; each use takes a token. "
              "'pass' spends one action (a token) for nothing (R15).",
    "after action": "You may play a hydra card from your hand on the Hydra, or end the turn.",
    "shoved": "A head pushed your hero: choose the space it is shoved to.",
    "evade": "Your hero must get out of the way: choose where it goes.",
    "follow": "Choose whether your hero follows the head (yes) or stays (no).",
    "buckle up": "Buckle up (pay glory, redraw your action cards) or keep the hand.",
}

def help_text(game: Game) -> str:
    """The legend and what the decision asked now means (the keys follow it, from
    :func:`agents.terminal.options.keys_text`)."""
    pend = game.pending or {}
    kind = str(pend.get("kind", ""))
    cause = f" ({pend['cause']})" if "cause" in pend else ""
    now = DECISIONS.get(kind, "Choose one of the options.")
    phase = (f"Round {game.round}, {game.phase} phase. After the actions the Hydra phase plays "
             f"its cards: heads grow, move and bite; a head at the wall breaks wall tokens.")
    return "\n".join([LEGEND, "", f"Now: {kind}{cause} — {now}", phase])


# --------------------------------------------------------------------------- steps

def step_lines(step_texts: list[tuple[str | None, list[str]]]) -> list[str]:
    """Printable lines of the steps after one decision: a decision's changes first, then
    each Hydra effect (its heading, then what it did) and each flow change."""
    lines: list[str] = []
    hydra_shown = False
    for kind, texts in step_texts:
        if kind is None or not texts:
            continue
        if kind == "decision":
            lines += [f"      · {t}" for t in texts]
        elif kind == "effect":
            if not hydra_shown:
                lines.append("    Hydra phase, step by step:")
                hydra_shown = True
            heading, rest = texts[0], texts[1:]
            if heading.startswith("Hydra phase: "):          # the card turned over
                lines.append(f"    ▸ {heading.removeprefix('Hydra phase: ')}")
            else:                                           # one effect of it
                lines.append(f"      • {heading}")
            lines += [f"          {t}" for t in rest]
        else:
            lines += [f"      · {t}" for t in texts]
    return lines
