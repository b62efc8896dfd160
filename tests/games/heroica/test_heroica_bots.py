"""Heroica's bots: greedy as the spec describes it (4.8), the heuristic, and their registry entries."""

from __future__ import annotations

import numpy as np
import pytest

from hydra_env.envs.bots import make_bot
from hydra_env.games.heroica.bot_parts import FLEE_DISTANCE, Ctx
from hydra_env.games.heroica.bot_values import deadline_values, hero_values, race_horizon, rival_deadlines
from hydra_env.games.heroica.bots import GreedyBot, HeuristicBot, clears_rival_way
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import default_tables
from hydra_env.games.heroica.measure import bots_for, main, parse, play, wilson
from hydra_env.games.heroica.solver_bot import SoloOptimalBot
from hydra_env.games.heroica.spec import new_game
from hydra_env.games.heroica.testing import DRAIDA_ROWS, EMPTY_ROWS, position

C = Codec(48)
T = default_tables()


def with_pieces(rows: tuple[str, ...], **pieces: str) -> list[str]:
    grid = [list(r) for r in rows]
    for key, ch in pieces.items():
        x, y = T.coords[int(key[1:])]
        grid[y][x] = ch
    return ["".join(r) for r in grid]


def greedy(game) -> int:
    return GreedyBot(0).act(game.view(game.current_player), game.legal_actions())


def test_greedy_ends_the_movement_nearest_the_general():
    assert greedy(position(DRAIDA_ROWS, rolls=["three_sword"])) == C.move_to(28)
    assert greedy(position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 46})) == C.move_to(40)


def test_greedy_takes_the_end_with_most_items_on_a_tie():
    rows = with_pieces(DRAIDA_ROWS, s47="p")
    assert greedy(position(rows, rolls=["one_sword_skull"], places={1: 46})) == C.move_to(47)


def test_greedy_shoots_the_general_first_then_the_monster_ahead():
    assert greedy(position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 37})) == C.target(41)
    game = position(DRAIDA_ROWS, heroes=("wizard",), rolls=["shield"], places={1: 36})
    assert greedy(game) < C.n                            # 19 and 43 lie behind: it moves
    rows = with_pieces(DRAIDA_ROWS, s38="g")
    assert greedy(position(rows, heroes=("wizard",), rolls=["shield"], places={1: 36})) == C.target(38)


def test_greedy_always_uses_melee_and_drinks_when_a_skull_could_knock_it_out():
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull", "shield"], places={1: 27})
    game.apply(C.move_to(28))
    assert game.decision == "SHIELD" and greedy(game) == C.melee
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 27}, health={1: 1}, potions={1: 1})
    game.apply(C.move_to(28))
    assert greedy(game) == C.drink
    game = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 27}, health={1: 2}, potions={1: 1})
    game.apply(C.move_to(28))
    assert greedy(game) == C.target(29)


def test_greedy_monster_player_moves_the_goblin_nearest_a_hero_and_fights_the_weakest():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s7="g", s26="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="battle", seat=1, places={2: 27},
                    health={1: 2}, rolls=["one_sword_skull"])
    assert greedy(game) == C.target(29)
    game.apply(C.target(29))
    assert greedy(game) == C.move_to(28)                 # next to the hero on 27
    rows = with_pieces(EMPTY_ROWS, s41="G", s19="g", s32="1", s34="2")
    game = position(rows, heroes=("barbarian", "wizard"), mode="battle", seat=1, health={1: 3, 2: 2},
                    rolls=["one_sword_skull"])
    game.apply(C.target(19))
    game.apply(C.move_to(33))                            # next to both heroes
    assert game.decision == "MONSTER_FIGHT" and greedy(game) == C.target(34)


def heuristic(game) -> int:
    return HeuristicBot(0).act(game.view(game.current_player), game.legal_actions())


def test_heuristic_plays_the_solo_optimum_in_a_solo_game():
    for hero in ("barbarian", "wizard", "ranger", "druid"):
        for roll in ("shield", "three_sword", "two_skull", "one_sword_skull"):
            for places, health in (({}, {}), ({1: 32}, {1: 2}), ({1: 38}, {1: 3})):
                game = position(DRAIDA_ROWS, heroes=(hero,), rolls=[roll], places=places, health=health)
                assert heuristic(game) == SoloOptimalBot().act(game.view(0), game.legal_actions())


