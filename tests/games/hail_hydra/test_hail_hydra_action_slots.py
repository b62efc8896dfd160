"""HH35/HH33: the action slots of the summary observation name, for each seat-target action
(TARGET + k - 1 for relative seat k), observation values that describe exactly that seat."""

from __future__ import annotations

import random

from hydra_env.games.hail_hydra.belief import private_belief, public_belief
from hydra_env.games.hail_hydra.codec import TARGET
from hydra_env.games.hail_hydra.game import new_game
from hydra_env.games.hail_hydra.observer import HailHydraObserver
from hydra_env.games.hail_hydra.summary_observer import SummaryObserver


def test_hh35_each_target_slot_reads_its_own_seats_beliefs_flags_and_votes() -> None:
    observer = SummaryObserver(HailHydraObserver())
    slots = observer.action_slots
    assert slots["actions"] == [TARGET + k for k in range(7)]
    assert len({len(f) for f in slots["features"]}) == 1 and max(map(max, slots["features"])) < observer.size
    choose = random.Random(3)
    checked = 0
    for seed in range(4):
        game = new_game(seed=seed, num_players=7)
        while not game.is_over:
            seat = game.current_player
            info = game.view(seat).info
            flat = observer.encode_info(info)
            public, private = public_belief(info).marginals(), private_belief(info).marginals()
            for k in range(1, 7):
                other = (seat + k) % 7
                features = flat[slots["features"][k - 1]]
                assert features[24] == min(1.0, max(0.0, public[other]))          # public posterior
                assert features[25] == min(1.0, max(0.0, private[other]))         # private posterior
                assert features[17:21].tolist() == [float(info[key][other]) for key in
                                                    ("used", "revealed", "out", "immune")]
                assert features[3 + info["heroes"][other]] == 1.0
                rounds = info["rounds"]
                nominated = sum(1 for c in rounds[-1]["nominations"] if c == other) if rounds else 0
                assert features[46:54].sum() == nominated
                trusted = sum(1 - private[v] for v, c in enumerate(rounds[-1]["nominations"]) if c == other) \
                    if rounds else 0.0
                assert abs(features[-3] - trusted / 3) < 1e-5                   # trusted nominations
                top = max(private[s] for s in range(7) if s != seat)
                assert features[-2] == float(private[other] >= top - 1e-9)        # private top suspect
            checked += 1
            game.apply(choose.choice(game.legal_actions()))
    assert checked > 500
