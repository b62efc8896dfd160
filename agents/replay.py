"""Replays: a game as its seed and decisions, and ``hydra-env replay`` to verify one.

A replay is a JSON object, one top-level field per line (:func:`replay_text`)::

    format          "hydra-env/replay"
    version         1
    ...             the game's own fields (its hook ``replay_fields``; by default
                    game: the registry name, hydra_env_version, params: its parameters)
    seed            the seed the game is dealt from
    game_index      the game's index in its run (or null)
    seats           the agent spec of each seat ("human" for a person)
    bot_seeds       the seed of each seat's bot (null for a person)
    decisions       every decision applied, in order (the game's history)
    result          the final result as a dict
    notes           optional: the bots' candidate values or policy probabilities, one
                    entry (or null) per decision (hydra_env.api.bots; shown by the replay page)
    state_digests   optional: a digest of the full state after each decision

:func:`verify_replay` deals the game again from its seed, applies the
decisions one by one checking that each is legal (and, when present, that the
state after it has the recorded digest), and checks the final result; it
reports the first step that differs. With ``check_bots`` the bots are rebuilt
from their specs and seeds and must make the recorded decisions again.

Written once for every registered game. The game of a replay is its field
``game`` (a name of :func:`hydra_env.game_names`); a replay without one is the
game whose replay hook sets ``LEGACY`` (replays written before games were
named). A game's replay hooks (``agents/game_tools/<game>/replay.py``, found
with ``game_spec(name).hooks("replay")``), each optional, with the generic
default used for one a game does not give:

* ``LEGACY: bool`` — a replay naming no game is this game's (default False).
* ``replay_fields(params) -> dict`` — the game's fields after format and version
  (default: ``game``, ``hydra_env_version``, ``params``). A game whose fields
  leave out ``game`` must set ``LEGACY``.
* ``REQUIRED_FIELDS: tuple[str, ...]`` — its fields a replay must have (default
  ``("params",)``); ``REPLAY_WORDS: str`` — the replay in messages (default
  ``"the <title> replay"``).
* ``check_fields(doc) -> None`` — ReplayError naming the first of its fields that
  is wrong (default: ``params`` checked by the game's spec).
* ``params_of(doc) -> dict`` — the game's parameters (default ``doc["params"]``).
* ``players_of(doc) -> int | None`` — the seats, to check ``seats`` against
  (default: from the parameters; None: not checked before the game is dealt).
* ``check_data(doc) -> str`` — what is wrong with the recorded data the game was
  played with, or "" (default: "").
* ``new_game(doc) -> Game`` — the game at its start (default
  ``game_spec(name).make(seed=doc["seed"], **params_of(doc))``).
* ``state_digest(game) -> str`` — a digest of the full state (default: the first
  16 hex digits of the SHA-256 of ``game.to_json()``); ``DIGEST_DETAIL: bool``
  — a digest that differs is shown in the message (default True).
* ``SETTING_WORDS: str`` — what sets the seats, in messages (default "the game").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import hydra_env
from agents import cli
from agents.replay_games import (  # noqa: F401  (the names of replays' common ground, re-exported here)
    EDITED,
    FORMAT,
    MAX_REPLAY_BYTES,
    VERSION,
    ReplayError,
    StepHook,
    Verdict,
    digest_of,
    game_of,
    hook,
    legacy_game,
    plain_json,
    replay_hooks,
    start_game,
    state_digest,
)
from hydra_env import arguments
from hydra_env.api.registry import game_spec
from hydra_env.errors import ConfigError


def new_replay(game: str, params: Mapping[str, Any], *, seed: int, seats: Sequence[str],
               bot_seeds: Sequence[int | None], decisions: Sequence[int], result: dict[str, Any],
               game_index: int | None = None, digests: bool = True,
               notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """A replay document of a game of ``game`` with ``params``; with ``digests`` the game
    is played again to add the state digests."""
    spec, hooks = game_spec(game), replay_hooks(game)
    params = spec.check_params(params)
    fields = hook(hooks, "replay_fields", None)
    own = fields(params) if fields is not None else {
        "game": spec.name, "hydra_env_version": hydra_env.__version__, "params": params}
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, **own, "seed": seed, "game_index": game_index,
        "seats": list(seats), "bot_seeds": list(bot_seeds), "decisions": [int(a) for a in decisions],
        "result": plain_json(result)}
    if notes is not None and any(notes):
        doc["notes"] = [plain_json(n) if n else None for n in notes]
    if digests:
        played, digest = spec.make(seed=seed, **params), digest_of(spec.name)
        trail = []
        for action in decisions:
            played.apply(action)
            trail.append(digest(played))
        doc["state_digests"] = trail
    return doc


def make_replay(game: str | None = None, params: Mapping[str, Any] | None = None,
                **fields: Any) -> dict[str, Any]:
    """:func:`new_replay`; called without a game (the keywords of a game's own
    ``make_replay``), the replay hook ``make_replay`` of the :func:`legacy_game`."""
    if game is None:
        name = legacy_game()
        if name is None:
            raise ReplayError("make_replay() needs the game's name and parameters")
        return replay_hooks(name).make_replay(**fields)
    return new_replay(game, params or {}, **fields)


def replay_of_task(task: Any, decisions: Sequence[int], result: dict[str, Any],
                   notes: Sequence[dict | None] | None = None) -> dict[str, Any]:
    """The replay of a played :class:`agents.backends.GameTask` (with its bots' notes)."""
    return new_replay(task.game, task.params, seed=task.seed, seats=task.specs,
                      bot_seeds=task.bot_seeds, decisions=decisions, result=result,
                      game_index=task.index, notes=notes)


def save_replays(folder: Path, tasks: Sequence[Any], records: Sequence[Any], policy: str,
                 outcomes: Sequence[str] | None = None) -> int:
    """Write the replays ``--save-replays policy`` asks for into ``folder/replays``; their count.
    ``outcomes`` ("won"/"lost" by record) replace the results' own outcome (a result
    without one: the agent's finish decides)."""
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


# --------------------------------------------------------------------------- reading and checking

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
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_replay_int)
    except RecursionError:
        raise ReplayError("not a replay: its JSON is nested too deeply") from None
    except ReplayError as exc:
        raise ReplayError(f"not a replay: {exc}") from None
    except ValueError as exc:            # JSONDecodeError, an integer with too many digits
        raise ReplayError(f"not a replay: invalid JSON ({exc})") from None


