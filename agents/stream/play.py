"""Playing one shard of games into a :class:`~agents.stream.summary.Summary` (in a worker).

Game i of the run is the game ``hydra-env evaluate`` plays as its game i: the same seating
(the game's evaluate ``seating`` hook), the same game and bot seeds (:mod:`agents.backends`).
Three ways to play it, all giving the same games:

* **generic**: one game after another by the game's ``play_function`` evaluate hook, else
  :func:`agents.backends.play_game` (any bots);
* **native random**: when every seat is the ``random`` bot of :mod:`agents.random_bot` and the
  game has a native batch (:class:`hydra_env.envs.vector.batch.NativeBatch`), ``batch`` games
  step together in C++; each row's random numbers come from the seat's bot generator, seeded
  as the bot is, and ``sample_legal`` picks ``floor(u·count)``-th legal action in increasing
  order, as the bot picks from the (increasing) legal actions, so the games are the same;
* **batched policies**: when a seat holds a deterministic policy bot (``ppo:``,
  :class:`agents.policy_bot.PolicyBot`), ``batch`` games are played at once; the decisions of
  all games that wait on the same network are taken by one forward pass (the same masked argmax
  the bot takes alone); other bots act as usual.

The game's ``stream`` tool hooks (``agents.game_tools.<game>.stream``, each optional) say what
counts: ``game_result(run, index, result) -> (seat, outcome, score)`` [the agent's seat
``index % seats``, its outcome as ``evaluate`` counts it (won, shared or lost), its score],
``batch_result(run, batch, row) -> dict`` [``batch.game(row).result().to_dict()``] and
``score_bands(run) -> [(label, low, high)]`` [none].
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from agents import evaluate_defaults
from agents.backends import GameTask, bot_seed, game_seed, new_game, play_game
from agents.evaluate_defaults import EvalRun
from agents.stream.summary import Summary
from hydra_env import game_spec

PATHS = ("auto", "generic")


@dataclass(frozen=True)
class ShardTask:
    """One shard to play: shard ``index`` = games ``first … end−1`` of a run.

    ``run_args``: the options that decide the seating and seeds (agent, opponents, games, seed);
    ``batch``: games in flight on the batched paths; ``path``: ``auto`` (the fastest path that
    gives the same games) or ``generic`` (one game after another)."""

    index: int
    first: int
    end: int
    game: str
    params: dict[str, Any]
    run_args: dict[str, Any] = field(default_factory=dict)
    batch: int = 256
    path: str = "auto"


def evaluate_hook(run: EvalRun, name: str) -> Any:
    """The game's evaluate hook ``name``, else None."""
    hooks = run.spec.hooks("evaluate")
    return getattr(hooks, name, None) if hooks is not None else None


def stream_hook(run: EvalRun, name: str) -> Any:
    """The game's stream hook ``name``, else None."""
    hooks = run.spec.hooks("stream")
    return getattr(hooks, name, None) if hooks is not None else None


def make_run(game: str, params: dict[str, Any], run_args: dict[str, Any]) -> EvalRun:
    """The :class:`EvalRun` of a stream run, its seating made by the game's evaluate hook."""
    spec = game_spec(game)
    run = EvalRun(spec, params, argparse.Namespace(**run_args), spec.num_players(**params))
    run.seating = (evaluate_hook(run, "seating") or evaluate_defaults.seating)(run)
    return run


def default_game_result(run: EvalRun, index: int, result: dict[str, Any]) -> tuple[int, str, int | None]:
    """The agent's seat in game ``index`` (``index % seats``), its outcome and score."""
    seat = index % run.seats
    return seat, evaluate_defaults.outcome_of(result, seat), int(result["scores"][seat])


def score_bands(run: EvalRun) -> list[tuple[str, int | None, int | None]]:
    """The game's score bands (its ``score_bands`` stream hook), else none."""
    hook = stream_hook(run, "score_bands")
    return list(hook(run)) if hook is not None else []


