"""``hydra-env watch AGENT``: play one game with an agent and write its replay page.

::

    hydra-env watch heuristic                         # the default game, a random seed
    hydra-env watch ppo:runs/Solo-v0__ppo__0__20261202-120000 --open
    hydra-env watch greedy --game hydras --num-players 4 --seed 7 --opponents random

The agent (any bot spec: a scripted bot, ``ppo:RUN`` or ``ppo:FILE.zip`` …) plays seat
``--seat`` of one game of ``--game`` (its options as for ``play``), the other seats the
game's default opponents (its ``heuristic`` bot, else ``random``) or ``--opponents``. The
game is recorded as ``hydra-env replay`` records one (:mod:`agents.replay`, with the bots'
notes) and shown by the same replay page (:mod:`agents.viewer`: the game's own page, or
the generic one for a game without). Both go into a new run folder,
``RUNS/watch/{game}__{agent}__{time}/`` (``replay.json``, ``replay.html``), whose page's
path is printed; ``--open`` opens it in the browser.
"""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path
from typing import Any

import numpy as np

from agents import cli, games


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``watch`` sub-command."""
    p = subparsers.add_parser(
        "watch", help="play one game with an agent and write (or open) its replay page",
        description=__doc__.split("::")[0].strip() + "\n\n" + __doc__.split("::")[1].split("The agent")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("agent", help="the agent's spec: a bot (heuristic, random ...), ppo:RUN_DIR or "
                                 "ppo:FILE.zip (`hydra-env bots` lists them)")
    games.add_game_flag(p, "watch")
    p.add_argument("--seed", type=cli.seed_value, default=None,
                   help="the game's seed, 0 to 2^63-1 (default: a random one, printed)")
    p.add_argument("--seat", type=cli.non_negative_int, default=0, help="the agent's seat (default: 0)")
    p.add_argument("--opponents", type=cli.spec_list, metavar="SPEC[,SPEC...]",
                   help="the other seats' bots: one for all, or one per seat (default: the game's "
                        "heuristic bot, else random)")
    p.add_argument("--runs-dir", type=Path, default=Path("runs"),
                   help="where the run folder is made, under watch/ (default: runs)")
    p.add_argument("--open", action="store_true", help="open the page in the browser")
    p.set_defaults(run=run)
    return p


def watch(game: str, params: dict[str, Any], agent: str, *, seed: int, seat: int,
          opponents: list[str], runs_dir: Path) -> Path:
    """Play one game (``agent`` at ``seat``, ``opponents`` on the other seats in order) and
    write ``replay.json`` and ``replay.html`` into a new run folder; the page's path."""
    from agents.backends import GameTask, bot_seed, play_game
    from agents.outputs import atomic_dir
    from agents.replay import replay_of_task, replay_text
    from agents.viewer import write_replay_page
    specs = (*opponents[:seat], agent, *opponents[seat:])
    task = GameTask(0, game, params, seed, specs, tuple(bot_seed(seed, 0, s) for s in range(len(specs))),
                    record=True)
    record = play_game(task)
    doc = replay_of_task(task, record.decisions or [], record.result, record.notes)
    folder = cli.new_run_folder(runs_dir / "watch", f"{game}__{agent}")
    with atomic_dir(folder) as tmp:
        (tmp / "replay.json").write_text(replay_text(doc), encoding="utf-8")
        write_replay_page(doc, tmp / "replay.html")
    return folder / "replay.html"


def run(args: argparse.Namespace) -> int:
    """Check the options, play, write the page, print its path (and open it)."""
    from agents.play import _other_specs
    spec, params = games.pick(args, "watch")
    players = spec.num_players(**params)
    if args.seat >= players:
        raise cli.UsageError(f"--seat {args.seat}: this {spec.title} game has seats 0-{players - 1}")
    opponents = _other_specs(args, players, spec.name, spec.hooks("play"))
    cli.check_agents([args.agent], "AGENT", game=spec.name, params=params)
    cli.check_agents(opponents, "--opponents", game=spec.name, params=params)
    from agents.outputs import check_work_folder
    check_work_folder(args.runs_dir, "--runs-dir")
    seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (1 << 62))
    seats = [*opponents[:args.seat], args.agent, *opponents[args.seat:]]
    print(f"{spec.title}, seed {seed}: " + ", ".join(f"seat {s} {name}" for s, name in enumerate(seats)))
    page = watch(spec.name, params, args.agent, seed=seed, seat=args.seat, opponents=opponents,
                 runs_dir=args.runs_dir)
    print(f"replay page: {page}")
    if args.open and not webbrowser.open(page.resolve().as_uri()):
        print("no browser could be opened; open the page above yourself")
    return 0
