"""Entry points handed over by a driver (hydra_env.entry_points) for a node without the metadata."""

from __future__ import annotations

import json

import pytest

from hydra_env import entry_points as ep


def test_a_node_without_the_metadata_finds_the_entries_the_driver_handed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ep.ENV_VARIABLE, json.dumps({"hydra_env.test_group": {"b": "pkg.mod:B", "a": "pkg.mod:A"}}))
    found = ep.entry_points("hydra_env.test_group")
    assert [(e.name, e.value, e.group) for e in found] == [("b", "pkg.mod:B", "hydra_env.test_group"),
                                                           ("a", "pkg.mod:A", "hydra_env.test_group")]


def test_the_installed_metadata_wins_over_a_handed_over_entry_of_the_same_name(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = {e.name: e.value for e in ep.entry_points("hydra_env.games")}
    assert "hydra" in installed
    monkeypatch.setenv(ep.ENV_VARIABLE, json.dumps({"hydra_env.games": {"hydra": "elsewhere:SPEC"}}))
    assert {e.name: e.value for e in ep.entry_points("hydra_env.games")} == installed


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"hydra_env.games": 5}', '{"hydra_env.games": {"x": 3}}'])
def test_a_malformed_handed_over_table_is_ignored(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv(ep.ENV_VARIABLE, text)
    assert [e.name for e in ep.entry_points("hydra_env.games")] == [
        e.name for e in ep.metadata.entry_points(group="hydra_env.games")]


def test_the_snapshot_keeps_the_declared_order_of_the_games() -> None:
    table = ep.snapshot()
    assert list(table["hydra_env.games"]) == [e.name for e in ep.metadata.entry_points(group="hydra_env.games")]
    assert "heuristic" in table["hydra_env.bots"] and "shipped" in table["hydra_env.policies"]
