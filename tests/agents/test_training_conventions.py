"""Training conventions (issue 10, item 7): SB3's rollout metrics and the imitation
metrics in TensorBoard; policies that carry the env they need (make_env_for, a clear
error next to a mismatched env); a final report that says which model it evaluated."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import pickle
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402

from agents.ppo_bot import POLICY_DIR  # noqa: E402
from agents.train import export, trainer  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from hydra_env.envs import policy_env  # noqa: E402
from hydra_env.envs.policy_env import (  # noqa: E402
    PolicyBox,
    PolicyDict,
    find_policy,
    make_env_for,
    record_env_args,
    recorded_env_args,
)
from hydra_env.errors import ConfigError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# Shorter than the first periodic evaluation (eval_freq): the warm start is evaluated
# at step 0 as a baseline, and the final report must evaluate the final model.
TINY = ["total_timesteps=512", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
        "net_arch=[16]", "features_dim=16", "eval_freq=100000", "eval_games=2",
        "checkpoint_freq=0", "final_eval_games=2", "progress_bar=false", "bc_games=2",
        "bc_epochs=2", "bc_workers=1"]


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    """One tiny warm-started run of the default solo config (about 10 s)."""
    config = load_config(ROOT / "configs" / "solo_ppo.yaml", TINY)
    run = trainer.prepare_run(config, tmp_path_factory.mktemp("runs"))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        trainer.train(config, run, workers=1)
    return SimpleNamespace(config=config, run=run, printed=printed.getvalue())


def _scalars(run: Path) -> dict[str, dict[str, list[float]]]:
    """TensorBoard run folder → tag → values."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    out: dict[str, dict[str, list[float]]] = {}
    for events in (run / "tb").rglob("events.out.tfevents*"):
        acc = EventAccumulator(str(events))
        acc.Reload()
        tags = out.setdefault(events.parent.name, {})
        for tag in acc.Tags()["scalars"]:
            tags.setdefault(tag, []).extend(e.value for e in acc.Scalars(tag))
    return out


def _play(env: Any, model: Any, seed: int) -> dict[str, Any]:
    """One whole game of ``model`` in ``env``; every action is in the mask."""
    obs, info = env.reset(seed=seed)
    while True:
        mask = info["action_mask"]
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        obs, _, terminated, truncated, info = env.step(int(action))
        if terminated or truncated:
            return info


