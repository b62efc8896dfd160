#!/usr/bin/env python3
"""Generate the reconstructed Hadara components (``hadara-components.json`` beside this file).

RECONSTRUCTION, not the published card values: the rulebook gives the
procedure but none of the numbers. Every number below is ours, generated from
a small parametric model so that the data is regular and can be re-tuned;
calibrated by simulation (docs/games/hadara/rules.md, "Calibration"; the format
is checked by :mod:`hydra_env.games.hadara.components`). After generation the
JSON is the source of truth: edit it by hand or change PARAMS and re-run.

    python -m hydra_env.games.hadara.data.generate [out.json]   (deterministic: no randomness)
    python -m hydra_env.games.hadara.data.generate candidate.json --changes changes.json

With no argument it rewrites the shipped file beside this module. ``--changes`` makes a re-tune
candidate: ``{"params": {NAME: value, ...}, "calibration": ["T13 ...", ...]}`` replaces whole
entries of PARAMS and appends calibration notes; measure it with the balance tool's
``--components candidate.json``, then adopt it by editing PARAMS here.
"""
import json
from pathlib import Path

COLOURS = ["yellow", "red", "blue", "green", "purple"]          # data order
TRACKS = ["income", "military", "culture", "food"]                # track order
TRACK_OF = {"yellow": "income", "red": "military", "blue": "culture", "green": "food"}

