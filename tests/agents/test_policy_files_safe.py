"""Policy files are data: loading a policy never unpickles, through every path that loads one.

A malicious zip (every ``:serialized:`` entry of its ``data`` replaced by a pickle whose
``__reduce__`` writes a marker file; SB3's own loader does run it, checked first) is loaded
by ``make_bot``, ``hydra-env evaluate``, ``replay --check-bots``, ``init_policy``,
``export`` and ``train --resume``: the marker is never written. Shipped policies act as
under SB3's loader; policies of another game or env, altered layouts, legacy files and
other runs' checkpoints are refused by name."""

from __future__ import annotations

import base64
import json
import pickle
import shutil
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import torch  # noqa: E402
from helpers.paths import ROOT  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

from agents import cli  # noqa: E402
from agents.policy_files import POLICY_DIR, load_model  # noqa: E402
from agents.policy_load import RUN_ID_KEY, UNSAFE_ENV, load_policy, read_data  # noqa: E402
from agents.policy_spaces import check_use  # noqa: E402
from agents.train import callbacks as cb  # noqa: E402
from agents.train import checkpoint_load as ckpts  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.config import dump_config, load_config  # noqa: E402
from hydra_env import ConfigError  # noqa: E402
from hydra_env.envs.bots import make_bot  # noqa: E402

TINY = ["n_envs=1", "n_steps=64", "batch_size=64", "n_epochs=1", "net_arch=[16]", "features_dim=16",
        "eval_freq=0", "checkpoint_freq=0", "final_eval_games=0", "progress_bar=false", "bc_games=0",
        "bc_teacher=''"]


