"""The scripted bots of Hydras: ``greedy`` and ``heuristic`` (:mod:`.greedy`, :mod:`.heuristic`),
over the board evaluation of :mod:`.evaluation`."""
