"""Playing many games: one game, and the local and Ray backends that run batches.

Each game is described by a :class:`GameTask` (the registry name of the game,
its parameters, the game seed, one agent spec and bot seed per seat) and
played by :func:`play_game`: the game is dealt by the game's
:class:`~hydra_env.api.GameSpec` and its bots made by
:func:`hydra_env.envs.bots.make_bot` from the game's bot registry. A game's seeds come only from the
run's seed and the game's index (:func:`game_seed`, :func:`bot_seed`), and
:func:`run_games` returns the records ordered by game index, so the results do
not depend on the backend or the number of workers. The tasks of a run may be
a :class:`TaskList`, which makes each task when it is played: the backends
take them chunk by chunk, a few chunks per worker in flight.

Backends:

* ``local``: a pool of ``workers`` spawned processes (``concurrent.futures``:
  a worker that dies stops the run with an error instead of hanging), or the
  calling process itself when ``workers == 1``.
* ``ray``: tasks on a Ray cluster (``address``) or on a local Ray started for
  the run with ``workers`` CPUs. Needs the ``ray`` extra (``hydra-env[ray]``).
"""

from __future__ import annotations

import importlib.util
import itertools
import logging
import multiprocessing as mp
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

import numpy as np

from hydra_env.api.bots import notes_of, want_notes
from hydra_env.api.registry import game_spec

BACKENDS = ("local", "ray")
MAX_STEPS = 100_000          # a game longer than this is a bug (the rules end every game)


def _derive(*words: int) -> int:
    """A 63-bit seed from a SeedSequence over ``words`` (non-negative ints)."""
    return int(np.random.SeedSequence(list(words)).generate_state(2, np.uint64)[0] >> np.uint64(1))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed`` (the same for every agent)."""
    return _derive(seed, index, 0)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of a run with ``seed``."""
    return _derive(seed, index, 1, seat)


@dataclass(frozen=True)
class GameTask:
    """One game to play: what is needed to set it up and seat its bots.

    Attributes:
        index: the game's number in its run.
        game: the registry name of the game (:func:`hydra_env.game_names`).
        params: the game's parameters, as ``game_spec(game).check_params`` returns them.
        seed: the seed the game is dealt from.
        specs: one agent spec per seat.
        bot_seeds: one bot seed per seat.
        record: keep the decisions and the bots' notes (for a replay).
        notes: with ``record``, ask the bots for their notes too (False: the decisions only).
    """

    index: int
    game: str
    params: dict[str, Any]
    seed: int
    specs: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    record: bool = False
    notes: bool = True


def new_game(task: GameTask) -> Any:
    """The game a task plays, dealt from its seed by the game's spec."""
    return game_spec(task.game).make(seed=task.seed, **task.params)


@dataclass
class GameRecord:
    """The outcome of a played game (``decisions`` only when the task asked for them)."""

    index: int
    seed: int
    result: dict[str, Any]
    decisions: list[int] | None = None
    notes: list[dict | None] | None = None     # the bots' notes per decision (hydra_env.api.bots)
    steps: int = 0                             # the number of decisions played


class GameError(RuntimeError):
    """A game could not be played to its end (a bot failed or chose an illegal action)."""


def play_game(task: GameTask, *, ask_forced: bool = True) -> GameRecord:
    """Play one game: each decision by the bot of the seat to decide.

    ``ask_forced=False``: a decision with one legal action takes it without asking the bot
    (so a bot that draws at random draws nothing there; :mod:`agents.hydras.match`).
    """
    from hydra_env.envs.bots import make_bot

    try:
        game = new_game(task)
        bots = [make_bot(spec, game=task.game, seed=s) for spec, s in zip(task.specs, task.bot_seeds)]
        notes: list[dict | None] | None = [] if task.record and task.notes else None
        if notes is not None:
            for bot in bots:
                want_notes(bot)
        steps = 0
        while not game.is_over:
            seat = game.current_player
            legal = game.legal_actions()
            if ask_forced or len(legal) != 1:
                game.apply(bots[seat].act(game.view(seat), legal))
                if notes is not None:
                    notes.append(notes_of(bots[seat]))
            else:
                game.apply(legal[0])
                if notes is not None:
                    notes.append(None)
            steps += 1
            if steps > MAX_STEPS:
                raise GameError(f"no end after {MAX_STEPS} decisions")
    except Exception as exc:       # noqa: BLE001 — reported with the game that failed
        raise GameError(f"game {task.index} (seed {task.seed}, agents {', '.join(task.specs)}) "
                        f"failed: {type(exc).__name__}: {exc}") from None
    return GameRecord(task.index, task.seed, game.result().to_dict(),
                      game.history if task.record else None, notes, steps)


