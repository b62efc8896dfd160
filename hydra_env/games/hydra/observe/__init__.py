"""What a seat of Hydra observes, numpy only: the encoder of Solo-v0 and Coop-v0's observation
(:mod:`.encoding`), the candidate features (:mod:`.candidates`), the native batch's layouts
from both (:mod:`.native_layouts`), the board's geometry for pictures and features
(:mod:`.board_geometry`), and the native views' check (:mod:`.differential_views`)."""
