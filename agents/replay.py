"""Replays: a game as its seed and decisions, and ``hydra-env replay`` to verify one.

A replay is a JSON object::

    format          "hydra-env/replay"
    version         1
    hydra_env_version, data {name, version, digest}   rules and component data it was played with
    scenario, stars, options, seed                    what Game.new needs
    game_index      the game's index in its run (or null)
    seats           the agent spec of each seat ("human" for a person)
    bot_seeds       the seed of each seat's bot (null for a person)
    decisions       every decision applied, in order (Game.history)
    state_digests   optional: digest of the state after each decision
    notes           optional: the bots' candidate values or policy probabilities, one
                    entry (or null) per decision (agents.base; shown by the replay page)
    result          the final GameResult as a dict

``hydra-env replay FILE`` sets the game up again with ``Game.new(scenario,
stars, seed)``, applies the decisions one by one checking that each is legal
(and, when present, that the state after it has the recorded digest), and
checks the final result; it reports the first step that differs. With
``--check-bots`` the bots are rebuilt from their specs and seeds and must make
the recorded decisions again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hydra_env
from agents import cli
from hydra_env import Game, HydraError, arguments, default_components

FORMAT = "hydra-env/replay"
VERSION = 1


# --------------------------------------------------------------------------- making replays

def state_digest(game: Game) -> str:
    """A short digest of the full state (hidden information and randomness included)."""
    text = json.dumps(game.state.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def make_replay(*, scenario: int, stars: int, seed: int, options: dict[str, Any],
                seats: Sequence[str], bot_seeds: Sequence[int | None], decisions: Sequence[int],
                result: dict[str, Any], game_index: int | None = None,
                digests: bool = True, notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """A replay document; with ``digests`` the game is re-simulated to add the state digests."""
    comp = default_components()
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "hydra_env_version": hydra_env.__version__,
        "data": {"name": comp.name, "version": comp.version, "digest": comp.digest},
        "scenario": scenario, "stars": stars, "options": dict(options), "seed": seed,
        "game_index": game_index, "seats": list(seats), "bot_seeds": list(bot_seeds),
        "decisions": [int(a) for a in decisions], "result": plain_json(result),
    }
    if notes is not None and any(notes):
        doc["notes"] = [plain_json(n) if n else None for n in notes]
    if digests:
        game = Game.new(scenario, stars, seed, options=options)
        trail = []
        for a in decisions:
            game.apply(a)
            trail.append(state_digest(game))
        doc["state_digests"] = trail
    return doc


def replay_of_task(task: Any, decisions: Sequence[int], result: dict[str, Any],
                   notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """The replay of a played :class:`agents.backends.GameTask` (with its bots' notes)."""
    if getattr(task, "game", "hydra") == "hydras":
        from agents.hydras import replay as hydras_replay
        return hydras_replay.make_replay(players=task.players, seed=task.seed, seats=task.specs,
                                         bot_seeds=task.bot_seeds, decisions=decisions,
                                         result=result, game_index=task.index, notes=notes)
    return make_replay(scenario=task.scenario, stars=task.stars, seed=task.seed,
                       options=task.options, seats=task.specs, bot_seeds=task.bot_seeds,
                       decisions=decisions, result=result, game_index=task.index, notes=notes)


def save_replays(folder: Path, tasks: Sequence[Any], records: Sequence[Any], policy: str,
                 outcomes: Sequence[str] | None = None) -> int:
    """Write the replays ``--save-replays policy`` asks for into ``folder/replays``; their count.
    ``outcomes`` ("won"/"lost" by record) replace the results' own outcome (Hydras results
    have none: the agent's finish decides)."""
    saved = 0
    for k, (task, rec) in enumerate(zip(tasks, records)):
        outcome = rec.result["outcome"] if outcomes is None else outcomes[k]
        if policy != "none" and cli.wants_replay(policy, rec.index, outcome):
            doc = replay_of_task(task, rec.decisions or [], rec.result, rec.notes)
            write_replay(Path(folder) / "replays" / f"game-{rec.index:06d}.json", doc)
            saved += 1
    return saved


def replay_text(doc: dict[str, Any]) -> str:
    """JSON text: one top-level field per line, values compact."""
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
                      for k, v in doc.items())
    return "{\n" + body + "\n}\n"


def write_replay(path: Path, doc: dict[str, Any]) -> None:
    """Write a replay (atomically)."""
    cli.atomic_write_text(Path(path), replay_text(doc))


def plain_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


# --------------------------------------------------------------------------- verifying

@dataclass
class Verdict:
    """The outcome of verifying a replay: ``ok``, or the first ``step`` (1-based) that differs."""

    ok: bool
    message: str
    step: int | None = None
    steps: int = 0
    game: Game | None = None


