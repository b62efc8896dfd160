"""Measure Heroica's bots against each other, seats rotated::

    python -m hydra_env.games.heroica.measure race 2 300        # heuristic vs greedy, 2-seat race
    python -m hydra_env.games.heroica.measure battle 2 300      # heuristic vs greedy Monster Player
    python -m hydra_env.games.heroica.measure solo 1 300        # greedy solo, censored mean T per class

Prints the win shares (race: of the heuristic seat; battle: of the Monster Player, heuristic
and greedy) and the games' lengths. numpy and the standard library only.
"""

from __future__ import annotations

import sys
from typing import Any

from hydra_env.games.heroica.bots import GreedyBot, HeuristicBot
from hydra_env.games.heroica.loader import CLASS_ORDER
from hydra_env.games.heroica.spec import new_game


def play(game: Any, bots: list[Any]) -> Any:
    """Play ``game`` to its end with one bot per seat; its result."""
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    return game.result()


def race(players: int, games: int) -> str:
    """The heuristic's win share in a race against greedy, its seat rotated."""
    wins = done = 0
    for g in range(games):
        seat = g % players
        bots = [HeuristicBot(g) if s == seat else GreedyBot(g) for s in range(players)]
        result = play(new_game(seed=g, num_players=players, mode="race"), bots)
        wins += result.winner == seat
        done += result.winner >= 0
    return f"race {players} seats, {games} games: heuristic wins {wins / games:.3f} (fair share {1 / players:.3f}), " \
           f"finished {done / games:.3f}"


def battle(players: int, games: int) -> str:
    """The Monster Player's win share, heuristic and greedy, against greedy heroes."""
    out = []
    for name, maker in (("heuristic", HeuristicBot), ("greedy", GreedyBot)):
        wins = heroes = 0
        for g in range(games):
            bots = [GreedyBot(g) for _ in range(players - 1)] + [maker(g)]
            winner = play(new_game(seed=g, num_players=players, mode="battle"), bots).winner
            wins += winner == players - 1
            heroes += 0 <= winner < players - 1
        out.append(f"{name} Monster Player wins {wins / games:.3f} (greedy heroes {heroes / games:.3f})")
    return f"battle {players} seats, {games} games: " + "; ".join(out)


def solo(games: int) -> str:
    """Greedy and heuristic solo: censored mean T per class."""
    lines = []
    for name, maker in (("greedy", GreedyBot), ("heuristic", HeuristicBot)):
        for hero in CLASS_ORDER:
            turns = [play(new_game(seed=g, hero=hero), [maker(g)]).censored_turns for g in range(games)]
            lines.append(f"solo {name} {hero}: censored mean T {sum(turns) / games:.2f} over {games} seeds")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """``mode players games`` (see the module docstring)."""
    mode, players, games = argv[0], int(argv[1]), int(argv[2])
    print(solo(games) if mode == "solo" else race(players, games) if mode == "race" else battle(players, games))


if __name__ == "__main__":
    main(sys.argv[1:])
