"""How well the bots find HYDRA (issue 26): belief scores at each vote and knock-out precision.

::

    python -m hydra_env.games.hail_hydra.deduction --games 200
    python -m hydra_env.games.hail_hydra.deduction --games 50 --players 5 8 --bots deduce loyal --hydra saboteur

Per bot and player count, SHIELD seats are played by the bot and HYDRA seats by ``--hydra``
(default ``saboteur``, r = 1), from seeds 0, 1, ... At every VOTE decision of a SHIELD seat
the bot's belief (``bot.belief(view)``: the chance that each seat is HYDRA; the uniform
prior HYDRA/players for a bot without one, and for :class:`.bots.RandomBot`) is scored on
the true loyalties of the *other* seats:

- **log-score**: the mean of ln P(true loyalty) (0 is perfect, higher is better; each
  probability clipped to [1e-6, 1 − 1e-6]);
- **Brier score**: the mean of (p − y)², y = 1 for HYDRA (0 is perfect, lower is better).

The row also gives the uniform prior's scores on the same votes (the baseline a belief
must beat), the **knock-out precision** (the share of seats voted out that were HYDRA) and
SHIELD's win share, each share with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hydra_env.games.hail_hydra.bots import DeduceBot, LoyalBot, RandomBot, SaboteurBot, uniform_belief
from hydra_env.games.hail_hydra.calibrate import wilson
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.state import HYDRA, VOTE

CLIP = 1e-6
BOTS: dict[str, Callable[..., Any]] = {"random": RandomBot, "loyal": LoyalBot, "saboteur": SaboteurBot,
                                       "deduce": DeduceBot}


def log_score(belief: Sequence[float], loyalty: Sequence[int], skip: int | None = None) -> float:
    """The mean of ln P(true loyalty) over the seats but ``skip`` (probabilities clipped)."""
    terms = [math.log(min(max(p if loyalty[s] == HYDRA else 1.0 - p, CLIP), 1.0 - CLIP))
             for s, p in enumerate(belief) if s != skip]
    return sum(terms) / len(terms)


def brier_score(belief: Sequence[float], loyalty: Sequence[int], skip: int | None = None) -> float:
    """The mean of (p − y)² over the seats but ``skip`` (y = 1 for HYDRA)."""
    terms = [(p - (1.0 if loyalty[s] == HYDRA else 0.0)) ** 2 for s, p in enumerate(belief) if s != skip]
    return sum(terms) / len(terms)


def belief_of(bot: Any, view: Any) -> list[float]:
    """The bot's belief, or the uniform prior for a bot that exposes none."""
    if hasattr(bot, "belief"):
        return list(bot.belief(view))
    info = view.info
    return uniform_belief(info["players"], info["hydra_count"])


def belief_label(bot: Any) -> str:
    """What the bot's belief is (``belief_label``), or that it is the uniform prior."""
    return getattr(bot, "belief_label", "uniform prior (the bot exposes no belief)")


@dataclass
class Tally:
    """Running sums of one bot at one player count (:meth:`row` gives the figures)."""

    votes: int = 0
    log: float = 0.0
    brier: float = 0.0
    log_prior: float = 0.0
    brier_prior: float = 0.0
    knockouts: int = 0
    hits: int = 0
    games: int = 0
    shield_wins: int = 0

    def add_vote(self, belief: Sequence[float], loyalty: Sequence[int], seat: int) -> None:
        """Score one belief held by ``seat`` at its vote, and the uniform prior beside it."""
        prior = uniform_belief(len(loyalty), sum(1 for x in loyalty if x == HYDRA))
        self.votes += 1
        self.log += log_score(belief, loyalty, seat)
        self.brier += brier_score(belief, loyalty, seat)
        self.log_prior += log_score(prior, loyalty, seat)
        self.brier_prior += brier_score(prior, loyalty, seat)

    def add_game(self, result: Any) -> None:
        """One finished game's knock-outs and winner."""
        self.games += 1
        self.shield_wins += result.outcome == "shield"
        self.knockouts += result.knockouts_shield + result.knockouts_hydra
        self.hits += result.knockouts_hydra

    def row(self) -> dict[str, Any]:
        """The figures: means per vote, shares with their 95% Wilson intervals."""
        def mean(total: float) -> float | None:
            return total / self.votes if self.votes else None
        return {"games": self.games, "votes": self.votes, "log_score": mean(self.log),
                "brier": mean(self.brier), "log_score_prior": mean(self.log_prior),
                "brier_prior": mean(self.brier_prior), "knockouts": self.knockouts,
                "ko_precision": self.hits / self.knockouts if self.knockouts else None,
                "ko_precision_ci95": list(wilson(self.hits, self.knockouts)),
                "shield_win": self.shield_wins / self.games if self.games else None,
                "shield_win_ci95": list(wilson(self.shield_wins, self.games))}


