"""Hail Hydra's hooks of ``hydra-env play`` (read by :mod:`agents.play`; the hooks are listed there).

You play one seat against bots and see exactly what that seat may see (HH33): the table is
``game.render(seat)`` (its view: your disc, the HYDRA team if you are HYDRA, your hand, the
public record of plays, claims, gifts, reveals and votes of closed rounds), and the bots'
decisions are described from your seat (a bot's face-down cards are shown only as a count).
The options are the legal actions in the game's words, without your seat's number
(``plays face down +1 +4``, ``claims 1 good, 1 bad``, ``votes for seat 3 (Widow)``,
``pass``); type a number, the text shown or enough of its words to tell it apart
(``+1 +4``, ``votes 3``, ``pass``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLES = ("hydra-env play --game hail_hydra --num-players 5 --opponents deduce",
            "hydra-env play --game hail_hydra --num-players 8 --seat 3 --opponents saboteur")
DECISIONS = {
    "draft": "Choose your hero (its once-per-game ability).",
    "gift target": "You are knocked out: choose the active hero who gets 1 or 2 of your cards face down.",
    "gift cards": "Choose the cards you give (only you and the recipient see their values).",
    "play": "Play 1-3 cards face down (face up once revealed); USE your ability first if you want; "
            "an agent may HAIL (reveal itself).",
    "claim": "Claim how many of the cards you just played are good (blue); everyone sees the claim, "
             "it may be a lie.",
    "ability target": "Choose the seat your ability points at.",
    "ability value": "Choose the value your ability names.",
    "resolve offer": "Use your ability on the revealed offensive now, or pass.",
    "knock-out offer": "Use your ability before the knock-out vote, or pass.",
    "nominate": "Nominate a seat to knock out of the next mission (public), or nobody (UP).",
    "vote": "Vote for a seat to knock out, or UP; votes stay hidden until everyone has voted.",
    "verdict offer": "Use your ability on the vote's result, or pass.",
}


def _team(info: dict[str, Any]) -> str:
    if info["loyalty"] == 1:
        mates = [s for s, k in enumerate(info["known_loyalty"]) if k == 1 and s != info["seat"]]
        return f"HYDRA (your team: {', '.join(f'seat {s}' for s in mates) or 'only you'})"
    return "SHIELD"


def header(game: Any, seat: int, seats: list[str], loaded: Path | None) -> str:
    """The first line: players, seed, your seat and loyalty, the others."""
    info = game.observe(seat)
    others = ", ".join(f"seat {s} {spec}" for s, spec in enumerate(seats) if s != seat)
    start = f"loaded from {loaded}" if loaded else f"seed {game.seed}"
    return (f"Hail Hydra — {game.num_players} players, {start}; you are seat {seat}, {_team(info)}; "
            f"{info['hydra_count']} HYDRA at the table; others: {others}")


def params_of(game: Any) -> dict[str, Any]:
    """The parameters of a loaded game: ``num_players``."""
    return {"num_players": game.num_players}


def option_text(game: Any, action: int) -> str:
    """An option in the game's words, without the deciding seat's ``seat N`` (a pass: ``pass``)."""
    text = game.describe(action, viewer=game.current_player)
    mine = f"seat {game.current_player} "
    text = text.removeprefix(mine)
    return "pass" if text == "passes" else text


def option_groups(game: Any, legal: list[int]) -> list:
    """One option line per legal action (:func:`option_text`)."""
    from agents.play_text import OptionGroup
    return [OptionGroup("", "", "", [a], [option_text(game, a)]) for a in legal]


def _decision_name(game: Any) -> str:
    from hydra_env.games.hail_hydra.state import DECISION_NAMES
    decision = game.observe(game.current_player)["decision"]
    return "" if decision is None else DECISION_NAMES[decision[1]]


def heading(game: Any) -> str:
    """The decision asked now."""
    return f"your decision: {_decision_name(game)} (type a number or a name; ? help)"


def help_text(game: Any) -> str:
    """What the decision asked now means."""
    name = _decision_name(game)
    return "\n".join([f"Now: {name} — {DECISIONS.get(name, 'Choose one of the options.')}",
                      "The rules: docs/games/hail_hydra/rules.md."])


def outcome_text(game: Any, seat: int) -> str:
    """The winning team, whether you won, and every seat's loyalty."""
    r = game.result().to_dict()
    mine = r["loyalty"][seat]
    verdict = "Your team wins!" if r["winner"] == mine else "Your team loses."
    agents = ", ".join(f"seat {s}" for s, k in enumerate(r["loyalty"]) if k == "hydra")
    return (f"{verdict} {r['winner'].upper()} wins ({r['cause']}); you were {mine.upper()}. HYDRA were: "
            f"{agents}. Villains defeated {r['villains_defeated']}, city {r['city']}, knock-outs of SHIELD "
            f"{r['knockouts_shield']}, of HYDRA {r['knockouts_hydra']}.")
