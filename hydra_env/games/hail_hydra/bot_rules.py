"""The reference bots' rules of thumb (the spec's section 9): which cards, gifts, targets and
abilities, from one seat's information. Used by :mod:`.bots`.
"""

from __future__ import annotations

import random
from typing import Any

from hydra_env.games.hail_hydra.codec import CLAIM, MULTISETS, TARGET, UP
from hydra_env.games.hail_hydra.components import VALUES, Components, Hero

BLUE_HIGH_FIRST = (3, 2, 1, 0)
RED_MILD_FIRST = (4, 5, 6, 7)
RED_WORST_FIRST = (7, 6, 5, 4)
BLUE_LOW_FIRST = (0, 1, 2, 3)


def _lengths(legal: list[int]) -> list[int]:
    return sorted({len(MULTISETS[a]) for a in legal if a < CLAIM})


def _take(hand: list[int], order: tuple[int, ...], count: int, picked: list[int]) -> None:
    for v in order:
        while count > 0 and hand[v] - picked[v] > 0:
            picked[v] += 1
            count -= 1


def _fit(hand: list[int], picked: list[int], lengths: list[int], pad: tuple[int, ...]) -> list[int]:
    while sum(picked) < lengths[0]:
        before = sum(picked)
        _take(hand, pad, lengths[0] - sum(picked), picked)
        if sum(picked) == before:
            break
    return picked


def play_cards(hand: list[int], legal: list[int], red_first: bool = False, reserve: int = 0) -> list[int]:
    """The loyal play: blues highest first up to the limit; with none, the mildest red;
    padded with the mildest reds (then the lowest blues) to a minimum. ``reserve`` blues
    (the lowest) stay in hand, but never the last one: at least one blue is played when
    the hand holds any (``deduce``'s SHIELD play; 0 is the spec's ``loyal``)."""
    lengths = _lengths(legal)
    if not lengths:
        return [0] * 8
    picked = [0] * 8
    _take(hand, BLUE_HIGH_FIRST, min(lengths[-1], max(1, sum(hand[:4]) - reserve)), picked)
    if not sum(picked):
        _take(hand, RED_MILD_FIRST, 1, picked)
    return _fit(hand, picked, lengths, RED_MILD_FIRST + BLUE_LOW_FIRST)


def reserve_is_futile(info: dict[str, Any]) -> bool:
    """Whether a blue held back now could not be played later: the seat takes the token at
    the next offensive (HH10: it discards its hand and draws 6), or the city falls in this
    offensive's step 4 unless the villain falls first (HH18: its strength and one per revealed
    knocked-out agent reach the city's health)."""
    players = info["players"]
    if info["seat"] == (info["token"] + 1) % players:
        return True
    if info["villain"] < 0:
        return False
    revealed_out = sum(1 for s in range(players) if info["revealed"][s] and info["out"][s])
    return info["city"] <= info["strength"] + revealed_out


def red_first(hand: list[int], legal: list[int], r: int) -> list[int]:
    """The saboteur's play: its ``r`` most negative reds (with none, its smallest blue),
    padded with its most negative cards to a minimum."""
    lengths = _lengths(legal)
    if not lengths:
        return [0] * 8
    picked = [0] * 8
    _take(hand, RED_WORST_FIRST, min(r, lengths[-1]), picked)
    if not sum(picked):
        _take(hand, BLUE_LOW_FIRST, 1, picked)
    return _fit(hand, picked, lengths, RED_WORST_FIRST + BLUE_LOW_FIRST)


def gift_choice(info: dict[str, Any], hydra: bool, target: int, team: set[int]) -> list[int]:
    """The cards of a gift: loyal, the two highest blues (else the mildest red); HYDRA, up
    to 2 reds to a teammate, else 1 red (else 1 card) to a SHIELD seat."""
    hand, picked = info["hand"], [0] * 8
    if not hydra:
        _take(hand, BLUE_HIGH_FIRST, 2, picked)
        if not sum(picked):
            _take(hand, RED_MILD_FIRST, 1, picked)
    else:
        _take(hand, RED_WORST_FIRST, 2 if target in team else 1, picked)
        if not sum(picked):
            _take(hand, BLUE_LOW_FIRST, 1, picked)
    return picked


