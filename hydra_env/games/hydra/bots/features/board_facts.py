"""Board facts the scripted bots read: where the heads are, where a hero is in
danger, how far the hero is from the spaces it could act from.

Pure reads of a ``State`` (of a sampled game, R41); nothing here changes it.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules.heroes import Reach
from hydra_env.games.hydra.rules.pieces import barricade_mask, head_space, heads_mask
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules

__all__ = ["head_space", "distance_to_wall", "front_space", "danger_mask", "hero_exposed",
           "distance_layers", "reach_layers", "first_layer", "attack_masks", "neck_masks"]

# ``head_space(state, rules, colour)`` is the engine's (hydra_env.games.hydra.rules.pieces), re-exported.


def distance_to_wall(state: State, rules: Rules, colour: int) -> int:
    """Path spaces between ``colour``'s head and its last space (0: in front of the wall)."""
    return rules.board.last_pos - state.head_position[colour]


def front_space(state: State, rules: Rules, colour: int) -> int:
    """The path space directly in front of ``colour``'s head (toward the wall, R10),
    or −1 when the head is on its last space (the engine's ``Board.front`` gives the
    wall-area gate there; the bots want a path space a barricade can stand on)."""
    position = state.head_position[colour]
    if position >= rules.board.last_pos:
        return -1
    return rules.board.front(state.hydra_path[colour], position)


def danger_mask(state: State, rules: Rules) -> int:
    """Spaces a hero may be hurt on by the Hydra: around (bite, R19) or in front of
    (run over, R17, up to 3 spaces) a head whose counter is above 0. The city is never
    in danger."""
    board = rules.board
    mask = 0
    for colour in range(len(state.head_count)):
        if state.head_count[colour] == 0:
            continue
        mask |= board.nbr_mask[head_space(state, rules, colour)]
        path, position = board.paths[state.hydra_path[colour]], state.head_position[colour]
        for q in range(position + 1, min(position + 4, board.path_len)):
            mask |= 1 << path[q]
    return mask & ~board.city_bit


def hero_exposed(state: State, rules: Rules, seat: int) -> bool:
    """The seat's hero is unprotected, not on a barricade (which stops both a bite and
    a run-over, R17/R19), not in the city, and within reach of a head (:func:`danger_mask`)."""
    space = state.hero_space[seat]
    if state.shielded[seat] or space == rules.board.city or (barricade_mask(state) >> space) & 1:
        return False
    return bool((danger_mask(state, rules) >> space) & 1)


def distance_layers(state: State, rules: Rules, seat: int, depth: int = 4) -> list[int]:
    """Masks of the spaces first reached in 0, 1, … ``depth`` steps from the hero.

    A step is a move to an adjacent space (R1) that holds no head and no
    maelstrom (R2, R5), or a portal jump (R12, always available as a city
    action) to a portal space without neck or head. The passable spaces and the
    portal targets are the engine's (:class:`hydra_env.games.hydra.rules.heroes.Reach`).
    """
    return reach_layers(Reach(state, rules, seat), rules, depth)


def reach_layers(reach: Reach, rules: Rules, depth: int) -> list[int]:
    """:func:`distance_layers` from an already built ``Reach`` of the hero."""
    board = rules.board
    passable = reach.passable
    # The hero's own space is left out of the portal targets; it is in ``seen`` anyway.
    portals = reach.portal_targets()
    seen = current = 1 << reach.sp
    layers = [current]
    for _ in range(depth):
        nxt = (board.neighbours(current) & passable) | portals
        nxt &= ~seen
        seen |= nxt
        layers.append(nxt)
        current = seen
    return layers


def first_layer(layers: list[int], target: int) -> int:
    """Index of the first of ``layers`` meeting the mask ``target`` (``len(layers)`` if none)."""
    for k, mask in enumerate(layers):
        if mask & target:
            return k
    return len(layers)


def attack_masks(state: State, rules: Rules) -> list[int]:
    """Per colour, the spaces from which a sword reaches it (R7), heads and maelstroms
    excluded: orthogonally next to the head, or (counter 0, head off its first space)
    next to the head or a neck tile. The same rule as ``Reach``'s, seen from the
    colour instead of from the hero."""
    board = rules.board
    heads = heads_mask(state, rules)
    out = []
    for colour in range(len(state.head_count)):
        path, position = state.hydra_path[colour], state.head_position[colour]
        mask = board.orth_mask[board.paths[path][position]]
        if state.head_count[colour] == 0:
            if position == 0:
                mask = 0
            else:
                for q in range(position):
                    mask |= board.orth_mask[board.paths[path][q]]
        out.append(mask & ~heads & ~board.maelstrom_mask)
    return out


def neck_masks(state: State, rules: Rules) -> list[int]:
    """Per colour, its neck tiles a hero may stand on to use a harpoon (R8), maelstroms
    excluded."""
    board = rules.board
    return [board.seg_mask[state.hydra_path[colour]][state.head_position[colour]] & ~board.maelstrom_mask
            for colour in range(len(state.head_count))]