def test_heuristic_in_a_race_presses_on_past_the_potion_when_a_rival_nears_the_general():
    def race(rival: int):
        return position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", rolls=["one_sword_skull"],
                        places={1: 32, 2: rival}, health={1: 3})
    solo = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 32}, health={1: 3})
    assert heuristic(solo) == C.move_to(42)              # the optimum steps towards the potion on 44
    assert heuristic(race(26)) == C.move_to(42)          # a rival far behind: the same
    assert heuristic(race(39)) == C.move_to(33)          # a rival in the Fort: no time for the detour
    slow, fast = (race_horizon(Ctx(race(r), race(r).legal_actions())) for r in (26, 39))
    assert fast < slow


def test_the_deadline_values_weigh_the_rivals_finish_and_skip_the_potion_only_when_it_is_near():
    def race(rival: int):
        return position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", rolls=["one_sword_skull"],
                        places={1: 32, 2: rival}, health={1: 3})
    far, near = (Ctx(race(r), race(r).legal_actions()) for r in (26, 39))
    q_far, q_near = rival_deadlines(far), rival_deadlines(near)
    assert sum(q_far) == pytest.approx(1.0) and sum(q_near) == pytest.approx(1.0)
    assert sum(q_near[:2]) > 0.5 > sum(q_far[:4])         # a rival in the Fort finishes soon
    values_far, values_near = deadline_values(far), deadline_values(near)
    assert min(values_far, key=values_far.get) == C.move_to(42)     # time for the potion on 44
    assert min(values_near, key=values_near.get) == C.move_to(33)   # none
    assert min(values_near.values()) > max(values_far.values())     # a near rival: likelier to lose
    solo = position(DRAIDA_ROWS, rolls=["one_sword_skull"], places={1: 32}, health={1: 3})
    assert deadline_values(Ctx(solo, solo.legal_actions())) is None


def test_heuristic_does_not_shoot_the_crystal_off_while_a_rival_stands_ready():
    def race(rival: int):
        return position(DRAIDA_ROWS, heroes=("wizard", "barbarian"), mode="race", rolls=["shield"],
                        places={1: 37, 2: rival}, health={1: 2})
    assert heuristic(race(26)) == C.target(41)           # nobody near: the Crystal falls, the General next
    assert heuristic(race(39)) != C.target(41)           # the rival in the Fort would make the winning defeat
    assert greedy(race(39)) == C.target(41)


def test_rival_distances_count_the_other_seats_active_heroes_only():
    game = position(DRAIDA_ROWS, heroes=("wizard", "barbarian", "ranger"), mode="race", rolls=["shield"],
                    places={1: 37, 2: 39, 3: 40}, healing=[3], health={3: 0})
    c = Ctx(game, game.legal_actions())
    assert c.rival_distances(41) == [int(T.dist[39, 41])]      # not its own hero, not the healing ranger


def test_heuristic_takes_the_least_valued_action_whatever_its_seed():
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", rolls=["two_skull"])
    ctx = Ctx(game, game.legal_actions())
    values = hero_values(ctx, race_horizon(ctx))
    best = min(values.values())
    chosen = {HeuristicBot(seed).act(game.view(0), game.legal_actions()) for seed in (0, 1, 99)}
    assert chosen == {min(a for a, v in values.items() if v <= best + 1e-5)}


def test_heuristic_monster_player_plays_the_general_once_a_hero_comes_near():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s38="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="battle", seat=1, places={2: 26},
                    rolls=["one_sword_skull"])
    assert T.dist[38, 41] <= FLEE_DISTANCE
    assert heuristic(game) == C.target(41) and greedy(game) == C.target(29)
    far = position(with_pieces(EMPTY_ROWS, s41="G", s29="g", s30="1"), heroes=("barbarian", "wizard"),
                   mode="battle", seat=1, places={2: 26}, rolls=["one_sword_skull"])
    assert heuristic(far) == C.target(29)                # nobody near the General: the goblin harasses


