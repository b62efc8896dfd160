"""Heroica rules HR13–HR28: fights, skills, Health, the Crystal and the end (hand-drawn positions)."""

from __future__ import annotations

from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import default_tables
from hydra_env.games.heroica.state import HeroicaOptions
from hydra_env.games.heroica.testing import DRAIDA_ROWS, EMPTY_ROWS, position

C = Codec(48)
T = default_tables()
RACE = {"heroes": ("barbarian", "wizard"), "mode": "race"}


def with_pieces(rows: tuple[str, ...], **pieces: str) -> list[str]:
    """``rows`` with characters put on spaces: ``with_pieces(ROWS, s27="1")``."""
    grid = [list(r) for r in rows]
    for key, ch in pieces.items():
        x, y = T.coords[int(key[1:])]
        grid[y][x] = ch
    return ["".join(r) for r in grid]


# ---------------------------------------------------------------- HR13
def test_hr13_the_player_chooses_which_adjacent_monster_to_fight_first():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "three_sword", "two_skull"], places={1: 32})
    game.apply(C.move_to(33))
    assert game.decision == "FIGHT" and set(game.legal_actions()) == {C.target(19), C.target(43)}
    game.apply(C.target(43))               # Sword: 43 falls; then 19 (Skull: hurt, back to 32)
    assert 43 not in game.state.monsters and 19 in game.state.monsters and game.state.hero_space[0] == 32


def test_hr13_a_diagonal_monster_is_not_fought():
    rows = with_pieces(EMPTY_ROWS, s41="G", s18="g")
    game = position(rows, rolls=["one_sword_skull"], places={1: 32})
    game.apply(C.move_to(33))              # 33 (8,4) is diagonal to 18 (7,3): no fight
    assert game.state.hero_space[0] == 33 and game.state.rolls == 2 and 18 in game.state.monsters


# ---------------------------------------------------------------- HR14
def test_hr14_shield_defeats_or_offers_the_melee_skill():
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["one_sword_skull", "shield"], places={1: 27})
    game.apply(C.move_to(28))
    assert 29 not in game.state.monsters and game.state.hero_trophies[0] == 1     # plain defeat, no question
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "shield"], places={1: 27})
    game.apply(C.move_to(28))
    assert game.decision == "SHIELD" and set(game.legal_actions()) == {C.plain, C.melee}


def test_hr14_sword_defeats():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "three_sword"], places={1: 27})
    game.apply(C.move_to(28))
    assert 29 not in game.state.monsters and game.state.hero_health[0] == 4 and game.state.hero_space[0] == 28


def test_hr14_skull_hurts_by_strength_and_moves_back():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "two_skull"], places={1: 27})
    game.apply(C.move_to(28))
    assert 29 in game.state.monsters and game.state.hero_health[0] == 3 and game.state.hero_space[0] == 27


def test_hr14_sword_and_skull_defeats_hurts_and_moves_back():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "one_sword_skull"], places={1: 27})
    game.apply(C.move_to(28))
    st = game.state
    assert 29 not in st.monsters and st.hero_trophies[0] == 1 and st.hero_health[0] == 3 and st.hero_space[0] == 27


# ---------------------------------------------------------------- HR15
def test_hr15_moving_back_returns_to_the_space_the_hero_came_from():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "two_skull"], places={1: 32})
    game.apply(C.move_to(18))              # 32-18, next to the goblin on 19
    assert game.state.hero_space[0] == 32  # came from 32


def test_hr15_an_occupied_way_back_falls_back_to_the_farthest_free_neighbour():
    # B came 26-27-28 over A on 27: A (healing) blocks the way back, 29 is the goblin: B stays
    rows = with_pieces(DRAIDA_ROWS, s27="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, healing=(1,), health={1: 0},
                    places={2: 26}, rolls=["two_skull", "two_skull"])
    game.apply(C.move_to(28))
    assert game.state.hero_space[1] == 28 and game.state.hero_health[1] == 3
    # in the Market the way back (31) is taken: the farthest free neighbour two steps from the goblin
    rows = with_pieces(DRAIDA_ROWS, s31="1", s33="g", s19=".", s43=".")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 30},
                    rolls=["two_skull", "two_skull"])
    game.apply(C.move_to(32))
    assert game.state.hero_space[1] == 18


def test_hr15_with_no_free_space_the_hero_stays():
    rows = with_pieces(DRAIDA_ROWS, s27="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, places={2: 26},
                    rolls=["two_skull", "two_skull"])
    game.apply(C.move_to(28))              # 26-27-28: the way back 27 holds A; 29 a goblin
    assert game.state.hero_space[1] == 28


