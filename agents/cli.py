"""The ``hydra-env`` command line.

::

    hydra-env evaluate --mode solo --agent heuristic --games 10000 --workers 2
    hydra-env tournament --players heuristic,glory,defender,rollout --scenario 1 --games 2000
    hydra-env play --mode solo
    hydra-env replay runs/eval/.../replays/game-000017.json
    hydra-env train coop_ppo
    hydra-env bots
    hydra-env evaluate --game hydras --agent heuristic --opponents greedy --num-players 3

``evaluate``, ``tournament``, ``play`` and ``replay`` serve every registered game
(``--game NAME``, :mod:`agents.games`; each game's own parts in ``agents.game_tools``).

Each command is a module of :data:`COMMANDS` exposing ``add_parser(subparsers)``
(which sets ``run`` as the parser's default) and ``run(args) -> int``; a new
command is one more module and one more line there. This module also holds
what the commands share: argument types and groups, agent checks and progress
bars; :mod:`agents.outputs` checks and writes the output folders and files.

Every input is checked before the first game: a bad argument, an option that
cannot apply (``--address`` without ``--backend ray``, ``--opponents`` in a
solo game, a ``solo_*`` rule in a coordinated scenario) or an output that
cannot be written prints a message naming the option and gives exit code 2
(no traceback); a game that fails gives exit code 1. Integers are whole
numbers in ASCII digits (no ``1e3``, ``2.0`` or ``1_000``). Output piped into
a program that stops reading (``| head -1``) is dropped quietly and the
command still finishes its work.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import io
import os
import re
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import hydra_env
from agents.backends import GameError, GameRecord, GameTask, describe_workers, run_games
from agents.interrupts import terminate_as_interrupt
from agents.outputs import UsageError, atomic_dir, atomic_write_text, check_file_out, check_out
from hydra_env import HydraError

PROG = "hydra-env"
COMMANDS = (
    "agents.evaluate",
    "agents.tournament",
    "agents.play",
    "agents.replay_command",
    "agents.train.command",
    "agents.tune",
    "agents.watch",
    "agents.bots_command",
    "agents.stream.command",
)


__all__ = ["PROG", "COMMANDS", "UsageError", "atomic_dir", "atomic_write_text", "check_file_out",
           "check_out", "main"]
MAX_WORKERS = 1024
_INTEGER = re.compile(r"\s*[+-]?[0-9]{1,30}\s*$")


# --------------------------------------------------------------------------- argument types

def _integer(text: str) -> int:
    """An integer written in ASCII digits (no ``1e3``, ``1_000``, ``2.0`` or other scripts' digits)."""
    if not isinstance(text, str) or not _INTEGER.match(text):
        raise argparse.ArgumentTypeError(f"expected an integer (a whole number such as 10), got {text!r}")
    return int(text)


MAX_GAMES = 10**12
"""The most games one run may play (``--games``)."""
MAX_SEED = 2**63 - 1
"""The largest run seed (``--seed``): game and bot seeds are derived from it."""


def bounded_int(low: int, high: int | None = None) -> Any:
    """An argparse type: an integer from ``low`` to ``high`` (None: no upper bound); the
    error states the range."""
    def convert(text: str) -> int:
        value = _integer(text)
        span = "" if high is None else f" (an integer from {low} to {high:,})"
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}{span}, got {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}{span}, got {value}")
        return value
    convert.__name__ = "integer"
    return convert


def positive_int(text: str) -> int:
    """argparse type: an integer ≥ 1."""
    return bounded_int(1)(text)


