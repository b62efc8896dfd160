"""A replay re-simulated one engine step at a time: each decision, then each task and round-flow step.

:func:`hydra_env.games.hydra.rules.engine.apply` is :func:`~hydra_env.games.hydra.rules.engine.perform`
(the decision itself) followed by :func:`~hydra_env.games.hydra.rules.engine.run` (the
tasks it pushed, the Hydra phase, the round flow, until the next decision).
:func:`game_steps` does the same with the loop of ``run`` unrolled, so that
every hydra effect, shove, wound and wall token can be seen on its own, and
checks after every decision that its state equals the one ``Game.apply``
reaches (and the replay's state digest when it has one): the viewer never
shows a game other than the engine's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from agents.viewer.errors import ViewerError
from hydra_env import Game, default_components
from hydra_env.games.hydra.rules import coop, engine, solo
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules


@dataclass(frozen=True)
class Step:
    """One step of the engine: ``kind`` is "decision", "task" or "flow".

    ``decision`` is the index of the decision it belongs to (0-based);
    ``action`` the decision's action index (for "decision" steps), ``task``
    the task tuple executed (for "task" steps); ``before`` and ``after`` are
    copies of the full state around the step.
    """

    kind: str
    decision: int
    before: State
    after: State
    action: int | None = None
    task: tuple | None = None


def new_game(doc: dict[str, Any]) -> Game:
    """The game a replay document starts from (its component data must be the shipped data)."""
    components = default_components()
    recorded = (doc.get("data") or {}).get("digest")
    if recorded is not None and recorded != components.digest:
        raise ViewerError(f"the replay was recorded with component data digest {str(recorded)[:12]}…; "
                          f"this hydra-env has {components.digest[:12]}… (other rules data)")
    missing = [k for k in ("scenario", "stars", "seed", "decisions") if k not in doc]
    if missing:
        raise ViewerError(f"the replay lacks {', '.join(missing)}")
    # The viewer steps the Python engine's own task loop (engine.perform, the handlers), so
    # the replayed game runs on the Python engine whatever the default engine is.
    return Game.new(doc["scenario"], doc["stars"], doc["seed"], options=doc.get("options"), engine="python")


def _engine_step(state: State, rules: Rules) -> tuple | None:
    """One pass of the loop of :func:`hydra_env.games.hydra.rules.engine.run`: the task executed, or None
    when the round flow advanced instead."""
    if state.tasks:
        task = state.tasks.pop()
        engine.HANDLERS[task[0]](state, rules, task)
        return task
    (solo.flow if rules.solo else coop.flow)(state, rules)
    return None


def decision_steps(game: Game, action: int, index: int) -> Iterator[Step]:
    """Apply ``action`` to ``game`` step by step, yielding each step."""
    state, rules = game.state, game.rules
    if not game.is_legal(action):
        raise ViewerError(f"decision {index + 1} ({action!r}) is not legal in the replayed game")
    before = state.clone()
    engine.perform(state, rules, action)
    yield Step("decision", index, before, state.clone(), action=action)
    while state.pending is None and not state.game_over:
        before = state.clone()
        task = _engine_step(state, rules)
        yield Step("task" if task is not None else "flow", index, before, state.clone(), task=task)
    state.legal_mask_cache = None


def game_steps(doc: dict[str, Any]) -> Iterator[tuple[Game, Step | None]]:
    """Every step of a replay: first ``(game, None)`` at the start, then ``(game, step)``.

    ``game`` is the game being replayed (its state is the step's ``after``).
    Raises ViewerError when a decision is illegal or the re-simulation leaves
    the engine's path (a state differing from ``Game.apply``'s, or from a
    recorded state digest).
    """
    from agents.replay import state_digest

    game = new_game(doc)
    reference = game.clone()
    digests = doc.get("state_digests")
    yield game, None
    for index, action in enumerate(doc["decisions"]):
        if game.is_over:
            raise ViewerError(f"the game is over after decision {index}, yet the replay has "
                              f"{len(doc['decisions']) - index} more")
        yield from ((game, step) for step in decision_steps(game, action, index))
        reference.apply(action)
        if game.state != reference.state:
            raise ViewerError(f"decision {index + 1}: stepping the engine gave another state than "
                              f"Game.apply (the viewer's step loop no longer matches engine.run)")
        if digests is not None and index < len(digests) and state_digest(game) != digests[index]:
            raise ViewerError(f"decision {index + 1}: the state differs from the recorded digest")
