"""The games, one package each (``hydra_env.games.<name>``).

Each package registers one :class:`hydra_env.api.GameSpec` through the
entry-point group ``hydra_env.games`` (``pyproject.toml``); generic code finds
them with :func:`hydra_env.game_names` and :func:`hydra_env.game_spec` and
never imports a game package. Games never import each other.
"""
