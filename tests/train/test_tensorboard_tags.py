"""TensorBoard as SB3 users expect it (agents.train.tb_log): the tags of a ``--quick`` run read
back from its event files, and the game's score of a finished episode read from the env's info."""

from __future__ import annotations

import json
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("tensorboard")

from tensorboard.backend.event_processing.event_accumulator import EventAccumulator  # noqa: E402
from tensorboard.plugins.hparams import plugin_data_pb2  # noqa: E402

from agents import cli  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.game_hooks import game_of_env, train_env_ids, train_hooks  # noqa: E402
from agents.train.tb_log import episode_score  # noqa: E402
from hydra_env.api.registry import game_names  # noqa: E402


def _events(folder: Path) -> EventAccumulator:
    acc = EventAccumulator(str(folder), size_guidance={"scalars": 0, "tensors": 0})
    acc.Reload()
    return acc


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``hydra-env train --quick`` run of the default config (imitation, PPO, evaluations)."""
    runs = tmp_path_factory.mktemp("runs")
    assert cli.main(["train", "--quick", "--runs-dir", str(runs), "--set", "progress_bar=false",
                     "--set", "final_eval_games=2", "--workers", "1"]) == 0
    (run,) = trainer.run_folders(runs)
    return run


def test_imitation_metrics_have_their_own_run_with_epochs_as_steps(quick_run: Path) -> None:
    config = load_config(quick_run / "config.yaml")
    assert config.bc_teacher, "the default config imitates a teacher"
    bc = _events(quick_run / "tb" / "imitation")
    for tag in ("bc/loss", "bc/accuracy"):
        assert [e.step for e in bc.Scalars(tag)] == list(range(1, config.bc_epochs + 1))
    ppo = _events(quick_run / "tb" / "ppo_1")
    assert not [t for t in ppo.Tags()["scalars"] if t.startswith("bc/")]


def test_periodic_evaluations_log_sb3_tags_beside_the_games_own(quick_run: Path) -> None:
    ppo = _events(quick_run / "tb" / "ppo_1")
    scalars = set(ppo.Tags()["scalars"])
    own = set(json.loads((quick_run / "best.json").read_text())) - {"metric", "timesteps"}
    assert own and own <= scalars                        # the game's measures, as its hooks name them
    eval_steps = [e.step for e in ppo.Scalars(sorted(own)[0])]
    for tag in ("eval/mean_reward", "eval/mean_ep_length"):
        assert [e.step for e in ppo.Scalars(tag)] == eval_steps     # at every periodic evaluation
    assert all(e.value >= 1 for e in ppo.Scalars("eval/mean_ep_length"))
    assert {"rollout/ep_rew_mean", "rollout/ep_score_mean"} <= scalars
    # The game's score per training episode is its own curve, not the (shaped) reward's.
    assert [e.value for e in ppo.Scalars("rollout/ep_score_mean")] != \
        [e.value for e in ppo.Scalars("rollout/ep_rew_mean")]


def test_the_resolved_config_is_logged_as_text_and_hparams(quick_run: Path) -> None:
    ppo = _events(quick_run / "tb" / "ppo_1")
    (text,) = ppo.Tensors("config/text_summary")
    written = text.tensor_proto.string_val[0].decode()
    assert [line.strip() for line in written.splitlines()] == \
        [line.strip() for line in (quick_run / "config.yaml").read_text().splitlines()]
    content = ppo.PluginTagToContent("hparams")
    start = plugin_data_pb2.HParamsPluginData.FromString(content["_hparams_/session_start_info"])
    config = load_config(quick_run / "config.yaml")
    hparams = start.session_start_info.hparams
    assert hparams["learning_rate"].number_value == pytest.approx(config.learning_rate)
    assert hparams["n_steps"].number_value == config.n_steps
    assert json.loads(hparams["net_arch"].string_value) == config.net_arch
    experiment = plugin_data_pb2.HParamsPluginData.FromString(content["_hparams_/experiment"])
    metrics = {m.name.tag for m in experiment.experiment.metric_infos}
    assert "eval/mean_reward" in metrics and metrics <= set(ppo.Tags()["scalars"])


def _random_episode_end(env_id: str) -> dict:
    env = gym.make(env_id)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            env.close()
            return info


@pytest.mark.parametrize("env_id", train_env_ids())
def test_episode_score_is_the_learning_seats_score_in_the_end_info(env_id: str) -> None:
    info = _random_episode_end(env_id)
    score = episode_score(game_of_env(env_id), info)
    result = info["result"]
    if "score" in info:                                  # the env reports the seat's score itself
        assert score == float(info["score"] or 0)
    elif "seat" in info or len(result.get("scores") or ()) == 1:
        assert score == float(result["scores"][info.get("seat", 0)])
    else:
        assert score is None, "no seat in the info: the score cannot be told"


def test_episode_score_is_none_before_the_end_and_reads_the_seat() -> None:
    generic = [g for g in game_names() if not hasattr(train_hooks(g), "episode_score")]
    if not generic:
        pytest.skip("every game gives its own episode_score")
    game = generic[0]
    assert episode_score(game, {"action_mask": np.ones(3)}) is None
    assert episode_score(game, {"result": {"scores": [5, 9, 2]}, "seat": 1}) == 9.0
    assert episode_score(game, {"result": {"scores": [5, 9, 2]}}) is None     # whose score?
    assert episode_score(game, {"result": {"scores": [4]}}) == 4.0             # one seat
    assert episode_score(game, {"result": {}, "score": None}) == 0.0           # no score: 0
