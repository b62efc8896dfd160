"""Hail Hydra's ``deduce`` SHIELD with one ballot constant changed, one kind of ability
offer always answered alike, or another reserve of blues: does any setting beat it, and how
much does each decision weigh?

Each variant is ``deduce`` with one of its ballot constants set (``DeduceBot.SURE``: how sure
the private posterior must be before a nomination follows it; ``FOLLOW``: a vote's bonus per
nomination by a trusted seat; ``TRUSTED``, ``CLEARED``: the private chances below which a seat
is trusted, or never voted for; ``VOTE_PRIVATE``: 1 votes from the private posterior, not the
public one), or with one kind of offer to use a hero's ability (``resolve_offer``,
``knock-out_offer``, ``verdict_offer``) answered ``use`` or ``pass`` every time, where
``deduce`` asks its rule (:func:`hydra_env.games.hail_hydra.bot_rules.ability_wanted`), or
with ``reserve=N``: the blues its plays hold back (``deduce`` 1; 0 plays every blue up to the
limit, as the spec's ``loyal`` does; :func:`hydra_env.games.hail_hydra.bot_rules.play_cards`), or
with ``spend=0``: the reserve held even where it could not be played later (``deduce`` spends it
there: :func:`hydra_env.games.hail_hydra.bot_rules.reserve_is_futile`). The
variant plays every SHIELD seat against ``saboteur`` HYDRA in the calibration
tables' games (``calibrate.team_figures``: seed g, the same deals for every variant). Printed per
variant and player count: SHIELD's win share and its 95% Wilson interval.

::

    PYTHONPATH=. python benchmarks/hail_hydra_ballot_variants.py --games 400 SURE=0.3 FOLLOW=0 VOTE_PRIVATE=1
    PYTHONPATH=. python benchmarks/hail_hydra_ballot_variants.py --games 1000 base resolve_offer=use \\
        resolve_offer=pass
    PYTHONPATH=. python benchmarks/hail_hydra_ballot_variants.py --games 1000 base reserve=0 reserve=2
    PYTHONPATH=. python benchmarks/hail_hydra_ballot_variants.py --games 1000 base spend=0
    PYTHONPATH=. python benchmarks/hail_hydra_ballot_variants.py --games 1000 --seed 10000 base spend=0
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable
from typing import Any

from hydra_env.games.hail_hydra.bots import DeduceBot, SaboteurBot
from hydra_env.games.hail_hydra.calibrate import check_counts, share_line, team_figures
from hydra_env.games.hail_hydra.codec import PASS, USE
from hydra_env.games.hail_hydra.state import KO_OFFER, RESOLVE_OFFER, VERDICT_OFFER

KNOBS = ("SURE", "FOLLOW", "TRUSTED", "CLEARED", "VOTE_PRIVATE")
OFFERS = {"resolve_offer": RESOLVE_OFFER, "knock-out_offer": KO_OFFER, "verdict_offer": VERDICT_OFFER}
"""The offers a variant may answer alike: their decision kinds."""


def variant(knob: str, value: float) -> type[DeduceBot]:
    """``deduce`` with the class constant ``knob`` set to ``value``."""
    return type(f"Deduce_{knob}", (DeduceBot,), {knob: bool(value) if knob == "VOTE_PRIVATE" else value})


def offer_variant(offer: str, use: bool) -> type[DeduceBot]:
    """``deduce`` answering every SHIELD offer of kind ``offer`` (a key of :data:`OFFERS`) USE
    (``use``) or PASS; every other decision, and HYDRA's offers, as ``deduce``."""
    kind = OFFERS[offer]

    def decide(self: DeduceBot, info: dict[str, Any], decision: int, legal: list[int]) -> int:
        if decision == kind and not self.hydra(info) and USE in legal and PASS in legal:
            return USE if use else PASS
        return DeduceBot.decide(self, info, decision, legal)
    return type(f"Deduce_{offer}_{'use' if use else 'pass'}", (DeduceBot,), {"decide": decide})


def reserve_variant(blues: int) -> Callable[..., DeduceBot]:
    """``deduce`` holding back ``blues`` blues in its SHIELD plays (its parameter ``reserve``)."""
    return functools.partial(DeduceBot, reserve=blues)


def spend_variant(spend: bool) -> Callable[..., DeduceBot]:
    """``deduce`` spending its reserve where it could not be played later (``spend``), or
    holding it always (its parameter ``spend``)."""
    return functools.partial(DeduceBot, spend=int(spend))


def shield_share(bot: Callable[..., DeduceBot], players: int, games: int, first_seed: int = 0) -> int:
    """SHIELD's wins over ``games`` games (seeds ``first_seed``…) with ``bot`` at every SHIELD seat."""
    return round(team_figures(bot, SaboteurBot, {"r": 1}, players, games, first_seed=first_seed)["shield"] * games)


def main(argv: list[str] | None = None) -> int:
    """Each VARIANT (``KNOB=VALUE``; ``base`` for ``deduce`` itself) in turn, a line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", metavar="KNOB=VALUE",
                        help=f"base, a knob of {', '.join(KNOBS)} (KNOB=NUMBER), or an offer of "
                             f"{', '.join(OFFERS)} (OFFER=use|pass), reserve=0..3 or spend=0|1")
    parser.add_argument("--games", type=int, default=400, help="games per player count (default 400)")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8], help="player counts (5-8)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args(argv)
    parsed = []
    for text in args.variants:
        knob, _, value = text.partition("=")
        if text == "base":
            parsed.append((text, DeduceBot))
            continue
        if knob == "reserve":
            if value not in ("0", "1", "2", "3"):
                parser.error(f"{text!r}: give reserve=0, 1, 2 or 3 (blues a play holds back)")
            parsed.append((text, reserve_variant(int(value))))
            continue
        if knob == "spend":
            if value not in ("0", "1"):
                parser.error(f"{text!r}: give spend=0 (always hold the reserve) or spend=1 (deduce's rule)")
            parsed.append((text, spend_variant(value == "1")))
            continue
        if knob in OFFERS:
            if value not in ("use", "pass"):
                parser.error(f"{text!r}: give {knob}=use or {knob}=pass")
            parsed.append((text, offer_variant(knob, value == "use")))
            continue
        try:
            number = float(value)
        except ValueError:
            number = None
        if knob not in KNOBS or number is None:
            parser.error(f"{text!r}: give base, KNOB=NUMBER with KNOB one of {', '.join(KNOBS)}, "
                         f"OFFER=use|pass with OFFER one of {', '.join(OFFERS)}, reserve=0..3 or spend=0|1")
        parsed.append((text, variant(knob, number)))
    check_counts(parser, args.games, args.players)
    if args.seed < 0:
        parser.error("--seed must be 0 or more")
    for name, bot in parsed:
        for players in args.players:
            began = time.process_time()
            wins = shield_share(bot, players, args.games, args.seed)
            print(share_line(name, players, "SHIELD", wins, args.games, "saboteur",
                             time.process_time() - began), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
