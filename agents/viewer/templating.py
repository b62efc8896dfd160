"""The Jinja2 templates of the pages: found, escaped by default, rendered.

The shells (the replay page, the report pages) live in ``agents/viewer/templates``;
a game's viewer keeps its own in ``agents/game_tools/<game>/templates`` and names
its package to :func:`render` (its templates are found first, the shared ones
after). Autoescape is on: every value put in a page is escaped unless it is a
:class:`markupsafe.Markup` (HTML built and escaped already: SVG, the style sheet
and script from the assets). JSON read by a script goes through the
``script_json`` filter (:func:`script_json`), which keeps ``</script>`` and
``<!--`` out of the element.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import jinja2
from markupsafe import Markup

SHARED = "agents.viewer"


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


@functools.cache
def environment(package: str = SHARED) -> jinja2.Environment:
    """The template environment of ``package``'s ``templates`` folder, then the shared one."""
    loaders = [jinja2.PackageLoader(p, "templates") for p in dict.fromkeys((package, SHARED))]
    env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), autoescape=True, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.filters["script_json"] = lambda value: Markup(script_json(value))
    return env


def render(template: str, package: str = SHARED, **values: Any) -> str:
    """The text of ``template`` (a file of ``package``'s ``templates`` folder or the shared
    one) filled with ``values``; plain strings are escaped, :class:`Markup` is not."""
    return environment(package).get_template(template).render(**values)