class _Payload:
    """Unpickling this runs ``exec``: it writes the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple[Any, ...]:
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


def _rewrite(src: Path, dst: Path, change: Any) -> Path:
    """Copy the zip ``src`` to ``dst`` with ``change(data)`` applied to its data JSON."""
    with zipfile.ZipFile(src) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    data = json.loads(members["data"])
    change(data)
    members["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(dst, "w") as archive:
        for name, raw in members.items():
            archive.writestr(name, raw)
    return dst


def make_malicious(src: Path, dst: Path, marker: Path) -> Path:
    """``src`` with every ``:serialized:`` entry (and one more) a marker-writing pickle."""
    payload = base64.b64encode(pickle.dumps(_Payload(marker))).decode()

    def poison(data: dict[str, Any]) -> None:
        for value in data.values():
            if isinstance(value, dict) and ":serialized:" in value:
                value[":serialized:"] = payload
        data["extra"] = {":type:": "<class 'object'>", ":serialized:": payload}
    return _rewrite(src, dst, poison)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """An untrained tiny Solo-v0 policy (as `hydra-env train` saves one) and its config."""
    folder = tmp_path_factory.mktemp("tiny")
    config = load_config(ROOT / "configs" / "solo_ppo.yaml", TINY + ["total_timesteps=64"])
    venv = DummyVecEnv([trainer.env_factory(config, None)])
    model = trainer.new_model(config, venv, folder)
    model.save(folder / "good.zip")
    venv.close()
    return config, folder / "good.zip"


@pytest.fixture
def evil(tiny: Any, tmp_path: Path) -> tuple[Path, Path]:
    """A malicious copy of the tiny policy and the marker its payload writes."""
    marker = tmp_path / "marker"
    return make_malicious(tiny[1], tmp_path / "evil.zip", marker), marker


def test_the_payload_runs_under_stable_baselines3s_own_loader(evil: tuple[Path, Path]) -> None:
    from stable_baselines3.common.save_util import load_from_zip_file
    path, marker = evil
    load_from_zip_file(path, device="cpu")
    assert marker.read_text() == "ran"          # the file is live: what the tests below guard against


def test_make_bot_loads_a_malicious_policy_without_running_it(evil: tuple[Path, Path], tiny: Any) -> None:
    path, marker = evil
    bot = make_bot(f"ppo:{path}", game="hydra", seed=0)
    good = load_model(str(tiny[1]))
    assert all(torch.equal(a, b) for a, b in zip(bot.model.policy.state_dict().values(),
                                                 good.policy.state_dict().values(), strict=True))
    assert not marker.exists()


def test_hydras_bot_loads_a_malicious_shipped_policy_without_running_it(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    path = make_malicious(POLICY_DIR / "hydras-default.zip", tmp_path / "h.zip", marker)
    bot = make_bot(f"ppo:{path}", game="hydras", seed=0)
    assert bot.n_candidates == 96 and not marker.exists()


def test_evaluate_and_replay_check_bots_never_run_the_payload(evil: tuple[Path, Path],
                                                              tmp_path: Path) -> None:
    path, marker = evil
    out = tmp_path / "out"
    assert cli.main(["evaluate", "--agent", f"ppo:{path}", "--games", "1", "--workers", "1",
                     "--no-progress", "--save-replays", "all", "--out", str(out)]) == 0
    (replay,) = sorted((out / "replays").glob("*.json"))
    assert f"ppo:{path}" in replay.read_text()
    assert cli.main(["replay", str(replay), "--check-bots"]) == 0
    assert not marker.exists()


def test_init_policy_reads_a_malicious_policy_as_data(evil: tuple[Path, Path], tiny: Any,
                                                      tmp_path: Path) -> None:
    from agents.train import warm_start as warm
    from agents.train.checks import check_init_policy
    path, marker = evil
    config = load_config(ROOT / "configs" / "solo_ppo.yaml", TINY + [f"init_policy={path}"])
    assert check_init_policy(config) == path
    venv = DummyVecEnv([trainer.env_factory(config, None)])
    model = trainer.new_model(config, venv, tmp_path)
    warm.init_from_policy(model, config, tmp_path)
    venv.close()
    good = load_model(str(tiny[1])).policy.state_dict()
    assert all(torch.equal(v, good[k]) for k, v in model.policy.state_dict().items())
    assert not marker.exists()


def test_export_reads_a_malicious_best_model_as_data(evil: tuple[Path, Path], tiny: Any,
                                                     tmp_path: Path) -> None:
    from agents.train.export import export_policy
    path, marker = evil
    run = tmp_path / "Solo-v0__tiny__0__20261202-000000"
    run.mkdir()
    dump_config(tiny[0], run / "config.yaml")
    shutil.copy(path, run / "best_model.zip")
    shipped = export_policy(run, "tiny", "hydra-env train tiny.yaml", tmp_path / "ship")
    assert not marker.exists()
    assert RUN_ID_KEY not in read_data(shipped)
    assert not any(":serialized:" in v and v[":serialized:"] == read_data(path)["extra"][":serialized:"]
                   for v in read_data(shipped).values() if isinstance(v, dict))


def _run_with_checkpoint(config: Any, runs: Path) -> tuple[Path, Path]:
    """A run folder (with its run id) and a checkpoint at 64 steps that carries it."""
    run = trainer.prepare_run(config, runs)
    venv = DummyVecEnv([trainer.env_factory(config, None)])
    model = trainer.new_model(config, venv, run)
    ckpts.mark(model, run)
    model.num_timesteps = 64
    path = cb.save_checkpoint(model, run, keep=3)
    venv.close()
    cb.write_status(run, state="running")
    return run, path


@pytest.mark.parametrize("total", [64, 128], ids=["finish the run", "train on"])
def test_resume_loads_a_malicious_checkpoint_of_its_run_as_data(tiny: Any, tmp_path: Path,
                                                                total: int) -> None:
    run, path = _run_with_checkpoint(tiny[0], tmp_path / "runs")
    marker = tmp_path / "marker"
    make_malicious(path, path, marker)
    assert cli.main(["train", "--resume", str(run), "--workers", "1",
                     "--set", f"total_timesteps={total}"]) == 0
    assert not marker.exists()
    final = read_data(run / "final_model.zip")
    assert final[RUN_ID_KEY] == ckpts.run_id(run) and final["num_timesteps"] == total


def test_resume_refuses_a_checkpoint_of_another_run_by_name(tiny: Any, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    ours, _ = _run_with_checkpoint(tiny[0], tmp_path / "a")
    _, theirs = _run_with_checkpoint(tiny[0], tmp_path / "b")
    intruder = cb.checkpoint_path(ours, 128)
    shutil.copy(theirs, intruder)
    assert cli.main(["train", "--resume", str(ours), "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert f"checkpoint {intruder} was not saved by the run {ours}" in err and "Traceback" not in err
    assert not (ours / "final_model.zip").exists()


def test_another_runs_final_model_is_not_taken_as_this_runs_end(tiny: Any, tmp_path: Path) -> None:
    ours, _ = _run_with_checkpoint(tiny[0], tmp_path / "a")
    _, theirs = _run_with_checkpoint(tiny[0], tmp_path / "b")
    shutil.copy(theirs, ours / "final_model.zip")
    cb.write_status(ours, state="done", timesteps=64)
    from agents.train.resume import finished_steps
    assert finished_steps(ours, 64) is None
    assert cli.main(["train", "--resume", str(ours), "--workers", "1"]) == 0
    assert read_data(ours / "final_model.zip")[RUN_ID_KEY] == ckpts.run_id(ours)


def test_a_policy_of_another_game_is_refused_naming_both_games() -> None:
    with pytest.raises(ConfigError, match=r"policy of game 'hydras'.*used for game 'hydra'"):
        make_bot("ppo:hydras-default", game="hydra", seed=0)


@pytest.mark.parametrize(("game", "policy", "own"), [("hydra", "hydras-default", "hydras"),
                                                     ("hydras", "solo-default", "hydra")])
def test_evaluate_refuses_a_policy_of_another_game_before_any_game(
        game: str, policy: str, own: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert cli.main(["evaluate", "--game", game, "--agent", f"ppo:{policy}", "--games", "1",
                     "--workers", "1", "--no-progress", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"policy of game '{own}'" in err and f"used for game '{game}'" in err
    assert "Traceback" not in err and not (out / "games.csv").exists()


def test_a_policy_of_another_env_is_refused_naming_both_envs() -> None:
    path = POLICY_DIR / "coop-default.zip"
    model = load_model(str(path))
    check_use(model, path, game="hydra", env_id="hydra_env/Coop-v0")
    with pytest.raises(ConfigError, match="trained on hydra_env/Coop-v0, used in hydra_env/Solo-v0"):
        check_use(model, path, game="hydra", env_id="hydra_env/Solo-v0")


def test_a_coop_policy_in_a_solo_game_is_refused_at_its_first_decision() -> None:
    from agents.backends import GameError, GameTask, play_game
    with pytest.raises(GameError, match="ConfigError: PPO policy .*coop-default.zip was trained on "
                                        "hydra_env/Coop-v0, a game of 4 seats, and is used in a one-seat game"):
        play_game(GameTask(index=0, game="hydra", params={"scenario": 10, "stars": 1}, seed=3,
                           specs=("ppo:coop-default",), bot_seeds=(0,)))


def test_an_altered_observation_layout_is_refused(tiny: Any, tmp_path: Path) -> None:
    def other_candidates(data: dict[str, Any]) -> None:
        data["observation_space"]["env_kwargs"]["candidates"] = 7
    path = _rewrite(tiny[1], tmp_path / "altered.zip", other_candidates)
    with pytest.raises(ConfigError, match="records the observation layout"):
        load_policy(path)


def test_an_env_id_no_game_declares_is_refused_without_importing_it(tiny: Any, tmp_path: Path) -> None:
    def foreign(data: dict[str, Any]) -> None:
        data["observation_space"]["env_id"] = "nosuchmodule:Evil-v0"
    path = _rewrite(tiny[1], tmp_path / "foreign.zip", foreign)
    with pytest.raises(ConfigError, match="'nosuchmodule:Evil-v0', which no registered game declares"):
        load_policy(path)


def test_weights_holding_a_pickled_object_are_refused_without_running_it(tiny: Any, tmp_path: Path) -> None:
    import io
    marker, path, buffer = tmp_path / "marker", tmp_path / "weights.zip", io.BytesIO()
    torch.save({"weight": _Payload(marker)}, buffer)
    with zipfile.ZipFile(tiny[1]) as src, zipfile.ZipFile(path, "w") as dst:
        for name in src.namelist():
            dst.writestr(name, buffer.getvalue() if name == "policy.pth" else src.read(name))
    with pytest.raises(ConfigError, match=f"policy file {path}: cannot read policy.pth as plain tensors"):
        load_policy(path)
    assert not marker.exists()


def test_data_that_is_not_json_is_refused_naming_the_file(tiny: Any, tmp_path: Path) -> None:
    path = tmp_path / "garbage.zip"
    with zipfile.ZipFile(tiny[1]) as src, zipfile.ZipFile(path, "w") as dst:
        for name in src.namelist():
            dst.writestr(name, b"\xff\xfe{" if name == "data" else src.read(name))
    with pytest.raises(ConfigError, match=f"policy file {path}: its data member is not JSON"):
        load_policy(path)


def _legacy(tiny: Any, tmp_path: Path) -> Path:
    def unknown_class(data: dict[str, Any]) -> None:
        data["policy_class"]["__module__"] = "legacy_package.policies"
    return _rewrite(tiny[1], tmp_path / "legacy.zip", unknown_class)


def test_a_legacy_file_is_refused_with_how_to_proceed(tiny: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UNSAFE_ENV, raising=False)
    with pytest.raises(ConfigError, match=f"not one of .*{UNSAFE_ENV}=1.*runs any code") as info:
        load_policy(_legacy(tiny, tmp_path))
    assert "agents.train.export" in str(info.value)


def test_the_unsafe_opt_in_loads_a_legacy_file_by_unpickling(tiny: Any, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(UNSAFE_ENV, "1")
    model = load_policy(_legacy(tiny, tmp_path))
    assert "runs code from the file" in capsys.readouterr().err
    good = load_model(str(tiny[1])).policy.state_dict()
    assert all(torch.equal(v, good[k]) for k, v in model.policy.state_dict().items())
    monkeypatch.setenv(UNSAFE_ENV, "yes")
    with pytest.raises(ConfigError, match=f"{UNSAFE_ENV}='yes'"):
        load_policy(_legacy(tiny, tmp_path))


@pytest.mark.parametrize("name", ["solo-default", "coop-default", "hydras-default"])
def test_shipped_policies_act_as_under_stable_baselines3s_loader(name: str) -> None:
    from sb3_contrib import MaskablePPO

    from hydra_env.envs.policy_env import make_env_for
    path = POLICY_DIR / f"{name}.zip"
    new = load_model(str(path))
    old = MaskablePPO.load(path, custom_objects={"learning_rate": 0.0, "lr_schedule": lambda _: 0.0,
                                                 "clip_range": lambda _: 0.0})
    assert new.observation_space == old.observation_space and new.action_space == old.action_space
    env, rng, compared = make_env_for(path), np.random.default_rng(0), 0
    obs, info = env.reset(seed=0)
    while compared < 100:
        mask = info["action_mask"]
        a_new, _ = new.predict(obs, action_masks=mask, deterministic=True)
        a_old, _ = old.predict(obs, action_masks=mask, deterministic=True)
        assert int(a_new) == int(a_old)
        compared += 1
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if term or trunc:
            obs, info = env.reset(seed=compared)
    env.close()