PARAMS = {
    # ---- epoch cards: coloured (track) colours, 10 per colour per epoch ----
    # template per epoch: (primary a, secondary b, points v); card j of a colour
    # uses template j. The secondary goes to another track, cycling (see below).
    "templates": {
        1: [(1, 0, 1), (1, 0, 1), (1, 0, 2), (2, 0, 0), (2, 0, 0),
            (2, 0, 1), (1, 1, 0), (1, 1, 1), (3, 0, 0), (1, 0, 3)],
        2: [(2, 0, 2), (2, 0, 3), (2, 1, 1), (3, 0, 1), (3, 0, 1),
            (3, 0, 2), (2, 0, 4), (2, 1, 2), (4, 0, 0), (3, 1, 0)],
        3: [(3, 0, 4), (3, 0, 5), (3, 1, 3), (4, 0, 3), (4, 0, 4),
            (4, 1, 2), (2, 0, 7), (3, 0, 6), (5, 0, 2), (4, 2, 1)],
    },
    # cost = max(min_cost, round(base + per_track*(a+b)*colour_weight[colour][epoch]
    #                              + per_point*v) + noise[j])      (Python round: half to even)
    "cost": {1: {"base": 0.0, "per_track": 1.5, "per_point": 0.8},
             2: {"base": 0.5, "per_track": 1.2, "per_point": 0.7},
             3: {"base": 2.0, "per_track": 1.1, "per_point": 0.8}},
    # cost weight of a colour's track points, by epoch (income is worth less late,
    # culture and food less early)
    "colour_weight": {"yellow": {1: 1.15, 2: 1.0, 3: 0.6}, "red": {1: 1.0, 2: 1.0, 3: 0.9},
                      "blue": {1: 0.6, 2: 0.9, 3: 0.9}, "green": {1: 0.5, 2: 0.7, 3: 0.7}},
    # primary values are scaled per colour: a' = floor(a * scale + 0.5)
    "primary_scale": {"yellow": 1.0, "red": 1.0, "blue": 1.0, "green": 1.25},
    "noise": [0, 0, -1, 0, 1, 0, 0, 0, 1, -1],
    "min_cost": 1,
    # ---- purple cards: 10 basic + 4 starred (advanced) per epoch ----
    # entries: (tracks dict, points, effect or None); cost from the same formula
    # with the effect's cost value added (effect_cost).
    "purple": {
        1: [({"income": 1, "food": 1}, 1, None), ({"military": 1, "culture": 1}, 1, None),
            ({}, 3, None), ({"food": 1}, 2, None), ({}, 0, ("coins", 4)),
            ({}, 1, ("coins", 3)), ({}, 0, ("boost", "yellow")), ({}, 0, ("boost", "green")),
            ({}, 1, ("sell_bonus", 1)), ({"income": 1, "military": 1, "culture": 1, "food": 1}, 0, None)],
        2: [({"income": 1, "food": 2}, 2, None), ({"military": 2, "culture": 1}, 2, None),
            ({}, 5, None), ({"food": 2}, 3, None), ({}, 1, ("coins", 6)),
            ({}, 2, ("coins", 5)), ({}, 1, ("boost", "red")), ({}, 1, ("boost", "blue")),
            ({}, 2, ("sell_bonus", 1)), ({"income": 1, "military": 1, "culture": 1, "food": 1}, 2, None)],
        3: [({"income": 1, "food": 2}, 5, None), ({"military": 2, "culture": 2}, 4, None),
            ({}, 9, None), ({"food": 3}, 5, None), ({}, 3, ("coins", 8)),
            ({}, 4, ("coins", 7)), ({}, 3, ("boost", "green")), ({}, 3, ("boost", "blue")),
            ({}, 6, ("coins", 6)), ({"income": 1, "military": 1, "culture": 1, "food": 1}, 5, None)],
    },
    "purple_star": {   # advanced game only; not used by the basic game, not calibrated
        1: [({}, 0, ("boost", "red")), ({}, 0, ("boost", "blue")), ({}, 2, ("sell_bonus", 1)), ({}, 0, ("coins", 5))],
        2: [({}, 1, ("boost", "yellow")), ({}, 1, ("boost", "green")), ({}, 3, ("sell_bonus", 2)),
            ({}, 1, ("coins", 7))],
        3: [({}, 3, ("boost", "red")), ({}, 3, ("boost", "yellow")), ({}, 6, ("sell_bonus", 2)), ({}, 3, ("coins", 9))],
    },
    # cost value of an effect, in track-point units (x per_track) unless noted
    "effect_cost": {"coins": 0.4,                   # x coins gained (absolute coins)
                    "boost": {1: 0.5, 2: 1.5, 3: 2.5},  # as if +x track points, by epoch
                    "sell_bonus": 1.5},             # per coin of bonus, as if +x track points
    "sale_value": {1: 2, 2: 3, 3: 4},      # seed (spec HD15)
    # ---- setup cards, side A: (initiative, income, military, culture, food, coins)
    "setup_a": [(1, 2, 2, 1, 4, 8), (2, 2, 1, 2, 4, 8), (3, 2, 1, 1, 6, 7),
                (4, 3, 1, 1, 4, 7), (5, 2, 1, 1, 4, 9)],
    # ---- player board: statues (culture requirement, points, bonus value) ----
    "statues": [(3, 2, 1), (6, 4, 2), (10, 6, 2), (15, 8, 3), (21, 10, 3), (28, 13, 4)],
    "tiles_per_track": 2,
    "silver_spaces": 2,
    "gold_spaces": 2,
    # ---- medals ----
    "silver_price": {1: 8, 2: 12, 3: 24},
    "gold_price": {1: 10, 2: 16, 3: 30},
    "gold_points_per_set": 7,                     # seed (spec HD27)
    "coins_per_point": 5,                          # end: floor(coins / 5) (public rule summary)
    # ---- colonies: 5 levels x 5; (requirement, points, plunder, integrate cost, back total)
    "colony_levels": [(3, 1, 3, 1, 2), (6, 3, 5, 2, 3), (10, 6, 7, 3, 4),
                      (15, 11, 10, 4, 5), (21, 16, 13, 5, 6)],
    # the five backs of a level: shares of the back total over the tracks
    "colony_backs": [("income",), ("military",), ("culture",), ("food",), ("income", "food")],
    # board sections clockwise (the seed: any order; example red -> yellow)
    "board_order": ["red", "yellow", "green", "blue", "purple"],
}

