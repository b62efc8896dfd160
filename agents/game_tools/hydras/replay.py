"""Hydras' replay hooks (read by :mod:`agents.replay` and ``hydra-env replay``).

A Hydras replay holds, after format and version::

    game                "hydras"
    hydra_env_version, data {name, version, digest}   the card set it was played with
    players             what HydrasGame.new needs with the seed

and, as every replay, seed, game_index, seats, bot_seeds, decisions, result,
notes and state_digests (the digest of the saved game's JSON text).

A game saved by ``HydrasGame.to_json`` (``hydra-env play --game hydras``, key
``s``; format ``hydra-env/hydras-game``) is a record too: it holds its seed
and every decision, so :func:`verify_saved_game` deals it again, applies the
decisions and checks that the position reached is the saved one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import hydra_env
from agents.replay import EDITED, ReplayError, StepHook, Verdict, field, new_replay
from hydra_env import arguments
from hydra_env.games.hydras.rules import HydrasGame, default_cards
from hydra_env.games.hydras.rules.save import SAVE_FORMAT

GAME = "hydras"
REQUIRED_FIELDS = ("players",)
DIGEST_DETAIL = False


def state_digest(game: HydrasGame) -> str:
    """A short digest of the full state (hands, deck order and randomness included)."""
    return hashlib.sha256(game.to_json().encode()).hexdigest()[:16]


def replay_fields(params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's name, the version, the card data and the number of players."""
    cards = default_cards()
    return {"game": GAME, "hydra_env_version": hydra_env.__version__,
            "data": {"name": cards.name, "version": cards.version, "digest": cards.digest},
            "players": params["num_players"]}


def check_fields(doc: Mapping[str, Any]) -> None:
    """ReplayError when ``players`` is not 2, 3 or 4."""
    arguments.integer(field("players"), doc["players"], low=2, high=4, error=ReplayError, fix=EDITED)


def params_of(doc: Mapping[str, Any]) -> dict[str, Any]:
    """``num_players`` of a checked replay."""
    return {"num_players": doc["players"]}


def players_of(doc: Mapping[str, Any]) -> int:
    """The seats of a checked replay."""
    return int(doc["players"])


def check_data(doc: Mapping[str, Any]) -> str:
    """What differs between the card data of the replay and this hydra-env's, or ""."""
    cards = default_cards()
    recorded = (doc.get("data") or {}).get("digest")
    if recorded != cards.digest:
        return (f"recorded with card data digest {str(recorded)[:12]}…, this "
                f"hydra-env has {cards.digest[:12]}… (other card faces)")
    return ""


def new_game(doc: Mapping[str, Any]) -> HydrasGame:
    """The game of a replay at its start."""
    return HydrasGame.new(doc["players"], seed=doc["seed"])


def make_replay(*, players: int, seed: int, seats: Sequence[str], bot_seeds: Sequence[int | None],
                decisions: Sequence[int], result: dict[str, Any], game_index: int | None = None,
                digests: bool = True, notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """A Hydras replay document, by the keywords of the replays of before the registry."""
    return new_replay(GAME, {"num_players": players}, seed=seed, seats=seats, bot_seeds=bot_seeds,
                      decisions=decisions, result=result, game_index=game_index, digests=digests,
                      notes=notes)


def is_saved_game(doc: Any) -> bool:
    """Whether ``doc`` is a game saved by ``HydrasGame.to_json``."""
    return isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT


def verify_saved_game(text: str, on_step: StepHook | None = None) -> Verdict:
    """Deal a saved Hydras game again from its seed, apply its decisions and compare the
    position reached with the saved one (it may be unfinished): the generic check of
    :func:`agents.replay_command.verify_saved_game`."""
    from agents.replay_command import verify_saved_game as verify
    return verify("hydras", text, on_step)


def step_text(step: int, game: HydrasGame, action: int) -> str:
    """One line of ``replay --steps`` for a Hydras decision."""
    pending = game.pending or {}
    return (f"  {step:4d}  turn {game.state.turns_taken} {pending.get('kind', ''):<6} seat "
            f"{game.current_player}  [{action}] {game.describe(action)}")


def result_text(result: Mapping[str, Any]) -> str:
    """``won by seat 1, scores 7 3 4`` for the OK line of ``replay``."""
    winners = result.get("winners") or []
    who = "seat" if len(winners) == 1 else "seats"
    return f"won by {who} {', '.join(map(str, winners))}, scores {' '.join(map(str, result.get('scores', [])))}"
