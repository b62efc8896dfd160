"""``hydra_env/Solo-v0``: the solo game (R32–R39) for one learning agent.

::

    import gymnasium as gym
    import hydra_env                      # registers the ids
    env = gym.make("hydra_env/Solo-v0", scenario=10, stars=1, reward="score")
    obs, info = env.reset(seed=0)
    while True:
        mask = info["action_mask"]        # also env.unwrapped.action_masks()
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=mask))
        if terminated or truncated:
            break

``gym.make`` returns the environment inside Gymnasium's standard wrappers
(``OrderEnforcing``, ``PassiveEnvChecker``); ``env.unwrapped`` is the
:class:`SoloEnv`. Through any wrapper ``env.get_wrapper_attr("action_masks")()``
gives the mask, which is what sb3-contrib does, also through ``DummyVecEnv``
and ``SubprocVecEnv``.

Observation
    ``Dict(board=Box(0, 1, (29, 11, 9), float32), features=Box(0, 1, (1096,),
    float32))``; with ``flatten=True`` one ``Box(0, 1, (3967,), float32)`` for
    ``MlpPolicy`` (the planes raveled, then the features). Every channel and
    feature block is listed in :mod:`hydra_env.games.hydra.observe.encoding`: heads,
    counters, necks and paths per colour, barricades, the hero, shields,
    portals, maelstroms, areas and the spaces a pending decision offers on the
    11 × 9 grid; walls, round, moon phases, the display (rows A and B) and row
    C (face down until the oracle phase: only present/blocked), city actions
    used, tokens left, actions done, columns used and the pending decision's
    kind in the features. The hero is relative seat 0.

Actions
    ``Discrete(1826)``: the engine's flat action layout
    (:mod:`hydra_env.games.hydra.rules.codec` has the table): display card slots 0–9 (row
    A, row B) × {destination space, sword per colour with/without bonus,
    harpoon, barricade, protect}, city actions, pass, block a row C card
    (phase II), place a shoved/evading hero, yes/no (follow a retreating head).

Mask
    ``env.unwrapped.action_masks()`` and ``info["action_mask"]``: ``int8[1826]``
    (the dtype of Gymnasium's ``Discrete.sample(mask=)``), 1 exactly for the
    engine's legal decisions (tested against ``Game.legal_actions()``); never
    empty before the end, all 0 after it.
    A masked-out action raises :class:`hydra_env.IllegalActionError` (its
    message says which action and why); with ``illegal_action="penalty"`` it is
    a no-op that returns ``illegal_penalty`` and ``info["illegal_action"] = True``.
    Something that is no index of the action space at all (``True``, ``1.0``,
    ``-1``, ``1826``) always raises :class:`hydra_env.IllegalActionError`.
    Gymnasium's ``check_env`` steps unmasked random actions, so check an env
    made with ``illegal_action="penalty"`` (the tests do, for both ids).

Rewards (:mod:`hydra_env.games.hydra.envs.rewards`)
    ``"score"``: 0 per step; at the end score/100 when won (R39, about [0, 1.1]),
    ``-loss_penalty`` when lost. ``"shaped"``: the same plus
    ``F = shaping_gamma·Φ(s') − Φ(s)``, ``Φ = shaping_scale·(walls − necks −
    heads)/100``, ``Φ(end) = 0`` (the optimal policy is unchanged; see the
    rewards module for the discount caveat).

Episode end
    ``terminated`` when the game ends (after round 6's Hydra phase, or at once in
    defeat, R39); ``info["result"]`` then holds the ``GameResult`` as a dict and
    ``info["outcome"]`` "won"/"lost". ``truncated`` only with ``max_steps``
    (games are finite: 60 hero actions plus their sub-decisions).

Arguments
    ``scenario`` 10–12 (default 10), ``stars`` 1–3 (default 1), ``reward``
    "score"|"shaped", ``loss_penalty`` (1.0), ``shaping_scale`` (1.0),
    ``shaping_gamma`` (1.0), ``flatten`` (False), ``illegal_action``
    "raise"|"penalty", ``illegal_penalty`` (−1.0), ``max_steps`` (None),
    ``render_mode`` None|"ansi"|"rgb_array", ``rule_options`` (a dict or
    ``RuleOptions``), ``components`` (component data or its folder),
    ``candidates`` (0: off; K > 0 adds candidate features, below).
    Integer arguments may be Python or numpy integers (stored as ``int``);
    bools, floats, strings and out-of-range values raise
    :class:`hydra_env.ConfigError` naming the argument
    (:mod:`hydra_env.arguments`), as do a non-bool ``flatten``, a non-number
    ``loss_penalty`` and ``shaping_gamma`` outside [0, 1].

Candidate features (``candidates=K``)
    The observation is then always a ``Dict``: the parts above (``board`` and
    ``features``, or ``obs`` with ``flatten=True``) plus ``cand_feat``
    ``Box(−5, 5, (K, 109), float32)`` — one row per legal action of the
    learning seat, describing the position that action leads to
    (:mod:`hydra_env.games.hydra.observe.candidates` lists the 109 values) — and
    ``cand_index`` ``Box(−1, 1825, (K,), float32)``, the action index of each
    row (−1: padding). A policy may score the rows and put the scores on
    their indices (``agents.train.policy.CandidatePolicy``). Computed on a
    re-deal of what the seat cannot see, so nothing hidden leaks.

Seeding
    ``reset(seed=s)`` seeds the env's generator, from which each episode's game
    seed is drawn: the same seed and actions give the same observations and
    rewards, in any process.

Version history
    v0: first version (observation layout ``OBS_VERSION`` 0); the optional
    ``candidates`` observation parts (off by default) came later within v0.
"""

from __future__ import annotations

from typing import Any

from hydra_env.errors import ConfigError
from hydra_env.games.hydra.envs.base import HydraEnv
from hydra_env.games.hydra.envs.rewards import SoloReward


class SoloEnv(HydraEnv):
    """The solo game for one learning agent (see the module docstring)."""

    def __init__(self, scenario: int = 10, stars: int = 1, reward: str = "score", *,
                 loss_penalty: float = 1.0, shaping_scale: float = 1.0,
                 shaping_gamma: float = 1.0, **kwargs: Any) -> None:
        """Arguments as in the module docstring; ``kwargs`` go to :class:`HydraEnv`."""
        super().__init__(scenario=scenario, stars=stars, **kwargs)
        if not self.components.scenario(self.scenario).solo:
            raise ConfigError(f"scenario {self.scenario} is not a solo scenario; use "
                              f"hydra_env/Coop-v0 for the coordinated game")
        self.reward_scheme = SoloReward(reward, loss_penalty=loss_penalty,
                                        shaping_scale=shaping_scale, shaping_gamma=shaping_gamma)

    def _start(self, game_seed: int) -> None:
        self.game = self.new_game(game_seed)
        self.seat = 0
        self.reward_scheme.reset(self.game)

    def _reward(self) -> float:
        return self.reward_scheme.step(self.game)

    def _end_info(self, info: dict[str, Any]) -> None:
        super()._end_info(info)
        info["score"] = info["result"]["score"]
