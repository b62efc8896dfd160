"""The one save reader of every game (hydra_env.api.saves, issue 30): limits checked before
any game code runs, the same answer on both engines, seeds above 2**64 saved and loaded back,
and a short slice of the save fuzz."""

from __future__ import annotations

import json

import pytest
from helpers.benchmarks import load_benchmark

from hydra_env.api.registry import game_names, game_spec
from hydra_env.api.saves import first_difference, read_save_text
from hydra_env.errors import SaveError
from hydra_env.native.modules import NativeUnsupportedError

GAMES = sorted(game_names())
FORMAT = {"format": "hydra-env/test", "version": 3}


def _read(text, **limits):
    return read_save_text(text, game="hydra-env/test", version=3, title="Test", **limits)


def _native(spec) -> bool:
    if "native" not in spec.engines:
        return False
    try:
        spec.make(seed=1, engine="native")
    except NativeUnsupportedError:
        return False
    except SaveError:
        return False
    except Exception:  # noqa: BLE001 - a native engine not built here
        return False
    return True


def _engines(spec) -> tuple[str, ...]:
    return ("python", "native") if _native(spec) else ("python",)


def test_an_intact_save_text_or_its_utf8_bytes_reads_as_its_object():
    text = json.dumps({**FORMAT, "state": {"name": "é", "n": [1, 2]}})
    assert _read(text)["state"] == {"name": "é", "n": [1, 2]}
    assert _read(text.encode())["state"]["name"] == "é"


@pytest.mark.parametrize(("text", "message"), [
    (123, "needs the text of a saved game"),
    (None, "needs the text of a saved game"),
    (b'{"format": "\xff"}', "not UTF-8"),
    ('{"format": "\udc80"}', "not valid UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ('{"a": ' + "[" * 65 + "]" * 65 + "}", "nested more than"),
    ('{"a": ' + "9" * 5000 + "}", "digits is larger"),
    ('{"a": ' + str(2 ** 300) + "}", "digits is larger|larger than a save holds"),
    ('{"a": NaN}', "NaN is not a JSON number"),
    ('{"a": -Infinity}', "Infinity is not a JSON number"),
    ('{"a": 1e999}', "out of range"),
    ('{"format": "hydra-env/test", "format": "hydra-env/test", "version": 3}', "'format' appears twice"),
    ("[1, 2]", "must be a JSON object"),
    ('{"format": "hydra-env/test", "version": 3', "not JSON text"),
    ("", "not JSON text"),
    ('{"format": "hydra-env/other", "version": 3}', "field 'format' must be 'hydra-env/test'"),
    ('{"format": "hydra-env/test"}', "'version' must be 3"),
    ('{"format": "hydra-env/test", "version": 2}', "'version' must be 3"),
    ('{"format": "hydra-env/test", "version": 3.0}', "'version' must be 3"),
    ('{"format": "hydra-env/test", "version": true}', "'version' must be 3"),
    ('{"format": "hydra-env/test", "version": "3"}', "'version' must be 3"),
])
def test_a_text_that_is_no_intact_save_is_refused_naming_the_problem(text, message):
    with pytest.raises(SaveError, match=message):
        _read(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert _read(json.dumps({**FORMAT, "s": "[[[[{{{{" * 100}))["s"].startswith("[[[[")


def test_a_text_longer_than_the_size_limit_is_refused_before_it_is_parsed():
    text = json.dumps({**FORMAT, "pad": "x" * 200})
    assert _read(text, max_bytes=len(text))
    with pytest.raises(SaveError, match="more than the 100 a save may have"):
        _read(text, max_bytes=100)


def test_integers_up_to_the_limit_load_and_larger_ones_are_refused():
    assert _read(json.dumps({**FORMAT, "seed": 2 ** 70}), max_int=2 ** 70)["seed"] == 2 ** 70
    with pytest.raises(SaveError, match="larger than a save holds"):
        _read(json.dumps({**FORMAT, "seed": 2 ** 70 + 1}), max_int=2 ** 70)


def test_first_difference_is_strict_about_types():
    assert first_difference([1, {"a": 2}], [1, {"a": 2}], "x") is None
    assert first_difference([1, {"a": 2}], [1, {"a": 2.0}], "x") == "x[1].a"
    assert first_difference({"a": 1}, {"a": True}, "x") == "x.a"
    assert first_difference({"a": 1}, {"b": 1}, "x") == "x.a"
    assert first_difference([1], [1, 2], "x").startswith("x (length 2 saved")


def _saved(spec, seed=7, steps=10) -> str:
    game = spec.make(seed=seed, engine="python")
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return game.to_json()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("change", ["bytes", "deep", "huge", "nan", "duplicate", "version_true", "version_float"])
def test_every_game_refuses_a_damaged_save_the_same_way_on_both_engines(name, change):
    spec = game_spec(name)
    text = _saved(spec)
    doc = json.loads(text)
    damaged = {
        "bytes": text.encode()[:20] + b"\xff" + text.encode()[20:],
        "deep": text[:-1] + ',"x":' + "[" * 50_000 + "]" * 50_000 + "}",
        "huge": text[:-1] + ',"x":' + "7" * 6000 + "}",
        "nan": text[:-1] + ',"x":NaN}',
        "duplicate": text[:-1] + ',"format":' + json.dumps(doc["format"]) + "}",
        "version_true": json.dumps({**doc, "version": True}),
        "version_float": json.dumps({**doc, "version": float(doc["version"])}),
    }[change]
    messages = set()
    for engine in _engines(spec):
        with pytest.raises(SaveError) as caught:
            spec.from_json(damaged, engine=engine)
        messages.add(str(caught.value))
    assert len(messages) == 1


@pytest.mark.parametrize("name", GAMES)
def test_a_game_dealt_from_a_seed_above_2_to_the_64_saves_and_loads_back(name):
    spec = game_spec(name)
    game = spec.make(seed=2 ** 70 + 5, engine=None)
    assert game.engine == "python"
    text = game.to_json()
    for engine in ("python", None):
        again = spec.from_json(text, engine=engine)
        assert again.to_json() == text
        assert again.legal_actions() == game.legal_actions()
    if _native(spec):
        with pytest.raises(NativeUnsupportedError, match="2\\*\\*64") as at_new:
            spec.make(seed=2 ** 70 + 5, engine="native")
        with pytest.raises(NativeUnsupportedError, match="2\\*\\*64") as at_load:
            spec.from_json(text, engine="native")
        assert str(at_new.value) == str(at_load.value)


@pytest.mark.parametrize("name", GAMES)
def test_a_short_save_fuzz_finds_no_crash_and_no_disagreement(name):
    fuzz = load_benchmark("save_fuzz")
    counts = fuzz.fuzz(name, seconds=2.0, seed=11)
    assert counts.tried > 0 and counts.refused > 0
    assert (counts.crashes, counts.disagreements) == (0, 0), counts.examples
