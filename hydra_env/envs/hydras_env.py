"""``hydra_env/Hydras-v0``: the card game Hydras (docs/hydras.md) from one seat.

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
    :class:`hydra_env.hydras.HydrasSeatView`, so it cannot see hidden cards),
    a sampler with ``sample(seed) -> bot`` (a new bot each episode), or a bot
    name, made anew each episode by :func:`resolve_bot` with a seed drawn
    from the env's generator (``reset(seed=s)`` fixes their play too).

Observation (built by :mod:`hydra_env.hydras.encoding`; seats relative to the learning seat)
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
    ``Discrete(10175)``, the engine's flat layout (:mod:`hydra_env.hydras.codec`
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
    (:mod:`hydra_env.envs.hydras_candidates` lists the 65 values), and
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
    :class:`~hydra_env.hydras.HydrasResult` as a dict, ``info["rank"]`` and
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

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hydra_env import arguments
from hydra_env.envs.base import max_steps_argument, reset_seed
from hydra_env.envs.hydras_candidates import FEATURE_BOUND, N_FEATURES, HydrasCandidateEncoder
from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.hydras.encoding import HydrasEncoder
from hydra_env.hydras.game import HydrasGame, resolve_cards
from hydra_env.hydras.scoring import HydrasResult
from hydra_env.hydras.tables import tables_for

REWARDS = ("win", "rank", "score_diff")
ILLEGAL_MODES = ("raise", "penalty")


class UniformRandomBot:
    """The fallback ``random`` bot: uniform over the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` makes the choices reproducible."""
        self.rng = np.random.default_rng(seed)

    def act(self, view: Any, legal_actions: list[int] | None = None) -> int:
        """A uniformly random legal action."""
        legal = view.legal_actions() if legal_actions is None else legal_actions
        return legal[int(self.rng.integers(len(legal)))]


def resolve_bot(entry: Any, seed: int, bot_factory: Callable[..., Any] | None = None) -> Any:
    """This episode's bot for an ``opponents`` entry: an object with ``act`` as
    given, a sampler's ``sample(seed)``, or a name made by ``bot_factory(name,
    seed=seed)`` — by default the project's bot registry
    (``hydra_env.envs.bots.make_bot(name, game="hydras", seed=seed)``) when it
    exists, else the built-in ``random``."""
    if callable(getattr(entry, "act", None)):
        return entry
    if callable(getattr(entry, "sample", None)):
        return entry.sample(seed)
    if not isinstance(entry, str):
        raise ConfigError(f"an opponent must be a bot name, an object with act(view, "
                          f"legal_actions) -> int or a sampler with sample(seed), got {entry!r}")
    if bot_factory is not None:
        return bot_factory(entry, seed=seed)
    try:
        from hydra_env.envs.bots import make_bot  # the registry, where installed
    except ImportError:
        if entry == "random":
            return UniformRandomBot(seed)
        raise ConfigError(f"unknown opponent {entry!r}: without the bot registry only "
                          f"'random' is known; pass bot objects or bot_factory=") from None
    return make_bot(entry, game="hydras", seed=seed)


def as_action(action: Any, size: int) -> int:
    """The index of ``action`` in an action space of ``size``: an int, a numpy integer or a
    one-element integer array; IllegalActionError for anything else (``True``, ``1.0``) or an
    index outside ``0 … size−1``."""
    return arguments.action("action", action, size)


def players_argument(num_players: Any) -> int:
    """The ``num_players`` argument of the Hydras envs: an integer 2–4 (numpy integers
    stored as ``int``; bools and floats refused)."""
    return arguments.integer("num_players", num_players, low=2, high=4)


def observation_space(encoder: HydrasEncoder, flatten: bool, candidates: int = 0,
                      action_size: int = 0) -> spaces.Space:
    """The observation space of an encoder (Dict of three Boxes, or one flat Box; with
    ``candidates`` K > 0 a Dict with ``cand_feat`` and ``cand_index`` too)."""
    if flatten:
        flat = spaces.Box(0.0, 1.0, (encoder.size,), np.float32)
        if not candidates:
            return flat
        parts: dict[str, spaces.Space] = {"obs": flat}
    else:
        parts = {"board": spaces.Box(0.0, 1.0, encoder.board_shape, np.float32),
                 "hand": spaces.Box(0.0, 1.0, encoder.hand_shape, np.float32),
                 "features": spaces.Box(0.0, 1.0, (encoder.feature_count,), np.float32)}
    if candidates:
        parts["cand_feat"] = spaces.Box(-FEATURE_BOUND, FEATURE_BOUND, (candidates, N_FEATURES),
                                        np.float32)
        parts["cand_index"] = spaces.Box(-1.0, float(action_size - 1), (candidates,), np.float32)
    return spaces.Dict(parts)


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


def _check_bot_name(entry: str) -> None:
    """A bot name of the Hydras registry (ConfigError naming the known ones otherwise)."""
    try:
        from hydra_env.envs.bots import parse_bot_spec
    except ImportError:                     # no registry: only the built-in random bot
        if entry != "random":
            raise ConfigError(f"unknown opponent {entry!r}: without the bot registry only "
                              f"'random' is known; pass bot objects or bot_factory=") from None
        return
    try:
        parse_bot_spec(entry, game="hydras")
    except ConfigError as exc:
        raise ConfigError(f"opponent {entry!r}: {exc} (or pass an object with "
                          f"act(view, legal_actions) -> int)") from None


def _seat_argument(seat: Any, players: int) -> int | str:
    """A seat ``0 … players−1`` or ``"random"``."""
    if isinstance(seat, str):
        return arguments.choice("seat", seat, ("random",),
                                fix=f"pass a seat 0 to {players - 1}, or 'random'")
    try:
        return arguments.seat("seat", seat, players)
    except ConfigError as exc:
        raise ConfigError(f"{exc}, or 'random' (drawn each episode)") from None


class HydrasEnv(gym.Env):
    """Hydras from one seat, the others scripted (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 2}

    def __init__(self, num_players: int = 3, opponents: Sequence[Any] | Any = ("random",),
                 reward: str = "win", seat: int | str = 0, render_mode: str | None = None, *,
                 flatten: bool = False, candidates: int = 0, illegal_action: str = "raise",
                 illegal_penalty: float = -1.0, max_steps: int | None = None,
                 cards: Any = None, bot_factory: Callable[..., Any] | None = None) -> None:
        """Arguments as in the module docstring."""
        num_players = players_argument(num_players)
        reward = arguments.choice("reward", reward, REWARDS)
        illegal_action = arguments.choice("illegal_action", illegal_action, ILLEGAL_MODES)
        if render_mode is not None:
            render_mode = arguments.choice("render_mode", render_mode, ("ansi",),
                                           fix="pass None or 'ansi'")
        seat = _seat_argument(seat, num_players)
        if isinstance(opponents, str) or not isinstance(opponents, (list, tuple)):
            opponents = [opponents]
        opponents = list(opponents) * (num_players - 1 if len(opponents) == 1 else 1)
        if len(opponents) != num_players - 1:
            raise ConfigError(f"{num_players} players: give {num_players - 1} opponents or one "
                              f"for all, got {len(opponents)}")
        for entry in opponents:
            if isinstance(entry, str) and bot_factory is None:
                _check_bot_name(entry)
        max_steps = max_steps_argument(max_steps)
        illegal_penalty = arguments.number("illegal_penalty", illegal_penalty)
        flatten = arguments.boolean("flatten", flatten)
        candidates = arguments.integer("candidates", candidates, low=0)
        self.num_players = num_players
        self.opponents = opponents
        self.reward_scheme = reward
        self.seat_argument = seat
        self.render_mode = render_mode
        self.flatten = bool(flatten)
        self.illegal_action = illegal_action
        self.illegal_penalty = illegal_penalty
        self.max_steps = max_steps
        self.bot_factory = bot_factory
        self.cards = resolve_cards(cards)
        self.tables = tables_for(self.cards)
        self.encoder = HydrasEncoder(self.tables)
        self.candidates = candidates
        self.candidate_encoder = HydrasCandidateEncoder(self.tables, candidates) if candidates else None
        self.observation_space = observation_space(self.encoder, self.flatten, candidates,
                                                   self.tables.codec.size)
        self.action_space = spaces.Discrete(self.tables.codec.size)
        self.game: HydrasGame | None = None
        self.seat = 0 if seat == "random" else seat
        self.bots: dict[int, Any] = {}
        self._mask = np.zeros(self.tables.codec.size, np.int8)
        self._done = True
        self._steps = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start a new game; its seed and the opponents' seeds come from the env's
        generator, so the same ``seed`` gives the same episodes."""
        super().reset(seed=reset_seed(seed, options))
        rng = self.np_random
        players = self.num_players
        if self.seat_argument == "random":
            self.seat = int(rng.integers(players))
        bot_seeds = [int(x) for x in rng.integers(1 << 63, size=players - 1)]
        self.bots = {(self.seat + 1 + k) % players: resolve_bot(entry, bot_seeds[k], self.bot_factory)
                     for k, entry in enumerate(self.opponents)}
        self.game = HydrasGame.new(players, int(rng.integers(1 << 63)), cards=self.cards)
        self._advance()
        self._done = self.game.is_over
        self._steps = 0
        return self._observe(), {"action_mask": self._mask}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the learning seat's decision, then the opponents' until its next one."""
        if self.game is None or self._done:
            raise gym.error.ResetNeeded("call reset() before step() (and after the episode ends)")
        index = as_action(action, self.action_space.n)   # IllegalActionError: no index at all
        if not self._mask[index]:
            return self._illegal(index)
        game = self.game
        game.apply(index)
        self._advance()
        self._steps += 1
        terminated = game.is_over
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._done = terminated or truncated
        result = game.result() if terminated else None
        reward = terminal_reward(game, self.seat, self.reward_scheme, result) if terminated else 0.0
        obs = self._observe()
        info: dict[str, Any] = {"action_mask": self._mask}
        if result is not None:
            info.update(result=result.to_dict(), rank=result.ranks[self.seat],
                        score=result.scores[self.seat])
        return obs, reward, terminated, truncated, info

    def _illegal(self, index: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.illegal_action == "raise":
            if self.game.is_legal(index):      # legal, but not among the K candidate rows
                raise IllegalActionError(f"action {index} ({self.game.describe(index)}) is legal but "
                                         f"not among the {self.candidates} candidate rows offered "
                                         f"(the best {self.candidates} by value); make the env with "
                                         f"a larger candidates=")
            try:
                self.game.apply(index)        # the engine says what is illegal and why
            except IllegalActionError as exc:
                raise IllegalActionError(f"{exc} [masked out by env.unwrapped.action_masks(); make the env "
                                         f"with illegal_action='penalty' for a no-op and a "
                                         f"penalty instead]") from None
            raise AssertionError("the mask and the engine disagree")  # pragma: no cover
        self._steps += 1
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        self._done = truncated
        return (self._observe(), self.illegal_penalty, False, truncated,
                {"action_mask": self._mask, "illegal_action": True})

    def _advance(self) -> None:
        game, seat, bots = self.game, self.seat, self.bots
        while (player := game.current_player) != seat and player >= 0:   # until seat decides or the end
            bot = bots[player]
            action = bot.act(game.view(player), game.legal_actions())
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"opponent {bot!r} on seat {player}: {exc}") from None

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

    def render(self) -> str | None:
        """``"ansi"``: the table as text, with the learning seat's hand."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; make the env with "
                            "render_mode='ansi'")
            return None
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before render()")
        return self.game.render(self.seat)

    def close(self) -> None:
        """Nothing to release."""
