"""The pages' Jinja2 templates: autoescape is the default, JSON goes through script_json, a
game's templates are found before the shared ones, and every template is in the package."""

from __future__ import annotations

import json
import re
from importlib import resources

from markupsafe import Markup

from agents.viewer import templating
from agents.viewer.page import PageParts, page_html

HOSTILE = '</script><script>alert(1)</script><img src=x onerror="alert(2)">'


def test_the_shell_escapes_texts_and_attributes_and_keeps_the_game_body() -> None:
    parts = PageParts(title=HOSTILE, subtitle=HOSTILE, css="b{}", body="<p id='x'>ok</p>", data={"seat": HOSTILE},
                      script="go()", body_attributes={"data-name": HOSTILE})
    html = page_html(parts)
    outside = re.sub(r'<script id="replay-data".*?</script>', "", html, flags=re.S)
    assert "<img" not in outside and "alert(1)</script>" not in outside
    assert "<title>&lt;/script&gt;&lt;script&gt;alert(1)" in html and "<p id='x'>ok</p>" in html
    data = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)[1]
    assert json.loads(data) == {"seat": HOSTILE}
    assert html.startswith("<!DOCTYPE html>") and 'data-ready="0"' in html and "<script>go()</script>" in html


def test_a_page_without_a_script_is_ready_as_loaded_and_has_no_data_element() -> None:
    html = page_html(PageParts(title="t", subtitle="s", css="", body=""))
    assert 'data-ready="1"' in html and "replay-data" not in html and "<script" not in html


def test_a_value_is_escaped_unless_it_is_markup() -> None:
    env = templating.environment()
    page = env.from_string("{{ a }}|{{ b }}|{{ c | script_json }}").render(a="<b>", b=Markup("<b>"), c="</x>")
    assert page == '&lt;b&gt;|<b>|"<\\/x>"'


def test_a_game_template_is_found_before_the_shared_ones() -> None:
    body = templating.render("heroica.html", "agents.game_tools.heroica", map=Markup("<svg></svg>"),
                             result_line="won by seat 0 (<me>)")
    assert '<div id="controls"><button id="first"' in body        # the shared stepper macro
    assert "<svg></svg>" in body and "won by seat 0 (&lt;me&gt;)" in body


def test_every_template_sits_in_a_package_folder_that_the_wheel_carries() -> None:
    for package in ("agents.viewer", "agents.game_tools.hydra", "agents.game_tools.hydras",
                    "agents.game_tools.hadara", "agents.game_tools.heroica"):
        names = {p.name for p in resources.files(package).joinpath("templates").iterdir()}
        assert names and all(n.endswith(".html") for n in names), (package, names)
        for name in names:
            templating.environment(package).get_template(name)          # parses
