"""Deprecated alias of agents.game_tools.hydras.replay, kept for one release."""

from agents.game_tools.hydras.replay import (
    GAME,
    is_saved_game,
    make_replay,
    result_text,
    state_digest,
    verify_saved_game,
)
from agents.game_tools.hydras.replay import step_text as describe_step
from agents.replay import FORMAT, VERSION, ReplayError, StepHook, Verdict, check_replay, plain_json, verify_replay

__all__ = ["FORMAT", "GAME", "VERSION", "ReplayError", "StepHook", "Verdict", "check_replay", "describe_step",
           "is_saved_game", "make_replay", "plain_json", "result_text", "state_digest", "verify_replay",
           "verify_saved_game"]
