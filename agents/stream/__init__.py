"""Evaluation at scale: streaming, sharded, mergeable summaries (``hydra-env evaluate-stream``).

* :mod:`agents.stream.summary` — the summary: exact histograms and counts, merged exactly;
* :mod:`agents.stream.shards` — seed ranges cut into shards, one small JSON file each (resume, merge);
* :mod:`agents.stream.play` — playing a shard: the generic path, native speed for random bots,
  batched inference for policy bots;
* :mod:`agents.stream.command` — the command line.

Nothing here names a game: what is a game's own (its outcome and score, its score bands) comes
from its ``stream`` tool hooks (``agents.game_tools.<game>.stream``), with generic defaults.
"""
