"""Game.from_json validates the whole saved state (issue 11, item 5).

Plain tests: each tampered state the issue lists is refused with a SaveError
(a HydraError) naming the field; every save the engine writes loads; loading
stays cheap. Property test (hypothesis): random edits of saved games either
are refused with a HydraError or give a game that plays to its end under
random legal play with :func:`hydra_env.games.hydra.rules.testing.invariants` intact.
"""

from __future__ import annotations

import functools
import json
import os
import random
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hydra_env import ConfigError, Game, HydraError, SaveError
from hydra_env.games.hydra.rules.codec import A_CITY_HARPOON, A_CITY_SWORD, A_HARPOON, A_SWORD
from hydra_env.games.hydra.rules.testing import invariants

sys.path.insert(0, str(Path(__file__).parent))   # the helper module beside this file
from json_mutations import mutated  # noqa: E402

ATTACKS = (A_SWORD, A_HARPOON, A_CITY_SWORD, A_CITY_HARPOON)


# --------------------------------------------------------------------- helpers
def random_play(game: Game, rng: random.Random, *, attack: float = 0.0,
                check: Callable[[Game], None] | None = None, limit: int = 5000) -> Game:
    """Random legal decisions to the end; ``attack`` is the chance of preferring a strike
    (so that retreats, follows and evasions happen); ``check`` runs before each decision."""
    kind = game.codec.kind
    for _ in range(limit):
        if check is not None:
            check(game)
        if game.is_over:
            return game
        legal = game.legal_actions()
        strikes = [a for a in legal if kind[a] in ATTACKS]
        pool = strikes if strikes and rng.random() < attack else legal
        game.apply(pool[rng.randrange(len(pool))])
    raise AssertionError(f"no end after {limit} decisions")


@functools.cache
def sample_saves() -> tuple[str, ...]:
    """Saves of every kind of position: each (mode, phase, decision, tasks or not) a few
    times, from random games of solo and coordinated scenarios, plus ended games."""
    seen: dict[tuple, int] = {}
    saves = []
    for scenario in (10, 11, 12, 1, 3, 5, 7, 8):
        for seed in range(12):
            game = Game.new(scenario, 1 + seed % 3, seed)
            if seed % 3 == 1:
                game.state.round = len(game.state.moon_tokens) - 1   # reach the last round's end

            def keep(g: Game) -> None:
                pd = g.state.pending
                key = (g.is_solo, int(g.state.phase), pd and pd.kind, bool(g.state.tasks), g.state.outcome)
                if seen.get(key, 0) < 3:
                    seen[key] = seen.get(key, 0) + 1
                    saves.append(g.to_json())

            random_play(game, random.Random(seed), attack=0.6, check=keep)
    return tuple(saves)


def edited(save: str, edit: Callable[[dict], Any]) -> str:
    doc = json.loads(save)
    edit(doc)
    return json.dumps(doc)


def first_save(solo: bool = True, kind: int | None = None) -> str:
    for text in sample_saves():
        state = json.loads(text)["state"]
        if state["solo"] == solo and state["pending"] is not None and (kind is None or state["pending"][0] == kind):
            return text
    raise LookupError("no such sample save")


def refused(text: str, *words: str) -> str:
    with pytest.raises(SaveError) as info:
        Game.from_json(text)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def set_state(name: str, value: Any, index: int | None = None) -> Callable[[dict], None]:
    def edit(doc: dict) -> None:
        if index is None:
            doc["state"][name] = value
        else:
            doc["state"][name][index] = value
    return edit


# --------------------------------------------------------------------- the listed tampered states
def test_every_save_the_engine_writes_loads_and_continues_identically() -> None:
    for text in sample_saves():
        game = Game.from_json(text)
        assert game.to_json() == text


def test_hero_on_space_9999_is_refused_naming_the_field() -> None:
    message = refused(edited(first_save(), set_state("hero_space", 9999, 0)), "state.hero_space[0] = 9999")
    assert "not a board space (0–98 or the city 99)" in message


@pytest.mark.parametrize("name, value, words", [
    ("phase", 42, ("state.phase = 42", "not a phase")),
    ("walls", -5, ("state.walls = -5",)),
    ("stars", 1.0, ("state.stars = 1.0",)),
    ("seed", -1, ("state.seed = -1",)),
    ("round", 6, ("state.round = 6",)),
    ("game_over", 1, ("state.game_over = 1", "true or false")),
    ("outcome", "victory", ("state.outcome",)),
    ("moon_tokens", "LLLLLL", ("state.moon_tokens", "scenario 10")),
    ("players", 2, ("state.players = 2",)),
])
def test_scalar_fields_out_of_range_or_of_the_wrong_type_are_refused(name: str, value: Any, words: tuple) -> None:
    refused(edited(first_save(), set_state(name, value)), *words)


