"""``hydra-env evaluate``: the three files, their statistics, seeding and atomic output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents import cli, evaluate, plots, stats
from agents.backends import GameRecord, bot_seed, game_seed
from hydra_env import Game
from hydra_env.envs.bots import bot_names, register_bot


def _run(tmp_path: Path, *extra: str, name: str = "out") -> tuple[int, Path]:
    out = tmp_path / name
    code = cli.main(["evaluate", "--no-progress", "--out", str(out), *extra])
    return code, out


def _fake_records(tasks: list, **_: Any) -> list[GameRecord]:
    """Won and lost games with scores on every R40 band edge (no bot needed)."""
    scores = [45, 46, 59, 60, 69, 70, 79, 80, 89, 90, 100, 101, 72, 72, 30]
    out = []
    for t in tasks:
        score = scores[t.index % len(scores)] if t.index % 4 != 3 else None
        out.append(GameRecord(t.index, t.seed, {
            "outcome": "lost" if score is None else "won", "score": score,
            "necks": 20 + t.index % 7, "heads": 8, "walls": t.index % 5,
            "hero_on_wall": t.index % 2, "rounds": 6 if score else 1 + t.index % 6,
            "ranking": [0], "glory": [3], "epic_hero": None, "tragic_hero": None}))
    return out


# --------------------------------------------------------------------------- statistics

def test_r40_score_bands_put_45_below_46() -> None:
    assert stats.band_of(45) == "below 46"
    assert stats.band_of(46) == "46-59"
    assert stats.band_of(59) == "46-59" and stats.band_of(60) == "60-69"
    assert stats.band_of(100) == "90-100" and stats.band_of(101) == "above 100"
    assert stats.band_of(-20) == "below 46"
    assert [b[0] for b in stats.BANDS] == ["below 46", "46-59", "60-69", "70-79", "80-89",
                                           "90-100", "above 100"]


def test_r39_a_loss_counts_zero_in_the_expected_score_only() -> None:
    s = stats.solo_summary(["won", "lost", "won", "lost"], [80, None, 60, None])
    assert s["expected_score"]["mean"] == 35.0
    assert s["mean_score_won"]["mean"] == 70.0
    assert s["wins"] == 2 and s["losses"] == 2
    assert sum(b["count"] for b in s["bands"]) == 2


def test_wilson_interval_known_values() -> None:
    lo, hi = stats.wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert stats.wilson_interval(0, 10)[0] == 0.0 and stats.wilson_interval(10, 10)[1] == 1.0
    assert stats.wilson_interval(0, 0) is None


def test_bootstrap_interval_is_fixed_and_covers_the_mean() -> None:
    x = np.random.default_rng(3).normal(70, 8, 500)
    a, b = stats.bootstrap_mean_interval(x), stats.bootstrap_mean_interval(x)
    assert a == b
    assert a[0] < x.mean() < a[1] and a[1] - a[0] < 2.0
    assert stats.bootstrap_mean_interval([]) is None


def test_game_seeds_depend_only_on_run_seed_and_index() -> None:
    assert game_seed(0, 5) == game_seed(0, 5)
    assert len({game_seed(0, i) for i in range(200)}) == 200
    assert game_seed(0, 1) != game_seed(1, 0)
    assert bot_seed(0, 3, 0) != bot_seed(0, 3, 1) != game_seed(0, 3)
    assert all(0 <= game_seed(s, i) < 2**63 for s in (0, 2**40) for i in (0, 10**6))


# --------------------------------------------------------------------------- files

def test_games_csv_reaggregates_exactly_to_summary_json(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "run_games", _fake_records)
    code, out = _run(tmp_path, "--agent", "random", "--games", "60", "--workers", "1")
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    rows = evaluate.read_games_csv(out / "games.csv")
    again = evaluate.summarize(rows, coop=False)
    assert again == {k: v for k, v in summary.items() if k not in ("config", "command")}
    # and by hand, from the CSV alone
    won = [int(r["score"]) for r in rows if r["outcome"] == "won"]
    assert summary["n_games"] == len(rows) == 60
    assert summary["wins"] == len(won) == 45 and summary["losses"] == 15
    assert summary["win_rate"]["rate"] == 45 / 60
    assert summary["expected_score"]["mean"] == pytest.approx(sum(won) / 60)
    assert summary["mean_score_won"]["mean"] == pytest.approx(np.mean(won))
    assert summary["mean_score_won"]["std"] == pytest.approx(np.std(won, ddof=1))
    assert summary["quantiles_won"]["p50"] == np.percentile(won, 50)
    bands = {b["band"]: b["count"] for b in summary["bands"]}
    assert bands["below 46"] == sum(s <= 45 for s in won) and bands["above 100"] == won.count(101)
    assert sum(bands.values()) == len(won)
    assert all(r["band"] == stats.band_of(int(r["score"])) for r in rows if r["score"])
    assert (out / "scores.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_same_seed_same_files_whatever_the_workers(tmp_path: Path) -> None:
    base = ["--agent", "random", "--games", "40", "--seed", "7"]
    assert _run(tmp_path, *base, "--workers", "1", name="w1")[0] == 0
    assert _run(tmp_path, *base, "--workers", "2", name="w2")[0] == 0
    for name in ("games.csv", "summary.json", "scores.png"):
        assert (tmp_path / "w1" / name).read_bytes() == (tmp_path / "w2" / name).read_bytes()
    summary = json.loads((tmp_path / "w1" / "summary.json").read_text())
    assert "--workers" not in summary["command"] and summary["config"]["seed"] == 7
    rows = evaluate.read_games_csv(tmp_path / "w1" / "games.csv")
    assert [int(r["seed"]) for r in rows] == [game_seed(7, i) for i in range(40)]
    assert list(rows[0]) == list(evaluate.SOLO_COLUMNS)


def test_a_real_game_row_matches_a_replayed_game(tmp_path: Path) -> None:
    code, out = _run(tmp_path, "--agent", "random", "--games", "3", "--workers", "1")
    assert code == 0
    row = evaluate.read_games_csv(out / "games.csv")[1]
    from hydra_env.envs.bots import make_bot
    game = Game.new(10, 1, int(row["seed"]))
    bot = make_bot("random", seed=bot_seed(0, 1, 0))
    while not game.is_over:
        game.apply(bot.act(game.view(0), game.legal_actions()))
    r = game.result()
    assert (row["outcome"], row["necks"], row["walls"], row["rounds"]) == \
        (r.outcome, str(r.necks), str(r.walls), str(r.rounds))


@pytest.mark.skipif(not {"greedy", "heuristic"} & set(bot_names()),
                    reason="no scripted bot that wins is registered yet (greedy/heuristic)")
def test_a_winning_bot_reaggregates_to_its_summary(tmp_path: Path) -> None:
    agent = "greedy" if "greedy" in bot_names() else "heuristic"
    code, out = _run(tmp_path, "--agent", agent, "--games", "20", "--workers", "2")
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    rows = evaluate.read_games_csv(out / "games.csv")
    assert evaluate.summarize(rows, coop=False) == \
        {k: v for k, v in summary.items() if k not in ("config", "command")}
    assert summary["wins"] > 0


def test_coop_evaluate_writes_glory_and_ranking(tmp_path: Path) -> None:
    code, out = _run(tmp_path, "--mode", "coop", "--scenario", "7", "--agent", "random",
                     "--games", "6", "--workers", "1")
    assert code == 0
    rows = evaluate.read_games_csv(out / "games.csv")
    assert list(rows[0]) == list(evaluate.COOP_COLUMNS)
    assert all(len(r["glory"].split()) == 2 and r["score"] == "" for r in rows)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["config"]["seats"] == ["random", "random"]
    assert evaluate.summarize(rows, coop=True) == \
        {k: v for k, v in summary.items() if k not in ("config", "command")}


def test_save_replays_writes_verifiable_replays(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, "--agent", "random", "--games", "5", "--workers", "1",
                     "--save-replays", "lost")
    assert code == 0
    files = sorted((out / "replays").glob("*.json"))
    assert [f.name for f in files] == [f"game-{i:06d}.json" for i in range(5)]
    assert cli.main(["replay", str(out / "replays"), "--check-bots"]) == 0
    assert "5/5 replays verified" in capsys.readouterr().out


# --------------------------------------------------------------------------- failures

def test_interrupted_run_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: Any, **__: Any) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "run_games", interrupted)
    code, out = _run(tmp_path, "--agent", "random", "--games", "3", "--workers", "1")
    assert code == 130
    assert list(tmp_path.iterdir()) == []


def test_failure_while_writing_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*_: Any, **__: Any) -> None:
        raise OSError("disk full")
    monkeypatch.setattr(plots, "plot_solo_scores", broken)
    assert _run(tmp_path, "--agent", "random", "--games", "3", "--workers", "1")[0] == 1
    assert "disk full" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


class _BrokenBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: Any, legal: list[int]) -> int:
        return 10**6          # never legal


def test_a_bot_that_plays_an_illegal_action_is_reported(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    register_bot("test-broken", _BrokenBot)
    code, out = _run(tmp_path, "--agent", "test-broken", "--games", "2", "--workers", "1")
    assert code == 1
    err = capsys.readouterr().err
    assert "game 0 (seed" in err and "IllegalActionError" in err and "Traceback" not in err
    assert not out.exists()