def non_negative_int(text: str) -> int:
    """argparse type: an integer ≥ 0."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def worker_count(text: str) -> int:
    """argparse type: a number of worker processes, 1 to :data:`MAX_WORKERS`."""
    return bounded_int(1, MAX_WORKERS)(text)


game_count = bounded_int(1, MAX_GAMES)
"""argparse type of ``--games``: 1 to :data:`MAX_GAMES`."""
seed_value = bounded_int(0, MAX_SEED)
"""argparse type of ``--seed``: 0 to :data:`MAX_SEED`."""


def spec_list(text: str) -> list[str]:
    """argparse type: a comma-separated list of agent specs.

    A piece of the form ``key=value`` (with no ``:``) belongs to the spec before it, so
    ``rollout:budget=64,candidates=8,heuristic`` is two specs: a rollout with two
    parameters, then a heuristic."""
    specs: list[str] = []
    for piece in (s.strip() for s in text.split(",")):
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    if not all(specs):
        raise argparse.ArgumentTypeError(f"empty agent name in {text!r}")
    return specs


def replay_policy(text: str) -> str:
    """argparse type for ``--save-replays``: none, all, won, lost or a count N (the first N games)."""
    text = text.strip().lower()
    if text in ("none", "all", "won", "lost") or (text.isdigit() and int(text) >= 0):
        return text
    raise argparse.ArgumentTypeError(f"expected none, all, won, lost or a number, got {text!r}")


def wants_replay(policy: str, index: int, outcome: str) -> bool:
    """Whether game ``index`` with ``outcome`` is saved under ``--save-replays policy``."""
    if policy in ("all", outcome):
        return True
    return policy.isdigit() and index < int(policy)


# --------------------------------------------------------------------------- argument groups

def add_run_options(parser: argparse.ArgumentParser, *, games: int) -> None:
    """--games, --seed, --workers, --backend, --address, --out, --force, --save-replays, --no-progress."""
    parser.add_argument("--games", type=game_count, default=games,
                        help=f"number of games, 1 to {MAX_GAMES:,} (default: {games})")
    parser.add_argument("--seed", type=seed_value, default=0,
                        help="run seed, 0 to 2^63-1: game i uses a seed derived from (seed, i) "
                             "only (default: 0)")
    parser.add_argument("--workers", type=worker_count, default=min(os.cpu_count() or 1, MAX_WORKERS),
                        help="parallel worker processes, or local Ray CPUs (default: all cores); "
                             "results do not depend on it")
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local processes, or Ray (needs hydra-env[ray]) (default: local)")
    parser.add_argument("--address", help="Ray cluster address, with --backend ray (default: start "
                                           "a local Ray)")
    parser.add_argument("--out", type=Path, help="output folder (default: a new folder under runs/, named "
                        "after the run and the time it started)")
    parser.add_argument("--force", action="store_true", help="replace --out if it holds files")
    parser.add_argument("--save-replays", type=replay_policy, default="none",
                        metavar="none|all|won|lost|N",
                        help="save games as replays in OUT/replays (N: the first N games)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


# --------------------------------------------------------------------------- checks

def check_agents(specs: Sequence[str], flag: str = "--agent", game: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
    """Make one bot of each spec of ``game`` (None: the default game), so a bad one fails here
    naming ``flag``; with the game's ``params``, a bot that can check its use (``check_game``:
    a policy of another env or seat count) checks it on a game dealt with them."""
    from agents.games import default_game
    from hydra_env import game_spec
    from hydra_env.envs.bots import bot_names, make_bot
    game = game or default_game()
    probe = None
    for spec in dict.fromkeys(specs):
        if spec == "human":
            raise UsageError(f"{flag} human: 'human' is only for your own seat in `{PROG} play`")
        try:
            bot = make_bot(spec, game=game, seed=0)
            if params is not None and hasattr(bot, "check_game"):
                probe = probe or game_spec(game).make(seed=0, **params)
                bot.check_game(probe)
        except Exception as exc:    # noqa: BLE001 — any failure to build the bot is reported
            known = "" if "known bots" in str(exc) else f"; known bots: {', '.join(bot_names(game))}"
            raise UsageError(f"{flag}: cannot make agent {spec!r}: {exc}{known} (parameters: "
                             f"rollout:budget=64; a trained policy: ppo:NAME or ppo:PATH.zip; "
                             f"`{PROG} bots` lists them all)") from None


def check_backend(backend: str, address: str | None = None) -> None:
    """The ray backend needs Ray installed; ``--address`` needs the ray backend."""
    from agents.backends import ray_available
    if address is not None and backend != "ray":
        raise UsageError(f"--address {address} cannot apply: it is the address of a Ray cluster "
                         f"and the games run on the {backend} backend; add --backend ray, or "
                         f"drop --address")
    if backend == "ray" and not ray_available():
        raise UsageError("--backend ray needs Ray: pip install 'hydra-env[ray]'")


def slug(text: str) -> str:
    """``text`` made safe for a file name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


