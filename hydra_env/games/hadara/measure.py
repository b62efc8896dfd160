"""Measure Hadara's bots against the calibration targets (the rules page, "Calibration").

::

    python -m hydra_env.games.hadara.measure --games 300 --players 4

prints, per table: mean score ± standard deviation per bot, win shares (shared wins
split), the score shares by category, cards bought per pick, decisions per game.
Seats are rotated: game g seats the line-up shifted by g. numpy and the standard library only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from hydra_env.games.hadara.bots import GreedyBot, SpecialistBot
from hydra_env.games.hadara.game import HadaraGame
from hydra_env.games.hadara.scoring import CATEGORIES


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any, legal: list[int]) -> int:
        return legal[self.rng.randrange(len(legal))]


def make(name: str, seed: int) -> Any:
    """A bot by name: random, greedy or specialist-<colour>."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed=seed)
    return SpecialistBot(seed=seed, colour=name.split("-", 1)[1])


def play(lineup: list[str], games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games of the line-up (seats rotated); figures per bot name."""
    n = len(lineup)
    scores, wins, parts = defaultdict(list), defaultdict(float), defaultdict(lambda: defaultdict(int))
    counts = defaultdict(lambda: defaultdict(float))
    by_setup, first_gap = defaultdict(list), []
    decisions = []
    for g in range(games):
        names = [lineup[(s + g) % n] for s in range(n)]
        bots = [make(name, seed * 100003 + g * 17 + s) for s, name in enumerate(names)]
        game = HadaraGame.new(n, seed * 1000003 + g)
        while not game.is_over:
            seat = game.current_player
            game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
        result = game.result()
        decisions.append(len(game.history))
        mean = sum(result.scores) / n
        for s in range(n):
            by_setup[game.components.setup_cards[game.state.setup[s]].id].append(result.scores[s] - mean)
        first = game.state.first[0]
        first_gap.append(result.scores[first] - (sum(result.scores) - result.scores[first]) / (n - 1))
        for s, name in enumerate(names):
            scores[name].append(result.scores[s])
            if s in result.winners:
                wins[name] += 1 / len(result.winners)
            for cat in CATEGORIES:
                parts[name][cat] += result.breakdown[s][cat]
            state = game.state
            for key, amount in (("bought", (len(state.tableau[s]) + len(state.removed[s])) / 30),
                                ("cards", len(state.tableau[s])), ("removed", len(state.removed[s])),
                                ("colonies", len(state.colonies[s])), ("integrated", sum(state.integrated[s])),
                                ("statues", sum(v >= 0 for v in state.statues[s])), ("silver", len(state.silver[s])),
                                ("gold", state.gold[s])):
                counts[name][key] += amount
    seats_of = {name: lineup.count(name) for name in set(lineup)}
    out = {"decisions": statistics.mean(decisions), "bots": {}, "first_player": statistics.mean(first_gap),
           "setup_cards": {k: statistics.mean(v) for k, v in sorted(by_setup.items())}}
    for name, values in scores.items():
        total = sum(parts[name].values()) or 1
        out["bots"][name] = {"mean": statistics.mean(values), "sd": statistics.pstdev(values),
                             "win_share": wins[name] / (games * seats_of[name]),
                             "shares": {c: parts[name][c] / total for c in CATEGORIES},
                             "per_player": {k: v / (games * seats_of[name]) for k, v in counts[name].items()}}
    return out


def report(title: str, figures: dict[str, Any]) -> None:
    """Print one table's figures."""
    setups = " ".join(f"{k} {v:+.1f}" for k, v in figures["setup_cards"].items())
    print(f"== {title}: decisions per game {figures['decisions']:.1f}; epoch-I first player "
          f"{figures['first_player']:+.1f} against the others; setup cards against the table mean: {setups}")
    for name, f in sorted(figures["bots"].items()):
        shares = " ".join(f"{c} {100 * v:.1f}" for c, v in f["shares"].items())
        print(f"  {name:18s} score {f['mean']:6.1f} ± {f['sd']:4.1f}  win share {100 * f['win_share']:5.1f}%  "
              f"shares % {shares}")
        per = " ".join(f"{k} {v:.2f}" for k, v in f["per_player"].items())
        print(f"  {'':18s} per player: {per}")


def main(argv: list[str] | None = None) -> None:
    """Run the tables named by the arguments."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default="self,mixed,specialists",
                        help="comma-separated: self, mixed, specialists, five")
    args = parser.parse_args(argv)
    n, games = args.players, args.games
    for table in args.tables.split(","):
        start = time.time()
        if table == "self":
            report(f"greedy self-play {n}p", play(["greedy"] * n, games, args.seed))
            report(f"random self-play {n}p", play(["random"] * n, games, args.seed))
        elif table == "mixed":
            lineup = [("greedy" if s % 2 == 0 else "random") for s in range(n)]
            report(f"greedy vs random, alternate seats {n}p", play(lineup, games, args.seed))
        elif table == "specialists":
            for colour in ("yellow", "red", "blue", "green", "purple"):
                report(f"specialist-{colour} vs {n - 1} greedy",
                       play([f"specialist-{colour}"] + ["greedy"] * (n - 1), games, args.seed))
        elif table == "five":
            report("five specialists, 5p", play([f"specialist-{c}" for c in ("yellow", "red", "blue", "green",
                                                                               "purple")], games, args.seed))
        print(f"  ({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
