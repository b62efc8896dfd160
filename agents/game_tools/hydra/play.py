"""Hydra's hooks of ``hydra-env play`` (read by :mod:`agents.play`; the hooks are listed there).

The board is shown before each of your decisions, then the legal actions
grouped by card and kind in a compact notation (``A1 move 2 · move to →  1
r9c0  2 r9c1 …``; :mod:`agents.play_text`): each option's name is its card
slot, kind and target (``A1 → move to r9c0``, ``city → pass``; in a coordinated
game ``D1``/``H1`` are slots of the display and the hand). Type the number of
a choice, its name or enough of its words to tell it apart (``A1 r9c0``,
``pass``), or ``#N`` for the action of index N; ``u`` undoes your last
decision (solo). After every decision each engine step is logged — every
Hydra-phase effect on its own line, with the texts of the replay page. In a
coordinated scenario the other seats are played by ``--opponents`` bots, and
their decisions are logged as they happen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hydra_env import Game

EXAMPLES = ("hydra-env play --mode solo",
            "hydra-env play --scenario 1 --seat 0 --opponents heuristic,greedy,random")
LOAD_COMMAND = "hydra-env play --load"
SAVED_GAME_WORDS = "saved game"


def header(game: Game, seat: int, seats: list[str], loaded: Path | None) -> str:
    """The first line: scenario, stars, seed, your seat and the others."""
    name = f"saved game {loaded}" if loaded is not None else game.rules.scenario.name
    others = [spec for s, spec in enumerate(seats) if s != seat]
    return (f"Hydra — scenario {game.scenario} ({name}), {game.stars} star(s), seed {game.seed}; you are "
            f"seat {seat}" + (f"; others: {', '.join(others)}" if others else ""))


def setting_text(game: Game) -> str:
    """What has the seats, for the ``--seat`` message."""
    return f"scenario {game.scenario}"


def no_other_seats_text(opponents: str) -> str:
    """The message for ``--opponents`` in the solo game."""
    return (f"--opponents {opponents} cannot apply: the solo game has no other seats; drop --opponents, "
            f"or pick a coordinated scenario (--mode coop or --scenario 1-9)")


def save_path(seed: int) -> Path:
    """Where ``s`` saves without a file name."""
    return Path("runs/play") / f"seed{seed}.json"


def params_of(game: Game) -> dict[str, Any]:
    """The parameters of a loaded game: scenario, stars and the rule options."""
    return {"scenario": game.scenario, "stars": game.stars, **game.options.to_dict()}


def option_groups(game: Game, legal: list[int]) -> list:
    """The options grouped by card and kind (:func:`agents.play_text.group_options`)."""
    from agents.play_text import group_options
    return group_options(game, legal)


def heading(game: Game) -> str:
    """The decision asked now."""
    pend = game.pending or {}
    cause = f" ({pend['cause']})" if "cause" in pend else ""
    return (f"Round {game.round}, {game.phase} phase — your decision: {pend.get('kind')}{cause} "
            f"(type a number or a name; ? help)")


def help_text(game: Game) -> str:
    """The board legend, the decision asked now and the keys."""
    from agents.play_text import help_text as text
    return text(game)


def undo_refusal(game: Game) -> str:
    """Why undo is refused ("" when it is allowed: in solo games)."""
    return "" if game.is_solo else "undo works in solo games only (the other seats have seen your decision)"


def position_text(game: Game) -> str:
    """Where an undo went back to."""
    return f"round {game.round}, {game.phase} phase"


def apply_shown(game: Game, action: int, human: int) -> list[str]:
    """Apply ``action`` one engine step at a time; the lines of what each step did (every
    Hydra-phase effect on its own line, the texts of the replay page)."""
    from agents.play_text import step_lines
    from agents.viewer.effects import describe_step
    from agents.viewer.steps import decision_steps

    index = len(game.history)
    # decision_steps walks the Python engine's task loop; a native game is shadowed by a
    # Python copy for the texts, then the decision is applied to the game itself.
    shadow = game if game.engine == "python" else Game.from_json(game.to_json(), engine="python")
    texts = [describe_step(step, shadow.rules) for step in decision_steps(shadow, action, index)]
    if shadow is not game:
        game.apply(action)
    return step_lines(texts)


def outcome_text(game: Game, seat: int) -> str:
    """The result for the person at ``seat``."""
    from agents.stats import band_of
    r = game.result()
    if game.is_solo:
        if r.score is None:
            return f"The city fell in round {r.rounds}. (A defeat has no score, R39.)"
        return (f"The city stands! Score {r.score} (band {band_of(r.score)}): necks {r.necks}, "
                f"heads {r.heads}, walls left {r.walls}" + (", hero on the wall −5" if r.hero_on_wall else ""))
    place = r.ranking.index(seat) + 1
    verdict = "The city stands!" if r.city_saved else f"The city fell in round {r.rounds}."
    hero = (" You are the epic hero!" if r.epic_hero == seat else
            " You are the tragic hero." if r.tragic_hero == seat else "")
    return (f"{verdict} You finish {place} of {len(r.ranking)} on the compass "
            f"(glory {r.glory[seat]}).{hero}")
