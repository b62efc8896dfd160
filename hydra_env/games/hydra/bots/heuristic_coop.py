"""Coordinated-game rules of the ``heuristic`` bot, in two styles.

``defender`` puts the city first: its actions are scored by what they do for
the wall (the solo terms of :mod:`hydra_env.games.hydra.bots.features`: damage to the heads
nearest the wall, barricades in front of them, wall repairs, reaching
attack spaces), its own glory only breaking ties. ``glory`` scores its own
glory first (every sword or harpoon point and every barricade is glory,
R7, R8, R11; shoves, wounds and buckling up cost glory, R4, R14, R26) and
plays for the city only when the city would fall: two wall tokens or fewer,
or four or fewer with a head that has heads in front of the wall.

Decisions:

* **buckle up** (R26): redraw a hand worth less than 1 point per card
  (``glory``: 0.6, since it costs a glory point), counting a sword 2, a
  harpoon or barricade 1.5, a move or portal 1, a protect 0.5 (0 when the
  hero already holds a shield).
* **action**: first, play a held hydra card now if playing it costs at most
  0.3, where ``cost = city_weight · harm to the city now − glory_weight ·
  change of the seat's glory lead`` (a card on a head at 0 does nothing,
  R17, R19; for ``glory`` a bite that wounds a rival ahead also pays).
  Otherwise the hero action with the best score::

      score = city_weight · (gain now + value_at(space after, card used) − value_at(here))
              + glory_weight · glory gained − city_weight · wasted card

  with the solo terms of :mod:`hydra_env.games.hydra.bots.heuristic_solo` (damage gain, barricade
  in front of a head or wall repair, shield in danger), glory gained = damage
  points (R7, R8) + 1 for a barricade (R11) − 1 per shove (R4; a shove also
  costs 1 city point, it moves a team-mate), and a wasted card = the harm of
  the cheapest unused card in the hero's hand when a city action or a pass
  leaves the hero fewer tokens than such cards (they go to the Hydra phase,
  R29). Cards from the hand come first on a tie (only this hero can use them).
* **after action**: play the cheapest held hydra card when its cost is at
  most 0.3, or when the turn is the hero's last (R28); otherwise end the turn.
* **shoved / evade**: the space outside danger with the best position;
  **follow** (R10): when the new space is at least as good.
"""

from __future__ import annotations

from hydra_env.games.hydra.bots import features
from hydra_env.games.hydra.bots.heuristic_solo import follow_choice, place_choice
from hydra_env.games.hydra.rules.codec import (
    A_BARRICADE,
    A_CITY_MOVE,
    A_CITY_PORTAL,
    A_CITY_PROTECT,
    A_DEST,
    A_END_TURN,
    A_PLAY_HYDRA,
    A_PROTECT,
)
from hydra_env.games.hydra.rules.game import Game
from hydra_env.games.hydra.rules.heroes import attack
from hydra_env.games.hydra.rules.pieces import hero_at
from hydra_env.games.hydra.rules.state import DECIDE_ACTION, DECIDE_AFTER_ACTION, DECIDE_BUCKLE_UP, DECIDE_FOLLOW
from hydra_env.games.hydra.rules.tables import HK_BARRICADE, HK_HARPOON, HK_MOVE, HK_PORTAL, HK_PROTECT, HK_SWORD

HARMLESS = 0.3
SHOVE_CITY = 1.0
DANGER_WALLS = 2          # glory style: the city is about to fall with this many walls or fewer,
DANGER_WALLS_FRONT = 4    # or this many with a head that has heads in front of the wall
# Rough worth of an action card's hero side in hand, for buckling up.
CARD_WORTH = {HK_SWORD: 2.0, HK_HARPOON: 1.5, HK_BARRICADE: 1.5, HK_MOVE: 1.0, HK_PORTAL: 1.0,
              HK_PROTECT: 0.5}
STYLES = {
    # style: (city weight, glory weight, buckle-up threshold per card)
    "defender": (1.0, 0.15, 1.0),
    "glory": (0.25, 1.0, 0.6),
}


