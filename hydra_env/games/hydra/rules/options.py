"""Rule options: the genuine variants of the rules, in one frozen object."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from hydra_env import arguments
from hydra_env.errors import ConfigError


@dataclass(frozen=True)
class RuleOptions:
    """Variants of the rules (``docs/games/hydra/rules.md``, "Rule options"), each with its default.

    Attributes:
        solo_regrow_heads: R38 — in solo cleanup, turn head counters at 0 back
            to 3 as the coordinated game does (default off: not part of solo).
    """

    solo_regrow_heads: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = arguments.boolean(f"rule option {f.name!r}", getattr(self, f.name),
                                      fix="pass true or false")
            object.__setattr__(self, f.name, value)   # numpy booleans stored as bool

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for JSON)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> RuleOptions:
        """Options from a dict (None: the defaults); unknown names or wrong types raise ConfigError."""
        data = arguments.mapping("options", data)
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise ConfigError(f"unknown rule option {name!r}; known options: {sorted(known)}")
        return cls(**data)
