"""Shared pieces of the env benchmarks (bench_env.py, bench_hydras.py): the masked
random sampler, the timing loop, the PettingZoo AEC loop and connect four, the peer."""

from __future__ import annotations

import sys
import time
import types
from collections.abc import Callable
from typing import Any

import numpy as np


def pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random legal action: ``legal[rng.integers(len(legal))]`` (0 if none)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


def timed(body: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Run ``body`` (which returns the steps it made) for ``seconds`` of wall time;
    (steps per wall-clock second, steps per CPU second of this process)."""
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        steps += body()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed, steps / max(time.process_time() - cpu, 1e-9)


def bench_aec(make: Callable[[], Any], seconds: float) -> tuple[float, float]:
    """Random masked moves per second of a PettingZoo AEC env (the AEC loop)."""
    env = make()
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def body() -> int:
        moves = 0
        while moves < 200:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            env.step(pick(obs["action_mask"], rng))
            moves += 1
        return moves

    body()
    rate = timed(body, seconds)
    env.close()
    return rate


def connect_four() -> Any:
    """PettingZoo's connect_four_v3 (a stub stands in for pygame, which it imports only to render)."""
    try:
        import pygame  # noqa: F401  (installed: use it)
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    from pettingzoo.classic import connect_four_v3
    return connect_four_v3.env()