def best_target(info: dict[str, Any], legal: list[int], suspicion: list[float], rng: random.Random,
                hydra: bool, team: set[int]) -> int:
    """The legal target seat with the highest suspicion (a HYDRA bot spares its team); UP when none."""
    seat, players = info["seat"], info["players"]
    options = [(a, (seat + a - TARGET + 1) % players) for a in legal if TARGET <= a < UP]
    if hydra:
        options = [(a, s) for a, s in options if s not in team] or options
    if not options:
        return UP if UP in legal else legal[0]
    return max(options, key=lambda o: (suspicion[o[1]], rng.random()))[0]


def _damage(total: int, defence: int, cap: int | None) -> int:
    if total < 1:
        return 0
    damage = max(0, total - defence)
    return damage if cap is None else min(cap, damage)


def _effective(comp: Components, villain: int, index: int) -> int:
    power = comp.villain(villain)
    shift = power.amount if (power.power == "blue_shift" and index < 4) or (power.power == "red_shift"
                                                                           and index >= 4) else 0
    return VALUES[index] - shift


def resolve_damage(info: dict[str, Any], comp: Components, hero: Hero) -> tuple[int, int]:
    """The damage the offensive being resolved deals the villain as it stands, and with
    ``hero``'s ability used on it (the same for an effect that does not change damage;
    ``remove_card`` takes out the card worth least against this villain; ``direct_damage`` adds
    the hero's ``amount``, as the rules do)."""
    effect = hero.effect
    villain = comp.villain(info["villain"])
    total, defence = info["total"] or 0, info["defence"]
    cap = villain.amount if villain.power == "damage_cap" else None
    now = _damage(total, defence, cap)
    if effect == "remove_card":
        cards = info["offensives"][-1]["cards"] or [0] * 8
        present = [v for v in range(8) if cards[v] > 0]
        if not present:
            return now, now
        worst = min(present, key=lambda v: _effective(comp, info["villain"], v))
        return now, _damage(total - _effective(comp, info["villain"], worst), defence, cap)
    if effect == "zero_defence":
        return now, _damage(total, 0, cap)
    if effect == "direct_damage":
        return now, now + hero.param("amount")
    if effect == "negate_total":
        return now, _damage(-total, defence, cap)
    return now, now


def _resolve_wanted(info: dict[str, Any], comp: Components, hero: Hero) -> bool:
    """Spec 9: Wasp, Sorcerer, Quake and Archer when that use defeats the villain, i.e. the
    offensive defeats it with the ability and not without (an offensive that defeats it anyway
    does not spend the once-per-game ability); Wasp, Quake and Archer at the Red Skull (tier 4),
    Sorcerer at tier 3 or more when T is -6 or less; Medic when the city has 12 or less; Panther
    when the villain survives and is of tier 3 or more or its attack (and the agents' reveals)
    may destroy the city; Blind Justice at once."""
    tier, health, effect = comp.villain(info["villain"]).tier, info["health"], hero.effect
    now, used = resolve_damage(info, comp, hero)
    decisive = now < health <= used
    if effect == "remove_card":
        cards = info["offensives"][-1]["cards"] or [0] * 8
        return any(cards) and (tier == 4 or decisive)
    if effect in ("zero_defence", "direct_damage"):
        return tier == 4 or decisive
    if effect == "negate_total":
        return decisive or (tier >= 3 and (info["total"] or 0) <= -6)
    if effect == "heal_city":
        return info["city"] <= 12
    if effect == "skip_villain_attack":
        return now < health and (tier >= 3 or info["city"] <= info["strength"] + 3 * info["hydra_count"])
    return effect == "check_claim"


def ability_wanted(info: dict[str, Any], comp: Components, window: str, hydra: bool, suspicion: list[float],
                   team: set[int] | None = None) -> bool:
    """Whether the reference rules use this seat's ability now, in ``window``."""
    seat = info["seat"]
    hero = comp.heroes[info["heroes"][seat]]
    effect = hero.effect
    if hydra:
        if effect == "immunity":
            return max(range(info["players"]), key=lambda s: suspicion[s]) == seat
        if effect == "cancel_knockout":
            return info["rounds"][-1]["result"] in (team or set())
        return False
    if window == "play":
        if effect == "smash":
            return comp.villain(info["villain"]).tier == 4 or info["health"] <= 8
        if effect == "draw":
            return sum(info["hand"][:4]) < 2
        return effect == "peek_played"
    if window == "resolve":
        return _resolve_wanted(info, comp, hero)
    if window == "knockout":
        if effect == "ambush":
            return bool(info["tiers_to_come"]) and info["tiers_to_come"][0] == 4
        return effect == "peek_loyalty"
    return False
