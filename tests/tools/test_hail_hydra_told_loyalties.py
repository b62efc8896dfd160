"""benchmarks/hail_hydra_told_loyalties.py: the same SHIELD team plays each deal as the team
match does and again told every seat's loyalty; only the SHIELD seats are told, the untold
games are the team match's own, and bad arguments are refused before any game."""

from __future__ import annotations

import pytest
from helpers.benchmarks import assert_refused, load_benchmark

from hydra_env.envs.bots import make_bot
from hydra_env.games.hail_hydra.belief import private_belief
from hydra_env.games.hail_hydra.bots import DeduceBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import play_game
from hydra_env.games.hail_hydra.game import new_game

load_benchmark("hail_hydra_split_team")              # the benchmark takes its arguments from it
told = load_benchmark("hail_hydra_told_loyalties")


def test_the_untold_games_are_the_team_matchs_games_on_the_same_seeds():
    plain = [told.shield_won(seed, 6, "deduce", "saboteur", False) for seed in range(6)]
    assert plain == [play_game(seed, 6, DeduceBot, SaboteurBot, {}).result().outcome == "shield"
                     for seed in range(6)]


def test_only_the_shield_seats_are_told_and_their_belief_is_the_truth(monkeypatch):
    seen: list[tuple[int, list[int], list[float], bool]] = []

    class Spy:
        def __init__(self, name: str, seed: int) -> None:
            self.bot, self.seed = make_bot(name, game="hail_hydra", seed=seed), seed

        def act(self, view, legal):
            info = view.info
            seen.append((info["seat"], list(info["known_loyalty"]), private_belief(info).marginals(),
                         hasattr(view, "observe")))          # the game's own view, not a told copy
            return self.bot.act(view, legal)

    monkeypatch.setattr(told, "make_bot", lambda name, game, seed: Spy(name, seed))
    told.shield_won(3, 7, "deduce", "saboteur", True)
    truth = list(new_game(seed=3, num_players=7).state.loyalty)
    shield = [entry for entry in seen if not truth[entry[0]]]
    hydra = [entry for entry in seen if truth[entry[0]]]
    assert shield and hydra
    assert all(known == truth and [round(p) for p in belief] == truth and not own_view
               for _, known, belief, own_view in shield)
    assert all(own_view for *_, own_view in hydra)       # HYDRA seats play their own views


def test_being_told_changes_some_deals_at_seven_players():
    row = told.compare("deduce", "saboteur", 7, 30, 0)
    assert row["difference"]["n"] == 30
    assert row["told"] != row["plain"] or row["difference"]["std"] > 0


@pytest.mark.parametrize("argv, message", [
    (["--players", "4"], "Hail Hydra is played by 5 to 8"),
    (["--games", "0"], "--games must be at least 1"),
    (["--agent", "random"], "--agent random: only a scripted bot of the game (loyal, deduce) can be told"),
    (["--hydra", "nobody"], "nobody"),
])
def test_bad_arguments_are_refused_naming_the_fix(argv, message, capsys):
    assert_refused(told.main, argv, message, capsys)
