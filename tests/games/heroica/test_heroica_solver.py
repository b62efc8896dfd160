"""The exact solo optimum (spec 4.7, HR36): the solver on a map small enough to solve by hand, the
turn graph against the engine under forced rolls, the cache, and the ``solo-optimal`` bot."""

from __future__ import annotations

import json
import random
import shutil

import numpy as np
import pytest

from hydra_env.envs.bots import make_bot
from hydra_env.errors import ConfigError
from hydra_env.games.heroica.bots import GreedyBot, HeuristicBot
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.loader import CLASS_ORDER, DATA_DIR, FACE_KINDS, default_tables, load_tables
from hydra_env.games.heroica.measure import play
from hydra_env.games.heroica.solver import _load, _save, data_digest, solution, solve
from hydra_env.games.heroica.solver_bot import SoloOptimalBot, regret
from hydra_env.games.heroica.solver_model import BOARD, CHANCE, CHOICE, HELD, LEAF, WIN, StateCodec, TurnGraph
from hydra_env.games.heroica.spec import new_game
from hydra_env.games.heroica.state import HeroicaOptions
from hydra_env.games.heroica.testing import EMPTY_ROWS, position

T = default_tables()
SEEDS = 400
SAMPLED_CLASSES = [CLASS_ORDER[0]] + [pytest.param(hero, marks=pytest.mark.slow) for hero in CLASS_ORDER[1:]]
"""The statistical checks over 400 games run for the first class in CI, every class with --run-slow."""


@pytest.fixture(scope="module")
def corridor(tmp_path_factory):
    """A four-space map ``S..G``: the Mission Start 0, spaces 1 and 2, the General on 3."""
    folder = tmp_path_factory.mktemp("corridor")
    for name in ("die.json", "heroes.json", "monsters.json", "items.json"):
        shutil.copy(DATA_DIR / name, folder / name)
    (folder / "maps").mkdir()
    (folder / "maps" / "draida.json").write_text(json.dumps({
        "name": "corridor", "rows": ["S..G"], "crystal_on": "goblin_general",
        "legend": {".": None, "S": "mission_start", "G": "goblin_general"},
        "areas": {"Corridor": [0, 1, 2, 3]}, "source": "a test map"}))
    return load_tables(folder)


def test_hr36_the_solver_equals_the_hand_computed_optimum_on_a_four_space_corridor(corridor):
    """Map ``S..G``, no Crystal (HR27's option), Health 4, the General's strength 3.

    From 0 a One reaches only 1 (not next to the General); 2, 3 or 4 reach 2 and force the
    fight. A fight wins on Shield, Sword or Sword & Skull (2/3); a Skull (1/3) costs 3 Health
    and moves the hero back to 1. States: A0 (on 0, Health 4), A1 (on 1, Health 4), B1 (on 1,
    Health 1), Hh (healing on 1 at Health h). Optimal play walks in and fights.

    Healing (HR24, a roll adds 4 / 3 / 2 / 1 with 1/6, 1/3, 1/3, 1/6; back to A1 at 4), with x = E[A1]:
    H3 = 1 + x;  H2 = 1 + 5/6 x + 1/6 H3 = 7/6 + x;  H1 = 1 + 1/2 x + 1/3 H3 + 1/6 H2 = 55/36 + x;
    H0 = 1 + 1/6 x + 1/3 H3 + 1/3 H2 + 1/6 H1 = 427/216 + x.

    Barbarian (no ranged skill; its melee Shield also wins): q = P(a turn from A1 or B1 does not
    win) = 1/3. x = 1 + q B1, B1 = 1 + q H0, so x (1 − q²) = 1 + q + q² 427/216: x = 3019/1728,
    B1 = 1291/576, A0 = 1 + x/6 + 5/6 · 1/3 · B1 = 3307/1728 ≈ 1.91377.
    Wizard (a movement Shield shoots the General, distance ≤ 4, and wins): q = 5/6 · 1/3 = 5/18,
    x = 100099/64584, B1 = 7103/3588, A0 = 1 + 1/6 (shoot) · 0 + x/6 + 2/3 · 1/3 · B1
    = 658075/387504 ≈ 1.69824.
    L = 40 censors a tail far below 1e-6. With L = 2 (C1 = 1 + q for A1 and B1):
    Barbarian 1 + 1/6 · 4/3 + 5/18 · 4/3 = 43/27; Wizard 1 + (1/6 + 2/9) · 23/18 = 485/324.
    """
    expected = {("barbarian", 40): 3307 / 1728, ("wizard", 40): 658075 / 387504,
                ("barbarian", 2): 43 / 27, ("wizard", 2): 485 / 324}
    for (hero, limit), value in expected.items():
        solved = solve(corridor, hero, limit, progress=False)
        assert solved.start_value(crystal=False) == pytest.approx(value, abs=2e-6), (hero, limit)


