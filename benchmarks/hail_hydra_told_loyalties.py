"""How much of a SHIELD team's result is deduction: the same scripted SHIELD team, then the
same team told every seat's loyalty, on the same deals against the same HYDRA bots.

    PYTHONPATH=. python benchmarks/hail_hydra_told_loyalties.py --agent deduce --games 1000

Each deal (seed g, seat s's bot seeded 16 g + s, as the team match deals them) is played
twice: once as the team match plays it, and once with every SHIELD seat's information
carrying the true loyalty of every seat (``known_loyalty``, which a scripted bot's private
posterior restricts to: its belief becomes the truth). The second team cheats, so it is a
diagnostic and never a bot: the gap between the two is what perfect deduction is worth to
that team's way of playing, an upper bound on what deducing better alone can gain it.

Prints per player count both teams' win shares (95% Wilson intervals) and the paired
difference (told minus not told) with the 95% bootstrap interval of the per-deal
differences. Only scripted bots that act on the seat's information (``loyal``, ``deduce``)
can be told; a policy reads its own observation and is refused.
"""

from __future__ import annotations

import argparse
import sys
import time
from types import SimpleNamespace
from typing import Any

import numpy as np
from hail_hydra_split_team import deal_arguments

from agents.stats import mean_summary
from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.bots import HailHydraBot
from hydra_env.games.hail_hydra.calibrate import wilson
from hydra_env.games.hail_hydra.game import new_game

GAME = "hail_hydra"


def shield_won(seed: int, players: int, agent: str, hydra: str, told: bool) -> bool:
    """Whether SHIELD (``agent`` at every SHIELD seat, told every loyalty when ``told``) beats
    ``hydra`` on the deal of ``seed``."""
    game = new_game(seed=seed, num_players=players)
    truth = list(game.state.loyalty)
    bots = [make_bot(hydra if truth[s] else agent, game=GAME, seed=seed * 16 + s) for s in range(players)]
    while not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        view = game.view(seat)
        if told and not truth[seat]:
            view = SimpleNamespace(info={**view.info, "known_loyalty": truth})
        game.apply(bots[seat].act(view, legal))
    return game.result().outcome == "shield"


def compare(agent: str, hydra: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Both teams' wins on ``games`` deals from ``seed`` and the paired difference's summary."""
    plain = np.array([shield_won(s, players, agent, hydra, False) for s in range(seed, seed + games)], float)
    told = np.array([shield_won(s, players, agent, hydra, True) for s in range(seed, seed + games)], float)
    return {"plain": int(plain.sum()), "told": int(told.sum()), "difference": mean_summary(told - plain)}


def check_agent(name: str) -> None:
    """ConfigError unless ``name`` is a scripted bot of the game that acts on the seat's information."""
    if not isinstance(make_bot(name, game=GAME, seed=0), HailHydraBot):
        raise ConfigError(f"--agent {name}: only a scripted bot of the game (loyal, deduce) can be told the "
                          f"loyalties; a policy reads its own observation")


def main(argv: list[str] | None = None) -> int:
    """One line per player count: both teams' shares and the paired difference."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="deduce", help="the SHIELD bot (default deduce)")
    args = deal_arguments(parser, argv)
    try:
        check_agent(args.agent)
        make_bot(args.hydra, game=GAME, seed=0)
    except ConfigError as exc:
        parser.error(str(exc))
    for players in args.players:
        began = time.process_time()
        row = compare(args.agent, args.hydra, players, args.games, args.seed)
        shares = []
        for label in ("plain", "told"):
            low, high = wilson(row[label], args.games)
            shares.append(f"{label} {row[label] / args.games:.1%} [{low:.1%}, {high:.1%}]")
        d = row["difference"]
        print(f"{args.agent} vs {args.hydra}  {players}p  {args.games} deals  SHIELD won: {'; '.join(shares)}  "
              f"told minus plain {100 * d['mean']:+.1f} points [{100 * d['ci95'][0]:+.1f}, "
              f"{100 * d['ci95'][1]:+.1f}]  ({time.process_time() - began:.0f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
