"""Solo rules of the ``heuristic`` bot (scenarios 10–12).

Priority rules for a hero action (R34, R36), tried in order:

1. **Block** (phase II): the face-up hydra cards worth blocking are those
   whose harm is larger than the harm of the action card that must then go
   unused instead — every token not on a display card leaves one card's
   hydra side to the Hydra phase (R37). Once the tokens left are just enough
   for them, they are blocked, the most harmful first.
2. **Emergency**: a head with heads on it one space from the wall or in
   front of it is struck with the sword or harpoon that gains most.
3. **Barricade**: standing on the free space in front of a head with heads
   four spaces or less from the wall, raise a barricade there (R17).

Otherwise every legal action gets one score, and the best is played::

    score = now + value_at(space after, card used) − value_at(here, no card)
            − city_cost·[city action or pass]  (+ 0.01·harm of the card used)

``now`` is the gain of a sword or harpoon (damage plus the fall of the
head's threat, :func:`hydra_env.games.hydra.bots.features.damage_gains`), of a barricade (in
front of a head: :func:`~hydra_env.games.hydra.bots.features.barrier_value`; in the city: a
wall token back, R11) or of a shield when the hero stands in bite or
run-over range. ``value_at`` is :func:`hydra_env.games.hydra.bots.features.hero_value` with the
hero moved and the card spent: what the remaining cards can still do from
there (damage in reach, barricades in front of dangerous heads). A block
scores the harm of its hydra card. ``city_cost`` is the harm of the
cheapest display card left unused when no token is spare, so city actions
and passes are kept for when they help more than a card would (rule of
thumb: use all ten cards, the Hydra gets the rest). Harm = fall of the board
value when a card's effects are done alone now (:func:`hydra_env.games.hydra.bots.features.effect_harm`).

Decisions other than actions: evade or get shoved to the best space outside
danger; follow a retreating head (R10) when the new space is at least as good.
"""

from __future__ import annotations

from hydra_env.games.hydra.bots import features
from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_BLOCK,
    A_CITY_HARPOON,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_CITY_SWORD,
    A_DEST,
    A_HARPOON,
    A_PASS,
    A_PROTECT,
    A_SWORD,
)
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.heroes import attack, on_neck_colour
from hydra_env.games.hydra.rules.state import DECIDE_ACTION, DECIDE_FOLLOW, PHASE_ACTIONS_II

BLOCK_MARGIN = 0.25