def test_the_unfinished_measure_equals_the_hand_computed_chances_on_the_corridor(corridor):
    """Map ``S..G`` as above, no Crystal: the least chance of not having won within k turns.

    Barbarian, one turn: it wins when a roll of 2-4 (5/6) brings it next to the General and the
    fight wins (2/3): U1 = 1 − 5/9 = 4/9. Two turns: after a One (1/6, on to space 1) or a lost
    fight (5/18, back to 1 at Health 1) the next turn wins with 2/3: U2 = (1/6 + 5/18) · 1/3 =
    4/27. Wizard, one turn: a Shield (1/6) shoots the General, a roll of 2 or 3 (2/3) fights it:
    U1 = 1 − 1/6 − 2/3 · 2/3 = 7/18.
    """
    expected = {("barbarian", 1): 4 / 9, ("barbarian", 2): 4 / 27, ("wizard", 1): 7 / 18}
    for (hero, within), value in expected.items():
        solved = solve(corridor, hero, within, progress=False, measure="unfinished")
        assert solved.measure == "unfinished"
        assert solved.start_value(crystal=False) == pytest.approx(value, abs=2e-6), (hero, within)
    with pytest.raises(ConfigError, match="measure 'mean' is not one of turns, unfinished"):
        solve(corridor, "barbarian", 2, progress=False, measure="mean")


def test_hr36_the_crystal_makes_the_corridor_longer(corridor):
    solved = solve(corridor, "barbarian", 40, progress=False)
    assert solved.start_value(crystal=True) > solved.start_value(crystal=False) + 0.5


def test_the_state_codec_numbers_every_turn_start_state_once():
    codes = StateCodec(T)
    assert codes.size == 48 * 8 * 3 * 32 * 2 == 73_728
    for index in random.Random(1).sample(range(codes.size), 2000):
        assert codes.index(codes.position(index)) == index
    assert codes.valid(codes.start()) and codes.position(codes.index(codes.start())).space == T.start


def test_hr1_the_solver_reads_the_die_from_the_data():
    graph = TurnGraph(T, "barbarian")
    game = new_game(seed=0)
    assert [(FACE_KINDS[f], p) for f, p in graph.faces] == game.chance_outcomes()


# ---------------------------------------------------------------- the turn graph against the engine
def _rows(codes: StateCodec, mask: int, potion: int) -> list[str]:
    grid = [list(r) for r in EMPTY_ROWS]
    for space in codes.monster_spaces(mask):
        x, y = T.coords[space]
        grid[y][x] = "G" if space == codes.general else "g"
    if potion == BOARD:
        x, y = T.coords[codes.potion_space]
        grid[y][x] = "p"
    return ["".join(r) for r in grid]


def _engine_at(graph: TurnGraph, index: int, faces: list[int]) -> HeroicaGame:
    """The engine at the last turn (L = 40) from turn-start state ``index``, rolls forced."""
    p = graph.codes.position(index)
    return position(_rows(graph.codes, p.mask, p.potion), heroes=(CLASS_ORDER[graph.cls],), places={1: p.space},
                    health={1: p.health}, healing=[1] if p.healing else [], potions={1: int(p.potion == HELD)},
                    crystal=p.crystal, turn=39, rolls=faces)


def _after(game: HeroicaGame, action: int, faces: list[int]) -> HeroicaGame:
    copy = game.clone()
    st = copy.state
    for i, face in enumerate(faces):
        st.chosen[st.rolls + 1 + i] = face
    copy.apply(action)
    return copy


def _same_turn(graph: TurnGraph, node: int, make, faces: list[int]) -> int:
    """Walk the graph from ``node`` and the engine in step; the number of ends compared."""
    kind = graph.kind[node]
    if kind == CHANCE:
        return sum(_same_turn(graph, child, make, [*faces, face])
                   for (face, _), (_, child) in zip(graph.faces, graph.children[node], strict=True))
    game = make(faces)
    st = game.state
    if kind == WIN:
        assert game.is_over and st.winner == 0 and not st.truncated
        return 1
    if kind == LEAF:
        assert game.is_over and st.truncated, game.render()
        assert graph.codes.index(graph.codes.of_game(st)) == graph.leaf[node], game.render()
        return 1
    assert kind == CHOICE and not game.is_over
    assert game.legal_actions() == [a for a, _ in graph.children[node]], (st.pending.kind, game.render())
    return sum(_same_turn(graph, child, lambda fs, a=a: _after(game, a, fs), [])
               for a, child in graph.children[node])


