"""hydra-env train checks the whole config before it makes anything (issue 11, item 4):
the env is built once, every bot name resolved, the device checked, the imitation
cache read; a bad setting exits 2 with a message naming it, no traceback and no run
folder. Dotted --set keys, env_kwargs merged key by key, duplicated YAML keys and
non-UTF-8 files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from agents import cli  # noqa: E402
from agents.train import trainer  # noqa: E402
from agents.train.checks import check_config  # noqa: E402
from agents.train.config import load_config  # noqa: E402
from agents.train.warm_start import bc_cache_path  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

# (config, overrides, words the message must hold: the setting and what is wrong)
BAD = {
    "env_kwargs scenario": ("solo_ppo", ["env_kwargs.scenario=99"],
                            ["field 'env_kwargs'", "no scenario 99"]),
    "env_kwargs coop scenario in solo": ("solo_ppo", ["env_kwargs.scenario=1"],
                                         ["field 'env_kwargs'", "not a solo scenario"]),
    "env_kwargs unknown argument": ("solo_ppo", ["env_kwargs.bogus=1"],
                                    ["field 'env_kwargs'", "no argument 'bogus'", "its arguments:", "scenario"]),
    "env_kwargs reward": ("solo_ppo", ["env_kwargs.reward=nope"], ["field 'env_kwargs'", "nope"]),
    "env_kwargs stars float": ("solo_ppo", ["env_kwargs.stars=1.0"],
                               ["field 'env_kwargs'", "stars must be an integer"]),
    "bc_chunk_games negative": ("solo_ppo", ["bc_chunk_games=-1"],
                                ["field 'bc_chunk_games'", "at least 0"]),
    "bc_teacher unknown": ("solo_ppo", ["bc_teacher=nobody"],
                           ["field 'bc_teacher'", "unknown bot 'nobody'", "hydra-env bots"]),
    "bc_teacher parameter": ("solo_ppo", ["bc_teacher=rollout:budgt=3"],
                             ["field 'bc_teacher'", "no parameter 'budgt'"]),
    "opponents unknown": ("coop_ppo", ["opponents=[heuristic, nobody]"],
                          ["field 'opponents' entry 1", "unknown bot 'nobody'"]),
    "opponents empty": ("coop_ppo", ["opponents=[]"], ["field 'opponents' is empty"]),
    "opponents not text": ("coop_ppo", ["opponents=[3]"], ["field 'opponents' entry 0"]),
    "opponent_weights zero": ("coop_ppo", ["opponent_weights=[0]"],
                              ["field 'opponent_weights'", "positive sum"]),
    "device not a device": ("solo_ppo", ["device=banana"],
                            ["field 'device'", "not a torch device", "cpu, cuda"]),
    "device missing gpu": ("solo_ppo", ["device=cuda:99"], ["field 'device'", "not available"]),
    "dotted key of a number": ("solo_ppo", ["seed.x=1"], ["'seed.x'", "env_kwargs"]),
    "init_policy missing": ("coop_ppo", ["init_policy=nowhere.zip", "bc_teacher=''", "bc_games=0"],
                            ["field 'init_policy'", "not found"]),
    "init_policy with bc_teacher": ("coop_ppo", ["init_policy=coop-default"],
                                    ["'init_policy' and 'bc_teacher'", "empty one"]),
    "init_policy of another env": ("solo_ppo", ["init_policy=coop-default", "bc_teacher=''",
                                                "bc_games=0"],
                                   ["field 'init_policy'", "observation space", "env_kwargs"]),
    "init_policy network": ("coop_ppo", ["init_policy=coop-default", "bc_teacher=''", "bc_games=0"],
                            ["field 'init_policy'", "network does not fit", "net_arch"]),
    "gamma out of range": ("solo_ppo", ["gamma=1.5"], ["field 'gamma'", "from 0.0 to 1.0"]),
}


def _bad_run(capsys: pytest.CaptureFixture[str], runs: Path, config: str,
             overrides: list[str]) -> str:
    """Run `hydra-env train` expecting exit 2; the error text. Nothing may be created."""
    args = ["train", config, "--runs-dir", str(runs), "--workers", "1",
            "--set", "progress_bar=false"]
    for item in overrides:
        args += ["--set", item]
    assert cli.main(args) == 2
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert not runs.exists() or trainer.run_folders(runs) == []
    return out.err


@pytest.mark.parametrize("case", list(BAD))
def test_bad_setting_exits_2_naming_it_before_a_run_folder_is_made(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, overrides, words = BAD[case]
    err = _bad_run(capsys, tmp_path / "runs", config, overrides)
    for word in words:
        assert word in err, (word, err)
    assert not (tmp_path / "runs").exists()


def test_duplicated_yaml_key_is_an_error_naming_the_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text("default:\n  seed: 1\n  n_envs: 2\n  seed: 2\n")
    err = _bad_run(capsys, tmp_path / "runs", str(path), [])
    assert str(path) in err and "found the key 'seed' twice (first at line 2)" in err


def test_non_utf8_config_is_an_error_saying_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("default:\n  name: caf\u00e9\n".encode("latin-1"))
    err = _bad_run(capsys, tmp_path / "runs", str(path), [])
    assert f"config {path} is not UTF-8 text (byte 0xe9" in err and "UTF-8 encoding" in err


@pytest.mark.parametrize("content", [b"[{\"seed\": 1, \"act", b"\xff\xfe", b"{\"seed\": 3}",
                                     b"[{\"seed\": 1, \"actions\": [\"x\"]}]"],
                         ids=["truncated", "not-utf8", "not-a-list", "bad-action"])
def test_corrupt_imitation_cache_is_an_error_naming_the_file_to_delete(
        content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = tmp_path / "runs"
    overrides = ["bc_games=3"]
    cache = bc_cache_path(load_config("solo_ppo", overrides), runs)
    cache.parent.mkdir(parents=True)
    cache.write_bytes(content)
    err = _bad_run(capsys, runs, "solo_ppo", overrides)
    assert f"imitation cache {cache} is corrupt" in err and f"delete {cache}" in err
    assert sorted(p.name for p in runs.iterdir()) == ["bc_cache"]        # no run folder


def test_dotted_set_key_changes_one_env_argument_and_keeps_the_others(tmp_path: Path) -> None:
    config = load_config("solo_ppo", ["env_kwargs.scenario=11"])
    assert config.env_kwargs == {"scenario": 11, "stars": 1, "reward": "shaped"}
    run = trainer.prepare_run(config, tmp_path)          # checked whole: it builds
    assert load_config(run / "config.yaml").env_kwargs["scenario"] == 11
    assert json.loads((run / "status.json").read_text())["state"] == "created"


def test_env_kwargs_are_merged_key_by_key_and_null_removes_a_key(tmp_path: Path) -> None:
    replaced = load_config("solo_ppo", ["env_kwargs={stars: 2}"])
    assert replaced.env_kwargs == {"scenario": 10, "stars": 2, "reward": "shaped"}
    removed = load_config("solo_ppo", ["env_kwargs.reward=null"])
    assert removed.env_kwargs == {"scenario": 10, "stars": 1}
    # The env block's env_kwargs is laid over the default block's, key by key.
    path = tmp_path / "layers.yaml"
    path.write_text("default:\n  env_kwargs: {reward: shaped, stars: 2}\n"
                    "hydra_env/Solo-v0:\n  env_kwargs: {scenario: 11}\n")
    assert load_config(path).env_kwargs == {"reward": "shaped", "stars": 2, "scenario": 11}


def test_help_fields_documents_the_env_kwargs_merge(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["train", "--help-fields"]) == 0
    out = capsys.readouterr().out
    assert "merged, not replaced" in out and "--set env_kwargs.KEY=VALUE" in out


@pytest.mark.parametrize("device", ["cpu", "auto"])
def test_devices_this_machine_has_pass_the_checks(device: str) -> None:
    check_config(load_config("solo_ppo", [f"device={device}"]))


def test_checks_raise_config_errors_for_library_callers(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="field 'opponents' entry 0"):
        trainer.prepare_run(load_config("coop_ppo", ["opponents=[nobody]"]), tmp_path)
    assert list(tmp_path.iterdir()) == []
