"""Hydra's Gymnasium and PettingZoo envs: Solo-v0 (:mod:`.solo_env`), Coop-v0 (:mod:`.coop_env`),
their vector envs (:mod:`.vector`), the AEC env (:mod:`.pettingzoo`), and what they encode
(:mod:`.encoding` planes and vectors, :mod:`.candidates` features, :mod:`.rewards`, :mod:`.image`)."""
