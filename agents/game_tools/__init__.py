"""The agent-side hooks of each game's tools: ``agents.game_tools.<game>.<tool>``.

A game's :class:`hydra_env.api.GameSpec` names its package here (``tools=``);
the generic commands (``evaluate``, ``tournament``, ``play``, ``replay``,
``train``) ask :meth:`GameSpec.hooks` for the module of their part and fall
back to their generic defaults for a part a game does not give. Each generic
command documents the hooks it reads. Nothing here is imported by generic
code by name.
"""