def play_scored(game: Any, bots: Sequence[Any], tally: Tally, scored: Sequence[bool]) -> None:
    """Play ``game`` to its end with one bot per seat, scoring the belief of every seat of
    ``scored`` at each of its votes; then the game's result."""
    loyalty = list(game.state.loyalty)
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        if scored[seat] and view.decision == VOTE:
            tally.add_vote(belief_of(bots[seat], view), loyalty, seat)
        game.apply(bots[seat].act(view, game.legal_actions()))
    tally.add_game(game.result())


def measure(shield: Callable[..., Any], hydra: Callable[..., Any], players: int, games: int,
            seed: int = 0) -> dict[str, Any]:
    """The figures of ``games`` games: SHIELD seats made by ``shield(seed=...)``, HYDRA seats by
    ``hydra(seed=...)`` (factories of bots); game i is dealt from ``seed + i``."""
    tally = Tally()
    for i in range(games):
        game = new_game(seed=seed + i, num_players=players)
        loyalty = game.state.loyalty
        bots = [(hydra if loyalty[s] == HYDRA else shield)(seed=(seed + i) * 16 + s) for s in range(players)]
        play_scored(game, bots, tally, [loyalty[s] != HYDRA for s in range(players)])
    return tally.row()


def _number(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _share(value: float | None, ci: Sequence[float]) -> str:
    low, high = max(ci[0], 0.0), min(ci[1], 1.0)
    return "-" if value is None else f"{value:6.1%} [{low:5.1%}, {high:5.1%}]"


def table_lines(name: str, label: str, rows: dict[int, dict[str, Any]]) -> list[str]:
    """The printed table of one bot: one line per player count."""
    lines = [f"{name} — belief: {label}",
             f"  {'players':>7} {'games':>5} {'votes':>6} {'log-score':>9} {'(prior)':>8} {'Brier':>6} "
             f"{'(prior)':>7}  {'knock-out precision':<24} SHIELD wins"]
    for players, row in rows.items():
        lines.append(f"  {players:>7} {row['games']:>5} {row['votes']:>6} {_number(row['log_score']):>9} "
                     f"{_number(row['log_score_prior']):>8} {_number(row['brier']):>6} "
                     f"{_number(row['brier_prior']):>7}  "
                     f"{_share(row['ko_precision'], row['ko_precision_ci95']):<24} "
                     f"{_share(row['shield_win'], row['shield_win_ci95'])}")
    return lines


def _bot_name(text: str) -> str:
    if text not in BOTS:
        raise argparse.ArgumentTypeError(f"unknown bot {text!r}; choose from {', '.join(BOTS)}")
    return text


def _players(text: str) -> int:
    if text.strip() not in ("5", "6", "7", "8"):
        raise argparse.ArgumentTypeError(f"Hail Hydra seats 5 to 8 players, got {text!r}")
    return int(text)


def _games(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--games needs a whole number of games, 1 or more; got {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> None:
    """Print one table per bot (this module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=_games, default=200, help="games per bot and player count")
    parser.add_argument("--players", type=_players, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--bots", type=_bot_name, nargs="+", default=list(BOTS), help="the SHIELD bots")
    parser.add_argument("--hydra", type=_bot_name, default="saboteur", help="the bot of the HYDRA seats")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed + i")
    args = parser.parse_args(argv)
    print(f"SHIELD seats: each bot below; HYDRA seats: {args.hydra}; {args.games} games per row; "
          f"scores at each SHIELD vote over the other seats (log-score higher is better, Brier lower)")
    for name in args.bots:
        rows = {}
        for players in args.players:
            print(f"  {name}, {players} players ...", flush=True)
            rows[players] = measure(BOTS[name], BOTS[args.hydra], players, args.games, args.seed)
        print("\n".join(table_lines(name, belief_label(BOTS[name]), rows)), flush=True)


if __name__ == "__main__":
    main()