def test_hr15_moving_back_never_starts_a_fight():
    rows = with_pieces(DRAIDA_ROWS, s31="g")
    game = position(rows, rolls=["two_skull", "two_skull"], places={1: 32})
    game.apply(C.move_to(18))              # 32-18 next to 19; Skull: back to 32, next to the goblin on 31
    assert game.state.hero_space[0] == 32 and game.state.rolls == 3 and game.state.turn == 2


# ---------------------------------------------------------------- HR16
def test_hr16_a_win_next_to_two_goblins_fights_the_second_at_once():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "three_sword", "three_sword"], places={1: 32})
    game.apply(C.move_to(33))
    game.apply(C.target(19))
    assert game.state.monsters.keys() == {1, 7, 29, 41} and game.state.hero_trophies[0] == 2


def test_hr16_sword_and_skull_ends_the_sequence():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "one_sword_skull"], places={1: 32})
    game.apply(C.move_to(33))
    game.apply(C.target(19))
    assert 19 not in game.state.monsters and 43 in game.state.monsters and game.state.hero_space[0] == 32
    assert game.state.turn == 2


def test_hr16_the_turn_ends_when_the_sequence_ends():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "three_sword"], places={1: 27})
    game.apply(C.move_to(28))
    assert game.state.turn == 2 and game.decision == "MOVE" and game.state.hero_space[0] == 28


# ---------------------------------------------------------------- HR17
def test_hr17_a_defeated_monster_leaves_the_board_for_the_hero_pack():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "three_sword"], places={1: 27})
    game.apply(C.move_to(28))
    assert 29 not in game.state.monsters and game.state.hero_trophies[0] == 1


# ---------------------------------------------------------------- HR18
def test_hr18_a_ranged_skill_replaces_the_move_and_ends_the_turn():
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 28})
    game.apply(C.target(29))               # a monster next to it stays unfought after the skill
    assert 29 not in game.state.monsters and game.state.hero_space[0] == 28 and game.state.turn == 2


def test_hr18_a_skill_is_optional():
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 36})
    game.apply(C.move_to(38))
    assert game.state.hero_space[0] == 38 and {19, 43} <= set(game.state.monsters)
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "shield", "three_sword"], places={1: 27})
    game.apply(C.move_to(28))
    game.apply(C.plain)
    assert 29 not in game.state.monsters and game.state.turn == 2


# ---------------------------------------------------------------- HR19
def test_hr19_melee_defeats_every_adjacent_monster():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "shield"], places={1: 32})
    game.apply(C.move_to(33))
    game.apply(C.target(19))
    game.apply(C.melee)
    assert {19, 43}.isdisjoint(game.state.monsters) and game.state.hero_trophies[0] == 2
    assert game.decision == "STEP" and {a for a in game.legal_actions() if a < C.n} == {33, 32, 34, 19, 43}


def test_hr19_melee_removes_the_crystal_once():
    rows = with_pieces(DRAIDA_ROWS, s39="g")
    game = position(rows, rolls=["one_sword_skull", "shield"], places={1: 23})
    game.apply(C.move_to(40))              # 40: next to the General (41) and the goblin on 39
    game.apply(C.target(41))
    game.apply(C.melee)
    st = game.state
    assert 39 not in st.monsters and 41 in st.monsters and not st.crystal and not st.game_over


def test_hr19_the_step_may_stay_or_move_one_space():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "shield"], places={1: 32})
    game.apply(C.move_to(33))
    game.apply(C.target(19))
    game.apply(C.melee)
    game.apply(C.move_to(34))
    assert game.state.hero_space[0] == 34 and game.state.turn == 2


def test_hr19_a_step_next_to_a_monster_starts_a_fight():
    rows = with_pieces(DRAIDA_ROWS, s35="g")
    game = position(rows, rolls=["one_sword_skull", "shield", "two_skull"], places={1: 32})
    game.apply(C.move_to(33))
    game.apply(C.target(19))
    game.apply(C.melee)
    game.apply(C.move_to(34))              # next to the goblin on 35: Skull, back to 33 (before the step)
    assert game.state.hero_space[0] == 33 and game.state.hero_health[0] == 3


# ---------------------------------------------------------------- HR20
def test_hr20_wizard_reaches_four_spaces_around_a_corner():
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 37})
    assert {C.target(41), C.target(1)} <= set(game.legal_actions())
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 12})
    assert C.target(1) in game.legal_actions()


def test_hr20_wizard_cannot_reach_five():
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 36})
    assert C.target(41) not in game.legal_actions() and T.dist[36, 41] == 5


