"""``hydra-env replay FILE...``: verify replays (of Hydra or of the card game Hydras).

Each file is set up again from its seed and its decisions are applied one by
one, each checked to be legal (and, when the replay has them, the state after
it against the recorded digest), then the final result is checked; the first
step that differs is reported (:mod:`agents.replay`). A replay names its game
(``"game": "hydras"``; none means Hydra, :mod:`agents.hydras.replay`); a game
saved during ``hydra-env play --game hydras`` (key ``s``) is a record too: it is
dealt again from its seed and must reach the saved position. ``--game`` checks
that every file is of that game. With ``--check-bots`` the bots are rebuilt
from their specs and seeds and must make the recorded decisions again.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, games, replay
from agents.replay import MAX_REPLAY_BYTES, ReplayError, Verdict
from hydra_env import Game, HydraError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay", help="re-simulate saved replays (Hydra or Hydras) step by step and verify them",
        description=f"{__doc__}\n{replay.__doc__}", formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env replay runs/eval/heuristic/replays/   (every *.json below)")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE",
                   help="replay files (or saved Hydras games), or folders holding them")
    p.add_argument("--game", type=games.game_name, metavar="hydra|hydras",
                   help="check that every file is of this game (default: the game each file names; "
                        "a file naming none is Hydra)")
    p.add_argument("--steps", action="store_true", help="print every decision as it is replayed")
    p.add_argument("--board", action="store_true", help="print the final board")
    p.add_argument("--check-bots", action="store_true",
                   help="rebuild each seat's bot from its spec and seed; it must decide the same")
    p.add_argument("--html", type=Path, metavar="OUT.html",
                   help="also write the replay page (one self-contained HTML file) of the one FILE")
    p.set_defaults(run=run)
    return p


def _paths(items: Sequence[Path]) -> list[Path]:
    paths: list[Path] = []
    for item in items:
        if item.is_dir():
            found = sorted(item.rglob("*.json"))
            if not found:
                raise cli.UsageError(f"no *.json files in folder {item}")
            paths += found
        elif item.exists():
            paths.append(item)
        else:
            raise cli.UsageError(f"no such file or folder: {item}")
    return paths


def _print_step(step: int, game: Any, action: int) -> None:
    if not isinstance(game, Game):
        from agents.hydras.replay import describe_step
        print(describe_step(step, game, action))
        return
    print(f"  {step:4d}  round {game.round} {game.phase:<8} seat {game.current_player}  "
          f"[{action}] {game.describe(action)}")


def _read(path: Path) -> tuple[Any, bytes]:
    """The JSON of a file (a replay, or a saved Hydras game) and its bytes."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_REPLAY_BYTES + 1)
    except OSError as exc:
        raise ReplayError(f"cannot read it: {exc.strerror or exc}") from None
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(f"larger than {MAX_REPLAY_BYTES // 2**20} MiB: not a replay")
    return replay.read_replay_text(data), data


def _game_of(doc: Any) -> str:
    from agents.hydras.replay import is_saved_game
    if is_saved_game(doc):
        return "hydras"
    return str(doc.get("game", "hydra")) if isinstance(doc, dict) else "hydra"


def verify_file(path: Path, args: argparse.Namespace) -> tuple[Verdict, Any]:
    """The verdict on one file and its document (ReplayError when it cannot be read as one)."""
    from agents.hydras.replay import is_saved_game, verify_saved_game
    doc, data = _read(path)
    game = _game_of(doc)
    if args.game is not None and game != args.game:
        raise ReplayError(f"it is a {game} record, and --game {args.game} was given")
    on_step = _print_step if args.steps else None
    if is_saved_game(doc):
        if args.steps:
            print(f"{path}: a saved Hydras game")
        return verify_saved_game(data.decode("utf-8"), on_step=on_step), doc
    replay.check_replay(doc)
    if args.steps:
        print(f"{path}: seats {', '.join(doc.get('seats') or [])}, seed {doc['seed']}")
    return replay.verify_replay(doc, check_bots=args.check_bots, on_step=on_step), doc


def _ok_text(doc: Any, verdict: Verdict) -> str:
    from agents.hydras.replay import is_saved_game, result_text
    if is_saved_game(doc):
        state = "over" if verdict.game.is_over else "in play"
        return f"{verdict.steps} decisions verified, saved position reached (game {state})"
    r = doc["result"]
    if doc.get("game") == "hydras":
        return f"{verdict.steps} decisions verified, {result_text(r)}"
    score = f", score {r['score']}" if r.get("score") is not None else ""
    return f"{verdict.steps} decisions verified, {r.get('outcome')}{score}"


def run(args: argparse.Namespace) -> int:
    """Verify each replay; exit 0 when all are good, 1 otherwise."""
    paths = _paths(args.files)
    if args.html is not None:
        if len(paths) != 1:
            raise cli.UsageError(f"--html {args.html} writes the page of one replay; {len(paths)} "
                                 f"replay files were given")
        cli.check_file_out(args.html, "--html")
    bad = 0
    for path in paths:
        try:
            verdict, doc = verify_file(path, args)
        except HydraError as exc:
            message = str(exc)
            print(f"FAIL {path}: {message.removeprefix(f'{path}: ')}")
            bad += 1
            continue
        except Exception as exc:    # noqa: BLE001 — one broken file must not stop the others
            print(f"FAIL {path}: unexpected {type(exc).__name__} while verifying it: {exc} "
                  f"(a bug of hydra-env: please report it with the file)")
            bad += 1
            continue
        if verdict.ok:
            print(f"OK   {path}: {_ok_text(doc, verdict)}")
        else:
            bad += 1
            print(f"FAIL {path}: {verdict.message}")
        if args.board and verdict.game is not None:
            print(verdict.game.render())
        if args.html is not None and verdict.ok and _game_of(doc) == "hydras" and "players" not in doc:
            print(f"no page written: {path} is a saved game, not a replay (finish it with "
                  f"`hydra-env play --game hydras --load {path} --html PAGE`)")
        elif args.html is not None and verdict.ok:
            from agents.viewer import write_replay_page
            write_replay_page(doc, args.html)
            print(f"wrote {args.html} (open it in a browser)")
    if len(paths) > 1:
        print(f"{len(paths) - bad}/{len(paths)} replays verified")
    return 1 if bad else 0
