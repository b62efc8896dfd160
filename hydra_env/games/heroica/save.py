"""The JSON save of a game of Heroica: format ``hydra-env/heroica-game``, version 1.

A save holds the setup (seats, mode, heroes or the draft, seed, forced rolls,
options), the decisions made, the random stream ``[seed, counter]`` and the whole
state. Loading checks every field: the setup is checked as ``new`` checks its
arguments, the decisions are replayed, and each saved state field must equal the
replayed one; a changed field is refused with :class:`hydra_env.errors.SaveError`
naming it. numpy and the standard library only.
"""

from __future__ import annotations

import json
from typing import Any

from hydra_env.api.saves import first_difference, read_save_text
from hydra_env.errors import ConfigError, IllegalActionError, SaveError

FORMAT = "hydra-env/heroica-game"
VERSION = 1
STATE_FIELDS = ("rolls", "hero_class", "hero_owner", "hero_space", "hero_health", "hero_healing", "hero_potions",
                "hero_trophies", "hero_kos", "potions", "crystal", "ko_total", "draft", "turn", "round",
                "turn_seat", "hero", "move_face", "fight_face", "allowance", "came_from", "target", "monster",
                "game_over", "winner", "truncated", "win_turn")


def state_data(game: Any) -> dict[str, Any]:
    """The state's fields as JSON data."""
    st = game.state
    data: dict[str, Any] = {name: getattr(st, name) for name in STATE_FIELDS}
    data["monsters"] = [[space, kind] for space, kind in sorted(st.monsters.items())]
    data["rng"] = st.rng.to_list()
    data["pending"] = None if st.pending is None else [st.pending.seat, st.pending.kind]
    data["chosen"] = [[k, v] for k, v in sorted(st.chosen.items())]
    return data


def dump(game: Any) -> str:
    """The save text of ``game``."""
    return json.dumps({"format": FORMAT, "version": VERSION, "map": game.tables.map_name,
                       "setup": game._setup, "history": game.history, "state": state_data(game)},
                      separators=(",", ":"))


def _setup(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) != {"players", "mode", "heroes", "seed", "rolls", "options"}:
        raise SaveError("setup: must hold exactly players, mode, heroes, seed, rolls and options")
    for key, kinds in (("players", (int,)), ("mode", (str,)), ("heroes", (list, type(None))), ("seed", (int,)),
                       ("rolls", (list,))):
        if not isinstance(data[key], kinds) or isinstance(data[key], bool):
            raise SaveError(f"setup.{key}: has the wrong type, got {data[key]!r:.60}")
    options = data["options"]
    if (not isinstance(options, list) or len(options) != 3 or not isinstance(options[0], bool)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in options[1:])):
        raise SaveError(f"setup.options: must be [crystal, solo_turn_limit, max_rounds], got {options!r}")
    return data


def load(cls: Any, text: str) -> Any:
    """The game saved in ``text`` (``cls``: the facade class), every field checked."""
    data = read_save_text(text, game=FORMAT, version=VERSION, title="Heroica")
    if set(data) != {"format", "version", "map", "setup", "history", "state"}:
        raise SaveError(f"the save's keys must be format, version, map, setup, history, state; got {sorted(data)}")
    setup = _setup(data["setup"])
    try:
        game = cls.new(setup["players"], mode=setup["mode"], heroes=setup["heroes"], seed=setup["seed"],
                       rolls=setup["rolls"], options=_options(setup["options"]))
    except ConfigError as exc:
        raise SaveError(f"setup: {exc}") from None
    if data["map"] != game.tables.map_name:
        raise SaveError(f"map: the save is of map {data['map']!r}, this engine has {game.tables.map_name!r}")
    game.state.chosen.update(_chosen(data["state"]))
    history = data["history"]
    if not isinstance(history, list):
        raise SaveError("history: must be a list of actions")
    for step, action in enumerate(history):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise SaveError(f"history[{step}]: {exc}") from None
    _compare(state_data(game), data["state"])
    return game


def _chosen(state: Any) -> dict[int, int]:
    """The rolls fixed by ``apply_roll`` (checked), to replay the decisions with them."""
    chosen = state.get("chosen") if isinstance(state, dict) else None
    if not isinstance(chosen, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
            and p[0] >= 1 and 0 <= p[1] <= 3 for p in chosen):
        raise SaveError(f"state.chosen: must be a list of [roll number >= 1, face 0-3], got {chosen!r}")
    return {k: v for k, v in chosen}


def _options(values: list[Any]) -> Any:
    from hydra_env.games.heroica.state import HeroicaOptions
    return HeroicaOptions(*values)


def _compare(replayed: dict[str, Any], saved: Any) -> None:
    if not isinstance(saved, dict):
        raise SaveError("state: must be a JSON object")
    for name in sorted(set(replayed) | set(saved)):
        if name not in saved:
            raise SaveError(f"state.{name}: missing from the save")
        if name not in replayed:
            raise SaveError(f"state.{name}: not a field of a Heroica state")
        want, got = replayed[name], saved[name]
        where = first_difference(want, got, f"state.{name}")
        if where is not None:
            raise SaveError(f"{where}: saved {got!r:.80}, but the game's setup and history give {want!r:.80}; "
                            "the save was changed")