def test_hr20_pieces_do_not_block_the_wizard():
    rows = with_pieces(DRAIDA_ROWS, s38="g", s39="g")
    game = position(rows, heroes=("wizard",), rolls=["shield"], places={1: 37})
    assert C.target(41) in game.legal_actions()


# ---------------------------------------------------------------- HR21
def test_hr21_ranger_shoots_in_a_straight_line_only():
    game = position(DRAIDA_ROWS, heroes=("ranger",), rolls=["shield"], places={1: 21})
    assert C.target(1) in game.legal_actions()
    game = position(DRAIDA_ROWS, heroes=("ranger",), rolls=["shield"], places={1: 12})
    assert C.target(1) not in game.legal_actions()
    game = position(DRAIDA_ROWS, heroes=("ranger",), rolls=["shield"], places={1: 37})
    assert {C.target(41), C.target(1)} <= set(game.legal_actions())


def test_hr21_a_gap_blocks_the_ranger():
    rows = with_pieces(EMPTY_ROWS, s41="G", s22="g")
    game = position(rows, heroes=("ranger",), rolls=["shield"], places={1: 21})
    assert C.target(22) not in game.legal_actions()      # (13,3) between 21 and 22 is no space
    game = position(rows, heroes=("wizard",), rolls=["shield"], places={1: 21})
    assert T.line[21, 22] == 0 and T.dist[21, 22] == 4 and C.target(22) in game.legal_actions()


# ---------------------------------------------------------------- HR22
def test_hr22_druid_restores_full_health_instead_of_moving():
    game = position(DRAIDA_ROWS, heroes=("druid",), rolls=["shield"], health={1: 1})
    game.apply(C.self_heal)
    assert game.state.hero_health[0] == 4 and game.state.hero_space[0] == 25 and game.state.turn == 2


def test_hr22_not_offered_at_full_health():
    game = position(DRAIDA_ROWS, heroes=("druid",), rolls=["shield"])
    assert C.self_heal not in game.legal_actions()


# ---------------------------------------------------------------- HR23
def test_hr23_health_never_goes_below_zero():
    rows = with_pieces(DRAIDA_ROWS, s24=".")
    game = position(rows, **RACE, rolls=["one_sword_skull", "two_skull"], places={1: 23}, health={1: 2})
    game.apply(C.move_to(24))              # next to the General: Skull, 3 from 2
    assert game.state.hero_health[0] == 0 and game.state.hero_healing[0] and game.state.hero_kos[0] == 1


def test_hr23_a_knock_out_ends_the_turn_after_moving_back():
    game = position(DRAIDA_ROWS, **RACE, rolls=["one_sword_skull", "two_skull"], places={1: 27},
                    health={1: 1})
    game.apply(C.move_to(28))
    st = game.state
    assert st.hero_space[0] == 27 and st.hero_healing[0] and game.current_player == 1 and st.ko_total == 1


# ---------------------------------------------------------------- HR24
def test_hr24_a_healing_roll_adds_its_number():
    game = position(DRAIDA_ROWS, **RACE, rolls=["two_skull"], healing=(1,), health={1: 1})
    assert game.state.hero_health[0] == 3 and game.state.hero_healing[0] and game.current_player == 1


def test_hr24_a_shield_heals_fully():
    game = position(DRAIDA_ROWS, rolls=["shield"], healing=(1,), health={1: 0})
    assert game.state.hero_health[0] == 4 and not game.state.hero_healing[0]


def test_hr24_full_health_ends_healing_and_the_next_turn_moves():
    game = position(DRAIDA_ROWS, rolls=["three_sword", "two_skull"], healing=(1,), health={1: 1})
    st = game.state
    assert st.hero_health[0] == 4 and not st.hero_healing[0] and st.hero_space[0] == 25
    assert st.turn == 2 and game.decision == "MOVE" and st.allowance == 2


def test_hr24_a_hurt_active_hero_does_not_heal_by_rolling():
    game = position(DRAIDA_ROWS, rolls=["three_sword"], health={1: 1})
    assert game.state.hero_health[0] == 1 and game.decision == "MOVE" and game.state.allowance == 3


# ---------------------------------------------------------------- HR25
def test_hr25_a_potion_restores_two_capped_at_four():
    game = position(DRAIDA_ROWS, rolls=["three_sword"], health={1: 3}, potions={1: 1})
    game.apply(C.drink)
    assert game.state.hero_health[0] == 4 and game.state.hero_potions[0] == 0 and game.decision == "MOVE"


def test_hr25_a_potion_is_used_once():
    game = position(DRAIDA_ROWS, rolls=["three_sword"], health={1: 1}, potions={1: 1})
    game.apply(C.drink)
    assert game.state.hero_health[0] == 3 and C.drink not in game.legal_actions()


