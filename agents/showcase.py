"""The showcase replays of ``evaluate --html`` and ``tournament --html``.

The report pages link the replays of three picked games (best, median and
worst, :func:`agents.viewer.report.showcase_games`). Games are played without
recording, so :func:`save_showcase_replays` plays the picked ones again from
their recorded seeds with recording on and saves their replays in
``folder/replays`` (where ``--save-replays`` puts its own), so the report finds
them there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from agents import replay

_CHECKED = ("outcome", "score", "rounds", "glory", "ranking")


def string_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """``games.csv`` rows as they read back from the file (None becomes ``""``)."""
    return [{k: "" if v is None else str(v) for k, v in r.items()} for r in rows]


def save_showcase_replays(folder: Path, tasks: Sequence[Any], records: Sequence[Any],
                          picks: Mapping[str, int]) -> int:
    """Save the replays of the games ``picks`` names (label -> game index) into
    ``folder/replays``, played again from their tasks with recording on; a replay
    already there is kept. A game that does not play again to the same result
    (outcome, score, rounds, glory, ranking) is not saved, with a note. How many
    were written."""
    from agents.backends import play_game

    by_index = {rec.index: rec for rec in records}
    written = 0
    for index in sorted(set(picks.values())):
        path = Path(folder) / "replays" / f"game-{index:06d}.json"
        if path.exists():
            continue
        task = dataclasses.replace(tasks[index], record=True)
        rec = play_game(task)
        before = by_index[index].result
        if any(rec.result.get(k) != before.get(k) for k in _CHECKED):
            print(f"note: game {index} played again differently; its replay is not saved")
            continue
        replay.write_replay(path, replay.replay_of_task(task, rec.decisions or [], rec.result,
                                                        rec.notes))
        written += 1
    return written