class TaskList(Sequence[GameTask]):
    """``count`` games whose tasks are made when they are needed, by ``make(i)``.

    A run of a billion games starts playing at once: no list of tasks is built
    first, and the backends take the tasks chunk by chunk.
    """

    def __init__(self, count: int, make: Callable[[int], GameTask]) -> None:
        self._count = count
        self._make = make

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> GameTask: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameTask]: ...

    def __getitem__(self, index: int | slice) -> GameTask | list[GameTask]:
        if isinstance(index, slice):
            return [self._make(i) for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(f"game {index} of {self._count}")
        return self._make(index)

    def __iter__(self) -> Iterator[GameTask]:
        return (self._make(i) for i in range(self._count))


def play_chunk(tasks: Sequence[Any], play: Callable[[Any], GameRecord] | None = None) -> list[GameRecord]:
    """Play a few games in a row (the unit of work sent to a worker); ``play`` plays one task
    (default :func:`play_game`; a module-level function, so that it reaches the workers)."""
    return [(play or play_game)(t) for t in tasks]


def chunk_size(games: int, parallel: int) -> int:
    """Games per chunk: about 32 chunks per worker (a smooth progress bar, balanced
    workers), 1 to 100 games each."""
    return max(1, min(100, games // (32 * max(1, parallel))))


def chunked(tasks: Sequence[GameTask], parallel: int) -> Iterator[list[GameTask]]:
    """``tasks`` in consecutive chunks of :func:`chunk_size`, made one at a time."""
    size = chunk_size(len(tasks), parallel)
    for start in range(0, len(tasks), size):
        yield list(tasks[start:start + size])


Progress = Callable[[int], None]


def run_games(tasks: Sequence[Any], *, workers: int = 1, backend: str = "local",
              address: str | None = None, progress: Progress | None = None,
              play: Callable[[Any], GameRecord] | None = None) -> list[GameRecord]:
    """Play ``tasks`` and return their records in the order of ``tasks``.

    The tasks are taken chunk by chunk, with a few chunks per worker in flight,
    so ``tasks`` may be a :class:`TaskList` of any length. ``progress(n)`` is
    called as games finish (n games at a time). ``play`` plays one task (default
    :func:`play_game`; the regret report passes :func:`agents.clairvoyant.play_reference`).
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    runner = _run_ray if backend == "ray" else _run_local
    done = runner(tasks, workers, address, progress or (lambda n: None), play)
    return [record for k in sorted(done) for record in done[k]]


def _run_local(tasks: Sequence[Any], workers: int, address: str | None,
               progress: Progress, play: Callable[[Any], GameRecord] | None) -> dict[int, list[GameRecord]]:
    done: dict[int, list[GameRecord]] = {}
    chunks = enumerate(chunked(tasks, workers))
    count = -(-len(tasks) // chunk_size(len(tasks), workers))
    if workers <= 1 or count <= 1:
        for k, chunk in chunks:
            done[k] = play_chunk(chunk, play)
            progress(len(chunk))
        return done
    in_flight = 4 * workers
    with ProcessPoolExecutor(min(workers, count), mp_context=mp.get_context("spawn"),
                             initializer=one_thread_worker) as pool:
        pending: dict[Future[list[GameRecord]], int] = {}
        try:
            for k, chunk in itertools.islice(chunks, in_flight):
                pending[pool.submit(play_chunk, chunk, play)] = k
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    k = pending.pop(future)
                    done[k] = future.result()
                    progress(len(done[k]))
                for k, chunk in itertools.islice(chunks, len(finished)):
                    pending[pool.submit(play_chunk, chunk, play)] = k
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return done


def one_thread_worker() -> None:
    """Set-up of a worker process of a pool (the workers share the cores): one thread for
    the math libraries, unless the user set their counts, and one torch thread for a
    policy (``HYDRA_ENV_TORCH_THREADS=1``, read by :func:`agents.ppo_bot.one_thread_inference`)
    whatever the parent process uses. A training run sets its own ``torch_threads`` there
    for its process; inherited by two workers on two cores, two threads each made a
    ``ppo-search`` teacher's games about 5 times slower. A worker ends when its parent
    dies (:func:`exit_with_parent`)."""
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    os.environ["HYDRA_ENV_TORCH_THREADS"] = "1"
    if mp.parent_process() is not None:        # a worker: it ends with the process that made it
        exit_with_parent()


def exit_with_parent(poll: float = 0.5) -> None:
    """Make this (worker) process end when its parent dies, even by ``kill -9``: a pool's
    workers otherwise live on, orphaned. On Linux the kernel sends SIGTERM at the parent's
    death (``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread checks every ``poll``
    seconds whether the parent changed (``os.getppid()``) and ends the process if so."""
    spawner = mp.parent_process()              # the pid that started this worker, if known
    parent = spawner.pid if spawner is not None and spawner.pid else os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)     # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):                    # no prctl: the thread does it
            pass
    if os.getppid() != parent:                               # died before the prctl
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(poll)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def ray_available() -> bool:
    """Whether Ray is installed."""
    return importlib.util.find_spec("ray") is not None


def _code_roots() -> list[str]:
    """Folders that hold the ``agents`` and ``hydra_env`` packages."""
    import hydra_env
    roots = {str(Path(__file__).resolve().parent.parent),
             str(Path(hydra_env.__file__).resolve().parent.parent)}
    return sorted(roots)


def _ray_init(workers: int, address: str | None) -> bool:
    """Connect to (or start) Ray; True when this call started it."""
    import ray
    if ray.is_initialized():
        return False
    if address:
        # A remote cluster whose nodes may lack this package: ship its code, its native
        # modules and its entry points with the job (agents/ray_cluster.py).
        from agents.ray_cluster import connect
        connect(address)
    else:
        path = os.pathsep.join(_code_roots() + [p for p in os.environ.get("PYTHONPATH", "")
                                                .split(os.pathsep) if p])
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.WARNING, runtime_env={"env_vars": {"PYTHONPATH": path}})
    return True


def _run_ray(tasks: Sequence[Any], workers: int, address: str | None,
             progress: Progress, play: Callable[[Any], GameRecord] | None) -> dict[int, list[GameRecord]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'hydra-env[ray]'") from None
    started = _ray_init(workers, address)
    try:
        parallel = max(workers, int(ray.cluster_resources().get("CPU", workers)))
        remote = ray.remote(num_cpus=1)(play_chunk)
        chunks = enumerate(chunked(tasks, parallel))
        pending = {remote.remote(chunk, play): k for k, chunk in itertools.islice(chunks, 4 * parallel)}
        done: dict[int, list[GameRecord]] = {}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                k = pending.pop(ref)
                try:
                    done[k] = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    raise GameError(str(getattr(exc, "cause", None) or exc)) from None
                progress(len(done[k]))
            for k, chunk in itertools.islice(chunks, len(ready)):
                pending[remote.remote(chunk, play)] = k
        return done
    finally:
        if started:
            ray.shutdown()


def describe_workers(backend: str, workers: int, address: str | None) -> str:
    """A short line saying where the games run."""
    if backend == "ray":
        return f"ray ({address or f'local, {workers} CPUs'})"
    return f"local, {workers} worker{'s' if workers != 1 else ''}"