def test_head_count_50_is_refused() -> None:
    refused(edited(first_save(), set_state("head_count", 50, 2)), "state.head_count[2] = 50", "R18")


def test_card_ids_that_do_not_exist_are_refused() -> None:
    refused(edited(first_save(), lambda d: d["state"]["action_deck"].__setitem__(0, 44)),
            "state.action_deck[0] = 44", "not an action card")
    refused(edited(first_save(), lambda d: d["state"]["hydra_decks"][0].__setitem__(0, 56)),
            "state.hydra_decks[0][0] = 56", "not a hydra card")


def test_a_card_both_in_the_display_and_in_a_hand_is_refused() -> None:
    def edit(doc: dict) -> None:
        state = doc["state"]
        state["action_hands"][0][0] = state["display"][0]
    refused(edited(first_save(solo=False), edit), "in two places", "state.display[0]", "state.action_hands[0][0]")


def test_a_lost_card_is_refused() -> None:
    refused(edited(first_save(), lambda d: d["state"]["action_deck"].pop()), "in no place")
    refused(edited(first_save(), lambda d: d["state"]["hydra_decks"][1].pop()), "hydra card", "in no place")


def test_a_hydra_card_in_the_wrong_deck_is_refused() -> None:
    def edit(doc: dict) -> None:
        decks = doc["state"]["hydra_decks"]
        decks[0].append(decks[1].pop())
    refused(edited(first_save(), edit), "state.hydra_decks[0]", "red deck")


def test_a_non_solo_hydra_card_in_a_solo_game_is_refused() -> None:
    game = Game.from_json(first_save())
    extra = next(c.index for c in game.components.hydra_cards if not c.solo and c.deck == "light")
    refused(edited(first_save(), lambda d: d["state"]["hydra_decks"][0].append(extra)), "not in the solo deck")


def test_pending_seat_7_is_refused() -> None:
    refused(edited(first_save(solo=False), lambda d: d["state"]["pending"].__setitem__(1, 7)),
            "state.pending[1] = 7", "not a seat")


def test_game_over_with_a_decision_pending_is_refused() -> None:
    refused(edited(first_save(), set_state("game_over", True)), "state.game_over", "pending")


def test_a_decision_kind_the_phase_never_asks_for_is_refused() -> None:
    buckle = first_save(solo=False, kind=5)
    refused(edited(buckle, lambda d: d["state"]["pending"].__setitem__(0, 0)), "ACTION decision", "BUCKLE_UP")
    refused(edited(first_save(), lambda d: d["state"]["pending"].__setitem__(0, 5)), "BUCKLE_UP decision")


def test_a_decision_for_the_wrong_seat_is_refused() -> None:
    def edit(doc: dict) -> None:
        state = doc["state"]
        state["pending"][1] = (state["pending"][1] + 1) % state["players"]
    refused(edited(first_save(solo=False, kind=5), edit), "state.pending[1]", "whose turn")


def test_an_unknown_or_missing_field_is_refused() -> None:
    refused(edited(first_save(), lambda d: d["state"].pop("glory")), "missing: ['glory']")
    refused(edited(first_save(), set_state("cheat", 1)), "unknown: ['cheat']")
    refused(edited(first_save(), lambda d: d.pop("options")), "missing: ['options']")


def test_an_unknown_task_is_refused() -> None:
    refused(edited(first_save(), lambda d: d["state"]["tasks"].append([42])), "state.tasks[0]", "op 0–11")


def test_a_task_count_beyond_1000_is_refused_by_both_engines_alike() -> None:
    """A count (movement, growth, points) past the native engine's bound (found by the save fuzz:
    the Python engine loaded it, the native one refused)."""
    from hydra_env.games.hydra.rules.state_fields import _TASK_ARGS
    save = next((t for t in sample_saves() for task in json.loads(t)["state"]["tasks"]
                 if "count" in _TASK_ARGS[task[0]]), None)
    assert save is not None, "no sample save with a counted task"
    doc = json.loads(save)
    i, task = next((i, t) for i, t in enumerate(doc["state"]["tasks"]) if "count" in _TASK_ARGS[t[0]])
    k = 1 + _TASK_ARGS[task[0]].index("count")
    doc["state"]["tasks"][i][k] = 1001
    messages = set()
    for engine in ("python", "native"):
        with pytest.raises(SaveError) as info:
            Game.from_json(json.dumps(doc), engine=engine)
        messages.add(str(info.value))
    assert len(messages) == 1 and f"state.tasks[{i}][{k}]" in messages.pop()


