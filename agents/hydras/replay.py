"""Replays of the card game Hydras, verified by ``hydra-env replay`` as Hydra's are.

A Hydras replay is the JSON object of :mod:`agents.replay` with ``"game":
"hydras"`` and the number of seats in place of the scenario::

    format, version     "hydra-env/replay", 1 (as for Hydra)
    game                "hydras"
    hydra_env_version, data {name, version, digest}   the card set it was played with
    players, seed       what HydrasGame.new needs
    game_index, seats, bot_seeds, decisions, state_digests, notes, result   as for Hydra

A game saved by ``HydrasGame.to_json`` (``hydra-env play --game hydras``, key
``s``; format ``hydra-env/hydras-game``) is a record too: it holds its seed
and every decision, so :func:`verify_saved_game` deals it again, applies the
decisions and checks that the position reached is the saved one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import hydra_env
from agents.replay import FORMAT, VERSION, ReplayError, StepHook, Verdict, plain_json
from hydra_env import HydraError, arguments
from hydra_env.hydras import HydrasGame, default_cards
from hydra_env.hydras.save import SAVE_FORMAT

GAME = "hydras"
_EDITED = "the replay was edited or damaged"


def state_digest(game: HydrasGame) -> str:
    """A short digest of the full state (hands, deck order and randomness included)."""
    return hashlib.sha256(game.to_json().encode()).hexdigest()[:16]


def make_replay(*, players: int, seed: int, seats: Sequence[str], bot_seeds: Sequence[int | None],
                decisions: Sequence[int], result: dict[str, Any], game_index: int | None = None,
                digests: bool = True, notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """A Hydras replay document; with ``digests`` the game is played again to add the
    state digests."""
    cards = default_cards()
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "game": GAME, "hydra_env_version": hydra_env.__version__,
        "data": {"name": cards.name, "version": cards.version, "digest": cards.digest},
        "players": players, "seed": seed, "game_index": game_index, "seats": list(seats),
        "bot_seeds": list(bot_seeds), "decisions": [int(a) for a in decisions],
        "result": plain_json(result)}
    if notes is not None and any(notes):
        doc["notes"] = [plain_json(n) if n else None for n in notes]
    if digests:
        game = HydrasGame.new(players, seed=seed)
        trail = []
        for action in decisions:
            game.apply(action)
            trail.append(state_digest(game))
        doc["state_digests"] = trail
    return doc


def check_replay(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` if it has the structure of a Hydras replay; ReplayError naming the first
    field that is wrong otherwise."""
    missing = [k for k in ("players", "seed", "decisions", "result") if k not in doc]
    if missing:
        raise ReplayError(f"the Hydras replay lacks {', '.join(missing)}")

    def field(name: str) -> str:
        return f"field {name!r}"

    arguments.integer(field("players"), doc["players"], low=2, high=4, error=ReplayError, fix=_EDITED)
    arguments.integer(field("seed"), doc["seed"], low=0, error=ReplayError, fix=_EDITED)
    arguments.mapping(field("result"), doc["result"], none=False, error=ReplayError, fix=_EDITED)
    data = arguments.mapping(field("data"), doc.get("data"), error=ReplayError, fix=_EDITED)
    if "digest" in data:
        arguments.text(field("data.digest"), data["digest"], error=ReplayError, fix=_EDITED)
    for k, action in enumerate(arguments.sequence(field("decisions"), doc["decisions"],
                                                  error=ReplayError, fix=_EDITED)):
        arguments.integer(field(f"decisions[{k}]"), action, low=0, error=ReplayError, fix=_EDITED)
    arguments.optional_integer(field("game_index"), doc.get("game_index"), low=0,
                               error=ReplayError, fix=_EDITED)
    seats = doc.get("seats")
    if seats is not None:
        seats = arguments.sequence(field("seats"), seats, error=ReplayError, fix=_EDITED)
        for k, spec in enumerate(seats):
            arguments.text(field(f"seats[{k}]"), spec, error=ReplayError,
                           fix="each seat is an agent spec such as 'heuristic', or 'human'")
        if len(seats) != doc["players"]:
            raise ReplayError(f"the replay names {len(seats)} seats for {doc['players']} players; "
                              f"{_EDITED}")
    seeds = doc.get("bot_seeds")
    if seeds is not None:
        seeds = arguments.sequence(field("bot_seeds"), seeds, error=ReplayError, fix=_EDITED)
        for k, seed in enumerate(seeds):
            arguments.optional_integer(field(f"bot_seeds[{k}]"), seed, low=0, error=ReplayError,
                                       fix=_EDITED)
        if seats is not None and len(seeds) != len(seats):
            raise ReplayError(f"the replay names {len(seats)} seats but {len(seeds)} bot seeds; "
                              f"{_EDITED}")
    digests = doc.get("state_digests")
    if digests is not None:
        for k, digest in enumerate(arguments.sequence(field("state_digests"), digests,
                                                      error=ReplayError, fix=_EDITED)):
            arguments.text(field(f"state_digests[{k}]"), digest, error=ReplayError, fix=_EDITED)
    return doc


