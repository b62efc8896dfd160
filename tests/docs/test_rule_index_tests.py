"""The rule index, part 2: every rule of each game is tested, and each rules document
lists its rules' tests. The form of a rules document (its ``Tests:`` lines) and where
a game's tests are looked for are described in rule_index_helpers.py. For each game
these tests fail when

c. a rule has no test in the game's test folder named after it (a ``def test_…``
   whose name carries the token ``p<n>`` between underscores:
   ``test_p6_p8_attack`` cites P6 and P8);
d. a name on a rule's ``Tests:`` line is not a test function of the game's test
   folder, or not one of the test file named before it (the line is ``; ``-separated
   segments, each optionally opening with the file: ```tests/games/hydra/rules/test_x.py`` —
   ``test_p<n>_a``, ``test_p<n>_b```), or it is not a rule test (``test_p<k>_…``)
   that carries the token ``p<n>``, or the line names no test;
f. a rule test (``test_p<n>_…``) of a rules test file of the game's test folder (in
   a folder ``rules/`` or a file named ``…_rules_…``) is not listed in the document.

The documents' headings, citations and code (a, b, e) are checked in
test_rule_index_definitions.py, the repository standing on its own (g) in
test_repository_self_contained.py.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from rule_index_helpers import BACKTICKED, BOOKS, REPO, RuleBook, report, rules, text_files

TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)", re.M)


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


# --------------------------------------------------------------------------- tests of each game


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
