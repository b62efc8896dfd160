"""One decision of Heroica carried out, then every forced decision after it.

A decision of the Monster Player (Battle Heroica, HR29–HR32) goes to
:mod:`hydra_env.games.heroica.battle`, every other one to
:func:`hydra_env.games.heroica.rules.hero_act`. :func:`settle` applies each decision that
has a single legal action (logged as forced). numpy and the standard library only.
"""

from __future__ import annotations

from hydra_env.games.heroica import battle, rules
from hydra_env.games.heroica.codec import Codec
from hydra_env.games.heroica.loader import Tables
from hydra_env.games.heroica.options import options
from hydra_env.games.heroica.state import State


def act(t: Tables, st: State, action: int, payload: object) -> None:
    """Carry out the legal ``action`` of the pending decision (``payload``: its path, if any)."""
    decision = st.pending.kind
    if decision.startswith("MONSTER"):
        kind, arg = Codec(t.n).split(action)
        battle.act(t, st, decision, kind, arg, payload)
    else:
        rules.hero_act(t, st, action, payload)


def settle(t: Tables, st: State) -> None:
    """Apply every decision with a single legal action (logged as forced)."""
    while st.pending is not None:
        legal = options(t, st)
        if len(legal) != 1:
            return
        (action, payload), = legal.items()
        rules.note(st, f"forced: {Codec(t.n).describe(action, t)}")
        act(t, st, action, payload)
