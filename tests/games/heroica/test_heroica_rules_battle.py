"""Heroica rules HR29–HR36: Battle Heroica, public information, chance and solo (hand-drawn positions)."""

from __future__ import annotations

import numpy as np

from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.loader import default_tables
from hydra_env.games.heroica.state import HeroicaOptions
from hydra_env.games.heroica.testing import DRAIDA_ROWS, EMPTY_ROWS, position

C = Codec(48)
T = default_tables()
PAIR = ("barbarian", "wizard")


def with_pieces(rows: tuple[str, ...], **pieces: str) -> list[str]:
    """``rows`` with characters put on spaces: ``with_pieces(ROWS, s27="1")``."""
    grid = [list(r) for r in rows]
    for key, ch in pieces.items():
        x, y = T.coords[int(key[1:])]
        grid[y][x] = ch
    return ["".join(r) for r in grid]


def monster_turn(rows: list[str], rolls: list[str], **kw) -> HeroicaGame:
    """A 2-seat Battle at the start of the Monster Player's turn (seat 1)."""
    return position(rows, heroes=PAIR, mode="battle", seat=1, rolls=rolls, **kw)


def ends(game: HeroicaGame) -> set[int]:
    return {a for a in game.legal_actions() if a < C.n}


# ---------------------------------------------------------------- HR29
def test_hr29_the_monster_player_plays_last():
    game = HeroicaGame.new(3, mode="battle", heroes=PAIR, seed=2, rolls=["one_sword_skull"] * 2)
    order = []
    while len(order) < 3:
        order.append((game.current_player, game.decision))
        game.apply(game.legal_actions()[0])
    assert [seat for seat, _ in order] == [0, 1, 2] and order[2][1] == "MONSTER_PICK"
    assert game.state.monster_seat == 2


def test_hr29_two_seats_the_hero_player_picks_one_hero_each_turn():
    game = HeroicaGame.new(2, mode="battle", heroes=PAIR, seed=2, rolls=["three_sword"])
    assert game.decision == "PICK_HERO" and game.legal_actions() == [C.hero(0), C.hero(1)]
    assert game.state.rolls == 0                       # the choice comes before the roll
    game.apply(C.hero(1))
    assert game.state.hero == 1 and game.decision == "MOVE" and game.state.allowance == 3
    healing = position(DRAIDA_ROWS, heroes=PAIR, mode="battle", healing=(2,), health={2: 0}, rolls=["two_skull"])
    healing.apply(C.hero(0))                           # the unchosen healing hero does not heal
    assert healing.state.hero_health[1] == 0


# ---------------------------------------------------------------- HR30
def test_hr30_a_monster_walks_up_to_the_roll():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g")
    game = monster_turn(rows, ["two_skull"], places={1: 2, 2: 3})
    game.apply(C.target(29))
    assert game.decision == "MONSTER_MOVE" and ends(game) == {27, 28, 29, 30, 31}
    game.apply(C.move_to(31))
    assert 31 in game.state.monsters and 29 not in game.state.monsters and game.current_player == 0


def test_hr30_a_monster_never_enters_a_hero():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s28="1")
    game = monster_turn(rows, ["two_skull"], healing=(1,), health={1: 0}, places={2: 3})
    game.apply(C.target(29))
    assert ends(game) == {29, 30, 31}


def test_hr30_a_monster_moves_on_past_an_item_or_a_monster():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s30="p", s31="g")
    game = monster_turn(rows, ["one_sword_skull"], places={1: 2, 2: 3})
    game.apply(C.target(29))
    assert ends(game) == {28, 29, 32}                  # 30 holds the potion, 31 a goblin: on to 32
    game.apply(C.move_to(32))
    assert game.state.potions == [30] and set(game.state.monsters) == {31, 32, 41}


def test_hr30_a_monster_stops_next_to_an_active_hero():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s26="1")
    game = monster_turn(rows, ["three_sword", "three_sword"], places={2: 3})
    game.apply(C.target(29))
    assert 26 not in ends(game) and 27 in ends(game) and 25 not in ends(game)
    game.apply(C.move_to(27))                          # next to the hero on 26: a fight (Sword)
    assert 27 not in game.state.monsters and game.state.hero_trophies[0] == 1


