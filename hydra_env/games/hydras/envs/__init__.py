"""The Gymnasium env of Hydras (``hydra_env/Hydras-v0``, :mod:`.env`), its PettingZoo AEC env
(:mod:`.pettingzoo`) and its candidate features (:mod:`.candidates`)."""