class ReplayError(HydraError, ValueError):
    """A file or document that cannot be read as a replay; the message says what is wrong."""


MAX_REPLAY_BYTES = 64 * 1024 * 1024     # a replay of one game is a few kB


def _refuse_constant(name: str) -> Any:
    raise ReplayError(f"the JSON holds {name}, which is not a number of standard JSON")


def read_replay_text(data: bytes) -> Any:
    """The JSON value of a replay file's bytes; ReplayError for anything that is not
    UTF-8 JSON (binary data, NaN, nesting too deep for Python, numbers too long)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayError(f"not a replay: not UTF-8 text (byte {exc.start} is "
                          f"{data[exc.start:exc.start + 1]!r}); is it a binary file?") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise ReplayError("not a replay: its JSON is nested too deeply") from None
    except ReplayError as exc:
        raise ReplayError(f"not a replay: {exc}") from None
    except ValueError as exc:            # JSONDecodeError, an integer with too many digits
        raise ReplayError(f"not a replay: invalid JSON ({exc})") from None


def check_replay(doc: Any) -> dict[str, Any]:
    """``doc`` if it has the structure of a replay (the module docstring lists the fields);
    ReplayError naming the first field that is wrong otherwise. Whether its decisions
    are legal is :func:`verify_replay`'s business."""
    if not isinstance(doc, dict):
        raise ReplayError(f"not a hydra-env replay: a JSON object is expected, got {arguments.show(doc)}")
    if doc.get("format") != FORMAT:
        raise ReplayError(f"not a hydra-env replay (the 'format' field is not {FORMAT!r})")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise ReplayError(f"replay version {version!r} is not supported (this hydra-env reads "
                          f"version {VERSION})")
    game = doc.get("game", "hydra")
    if game == "hydras":
        from agents.hydras.replay import check_replay as check_hydras
        return check_hydras(doc)
    if game != "hydra":
        raise ReplayError(f"the replay's field 'game' is {arguments.show(game)}; hydra-env plays "
                          f"'hydra' and 'hydras'")
    missing = [k for k in ("scenario", "stars", "seed", "decisions", "result") if k not in doc]
    if missing:
        raise ReplayError(f"the replay lacks {', '.join(missing)}")

    def field(name: str) -> str:
        return f"field {name!r}"

    edited = "the replay was edited or damaged"
    arguments.integer(field("scenario"), doc["scenario"], low=1, error=ReplayError, fix=edited)
    arguments.integer(field("stars"), doc["stars"], low=1, high=3, error=ReplayError, fix=edited)
    arguments.integer(field("seed"), doc["seed"], low=0, error=ReplayError, fix=edited)
    arguments.mapping(field("options"), doc.get("options"), error=ReplayError, fix=edited)
    arguments.mapping(field("result"), doc["result"], none=False, error=ReplayError, fix=edited)
    data = arguments.mapping(field("data"), doc.get("data"), error=ReplayError, fix=edited)
    if "digest" in data:
        arguments.text(field("data.digest"), data["digest"], error=ReplayError, fix=edited)
    for k, action in enumerate(arguments.sequence(field("decisions"), doc["decisions"],
                                                  error=ReplayError, fix=edited)):
        if type(action) is not int:
            arguments.integer(field(f"decisions[{k}]"), action, low=0, error=ReplayError, fix=edited)
    arguments.optional_integer(field("game_index"), doc.get("game_index"), low=0,
                               error=ReplayError, fix=edited)
    seats = doc.get("seats")
    if seats is not None:
        for k, spec in enumerate(arguments.sequence(field("seats"), seats, error=ReplayError,
                                                    fix=edited)):
            arguments.text(field(f"seats[{k}]"), spec, error=ReplayError,
                           fix="each seat is an agent spec such as 'heuristic', or 'human'")
    seeds = doc.get("bot_seeds")
    if seeds is not None:
        seeds = arguments.sequence(field("bot_seeds"), seeds, error=ReplayError, fix=edited)
        for k, seed in enumerate(seeds):
            arguments.optional_integer(field(f"bot_seeds[{k}]"), seed, low=0, error=ReplayError,
                                       fix=edited)
        if seats is not None and len(seeds) != len(seats):
            raise ReplayError(f"the replay names {len(seats)} seats but {len(seeds)} bot seeds; "
                              f"{edited}")
    digests = doc.get("state_digests")
    if digests is not None:
        for k, digest in enumerate(arguments.sequence(field("state_digests"), digests,
                                                      error=ReplayError, fix=edited)):
            arguments.text(field(f"state_digests[{k}]"), digest, error=ReplayError, fix=edited)
    version_text = doc.get("hydra_env_version")
    if version_text is not None:
        arguments.text(field("hydra_env_version"), version_text, error=ReplayError, fix=edited)
    return doc


