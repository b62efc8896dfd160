"""What every single-agent (Gymnasium) and multi-agent env shares, whatever the game.

The argument checks of the env constructors and of ``reset()``, the action
index of a ``step()``, the observation space of an observer's named parts
(with or without the candidate-action features), and the error of a
masked-out action. It knows no game: the game's env modules pass their
observer's parts and sizes in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from hydra_env import arguments
from hydra_env.errors import IllegalActionError

ILLEGAL_MODES = ("raise", "penalty")
"""The ``illegal_action`` argument: raise IllegalActionError, or a penalty and a no-op."""


def as_action(action: Any, size: int) -> int:
    """The index of ``action`` in an action space of ``size``: an int, a numpy integer or a
    one-element integer array; IllegalActionError for anything else (``True``, ``1.0``) or an
    index outside ``0 … size−1``."""
    return arguments.action("action", action, size)


def max_steps_argument(max_steps: Any) -> int | None:
    """The ``max_steps`` argument of every env: None (no limit) or an integer ≥ 1."""
    return arguments.optional_integer(
        "max_steps", max_steps, low=1,
        fix="pass a positive whole number of decisions, or None for no limit")


def reset_seed(seed: Any, options: Any) -> int | None:
    """The ``seed`` and ``options`` of ``reset()`` checked: a seed is None or an integer ≥ 0
    (numpy integers given back as ``int``), ``options`` None or a dict."""
    arguments.mapping("options", options, fix="reset() takes no options; pass None")
    return arguments.seed("seed", seed)


def box_observation_space(parts: Mapping[str, tuple[int, ...]], size: int, flatten: bool,
                          candidates: int = 0, action_size: int = 0, candidate_features: int = 0,
                          candidate_bound: float = 0.0) -> spaces.Space:
    """The observation space of an observer whose values lie in [0, 1].

    ``parts``: the observer's named parts and their shapes, in its order (``board``,
    ``features``, ...); ``size``: their values in all. ``flatten``: one ``Box((size,))``,
    else a ``Dict`` of the parts. With ``candidates`` K > 0 always a ``Dict`` (the flat
    observation under ``"obs"``) that adds the candidate features of the legal actions:
    ``cand_feat`` [K, ``candidate_features``] within ±``candidate_bound`` and
    ``cand_index`` [K] (the action of each row, −1 for none).
    """
    if flatten:
        flat = spaces.Box(0.0, 1.0, (size,), np.float32)
        if not candidates:
            return flat
        named: dict[str, spaces.Space] = {"obs": flat}
    else:
        named = {name: spaces.Box(0.0, 1.0, tuple(shape), np.float32) for name, shape in parts.items()}
    if candidates:
        named["cand_feat"] = spaces.Box(-candidate_bound, candidate_bound,
                                        (candidates, candidate_features), np.float32)
        named["cand_index"] = spaces.Box(-1.0, float(action_size - 1), (candidates,), np.float32)
    return spaces.Dict(named)


def raise_masked_out(game: Any, action: int, note: str) -> None:
    """Raise the engine's IllegalActionError for a masked-out ``action`` (what and why),
    followed by `` [note]`` (how the env may be made to take it instead)."""
    try:
        game.apply(action)          # the engine says what is illegal and why
    except IllegalActionError as exc:
        raise IllegalActionError(f"{exc} [{note}]") from None
    raise AssertionError("the mask and the engine disagree")  # pragma: no cover


def split_parts(flat: np.ndarray, parts: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """A flat observation as its named parts (views of ``flat``, reshaped), in order."""
    out: dict[str, np.ndarray] = {}
    start = 0
    for name, shape in parts.items():
        count = int(np.prod(shape, dtype=np.int64))
        out[name] = flat[start:start + count].reshape(shape)
        start += count
    return out


RESULT_REWARDS = ("win", "rank", "score_diff")
"""The end-of-game rewards any game's result gives (:func:`result_reward`)."""


def result_reward(result: Mapping[str, Any], seat: int, scheme: str) -> float:
    """The end-of-game reward of ``seat`` from a result's dict (``Result.to_dict()``).

    ``"win"``: 1 for a win (1/k when k seats share it, from ``winners``), else 0;
    ``"rank"``: ``1 − 2·(rank − 1)/(players − 1)`` from ``ranks`` (+1 first … −1 last);
    ``"score_diff"``: (own score − best other score) / 10 from ``scores``.
    """
    if scheme == "win":
        winners = result["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    if scheme == "rank":
        ranks = result["ranks"]
        return 1.0 - 2.0 * (ranks[seat] - 1) / max(len(ranks) - 1, 1)
    scores = result["scores"]
    best_other = max(s for k, s in enumerate(scores) if k != seat)
    return (scores[seat] - best_other) / 10.0


def reward_schemes(spec: Any) -> tuple[str, ...]:
    """The end-of-game rewards a game's envs offer: the generic ones and the game's own
    (``spec.rewards``)."""
    return RESULT_REWARDS + tuple(name for name in spec.rewards if name not in RESULT_REWARDS)


def end_reward(spec: Any, result: Mapping[str, Any], seat: int, scheme: str) -> float:
    """The end-of-game reward of ``seat`` under ``scheme``: the game's own scheme of that
    name (``spec.rewards``), else :func:`result_reward`."""
    own = spec.rewards.get(scheme)
    return float(own(result, seat)) if own is not None else result_reward(result, seat, scheme)
