"""The shape of a saved state: each field's JSON type, length and range.

The first step of :func:`hydra_env.games.hydra.rules.state_checks.load_state`: after
:func:`check_fields`, ``State.from_dict`` cannot fail and every index in the
state (space, colour, seat, card, path position, action, task argument) is
in range for the game's component data and scenario. The helpers here also
build the :class:`~hydra_env.errors.SaveError` messages of both modules::

    saved game: state.head_count[2] = 50 is not a head count (0–6, R18); the save was edited …
"""

from __future__ import annotations

from typing import Any

from hydra_env.errors import SaveError
from hydra_env.games.hydra.data import MAX_HEADS
from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS, HAND_SLOTS, HYDRA_HAND_SLOTS
from hydra_env.games.hydra.rules.state import DecisionKind, EvadeCause, Phase, State
from hydra_env.games.hydra.rules.tables import (
    MAX_WALL_DAMAGE_PER_EFFECT,
    T_AFTER,
    T_BITE,
    T_BITE_HEROES,
    T_BITE_WALL,
    T_COOP_HYDRA,
    T_FOLLOW,
    T_GROW,
    T_MOVE,
    T_PUSHED,
    T_SHOVE,
    T_SOLO_HYDRA,
    T_STEP,
    Rules,
)

_SAVED = frozenset(State().to_dict())
HINT = "the save was edited or damaged; load an unedited copy"
# The native engine's capacities, which both engines' loads check (one text, one answer).
MAX_RANDOM_EVENTS = 0xFFFFFFFF
MAX_GLORY = 1_000_000
MAX_HISTORY = 1 << 20
# The phases of each game mode (solo: True) at a decision or at the end.
PHASES = {True: (Phase.ACTIONS, Phase.ACTIONS_II, Phase.HYDRA, Phase.OVER),
          False: (Phase.BUCKLE_UP, Phase.ACTIONS, Phase.HYDRA, Phase.OVER)}


def refuse(where: str, value: Any, problem: str) -> SaveError:
    text = repr(value)
    if len(text) > 60:
        text = text[:59] + "…"
    return SaveError(f"saved game: state.{where} = {text} {problem}; {HINT}")


def _whole(where: str, value: Any, low: int, high: int | None, what: str = "") -> int:
    """An int (not a bool) within ``low..high``; ``what`` replaces the default complaint."""
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise refuse(where, value, what or f"must be an integer {span}")
    return value


def _ints(where: str, value: Any, low: int, high: int | None, what: str = "", *,
          length: int | None = None, most: int | None = None) -> list:
    """A list of ints within ``low..high``, of ``length`` items or at most ``most``."""
    if type(value) is not list:
        raise refuse(where, value, "must be a list")
    if length is not None and len(value) != length:
        raise refuse(where, value, f"must have {length} entries, not {len(value)}")
    if most is not None and len(value) > most:
        raise refuse(where, value, f"must have at most {most} entries, not {len(value)}")
    for i, item in enumerate(value):
        if type(item) is not int or item < low or (high is not None and item > high):
            _whole(f"{where}[{i}]", item, low, high, what)
    return value


def _lists(where: str, value: Any, length: int, low: int, high: int, what: str = "",
           most: int | None = None) -> list:
    if type(value) is not list or len(value) != length:
        raise refuse(where, value, f"must be a list of {length} lists")
    for i, item in enumerate(value):
        _ints(f"{where}[{i}]", item, low, high, what, most=most)
    return value


def _flag(where: str, value: Any, *, ints: bool = False) -> None:
    """true or false (with ``ints``, also 0 or 1, which the engine writes for some flags)."""
    if type(value) is bool or (ints and type(value) is int and value in (0, 1)):
        return
    raise refuse(where, value, "must be true or false")


class GameSizes:
    """Sizes of one game that the checks compare against."""

    def __init__(self, rules: Rules) -> None:
        comp, board, scen = rules.components, rules.board, rules.scenario
        self.rules, self.board, self.scenario, self.solo = rules, board, scen, scen.solo
        self.players = scen.players
        self.colours = len(comp.hydra_colours)
        self.actions, self.hydras = len(comp.action_cards), len(comp.hydra_cards)
        self.space = f"is not a board space (0–{board.city - 1} or the city {board.city})"
        self.card = f"is not an action card (0–{self.actions - 1})"
        self.hcard = f"is not a hydra card (0–{self.hydras - 1})"
        self.seat = f"is not a seat (0–{self.players - 1})" if self.players > 1 else "is not a seat (solo: only 0)"
        self.colour = f"is not a hydra colour (0–{self.colours - 1})"


