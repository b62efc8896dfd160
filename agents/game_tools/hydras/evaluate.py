"""Hydras' evaluate hooks (:mod:`agents.evaluate`): the generic one agent against
``--opponents``, seats rotated (:mod:`agents.evaluate_defaults`), with the game's own
turn count and the card set's versions in the config."""

from __future__ import annotations

from typing import Any


def turns(result: dict[str, Any]) -> int:
    """The turns of a game (its result's ``turns``)."""
    return int(result["turns"])


def data_info() -> dict[str, str]:
    """The card set's name, version and digest, and the package version."""
    import hydra_env
    from hydra_env.games.hydras.rules import default_cards
    cards = default_cards()
    return {"cards_name": cards.name, "cards_version": cards.version, "cards_digest": cards.digest,
            "hydra_env_version": hydra_env.__version__}