def new_run_folder(base: Path, name: str) -> Path:
    """A folder under ``base`` that does not exist yet, named after the run and the time it
    started, as CleanRL names its runs (``heuristic__20261202-091500``; ``-2``, ``-3`` … when
    two start within the same second): re-running a command never meets its last output."""
    stem = f"{slug(name)}__{time.strftime('%Y%m%d-%H%M%S')}"
    folder, n = base / stem, 1
    while folder.exists():
        n += 1
        folder = base / f"{stem}-{n}"
    return folder


def command_line(name: str, pairs: Sequence[tuple[str, Any]]) -> str:
    """The canonical command that reproduces a run (only what decides its results)."""
    words = [PROG, name]
    for flag, value in pairs:
        if value is None or value is False or value == []:
            continue
        if value is True:
            words.append(flag)
        else:
            for v in value if isinstance(value, list) else [value]:
                words += [flag, str(v)]
    return shlex.join(words)


# --------------------------------------------------------------------------- output and progress

def csv_text(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """Rows as CSV text (``\\n`` line ends, so the bytes are the same on every platform)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def play_all(tasks: Sequence[GameTask], args: argparse.Namespace, *, play: Any = None,
             desc: str = "games") -> tuple[list[GameRecord], float]:
    """Play ``tasks`` on the backend of ``args`` under a progress bar (rate and ETA, on
    stderr); the records in task order and the seconds it took. ``tasks`` may be a
    :class:`agents.backends.TaskList` that makes each task when it is played; ``play``
    and ``desc``: see :func:`agents.backends.run_games`, the bar's label."""
    from agents.progress import progress
    print(f"playing on {describe_workers(args.backend, args.workers, args.address)}")
    start = time.perf_counter()
    with progress(total=len(tasks), desc=desc, unit="game", quiet=args.no_progress,
                  file=sys.stderr, smoothing=0.05) as bar:
        records = run_games(tasks, workers=args.workers, backend=args.backend,
                            address=args.address, progress=bar.update, play=play)
    return records, time.perf_counter() - start


# --------------------------------------------------------------------------- entry point

def build_parser() -> argparse.ArgumentParser:
    """The parser with one subcommand per module of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog=PROG, description="Tools for the Hydra rules engine: evaluate bots, run "
        "tournaments, play in the terminal, verify replays.",
        epilog=f"Run '{PROG} COMMAND --help' for the options of a command.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {hydra_env.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(name).add_parser(sub)
    return parser


class _PipeSafeStdout:
    """``sys.stdout`` while a command runs. Once the reader of a pipe has gone
    (``hydra-env evaluate ... | head -1``), further output is dropped and the command
    finishes its work (its files written, exit status 0) without "Broken pipe"."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.reader_gone = False

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                self._stream.write(text)
                self._stream.flush()             # a closed pipe shows now, not at exit
            except BrokenPipeError:
                self._lost()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._lost()

    def _lost(self) -> None:
        self.reader_gone = True
        try:                                     # what is still buffered goes to /dev/null
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``hydra-env`` with ``argv`` (default: the process arguments); return the exit code."""
    stdout = sys.stdout
    if stdout is None:                   # no console at all (pythonw): nothing to guard
        return _main(argv)
    sys.stdout = safe = _PipeSafeStdout(stdout)
    try:
        return _main(argv)
    finally:
        safe.flush()
        sys.stdout = stdout


def _main(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
    except ModuleNotFoundError as exc:    # an extra that is not installed (not our own modules)
        if (exc.name or "").split(".")[0] in ("agents", "hydra_env"):
            raise
        print(f"{PROG}: error: {exc.name} is not installed; the command line needs the tools "
              f"extra, training the train extra: pip install 'hydra-env[train]'", file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:      # --help, --version or an argparse error
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        from hydra_env.api.engines import default_engine
        default_engine()                 # a bad HYDRA_ENV_ENGINE is refused before any game
        with terminate_as_interrupt():   # SIGTERM (timeout, docker stop) as Ctrl-C
            return args.run(args)
    except (UsageError, HydraError) as exc:     # a bad argument, found by a command or the engine
        print(f"{PROG} {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:        # stderr piped into a program that stopped reading
        return 0
    except (GameError, OSError) as exc:    # a failed game; a file that cannot be written
        print(f"{PROG} {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{PROG} {args.command}: interrupted; nothing written", file=sys.stderr)
        return 130


if __name__ == "__main__":
    # Run through the imported module, so that the commands and this entry share its classes.
    from agents.cli import main as _main
    sys.exit(_main())
