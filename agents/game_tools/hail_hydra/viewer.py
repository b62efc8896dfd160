"""Hail Hydra's part of the replay page (the ``viewer`` hook read by :mod:`agents.viewer.page`).

The game is played again from its seed and decisions on the Python engine (a decision that
is not legal, or a result that differs from the replay's, is a :class:`ViewerError`). The
page shows, at every decision: the table (each seat with its hero, loyalty as the view
knows it, hand, and whether it holds the token, is knocked out, revealed, immune or has
used its ability), New York's health and the villain (health, defence, strength, power,
the tiers to come), each mission's offensives (gifts, face-down plays with their claims,
face-up plays, the revealed multiset and total, the damage) and vote rounds
(nominations, votes once the round closes, the result), the decision taken, the list of
decisions, step buttons, a slider and the arrow keys.

A seat selector picks the view: *everything* (the omniscient record) or seat ``k``: then
the page shows only what seat ``k`` saw at that step. Each view's data is built on the
server from the game's own seat information (:mod:`.viewer_data`); the script shows one
view's data and has nothing of another seat to hide.

Text from the replay file (the seats' names) and from the component file (names) reaches
the page only escaped: the data goes through :func:`agents.viewer.page.script_json`, the
script writes text with ``textContent`` only, and the HTML written here goes through
:func:`html.escape`.
"""

from __future__ import annotations

from html import escape
from importlib import resources
from typing import Any

import hydra_env
from agents.game_tools.hail_hydra.viewer_data import Track, component_names, everything_frame, seat_frame
from agents.viewer.errors import ViewerError
from agents.viewer.page import PageParts, asset
from hydra_env.games.hail_hydra.codec import show_value

SET_UP = "the game is set up"


def hail_hydra_asset(name: str) -> str:
    """The text of a file in ``agents/game_tools/hail_hydra/assets``."""
    return resources.files("agents.game_tools.hail_hydra").joinpath("assets", name).read_text(encoding="utf-8")


def _start(doc: dict[str, Any]) -> tuple[Any, list[int]]:
    """The game of ``doc`` at its start (Python engine) and its decisions."""
    from agents.replay_games import params_of
    from hydra_env import HydraError, game_spec
    try:
        params = params_of(doc, "hail_hydra")
        game = game_spec("hail_hydra").make(seed=doc["seed"], engine="python", **params)
        decisions = [int(a) for a in doc["decisions"]]
    except (HydraError, KeyError, TypeError, ValueError) as exc:
        raise ViewerError(f"cannot set the Hail Hydra game up: {exc}") from None
    return game, decisions


def _add(tracks: list[Track], game: Any, captions: list[str]) -> None:
    """One step of every track: everything's frame, then each seat's from its own information."""
    tracks[0].add(captions[0], everything_frame(game.state, game.components))
    for seat in range(game.num_players):
        tracks[seat + 1].add(captions[seat + 1], seat_frame(game.observe(seat)))


def page_data(doc: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The JSON object the page's script reads, and the game played to its end."""
    from agents import replay
    game, decisions = _start(doc)
    players = game.num_players
    tracks = [Track() for _ in range(players + 1)]
    _add(tracks, game, [SET_UP] * (players + 1))
    movers = [-1]
    for step, action in enumerate(decisions, 1):
        if game.is_over or not game.is_legal(action):
            raise ViewerError(f"step {step}: decision {action!r} is not legal in the replayed game")
        movers.append(int(game.current_player))
        captions = [game.describe(action)] + [game.describe(action, viewer=s) for s in range(players)]
        game.apply(action)
        _add(tracks, game, captions)
    if not game.is_over:
        raise ViewerError(f"the decisions end after step {len(decisions)} but the game is not over")
    recorded = doc.get("result")
    if recorded is not None and replay.plain_json(game.result().to_dict()) != recorded:
        raise ViewerError("the replayed game's result differs from the replay's result")
    seats = [str(s) for s in (doc.get("seats") or ["?"] * players)]
    if len(seats) != players:
        raise ViewerError(f"the replay names {len(seats)} seats for a game of {players} players")
    data = {"players": players, "seats": seats, "movers": movers,
            "hydra_count": game.components.rows[players].hydra, "values": [show_value(v) for v in range(8)],
            **component_names(game.components), "views": [t.to_data() for t in tracks]}
    return data, game


def _controls(seats: list[str]) -> str:
    views = '<option value="0">everything (all hidden information)</option>' + "".join(
        f'<option value="{s + 1}">seat {s} ({escape(name)}): what it saw</option>' for s, name in enumerate(seats))
    return ('<button id="first" title="first (Home)">⇤</button><button id="prev" title="back (←)">◀</button>'
            '<button id="play" title="play / pause (space)">▶</button>'
            '<button id="next" title="forward (→)">▶</button><button id="last" title="last (End)">⇥</button>'
            '<input id="slider" type="range" min="0" max="0" value="0" aria-label="decision">'
            f'<span id="position"></span><label for="view">view</label><select id="view">{views}</select>')


def page_parts(doc: dict[str, Any]) -> PageParts:
    """The parts of the replay page of a Hail Hydra replay ``doc`` (ViewerError when it cannot be shown)."""
    data, game = page_data(doc)
    result = game.result()
    title = f"Hail Hydra replay — {game.num_players} players"
    cause = result.cause.replace("_", " ")
    subtitle = (f"seed {doc.get('seed')} · seats: {', '.join(data['seats'])} · {len(data['movers']) - 1} decisions · "
                f"{result.outcome.upper()} wins ({cause}) · re-played with hydra-env {hydra_env.__version__} "
                f"· pick a view: everything, or one seat's information only")
    seats = "".join(f'<div class="seat box" data-seat="{s}"><h3>seat {s} ({escape(name)})</h3>'
                    f'<div class="facts"></div></div>' for s, name in enumerate(data["seats"]))
    body = f"""<div id="controls">{_controls(data['seats'])}</div>
<main class="hail-hydra"><section id="board" class="box"><div id="status"></div><div id="city"></div>
<div id="villain"></div><div id="private"></div></section>
<section id="table">{seats}</section>
<section id="right"><div id="caption" class="box"></div>
<aside id="list" class="box"><h2>decisions</h2><ol id="decisions"></ol></aside></section>
<section id="missions" class="box"><h2>missions</h2><div id="mission-list"></div></section></main>"""
    return PageParts(title=title, subtitle=subtitle, css=asset("replay.css") + hail_hydra_asset("hail_hydra.css"),
                     body=body, data=data, script=asset("stepper.js") + hail_hydra_asset("hail_hydra.js"),
                     body_attributes={"data-game": "hail_hydra"})
