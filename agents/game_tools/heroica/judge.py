"""Heroica solo games judged by the exact optimum: each decision's regret, summed per game.

:func:`play_judged` plays a :class:`~agents.backends.GameTask` as
:func:`agents.backends.play_game` does, and before each decision of a solo game asks the
solver (:func:`hydra_env.games.heroica.solver_bot.action_values`) what every legal action is
worth: the expected censored T (spec 4.7) of the game if play is optimal afterwards. A
decision's regret is the value of the action taken minus the best one (the expected turns it
loses); one under :data:`~hydra_env.games.heroica.solver_bot.TIE` is a tie and counts 0, so
the ``solo-optimal`` bot's regret is exactly 0. The game's regret (:attr:`JudgedRecord.regret`;
its result stays the game's own, so a saved replay verifies) is the sum over its decisions.

The solver's solved tables and turn graph are made once per process (the solver bot's module
caches them; the tables are cached on disk too, and a class never solved on the machine takes
about 12 s once). Measured: 1,000 judged greedy games, 2.2 CPU s; the same games unjudged,
1.2 CPU s.
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.backends import MAX_STEPS, GameError, GameRecord, GameTask
from hydra_env.api.bots import notes_of, want_notes
from hydra_env.api.registry import game_spec

REGRET_DIGITS = 6
"""Decimals kept of a game's regret (games.csv)."""


@dataclass
class JudgedRecord(GameRecord):
    """A played game's record with its regret (expected turns lost, summed over its decisions)."""

    regret: float = 0.0


def decision_regret(values: dict[int, float], action: int) -> float:
    """The expected turns ``action`` loses against the best of ``values``; 0 within the solver's tie."""
    from hydra_env.games.heroica.solver_bot import TIE
    lost = values[action] - min(values.values())
    return lost if lost > TIE else 0.0


def play_judged(task: GameTask) -> JudgedRecord:
    """Play one solo game (on the Python engine, which the solver reads); its record with its regret."""
    from hydra_env.envs.bots import make_bot
    from hydra_env.games.heroica.solver_bot import action_values

    try:
        game = game_spec(task.game).make(seed=task.seed, engine="python", **task.params)
        bots = [make_bot(spec, game=task.game, seed=s) for spec, s in zip(task.specs, task.bot_seeds)]
        notes: list[dict | None] | None = [] if task.record else None
        if notes is not None:
            for bot in bots:
                want_notes(bot)
        steps, lost = 0, 0.0
        while not game.is_over:
            seat = game.current_player
            action = bots[seat].act(game.view(seat), game.legal_actions())
            lost += decision_regret(action_values(game), action)
            game.apply(action)
            if notes is not None:
                notes.append(notes_of(bots[seat]))
            steps += 1
            if steps > MAX_STEPS:
                raise GameError(f"no end after {MAX_STEPS} decisions")
    except Exception as exc:       # noqa: BLE001 — reported with the game that failed
        raise GameError(f"game {task.index} (seed {task.seed}, agents {', '.join(task.specs)}) "
                        f"failed: {type(exc).__name__}: {exc}") from None
    return JudgedRecord(task.index, task.seed, game.result().to_dict(), game.history if task.record else None,
                        notes, steps, round(lost, REGRET_DIGITS))
