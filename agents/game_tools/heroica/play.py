"""Heroica's hooks of ``hydra-env play`` (read by :mod:`agents.play`; the hooks are listed there).

Before each of your decisions the map is drawn with every piece (legend: ``?``), with the
heroes' Health, the monsters, the last roll and the running log, then the legal actions, one
per line, named as the action space names them (``move to 28 (Quay)``, ``target 41 (Fort)``,
``melee skill``, ``drink a Life Potion``): a name stays the same from one decision to the next;
what the action would do now follows it (``— fights the goblin warrior on 29``). Type the
number, the name or its start (``move to 28``), or ``#N`` for the action of index N; a name
that is ambiguous or not legal now is refused with the reason. After each decision (yours and
the bots') every roll is printed with its face, then the walk and the fight it caused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.play_text import OptionGroup

EXAMPLES = ("hydra-env play --game heroica --hero wizard",
            "hydra-env play --game heroica --num-players 3 --opponents greedy")
LEGEND = """Map legend: S Mission Start, . a space, g goblin warrior, G Goblin General (G* in the
  list while it carries the Crystal of Deflection: it must fall twice, HR27), p Life Potion,
  B W R D the heroes (barbarian, wizard, ranger, druid; lower case while healing), + several
  heroes on the Mission Start. Rows y0.., columns by the ruler; spaces are named by number.
The die: Shield, Three/Sword (×2), Two/Skull (×2), One/Sword & Skull; read for movement
  (Shield = up to 4 or the ranged skill) or for a fight (HR14)."""
DECISIONS = {
    "MOVE": "Choose where your movement ends (within the roll's allowance); stepping next to a "
            "monster starts a fight. On a Shield a ranged class may use its skill instead.",
    "FIGHT": "Choose the adjacent monster to fight (or drink a Life Potion first).",
    "SHIELD": "The fight roll is a Shield: a plain defeat, or your melee skill (the barbarian).",
    "STEP": "The barbarian's step after its skill: choose the space.",
    "HEAL_END": "A healing roll left you below 4 Health: drink a Life Potion or end the turn.",
    "TURN_END": "Battle: drink a Life Potion before the monsters move, or end the turn.",
    "PICK_HERO": "Battle with 2 seats: choose which of your heroes takes this turn.",
    "DRAFT": "Choose your hero class.",
    "MONSTER_PICK": "Monster Player: choose the monster to move (the engine rolls for it).",
    "MONSTER_MOVE": "Monster Player: choose where the monster's walk ends.",
    "MONSTER_FIGHT": "Monster Player: choose the hero the monster fights.",
}
FACES = {"shield": "Shield", "three_sword": "Three / Sword", "two_skull": "Two / Skull",
         "one_sword_skull": "One / Sword & Skull"}
_ROLL = re.compile(r"^roll (\d+) \(([^,]+), (.*)\): (\w+)$")
_DECIDED = re.compile(r"^seat \d+: ")


def header(game: Any, seat: int, seats: list[str], loaded: Path | None) -> str:
    """The first line: mode, classes, seed, the limit, your seat and the others."""
    st = game.state
    classes = game.result().hero_classes
    if st.mode == "solo":
        limit = st.options.solo_turn_limit
        return (f"Heroica: Draida — solo, the {classes[0]}, seed {game.seed}: defeat the Goblin General in "
                f"as few turns as you can (censored T: {limit + 1} when not won within {limit} turns)")
    heroes = {s: " & ".join(c for o, c in zip(st.hero_owner, classes) if int(o) == s) for s in range(len(seats))}
    who = [f"seat {s} {'you' if s == seat else spec} ({'the monsters' if s == st.monster_seat else heroes.get(s, '')})"
           for s, spec in enumerate(seats)]
    return f"Heroica: Draida — {st.mode}, {game.num_players} players, seed {game.seed}; {', '.join(who)}"


def params_of(game: Any) -> dict[str, Any]:
    """The parameters of a loaded game."""
    st = game.state
    hero = game.result().hero_classes[0] if st.mode == "solo" else "barbarian"
    return {"num_players": game.num_players, "mode": st.mode, "hero": hero, "crystal": st.options.crystal,
            "solo_turn_limit": st.options.solo_turn_limit, "max_rounds": st.options.max_rounds}


def option_name(game: Any, action: int) -> str:
    """The action's name in the action space (the same at every decision)."""
    return game.codec.describe(action, game.tables)


