"""Heroica's race heuristic against itself with one knob turned: does any setting beat it?

Each variant plays the rotating seat of a 4-seat race (game ``g``: seat ``g mod 4``, seed
``g``) against three ``heuristic`` seats; it is the ``heuristic`` bot with one of its
constants changed while it decides: the race margin (``bot_values.RACE_MARGIN``), the
shortest horizon (``bot_values.MIN_HORIZON``) or the distance at which it waits for a rival
at the General before shooting the Crystal (``bot_parts.WAIT_DISTANCE``; -1: never waits).
The variant ``deadline`` replaces the horizon by the race's own stake: each hero action is
valued by its estimated chance of losing, ``Σ_k q_k · U_k`` (``bot_values.deadline_values``:
the chance that the first rival finishes between the hero's turns k and k + 1, times the
least chance of not having won within k turns, from the solver's ``unfinished`` tables);
the rest of its play (the wait for a rival at the General, drinking, the Monster Player)
is the heuristic's. The variant ``lurk=D`` holds back where the heuristic would charge: while
the General carries its Crystal and another seat's active hero is within ``D`` spaces of it,
it does not end a movement next to the General (nor shoot it), but takes the heuristic's best
end within :data:`LURK_REACH` of the General that is not next to it, to fight a General whose
Crystal a rival has knocked off. The variant ``bare`` values its actions as if a rival had
already knocked the Crystal off (the solo values of a General without it), whenever it still
carries it. The variant ``spare`` does not shoot a goblin (ranged skill) that a rival's hero
stands nearer to than its own: the shot would clear the rival's way more than its own. The
variant ``rollout=K`` is one step of policy improvement on the
heuristic: at every decision with more than one legal action, each action is valued by ``K``
playouts of four ``heuristic`` players from the true position (nothing is hidden, HR34; the
die reseeded per playout, the same ``K`` dice streams for every action), the heuristic's own
choice kept on ties. Printed: the win share with its 95% Wilson interval (fair share 25%).

::

    PYTHONPATH=. python benchmarks/heroica_race_variants.py --games 8000 margin=0 margin=3 wait=-1 deadline
    PYTHONPATH=. python benchmarks/heroica_race_variants.py --games 1000 rollout=16
    PYTHONPATH=. python benchmarks/heroica_race_variants.py --games 8000 --thefts lurk=5 margin=2
    PYTHONPATH=. python benchmarks/heroica_race_variants.py --games 8000 --differ bare deadline

``--thefts`` also prints the share of races won by a hero other than the one that made the
Crystal fall; ``--differ`` how many decisions with a choice the variant meets in a race and at
how many of them the heuristic would choose otherwise.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from dataclasses import dataclass
from typing import Any

from hydra_env.api.rng import CounterRng
from hydra_env.games.heroica import bot_parts, bot_values, bots
from hydra_env.games.heroica.measure import wilson
from hydra_env.games.heroica.spec import new_game

KNOBS = {"margin": (bot_values, "RACE_MARGIN"), "horizon": (bot_values, "MIN_HORIZON"),
         "wait": (bot_parts, "WAIT_DISTANCE")}
NAMED = ("deadline", "bare", "spare")
"""The variants named without a value."""
LURK_REACH = 3
"""The farthest from the General that ``lurk`` waits (one step short of it and a little more)."""


EXACT_TIE = 1e-12
"""The variants' tolerance for ties between values (the heuristic's own is ``solver_bot.TIE``)."""


def least(c: bot_parts.Ctx, values: dict[int, float], hold: bool = True) -> int:
    """The heuristic's pick of the least-valued action (:func:`bots.least_valued`, with its hold on
    the Crystal's shot unless ``hold`` is false), ties within :data:`EXACT_TIE`."""
    return bots.least_valued(c, values, hold=hold, tie=EXACT_TIE)


class Deadline(bots.HeuristicBot):
    """The heuristic with :func:`bot_values.deadline_values` for the race hero's own decisions."""

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The action least likely to lose the race, else the heuristic's choice."""
        c = bot_parts.Ctx(view.game, legal_actions)
        values = bot_values.deadline_values(c)
        if not values:
            return super().act(view, legal_actions)
        return least(c, values)


