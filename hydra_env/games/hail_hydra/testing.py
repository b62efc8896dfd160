"""Hand-built positions for tests: forced deals, hands, villains and decisions.

::

    from hydra_env.games.hail_hydra import testing as t
    game = t.position(players=5, loyalty=[0, 1, 0, 1, 0], heroes="HR01,HR02,HR03,HR04,HR05")
    t.give_hand(game, 0, [+3, +3, -2])
    t.set_villain(game, "V12", health=4)

Every helper keeps the 80 cards (a hand takes its cards from the draw pile and returns
the old ones there) and marks the game as a forced position (its save loads with its own
start). Values are written as on the cards (+1..+4, -2..-5).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from hydra_env.games.hail_hydra.codec import CLAIM, PASS, TARGET, UP, cards_action
from hydra_env.games.hail_hydra.components import VALUES
from hydra_env.games.hail_hydra.game import HailHydraGame, new_game
from hydra_env.games.hail_hydra.state import State


def counts(values: Iterable[int]) -> list[int]:
    """Counts per value index of card values (``[+3, -2]``)."""
    out = [0] * 8
    for value in values:
        out[VALUES.index(value)] += 1
    return out


def play(values: Iterable[int]) -> int:
    """The CARDS action of card values."""
    return cards_action(counts(values))


def claim(good: int) -> int:
    """The CLAIM action of ``good`` good cards."""
    return CLAIM + good


def target(game: HailHydraGame, seat: int, other: int) -> int:
    """The TARGET action by which ``seat`` names ``other``."""
    return TARGET + (other - seat) % game.num_players - 1


UP_ACTION, PASS_ACTION = UP, PASS


def refresh(game: HailHydraGame) -> HailHydraGame:
    """After editing ``game.state``: forget cached legal actions and make the position its own start."""
    game._legal = None
    game._forced = True
    start = game._state.clone()
    game._start = json.dumps(start.to_data())
    return game


def position(players: int = 6, seed: int = 0, loyalty: list[int] | None = None, heroes: str | None = None,
             first_player: int = 0, **options: Any) -> HailHydraGame:
    """A new game at its first decision with a forced loyalty deal (0 SHIELD, 1 HYDRA per seat)."""
    if heroes is None:
        heroes = ",".join(f"HR{k + 1:02d}" for k in range(players))
    game = new_game(seed=seed, engine="python", num_players=players, first_player=first_player, heroes=heroes,
                    **options)
    if loyalty is not None:
        game._state.loyalty = list(loyalty)
    return refresh(game)


def _take(state: State, value_index: int) -> None:
    if value_index in state.draw:
        state.draw.remove(value_index)
    elif state.discard[value_index] > state.discard_public[value_index]:
        state.discard[value_index] -= 1
    else:
        raise ValueError(f"no card {VALUES[value_index]:+d} left in the piles to put in a hand")


def give_hand(game: HailHydraGame, seat: int, values: Iterable[int]) -> HailHydraGame:
    """Replace ``seat``'s hand by ``values`` (the old cards go back on the draw pile)."""
    state = game._state
    old = state.hands[seat]
    for v in range(8):
        state.draw.extend([v] * old[v])
    state.hands[seat] = [0] * 8
    for v, n in enumerate(counts(values)):
        for _ in range(n):
            _take(state, v)
        state.hands[seat][v] = n
    return refresh(game)


def stack_draw(game: HailHydraGame, values: Iterable[int]) -> HailHydraGame:
    """Put ``values`` on top of the draw pile, the first value drawn first."""
    state = game._state
    wanted = [VALUES.index(v) for v in values]
    for v in wanted:
        state.draw.remove(v)
    state.draw.extend(reversed(wanted))
    return refresh(game)


def set_villain(game: HailHydraGame, vid: str, health: int | None = None, strength: int | None = None,
                defence: int | None = None) -> HailHydraGame:
    """Make the current villain ``vid`` (e.g. ``"V12"``) with its printed values unless given."""
    state, comp = game._state, game.components
    index = int(vid[1:]) - 1
    villain = comp.villain(index)
    state.villain = index
    state.health = state.start_health = villain.health if health is None else health
    state.strength = villain.strength if strength is None else strength
    state.defence = villain.defence if defence is None else defence
    return refresh(game)


def edit(game: HailHydraGame, **fields: Any) -> HailHydraGame:
    """Set state fields directly (``city=3``, ``out=[...]``)."""
    for name, value in fields.items():
        setattr(game._state, name, value)
    return refresh(game)


def run(game: HailHydraGame, policy: Callable[[HailHydraGame], int], until: Callable[[HailHydraGame], bool],
        limit: int = 5000) -> HailHydraGame:
    """Apply ``policy(game)`` until ``until(game)`` holds or the game ends."""
    for _ in range(limit):
        if game.is_over or until(game):
            return game
        game.apply(policy(game))
    raise AssertionError("run(): the condition was not reached")


def first_legal(game: HailHydraGame) -> int:
    """The smallest legal action (a deterministic policy)."""
    return game.legal_actions()[0]


def decision(game: HailHydraGame) -> tuple[int, int]:
    """(seat, decision type) of the pending decision."""
    pending = game.state.pending
    return (pending.seat, pending.kind)


def finish_plays(game: HailHydraGame, plays: dict[int, list[int]] | None = None,
                 claims: dict[int, int] | None = None) -> HailHydraGame:
    """Answer step 2: each PLAY with ``plays[seat]`` (an empty list passes; absent: the
    smallest legal multiset), each CLAIM with ``claims[seat]`` (absent: all good)."""
    from hydra_env.games.hail_hydra.state import CLAIM as CLAIM_DECISION
    from hydra_env.games.hail_hydra.state import PLAY
    plays, claims = plays or {}, claims or {}
    count = len(game.state.offensives)
    while not game.is_over and game.state.stage == "play" and game.state.pending is not None \
            and len(game.state.offensives) == count:
        seat, kind = decision(game)
        if kind == PLAY:
            if seat in plays:
                game.apply(play(plays[seat]) if plays[seat] else PASS)
            else:
                game.apply(next(a for a in game.legal_actions() if a < CLAIM or a == PASS))
        elif kind == CLAIM_DECISION:
            game.apply(claim(claims.get(seat, game.state.pending.arg)))
        else:
            break
    return game


def pass_offers(game: HailHydraGame, kinds: tuple[int, ...] | None = None) -> HailHydraGame:
    """Decline every pending offer of ``kinds`` (default: resolve, knock-out and verdict offers)."""
    from hydra_env.games.hail_hydra.state import KO_OFFER, RESOLVE_OFFER, VERDICT_OFFER
    kinds = (RESOLVE_OFFER, KO_OFFER, VERDICT_OFFER) if kinds is None else kinds
    while not game.is_over and decision(game)[1] in kinds:
        game.apply(PASS)
    return game


def defeat_villain(game: HailHydraGame) -> HailHydraGame:
    """From the start of step 2: set the villain's health to 1, give every active seat
    a +4 and play it, decline the offers: the villain falls (HH9)."""
    state = game._state
    edit(game, health=1)
    for seat in range(state.players):
        if not state.out[seat] and state.hand_size(seat) == 0:
            give_hand(game, seat, [4])
        elif not state.out[seat]:
            give_hand(game, seat, [4] + [VALUES[v] for v in range(8) for _ in range(state.hands[seat][v])][1:])
    finish_plays(game, {s: [4] for s in range(state.players)})
    from hydra_env.games.hail_hydra.state import RESOLVE_OFFER
    return pass_offers(game, (RESOLVE_OFFER,))
