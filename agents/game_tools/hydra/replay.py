"""Hydra's replay hooks (read by :mod:`agents.replay`; the hooks are listed there).

A Hydra replay names no game (Hydra's replays came first: ``LEGACY``) and
holds, after format and version::

    hydra_env_version, data {name, version, digest}   rules and component data it was played with
    scenario, stars, options                          what Game.new needs with the seed

and, as every replay, seed, game_index, seats, bot_seeds, decisions, result,
notes and state_digests (the digest of ``state.to_dict()``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

import hydra_env
from agents.replay import EDITED, ReplayError, field, new_replay
from hydra_env import Game, arguments, default_components
from hydra_env.games.hydra.rules.options import RuleOptions

LEGACY = True
REQUIRED_FIELDS = ("scenario", "stars")
REPLAY_WORDS = "the replay"
SETTING_WORDS = "the scenario"
_OPTIONS = tuple(f.name for f in fields(RuleOptions))


def state_digest(game: Game) -> str:
    """A short digest of the full state (hidden information and randomness included)."""
    text = json.dumps(game.state.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def replay_fields(params: Mapping[str, Any]) -> dict[str, Any]:
    """The version, the component data, the scenario, the stars and the rule options."""
    comp = default_components()
    return {"hydra_env_version": hydra_env.__version__,
            "data": {"name": comp.name, "version": comp.version, "digest": comp.digest},
            "scenario": params["scenario"], "stars": params["stars"],
            "options": {name: params[name] for name in _OPTIONS}}


def check_fields(doc: Mapping[str, Any]) -> None:
    """ReplayError naming the first of scenario, stars and options that is wrong."""
    arguments.integer(field("scenario"), doc["scenario"], low=1, error=ReplayError, fix=EDITED)
    arguments.integer(field("stars"), doc["stars"], low=1, high=3, error=ReplayError, fix=EDITED)
    arguments.mapping(field("options"), doc.get("options"), error=ReplayError, fix=EDITED)


def params_of(doc: Mapping[str, Any]) -> dict[str, Any]:
    """scenario, stars and the rule options of a checked replay."""
    return {"scenario": doc["scenario"], "stars": doc["stars"], **(doc.get("options") or {})}


def players_of(doc: Mapping[str, Any]) -> None:
    """None: the seats are checked when the scenario is set up (it may not exist)."""
    return None


def check_data(doc: Mapping[str, Any]) -> str:
    """What differs between the component data of the replay and this hydra-env's, or ""."""
    comp = default_components()
    recorded = (doc.get("data") or {}).get("digest")
    if recorded != comp.digest:
        return (f"recorded with component data digest {str(recorded)[:12]}…, "
                f"this hydra-env has {comp.digest[:12]}… (other rules data)")
    return ""


def new_game(doc: Mapping[str, Any]) -> Game:
    """The game of a replay at its start."""
    return Game.new(doc["scenario"], doc["stars"], doc["seed"], options=doc.get("options"))


def make_replay(*, scenario: int, stars: int, seed: int, options: dict[str, Any],
                seats: Sequence[str], bot_seeds: Sequence[int | None], decisions: Sequence[int],
                result: dict[str, Any], game_index: int | None = None,
                digests: bool = True, notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """A Hydra replay document, by the keywords of the replays of before the registry."""
    return new_replay("hydra", {"scenario": scenario, "stars": stars, **options}, seed=seed,
                      seats=seats, bot_seeds=bot_seeds, decisions=decisions, result=result,
                      game_index=game_index, digests=digests, notes=notes)


def step_text(step: int, game: Game, action: int) -> str:
    """One line of ``replay --steps``."""
    return (f"  {step:4d}  round {game.round} {game.phase:<8} seat {game.current_player}  "
            f"[{action}] {game.describe(action)}")


def result_text(result: Mapping[str, Any]) -> str:
    """``won, score 87`` for the OK line of ``replay``."""
    score = f", score {result['score']}" if result.get("score") is not None else ""
    return f"{result.get('outcome')}{score}"