class Rollout(bots.HeuristicBot):
    """The heuristic improved by ``playouts`` playouts per legal action (on the Python engine)."""

    def __init__(self, playouts: int, seed: int | None = None) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.crowd = [bots.HeuristicBot(seed) for _ in range(4)]

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The legal action that won the most playouts (the heuristic's own on ties)."""
        mine = super().act(view, legal_actions)
        if len(legal_actions) == 1:
            return mine
        game, seat = view.game, view.seat
        streams = [self.rng.getrandbits(62) for _ in range(self.playouts)]
        wins = {action: sum(self.playout(game, action, stream) == seat for stream in streams)
                for action in legal_actions}
        return max(legal_actions, key=lambda action: (wins[action], action == mine))

    def playout(self, game: Any, action: int, stream: int) -> int | None:
        """The winner of the race after ``action``, every seat played by the heuristic and the
        die drawn from ``stream`` (a Python game's state holds its die as a CounterRng)."""
        game = game.clone()
        game._state.rng = CounterRng(stream)
        game.apply(action)
        while not game.is_over:
            seat = game.current_player
            game.apply(self.crowd[seat].act(game.view(seat), game.legal_actions()))
        return game.result().winner


class Lurk(bots.HeuristicBot):
    """The heuristic that leaves the Crystal to a rival within ``distance`` of the General."""

    def __init__(self, distance: int, seed: int | None = None) -> None:
        super().__init__(seed)
        self.distance = distance

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The heuristic's choice, or its best end short of the General while a rival is near."""
        mine = super().act(view, legal_actions)
        c = bot_parts.Ctx(view.game, legal_actions)
        st, t = c.state, c.tables
        if c.decision != "MOVE" or c.general is None or not st.crystal or st.mode != "race":
            return mine
        beside, stay = set(t.neighbours[c.general]), c.codec.move_to(st.hero_space[c.hero])

        def charges(action: int) -> bool:
            path = c.options.get(action)
            shot = action == c.codec.target(c.general)
            return shot or (isinstance(path, tuple) and path[-1] in beside and action != stay)

        rivals = c.rival_distances(c.general)
        if not charges(mine) or not rivals or min(rivals) > self.distance:
            return mine
        values = bot_values.hero_values(c, bot_values.race_horizon(c)) or {}
        held = {a: v for a, v in values.items() if isinstance(c.options.get(a), tuple) and not charges(a)
                and int(t.dist[c.options[a][-1], c.general]) <= LURK_REACH}
        return least(c, held, hold=False) if held else mine


class Bare(bots.HeuristicBot):
    """The heuristic that values its actions as if the Crystal had already fallen (while it has not)."""

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The heuristic's choice with the solo values of a General without its Crystal."""
        c = bot_parts.Ctx(view.game, legal_actions)
        if c.state.mode != "race" or c.general is None or not c.state.crystal or c.decision == "TURN_END":
            return super().act(view, legal_actions)
        horizon = bot_values.race_horizon(c)
        c.state = copy.copy(c.state)
        c.state.crystal = False
        values = bot_values.hero_values(c, horizon)
        if not values:
            return super().act(view, legal_actions)
        c.state.crystal = True
        return least(c, values)


class Spare(bots.HeuristicBot):
    """The heuristic that does not shoot a goblin a rival's hero stands nearer to than its own
    (the shot would clear that rival's way more than its own): ``heuristic:spare=true``."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, spare=True)


class Variant(bots.HeuristicBot):
    """The heuristic with one module constant set to ``value`` while it decides."""

    def __init__(self, knob: str, value: int, seed: int | None = None) -> None:
        super().__init__(seed)
        self.module, self.name = KNOBS[knob]
        self.value = value

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The heuristic's choice with the knob turned."""
        before = getattr(self.module, self.name)
        setattr(self.module, self.name, self.value)
        try:
            return super().act(view, legal_actions)
        finally:
            setattr(self.module, self.name, before)


def make_variant(knob: str, value: int, seed: int) -> bots.HeuristicBot:
    """The variant's bot: :class:`Deadline`, :class:`Bare`, :class:`Spare`, :class:`Rollout` (``value`` playouts),
    :class:`Lurk` (``value``: the distance) or a knob turned."""
    if knob == "deadline":
        return Deadline(seed=seed)
    if knob == "bare":
        return Bare(seed=seed)
    if knob == "spare":
        return Spare(seed=seed)
    if knob == "rollout":
        return Rollout(value, seed=seed)
    if knob == "lurk":
        return Lurk(value, seed=seed)
    return Variant(knob, value, seed=seed)


@dataclass
class Tally:
    """What :func:`win_share` counts over its races."""

    wins: int = 0
    thefts: int = 0            # races won by another seat than the one whose turn made the Crystal fall
    choices: int = 0           # the variant's decisions with more than one legal action
    differ: int = 0            # those of them where the heuristic would have chosen otherwise
    cpu: float = 0.0           # CPU seconds


def win_share(knob: str, value: int, games: int, seats: int = 4, first: int = 0,
              thefts: bool = False, compare: bool = False) -> Tally:
    """The tally of the variant (``knob`` ``deadline``: :class:`Deadline`; ``bare``: :class:`Bare`;
    ``spare``: :class:`Spare`;
    ``rollout``: :class:`Rollout`, on the Python engine; ``lurk``: :class:`Lurk`) over ``games``
    races (game ``g`` dealt from seed ``g``, from ``first`` on), seats rotated. Counted only when
    asked: ``thefts``, and (``compare``) the variant's choices the heuristic would not make."""
    tally, began = Tally(), time.process_time()
    for g in range(first, first + games):
        mine = g % seats
        game = new_game(seed=g, num_players=seats, mode="race", engine="python" if knob == "rollout" else None)
        variant, control = make_variant(knob, value, g), bots.HeuristicBot(seed=g)
        players = [variant if s == mine else bots.HeuristicBot(seed=g) for s in range(seats)]
        fell = None
        while not game.is_over:
            seat, legal = game.current_player, game.legal_actions()
            action = players[seat].act(game.view(seat), legal)
            if compare and seat == mine and len(legal) > 1:
                tally.choices += 1
                tally.differ += action != control.act(game.view(seat), legal)
            game.apply(action)
            if thefts and fell is None and not game.state.crystal:
                fell = seat
        winner = game.result().winner
        tally.wins += winner == mine
        tally.thefts += fell is not None and winner is not None and winner != fell
    tally.cpu = time.process_time() - began
    return tally


def main(argv: list[str] | None = None) -> int:
    """Each VARIANT (``knob=value``) in turn: its share and interval."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", metavar="KNOB=VALUE",
                        help=f"knobs: {', '.join(KNOBS)}; rollout=PLAYOUTS; lurk=DISTANCE; or "
                        "deadline, bare or spare (no value)")
    parser.add_argument("--games", type=int, default=8000, help="races per variant (default 8000)")
    parser.add_argument("--seed", type=int, default=0, help="the first race's seed (default 0); "
                        "race g is dealt from seed g and the variant sits at seat g mod 4")
    parser.add_argument("--thefts", action="store_true", help="also print the share of races won by "
                        "another hero than the one that made the Crystal fall")
    parser.add_argument("--differ", action="store_true", help="also print how often the variant's choice "
                        "differs from the heuristic's, at its decisions with more than one legal action")
    args = parser.parse_args(argv)
    parsed = []
    for text in args.variants:
        if text in NAMED:
            parsed.append((text, 0))
            continue
        knob, _, value = text.partition("=")
        if knob == "rollout" and (not value.isdigit() or int(value) < 1):
            parser.error(f"{text!r}: give rollout=PLAYOUTS with PLAYOUTS a whole number of at least 1")
        if knob not in (*KNOBS, "rollout", "lurk") or not value.lstrip("-").isdigit():
            parser.error(f"{text!r}: give KNOB=INTEGER with KNOB one of {', '.join(KNOBS)} "
                         "(or rollout=PLAYOUTS, lurk=DISTANCE)")
        parsed.append((knob, int(value)))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be 0 or more")
    for knob, value in parsed:
        tally = win_share(knob, value, args.games, first=args.seed, thefts=args.thefts, compare=args.differ)
        wins, stolen, cpu = tally.wins, tally.thefts, tally.cpu
        low, high = wilson(wins, args.games)
        name = knob if knob in NAMED else f"{knob}={value}"
        print(f"{name}: {100 * wins / args.games:.2f}% [{100 * low:.2f}, {100 * high:.2f}] "
              f"over {args.games:,} races (seeds {args.seed}–{args.seed + args.games - 1}) against three heuristic "
              f"({cpu:.0f} CPU s)", flush=True)
        if args.thefts:
            print(f"  won by another hero than the one that made the Crystal fall: {100 * stolen / args.games:.1f}%",
                  flush=True)
        if args.differ:
            share = tally.differ / tally.choices if tally.choices else 0.0
            print(f"  decisions with a choice: {tally.choices / args.games:.2f} a race; the heuristic would "
                  f"choose otherwise at {100 * share:.2f}% of them", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
