"""HH33: every world ``determinize(seat, rng)`` samples is consistent with the seat's information.

A sample must leave the seat's view and observation unchanged and keep every public record
true in the new world: gifts (giver, recipient, count; values the seat gave or received;
a gift of the current offensive still held by its recipient), claims, face-up cards,
reveals (every revealed seat HYDRA, the HYDRA count), each revealed multiset, the cards in
play, and every seat's private results (Widow, Web-Slinger, Blind Justice) true of the
new deal.
"""

from __future__ import annotations

import random

import numpy as np

from hydra_env.games.hail_hydra.components import BLUE
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.state import HYDRA, NONE, State
from hydra_env.games.hail_hydra.views import known_loyalties

OBSERVER = HailHydraObserver()
PUBLIC_RECORD = ("claim", "gave", "gave_to", "up", "cards", "total", "revealed", "active", "out", "played")


def _add(*rows: list[int]) -> list[int]:
    return [sum(column) for column in zip(*rows, strict=True)]


def _held_since_gifts(state: State, seat: int) -> list[int]:
    record = state.offensive
    return _add(state.hands[seat], record["down"][seat], record["up"][seat])


def inconsistencies(game, sample, seat: int) -> list[str]:
    """What in ``sample`` contradicts ``seat``'s information about ``game`` (empty when nothing)."""
    real, new = game.state, sample.state
    found = []
    if OBSERVER.encode(sample, seat).tobytes() != OBSERVER.encode(game, seat).tobytes():
        found.append("observation")
    if sample.observe(seat) != game.observe(seat) or (sample.view(seat).legal_mask().tobytes()
                                                      != game.view(seat).legal_mask().tobytes()):
        found.append("view")
    if sum(new.loyalty) != sum(real.loyalty) or any(new.loyalty[s] != HYDRA for s in range(new.players)
                                                    if new.revealed[s]):
        found.append("reveals / HYDRA count")
    known = known_loyalties(real, seat)
    if any(k >= 0 and new.loyalty[s] != k for s, k in enumerate(known)):
        found.append("known loyalties")
    last = len(real.offensives) - 1
    for index, (old, rec) in enumerate(zip(real.offensives, new.offensives, strict=True)):
        if any(old[key] != rec[key] for key in PUBLIC_RECORD):
            found.append(f"offensive {index}: public record")
        if [sum(d) for d in old["down"]] != [sum(d) for d in rec["down"]]:
            found.append(f"offensive {index}: play counts")
        if rec["cards"] is not None:
            played = [sum(rec["down"][s][v] + rec["up"][s][v] for s in range(new.players)) for v in range(8)]
            if played != rec["cards"]:
                found.append(f"offensive {index}: revealed multiset")
        for giver in range(new.players):
            if sum(rec["gift"][giver]) != rec["gave"][giver]:
                found.append(f"offensive {index}: gift size of {giver}")
            if seat in (giver, rec["gave_to"][giver]) and rec["gift"][giver] != old["gift"][giver]:
                found.append(f"offensive {index}: a gift {seat} gave or received")
        if index == last:
            for target in range(new.players):
                got = _add(*[rec["gift"][g] for g in range(new.players) if rec["gave_to"][g] == target],
                           [0] * 8)
                if any(g > h for g, h in zip(got, _held_since_gifts(new, target), strict=True)):
                    found.append(f"offensive {index}: seat {target} no longer holds its gifts")
    for other in range(new.players):
        if any(new.loyalty[t] != loyalty for t, loyalty in new.widow[other]):
            found.append(f"Widow result of {other}")
        if new.web[other]:
            index, target, counts = new.web[other]
            if new.offensives[index]["down"][target] != list(counts):
                found.append(f"Web-Slinger result of {other}")
        if new.radar[other]:
            index, target, truth = new.radar[other]
            record = new.offensives[index]
            blue = sum(record["down"][target][v] for v in range(8) if BLUE[v])
            if int(record["claim"][target] == blue) != truth:
                found.append(f"Blind Justice result of {other}")
    if new.hands[seat] != real.hands[seat]:
        found.append("own hand")
    return found


def test_hh33_determinize_samples_only_worlds_consistent_with_the_seats_information():
    positions = gifts = open_gifts = 0
    for seed in range(12):
        game = new_game(seed=seed, num_players=5 + seed % 4)
        choose = random.Random(seed)
        step = 0
        while not game.is_over:
            record = game.state.offensive
            has_gift = record is not None and any(t != NONE for t in record["gave_to"])
            if step % 29 == 3 or (has_gift and step % 13 == 0):
                for seat in range(game.num_players):
                    sample = game.determinize(seat, np.random.default_rng(seed * 10_000 + step * 8 + seat))
                    assert inconsistencies(game, sample, seat) == [], (seed, step, seat)
                    positions += 1
                    gifts += has_gift
                    open_gifts += has_gift and record["cards"] is None
            game.apply(choose.choice(game.legal_actions()))
            step += 1
    assert positions > 800 and gifts > 400 and open_gifts > 300, (positions, gifts, open_gifts)


def test_hh33_a_gift_between_two_other_seats_is_redrawn_from_what_the_recipient_holds():
    for seed in range(60):
        game = new_game(seed=seed, num_players=6)
        choose = random.Random(seed)
        while not game.is_over:
            record = game.state.offensive
            pairs = [] if record is None else [(g, t) for g, t in enumerate(record["gave_to"]) if t != NONE]
            if pairs and record["cards"] is None and game.state.stage == "play":
                giver, target = pairs[0]
                seat = next(s for s in range(6) if s not in (giver, target))
                changed = 0
                for k in range(40):
                    sample = game.determinize(seat, np.random.default_rng(k))
                    gift = sample.state.offensive["gift"][giver]
                    assert all(g <= h for g, h in zip(gift, _held_since_gifts(sample.state, target), strict=True))
                    changed += gift != record["gift"][giver]
                assert changed > 0, "a gift the seat never saw was never re-drawn"
                return
            game.apply(choose.choice(game.legal_actions()))
    raise AssertionError("no game reached a play after a gift")
