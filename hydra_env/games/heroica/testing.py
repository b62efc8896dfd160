"""Hand-drawn Heroica positions for tests, in the map notation of the spec (1.5).

::

    game = position([
        "           .g    ",
        ".....g.......    ",
        ".           .    ",
        ".      .g.  . ...",
        "S..1g...........G",
        "       .gp    ...",
    ], rolls=["three_sword"])

``S`` Mission Start, ``.`` space, ``g`` goblin warrior, ``G`` Goblin General (with the
Crystal unless ``crystal=False``), ``p`` Life Potion, ``1``–``4`` heroes (hero k of
``heroes``; on the Mission Start write the digit there, or use ``places``). The drawing
must have the spaces of the Draida map; the pieces are free. The game starts with the
turn of ``seat`` (its roll forced by ``rolls`` when given). numpy and the standard
library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hydra_env.games.heroica import rules, turns
from hydra_env.games.heroica.game import HeroicaGame
from hydra_env.games.heroica.loader import CLASS_ORDER, default_tables
from hydra_env.games.heroica.state import HeroicaOptions

DRAIDA_ROWS = ("           .g    ", ".....g.......    ", ".           .    ",
               ".      .g.  . ...", "S...g...........G", "       .gp    ...")
"""The shipped map, as drawn in the spec (a start for hand-drawn positions)."""
EMPTY_ROWS = tuple(row.replace("g", ".").replace("G", ".").replace("p", ".") for row in DRAIDA_ROWS)
"""The map without monsters and items (the General must be drawn somewhere)."""


def space_at(x: int, y: int) -> int:
    """The space id at column ``x``, row ``y`` (ValueError when there is no space)."""
    s = int(default_tables().cell_space[y, x])
    if s < 0:
        raise ValueError(f"no space at x={x}, y={y}")
    return s


def _owners(mode: str, players: int, count: int) -> list[int]:
    if mode == "battle" and players == 2:
        return [0] * count
    return list(range(count))


def position(rows: Sequence[str], *, heroes: Sequence[str] = ("barbarian",), mode: str = "solo",
             players: int | None = None, seat: int = 0, rolls: Sequence[Any] = (),
             health: Mapping[int, int] | None = None, healing: Sequence[int] = (),
             potions: Mapping[int, int] | None = None, places: Mapping[int, int] | None = None,
             kos: Mapping[int, int] | None = None, crystal: bool = True, turn: int = 0, seed: int = 0,
             options: HeroicaOptions | None = None) -> HeroicaGame:
    """A game at the start of ``seat``'s turn in the drawn position (hero numbers are 1-based
    in ``health``, ``healing``, ``potions``, ``kos`` (knock-outs so far) and ``places``)."""
    t = default_tables()
    if players is None:
        players = 1 if mode == "solo" else (len(heroes) + 1 if mode == "battle" and len(heroes) > 2 else
                                            2 if mode == "battle" else len(heroes))
    opts = options or HeroicaOptions()
    game = HeroicaGame.new(players, mode=mode, heroes=tuple(heroes), seed=seed, rolls=rolls,
                           options=HeroicaOptions(crystal, opts.solo_turn_limit, opts.max_rounds))
    st = game.state
    st.rng.counter, st.rolls, st.log[:], st.history[:] = 0, 0, [], []
    st.monsters, st.potions = {}, []
    spots: dict[int, int] = {}
    cells = [row.ljust(t.width) for row in rows]
    if len(cells) != t.height:
        raise ValueError(f"the drawing has {len(cells)} rows, the map {t.height}")
    for y, row in enumerate(cells):
        for x, ch in enumerate(row):
            here = int(t.cell_space[y, x])
            if (ch == " ") != (here < 0):
                raise ValueError(f"x={x}, y={y}: the drawing and the map differ ({ch!r})")
            if ch in "gG":
                st.monsters[here] = t.monster_names.index("goblin_general" if ch == "G" else "goblin_warrior")
            elif ch == "p":
                st.potions.append(here)
            elif ch.isdigit():
                spots[int(ch)] = here
    spots.update(places or {})
    count = len(heroes)
    st.hero_space = [spots.get(k + 1, t.start) for k in range(count)]
    st.hero_owner = _owners(mode, players, count)
    st.hero_class = [CLASS_ORDER.index(h) for h in heroes]
    st.hero_health = [(health or {}).get(k + 1, t.max_health) for k in range(count)]
    st.hero_healing = [k + 1 in healing for k in range(count)]
    st.hero_potions = [(potions or {}).get(k + 1, 0) for k in range(count)]
    st.hero_trophies, st.hero_kos = [0] * count, [(kos or {}).get(k + 1, 0) for k in range(count)]
    st.potions.sort()
    st.crystal, st.ko_total, st.turn = crystal, sum(st.hero_kos), turn
    st.round = 1 if seat != 0 and mode != "solo" else 0
    st.game_over, st.winner, st.truncated, st.pending, st.win_turn = False, -1, False, None, 0
    st.turn_seat = seat
    rules.start_turn(t, st)
    game._opts = None
    turns.settle(t, st)
    return game


def play(game: HeroicaGame, *actions: int) -> HeroicaGame:
    """Apply ``actions`` in order; the game."""
    for action in actions:
        game.apply(action)
    return game
