"""The data model of a component set: frozen dataclasses built by the loader.

Names are already turned into indices: a colour is an index into
:attr:`Components.hydra_colours`, an area an index into :attr:`Board.areas`, a
card's ``index`` its position in its file.
"""

from __future__ import annotations

from dataclasses import dataclass

from hydra_env.errors import ConfigError


@dataclass(frozen=True)
class Effect:
    """One hydra effect: ``op`` ("move" | "grow" | "bite") on one colour.

    ``n`` is the movement points or heads grown (1 for a bite); ``bonus_area``
    the area index of a move's landscape bonus, -1 if none.
    """

    op: str
    colour: int
    n: int
    bonus_area: int


@dataclass(frozen=True)
class HeroAction:
    """The hero side of an action card.

    ``strength``: steps (move) or damage (sword, harpoon), 0 otherwise.
    ``bonus_area``: area index of a move's bonus, else -1.
    ``bonus_colour``: colour index of a sword or harpoon bonus, else -1.
    """

    kind: str
    strength: int
    bonus_area: int
    bonus_colour: int


@dataclass(frozen=True)
class ActionCard:
    """An action card: hero side and hydra side (effects in order); ``label`` "" if none."""

    index: int
    id: str
    hero: HeroAction
    hydra: tuple[Effect, ...]
    label: str


@dataclass(frozen=True)
class HydraCard:
    """A hydra card of deck "light" or "red"; ``solo`` marks the solo deck's cards."""

    index: int
    id: str
    deck: str
    solo: bool
    effects: tuple[Effect, ...]
    label: str


@dataclass(frozen=True)
class Scenario:
    """A scenario card; ``heads``/``positions`` have one value per path in board order.

    ``walls`` are the wall tokens at 1, 2 and 3 stars; ``moon`` has one letter per
    round, "L" light or "R" red. In solo scenarios ``tokens`` counts the tokens of
    each of the two action phases, ``display`` the face-up action cards and
    ``hydra_stack`` the face-down hydra row.
    """

    number: int
    name: str
    players: int
    solo: bool
    walls: tuple[int, int, int]
    heads: tuple[int, ...]
    positions: tuple[int, ...]
    moon: str
    hydra_hand: int
    action_hand: int
    display: int
    tokens: int
    hydra_stack: int

    @property
    def rounds(self) -> int:
        """Number of rounds: one per moon token."""
        return len(self.moon)


@dataclass(frozen=True)
class Board:
    """The board grid; cells are (row, col). ``wall_row`` is the last row."""

    rows: int
    cols: int
    areas: tuple[str, ...]
    row_area: tuple[int, ...]
    paths: tuple[tuple[tuple[int, int], ...], ...]
    portals: tuple[tuple[int, int], ...]
    wall_row: int


@dataclass(frozen=True)
class Supply:
    """Pieces in the box beside the board."""

    wall_tokens: int
    barricades: int
    shields: int
    neck_tiles_per_colour: int
    moon_tokens: int
    compass_spaces: int
    action_tokens_per_hero: int


@dataclass(frozen=True)
class Components:
    """A validated component set; ``digest`` identifies the data version."""

    name: str
    version: str
    hydra_colours: tuple[str, ...]
    hero_colours: tuple[str, ...]
    supply: Supply
    board: Board
    action_cards: tuple[ActionCard, ...]
    hydra_cards: tuple[HydraCard, ...]
    scenarios: tuple[Scenario, ...]
    source: str
    digest: str

    def scenario(self, number: int) -> Scenario:
        """The scenario with this number; raises ConfigError listing the available ones."""
        for scenario in self.scenarios:
            if scenario.number == number:
                return scenario
        available = ", ".join(str(s.number) for s in self.scenarios)
        raise ConfigError(f"no scenario {number!r} in component set '{self.name}'; available: {available}")
