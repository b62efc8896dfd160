"""The exact solo optimum of Heroica (spec 4.7): value iteration over turns, per hero class.

The solo game is a Markov decision process over turn-start states
(:class:`~hydra_env.games.heroica.solver_model.StateCodec`); one turn is the graph of
:class:`~hydra_env.games.heroica.solver_model.TurnGraph` (expectimax over the die's faces and
the player's decisions). With the censoring of HR36 (a game not won within L turns counts as
L + 1) the value is turn-indexed: ``C[k, s]`` is the least expected censored number of turns
still to play from state ``s`` with ``k`` turns left::

    C[0, s] = 1
    C[k, s] = 1 + E_turn[ 0 if the turn wins, else C[k − 1, s'] ]   (decisions minimise)

so the optimum's censored mean T from the start is ``C[L, start]``. The same iteration without the
turn counted, ``measure="unfinished"``, gives ``U[k, s]``, the least chance of *not* having won
within ``k`` turns (``U[0, s] = 1``; ``U[k, s] = E_turn[0 if the turn wins, else U[k − 1, s']]``): a
race is lost by finishing late, not by the mean (``benchmarks/heroica_race_variants.py`` plays by
it). Solving one class takes
seconds to a minute; the tables are cached under the user's cache folder (``HYDRA_ENV_CACHE``,
else ``$XDG_CACHE_HOME/hydra-env``, else ``~/.cache/hydra-env``), keyed by a digest of the data
files. ``python -m hydra_env.games.heroica.solver`` solves every class and prints the optimum
and the solve times. numpy and the standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from hydra_env.errors import ConfigError
from hydra_env.games.heroica.loader import CLASS_ORDER, DATA_DIR, Tables, default_tables
from hydra_env.games.heroica.solver_model import CHANCE, CHOICE, LEAF, StateCodec, TurnGraph

SOLVER_VERSION = "heroica-solo-solver/1"
"""Part of the cache key: change it when the model or the tables' layout changes."""
MEASURES = ("turns", "unfinished")
"""What a table holds: the expected censored turns ``C`` or the chance of not having won ``U``."""
DATA_FILES = ("die.json", "heroes.json", "monsters.json", "items.json", "maps/draida.json")


@dataclass
class Solution:
    """The solved tables of one hero class: ``values[k, s]`` as in the module docstring
    (float32; NaN for states that cannot occur), the turn limit L, the solve time, and the
    ``measure`` (:data:`MEASURES`)."""

    hero: str
    turn_limit: int
    values: np.ndarray
    codes: StateCodec
    solve_seconds: float
    measure: str = "turns"

    def start_value(self, crystal: bool = True) -> float:
        """The optimum's censored mean T of a solo game from its start (spec 4.7)."""
        return float(self.values[self.turn_limit, self.codes.index(self.codes.start(crystal))])

    def continuation(self, turn: int) -> np.ndarray:
        """The values of the states the next turn may start from, seen from inside turn ``turn``
        (1-based): ``C[L − turn]``."""
        if not 1 <= turn <= self.turn_limit:
            raise ConfigError(f"turn {turn} is outside the solo game's turns 1..{self.turn_limit}")
        return self.values[self.turn_limit - turn]


# ---------------------------------------------------------------- the graph as arrays
@dataclass
class _Level:
    parents: np.ndarray
    starts: np.ndarray
    children: np.ndarray
    weights: np.ndarray | None          # None: a CHOICE level (minimum); else CHANCE (weighted sum)


def _compile(graph: TurnGraph) -> list[_Level]:
    """The CHANCE and CHOICE nodes grouped by height (leaves 0), as arrays for numpy."""
    height = np.zeros(len(graph.kind), np.int32)
    groups: dict[tuple[int, int], list[int]] = {}
    for node, kind in enumerate(graph.kind):
        if kind in (CHANCE, CHOICE):
            height[node] = 1 + max(height[c] for _, c in graph.children[node])
            groups.setdefault((int(height[node]), kind), []).append(node)
    levels = []
    for (_, kind), nodes in sorted(groups.items()):
        counts = [len(graph.children[n]) for n in nodes]
        children = np.fromiter((c for n in nodes for _, c in graph.children[n]), np.int64, sum(counts))
        weights = None
        if kind == CHANCE:
            weights = np.fromiter((w for n in nodes for w, _ in graph.children[n]), np.float64, sum(counts))
        starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
        levels.append(_Level(np.asarray(nodes, np.int64), starts, children, weights))
    return levels


