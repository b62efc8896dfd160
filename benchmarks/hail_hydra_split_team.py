"""Which decisions cost a SHIELD team its games: every SHIELD seat takes its ballots
(nominations and votes) from one agent and every other decision (plays, claims, gifts,
abilities, knock-out offers) from another, against scripted HYDRA, on the seeds the team match
and the calibration tables deal (seed g, seat s's bots seeded 16 g + s: a paired comparison).

    PYTHONPATH=. python benchmarks/hail_hydra_split_team.py --ballots deduce \\
        --rest ppo:runs/RUN/warm_start.zip --games 500

With both agents the same it is that agent's own team (``--ballots deduce --rest deduce`` gives
``team_match``'s row for ``deduce``). Prints a progress line per player count and SHIELD's win
share with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.calibrate import play_game, wilson
from hydra_env.games.hail_hydra.state import NOMINATE, VOTE

GAME = "hail_hydra"


class SplitBot:
    """A seat whose ballots come from ``ballots`` and every other decision from ``rest``."""

    def __init__(self, ballots: Any, rest: Any) -> None:
        self.ballots, self.rest = ballots, rest

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The ballot agent's choice on a nomination or a vote, else the other agent's."""
        kind = view.info["decision"][1]
        return (self.ballots if kind in (NOMINATE, VOTE) else self.rest).act(view, legal_actions)


def split_factory(ballots: str, rest: str) -> Any:
    """``factory(seed=...)``: a :class:`SplitBot` of the two agents, both seeded alike (one bot
    for both sides when they are the same agent: its own team, its random draws in one stream)."""
    def factory(seed: int | None = None) -> SplitBot:
        bot = make_bot(ballots, game=GAME, seed=seed)
        return SplitBot(bot, bot if rest == ballots else make_bot(rest, game=GAME, seed=seed))
    return factory


def shield_wins(ballots: str, rest: str, hydra: str, players: int, games: int, seed: int = 0) -> int:
    """SHIELD's wins over ``games`` games (seeds ``seed``…) of the split team against ``hydra``."""
    shield = split_factory(ballots, rest)

    def hydra_bot(seed: int | None = None) -> Any:
        return make_bot(hydra, game=GAME, seed=seed)
    return sum(play_game(s, players, shield, hydra_bot, {}).result().outcome == "shield"
               for s in range(seed, seed + games))


def main(argv: list[str] | None = None) -> int:
    """One line per player count: SHIELD's wins and share with its interval."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ballots", required=True, help="the agent of the nominations and votes (a bot spec)")
    parser.add_argument("--rest", required=True, help="the agent of every other SHIELD decision (a bot spec)")
    parser.add_argument("--hydra", default="saboteur", help="the agent of every HYDRA seat (default saboteur)")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8], help="player counts (5-8)")
    parser.add_argument("--games", type=int, default=500, help="games per player count (default 500)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if any(not 5 <= n <= 8 for n in args.players):
        parser.error("--players: Hail Hydra is played by 5 to 8")
    try:
        for spec in (args.ballots, args.rest, args.hydra):
            make_bot(spec, game=GAME, seed=0)
    except ConfigError as exc:
        parser.error(str(exc))
    for players in args.players:
        began = time.process_time()
        wins = shield_wins(args.ballots, args.rest, args.hydra, players, args.games, args.seed)
        low, high = wilson(wins, args.games)
        print(f"ballots {args.ballots}  rest {args.rest}  vs {args.hydra}  {players}p  SHIELD won "
              f"{wins}/{args.games} = {wins / args.games:.1%} [{low:.1%}, {high:.1%}]  "
              f"({time.process_time() - began:.0f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