class SoloRules:
    """The solo decision rules (module docstring) with evaluation weights ``w``."""

    def __init__(self, w: features.SoloWeights, block_margin: float = BLOCK_MARGIN) -> None:
        self.w = w
        self.block_margin = block_margin
        self.order_credit = 0.01
        self.urgent_d = 1
        self.barricade_rule = True

    # ------------------------------------------------------------------ dispatch
    def decide(self, game: Game, seat: int, legal: list[int]) -> int:
        """The rule-chosen action among ``legal`` for the sampled game ``g``."""
        kind = game.state.pending.kind
        if kind == DECIDE_ACTION:
            return self.action(game, seat, legal)
        if kind == DECIDE_FOLLOW:
            return follow_choice(game, seat, self.w)
        return place_choice(game, seat, legal, self.w)

    # ------------------------------------------------------------------ actions
    def action(self, game: Game, seat: int, legal: list[int]) -> int:
        """The rule-chosen hero action."""
        return self.ranked(game, seat, legal)[0]

    def ranked(self, game: Game, seat: int, legal: list[int], full: bool = False) -> list[int]:
        """Hero actions best first: the action a priority rule picks (rules 1–3), then
        the others by the common score of rules 4–8. Without ``full`` the list may
        stop at the first action (when a priority rule picks it)."""
        codec = game.rules.codec
        kinds = codec.kind
        card_acts = [a for a in legal if kinds[a] <= A_PROTECT]
        left, plan, harm, city_cost, attacks = self._context(game, seat, legal)
        first = self.priority(game, seat, legal, card_acts, left, plan, attacks)
        if first is not None and not full:
            return [first]
        scored = self.scores(game, seat, legal, attacks, harm, city_cost)
        order = [a for _, a in sorted(scored, key=lambda x: -x[0])]
        if first is None:
            top = scored and max(scored)[0]
            first = (order[0] if order and (top > -city_cost or not plan)
                     else self.last_resort(game, seat, legal, attacks, city_cost))
        return [first] + [a for a in order if a != first]

    def scored(self, game: Game, seat: int, legal: list[int]) -> list[tuple[float, int]]:
        """(score, action) for every action among ``legal``: the common score of rules 4–8."""
        left, plan, harm, city_cost, attacks = self._context(game, seat, legal)
        return self.scores(game, seat, legal, attacks, harm, city_cost)

    def _context(self, game: Game, seat: int, legal: list[int]) -> tuple:
        """What the rules share: tokens left, the block plan, the harm of each unused card,
        the cost of a city action, the attack values."""
        state, rules, w = game.state, game.rules, self.w
        kinds = rules.codec.kind
        left = features.tokens_left(state, rules, seat)
        harm = {s: features.effect_harm(state, rules, features.card_effects(rules, state.display[s], False), w)
                for s in features.unused_slots(state, rules, seat)}
        plan = (block_plan(state, rules, seat, left, harm, w, self.block_margin)
                if state.phase == PHASE_ACTIONS_II else [])
        spare = left - len(plan) - len(harm)
        cheapest = sorted(harm.values())
        city_cost = 0.0 if spare > 0 else (cheapest[0] if cheapest else 0.0)
        gains = [features.damage_gains(state, rules, c, w) for c in range(len(state.head_count))]
        attacks = [(self.attack_value(game, seat, a, gains, city_cost), a) for a in legal
                   if kinds[a] in (A_SWORD, A_HARPOON, A_CITY_SWORD, A_CITY_HARPOON)]
        return left, plan, harm, city_cost, attacks

    def priority(self, game: Game, seat: int, legal: list[int], card_acts: list[int], left: int,
                 plan: list[int], attacks: list) -> int | None:
        """Rules 1–3: a block, an emergency strike or a barricade; None if none applies."""
        codec = game.rules.codec
        # 1. blocks, once the tokens left are just enough for them
        if plan and (left <= len(plan) or not card_acts):
            return codec.encode(A_BLOCK, -1, plan[0])
        # 2. emergency at the wall
        urgent = [(v, a) for v, a in attacks if self.target_distance(game, seat, a) <= self.urgent_d]
        if urgent and max(urgent)[0] > 0:
            return max(urgent)[1]
        # 3. barricade in front of a dangerous head
        if self.barricade_rule:
            return self.barricade_choice(game, seat, card_acts)
        return None

    def scores(self, game: Game, seat: int, legal: list[int], attacks: list, harm: dict,
               city_cost: float) -> list[tuple[float, int]]:
        """The common score of the module docstring for every legal action: what the
        action does now, plus how it changes what the remaining cards can do, minus
        the card a city action wastes; blocks score the harm they prevent."""
        state, rules, w = game.state, game.rules, self.w
        codec = rules.codec
        kinds = codec.kind
        base = features.value_at(state, rules, seat, state.hero_space[seat], -1, w)
        attack = {a: v for v, a in attacks}
        exposed = features.hero_exposed(state, rules, seat)
        out = []
        for a in legal:
            k, slot = kinds[a], codec.slot[a]
            if k == A_BLOCK:
                card = state.solo_row_c[codec.arg[a]]
                prevented = features.effect_harm(state, rules, features.card_effects(rules, card, True), w)
                out.append((prevented - city_cost, a))
                continue
            now = attack.get(a, 0.0)
            if k in (A_CITY_SWORD, A_CITY_HARPOON):
                now += city_cost     # charged in attack_value; charged once below
            dest = codec.arg[a] if k in (A_DEST, A_CITY_MOVE, A_CITY_PORTAL) else state.hero_space[seat]
            if k == A_BARRICADE:
                now += self.barricade_gain(game, seat)
            elif k in (A_PROTECT, A_CITY_PROTECT) and exposed:
                now += w.exposed + w.shield
            used = slot if k <= A_PROTECT else -1
            v = now + features.value_at(state, rules, seat, dest, used, w) - base
            if used < 0:
                v -= city_cost
            else:
                v += self.order_credit * harm.get(slot, 0.0)
            out.append((v, a))
        return out

    def barricade_gain(self, game: Game, seat: int) -> float:
        """What a barricade on the hero's space is worth: a wall token back in the city
        (R11), or stopping the next movement of the head it stands in front of (R17)."""
        return features.barricade_gain(game.state, game.rules, seat, self.w)

    def attack_value(self, game: Game, seat: int, a: int, gains: list, city_cost: float) -> float:
        """Gain of a sword or harpoon action; city actions pay ``city_cost``."""
        codec = game.rules.codec
        k, arg = codec.kind[a], codec.arg[a]
        c, dmg = attack(game.state, game.rules, seat, a)
        if k == A_SWORD or k == A_HARPOON:
            forgone = arg & 1 if k == A_SWORD else arg      # R6: the bonus forgone
            return gains[c][min(dmg, 12)] - (0.01 if forgone else 0.0)
        return gains[c][1] - city_cost - 0.05

    def target_distance(self, game: Game, seat: int, a: int) -> int:
        """Spaces to the wall of the head an attack hits, if it has heads; else 99."""
        state, rules = game.state, game.rules
        codec = rules.codec
        k, arg = codec.kind[a], codec.arg[a]
        c = arg >> 1 if k == A_SWORD else arg if k == A_CITY_SWORD else on_neck_colour(state, rules, seat)
        return features.distance_to_wall(state, rules, c) if state.head_count[c] > 0 else 99

    def barricade_choice(self, game: Game, seat: int, card_acts: list[int]) -> int | None:
        """A barricade card when the hero stands in front of a dangerous head."""
        state, rules = game.state, game.rules
        codec = rules.codec
        bars = [a for a in card_acts if codec.kind[a] == A_BARRICADE]
        if not bars:
            return None
        here = state.hero_space[seat]
        if here == rules.board.city:
            return bars[0]          # R11: repair the wall (legal only with a token missing)
        for c in range(len(state.head_count)):
            if (features.front_space(state, rules, c) == here and state.head_count[c] > 0
                    and features.distance_to_wall(state, rules, c) <= 4):
                return min(bars, key=lambda a: codec.arg[a] >= 0)   # a new one first (R11)
        return None

    def last_resort(self, game: Game, seat: int, legal: list[int], attacks: list,
                    city_cost: float) -> int:
        """City actions, a block or a pass, whichever is least bad."""
        state, rules, w = game.state, game.rules, self.w
        codec = rules.codec
        base = features.value_at(state, rules, seat, state.hero_space[seat], -1, w)
        options = [(v, a) for v, a in attacks]
        for a in legal:
            k = codec.kind[a]
            if k in (A_CITY_MOVE, A_CITY_PORTAL):
                options.append((features.value_at(state, rules, seat, codec.arg[a], -1, w) - base - city_cost, a))
            elif k == A_CITY_PROTECT and features.hero_exposed(state, rules, seat):
                options.append((w.exposed - city_cost, a))
            elif k == A_PASS:
                options.append((-city_cost, a))
            elif k == A_BLOCK:
                card = state.solo_row_c[codec.arg[a]]
                prevented = features.effect_harm(state, rules, features.card_effects(rules, card, True), w)
                options.append((prevented - city_cost, a))
        return max(options)[1] if options else legal[0]


