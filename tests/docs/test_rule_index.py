"""The rule index: each game's rules document defines its rules, the rest of the repository cites them.

Every registered game with a rules document (``spec.rules_doc``, e.g. docs/games/hydra/rules.md)
numbers its settled rules with its prefix (``spec.rule_prefix``: ``P`` below) as
headings ``### P<n> — <title>``, each followed by an ``Implemented in:`` line (module
paths, each with the names of its functions in parentheses) and a ``Tests:`` line
(test function names). A game's rule tests are looked for in the whole of ``tests/``:
most sit in its own folder ``tests/games/<name>/``, some in the generic folders (the
envs' hidden-information tests, the tools' scoring tests); rule numbers carry the game's
prefix, so two games' tests never mix. For each game these tests fail when

a. the document's headings are not ``### P<n> — <title>`` numbered 1, 2, 3... in
   order, once each, each with both lines;
b. a rule number ``P<n>`` cited in any text file of the repository (code, tests,
   docs, configs, README) has no heading in the document. A range such as
   ``P1–P41`` cites its two endpoints only; number 0 is never a rule, and a token
   that is the id of a component in a JSON data file (``{"id": "P<n>"}``, a card)
   is no citation;
c. a rule has no test in the game's test folder named after it (a ``def test_…``
   whose name carries the token ``p<n>`` between underscores:
   ``test_p6_p8_attack`` cites P6 and P8);
d. a name on a rule's ``Tests:`` line is not a test function of the game's test
   folder, or not one of the test file named before it (the line is ``; ``-separated
   segments, each optionally opening with the file: ```tests/games/hydra/rules/test_x.py`` —
   ``test_p<n>_a``, ``test_p<n>_b```), or it is not a rule test (``test_p<k>_…``)
   that carries the token ``p<n>``, or the line names no test;
e. a path on an ``Implemented in:`` line does not exist, or does not define a
   function, class, constant or attribute named after it (the names in backticks
   after a path, up to the next path, belong to that path);
f. a rule test (``test_p<n>_…``) of a rules test file of the game's test folder (in
   a folder ``rules/`` or a file named ``…_rules_…``) is not listed in the document.

And for the whole repository:

g. a text file refers to a place outside the repository (``../shared``,
   ``shared/spec``, ``shared/seeds``, ``/work/``, ``/root/``, ``/home/``, ``/tmp/``):
   the repository must stand on its own.

"Files of the repository": those git tracks plus new ones git does not ignore (a new
file is checked before it is committed), less binaries and the golden playthroughs
(tests/games/hydra/engine/golden/*.json). The module runs in well under a second.
"""

from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from hydra_env.api import game_names, game_spec

REPO = Path(__file__).resolve().parents[2]
THIS_FILE = Path(__file__).resolve().relative_to(REPO).as_posix()

BINARY_SUFFIXES = {".zip", ".png", ".jpg", ".jpeg", ".gif", ".ico", ".pdf", ".gz", ".tar",
                   ".whl", ".npz", ".npy", ".pt", ".pth", ".pkl", ".so", ".pyc"}
GOLDEN_DIR = "tests/games/hydra/engine/golden/"

# Rules count from 1: a board diagram of the tests writes a red head with counter 0 as
# the prefix R and a 0, which is no citation.
NOT_A_RULE = {0}
COMPONENT_ID = re.compile(r'"id"\s*:\s*"([A-Z]+\d+)"')

HEADING = re.compile(r"^#{1,6} ")
TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)", re.M)
BACKTICKED = re.compile(r"`([^`]+)`")

EMBEDDED_IMAGE = re.compile(r'("image/[\w.+-]+": )"[A-Za-z0-9+/=\\n]*"')
OUTSIDE_PATHS = ("../shared", "shared/spec", "shared/seeds", "/work/", "/root/", "/home/", "/tmp/")


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


# --------------------------------------------------------------------------- helpers


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


@cache
def component_ids() -> frozenset[str]:
    """The ids of the components in the JSON data files (cards: ``{"id": "A07"}``)."""
    return frozenset(match for name, text in text_files().items() if name.endswith(".json")
                     for match in COMPONENT_ID.findall(text))


@cache
def known_tests(folder: str) -> dict[str, list[str]]:
    """Test function name -> the files under ``folder`` defining it."""
    found: dict[str, list[str]] = defaultdict(list)
    for name, text in text_files().items():
        if name.startswith(folder) and name.endswith(".py"):
            for match in TEST_DEF.finditer(text):
                found[match.group(1)].append(name)
    return dict(found)


def rules_cited_by_name(test_name: str, prefix: str) -> set[int]:
    """The rule numbers a test name cites: its tokens ``p<n>`` between underscores."""
    token = re.compile(rf"{re.escape(prefix.lower())}(\d+)")
    return {int(match.group(1)) for tok in test_name.split("_") if (match := token.fullmatch(tok))}