def test_hr30_a_healing_hero_does_not_stop_a_monster():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s27="1")
    game = monster_turn(rows, ["two_skull"], healing=(1,), health={1: 1}, places={2: 3})
    game.apply(C.target(29))
    assert ends(game) == {28, 29, 30, 31}
    game.apply(C.move_to(28))                          # no fight with a healing hero
    assert game.state.rolls == 1 and game.state.hero_health[0] == 1 and game.current_player == 0


# ---------------------------------------------------------------- HR31
def test_hr31_monster_shield_hurts_strength_plus_one():
    rows = with_pieces(DRAIDA_ROWS, s27="1")
    game = monster_turn(rows, ["one_sword_skull", "shield"], places={2: 3})
    game.apply(C.target(29))
    game.apply(C.move_to(28))
    assert game.state.hero_health[0] == 2 and game.state.hero_space[0] == 26 and 28 in game.state.monsters


def test_hr31_monster_sword_is_defeated_by_the_hero_fought():
    rows = with_pieces(DRAIDA_ROWS, s27="1")
    game = monster_turn(rows, ["one_sword_skull", "three_sword"], places={2: 3})
    game.apply(C.target(29))
    game.apply(C.move_to(28))
    assert 28 not in game.state.monsters and game.state.hero_trophies == [1, 0] and game.state.hero_health[0] == 4


def test_hr31_a_monster_fights_once_per_move():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s27="1", s31="2")
    game = monster_turn(rows, ["one_sword_skull", "three_sword"])
    game.apply(C.target(29))
    game.apply(C.move_to(30))                          # 30 is next to 31 only; 28 next to 27 only
    assert game.current_player == 0 and 30 not in game.state.monsters
    rows = with_pieces(EMPTY_ROWS, s41="G", s19="g", s32="1", s34="2")
    game = monster_turn(rows, ["one_sword_skull", "two_skull"])
    game.apply(C.target(19))
    game.apply(C.move_to(33))                          # next to both heroes: the Monster Player chooses
    assert game.decision == "MONSTER_FIGHT" and set(game.legal_actions()) == {C.target(32), C.target(34)}
    game.apply(C.target(34))
    assert game.state.hero_health == [4, 3] and game.current_player == 0


def test_hr31_a_monster_defeating_the_general_twice_wins_for_the_hero():
    rows = with_pieces(EMPTY_ROWS, s41="G", s38="1")
    game = monster_turn(rows, ["two_skull", "one_sword_skull"], crystal=False, places={2: 3})
    assert game.decision == "MONSTER_MOVE"             # the General is the only monster: picked by itself
    game.apply(C.move_to(39))                          # next to the hero on 38; Sword & Skull
    assert game.is_over and game.state.winner == 0 and game.state.hero_health[0] == 1


# ---------------------------------------------------------------- HR32
def test_hr32_two_knock_outs_of_different_heroes_win_for_the_monsters():
    rows = with_pieces(DRAIDA_ROWS, s27="1")
    game = monster_turn(rows, ["one_sword_skull", "two_skull"], health={1: 1}, kos={2: 1}, places={2: 3})
    game.apply(C.target(29))
    game.apply(C.move_to(28))
    assert game.is_over and game.state.winner == 1 and game.result().outcome == "monsters_won"


def test_hr32_the_same_hero_twice_wins_for_the_monsters():
    rows = with_pieces(DRAIDA_ROWS, s27="1")
    game = monster_turn(rows, ["one_sword_skull", "shield"], health={1: 2}, kos={1: 1}, places={2: 3})
    game.apply(C.target(29))
    game.apply(C.move_to(28))
    assert game.is_over and game.state.winner == 1 and game.state.hero_kos[0] == 2


def test_hr32_a_knock_out_in_a_heroes_own_fight_counts():
    game = position(DRAIDA_ROWS, heroes=PAIR, mode="battle", rolls=["one_sword_skull", "two_skull"],
                    places={1: 27}, health={1: 1}, kos={2: 1})
    game.apply(C.hero(0))
    game.apply(C.move_to(28))
    assert game.is_over and game.state.winner == 1 and game.state.ko_total == 2


# ---------------------------------------------------------------- HR33
def test_hr33_battle_offers_the_potion_at_the_end_of_a_turn():
    game = position(DRAIDA_ROWS, heroes=PAIR, mode="battle", rolls=["three_sword"], health={1: 3}, potions={1: 1})
    game.apply(C.hero(0))
    game.apply(C.move_to(27))
    assert game.decision == "TURN_END" and set(game.legal_actions()) == {C.end_turn, C.drink}
    game.apply(C.drink)
    assert game.state.hero_health[0] == 4 and game.current_player == 1


