"""Hadara's hooks of the tools (one module per tool); Hadara ships with reconstructed components."""
