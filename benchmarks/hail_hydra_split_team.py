"""Which decisions cost a SHIELD team its games: every SHIELD seat takes some kinds of
decision (``--kinds``, by default its ballots: nominations and votes) from one agent and every
other decision (plays, claims, gifts, abilities, offers) from another, against scripted HYDRA,
on the seeds the team match and the calibration tables deal (seed g, seat s's bots seeded
16 g + s: a paired comparison).

    PYTHONPATH=. python benchmarks/hail_hydra_split_team.py --agent deduce \\
        --rest ppo:runs/RUN/warm_start.zip --games 500
    PYTHONPATH=. python benchmarks/hail_hydra_split_team.py --agent ppo:runs/RUN/warm_start.zip \\
        --kinds play claim --rest deduce --games 500

With both agents the same it is that agent's own team (``--agent deduce --rest deduce`` gives
``team_match``'s row for ``deduce``). Prints a line per player count: SHIELD's win share with
its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.calibrate import check_counts, play_game, wilson
from hydra_env.games.hail_hydra.state import DECISION_NAMES, NOMINATE, VOTE

GAME = "hail_hydra"


BALLOTS = (NOMINATE, VOTE)
"""The decision kinds of the ballots (the default ``--kinds``)."""


class SplitBot:
    """A seat whose decisions of the kinds ``kinds`` come from ``chosen`` and every other one
    from ``rest``."""

    def __init__(self, chosen: Any, rest: Any, kinds: tuple[int, ...] = BALLOTS) -> None:
        self.chosen, self.rest, self.kinds = chosen, rest, kinds

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The first agent's choice on a decision of ``kinds``, else the other agent's."""
        kind = view.info["decision"][1]
        return (self.chosen if kind in self.kinds else self.rest).act(view, legal_actions)


def split_factory(chosen: str, rest: str, kinds: tuple[int, ...] = BALLOTS) -> Any:
    """``factory(seed=...)``: a :class:`SplitBot` of the two agents, both seeded alike (one bot
    for both sides when they are the same agent: its own team, its random draws in one stream)."""
    def factory(seed: int | None = None) -> SplitBot:
        bot = make_bot(chosen, game=GAME, seed=seed)
        return SplitBot(bot, bot if rest == chosen else make_bot(rest, game=GAME, seed=seed), kinds)
    return factory


def decision_kinds(names: list[str]) -> tuple[int, ...]:
    """Decision names (``play``, ``knock-out_offer`` or ``knock-out offer``...) as their kinds;
    ValueError naming the accepted ones."""
    spelled = {name.replace(" ", "_"): kind for kind, name in enumerate(DECISION_NAMES)}
    unknown = [n for n in names if n.replace(" ", "_") not in spelled]
    if unknown:
        raise ValueError(f"unknown decision {unknown[0]!r}; the decisions: {', '.join(spelled)}")
    return tuple(spelled[n.replace(" ", "_")] for n in names)


def shield_wins(chosen: str, rest: str, hydra: str, players: int, games: int, seed: int = 0,
                kinds: tuple[int, ...] = BALLOTS) -> int:
    """SHIELD's wins over ``games`` games (seeds ``seed``…) of the split team against ``hydra``."""
    shield = split_factory(chosen, rest, kinds)

    def hydra_bot(seed: int | None = None) -> Any:
        return make_bot(hydra, game=GAME, seed=seed)
    return sum(play_game(s, players, shield, hydra_bot, {}).result().outcome == "shield"
               for s in range(seed, seed + games))


def deal_arguments(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """``parser``'s arguments with the ones every SHIELD-team benchmark shares (``--hydra``,
    ``--players``, ``--games``, ``--seed``), parsed and their counts checked."""
    parser.add_argument("--hydra", default="saboteur", help="the agent of every HYDRA seat (default saboteur)")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8], help="player counts (5-8)")
    parser.add_argument("--games", type=int, default=500, help="games per player count (default 500)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    check_counts(parser, args.games, args.players)
    return args


def main(argv: list[str] | None = None) -> int:
    """One line per player count: SHIELD's wins and share with its interval."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", required=True,
                        help="the agent of the decisions of --kinds (a bot spec; by default the nominations and votes)")
    parser.add_argument("--kinds", nargs="+", default=["nominate", "vote"],
                        help="the decisions the --agent agent takes (default: nominate vote)")
    parser.add_argument("--rest", required=True, help="the agent of every other SHIELD decision (a bot spec)")
    args = deal_arguments(parser, argv)
    try:
        kinds = decision_kinds(args.kinds)
    except ValueError as exc:
        parser.error(f"--kinds: {exc}")
    try:
        for spec in (args.agent, args.rest, args.hydra):
            make_bot(spec, game=GAME, seed=0)
    except ConfigError as exc:
        parser.error(str(exc))
    for players in args.players:
        began = time.process_time()
        wins = shield_wins(args.agent, args.rest, args.hydra, players, args.games, args.seed, kinds)
        low, high = wilson(wins, args.games)
        print(f"{' '.join(args.kinds)}: {args.agent}  rest {args.rest}  vs {args.hydra}  {players}p  SHIELD won "
              f"{wins}/{args.games} = {wins / args.games:.1%} [{low:.1%}, {high:.1%}]  "
              f"({time.process_time() - began:.0f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
