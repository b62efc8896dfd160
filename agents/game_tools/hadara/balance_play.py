"""The games of Hadara's balance tables and what is counted in them (:mod:`.balance`).

A table is a line-up of agent specs at ``players`` seats, rotated: game ``i`` seats the
line-up shifted by ``i mod players`` and is dealt from deal ``i // players`` (from deal ``i``
when every seat plays the same agent), with the game
and bot seeds of :mod:`agents.backends` (one agent against three of another is seated as
``hydra-env evaluate`` seats it, so the same ``--seed`` plays the same games). The bots
come from the game's bot registry (:func:`hydra_env.envs.bots.make_bot`, so ``ppo:NAME``
and every registered bot work). Each game is played on the default engine, then its
decisions are replayed on the Python engine to read what the state shows before each
decision: the pair a seat drew (DRAFT), the pile tops it was offered (PICK), its setup card
and the epoch-I first player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agents.backends import GameRecord, GameTask, bot_seed, game_seed, run_games
from agents.evaluate_defaults import seat_specs

GAME = "hadara"


@dataclass
class CardCounts:
    """One card's counts at the seats of one agent: drawn / bought in phase A (DRAFT), offered
    as a pile top / bought in phase B (PICK)."""

    drawn: int = 0
    bought_a: int = 0
    offered: int = 0
    bought_b: int = 0


@dataclass
class GameFacts:
    """What a balance table keeps of one game."""

    index: int
    specs: tuple[str, ...]
    result: dict[str, Any]
    setup: list[str]                      # setup card id per seat
    first: int                            # the epoch-I first player
    cards: dict[tuple[str, int], CardCounts] = field(default_factory=dict)   # (spec, card index) -> counts
    picks: dict[str, list[int]] = field(default_factory=dict)   # spec -> [DRAFT and PICK decisions, buys]


def versus_specs(agent: str, opponent: str, players: int) -> Callable[[int], tuple[str, ...]]:
    """Game ``i``'s seats of ``agent`` against ``players - 1`` of ``opponent`` (evaluate's seating)."""
    return lambda i: seat_specs(agent, [opponent] * (players - 1), i % players, players)


def rotated_specs(lineup: Sequence[str]) -> Callable[[int], tuple[str, ...]]:
    """Game ``i``'s seats of a line-up of one spec per seat, shifted by ``i``."""
    n = len(lineup)
    return lambda i: tuple(lineup[(s - i) % n] for s in range(n))


def facts_of(task: GameTask, record: GameRecord) -> GameFacts:
    """Replay a played game on the Python engine and count its drafts and picks per agent spec."""
    from hydra_env import game_spec
    from hydra_env.games.hadara import codec
    from hydra_env.games.hadara.state import DRAFT, PICK

    game = game_spec(GAME).make(seed=task.seed, engine="python", **task.params)
    state = game.state             # the Python engine's live state (read, never changed here)
    comps = game.components
    facts = GameFacts(task.index, task.specs, record.result,
                      [comps.setup_cards[k].id for k in state.setup], state.first[0])
    for action in record.decisions or []:
        pending = state.pending
        if pending is not None and pending.kind in (DRAFT, PICK):
            spec = task.specs[pending.seat]
            name, a, mode = codec.block(action)
            picks = facts.picks.setdefault(spec, [0, 0])
            picks[0] += 1
            picks[1] += int(name in ("DRAFT", "PICK") and mode == 0)
            if pending.kind == DRAFT:
                pair = state.pairs[pending.seat]
                for k, card in enumerate(pair):
                    counts = facts.cards.setdefault((spec, card), CardCounts())
                    counts.drawn += 1
                    counts.bought_a += int(name == "DRAFT" and k == a and mode == 0)
            else:
                for colour, pile in enumerate(state.piles):
                    if pile:
                        counts = facts.cards.setdefault((spec, pile[-1]), CardCounts())
                        counts.offered += 1
                        counts.bought_b += int(name == "PICK" and colour == a and mode == 0)
        game.apply(action)
    if game.result().to_dict()["scores"] != record.result["scores"]:
        raise RuntimeError(f"game {task.index}: the Python replay's scores differ from the played game's")
    return facts


def play_table(specs_of: Callable[[int], tuple[str, ...]], players: int, games: int, seed: int,
               params: dict[str, Any], *, workers: int = 1, progress: Callable[[int], None] | None = None,
               ) -> list[GameFacts]:
    """Play ``games`` games of a table (seats from ``specs_of(i)``) and return each game's facts,
    in game order. Game ``i`` is dealt from deal ``i // players`` when the seats rotate a line-up,
    from deal ``i`` when every seat plays the same spec (rotating identical seats would replay one
    deal ``players`` times, the very same game with a deterministic agent)."""
    params = {**params, "num_players": players}
    same = len(set(specs_of(0))) == 1

    def task(i: int) -> GameTask:
        specs = specs_of(i)
        return GameTask(i, GAME, params, game_seed(seed, i if same else i // players), specs,
                        tuple(bot_seed(seed, i, s) for s in range(players)), record=True, notes=False)

    tasks = [task(i) for i in range(games)]
    records = run_games(tasks, workers=workers, progress=progress)
    return [facts_of(tasks[r.index], r) for r in records]
