"""Heroica's hooks of the tools (one module per tool)."""
