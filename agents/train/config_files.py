"""The packaged training configs: where they are, their names, a config by name.

``hydra-env train NAME`` takes a packaged config (``configs/NAME.yaml`` in a
checkout, ``agents/configs`` in an installed wheel) or a path; ``hydra-env train
--game GAME`` the game's own (its train hooks' ``DEFAULT_CONFIG``,
:mod:`agents.train.game_hooks`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from agents.train.game_hooks import default_config
from hydra_env import ConfigError
from hydra_env.api.registry import default_game, game_names


def default_config_name() -> str | None:
    """The packaged config ``hydra-env train`` uses when neither a config nor a game
    is named: the first registered game's (as the tools' default game); importable
    as ``DEFAULT_CONFIG``."""
    return default_config(default_game())


def __getattr__(name: str) -> str | None:
    if name == "DEFAULT_CONFIG":      # read from the registry when asked
        return default_config_name()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _DefaultConfigs(Mapping[str, str]):
    """Game name → its packaged config, read from the registered games' train hooks
    (the games without one are left out)."""

    def __getitem__(self, game: str) -> str:
        name = default_config(game) if game in game_names() else None
        if name is None:
            raise KeyError(game)
        return name

    def __iter__(self) -> Iterator[str]:
        return (game for game in game_names() if default_config(game) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


DEFAULT_CONFIGS: Mapping[str, str] = _DefaultConfigs()
"""The packaged config of each game (``hydra-env train --game GAME``)."""


def config_dir() -> Path:
    """The folder of the packaged configs: ``agents/configs`` in an installed wheel
    (pyproject.toml installs the repository's ``configs/`` there), the repository's
    ``configs/`` in a source checkout or an editable install."""
    installed = Path(__file__).resolve().parents[1] / "configs"
    return installed if installed.is_dir() else Path(__file__).resolve().parents[2] / "configs"


def packaged_configs() -> list[str]:
    """The names of the packaged configs (``hydra-env train NAME``)."""
    return sorted(p.stem for p in config_dir().glob("*.yaml"))


def find_config(spec: str | Path) -> Path:
    """The config file of ``spec``: a path to a YAML file, or the name of a packaged
    config (``coop_ppo``, also ``coop_ppo.yaml``). ConfigError listing the packaged
    names when it is neither."""
    path = Path(spec)
    if path.is_file():
        return path
    if path.name == str(spec) and path.suffix in ("", ".yaml", ".yml"):
        packaged = config_dir() / f"{path.stem}.yaml"
        if packaged.is_file():
            return packaged
    if path.is_dir():
        raise ConfigError(f"config {str(spec)!r} is a folder; give a YAML file or a packaged config")
    raise ConfigError(f"config {str(spec)!r} not found: give the path of a YAML file or the name of "
                      f"a packaged config: {', '.join(packaged_configs()) or 'none packaged'}")
