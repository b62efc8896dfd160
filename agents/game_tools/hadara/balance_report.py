"""The figures of Hadara's balance tables from the games' facts, and their Markdown (:mod:`.balance`).

Win shares count a shared first place as a win for every seat in it (as ``hydra-env
evaluate``'s "won (shared counts)"), with a 95% Wilson interval; means carry a normal 95%
interval (1.96 standard errors). The stated criteria (:data:`CRITERIA`) mark what
dominates: a strategy whose win share's interval lies wholly above the fair share 1/N, a
card bought in phase A in more than 80% (or fewer than 5%) of the times it is drawn, over at
least :data:`MIN_DRAWS` draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from agents import stats
from agents.game_tools.hadara.balance_play import CardCounts, GameFacts
from agents.game_tools.hadara.sources import LABELS, SOURCES, all_sources

LOW, HIGH, MIN_DRAWS = 0.05, 0.80, 20
CRITERIA = (f"a strategy dominates when its win share's 95% interval lies wholly above the fair share 1/N; "
            f"a card is never (always) bought when the strong agent buys it in phase A in under "
            f"{LOW:.0%} (over {HIGH:.0%}) of the times it draws it, over at least {MIN_DRAWS} draws")


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation and a normal 95% interval (1.96 standard errors)."""
    n = len(values)
    if not n:
        return {"n": 0, "mean": None, "sd": None, "ci95": [None, None]}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half]}


def seat_rows(facts: Sequence[GameFacts], spec: str) -> dict[str, Any]:
    """The win share, score and points by source of the seats played by ``spec``."""
    wins, scores, parts = 0, [], {name: [] for name in SOURCES}
    for g in facts:
        by = all_sources(g.result)
        for seat, s in enumerate(g.specs):
            if s == spec:
                wins += int(seat in g.result["winners"])
                scores.append(g.result["scores"][seat])
                for name in SOURCES:
                    parts[name].append(by[seat][name])
    n = len(scores)
    lo, hi = stats.wilson_interval(wins, n) or (None, None)
    return {"spec": spec, "seats": n, "wins": wins, "win_rate": wins / n if n else None, "win_ci95": [lo, hi],
            "score": mean_ci(scores), "sources": {k: (sum(v) / n if n else None) for k, v in parts.items()}}


def versus_summary(facts: Sequence[GameFacts], agent: str, opponent: str) -> dict[str, Any]:
    """One agent against the others of one opponent: the agent's row, the fair share, the verdict."""
    players = len(facts[0].specs) if facts else 0
    row = {**seat_rows(facts, agent), "opponent": opponent, "games": len(facts), "players": players,
           "fair": 1 / players if players else None}
    row["dominates"] = bool(row["win_ci95"][0] is not None and row["win_ci95"][0] > row["fair"])
    return row


def five_summary(facts: Sequence[GameFacts], lineup: Sequence[str]) -> dict[str, Any]:
    """One line-up at one table: each spec's row and the verdicts."""
    players = len(lineup)
    rows = [{**seat_rows(facts, spec), "fair": 1 / players} for spec in dict.fromkeys(lineup)]
    for row in rows:
        row["dominates"] = bool(row["win_ci95"][0] is not None and row["win_ci95"][0] > row["fair"])
    return {"games": len(facts), "players": players, "rows": rows}


def setup_summary(facts: Sequence[GameFacts]) -> dict[str, Any]:
    """Each setup card's score less the table mean, and the epoch-I first player's score less the
    mean of the others."""
    by_card: dict[str, list[float]] = {}
    first = []
    for g in facts:
        scores = g.result["scores"]
        n = len(scores)
        mean = sum(scores) / n
        for seat, card in enumerate(g.setup):
            by_card.setdefault(card, []).append(scores[seat] - mean)
        f = g.first
        first.append(scores[f] - (sum(scores) - scores[f]) / (n - 1))
    return {"games": len(facts), "setup_cards": {k: mean_ci(v) for k, v in sorted(by_card.items())},
            "first_player": mean_ci(first)}


def card_summary(facts: Sequence[GameFacts], spec: str, comps: Any) -> dict[str, Any]:
    """Per basic epoch card, at the seats of ``spec``: drawn and bought in phase A, offered and
    bought in phase B; the rates by colour and epoch; the cards under :data:`LOW` and over
    :data:`HIGH` in phase A."""
    from hydra_env.games.hadara.components import COLOURS
    total: dict[int, CardCounts] = {}
    for g in facts:
        for (s, card), c in g.cards.items():
            if s == spec:
                t = total.setdefault(card, CardCounts())
                t.drawn, t.bought_a = t.drawn + c.drawn, t.bought_a + c.bought_a
                t.offered, t.bought_b = t.offered + c.offered, t.bought_b + c.bought_b
    cards, groups = [], {}
    for card in comps.cards:
        if card.star:
            continue
        t = total.get(card.index, CardCounts())
        row = {"id": card.id, "epoch": card.epoch, "colour": COLOURS[card.colour], "cost": card.cost,
               "drawn": t.drawn, "bought_a": t.bought_a, "rate_a": t.bought_a / t.drawn if t.drawn else None,
               "offered": t.offered, "bought_b": t.bought_b,
               "rate_b": t.bought_b / t.offered if t.offered else None}
        cards.append(row)
        g = groups.setdefault(f"{row['colour']} {card.epoch}", [0, 0])
        g[0], g[1] = g[0] + t.drawn, g[1] + t.bought_a
    listed = [r for r in cards if r["drawn"] >= MIN_DRAWS]
    drawn = sum(r["drawn"] for r in cards)
    picks = [sum(g.picks.get(spec, [0, 0])[k] for g in facts) for k in (0, 1)]
    return {"spec": spec, "games": len(facts), "picks": picks[0], "buys": picks[1],
            "buy_rate": picks[1] / picks[0] if picks[0] else None,
            "drawn": drawn, "bought_a": sum(r["bought_a"] for r in cards),
            "offered": sum(r["offered"] for r in cards), "bought_b": sum(r["bought_b"] for r in cards),
            "cards": cards, "by_colour_epoch": {k: (b / d if d else None) for k, (d, b) in groups.items()},
            "below": [r["id"] for r in listed if r["rate_a"] < LOW],
            "above": [r["id"] for r in listed if r["rate_a"] > HIGH],
            "too_few": [r["id"] for r in cards if r["drawn"] < MIN_DRAWS]}