def is_rule_test(test_name: str, prefix: str) -> bool:
    """Whether a test is named as a rule test: ``test_p<n>_…``."""
    return re.match(rf"test_{re.escape(prefix.lower())}\d+_", test_name) is not None


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


def defines(source: str, name: str) -> bool:
    """Whether Python ``source`` defines ``name``: a function, class or method, a
    module-level constant (alone or in a tuple of names), or an attribute (``self.name =``)."""
    word = re.escape(name)
    pattern = (rf"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+{word}\b"
               rf"|^(?:\w+[ \t]*,[ \t]*)*{word}[ \t]*(?::[^=\n]*)?(?:,[ \t]*\w+[ \t]*)*=(?!=)"
               rf"|^[ \t]+\w+\.{word}[ \t]*(?::[^=\n]*)?=(?!=)")
    return re.search(pattern, source, re.M) is not None


# --------------------------------------------------------------------------- tests of each game


@pytest.mark.parametrize("book", BOOKS, ids=str)
def test_rules_doc_numbers_its_rules_in_order_with_one_heading_and_both_lines(book: RuleBook) -> None:
    """(a) Headings ``### P<n> — <title>``, numbered 1..N in order, each with both lines."""
    problems = []
    form = re.compile(rf"^### {re.escape(book.prefix)}(\d+) — \S")
    seen: dict[int, Rule] = {}
    for rule in rules(book):
        if not form.match(rule.heading):
            problems.append(f"{rule.where()}: heading {rule.heading!r} is not of the form "
                            f"'### {rule.name} — <short title>' (an em dash between)")
        if rule.number in seen:
            problems.append(f"{rule.where()}: {rule.name} is defined a second time (first at "
                            f"line {seen[rule.number].line}); keep one heading per rule")
        seen.setdefault(rule.number, rule)
        if rule.implemented is None:
            problems.append(f"{rule.where()}: no 'Implemented in:' line; add one naming the "
                            "modules and functions that carry the rule out")
        if rule.tests is None:
            problems.append(f"{rule.where()}: no 'Tests:' line; add one naming the tests "
                            f"named after the rule (def test_{rule.name.lower()}_...)")
    numbers = [rule.number for rule in rules(book)]
    if not numbers:
        problems.append(f"{book.doc} defines no rule ('### {book.prefix}<n> — <title>' headings)")
    elif numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"{book.doc}: the rules must be numbered {book.prefix}1, {book.prefix}2, ... in "
                        f"order; they are {', '.join(book.prefix + str(n) for n in numbers)}")
    report(problems)


@pytest.mark.parametrize("book", BOOKS, ids=str)
def test_every_cited_rule_is_defined_in_the_rules_doc(book: RuleBook) -> None:
    """(b) Every ``P<n>`` cited anywhere has a heading in the game's rules document."""
    defined = {rule.number for rule in rules(book)}
    citation = re.compile(rf"\b{re.escape(book.prefix)}(\d+)\b")
    ids = component_ids()
    undefined: dict[int, list[str]] = defaultdict(list)
    for name, text in text_files().items():
        for match in citation.finditer(text):
            number = int(match.group(1))
            if number in NOT_A_RULE or number in defined or match.group(0) in ids:
                continue
            ln = text.count("\n", 0, match.start()) + 1
            undefined[number].append(f"    {name}:{ln}: {text.splitlines()[ln - 1].strip()[:120]}")
    report([f"{book.prefix}{n} is cited but {book.doc} has no '### {book.prefix}{n} — <title>' heading; "
            f"define the rule there, or correct the citation:\n" + "\n".join(places)
            for n, places in sorted(undefined.items())])


@pytest.mark.parametrize("book", BOOKS, ids=str)
def test_every_rule_has_a_test_named_after_it(book: RuleBook) -> None:
    """(c) Every rule is cited by the name of some test of the game's test folder."""
    cited = set()
    for name in known_tests(book.tests):
        cited |= rules_cited_by_name(name, book.prefix)
    report([f"{rule.where()} has no test named after it: add a test under {book.tests} whose "
            f"name carries the token {rule.name.lower()}, e.g. "
            f"def test_{rule.name.lower()}_<what_it_checks>()"
            for rule in rules(book) if rule.number not in cited])


