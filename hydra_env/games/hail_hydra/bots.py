"""Scripted bots of Hail Hydra (the spec's section 9): ``loyal``, ``saboteur`` and ``deduce``.

Every bot decides from a seat's view (``view.info``, :func:`.views.seat_info`) and the
legal actions, never from the state, and exposes :meth:`HailHydraBot.belief`: the
probability that each seat is HYDRA as it reckons it, and ``belief_label``, what that belief
is (the public posterior; ``deduce`` the private one; ``RandomBot`` the uniform prior, as it
does not deduce).

- :class:`LoyalBot` plays as SHIELD whatever its disc: its blue cards, highest first;
  true claims; nominations, votes and targets on the highest *public* posterior; the
  reference ability rules.
- :class:`SaboteurBot` (``r`` = 1 or 2) plays :class:`LoyalBot` as SHIELD and sabotages as
  HYDRA: its ``r`` most negative reds claimed good, red gifts, votes on the SHIELD seat
  with the highest public posterior, a reveal at the Red Skull mission or when the
  team's reveals can destroy the city.
- :class:`RandomBot` draws a legal action at random (the deduction table's baseline).
- :class:`DeduceBot` keeps the exact private posterior over every HYDRA-sized set
  (:func:`.belief.private_belief`) and acts on it as SHIELD (targets, gifts, abilities,
  nominations; votes follow the public posterior and the nominations of the seats it
  trusts, never a seat it has cleared) and plays its blues holding the lowest one back
  (``reserve``) unless it could not be played later (``spend``); as HYDRA it hides: it
  plays as SHIELD does against the first villain (``lurk``), then sabotages with its two
  worst reds a play (``r``), and claims its cards truthfully (SHIELD's public model counts
  only lies).
"""

from __future__ import annotations

import random
from typing import Any

from hydra_env.games.hail_hydra.belief import private_belief, public_belief
from hydra_env.games.hail_hydra.bot_rules import (
    ability_wanted,
    best_target,
    gift_choice,
    play_cards,
    red_first,
    reserve_is_futile,
)
from hydra_env.games.hail_hydra.codec import CLAIM, HAIL, PASS, TARGET, UP, USE, VALUE, cards_action
from hydra_env.games.hail_hydra.components import VALUES, default_components
from hydra_env.games.hail_hydra.state import (
    ABILITY_TARGET,
    ABILITY_VALUE,
    DRAFT,
    GIFT_CARDS,
    GIFT_TARGET,
    KO_OFFER,
    NOMINATE,
    PLAY,
    RESOLVE_OFFER,
    VERDICT_OFFER,
    VOTE,
)
from hydra_env.games.hail_hydra.state import (
    CLAIM as CLAIM_DECISION,
)


