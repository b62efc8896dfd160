"""Deprecated alias of agents.game_tools.hydras.viewer, kept for one release."""

from agents.game_tools.hydras.viewer import CELL, card_svg, open_end_svg, page_data, replay_page, view_box

__all__ = ["CELL", "card_svg", "open_end_svg", "page_data", "replay_page", "view_box"]