@dataclass
class HeroicaOption(OptionGroup):
    """One option line, with the game it belongs to (for :func:`match`)."""

    game: Any = None


def option_groups(game: Any, legal: list[int]) -> list[HeroicaOption]:
    """One line per legal action: its name, then what it does now."""
    return [HeroicaOption("", "", "", [a], [game.describe(a)], [option_name(game, a)], game=game) for a in legal]


def _words(text: str) -> list[str]:
    return text.lower().replace("(", " ").replace(")", " ").split()


def match(groups: list, entry: str) -> list[int] | str:
    """The legal actions the entry names (its name, or enough of its words in order:
    :func:`agents.terminal.options.match_groups`); else a refusal (text) when the entry's
    words start the name of an action that is not legal now."""
    from agents.terminal.options import match_groups
    wanted = _words(entry)
    game = getattr(groups[0], "game", None) if groups else None
    found = match_groups(groups, entry)
    if found or not wanted or game is None:
        return found
    named = [a for a in range(game.codec.size) if _words(option_name(game, a))[:len(wanted)] == wanted]
    if len(named) == 1:
        return f"{option_name(game, named[0])!r} is not legal now: {why_not(game, named[0])}"
    return []


def why_not(game: Any, action: int) -> str:
    """Why ``action`` is not legal now (the engine's reason)."""
    try:
        game.clone().apply(action)
    except Exception as exc:        # noqa: BLE001 — the engine's refusal, shown as it is
        text = str(exc)
        return text.split(": ", 1)[1] if text.startswith(("illegal", "action")) and ": " in text else text
    return "it is legal"


def table_text(game: Any, seat: int) -> str:
    """The position (the map, heroes, monsters, roll, running log) without the engine's line of
    options (the numbered options follow)."""
    lines = game.render(seat).splitlines()
    return "\n".join(lines[:-1] if lines and " decides " in lines[-1] else lines)


def heading(game: Any) -> str:
    """The decision asked now."""
    st = game.state
    when = f"turn {st.turn}" if st.mode == "solo" else f"round {st.round}"
    kind = game.decision
    return f"{when.capitalize()} — your decision: {kind} (type a number or a name; ? explains it)"


def help_text(game: Any) -> str:
    """The legend and what the decision asked now means."""
    kind = game.decision or ""
    return "\n".join([LEGEND, "", f"Now: {kind} — {DECISIONS.get(kind, 'Choose one of the options.')}"])


def roll_text(line: str) -> str:
    """A log line of a roll with its face in words (``roll 3, movement of the wizard: Two / Skull``)."""
    found = _ROLL.match(line)
    if not found:
        return line
    number, use, who, face = found.groups()
    return f"roll {number}, {use} die of {who}: {FACES.get(face, face)}"


def apply_shown(game: Any, action: int, human: int) -> list[str]:
    """Apply ``action``; the lines of what followed (rolls with their faces, walks, fights), read
    from the running log of a Python twin of the game (the native engine keeps none)."""
    twin = python_twin(game)
    twin.state.log.clear()
    twin.apply(action)
    game.apply(action)
    return [f"      · {roll_text(line)}" for line in twin.state.log if not _DECIDED.match(line)]


def python_twin(game: Any) -> Any:
    """A copy of ``game`` on the Python engine (its save replayed)."""
    if getattr(game, "engine", "python") == "python":
        return game.clone()
    from hydra_env.games.heroica.game import HeroicaGame
    return HeroicaGame.from_json(game.to_json(), engine="python")


def outcome_text(game: Any, seat: int) -> str:
    """The result for the person at ``seat``."""
    r = game.result()
    if r.mode == "solo":
        if r.outcome == "won":
            return f"You defeated the Goblin General on turn {r.turns} (score {r.score}, censored T {r.turns})."
        return f"Not won within {r.limit} turns: censored T {r.limit + 1}, score 0."
    if r.winner < 0:
        return f"No winner within {r.limit} rounds."
    if r.winner == seat:
        return "You win!" + (" (the monsters)" if r.outcome == "monsters_won" else "")
    return f"Seat {r.winner} wins" + (" (the monsters)." if r.outcome == "monsters_won" else ".")
