"""Hail Hydra's evaluate hooks (:mod:`agents.evaluate`): the generic run (one agent against
``--opponents``, seats rotated, :mod:`agents.evaluate_defaults`) with the team figures of a
hidden-role game and the agent's deduction quality.

Each game is played by :func:`play_scored_task`, which also scores the agent's belief
(``bot.belief(view)``; the uniform prior for an agent without one, so stated) at each of its
votes as SHIELD (:mod:`hydra_env.games.hail_hydra.deduction`). Added to the generic files:

* ``games.csv`` — the agent's loyalty, the winning team, whether the agent's team won, the
  knock-outs by loyalty, and the sums of the agent's vote scores (votes, log-score, Brier,
  and the uniform prior's beside them), its belief's kind;
* ``summary.json`` — ``teams``: the agent's team win share as SHIELD and as HYDRA; ``sides``:
  the share of games each team won; ``deduction``: mean log-score and Brier per vote (and
  the prior's), the knock-out precision (the share of knocked-out seats that were HYDRA);
  every share with its 95% Wilson interval, at the run's player count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from agents import evaluate_defaults, stats
from agents.backends import GameRecord, GameTask, new_game
from agents.evaluate_defaults import EvalRun, percent_text
from agents.game_tools.hail_hydra.teams import rates_text, seat_rates, side_rates, team_won

SCORE_COLUMNS = ("votes", "log_score_sum", "brier_sum", "log_prior_sum", "brier_prior_sum")
COLUMNS = (*evaluate_defaults.COLUMNS, "loyalty", "winner", "team_won", "knockouts_shield", "knockouts_hydra",
           *SCORE_COLUMNS, "belief")


def play_scored_task(task: GameTask) -> GameRecord:
    """Play one game (the agent at seat ``index % seats``, as the generic seating puts it),
    scoring the agent's belief at its votes while SHIELD; the sums go into the result."""
    from hydra_env.envs.bots import make_bot
    from hydra_env.games.hail_hydra.deduction import Tally, belief_label, play_scored
    game = new_game(task)
    bots = [make_bot(spec, game=task.game, seed=s) for spec, s in zip(task.specs, task.bot_seeds, strict=True)]
    agent = task.index % len(task.specs)
    tally = Tally()
    scored = [s == agent and not game.state.loyalty[s] for s in range(len(bots))]
    play_scored(game, bots, tally, scored)
    result = game.result().to_dict()
    result["deduction"] = {"votes": tally.votes, "log_score_sum": tally.log, "brier_sum": tally.brier,
                           "log_prior_sum": tally.log_prior, "brier_prior_sum": tally.brier_prior,
                           "belief": belief_label(bots[agent])}
    history = list(game.history)
    return GameRecord(task.index, task.seed, result, history if task.record else None,
                      [None] * len(history) if task.record else None, len(history))


def play_function(run: EvalRun) -> Callable[[GameTask], GameRecord]:
    """:func:`play_scored_task`."""
    return play_scored_task


def turns(result: dict[str, Any]) -> int:
    """The decisions of a game."""
    return int(result["decisions"])


def games_csv_row(run: EvalRun, rec: GameRecord, task: GameTask, turns: int) -> dict[str, Any]:
    """The generic row and the team and deduction columns (module docstring); the scores
    leave ``rec.result``, so that a saved replay holds the game's own result."""
    row = evaluate_defaults.game_row(run, rec, task, turns)
    r, seat = rec.result, row["seat"]
    scores = r.pop("deduction", {})        # not the game's result: a saved replay must match its replay
    row.update({"loyalty": r["loyalty"][seat], "winner": r["winner"], "team_won": int(team_won(r, seat)),
                "knockouts_shield": r["knockouts_shield"], "knockouts_hydra": r["knockouts_hydra"],
                **{key: scores.get(key, 0) for key in SCORE_COLUMNS},
                "belief": scores.get("belief", "")})
    return row


def games_csv_columns(run: EvalRun, summary: dict[str, Any]) -> tuple[str, ...]:
    """The generic columns, then the team and deduction columns."""
    return COLUMNS


def summary_statistics(run: EvalRun, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The generic statistics with ``teams``, ``sides`` and ``deduction`` (module docstring)."""
    summary = evaluate_defaults.summarize(rows, run.seats)
    summary["teams"] = seat_rates((str(r["loyalty"]), int(r["team_won"]) == 1) for r in rows)
    summary["sides"] = side_rates(str(r["winner"]) for r in rows)
    votes = sum(int(r["votes"]) for r in rows)

    def mean(key: str) -> float | None:
        return sum(float(r[key]) for r in rows) / votes if votes else None
    hits = sum(int(r["knockouts_hydra"]) for r in rows)
    knockouts = hits + sum(int(r["knockouts_shield"]) for r in rows)
    summary["deduction"] = {"belief": next((str(r["belief"]) for r in rows if r["belief"]), ""), "votes": votes,
                            "log_score": mean("log_score_sum"), "brier": mean("brier_sum"),
                            "log_score_prior": mean("log_prior_sum"), "brier_prior": mean("brier_prior_sum"),
                            "ko_precision": stats.rate_summary(hits, knockouts)}
    return summary


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def report_text(run: EvalRun, summary: dict[str, Any]) -> str:
    """The generic lines, then the team win shares and the deduction figures."""
    d = summary["deduction"]
    lines = [evaluate_defaults.report(summary),
             f"  {'team won, by loyalty':<22} {rates_text(summary['teams'])}  ({run.seats} players)",
             f"  {'games won by team':<22} {rates_text(summary['sides'])}",
             f"  {'deduction as SHIELD':<22} {d['votes']} votes; log-score {_number(d['log_score'])} "
             f"(uniform prior {_number(d['log_score_prior'])}), Brier {_number(d['brier'])} "
             f"(prior {_number(d['brier_prior'])}); belief: {d['belief'] or '-'}",
             f"  {'knock-out precision':<22} {d['ko_precision']['count']}/{d['ko_precision']['n']} = "
             f"{percent_text(d['ko_precision'])}  (share of knocked-out seats that were HYDRA)"]
    return "\n".join(lines)