def _progress(enabled: bool, text: str, end: str = "") -> None:
    if enabled:
        print(f"\r{text}", end=end, file=sys.stderr, flush=True)


def _check(turn_limit: Any, measure: str) -> None:
    if not isinstance(turn_limit, int) or turn_limit < 1:
        raise ConfigError(f"turn_limit must be a whole number >= 1, got {turn_limit!r}")
    if measure not in MEASURES:
        raise ConfigError(f"measure {measure!r} is not one of {', '.join(MEASURES)}")


@dataclass
class _Structure:
    """One class's turn graph compiled for value iteration (kept per process: a second measure or
    limit of the same class skips the graph, which is most of a solve's time)."""

    codes: StateCodec
    valid: np.ndarray
    roots: np.ndarray
    levels: list[_Level]
    leaves: np.ndarray
    leaf_states: np.ndarray
    wins: np.ndarray
    nodes: int


_STRUCTURES: dict[tuple[Tables, str], _Structure] = {}


def _structure(tables: Tables, hero: str, progress: bool) -> _Structure:
    key = (tables, hero)
    if key in _STRUCTURES:
        return _STRUCTURES[key]
    graph = TurnGraph(tables, hero)
    codes = graph.codes
    valid = np.array([codes.valid(codes.position(i)) for i in range(codes.size)])
    roots = np.full(codes.size, -1, np.int64)
    for count, index in enumerate(np.flatnonzero(valid)):
        roots[index] = graph.root(int(index))
        if count % 4096 == 0:
            _progress(progress, f"heroica solver, {hero}: turn graph {count:,}/{int(valid.sum()):,} states, "
                      f"{len(graph.kind):,} nodes")
    kinds = np.asarray(graph.kind)
    leaves = np.flatnonzero(kinds == LEAF)
    leaf_states = np.asarray(graph.leaf, np.int64)[leaves]
    if not valid[leaf_states].all():
        raise RuntimeError("heroica solver: a turn ends in a state the codec calls impossible (a model bug)")
    found = _Structure(codes, valid, roots, _compile(graph), leaves, leaf_states,
                       np.asarray(graph.win, np.int64), len(graph.kind))
    if len(_STRUCTURES) >= 8:
        _STRUCTURES.clear()
    _STRUCTURES[key] = found
    return found


def solve(tables: Tables, hero: str, turn_limit: int = 40, progress: bool = True,
          measure: str = "turns") -> Solution:
    """Solve the solo game of ``hero`` on ``tables`` with limit L = ``turn_limit`` (a progress line
    on stderr while it runs); ``measure``: the expected censored turns (``"turns"``) or the chance
    of not having won within each number of turns (``"unfinished"``)."""
    _check(turn_limit, measure)
    counted = 1.0 if measure == "turns" else 0.0
    began = time.perf_counter()
    g = _structure(tables, hero, progress)
    valid = g.valid
    values = np.full((turn_limit + 1, g.codes.size), np.nan)
    values[0, valid] = 1.0
    node_values = np.zeros(g.nodes)
    for k in range(1, turn_limit + 1):
        node_values[g.leaves] = values[k - 1, g.leaf_states]
        node_values[g.wins] = 0.0
        for level in g.levels:
            gathered = node_values[level.children]
            if level.weights is None:
                node_values[level.parents] = np.minimum.reduceat(gathered, level.starts)
            else:
                node_values[level.parents] = np.add.reduceat(gathered * level.weights, level.starts)
        values[k, valid] = counted + node_values[g.roots[valid]]
        if k % 10 == 0:
            _progress(progress, f"heroica solver, {hero}: {g.nodes:,} nodes; value iteration {k}/{turn_limit}")
    seconds = time.perf_counter() - began
    _progress(progress, f"heroica solver, {hero}: {g.nodes:,} nodes, {turn_limit} turns: "
              f"solved in {seconds:.1f} s", end="\n")
    return Solution(hero, turn_limit, values.astype(np.float32), g.codes, seconds, measure)


