"""Observation encoder: what one seat may see (R41), as numpy arrays.

One layout serves every scenario (solo and coordinated), so one policy can
play any seat of any scenario. Seats are encoded *relative to the observing
seat*: relative seat 0 is the observer's own hero, 1 the next seat, and so on
(``(seat + k) % players``). Hydra colours keep the data's order (red, white,
yellow, blue for the shipped data): cards name colours, not seats.

Only public information and the observer's own hand are read: never the deck
orders, other seats' unused cards, face-down hydra cards (solo row C before
the oracle phase, the coordinated stack), the order of the Hydra-phase queue,
or the seed. Re-dealing what a seat cannot see (``Game.determinize``) leaves
its observation bit-identical (tested).

Board planes, ``float32[29, 11, 9]`` (channel, row, column; values in [0, 1])::

    channel  name       meaning
    -------  ---------  -------------------------------------------------------
     0 –  3  path       1 on every space of colour c's path (dealt at random)
     4       barricade  1 on each barricade
     5 –  8  hero       1 on the space of the hero of relative seat k (0 = own)
     9       shield     1 where a protected hero stands
    10       portal     1 on the portal spaces (constant)
    11       maelstrom  1 on the maelstrom spaces, path position 0 (constant)
    12 – 15  area       one-hot area of the space: boat, reef, beach, wall (constant)
    16       target     spaces the pending decision offers (where a shoved or
                        evading hero may go; the space a follow leads to)
    17 – 20  head       1 on the space of colour c's head
    21 – 24  counter    head counter / 6 on the space of colour c's head
    25 – 28  neck       1 on colour c's neck tiles (path positions 0 … p−1)

Heroes in the inner city (off the grid) appear in the features only.

Feature vector, ``float32[1096]`` (values in [0, 1]); blocks in order, with
their sizes for the shipped data (:meth:`Encoder.layout_table` prints this
table from the code, and a test checks it matches)::

    offset  size  block            content
    ------  ----  ---------------  ----------------------------------------------
         0    32  heads            per colour: counter one-hot 0–6, path position / 9
        32     2  mode             solo, coordinated
        34     4  players          one-hot number of seats 1–4
        38     3  stars            one-hot difficulty 1–3
        41    12  scenario         one-hot scenario number
        53     6  round            one-hot current round
        59    12  moon             per round: light, red (zeros past the last round)
        71     5  phase            one-hot: buckle up, action, action II, hydra, over
        76     6  decision         one-hot pending kind: action, after action,
                                   shoved, evade, follow, buckle up
        82     4  decider          one-hot relative seat of the deciding hero
        86     3  evade_cause      one-hot: bite, run over, maelstrom
        89     1  target_city      the pending decision offers the inner city
        90    10  walls            thermometer of wall tokens left
       100    10  walls_missing    thermometer of wall tokens lost (max − left)
       110    84  heroes           per relative seat (21 each): seated, in city,
                                   shield, on the wall area, city move / sword /
                                   harpoon / protect used, action tokens left / max,
                                   unused action cards / 3, hydra cards held / 3,
                                   compass place one-hot (4), glory relative to own
                                   ((Δ/16 + 1) / 2, clipped), turn-order place
                                   one-hot (4), it is this seat's turn
       194   135  hand             per own hand slot (45 each): present, used,
                                   action card (43)
       329    87  hydra_hand       per own hydra hand slot (29 each): present,
                                   hydra card (28)
       416   500  display          per display slot (50 each): card present, token
                                   of phase I, token of phase II (solo), token of
                                   relative seat 0–3 (coordinated), action card (43)
       916   155  row_c            per solo row C column (31 each): present, face
                                   up, blocked, hydra card (28, zeros while face down)
      1071    11  solo             actions done this phase one-hot 0–5, display
                                   columns used in phase I (5)
      1082     8  coop             turn one-hot 0–5, face-down stack size / 5,
                                   Hydra-phase cards left / 32
      1090     6  decks            action deck / 44, action discard / 44, light
                                   and red hydra deck / 28, their discards / 28

An action card (43 values): hero kind one-hot (move, sword, harpoon,
barricade, portal, protect), strength / 2, bonus area one-hot (4), bonus
colour one-hot (4), then its hydra side (28). A hydra side (28 values), per
colour: movement points / max, growth / max, bites / max, movement bonus area
one-hot (4); the maxima are taken over the component data (2, 2, 1 shipped).

The flat variant (``flatten=True``) is the planes raveled in C order followed
by the features: ``float32[29·99 + 1096] = float32[3967]``.

The package, one module per job (importers use only the names below)::

    layout.py   the layout: channel and feature blocks, the slot formats
    blocks.py   the parts that change rarely, as dense cached blocks
                (template, Hydra, cards) and the card vectors
    entries.py  the entries that change during a game (index lists)
    encoder.py  Encoder (composes the three) and encoder_for
    batch.py    legal masks, and observations and masks of many games

How an observation is put together fast is told in :mod:`.encoder`.
"""

from __future__ import annotations

from hydra_env.games.hydra.observe.encoding.encoder import Encoder, encoder_for
from hydra_env.games.hydra.observe.encoding.layout import MAX_SEATS, OBS_VERSION

# Size limits of the encoders' caches: entries of a cache of small tuples, and of
# the caches of dense blocks (≤ 10 MB each). Read from here whenever a cache is
# full, so they may be tuned at run time (a test shrinks them).
CACHE_LIMIT = 20000
CACHE_LIMITS = {"tmpl": 256, "hydra": 2048, "cards": 2048}

__all__ = ["CACHE_LIMIT", "CACHE_LIMITS", "Encoder", "MAX_SEATS", "OBS_VERSION", "encoder_for"]
