"""Deprecated alias of :mod:`agents.policy_files` and Hydra's policy bot
(:class:`agents.game_tools.hydra.policy.PPOBot`), kept for one release.

Any game's policy bot is :class:`agents.policy_bot.PolicyBot`.
"""

from agents.game_tools.hydra.policy import PPOBot
from agents.policy_files import (
    POLICY_DIR,
    load_model,
    one_thread_inference,
    resolve_policy,
    shipped_policies,
)

__all__ = ["PPOBot", "POLICY_DIR", "load_model", "one_thread_inference", "resolve_policy", "shipped_policies"]