def test_a_hero_on_a_head_is_refused() -> None:
    game = Game.from_json(first_save())
    board, state = game.rules.board, game.state
    head = board.paths[state.hydra_path[0]][state.head_position[0]]
    refused(edited(first_save(), set_state("hero_space", head, 0)), "state.hero_space[0]", "head")


def test_structurally_wrong_saves_are_refused() -> None:
    save = first_save()
    for text in ("", "[]", "5", '{"format": "hydra-env/game"}', "[" * 100_000 + "]" * 100_000,
                 edited(save, lambda d: d.__setitem__("state", [])),
                 edited(save, lambda d: d.__setitem__("options", 5)),
                 edited(save, lambda d: d.__setitem__("scenario", "10")),
                 edited(save, lambda d: d.__setitem__("scenario", 99)),
                 edited(save, lambda d: d.__setitem__("version", True)),
                 edited(save, set_state("pending", [0, 0])),
                 '{"a": ' + "1" * 5000 + "}"):
        with pytest.raises(SaveError):
            Game.from_json(text)
    for value in (5, None, ["x"], {"state": 1}):
        with pytest.raises(SaveError, match="needs the text of a saved game"):
            Game.from_json(value)


def test_save_error_is_a_config_error_and_a_hydra_error() -> None:
    assert issubclass(SaveError, ConfigError) and issubclass(SaveError, HydraError)


def test_loading_a_thousand_saves_takes_well_under_a_second() -> None:
    saves = list(sample_saves())
    saves = (saves * (1000 // len(saves) + 1))[:1000]
    start = time.perf_counter()
    for text in saves:
        Game.from_json(text)
    assert time.perf_counter() - start < 1.5


# --------------------------------------------------------------------- property test
class _TimeoutError(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _TimeoutError()


def _plays_to_the_end(game: Game, seed: int) -> None:
    def check(g: Game) -> None:
        broken = invariants(g)
        assert not broken, broken
    random_play(game, random.Random(seed), attack=0.3, check=check)


@settings(max_examples=int(os.environ.get("HYDRA_MUTATION_EXAMPLES", "250")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_mutated_save_is_refused_or_plays_to_the_end_with_invariants_intact(data: Any) -> None:
    saves = sample_saves()
    text = saves[data.draw(st.integers(0, len(saves) - 1), label="save")]
    root = data.draw(st.sampled_from([("state",), ("state",), ("state",), ()]), label="root")
    doc, edits = data.draw(mutated(json.loads(text), root), label="doc")
    mutated_text = json.dumps(doc)
    try:
        game = Game.from_json(mutated_text)
    except HydraError:
        return
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(20)
    try:
        assert Game.from_json(game.to_json()).to_json() == game.to_json()
        _plays_to_the_end(game, data.draw(st.integers(0, 1 << 16), label="play seed"))
    except _TimeoutError:
        raise AssertionError(f"a loaded mutated save did not end in 20 s: {edits}") from None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_r9_r13_a_save_while_a_second_pushed_hero_waits_on_the_retreated_head_loads() -> None:
    """A strike of 3 retreats the red head from position 4 to 1 over two protected heroes on
    its neck (positions 2 and 1): both are pushed onto the maelstrom (R9); the first evades
    (R13) while the second waits on its old space, which the head now holds."""
    from hydra_env.games.hydra.rules import testing as ht
    from hydra_env.games.hydra.rules.tables import T_PUSHED
    board = Game.new(1, 1, 0).rules.board
    path = [board.name(s) for s in board.paths[0]]
    game = ht.coop_game(heroes=[path[2], path[1], "city", "city"], heads={"red": (4, 0)},
                        shields=[True, True, False, False], hands={0: ["A21"]}, order=[0, 1, 2, 3])
    game.apply(ht.find_action(game, "A21", "strike red for 3"))
    assert game.pending == {"kind": "evade", "seat": 0, "cause": "maelstrom"}
    assert (T_PUSHED, 1) in game.state.tasks and game.state.hero_space[1] == board.paths[0][1]
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
