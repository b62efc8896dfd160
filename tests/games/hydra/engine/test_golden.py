"""Golden playthroughs: recorded random games replayed and compared decision by decision.

The files in ``tests/games/hydra/engine/golden/`` were written by ``tests/games/hydra/engine/make_golden.py`` (see its
docstring for the format). Each game is replayed from its seed; at every
decision the current player, the legal actions (count and digest), the
decision taken and the sha256 of ``to_json()`` must equal the recording, and so
must the final state and ``result()``. A failure names the golden, the step
and what differs. Goldens are regenerated only with a rules version bump.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hydra_env import Game

HERE = Path(__file__).resolve().parent
FIELDS = ("current player", "number of legal actions", "legal actions digest", "decision",
          "state digest (sha256 of to_json)")


def _load_maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_golden", HERE / "make_golden.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mg = _load_maker()
REGENERATE = ("if the change is intended (a rules version bump), regenerate with "
              "`PYTHONPATH=. python tests/games/hydra/engine/make_golden.py` and bump the version")


def load(spec: Any) -> dict[str, Any]:
    return json.loads(spec.path.read_text())


def context(game: Game, step: int, decision: int) -> str:
    """Where a replay stands: for failure messages."""
    legal = game.legal_actions()
    shown = ", ".join(f"{a} ({game.describe(a)})" for a in legal[:8])
    more = f", … {len(legal) - 8} more" if len(legal) > 8 else ""
    recorded = game.describe(decision) if 0 <= decision < game.action_size else "?"
    return (f"step {step}: round {game.round}, phase {game.phase!r}, pending {game.pending}; "
            f"recorded decision {decision} = {recorded!r}; legal now: {shown}{more}")


@pytest.mark.parametrize("spec", mg.GAMES, ids=lambda s: s.name)
def test_golden_playthrough(spec: Any) -> None:
    """Replay a golden game and compare every recorded decision and the end."""
    assert spec.path.exists(), f"missing golden {spec.path.name}; {REGENERATE}"
    doc = load(spec)
    game = mg.new_game(spec)
    expected_head = mg.header(spec, game)
    for key in ("scenario", "stars", "seed", "late", "data_digest", "save_version"):
        assert doc[key] == expected_head[key], (
            f"{spec.path.name}: {key} was {doc[key]!r} when recorded, now {expected_head[key]!r} "
            f"(component data or save format changed); {REGENERATE}")
    recorded = doc["steps"]
    step = -1
    for step, (got, now) in enumerate(mg.steps(spec, game)):
        assert step < len(recorded), (
            f"{spec.path.name}: the game goes on after the recorded end ({len(recorded)} "
            f"decisions); {context(now, step, got[3])}; {REGENERATE}")
        want = recorded[step]
        diff = [f"{name}: recorded {w!r}, now {g!r}"
                for name, w, g in zip(FIELDS, want, got) if w != g]
        assert not diff, (f"{spec.path.name} differs at {context(now, step, want[3])}: "
                          + "; ".join(diff) + f"; {REGENERATE}")
    assert step + 1 == len(recorded), (
        f"{spec.path.name}: the game ended after {step + 1} decisions, "
        f"recorded {len(recorded)}; {REGENERATE}")
    got_final = mg.final(game)
    assert got_final["result"] == doc["final"]["result"], (
        f"{spec.path.name}: result differs: recorded {doc['final']['result']}, "
        f"now {got_final['result']}; {REGENERATE}")
    assert got_final["state_sha"] == doc["final"]["state_sha"], (
        f"{spec.path.name}: the final state differs; {REGENERATE}")


def test_golden_files_match_the_list() -> None:
    """Every listed golden exists and every file in tests/games/hydra/engine/golden/ is listed."""
    listed = {spec.path.name for spec in mg.GAMES}
    present = {p.name for p in mg.GOLDEN_DIR.glob("*.json")}
    assert listed == present, f"listed only: {listed - present}; files only: {present - listed}"


def test_goldens_cover_each_mode_and_player_count() -> None:
    """Scenarios 10, 11, 12 (solo) and one coordinated game for 2, 3 and 4 heroes; a win."""
    docs = [load(spec) for spec in mg.GAMES]
    assert {10, 11, 12} <= {d["scenario"] for d in docs}
    players = {Game.new(d["scenario"], 1, 0).num_players for d in docs}
    assert {2, 3, 4} <= players
    outcomes = {(d["final"]["result"]["mode"], d["final"]["result"]["outcome"]) for d in docs}
    assert {("solo", "won"), ("solo", "lost"), ("coop", "won"), ("coop", "lost")} <= outcomes


def test_golden_files_are_small() -> None:
    """Each golden stays under 20 kB (legal actions are stored as count + digest)."""
    for spec in mg.GAMES:
        assert spec.path.stat().st_size < 20_000, spec.path.name