def test_hr25_drinking_before_a_fight_roll():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "two_skull"], places={1: 27}, health={1: 1},
                    potions={1: 1})
    game.apply(C.move_to(28))
    assert game.decision == "FIGHT" and set(game.legal_actions()) == {C.target(29), C.drink}
    game.apply(C.drink)                     # then the single target is fought at once
    assert game.state.hero_health[0] == 2 and not game.state.hero_healing[0]


def test_hr25_a_potion_can_end_healing():
    game = position(DRAIDA_ROWS, **RACE, rolls=["one_sword_skull"], healing=(1,), health={1: 0},
                    potions={1: 1})
    assert game.decision == "HEAL_END" and set(game.legal_actions()) == {C.end_turn, C.drink}
    game.apply(C.drink)
    assert game.state.hero_health[0] == 3 and game.state.hero_healing[0] and game.current_player == 1
    game = position(DRAIDA_ROWS, rolls=["two_skull"], healing=(1,), health={1: 0}, potions={1: 1})
    game.apply(C.drink)
    assert game.state.hero_health[0] == 4 and not game.state.hero_healing[0] and game.state.turn == 2


def test_hr25_no_drinking_in_another_seats_turn():
    game = position(DRAIDA_ROWS, **RACE, seat=1, rolls=["three_sword"],
                    health={1: 2}, potions={1: 1})
    assert game.current_player == 1 and C.drink not in game.legal_actions()


# ---------------------------------------------------------------- HR26
def test_hr26_the_generals_last_defeat_ends_the_game_at_once():
    game = position(DRAIDA_ROWS, **RACE, crystal=False,
                    rolls=["one_sword_skull", "one_sword_skull"], places={1: 23})
    game.apply(C.move_to(24))              # Sword & Skull: the General falls first; no Health is lost
    st = game.state
    assert game.is_over and st.winner == 0 and st.hero_health[0] == 4 and game.current_player == -1
    assert game.result().to_dict()["winners"] == [0]


# ---------------------------------------------------------------- HR27
def test_hr27_the_first_defeat_only_removes_the_crystal():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "three_sword", "two_skull"], places={1: 23})
    game.apply(C.move_to(24))
    st = game.state
    assert not st.crystal and 41 in st.monsters and st.hero_trophies[0] == 0 and not game.is_over


def test_hr27_the_second_defeat_wins_with_general_and_crystal():
    game = position(DRAIDA_ROWS, rolls=["three_sword", "three_sword", "three_sword"], places={1: 39})
    game.apply(C.move_to(40))
    assert game.is_over and game.state.winner == 0 and game.state.hero_trophies[0] == 1
    assert game.result().to_dict()["score"] == 40          # won on turn 1: S = 41 - 1


def test_hr27_fights_on_against_the_general_after_the_crystal_falls():
    game = position(DRAIDA_ROWS, rolls=["three_sword", "three_sword", "two_skull"], places={1: 39})
    game.apply(C.move_to(40))
    st = game.state
    assert not st.crystal and st.hero_health[0] == 1 and st.hero_space[0] == 39 and st.rolls == 4


def test_hr27_another_hero_may_make_the_second_defeat():
    rows = with_pieces(DRAIDA_ROWS, s40="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="race", seat=1, crystal=False,
                    rolls=["shield"], places={2: 37})
    game.apply(C.target(41))
    assert game.is_over and game.state.winner == 1
    game = position(DRAIDA_ROWS, rolls=["shield"], options=HeroicaOptions(crystal=True), heroes=("wizard",),
                    places={1: 37})
    game.apply(C.target(41))
    assert not game.state.crystal and not game.is_over


def test_hr27_a_ranged_skill_removes_the_crystal():
    game = position(DRAIDA_ROWS, heroes=("ranger",), rolls=["shield"], places={1: 37})
    game.apply(C.target(41))
    assert not game.state.crystal and 41 in game.state.monsters and game.state.hero_trophies[0] == 0


# ---------------------------------------------------------------- HR28
def test_hr28_the_general_falls_before_the_hero_is_hurt():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "one_sword_skull"], places={1: 23}, health={1: 1},
                    crystal=False)
    game.apply(C.move_to(24))
    assert game.is_over and game.state.winner == 0 and game.state.hero_health[0] == 1
    game = position(DRAIDA_ROWS, **RACE, rolls=["one_sword_skull", "one_sword_skull"], places={1: 23},
                    health={1: 1})
    game.apply(C.move_to(24))              # with the Crystal: it falls, then 3 damage knocks the hero out
    assert not game.state.crystal and game.state.hero_healing[0] and game.state.hero_space[0] == 23
