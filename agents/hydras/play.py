"""``hydra-env play --game hydras``: a person plays the card game Hydras against bots.

Before each of your decisions the table is shown as you may see it (every
hydra, the deck and discard sizes, the other seats' hand sizes — never their
cards, H14 — and your own hand, cards ``A``–``D``), then the legal actions
grouped by card and use (:mod:`agents.hydras.words`)::

    A    plain turn · neck on seat 0 (you) →  1 r-1c+0 0°   2 r-1c+0 90° ...
    B    sword bend · sword on seat 1 →  5 r+0c+1   6 r+1c+1
    discard →  7 A plain turn   8 B sword bend

Type the number of a choice, its notation (``A r-1c+0 90``, ``discard B plain
bend``, ``pass``), or ``#N`` for the action of index N; ``b`` shows the table
again, ``l`` the list, ``?`` the legend and the decision asked, ``s [FILE]``
saves the game (``--load FILE`` continues it), ``q`` quits. A wrong entry is
explained and asked again. Out-of-turn decisions (a block offer when a sword
or torch is played on a hydra, H11) are asked when they come to you. After
every decision the public events it caused are printed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from agents import cli
from agents.backends import bot_seed
from agents.hydras.words import event_text, hand_text, option_groups
from agents.play import QUIT, parse_entry
from agents.play_text import match_notation, normalise, option_line_texts, ordered_actions
from hydra_env import HydraError
from hydra_env.hydras import HydrasGame

DEFAULT_PLAYERS = 3
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
KEYS = ("keys: a number, or the notation shown (e.g. 'A r-1c+0 90', 'pass'); #N the action of "
        "index N; b table, l list, s [FILE] save, ? help, q quit")


def run(args: argparse.Namespace) -> int:
    """Set the game up (or load a saved one) and play it with ``input()``."""
    if args.load is not None:
        game = _load(args.load)
        players, seed = game.num_players, game.seed
    else:
        players = args.num_players or DEFAULT_PLAYERS
        seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (1 << 62))
        game = HydrasGame.new(players, seed=seed)
    if args.seat >= players:
        raise cli.UsageError(f"--seat {args.seat}: a {players}-player game has seats 0-{players - 1}")
    specs = args.opponents or ["heuristic"]
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise cli.UsageError(f"--opponents gives {len(specs)} specs for {players - 1} other seats "
                             f"(give one for all, or one per other seat)")
    for flag, path in (("--save-replay", args.save_replay), ("--html", args.html)):
        if path is not None:
            cli.check_file_out(path, flag)
    cli.check_agents(specs, "--opponents", game="hydras")
    seats = specs[:args.seat] + ["human"] + specs[args.seat:]
    from hydra_env.envs.bots import make_bot
    bots = {s: make_bot(spec, game="hydras", seed=bot_seed(seed, 0, s)) for s, spec in enumerate(seats)
            if spec != "human"}
    print(f"Hydras — {players} players, seed {seed}; you are seat {args.seat}; others: "
          f"{', '.join(f'seat {s} {spec}' for s, spec in enumerate(seats) if spec != 'human')}")
    save_to = Path("runs/play") / f"hydras-seed{seed}.json"
    if not play_game(game, args.seat, bots, seats, save_to=save_to):
        print(f"game abandoned after {len(game.history)} decisions (seed {seed})")
        return 0
    print(game.render(args.seat))
    print(outcome_text(game, args.seat))
    if args.save_replay or args.html:
        from agents.hydras.replay import make_replay
        doc = make_replay(players=players, seed=seed, seats=seats,
                          bot_seeds=[None if s == "human" else bot_seed(seed, 0, k) for k, s in enumerate(seats)],
                          decisions=game.history, result=game.result().to_dict())
        if args.save_replay:
            from agents.replay import write_replay
            write_replay(args.save_replay, doc)
            print(f"replay saved to {args.save_replay}")
        if args.html:
            from agents.viewer import write_replay_page
            write_replay_page(doc, args.html)
            print(f"replay page written to {args.html}")
    return 0


def _load(path: Path) -> HydrasGame:
    try:
        return HydrasGame.from_json(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise cli.UsageError(f"--load {path}: cannot read it ({exc.strerror or exc})") from None
    except (HydraError, ValueError) as exc:
        raise cli.UsageError(f"--load {path}: not a saved Hydras game: {exc}") from None


def play_game(game: HydrasGame, human: int, bots: dict[int, Any], seats: list[str], *,
              ask: Callable[[str], str] | None = None, save_to: Path = Path("runs/play/hydras.json")) -> bool:
    """Play to the end, asking the person at ``human`` with ``ask`` (default: ``input``);
    False when the person quits (q, end of input or Ctrl-C)."""
    while not game.is_over:
        seat = game.current_player
        seen = len(game.state.log)
        if seat != human:
            game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
            print(f"  seat {seat} ({seats[seat]}):")
        else:
            try:
                action = choose(game, human, ask, save_to)
            except (EOFError, KeyboardInterrupt):
                print()
                return False
            if action is None:
                return False
            game.apply(action)
            print("  you:")
        for entry in game.state.log[seen:]:
            print(f"      · {event_text(entry, game.tables, human)}")
    return True


def _show(game: HydrasGame, seat: int, groups: list) -> None:
    print(game.render(seat).rsplit("\n\nseat " + str(seat) + "'s hand", 1)[0])
    print(hand_text(game, seat))
    print(heading(game))
    for line in option_line_texts(groups):
        print(line)


def heading(game: HydrasGame) -> str:
    """The decision asked now."""
    kind = (game.pending or {}).get("kind")
    return f"Turn {game.state.turns_taken} — your decision: {kind} (type a number or the notation shown; ? help)"


def help_text(game: HydrasGame) -> str:
    """The legend, what the decision asked now means, and the keys."""
    kind = str((game.pending or {}).get("kind", ""))
    return "\n".join([LEGEND, "", f"Now: {kind} — {DECISIONS.get(kind, 'Choose one of the options.')}",
                      KEYS])


def match(groups: list, entry: str) -> list[int]:
    """The actions an entry names in the notation shown (a bare ``pass`` or ``burn`` too)."""
    found = match_notation(groups, entry)
    if found:
        return found
    return [a for g in groups for a, t in zip(g.actions, g.targets) if normalise(t) == normalise(entry)]


def save(game: HydrasGame, entry: str, default: Path) -> str:
    """Save the game to the path after ``s`` (or ``default``); what was done, in words."""
    path = Path(entry[1:].strip() or default)
    try:
        cli.check_file_out(path, "save")
        cli.atomic_write_text(path, game.to_json() + "\n")
    except (cli.UsageError, OSError) as exc:
        return f"not saved: {exc}"
    return f"saved to {path} (continue later with: hydra-env play --game hydras --load {path})"


def choose(game: HydrasGame, seat: int, ask: Callable[[str], str] | None = None,
           save_to: Path = Path("runs/play/hydras.json")) -> int | None:
    """Ask until the entry names a legal action; None when the person quits."""
    ask = ask or input
    groups = option_groups(game, game.legal_actions())
    legal = ordered_actions(groups)
    _show(game, seat, groups)
    while True:
        raw = ask(f"your choice (1-{len(legal)}, ? help): ").strip()
        entry = raw.lower()
        if entry in QUIT:
            return None
        if entry == "s" or entry.startswith("s "):
            print(f"  {save(game, raw, save_to)}")
            continue
        found = match(groups, entry) if not entry.isdigit() and not entry.startswith("#") else []
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            print(f"  {raw!r} names {len(found)} options; type its number instead")
            continue
        action, message = parse_entry(game, legal, entry)
        if action is not None:
            return action
        if message == "board":
            _show(game, seat, groups)
        elif message == "list":
            print(heading(game))
            print("\n".join(option_line_texts(groups)))
        elif message == "help":
            print(help_text(game))
        else:
            print(f"  {message.replace('u: undo, ', '')}")


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
