"""Component data of Hydra: board, action cards, hydra cards, scenarios, supply.

The rulebook fixes the counts of the components, not their contents, so the
engine reads every card, coordinate and scenario from five JSON files in one
folder (``manifest.json``, ``board.json``, ``action_cards.json``,
``hydra_cards.json``, ``scenarios.json``; the format is documented in
``hydra_env/games/hydra/data/README.md``). The shipped set lives in this package's folder;
a user with the physical game points :func:`load_components` at a folder of
their own.

Loading validates everything and turns names into indices: a colour is an
index into :attr:`Components.hydra_colours`, an area an index into
:attr:`Board.areas`, a card's ``index`` its position in its file. Any problem
raises :class:`~hydra_env.errors.DataError` with a message of the form
``"<file>: <entry>: <what is wrong>; <how to fix it>"``.

The rulebook counts (:data:`RULEBOOK_COUNTS`) are checked unless the caller
passes ``counts=None``; structural checks (board geometry, names, types,
scenario limits) always run.

Modules, one job each: :mod:`~hydra_env.games.hydra.data.model` (the frozen dataclasses),
:mod:`~hydra_env.games.hydra.data.limits` (rulebook counts and engine limits),
:mod:`~hydra_env.games.hydra.data.checks` (error locations and typed-value checks), one
parser per file (:mod:`~hydra_env.games.hydra.data.parse_manifest`,
:mod:`~hydra_env.games.hydra.data.parse_board`, :mod:`~hydra_env.games.hydra.data.parse_cards`,
:mod:`~hydra_env.games.hydra.data.parse_scenarios`) and :mod:`~hydra_env.games.hydra.data.loader`
(reading, strict JSON, digest, cache). This layer imports only the standard
library and :mod:`hydra_env.errors`, never :mod:`hydra_env.games.hydra.rules`.
"""

from hydra_env.games.hydra.data.limits import LAYOUT_LIMITS, MAX_HEADS, RULEBOOK_COUNTS, Counts
from hydra_env.games.hydra.data.loader import default_components, load_components
from hydra_env.games.hydra.data.model import (
           ActionCard,
           Board,
           Components,
           Effect,
           HeroAction,
           HydraCard,
           Scenario,
           Supply,
)

__all__ = ["load_components", "default_components", "Components", "Scenario", "Board", "Supply",
           "ActionCard", "HydraCard", "HeroAction", "Effect", "Counts", "RULEBOOK_COUNTS",
           "LAYOUT_LIMITS", "MAX_HEADS"]
