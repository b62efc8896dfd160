"""benchmarks/heroica_race_variants.py: each variant (a heuristic knob turned, or ``deadline``)
takes the rotating seat of a 4-seat race against three ``heuristic``; the script's arguments
are checked before any race is played."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.games.heroica import bot_parts, bot_values

variants = load_benchmark("heroica_race_variants")


def test_the_deadline_variant_plays_whole_races_and_counts_its_wins():
    tally = variants.win_share("deadline", 0, games=8)
    assert 0 <= tally.wins <= 8 and tally.thefts == tally.choices == 0 and tally.cpu > 0


def test_the_rollout_variant_keeps_the_heuristic_choice_when_every_playout_ties():
    class Tied(variants.Rollout):
        def playout(self, game, action, stream):
            return None                                   # no playout is ever won
    game = variants.new_game(seed=3, num_players=4, mode="race", engine="python")
    tied, plain = Tied(2, seed=0), variants.bots.HeuristicBot(seed=0)
    for _ in range(40):
        if game.is_over:
            break
        seat, legal = game.current_player, game.legal_actions()
        assert tied.act(game.view(seat), legal) == plain.act(game.view(seat), legal)
        game.apply(plain.act(game.view(seat), legal))


def test_the_rollout_variant_plays_whole_races_and_counts_its_wins():
    tally = variants.win_share("rollout", 2, games=2)
    assert 0 <= tally.wins <= 2 and tally.cpu > 0


def test_races_are_dealt_from_the_given_first_seed_on(monkeypatch):
    seeds = []
    real = variants.new_game
    monkeypatch.setattr(variants, "new_game", lambda **kw: seeds.append(kw["seed"]) or real(**kw))
    variants.win_share("margin", 2, games=3, first=5)
    assert seeds == [5, 6, 7]


def test_a_knob_is_turned_only_while_the_variant_decides():
    before = bot_values.RACE_MARGIN
    assert 0 <= variants.win_share("margin", before + 3, games=4).wins <= 4
    assert bot_values.RACE_MARGIN == before and bot_parts.WAIT_DISTANCE == 6


def test_a_lurker_that_never_sees_a_rival_near_plays_as_the_heuristic():
    assert variants.win_share("lurk", -1, games=12).wins == variants.win_share("margin", 2, games=12).wins


def test_a_lurker_does_not_charge_the_crystal_while_a_rival_is_near_and_it_can_wait():
    lurker, plain, held = variants.Lurk(6, seed=0), variants.bots.HeuristicBot(seed=0), 0
    for seed in range(12):
        game = variants.new_game(seed=seed, num_players=4, mode="race")
        while not game.is_over:
            seat, legal = game.current_player, game.legal_actions()
            if seat != 0:
                game.apply(plain.act(game.view(seat), legal))
                continue
            choice = lurker.act(game.view(seat), legal)
            c = variants.bot_parts.Ctx(game, legal)
            st, t = c.state, c.tables
            if c.decision == "MOVE" and st.crystal and c.general is not None:
                beside = set(t.neighbours[c.general])
                ends = {a: p[-1] for a, p in c.options.items() if isinstance(p, tuple)}
                near = any(int(t.dist[s, c.general]) <= 6 for h, s in enumerate(st.hero_space)
                           if h != c.hero and not st.hero_healing[h])
                can_wait = any(e not in beside and int(t.dist[e, c.general]) <= variants.LURK_REACH
                               for a, e in ends.items() if a != c.codec.target(c.general))
                if near and can_wait:
                    held += 1
                    assert choice != c.codec.target(c.general)
                    assert ends.get(choice) not in beside or ends[choice] == st.hero_space[c.hero]
            game.apply(choice)
    assert held > 0


def test_a_spare_hero_does_not_shoot_a_goblin_a_rival_stands_nearer_to():
    game = variants.new_game(seed=2, num_players=4, mode="race")   # the ranger of seat 2 meets one
    spare, plain, spared = variants.Spare(seed=0), variants.bots.HeuristicBot(seed=0), 0
    while not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        mine = plain.act(game.view(seat), legal)
        c = variants.bot_parts.Ctx(game, legal)
        st, t, n = c.state, c.tables, c.codec.n
        if c.decision == "MOVE" and n <= mine < 2 * n and mine - n != c.general:
            mine_distance = int(t.dist[st.hero_space[c.hero], mine - n])
            if any(int(t.dist[s, mine - n]) < mine_distance for h, s in enumerate(st.hero_space)
                   if h != c.hero and not st.hero_healing[h]):
                spared += 1
                assert not n <= spare.act(game.view(seat), legal) < 2 * n
        game.apply(mine)
    assert spared > 0


def test_thefts_count_races_won_by_another_hero_than_the_one_that_felled_the_crystal():
    tally = variants.win_share("margin", 2, games=40, thefts=True)
    assert 0 < tally.thefts < 40 and 0 <= tally.wins <= 40


def test_the_heuristic_never_differs_from_itself_and_a_knob_turned_far_does():
    same = variants.win_share("margin", 2, games=12, compare=True)
    assert same.choices > 12 and same.differ == 0
    lurker = variants.win_share("lurk", 99, games=12, compare=True)
    assert lurker.choices > 12 and lurker.differ > 0


def test_the_bare_variant_values_a_general_without_its_crystal_while_the_game_keeps_it():
    game = variants.new_game(seed=1, num_players=4, mode="race")
    bare, plain = variants.Bare(seed=0), variants.bots.HeuristicBot(seed=0)
    while not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        crystal = game.state.crystal
        bare.act(game.view(seat), legal)
        assert game.state.crystal == crystal
        game.apply(plain.act(game.view(seat), legal))


@pytest.mark.parametrize("argv, message", [
    (["speed=3"], "give KNOB=INTEGER with KNOB one of margin, horizon, wait"),
    (["margin=two"], "give KNOB=INTEGER"),
    (["lurk=near"], "lurk=DISTANCE"),
    (["spare=2"], "give KNOB=INTEGER"),
    (["rollout=0"], "give rollout=PLAYOUTS with PLAYOUTS a whole number of at least 1"),
    (["deadline", "--games", "0"], "--games must be at least 1"),
    (["deadline", "--seed", "-1"], "--seed must be 0 or more"),
])
def test_bad_variants_and_counts_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(variants.main, argv, message, capsys)


def test_the_script_prints_each_variants_share_thefts_and_differing_choices(capsys):
    assert variants.main(["bare", "lurk=4", "--games", "4", "--thefts", "--differ"]) == 0
    out = capsys.readouterr().out
    assert "bare: " in out and "lurk=4: " in out and "over 4 races (seeds 0–3)" in out
    assert out.count("made the Crystal fall") == 2 and out.count("the heuristic would choose otherwise") == 2
