"""``hydra-env evaluate-stream``: the mergeable summary, shards, resume, bad arguments, and the
same games as ``evaluate`` on every path (native random, batched policies)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from agents import cli, evaluate
from agents.stream import play, shards
from agents.stream.summary import Summary, canonical_json, merged, moments, quantiles, statistics
from hydra_env import game_names, game_spec


def _stream(tmp_path: Path, name: str, *extra: str) -> tuple[int, Path]:
    out = tmp_path / name
    return cli.main(["evaluate-stream", "--no-progress", "--out", str(out), *extra]), out


HYDRAS = ("--game", "hydras", "--agent", "random", "--opponents", "random", "--games", "150",
          "--shard-size", "50")


# --------------------------------------------------------------------------- the summary

def _random_summary(rng: random.Random, n: int) -> Summary:
    s = Summary()
    for _ in range(n):
        outcome = rng.choice(["won", "lost", "shared"])
        s.add(rng.randrange(3), outcome, None if outcome == "lost" and rng.random() < 0.5 else rng.randrange(-5, 120))
    return s


def test_merge_is_exact_associative_and_commutative() -> None:
    rng = random.Random(7)
    a, b, c = (_random_summary(rng, n) for n in (50, 80, 120))
    left = merged([merged([a, b]), c])
    right = merged([a, merged([c, b])])
    assert canonical_json(left.to_state()) == canonical_json(right.to_state())
    assert left.n_games == 250
    assert Summary.from_state(json.loads(json.dumps(left.to_state()))) == left


def test_statistics_match_numpy_on_the_same_scores() -> None:
    values = [3, 7, 7, 10, 12, 12, 12, 40, -2, 0, 5]
    hist = Counter(values)
    q = quantiles(hist)
    expected = np.percentile(np.asarray(values, float), [5, 25, 50, 75, 95])
    assert [q[k] for k in ("p5", "p25", "p50", "p75", "p95")] == pytest.approx(list(expected), abs=1e-12)
    m = moments(hist, zeros=4)
    full = np.asarray(values + [0] * 4, float)
    assert m["mean"] == pytest.approx(full.mean()) and m["std"] == pytest.approx(full.std(ddof=1))


def test_win_rate_counts_every_outcome_but_lost() -> None:
    s = Summary()
    for outcome in ("won", "shared", "lost", "lost"):
        s.add(0, outcome, 1)
    st = statistics(s)
    assert st["wins"] == 2 and st["win_rate"]["rate"] == 0.5 and st["outcomes"] == {"lost": 2, "shared": 1, "won": 1}


def test_a_state_that_is_not_a_summary_is_refused() -> None:
    with pytest.raises(ValueError):
        Summary.from_state({"format": 1, "cells": [{"seat": 0, "outcome": "won", "games": 1,
                                                     "scores": [[5, 2]]}]})


# --------------------------------------------------------------------------- shards, merge, resume

def test_merge_of_shards_run_separately_equals_one_run_byte_for_byte(tmp_path: Path) -> None:
    code, whole = _stream(tmp_path, "whole", *HYDRAS)
    assert code == 0
    parts = []
    for part in ("1/3", "2/3"):
        code, out = _stream(tmp_path, f"part{part[0]}", *HYDRAS, "--shards", part)
        assert code == 0 and not (out / "summary.json").exists()
        parts.append(out)
    code, out = _stream(tmp_path, "part3", *HYDRAS, "--seed-range", "100:150")
    assert code == 0
    parts.append(out)
    code = cli.main(["evaluate-stream", "--merge", *map(str, parts), "--out", str(tmp_path / "merged")])
    assert code == 0
    assert (tmp_path / "merged" / "summary.json").read_bytes() == (whole / "summary.json").read_bytes()


def test_resume_skips_finished_shards_and_replays_a_damaged_one(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    code, out = _stream(tmp_path, "run", *HYDRAS, "--shards", "1/3")
    assert code == 0
    partial = json.loads((out / "partial-summary.json").read_text())
    assert partial["statistics"]["n_games"] == 50 and partial["partial"]["missing"] == [[50, 150]]
    first = shards.shard_path(out, 0)
    before = first.stat().st_mtime_ns
    code, _ = _stream(tmp_path, "run", *HYDRAS, "--seed-range", "0:100")   # shards 0 (done) and 1
    assert code == 0
    assert "1 done already" in capsys.readouterr().out
    assert first.stat().st_mtime_ns == before
    good = shards.shard_path(out, 1).read_text(encoding="utf-8")
    shards.shard_path(out, 1).write_text(good[: len(good) // 2], encoding="utf-8")    # half-written
    code, _ = _stream(tmp_path, "run", *HYDRAS)
    text = capsys.readouterr().out
    assert code == 0 and "not trusted" in text and "1 done already" in text
    assert shards.shard_path(out, 1).read_text(encoding="utf-8") == good
    assert not (out / "partial-summary.json").exists()
    code, whole = _stream(tmp_path, "whole", *HYDRAS)
    assert (out / "summary.json").read_bytes() == (whole / "summary.json").read_bytes()


@pytest.mark.slow
def test_same_results_whatever_the_workers(tmp_path: Path) -> None:
    _, one = _stream(tmp_path, "one", *HYDRAS)
    code, two = _stream(tmp_path, "two", *HYDRAS, "--workers", "2")
    assert code == 0
    assert (one / "summary.json").read_bytes() == (two / "summary.json").read_bytes()


@pytest.mark.parametrize("extra, message", [
    (("--shards", "0/3"), "I must be from 1 to N"),
    (("--shards", "4/3"), "I must be from 1 to N"),
    (("--shards", "three"), "expected I/N"),
    (("--shards", "1/9"), "only 3 shard"),
    (("--seed-range", "100:50"), "0 ≤ A < B"),
    (("--seed-range", "75:150"), "shard boundaries"),
    (("--seed-range", "0-100"), "expected A:B"),
])
def test_bad_shard_selection_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                extra: tuple[str, ...], message: str) -> None:
    code, out = _stream(tmp_path, "bad", *HYDRAS, *extra)
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not (out / "shards").exists()


def test_bad_outputs_and_merges_are_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    (tmp_path / "file").write_text("x")
    assert _stream(tmp_path, "file", *HYDRAS)[0] == 2
    assert "is a file" in capsys.readouterr().err
    _stream(tmp_path, "run", *HYDRAS, "--shards", "1/3")
    assert _stream(tmp_path, "run", *HYDRAS[:-1], "25")[0] == 2           # another shard size
    assert "holds another run" in capsys.readouterr().err
    assert cli.main(["evaluate-stream", "--merge", str(tmp_path / "run"), "--out", str(tmp_path / "m")]) == 2
    assert "missing games 50:150" in capsys.readouterr().err
    assert cli.main(["evaluate-stream", "--merge", str(tmp_path / "nowhere"), "--out", str(tmp_path / "m")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert _stream(tmp_path, "noagent", "--games", "10")[0] == 2
    assert "--agent is needed" in capsys.readouterr().err
    assert _stream(tmp_path, "opp", "--agent", "random", "--opponents", "random", "--games", "10")[0] == 2
    assert "--opponents cannot apply" in capsys.readouterr().err


# --------------------------------------------------------------------------- the same games as evaluate

def test_hydra_solo_summary_equals_evaluate_statistics(tmp_path: Path) -> None:
    ev = evaluate.evaluate_games("hydra", "heuristic", games=60, seed=3, out=tmp_path / "ev", quiet=True)
    code, out = _stream(tmp_path, "st", "--agent", "heuristic", "--games", "60", "--seed", "3",
                        "--shard-size", "25")
    assert code == 0
    st = json.loads((out / "summary.json").read_text())["statistics"]
    assert st["wins"] == ev["wins"] and st["win_rate"] == ev["win_rate"]
    assert st["expected_score"]["mean"] == pytest.approx(ev["expected_score"]["mean"], abs=1e-12)
    assert st["score"]["mean"] == pytest.approx(ev["mean_score_won"]["mean"], abs=1e-12)
    assert st["score"]["std"] == pytest.approx(ev["mean_score_won"]["std"], abs=1e-12)
    assert st["quantiles"] == pytest.approx(ev["quantiles_won"], abs=1e-12)
    assert [b["count"] for b in st["bands"]] == [b["count"] for b in ev["bands"]]


def test_rotated_seats_summary_equals_evaluate_statistics(tmp_path: Path) -> None:
    ev = evaluate.evaluate_games("hydras", "random", opponents=["random"], games=150, seed=0,
                                 out=tmp_path / "ev", quiet=True)
    code, out = _stream(tmp_path, "st", *HYDRAS)
    st = json.loads((out / "summary.json").read_text())["statistics"]
    assert code == 0 and st["win_rate"] == ev["win"]
    assert st["score"]["mean"] == pytest.approx(ev["mean_score"]["mean"], abs=1e-12)
    assert [s["win_rate"] for s in st["by_seat"]] == [s["win"] for s in ev["by_seat"]]


def _native_random_games() -> list[str]:
    out = []
    for name in game_names():
        run = play.make_run(name, game_spec(name).check_params({}),
                            {"agent": ["random"], "opponents": ["random"], "games": 40, "seed": 0})
        if play._native_random_ok(run):
            out.append(name)
    return out


@pytest.mark.parametrize("name", _native_random_games() or ["none"])
def test_native_random_path_plays_the_same_games_as_play_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if name == "none":
        pytest.skip("no game with a native batch is built here")
    run = play.make_run(name, game_spec(name).check_params({}),
                        {"agent": ["random"], "opponents": ["random"], "games": 40, "seed": 5})
    task = play.ShardTask(0, 0, 40, name, run.params, vars(run.args), batch=7)
    generic = sorted(play._generic(run, task), key=lambda r: r[0])
    monkeypatch.setattr(play, "stream_hook", lambda run, hook: None)        # the full results
    fast = sorted(play._native_random(run, task), key=lambda r: r[0])
    assert [i for i, _ in fast] == list(range(40))
    assert [json.dumps(r, sort_keys=True, default=list) for _, r in fast] == \
        [json.dumps(r, sort_keys=True, default=list) for _, r in generic]


def test_hydra_batch_result_hook_gives_the_result_figures() -> None:
    run = play.make_run("hydra", game_spec("hydra").check_params({}),
                        {"agent": ["random"], "opponents": None, "games": 30, "seed": 1})
    if not play._native_random_ok(run):
        pytest.skip("the native Hydra batch is not built here")
    task = play.ShardTask(0, 0, 30, "hydra", run.params, vars(run.args), batch=8)
    hooked = sorted(play._native_random(run, task))
    generic = sorted(play._generic(run, task), key=lambda r: r[0])
    assert [(i, r["outcome"], r["score"]) for i, r in hooked] == [(i, r["outcome"], r["score"]) for i, r in generic]


@pytest.mark.slow
def test_batched_policy_plays_the_same_games_as_batch_one() -> None:
    pytest.importorskip("sb3_contrib")
    run = play.make_run("hydra", game_spec("hydra").check_params({}),
                        {"agent": ["ppo:solo-default"], "opponents": None, "games": 6, "seed": 11})
    task = play.ShardTask(0, 0, 6, "hydra", run.params, vars(run.args), batch=6)
    assert play._pick_path(run, task) is play._batched
    one = sorted(play._generic(run, task), key=lambda r: r[0])
    many = sorted(play._batched(run, task), key=lambda r: r[0])
    assert [i for i, _ in many] == list(range(6))
    assert [r for _, r in many] == [r for _, r in one]