@pytest.mark.parametrize("book", BOOKS, ids=str)
def test_tests_listed_in_the_rules_doc_exist_and_cite_the_rule(book: RuleBook) -> None:
    """(d) Every name on a 'Tests:' line is a rule test of the game's test folder citing
    the rule, defined in the test file named before it on that line."""
    known = known_tests(book.tests)
    problems = []
    for rule in rules(book):
        if rule.tests is None:
            continue
        line, text = rule.tests
        where = rule.where(line)
        listed = 0
        for segment in text.split(";"):
            items = BACKTICKED.findall(segment)
            path = items[0] if items and "/" in items[0] else None
            if path is not None and not (REPO / path).is_file():
                problems.append(f"{where}: 'Tests:' names the file {path}, which does not exist; "
                                "give the test file's current path")
            for name in (items[1:] if path else items):
                listed += 1
                if name not in known:
                    problems.append(f"{where}: 'Tests:' lists {name}, which is not a test "
                                    f"function under {book.tests}; give its current name or remove it")
                elif path is not None and path not in known[name]:
                    problems.append(f"{where}: 'Tests:' lists {name} under {path}, but it is "
                                    f"defined in {', '.join(known[name])}; name the file that "
                                    "holds it")
                if not is_rule_test(name, book.prefix) or rule.number not in rules_cited_by_name(name, book.prefix):
                    problems.append(f"{where}: 'Tests:' lists {name}, which is not named as a test of "
                                    f"{rule.name}: test_{book.prefix.lower()}<k>_... carrying the token "
                                    f"{rule.name.lower()}")
        if not listed:
            problems.append(f"{where}: 'Tests:' names no test; list the tests named after {rule.name}")
    report(problems)


@pytest.mark.parametrize("book", BOOKS, ids=str)
def test_paths_and_functions_listed_in_the_rules_doc_exist(book: RuleBook) -> None:
    """(e) Every path on an 'Implemented in:' line exists and defines the names after it."""
    problems = []
    for rule in rules(book):
        if rule.implemented is None:
            continue
        line, text = rule.implemented
        where = rule.where(line)
        path: str | None = None
        source: str | None = None
        paths = 0
        for item in BACKTICKED.findall(text):
            if "/" in item:
                path, source, paths = item, None, paths + 1
                file = REPO / path
                if not file.is_file():
                    problems.append(f"{where}: 'Implemented in:' names {path}, which does not exist; "
                                    "give the module's current path")
                elif path.endswith(".py"):
                    source = file.read_text(encoding="utf-8", errors="replace")
                continue
            if path is None:
                problems.append(f"{where}: `{item}` comes before any module path; start with a path "
                                "in backticks, e.g. `hydra_env/games/hydra/rules/hydra.py` (`t_move`)")
                continue
            for part in item.split(".") if source is not None else ():
                if not defines(source, part):
                    problems.append(f"{where}: {path} does not define {part!r} (from "
                                    f"`{item}`); give the current name of the function")
        if not paths:
            problems.append(f"{where}: 'Implemented in:' names no module; write e.g. "
                            "`hydra_env/games/hydra/rules/hydra.py` (`t_move`)")
    report(problems)


@pytest.mark.parametrize("book", BOOKS, ids=str)
def test_every_rule_test_of_the_rules_test_files_is_listed_in_the_rules_doc(book: RuleBook) -> None:
    """(f) Each ``test_p<n>_…`` of a rules test file of the game's test folder is on a 'Tests:' line."""
    listed = set()
    for rule in rules(book):
        if rule.tests is not None:
            listed |= set(BACKTICKED.findall(rule.tests[1]))
    problems = []
    for name, files in sorted(known_tests(book.tests).items()):
        rules_files = [f for f in files if "rules" in Path(f).parts[:-1] or "_rules" in Path(f).stem]
        if rules_files and is_rule_test(name, book.prefix) and name not in listed:
            numbers = sorted(rules_cited_by_name(name, book.prefix))
            problems.append(f"{', '.join(rules_files)}: {name} is not listed in {book.doc}; add it to the "
                            f"'Tests:' line of {', '.join(book.prefix + str(n) for n in numbers)}")
    report(problems)


# --------------------------------------------------------------------------- the repository


def test_no_file_refers_to_a_place_outside_the_repository() -> None:
    """(g) No text file points outside the repository (../shared, /work/, /tmp/, ...)."""
    problems = []
    for name, text in text_files().items():
        if name == THIS_FILE:
            continue                      # this file names the patterns it looks for
        for ln, line in enumerate(text.splitlines(), start=1):
            hits = [p for p in OUTSIDE_PATHS if p in line]
            if hits:
                problems.append(f"    {name}:{ln}: {', '.join(hits)}: {line.strip()[:120]}")
    report(problems, (
        "these files refer to places outside the repository; the repository must stand on its "
        "own: point to a game's rules document (docs/games/hydra/rules.md), "
        "docs/games/hydra/components.md (the data) or "
        "another file inside it, use a relative path such as runs/..., or describe the source in "
        "words:"))


def test_every_registered_game_with_rules_has_a_rule_book() -> None:
    """The parametrized tests above run for at least one game, each with a rule prefix."""
    assert BOOKS, "no registered game has a rules document (spec.rules_doc)"
    for book in BOOKS:
        assert re.fullmatch(r"[A-Z]+", book.prefix), f"{book.game}: rule_prefix {book.prefix!r} must be capital letters"
