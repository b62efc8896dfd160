"""Playing a checked replay again, step by step, for :func:`agents.replay.verify_replay`.

Written once for every registered game; the game's replay hooks it reads
(each optional, see :mod:`agents.replay`): ``check_data``, ``new_game``,
``state_digest``, ``DIGEST_DETAIL`` and ``SETTING_WORDS``.
"""

from __future__ import annotations

from typing import Any

from agents.replay_games import (
    ReplayError,
    StepHook,
    Verdict,
    digest_of,
    game_of,
    hook,
    plain_json,
    replay_hooks,
    start_game,
)
from hydra_env import HydraError


def verify_checked(doc: dict[str, Any], *, check_bots: bool = False,
                   on_step: StepHook | None = None) -> Verdict:
    """The verdict on a replay whose structure is checked (:func:`agents.replay.check_replay`)."""
    name = game_of(doc)
    hooks = replay_hooks(name)
    check_data = hook(hooks, "check_data", None)
    problem = check_data(doc) if check_data is not None else ""
    if problem:
        return Verdict(False, problem)
    try:
        game = start_game(doc)
        bots = _bots(doc, name, hooks, game.num_players) if check_bots else None
    except (HydraError, ValueError, TypeError) as exc:
        return Verdict(False, f"cannot set the game up: {exc}")
    digest, detail = digest_of(name), hook(hooks, "DIGEST_DETAIL", True)
    decisions, digests = doc["decisions"], doc.get("state_digests")
    for step, action in enumerate(decisions, 1):
        problem = _check_step(game, step, action, bots, len(decisions))
        if problem:
            return Verdict(False, problem, step, step - 1, game)
        if on_step:
            on_step(step, game, action)
        game.apply(action)
        if digests is not None and (step > len(digests) or digest(game) != digests[step - 1]):
            shown = (f" (digest {digest(game)} != {digests[step - 1] if step <= len(digests) else 'none'})"
                     if detail else "")
            return Verdict(False, f"step {step}: the state after decision {action} differs from the "
                                  f"recorded one{shown}", step, step, game)
    return _check_end(doc, game, len(decisions))


def _bots(doc: dict[str, Any], name: str, hooks: Any, players: int) -> list[Any]:
    from hydra_env.envs.bots import make_bot
    seats, seeds = doc.get("seats") or [], doc.get("bot_seeds") or []
    if len(seats) != players or len(seeds) != players:
        raise ReplayError(f"the replay names {len(seats)} seats; {hook(hooks, 'SETTING_WORDS', 'the game')} "
                          f"has {players}")
    return [None if spec == "human" else make_bot(spec, game=name, seed=s) for spec, s in zip(seats, seeds)]


def _check_step(game: Any, step: int, action: Any, bots: list[Any] | None, total: int) -> str:
    if game.is_over:
        return f"step {step}: the game is already over, yet {total - step + 1} decisions remain"
    if not isinstance(action, int) or not game.is_legal(action):
        try:
            game.clone().apply(action)
        except (HydraError, ValueError, TypeError) as exc:
            return f"step {step}: decision {action!r} is not legal: {exc}"
        return f"step {step}: decision {action!r} is not legal"
    seat = game.current_player
    if bots is not None and bots[seat] is not None:
        chosen = bots[seat].act(game.view(seat), game.legal_actions())
        if chosen != action:
            return (f"step {step}: the bot of seat {seat} now chooses {chosen} "
                    f"({game.describe(chosen)}), the replay has {action} ({game.describe(action)})")
    return ""


def _check_end(doc: dict[str, Any], game: Any, steps: int) -> Verdict:
    if not game.is_over:
        pending = getattr(game, "pending", None)
        return Verdict(False, f"the decisions end after step {steps} but the game is not over "
                              f"({pending})", steps + 1, steps, game)
    result = plain_json(game.result().to_dict())
    expected = doc["result"]
    if result != expected:
        diff = ", ".join(f"{k}: {expected.get(k)!r} recorded, {result[k]!r} now"
                         for k in result if result[k] != expected.get(k))
        return Verdict(False, f"the final result differs: {diff}", steps, steps, game)
    return Verdict(True, "ok", None, steps, game)
