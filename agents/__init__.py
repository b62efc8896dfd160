"""Scripted bots, training and evaluation tools for hydra-env."""
