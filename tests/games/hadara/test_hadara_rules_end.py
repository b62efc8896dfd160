"""Hadara's end, scoring, information and environment contract: HD26–HD34."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hadara_helpers import all_draft, play_random, start_draft

from hydra_env.envs.game_env import GameEnv
from hydra_env.errors import IllegalActionError
from hydra_env.games.hadara import codec
from hydra_env.games.hadara.observer import PARTS, SIZE, observer
from hydra_env.games.hadara.scoring import breakdown, ranks_of
from hydra_env.games.hadara.state import DRAFT, S_MEDAL
from hydra_env.games.hadara.testing import at_step, deal, give, set_seat


def test_hd26_the_game_ends_after_the_medal_step_of_epoch_three():
    game = deal(3, seed=1)
    for seat in range(3):
        set_seat(game, seat, coins=0, tracks=[0, 0, 0, 9])
    at_step(game, S_MEDAL, epoch=2)
    assert game.is_over and game.current_player == -1 and game.legal_actions() == []
    assert game.result().outcome == "over"


def test_hd27_score_adds_the_six_categories():
    game = deal(2, seed=0)
    state = game.state
    give(game, 0, "I-Y01", "I-R01", "I-B01", "I-G01", "I-P03", "I-P04", tracks=False)   # 1+1+1+1+3+2 points
    state.colonies[0], state.integrated[0] = [0, 5], [False, True]                       # levels 1 and 2
    state.statues[0][0], state.statues[0][1] = 2 * 2 + 1, 0                              # down: +1 bonus
    state.tracks[0] = [7, 4, 0, 0]
    state.silver[0] = [0, 1]                                                             # ceil(7/2) + 4/2
    state.gold[0], state.coins[0] = 2, 14
    assert breakdown(state, game.components, 0) == {"cards": 9, "colonies": 1 + 3, "statues": 2 + 1 + 4,
                                                    "silver": 4 + 2, "gold": 7 * 1 * 2, "coins": 2}


def test_hd28_ties_go_to_coins_then_are_shared():
    assert ranks_of([50, 50, 40], [3, 5, 9]) == [2, 1, 3]
    assert ranks_of([50, 50, 40], [5, 5, 9]) == [1, 1, 3]
    game = play_random(deal(3, seed=2), seed=2)
    result = game.result()
    best = max(zip(result.scores, result.coins))
    assert set(result.winners) == {s for s in range(3) if (result.scores[s], result.coins[s]) == best}


def test_hd29_a_view_holds_no_deck_box_or_other_pair():
    game = start_draft(deal(4, seed=3))
    seen = game.observe(1)
    assert "decks" not in seen and seen["deck_sizes"] == [len(d) for d in game.state.decks]
    text = repr(seen)
    hidden = [c for d in game.state.decks for c in d] + game.state.pairs[0]
    assert seen["own_pair"] == game.state.pairs[1]
    assert all(game.components.cards[c].id not in game.render(1) for c in hidden)
    assert "pairs" not in text and seen["colonies"] == [[], [], [], []]


def test_hd30_single_choices_are_applied_and_the_next_seat_is_public():
    game = deal(4, seed=4)
    for seat in range(4):
        set_seat(game, seat, coins=0, tracks=[0, 0, 0, 9])
    at_step(game, S_MEDAL)                              # nobody can pay a medal: all pass by themselves
    assert game.state.epoch == 1 and game.history == []
    game = start_draft(deal(4, seed=4))
    twin = game.clone()
    first = game.current_player
    game.apply(codec.draft(0, True))
    twin.apply(codec.draft(1, True))
    assert game.current_player == twin.current_player  # the next seat does not depend on the choice
    encode = observer().encode
    for seat in range(4):
        if seat != first:
            assert np.array_equal(encode(game, seat), encode(twin, seat))


def test_hd31_seventy_six_actions_and_an_exact_mask():
    game = start_draft(deal(3, seed=5))
    assert game.action_size == 76
    mask = game.legal_mask()
    assert mask.dtype == np.bool_ and np.flatnonzero(mask).tolist() == game.legal_actions()
    assert set(game.legal_actions()) <= set(range(codec.DRAFT0, codec.PICK0))
    with pytest.raises(IllegalActionError, match=r"action 75 \(pass\) is illegal: .*DRAFT decision"):
        game.apply(codec.PASS)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        game.apply(76)


def test_hd32_the_observation_layout_adds_up_to_4223():
    assert SIZE == 4223 and PARTS["seats"] == (5, 56) and PARTS["tableaux"] == (5, 30, 21)
    game = play_random(deal(3, seed=6), seed=6, until=lambda g: g.state.epoch == 1 and g.state.pending.kind == DRAFT)
    obs = observer()
    flat = obs.encode(game, 1)
    assert flat.shape == (4223,) and flat.dtype == np.float32 and 0 <= flat.min() and flat.max() <= 1
    parts = obs.split(flat)
    assert parts["seats"][0, 0] == 1 and parts["seats"][3, 0] == 0       # row 0 = self; 3 players
    assert parts["seats"][0, 1] == pytest.approx(min(1, game.state.coins[1] / 20))
    assert parts["tableaux"][1, :len(game.state.tableau[2]), 0].sum() == len(game.state.tableau[2])
    assert parts["pair"][:, 0].sum() == 2


@pytest.mark.parametrize("reward", ["win", "rank", "score_diff"])
def test_hd33_rewards_come_at_the_end_only(reward):
    env = GameEnv("hadara", opponents="random", reward=reward, num_players=3)
    obs, info = env.reset(seed=1)
    rng, rewards = np.random.default_rng(1), []
    while True:
        obs, r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        rewards.append(r)
        if terminated:
            break
    result = info["result"]
    assert all(r == 0 for r in rewards[:-1])
    if reward == "win":
        expected = 1 / len(result["winners"]) if 0 in result["winners"] else 0.0
    elif reward == "rank":
        expected = 1 - 2 * (result["ranks"][0] - 1) / 2
    else:
        expected = (result["scores"][0] - max(result["scores"][1:])) / 10
    assert rewards[-1] == pytest.approx(expected)


def _picture(game, seat):
    """Everything ``seat`` gets: observation, mask, view data and texts."""
    mask = game.legal_mask().tolist() if game.current_player == seat else None
    texts = [game.describe(a, viewer=seat) for a in range(76)]
    return (observer().encode(game, seat).tobytes(), mask, game.view(seat).observe(), game.render(seat), texts)


def test_hd34_redeal_two_games_differing_in_hidden_cards_look_the_same_to_a_seat():
    game = start_draft(deal(4, seed=7))
    all_draft(game, {1: codec.draft(0, True)})          # seat 1 sold a card in phase A
    first = game.current_player
    game.apply(codec.draft(1, True))                    # a hidden choice of the next round
    watcher = (first + 2) % 4
    other = game.clone()                                 # swap a hidden card: another seat's pair and a deck
    seat = next(s for s in range(4) if s not in (watcher,) and game.state.pairs[s])
    colour = game.components.cards[game.state.pairs[seat][0]].colour
    deck = other.state.decks[colour]
    deck[0], other.state.pairs[seat][0] = other.state.pairs[seat][0], deck[0]
    other.state.pairs[seat].sort()
    assert other.to_json() != game.to_json() and _picture(other, watcher) == _picture(game, watcher)
    for k in range(3):
        redealt = game.determinize(watcher, k)
        assert redealt.to_json() != game.to_json()
        assert _picture(redealt, watcher) == _picture(game, watcher)


def _without_history(game):
    """A game's saved state less its action history (a re-deal keeps the history it came from)."""
    saved = json.loads(game.to_json())
    saved.pop("history", None)
    saved["state"].pop("history", None)
    return saved


