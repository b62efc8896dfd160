"""Parsing of ``manifest.json``: name, version, colours and the supply."""

from __future__ import annotations

from dataclasses import fields

from hydra_env.errors import DataError
from hydra_env.games.hydra.data.checks import _ABOUT, _check_count, _in_range, _names, _object, _Where
from hydra_env.games.hydra.data.limits import Counts
from hydra_env.games.hydra.data.model import Supply


def _parse_manifest(doc: dict) -> tuple[str, str, tuple[str, ...], tuple[str, ...], Supply]:
    """Name, version, hydra colours, hero colours and supply."""
    where = _Where("manifest.json")
    required = {"name": str, "version": str, "hydra_colours": list, "hero_colours": list, "supply": dict}
    _object(doc, where, required, _ABOUT)
    hydra = _names(doc["hydra_colours"], where.at("hydra_colours"))
    hero = _names(doc["hero_colours"], where.at("hero_colours"))
    supply_where = where.at("supply")
    _object(doc["supply"], supply_where, {f.name: int for f in fields(Supply)})
    for key, value in doc["supply"].items():
        _in_range(value, 0 if key in ("barricades", "shields") else 1, None, supply_where.sub(key))
    return doc["name"], doc["version"], hydra, hero, Supply(**doc["supply"])


def _check_manifest_counts(hydra: tuple[str, ...], hero: tuple[str, ...], supply: Supply, counts: Counts) -> None:
    _check_count("manifest.json", "hydra colours", len(hydra), counts.hydra_colours)
    _check_count("manifest.json", "hero colours", len(hero), counts.hero_colours)
    for f in fields(Supply):
        found, expected = getattr(supply, f.name), getattr(counts, f.name)
        if found != expected:
            raise DataError(
                f"manifest.json: supply.{f.name} is {found}, the rulebook has {expected} "
                "(pass counts=None to load a set of another size)"
            )
