"""Hydra's scripted bots: ``greedy``, ``heuristic`` (its solo and coordinated rules), the styles
``defender`` and ``glory`` (:mod:`.styles`), the ``rollout`` planner, their shared evaluation
(:mod:`.features`) and its native twin (:mod:`.native_bots`, built from ``native/src``)."""
