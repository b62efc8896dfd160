"""The observation with a summary part (``HailHydra-v0`` with ``summary=True``).

:class:`SummaryObserver` appends to the HH33 observation the part ``summary`` (429 floats),
in this order:

``beliefs`` (2 × 8)
    per relative seat slot (0 is the observer; slots beyond the player count stay 0), the
    *public* posterior that the seat is HYDRA (reveals and claims,
    :func:`.belief.public_belief`), then the observer's *private* posterior (its own
    knowledge too, :func:`.belief.private_belief`: what the ``deduce`` bot acts on);
``offensive`` (211)
    the row of the latest offensive again (as in the ``offensives`` part, where its place
    moves with the number of offensives played);
``round`` (163)
    the row of the latest vote round again, likewise;
``claim`` (8)
    when the observer's own decision is a claim: its face-down cards of the current
    offensive, per value / 3 (what its claim is about); else 0.
``resolve`` (7)
    when the observer's own decision is a resolve offer (HH28): 1; the damage the offensive
    deals the villain as it stands, per the villain's health (at most 1), and whether it
    defeats it; the same with the seat's ability used (:func:`.bot_rules.resolve_damage`,
    with the shipped components); whether the villain is the last (tier 4); the villain's
    strength per the city's health (at most 1): the arithmetic of the offer, which a network
    otherwise has to learn from a handful of examples per hero; else 0.
``ballot`` (3 × 8)
    per relative seat slot, in the latest vote round: the nominations the seat received,
    each weighted by the nominator's private chance of being SHIELD (a nomination by a seat
    the observer trusts counts nearly 1, by a likely agent nearly 0), per 3; whether the
    seat is the observer's private top suspect, and its public top suspect, among the other
    seats (1 for each seat tied at the top): what a ballot is made of, as figures of each
    seat a pointer head reads without comparing seats.

Everything in it is a function of the seat's information set (``game.observe(seat)``,
HH33), so it shows nothing the seat may not know; it gives a policy the exact Bayesian
filter the scripted bots use, and the current offensive and round at fixed places. It runs
in Python on either engine (the native engine's seat information is the Python one's), and
only in the one-seat env: the vector env encodes with the game batch's native observer and
refuses it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hydra_env.games.hail_hydra.belief import private_belief, public_belief
from hydra_env.games.hail_hydra.bot_rules import resolve_damage
from hydra_env.games.hail_hydra.components import default_components
from hydra_env.games.hail_hydra.observer import ROUND, ROW, HailHydraObserver, N
from hydra_env.games.hail_hydra.state import CLAIM, RESOLVE_OFFER

PARTS = {"beliefs": (2, N), "offensive": (ROW,), "round": (ROUND,), "claim": (8,), "resolve": (7,),
         "ballot": (3, N)}
SUMMARY = 2 * N + ROW + ROUND + 8 + 7 + 3 * N


def summary_at(name: str) -> int:
    """Where the field ``name`` of :data:`PARTS` starts inside the summary part."""
    at = 0
    for part, shape in PARTS.items():
        if part == name:
            return at
        at += int(np.prod(shape))
    raise KeyError(f"the summary part has no field {name!r}; it has {', '.join(PARTS)}")


def belief_part(info: dict[str, Any], public: list[float] | None = None,
                private: list[float] | None = None) -> np.ndarray:
    """The ``beliefs`` of a seat's information: public then private posterior per relative seat
    (``public``, ``private``: the marginals when already computed)."""
    out = np.zeros((2, N), np.float32)
    seat, players = info["seat"], info["players"]
    public = public if public is not None else public_belief(info).marginals()
    private = private if private is not None else private_belief(info).marginals()
    for row, marginals in enumerate((public, private)):
        for s in range(players):
            out[row, (s - seat) % players] = min(1.0, max(0.0, marginals[s]))
    return out


def claim_part(info: dict[str, Any]) -> np.ndarray:
    """When the seat's own decision is a claim: its face-down cards of the current offensive
    (what the claim is about), per value / 3; else 0."""
    out = np.zeros(8, np.float32)
    decision = info["decision"]
    if decision is not None and decision[0] == info["seat"] and decision[1] == CLAIM and info["offensives"]:
        out[:] = [min(1.0, c / 3) for c in info["offensives"][-1]["own_down"]]
    return out


def resolve_part(info: dict[str, Any]) -> np.ndarray:
    """When the seat's own decision is a resolve offer: the offer's arithmetic (module
    docstring); else 0."""
    out = np.zeros(7, np.float32)
    decision = info["decision"]
    if decision is None or decision[0] != info["seat"] or decision[1] != RESOLVE_OFFER or info["villain"] < 0:
        return out
    comp = default_components()
    now, used = resolve_damage(info, comp, comp.heroes[info["heroes"][info["seat"]]])
    health = max(1, info["health"])
    out[:] = [1.0, min(1.0, now / health), float(now >= health), min(1.0, used / health), float(used >= health),
              float(comp.villain(info["villain"]).tier == 4), min(1.0, info["strength"] / max(1, info["city"]))]
    return out


def ballot_part(info: dict[str, Any], public: list[float] | None = None,
                private: list[float] | None = None) -> np.ndarray:
    """Per relative seat: trusted nominations received in the latest round (per 3), private top
    suspect, public top suspect (module docstring; ``public``, ``private`` as for
    :func:`belief_part`)."""
    out = np.zeros((3, N), np.float32)
    seat, players = info["seat"], info["players"]
    private = private if private is not None else private_belief(info).marginals()
    public = public if public is not None else public_belief(info).marginals()
    if info["rounds"]:
        for nominator, target in enumerate(info["rounds"][-1]["nominations"]):
            if target >= 0:
                out[0, (target - seat) % players] += (1.0 - private[nominator]) / 3
    others = [s for s in range(players) if s != seat]
    for row, belief in ((1, private), (2, public)):
        top = max(belief[s] for s in others)
        for s in others:
            out[row, (s - seat) % players] = float(belief[s] >= top - 1e-9)
    return out


def _latest(rows: np.ndarray) -> np.ndarray:
    """The last row whose first value (``valid``) is set, else zeros."""
    valid = np.flatnonzero(rows[:, 0] > 0)
    return rows[valid[-1]] if len(valid) else np.zeros(rows.shape[1], np.float32)


class SummaryObserver:
    """The HH33 observation (``base``) followed by the ``summary`` part (module docstring)."""

    encodes_seat_info = True
    """:meth:`encode` of a game is :meth:`encode_info` of the seat's information (``view.info``)."""

    def __init__(self, base: HailHydraObserver) -> None:
        self.base = base
        self.parts = {**base.parts, "summary": (SUMMARY,)}
        self.size = base.size + SUMMARY

    @property
    def action_slots(self) -> dict[str, list]:
        """The seat-target actions and the observation indices describing each one's seat
        (:mod:`.action_slots`), for a policy with a pointer head."""
        from hydra_env.games.hail_hydra.action_slots import action_slots
        fields = ("beliefs", "offensive", "round", "ballot")
        return action_slots({name: self.base.size + summary_at(name) for name in fields})

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Views of the parts of a flat observation."""
        views = self.base.split(flat[..., :self.base.size])
        views["summary"] = flat[..., self.base.size:]
        return views

    def encode(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of ``seat``: the base encoding, then the summary."""
        return self._summarise(self.base.encode(game, seat), game.observe(seat), out)

    def encode_info(self, info: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The flat observation of a seat's information."""
        return self._summarise(self.base.encode_info(info), info, out)

    def _summarise(self, base: np.ndarray, info: dict[str, Any], out: np.ndarray | None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.size, np.float32)
        size = self.base.size
        out[:size] = base
        views = self.base.split(base)
        public, private = public_belief(info).marginals(), private_belief(info).marginals()
        parts = (belief_part(info, public, private).ravel(), _latest(views["offensives"]), _latest(views["rounds"]),
                 claim_part(info), resolve_part(info), ballot_part(info, public, private).ravel())
        at = size
        for part in parts:
            out[at:at + len(part)] = part
            at += len(part)
        return out
