"""Text for people: ``describe(action, viewer)`` and ``render(seat)``, from what the reader may know.

Both read :func:`.views.seat_info` of the reader, never the state, so they cannot tell a
seat what it may not see (HH33): another seat's face-down cards, gift values and open
votes are given as counts or "hidden". With no reader (``None``) they show everything.
"""

from __future__ import annotations

from typing import Any

from hydra_env.games.hail_hydra.codec import (
    CARDS,
    CLAIM,
    CODEC,
    HAIL,
    HERO,
    MULTISETS,
    PASS,
    TARGET,
    UP,
    USE,
    VALUE,
    show_counts,
    show_value,
)
from hydra_env.games.hail_hydra.components import Components
from hydra_env.games.hail_hydra.state import (
    ABILITY_TARGET,
    ABILITY_VALUE,
    DECISION_NAMES,
    GIFT_CARDS,
    GIFT_TARGET,
    NOMINATE,
    OPEN,
    PLAY,
    UP_VOTE,
    VOTE,
)
from hydra_env.games.hail_hydra.views import UNKNOWN


def describe_action(info: dict[str, Any], comp: Components, action: int, omniscient: bool = False) -> str:
    """``action`` of the pending decision in words, as the reader of ``info`` may read it."""
    decision = info["decision"]
    if decision is None or not 0 <= action < CODEC.size:
        return CODEC.describe(action)
    seat, kind, arg = decision
    mine = omniscient or seat == info["seat"]
    who = f"seat {seat}"
    players = info["players"]
    if TARGET <= action < UP:
        target = (seat + action - TARGET + 1) % players
        hero = comp.heroes[info["heroes"][target]].name if info["heroes"][target] >= 0 else "?"
        if kind == VOTE and not mine:
            return f"{who} votes (hidden until the round closes)"
        verb = {GIFT_TARGET: "gives cards to", ABILITY_TARGET: "targets", NOMINATE: "nominates",
                VOTE: "votes for"}.get(kind, "points at")
        return f"{who} {verb} seat {target} ({hero})"
    if action == UP:
        if kind == VOTE and not mine:
            return f"{who} votes (hidden until the round closes)"
        return f"{who} {'nominates' if kind == NOMINATE else 'votes'} up (nobody)"
    if CARDS <= action < CLAIM:
        k = len(MULTISETS[action])
        face_up = kind == PLAY and arg == 1
        if mine or face_up:
            values = " ".join(show_value(v) for v in MULTISETS[action])
            place = "gives" if kind == GIFT_CARDS else "plays face up" if face_up else "plays face down"
            return f"{who} {place} {values}"
        return f"{who} {'gives' if kind == GIFT_CARDS else 'plays face down'} {k} card{'s' * (k > 1)}"
    if CLAIM <= action < TARGET:
        return f"{who} claims {action - CLAIM} good, {max(arg - action + CLAIM, 0)} bad"
    if VALUE <= action < USE:
        return f"{who} removes a {show_value(action - VALUE)} from the total"
    if action == USE:
        hero = comp.heroes[info["heroes"][seat]]
        return f"{who} uses {hero.name}'s ability ({hero.effect})"
    if action == PASS:
        return f"{who} passes" if kind != GIFT_TARGET else f"{who} gives nothing (empty hand)"
    if action == HAIL:
        return f"{who} reveals: HAIL HYDRA!"
    if HERO <= action:
        return f"{who} drafts {comp.heroes[action - HERO].name}"
    return CODEC.describe(action) if kind != ABILITY_VALUE else f"{who}: {CODEC.describe(action)}"


def _loyalty_word(value: int) -> str:
    return {0: "SHIELD", 1: "HYDRA", UNKNOWN: "?"}[value]


def render_info(info: dict[str, Any], comp: Components, omniscient_loyalty: list[int] | None = None) -> str:
    """The game as text from one seat's information (or everything, given the true loyalties)."""
    lines = []
    viewer = info["seat"]
    loyal = omniscient_loyalty if omniscient_loyalty is not None else info["known_loyalty"]
    head = "everything" if omniscient_loyalty is not None else f"seat {viewer}"
    lines.append(f"Hail Hydra, {info['players']} players, seen by {head}: city {info['city']}/{comp.city_health}")
    if info["villain"] >= 0:
        v = comp.villain(info["villain"])
        lines.append(f"mission {info['mission'] + 1}: {v.id} {v.name} health {info['health']}/"
                     f"{info['start_health']} defence {info['defence']} strength {info['strength']} ({v.power})")
    lines.append(f"tiers to come {info['tiers_to_come']}; defeated {len(info['defeated'])}; draw "
                 f"{info['draw_size']}, discard {info['discard_size']}")
    for s in range(info["players"]):
        hero = comp.heroes[info["heroes"][s]].name if info["heroes"][s] >= 0 else "(to draft)"
        flags = [f for f, on in (("token", info["token"] == s), ("out", info["out"][s]),
                                 ("revealed", info["revealed"][s]), ("immune", info["immune"][s]),
                                 ("used", info["used"][s])) if on]
        mark = "*" if s == viewer and omniscient_loyalty is None else " "
        lines.append(f"{mark}seat {s}: {hero:14s} {_loyalty_word(loyal[s]):7s} hand {info['hand_sizes'][s]} "
                     f"{' '.join(flags)}")
    if omniscient_loyalty is None:
        lines.append(f"your hand: {show_counts(info['hand'])}")
    if info["offensives"]:
        o = info["offensives"][-1]
        cards = "hidden" if o["hidden"] else (show_counts(o["cards"]) if o["cards"] is not None else "not yet")
        claims = ", ".join(f"{s}:{o['down_count'][s]}/{o['claim'][s]}" for s in range(info["players"])
                           if o["played"][s])
        lines.append(f"offensive {o['index'] + 1}: plays (cards/claim) {claims or 'none'}; revealed {cards}; "
                     f"total {o['total']}")
    if info["rounds"]:
        r = info["rounds"][-1]
        votes = ["-" if v == OPEN else "up" if v == UP_VOTE else str(v) for v in r["votes"]]
        lines.append(f"vote round {r['round'] + 1}: nominations {r['nominations']} votes {votes} "
                     f"result {r['result']}{' (closed)' if r['closed'] else ''}")
    for target, loyalty in info["widow"]:
        lines.append(f"you saw seat {target}'s loyalty: {_loyalty_word(loyalty)}")
    if info["web"]:
        lines.append(f"you saw seat {info['web'][1]}'s cards: {show_counts(info['web'][2])}")
    if info["radar"]:
        lines.append(f"seat {info['radar'][1]}'s claim was {'true' if info['radar'][2] else 'false'}")
    if info["game_over"]:
        lines.append(f"game over: {info['winner'].upper()} wins ({info['cause']})")
    elif info["decision"] is not None:
        seat, kind, _ = info["decision"]
        lines.append(f"to decide: seat {seat}, {DECISION_NAMES[kind]}")
    return "\n".join(lines)
