"""What an action does to the hydras, computed fast: for one-ply bots (greedy, heuristic)
and the candidate features of the Hydras env (:mod:`hydra_env.games.hydras.envs.candidates`).

:func:`outcomes` gives, for each legal action of the deciding seat, the
hydra summaries after its *immediate effect* — a neck placed, a sword's cut,
a torch placed, or for a block offer the chain's sword/torch taking effect
or not — assuming nobody blocks afterwards, plus the card that leaves the
hand. It reads only what the seat may see (every hydra, the block chain and
its own hand), so bots that use it do not peek (H14).

A neck play is applied incrementally (new open ends, dangling necks, heads,
the new card's neck length); when the new card connects to two or more
cards, which can shorten other necks, the hydra is analysed in full. Cuts
are always analysed in full.
"""

from __future__ import annotations

from typing import NamedTuple

from hydra_env.games.hydras.rules import codec as actions
from hydra_env.games.hydras.rules.hydra import Analysis, analyse, analysis_of, cut
from hydra_env.games.hydras.rules.state import AttackKind, DecisionKind, State
from hydra_env.games.hydras.rules.tables import EMPTY, Tables


class Summary(NamedTuple):
    """What scoring needs of one hydra (H15)."""

    heads: int
    open_ends: int      # fillable open ends
    dangling: int       # neck sides pointing out of the grid
    torches: int
    neck: int
    swords: int
    poisons: int

    @property
    def complete(self) -> bool:
        """No open end of either sort and no torch."""
        return not self.open_ends and not self.dangling and not self.torches


class Outcome(NamedTuple):
    """An action's effect: the summaries by seat and the card leaving the hand (−1 none)."""

    summaries: tuple[Summary, ...]
    card: int


def summary_of(found: Analysis) -> Summary:
    """The :class:`Summary` of an engine analysis."""
    return Summary(found.heads, len(found.open_ends), found.dangling, found.torches, found.neck,
                   found.swords, found.poisons)


def board_scores(summaries: tuple[Summary, ...]) -> list[int]:
    """H15 scores without the hand penalty, by seat."""
    best = max(s.neck for s in summaries)
    return [s.heads + 3 * s.complete + 3 * (best > 0 and s.neck == best) - 2 * s.torches
            for s in summaries]


def after_neck(state: State, tables: Tables, seat: int, cell: int, code: int) -> Summary:
    """``seat``'s hydra after a neck card ``code`` is placed in the open end ``cell``."""
    grid = state.hydras[seat]
    found = analysis_of(state, tables, seat)
    sides = tables.sides[code]
    links = []
    new_ends = dangling = 0
    open_cells = {end[0] for end in found.open_ends}
    for direction, other in enumerate(tables.neighbours[cell]):
        if not sides >> direction & 1:
            continue
        if other < 0:
            dangling += 1
        elif grid[other] == EMPTY:
            if other not in open_cells:
                new_ends += 1
        elif tables.kind_of[grid[other]] != tables.torch:
            links.append(other)
    if len(links) > 1:
        copy = list(grid)
        copy[cell] = code
        return summary_of(analyse(copy, tables))
    depth = found.depth[links[0]] + 1 if links else 0
    icon = tables.icon[code]
    return Summary(found.heads + tables.heads[code], len(found.open_ends) - 1 + new_ends,
                   found.dangling + dangling, found.torches, max(found.neck, depth),
                   found.swords + (icon == 1), found.poisons + (icon == 2))


def after_cut(state: State, tables: Tables, seat: int, cell: int) -> Summary:
    """``seat``'s hydra after a sword cuts ``cell`` (H7)."""
    copy = list(state.hydras[seat])
    cut(copy, tables, cell)
    return summary_of(analyse(copy, tables))


def after_torch(state: State, tables: Tables, seat: int) -> Summary:
    """``seat``'s hydra after a torch fills one of its open ends (H9)."""
    found = summary_of(analysis_of(state, tables, seat))
    return found._replace(open_ends=found.open_ends - 1, torches=found.torches + 1)


def outcomes(state: State, tables: Tables, legal: list[int]) -> list[Outcome]:
    """The :class:`Outcome` of each legal action of the deciding seat (see the module docstring)."""
    seat = state.pending.seat
    players = state.players
    base = tuple(summary_of(analysis_of(state, tables, s)) for s in range(players))
    hand = state.hands[seat]
    decode = tables.codec.decode
    attack = state.attack
    attack_effect = None
    if attack is not None:
        attack_effect = _attack_effect(state, tables, base)
    out = []
    for action in legal:
        kind, slot, target, cell, rotation = decode(action)
        card = hand[slot] if slot >= 0 else -1
        summaries = base
        if kind in (actions.NECK, actions.SWORD, actions.TORCH):
            owner = (seat + target) % players
            if kind == actions.NECK:
                changed = after_neck(state, tables, owner, cell, 4 * card + rotation)
            elif kind == actions.SWORD:
                changed = after_cut(state, tables, owner, cell)
            else:
                changed, card = after_torch(state, tables, owner), tables.torch
            summaries = base[:owner] + (changed,) + base[owner + 1:]
        elif kind == actions.BURN:
            owner = state.burn_cell[0]
            summaries = base[:owner] + (after_torch(state, tables, owner),) + base[owner + 1:]
            card = tables.torch
        elif kind in (actions.BLOCK, actions.PASS):
            # The chain resolves now: its sword/torch acts when the blocks are even.
            blocks = len(state.blocks) + (kind == actions.BLOCK)
            if blocks % 2 == 0:
                summaries = attack_effect
        out.append(Outcome(summaries, card))
    return out


def _attack_effect(state: State, tables: Tables, base: tuple[Summary, ...]) -> tuple[Summary, ...]:
    attack = state.attack
    owner = attack.target
    if attack.kind == AttackKind.SWORD:
        changed = after_cut(state, tables, owner, attack.cell)
    else:
        changed = after_torch(state, tables, owner)
    return base[:owner] + (changed,) + base[owner + 1:]


def is_block_offer(state: State) -> bool:
    """Whether the pending decision is a block offer."""
    return state.pending is not None and state.pending.kind == DecisionKind.BLOCK