# Calibration record (the rules page's calibration section): each step, the measurement that
# motivated it, and the result. Greedy/random bots as specified there; 4 players
# unless noted.
CALIBRATION = [
    "T0 initial model (green primary x1, setup food 3 and coins 5-8, medal prices of a public player aid: "
    "silver 4/9/20, gold 6/12/30): untuned greedy 90.5+-13.0, bought 1.96 gold + 1.69 silver in epoch I, "
    "medals 40% of its score, 42% of picks bought (13.9 cards): medals far too cheap in epoch I for this "
    "card economy, food too tight.",
    "T1 green primary x1.5 (cost weight 0.7), setup food +1, medals silver 8/12/16 gold 12/18/24: buy 46%, "
    "epoch I gold still 1.26 per player.",
    "T2 bot: the greedy values the future discount of owned cards; its weights tuned by duels: 99.8+-12.5, "
    "61% bought (18.2 cards); medals almost only in epoch III; shares cards 42, colonies 15, statues 21, "
    "silver 10, gold 11, coins 1; 4th initiative +7 over the 1st; five specialists (5p): blue 28.0, "
    "yellow 25.5, purple 20.5, red 14.5, green 11.5 % wins.",
    "T3 setup cards equal in kind (+1 on one track or +2 coins); medals silver 6/10/16 gold 10/15/24: some "
    "medals in epoch I (0.57 silver, 0.25 gold); the +1 income card 3 points above the +1 food card.",
    "T4 epoch II cards bought 15-25% of the times drawn against ~30% in I and III: epoch II cost base 0.5, "
    "1.2 per track point, 0.8 per point; effect costs cut (coins 0.4 per coin, sell bonus 1.5); green x1.25: "
    "111+-13, 65% bought, 19.3 cards.",
    "T5 re-tuned bot piled coins for epoch III gold (50 coins at the last medal step, 1.38 gold, gold 23% of "
    "score): epoch III prices silver 20 gold 30; statue points 8/11/14 at the top; colony points 9/13 at "
    "levels 4/5: five specialists 18-22% each.",
    "T6 epoch I blue/green bought 9-15% of the times drawn, epoch III yellow 23%: colour cost weights by "
    "epoch; the epoch III sell-bonus card became a coins card; boost cost 0.5/1.5/2.5 track points.",
    "T7 setup coins: +2 coins on S1 moved its mean +7.8 points (an epoch I coin is worth ~3 points): coins "
    "8/8/7/6/9, every setup card within 2 points of the mean.",
    "T8 red specialist weakest (13-15%): statue points 10/13 at the top; colony levels 3/4/5 points 6/11/16, "
    "plunder 7/10/13: red specialist 16-20%.",
    "T9 dominated cards never bought when drawn: per-point cost 0.8/0.7 in epochs I/II, cost noise off the "
    "points-heavy templates, minimum cost 1 (a 0-cost card was always bought), epoch I blue weight 0.6: every "
    "colour and epoch bought 28-40% of the times drawn in phase A.",
    "FINAL (bot re-tuned once more; 7,100 games): greedy self-play 124.8+-13.9 / 124.3+-13.1 / 126.1+-13.4 / "
    "127.4+-13.1 (2/3/4/5p); random 56.4 / 55.9 / 55.5 / 56.4 (+-12.9); greedy beats random in 100% of mixed "
    "games; greedy shares (4p) cards 36.5, colonies 20.0, statues 15.9, silver 7.8, gold 18.6, coins 1.1; "
    "five specialists (5p) 16.8/15.8/19.4/20.6/27.4 (yellow/red/blue/green/purple); each specialist vs 3 "
    "greedy 19.0/19.7/23.8/18.2/22.0 (greedy 25); setup cards within -1.8..+1.0 of the mean (4p).",
    "T10 (engine, strongest agents, 2026-12-02; python -m agents.game_tools.hadara.balance) the "
    "learned ppo:hadara-default takes 44.5 points from silver medals against three greedy (greedy "
    "15.5) and 25.0 at a table of four of itself (gold 3.7); greedy's silver share 13.2% (target "
    "5-12); five specialists at one 5p table (1,000 games): green 32.9% [30.1, 35.9] with 42.4 "
    "silver points: silver medals 6/10/20 -> 8/12/24: green 29.6% [26.9, 32.5] with 29.6 silver "
    "points (yellow 13.8, red 15.2, blue 16.7, purple 25.0%); greedy self-play 4p (300 games) "
    "120.5+-17.6, shares cards 29.7, colonies 22.1, statues 13.2, silver 8.9, gold 24.3, coins "
    "1.7; ppo:hadara-default vs 3 greedy 46.2% [41.4, 51.1] (400 games; 54.3% on the T9 data).",
    "T11 setup card S4 (+1 income, 6 coins) below the table mean at 4 x ppo:hadara-default (-4.2 "
    "[-6.7, -1.7], 200 games, T10 data) and in greedy self-play (-4.9 at T10, -3.9 on the T9 "
    "data): S4 coins 6 -> 7: S4 -0.6 [-3.0, +1.8] at 4 x PPO (S1 +0.8, S2 -1.7, S3 -1.3, S5 +2.4; "
    "first player +0.4); greedy self-play 120.6+-17.2, setup cards +0.2/-1.7/+1.4/-0.7/+0.7, "
    "first player -1.4, silver 9.3%; ppo:hadara-default vs 3 greedy 44.8% [40.0, 49.6] (400 "
    "games); each specialist vs 3 ppo:hadara-default (200 games; the policy trained on the T9 "
    "prices): green 32.0% [25.9, 38.8], red 25.0, purple 21.0, blue 17.5, yellow 12.5, greedy "
    "20.0%.",
    "T12 (engine, 2026-12-02) on the T11 data the green specialist leads the five-specialist "
    "table (1,000 games; python -m agents.game_tools.hadara.balance --tables five): green 32.3% "
    "[29.5, 35.3] (target 12-30), purple 25.7%, and beats three greedy (31.8% [27.4, 36.5], 400 "
    "games); a ppo:hadara-default retrained on T11 buys I-G07 (cost 1) at 128 of 153 phase-A "
    "draws: green epoch I cost weight 0.4 -> 0.5 (I-G01, I-G02, I-G07 cost 1 -> 2, I-G09 3 -> 4): "
    "five specialists (1,000 games) yellow 12.8, red 17.8, blue 16.8, green 26.7 [24.1, 29.5], "
    "purple 26.3%; each specialist vs 3 greedy (300 games) yellow 16.0, red 20.0, blue 18.0, "
    "green 24.3, purple 25.7%; greedy self-play 4p (300 games) 119.8+-17.2, shares cards 29.6, "
    "colonies 22.0, statues 13.2, silver 9.4, gold 24.0, coins 1.7; setup cards "
    "+0.9/+0.1/+0.2/-2.4/+1.1, first player +0.1.",
]

