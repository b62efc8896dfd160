"""``hydra_env/Hydras-v0``: the card game Hydras (docs/games/hydras/rules.md) from one seat.

::

    import gymnasium as gym
    env = gym.make("hydra_env/Hydras-v0", num_players=3, opponents=["random", "random"])
    obs, info = env.reset(seed=0)
    while True:
        mask = env.unwrapped.action_masks()           # also info["action_mask"]
        obs, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))
        if terminated or truncated:
            break

The learning agent plays one seat; the other seats are scripted bots played
inside the env. Every decision of the learning seat is one step: its turn's
play, a slash and burn, and the block offers it gets during other seats'
turns (H11: out-of-turn blocks are the blocking seat's decisions). Between
two steps the opponents play until the learning seat decides again or the
game ends.

Opponents
    ``opponents``: one entry per other seat, or one entry for all of them
    (default ``["random"]``); they sit at ``seat + 1, seat + 2, …``. An entry
    is an object with ``act(view, legal_actions) -> int`` (it gets a
    :class:`hydra_env.games.hydras.rules.HydrasSeatView`, so it cannot see hidden cards),
    a sampler with ``sample(seed) -> bot`` (a new bot each episode), or a bot
    name, made anew each episode by :func:`resolve_bot` with a seed drawn
    from the env's generator (``reset(seed=s)`` fixes their play too).

Observation (built by :mod:`hydra_env.games.hydras.rules.encoding`; seats relative to the learning seat)
    ``Dict(board=Box(0, 1, (64, 11, 11)), hand=Box(0, 1, (4, 22)),
    features=Box(0, 1, (123,)))``, float32; ``flatten=True``: the three
    raveled and joined, ``Box(0, 1, (7955,), float32)``. Relative seat ``r``
    is seat ``(seat + r) mod players``; absent seats are zeros.

    ``board`` plane ``16·r + c`` of relative seat ``r``:
    c 0–3 neck north/east/south/west of the card in the cell; c 4 a card
    (body included, torches not); c 5 the body; c 6 a torch; c 7–9 a card
    with 1/2/3 heads; c 10 sword icon; c 11 poison breath icon; c 12 an open
    end; c 13 a cell a sword may cut (H7); c 14 the card's neck length / 20;
    c 15 the cell a pending sword or torch targets, or a slash and burn may fill.

    ``hand``: one-hot card kind (22 kinds, the data file's order, torch last)
    per hand slot of the learning seat.

    ``features`` (index: meaning): 0–3 seat present; 4–7 turn seat; 8–11 star
    seat; 12 deck size / 60; 13 last round running (H13); 14 its turns left / 4;
    15–18 hand sizes / 4; 19–22 board scores (hand penalty aside) + 10, / 40;
    23 own hand penalty / 12; 24–27 greatest neck lengths / 20; 28–31
    complete hydras; 32–35 torches / 6; 36–39 open ends / 10; 40–61 discard
    pile per kind / cards of the kind; 62–83 unseen cards (deck and other
    hands) per kind / cards of the kind; 84–86 pending decision (turn, block
    offer, slash and burn); 87–88 card under block (sword, torch); 89–92 its
    player; 93–96 its target hydra; 97–118 its kind; 119 a slash-and-burn
    torch; 120 poison breaths in the chain / 4; 121 the chain's card acts if
    nobody else blocks; 122 seats still to be offered the block / 3.

Actions and mask
    ``Discrete(10175)``, the engine's flat layout (:mod:`hydra_env.games.hydras.rules.codec`
    has the table): neck plays (slot × relative target × cell × rotation),
    swords, torches, discards, slash and burn or not, block with a slot or
    pass. ``env.unwrapped.action_masks()`` and ``info["action_mask"]`` (int8) are exactly
    the engine's legal set of the learning seat, which is always the seat to
    decide when a step returns; never empty before the end, all zeros after.
    A masked-out action raises :class:`hydra_env.errors.IllegalActionError`
    (what and why); with ``illegal_action="penalty"`` it is a no-op returning
    ``illegal_penalty`` and ``info["illegal_action"] = True`` (what
    Gymnasium's ``check_env``, which steps unmasked random actions, needs).
    Something that is no index of the action space at all (``True``, ``1.0``,
    ``-1``) always raises :class:`hydra_env.errors.IllegalActionError`.

Candidate features (``candidates=K``)
    ``candidates`` 0 (default) is off. With K > 0 the observation is a Dict
    of the parts above (``obs``: the flat vector, with ``flatten=True``) plus
    ``cand_feat`` ``Box(−5, 5, (K, 65), float32)``, one row per legal action
    of the learning seat from its after-state
    (:mod:`hydra_env.games.hydras.envs.candidates` lists the 65 values), and
    ``cand_index`` ``Box(−1, 10174, (K,), float32)``, the action index of each
    row (−1: padding). When the seat has more than K legal actions, the mask
    offers only the K rows' actions (the best K by the heuristic's value).

Rewards, at the end only (0 before)
    ``"win"`` (default): 1 for a win (1/k when k seats share it), else 0.
    ``"rank"``: ``1 − 2·(rank − 1)/(players − 1)`` with H16's rank (tied seats
    share the better rank): +1 first … −1 last. ``"score_diff"``: (own score −
    best other score) / 10.

Episode end
    ``terminated`` when the game ends (H13); ``info["result"]`` then holds the
    :class:`~hydra_env.games.hydras.rules.HydrasResult` as a dict, ``info["rank"]`` and
    ``info["score"]``. ``truncated`` only with ``max_steps``.

Arguments
    ``num_players`` 2–4 (3), ``opponents``, ``reward``, ``seat`` (an int or
    ``"random"``: drawn each episode), ``render_mode`` None|"ansi",
    ``flatten`` (False), ``candidates`` (0), ``illegal_action`` "raise"|"penalty",
    ``illegal_penalty`` (−1.0), ``max_steps`` (None), ``cards`` (a card set or
    the path of a card file), ``bot_factory`` (``(name, seed) -> bot`` used
    for names; default :func:`resolve_bot`'s lookup). Integers may be numpy
    integers (stored as ``int``); bools, floats and out-of-range values raise
    :class:`hydra_env.errors.ConfigError` (:mod:`hydra_env.arguments`), and so
    does an opponent name the bot registry does not know.

Version history
    v0: first version (observation layout ``OBS_VERSION`` 0); the ``candidates``
    observation parts (off by default) came later within v0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from hydra_env import arguments
from hydra_env.api import game_spec
from hydra_env.envs.bots import UniformRandomBot
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.opponents import episode_bot
from hydra_env.envs.single_agent import (
    ILLEGAL_MODES,
    RESULT_REWARDS,
    as_action,
    box_observation_space,
    raise_masked_out,
)
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydras.envs.candidates import FEATURE_BOUND, N_FEATURES, HydrasCandidateEncoder
from hydra_env.games.hydras.rules.encoding import HydrasEncoder
from hydra_env.games.hydras.rules.game import HydrasGame, resolve_cards
from hydra_env.games.hydras.rules.scoring import HydrasResult
from hydra_env.games.hydras.rules.tables import tables_for

REWARDS = RESULT_REWARDS  # ("win", "rank", "score_diff")
GAME = "hydras"           # its name in the registries of games and bots

__all__ = ["HydrasEnv", "REWARDS", "ILLEGAL_MODES", "UniformRandomBot", "as_action", "observation_space",
           "players_argument", "resolve_bot", "terminal_reward"]


def _registry_bot(name: str, seed: int) -> Any:
    """A Hydras bot of the registry by name (only ``random`` where there is no registry)."""
    try:
        from hydra_env.envs.bots import make_bot  # the registry, where installed
    except ImportError:
        if name == "random":
            return UniformRandomBot(seed)
        raise ConfigError(f"unknown opponent {name!r}: without the bot registry only "
                          f"'random' is known; pass bot objects or bot_factory=") from None
    return make_bot(name, game=GAME, seed=seed)


def resolve_bot(entry: Any, seed: int, bot_factory: Callable[..., Any] | None = None) -> Any:
    """This episode's bot for an ``opponents`` entry: an object with ``act`` as
    given, a sampler's ``sample(seed)``, or a name made by ``bot_factory(name,
    seed=seed)`` — by default the project's bot registry
    (``hydra_env.envs.bots.make_bot(name, game="hydras", seed=seed)``) when it
    exists, else the built-in ``random``."""
    return episode_bot(entry, seed, bot_factory or _registry_bot)


def players_argument(num_players: Any) -> int:
    """The ``num_players`` argument of the Hydras envs: an integer 2–4 (numpy integers
    stored as ``int``; bools and floats refused)."""
    return arguments.integer("num_players", num_players, low=2, high=4)


def observation_space(encoder: HydrasEncoder, flatten: bool, candidates: int = 0,
                      action_size: int = 0) -> spaces.Space:
    """The observation space of an encoder (Dict of three Boxes, or one flat Box; with
    ``candidates`` K > 0 a Dict with ``cand_feat`` and ``cand_index`` too)."""
    parts = {"board": encoder.board_shape, "hand": encoder.hand_shape, "features": (encoder.feature_count,)}
    return box_observation_space(parts, encoder.size, flatten, candidates, action_size, N_FEATURES,
                                 FEATURE_BOUND)


def terminal_reward(game: HydrasGame, seat: int, scheme: str, result: HydrasResult | None = None) -> float:
    """The end-of-game reward of ``seat`` under ``scheme`` (see the module docstring);
    ``result``: the game's result when already at hand."""
    result = game.result() if result is None else result
    if scheme == "win":
        return 1.0 / len(result.winners) if seat in result.winners else 0.0
    if scheme == "rank":
        return 1.0 - 2.0 * (result.ranks[seat] - 1) / (result.players - 1)
    best_other = max(s for k, s in enumerate(result.scores) if k != seat)
    return (result.scores[seat] - best_other) / 10.0


