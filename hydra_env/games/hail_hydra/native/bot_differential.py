"""The native twins of ``loyal`` and ``saboteur`` against the Python bots, decision by decision.

:func:`run` plays games on the native engine, cycling through the spec's differential settings
(every player count, the draft, fixed heroes, every option). Each seat gets a ``loyal``,
``saboteur`` (r = 1) or ``saboteur:r=2`` bot and its twin. Half the games seat the twins from the
Python bots' generator states, half from their seeds (as the one-seat env does). At every decision
the Python bot and its twin are both asked and must agree. Every seventh decision also compares
the public posterior and the deciding bot's generator state. Then the bots' action is applied, or,
one time in five, a random legal action, so the games reach positions that bots alone do not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hydra_env.games.hail_hydra.belief import public_belief
from hydra_env.games.hail_hydra.bots import LoyalBot, SaboteurBot
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.native.bots import SeededBot, act, native_twins, public_marginals, seeded_bot
from hydra_env.games.hail_hydra.spec import DIFFERENTIAL_SETTINGS
from hydra_env.games.hail_hydra.state import DECISION_NAMES

BOT_SPECS = ("loyal", "saboteur", "saboteur:r=2")
RANDOM_SHARE = 0.2
CHECK_EVERY = 7


@dataclass
class BotReport:
    """What a run compared: decisions, games, decisions per decision type, and the first
    disagreement (None when the twins agreed everywhere)."""

    decisions: int = 0
    games: int = 0
    checks: int = 0
    per_kind: Counter = field(default_factory=Counter)
    mismatch: str | None = None


def _bots(choose: random.Random, players: int, seeded: bool) -> dict[int, Any]:
    bots: dict[int, Any] = {}
    for seat in range(players):
        spec, seed = choose.choice(BOT_SPECS), choose.randrange(1 << 63)
        if seeded:
            bots[seat] = seeded_bot(spec, seed)
        else:
            bots[seat] = LoyalBot(seed=seed) if spec == "loyal" else SaboteurBot(seed=seed, r=2 if "r=2" in spec else 1)
    return bots


def _python(bot: Any) -> Any:
    return bot.bot if isinstance(bot, SeededBot) else bot


def _play_game(game: Any, bots: dict[int, Any], choose: random.Random, report: BotReport, limit: int) -> None:
    twins = native_twins(game, bots)
    if twins is None:
        raise RuntimeError("the native twins were refused for a native game of the shipped data")
    bots = {seat: _python(bot) for seat, bot in bots.items()}   # SeededBots made now, after seating
    while not game.is_over and report.decisions < limit:
        seat = game.current_player
        view, legal = game.view(seat), game.legal_actions()
        kind = DECISION_NAMES[view.info["decision"][1]]
        native = act(twins, game)
        python = bots[seat].act(view, legal)
        where = f"game {report.games} ({game.num_players} players, seed {game.seed}), decision " \
                f"{len(game.history)}, seat {seat}, {kind}"
        if native != python:
            report.mismatch = f"{where}: the Python bot took {python}, its native twin {native}"
            return
        if report.decisions % CHECK_EVERY == 0:
            report.checks += 1
            if public_marginals(twins, game) != public_belief(view.info).marginals():
                report.mismatch = f"{where}: the public posteriors differ"
                return
            if twins.rng_state(seat) != list(bots[seat].rng.getstate()[1]):
                report.mismatch = f"{where}: the generators' states differ"
                return
        report.per_kind[kind] += 1
        report.decisions += 1
        game.apply(choose.choice(legal) if choose.random() < RANDOM_SHARE else python)


def run(decisions: int, seed: int = 0, progress: Callable[[int], None] | None = None) -> BotReport:
    """Compare the twins with the Python bots over ``decisions`` decisions (the module docstring);
    ``progress(decisions so far)`` after each game."""
    choose, report = random.Random(seed), BotReport()
    while report.decisions < decisions and report.mismatch is None:
        setting = DIFFERENTIAL_SETTINGS[report.games % len(DIFFERENTIAL_SETTINGS)]
        game = new_game(seed=choose.randrange(1 << 63), engine="native", **setting)
        bots = _bots(choose, game.num_players, seeded=report.games % 2 == 1)
        _play_game(game, bots, choose, report, decisions)
        report.games += 1
        if progress is not None:
            progress(report.decisions)
    return report


__all__ = ["BotReport", "run"]
