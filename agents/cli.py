"""The ``hydra-env`` command line.

::

    hydra-env evaluate --mode solo --agent heuristic --games 10000 --workers 2
    hydra-env tournament --players heuristic,glory,defender,rollout --scenario 1 --games 2000
    hydra-env play --mode solo
    hydra-env replay runs/eval/.../replays/game-000017.json
    hydra-env train coop_ppo
    hydra-env bots

Each command is a module of :data:`COMMANDS` exposing ``add_parser(subparsers)``
(which sets ``run`` as the parser's default) and ``run(args) -> int``; a new
command is one more module and one more line there. This module also holds
what the commands share: argument types and groups, agent checks, progress
bars and atomic output folders. Errors in the arguments print a message and
give exit code 2 (no traceback); a game that fails gives exit code 1.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import io
import os
import re
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import hydra_env
from agents.backends import GameError, GameRecord, GameTask, describe_workers, run_games
from hydra_env import ConfigError, RuleOptions, default_components
from hydra_env.data import Scenario

PROG = "hydra-env"
COMMANDS = (
    "agents.evaluate",
    "agents.tournament",
    "agents.play",
    "agents.replay",
    "agents.train.command",
    "agents.bots_command",
)


class UsageError(Exception):
    """A bad command-line argument; printed as ``hydra-env CMD: error: ...`` with exit code 2."""


# --------------------------------------------------------------------------- argument types

def positive_int(text: str) -> int:
    """argparse type: an integer ≥ 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: an integer ≥ 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def spec_list(text: str) -> list[str]:
    """argparse type: a comma-separated list of agent specs."""
    specs = [s.strip() for s in text.split(",")]
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

def add_game_options(parser: argparse.ArgumentParser, *, mode: bool = True,
                     scenario_help: str = "scenario number (default: 10 solo, 1 coop)") -> None:
    """--mode, --scenario, --stars, --rule."""
    if mode:
        parser.add_argument("--mode", choices=("solo", "coop"),
                            help="solo (scenarios 10-12) or coop (1-9); default: from --scenario, "
                                 "else solo")
    parser.add_argument("--scenario", type=int, help=scenario_help)
    parser.add_argument("--stars", type=int, choices=(1, 2, 3), default=1,
                        help="difficulty, 1-3 stars (default: 1)")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=true|false",
                        help="a rule option, e.g. solo_regrow_heads=true (repeatable)")


