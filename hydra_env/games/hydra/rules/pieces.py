"""Small queries and changes on the pieces: heads, necks, heroes, walls, the cards in slots.

Shared by the hero actions and the hydra actions; every function takes the
state and the game's :class:`~hydra_env.games.hydra.rules.tables.Rules`.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules import compass
from hydra_env.games.hydra.rules.codec import DISPLAY_SLOTS
from hydra_env.games.hydra.rules.state import DECIDE_EVADE, PHASE_OVER, EvadeCause, PendingDecision, State
from hydra_env.games.hydra.rules.tables import Rules


def head_space(state: State, rules: Rules, colour: int) -> int:
    """The space of a colour's head."""
    return rules.board.paths[state.hydra_path[colour]][state.head_position[colour]]


def heads_mask(state: State, rules: Rules) -> int:
    """Mask of the spaces holding a head."""
    paths, cp, hp = rules.board.paths, state.hydra_path, state.head_position
    m = 0
    for c in range(len(hp)):
        m |= 1 << paths[cp[c]][hp[c]]
    return m


def necks_mask(state: State, rules: Rules) -> int:
    """Mask of the spaces holding a neck tile (positions 0 … p−1 of each path)."""
    seg, cp, hp = rules.board.seg_mask, state.hydra_path, state.head_position
    m = 0
    for c in range(len(hp)):
        m |= seg[cp[c]][hp[c]]
    return m


def barricade_mask(state: State) -> int:
    """Mask of the spaces holding a barricade."""
    m = 0
    for s in state.barricade_space:
        if s >= 0:
            m |= 1 << s
    return m


def heroes_mask(state: State, rules: Rules, exclude: int = -1) -> int:
    """Mask of the grid spaces holding a hero other than ``exclude`` (the city never counts)."""
    m = 0
    for h, s in enumerate(state.hero_space):
        if h != exclude:
            m |= 1 << s
    return m & ~rules.board.city_bit


def hero_at(state: State, space: int, exclude: int = -1) -> int:
    """The hero on a grid space (not the city), or −1."""
    for h, s in enumerate(state.hero_space):
        if s == space and h != exclude:
            return h
    return -1


def wound(state: State, rules: Rules, hero: int) -> None:
    """R14: the hero goes to the inner city and loses 1 glory."""
    state.hero_space[hero] = rules.board.city
    compass.lose(state.glory, hero, 1)


def evade_or_wound(state: State, rules: Rules, hero: int, origin: int, cause: EvadeCause,
                   excluded: int = 0) -> bool:
    """R13/R14: a hero in harm's way is wounded, unless it is protected and has somewhere
    to evade to (a space next to ``origin``, not in the ``excluded`` bitmask): then the
    evasion waits for its player's decision and True is returned. A protected hero with
    nowhere to go loses its shield and is wounded."""
    if state.shielded[hero]:
        targets = evade_targets(state, rules, hero, origin, excluded)
        if targets:
            state.pending = PendingDecision(DECIDE_EVADE, hero, targets, cause)
            return True
        state.shielded[hero] = 0
    wound(state, rules, hero)
    return False


def end_game(state: State, outcome: str) -> None:
    """End the game at once with ``outcome`` ("won" or "lost")."""
    state.game_over = True
    state.outcome = outcome
    state.phase = PHASE_OVER
    state.pending = None
    state.tasks.clear()


def damage_wall(state: State, damage: int) -> None:
    """Remove up to ``damage`` wall tokens; the last one ends the game in defeat (R20)."""
    if damage <= 0:
        return
    state.walls = max(0, state.walls - damage)
    if state.walls == 0:
        end_game(state, "lost")


def evade_targets(state: State, rules: Rules, hero: int, origin: int, avoid: int = 0) -> int:
    """R13: the spaces adjacent to ``origin`` a protected hero may evade to.

    Any adjacent space without a head and off the maelstrom; a space with
    another hero is allowed (that hero is shoved, R4). ``avoid`` removes more
    spaces (for a bite: the bitten zone).
    """
    board = rules.board
    return board.nbr_mask[origin] & ~heads_mask(state, rules) & ~board.maelstrom_mask & ~avoid


def on_neck_colour(state: State, rules: Rules, seat: int) -> int:
    """The colour whose neck the hero stands on, or −1."""
    bit = 1 << state.hero_space[seat]
    for c in range(len(state.head_position)):
        if rules.board.seg_mask[state.hydra_path[c]][state.head_position[c]] & bit:
            return c
    return -1


def slot_card(state: State, seat: int, slot: int) -> int:
    """The card in a display slot or in ``seat``'s hand slot (codec slot numbers); −1 if none."""
    if slot < DISPLAY_SLOTS:
        return state.display[slot] if 0 <= slot < len(state.display) else -1
    hand = state.action_hands[seat] if 0 <= seat < len(state.action_hands) else ()
    k = slot - DISPLAY_SLOTS
    return hand[k] if k < len(hand) else -1
