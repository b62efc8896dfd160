"""The observation layout: named blocks of board channels and of features.

Builds, from sizes taken from the component data, the layout that the package
docstring (:mod:`hydra_env.games.hydra.observe.encoding`) documents channel by channel and
block by block; a test checks that the feature table printed from this code
(:meth:`Encoder.layout_table`) appears there. Change both together, and bump
:data:`OBS_VERSION` when the layout changes.
"""

from __future__ import annotations

from hydra_env.games.hydra.data import MAX_HEADS
from hydra_env.games.hydra.rules.codec import BLOCK_SLOTS, DISPLAY_SLOTS, HAND_SLOTS, HYDRA_HAND_SLOTS
from hydra_env.games.hydra.rules.state import (
    DECISION_NAMES,
    EVADE_CAUSES,
    PHASE_ACTIONS,
    PHASE_ACTIONS_II,
    PHASE_BUCKLE_UP,
    PHASE_HYDRA,
    PHASE_OVER,
)

OBS_VERSION = 0              # version of the layout (named in the env ids' changelogs)
MAX_SEATS = 4                # relative seats encoded (hero planes, per-seat features)
PHASES = (PHASE_BUCKLE_UP, PHASE_ACTIONS, PHASE_ACTIONS_II, PHASE_HYDRA, PHASE_OVER)
HERO_BLOCK = 21              # features per relative seat (the "heroes" block)
QUEUE_NORM = 32.0            # Hydra-phase cards left are divided by this

# Where the card begins inside one slot of a card block (the flags come first).
HAND_CARD = 2                # own hand slot: present, used, action card
HYDRA_HAND_CARD = 1          # own hydra hand slot: present, hydra card
DISPLAY_CARD = 3 + MAX_SEATS  # display slot: present, token I, token II, seat tokens, card
ROW_C_CARD = 3               # row C column: present, face up, blocked, hydra card


class Layout:
    """Named consecutive blocks of a vector (offset, size, one-line doc)."""

    def __init__(self) -> None:
        self.blocks: dict[str, tuple[int, int, str]] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a block; return its offset."""
        offset = self.size
        self.blocks[name] = (offset, size, doc)
        self.size += size
        return offset

    def __getitem__(self, name: str) -> int:
        """The offset of block ``name``."""
        return self.blocks[name][0]


def channel_layout(n_colours: int, n_areas: int) -> Layout:
    """The board channels, in order. Head, counter and neck come last, so that
    they are contiguous with the heads features that begin the feature vector
    (the Hydra block of :mod:`.blocks` is one slice)."""
    channels = Layout()
    channels.add("path", n_colours, "path of colour c")
    channels.add("barricade", 1, "barricades")
    channels.add("hero", MAX_SEATS, "hero of relative seat k")
    channels.add("shield", 1, "protected heroes")
    channels.add("portal", 1, "portal spaces")
    channels.add("maelstrom", 1, "maelstrom spaces")
    channels.add("area", n_areas, "area one-hot")
    channels.add("target", 1, "spaces offered by the pending decision")
    channels.add("head", n_colours, "head of colour c")
    channels.add("counter", n_colours, "counter / 6 on colour c's head")
    channels.add("neck", n_colours, "neck tiles of colour c")
    return channels


def feature_layout(*, n_colours: int, n_scenarios: int, max_rounds: int, max_tokens: int,
                   n_wall_tokens: int, hand_block: int, hydra_hand_block: int,
                   display_block: int, row_block: int) -> Layout:
    """The feature blocks, in order; ``*_block`` are the sizes of one slot of
    the card blocks (own hand, own hydra hand, display, row C column)."""
    features = Layout()
    features.add("heads", n_colours * (MAX_HEADS + 2), "per colour: counter one-hot, position")
    features.add("mode", 2, "solo, coordinated")
    features.add("players", MAX_SEATS, "one-hot number of seats")
    features.add("stars", 3, "one-hot difficulty")
    features.add("scenario", n_scenarios, "one-hot scenario")
    features.add("round", max_rounds, "one-hot current round")
    features.add("moon", 2 * max_rounds, "per round: light, red")
    features.add("phase", len(PHASES), "one-hot phase")
    features.add("decision", len(DECISION_NAMES), "one-hot pending kind")
    features.add("decider", MAX_SEATS, "relative seat deciding")
    features.add("evade_cause", len(EVADE_CAUSES), "one-hot evade cause")
    features.add("target_city", 1, "the inner city is offered")
    features.add("walls", n_wall_tokens, "thermometer of walls left")
    features.add("walls_missing", n_wall_tokens, "thermometer of walls lost")
    features.add("heroes", MAX_SEATS * HERO_BLOCK, "per relative seat")
    # Own hand, hydra hand, display, row C: consecutive, so that the cards of
    # a coordinated seat (hands + display) and of solo (display + row C) are
    # one block each.
    features.add("hand", HAND_SLOTS * hand_block, "per own hand slot")
    features.add("hydra_hand", HYDRA_HAND_SLOTS * hydra_hand_block, "per own hydra hand slot")
    features.add("display", DISPLAY_SLOTS * display_block, "per display slot")
    features.add("row_c", BLOCK_SLOTS * row_block, "per solo row C column")
    features.add("solo", max_tokens + 1 + BLOCK_SLOTS, "actions done, columns used")
    features.add("coop", max_tokens + 1 + 2, "turn, stack, queue")
    features.add("decks", 6, "deck and discard sizes")
    return features
