"""docs/hydras.md states every rule H1–H16 with the code and the tests that carry it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "hydras.md"


def sections() -> dict[int, str]:
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### H(\d+) — .+$", text, flags=re.M)
    return {int(number): body for number, body in zip(parts[1::2], parts[2::2])}


def test_every_rule_h1_to_h16_has_a_section_in_order():
    assert list(sections()) == list(range(1, 17))


def test_every_rule_names_existing_code_and_existing_tests():
    test_names = set()
    for path in (ROOT / "tests" / "hydras").glob("test_*.py"):
        test_names |= set(re.findall(r"^def (test_\w+)", path.read_text(), flags=re.M))
    for number, body in sections().items():
        implemented = re.search(r"^Implemented in: (.+)$", body, flags=re.M)
        tests = re.search(r"^Tests: (.+)$", body, flags=re.M)
        assert implemented and tests, f"H{number} needs 'Implemented in:' and 'Tests:' lines"
        for module in re.findall(r"`([\w/]+\.py)`", implemented.group(1)):
            assert (ROOT / module).is_file(), f"H{number}: {module} does not exist"
        named = re.findall(r"`(test_\w+)`", tests.group(1))
        assert named and all(name.startswith(f"test_h{number}_") for name in named), named
        missing = [name for name in named if name not in test_names]
        assert not missing, f"H{number}: tests not found: {missing}"


def test_every_rule_test_is_listed_in_the_doc():
    text = DOC.read_text(encoding="utf-8")
    for path in (ROOT / "tests" / "hydras").glob("test_hydras_rules_*.py"):
        for name in re.findall(r"^def (test_h\d+_\w+)", path.read_text(), flags=re.M):
            assert f"`{name}`" in text, f"{name} is not listed in docs/hydras.md"
