"""The repository stands on its own: no text file of it refers to a place outside it.
What counts as a file of the repository is described in rule_index_helpers.py (the
rule index's shared part; the rules documents are checked in
test_rule_index_definitions.py and test_rule_index_tests.py). The test fails when

g. a text file refers to a place outside the repository (``../shared``,
   ``shared/spec``, ``shared/seeds``, ``/work/``, ``/root/``, ``/home/``, ``/tmp/``):
   the repository must stand on its own.

This file names those patterns, so it is the one file left out of the check.
"""

from __future__ import annotations

from pathlib import Path

from rule_index_helpers import REPO, report, text_files

THIS_FILE = Path(__file__).resolve().relative_to(REPO).as_posix()

OUTSIDE_PATHS = ("../shared", "shared/spec", "shared/seeds", "/work/", "/root/", "/home/", "/tmp/")


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