MAX_INT_DIGITS = 80
"""The most digits of an integer in a replay (a seed below 2**256 has 78)."""


def _replay_int(digits: str) -> int:
    """An integer of a replay's JSON; ReplayError past :data:`MAX_INT_DIGITS` digits."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ReplayError(f"an integer of {len(digits.lstrip('-'))} digits is larger than any a replay holds "
                          f"(at most {MAX_INT_DIGITS} digits)")
    return int(digits)


def field(name: str) -> str:
    """``field 'name'``: how messages name a field of a replay."""
    return f"field {name!r}"


def _check_params_field(spec: Any, doc: Mapping[str, Any]) -> None:
    params = arguments.mapping(field("params"), doc["params"], none=False, error=ReplayError, fix=EDITED)
    try:
        spec.check_params(params)
    except ConfigError as exc:
        raise ReplayError(f"{field('params')}: {exc}; {EDITED}") from None


def _players(spec: Any, hooks: Any, doc: Mapping[str, Any]) -> int | None:
    count = hook(hooks, "players_of", None)
    if count is not None:
        return count(doc)
    try:
        return spec.num_players(**doc["params"])
    except ConfigError as exc:
        raise ReplayError(f"{field('params')}: {exc}; {EDITED}") from None


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
    spec = game_spec(game_of(doc))
    hooks = replay_hooks(spec.name)
    required = (*hook(hooks, "REQUIRED_FIELDS", ("params",)), "seed", "decisions", "result")
    missing = [k for k in required if k not in doc]
    if missing:
        words = hook(hooks, "REPLAY_WORDS", f"the {spec.title} replay")
        raise ReplayError(f"{words} lacks {', '.join(missing)}")
    check_fields = hook(hooks, "check_fields", None)
    if check_fields is not None:
        check_fields(doc)
    else:
        _check_params_field(spec, doc)
    _check_common(doc, lambda: _players(spec, hooks, doc))
    return doc


def _check_common(doc: dict[str, Any], players: Callable[[], int | None]) -> None:
    """The fields every replay has, in the order they are checked."""
    arguments.integer(field("seed"), doc["seed"], low=0, error=ReplayError, fix=EDITED)
    arguments.mapping(field("result"), doc["result"], none=False, error=ReplayError, fix=EDITED)
    data = arguments.mapping(field("data"), doc.get("data"), error=ReplayError, fix=EDITED)
    if "digest" in data:
        arguments.text(field("data.digest"), data["digest"], error=ReplayError, fix=EDITED)
    for k, action in enumerate(arguments.sequence(field("decisions"), doc["decisions"],
                                                  error=ReplayError, fix=EDITED)):
        if type(action) is not int or action < 0:
            arguments.integer(field(f"decisions[{k}]"), action, low=0, error=ReplayError, fix=EDITED)
    arguments.optional_integer(field("game_index"), doc.get("game_index"), low=0,
                               error=ReplayError, fix=EDITED)
    seats = doc.get("seats")
    if seats is not None:
        seats = arguments.sequence(field("seats"), seats, error=ReplayError, fix=EDITED)
        for k, spec in enumerate(seats):
            arguments.text(field(f"seats[{k}]"), spec, error=ReplayError,
                           fix="each seat is an agent spec such as 'heuristic', or 'human'")
        count = players()
        if count is not None and len(seats) != count:
            raise ReplayError(f"the replay names {len(seats)} seats for {count} players; {EDITED}")
    seeds = doc.get("bot_seeds")
    if seeds is not None:
        seeds = arguments.sequence(field("bot_seeds"), seeds, error=ReplayError, fix=EDITED)
        for k, seed in enumerate(seeds):
            arguments.optional_integer(field(f"bot_seeds[{k}]"), seed, low=0, error=ReplayError,
                                       fix=EDITED)
        if seats is not None and len(seeds) != len(seats):
            raise ReplayError(f"the replay names {len(seats)} seats but {len(seeds)} bot seeds; "
                              f"{EDITED}")
    digests = doc.get("state_digests")
    if digests is not None:
        for k, digest in enumerate(arguments.sequence(field("state_digests"), digests,
                                                      error=ReplayError, fix=EDITED)):
            arguments.text(field(f"state_digests[{k}]"), digest, error=ReplayError, fix=EDITED)
    version_text = doc.get("hydra_env_version")
    if version_text is not None:
        arguments.text(field("hydra_env_version"), version_text, error=ReplayError, fix=EDITED)


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


def verify_replay(doc: dict[str, Any], *, check_bots: bool = False,
                  on_step: StepHook | None = None) -> Verdict:
    """Play a replay again step by step; the verdict names the first step that differs.

    ``on_step(step, game, action)`` is called before each decision is applied.
    A document without the structure of a replay (:func:`check_replay`) gets a
    verdict that says what is wrong with it.
    """
    from agents.replay_verify import verify_checked
    try:
        check_replay(doc)
    except ReplayError as exc:
        return Verdict(False, str(exc))
    return verify_checked(doc, check_bots=check_bots, on_step=on_step)
