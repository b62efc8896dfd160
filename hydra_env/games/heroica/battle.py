"""The Monster Player's turn in Battle Heroica (HR29–HR32).

MONSTER_PICK chooses a monster (the General included), the engine rolls for
movement, MONSTER_MOVE chooses the end of its walk (HR30), and a monster that
was stopped next to heroes who are not healing fights one of them
(MONSTER_FIGHT, HR31, read with the Monster Player's table). numpy and the
standard library only.
"""

from __future__ import annotations

from hydra_env.games.heroica.loader import Tables
from hydra_env.games.heroica.rules import (
    ask,
    defeat,
    hurt,
    knock_out,
    monster_name,
    move_back,
    movement_value,
    next_turn,
    note,
    roll,
)
from hydra_env.games.heroica.state import State
from hydra_env.games.heroica.walks import adjacent_active_heroes


def act(t: Tables, st: State, decision: str, kind: str, arg: int, payload: object) -> None:
    """One legal action of a Monster Player's decision."""
    if decision == "MONSTER_PICK":
        st.monster = arg
        face = st.move_face = roll(t, st, f"monster movement, {monster_name(t, st, arg)}")
        st.allowance = movement_value(t, face)
        ask(st, st.turn_seat, "MONSTER_MOVE")
    elif decision == "MONSTER_MOVE":
        path = payload
        assert isinstance(path, tuple)
        if len(path) > 1:
            st.monsters[path[-1]] = st.monsters.pop(path[0])
            note(st, f"{monster_name(t, st, path[-1])} moves {'-'.join(map(str, path))}")
        st.monster = path[-1]
        if len(path) > 1 and adjacent_active_heroes(t, st, st.monster):
            ask(st, st.turn_seat, "MONSTER_FIGHT")
        else:
            next_turn(t, st)
    else:
        monster_fight(t, st, arg)


def fought_hero(st: State, space: int) -> int:
    """The hero fought on ``space``: the first hero there who is not healing."""
    return next(h for h, s in enumerate(st.hero_space) if s == space and not st.hero_healing[h])


def monster_fight(t: Tables, st: State, space: int) -> None:
    """HR31, HR28: the fight roll of the moving monster against the hero on ``space``."""
    h = fought_hero(st, space)
    monster = st.monster
    st.target = space
    strength = t.monster_strength[st.monsters[monster]]
    face = st.fight_face = roll(t, st, f"monster fight, {monster_name(t, st, monster)}")
    if face == 1:
        defeat(t, st, h, monster)
    else:
        hurt(t, st, h, strength + 1 if face == 0 else strength)
        move_back(t, st, h, monster, -1)
        if knock_out(t, st, h):
            return
        if face == 3:
            defeat(t, st, h, monster)
    if not st.game_over:
        next_turn(t, st)