def load_replay(path: Path) -> dict[str, Any]:
    """Read a replay file and check its structure (:func:`check_replay`); ReplayError,
    naming the file, when it is not one."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_REPLAY_BYTES + 1)
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read it: {exc.strerror or exc}") from None
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(f"{path} is larger than {MAX_REPLAY_BYTES // 2**20} MiB: not a replay")
    try:
        return check_replay(read_replay_text(data))
    except ReplayError as exc:
        raise ReplayError(f"{path}: {exc}") from None


StepHook = Callable[[int, Game, int], None]


def verify_replay(doc: dict[str, Any], *, check_bots: bool = False,
                  on_step: StepHook | None = None) -> Verdict:
    """Re-simulate a replay step by step; the verdict names the first step that differs.

    ``on_step(step, game, action)`` is called before each decision is applied.
    A document without the structure of a replay (:func:`check_replay`) gets a
    verdict that says what is wrong with it.
    """
    try:
        check_replay(doc)
    except ReplayError as exc:
        return Verdict(False, str(exc))
    if doc.get("game") == "hydras":
        from agents.hydras.replay import verify_replay as verify_hydras
        return verify_hydras(doc, check_bots=check_bots, on_step=on_step)
    comp = default_components()
    recorded = (doc.get("data") or {}).get("digest")
    if recorded != comp.digest:
        return Verdict(False, f"recorded with component data digest {str(recorded)[:12]}…, "
                              f"this hydra-env has {comp.digest[:12]}… (other rules data)")
    try:
        game = Game.new(doc["scenario"], doc["stars"], doc["seed"], options=doc.get("options"))
        bots = _bots(doc, game.num_players) if check_bots else None
    except (HydraError, ValueError, TypeError) as exc:
        return Verdict(False, f"cannot set the game up: {exc}")
    decisions, digests = doc["decisions"], doc.get("state_digests")
    for step, action in enumerate(decisions, 1):
        problem = _check_step(game, step, action, bots, len(decisions))
        if problem:
            return Verdict(False, problem, step, step - 1, game)
        if on_step:
            on_step(step, game, action)
        game.apply(action)
        if digests is not None and (step > len(digests) or state_digest(game) != digests[step - 1]):
            return Verdict(False, f"step {step}: the state after decision {action} differs from the "
                                  f"recorded one (digest {state_digest(game)} != "
                                  f"{digests[step - 1] if step <= len(digests) else 'none'})",
                           step, step, game)
    return _check_end(doc, game, len(decisions))


def _bots(doc: dict[str, Any], players: int) -> list[Any]:
    from hydra_env.envs.bots import make_bot
    seats, seeds = doc.get("seats") or [], doc.get("bot_seeds") or []
    if len(seats) != players or len(seeds) != players:
        raise ReplayError(f"the replay names {len(seats)} seats; the scenario has {players}")
    return [None if spec == "human" else make_bot(spec, seed=s) for spec, s in zip(seats, seeds)]


def _check_step(game: Game, step: int, action: Any, bots: list[Any] | None, total: int) -> str:
    if game.is_over:
        return f"step {step}: the game is already over, yet {total - step + 1} decisions remain"
    if not isinstance(action, int) or not game.is_legal(action):
        try:
            game.clone().apply(action)
        except (HydraError, ValueError, TypeError) as exc:
            return f"step {step}: decision {action!r} is not legal: {exc}"
        return f"step {step}: decision {action!r} is not legal"
    seat = game.current_player
    if bots is not None and bots[seat] is not None:
        chosen = bots[seat].act(game.view(seat), game.legal_actions())
        if chosen != action:
            return (f"step {step}: the bot of seat {seat} now chooses {chosen} "
                    f"({game.describe(chosen)}), the replay has {action} ({game.describe(action)})")
    return ""


def _check_end(doc: dict[str, Any], game: Game, steps: int) -> Verdict:
    if not game.is_over:
        return Verdict(False, f"the decisions end after step {steps} but the game is not over "
                              f"({game.pending})", steps + 1, steps, game)
    result = plain_json(game.result().to_dict())
    expected = doc["result"]
    if result != expected:
        diff = ", ".join(f"{k}: {expected.get(k)!r} recorded, {result[k]!r} now"
                         for k in result if result[k] != expected.get(k))
        return Verdict(False, f"the final result differs: {diff}", steps, steps, game)
    return Verdict(True, "ok", None, steps, game)