@pytest.mark.parametrize("hero", CLASS_ORDER)
def test_hr6_to_hr28_every_turn_of_the_solver_is_the_engines_turn_under_forced_rolls(hero):
    """For sampled turn-start states (near monsters, every Health, potion and Crystal state), every
    decision of the turn offers the engine's legal actions and every roll sequence and choice
    ends in the state (or the win) the engine reaches: the solver's successor distribution is
    the engine's."""
    graph = TurnGraph(T, hero)
    codes = graph.codes
    rng = random.Random(CLASS_ORDER.index(hero))
    near = [i for i in range(codes.size) if codes.valid(p := codes.position(i))
            and min(int(T.dist[p.space, m]) for m in codes.monster_spaces(p.mask)) <= 2]
    chosen = [codes.index(codes.start()), *rng.sample(near, 150)]
    ends = 0
    for index in chosen:
        ends += _same_turn(graph, graph.root(index), lambda fs, i=index: _engine_at(graph, i, fs), [])
    assert ends > 1000


# ---------------------------------------------------------------- the cache
def test_the_solved_tables_are_cached_by_a_digest_of_the_data(tmp_path, monkeypatch):
    solved = solution("barbarian", progress=False)
    monkeypatch.setenv("HYDRA_ENV_CACHE", str(tmp_path))
    assert _load("barbarian", 40, T) is None
    _save(solved)
    loaded = _load("barbarian", 40, T)
    assert loaded is not None and np.array_equal(loaded.values, solved.values, equal_nan=True)
    assert list(tmp_path.rglob(f"*{data_digest()}.npz"))
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    die = copy / "die.json"
    die.write_text(die.read_text().replace("Heroica die", "Heroica die (edited)"))
    assert data_digest(copy) != data_digest()


def test_the_solver_prints_a_progress_line_and_its_time(corridor, capsys):
    solve(corridor, "wizard", 5)
    assert "solved in" in capsys.readouterr().err


# ---------------------------------------------------------------- the bot
def test_solo_optimal_is_registered_and_checks_its_class():
    assert isinstance(make_bot("solo-optimal", game="heroica"), SoloOptimalBot)
    bot = SoloOptimalBot(hero="wizard")
    game = new_game(seed=0, hero="barbarian")
    with pytest.raises(Exception, match="wizard"):
        bot.act(game.view(0), game.legal_actions())


def test_solo_optimal_breaks_a_tie_by_the_lowest_action_and_prices_a_bad_move(corridor):
    codec = Codec(corridor.n)
    game = HeroicaGame.new(1, heroes=("barbarian",), data=corridor, rolls=["two_skull", "shield"],
                           options=HeroicaOptions(crystal=False))
    bot = SoloOptimalBot()
    assert bot.act(game.view(0), game.legal_actions()) == codec.move_to(2)
    assert regret(game, codec.move_to(0)) > 0.5 and regret(game, codec.move_to(2)) == 0
    game.apply(codec.move_to(2))
    assert game.decision == "SHIELD"           # PLAIN and MELEE both win at once: a tie
    assert bot.act(game.view(0), game.legal_actions()) == codec.plain


@pytest.mark.parametrize("hero", SAMPLED_CLASSES)
def test_hr36_the_optimal_bots_censored_mean_turns_agrees_with_the_solver(hero):
    turns = np.array([play(new_game(seed=g, hero=hero), [SoloOptimalBot()]).censored_turns for g in range(SEEDS)])
    interval = 3 * turns.std(ddof=1) / np.sqrt(SEEDS)
    assert abs(turns.mean() - solution(hero).start_value()) < interval


@pytest.mark.parametrize("hero", SAMPLED_CLASSES)
def test_hr36_no_bot_beats_the_optimum_on_the_same_seeds(hero):
    def mean(make) -> float:
        return float(np.mean([play(new_game(seed=g, hero=hero), [make(g)]).censored_turns for g in range(SEEDS)]))

    best = mean(lambda g: SoloOptimalBot())
    assert mean(GreedyBot) >= best and mean(HeuristicBot) >= best
    assert mean(lambda g: make_bot("random", game="heroica", seed=g)) > best + 10
