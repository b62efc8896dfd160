"""The conformance test (:func:`hydra_env.api.conformance.api_test`) over every registered game.

Each game of the registry, and the toy game Nim of ``tests/api/toy_nim.py``
(registered by the test itself), plays a few random games on each of its
engines with every check of the Game API, and steps a batch of games beside
the same games played one by one (:func:`~hydra_env.envs.vector.batch_check.batch_test`;
the native batch against the Python one where it is built). A last test shows
the checker catches a game that breaks the API.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from api.toy_nim import SPEC as NIM
from api.toy_nim import NimGame

import hydra_env
from hydra_env import native
from hydra_env.api import GameSpec
from hydra_env.api.conformance import api_test
from hydra_env.envs.vector.batch_check import batch_test


def built_engines(spec: GameSpec) -> tuple[str, ...]:
    """The game's engines that this installation has (the native one only where it is built)."""
    return tuple(e for e in spec.engines if e != "native" or native.game_module_available(spec.name))


def bound_params(spec: GameSpec, end: str) -> dict[str, Any]:
    """Every parameter at its ``"low"`` or ``"high"`` end where it has one (bools False or True)."""
    values: dict[str, Any] = {}
    for param in spec.params:
        if param.kind is bool:
            values[param.name] = end == "high"
        elif param.choices:
            values[param.name] = param.choices[0 if end == "low" else -1]
        elif (value := param.low if end == "low" else param.high) is not None:
            values[param.name] = value
    return values


@pytest.mark.parametrize("name", hydra_env.game_names())
def test_every_registered_game_passes_the_api_test(name: str) -> None:
    api_test(name, games=4, seed=0, engines=built_engines(hydra_env.game_spec(name)))


@pytest.mark.parametrize("end", ["low", "high"])
@pytest.mark.parametrize("name", hydra_env.game_names())
def test_every_registered_game_passes_the_api_test_with_its_parameters_at_their_bounds(name: str, end: str) -> None:
    spec = hydra_env.game_spec(name)
    api_test(spec, games=2, seed=10, params=bound_params(spec, end), engines=built_engines(spec))


@pytest.mark.parametrize("name", hydra_env.game_names())
def test_every_registered_games_batch_path_matches_its_single_games(name: str) -> None:
    # and, where the game has a native batch that is built, the native buffers match the Python ones
    batch_test(name, num_games=5, steps=150, seed=1)


def test_the_toy_games_batch_path_needs_only_the_spec(register_nim) -> None:
    batch_test("nim", num_games=7, steps=40, seed=2, params={"piles": 4})


def test_the_toy_game_registered_by_a_test_passes_the_api_test(register_nim) -> None:
    assert "nim" in hydra_env.game_names()
    api_test("nim", games=10, seed=0)
    api_test("nim", games=3, seed=100, params=bound_params(register_nim, "high"))
    api_test("nim", games=3, seed=200, params=bound_params(register_nim, "low"))


def test_the_api_test_names_the_game_seed_and_step_of_a_breach(monkeypatch) -> None:
    def clone_sharing_piles(self: NimGame) -> NimGame:
        twin = NimGame(list(self.start), self.max_take, self.seed, self.history)
        twin.piles = self.piles                          # the bug: the clone shares its piles
        return twin

    monkeypatch.setattr(NimGame, "clone", clone_sharing_piles)
    with pytest.raises(AssertionError, match=r"game 'nim' seed=4 step=0: playing the clone changed the original"):
        api_test(NIM, games=1, seed=4)


def _apply_ignoring_illegal(self: NimGame, action: int) -> None:
    if self.is_legal(action):
        _LEGAL_APPLY(self, action)


_LEGAL_APPLY = NimGame.apply
BREACHES = {
    "legal_mask": (lambda self: np.ones(self.action_size, dtype=np.int8),
                   r"step=0: legal_mask\(\) must be a bool array"),
    "determinize": (lambda self, seat, rng=None: NimGame([7, 7, 7], self.max_take, self.seed),
                    r"step=0: determinize\(0\) changed what seat 0 sees \(hidden information leaks\)"),
    "apply": (_apply_ignoring_illegal, r"step=0: apply\(\d+\) of an illegal action did not raise IllegalActionError"),
    "render": (lambda self, seat=None: None, r"step=0: render\(\) is not text"),
    "to_json": (lambda self: json.dumps({"piles": list(self.start), "max_take": self.max_take, "seed": self.seed,
                                         "history": self.history[:-1]}),     # forgets the last action
                r"step=5: from_json\(to_json\(\)\) gives another to_json\(\)"),
}


@pytest.mark.parametrize("member", sorted(BREACHES))
def test_the_api_test_catches_a_game_that_breaks_the_api(monkeypatch, member: str) -> None:
    broken, message = BREACHES[member]
    monkeypatch.setattr(NimGame, member, broken)
    with pytest.raises(AssertionError, match=r"game 'nim' seed=4 " + message):
        api_test(NIM, games=1, seed=4, params={"piles": 6})


CHANCE_GAMES = [name for name in hydra_env.game_names() if hydra_env.game_spec(name).chance]


@pytest.mark.parametrize("name", CHANCE_GAMES)
def test_the_api_test_catches_a_re_deal_that_keeps_the_draws_to_come(monkeypatch, name: str) -> None:
    spec = hydra_env.game_spec(name)
    game_class = type(spec.make(seed=0, engine="python"))
    monkeypatch.setattr(game_class, "determinize", lambda self, seat, rng=None: self.clone())
    with pytest.raises(AssertionError, match=rf"game '{name}' seeds 0..1: determinize\(seat, rng\) kept the "
                                             r"game's own future at every checked position"):
        api_test(spec, games=2, seed=0, engines=("python",))


def test_a_game_without_chance_after_the_deal_may_keep_its_future(register_nim) -> None:
    assert not register_nim.chance
    api_test("nim", games=3, seed=0)                 # Nim's determinize is a plain copy, and passes


def test_the_api_test_catches_a_decision_kind_the_game_does_not_name() -> None:
    import dataclasses
    named = [n for n in hydra_env.game_names() if hydra_env.game_spec(n).decision_kind is not None]
    assert named                                       # Hail Hydra names its decisions
    spec = dataclasses.replace(hydra_env.game_spec(named[0]), decision_kind=lambda view: "bluff")
    with pytest.raises(AssertionError, match=r"step=0: decision_kind\(\) gave 'bluff', not one of decision_names"):
        api_test(spec, games=1, seed=0, engines=("python",))
