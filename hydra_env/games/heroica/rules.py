"""The rules of Heroica that move a state: turns, movement, fights, skills, healing (HR4–HR28, HR36).

Every function takes the shared :class:`~hydra_env.games.heroica.loader.Tables` and
the :class:`~hydra_env.games.heroica.state.State` it changes. :func:`hero_act` carries
out one legal action of a hero's decision (the facade has checked it). The Monster
Player's turn (HR29–HR32) is in :mod:`hydra_env.games.heroica.battle`, which builds on
this module; :mod:`hydra_env.games.heroica.turns` sends each decision to one of the two
and settles the forced ones; the legal actions are in
:mod:`hydra_env.games.heroica.options`. numpy and the standard library only.
"""

from __future__ import annotations

from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import FACE_KINDS, Tables
from hydra_env.games.heroica.state import Pending, State
from hydra_env.games.heroica.walks import Path, adjacent_monsters

LOG_LINES = 40
MOVE_VALUES = (0, 3, 2, 1)   # by face kind; the Shield's allowance comes from the data


def note(st: State, text: str) -> None:
    """Add a line to the game's running log (the last :data:`LOG_LINES` are kept)."""
    st.log.append(text)
    if len(st.log) > LOG_LINES:
        del st.log[: len(st.log) - LOG_LINES]


def roll(t: Tables, st: State, why: str) -> int:
    """HR1, HR35: the next roll (a face kind): forced for the first rolls if given, else drawn."""
    st.rolls += 1
    if st.rolls in st.chosen:
        face = st.chosen[st.rolls]
    elif st.rolls <= len(st.forced):
        face = st.forced[st.rolls - 1]
    else:
        face = t.faces[st.rng.below(len(t.faces))]
    note(st, f"roll {st.rolls} ({why}): {FACE_KINDS[face]}")
    return face


def movement_value(t: Tables, face: int) -> int:
    """HR6: the allowance of a movement roll (also the Health of a healing roll, HR24)."""
    return t.shield_move if face == 0 else MOVE_VALUES[face]


def ask(st: State, seat: int, kind: str) -> None:
    """Make ``kind`` the pending decision of ``seat``."""
    st.pending = Pending(seat, kind)


def finish(st: State, winner: int, truncated: bool = False) -> None:
    """End the game (HR26, HR32, HR36): the winning seat, or −1 when truncated."""
    st.game_over, st.winner, st.truncated, st.pending = True, winner, truncated, None
    note(st, "the game is truncated" if truncated else f"seat {winner} wins")


def hero_name(t: Tables, st: State, h: int) -> str:
    """``the wizard (seat 1)``."""
    return f"the {t.class_names[st.hero_class[h]]} (seat {st.hero_owner[h]})"


def monster_name(t: Tables, st: State, space: int) -> str:
    """``the goblin warrior on 29``."""
    return f"the {t.monster_names[st.monsters[space]].replace('_', ' ')} on {space}"


# ---------------------------------------------------------------- turns (HR4, HR5, HR24, HR36)
def start_game(t: Tables, st: State) -> None:
    """After setup (and the draft, HR4): the first turn, seat 0's."""
    st.turn_seat = 0
    start_turn(t, st)


def start_turn(t: Tables, st: State) -> None:
    """HR5, HR29: the turn of ``st.turn_seat`` begins (a new round at seat 0)."""
    seat = st.turn_seat
    st.hero, st.move_face, st.fight_face, st.allowance, st.came_from, st.target, st.monster = -1, -1, -1, 0, -1, -1, -1
    if st.mode != "solo" and seat == 0:
        if st.round >= st.options.max_rounds:
            finish(st, -1, truncated=True)
            return
        st.round += 1
    if seat == st.monster_seat:
        ask(st, seat, "MONSTER_PICK")
        return
    heroes = st.heroes_of(seat)
    if len(heroes) > 1:
        ask(st, seat, "PICK_HERO")
        return
    hero_turn(t, st, heroes[0])


def hero_turn(t: Tables, st: State, h: int) -> None:
    """HR6, HR24, HR36: a hero's turn: the movement roll, or a healing roll."""
    if st.mode == "solo" and st.turn >= st.options.solo_turn_limit:
        finish(st, -1, truncated=True)
        return
    st.turn += 1
    st.hero = h
    face = st.move_face = roll(t, st, f"{'healing' if st.hero_healing[h] else 'movement'}, {hero_name(t, st, h)}")
    if st.hero_healing[h]:
        gain = t.max_health if face == 0 else MOVE_VALUES[face]
        st.hero_health[h] = min(t.max_health, st.hero_health[h] + gain)
        note(st, f"{hero_name(t, st, h)} heals to {st.hero_health[h]}")
        if st.hero_health[h] == t.max_health:
            st.hero_healing[h] = False
            next_turn(t, st)
        elif st.hero_potions[h]:
            ask(st, st.turn_seat, "HEAL_END")
        else:
            next_turn(t, st)
        return
    st.allowance = movement_value(t, face)
    ask(st, st.turn_seat, "MOVE")


