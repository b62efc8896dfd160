"""``hydra-env replay FILE...``: verify replays, of every registered game.

Each file is set up again from its seed and its decisions are applied one by
one, each checked to be legal (and, when the replay has them, the state after
it against the recorded digest), then the final result is checked; the first
step that differs is reported (:mod:`agents.replay`). A replay names its game
(field ``game``; an older replay naming none is the game whose replay hook sets
``LEGACY``); a game saved during ``hydra-env play`` (key ``s``) is a record too,
of every game: it is dealt again from its seed and must reach the saved position.
``--game`` checks that every file is of that game. With ``--check-bots`` the bots
are rebuilt from their specs and seeds and must make the recorded decisions again;
``--html`` writes the replay page (:mod:`agents.viewer.page`).

Written once for every game; the game's replay hooks it reads
(``agents/game_tools/<game>/replay.py``, each optional), besides those of
:mod:`agents.replay`:

* ``step_text(step, game, action) -> str`` — a line of ``--steps`` (default:
  ``step  seat S  [action] describe(action)``).
* ``result_text(result: dict) -> str`` — the result on the OK line (default:
  the result's ``outcome``).
* ``is_saved_game(doc) -> bool`` and ``verify_saved_game(text, on_step) -> Verdict``
  — a file saved by ``play`` that this command verifies (default: a file the game's
  save loader reads, dealt again from its seed and the ``play`` hook ``params_of``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agents import cli, games, replay
from agents.replay import MAX_REPLAY_BYTES, ReplayError, Verdict, hook, replay_hooks
from hydra_env import HydraError, game_names, game_spec


def _user_part(doc: str | None) -> str:
    """A module docstring up to its list of hooks (for ``--help``)."""
    return (doc or "").split("Written once")[0]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay", help="re-simulate saved replays step by step and verify them",
        description=f"{_user_part(__doc__)}\n{_user_part(replay.__doc__)}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: hydra-env replay runs/eval/heuristic/replays/   (every *.json below)")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE",
                   help="replay files (or saved games), or folders holding them")
    p.add_argument("--game", type=games.game_name, metavar="|".join(game_names()),
                   help="check that every file is of this game (default: the game each file names)")
    p.add_argument("--steps", action="store_true", help="print every decision as it is replayed")
    p.add_argument("--board", action="store_true", help="print the final board")
    p.add_argument("--check-bots", action="store_true",
                   help="rebuild each seat's bot from its spec and seed; it must decide the same")
    p.add_argument("--html", type=Path, metavar="OUT.html",
                   help="also write the replay page (one self-contained HTML file) of the one FILE")
    p.add_argument("--force", action="store_true", help="replace the file of --html if it exists")
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


def _print_step(step: int, game: Any, action: int, name: str) -> None:
    text = hook(replay_hooks(name), "step_text", None)
    if text is not None:
        print(text(step, game, action))
        return
    print(f"  {step:4d}  seat {game.current_player}  [{action}] {game.describe(action)}")


def _read(path: Path) -> tuple[Any, bytes]:
    """The JSON of a file (a replay, or a saved game) and its bytes."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_REPLAY_BYTES + 1)
    except OSError as exc:
        raise ReplayError(f"cannot read it: {exc.strerror or exc}") from None
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(f"larger than {MAX_REPLAY_BYTES // 2**20} MiB: not a replay")
    return replay.read_replay_text(data), data


def saved_game_of(doc: Any, text: str | None = None) -> str | None:
    """The game whose replay hook ``is_saved_game`` knows ``doc`` as one of its saved games;
    else (``text`` given, ``doc`` not a replay) the game whose save loader reads ``text``; or None."""
    for name in game_names():
        is_saved = hook(replay_hooks(name), "is_saved_game", None)
        if is_saved is not None and is_saved(doc):
            return name
    if text is None or not isinstance(doc, dict) or doc.get("format") in (None, replay.FORMAT):
        return None
    for name in game_names():
        if hook(replay_hooks(name), "is_saved_game", None) is None:
            try:
                game_spec(name).load(text)
            except (HydraError, ValueError):
                continue
            return name
    return None