ROMAN = {1: "I", 2: "II", 3: "III"}
LETTER = {"yellow": "Y", "red": "R", "blue": "B", "green": "G", "purple": "P"}


def card_cost(epoch, track_points, points, weight, noise, extra=0.0):
    c = PARAMS["cost"][epoch]
    raw = c["base"] + c["per_track"] * (track_points * weight + extra) + c["per_point"] * points
    return max(PARAMS["min_cost"], int(round(raw)) + noise)


def effect_extra(effect, epoch):
    if effect is None:
        return 0.0, 0.0
    kind, arg = effect
    if kind == "coins":
        return 0.0, PARAMS["effect_cost"]["coins"] * arg      # coin-valued
    if kind == "boost":
        return PARAMS["effect_cost"]["boost"][epoch], 0.0
    if kind == "sell_bonus":
        return PARAMS["effect_cost"]["sell_bonus"] * arg, 0.0
    raise ValueError(kind)


def effect_json(effect):
    if effect is None:
        return None
    kind, arg = effect
    if kind == "coins":
        return {"kind": "coins", "n": arg}
    if kind == "boost":
        return {"kind": "boost", "colour": arg}
    return {"kind": "sell_bonus", "n": arg}


def gen_cards():
    cards = []
    noise = PARAMS["noise"]
    for e in (1, 2, 3):
        for colour in COLOURS:
            if colour != "purple":
                tr = TRACK_OF[colour]
                others = [t for t in TRACKS if t != tr]
                k = TRACKS.index(tr)
                nsec = 0
                for j, (a, b, v) in enumerate(PARAMS["templates"][e]):
                    a = int(a * PARAMS["primary_scale"][colour] + 0.5)
                    tracks = {t: 0 for t in TRACKS}
                    tracks[tr] += a
                    if b:
                        tracks[others[(k + nsec) % 3]] += b
                        nsec += 1
                    w = PARAMS["colour_weight"][colour][e]
                    cost = card_cost(e, a + b, v, w, noise[j])
                    cards.append(dict(epoch=e, colour=colour, cost=cost, tracks=tracks,
                                      points=v, star=False, effect=None))
            else:
                for star, table in ((False, PARAMS["purple"][e]), (True, PARAMS["purple_star"][e])):
                    for trk, v, eff in table:
                        tracks = {t: trk.get(t, 0) for t in TRACKS}
                        x_track, x_coins = effect_extra(eff, e)
                        cost = card_cost(e, sum(tracks.values()), v, 1.0, 0, extra=x_track)
                        cost = max(0, cost + int(round(x_coins)))
                        cards.append(dict(epoch=e, colour="purple", cost=cost, tracks=tracks,
                                          points=v, star=star, effect=effect_json(eff)))
    # ids: E-C-nn, index in file order
    counters = {}
    for i, c in enumerate(cards):
        key = (c["epoch"], c["colour"])
        counters[key] = counters.get(key, 0) + 1
        c_id = f"{ROMAN[c['epoch']]}-{LETTER[c['colour']]}{counters[key]:02d}"
        cards[i] = dict(id=c_id, index=i, **c)
    return cards


