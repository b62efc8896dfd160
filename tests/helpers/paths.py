"""Paths of the repository for tests that read its files (configs, notebooks, data)
or run its commands in a subprocess."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]      # the repository: tests/helpers/paths.py
