"""The replay viewer's frames: the engine's states, every Hydra-phase effect as a step, R41 views."""

from __future__ import annotations

import re

import numpy as np
import pytest
from helpers.viewer_games import SHOVE_GAME, game_at, replay_doc

from agents.viewer.effects import HYDRA_EFFECTS
from agents.viewer.record import record, split_views
from agents.viewer.steps import ViewerError, game_steps
from hydra_env.games.hydra.rules import tables as tb
from hydra_env.games.hydra.rules.views import observe


@pytest.mark.parametrize("game", [(10, 0, "heuristic"), SHOVE_GAME, (1, 0, "random")])
def test_the_frame_of_each_decision_holds_the_state_game_apply_reaches(game: tuple) -> None:
    doc = replay_doc(*game)
    rec = record(doc)
    assert [d.action for d in rec.decisions] == doc["decisions"]
    for d in rec.decisions:
        frame = rec.frames[d.frame]
        assert frame.pending == d.index
        assert frame.state == game_at(doc, d.index).state
        assert d.text == game_at(doc, d.index).describe(d.action)
    assert rec.frames[-1].state == game_at(doc, len(doc["decisions"])).state
    assert rec.game.result().to_dict()["outcome"] == doc["result"]["outcome"]


@pytest.mark.parametrize("game", [(10, 0, "heuristic"), (1, 0, "heuristic")])
def test_every_hydra_effect_and_every_card_of_the_hydra_phase_is_a_step_of_its_own(game: tuple) -> None:
    doc = replay_doc(*game)
    effects = cards = 0
    for _game, step in game_steps(doc):
        if step is not None and step.task is not None:
            op = step.task[0]
            if op in HYDRA_EFFECTS:
                effects += 1
            elif op == tb.T_SOLO_HYDRA and any(t[0] == tb.T_SOLO_HYDRA for t in step.after.tasks):
                cards += 1
            elif op == tb.T_COOP_HYDRA and step.before.hydra_queue:
                cards += 1
    rec = record(doc)
    frames = [f for f in rec.frames if f.kind == "effect"]
    assert effects > 20 and cards > 10
    assert len(frames) == effects + cards
    headings = [f.texts[0] for f in frames]
    assert sum(h.startswith("Hydra phase: ") for h in headings) == cards
    card = r"Hydra phase: display A\d — A\d\d " if rec.rules.solo else r"Hydra phase: (unused action|stack) card"
    assert any(re.match(card, h) for h in headings)
    assert any(re.match(r"(grow|move) \d (red|white|yellow|blue)", h) for h in headings)


def test_effect_texts_say_what_moved_who_was_wounded_and_which_wall_fell() -> None:
    rec = record(replay_doc(*SHOVE_GAME))
    board = rec.rules.board
    names = {board.name(s): s for s in range(board.n_spaces)}
    colours = rec.rules.components.hydra_colours
    moved = walls = wounded = 0
    for before, frame in zip(rec.frames, rec.frames[1:]):
        for text in frame.texts:
            m = re.match(r"the (\w+) head advances (\S+) → (\S+)", text)
            if m:
                c = colours.index(m[1])
                path = board.paths[frame.state.hydra_path[c]]
                assert path[before.state.head_position[c]] == names[m[2]]
                assert path[frame.state.head_position[c]] == names[m[3]]
                moved += 1
            m = re.search(r"wall tokens? falls?: walls (\d+) → (\d+)", text)
            if m:
                assert (before.state.walls, frame.state.walls) == (int(m[1]), int(m[2]))
                walls += 1
            m = re.match(r"hero \d \(seat (\d)\) is wounded", text)
            if m:
                seat = int(m[1])
                assert frame.state.hero_space[seat] == board.city
                assert frame.state.glory[seat] < before.state.glory[seat]
                wounded += 1
    assert moved and walls == 4 and wounded


