"""Each game's folder keeps its engine apart from its Gymnasium and PettingZoo adapters.

A game's adapters are the modules (or packages) named ``env``, ``envs`` and ``pettingzoo`` in
its package; the import-linter contract "The engines and their data need numpy and the
standard library only" checks every other module of every game and ignores what the adapters
import. That only holds if no other module of the game imports an adapter (the spec names
them as text, ``"module:Class"``): checked here by reading every module's imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hydra_env

GAMES_DIR = Path(hydra_env.__file__).resolve().parent / "games"
ADAPTERS = ("env", "envs", "pettingzoo")


def _module_name(path: Path) -> str:
    parts = path.relative_to(GAMES_DIR.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_adapter(module: str, game: str) -> bool:
    rest = module.split(f"hydra_env.games.{game}.", 1)
    return len(rest) == 2 and rest[1].split(".")[0] in ADAPTERS


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return names


@pytest.mark.parametrize("game", sorted(p.name for p in GAMES_DIR.iterdir() if (p / "spec.py").is_file()))
def test_a_games_engine_never_imports_its_env_adapters(game: str) -> None:
    offenders = []
    for path in sorted((GAMES_DIR / game).rglob("*.py")):
        module = _module_name(path)
        if _is_adapter(module, game):
            continue
        for name in _imports(path):
            if name.startswith(f"hydra_env.games.{game}.") and _is_adapter(name, game):
                offenders.append(f"{module} imports {name}")
    assert not offenders, "a game's engine must not import its env adapters:\n" + "\n".join(offenders)


def test_the_layout_check_finds_an_engine_that_imports_its_adapter(tmp_path: Path) -> None:
    engine = tmp_path / "rules.py"
    engine.write_text("from hydra_env.games.toy.envs import ToyEnv\n")
    assert any(_is_adapter(n, "toy") for n in _imports(engine))
    assert not _is_adapter("hydra_env.games.toy.envsmith", "toy")
