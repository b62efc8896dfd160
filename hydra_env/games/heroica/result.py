"""The result of a game of Heroica: winner, turns T, score S, knock-outs, trophies (HR26, HR32, HR36).

``to_dict()`` is flat JSON data with the keys every generic tool reads
(``outcome``, ``winners``, ``ranks``, ``scores``, ``ranking``). numpy and the
standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hydra_env.games.heroica.loader import Tables
from hydra_env.games.heroica.state import State


@dataclass(frozen=True)
class HeroicaResult:
    """The figures of a game (final once it is over).

    ``outcome``: ``"ongoing"``, ``"won"`` (a hero player defeated the General),
    ``"monsters_won"`` (Battle, HR32) or ``"truncated"``; ``winner``: the winning
    seat or −1; ``turns``: solo the turn T of the win (the turns played when not
    won), else the rounds begun; ``score``: solo S = L + 1 − T (0 unless won),
    else 1 for the winner's seat; ``knock_outs`` and ``trophies``: per hero.
    """

    outcome: str
    winner: int
    players: int
    mode: str
    turns: int
    score: int
    limit: int
    knock_outs: tuple[int, ...]
    trophies: tuple[int, ...]
    hero_classes: tuple[str, ...]

    @property
    def censored_turns(self) -> int:
        """Solo metric (spec 4.7): T when won, L + 1 otherwise."""
        return self.turns if self.outcome == "won" else self.limit + 1

    def to_dict(self) -> dict[str, Any]:
        """Flat JSON data (lists per seat and per hero)."""
        done = self.winner >= 0
        scores = [int(done and seat == self.winner) for seat in range(self.players)]
        if self.mode == "solo":
            scores = [self.score]
        ranks = [1 if not done or seat == self.winner else 2 for seat in range(self.players)]
        ranking = ([self.winner] if done else []) + [s for s in range(self.players) if s != self.winner]
        return {"outcome": self.outcome, "winner": self.winner, "winners": [self.winner] if done else [],
                "ranks": ranks, "scores": scores, "ranking": ranking, "mode": self.mode, "turns": self.turns,
                "censored_turns": self.censored_turns, "score": self.score, "limit": self.limit,
                "knock_outs": sum(self.knock_outs), "trophies": sum(self.trophies),
                "hero_knock_outs": list(self.knock_outs), "hero_trophies": list(self.trophies),
                "hero_classes": list(self.hero_classes)}


def game_result(t: Tables, st: State) -> HeroicaResult:
    """The result of the state now."""
    if not st.game_over:
        outcome = "ongoing"
    elif st.truncated:
        outcome = "truncated"
    else:
        outcome = "monsters_won" if st.winner == st.monster_seat else "won"
    limit = st.options.solo_turn_limit if st.mode == "solo" else st.options.max_rounds
    turns = st.turn if st.mode == "solo" else st.round
    if st.mode == "solo":
        score = limit + 1 - st.win_turn if outcome == "won" else 0
    else:
        score = int(st.winner >= 0)
    return HeroicaResult(outcome, st.winner, st.players, st.mode, turns, score, limit, tuple(st.hero_kos),
                         tuple(st.hero_trophies), tuple(t.class_names[c] for c in st.hero_class))