def game_task(run: EvalRun, i: int) -> GameTask:
    """Game ``i`` of the run, as ``hydra-env evaluate`` deals and seats it."""
    seating, seed = run.seating, run.args.seed
    specs = seating.specs(i)
    return GameTask(i, run.name, run.params, game_seed(seed, seating.deal(i)), specs,
                    tuple(bot_seed(seed, i, s) for s in range(len(specs))))


def play_shard(task: ShardTask) -> dict[str, Any]:
    """Play a shard; its summary's state (:meth:`Summary.to_state`)."""
    run = make_run(task.game, task.params, task.run_args)
    result_of = stream_hook(run, "game_result") or default_game_result
    summary = Summary()
    add = summary.add
    chooser = _generic if task.path == "generic" else _pick_path(run, task)
    for index, result in chooser(run, task):
        add(*result_of(run, index, result))
    return summary.to_state()


def _pick_path(run: EvalRun, task: ShardTask) -> Callable[[EvalRun, ShardTask], Iterator[tuple[int, dict]]]:
    """The fastest path that gives the same games (the module docstring)."""
    if evaluate_hook(run, "play_function") is not None and evaluate_hook(run, "play_function")(run) is not None:
        return _generic
    specs = {s for i in range(task.first, min(task.end, task.first + run.seats)) for s in run.seating.specs(i)}
    if specs == {"random"} and _native_random_ok(run):
        return _native_random
    from hydra_env.envs.bots import make_bot
    if any(_policy_like(make_bot(s, game=run.name, seed=0)) for s in specs):
        return _batched
    return _generic


def _generic(run: EvalRun, task: ShardTask) -> Iterator[tuple[int, dict]]:
    hook = evaluate_hook(run, "play_function")
    play = (hook(run) if hook is not None else None) or play_game
    for i in range(task.first, task.end):
        yield i, play(game_task(run, i)).result


# --------------------------------------------------------------------------- native random bots

def _native_random_ok(run: EvalRun) -> bool:
    from agents.random_bot import RandomBot
    from hydra_env.envs.bots import make_bot
    from hydra_env.envs.vector.batch import NativeBatch
    if run.spec.native_batch is None or type(make_bot("random", game=run.name, seed=0)) is not RandomBot:
        return False
    try:
        NativeBatch(run.spec, 1, seat=-1, write_obs=False, write_masks=False, **run.params)
    except Exception:  # noqa: BLE001 — not built here, or not for these parameters: the generic path
        return False
    return True


def _native_random(run: EvalRun, task: ShardTask) -> Iterator[tuple[int, dict]]:
    import random

    from hydra_env.envs.vector.batch import NativeBatch
    n = max(1, min(task.batch, task.end - task.first))
    # The end rewards (``returns``) are not read here; a game whose native batch does not write
    # them would have them computed in Python at each game's end, from a full result (about 40%
    # of the time of a random game of Hydra): write_returns=False skips that.
    batch = NativeBatch(run.spec, n, seat=-1, write_obs=False, write_masks=False, write_returns=False,
                        **run.params)
    result_hook = stream_hook(run, "batch_result")
    next_game = task.first
    index = [-1] * n
    rngs: list[list[random.Random]] = [[] for _ in range(n)]

    def start(row: int) -> bool:
        nonlocal next_game
        if next_game >= task.end:
            index[row] = -1
            return False
        t = game_task(run, next_game)
        index[row] = next_game
        rngs[row] = [random.Random(s) for s in t.bot_seeds]
        batch.start(row, t.seed)
        next_game += 1
        return True

    for row in range(n):
        start(row)
    live = {row for row in range(n) if index[row] >= 0}
    u = np.zeros(n)
    current = batch.current_player
    while live:
        for row in np.flatnonzero(batch.over).tolist():
            while row in live and batch.over[row]:      # a new game may be over at once
                result = result_hook(run, batch, row) if result_hook else batch.game(row).result().to_dict()
                yield index[row], result
                if not start(row):
                    live.discard(row)
        if not live:
            break
        rows = sorted(live)
        for row in rows:
            u[row] = rngs[row][current[row]].random()
        batch.apply(batch.sample_legal(u)[rows], np.asarray(rows, np.int64))