def verify_replay(doc: dict[str, Any], *, check_bots: bool = False,
                  on_step: StepHook | None = None) -> Verdict:
    """Play a Hydras replay again step by step; the verdict names the first step that differs."""
    try:
        check_replay(doc)
    except ReplayError as exc:
        return Verdict(False, str(exc))
    cards = default_cards()
    recorded = (doc.get("data") or {}).get("digest")
    if recorded != cards.digest:
        return Verdict(False, f"recorded with card data digest {str(recorded)[:12]}…, this "
                              f"hydra-env has {cards.digest[:12]}… (other card faces)")
    try:
        game = HydrasGame.new(doc["players"], seed=doc["seed"])
        bots = _bots(doc) if check_bots else None
    except (HydraError, ValueError, TypeError) as exc:
        return Verdict(False, f"cannot set the game up: {exc}")
    decisions, digests = doc["decisions"], doc.get("state_digests")
    for step, action in enumerate(decisions, 1):
        problem = _check_step(game, step, action, bots, len(decisions))
        if problem:
            return Verdict(False, problem, step, step - 1, game)
        if on_step:
            on_step(step, game, action)
        game.apply(action)
        if digests is not None and (step > len(digests) or state_digest(game) != digests[step - 1]):
            return Verdict(False, f"step {step}: the state after decision {action} differs from the "
                                  f"recorded one", step, step, game)
    if not game.is_over:
        return Verdict(False, f"the decisions end after step {len(decisions)} but the game is not "
                              f"over ({game.pending})", len(decisions) + 1, len(decisions), game)
    result, expected = plain_json(game.result().to_dict()), doc["result"]
    if result != expected:
        diff = ", ".join(f"{k}: {expected.get(k)!r} recorded, {result[k]!r} now"
                         for k in result if result[k] != expected.get(k))
        return Verdict(False, f"the final result differs: {diff}", len(decisions), len(decisions), game)
    return Verdict(True, "ok", None, len(decisions), game)


def is_saved_game(doc: Any) -> bool:
    """Whether ``doc`` is a game saved by ``HydrasGame.to_json``."""
    return isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT


def verify_saved_game(text: str, on_step: StepHook | None = None) -> Verdict:
    """Deal a saved Hydras game again from its seed, apply its decisions and compare the
    position reached with the saved one (it may be unfinished)."""
    try:
        saved = HydrasGame.from_json(text)
    except HydraError as exc:
        return Verdict(False, f"not a saved Hydras game: {exc}")
    game = HydrasGame.new(saved.num_players, seed=saved.seed)
    history = saved.history
    for step, action in enumerate(history, 1):
        if not game.is_legal(action):
            return Verdict(False, f"step {step}: decision {action} is not legal", step, step - 1, game)
        if on_step:
            on_step(step, game, action)
        game.apply(action)
    if game.to_json() != saved.to_json():
        return Verdict(False, f"the position after its {len(history)} decisions differs from the "
                              f"saved one (the save was edited)", len(history), len(history), game)
    return Verdict(True, "ok", None, len(history), game)


def _bots(doc: dict[str, Any]) -> list[Any]:
    from hydra_env.envs.bots import make_bot
    seats, seeds = doc.get("seats") or [], doc.get("bot_seeds") or []
    if len(seats) != doc["players"] or len(seeds) != doc["players"]:
        raise ReplayError(f"the replay names {len(seats)} seats; the game has {doc['players']}")
    return [None if spec == "human" else make_bot(spec, game=GAME, seed=s) for spec, s in zip(seats, seeds)]


def _check_step(game: HydrasGame, step: int, action: Any, bots: list[Any] | None, total: int) -> str:
    if game.is_over:
        return f"step {step}: the game is already over, yet {total - step + 1} decisions remain"
    if not game.is_legal(action):
        try:
            game.clone().apply(action)
        except HydraError as exc:
            return f"step {step}: decision {action!r} is not legal: {exc}"
        return f"step {step}: decision {action!r} is not legal"     # pragma: no cover
    seat = game.current_player
    if bots is not None and bots[seat] is not None:
        chosen = bots[seat].act(game.view(seat), game.legal_actions())
        if chosen != action:
            return (f"step {step}: the bot of seat {seat} now chooses {chosen} "
                    f"({game.describe(chosen)}), the replay has {action} ({game.describe(action)})")
    return ""


def describe_step(step: int, game: HydrasGame, action: int) -> str:
    """One line of ``replay --steps`` for a Hydras decision."""
    pending = game.pending or {}
    return (f"  {step:4d}  turn {game.state.turns_taken} {pending.get('kind', ''):<6} seat "
            f"{game.current_player}  [{action}] {game.describe(action)}")


def result_text(result: dict[str, Any]) -> str:
    """``won by seat 1, scores 7 3 4`` for the OK line of ``replay``."""
    winners = result.get("winners") or []
    who = "seat" if len(winners) == 1 else "seats"
    return f"won by {who} {', '.join(map(str, winners))}, scores {' '.join(map(str, result.get('scores', [])))}"