def verify_saved_game(name: str, text: str, on_step: Any = None) -> Verdict:
    """The default of the ``verify_saved_game`` hook: the saved game dealt again from its seed
    and parameters (the ``play`` hook ``params_of``), its decisions applied, each checked
    legal, and the position reached compared with the saved one."""
    spec = game_spec(name)
    try:
        saved = spec.load(text)
    except (HydraError, ValueError) as exc:
        return Verdict(False, f"not a saved {spec.title} game: {exc}")
    params_of = hook(spec.hooks("play"), "params_of", None)
    game = spec.make(seed=saved.seed, **(params_of(saved) if params_of is not None else {}))
    history = list(saved.history)
    for step, action in enumerate(history, 1):
        if not game.is_legal(action):
            return Verdict(False, f"step {step}: decision {action} is not legal", step, step - 1, game)
        if on_step:
            on_step(step, game, action)
        game.apply(action)
    if game.to_json() != saved.to_json():
        return Verdict(False, f"the position after its {len(history)} decisions differs from the "
                              f"saved one (the save was edited)", len(history), len(history), game)
    return Verdict(True, "ok", None, len(history), game)


def verify_file(path: Path, args: argparse.Namespace) -> tuple[Verdict, Any, str, bool]:
    """The verdict on one file, its document, its game and whether it is a saved game
    (ReplayError when it cannot be read as one)."""
    doc, data = _read(path)
    saved = saved_game_of(doc, data.decode("utf-8"))
    game = saved or (replay.game_of(doc) if isinstance(doc, dict) and doc.get("format") == replay.FORMAT
                     else None)
    if args.game is not None and game is not None and game != args.game:
        raise ReplayError(f"it is a {game} record, and --game {args.game} was given")
    on_step = None
    if args.steps:
        def on_step(step: int, played: Any, action: int) -> None:
            _print_step(step, played, action, game or "")
    if saved is not None:
        if args.steps:
            print(f"{path}: a saved {game_spec(saved).title} game")
        verify = hook(replay_hooks(saved), "verify_saved_game", None)
        text = data.decode("utf-8")
        verdict = (verify(text, on_step=on_step) if verify is not None
                   else verify_saved_game(saved, text, on_step))
        return verdict, doc, saved, True
    replay.check_replay(doc)
    game = replay.game_of(doc)
    if args.steps:
        print(f"{path}: seats {', '.join(doc.get('seats') or [])}, seed {doc['seed']}")
    return replay.verify_replay(doc, check_bots=args.check_bots, on_step=on_step), doc, game, False


def _ok_text(doc: Any, verdict: Verdict, game: str, saved: bool) -> str:
    if saved:
        state = "over" if verdict.game.is_over else "in play"
        return f"{verdict.steps} decisions verified, saved position reached (game {state})"
    text = hook(replay_hooks(game), "result_text", None)
    result = text(doc["result"]) if text is not None else str(doc["result"].get("outcome", "over"))
    return f"{verdict.steps} decisions verified, {result}"


def run(args: argparse.Namespace) -> int:
    """Verify each replay; exit 0 when all are good, 1 otherwise."""
    paths = _paths(args.files)
    if args.html is not None:
        if len(paths) != 1:
            raise cli.UsageError(f"--html {args.html} writes the page of one replay; {len(paths)} "
                                 f"replay files were given")
        cli.check_file_out(args.html, "--html", args.force)
    bad = 0
    for path in paths:
        try:
            verdict, doc, game, saved = verify_file(path, args)
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
            print(f"OK   {path}: {_ok_text(doc, verdict, game, saved)}")
        else:
            bad += 1
            print(f"FAIL {path}: {verdict.message}")
        if args.board and verdict.game is not None:
            print(verdict.game.render())
        if args.html is not None and verdict.ok and saved:
            print(f"no page written: {path} is a saved game, not a replay (finish it with "
                  f"`hydra-env play --game {game} --load {path} --html PAGE`)")
        elif args.html is not None and verdict.ok:
            from agents.viewer import write_replay_page
            write_replay_page(doc, args.html)
            print(f"wrote {args.html} (open it in a browser)")
    if len(paths) > 1:
        print(f"{len(paths) - bad}/{len(paths)} replays verified")
    return 1 if bad else 0
