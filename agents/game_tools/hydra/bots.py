"""Hydra's hooks of ``hydra-env bots`` (:mod:`agents.bots_command`)."""

from __future__ import annotations


def footer() -> str:
    """The line under the table: the shipped policies (``ppo:NAME``)."""
    from agents.ppo_bot import shipped_policies
    return f"\nshipped policies: {', '.join(f'ppo:{n}' for n in shipped_policies())}"