def end_hero_turn(t: Tables, st: State, h: int) -> None:
    """The end of an ordinary turn: Battle's potion window (HR33), then the next seat."""
    if (st.mode == "battle" and not st.hero_healing[h] and st.hero_potions[h]
            and st.hero_health[h] < t.max_health):
        ask(st, st.turn_seat, "TURN_END")
        return
    next_turn(t, st)


def next_turn(t: Tables, st: State) -> None:
    """HR5: the next seat in increasing order."""
    st.turn_seat = (st.turn_seat + 1) % st.players
    start_turn(t, st)


# ---------------------------------------------------------------- movement (HR8–HR12, HR19)
def do_move(t: Tables, st: State, h: int, path: Path) -> None:
    """Carry out a canonical path: items picked up on the way (HR10), the space it came from."""
    for s in path[1:]:
        if s in st.potions:
            st.potions.remove(s)
            st.hero_potions[h] += 1
            note(st, f"{hero_name(t, st, h)} picks up the Life Potion on {s}")
    if len(path) > 1:
        st.came_from = path[-2]
        note(st, f"{hero_name(t, st, h)} moves {'-'.join(map(str, path))}")
    st.hero_space[h] = path[-1]


def fight_sequence(t: Tables, st: State, h: int) -> None:
    """HR13, HR16: fight the next adjacent monster, or end the turn when none is adjacent."""
    if adjacent_monsters(t, st, st.hero_space[h]):
        ask(st, st.turn_seat, "FIGHT")
    else:
        end_hero_turn(t, st, h)


def drink(t: Tables, st: State, h: int) -> None:
    """HR25: +2 Health to at most 4; a healing hero at full Health stops healing (HR24)."""
    st.hero_potions[h] -= 1
    st.hero_health[h] = min(t.max_health, st.hero_health[h] + t.potion_heal)
    note(st, f"{hero_name(t, st, h)} drinks a Life Potion: Health {st.hero_health[h]}")
    if st.hero_healing[h] and st.hero_health[h] == t.max_health:
        st.hero_healing[h] = False


# ---------------------------------------------------------------- fights (HR14–HR17, HR23, HR27, HR28)
def defeat(t: Tables, st: State, h: int, space: int) -> None:
    """HR17, HR27: the monster on ``space`` is defeated by hero ``h`` (the General's Crystal first)."""
    kind = st.monsters[space]
    if kind == t.boss and st.crystal:
        st.crystal = False
        note(st, f"{hero_name(t, st, h)} defeats {monster_name(t, st, space)}: the Crystal falls")
        return
    note(st, f"{hero_name(t, st, h)} defeats {monster_name(t, st, space)}")
    del st.monsters[space]
    st.hero_trophies[h] += 1
    if kind == t.boss:
        st.win_turn = st.turn
        finish(st, st.hero_owner[h])


def hurt(t: Tables, st: State, h: int, amount: int) -> None:
    """HR23: lose ``amount`` Health, never below 0."""
    st.hero_health[h] = max(0, st.hero_health[h] - amount)
    note(st, f"{hero_name(t, st, h)} loses {amount} Health: {st.hero_health[h]} left")


def move_back(t: Tables, st: State, h: int, monster: int, came_from: int) -> None:
    """HR15: one space away from ``monster``: where it came from, else the farthest free neighbour."""
    here = st.hero_space[h]

    def free(s: int) -> bool:
        return (s not in st.monsters and (s == t.start or st.hero_at(s, but=h) < 0)
                and int(t.dist[s, monster]) >= 2)

    to = came_from if came_from >= 0 and came_from in t.neighbours[here] and free(came_from) else -1
    if to < 0:
        choices = [s for s in t.neighbours[here] if free(s)]
        if choices:
            to = min(choices, key=lambda s: (-int(t.dist[s, monster]), s))
    if to < 0:
        note(st, f"{hero_name(t, st, h)} cannot move back and stays on {here}")
        return
    do_move(t, st, h, (here, to))


