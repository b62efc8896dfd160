"""Fixtures of the engine tests: ``shipped``, the component data shipped with the
package, shared by test_shipped_components.py and test_component_folders.py."""

from __future__ import annotations

import pytest

from hydra_env.games.hydra.data import Components, default_components


@pytest.fixture(scope="module")
def shipped() -> Components:
    return default_components()
