"""Heroica rules HR1–HR12: the die, the board, setup, turns and movement (hand-drawn positions)."""

from __future__ import annotations

from collections import Counter

from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.loader import FACE_KINDS, default_tables
from hydra_env.games.heroica.testing import DRAIDA_ROWS, EMPTY_ROWS, position

C = Codec(48)
T = default_tables()


def ends(game: HeroicaGame) -> set[int]:
    """The MOVE_TO ends offered now."""
    return {a for a in game.legal_actions() if a < C.n}


def with_pieces(rows: tuple[str, ...], **pieces: str) -> list[str]:
    """``rows`` with characters put on spaces: ``with_pieces(ROWS, s27="1")``."""
    grid = [list(r) for r in rows]
    for key, ch in pieces.items():
        x, y = T.coords[int(key[1:])]
        grid[y][x] = ch
    return ["".join(r) for r in grid]


# ---------------------------------------------------------------- HR1
def test_hr1_each_face_is_read_by_the_rule_that_rolls_it():
    # two_skull read for movement: Two (up to 2 steps); then read for the fight: Skull
    game = position(DRAIDA_ROWS, rolls=["two_skull", "two_skull"], places={1: 27})
    assert game.state.allowance == 2 and game.decision == "MOVE"
    game.apply(C.move_to(28))                      # next to the goblin on 29: a fight
    assert game.state.hero_health[0] == 3 and game.state.hero_space[0] == 27   # Skull: hurt, back


def test_hr1_face_frequencies_over_many_seeds():
    counts: Counter[int] = Counter()
    for seed in range(300):
        game = HeroicaGame.new(1, heroes=("barbarian",), seed=seed)
        counts[game.state.move_face] += 1
    share = {FACE_KINDS[k]: v / 300 for k, v in counts.items()}
    assert abs(share["shield"] - 1 / 6) < 0.07 and abs(share["three_sword"] - 1 / 3) < 0.09
    assert abs(share["two_skull"] - 1 / 3) < 0.09 and abs(share["one_sword_skull"] - 1 / 6) < 0.07


# ---------------------------------------------------------------- HR2
def test_hr2_diagonal_spaces_are_not_adjacent():
    assert 18 not in T.neighbours[33] and 19 in T.neighbours[33]       # 18 (7,3) is diagonal to 33 (8,4)
    assert 43 not in T.neighbours[32] and 43 not in T.neighbours[34]   # 43 (8,5) is diagonal to both
    # a hero entering 32 (diagonal to the goblins on 19 and 43... 18 and 42 lie between) is not stopped
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 31})
    game.apply(C.move_to(32))
    assert game.state.hero_space[0] == 32 and game.state.rolls == 2 and game.state.turn == 2


def test_hr2_distance_goes_around_corners_and_ignores_pieces():
    assert T.dist[12, 1] == 3          # 12-13-14-1 around the Waterfall's corner
    assert T.dist[37, 41] == 4 and T.dist[36, 41] == 5
    assert T.dist[28, 30] == 2         # through the goblin on 29: pieces do not count


# ---------------------------------------------------------------- HR3
def test_hr3_a_space_holds_one_piece_except_the_mission_start():
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard", "ranger"), mode="race",
                    rolls=["one_sword_skull"])
    assert game.state.hero_space == [25, 25, 25]       # all three on the Mission Start
    rows = with_pieces(DRAIDA_ROWS, s26="2")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", rolls=["one_sword_skull"])
    assert C.move_to(26) not in ends(game)             # a One onto the other hero moves on
    assert C.move_to(27) in ends(game)


# ---------------------------------------------------------------- HR4
def test_hr4_seats_choose_heroes_in_order_without_repeats():
    game = HeroicaGame.new(3, mode="race", seed=3)
    assert game.decision == "DRAFT" and game.current_player == 0
    assert game.legal_actions() == [C.hero(c) for c in range(4)]
    game.apply(C.hero(1))
    assert game.current_player == 1 and C.hero(1) not in game.legal_actions()
    game.apply(C.hero(3))
    assert game.current_player == 2 and game.legal_actions() == [C.hero(0), C.hero(2)]
    game.apply(C.hero(0))
    assert game.state.hero_class == [1, 3, 0] and game.state.hero_owner == [0, 1, 2]
    battle = HeroicaGame.new(2, mode="battle", seed=3)
    battle.apply(C.hero(2))
    assert battle.current_player == 0 and battle.decision == "DRAFT"   # the hero player chooses twice