def test_hd34_redeal_draws_another_seats_hidden_draft_choice_anew():
    """Which card another seat kept, and whether it buys or sells, is hidden (HD13): two games that
    differ only in that choice give the watching seat the same re-deals, and the re-dealt choices
    vary over the seat's legal ones."""
    game = start_draft(deal(4, seed=7))
    first = game.current_player
    watcher = (first + 1) % 4
    other = game.clone()
    game.apply(codec.draft(0, True))                     # the first seat sells its card 0 ...
    other.apply(codec.draft(1, True))                    # ... or sells its card 1: hidden either way
    assert _picture(other, watcher) == _picture(game, watcher)
    drawn = set()
    for k in range(40):
        a, b = game.determinize(watcher, k), other.determinize(watcher, k)
        assert _without_history(a) == _without_history(b)
        drawn.add(a.state.choices[first])
    assert {codec.draft(0, True), codec.draft(1, True)} <= drawn


def test_hd34_determinize_deals_hidden_colonies_anew_and_keeps_the_counts():
    game = play_random(deal(3, seed=9), seed=9)
    comps = game.components
    for k in range(3):
        redealt = game.determinize(0, k)
        for seat in range(3):
            levels = [comps.colonies[c].level for c in redealt.state.colonies[seat]]
            assert levels == [comps.colonies[c].level for c in game.state.colonies[seat]]
        assert redealt.result().scores == game.result().scores
        cards = [c for s in range(3) for c in redealt.state.tableau[s] + redealt.state.sold_a[s]]
        assert len(cards) == len(set(cards))


def test_hd29_option_piles_top_shows_each_piles_top_only():
    full = play_random(deal(3, seed=12), seed=12, until=lambda g: g.state.step == 5)
    top = deal(3, seed=12, piles="top")
    for action in full.history:
        top.apply(action)
    assert top.state.piles == full.state.piles and any(len(p) > 1 for p in top.state.piles)
    seen = top.observe(0)
    assert seen["piles"] == [p[-1:] for p in full.state.piles] and seen["pile_sizes"] == [3] * 5
    parts = observer().split(observer().encode(top, 0))
    assert parts["piles"][:, 0, 0].sum() == 5 and parts["piles"][:, 1:, :].sum() == 0
    assert observer().split(observer().encode(full, 0))["piles"][:, 1, 0].sum() == 5
