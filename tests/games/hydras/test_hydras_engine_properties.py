"""Properties of the engine over many random games: masks, invariants, determinism,
save and load, clones, illegal actions, the action layout."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from hydra_env.errors import ConfigError, IllegalActionError
from hydra_env.games.hydras.rules import HydrasGame
from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules import testing as ht


def random_play(game: HydrasGame, rng: np.random.Generator, steps: int | None = None) -> list[int]:
    """Play random legal actions (all of them, or ``steps``); the actions played."""
    played = []
    while not game.is_over and (steps is None or len(played) < steps):
        legal = game.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        game.apply(action)
        played.append(action)
    return played


def card_counts(game: HydrasGame) -> Counter:
    state, tables = game.state, game.tables
    found = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        found += Counter(hand)
    for hydra in state.hydras:
        found += Counter(tables.kind_of[c] for c in hydra if c >= 0 and c != tables.body_code)
    return found


def _random_games_never_offer_an_empty_mask_and_keep_every_card(games: int) -> None:
    rng = np.random.default_rng(0)
    expected = Counter({k.index: k.count for k in HydrasGame.new(2, seed=0).cards.kinds})
    lengths = []
    for seed in range(games):
        game = HydrasGame.new(2 + seed % 3, seed=seed)
        decisions = 0
        while not game.is_over:
            legal = game.legal_actions()
            assert legal, "a running game must offer a decision"
            assert all(len(h) <= 4 for h in game.state.hands)
            game.apply(legal[int(rng.integers(len(legal)))])
            decisions += 1
            assert decisions < 2000
        assert card_counts(game) == expected
        assert game.state.deck == [] and game.result().over
        lengths.append(decisions)
    assert min(lengths) > 20


def test_hundreds_of_random_games_never_offer_an_empty_mask_and_keep_every_card():
    _random_games_never_offer_an_empty_mask_and_keep_every_card(500)


@pytest.mark.slow
def test_thousands_of_random_games_never_offer_an_empty_mask_and_keep_every_card():
    _random_games_never_offer_an_empty_mask_and_keep_every_card(2000)


def test_the_mask_is_exactly_the_legal_actions():
    rng = np.random.default_rng(1)
    for seed in range(150):
        game = HydrasGame.new(2 + seed % 3, seed=seed)
        while not game.is_over:
            mask = game.legal_mask()
            legal = game.legal_actions()
            assert mask.dtype == bool and mask.shape == (game.action_size,)
            assert np.flatnonzero(mask).tolist() == legal == sorted(set(legal))
            probe = int(rng.integers(game.action_size))
            assert game.is_legal(probe) == bool(mask[probe])
            game.apply(legal[int(rng.integers(len(legal)))])
        assert not game.legal_mask().any()


def test_invariants_hold_at_every_step():
    rng = np.random.default_rng(2)
    for seed in range(50):
        game = HydrasGame.new(2 + seed % 3, seed=seed)
        while not game.is_over:
            ht.check_invariants(game)
            random_play(game, rng, 1)
        ht.check_invariants(game)


def test_the_same_seed_and_actions_give_the_same_game():
    for seed in range(20):
        first = HydrasGame.new(3, seed=seed)
        played = random_play(first, np.random.default_rng(seed))
        second = HydrasGame.new(3, seed=seed)
        for action in played:
            second.apply(action)
        assert second.to_json() == first.to_json()


def test_a_game_saved_mid_way_continues_identically():
    rng = np.random.default_rng(3)
    for seed in range(200):
        game = HydrasGame.new(2 + seed % 3, seed=seed)
        random_play(game, rng, int(rng.integers(0, 90)))
        loaded = HydrasGame.from_json(game.to_json())
        assert loaded.to_json() == game.to_json()
        assert loaded.legal_actions() == game.legal_actions()
        follow = np.random.default_rng(seed)
        played = random_play(game, follow)
        for action in played:
            loaded.apply(action)
        assert loaded.to_json() == game.to_json() and loaded.result() == game.result()


def test_a_clone_is_independent():
    rng = np.random.default_rng(4)
    for seed in range(100):
        game = HydrasGame.new(3, seed=seed)
        random_play(game, rng, int(rng.integers(0, 60)))
        before = game.to_json()
        copy = game.clone()
        random_play(copy, rng)
        assert game.to_json() == before
        if not game.is_over:
            assert game.legal_actions() == HydrasGame.from_json(before).legal_actions()


def test_an_illegal_action_says_why_and_changes_nothing():
    rng = np.random.default_rng(5)
    for seed in range(60):
        game = HydrasGame.new(3, seed=seed)
        random_play(game, rng, int(rng.integers(0, 60)))
        if game.is_over:
            continue
        before = game.to_json()
        legal = set(game.legal_actions())
        for probe in rng.integers(game.action_size, size=20).tolist():
            if probe in legal:
                continue
            with pytest.raises(IllegalActionError, match=f"action {probe} .* is illegal: ") as caught:
                game.apply(probe)
            assert len(str(caught.value)) > 40
        for bad in (-1, game.action_size, "3", 2.5, True, None):
            with pytest.raises(IllegalActionError):
                game.apply(bad)
        assert game.to_json() == before


def test_every_index_decodes_and_is_described():
    codec = HydrasGame.new(2, seed=0).codec
    kinds = Counter()
    for index in range(codec.size):
        part = codec.decode(index)
        kinds[part.kind] += 1
        assert codec.describe(index)
        if part.kind == actions.NECK:
            assert codec.neck(part.slot, part.target, part.cell, part.rotation) == index
        elif part.kind == actions.SWORD:
            assert codec.sword(part.slot, part.target, part.cell) == index
        elif part.kind == actions.TORCH:
            assert codec.torch(part.target, part.cell) == index
    assert kinds == {actions.NECK: 7744, actions.SWORD: 1936, actions.TORCH: 484,
                     actions.DISCARD: 4, actions.BURN: 1, actions.NO_BURN: 1, actions.BLOCK: 4,
                     actions.PASS: 1}
    assert codec.size == 10175
    with pytest.raises(ValueError):
        codec.decode(codec.size)


def test_the_codec_docstring_table_matches_the_layout():
    codec = HydrasGame.new(2, seed=0).codec
    rows = [line.split() for line in actions.__doc__.splitlines() if " – " in line]
    starts = [int(row[0]) for row in rows]
    assert starts == [0, codec.sword_base, codec.torch_base, codec.discard_base, codec.block_base]
    assert f"size {codec.size}" in actions.__doc__
    assert codec.layout_table().endswith(f"size {codec.size}")


def test_game_describe_names_the_card_only_for_its_holder():
    game = ht.build_game(3, hands={0: ["sword head I"]})
    action = game.legal_actions()[0]
    assert "sword head I" in game.describe(action)
    assert "sword head I" not in game.describe(action, viewer=1)
    assert "sword head I" in game.view(0).describe(action)


def test_new_refuses_bad_arguments():
    for players in (1, 5, "3", True):
        with pytest.raises(ConfigError, match="num_players"):
            HydrasGame.new(players, seed=0)
    with pytest.raises(ConfigError, match="seed"):
        HydrasGame.new(3, seed=-1)
    with pytest.raises(ConfigError, match="seat"):
        HydrasGame.new(3, seed=0).view(3)


def test_render_draws_every_hydra_and_the_seats_hand():
    game = HydrasGame.new(3, seed=2)
    random_play(game, np.random.default_rng(0), 30)
    text = game.render(1)
    assert "seat 0" in text and "seat 2" in text and "seat 1's hand" in text
    assert text.count("B") >= 3
