"""How often an agent plays what a teacher bot would, per decision type, on the agent's own games.

::

    python -m agents.game_tools.hail_hydra.agreement --agent ppo:RUN/best_model.zip --teacher deduce \\
        --side shield --other saboteur --players 7 --games 30

Every seat of ``--side`` plays ``--agent`` and every other seat ``--other``, in the calibration
tables' games (``calibrate.play_game``: seed ``g``, seat ``s``'s bot seeded ``16 g + s``). At each decision
of a ``--side`` seat with more than one legal action, the teacher (a bot of its own for each seat,
seeded apart) is asked what it would play there; the table counts, per decision type, how often
the agent's action was the teacher's. ``--agent`` equal to ``--teacher`` gives the ceiling: how
often two differently seeded copies of the teacher agree (a bot that breaks ties at random agrees
with itself less than always). Written for the imitation of ``deduce``: it shows which decisions
a policy has not learned (seat targets, for one) on the positions its own team reaches.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from agents.outputs import UsageError, run_tool
from agents.progress import progress
from hydra_env import ConfigError
from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.calibrate import play_game
from hydra_env.games.hail_hydra.state import DECISION_NAMES, HYDRA, SHIELD

GAME = "hail_hydra"
TEACHER_SEED = 1_000_003
"""Added to a seat's bot seed for its teacher (so a teacher does not share the agent's draws)."""


class _Judge:
    """Counts, per decision type, the ``side`` seats' decisions and those the teacher agrees with;
    a teacher of its own per seat, new for every game."""

    def __init__(self, teacher: str, side: int) -> None:
        self.teacher, self.side = teacher, side
        self.decisions: Counter[str] = Counter()
        self.agreed: Counter[str] = Counter()
        self.teachers: dict[int, Any] = {}
        self.game_seed = 0

    def new_game(self, seed: int) -> None:
        """Forget the last game's teachers."""
        self.game_seed, self.teachers = seed, {}

    def __call__(self, game: Any, seat: int, view: Any, legal: list[int], action: int) -> None:
        if game.state.loyalty[seat] != self.side or len(legal) <= 1:
            return
        if seat not in self.teachers:
            self.teachers[seat] = make_bot(self.teacher, game=GAME, seed=16 * self.game_seed + seat + TEACHER_SEED)
        kind = DECISION_NAMES[view.info["decision"][1]]
        self.decisions[kind] += 1
        self.agreed[kind] += int(self.teachers[seat].act(view, legal)) == int(action)


def agreement(agent: str, teacher: str, side: int, other: str, players: int, games: int,
              seed: int = 0, quiet: bool = True) -> dict[str, dict[str, int]]:
    """Per decision type: ``decisions`` of the ``side`` seats (more than one legal action) and
    ``agreed``, those where ``agent`` played ``teacher``'s action."""
    judge = _Judge(teacher, side)
    shield, hydra = (agent, other) if side == SHIELD else (other, agent)
    for g in progress(range(seed, seed + games), desc="agreement", unit="game", quiet=quiet):
        judge.new_game(g)
        play_game(g, players, lambda seed: make_bot(shield, game=GAME, seed=seed),
                  lambda seed: make_bot(hydra, game=GAME, seed=seed), {}, judge)
    return {kind: {"decisions": judge.decisions[kind], "agreed": judge.agreed[kind]}
            for kind in DECISION_NAMES if judge.decisions[kind]}


def table_text(rows: dict[str, dict[str, int]]) -> str:
    """The table as text: one line per decision type, then all of them."""
    lines = [f"{'decision':<16} {'decisions':>9} {'agreement':>9}"]
    for kind, row in rows.items():
        lines.append(f"{kind:<16} {row['decisions']:>9} {row['agreed'] / row['decisions']:>9.1%}")
    total = sum(r["decisions"] for r in rows.values())
    if total:
        lines.append(f"{'all':<16} {total:>9} {sum(r['agreed'] for r in rows.values()) / total:>9.1%}")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    """The command line (checked in :func:`run_command`)."""
    parser = argparse.ArgumentParser(prog="python -m agents.game_tools.hail_hydra.agreement",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--agent", required=True, help="the agent judged (a bot spec, e.g. ppo:PATH)")
    parser.add_argument("--teacher", default="deduce", help="the bot it is compared with")
    parser.add_argument("--side", choices=("shield", "hydra"), default="shield", help="the team the agent plays")
    parser.add_argument("--other", default="saboteur", help="the agent of the other team's seats")
    parser.add_argument("--players", type=int, default=7, help="player count (5-8)")
    parser.add_argument("--games", type=int, default=30, help="games to play")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def run_command(args: argparse.Namespace) -> int:
    """Check the arguments and the agents, play, print the table."""
    if not 5 <= args.players <= 8:
        raise UsageError(f"--players: Hail Hydra is played by 5 to 8, got {args.players}")
    for flag, value, low in (("--games", args.games, 1), ("--seed", args.seed, 0)):
        if value < low:
            raise UsageError(f"{flag} must be at least {low}, got {value}")
    try:
        for spec in dict.fromkeys([args.agent, args.teacher, args.other]):
            make_bot(spec, game=GAME, seed=0)
    except ConfigError as error:
        raise UsageError(str(error)) from None
    side = HYDRA if args.side == "hydra" else SHIELD
    rows = agreement(args.agent, args.teacher, side, args.other, args.players, args.games, args.seed,
                     quiet=args.quiet)
    print(f"{args.agent} against {args.teacher}, {args.side} seats, {args.players} players, "
          f"{args.games} games (other team: {args.other})")
    print(table_text(rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad option or agent is one line on stderr and exit status 2."""
    return run_tool("agreement", parser(), run_command, argv)


if __name__ == "__main__":
    raise SystemExit(main())
