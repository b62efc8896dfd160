"""Heroica as text for people: the map with its pieces, the heroes, the rolls and fights, the decision.

Map legend: ``S`` Mission Start, ``.`` space, ``g`` goblin warrior, ``G`` Goblin
General (``G*`` in the list while it carries the Crystal), ``p`` Life Potion,
``B W R D`` the heroes (lower case while healing), ``+`` several heroes on the
Mission Start. numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

from hydra_env.games.heroica.loader import CLASS_ORDER, FACE_KINDS
from hydra_env.games.heroica.walks import adjacent_active_heroes

FIGHT_WORDS = ("Heroica Shield", "Sword", "Skull", "Sword & Skull")
MOVE_WORDS = ("Heroica Shield", "Three", "Two", "One")
RECENT = 10


def _cell(game: Any, space: int) -> str:
    st, t = game.state, game.tables
    heroes = [h for h, s in enumerate(st.hero_space) if s == space]
    if len(heroes) > 1:
        return "+"
    if heroes:
        letter = CLASS_ORDER[st.hero_class[heroes[0]]][0].upper()
        return letter.lower() if st.hero_healing[heroes[0]] else letter
    if space in st.monsters:
        return "G" if st.monsters[space] == t.boss else "g"
    if space in st.potions:
        return "p"
    return "S" if space == t.start else "."


def map_lines(game: Any) -> list[str]:
    """The map, one text line per row, with a ruler of x."""
    t = game.tables
    lines = ["    " + "".join(str(x % 10) for x in range(t.width))]
    for y in range(t.height):
        row = "".join(" " if t.cell_space[y, x] < 0 else _cell(game, int(t.cell_space[y, x])) for x in range(t.width))
        lines.append(f"y{y:<2} {row}")
    return lines


def render(game: Any) -> str:
    """The whole position as text."""
    st, t = game.state, game.tables
    head = f"Heroica ({st.mode}, {st.players} seat(s)) — "
    head += f"turn {st.turn}" if st.mode == "solo" else f"round {st.round}"
    if st.mode == "battle":
        head += f", knock-outs {st.ko_total}/2, Monster Player: seat {st.monster_seat}"
    lines = [head, *map_lines(game), ""]
    for h, c in enumerate(st.hero_class):
        state = "healing" if st.hero_healing[h] else "active"
        lines.append(f"{CLASS_ORDER[c][0].upper()} {CLASS_ORDER[c]} (seat {st.hero_owner[h]}) on {st.hero_space[h]}"
                     f" {t.area_of[st.hero_space[h]]}: Health {st.hero_health[h]}/{t.max_health}, {state}, "
                     f"potions {st.hero_potions[h]}, trophies {st.hero_trophies[h]}, knock-outs {st.hero_kos[h]}")
    monsters = ", ".join(f"{'G*' if k == t.boss and st.crystal else 'G' if k == t.boss else 'g'} on {s}"
                         for s, k in sorted(st.monsters.items()))
    lines.append(f"monsters: {monsters or 'none'}; potions on the board: {st.potions or 'none'}")
    if st.move_face >= 0:
        lines.append(f"movement roll: {MOVE_WORDS[st.move_face]} (allowance {st.allowance})")
    if st.fight_face >= 0:
        lines.append(f"fight roll: {FIGHT_WORDS[st.fight_face]}")
    lines.append("recent:" if st.log else "recent: nothing yet")
    lines.extend(f"  {line}" for line in st.log[-RECENT:])
    if st.game_over:
        lines.append(f"game over: {game.result().outcome}, winner seat {st.winner}")
    else:
        legal = game.legal_actions()
        lines.append(f"seat {game.current_player} decides {game.decision}: "
                     + "; ".join(f"{a}={describe(game, a)}" for a in legal[:16])
                     + (f"; … {len(legal) - 16} more" if len(legal) > 16 else ""))
    return "\n".join(lines)


def _what_movement_does(game: Any, path: tuple[int, ...], monster_moves: bool) -> str:
    st, t = game.state, game.tables
    notes = []
    end = path[-1]
    picks = [s for s in path[1:] if s in st.potions]
    if picks and not monster_moves:
        notes.append(f"picks up the Life Potion on {picks[0]}")
    if len(path) > 1 and monster_moves:
        heroes = adjacent_active_heroes(t, st, end)
        if heroes:
            notes.append("fights the hero on " + " or ".join(map(str, heroes)))
    elif len(path) > 1:
        near = [nb for nb in t.neighbours[end] if nb in st.monsters]
        if near:
            names = " or ".join(f"the {t.monster_names[st.monsters[m]].replace('_', ' ')} on {m}" for m in near)
            notes.append(f"fights {names}")
    if len(path) == 1:
        notes.append("stays")
    return (" — " + ", ".join(notes)) if notes else ""


def describe(game: Any, action: int) -> str:
    """``move to 28 (Quay) — fights the goblin warrior on 29``: the action and, when it is
    legal now, what it does."""
    codec, t, st = game.codec, game.tables, game.state
    text = codec.describe(action, t) if 0 <= action < codec.size else f"no action {action}"
    legal = game._options() if not st.game_over else {}
    if action not in legal:
        return text
    kind, arg = codec.split(action)
    decision = game.decision
    if kind in ("MOVE_TO", "REENTER"):
        return text + _what_movement_does(game, legal[action], decision == "MONSTER_MOVE")
    if kind == "TARGET" and arg in st.monsters:
        name = f"the {t.monster_names[st.monsters[arg]].replace('_', ' ')} on {arg}"
        verb = {"MOVE": "ranged skill: defeat", "FIGHT": "fight", "MONSTER_PICK": "move"}.get(decision, "target")
        falls = st.monsters[arg] == t.boss and st.crystal and decision != "MONSTER_PICK"
        crystal = " (removes its Crystal)" if falls else ""
        return f"{verb} {name}{crystal}"
    if kind == "TARGET":
        return f"fight the hero on {arg}"
    if st.fight_face >= 0 and kind in ("PLAIN", "MELEE"):
        return f"{text} (fight roll {FACE_KINDS[st.fight_face]})"
    return text