class HydrasEnv(GameEnv):
    """Hydras from one seat, the others scripted (see the module docstring); the generic
    one-seat env with Hydras' observation (and candidate features), rewards and infos."""

    metadata = {"render_modes": ["ansi"], "render_fps": 2}

    def __init__(self, num_players: int = 3, opponents: Sequence[Any] | Any = ("random",),
                 reward: str = "win", seat: int | str = 0, render_mode: str | None = None, *,
                 flatten: bool = False, candidates: int = 0, illegal_action: str = "raise",
                 illegal_penalty: float = -1.0, max_steps: int | None = None,
                 cards: Any = None, bot_factory: Callable[..., Any] | None = None) -> None:
        """Arguments as in the module docstring."""
        num_players = players_argument(num_players)
        self.game_spec, self.params = game_spec(GAME), {"num_players": num_players}
        self._check_arguments(num_players, opponents, reward, seat, render_mode, flatten, illegal_action,
                              illegal_penalty, max_steps, bot_factory)
        self.cards = resolve_cards(cards)
        self.tables = tables_for(self.cards)
        size = self.tables.codec.size
        self.candidates = candidates = arguments.integer(
            "candidates", candidates, low=0, high=size,
            fix=f"pass 0 (off) or a count of candidate actions from 1 to {size}")
        self.encoder = HydrasEncoder(self.tables)
        self.candidate_encoder = HydrasCandidateEncoder(self.tables, candidates) if candidates else None
        self._set_spaces(observation_space(self.encoder, self.flatten, candidates, size), size)

    def _new_game(self, seed: int) -> HydrasGame:
        return HydrasGame.new(self.num_players, seed, cards=self.cards)

    def _refuse(self, index: int) -> None:
        if self.game.is_legal(index):      # legal, but not among the K candidate rows
            raise IllegalActionError(f"action {index} ({self.game.describe(index)}) is legal but "
                                     f"not among the {self.candidates} candidate rows offered "
                                     f"(the best {self.candidates} by value); make the env with "
                                     f"a larger candidates=")
        raise_masked_out(self.game, index, "masked out by env.unwrapped.action_masks(); make the env "
                                           "with illegal_action='penalty' for a no-op and a penalty instead")

    def _outcome(self, game: HydrasGame) -> tuple[float, dict[str, Any]]:
        result = game.result()
        reward = terminal_reward(game, self.seat, self.reward_scheme, result)
        return reward, {"result": result.to_dict(), "rank": result.ranks[self.seat],
                        "score": result.scores[self.seat]}

    def _observe(self) -> Any:
        game = self.game
        mask = self._mask = np.zeros(self.action_space.n, np.int8)
        to_act = game.current_player == self.seat
        flat = game.encode_flat(self.seat)
        if self.candidate_encoder is None:
            if to_act:
                game.legal_mask_into(mask)
            return flat if self.flatten else self.encoder.split(flat)
        legal = game.legal_actions() if to_act else []
        obs = {"obs": flat} if self.flatten else self.encoder.split(flat)
        feat, index = self.candidate_encoder.encode(game.state, self.seat, legal)
        obs["cand_feat"], obs["cand_index"] = feat, index
        mask[index[index >= 0].astype(np.int64)] = 1    # all legal ones, or the best K
        return obs

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal actions now (bool[action_size]), the method
        sb3-contrib's MaskablePPO calls; all False once the episode is over."""
        return self._mask.astype(bool)
