"""The rule index's shared part: each game's rules document read into its rules, and
the files of the repository read as text.

Every registered game with a rules document (``spec.rules_doc``, e.g. docs/games/hydra/rules.md)
numbers its settled rules with its prefix (``spec.rule_prefix``: ``P`` below) as
headings ``### P<n> — <title>``, each followed by an ``Implemented in:`` line (module
paths, each with the names of its functions in parentheses) and a ``Tests:`` line
(test function names). A game's rule tests are looked for in the whole of ``tests/``:
most sit in its own folder ``tests/games/<name>/``, some in the generic folders (the
envs' hidden-information tests, the tools' scoring tests); rule numbers carry the game's
prefix, so two games' tests never mix.

"Files of the repository": those git tracks plus new ones git does not ignore (a new
file is checked before it is committed), less binaries and the golden playthroughs
(tests/games/hydra/engine/golden/*.json). They are read once and shared by the
checks: the rules documents and what they cite and name in
test_rule_index_definitions.py, each rule's tests in test_rule_index_tests.py, and
the repository standing on its own in test_repository_self_contained.py.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from hydra_env.api import game_names, game_spec

REPO = Path(__file__).resolve().parents[2]

BINARY_SUFFIXES = {".zip", ".png", ".jpg", ".jpeg", ".gif", ".ico", ".pdf", ".gz", ".tar",
                   ".whl", ".npz", ".npy", ".pt", ".pth", ".pkl", ".so", ".pyc"}
GOLDEN_DIR = "tests/games/hydra/engine/golden/"

HEADING = re.compile(r"^#{1,6} ")
BACKTICKED = re.compile(r"`([^`]+)`")

EMBEDDED_IMAGE = re.compile(r'("image/[\w.+-]+": )"[A-Za-z0-9+/=\\n]*"')


@dataclass(frozen=True)
class RuleBook:
    """One game's rules document, its rule prefix and its test folder."""

    game: str
    doc: str             # relative path, e.g. docs/games/hydra/rules.md
    prefix: str          # e.g. "R"
    tests: str           # the test folder, relative, ending in "/"

    def __str__(self) -> str:
        return self.game


def folder_of_tests(name: str) -> str:
    """Where the rule tests of game ``name`` are looked for: all of ``tests/`` (module docstring)."""
    return "tests/"


def rule_books() -> tuple[RuleBook, ...]:
    """Every registered game that has a rules document."""
    specs = [game_spec(name) for name in game_names()]
    return tuple(RuleBook(s.name, s.rules_doc, s.rule_prefix, folder_of_tests(s.name)) for s in specs if s.rules_doc)


BOOKS = rule_books()


@cache
def repo_files() -> tuple[str, ...]:
    """Paths (relative, posix) of the files git tracks or would track, that exist."""
    try:
        out = subprocess.run(
            ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"the rule index needs a git checkout of the repository ({exc})")
    names = sorted({n for n in out.decode("utf-8").split("\0") if n})
    return tuple(n for n in names if (REPO / n).is_file())


@cache
def text_files() -> dict[str, str]:
    """Every text file of the repository by path: binaries and golden files left out."""
    texts = {}
    for name in repo_files():
        if Path(name).suffix.lower() in BINARY_SUFFIXES:
            continue
        if name.startswith(GOLDEN_DIR) and name.endswith(".json"):
            continue
        data = (REPO / name).read_bytes()
        if b"\0" in data[:8192]:
            continue
        text = data.decode("utf-8", errors="replace")
        if name.endswith(".ipynb"):            # a notebook's saved figures are base64, not text
            text = EMBEDDED_IMAGE.sub(r'\1""', text)
        texts[name] = text
    return texts


class Rule:
    """One ``### P<n>`` section of a rules document."""

    def __init__(self, book: RuleBook, number: int, line: int, heading: str) -> None:
        self.book, self.number, self.line, self.heading = book, number, line, heading   # line: 1-based
        self.implemented: tuple[int, str] | None = None   # (line, text after the label)
        self.tests: tuple[int, str] | None = None

    @property
    def name(self) -> str:
        return f"{self.book.prefix}{self.number}"

    def where(self, line: int | None = None) -> str:
        return f"{self.book.doc}:{self.line if line is None else line} ({self.name})"


@cache
def rules(book: RuleBook) -> tuple[Rule, ...]:
    """The rule sections of the game's rules document, in order."""
    text = text_files().get(book.doc)
    if text is None:
        pytest.fail(f"{book.doc} (the rules of {book.game}) is missing; it must define the rules as "
                    f"'### {book.prefix}<n> — <title>' headings (see this module's docstring)")
    heading = re.compile(rf"^### {re.escape(book.prefix)}(\d+)\b(.*)$")
    found: list[Rule] = []
    current: Rule | None = None
    for i, line in enumerate(text.splitlines(), start=1):
        match = heading.match(line)
        if match:
            current = Rule(book, int(match.group(1)), i, line)
            found.append(current)
            continue
        if HEADING.match(line) or current is None:
            current = None
            continue
        if line.startswith("Implemented in:") and current.implemented is None:
            current.implemented = (i, line[len("Implemented in:"):])
        elif line.startswith("Tests:") and current.tests is None:
            current.tests = (i, line[len("Tests:"):])
    return tuple(found)


def report(problems: list[str], header: str = "") -> None:
    """Fail with one line per problem (no assertion diff: the lines say what to fix)."""
    if problems:
        pytest.fail((header + "\n" if header else "") + "\n".join(problems), pytrace=False)