# --------------------------------------------------------------------------- batched policies

def _policy_like(bot: Any) -> bool:
    """A bot whose decisions can be batched: a deterministic policy without notes."""
    return (all(hasattr(bot, a) for a in ("model", "observation", "mask", "check_seats"))
            and bool(getattr(bot, "deterministic", False)) and not getattr(bot, "keep_notes", False))


def _stack(observations: list[Any]) -> Any:
    if isinstance(observations[0], dict):
        return {k: np.stack([o[k] for o in observations]) for k in observations[0]}
    return np.stack(observations)


TIE_GAP = 1e-4
"""Two actions whose probabilities differ by less than this fraction of the larger are a near
tie: the batched forward pass, whose float32 sums run in another order than a single row's, could
order them otherwise (it happens: 0.2175061 against 0.2175057), so the row is decided by the
batch-1 pass, as the bot alone decides it."""


def decide(model: Any, observations: list[Any], masks: np.ndarray) -> list[int]:
    """The deterministic choice of ``model`` (a MaskablePPO) for each observation: one forward pass
    for all, the most probable legal action; near ties (:data:`TIE_GAP`) by ``model.predict`` on
    the row alone, exactly as :meth:`agents.policy_bot.PolicyBot.act` decides."""
    import torch
    policy = model.policy
    policy.set_training_mode(False)
    with torch.no_grad():
        tensor, _ = policy.obs_to_tensor(_stack(observations))
        probs = policy.get_distribution(tensor, action_masks=masks).distribution.probs
        top = torch.topk(probs, min(2, probs.shape[1]), dim=1)
    actions = top.indices[:, 0].tolist()
    if top.values.shape[1] > 1:
        gaps = ((top.values[:, 0] - top.values[:, 1]) / top.values[:, 0]).tolist()
        for j, gap in enumerate(gaps):
            if not gap >= TIE_GAP:
                action, _ = model.predict(observations[j], action_masks=masks[j], deterministic=True)
                actions[j] = int(action)
    return actions


def _batched(run: EvalRun, task: ShardTask) -> Iterator[tuple[int, dict]]:
    """The batched-policy path: each game plays until a policy decision waits, then one forward
    pass per network takes every waiting decision."""
    from hydra_env.envs.bots import make_bot
    todo = iter(range(task.first, task.end))
    slots: list[list[Any]] = []          # [index, game, bots, waiting (bot, obs, mask, legal) or None]
    finished = False
    while True:
        while not finished and len(slots) < task.batch:
            i = next(todo, None)
            if i is None:
                finished = True
                break
            t = game_task(run, i)
            game = new_game(t)
            slots.append([i, game, [make_bot(s, game=t.game, seed=b) for s, b in zip(t.specs, t.bot_seeds)],
                          None])
        if not slots:
            return
        keep = []
        for slot in slots:
            i, game, bots, _ = slot
            while not game.is_over:
                seat = game.current_player
                legal = game.legal_actions()
                bot = bots[seat]
                view = game.view(seat)
                if _policy_like(bot):
                    bot.check_seats(view)
                    obs = bot.observation(view, legal)
                    slot[3] = (bot, obs, bot.mask(view, legal, obs), legal)
                    break
                game.apply(bot.act(view, legal))
            if game.is_over:
                yield i, game.result().to_dict()
            else:
                keep.append(slot)
        slots = keep
        groups: dict[int, list[list[Any]]] = {}
        for slot in slots:
            groups.setdefault(id(slot[3][0].model), []).append(slot)
        for group in groups.values():
            model = group[0][3][0].model
            masks = np.stack([s[3][2] for s in group])
            actions = decide(model, [s[3][1] for s in group], masks)
            for slot, action, mask in zip(group, actions, masks):
                legal = slot[3][3]
                slot[1].apply(int(action) if mask[int(action)] else legal[0])
                slot[3] = None