# ---------------------------------------------------------------- the cache
def _rules_data(value: Any) -> Any:
    """A data file's JSON value without its ``calibration`` notes (measurements, not rules)."""
    if isinstance(value, dict):
        return {k: _rules_data(v) for k, v in value.items() if k != "calibration"}
    if isinstance(value, list):
        return [_rules_data(v) for v in value]
    return value


def data_digest(folder: Path = DATA_DIR) -> str:
    """A digest of the shipped data files (less their calibration notes, so that re-measuring
    does not invalidate the solved tables) and the solver's version: the cache key."""
    digest = hashlib.sha256(SOLVER_VERSION.encode())
    for name in DATA_FILES:
        digest.update(name.encode())
        data = _rules_data(json.loads((folder / name).read_text(encoding="utf-8")))
        digest.update(json.dumps(data, sort_keys=True).encode())
    return digest.hexdigest()[:20]


def cache_dir() -> Path:
    """Where solved tables are kept (see the module docstring)."""
    if os.environ.get("HYDRA_ENV_CACHE"):
        return Path(os.environ["HYDRA_ENV_CACHE"]) / "heroica"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hydra-env" / "heroica"


def cache_path(hero: str, turn_limit: int, measure: str = "turns") -> Path:
    """The cache file of one class, limit and measure on the shipped data."""
    kind = "" if measure == "turns" else f"{measure}-"
    return cache_dir() / f"solo-{kind}{hero}-L{turn_limit}-{data_digest()}.npz"


_SOLVED: dict[tuple[Tables, str, int, str], Solution] = {}


def solution(hero: str, turn_limit: int = 40, tables: Tables | None = None, progress: bool = True,
             measure: str = "turns") -> Solution:
    """The solved tables of ``hero`` (``measure`` as in :func:`solve`): from this process, from the
    cache (shipped data only), or solved now (and cached)."""
    if hero not in CLASS_ORDER:
        raise ConfigError(f"hero {hero!r} is not a class; use one of {', '.join(CLASS_ORDER)}")
    _check(turn_limit, measure)
    t = default_tables() if tables is None else tables
    key = (t, hero, turn_limit, measure)
    if key in _SOLVED:
        return _SOLVED[key]
    shipped = t is default_tables()
    found = _load(hero, turn_limit, t, measure) if shipped else None
    if found is None:
        found = solve(t, hero, turn_limit, progress, measure)
        if shipped:
            _save(found)
    _SOLVED[key] = found
    return found


def _load(hero: str, turn_limit: int, t: Tables, measure: str = "turns") -> Solution | None:
    path = cache_path(hero, turn_limit, measure)
    try:
        with np.load(path) as data:
            values, seconds = data["values"], float(data["solve_seconds"])
    except (OSError, KeyError, ValueError):
        return None
    codes = StateCodec(t)
    if values.shape != (turn_limit + 1, codes.size):
        return None
    return Solution(hero, turn_limit, values, codes, seconds, measure)


def _save(found: Solution) -> None:
    path = cache_path(found.hero, found.turn_limit, found.measure)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez_compressed(partial, values=found.values, solve_seconds=np.float64(found.solve_seconds))
        os.replace(partial, path)
    except OSError as exc:          # a read-only home: solve again next time
        print(f"heroica solver: cannot write the cache {path} ({exc})", file=sys.stderr)


def main(argv: list[str]) -> None:
    """``[L]``: solve every class (or load it from the cache) and print the optimum per class."""
    turn_limit = int(argv[0]) if argv else 40
    for hero in CLASS_ORDER:
        found = solution(hero, turn_limit)
        print(f"{hero}: optimum censored mean T {found.start_value():.4f} (L = {turn_limit}); "
              f"solved in {found.solve_seconds:.1f} s; cache {cache_path(hero, turn_limit)}")


if __name__ == "__main__":
    main(sys.argv[1:])
