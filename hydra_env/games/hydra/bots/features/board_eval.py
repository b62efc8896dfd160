"""The board value ``B`` of the scripted bots: the Hydra and the walls.

On the scale of the R39 score, which it equals once a game is won; a lost game
is worth ``LOSS``::

    B = 100 − necks − heads + wall · walls
        − Σ_heads threat(d, h)                 d: spaces to the wall, h: head counter
        − crowd[heads on their last space]     (solo: 4 of them is a defeat, R39)
        − low_walls · max(0, 4 − walls)²

    threat(d, h) = (front[d] + bite · h · [d = 0]) · (1 if h > 0 else dormant)

Also here: what a change of the board is worth — damage to a colour
(:func:`damage_gains`), a barricade in front of a head (:func:`barrier_value`),
a wall token back (:func:`wall_gain`), a card's effects (:func:`effect_harm`).
"""

from __future__ import annotations

from hydra_env.games.hydra.bots.features.board_facts import distance_to_wall
from hydra_env.games.hydra.bots.features.card_facts import run_effects
from hydra_env.games.hydra.bots.features.weights import LOSS, SoloWeights
from hydra_env.games.hydra.rules.result import solo_score
from hydra_env.games.hydra.rules.state import State
from hydra_env.games.hydra.rules.tables import Rules

__all__ = ["threat", "head_threat", "board_value", "wall_gain", "barrier_value", "damage_gains",
           "effect_harm"]


def threat(weights: SoloWeights, distance: int, counter: int) -> float:
    """``threat(d, h)`` of the module docstring: a head ``distance`` spaces from the
    wall with ``counter`` heads."""
    t = weights.front[distance] if 0 <= distance < len(weights.front) else 0.0
    if distance == 0:
        t += weights.bite * counter
    return t if counter > 0 else t * weights.dormant


def head_threat(state: State, rules: Rules, colour: int, weights: SoloWeights) -> float:
    """:func:`threat` of ``colour``'s head where it stands."""
    return threat(weights, distance_to_wall(state, rules, colour), state.head_count[colour])


def board_value(state: State, rules: Rules, weights: SoloWeights) -> float:
    """The board value ``B`` (module docstring); a finished game: its R39 score
    (:func:`hydra_env.games.hydra.rules.result.solo_score`) if won, ``LOSS`` if lost."""
    if state.game_over:
        return LOSS if state.outcome == "lost" else float(solo_score(state, rules))
    last = rules.board.last_pos
    v = 100.0 + weights.wall * state.walls - sum(state.head_position) - sum(state.head_count)
    v -= sum(head_threat(state, rules, c, weights) for c in range(len(state.head_count)))
    n_front = sum(1 for p in state.head_position if p == last)
    v -= weights.crowd[n_front] if n_front < len(weights.crowd) else 0.0
    v -= weights.low_walls * max(0, 4 - state.walls) ** 2
    return v


def wall_gain(state: State, weights: SoloWeights) -> float:
    """Rise of the board value when one wall token is put back (R11)."""
    return weights.wall + weights.low_walls * (max(0, 4 - state.walls) ** 2 - max(0, 3 - state.walls) ** 2)


def barrier_value(state: State, rules: Rules, colour: int, weights: SoloWeights) -> float:
    """Value of a barricade in front of ``colour``'s head, which stops its next
    movement (R17): ``barrier + barrier_threat · threat`` one space nearer the wall,
    or ``barrier_dormant`` for a head with counter 0 (it does not move)."""
    count = state.head_count[colour]
    if count == 0:
        return weights.barrier_dormant
    return weights.barrier + weights.barrier_threat * threat(
        weights, rules.board.last_pos - state.head_position[colour] - 1, count)


def damage_gains(state: State, rules: Rules, colour: int, weights: SoloWeights,
                 most: int = 12) -> list[float]:
    """``gains[k]`` (k = 0 … ``most``): rise of the board value when ``colour`` takes
    ``k`` points of damage, counted as a sword's (R7: the counter drops first, then
    the head retreats, R9, never past its first space). Also used for harpoons,
    although a harpoon (R8) retreats the head without lowering the counter."""
    h, pos, last = state.head_count[colour], state.head_position[colour], rules.board.last_pos
    before = threat(weights, last - pos, h)
    n_front = sum(1 for p in state.head_position if p == last)
    crowd = weights.crowd
    out = [0.0]
    for k in range(1, most + 1):
        lower = min(h, k)
        new_pos = max(0, pos - (k - lower))
        g = lower + (pos - new_pos) + before - threat(weights, last - new_pos, h - lower)
        if pos == last and new_pos != last and n_front < len(crowd):
            g += crowd[n_front] - crowd[n_front - 1]
        out.append(g)
    return out


def effect_harm(state: State, rules: Rules, effects: list[tuple],
                weights: SoloWeights | None = None) -> float:
    """How much doing ``effects`` now (:func:`~hydra_env.games.hydra.bots.features.card_facts.run_effects`)
    lowers the board value (positive: harmful; a lost game counts as ``LOSS``)."""
    weights = weights or SoloWeights()
    before = board_value(state, rules, weights)
    after = run_effects(state, rules, effects)
    if after.game_over and after.outcome == "lost":
        return before - LOSS
    return before - board_value(after, rules, weights)
