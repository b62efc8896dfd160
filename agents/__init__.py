"""Scripted bots, training and evaluation tools for hydra-env."""

import hydra_env  # noqa: E402,F401  (installs the old paths of the moved bots: agents.greedy ...)
