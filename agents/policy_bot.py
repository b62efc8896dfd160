"""``ppo:NAME`` / ``ppo:PATH``: a trained MaskablePPO policy as a bot, for any game.

The bot re-deals the hidden part of the game from its seat's view
(``view.sample(rng)``: the encoding reads nothing hidden, so the re-deal gives
the observation the environment gave in training), encodes the seat's
observation, masks the policy's output to the legal actions and plays the most
probable one (or samples, with ``deterministic=False``).

:class:`PolicyBot` is written once. What differs between games is how an
observation is encoded and which actions the mask offers: by default the
game's observer (the flat vector the generic env ``GameEnv`` gives) and
exactly the legal actions. A game whose env encodes otherwise
(dict observations, candidate rows) subclasses it in its tool hooks and
overrides :meth:`PolicyBot.encode` and :meth:`PolicyBot.mask`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.policy_files import load_model, resolve_policy
from agents.policy_spaces import check_seats, check_use, recorded_observer
from hydra_env import ConfigError, game_spec
from hydra_env.envs.observers import game_observer


class PolicyBot:
    """A trained policy playing one game through the bot interface.

    Args:
        policy: a shipped name, a checkpoint path or a run folder.
        seed: seeds the re-deals of hidden information (and sampling).
        deterministic: play the most probable action (else sample).
        device: the torch device of the network.
        game: the registry name of the game; a subclass for one game sets
            :attr:`game_name` instead.
    """

    name = "ppo"
    game_name: str | None = None
    keep_notes = False          # hydra_env.api.bots: notes = the policy's probability of each legal action
    last_notes = None

    def __init__(self, policy: str, seed: int | None = None, *, deterministic: bool = True,
                 device: str = "cpu", game: str | None = None) -> None:
        from gymnasium import spaces
        self.path = resolve_policy(policy)
        self.model = load_model(str(self.path), device)
        self.game = game or self.game_name
        check_use(self.model, self.path, game=self.game)
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self.dict_obs = isinstance(self.model.observation_space, spaces.Dict)
        self._observer: Any = None
        self._seats_checked = False

    # ------------------------------------------------------------ what a game may override
    def observation(self, view: Any, legal_actions: list[int]) -> Any:
        """The seat's observation, encoded as the game's environment encodes it: from a
        re-deal of the view (:meth:`encode`), or straight from the view's information when
        the observer encodes exactly that (``encodes_seat_info``: no re-deal needed)."""
        observer = self._observer
        if observer is not None and getattr(observer, "encodes_seat_info", False) and hasattr(view, "info"):
            return observer.encode_info(view.info)
        return self.encode(view.sample(self.rng), view.seat)

    def encode(self, game: Any, seat: int) -> Any:
        """The observation of ``seat`` in a full ``game`` (a re-deal or a simulated position):
        by default what the generic env gives, the game's observer's flat float32 vector
        (:func:`hydra_env.envs.observers.game_observer`), or the observer of the env the
        policy was trained on when that env has its own (:func:`recorded_observer`)."""
        if self._observer is None:
            if not self.game:
                raise ConfigError(f"PPO policy {self.path}: no game given to encode its positions "
                                  f"(make it with make_bot(..., game=NAME))")
            observer = recorded_observer(self.model) or game_observer(game_spec(self.game), game)
            shape = self.model.observation_space.shape
            if self.dict_obs or shape != (observer.size,):
                raise ConfigError(f"PPO checkpoint {self.path} expects observations of shape {shape}; "
                                  f"game {self.game!r} encodes ({observer.size},): it was trained "
                                  f"on another game or env")
            self._observer = observer
        return self._observer.encode(game, seat)

    def mask(self, view: Any, legal_actions: list[int], observation: Any) -> np.ndarray:
        """The actions the policy may choose: exactly the legal ones."""
        mask = np.zeros(self.model.action_space.n, bool)
        mask[legal_actions] = True
        return mask

    def check_game(self, game: Any) -> None:
        """ConfigError when the policy cannot play ``game`` (another seat count, another
        observation): checked before a run starts, on a game dealt with the run's parameters."""
        check_seats(self.model, self.path, getattr(game, "num_players", None))
        self._seats_checked = True
        if not game.is_over:
            seat = game.current_player
            self.observation(game.view(seat), game.legal_actions())

    def check_seats(self, view: Any) -> None:
        """ConfigError, once, when the policy was trained for another seat count than ``view``'s
        game (a solo policy in a game of several seats, or back)."""
        if not self._seats_checked:
            check_seats(self.model, self.path, getattr(view, "num_players", None))
            self._seats_checked = True

    # ------------------------------------------------------------ written once
    def act(self, view: Any, legal_actions: list[int] | None = None) -> int:
        """The policy's choice among the legal actions."""
        legal = list(view.legal_actions() if legal_actions is None else legal_actions)
        self.check_seats(view)
        obs = self.observation(view, legal)
        mask = self.mask(view, legal, obs)
        action = self.predict(obs, mask)
        self.last_notes = self.probabilities(obs, mask, legal) if self.keep_notes else None
        action = int(action)
        return action if mask[action] else legal[0]   # masking makes the fallback unreachable

    def predict(self, obs: Any, mask: np.ndarray) -> int:
        """The policy's action for one observation and mask: what ``model.predict`` returns (the
        same ``_predict`` under ``no_grad``), without its per-call walk over every module to set
        evaluation mode (done once here) and its checks for a batch of environments."""
        import torch
        policy = self.model.policy
        if policy.training:
            policy.set_training_mode(False)
        tensor, _ = policy.obs_to_tensor(obs)
        with torch.no_grad():
            action = policy._predict(tensor, deterministic=self.deterministic, action_masks=mask)
        return int(action.reshape(-1)[0])

    def probabilities(self, obs: Any, mask: Any, legal_actions: list[int]) -> dict | None:
        """The policy's action probabilities (masked) as notes; draws nothing at random."""
        from hydra_env.api.bots import make_notes
        probs = self.action_probs(obs, mask)
        return make_notes("probs", [(a, probs[a]) for a in legal_actions], "policy probability")

    def action_probs(self, obs: Any, mask: Any) -> np.ndarray:
        """The policy's probability of every action index (0 where ``mask`` is 0)."""
        import torch
        policy = self.model.policy
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(obs)
            dist = policy.get_distribution(tensor, action_masks=np.asarray(mask)[None])
            return dist.distribution.probs[0].cpu().numpy()

    def values(self, observations: list[Any]) -> np.ndarray:
        """The value head on a batch of observations (one forward pass): ``float[n]``."""
        import torch
        policy = self.model.policy
        if isinstance(observations[0], dict):
            batch: Any = {k: np.stack([o[k] for o in observations]) for k in observations[0]}
        else:
            batch = np.stack(observations)
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(batch)
            return policy.predict_values(tensor)[:, 0].cpu().numpy().astype(np.float64)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.path)!r})"