class HailHydraBot:
    """The frame of the scripted bots: one method per decision type, from ``view.info``."""

    name = "base"
    belief_label = "public posterior (reveals and claims)"
    reserve = 0
    """Blues a SHIELD play holds back (:func:`.bot_rules.play_cards`); 0 for the spec's bots."""
    spend = False
    """Whether a SHIELD play holds nothing back when the reserve could not be played later
    (:func:`.bot_rules.reserve_is_futile`); off for the spec's bots."""

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = random.Random(seed)
        self.comp = default_components()
        self.params = params
        self.last_claim_truth = True

    # ------------------------------------------------------------ beliefs
    def belief(self, view: Any) -> list[float]:
        """The chance that each seat is HYDRA, as this bot reckons it."""
        return public_belief(view.info).marginals()

    def suspicion(self, info: dict[str, Any]) -> list[float]:
        """The belief used for targets (public by default)."""
        return public_belief(info).marginals()

    # ------------------------------------------------------------ the decision
    def act(self, view: Any, legal_actions: list[int]) -> int:
        """One legal action for the view's pending decision."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        info = view.info
        kind = info["decision"][1]
        action = self.decide(info, kind, legal)
        return action if action in legal else legal[0]

    def hydra(self, info: dict[str, Any]) -> bool:
        """Whether this bot plays as HYDRA now."""
        return False

    def decide(self, info: dict[str, Any], kind: int, legal: list[int]) -> int:
        """The action for decision ``kind`` (one of ``legal``)."""
        if kind == DRAFT:
            return self.rng.choice(legal)
        if kind in (PLAY, GIFT_TARGET) and HAIL in legal and self.wants_reveal(info):
            return HAIL
        if kind == PLAY:
            if USE in legal and ability_wanted(info, self.comp, "play", self.hydra(info), self.suspicion(info)):
                return USE
            if PASS in legal:                       # an empty hand plays nothing
                return PASS
            return self.play(info, legal)
        if kind == CLAIM_DECISION:
            return CLAIM + self.claim(info)
        if kind == GIFT_TARGET:
            return self.gift_target(info, legal)
        if kind == GIFT_CARDS:
            return cards_action(gift_choice(info, self.hydra(info), info["decision"][2], self.team(info)))
        if kind in (RESOLVE_OFFER, KO_OFFER, VERDICT_OFFER):
            window = {RESOLVE_OFFER: "resolve", KO_OFFER: "knockout", VERDICT_OFFER: "verdict"}[kind]
            wanted = ability_wanted(info, self.comp, window, self.hydra(info), self.suspicion(info), self.team(info))
            return USE if wanted else PASS
        if kind == ABILITY_VALUE:
            values = [a - VALUE for a in legal]
            worst = min(values, key=lambda v: VALUES[v]) if not self.hydra(info) else max(values,
                                                                                            key=lambda v: VALUES[v])
            return VALUE + worst
        if kind == ABILITY_TARGET:
            return best_target(info, legal, self.suspicion(info), self.rng, self.hydra(info), self.team(info))
        if kind in (NOMINATE, VOTE):
            return self.ballot(info, legal)
        return legal[0]

    # ------------------------------------------------------------ SHIELD behaviour (overridden for HYDRA)
    def team(self, info: dict[str, Any]) -> set[int]:
        """The seats this bot knows to be HYDRA."""
        return {s for s, k in enumerate(info["known_loyalty"]) if k == 1}

    def wants_reveal(self, info: dict[str, Any]) -> bool:
        """Whether to reveal now (HAIL is legal)."""
        return False

    def play(self, info: dict[str, Any], legal: list[int]) -> int:
        """Blues, highest first, as many as allowed (the loyal rule)."""
        reserve = 0 if self.spend and reserve_is_futile(info) else self.reserve
        cards = play_cards(info["hand"], legal, red_first=False, reserve=reserve)
        self.last_claim_truth = True
        return cards_action(cards)

    def claim(self, info: dict[str, Any]) -> int:
        """The number of blue cards just played (the truth)."""
        played = info["offensives"][-1]["own_down"]
        return sum(played[:4])

    def gift_target(self, info: dict[str, Any], legal: list[int]) -> int:
        """The active unrevealed seat with the lowest suspicion."""
        suspicion = self.suspicion(info)
        seat, players = info["seat"], info["players"]
        targets = [a for a in legal if TARGET <= a < UP]
        targets = [a for a in targets if not info["revealed"][(seat + a - TARGET + 1) % players]] or targets
        if not targets:
            return PASS if PASS in legal else legal[0]
        return min(targets, key=lambda a: (suspicion[(seat + a - TARGET + 1) % players], self.rng.random()))

    def ballot(self, info: dict[str, Any], legal: list[int]) -> int:
        """The eligible seat with the highest suspicion."""
        return best_target(info, legal, self.suspicion(info), self.rng, False, set())


class LoyalBot(HailHydraBot):
    """The spec's ``loyal`` bot: SHIELD play at every seat."""

    name = "loyal"


class SaboteurBot(HailHydraBot):
    """The spec's ``saboteur``: :class:`LoyalBot` as SHIELD, sabotage as HYDRA (``r`` reds a play)."""

    name = "saboteur"

    def __init__(self, seed: int | None = None, r: int = 1, **params: Any) -> None:
        super().__init__(seed, **params)
        self.r = int(r)

    def hydra(self, info: dict[str, Any]) -> bool:
        return info["loyalty"] == 1

    def wants_reveal(self, info: dict[str, Any]) -> bool:
        if not self.hydra(info) or info["villain"] < 0:
            return False
        if self.comp.villain(info["villain"]).tier == 4:
            return True
        unrevealed = [s for s in self.team(info) if not info["revealed"][s]]
        damage = sum(self.comp.heroes[info["heroes"][s]].reveal_out if info["out"][s]
                     else self.comp.heroes[info["heroes"][s]].reveal_active for s in unrevealed)
        return damage >= info["city"]

    def play(self, info: dict[str, Any], legal: list[int]) -> int:
        if not self.hydra(info):
            return super().play(info, legal)
        return cards_action(red_first(info["hand"], legal, self.r))

    def claim(self, info: dict[str, Any]) -> int:
        if not self.hydra(info):
            return super().claim(info)
        return sum(info["offensives"][-1]["own_down"])

    def ballot(self, info: dict[str, Any], legal: list[int]) -> int:
        if not self.hydra(info):
            return super().ballot(info, legal)
        return best_target(info, legal, self.suspicion(info), self.rng, True, self.team(info))

    def gift_target(self, info: dict[str, Any], legal: list[int]) -> int:
        if not self.hydra(info):
            return super().gift_target(info, legal)
        seat, players = info["seat"], info["players"]
        targets = [a for a in legal if TARGET <= a < UP]
        if not targets:
            return PASS if PASS in legal else legal[0]
        mates = [a for a in targets if (seat + a - TARGET + 1) % players in self.team(info)]
        return self.rng.choice(mates or targets)


