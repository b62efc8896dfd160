"""Rule options: the genuine variants of the rules, in one frozen object."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from hydra_env.errors import ConfigError


@dataclass(frozen=True)
class RuleOptions:
    """Variants of the rules (``docs/rules.md``, "Rule options"), each with its default.

    Attributes:
        solo_regrow_heads: R38 — in solo cleanup, turn head counters at 0 back
            to 3 as the coordinated game does (default off: not part of solo).
    """

    solo_regrow_heads: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for JSON)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> RuleOptions:
        """Options from a dict; unknown names or wrong types raise ConfigError."""
        data = dict(data or {})
        known = {f.name: f for f in fields(cls)}
        for name, value in data.items():
            if name not in known:
                raise ConfigError(f"unknown rule option {name!r}; known options: {sorted(known)}")
            if not isinstance(value, bool):
                raise ConfigError(f"rule option {name!r} must be true or false, got {value!r}")
        return cls(**data)