def add_run_options(parser: argparse.ArgumentParser, *, games: int) -> None:
    """--games, --seed, --workers, --backend, --address, --out, --force, --save-replays, --no-progress."""
    parser.add_argument("--games", type=positive_int, default=games,
                        help=f"number of games (default: {games})")
    parser.add_argument("--seed", type=non_negative_int, default=0,
                        help="run seed: game i uses a seed derived from (seed, i) only (default: 0)")
    parser.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1,
                        help="parallel worker processes, or local Ray CPUs (default: all cores); "
                             "results do not depend on it")
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local processes, or Ray (needs hydra-env[ray]) (default: local)")
    parser.add_argument("--address", help="Ray cluster address (default: start a local Ray)")
    parser.add_argument("--out", type=Path, help="output folder (default: under runs/)")
    parser.add_argument("--force", action="store_true", help="replace --out if it holds files")
    parser.add_argument("--save-replays", type=replay_policy, default="none",
                        metavar="none|all|won|lost|N",
                        help="save games as replays in OUT/replays (N: the first N games)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


# --------------------------------------------------------------------------- checks

def parse_rules(items: Sequence[str]) -> dict[str, bool]:
    """``--rule NAME=VALUE`` items as a checked rule-options dict."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or value.strip().lower() not in ("true", "false", "1", "0", "yes", "no"):
            raise UsageError(f"--rule expects NAME=true or NAME=false, got {item!r}")
        options[name.strip()] = value.strip().lower() in ("true", "1", "yes")
    try:
        return RuleOptions.from_dict(options).to_dict()
    except ConfigError as exc:
        raise UsageError(str(exc)) from None


def resolve_scenario(mode: str | None, number: int | None) -> tuple[str, Scenario]:
    """The mode and scenario from --mode/--scenario (defaults: solo 10, coop 1)."""
    if number is None:
        number = 1 if mode == "coop" else 10
    try:
        scen = default_components().scenario(number)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    actual = "solo" if scen.solo else "coop"
    if mode is not None and mode != actual:
        raise UsageError(f"scenario {number} ({scen.name}) is a {actual} scenario, not {mode} "
                         f"(solo: scenarios 10-12, coop: 1-9)")
    return actual, scen


def check_agents(specs: Sequence[str]) -> None:
    """Make one bot of each spec, so a bad spec fails here with a clear message."""
    from hydra_env.envs.bots import bot_names, make_bot
    for spec in dict.fromkeys(specs):
        if spec == "human":
            raise UsageError("'human' is only for `hydra-env play`")
        try:
            make_bot(spec, seed=0)
        except Exception as exc:    # noqa: BLE001 — any failure to build the bot is reported
            known = "" if "known bots" in str(exc) else f"; known bots: {', '.join(bot_names())}"
            raise UsageError(f"cannot make agent {spec!r}: {exc}{known} (parameters: "
                             f"rollout:budget=64; a trained policy: ppo:NAME or ppo:PATH.zip; "
                             f"`{PROG} bots` lists them all)") from None


def check_backend(backend: str) -> None:
    """The ray backend needs Ray installed."""
    from agents.backends import ray_available
    if backend == "ray" and not ray_available():
        raise UsageError("--backend ray needs Ray: pip install 'hydra-env[ray]'")


def check_out(out: Path, force: bool) -> None:
    """An output folder must not be a file, nor a non-empty folder without --force."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise UsageError(f"--out {out} already exists and is not empty; pass --force to replace it")
    for parent in out.parents:
        if parent.exists() and not parent.is_dir():
            raise UsageError(f"--out {out}: {parent} is a file, not a folder")


def slug(text: str) -> str:
    """``text`` made safe for a file name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


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


def data_info() -> dict[str, str]:
    """Component data name, version and digest, and the package version."""
    comp = default_components()
    return {"data_name": comp.name, "data_version": comp.version, "data_digest": comp.digest,
            "hydra_env_version": hydra_env.__version__}


# --------------------------------------------------------------------------- output and progress

@contextmanager
def atomic_dir(target: Path) -> Iterator[Path]:
    """A temporary folder next to ``target``, renamed to ``target`` when the block succeeds.

    On an error or an interrupt the temporary folder is removed and ``target``
    is left as it was.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        yield tmp
        os.chmod(tmp, 0o755)
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            os.replace(target, old)
            os.replace(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, target)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def csv_text(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """Rows as CSV text (``\\n`` line ends, so the bytes are the same on every platform)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def play_all(tasks: Sequence[GameTask], args: argparse.Namespace) -> tuple[list[GameRecord], float]:
    """Play ``tasks`` on the backend of ``args`` under a progress bar (rate and ETA, on
    stderr); the records in task order and the seconds it took."""
    from tqdm import tqdm
    print(f"playing on {describe_workers(args.backend, args.workers, args.address)}")
    start = time.perf_counter()
    with tqdm(total=len(tasks), desc="games", unit="game", disable=args.no_progress,
              file=sys.stderr, smoothing=0.05, dynamic_ncols=True) as bar:
        records = run_games(tasks, workers=args.workers, backend=args.backend,
                            address=args.address, progress=bar.update)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``hydra-env`` with ``argv`` (default: the process arguments); return the exit code."""
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
        return args.run(args)
    except UsageError as exc:
        print(f"{PROG} {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:        # output piped into a program that stopped reading (head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
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
