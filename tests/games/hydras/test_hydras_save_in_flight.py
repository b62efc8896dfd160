"""A Hydras save's card in flight must be possible (issue 30, fault 3): a sword on a card it
may cut, a torch into an open end of an opponent's hydra, only under block offers; both
engines refuse what is not, with the same message."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hydra_env.errors import SaveError
from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules.hydra import analyse
from hydra_env.games.hydras.rules.state import AttackKind


def _in_flight(kind: AttackKind) -> tuple[HydrasGame, dict]:
    """A game with a card of ``kind`` in flight under a block offer, and its save."""
    for seed in range(400):
        game = HydrasGame.new(3, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over:
            doc = json.loads(game.to_json())
            attack = doc["state"]["attack"]
            if attack is not None and attack[0] == kind and not attack[5]:
                return game, doc
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError(f"no game of 400 had a {kind.name} in flight")


def _engines() -> list[str]:
    try:
        HydrasGame.new(3, seed=1, engine="native")
    except Exception:  # noqa: BLE001 - the native engine is not built here
        return ["python"]
    return ["python", "native"]


def _refused_alike(doc: dict, words: str) -> None:
    messages = set()
    for engine in _engines():
        with pytest.raises(SaveError, match=words) as caught:
            HydrasGame.from_json(json.dumps(doc), engine=engine)
        messages.add(str(caught.value))
    assert len(messages) == 1


@pytest.mark.parametrize("kind", [AttackKind.SWORD, AttackKind.TORCH])
def test_a_save_with_a_possible_card_in_flight_loads_and_plays_on_alike(kind):
    game, doc = _in_flight(kind)
    loaded = [HydrasGame.from_json(json.dumps(doc), engine=engine) for engine in _engines()]
    for other in loaded:
        assert other.to_json() == game.to_json()
        assert other.legal_actions() == game.legal_actions()


def test_a_sword_in_flight_on_a_cell_it_cannot_cut_is_refused():
    game, doc = _in_flight(AttackKind.SWORD)
    attack = doc["state"]["attack"]
    grid = doc["state"]["hydras"][attack[3]]
    targets = analyse(grid, game.tables).sword_targets
    attack[4] = next(cell for cell in range(game.tables.cell_count) if cell not in targets)
    _refused_alike(doc, r"state.attack\[4\].*cannot cut")


def test_a_torch_in_flight_on_its_own_players_hydra_is_refused():
    _, doc = _in_flight(AttackKind.TORCH)
    doc["state"]["attack"][3] = doc["state"]["attack"][1]
    _refused_alike(doc, "opponent's hydra")


def test_a_card_in_flight_played_by_another_seat_than_the_turn_seat_is_refused():
    _, doc = _in_flight(AttackKind.SWORD)
    doc["state"]["attack"][1] = (doc["state"]["turn_seat"] + 1) % doc["state"]["players"]
    _refused_alike(doc, r"state.attack\[1\].*turn seat's")
