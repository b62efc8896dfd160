"""See a game in the browser: replay pages and evaluation / tournament reports, each one
self-contained HTML file (inline SVG, JS and CSS; nothing is fetched from the network).

* :func:`write_replay_page` — a replay (``agents.replay``) as a page to step through.
* :func:`write_evaluation_report` — the report of an ``evaluate`` output folder.
* :func:`write_tournament_report` — the report of a ``tournament`` output folder.
"""

from __future__ import annotations

from agents.viewer.errors import ViewerError
from agents.viewer.page import write_replay_page
from agents.viewer.report import write_evaluation_report, write_tournament_report

__all__ = ["ViewerError", "write_evaluation_report", "write_replay_page", "write_tournament_report"]