def check_fields(data: Any, game: GameSizes) -> None:
    if type(data) is not dict:
        raise SaveError(f"saved game: 'state' must be an object of fields, got {type(data).__name__}; {HINT}")
    missing, unknown = sorted(_SAVED - data.keys()), sorted(data.keys() - _SAVED)
    if missing or unknown:
        raise SaveError(f"saved game: state fields missing: {missing or 'none'}, unknown: "
                        f"{unknown or 'none'}; {HINT}")
    scen, board, d = game.scenario, game.board, data
    n, nc, solo = game.players, game.colours, game.solo
    _flag("solo", d["solo"])
    for name, expected in (("solo", scen.solo), ("players", n), ("scenario", scen.number),
                           ("moon_tokens", scen.moon)):
        if d[name] != expected or type(d[name]) is not type(expected):
            raise refuse(name, d[name], f"does not match scenario {scen.number} (which has {expected!r})")
    stars = _whole("stars", d["stars"], 1, 3)
    _whole("seed", d["seed"], 0, None)
    _whole("random_events", d["random_events"], 0, MAX_RANDOM_EVENTS)
    _whole("round", d["round"], 0, scen.rounds - 1)
    phases = PHASES[solo]
    if type(d["phase"]) is not int or d["phase"] not in phases:
        raise refuse("phase", d["phase"], "is not a phase of the " + ("solo" if solo else "coordinated")
                      + f" game ({', '.join(f'{int(p)} {p.name}' for p in phases)})")
    tokens, ncols = scen.tokens, scen.hydra_stack if solo else 0
    _whole("turn", d["turn"], 0, 0 if solo else tokens)
    _whole("turn_order_index", d["turn_order_index"], 0, 0 if solo else n - 1)
    _whole("turn_acted", d["turn_acted"], 0, 0 if solo else 1)
    _whole("actions_done", d["actions_done"], 0, tokens if solo else 0)
    _whole("solo_columns_used", d["solo_columns_used"], 0, (1 << ncols) - 1)
    _whole("solo_row_c_face_up", d["solo_row_c_face_up"], 0, 1 if solo else 0)
    _flag("victory", d["victory"], ints=True)
    _flag("game_over", d["game_over"])
    if d["outcome"] not in (None, "won", "lost"):
        raise refuse("outcome", d["outcome"], "must be null, \"won\" or \"lost\"")
    walls_at_start = scen.walls[stars - 1]
    if d["walls_at_start"] != walls_at_start or type(d["walls_at_start"]) is not int:
        raise refuse("walls_at_start", d["walls_at_start"],
                      f"does not match scenario {scen.number} at {stars} star(s) ({walls_at_start})")
    _whole("walls", d["walls"], 0, walls_at_start)
    # The Hydra, one entry per colour.
    _ints("hydra_path", d["hydra_path"], 0, nc - 1, "is not a path", length=nc)
    if sorted(d["hydra_path"]) != list(range(nc)):
        raise refuse("hydra_path", d["hydra_path"], "must give each colour its own path")
    _ints("head_position", d["head_position"], 0, board.last_pos, "is not a position on the path", length=nc)
    _ints("head_count", d["head_count"], 0, MAX_HEADS, f"is not a head count (0–{MAX_HEADS}, R18)", length=nc)
    # Heroes, one entry per seat.
    _ints("hero_space", d["hero_space"], 0, board.city, game.space, length=n)
    _ints("shielded", d["shielded"], 0, 1, "must be 0 or 1", length=n)
    _ints("glory", d["glory"], -MAX_GLORY, MAX_GLORY, "is not a compass progress", length=n)
    _ints("turn_order", d["turn_order"], 0, n - 1, game.seat, length=n)
    if sorted(d["turn_order"]) != list(range(n)):
        raise refuse("turn_order", d["turn_order"], "must list every seat once")
    _ints("city_actions_used", d["city_actions_used"], 0, 15, "is not a set of city action bits (0–15)", length=n)
    _ints("barricade_space", d["barricade_space"], -1, board.city - 1,
          f"is not a grid space (0–{board.city - 1}) or −1 (in the supply)", length=game.rules.tables.n_barricades)
    # Cards.
    _ints("action_deck", d["action_deck"], 0, game.actions - 1, game.card)
    _ints("action_discard", d["action_discard"], 0, game.actions - 1, game.card)
    most_display = min(scen.display, DISPLAY_SLOTS)
    _ints("display", d["display"], -1, game.actions - 1, game.card + " or −1 (empty)",
          length=scen.display if solo else None, most=most_display)
    _ints("display_token", d["display_token"], 0, 2 if solo else n,
          "is not a token (0 none, " + ("1/2 phase I/II)" if solo else "seat+1)"), length=len(d["display"]))
    _lists("action_hands", d["action_hands"], n, 0, game.actions - 1, game.card,
           most=min(scen.action_hand, HAND_SLOTS))
    _lists("action_hand_used", d["action_hand_used"], n, 0, 1, "must be 0 or 1")
    for seat, (hand, used) in enumerate(zip(d["action_hands"], d["action_hand_used"])):
        if len(hand) != len(used):
            raise refuse(f"action_hand_used[{seat}]", used, f"must have one entry per card of action_hands[{seat}]")
    for name in ("hydra_decks", "hydra_discards"):
        _lists(name, d[name], 2, 0, game.hydras - 1, game.hcard)
    _lists("hydra_hands", d["hydra_hands"], n, 0, game.hydras - 1, game.hcard,
           most=min(scen.hydra_hand, HYDRA_HAND_SLOTS))
    _ints("hydra_stack", d["hydra_stack"], 0, game.hydras - 1, game.hcard, most=0 if solo else scen.hydra_stack)
    _ints("hydra_queue", d["hydra_queue"], -game.hydras, game.actions - 1,
          "is not an action card c (0…) or a hydra card h written ~h (…−1)", most=0 if solo else None)
    _ints("hydra_queue_owner", d["hydra_queue_owner"], -1, n - 1, game.seat + " or −1",
          length=len(d["hydra_queue"]))
    _ints("solo_row_c", d["solo_row_c"], -1, game.hydras - 1, game.hcard + " or −1 (empty)", length=ncols)
    _ints("solo_row_c_blocked", d["solo_row_c_blocked"], 0, 1, "must be 0 or 1", length=ncols)
    _ints("history", d["history"], 0, game.rules.codec.size - 1, "is not an action index", most=MAX_HISTORY)
    _check_pending_field(d["pending"], game)
    if type(d["tasks"]) is not list:
        raise refuse("tasks", d["tasks"], "must be a list")
    for i, task in enumerate(d["tasks"]):
        _check_task(f"tasks[{i}]", task, game)


