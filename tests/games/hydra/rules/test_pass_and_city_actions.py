"""Rule tests of the pass (R15) and of the city actions (R16) —
docs/games/hydra/rules.md, section "Hero actions: barricades, portals, protection, the
city". The barricade, the portal, protection and wounds (R11–R14) are tested in
test_barricades_and_portals.py and test_protect_and_wounds.py.

Positions are hand-built with :mod:`hydra_env.games.hydra.rules.testing`; where the
Hydra colours sit and the boards drawn in the comments: README.md of this folder.

Cards used (hero sides): A13 sword 1 (+1 vs red).
"""

from __future__ import annotations

from helpers.actions import (
    assert_illegal,
    at,
    city_harpoon,
    city_move,
    city_portal,
    city_protect,
    city_sword,
    glory,
    head,
    legal_kinds,
    place,
)
from helpers.coop_games import GLORY2, coop2

from hydra_env.games.hydra.rules import testing as ht
from hydra_env.games.hydra.rules.codec import (
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_PLAY_HYDRA,
)

# ----------------------------------------------------------------- R15 pass


def test_r15_pass_spends_the_action_for_nothing():
    g = ht.solo_game(hero="r6c2", display=["A13"])
    before = g.state.to_dict()
    g.apply(g.codec.pass_)
    after = g.state.to_dict()
    assert after["actions_done"] == before["actions_done"] + 1
    for key in ("actions_done", "history"):
        before.pop(key), after.pop(key)
    assert after == before


def test_r15_after_a_pass_the_hero_may_still_play_its_hydra_card():
    g = ht.coop_game(scenario=8, heroes=["r6c2", "r8c8"], order=[0, 1], glory=GLORY2,
                     hydra_hands={0: ["H09"], 1: []})
    g.apply(g.codec.pass_)
    assert g.pending == {"kind": "after action", "seat": 0}
    assert A_PLAY_HYDRA in legal_kinds(g)


# ----------------------------------------------------------------- R16 city actions


def test_r16_city_actions_are_usable_from_anywhere():
    g = ht.solo_game(hero="r5c2", heads={"red": (5, 3)})
    kinds = legal_kinds(g)
    assert {A_CITY_MOVE, A_CITY_PORTAL, A_CITY_SWORD, A_CITY_PROTECT} <= kinds
    g.apply(city_sword(g, "red"))
    assert head(g, "red") == (5, 2) and glory(g) == 1     # sword 1, no bonus


def test_r16_move_sword_harpoon_protect_once_per_round():
    g = ht.solo_game(hero="r4c1", heads={"red": (5, 4)})
    g.apply(city_sword(g, "red"))                          # r4c1 is right behind the head
    assert not g.is_legal(city_sword(g, "red"))
    assert_illegal(g, city_sword(g, "red"), "already used this round", "R16")
    g.apply(city_harpoon(g))
    assert at(g) == "r3c1"
    assert A_CITY_HARPOON not in legal_kinds(g)
    g.apply(city_protect(g))
    assert g.state.shielded == [1]
    ht.run_effects(g, ("bite", "red"))                    # the shield is spent evading
    g.apply(place(g, "r2c2"))
    assert g.state.shielded == [0]
    assert A_CITY_PROTECT not in legal_kinds(g)           # still used this round
    g.apply(city_move(g, "r3c2"))
    assert A_CITY_MOVE not in legal_kinds(g)
    assert A_CITY_PORTAL in legal_kinds(g) and g.codec.pass_ in g.legal_actions()


def test_r16_city_actions_stay_used_in_action_phase_two():
    g = ht.solo_game(hero="r7c4")
    g.apply(city_move(g, "r7c5"))
    for _ in range(4):
        g.apply(g.codec.pass_)
    assert g.phase == "action II"
    kinds = legal_kinds(g)
    assert A_CITY_MOVE not in kinds
    assert A_CITY_PORTAL in kinds and A_CITY_PROTECT in kinds


def test_r16_portal_and_pass_any_number_of_times():
    g = ht.solo_game(hero="r7c4")
    for target in ("r8c1", "r8c3", "city", "r8c7"):
        g.apply(city_portal(g, target))
        assert at(g) == target
    g.apply(g.codec.pass_)
    assert g.phase == "action II"
    for _ in range(4):
        g.apply(g.codec.pass_)
        assert g.codec.pass_ in g.legal_actions()
    assert g.state.actions_done == 4


def test_r16_city_actions_return_in_the_next_round():
    # Empty display and row C: the Hydra phase does nothing.
    g = ht.solo_game(hero="r10c4", display=[], row=[])
    g.apply(city_move(g, "city"))
    for _ in range(9):
        assert A_CITY_MOVE not in legal_kinds(g)
        g.apply(g.codec.pass_)
    assert g.round == 2 and g.phase == "action"
    assert A_CITY_MOVE in legal_kinds(g)


def test_r16_city_actions_are_per_hero():
    g = coop2(["r7c4", "r7c6"])
    g.apply(city_move(g, "r8c4"))
    assert g.pending == {"kind": "action", "seat": 1}
    assert g.is_legal(city_move(g, "r8c6"))


def test_r16_city_move_has_no_bonus():
    # A hero in the city (wall area for bonuses) moving with the city action: one step only.
    g = ht.solo_game(hero="city")
    moves = {g.rules.board.name(g.codec.arg[a]) for a in g.legal_actions()
             if g.codec.kind[a] == A_CITY_MOVE}
    assert moves == {f"r10c{c}" for c in range(9)}
