"""Hydras' hooks of ``hydra-env play`` (read by :mod:`agents.play`; the hooks are listed there).

Before each of your decisions the table is shown as you may see it (every
hydra, the deck and discard sizes, the other seats' hand sizes — never their
cards, H14 — and your own hand, cards ``A``–``D``), then the legal actions
grouped by card and use (:mod:`agents.hydras.words`)::

    A    plain turn · neck on seat 0 (you) →  1 r-1c+0 0°   2 r-1c+0 90° ...
    B    sword bend · sword on seat 1 →  5 r+0c+1   6 r+1c+1
    discard →  7 A plain turn   8 B sword bend

An option's name is its line's head and target (``A neck on seat 1 → r-1c+0
90°``, ``discard → B plain bend``, ``pass``). Type the number of a choice, its
name or enough of its words to tell it apart (``A seat 1 r-1c+0 90``,
``discard B``, ``pass``), or ``#N`` for the action of index N. Out-of-turn decisions
(a block offer when a sword or torch is played on a hydra, H11) are asked when
they come to you. After every decision the public events it caused are printed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hydra_env.games.hydras.rules import HydrasGame

EXAMPLES = ("hydra-env play --game hydras --num-players 3",)
LEGEND = """Legend: each card is 3 × 3 characters; | and - are necks, B the body, 1-3 heads on a card,
  + a neck card without heads, T a torch, s / p in a corner a sword / poison breath icon,
  o an open end (an empty cell a neck points into), cells are r<row>c<column> from the body.
Score (H15): heads on your hydra, +3 complete (no open ends, no torch), +3 longest neck,
  -2 per torch on it, -1 per head on the cards left in your hand at the end."""
DECISIONS = {
    "turn": "Play one card: a neck on a hydra's open end, a sword on another hydra's card, a "
            "torch into an open end, or discard a card.",
    "block offer": "A sword or torch is under way: block it with a poison breath from your hand, or pass.",
    "slash and burn": "Your sword cut: you may put a torch into the cell just cut (burn), or not.",
}
KEYS = ("keys: a number, or an option's name or enough of its words (e.g. 'A seat 1 r-1c+0 90', 'pass'); "
        "#N the action of index N; b table, l list, s [FILE] save, ? help, q quit")   # the deprecated alias


def header(game: HydrasGame, seat: int, seats: list[str], loaded: Path | None) -> str:
    """The first line: players, seed, your seat and the others."""
    return (f"Hydras — {game.num_players} players, seed {game.seed}; you are seat {seat}; others: "
            f"{', '.join(f'seat {s} {spec}' for s, spec in enumerate(seats) if spec != 'human')}")


def params_of(game: HydrasGame) -> dict[str, Any]:
    """The parameters of a loaded game: ``num_players``."""
    return {"num_players": game.num_players}


def option_groups(game: HydrasGame, legal: list[int]) -> list:
    """The options grouped by card and use (:func:`agents.hydras.words.option_groups`)."""
    from agents.hydras.words import option_groups as groups
    return groups(game, legal)


def table_text(game: HydrasGame, seat: int) -> str:
    """The table as ``seat`` may see it, its hand last."""
    from agents.hydras.words import hand_text
    return game.render(seat).rsplit("\n\nseat " + str(seat) + "'s hand", 1)[0] + "\n" + hand_text(game, seat)


def heading(game: HydrasGame) -> str:
    """The decision asked now."""
    kind = (game.pending or {}).get("kind")
    return f"Turn {game.state.turns_taken} — your decision: {kind} (type a number or a name; ? help)"


def help_text(game: HydrasGame) -> str:
    """The legend and what the decision asked now means."""
    kind = str((game.pending or {}).get("kind", ""))
    return "\n".join([LEGEND, "", f"Now: {kind} — {DECISIONS.get(kind, 'Choose one of the options.')}"])


def match(groups: list, entry: str) -> list[int]:
    """The actions an entry names (:func:`agents.terminal.options.match_groups`: the name
    shown, or enough of its words in order; a bare ``pass`` or ``burn`` too)."""
    from agents.terminal.options import match_groups
    return match_groups(groups, entry)


def decision_text(game: HydrasGame, action: int, viewer: int | None) -> str:
    """Nothing after ``seat N (bot):`` / ``you:``: the events follow on their own lines."""
    return ""


def apply_shown(game: HydrasGame, action: int, human: int) -> list[str]:
    """Apply ``action``; the lines of the public events it caused."""
    from agents.hydras.words import event_text
    seen = len(game.state.log)
    game.apply(action)
    return [f"      · {event_text(entry, game.tables, human)}" for entry in game.state.log[seen:]]


def outcome_text(game: HydrasGame, seat: int) -> str:
    """The result for the person at ``seat``."""
    r = game.result()
    mine = r.seats[seat]
    place = r.ranks[seat]
    verdict = ("You win!" if place == 1 and len(r.winners) == 1 else
               "You share the win!" if place == 1 else f"You finish {place} of {r.players}.")
    return (f"{verdict} Scores: {', '.join(f'seat {s} {v}' for s, v in enumerate(r.scores))}. "
            f"Yours: {mine.heads} heads, complete +{mine.complete_bonus}, longest neck "
            f"+{mine.longest_bonus}, torches -{mine.torch_penalty}, hand -{mine.hand_penalty}.")