def _check_pending_field(pending: Any, game: GameSizes) -> None:
    if pending is None:
        return
    if type(pending) is not list or len(pending) != 6:
        raise refuse("pending", pending, "must be null or 6 integers [kind, seat, choices, cause, "
                      "follow_space, follow_colour]")
    kind, _, choices, cause, space, colour = pending
    _whole("pending[0]", kind, 0, len(DecisionKind) - 1, "is not a decision kind ("
           + ", ".join(f"{int(k)} {k.name}" for k in DecisionKind) + ")")
    _whole("pending[1]", pending[1], 0, game.players - 1, game.seat)
    _whole("pending[2]", choices, 0, game.board.all_mask, "is not a set of board spaces (a bitmask)")
    _whole("pending[3]", cause, 0, len(EvadeCause) - 1, "is not an evasion cause (0 bite, 1 run over, 2 maelstrom)")
    _whole("pending[4]", space, -1, game.board.city, game.space + " or −1")
    _whole("pending[5]", colour, -1, game.colours - 1, game.colour + " or −1")


MAX_TASK_COUNT = 1000
"""The largest movement, growth or point count a saved task may carry (the native engine's bound)."""

# Task op → the checks of its arguments after the op: (kind, bound) with kind
# "colour", "seat", "space", "mask", "count" (≥ 0), "wall" (0–3), "victims", "index".
_TASK_ARGS = {T_MOVE: ("colour", "count", "area"), T_GROW: ("colour", "count"), T_BITE: ("colour",),
              T_STEP: ("colour", "count", "wall"), T_BITE_HEROES: ("colour", "victims"),
              T_BITE_WALL: ("colour",), T_SHOVE: ("seat", "mask"), T_PUSHED: ("seat",),
              T_FOLLOW: ("colour", "space"), T_AFTER: ("seat",), T_SOLO_HYDRA: ("index",),
              T_COOP_HYDRA: ()}


def _check_task(where: str, task: Any, game: GameSizes) -> None:
    if type(task) is not list or not task or type(task[0]) is not int or task[0] not in _TASK_ARGS:
        raise refuse(where, task, "is not a task [op, …] with op 0–11 (hydra_env.games.hydra.rules.tables.T_*)")
    kinds = _TASK_ARGS[task[0]]
    if len(task) != 1 + len(kinds):
        raise refuse(where, task, f"must have {len(kinds)} argument(s) after op {task[0]}")
    board, n = game.board, game.players
    bounds = {"colour": (0, game.colours - 1, game.colour), "seat": (0, n - 1, game.seat),
              "space": (0, board.city, game.space), "mask": (0, board.all_mask, "is not a bitmask of spaces"),
              "count": (0, MAX_TASK_COUNT, f"is not a count (0–{MAX_TASK_COUNT})"),
              "wall": (0, MAX_WALL_DAMAGE_PER_EFFECT, ""),
              "area": (-1, len(game.rules.components.board.areas) - 1, "is not an area or −1"),
              "index": (0, game.scenario.display + game.scenario.hydra_stack, "is not a reading position")}
    for k, (kind, value) in enumerate(zip(kinds, task[1:]), 1):
        if kind == "victims":
            _ints(f"{where}[{k}]", value, 0, n - 1, game.seat)
            if not value or len(set(value)) != len(value):
                raise refuse(f"{where}[{k}]", value, "must list distinct seats, at least one")
        else:
            low, high, what = bounds[kind]
            _whole(f"{where}[{k}]", value, low, high, what)


