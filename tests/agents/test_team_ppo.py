"""Team PPO (agents.train.team_rollout, agents.train.team_ppo): every seat of the learning
team is the policy, each learning seat's trajectory ends with the team's reward, and the
update moves the policy towards the actions with positive advantage."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch

import hydra_env  # noqa: F401  (registers the envs)
from agents.train import team_ppo, team_rollout
from agents.train.average import WeightAverage, swapped_in
from agents.train.team_rollout import GameBatch, Trajectory
from hydra_env.envs.bots import make_bot


class _FirstLegal:
    """A stand-in policy: the lowest legal action, log-probability 0, value 0.25."""

    device = "cpu"

    def __call__(self, obs, deterministic=False, action_masks=None):
        actions = torch.as_tensor(np.argmax(action_masks, axis=1))
        n = len(actions)
        return actions, torch.full((n, 1), 0.25), torch.zeros(n)


def _saboteurs(rng, seed):
    return make_bot("saboteur", game="hail_hydra", seed=seed)


def _shield(rng, count):
    return 0


def test_hh36_teams_are_the_shield_seats_then_the_hydra_seats() -> None:
    core = gym.make("hydra_env/HailHydra-v0", num_players=7).unwrapped
    for seed in range(5):
        game = core.deal(seed)
        shield, hydra = core.teams(game)
        assert sorted(shield + hydra) == list(range(7))
        assert all(game.state.loyalty[s] == 0 for s in shield) and all(game.state.loyalty[s] == 1 for s in hydra)
        assert len(hydra) == 3                                   # the loyalty table's 7-player row


def test_a_game_without_teams_has_every_seat_alone() -> None:
    core = gym.make("hydra_env/Heroica-v0", num_players=3, reward="win_loss").unwrapped
    assert core.teams(core.deal(0)) == [[0], [1], [2]]


def test_every_learning_seat_of_a_game_ends_with_the_team_reward() -> None:
    core = gym.make("hydra_env/HailHydra-v0", num_players=6).unwrapped
    seeds = [11, 12, 13]
    played = team_rollout.play_games(_FirstLegal(), core, seeds, _shield, _saboteurs)
    trajectories, team_rewards = played.trajectories, played.team_rewards
    assert played.learner_teams == [0, 0, 0] and played.players == [6, 6, 6]
    for g, seed in enumerate(seeds):
        shield = core.teams(core.deal(seed))[0]
        mine = [t for t in trajectories if t.game == g]
        assert sorted(t.seat for t in mine) == shield
        assert {t.reward for t in mine} == {team_rewards[g]} and team_rewards[g] in (1.0, -1.0)
        assert sum(len(t.steps) for t in mine) > 10
        assert all(step[1].sum() > 1 and step[1][step[2]] for t in mine for step in t.steps)
    again = team_rollout.play_games(_FirstLegal(), core, seeds, _shield, _saboteurs)
    assert again.team_rewards == team_rewards
    assert [[s[2] for s in t.steps] for t in again.trajectories] == [[s[2] for s in t.steps] for t in trajectories]


def test_gae_of_an_end_reward_matches_the_hand_computation() -> None:
    trajectory = Trajectory(0, 0, [(np.zeros(1), np.ones(2, bool), 0, 0.0, 0.5, -1),
                                   (np.zeros(1), np.ones(2, bool), 1, 0.0, 0.2, -1)], reward=1.0)
    adv, returns = team_rollout.advantages(trajectory, gamma=1.0, lam=0.5)
    # last step: 1 - 0.2 = 0.8; first: (0 + 0.2 - 0.5) + 0.5 * 0.8 = 0.1
    assert adv == pytest.approx([0.1, 0.8])
    assert returns == pytest.approx([0.6, 1.0])


def _model_at_a_choice():
    """A fresh MaskablePPO on Heroica and the first position with two or more legal actions."""
    from sb3_contrib import MaskablePPO
    env = gym.make("hydra_env/Heroica-v0", num_players=2, reward="win_loss", opponents=["greedy"])
    model = MaskablePPO("MlpPolicy", env, seed=0, device="cpu")
    obs, info = env.reset(seed=0)
    mask = np.asarray(info["action_mask"], bool)
    while mask.sum() < 2:
        obs, _, _, _, info = env.step(int(np.flatnonzero(mask)[0]))
        mask = np.asarray(info["action_mask"], bool)
    return model, obs, mask


def test_ppo_update_raises_the_action_with_positive_advantage() -> None:
    model, obs, mask = _model_at_a_choice()
    good, bad = (int(a) for a in np.flatnonzero(mask)[:2])

    def probabilities():
        dist = model.policy.get_distribution(torch.as_tensor(obs[None]), action_masks=mask[None])
        return dist.distribution.probs[0].detach().numpy()

    before = probabilities()
    n = 64
    actions = np.array([good, bad] * (n // 2))
    observations, masks = np.repeat(obs[None], n, 0).astype(np.float32), np.repeat(mask[None], n, 0)
    with torch.no_grad():
        _, log_probs, _ = model.policy.evaluate_actions(torch.as_tensor(observations), torch.as_tensor(actions),
                                                        action_masks=masks)
    batch = GameBatch(obs=observations, masks=masks, actions=actions, log_probs=log_probs.numpy().astype(np.float32),
                      values=np.zeros(n, np.float32),
                      advantages=np.where(actions == good, 1.0, -1.0).astype(np.float32),
                      returns=np.zeros(n, np.float32), labels=np.full(n, -1), team_rewards=[0.0], learner_teams=[0])
    settings = team_ppo.Settings(learning_rate=1e-3, epochs=2, batch_size=32, target_kl=0.0)
    stats = team_ppo.ppo_update(model.policy, batch, settings, np.random.default_rng(0))
    after = probabilities()
    assert after[good] > before[good] and after[bad] < before[bad]
    assert stats["epochs"] == 2 and stats["clipped"] >= 0.0


def test_a_teacher_labels_every_kept_decision_with_its_own_legal_choice() -> None:
    core = gym.make("hydra_env/HailHydra-v0", num_players=5).unwrapped
    seeds = [21, 22]
    plain = team_rollout.play_games(_FirstLegal(), core, seeds, _shield, _saboteurs)
    taught = team_rollout.play_games(_FirstLegal(), core, seeds, _shield, _saboteurs,
                                     make_teacher=lambda seed: make_bot("loyal", game="hail_hydra", seed=seed))
    assert all(step[5] == -1 for t in plain.trajectories for step in t.steps)
    labels = [(step[1], step[5]) for t in taught.trajectories for step in t.steps]
    assert labels and all(mask[label] for mask, label in labels)      # a legal action at every decision
    assert taught.team_rewards == plain.team_rewards                    # the policy's choices are played


def test_a_teacher_restricted_to_some_decisions_labels_those_and_no_other() -> None:
    core = gym.make("hydra_env/HailHydra-v0", num_players=5).unwrapped
    spec = core.game_spec
    kinds = []

    def make_teacher(seed):
        loyal = make_bot("loyal", game="hail_hydra", seed=seed)
        teacher = team_ppo.DecisionTeacher(loyal, spec.decision_kind, ["play", "claim"])

        class Recording:
            def act(self, view, legal):
                label = teacher.act(view, legal)
                kinds.append((spec.decision_kind(view), label))
                return label
        return Recording()
    taught = team_rollout.play_games(_FirstLegal(), core, [21, 22], _shield, _saboteurs, make_teacher=make_teacher)
    labels = [step[5] for t in taught.trajectories for step in t.steps]
    named = {kind for kind, _ in kinds}
    assert {"play", "claim"} <= named and named - {"play", "claim"}
    assert all((label >= 0) == (kind in ("play", "claim")) for kind, label in kinds)
    assert sorted(labels) == sorted(label for _, label in kinds)     # every kept decision asked once


def test_the_teacher_term_raises_the_teachers_action_where_the_reward_says_nothing() -> None:
    model, obs, mask = _model_at_a_choice()
    taught = int(np.flatnonzero(mask)[1])
    n = 64
    observations, masks = np.repeat(obs[None], n, 0).astype(np.float32), np.repeat(mask[None], n, 0)
    actions = np.full(n, int(np.flatnonzero(mask)[0]))

    def probability() -> float:
        dist = model.policy.get_distribution(torch.as_tensor(obs[None]), action_masks=mask[None])
        return float(dist.distribution.probs[0, taught].detach())

    with torch.no_grad():
        _, log_probs, _ = model.policy.evaluate_actions(torch.as_tensor(observations), torch.as_tensor(actions),
                                                        action_masks=masks)
    batch = GameBatch(obs=observations, masks=masks, actions=actions, log_probs=log_probs.numpy().astype(np.float32),
                      values=np.zeros(n, np.float32), advantages=np.zeros(n, np.float32),
                      returns=np.zeros(n, np.float32), labels=np.full(n, taught), team_rewards=[0.0],
                      learner_teams=[0])
    before = probability()
    stats = team_ppo.ppo_update(model.policy, batch, team_ppo.Settings(learning_rate=1e-3, epochs=2, batch_size=32,
                                                                       target_kl=0.0, teacher_coef=1.0),
                                np.random.default_rng(0))
    assert probability() > before + 0.01 and stats["teacher_loss"] > 0.0
    batch.labels[: n // 2] = -1                                      # half the decisions unlabelled
    stats = team_ppo.ppo_update(model.policy, batch, team_ppo.Settings(learning_rate=1e-3, epochs=1, batch_size=32,
                                                                       target_kl=0.0, teacher_coef=1.0),
                                np.random.default_rng(0))
    assert stats["teacher_loss"] > 0.0                               # the labelled half still teaches
    batch.labels[:] = -1                                             # collected without a teacher
    with pytest.raises(ValueError, match="no teacher's labels"):
        team_ppo.ppo_update(model.policy, batch, team_ppo.Settings(teacher_coef=1.0), np.random.default_rng(0))


def test_the_weight_average_is_the_mean_of_the_iterates_and_swaps_back() -> None:
    network = torch.nn.Linear(3, 2)
    iterates = [network.weight.detach().clone()]
    average = WeightAverage(network.state_dict())
    for step in (1.0, -3.0):
        with torch.no_grad():
            network.weight += step
        iterates.append(network.weight.detach().clone())
        average.add(network.state_dict())
    latest = network.weight.detach().clone()
    with swapped_in(network, average.mean):
        assert torch.allclose(network.weight, sum(iterates) / 3)
    assert torch.equal(network.weight, latest)                      # training goes on from the latest


def test_an_averaged_run_saves_the_mean_of_its_iterates(tmp_path, monkeypatch) -> None:
    from sb3_contrib import MaskablePPO
    env = gym.make("hydra_env/Heroica-v0", num_players=2, reward="win_loss", opponents=["greedy"])
    model = MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [16]})
    key = "action_net.weight"
    iterates = [model.policy.state_dict()[key].clone()]
    update = team_ppo.ppo_update

    def recording_update(*args, **kwargs):
        stats = update(*args, **kwargs)
        iterates.append(model.policy.state_dict()[key].clone())
        return stats
    monkeypatch.setattr(team_ppo, "ppo_update", recording_update)
    settings = team_ppo.Settings(games=3, rollouts=2, eval_every=2, eval_games=2, batch_size=64,
                                 learning_rate=1e-2, average=True)
    team_ppo.train(model, env.unwrapped, settings, [0, 1], ["greedy"], tmp_path / "run")
    saved = MaskablePPO.load(tmp_path / "run" / "model_002.zip", device="cpu").policy.state_dict()[key]
    assert torch.allclose(saved, sum(iterates) / 3, atol=1e-6)
    assert not torch.allclose(saved, iterates[-1])
    assert torch.equal(model.policy.state_dict()[key], iterates[-1])


@pytest.mark.parametrize("argv, message", [
    (["--init", "no/such.zip", "--out", "OUT"], "--init no/such.zip: no such policy file"),
    (["--init", "X", "--out", "OUT", "--games", "0"], "--games must be at least 1, got 0"),
    (["--init", "X", "--out", "OUT", "--learning-rate", "-1"], "--learning-rate must be at least 0"),
    (["--init", "X", "--out", "OUT", "--gamma", "0"], "--gamma must lie in (0, 1]"),
    (["--init", "X", "--out", "OUT", "--teacher", "deduce"], "--teacher and --teacher-coef go together"),
    (["--init", "X", "--out", "OUT", "--teacher-coef", "0.5"], "--teacher and --teacher-coef go together"),
    (["--init", "X", "--out", "OUT", "--games", "10", "--group", "4"], "--games 10 must be a multiple of --group 4"),
    (["--init", "X", "--out", "OUT", "--group", "2", "--team-critic"], "--group and --team-critic are two baselines"),
    (["--init", "X", "--out", "OUT", "--env-kwargs", "[5, 6]"], "--env-kwargs must be a JSON object"),
    (["--init", "X", "--out", "OUT", "--teacher-decisions", "play"], "--teacher-decisions restricts a teacher"),
    (["--init", "X", "--out", "OUT", "--env-kwargs", "{player_counts: 5}"], "--env-kwargs is not JSON"),
])
def test_team_ppo_command_refuses_bad_arguments_naming_the_fix(argv, message, tmp_path, capsys) -> None:
    from agents.train import team_ppo_command
    argv = [str(tmp_path / a) if a in ("OUT",) else a for a in argv]
    assert team_ppo_command.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("team_ppo: error: ") and message in err
    assert not (tmp_path / "OUT").exists()


def test_team_ppo_command_refuses_decisions_the_game_does_not_name(tmp_path, capsys) -> None:
    from agents.train import team_ppo_command
    argv = ["--out", str(tmp_path / "o"), "--teacher", "greedy", "--teacher-coef", "1", "--teacher-decisions", "play"]
    assert team_ppo_command.main(["--init", "agents/policies/heroica-solo.zip", *argv]) == 2
    assert "the game 'heroica' names no kinds of decision" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_team_ppo_command_refuses_a_team_the_game_does_not_have(tmp_path, capsys) -> None:
    from agents.train import team_ppo_command
    policy = "agents/policies/heroica-solo.zip"
    code = team_ppo_command.main(["--init", policy, "--out", str(tmp_path / "o"), "--learner-teams", "1"])
    assert code == 2
    assert "--learner-teams [1]: the game has 1 teams, numbered 0 to 0" in capsys.readouterr().err


def test_team_ppo_command_passes_env_kwargs_to_the_env_it_trains_in(tmp_path, capsys) -> None:
    from agents.train import team_ppo_command
    policy = "agents/policies/heroica-solo.zip"
    code = team_ppo_command.main(["--init", policy, "--out", str(tmp_path / "o"), "--env-kwargs", '{"bogus": 1}'])
    assert code == 2
    assert "has no parameter 'bogus'" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_team_ppo_run_writes_its_logs_plot_and_models(tmp_path) -> None:
    import csv
    import json

    from sb3_contrib import MaskablePPO
    env = gym.make("hydra_env/Heroica-v0", num_players=2, reward="win_loss", opponents=["greedy"])
    model = MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [16]})
    settings = team_ppo.Settings(games=3, rollouts=2, eval_every=1, eval_games=2, batch_size=64)
    best = team_ppo.train(model, env.unwrapped, settings, [0, 1], ["greedy"], tmp_path / "run", {"init": "fresh"})
    run = tmp_path / "run"
    rows = list(csv.DictReader(open(run / "progress.csv")))
    assert [int(r["rollout"]) for r in rows] == [1, 2] and all(int(r["decisions"]) > 0 for r in rows)
    evals = list(csv.DictReader(open(run / "eval.csv")))
    assert [int(r["rollout"]) for r in evals] == [0, 1, 2]
    assert all(0.0 <= float(r["win_share"]) <= 1.0 for r in evals)
    assert (run / "eval.png").stat().st_size > 1000
    assert json.loads((run / "team_ppo.json").read_text())["init"] == "fresh"
    assert best == run / "best_model.zip" and best.is_file() and (run / "model_002.zip").is_file()


def test_learning_rate_falls_linearly_to_the_final_rate_only_when_one_is_given() -> None:
    constant = team_ppo.Settings(learning_rate=1e-4, rollouts=10)
    assert [team_ppo.learning_rate(constant, r) for r in (0, 5, 9)] == [1e-4] * 3
    falling = team_ppo.Settings(learning_rate=1e-4, final_learning_rate=0.0, rollouts=10)
    assert [team_ppo.learning_rate(falling, r) for r in (0, 5, 10)] == pytest.approx([1e-4, 5e-5, 0.0])


def _tiny_race_model():
    from sb3_contrib import MaskablePPO
    env = gym.make("hydra_env/Heroica-v0", num_players=2, reward="win_loss", opponents=["greedy"])
    return MaskablePPO("MlpPolicy", env, seed=0, device="cpu", policy_kwargs={"net_arch": [16]}), env.unwrapped


def _without_seconds(path) -> list[list[str]]:
    import csv
    rows = list(csv.reader(open(path)))
    cut = rows[0].index("seconds") if "seconds" in rows[0] else len(rows[0])
    return [row[:cut] for row in rows]


@pytest.mark.parametrize("average", [False, True])
def test_a_resumed_run_ends_as_the_run_that_never_stopped(tmp_path, monkeypatch, average) -> None:
    settings = team_ppo.Settings(games=3, rollouts=3, eval_every=2, eval_games=2, batch_size=64, average=average)
    model, core = _tiny_race_model()
    team_ppo.train(model, core, settings, [0, 1], ["greedy"], tmp_path / "whole")
    whole = {k: v.clone() for k, v in model.policy.state_dict().items()}

    model, core = _tiny_race_model()
    calls = {"n": 0}
    real_collect = team_ppo.collect

    def stop_at_the_third_rollout(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real_collect(*args, **kwargs)
    monkeypatch.setattr(team_ppo, "collect", stop_at_the_third_rollout)
    with pytest.raises(KeyboardInterrupt):
        team_ppo.train(model, core, settings, [0, 1], ["greedy"], tmp_path / "split")
    monkeypatch.setattr(team_ppo, "collect", real_collect)
    model, core = _tiny_race_model()                     # a new process: the initial policy again
    team_ppo.train(model, core, settings, [0, 1], ["greedy"], tmp_path / "split", resume=True)

    resumed = model.policy.state_dict()
    assert all(torch.equal(resumed[k], whole[k]) for k in whole)
    for name in ("progress.csv", "eval.csv"):
        assert _without_seconds(tmp_path / "split" / name) == _without_seconds(tmp_path / "whole" / name)
    for name in ("model_002.zip", "model_003.zip", "best_model.zip"):
        assert (tmp_path / "split" / name).is_file()


def test_team_ppo_command_resumes_with_the_recorded_arguments_only(tmp_path, capsys) -> None:
    from agents.train import team_ppo_command
    run = tmp_path / "run"
    code = team_ppo_command.main(["--resume", str(run)])
    assert code == 2 and "no team PPO run there with its arguments recorded" in capsys.readouterr().err
    code = team_ppo_command.main(["--resume", str(run), "--games", "4"])
    assert code == 2 and "--resume takes no other argument" in capsys.readouterr().err
    code = team_ppo_command.main(["--games", "4"])
    assert code == 2 and "--init and --out are required" in capsys.readouterr().err


def test_team_ppo_command_resumes_a_run_it_started(tmp_path) -> None:
    import csv
    import json

    from agents.train import team_ppo_command
    run = tmp_path / "run"
    argv = ["--init", "agents/policies/heroica-solo.zip", "--out", str(run), "--opponents", "greedy",
            "--games", "2", "--rollouts", "2", "--eval-every", "1", "--eval-games", "2",
            "--env-kwargs", '{"hero": "wizard"}']
    assert team_ppo_command.main(argv) == 0
    assert json.loads((run / "team_ppo.json").read_text())["argv"] == argv
    before = (run / "checkpoint.pt").read_bytes()
    assert team_ppo_command.main(["--resume", str(run)]) == 0     # a finished run: its last evaluation again
    assert [int(r["rollout"]) for r in csv.DictReader(open(run / "progress.csv"))] == [1, 2]
    assert [int(r["rollout"]) for r in csv.DictReader(open(run / "eval.csv"))] == [0, 1, 2]
    assert (run / "checkpoint.pt").read_bytes() == before


def test_an_interrupted_team_ppo_command_says_how_to_go_on(tmp_path, monkeypatch, capsys) -> None:
    from agents.train import team_ppo_command

    def interrupted(*args, **kwargs):
        (tmp_path / "run").mkdir()
        (tmp_path / "run" / "checkpoint.pt").write_bytes(b"")
        raise KeyboardInterrupt
    monkeypatch.setattr(team_ppo_command, "train", interrupted)
    code = team_ppo_command.main(["--init", "agents/policies/heroica-solo.zip", "--out", str(tmp_path / "run")])
    assert code == 130
    assert f"interrupted; go on with: python -m agents.train.team_ppo --resume {tmp_path / 'run'}" in \
        capsys.readouterr().err


def test_a_damaged_checkpoint_is_refused_naming_the_file(tmp_path) -> None:
    from agents.train import team_checkpoint
    from hydra_env.errors import ConfigError
    model, core = _tiny_race_model()
    (tmp_path / "checkpoint.pt").write_bytes(b"not a checkpoint")
    with pytest.raises(ConfigError, match="checkpoint.pt cannot be read as a team PPO checkpoint"):
        team_checkpoint.restore(tmp_path, model.policy, np.random.default_rng(0))
    with pytest.raises(ConfigError, match="has no checkpoint.pt"):
        team_checkpoint.restore(tmp_path / "none", model.policy, np.random.default_rng(0))
