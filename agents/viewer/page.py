"""The replay page: one self-contained HTML file (inline SVG, JS and CSS; nothing fetched).

:func:`write_replay_page` turns a replay document (:mod:`agents.replay`) of any
registered game into a page. The page is one shell (:func:`page_html`: the
head, the title and subtitle, the game's body, its data as JSON in
``<script id="replay-data">`` and its script) around the game's part, which
comes from the game's ``viewer`` hook (``agents/game_tools/<game>/viewer.py``,
found with ``game_spec(name).hooks("viewer")``):

* ``page_parts(doc) -> PageParts`` — the title, subtitle, CSS, body, data and
  script of the page of ``doc``; ViewerError when the replay cannot be shown.

A game without that hook gets :func:`text_page_parts`: a plain page, every
decision's ``describe`` text and the game's ``render()`` after it, all of it
escaped. The shell and the generic body are Jinja2 templates
(``agents/viewer/templates``, :mod:`agents.viewer.templating`) with autoescape on:
nothing from a replay file is ever put in a page unescaped; the data goes through
:func:`script_json`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import hydra_env
from agents.cli import atomic_write_text
from agents.viewer.errors import ViewerError
from agents.viewer.templating import render
from agents.viewer.templating import script_json as script_json  # its old home, still imported from here


def asset(name: str) -> str:
    """The text of a file in ``agents/viewer/assets``."""
    return resources.files("agents.viewer").joinpath("assets", name).read_text(encoding="utf-8")


@dataclass
class PageParts:
    """A game's part of its replay page.

    Attributes:
        title: the page's title (plain text; escaped by the shell).
        subtitle: one line under the title (plain text; escaped by the shell).
        css: the page's style sheet.
        body: the HTML between the header and the scripts (escaped by the game).
        data: the JSON value the script reads from ``<script id="replay-data">``
            (None: no data element).
        script: the page's script ("" : none, and the page is ready as loaded).
        body_attributes: more attributes of ``<body>`` (values escaped by the shell).
    """

    title: str
    subtitle: str
    css: str
    body: str
    data: Any = None
    script: str = ""
    body_attributes: dict[str, str] = field(default_factory=dict)


def page_html(parts: PageParts) -> str:
    """The HTML text of a replay page: the shell (``templates/replay.html``) around a game's ``parts``."""
    return render("replay.html", parts=parts)


def text_page_parts(doc: dict[str, Any]) -> PageParts:
    """The generic page of a replay: each decision's text and the game rendered after it."""
    from agents import replay
    from hydra_env import HydraError, game_spec
    try:
        name = replay.game_of(doc)
        game = replay.start_game(doc)
    except (HydraError, KeyError, TypeError, ValueError) as exc:
        raise ViewerError(f"cannot set the game up: {exc}") from None
    start, steps = game.render(), []
    for step, action in enumerate(doc["decisions"], 1):
        if game.is_over or not game.is_legal(action):
            raise ViewerError(f"step {step}: decision {action!r} is not legal in the replayed game")
        seat, text = game.current_player, game.describe(action)
        game.apply(action)
        steps.append({"n": step, "seat": seat, "text": text, "board": game.render()})
    if not game.is_over:
        raise ViewerError(f"the decisions end after step {len(doc['decisions'])} but the game is not over")
    result = replay.plain_json(game.result().to_dict())
    if doc.get("result") is not None and result != doc["result"]:
        raise ViewerError("the replayed game's result differs from the replay's result")
    seats = ", ".join(str(s) for s in doc.get("seats") or [])
    title = f"{game_spec(name).title} replay"
    subtitle = (f"seed {doc.get('seed')} · seats: {seats} · {len(doc['decisions'])} decisions · "
                f"re-played with hydra-env {hydra_env.__version__}")
    body = render("text_replay.html", start=start, steps=steps, result=json.dumps(result, indent=1))
    return PageParts(title=title, subtitle=subtitle, css=asset("replay.css"), body=body)


def page_parts_of(doc: dict[str, Any]) -> PageParts:
    """The parts of the page of ``doc``: from its game's ``viewer`` hook, or the generic text page."""
    from agents import replay
    from hydra_env import HydraError, game_spec
    try:
        name = replay.game_of(doc)
    except HydraError as exc:
        raise ViewerError(str(exc)) from None
    hooks = game_spec(name).hooks("viewer")
    parts = getattr(hooks, "page_parts", None) if hooks is not None else None
    return parts(doc) if parts is not None else text_page_parts(doc)


def replay_page(doc: dict[str, Any]) -> str:
    """The HTML text of the replay page of ``doc``."""
    return page_html(page_parts_of(doc))


def write_replay_page(replay_doc: dict[str, Any] | str | Path, out_path: str | Path) -> Path:
    """Write the replay page of a replay (a document, or the path of a replay file) to ``out_path``.

    Raises ViewerError when the replay cannot be shown."""
    if not isinstance(replay_doc, dict):
        from agents.replay import ReplayError, load_replay
        try:
            replay_doc = load_replay(Path(replay_doc))
        except ReplayError as exc:
            raise ViewerError(str(exc)) from None
    out = Path(out_path)
    atomic_write_text(out, replay_page(replay_doc))
    return out


def __getattr__(name: str) -> Any:
    """Deprecated names of this module (``page_data``, ``delta_encode``), kept for one release:
    the viewer hooks of the game of replays that name no game (:func:`agents.replay.legacy_game`)."""
    if name in ("page_data", "delta_encode"):
        from agents import replay
        from hydra_env import game_spec
        legacy = replay.legacy_game()
        hooks = game_spec(legacy).hooks("viewer") if legacy is not None else None
        if hooks is not None and hasattr(hooks, name):
            return getattr(hooks, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