def test_hr33_the_standard_game_does_not():
    game = position(DRAIDA_ROWS, heroes=PAIR, mode="race", rolls=["three_sword"], health={1: 3}, potions={1: 1})
    game.apply(C.move_to(27))
    assert game.current_player == 1 and game.decision == "MOVE" and game.state.hero_potions[0] == 1


# ---------------------------------------------------------------- HR34
def test_hr34_observations_differ_only_by_seat_rotation():
    game = HeroicaGame.new(3, mode="race", heroes=("barbarian", "wizard", "ranger"), seed=4)
    game.apply(game.legal_actions()[-1])
    obs = [game.encode_flat(seat).copy() for seat in range(3)]
    planes = [o[:12 * 6 * 17].reshape(12, 6, 17) for o in obs]
    vectors = [o[12 * 6 * 17:] for o in obs]
    seat_values = {9 * c + k for c in range(4) for k in (1, 2)}
    for seat in (1, 2):
        assert np.array_equal(np.delete(planes[0], 10, axis=0), np.delete(planes[seat], 10, axis=0))
        same = [i for i in range(64) if i not in seat_values]
        assert np.array_equal(vectors[0][same], vectors[seat][same])
        assert planes[seat][10].sum() == 1 and vectors[seat][9 * seat + 1] == 1.0 and vectors[seat][9 * seat + 2] == 0
    assert game.view(1).observe()["heroes"] == game.view(2).observe()["heroes"]


# ---------------------------------------------------------------- HR35
def test_hr35_same_seed_same_actions_same_game():
    def play(seed: int) -> str:
        game = HeroicaGame.new(4, mode="race", heroes=("barbarian", "wizard", "ranger", "druid"), seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(60):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        return game.to_json()
    assert play(11) == play(11) and play(11) != play(12)


def test_hr35_forced_rolls_replay_a_scripted_game():
    script = ["three_sword", "three_sword", "two_skull", "one_sword_skull"]
    game = HeroicaGame.new(1, heroes=("barbarian",), seed=99, rolls=script)
    game.apply(C.move_to(28))                          # Three to 28; Sword: 29 falls
    assert game.state.move_face == 2 and 29 not in game.state.monsters   # the next roll is the script's Two
    other = HeroicaGame.new(1, heroes=("barbarian",), seed=5, rolls=script)
    other.apply(C.move_to(28))
    assert other.state.monsters == game.state.monsters and other.state.allowance == game.state.allowance


# ---------------------------------------------------------------- HR36
def test_hr36_solo_counts_healing_turns():
    rolls = ["one_sword_skull", "two_skull", "one_sword_skull", "one_sword_skull", "two_skull"]
    game = position(DRAIDA_ROWS, rolls=rolls, places={1: 27}, health={1: 1})
    game.apply(C.move_to(28))                          # turn 1: knocked out; turns 2-4 heal 1, 1 and 2
    assert game.state.turn == 5 and game.state.hero_health[0] == 4 and game.decision == "MOVE"
    assert not game.state.hero_healing[0] and game.state.rolls == 6


def test_hr36_solo_truncates_after_the_limit_with_score_zero():
    game = HeroicaGame.new(1, heroes=("barbarian",), seed=1, options=HeroicaOptions(solo_turn_limit=3))
    for _ in range(3):
        game.apply(C.move_to(25))                      # stay on the Dock
    result = game.result().to_dict()
    assert game.is_over and result["outcome"] == "truncated" and result["score"] == 0
    assert result["turns"] == 3 and result["censored_turns"] == 4 and result["winners"] == []


def test_hr35_a_pending_roll_is_an_explicit_chance_node():
    game = HeroicaGame.new(1, heroes=("barbarian",), seed=3, rolls=["three_sword"])
    assert dict(game.chance_outcomes()) == {"shield": 1 / 6, "three_sword": 1 / 3, "two_skull": 1 / 3,
                                            "one_sword_skull": 1 / 6}
    game.apply_roll("two_skull")                       # the fight roll that follows the move
    game.apply(C.move_to(28))
    assert game.state.hero_health[0] == 3 and game.state.hero_space[0] == 27
    loaded = HeroicaGame.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