def test_hr4_every_hero_starts_on_the_mission_start_with_four_health():
    game = HeroicaGame.new(4, mode="race", heroes=("barbarian", "wizard", "ranger", "druid"), seed=1)
    st = game.state
    assert st.hero_space == [25] * 4 and st.hero_health == [4] * 4 and st.hero_potions == [0] * 4
    assert st.monsters == {1: 0, 7: 0, 19: 0, 29: 0, 41: 1, 43: 0} and st.potions == [44] and st.crystal


# ---------------------------------------------------------------- HR5
def test_hr5_seats_play_in_increasing_order():
    game = HeroicaGame.new(3, mode="race", heroes=("barbarian", "wizard", "ranger"), seed=5,
                           rolls=["one_sword_skull"] * 3)
    seen = []
    for _ in range(3):
        seen.append(game.current_player)
        game.apply(C.move_to(25))                      # stay
    assert seen == [0, 1, 2] and game.current_player == 0 and game.state.round == 2


# ---------------------------------------------------------------- HR6
def test_hr6_a_three_allows_zero_to_three_steps():
    game = position(DRAIDA_ROWS, rolls=["three_sword"])
    assert ends(game) == {25, 26, 27, 28, 17, 15, 2}


def test_hr6_a_one_allows_staying():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"])
    assert ends(game) == {25, 26, 17}


def test_hr6_a_shield_allows_four_steps_or_the_ranged_skill():
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 36})
    legal = game.legal_actions()
    assert C.move_to(38) in legal and C.target(19) in legal and C.target(43) in legal
    barbarian = position(DRAIDA_ROWS, rolls=["shield"])
    assert max(T.dist[25, e] for e in ends(barbarian)) == 4
    assert not any(C.n <= a < 2 * C.n for a in barbarian.legal_actions())


# ---------------------------------------------------------------- HR7
def test_hr7_a_walk_passes_through_a_hero():
    rows = with_pieces(DRAIDA_ROWS, s26="2")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", rolls=["two_skull"])
    assert C.move_to(27) in ends(game)                 # 25-26-27 through the hero on 26


def test_hr7_a_walk_never_enters_a_monster():
    game = position(DRAIDA_ROWS, rolls=["three_sword"], places={1: 28})
    assert 29 not in ends(game) and 30 not in ends(game)


def test_hr7_a_walk_may_step_into_a_dead_end_and_back():
    rows = with_pieces(DRAIDA_ROWS, s17="p")
    game = position(rows, rolls=["three_sword"])
    game.apply(C.move_to(26))                           # 25-17-25-26: up the stair for the potion and back
    assert game.state.hero_space[0] == 26 and game.state.hero_potions[0] == 1 and game.state.potions == [44]


# ---------------------------------------------------------------- HR8
def test_hr8_entering_a_space_next_to_a_monster_ends_the_walk_and_starts_a_fight():
    game = position(DRAIDA_ROWS, rolls=["three_sword", "three_sword"])
    assert 29 not in ends(game) and 31 not in ends(game)
    game.apply(C.move_to(28))
    assert 29 not in game.state.monsters and game.state.hero_trophies[0] == 1    # Sword: defeated


def test_hr8_starting_next_to_a_monster_forces_nothing():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 28})
    game.apply(C.move_to(27))
    assert game.state.hero_space[0] == 27 and 29 in game.state.monsters and game.state.rolls == 2
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 28})
    game.apply(C.move_to(28))                           # staying never fights
    assert game.state.rolls == 2 and game.state.turn == 2


def test_hr8_reentering_the_own_space_next_to_a_monster_starts_a_fight():
    game = position(DRAIDA_ROWS, rolls=["two_skull", "three_sword"], places={1: 28})
    assert C.reenter in game.legal_actions()
    game.apply(C.reenter)
    assert game.state.hero_space[0] == 28 and 29 not in game.state.monsters


# ---------------------------------------------------------------- HR9
def test_hr9_ending_on_a_hero_moves_on_to_the_first_free_space():
    rows = with_pieces(DRAIDA_ROWS, s27="1", s25="S")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, healing=(1,), health={1: 0},
                    rolls=["two_skull"])
    assert ends(game) == {25, 26, 28, 17, 15}


def test_hr9_extra_steps_do_not_count_against_the_roll():
    rows = with_pieces(EMPTY_ROWS, s41="G", s27="1", s28="2")
    game = position(rows, heroes=("barbarian", "wizard", "ranger"), mode="race", seat=2, rolls=["two_skull"])
    game.apply(C.move_to(29))                            # 25-26-27 (two steps), then 28 and 29: two extra steps
    assert game.state.hero_space[2] == 29


