"""Regenerate the golden playthroughs in ``tests/games/hydra/engine/golden/`` (run by hand only).

::

    PYTHONPATH=. python tests/games/hydra/engine/make_golden.py            # rewrite every golden file
    PYTHONPATH=. python tests/games/hydra/engine/make_golden.py --check    # only say which would change

Goldens are regenerated ONLY together with a rules version bump: a change of
the rules (``docs/games/hydra/rules.md``), of the component data, of the action
layout or of the random draws changes the recorded games on purpose, and then
the data version (``hydra_env/games/hydra/data/manifest.json``) or ``hydra_env.__version__``
(and, once released, the version suffix of the registered env ids) is bumped
in the same change and the goldens are rewritten with this script.
Any other change that makes ``tests/games/hydra/engine/test_golden.py`` fail is a regression.

Each golden is one game (scenario, stars, seed) played by uniformly random
legal decisions: at every decision ``random.Random(choice_seed)`` picks an
index into the sorted legal actions. A game with ``late`` = 1 starts in its
last round (the round counter is set before the first decision, as in
``tests/games/hydra/engine/random_play.py``), so that a won ending is recorded too. The
seeds of the full games were picked among 0–399 for the longest random game
(rounds 4–5), so that later rounds and moon phases are covered.

A file holds the game's parameters, the versions it was made with, one line
per decision ``[player, n_legal, legal_sha, decision, state_sha]`` and the
final result:

* ``player``: ``current_player`` before the decision;
* ``n_legal`` and ``legal_sha``: the number of legal actions and the first
  16 hex digits of the sha256 of the sorted legal actions written as
  comma-separated decimals (``"3,17,1714"``);
* ``decision``: the action index taken;
* ``state_sha``: the sha256 of ``to_json()`` before the decision;

then ``final``: ``state_sha`` after the last decision and ``result``
(``Game.result().to_dict()``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import hydra_env
from hydra_env import Game
from hydra_env.games.hydra.rules.saves import SAVE_VERSION
from hydra_env.games.hydra.rules.testing import edit

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
FORMAT = "hydra-env/golden"


class Spec(NamedTuple):
    """One recorded game."""

    scenario: int
    seed: int
    late: int = 0          # 1: start in the last round
    stars: int = 1

    @property
    def name(self) -> str:
        late = "_last_round" if self.late else ""
        return f"scenario{self.scenario:02d}_stars{self.stars}_seed{self.seed}{late}"

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.json"


GAMES = (
    Spec(10, 172), Spec(11, 124), Spec(12, 61),      # solo
    Spec(8, 72),                                     # coordinated, 2 heroes
    Spec(4, 249),                                    # coordinated, 3 heroes
    Spec(1, 169),                                    # coordinated, 4 heroes
    Spec(10, 5, late=1, stars=3),                    # solo, won in the last round
    Spec(7, 5, late=1),                              # coordinated, last round
)


def sha(text: str) -> str:
    """The sha256 hex digest of ``text``."""
    return hashlib.sha256(text.encode()).hexdigest()


def legal_sha(legal: list[int]) -> str:
    """The first 16 hex digits of the sha256 of ``legal`` as comma-separated decimals."""
    return sha(",".join(map(str, legal)))[:16]


def new_game(spec: Spec) -> Game:
    """The game of ``spec`` before its first decision."""
    game = Game.new(scenario=spec.scenario, stars=spec.stars, seed=spec.seed)
    if spec.late:
        with edit(game) as state:
            state.round = max(len(state.moon_tokens) - spec.late, 0)
    return game


def steps(spec: Spec, game: Game) -> Iterator[tuple[list, Game]]:
    """Play ``game`` (new, of ``spec``) to its end: yields
    ``([player, n_legal, legal_sha, decision, state_sha], game)`` before each decision."""
    rng = random.Random(spec.seed)
    while not game.is_over:
        legal = game.legal_actions()
        decision = legal[rng.randrange(len(legal))]
        yield [game.current_player, len(legal), legal_sha(legal), decision,
               sha(game.to_json())], game
        game.apply(decision)


def final(game: Game) -> dict[str, Any]:
    """The recorded end of a finished game."""
    return {"state_sha": sha(game.to_json()), "result": json.loads(json.dumps(
        game.result().to_dict()))}


def header(spec: Spec, game: Game) -> dict[str, Any]:
    """Parameters and versions of a golden."""
    comp = game.components
    return {"format": FORMAT, "scenario": spec.scenario, "stars": spec.stars,
            "seed": spec.seed, "choice_seed": spec.seed, "late": spec.late,
            "hydra_env_version": hydra_env.__version__, "save_version": SAVE_VERSION,
            "data_name": comp.name, "data_version": comp.version, "data_digest": comp.digest}


def record(spec: Spec) -> dict[str, Any]:
    """The golden document of ``spec``."""
    game = new_game(spec)
    doc = header(spec, game)
    doc["steps"] = [step for step, _ in steps(spec, game)]
    doc["final"] = final(game)
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """JSON text with one line per step (small diffs, readable files)."""
    head = {k: v for k, v in doc.items() if k not in ("steps", "final")}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "steps": [')
    lines.append(",\n".join("    " + json.dumps(s, separators=(",", ":")) for s in doc["steps"]))
    lines.append("  ],")
    lines.append(f'  "final": {json.dumps(doc["final"], separators=(",", ":"))}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="write nothing; list the goldens "
                        "that would change (exit status 1 if any)")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(exist_ok=True)
    changed = 0
    for spec in GAMES:
        text = dumps(record(spec))
        old = spec.path.read_text() if spec.path.exists() else None
        status = "unchanged" if old == text else ("new" if old is None else "CHANGED")
        changed += old != text
        print(f"{spec.path.name:45s} {len(json.loads(text)['steps']):4d} decisions  {status}")
        if not args.check and old != text:
            spec.path.write_text(text)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
