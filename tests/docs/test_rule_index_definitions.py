"""The rule index, part 1: each game's rules document defines its rules, the rest of the
repository cites them, and the code the document names exists. The form of a rules
document and what counts as a file of the repository are described in
rule_index_helpers.py. For each game these tests fail when

a. the document's headings are not ``### P<n> — <title>`` numbered 1, 2, 3... in
   order, once each, each with both lines;
b. a rule number ``P<n>`` cited in any text file of the repository (code, tests,
   docs, configs, README) has no heading in the document. A range such as
   ``P1–P41`` cites its two endpoints only; number 0 is never a rule, and a token
   that is the id of a component in a JSON data file (``{"id": "P<n>"}``, a card)
   is no citation;
e. a path on an ``Implemented in:`` line does not exist, or does not define a
   function, class, constant or attribute named after it (the names in backticks
   after a path, up to the next path, belong to that path);

and the last test fails when no registered game has a rules document, or a game's
rule prefix is not capital letters. The rules' tests (c, d, f) are checked in
test_rule_index_tests.py, the repository standing on its own (g) in
test_repository_self_contained.py.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import pytest
from rule_index_helpers import BACKTICKED, BOOKS, REPO, Rule, RuleBook, report, rules, text_files

# Rules count from 1: a board diagram of the tests writes a red head with counter 0 as
# the prefix R and a 0, which is no citation.
NOT_A_RULE = {0}
COMPONENT_ID = re.compile(r'"id"\s*:\s*"([A-Z]+\d+)"')


@cache
def component_ids() -> frozenset[str]:
    """The ids of the components in the JSON data files (cards: ``{"id": "A07"}``)."""
    return frozenset(match for name, text in text_files().items() if name.endswith(".json")
                     for match in COMPONENT_ID.findall(text))


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


def test_every_registered_game_with_rules_has_a_rule_book() -> None:
    """The parametrized tests above run for at least one game, each with a rule prefix."""
    assert BOOKS, "no registered game has a rules document (spec.rules_doc)"
    for book in BOOKS:
        assert re.fullmatch(r"[A-Z]+", book.prefix), f"{book.game}: rule_prefix {book.prefix!r} must be capital letters"
