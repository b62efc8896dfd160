"""Hadara's scripted bots: the one-ply ``greedy`` and the colour ``specialist`` (calibration bots).

A bot sees the game only through its seat's view: it takes one sample of the view
(:meth:`view.sample`, a re-deal of everything the seat cannot see) and reads from it
its own position only, which the seat knows. For each legal action it applies the
action to a copy of its own position and values the copy with V (below); it takes
the best (ties: lowest index); the wheel is set at random.

V, with e the epoch, κ = 1.35, 0.75, 0.742, 0.4 the value of a coin in epochs I, II,
III and after, R the income steps still to come, P the seat's picks still to come,
H = 2 + 3.75R: points already won (cards, colonies, statues with face-down bonuses)
+ κₑ·coins (⌊coins/5⌋ exactly at the last medal step) + income·R·(κₑ+κₑ₊₁)/2
+ 0.12·P·κₑ₊₁·cards (future discounts) + 0.4·P·κₑ₊₁·sell bonus + the reachable
colonies and statues (the best levels not held / statues not carved, as many as
steps are left, each weighted by reach = 1 when met, else max(0, 1 − gap/H)), silver
and gold medals held and worth buying (at the last medal step: their exact points),
− the food deficit (0.9 + e per card now,
half of the expected deficit) + 0.18·min(spare food, 4)·(feedings left − 1).
An integration is valued with the mean back of its level. The ``specialist`` adds
1.5·track·(½ + R/12) on its colour's track (purple: 3 per purple card).

numpy and the standard library only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.games.hadara import codec
from hydra_env.games.hadara.components import COLOURS, PURPLE, Components
from hydra_env.games.hadara.engine import carry_out
from hydra_env.games.hadara.rules import CULTURE, FOOD, INCOME, MILITARY, buy, sell, sell_bonus
from hydra_env.games.hadara.scoring import breakdown
from hydra_env.games.hadara.state import (
    COLONY_MODE,
    S_COLONY_A,
    S_COLONY_B,
    S_DRAFT,
    S_FEED,
    S_INCOME_A,
    S_INCOME_B,
    S_MEDAL,
    S_PICK,
    S_STATUE_A,
    S_STATUE_B,
    TILE,
    WHEEL,
    Pending,
    State,
)

KAPPA = (1.35, 0.75, 0.742, 0.4)


def _left(state: State, first: int, second: int) -> int:
    """How many of an epoch's two steps (A and B) are still to come, over the rest of the game."""
    here = (state.step <= first) + (state.step <= second)
    return here + 2 * (2 - state.epoch)


def picks_left(state: State, seat: int) -> int:
    """The seat's draft keeps and phase-B picks still to come, this epoch and later."""
    n, later = state.players, 10 * (2 - state.epoch)
    if state.step <= S_DRAFT:
        return (5 - state.round) + 5 + later
    if state.step == S_PICK:
        order = state.order()
        return sum(1 for k in range(state.picks, 5 * n) if order[k % n] == seat) + later
    return later


def value(state: State, comps: Components, seat: int, colour_bonus: int = -1) -> float:
    """V of the seat's position (the module docstring); ``colour_bonus``: the specialist's colour."""
    e = state.epoch
    k_now, k_next = KAPPA[e], KAPPA[e + 1]
    income_left = _left(state, S_INCOME_A, S_INCOME_B)
    colony_left = _left(state, S_COLONY_A, S_COLONY_B)
    statue_left = _left(state, S_STATUE_A, S_STATUE_B)
    p_left = picks_left(state, seat)
    horizon = 2 + 3.75 * income_left
    tracks, coins = state.tracks[seat], state.coins[seat]
    parts = breakdown(state, comps, seat)
    v = float(parts["cards"] + parts["colonies"] + parts["statues"])
    last = e == 2 and state.step >= S_MEDAL
    v += coins // comps.coins_per_point if last else k_now * coins
    v += tracks[INCOME] * income_left * (k_now + k_next) / 2
    cards = len(state.tableau[seat])
    v += 0.12 * p_left * k_next * cards + 0.4 * p_left * k_next * sell_bonus(state, comps, seat)

    def reach(need: float, have: float) -> float:
        return 1.0 if have >= need else max(0.0, 1.0 - (need - have) / horizon)

    held = {comps.colonies[c].level for c in state.colonies[seat]}
    options = []
    for level in range(1, 6):
        if level not in held and state.stacks[level - 1]:
            c = comps.colonies[state.stacks[level - 1][-1]]
            options.append(reach(c.requirement, tracks[MILITARY]) * (c.points + k_now * c.plunder))
    v += sum(sorted(options, reverse=True)[:colony_left])
    tiles_left = sum(state.tiles[seat])
    options = [reach(s.culture, tracks[CULTURE]) * (s.points + s.bonus)
               for k, s in enumerate(comps.statues) if state.statues[seat][k] < 0]
    v += sum(sorted(options, reverse=True)[:min(statue_left, tiles_left)])
    if last:                                   # the medals' exact points at the last medal step
        v += parts["silver"] + parts["gold"]
    else:
        v += _medals(state, comps, seat, k_now, 1.5 * income_left, income_left)
    deficit = max(0, cards - tracks[FOOD])
    picks_epoch = max(0, p_left - 10 * (2 - e) - 1)
    expected = max(0.0, cards + 0.55 * picks_epoch - tracks[FOOD])
    v -= (0.9 + e) * (deficit + 0.5 * expected)
    feedings = (3 - e) if state.step <= S_FEED else (2 - e)
    v += 0.18 * min(max(0, tracks[FOOD] - cards), 4) * max(0, feedings - 1)
    if colour_bonus == PURPLE:
        v += 3.0 * sum(1 for c in state.tableau[seat] if comps.cards[c].colour == PURPLE)
    elif colour_bonus >= 0:
        v += 1.5 * tracks[colour_bonus] * (0.5 + income_left / 12)
    return v


