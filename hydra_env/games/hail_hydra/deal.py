"""A new game of Hail Hydra: options checked, first player and heroes drawn (HH1, HH5, HH7, HH8).

The seeded generator is consumed in HH8's order: first player (if random), hero deal (if
random), then (:mod:`.flow`'s ``deal`` stage, after a draft) loyalty, villains, deck.
"""

from __future__ import annotations

from typing import Any

from hydra_env.api.rng import CounterRng
from hydra_env.errors import ConfigError
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.flow import advance
from hydra_env.games.hail_hydra.rules import draw_below, shuffle
from hydra_env.games.hail_hydra.state import State

MIN_PLAYERS, MAX_PLAYERS = 5, 8


def check_options(players: int, first_player: int = -1, heroes: str = "random", claims: str = "mandatory",
                  nominations: bool = True, balance: str = "calibrated", history: int = 40) -> dict[str, Any]:
    """The game's options as saved in its state (ConfigError naming a bad one, HH1, HH37)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"Hail Hydra takes {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players!r}; "
                          f"pass num_players from {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not -1 <= first_player < players:
        raise ConfigError(f"first_player must be -1 (random) or a seat 0..{players - 1}, got {first_player}")
    if claims not in ("mandatory", "off"):
        raise ConfigError(f"claims must be 'mandatory' or 'off', got {claims!r}")
    if balance not in ("calibrated", "printed"):
        raise ConfigError(f"balance must be 'calibrated' or 'printed', got {balance!r}")
    if not isinstance(history, int) or not 36 <= history <= 64:
        raise ConfigError(f"history (offensive rows of the observation) must be 36-64 (HH31 bounds a game at 36), "
                          f"got {history!r}")
    return {"first_player": first_player, "heroes": heroes, "claims": claims == "mandatory",
            "nominations": bool(nominations), "balance": balance, "history": history}


def parse_heroes(text: str, players: int, comp: Components) -> list[int] | None:
    """Hero indices of a fixed list (``"HR01,HR05,..."``, one per seat), None for random/draft."""
    if text in ("random", "draft"):
        return None
    ids = [part.strip().upper() for part in text.split(",") if part.strip()]
    known = {h.id: i for i, h in enumerate(comp.heroes)}
    unknown = [i for i in ids if i not in known]
    if unknown or len(ids) != players or len(set(ids)) != players:
        raise ConfigError(f"heroes must be 'random', 'draft' or {players} different hero ids separated by commas "
                          f"(HR01..HR{len(comp.heroes):02d}), got {text!r}")
    return [known[i] for i in ids]


def new_state(players: int, seed: int, options: dict[str, Any], comp: Components) -> State:
    """A new game dealt from ``seed`` and run to its first decision."""
    state = State(players=players, seed=seed, options=options, rng=CounterRng(seed).to_list())
    fixed = parse_heroes(options["heroes"], players, comp)
    state.first_player = draw_below(state, players) if options["first_player"] < 0 else options["first_player"]
    state.token = state.first_player
    if fixed is not None:
        state.heroes = fixed
    elif options["heroes"] == "random":
        deck = list(range(len(comp.heroes)))
        shuffle(state, deck)
        state.heroes = deck[:players]
    else:
        state.heroes = [-1] * players
    state.revealed = [False] * players
    state.out = [False] * players
    state.immune = [False] * players
    state.used = [False] * players
    state.hands = [[0] * 8 for _ in range(players)]
    state.widow = [[] for _ in range(players)]
    state.web = [[] for _ in range(players)]
    state.radar = [[] for _ in range(players)]
    if options["heroes"] == "draft":
        state.stage = "draft"
        state.queue = state.order_from(state.first_player)
    else:
        state.stage = "deal"
    advance(state, comp)
    return state