def block_plan(state, rules, seat: int, left: int, harm: dict, w: features.SoloWeights,
               margin: float = BLOCK_MARGIN) -> list[int]:
    """Columns of row C worth blocking, most harmful first (rule 1)."""
    rows = []
    for j, card in enumerate(state.solo_row_c):
        if card >= 0 and not state.solo_row_c_blocked[j]:
            rows.append((features.effect_harm(state, rules, features.card_effects(rules, card, True), w), j))
    rows.sort(reverse=True)
    cards = sorted(harm.values())
    plan: list[int] = []
    for h, j in rows:
        n_left = max(0, len(cards) - (left - len(plan) - 1))
        extra = cards[n_left - 1] if 0 < n_left <= len(cards) else 0.0
        if len(plan) + 1 > left or h <= extra + margin:
            break
        plan.append(j)
    return plan


def place_choice(game: Game, seat: int, legal: list[int], w: features.SoloWeights) -> int:
    """Where an evading or shoved hero goes: outside danger, best position."""
    state, rules = game.state, game.rules
    codec = rules.codec
    danger = features.danger_mask(state, rules)
    best = None
    for a in legal:
        sp = codec.arg[a]
        v = features.value_at(state, rules, seat, sp, -1, w) - (3.0 if (danger >> sp) & 1 else 0.0)
        if best is None or v > best[0]:
            best = (v, a)
    return best[1]


def follow_choice(game: Game, seat: int, w: features.SoloWeights) -> int:
    """Follow a retreating head (R10) when the new space is at least as good."""
    state, rules = game.state, game.rules
    target = state.pending.follow_space
    here = features.value_at(state, rules, seat, state.hero_space[seat], -1, w)
    there = features.value_at(state, rules, seat, target, -1, w)
    return rules.codec.yes if there >= here else rules.codec.no


__all__ = ["SoloRules", "block_plan", "place_choice", "follow_choice"]