def test_heuristic_monster_general_waits_in_its_fort_without_its_crystal():
    rows = with_pieces(EMPTY_ROWS, s41="G", s29="g", s38="1")
    game = position(rows, heroes=("barbarian", "wizard"), mode="battle", seat=1, places={2: 26},
                    rolls=["three_sword"], crystal=False)
    game.apply(heuristic(game))
    assert game.decision == "MONSTER_MOVE" and heuristic(game) == C.move_to(41)


def test_heuristic_drinks_to_end_healing_at_once():
    game = position(DRAIDA_ROWS, heroes=("barbarian", "wizard"), mode="race", rolls=["two_skull"],
                    healing=(1,), health={1: 0}, potions={1: 1})
    bot = HeuristicBot(0)
    assert game.decision == "HEAL_END" and bot.act(game.view(0), game.legal_actions()) == C.drink


def test_bots_play_every_mode_with_legal_actions_only():
    for params in ({}, {"mode": "race", "num_players": 4, "draft": True}, {"mode": "battle", "num_players": 2},
                   {"mode": "battle", "num_players": 3}):
        for maker in (GreedyBot, HeuristicBot):
            for seed in range(4):
                bots = [maker(seed) for _ in range(params.get("num_players", 1))]
                result = play(new_game(seed=seed, **params), bots)
                assert result.outcome in ("won", "monsters_won", "truncated")


def test_the_bots_come_from_the_generic_registry():
    assert isinstance(make_bot("greedy", game="heroica", seed=1), GreedyBot)
    assert isinstance(make_bot("heuristic", game="heroica", seed=1), HeuristicBot)


def test_the_heuristic_monster_player_beats_greedy_at_three_seats():
    def monster_share(maker) -> float:
        bots = [[GreedyBot(s), GreedyBot(s), maker(s)] for s in range(300)]
        wins = [play(new_game(seed=s, num_players=3, mode="battle"), bots[s]).winner == 2 for s in range(300)]
        return float(np.mean(wins))
    assert monster_share(HeuristicBot) > monster_share(GreedyBot) + 0.03


def test_measure_rotates_the_measured_bot_through_every_seat_of_a_race():
    args = parse(["race", "--seats", "4", "--bot", "heuristic"])
    for g in range(8):
        kinds = [type(bot) for bot in bots_for(args, g)]
        assert kinds.index(HeuristicBot) == g % 4 and kinds.count(GreedyBot) == 3
    battle = parse(["battle", "--seats", "3", "--monster", "heuristic"])
    assert [type(b) for b in bots_for(battle, 0)] == [GreedyBot, GreedyBot, HeuristicBot]


def test_measure_wilson_interval_holds_the_share_and_narrows_with_more_games():
    low, high = wilson(267, 1000)
    wide = high - low
    assert low < 0.267 < high
    low, high = wilson(2670, 10000)
    assert low < 0.267 < high and high - low < wide / 3


def test_measure_refuses_a_bad_setting_naming_the_option(capsys):
    for argv, named in ((["race", "--seats", "5"], "--seats"), (["solo", "--bot", "smart"], "smart"),
                        (["race", "--bot", "solo-optimal"], "solo games only"), (["solo", "--games", "0"], "--games")):
        with pytest.raises(SystemExit):
            parse(argv)
        assert named in capsys.readouterr().err


def test_measure_prints_a_line_per_class_with_progress(capsys):
    main(["solo", "--bot", "greedy", "--games", "3", "--engine", "python"])
    out = capsys.readouterr()
    assert out.out.count("censored mean T") == 4 and "3/3 games" in out.err


def test_a_spare_heuristic_is_the_heuristic_except_a_shot_that_clears_a_rivals_way():
    spare, plain = make_bot("heuristic:spare=true", game="heroica", seed=0), HeuristicBot(0)
    spared = same = 0
    for seed in range(12):
        game = new_game(seed=seed, num_players=4, mode="race")
        while not game.is_over:
            seat, legal = game.current_player, game.legal_actions()
            mine, theirs = plain.act(game.view(seat), legal), spare.act(game.view(seat), legal)
            if clears_rival_way(Ctx(game, legal), mine):
                spared += 1
                assert not game.codec.n <= theirs < 2 * game.codec.n     # no shot at all then
            else:
                same += 1
                assert theirs == mine
            game.apply(mine)
    assert spared > 0 and same > 100
