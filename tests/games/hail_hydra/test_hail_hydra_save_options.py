"""A Hail Hydra save's header and start options are checked as ``new`` checks them (issue
30): a dropped header field, a forced flag that is no bool, options of a wrong type are refused."""

from __future__ import annotations

import json

import pytest

from hydra_env.api.registry import game_spec
from hydra_env.errors import SaveError


def _doc() -> dict:
    return json.loads(game_spec("hail_hydra").make(seed=4, engine="python").to_json())


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.pop("components_name"), "missing \\['components_name'\\]"),
    (lambda d: d.update(components_version=99), "components_version"),
    (lambda d: d.update(forced=0), "forced must be true or false"),
    (lambda d: d["start"]["options"].pop("claims"), "start.options must hold exactly"),
    (lambda d: d["start"]["options"].update(heroes=["HR01"]), "start.options.heroes must be a str"),
    (lambda d: d["start"]["options"].update(history=99), "start.options: history"),
])
def test_a_save_with_a_damaged_header_or_start_option_is_refused(change, words):
    doc = _doc()
    change(doc)
    with pytest.raises(SaveError, match=words):
        game_spec("hail_hydra").from_json(json.dumps(doc), engine="python")
