"""Hadara's hooks of ``hydra-env play`` (read by :mod:`agents.play`; the hooks are listed there).

Hadara here is "rules with reconstructed components": every number of a card, colony,
statue and medal is a reconstruction, not the published value (docs/games/hadara/rules.md).
Before each of your decisions the table is shown as your seat may see it (HD29): the
wheel (its setting and, in a draft round, the deck each seat's icon points at), the
board's decks and discard piles, every seat's coins and tracks (income, military,
culture, food), tableau, colonies, statues and medals; then your prices: each card you
may take (your drawn pair, the top of each pile) with its faces, what buying it costs you
(cost less one per card of its colour you own, HD14) and what selling it pays (HD15).
The options follow, one per line, named as the action space names them (``keep drawn
card 1 and buy it ...``, ``take the top of the red pile and sell it``, ``pass``). Type
the number, the name or its start, or ``#N`` for the action of index N; a name that is
not legal now is refused with the engine's reason (``... cannot pay 4 coins ...: it has
2``). After each decision the public changes are printed (purchases, phase-B sales,
colonies, statues, medals; a draft sale stays hidden).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.game_tools.hadara import words
from agents.play_text import OptionGroup

EXAMPLES = ("hydra-env play --game hadara --num-players 3 --opponents greedy",)
LEGEND = """Hadara (rules with reconstructed components): the most points after three epochs wins.
Each epoch: the first player sets the wheel; five draft rounds (draw 2 from the deck your icon
points at, keep one and buy or sell it, discard the other face up); income; a colony step and a
statue step; phase B (take pile tops in turn, buy or sell); income, colonies, statues again;
feeding (keep no more cards than your food track); medals. Price = cost - cards of that colour
you own (HD14); a sale pays 2/3/4 coins by epoch (HD15).
Score (HD27): card points + colonies + statues + silver medals + gold medals + coins / 5."""
DECISIONS = {
    "WHEEL": "You are the epoch's first player: set the wheel (which deck each seat draws from, HD4).",
    "DRAFT": "Keep one of your two drawn cards and buy it (if you can pay) or sell it; the other is discarded.",
    "PICK": "Phase B: take the top card of a discard pile and buy or sell it.",
    "COLONY": "Take the top colony of a level your military reaches (one per level), or pass.",
    "COLONY_MODE": "Plunder the colony for its coins, or pay to integrate it (its back's tracks).",
    "STATUE": "Carve a statue your culture reaches, with an unused tile, or pass.",
    "TILE": "Place a tile on the statue: face up raises that track now, face down scores at the end.",
    "REMOVE": "Feeding: your tableau holds more cards than your food track; remove one.",
    "MEDAL": "Buy a silver medal (with a tile) or a gold medal, one at a time, or pass to end.",
}


def header(game: Any, seat: int, seats: list[str], loaded: Path | None) -> str:
    """The first line: the game (with reconstructed components), seed, your seat and the others."""
    others = ", ".join(f"seat {s} {spec}" for s, spec in enumerate(seats) if s != seat)
    return (f"Hadara (rules with reconstructed components) — {game.num_players} players, seed {game.seed}; "
            f"you are seat {seat}; others: {others}")


def params_of(game: Any) -> dict[str, Any]:
    """The parameters of a loaded game."""
    options = game.options
    return {"num_players": game.num_players, "board_order": options["board_order"], "piles": options["piles"],
            "components": options["components"] or ""}


@dataclass
class HadaraOption(OptionGroup):
    """One option line, with the game it belongs to (for :func:`match`)."""

    game: Any = None


def option_groups(game: Any, legal: list[int]) -> list[HadaraOption]:
    """One line per legal action: its name, then the card and its price for you."""
    seat = game.current_player
    return [HadaraOption("", "", "", [a], [game.describe(a, viewer=seat)], [game.codec.describe(a)], game=game)
            for a in legal]


def _words(text: str) -> list[str]:
    return text.lower().replace(",", " ").replace(":", " ").split()


def match(groups: list, entry: str) -> list[int] | str:
    """The legal actions the entry names (its name, or enough of its words in order:
    :func:`agents.terminal.options.match_groups`); else a refusal (the engine's reason) when
    the entry's words start the name of an action that is not legal now."""
    from agents.terminal.options import match_groups
    wanted = _words(entry)
    game = getattr(groups[0], "game", None) if groups else None
    found = match_groups(groups, entry)
    if found or not wanted or game is None:
        return found
    named = [a for a in range(game.codec.size) if _words(game.codec.describe(a))[:len(wanted)] == wanted]
    if len(named) == 1:
        return f"{game.codec.describe(named[0])!r} is not legal now: {why_not(game, named[0])}"
    if named:
        return f"{entry!r} names no legal option now: {why_not(game, named[0])}"
    return []


def why_not(game: Any, action: int) -> str:
    """Why ``action`` is not legal now: the reason of the engine's IllegalActionError."""
    from hydra_env import HydraError
    try:
        game.clone().apply(action)
    except HydraError as exc:
        text = str(exc)
        return text.split(" is illegal: ", 1)[1] if " is illegal: " in text else text
    return "it is legal"


def table_text(game: Any, seat: int) -> str:
    """The table as ``seat`` may see it, the wheel, and the seat's prices."""
    lines = game.render(seat).splitlines()
    return "\n".join([lines[0], *words.wheel_lines(game), *lines[1:], *words.price_lines(game, seat)])


def heading(game: Any) -> str:
    """The decision asked now."""
    state = game.state
    kind = (game.pending or {}).get("kind", "")
    return (f"Epoch {words.ROMAN[state.epoch]} — your decision: {kind} (type a number or a name; ? explains it)")


def help_text(game: Any) -> str:
    """The legend and what the decision asked now means."""
    kind = (game.pending or {}).get("kind", "")
    return "\n".join([LEGEND, "", f"Now: {kind} — {DECISIONS.get(kind, 'Choose one of the options.')}"])


def apply_shown(game: Any, action: int, human: int) -> list[str]:
    """Apply ``action``; the public changes it caused (with the automatic steps after it)."""
    before = words.snapshot(game)
    game.apply(action)
    return [f"      · {line}" for line in words.changes(game, before)]


def outcome_text(game: Any, seat: int) -> str:
    """The result for the person at ``seat``: the verdict, the scores and yours by source."""
    from agents.game_tools.hadara.sources import LABELS, seat_sources
    result = game.result().to_dict()
    place, winners = result["ranks"][seat], result["winners"]
    verdict = ("You win!" if place == 1 and len(winners) == 1 else "You share the win!" if place == 1
               else f"You finish {place} of {game.num_players}.")
    parts = seat_sources(result, seat)
    return (f"{verdict} Scores: {', '.join(f'seat {s} {v}' for s, v in enumerate(result['scores']))} "
            f"(ties: coins {' '.join(map(str, result['coins']))}). Yours by source: "
            + ", ".join(f"{LABELS[k]} {v}" for k, v in parts.items()) + ".")
