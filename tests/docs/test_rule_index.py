"""The rule index: docs/rules.md defines the rules, the rest of the repository cites them.

docs/rules.md defines every settled rule as a heading ``### R<n> — <title>``
followed by an ``Implemented in:`` line (module paths, each with the names of
its functions in parentheses) and a ``Tests:`` line (test function names).
These tests fail when

a. a rule number ``R<n>`` cited in any text file of the repository (code,
   tests, docs, configs, README) has no heading in docs/rules.md. A range such
   as ``R1–R41`` cites its two endpoints only;
b. a rule defined in docs/rules.md has no test under tests/ named after it (a
   ``def test_…`` whose name contains the token ``r<n>`` between underscores:
   ``test_r6_r8_r16_attack`` cites R6, R8 and R16);
c. a name on a rule's ``Tests:`` line is not a test function under tests/, or
   not one of the test file named before it (the line is ``; ``-separated
   segments ```tests/rules/test_x.py`` — ``test_r<n>_a``, ``test_r<n>_b```);
d. a path on an ``Implemented in:`` line does not exist, or does not define a
   function, class or constant named beside it;
e. a text file of the repository refers to a place outside the repository
   (``../shared``, ``shared/spec``, ``shared/seeds``, ``/work/``, ``/root/``,
   ``/home/``, ``/tmp/``): the repository must stand on its own.

"Files of the repository" are those git tracks plus new files git does not
ignore, so a new file is checked before it is committed. Binary files and the
golden playthroughs (tests/engine/golden/*.json) are skipped. Only the standard
library is used; the whole module runs in well under a second.
"""

from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RULES_MD = "docs/rules.md"
THIS_FILE = Path(__file__).resolve().relative_to(REPO).as_posix()

BINARY_SUFFIXES = {".zip", ".png", ".jpg", ".jpeg", ".gif", ".ico", ".pdf", ".gz", ".tar",
                   ".whl", ".npz", ".npy", ".pt", ".pth", ".pkl", ".so", ".pyc"}
GOLDEN_DIR = "tests/engine/golden/"

CITATION = re.compile(r"\bR(\d+)\b")
# R0 is never a rule number (rules count from R1): the board diagrams in the tests
# write a red head with counter 0 as "R0" (counters 1-6 read as rule numbers that exist).
NOT_A_RULE = {0}

HEADING = re.compile(r"^#{1,6} ")
RULE_HEADING = re.compile(r"^### R(\d+)\b(.*)$")
RULE_HEADING_FORMAT = re.compile(r"^### R(\d+) — \S")
TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)", re.M)
BACKTICKED = re.compile(r"`([^`]+)`")

OUTSIDE_PATHS = ("../shared", "shared/spec", "shared/seeds", "/work/", "/root/", "/home/",
                 "/tmp/")


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
        texts[name] = data.decode("utf-8", errors="replace")
    return texts


@cache
def known_tests() -> dict[str, list[str]]:
    """Test function name -> the files under tests/ defining it."""
    found: dict[str, list[str]] = defaultdict(list)
    for name, text in text_files().items():
        if name.startswith("tests/") and name.endswith(".py"):
            for match in TEST_DEF.finditer(text):
                found[match.group(1)].append(name)
    return dict(found)


def rules_cited_by_name(test_name: str) -> set[int]:
    """The rule numbers a test name cites: its tokens ``r<n>`` between underscores."""
    return {int(tok[1:]) for tok in test_name.split("_") if re.fullmatch(r"r\d+", tok)}


class Rule:
    """One ``### R<n>`` section of docs/rules.md."""

    def __init__(self, number: int, line: int, heading: str) -> None:
        self.number = number
        self.line = line                 # 1-based line of the heading
        self.heading = heading
        self.implemented: tuple[int, str] | None = None   # (line, text after the label)
        self.tests: tuple[int, str] | None = None

    def where(self) -> str:
        return f"{RULES_MD}:{self.line} (R{self.number})"


@cache
def rules() -> tuple[Rule, ...]:
    """The rule sections of docs/rules.md, in order."""
    text = text_files().get(RULES_MD)
    if text is None:
        pytest.fail(f"{RULES_MD} is missing; it must define the rules as '### R<n> — <title>' "
                    "headings (see this module's docstring)")
    found: list[Rule] = []
    current: Rule | None = None
    for i, line in enumerate(text.splitlines(), start=1):
        match = RULE_HEADING.match(line)
        if match:
            current = Rule(int(match.group(1)), i, line)
            found.append(current)
            continue
        if HEADING.match(line):
            current = None
            continue
        if current is None:
            continue
        if line.startswith("Implemented in:") and current.implemented is None:
            current.implemented = (i, line[len("Implemented in:"):])
        elif line.startswith("Tests:") and current.tests is None:
            current.tests = (i, line[len("Tests:"):])
    return tuple(found)


def defined_rules() -> set[int]:
    return {rule.number for rule in rules()}


def line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def report(problems: list[str], header: str = "") -> None:
    """Fail with one line per problem (no assertion diff: the lines say what to fix)."""
    if problems:
        pytest.fail((header + "\n" if header else "") + "\n".join(problems), pytrace=False)


def defines(source: str, name: str) -> bool:
    """Whether Python ``source`` defines ``name`` (a function, class, method or a
    module-level constant)."""
    pattern = (rf"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+{re.escape(name)}\b"
               rf"|^{re.escape(name)}[ \t]*(?::[^=\n]*)?=")
    return re.search(pattern, source, re.M) is not None


