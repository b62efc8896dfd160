"""The third adversarial round of issue 30, on every game: each input that gave a traceback,
hung, or was accepted silently is now refused cleanly (exit 2, one line naming the option,
nothing written, no game started)."""

from __future__ import annotations

import builtins
import os
from pathlib import Path

import pytest

import hydra_env
from agents import cli
from hydra_env.api.registry import game_names

GAMES = game_names()


def _no_input(prompt: str = "") -> str:
    raise AssertionError("a game was started")


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "input", _no_input)
        code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("hydra-env "), err
    for word in words:
        assert word in err, err
    return err


@pytest.mark.parametrize("game", GAMES)
def test_an_out_folder_through_a_loop_of_links_is_refused(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    _refused(["evaluate", "--game", game, "--agent", "random", "--games", "1", "--out", str(loop)],
             capsys, f"--out {loop}: cannot follow its links")


@pytest.mark.parametrize("flag", ["--out", "--html"])
def test_an_output_path_with_a_control_character_is_refused(
        flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = str(tmp_path / "a\nb")
    argv = ["evaluate", "--agent", "random", "--games", "1", "--out", str(tmp_path / "o")]
    argv += [flag, bad] if flag == "--html" else []
    if flag == "--out":
        argv[-1] = bad
    _refused(argv, capsys, "holds the control character '\\n'")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", GAMES)
def test_play_load_of_a_binary_file_is_refused_as_not_utf8(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"{\xff\xfe\x00" * 100)
    _refused(["play", "--game", game, "--load", str(path)], capsys, "not UTF-8 text (byte 0xff at offset 1)")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("game", GAMES)
def test_play_load_of_a_device_is_refused_without_reading_it(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    _refused(["play", "--game", game, "--load", "/dev/zero"], capsys, "not a plain file")


@pytest.mark.parametrize("game", GAMES)
def test_play_load_with_a_seed_is_refused_naming_both(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "save.json"
    path.write_text(hydra_env.make(game, seed=1).to_json())
    _refused(["play", "--game", game, "--load", str(path), "--seed", "5"], capsys,
             "--seed 5 cannot apply with --load")


@pytest.mark.parametrize("game", GAMES)
def test_play_load_of_an_empty_file_says_so_once(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.json"
    path.write_text("")
    err = _refused(["play", "--game", game, "--load", str(path)], capsys, "not JSON text")
    assert err.count("not a saved") == 1, err


def test_watch_seed_beyond_the_range_is_refused_stating_it(capsys: pytest.CaptureFixture[str]) -> None:
    _refused(["watch", "random", "--seed", str(2**63)], capsys,
             "an integer from 0 to 9,223,372,036,854,775,807")


def test_a_ray_address_that_is_not_one_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    _refused(["evaluate", "--agent", "random", "--games", "1", "--backend", "ray", "--address", "x",
              "--no-progress", "--out", str(tmp_path / "o")], capsys, "--address x: no Ray cluster")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_parameter_the_bot_does_not_have_is_refused_even_with_a_catch_all(game: str) -> None:
    from hydra_env.envs.bots import bot_names, make_bot
    from hydra_env.errors import ConfigError
    for name in bot_names(game):
        with pytest.raises(ConfigError, match=rf"{name} has no parameter 'nosuch'"):
            make_bot(f"{name}:nosuch=1", game=game, seed=0)


def test_tune_with_a_study_folder_that_is_a_file_is_refused_before_any_trial(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("optuna")
    study = tmp_path / "study"
    study.write_text("x")
    _refused(["tune", "solo_ppo", "--trials", "1", "--study-dir", str(study)], capsys,
             f"--study-dir {study} is a file, not a folder")
    assert study.read_text() == "x"


@pytest.mark.parametrize("game", GAMES)
def test_replay_verifies_a_saved_game_of_every_game(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = hydra_env.make(game, seed=3)
    for _ in range(5):
        if played.is_over:
            break
        played.apply(played.legal_actions()[0])
    path = tmp_path / "saved.json"
    path.write_text(played.to_json())
    assert cli.main(["replay", str(path)]) == 0
    assert f"{len(played.history)} decisions verified, saved position reached" in capsys.readouterr().out


def test_a_bad_value_of_another_games_option_is_refused_as_that_games_option(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--game heroica --piles x``: --piles is Hadara's, so the refusal says it does not apply
    to Heroica (not that ``x`` is not one of Hadara's values)."""
    err = _refused(["evaluate", "--game", "heroica", "--piles", "x", "--agent", "random", "--games", "1"],
                   capsys, "--piles cannot apply", "--game hadara")
    assert "full, top" not in err


@pytest.mark.parametrize("command", ["evaluate", "tournament"])
@pytest.mark.parametrize("game", [g for g in GAMES
                                  if any(p.name == "components" for p in hydra_env.game_spec(g).params)])
def test_a_bad_component_file_is_refused_before_any_game(
        command: str, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "components.json"
    bad.write_text("{}")
    who = ["--agent", "random"] if command == "evaluate" else ["--players", "random,random"]
    err = _refused([command, "--game", game, *who, "--games", "1", "--components", str(bad),
                    "--out", str(tmp_path / "out")], capsys, f"--game {game}: ", str(bad))
    assert "game 0" not in err and not (tmp_path / "out").exists()


def test_a_policy_of_several_seats_in_a_one_seat_game_is_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A coop policy (4 seats) in a solo game: refused while the command checks its agents,
    before the run starts (it used to fail at game 0, after the run folder was made)."""
    out = tmp_path / "out"
    _refused(["evaluate", "--agent", "ppo:coop-default", "--games", "2", "--out", str(out)], capsys,
             "--agent", "a game of 4 seats", "one-seat game")
    assert not out.exists()


def test_a_replay_with_an_integer_of_thousands_of_digits_is_refused_in_plain_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "replay.json"
    bad.write_text('{"format": "hydra-env-replay", "seed": ' + "9" * 5000 + "}")
    code = cli.main(["replay", str(bad)])
    printed = capsys.readouterr()
    text = printed.out + printed.err
    assert code == 1 and f"FAIL {bad}: not a replay: an integer of 5000 digits" in text, text
    assert "set_int_max_str_digits" not in text and "Traceback" not in text
