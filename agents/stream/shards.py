"""Seed ranges cut into shards, one small JSON file per finished shard.

The games ``0 … G−1`` of a run (game i is dealt from (seed, i) only, :mod:`agents.backends`)
are cut into shards of ``shard_size`` consecutive games; shard k holds games
``k·S … min((k+1)·S, G) − 1`` and, once played, is the file ``OUT/shards/shard-KKKKKKK.json``:

* ``config`` and ``config_digest``: what decides the results (the game, its parameters, the
  agents, the seed, the number of games and the shard size);
* ``range``: ``[first game, end)``; ``summary``: the shard's :class:`~agents.stream.summary.Summary`;
* ``digest``: SHA-256 of the canonical JSON of the three above.

A file is written atomically (a temporary file, then a rename) and trusted only when it parses,
its digest checks and its config and range are the run's: a run finds its finished shards and
skips them (resume), and a half-written or foreign file is played again. Shards run anywhere
(``--shards I/N``, ``--seed-range A:B``) are combined by copying their files together
(:func:`collect`).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.outputs import UsageError, atomic_write_text
from agents.stream.summary import Summary, canonical_json

SHARD_FORMAT = "hydra-env-stream-shard/1"
SHARDS_DIR = "shards"
_NAME = re.compile(r"shard-(\d{7,})\.json$")


def digest(data: Any) -> str:
    """SHA-256 (hex) of ``data``'s canonical JSON."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Plan:
    """``games`` games cut into shards of ``shard_size``."""

    games: int
    shard_size: int

    @property
    def count(self) -> int:
        """The number of shards."""
        return -(-self.games // self.shard_size)

    def range(self, k: int) -> tuple[int, int]:
        """Shard ``k``'s games: ``(first, end)``."""
        return k * self.shard_size, min((k + 1) * self.shard_size, self.games)

    def games_in(self, shards: range) -> int:
        """The games of a run of consecutive ``shards``."""
        return self.range(shards.stop - 1)[1] - self.range(shards.start)[0] if len(shards) else 0


def parse_part(text: str, plan: Plan) -> range:
    """``--shards I/N``: part I (1 … N) of N near-equal blocks of consecutive shards."""
    m = re.fullmatch(r"\s*(\d{1,12})\s*/\s*(\d{1,12})\s*", text or "")
    if not m:
        raise UsageError(f"--shards {text!r}: expected I/N, part I of N (such as 3/10: the third of "
                         f"ten parts)")
    i, n = int(m.group(1)), int(m.group(2))
    if n < 1 or not 1 <= i <= n:
        raise UsageError(f"--shards {text}: I must be from 1 to N (N ≥ 1), such as 1/{max(n, 2)}")
    if n > plan.count:
        raise UsageError(f"--shards {text}: the run has only {plan.count} shard(s) of {plan.shard_size} "
                         f"games; give N ≤ {plan.count}, or a smaller --shard-size")
    return range((i - 1) * plan.count // n, i * plan.count // n)


def parse_seed_range(text: str, plan: Plan) -> range:
    """``--seed-range A:B``: games A … B−1, on shard boundaries (A and B multiples of the shard
    size, or B the number of games)."""
    m = re.fullmatch(r"\s*(\d{1,13})\s*:\s*(\d{1,13})\s*", text or "")
    if not m:
        raise UsageError(f"--seed-range {text!r}: expected A:B, the games A to B-1 (such as "
                         f"0:{plan.shard_size})")
    a, b = int(m.group(1)), int(m.group(2))
    if not 0 <= a < b <= plan.games:
        raise UsageError(f"--seed-range {text}: need 0 ≤ A < B ≤ --games ({plan.games})")
    s = plan.shard_size
    if a % s or (b % s and b != plan.games):
        lo, hi = a - a % s, min(plan.games, -(-b // s) * s)
        raise UsageError(f"--seed-range {text}: A and B must fall on shard boundaries (multiples of "
                         f"--shard-size {s}, or B = --games) so that shard files line up; such as "
                         f"{lo}:{hi}")
    return range(a // s, -(-b // s))


def shard_path(out: Path, k: int) -> Path:
    """The file of shard ``k`` under ``out``."""
    return Path(out) / SHARDS_DIR / f"shard-{k:07d}.json"


def shard_data(config: dict[str, Any], first: int, end: int, summary: Summary) -> dict[str, Any]:
    """A shard file's content."""
    body = {"config": config, "config_digest": digest(config), "range": [first, end],
            "summary": summary.to_state()}
    return {"format": SHARD_FORMAT, **body, "digest": digest(body)}


def write_shard(out: Path, k: int, config: dict[str, Any], first: int, end: int, summary: Summary) -> Path:
    """Write shard ``k``'s file atomically; its path."""
    path = shard_path(out, k)
    atomic_write_text(path, json.dumps(shard_data(config, first, end, summary), sort_keys=True) + "\n")
    return path


def read_shard(path: Path) -> tuple[dict[str, Any], Summary]:
    """A shard file's data and summary; ValueError saying why it cannot be trusted."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"unreadable ({type(exc).__name__}: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != SHARD_FORMAT:
        raise ValueError(f"not a shard file (format {SHARD_FORMAT})")
    body = {k: data.get(k) for k in ("config", "config_digest", "range", "summary")}
    if data.get("digest") != digest(body) or body["config_digest"] != digest(body["config"]):
        raise ValueError("its digest does not match its content (a damaged or edited file)")
    summary = Summary.from_state(body["summary"])
    first, end = body["range"]
    if summary.n_games != end - first:
        raise ValueError(f"it counts {summary.n_games} games for the range {first}:{end}")
    return data, summary


def trusted(out: Path, k: int, config: dict[str, Any], plan: Plan) -> Summary | None:
    """Shard ``k``'s summary when its file exists and belongs to this run, else None (a note
    printed when a file is there but not trusted)."""
    path = shard_path(out, k)
    if not path.exists():
        return None
    try:
        data, summary = read_shard(path)
    except ValueError as exc:
        print(f"note: {path} is not trusted ({exc}); its games are played again")
        return None
    if data["config_digest"] != digest(config) or list(data["range"]) != list(plan.range(k)):
        print(f"note: {path} belongs to another run (its config or range differ); its games are "
              f"played again")
        return None
    return summary


def collect(sources: list[Path]) -> tuple[dict[str, Any], dict[int, Summary]]:
    """The shard files of the folders ``sources`` (run folders or their ``shards/``): the config
    they share and the summary of each shard. UsageError naming the file for a damaged shard,
    shards of different runs, or the same shard twice with different content."""
    config: dict[str, Any] | None = None
    found: dict[int, tuple[Path, Summary, str]] = {}
    for source in sources:
        folder = Path(source)
        folder = folder / SHARDS_DIR if (folder / SHARDS_DIR).is_dir() else folder
        if not folder.is_dir():
            raise UsageError(f"{source}: no such folder (give run folders written by "
                             f"`hydra-env evaluate-stream --out DIR`)")
        files = sorted(p for p in folder.iterdir() if _NAME.match(p.name))
        if not files:
            raise UsageError(f"{source}: holds no shard files (shards/shard-NNNNNNN.json)")
        for path in files:
            try:
                data, summary = read_shard(path)
            except ValueError as exc:
                raise UsageError(f"{path}: {exc}; delete it and run its shard again") from None
            if config is None:
                config = data["config"]
            elif digest(data["config"]) != digest(config):
                raise UsageError(f"{path}: belongs to another run than the first shard read (its "
                                 f"game, agents, seed, games or shard size differ); merge shards of "
                                 f"one run only")
            k = int(_NAME.match(path.name).group(1))  # type: ignore[union-attr]
            plan = Plan(config["games"], config["shard_size"])
            if not 0 <= k < plan.count or list(data["range"]) != list(plan.range(k)):
                raise UsageError(f"{path}: its range {data['range']} is not shard {k} of the run")
            if k in found and found[k][2] != data["digest"]:
                raise UsageError(f"{path} and {found[k][0]}: shard {k} twice with different "
                                 f"results (runs of different code?)")
            found[k] = (path, summary, data["digest"])
    assert config is not None
    return config, {k: v[1] for k, v in found.items()}


def missing(plan: Plan, have: set[int] | dict[int, Any]) -> list[tuple[int, int]]:
    """The game ranges ``(first, end)`` of the shards not in ``have``, adjacent ones joined."""
    gaps: list[tuple[int, int]] = []
    for k in range(plan.count):
        if k in have:
            continue
        first, end = plan.range(k)
        if gaps and gaps[-1][1] == first:
            gaps[-1] = (gaps[-1][0], end)
        else:
            gaps.append((first, end))
    return gaps