def gen_colonies():
    cols = []
    for level, (req, pts, plunder, cost, total) in enumerate(PARAMS["colony_levels"], start=1):
        for j, back in enumerate(PARAMS["colony_backs"]):
            tracks = {t: 0 for t in TRACKS}
            share, rest = divmod(total, len(back))
            for i, t in enumerate(back):
                tracks[t] += share + (1 if i < rest else 0)
            cols.append(dict(id=f"C{level}-{j + 1}", index=len(cols), level=level, requirement=req,
                             points=pts, plunder=plunder, integrate_cost=cost, back=tracks))
    return cols


def build():
    data = {
        "format": "hadara-components/1",
        "source": "reconstruction",
        "note": ("RECONSTRUCTION - not the published component values. Generated by "
                 "hydra_env/games/hadara/data/generate.py from a parametric model and calibrated by "
                 "simulation (docs/games/hadara/rules.md, Calibration). This file is the source of truth: "
                 "edit it by hand, or change generate.py and re-generate. Basic game only: "
                 "starred purple cards (advanced) are data placeholders, uncalibrated."),
        "colours": COLOURS,
        "tracks": TRACKS,
        "track_of_colour": TRACK_OF,
        "board_order": PARAMS["board_order"],
        "sale_value": {str(k): v for k, v in PARAMS["sale_value"].items()},
        "setup_cards": [dict(id=f"S{i}", initiative=i, side="A",
                             tracks=dict(income=inc, military=mil, culture=cul, food=food),
                             coins=coins, source="reconstruction")
                        for (i, inc, mil, cul, food, coins) in PARAMS["setup_a"]],
        "player_board": {
            "statues": [dict(index=s, culture=r, points=p, bonus=b)
                        for s, (r, p, b) in enumerate(PARAMS["statues"])],
            "tiles_per_track": PARAMS["tiles_per_track"],
            "silver_spaces": PARAMS["silver_spaces"],
            "gold_spaces": PARAMS["gold_spaces"],
        },
        "medals": {"silver_price": [PARAMS["silver_price"][e] for e in (1, 2, 3)],
                   "gold_price": [PARAMS["gold_price"][e] for e in (1, 2, 3)],
                   "gold_points_per_set": PARAMS["gold_points_per_set"]},
        "scoring": {"coins_per_point": PARAMS["coins_per_point"]},
        "effects": {
            "coins": "on purchase: gain n coins (immediate)",
            "boost": "on purchase: +1 on the track of `colour` per card of that colour owned (immediate)",
            "sell_bonus": "while owned: +n coins each time its owner sells a card (persistent)",
        },
        "colonies": gen_colonies(),
        "cards": gen_cards(),
        "calibration": CALIBRATION,
    }
    return data


