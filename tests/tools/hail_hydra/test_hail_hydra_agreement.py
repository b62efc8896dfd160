"""The agreement table (agents.game_tools.hail_hydra.agreement): how often an agent plays what
a teacher bot would, per decision type, on the agent's own games."""

from __future__ import annotations

from agents.game_tools.hail_hydra import agreement as tool
from hydra_env.games.hail_hydra.state import HYDRA, SHIELD


def test_deduce_agrees_with_itself_on_every_forced_rule_and_not_on_random_tie_breaks() -> None:
    rows = tool.agreement("deduce", "deduce", SHIELD, "saboteur", 6, 4)
    for kind in ("play", "claim"):                 # SHIELD's play and claim follow fixed rules
        assert rows[kind]["decisions"] > 20 and rows[kind]["agreed"] == rows[kind]["decisions"]
    assert rows["nominate"]["agreed"] < rows["nominate"]["decisions"]   # ties broken at random


def test_agreement_counts_only_the_decisions_of_the_judged_team() -> None:
    shield = tool.agreement("random", "deduce", SHIELD, "saboteur", 6, 3)
    hydra = tool.agreement("random", "deduce", HYDRA, "saboteur", 6, 3)
    assert sum(r["decisions"] for r in hydra.values()) < sum(r["decisions"] for r in shield.values())
    assert "play" in shield and "claim" in shield
    assert all(0 <= r["agreed"] <= r["decisions"] for r in [*shield.values(), *hydra.values()])
    assert sum(r["agreed"] for r in shield.values()) < sum(r["decisions"] for r in shield.values())


def test_agreement_command_prints_the_table_and_refuses_bad_input(capsys) -> None:
    assert tool.main(["--agent", "loyal", "--players", "5", "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "loyal against deduce, shield seats, 5 players" in out and "\nall " in out
    assert tool.main(["--agent", "nobody", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("agreement: error:") and "nobody" in err and "Traceback" not in err
    assert tool.main(["--agent", "loyal", "--players", "9"]) == 2
    assert "5 to 8" in capsys.readouterr().err
