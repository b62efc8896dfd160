"""The native engine's tables, as plain dicts built from the Python engine's own tables.

Nothing is derived twice: the board bitboards come from
:class:`~hydra_env.games.hydra.rules.board.BoardTables`, the action layout from
:class:`~hydra_env.games.hydra.rules.codec.ActionCodec`, card facts and hydra effects from
:class:`~hydra_env.games.hydra.rules.tables.Tables`, the scenario and options from
:class:`~hydra_env.games.hydra.rules.tables.Rules`. The native objects are cached: one per
component set, one per (component set, scenario, options).
"""

from __future__ import annotations

from typing import Any

from hydra_env.games.hydra.rules.codec import CARD_SLOTS
from hydra_env.games.hydra.rules.tables import Rules, Tables

_TABLES: dict[int, tuple[Tables, Any]] = {}
_RULES: dict[tuple, Any] = {}


def native_tables_dict(tables: Tables) -> dict[str, Any]:
    """The plain arrays the native engine reads (``hydra_env.games.hydra._native.make_tables``)."""
    board, codec = tables.board, tables.codec
    out: dict[str, Any] = {
        "rows": board.rows, "cols": board.cols, "n_cells": board.n_cells, "city": board.city,
        "n_spaces": board.n_spaces, "cell_mask": board.cell_mask, "city_bit": board.city_bit,
        "all_mask": board.all_mask, "not_col0": board._not_col0, "not_col_last": board._not_col_last,
        "wall_mask": board.wall_mask, "maelstrom_mask": board.maelstrom_mask,
        "portal_mask": board.portal_mask, "area_of": list(board.area_of),
        "nbr_mask": list(board.nbr_mask), "orth_mask": list(board.orth_mask),
        "path_of": list(board.path_of), "pos_of": list(board.pos_of),
        "paths": [list(p) for p in board.paths], "path_len": board.path_len,
        "last_pos": board.last_pos, "gate": list(board.gate),
        "seg_mask": [list(m) for m in board.seg_mask],
        "codec_n_spaces": codec.n_spaces, "codec_n_colours": codec.n_colours,
        "codec_n_barricades": codec.n_barricades,
        "kind": list(codec.kind), "slot": list(codec.slot), "arg": list(codec.arg),
        "n_colours": tables.n_colours, "n_barricades": tables.n_barricades,
        "slot_shift": list(tables.slot_shift[:CARD_SLOTS]),
        "card_kind": list(tables.card_kind), "card_strength": list(tables.card_strength),
        "card_barea": list(tables.card_barea), "card_bcol": list(tables.card_bcol),
        # effects in card order (the Python tables keep them reversed, ready for tasks.extend)
        "card_effects": [[list(t) for t in reversed(e)] for e in tables.card_effects_rev],
        "hcard_effects": [[list(t) for t in reversed(e)] for e in tables.hcard_effects_rev],
        "hcard_deck": list(tables.hcard_deck),
        "hcard_solo": [1 if h.solo else 0 for h in tables.components.hydra_cards],
    }
    for name in ("off_sword", "off_harpoon", "off_barricade", "off_protect", "card_block",
                 "city_base", "city_move", "city_portal", "city_sword", "city_harpoon",
                 "city_protect", "block_base", "place_base", "yes", "no", "play_base",
                 "end_turn", "size"):
        out[name] = getattr(codec, name)
    out["pass"] = codec.pass_
    return out


def native_rules_dict(rules: Rules) -> dict[str, Any]:
    """The scenario and options of one game (``hydra_env.games.hydra._native.make_rules``)."""
    scenario = rules.scenario
    return {"solo": scenario.solo, "number": scenario.number, "players": scenario.players,
            "tokens": scenario.tokens, "display": scenario.display,
            "hydra_hand": scenario.hydra_hand, "action_hand": scenario.action_hand,
            "hydra_stack": scenario.hydra_stack, "moon": scenario.moon,
            "walls": list(scenario.walls), "heads": list(scenario.heads),
            "positions": list(scenario.positions),
            "solo_regrow_heads": bool(rules.options.solo_regrow_heads)}


def native_tables(module: Any, tables: Tables) -> Any:
    """The (cached) native tables of a component set; ValueError when it does not fit."""
    entry = _TABLES.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = _TABLES[id(tables)] = (tables, module.make_tables(native_tables_dict(tables)))
    return entry[1]


def native_rules(module: Any, rules: Rules) -> Any:
    """The (cached) native rules of a game's tables, scenario and options."""
    key = (id(rules.tables), id(rules.scenario), rules.options)
    entry = _RULES.get(key)
    if entry is None or entry[0] is not rules.tables or entry[1] is not rules.scenario:
        native = module.make_rules(native_tables(module, rules.tables), native_rules_dict(rules))
        entry = _RULES[key] = (rules.tables, rules.scenario, native)
    return entry[2]