class CoopRules:
    """The coordinated decision rules (module docstring) for one style."""

    def __init__(self, w: features.SoloWeights, style: str = "defender") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown style {style!r}; styles: {sorted(STYLES)}")
        self.w = w
        self.style = style
        self.city_w, self.glory_w, self.buckle_min = STYLES[style]

    def decide(self, game: Game, seat: int, legal: list[int]) -> int:
        """The rule-chosen action among ``legal`` for the sampled game ``g``."""
        kind = game.state.pending.kind
        if kind == DECIDE_BUCKLE_UP:
            return self.buckle(game, seat)
        if kind == DECIDE_ACTION:
            return self.action(game, seat, legal)
        if kind == DECIDE_AFTER_ACTION:
            return self.after(game, seat, legal)
        if kind == DECIDE_FOLLOW:
            return follow_choice(game, seat, self.w)
        return place_choice(game, seat, legal, self.w)

    # ------------------------------------------------------------------ weights
    def in_danger(self, game: Game) -> bool:
        """The city would fall: ``DANGER_WALLS`` wall tokens or fewer, or
        ``DANGER_WALLS_FRONT`` with a head that has heads in front of the wall."""
        state, rules = game.state, game.rules
        if state.walls <= DANGER_WALLS:
            return True
        return state.walls <= DANGER_WALLS_FRONT and any(
            state.head_count[c] > 0 and features.distance_to_wall(state, rules, c) == 0
            for c in range(len(state.head_count)))

    def weights(self, game: Game) -> tuple[float, float]:
        """(city weight, glory weight) now; ``glory`` defends a city about to fall."""
        if self.style == "glory" and self.in_danger(game):
            return 1.0, 0.3
        return self.city_w, self.glory_w

    # ------------------------------------------------------------------ buckle up
    def buckle(self, game: Game, seat: int) -> int:
        state, rules = game.state, game.rules
        tables = rules.tables
        hand = state.action_hands[seat]
        worth = 0.0
        for card in hand:
            k = tables.card_kind[card]
            worth += 0.0 if k == HK_PROTECT and state.shielded[seat] else CARD_WORTH[k]
        return rules.codec.yes if hand and worth < self.buckle_min * len(hand) else rules.codec.no

    # ------------------------------------------------------------------ hydra cards
    def hydra_outcome(self, game: Game, seat: int, k: int) -> tuple[float, float]:
        """(harm to the city, change of the seat's glory lead) of playing hydra card k now."""
        state, rules = game.state, game.rules
        effects = features.card_effects(rules, state.hydra_hands[seat][k], True)
        after = features.run_effects(state, rules, effects)
        if after.game_over:
            return 1000.0, 0.0
        harm = features.board_value(state, rules, self.w) - features.board_value(after, rules, self.w)
        lead = features.glory_lead(after, seat) - features.glory_lead(state, seat)
        return harm, lead

    def best_hydra(self, game: Game, seat: int, legal: list[int]) -> tuple[float, int] | None:
        """The held hydra card that is cheapest to play now, with its cost."""
        codec = game.rules.codec
        city_w, glory_w = self.weights(game)
        best = None
        for a in legal:
            if codec.kind[a] != A_PLAY_HYDRA:
                continue
            harm, lead = self.hydra_outcome(game, seat, codec.arg[a])
            cost = city_w * harm - glory_w * lead
            if best is None or cost < best[0]:
                best = (cost, a)
        return best

    def after(self, game: Game, seat: int, legal: list[int]) -> int:
        codec = game.rules.codec
        best = self.best_hydra(game, seat, legal)
        if codec.end_turn not in legal or (best is not None and best[0] <= HARMLESS):
            return best[1] if best is not None else legal[0]
        return codec.end_turn

    # ------------------------------------------------------------------ actions
    def action(self, game: Game, seat: int, legal: list[int]) -> int:
        best = self.best_hydra(game, seat, legal)
        if best is not None and best[0] <= HARMLESS:
            return best[1]
        scored = self.score_actions(game, seat, legal)
        return max(scored)[1]

    def score_actions(self, game: Game, seat: int, legal: list[int]) -> list[tuple[float, int]]:
        """(score, action) for every hero action among ``legal`` (module docstring)."""
        state, rules, w = game.state, game.rules, self.w
        codec = rules.codec
        city_w, glory_w = self.weights(game)
        gains = [features.damage_gains(state, rules, c, w) for c in range(len(state.head_count))]
        city_cost = self.city_cost(game, seat)
        exposed = features.hero_exposed(state, rules, seat)
        base = features.value_at(state, rules, seat, state.hero_space[seat], -1, w)
        out = []
        for a in legal:
            k, slot = codec.kind[a], codec.slot[a]
            if k in (A_PLAY_HYDRA, A_END_TURN):
                continue
            c, dmg = attack(state, rules, seat, a)
            now = gains[c][min(dmg, 12)] if dmg else 0.0
            glory = float(dmg)
            dest = codec.arg[a] if k in (A_DEST, A_CITY_MOVE, A_CITY_PORTAL) else state.hero_space[seat]
            if k == A_BARRICADE:
                now += self.barricade_gain(game, seat)
                glory += 1.0
            elif k in (A_PROTECT, A_CITY_PROTECT) and exposed:
                now += w.exposed + w.shield
                glory += 0.5      # a wound would cost a glory point (R14)
            if dest != state.hero_space[seat] and dest != rules.board.city and hero_at(state, dest, seat) >= 0:
                glory -= 1.0      # a shove (R4) costs glory and moves a team-mate
                now -= SHOVE_CITY
            used = slot if k <= A_PROTECT else -1
            pos = features.value_at(state, rules, seat, dest, used, w) - base
            v = city_w * (now + pos) + glory_w * glory
            if used < 0:
                v -= city_w * city_cost
            elif slot >= 10:
                v += 0.05         # own hand cards first: nobody else can use them
            out.append((v, a))
        return out

    def barricade_gain(self, game: Game, seat: int) -> float:
        """A wall token back in the city (R11), or a barricade in front of a head (R17)."""
        return features.barricade_gain(game.state, game.rules, seat, self.w)

    def city_cost(self, game: Game, seat: int) -> float:
        """What a token spent off the cards costs: the cheapest unused card of the hero's
        hand goes to the Hydra phase (R29) when tokens are no more than those cards."""
        state, rules, w = game.state, game.rules, self.w
        from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS
        hand = [DISPLAY_SLOTS + k for k, u in enumerate(state.action_hand_used[seat]) if not u]
        if features.tokens_left(state, rules, seat) > len(hand) or not hand:
            return 0.0
        return min(features.effect_harm(state, rules,
                                        features.card_effects(rules, features.slot_card(state, seat, s), False), w)
                   for s in hand)


__all__ = ["CoopRules", "STYLES"]
