"""Hail Hydra's hooks of the tools (one module per tool): team win rates and deduction metrics."""