def _shipped_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry point agents declares: shipped = "agents.policies" (group hydra_env.policies)."""
    from importlib.metadata import EntryPoint
    shipped = EntryPoint(name="shipped", value="agents.policies", group=policy_env.POLICY_GROUP)
    monkeypatch.setattr(policy_env, "entry_points",
                        lambda group: [shipped] if group == policy_env.POLICY_GROUP else [])


# ------------------------------------------------------------------ TensorBoard

def test_tensorboard_run_gets_rollout_and_imitation_metrics(tiny_run: SimpleNamespace) -> None:
    runs = _scalars(tiny_run.run)
    assert sorted(runs) == ["imitation", "ppo_1"]   # the warm start on its own axis, then PPO
    tags, bc = runs["ppo_1"], runs["imitation"]
    for tag in ("rollout/ep_rew_mean", "rollout/ep_len_mean", "eval/solo_score_mean", "train/loss"):
        assert tag in tags, tag
    assert len(bc["bc/loss"]) == tiny_run.config.bc_epochs      # one point per epoch
    assert all(0.0 <= a <= 1.0 for a in bc["bc/accuracy"])
    assert all(length > 10 for length in tags["rollout/ep_len_mean"])  # whole solo games


# ------------------------------------------------------------------ final report

def test_run_shorter_than_the_first_evaluation_reports_the_final_model(
        tiny_run: SimpleNamespace) -> None:
    run = tiny_run.run
    summary = json.loads((run / "eval" / "summary.json").read_text())
    assert summary["evaluated_model"] == {"model": "final", "timesteps": 512,
                                          "file": "final_model.zip"}
    assert summary["config"]["agent"].endswith("final_model.zip")
    assert "final report: the final model at step 512" in tiny_run.printed
    # The step-0 evaluation of the warm start is a baseline, never the best model.
    assert not (run / "best.json").exists()
    assert summary["n_games"] == 2


def test_final_report_takes_the_best_of_the_periodic_evaluations(tmp_path: Path) -> None:
    (tmp_path / "status.json").write_text(json.dumps({"timesteps": 2048}))
    (tmp_path / "best_model.zip").write_bytes(b"")
    (tmp_path / "best.json").write_text(json.dumps({"metric": 70.0, "timesteps": 1024}))
    assert trainer.evaluated_model(tmp_path) == {"model": "best", "timesteps": 1024,
                                                 "file": "best_model.zip"}
    # A best.json of a step-0 (untrained warm start) evaluation does not count.
    (tmp_path / "best.json").write_text(json.dumps({"metric": 90.0, "timesteps": 0}))
    assert trainer.evaluated_model(tmp_path)["model"] == "final"


# ------------------------------------------------------------------ env arguments

def test_saved_models_record_their_env_arguments(tiny_run: SimpleNamespace) -> None:
    env_id, kwargs = trainer.recorded_env_args(tiny_run.config)
    assert (env_id, kwargs) == ("hydra_env/Solo-v0", {"scenario": 10, "stars": 1,
                                                      "reward": "shaped", "flatten": True,
                                                      "candidates": 144})
    for source in (tiny_run.run / "final_model.zip", tiny_run.run):   # the zip, the run folder
        assert recorded_env_args(source) == (env_id, kwargs)
    model = MaskablePPO.load(tiny_run.run / "final_model.zip",
                             env=make_env_for(tiny_run.run / "final_model.zip"))
    assert isinstance(model.observation_space, PolicyDict)
    assert model.observation_space.env_kwargs == kwargs


def test_export_records_the_env_in_the_provenance_and_the_zip(tiny_run: SimpleNamespace,
                                                              tmp_path: Path) -> None:
    import yaml
    path = export.export_policy(tiny_run.run, "tiny", "hydra-env train X", target=tmp_path)
    recorded = yaml.safe_load(path.with_suffix(".yaml").read_text())
    expected = trainer.recorded_env_args(tiny_run.config)
    assert (recorded["env"]["id"], recorded["env"]["kwargs"]) == expected
    assert recorded_env_args(path) == recorded_env_args(path.with_suffix(".yaml")) == expected
    assert recorded["final_report"]["evaluated_model"]["model"] == "final"


def test_export_of_a_fine_tune_ships_its_model_and_records_its_run(tiny_run: SimpleNamespace,
                                                                    tmp_path: Path) -> None:
    import yaml
    team = tmp_path / "team"
    team.mkdir()
    shutil.copy(tiny_run.run / "final_model.zip", team / "best_model.zip")
    (team / "team_ppo.json").write_text(json.dumps({"init": "runs/x/final_model.zip", "learner_teams": [0]}))
    (team / "eval.csv").write_text("rollout,win_share\n0,0.25\n10,0.5\n")
    path = export.export_policy(tiny_run.run, "tuned", "hydra-env train X; team_ppo", target=tmp_path / "out",
                                fine_tune=team)
    recorded = yaml.safe_load(path.with_suffix(".yaml").read_text())
    assert recorded["fine_tune"]["init"] == "runs/x/final_model.zip"
    assert recorded["fine_tune"]["evaluations"] == [{"rollout": 0.0, "win_share": 0.25},
                                                    {"rollout": 10.0, "win_share": 0.5}]
    (team / "team_ppo.json").unlink()
    with pytest.raises(ConfigError, match="has neither team_ppo.json nor average.json"):
        export.export_policy(tiny_run.run, "again", "X", target=tmp_path / "out2", fine_tune=team)
    assert not (tmp_path / "out2").exists()


def test_mismatched_env_error_names_the_env_arguments_the_policy_needs(
        tiny_run: SimpleNamespace) -> None:
    for wrong in ({"candidates": 32, "flatten": True}, {"flatten": False}):
        env = gym.make("hydra_env/Solo-v0", scenario=10, **wrong)
        with pytest.raises(ValueError, match="Observation spaces do not match") as err:
            MaskablePPO.load(tiny_run.run / "final_model.zip", env=env)
        text = str(err.value)
        assert "hydra_env/Solo-v0(candidates=144, flatten=True, reward='shaped', scenario=10, " \
               "stars=1)" in text
        assert "make_env_for" in text


def test_shipped_policy_recorded_by_export_names_its_env_when_mismatched(tmp_path: Path) -> None:
    for suffix in (".zip", ".yaml"):
        shutil.copyfile(POLICY_DIR / f"solo-default{suffix}", tmp_path / f"solo-default{suffix}")
    assert export.main(["--record-env", str(tmp_path / "solo-default.zip")]) == 0
    env = gym.make("hydra_env/Solo-v0", scenario=10, flatten=True, candidates=64)
    with pytest.raises(ValueError, match=r"Solo-v0\(candidates=144, flatten=True, "
                                         r"reward='shaped', scenario=10, stars=1\)"):
        MaskablePPO.load(tmp_path / "solo-default.zip", env=env)


@pytest.mark.parametrize("name", ["solo-default", "coop-default"])
def test_shipped_policy_loads_next_to_its_env_and_plays_a_legal_game(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _shipped_entry_points(monkeypatch)
    env = make_env_for(name)                     # from the provenance yaml beside the zip
    model = MaskablePPO.load(find_policy(name), env=env)
    info = _play(env, model, seed=3)
    assert info["outcome"] in ("won", "lost")


def test_policy_names_resolve_through_the_entry_point_group(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _shipped_entry_points(monkeypatch)
    assert {"solo-default", "coop-default"} <= set(policy_env.policy_names())
    assert find_policy("coop-default") == POLICY_DIR / "coop-default.zip"
    with pytest.raises(ConfigError, match="no policy named 'nope'.*solo-default"):
        find_policy("nope")
    # An entry may also point at a folder; none declared says so.
    extra = SimpleNamespace(name="extra", value=str(tmp_path), load=lambda: tmp_path)
    (tmp_path / "mine.zip").write_bytes(b"")
    monkeypatch.setattr(policy_env, "entry_points", lambda group: [extra])
    assert find_policy("mine") == tmp_path / "mine.zip"
    monkeypatch.setattr(policy_env, "entry_points", lambda group: [])
    with pytest.raises(ConfigError, match="no package declares the entry-point group "
                                          "hydra_env.policies"):
        make_env_for("solo-default")


def test_recorded_spaces_equal_pickle_and_pass_check_env() -> None:
    from gymnasium.utils.env_checker import check_env
    env = gym.make("hydra_env/Solo-v0", scenario=10, flatten=True, illegal_action="penalty")
    plain = env.observation_space
    space = record_env_args(plain, "hydra_env/Solo-v0", {"flatten": True})
    assert isinstance(space, PolicyBox) and space == plain and plain == space
    for copied in (pickle.loads(pickle.dumps(space)), copy.deepcopy(space)):
        assert copied == space and copied.env_kwargs == {"flatten": True}
    dict_space = record_env_args(gym.make("hydra_env/Solo-v0").observation_space, "x", {})
    assert pickle.loads(pickle.dumps(dict_space)) == dict_space
    assert list(dict_space.spaces) == ["board", "features"]
    env.unwrapped.observation_space = space
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    assert obs in space and np.asarray(obs).shape == space.shape
    with pytest.raises(ConfigError, match="JSON"):
        record_env_args(plain, "x", {"opponents": [object()]})


def test_average_writes_the_mean_of_the_weights_and_export_records_its_inputs(tiny_run: SimpleNamespace,
                                                                             tmp_path: Path) -> None:
    import torch
    import yaml

    from agents.policy_load import load_policy
    from agents.train import average
    first = tiny_run.run / "final_model.zip"
    model = load_policy(first)
    with torch.no_grad():
        for weight in model.policy.parameters():
            weight += 1.0
    shifted = tmp_path / "shifted.zip"
    model.save(shifted)
    assert average.main([str(first), str(shifted), "--out", str(tmp_path / "soup")]) == 0
    mean = load_policy(tmp_path / "soup" / "best_model.zip").policy.state_dict()
    original = load_policy(first).policy.state_dict()
    assert all(torch.allclose(mean[k], original[k] + 0.5) for k, _ in load_policy(first).policy.named_parameters())
    record = json.loads((tmp_path / "soup" / "average.json").read_text())
    assert [entry["path"] for entry in record["average_of"]] == [str(first), str(shifted)]
    path = export.export_policy(tiny_run.run, "soup", "X", target=tmp_path / "out", fine_tune=tmp_path / "soup")
    shipped = yaml.safe_load(path.with_suffix(".yaml").read_text())
    assert shipped["fine_tune"]["average_of"][1]["sha256"] == record["average_of"][1]["sha256"]


def test_average_refuses_policies_of_different_networks_writing_nothing(tiny_run: SimpleNamespace,
                                                                        tmp_path: Path, capsys) -> None:
    from agents.train import average
    other = ROOT / "agents" / "policies" / "heroica-solo.zip"
    code = average.main([str(tiny_run.run / "final_model.zip"), str(other), "--out", str(tmp_path / "soup")])
    assert code == 2
    assert "average policies of one network only" in capsys.readouterr().err
    assert not (tmp_path / "soup").exists()
    assert average.main([str(other), "--out", str(tmp_path / "one")]) == 2
    assert "two or more" in capsys.readouterr().err


def test_an_acting_only_export_keeps_the_actor_in_half_precision_and_acts_as_the_full_one(
        tiny_run: SimpleNamespace, tmp_path: Path) -> None:
    import zipfile

    import torch

    from agents.acting_weights import MARKER, is_critic
    from agents.policy_load import load_policy
    full = export.export_policy(tiny_run.run, "full", "hydra-env train X", target=tmp_path / "full")
    small = export.export_policy(tiny_run.run, "small", "hydra-env train X", target=tmp_path / "small",
                                 acting_only=True)
    with zipfile.ZipFile(small) as archive:
        names = archive.namelist()
        stored = torch.load(io.BytesIO(archive.read("policy.pth")), weights_only=True)
    assert MARKER in names and "policy.optimizer.pth" not in names
    assert stored and not any(is_critic(k) for k in stored)
    assert all(v.dtype == torch.float16 for v in stored.values() if v.is_floating_point())
    assert small.stat().st_size < full.stat().st_size
    a, b = load_policy(full), load_policy(small)
    a.observation_space.seed(0)
    for _ in range(16):
        obs, _ = a.policy.obs_to_tensor(a.observation_space.sample())
        with torch.no_grad():
            pa = a.policy.get_distribution(obs).distribution.probs
            pb = b.policy.get_distribution(obs).distribution.probs
        assert torch.allclose(pa, pb, atol=2e-3)
    for key, value in b.policy.state_dict().items():
        if is_critic(key):
            assert not value.any()              # the critic is zeros: this file is for acting
    assert "acting_only" in (small.with_suffix(".yaml").read_text())
    tampered = tmp_path / "tampered.zip"
    with zipfile.ZipFile(small) as source, zipfile.ZipFile(tampered, "w") as target:
        for name in source.namelist():
            target.writestr(name, b"[1, 2]" if name == MARKER else source.read(name))
    with pytest.raises(ConfigError, match="acting_only.json"):
        load_policy(tampered)


def test_export_ships_the_model_named_and_refuses_a_name_outside_the_folder(tiny_run: SimpleNamespace,
                                                                           tmp_path: Path) -> None:
    import yaml
    path = export.export_policy(tiny_run.run, "warm", "X", target=tmp_path / "out", model="warm_start.zip")
    assert yaml.safe_load(path.with_suffix(".yaml").read_text())["model"] == "warm_start.zip"
    for bad in ("../best_model.zip", "warm_start.json", "no_such_model.zip"):
        with pytest.raises(ConfigError, match="warm_start.zip|no_such_model"):
            export.export_policy(tiny_run.run, "bad", "X", target=tmp_path / "bad", model=bad)
    assert not (tmp_path / "bad").exists() or not any((tmp_path / "bad").iterdir())
