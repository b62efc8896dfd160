"""The shipped race policy ``ppo:heroica-race`` (issue 25, item 4): it loads by name, plays whole
4-seat races with legal actions only, and plays as the teacher it imitated
(``heuristic:spare=true``) at nearly every decision with a choice."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")

from hydra_env.envs.bots import make_bot  # noqa: E402
from hydra_env.games.heroica.spec import new_game  # noqa: E402


def test_the_race_policy_plays_whole_races_legally_and_as_its_teacher_at_nearly_every_choice():
    policy = make_bot("ppo:heroica-race", game="heroica", seed=0)
    teacher = make_bot("heuristic:spare=true", game="heroica", seed=0)
    crowd = make_bot("heuristic", game="heroica", seed=0)
    choices = agree = 0
    for seed in range(12):
        game, seat = new_game(seed=seed, num_players=4, mode="race"), seed % 4
        while not game.is_over:
            turn, legal = game.current_player, game.legal_actions()
            view = game.view(turn)
            if turn != seat:
                game.apply(crowd.act(view, legal))
                continue
            action = policy.act(view, legal)
            assert action in legal
            if len(legal) > 1:
                choices += 1
                agree += action == teacher.act(view, legal)
            game.apply(action)
        assert game.result().winner is not None
    assert choices > 40 and agree >= 0.97 * choices