def test_a_shoved_hero_decides_and_its_frame_shows_the_new_space() -> None:
    doc = replay_doc(*SHOVE_GAME)
    rec = record(doc)
    shoved = [d for d in rec.decisions if d.kind == "shoved"]
    assert shoved
    for d in shoved:
        shown = rec.frames[d.frame]
        assert any("is shoved" in t for t in shown.texts)
        result = next(f for f in rec.frames if f.after == d.index and f.kind == "decision")
        assert result.state.hero_space[d.seat] == rec.rules.codec.arg[d.action]


def test_r41_seat_views_are_observe_and_differ_only_in_the_own_hand() -> None:
    rec = record(replay_doc(1, 0, "random"))
    for frame in rec.frames[::7]:
        common, own = split_views(frame.state, rec.rules)
        for seat in range(rec.players):
            view = observe(frame.state, rec.rules, seat)
            mine = view["hands"][seat]
            assert own[seat] == {"action_cards": mine["action_cards"], "hydra_hand": mine["hydra_hand"]}
            assert all("action_cards" not in h for h in common["hands"])


def test_r41_seat_views_do_not_change_with_hidden_information() -> None:
    rec = record(replay_doc(1, 0, "random"))
    game = rec.game.__class__(rec.frames[len(rec.frames) // 3].state.clone(), rec.rules)
    common, own = split_views(game.state, rec.rules)
    other = game.determinize(0, np.random.default_rng(5))
    common2, own2 = split_views(other.state, rec.rules)
    assert common2 == common and own2[0] == own[0]


def test_r41_solo_row_c_is_face_down_before_the_oracle_in_the_seat_view() -> None:
    rec = record(replay_doc(10, 0, "heuristic"))
    first = rec.frames[0]
    common, _ = split_views(first.state, rec.rules)
    assert all(r["present"] and r["card"] is None for r in common["row"])


def test_bot_notes_are_shown_at_their_decision_best_first() -> None:
    doc = replay_doc(10, 0, "random")
    legal = game_at(doc, 0).legal_actions()
    chosen = doc["decisions"][0]
    values = {str(a): float(k % 7) for k, a in enumerate(legal)}
    third = doc["decisions"][2]
    doc["notes"] = [{"values": values, "label": "rollout mean score"}, None, {"probs": {str(third): 1.0}}]
    rec = record(doc)
    first = rec.decisions[0]
    assert first.note_kind == "values" and first.note_label == "rollout mean score"
    assert [n.value for n in first.notes][:8] == sorted(values.values(), reverse=True)[:8]
    assert chosen in [n.action for n in first.notes]
    assert first.notes[0].text == game_at(doc, 0).describe(first.notes[0].action)
    assert rec.decisions[1].notes == []
    assert rec.decisions[2].note_kind == "probs" and [n.action for n in rec.decisions[2].notes] == [third]


def test_notes_in_a_wrong_shape_are_refused() -> None:
    doc = replay_doc(10, 0, "random")
    doc["notes"] = {"0": {"scores": {}}}
    with pytest.raises(ViewerError, match="'values' or 'probs'"):
        record(doc)
    doc["notes"] = {"0": {"values": {"a": "b"}}}
    with pytest.raises(ViewerError, match="action indices to numbers"):
        record(doc)


def test_a_replay_the_engine_cannot_follow_is_refused() -> None:
    doc = replay_doc(10, 0, "random")
    bad = dict(doc, data=dict(doc["data"], digest="0" * 64))
    with pytest.raises(ViewerError, match="component data"):
        record(bad)
    illegal = dict(doc, decisions=doc["decisions"][:3] + [10 ** 6] + doc["decisions"][4:])
    with pytest.raises(ViewerError, match="decision 4 .* not legal"):
        record(illegal)
    with pytest.raises(ViewerError, match="not over"):
        record(dict(doc, decisions=doc["decisions"][:-1], state_digests=doc["state_digests"][:-1]))
    digests = list(doc["state_digests"])
    digests[5] = "0" * 16
    with pytest.raises(ViewerError, match="decision 6: the state differs from the recorded digest"):
        record(dict(doc, state_digests=digests))
