"""Hadara's flat action space, ``Discrete(76)`` (HD31).

::

    index    block        meaning (colours and tracks in data order)
     0 –  4  WHEEL[w]     set the wheel to w
     5 –  8  DRAFT[k,m]   5 + 2k + m: keep card k of the pair sorted by card index, m = 0 buy / 1 sell
     9 – 18  PICK[c,m]    9 + 2c + m: top of the pile of colour c, buy / sell
    19 – 23  COLONY[L]    18 + L: take the top colony of level L = 1…5
    24       PLUNDER
    25       INTEGRATE
    26 – 31  STATUE[s]    carve statue s = 0…5
    32 – 39  TILE[t,f]    32 + 2t + f: tile of track colour t, f = 0 face up / 1 face down
    40 – 69  REMOVE[j]    remove tableau slot j (canonical order: colour, epoch, card index)
    70 – 73  SILVER[t]    buy a silver medal with a tile of track colour t
    74       GOLD         buy a gold medal
    75       PASS         no colony / no statue / end the medal step

numpy and the standard library only.
"""

from __future__ import annotations

from hydra_env.games.hadara.components import COLOURS, TRACKS

WHEEL0, DRAFT0, PICK0, COLONY0, PLUNDER, INTEGRATE, STATUE0, TILE0, REMOVE0, SILVER0, GOLD, PASS = (
    0, 5, 9, 19, 24, 25, 26, 32, 40, 70, 74, 75)
SIZE = 76
MAX_TABLEAU = 30


def draft(k: int, sell: bool) -> int:
    """DRAFT[k, m]: keep card ``k`` (0, 1) of the sorted pair, buy (False) or sell (True)."""
    return DRAFT0 + 2 * k + int(sell)


def pick(colour: int, sell: bool) -> int:
    """PICK[c, m]: the top of the pile of ``colour``, buy or sell."""
    return PICK0 + 2 * colour + int(sell)


def colony(level: int) -> int:
    """COLONY[L] for level 1-5."""
    return COLONY0 + level - 1


def statue(index: int) -> int:
    """STATUE[s] for statue 0-5."""
    return STATUE0 + index


def tile(track: int, face_down: bool) -> int:
    """TILE[t, f]: a tile of track colour ``t``, face up (False) or down (True)."""
    return TILE0 + 2 * track + int(face_down)


def remove(slot: int) -> int:
    """REMOVE[j]: tableau slot ``j``."""
    return REMOVE0 + slot


def silver(track: int) -> int:
    """SILVER[t]: a silver medal with a tile of track colour ``t``."""
    return SILVER0 + track


def block(action: int) -> tuple[str, int, int]:
    """(block name, first argument, second argument) of an index of the action space."""
    if action < DRAFT0:
        return "WHEEL", action, 0
    if action < PICK0:
        return "DRAFT", (action - DRAFT0) // 2, (action - DRAFT0) % 2
    if action < COLONY0:
        return "PICK", (action - PICK0) // 2, (action - PICK0) % 2
    if action < PLUNDER:
        return "COLONY", action - COLONY0 + 1, 0
    if action == PLUNDER:
        return "PLUNDER", 0, 0
    if action == INTEGRATE:
        return "INTEGRATE", 0, 0
    if action < TILE0:
        return "STATUE", action - STATUE0, 0
    if action < REMOVE0:
        return "TILE", (action - TILE0) // 2, (action - TILE0) % 2
    if action < SILVER0:
        return "REMOVE", action - REMOVE0, 0
    if action < GOLD:
        return "SILVER", action - SILVER0, 0
    if action == GOLD:
        return "GOLD", 0, 0
    return "PASS", 0, 0


def describe(action: int) -> str:
    """The words of an action index, without the position (cards are named by the game)."""
    name, a, b = block(action)
    mode = "sell" if b else "buy"
    if name == "WHEEL":
        return f"set the wheel to {a}"
    if name == "DRAFT":
        return f"keep drawn card {a} and {mode} it, discard the other"
    if name == "PICK":
        return f"take the top of the {COLOURS[a]} pile and {mode} it"
    if name == "COLONY":
        return f"take the top colony of level {a}"
    if name == "PLUNDER":
        return "plunder the colony"
    if name == "INTEGRATE":
        return "integrate the colony"
    if name == "STATUE":
        return f"carve statue {a}"
    if name == "TILE":
        return f"place a {TRACKS[a]} tile face {'down' if b else 'up'}"
    if name == "REMOVE":
        return f"remove tableau card {a} (feeding)"
    if name == "SILVER":
        return f"buy a silver medal with a {TRACKS[a]} tile"
    if name == "GOLD":
        return "buy a gold medal"
    return "pass"