# --------------------------------------------------------------------------- tests


def test_rules_md_gives_each_rule_one_heading_and_both_lines() -> None:
    problems = []
    seen: dict[int, Rule] = {}
    for rule in rules():
        if not RULE_HEADING_FORMAT.match(rule.heading):
            problems.append(f"{rule.where()}: heading {rule.heading!r} is not of the form "
                            f"'### R{rule.number} — <short title>' (an em dash between)")
        if rule.number in seen:
            problems.append(f"{rule.where()}: R{rule.number} is defined a second time (first at "
                            f"line {seen[rule.number].line}); keep one heading per rule")
        seen.setdefault(rule.number, rule)
        if rule.implemented is None:
            problems.append(f"{rule.where()}: no 'Implemented in:' line; add one naming the "
                            "modules and functions that carry the rule out")
        if rule.tests is None:
            problems.append(f"{rule.where()}: no 'Tests:' line; add one naming the tests "
                            f"named after the rule (def test_r{rule.number}_...)")
    if not rules():
        problems.append(f"{RULES_MD} defines no rule ('### R<n> — <title>' headings)")
    report(problems)


def test_every_cited_rule_is_defined_in_rules_md() -> None:
    """(a) Every R<n> cited anywhere has a heading in docs/rules.md."""
    defined = defined_rules()
    undefined: dict[int, list[str]] = defaultdict(list)
    for name, text in text_files().items():
        for match in CITATION.finditer(text):
            number = int(match.group(1))
            if number in NOT_A_RULE or number in defined:
                continue
            ln = line_of(text, match.start())
            undefined[number].append(f"    {name}:{ln}: {text.splitlines()[ln - 1].strip()[:120]}")
    problems = [f"R{n} is cited but {RULES_MD} has no '### R{n} — <title>' heading; define the "
                f"rule there, or correct the citation:\n" + "\n".join(places)
                for n, places in sorted(undefined.items())]
    report(problems)


def test_every_rule_has_a_test_named_after_it() -> None:
    """(b) Every rule of docs/rules.md is cited by the name of some test under tests/."""
    cited = set()
    for name in known_tests():
        cited |= rules_cited_by_name(name)
    missing = [f"{rule.where()} has no test named after it: add a test under tests/ whose "
               f"name carries the token r{rule.number}, e.g. "
               f"def test_r{rule.number}_<what_it_checks>()"
               for rule in rules() if rule.number not in cited]
    report(missing)


def test_tests_listed_in_rules_md_exist() -> None:
    """(c) Every name on a 'Tests:' line is a test function under tests/, defined in the
    test file named before it on that line."""
    known = known_tests()
    problems = []
    for rule in rules():
        if rule.tests is None:
            continue
        line, text = rule.tests
        where = f"{RULES_MD}:{line} (R{rule.number})"
        for segment in text.split(";"):
            items = BACKTICKED.findall(segment)
            path = items[0] if items and "/" in items[0] else None
            if path is not None and not (REPO / path).is_file():
                problems.append(f"{where}: 'Tests:' names the file {path}, which does not exist; "
                                "give the test file's current path")
            for name in (items[1:] if path else items):
                if name not in known:
                    problems.append(f"{where}: 'Tests:' lists {name}, which is not a test "
                                    "function under tests/; give its current name or remove it")
                elif path is not None and path not in known[name]:
                    problems.append(f"{where}: 'Tests:' lists {name} under {path}, but it is "
                                    f"defined in {', '.join(known[name])}; name the file that "
                                    "holds it")
    report(problems)


def test_paths_and_functions_listed_in_rules_md_exist() -> None:
    """(d) Every path on an 'Implemented in:' line exists and defines the names beside it."""
    problems = []
    for rule in rules():
        if rule.implemented is None:
            continue
        line, text = rule.implemented
        where = f"{RULES_MD}:{line} (R{rule.number})"
        paths = 0
        for segment in text.split(";"):
            items = BACKTICKED.findall(segment)
            if not items:
                continue
            path, names = items[0], items[1:]
            if "/" not in path:
                problems.append(f"{where}: {segment.strip()!r} should start with a module path "
                                "in backticks, e.g. `hydra_env/core/hydra.py` (`t_move`)")
                continue
            paths += 1
            file = REPO / path
            if not file.is_file():
                problems.append(f"{where}: 'Implemented in:' names {path}, which does not exist; "
                                "give the module's current path")
                continue
            if not path.endswith(".py"):
                continue
            source = file.read_text(encoding="utf-8", errors="replace")
            for dotted in names:
                for part in dotted.split("."):
                    if not defines(source, part):
                        problems.append(f"{where}: {path} does not define {part!r} (from "
                                        f"`{dotted}`); give the current name of the function")
        if not paths:
            problems.append(f"{where}: 'Implemented in:' names no module; write e.g. "
                            "`hydra_env/core/hydra.py` (`t_move`)")
    report(problems)


def test_no_file_refers_to_a_place_outside_the_repository() -> None:
    """(e) No text file points outside the repository (../shared, /work/, /tmp/, ...)."""
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
        "own: point to docs/rules.md (the rules), docs/components.md (the data) or another "
        "file inside it, use a relative path such as runs/..., or describe the source in "
        "words:"))