def test_hr9_a_fork_offers_each_nearest_free_space():
    rows = with_pieces(EMPTY_ROWS, s41="G", s37="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 35},
                    rolls=["two_skull"])
    # 35-36-37 ends on the hero on 37; 21 and 38 are both one extra step away
    assert {21, 38} <= ends(game)
    game.apply(C.move_to(21))
    assert game.state.hero_space[1] == 21


def test_hr9_forward_blocked_goes_back_along_the_walk():
    rows = with_pieces(EMPTY_ROWS, s41="G", s0="g", s14="g", s13="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 11},
                    rolls=["two_skull"])
    # 11-12-13 stops on the hero on 13 (next to two goblins); forward: 12 was just left, 0 and 14
    # hold monsters: back along the walk to 12
    assert ends(game) == {9, 10, 11, 12}


def test_hr9_forced_stop_on_a_hero_fights_only_if_still_next_to_a_monster():
    rows = with_pieces(DRAIDA_ROWS, s33="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 32},
                    rolls=["one_sword_skull"])
    # 32-33 stops next to the goblins on 19 and 43, on the hero on 33: it moves on to 34, next to no monster
    game.apply(C.move_to(34))
    assert game.state.hero_space[1] == 34 and game.current_player == 0 and game.state.rolls == 2  # no fight roll
    assert {19, 43} <= set(game.state.monsters) and "fight" not in " ".join(game.state.log)
    rows = with_pieces(DRAIDA_ROWS, s33="1", s35="g")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 32},
                    rolls=["one_sword_skull", "three_sword"])
    game.apply(C.move_to(34))                           # 34 is next to the goblin on 35: a fight (Sword)
    assert game.state.hero_space[1] == 34 and 35 not in game.state.monsters


# ---------------------------------------------------------------- HR10
def test_hr10_items_are_picked_up_in_passing():
    rows = with_pieces(EMPTY_ROWS, s41="G", s26="p")
    game = position(rows, rolls=["two_skull"])
    game.apply(C.move_to(27))
    assert game.state.hero_potions[0] == 1 and game.state.potions == []


def test_hr10_a_potion_on_the_fight_space_is_picked_up_before_the_fight():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 34}, health={1: 3})
    game.apply(C.move_to(44))
    assert game.state.hero_potions[0] == 1 and game.decision == "FIGHT"
    assert set(game.legal_actions()) == {C.target(43), C.drink}


def test_hr10_moving_back_picks_up_an_item():
    # the way back (31) holds a hero: the hero moves back to a free neighbour two steps from the
    # goblin on 33 (18 or 42: the lowest id), and picks up the potion on 18
    rows = with_pieces(DRAIDA_ROWS, s31="1", s33="g", s18="p", s19=".", s43=".")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 30},
                    rolls=["two_skull", "two_skull"])
    game.apply(C.move_to(32))                            # 30-31-32, next to the goblin on 33: Skull
    assert game.state.hero_space[1] == 18 and game.state.hero_potions[1] == 1 and game.state.potions == [44]


# ---------------------------------------------------------------- HR11
def test_hr11_the_mission_start_holds_every_hero():
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", places={1: 26},
                    rolls=["one_sword_skull"])
    assert C.move_to(25) in game.legal_actions()         # onto the start, where the wizard stands
    game.apply(C.move_to(25))
    assert game.state.hero_space == [25, 25]


# ---------------------------------------------------------------- HR12
def test_hr12_from_the_dock_a_three_offers_seven_ends():
    game = position(DRAIDA_ROWS, rolls=["three_sword"])
    assert len(ends(game)) == 7 and C.reenter not in game.legal_actions()


def test_hr12_the_canonical_walk_takes_the_most_items():
    rows = with_pieces(EMPTY_ROWS, s41="G", s18="p")
    game = position(rows, rolls=["three_sword"], places={1: 32})
    game.apply(C.move_to(33))            # 32-18-19-33 (3 steps, the potion) beats 32-33
    assert game.state.hero_potions[0] == 1 and "moves 32-18-19-33" in " | ".join(game.state.log)


def test_hr12_reenter_is_offered_only_next_to_a_monster():
    game = position(DRAIDA_ROWS, rolls=["two_skull"], places={1: 27})
    assert C.reenter not in game.legal_actions()
    game = position(DRAIDA_ROWS, rolls=["two_skull"], places={1: 28})
    assert C.reenter in game.legal_actions()