def dumps(d):
    """JSON with one card / colony / setup card / statue per line, for hand editing."""
    rows = []
    for k, v in d.items():
        if k in ("cards", "colonies", "setup_cards", "calibration") and isinstance(v, list):
            inner = ",\n  ".join(json.dumps(x, separators=(", ", ": ")) for x in v)
            rows.append(f' "{k}": [\n  {inner}\n ]')
        elif k == "player_board":
            st = ",\n   ".join(json.dumps(x) for x in v["statues"])
            rest = ", ".join(f'"{a}": {json.dumps(b)}' for a, b in v.items() if a != "statues")
            rows.append(f' "{k}": {{\n  "statues": [\n   {st}\n  ],\n  {rest}\n }}')
        else:
            rows.append(f' "{k}": {json.dumps(v)}')
    return "{\n" + ",\n".join(rows) + "\n}\n"


def check(data):
    cards = data["cards"]
    assert len(cards) == 162, len(cards)
    for e in (1, 2, 3):
        for col in COLOURS:
            basic = [c for c in cards if c["epoch"] == e and c["colour"] == col and not c["star"]]
            assert len(basic) == 10, (e, col, len(basic))
        assert sum(1 for c in cards if c["epoch"] == e and c["star"]) == 4
    assert len(data["colonies"]) == 25
    assert len(data["setup_cards"]) == 5


def apply_changes(changes: dict) -> None:
    """A re-tune candidate: ``changes["params"]`` replaces whole entries of PARAMS (JSON epoch keys
    "1".."3" become ints), ``changes["calibration"]`` is appended to the calibration notes."""
    global CALIBRATION

    def ints(value):
        if isinstance(value, dict):
            return {int(k) if isinstance(k, str) and k.isdigit() else k: ints(v) for k, v in value.items()}
        return value

    for key, value in changes.get("params", {}).items():
        if key not in PARAMS:
            raise SystemExit(f"--changes: no generator parameter {key!r}; the parameters: {', '.join(PARAMS)}")
        PARAMS[key] = ints(value)
    CALIBRATION = CALIBRATION + list(changes.get("calibration", []))


def main(argv=None):
    """``[OUT.json] [--changes CHANGES.json]``: write the components (a candidate with --changes)."""
    import argparse
    parser = argparse.ArgumentParser(description="Generate Hadara's reconstructed components.")
    parser.add_argument("out", nargs="?", default=str(Path(__file__).with_name("hadara-components.json")),
                        help="the file to write (default: the shipped file beside this module)")
    parser.add_argument("--changes", help="a JSON file {\"params\": {...}, \"calibration\": [...]}: a "
                        "re-tune candidate (write it to another OUT and try it with --components OUT)")
    args = parser.parse_args(argv)
    if args.changes:
        try:
            changes = json.loads(Path(args.changes).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SystemExit(f"--changes {args.changes}: {exc}") from None
        apply_changes(changes)
    d = build()
    check(d)
    with open(args.out, "w") as f:
        f.write(dumps(d))
    print("wrote", args.out, len(d["cards"]), "cards")


if __name__ == "__main__":
    main()