def _medals(state: State, comps: Components, seat: int, coin: float, growth: float, income_left: int) -> float:
    """Silver and gold medals held and worth buying, as V counts them before the last medal step."""
    tracks, e = state.tracks[seat], state.epoch
    v = sum(0.5 * (tracks[t] + growth) for t in state.silver[seat])
    open_silver = comps.silver_spaces - len(state.silver[seat])
    if open_silver > 0:
        worth = sorted((0.5 * (tracks[t] + growth) for t in range(4) if state.tiles[seat][t] > 0), reverse=True)
        v += sum(0.8 * max(0.0, w - coin * comps.silver_price[e]) for w in worth[:open_silver])
    counts = sorted(sum(1 for c in state.tableau[seat] if comps.cards[c].colour == col) for col in range(5))
    medal = comps.gold_points_per_set * (counts[0] + 0.18 * (counts[1] - counts[0]) + 0.55 * income_left)
    v += medal * state.gold[seat]
    v += (comps.gold_spaces - state.gold[seat]) * 0.8 * max(0.0, medal - coin * comps.gold_price[e])
    return v


def _after(state: State, comps: Components, seat: int, action: int) -> list[State]:
    """The positions one action leads to for the seat (several when a follow-up choice is its own)."""
    copy = state.clone()
    name, a, b = codec.block(action)
    if name == "DRAFT":
        card = copy.pairs[seat][a]
        (sell(copy, comps, seat, card, True) if b else buy(copy, comps, seat, card))
        return [copy]
    carry_out(copy, comps, action)
    if name == "STATUE":
        copy.pending = Pending(TILE, seat)
        results = []
        for t in range(4):
            if copy.tiles[seat][t] > 0:
                for face in (0, 1):
                    twin = copy.clone()
                    carry_out(twin, comps, codec.tile(t, bool(face)))
                    results.append(twin)
        return results
    if name == "COLONY":
        copy.pending = Pending(COLONY_MODE, seat)
        colony = comps.colonies[copy.pending_colony]
        plunder = copy.clone()
        carry_out(plunder, comps, codec.PLUNDER)
        results = [plunder]
        if copy.coins[seat] >= colony.cost:
            results.append(_integrate_mean(copy, comps, seat, colony.level))
        return results
    if name == "INTEGRATE":
        return [_integrate_mean(state.clone(), comps, seat, comps.colonies[state.pending_colony].level)]
    return [copy]


def _integrate_mean(state: State, comps: Components, seat: int, level: int) -> State:
    """Integration of the pending colony valued with the mean back of its level (the back is unseen)."""
    colony = comps.colonies[state.pending_colony]
    state.coins[seat] -= colony.cost
    group = comps.level_colonies(level)
    for t in range(4):
        state.tracks[seat][t] += sum(comps.colonies[c].back[t] for c in group) / len(group)
    state.integrated[seat][-1] = True
    state.pending_colony = -1
    return state


class GreedyBot:
    """The one-ply greedy bot of the calibration (module docstring)."""

    colour = -1

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        """A greedy bot; ``seed`` drives the wheel choice and the view samples."""
        if params:
            raise TypeError(f"GreedyBot takes no parameters besides seed, got {sorted(params)}")
        self.rng = np.random.default_rng(seed)

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The legal action of the best value V."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        game = view.sample(self.rng)
        state, comps, seat = game.state, game.components, view.seat
        if state.pending.kind == WHEEL:
            return int(legal[self.rng.integers(len(legal))])
        best, best_value = legal[0], -1e18
        for action in legal:
            score = max(value(s, comps, seat, self.colour) for s in _after(state, comps, seat, action))
            if score > best_value + 1e-9:
                best, best_value = action, score
        return int(best)


class SpecialistBot(GreedyBot):
    """Greedy plus a liking for one colour (``colour`` = yellow, red, blue, green or purple)."""

    def __init__(self, seed: int | None = None, colour: str = "purple", **params: Any) -> None:
        """A specialist of ``colour``."""
        super().__init__(seed=seed, **params)
        if colour not in COLOURS:
            raise ValueError(f"specialist colour must be one of {', '.join(COLOURS)}, got {colour!r}")
        self.colour = COLOURS.index(colour)


__all__ = ["GreedyBot", "SpecialistBot", "value"]