class DeduceBot(SaboteurBot):
    """The deduction bot: the exact private posterior as SHIELD, hiding from it as HYDRA. As
    SHIELD its plays keep ``reserve`` blues back (a seat that is not the token holder draws
    one card an offensive and must play one, so a hand emptied of blues plays reds next),
    except where a blue kept could not be played later (``spend``). As
    HYDRA it plays as SHIELD does until the villains of tier ``lurk`` (no early sabotage for
    the knock-out votes to find), then its ``r`` worst reds a play."""

    name = "deduce"
    belief_label = "private posterior (public record and the seat's own knowledge)"
    SURE = 0.6
    """A nomination follows the private posterior when its top suspect is at least this likely."""
    FOLLOW = 0.5
    """A vote's bonus for each nomination of the seat by a seat believed SHIELD."""
    TRUSTED = 0.3
    """A seat is believed SHIELD below this private chance of being HYDRA."""
    CLEARED = 0.05
    """No vote for a seat below this private chance of being HYDRA."""
    VOTE_PRIVATE = False
    """Whether the vote starts from the private posterior (else the public one)."""
    PARAM_RANGES = {"r": (1, 3), "reserve": (0, 3), "lurk": (1, 5), "spend": (0, 1)}

    def __init__(self, seed: int | None = None, r: int = 2, reserve: int = 1, lurk: int = 2, spend: int = 1,
                 **params: Any) -> None:
        """``r``: reds a sabotaging play holds as HYDRA (its worst, as ``saboteur``'s);
        ``reserve``: blues a SHIELD play holds back (the lowest, never the last blue; 0 plays
        every blue up to the limit, as ``loyal`` does); ``spend``: 1 holds nothing back when
        the reserve could not be played later (the seat takes the token next and discards its
        hand, or the city falls unless the villain does in this offensive), 0 always holds;
        ``lurk``: the villain tier from which it sabotages as HYDRA; against the villains of
        lower tiers it plays as SHIELD does (1 sabotages from the first villain, 5 never)."""
        super().__init__(seed, r, **params)
        self.reserve = int(reserve)
        self.spend = bool(spend)
        self.lurk = int(lurk)

    def play(self, info: dict[str, Any], legal: list[int]) -> int:
        """As HYDRA before the tier ``lurk``: SHIELD's play (its blues, claimed truthfully);
        else ``saboteur``'s play (its ``r`` worst reds) or, as SHIELD, the play with a reserve."""
        if self.hydra(info) and info["villain"] >= 0 and self.comp.villain(info["villain"]).tier < self.lurk:
            return HailHydraBot.play(self, info, legal)
        return super().play(info, legal)

    def belief(self, view: Any) -> list[float]:
        return private_belief(view.info).marginals()

    def suspicion(self, info: dict[str, Any]) -> list[float]:
        if self.hydra(info):
            return public_belief(info).marginals()
        return private_belief(info).marginals()

    def ballot(self, info: dict[str, Any], legal: list[int]) -> int:
        """As SHIELD: nominate its private top suspect when fairly sure (else the public one);
        vote for the public top suspect plus half a point per nomination made by a seat it
        believes SHIELD, never for a seat it has cleared. Plurality rewards coordination:
        a private certainty alone splits the vote (measured; see the rules document)."""
        if self.hydra(info):
            return super().ballot(info, legal)
        public = public_belief(info).marginals()
        private = private_belief(info).marginals()
        if info["decision"][1] == NOMINATE:
            chosen = private if max(private) >= self.SURE else public
            return best_target(info, legal, chosen, self.rng, False, set())
        score = list(private if self.VOTE_PRIVATE else public)
        for voter, choice in enumerate(info["rounds"][-1]["nominations"]):
            if choice >= 0 and private[voter] < self.TRUSTED:
                score[choice] += self.FOLLOW
        score = [x if private[s] >= self.CLEARED else -1.0 for s, x in enumerate(score)]
        return best_target(info, legal, score, self.rng, False, set())

    def claim(self, info: dict[str, Any]) -> int:
        """As HYDRA: the truth. SHIELD's public model counts only lies (face-down reds
        claimed good), so an agent that sabotages openly in its claims gives it nothing."""
        if self.hydra(info):
            return HailHydraBot.claim(self, info)
        return super().claim(info)


def uniform_belief(players: int, hydra: int) -> list[float]:
    """The uniform prior: every seat HYDRA with chance ``hydra / players`` (no deduction)."""
    return [hydra / players] * players


class RandomBot:
    """A uniformly random legal action; its belief is the uniform prior (it does not deduce)."""

    name = "random"
    belief_label = "uniform prior (does not deduce)"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """A random legal action."""
        return self.rng.choice(list(legal_actions))

    def belief(self, view: Any) -> list[float]:
        """The uniform prior (:func:`uniform_belief`)."""
        info = view.info
        return uniform_belief(info["players"], info["hydra_count"])