def knock_out(t: Tables, st: State, h: int) -> bool:
    """HR23, HR32: at 0 Health the hero heals from now on; True when the game ended."""
    if st.hero_health[h] > 0:
        return False
    st.hero_healing[h] = True
    st.hero_kos[h] += 1
    st.ko_total += 1
    note(st, f"{hero_name(t, st, h)} is knocked out")
    if st.mode == "battle" and st.ko_total >= 2:
        finish(st, st.monster_seat)
        return True
    return False


def hero_fight(t: Tables, st: State, h: int, space: int) -> None:
    """HR14, HR28: the fight roll against the monster on ``space``, read with the hero's table."""
    st.target = space
    strength = t.monster_strength[st.monsters[space]]
    face = st.fight_face = roll(t, st, f"fight, {hero_name(t, st, h)} against {monster_name(t, st, space)}")
    if face == 0 and t.class_skill[st.hero_class[h]] == "melee_all_then_step":
        ask(st, st.turn_seat, "SHIELD")
        return
    if face in (0, 1):
        defeat(t, st, h, space)
        if not st.game_over:
            fight_sequence(t, st, h)
        return
    if face == 3:
        defeat(t, st, h, space)
        if st.game_over:
            return
    hurt(t, st, h, strength)
    move_back(t, st, h, space, st.came_from)
    if knock_out(t, st, h):
        return
    if st.hero_healing[h]:
        next_turn(t, st)
    else:
        end_hero_turn(t, st, h)


def melee(t: Tables, st: State, h: int) -> None:
    """HR19, HR28: every adjacent monster is defeated in id order (stops at the General's last
    defeat); then the step (decision STEP)."""
    for space in adjacent_monsters(t, st, st.hero_space[h]):
        defeat(t, st, h, space)
        if st.game_over:
            return
    st.allowance = t.class_step[st.hero_class[h]]
    ask(st, st.turn_seat, "STEP")


def skill(t: Tables, st: State, h: int, space: int) -> None:
    """HR18, HR20, HR21: a ranged skill defeats the monster on ``space``; the turn ends."""
    note(st, f"{hero_name(t, st, h)} uses the ranged skill on {monster_name(t, st, space)}")
    defeat(t, st, h, space)
    if not st.game_over:
        end_hero_turn(t, st, h)


# ---------------------------------------------------------------- one action
def hero_act(t: Tables, st: State, action: int, payload: object) -> None:
    """Carry out the legal ``action`` of a pending decision that is not the Monster Player's
    (``payload``: its path, if any)."""
    codec = Codec(t.n)
    kind, arg = codec.split(action)
    decision = st.pending.kind
    h = st.hero
    if kind == "DRINK":
        drink(t, st, h)
        return
    if decision == "DRAFT":
        seat = st.draft.pop(0)
        add_hero(t, st, arg, seat)
        if st.draft:
            ask(st, st.draft[0], "DRAFT")
        else:
            start_game(t, st)
    elif decision == "PICK_HERO":
        hero_turn(t, st, st.hero_class.index(arg))
    elif decision == "MOVE" and kind in ("MOVE_TO", "REENTER"):
        do_move(t, st, h, payload)
        if len(payload) > 1:
            fight_sequence(t, st, h)
        else:
            end_hero_turn(t, st, h)
    elif decision == "MOVE" and kind == "TARGET":
        skill(t, st, h, arg)
    elif kind == "SELF":
        st.hero_health[h] = t.max_health
        note(st, f"{hero_name(t, st, h)} restores its Health to {t.max_health}")
        end_hero_turn(t, st, h)
    elif decision == "FIGHT":
        hero_fight(t, st, h, arg)
    elif kind == "PLAIN":
        defeat(t, st, h, st.target)
        if not st.game_over:
            fight_sequence(t, st, h)
    elif kind == "MELEE":
        melee(t, st, h)
    elif decision == "STEP":
        do_move(t, st, h, payload)
        fight_sequence(t, st, h)
    elif kind == "END_TURN":
        next_turn(t, st)


def add_hero(t: Tables, st: State, cls: int, seat: int) -> None:
    """HR4: a hero of class ``cls`` for ``seat`` on the Mission Start with full Health."""
    for name in ("hero_class", "hero_owner", "hero_space", "hero_health", "hero_healing", "hero_potions",
                 "hero_trophies", "hero_kos"):
        getattr(st, name).append({"hero_class": cls, "hero_owner": seat, "hero_space": t.start,
                                  "hero_health": t.max_health, "hero_healing": False}.get(name, 0))