# ------------------------------------------------------------------ Markdown

def pct(rate: float | None, ci: Sequence[float | None] = (None, None)) -> str:
    """``12.3% [10.1, 14.8]`` (or ``-``)."""
    if rate is None:
        return "-"
    return f"{100 * rate:.1f}%" + ("" if ci[0] is None else f" [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]")


def _sources(row: dict[str, Any]) -> str:
    return " / ".join("-" if row["sources"][k] is None else f"{row['sources'][k]:.1f}" for k in SOURCES)


def markdown(result: dict[str, Any]) -> str:
    """The balance tables as Markdown (the figures of :func:`agents.game_tools.hadara.balance.run`)."""
    cfg = result["config"]
    out = ["# Hadara balance tables (rules with reconstructed components)\n",
           f"Components: {cfg['components']}; seed {cfg['seed']}; command: `{cfg['command']}`\n",
           f"Criteria: {CRITERIA}.\n"]
    if result.get("versus"):
        out += ["## Each bot against three of a strong agent (4 players, seats rotated; fair share 25%)\n",
                "| bot | against | games | won (shared counts) | mean score | points by source: "
                + " / ".join(LABELS[k] for k in SOURCES) + " | dominates |", "| --- " * 7 + "|"]
        for r in result["versus"]:
            out.append(f"| `{r['spec']}` | 3 × `{r['opponent']}` | {r['games']} | {pct(r['win_rate'], r['win_ci95'])} "
                       f"| {r['score']['mean']:.1f} | {_sources(r)} | {'**yes**' if r['dominates'] else 'no'} |")
        out.append("")
    if result.get("five"):
        f = result["five"]
        out += [f"## The five specialists at one table ({f['players']} players, {f['games']} games, seats rotated; "
                f"fair share {100 / f['players']:.0f}%)\n",
                "| specialist | won (shared counts) | mean score | points by source | dominates |",
                "| --- " * 5 + "|"]
        for r in f["rows"]:
            out.append(f"| `{r['spec']}` | {pct(r['win_rate'], r['win_ci95'])} | {r['score']['mean']:.1f} "
                       f"| {_sources(r)} | {'**yes**' if r['dominates'] else 'no'} |")
        out.append("")
    for spec, s in (result.get("self") or {}).items():
        out += [f"## 4 × `{spec}`: setup cards, first player, sources ({s['setup']['games']} games)\n",
                "| setup card | seats | score less the table mean |", "| --- | --- | --- |"]
        for card, m in s["setup"]["setup_cards"].items():
            out.append(f"| {card} | {m['n']} | {m['mean']:+.1f} [{m['ci95'][0]:+.1f}, {m['ci95'][1]:+.1f}] |")
        fp = s["setup"]["first_player"]
        out += [f"| epoch-I first player (against the others' mean) | {fp['n']} | {fp['mean']:+.1f} "
                f"[{fp['ci95'][0]:+.1f}, {fp['ci95'][1]:+.1f}] |", "",
                f"Points by source at this table: {_sources(s['seats'])} "
                f"(mean score {s['seats']['score']['mean']:.1f}).\n"]
        c = s["cards"]
        out += [f"Picks bought (DRAFT and PICK decisions that buy): {c['buys']}/{c['picks']} = {pct(c['buy_rate'])}.\n",
                f"Cards (phase A: bought / drawn; phase B: bought / offered as a pile top): phase A "
                f"{c['bought_a']}/{c['drawn']} = {pct(c['bought_a'] / max(c['drawn'], 1))}, phase B "
                f"{c['bought_b']}/{c['offered']} = {pct(c['bought_b'] / max(c['offered'], 1))}.\n",
                "Phase A by colour and epoch: " + ", ".join(f"{k} {pct(v)}" for k, v in c["by_colour_epoch"].items())
                + ".\n",
                f"Under {LOW:.0%} in phase A ({len(c['below'])}): " + (", ".join(_card_text(c, i) for i in c["below"])
                                                                      or "none") + ".\n",
                f"Over {HIGH:.0%} in phase A ({len(c['above'])}): " + (", ".join(_card_text(c, i) for i in c["above"])
                                                                      or "none") + ".\n",
                f"Drawn fewer than {MIN_DRAWS} times (not judged): {len(c['too_few'])}.\n"]
    return "\n".join(out)


def _card_text(summary: dict[str, Any], card_id: str) -> str:
    r = next(r for r in summary["cards"] if r["id"] == card_id)
    return f"{card_id} (cost {r['cost']}; {r['bought_a']}/{r['drawn']}; phase B {r['bought_b']}/{r['offered']})"
