"""``api_test``: the conformance test every registered game passes (Pgx's ``api_test``).

::

    from hydra_env.api.conformance import api_test
    api_test("hydras", games=3, seed=0)              # raises AssertionError on a breach

It plays random games of the game and checks, at every step, what generic code
relies on (:mod:`hydra_env.api.protocols`):

- ``legal_mask()`` is a bool array of length ``action_size`` equal to
  ``legal_actions()``, and ``is_legal`` agrees with both;
- an illegal action (in range and out of range) raises
  :class:`~hydra_env.errors.IllegalActionError` and leaves the game unchanged;
- ``current_player`` is a seat while the game runs, ``TERMINAL`` once it is over,
  with no legal action left and ``apply`` raising;
- ``to_json`` and ``spec.from_json`` round-trip to the same text and the same future;
- ``clone()`` is independent of its original;
- the same seed and actions give the same game, different seeds different deals;
- ``view(seat)`` works for every seat; ``describe`` and ``render`` give text;
  ``result().to_dict()`` is JSON data;
- ``determinize(seat, rng)`` leaves what that seat sees unchanged (no leak of
  hidden information into the re-deal): the seat's view, compared through
  ``view.observe()`` (plain data) and ``view.legal_actions()`` where the view has
  them, else through the view itself (a view that compares by value);
- for a game with chance after the deal (``spec.chance``), ``determinize(seat, rng)``
  gives a future of its own: somewhere in the run, the re-dealt game and the game
  itself, played on with the same actions, come to show the seat different things (a
  copy that keeps the draws to come would let a search read them); a run whose games
  all end within a few steps of every check gives no verdict;
- where the spec names kinds of decision, ``decision_kind(view)`` of the seat to act
  is one of ``decision_names``;
- every engine of ``spec.engines`` (or of ``engines=``) gives the same ``to_json``
  after each action.

Every failure names the game, the seed and the step. numpy and the standard library only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hydra_env.api.protocols import TERMINAL
from hydra_env.api.registry import game_spec
from hydra_env.api.spec import GameSpec
from hydra_env.errors import IllegalActionError

CHECK_EVERY = 5
"""The costlier checks (views, determinize, clone, round trip) run every this many steps."""
FUTURE_STEPS = 40
"""How far a re-dealt game and the game itself are played on together to compare futures."""
SHORTEST_WINDOW = 10
"""The fewest steps played alike (to the window's end or the game's) that count against a re-deal."""


def api_test(game: str | GameSpec, *, games: int = 3, seed: int = 0, max_steps: int = 300,
             params: Mapping[str, Any] | None = None, engines: Sequence[str] | None = None) -> None:
    """Play ``games`` random games of ``game`` (a name or spec) from seeds ``seed, seed+1, ...``
    and check the Game API at every step (this module's docstring lists the checks).

    ``max_steps`` caps each game's length; ``params`` are the game's parameters
    (its defaults when None); ``engines`` those to play on and compare (default
    ``spec.engines``; the first one leads). Raises AssertionError naming the game,
    seed and step.
    """
    spec = game if isinstance(game, GameSpec) else game_spec(game)
    values = dict(params or {})
    chosen = tuple(spec.engines if engines is None else engines)
    if not chosen:
        raise ValueError("api_test needs at least one engine")
    futures = FutureWitness(spec.chance)
    for number in range(games):
        _play_one(spec, values, seed + number, max_steps, chosen, futures)
    _check(futures.seen or not futures.windows, f"game {spec.name!r} seeds {seed}..{seed + games - 1}",
           f"determinize(seat, rng) kept the game's own future at every checked position (played on with "
           f"the same actions for {FUTURE_STEPS} steps, the seat saw the same as in the game itself): reseed "
           f"the draws to come, or set chance=False in the spec of a game whose every chance is in the deal")
    _check_deals_differ(spec, values, seed, max(games, 4), chosen[0])


class FutureWitness:
    """Whether some re-deal of the run has shown a future of its own (see the module docstring)."""

    def __init__(self, wanted: bool) -> None:
        self.wanted, self.seen = wanted, False
        self.windows = 0
        """Looks that played the whole window alike: with none, the run gives no verdict."""

    def look(self, game: Any, seat: int, rng: np.random.Generator, choose: random.Random) -> None:
        """Play ``determinize(seat, rng)`` and a clone of ``game`` on with the same random actions
        (legal in both) for up to :data:`FUTURE_STEPS` steps; ``seen`` once the seat sees a difference."""
        if not self.wanted or self.seen:
            return
        redealt, itself = game.determinize(seat, rng), game.clone()
        steps = 0
        while steps < FUTURE_STEPS and not (redealt.is_over or itself.is_over):
            common = sorted(set(redealt.legal_actions()) & set(itself.legal_actions()))
            if not common:
                return                          # the worlds part on what the others may do: no verdict
            action = common[choose.randrange(len(common))]
            redealt.apply(action)
            itself.apply(action)
            steps += 1
            if _seat_picture(redealt, seat) != _seat_picture(itself, seat):
                self.seen = True
                return
        if redealt.is_over != itself.is_over:
            self.seen = True
        elif steps >= SHORTEST_WINDOW:
            self.windows += 1


def _check(condition: Any, where: str, message: str) -> None:
    if not condition:
        raise AssertionError(f"{where}: {message}")


def _snapshot(game: Any) -> tuple[str, int, list[int]]:
    """The saved text, the seat to act and its legal actions: what must not change unasked."""
    return game.to_json(), game.current_player, list(game.legal_actions())


def _seat_picture(game: Any, seat: int) -> tuple[Any, Any]:
    """What ``seat`` sees, as comparable data (see the module docstring)."""
    view = game.view(seat)
    seen = view.observe() if callable(getattr(view, "observe", None)) else view
    legal = view.legal_actions() if callable(getattr(view, "legal_actions", None)) else None
    return seen, legal


def _play_one(spec: GameSpec, params: dict[str, Any], seed: int, max_steps: int, engines: tuple[str, ...],
              futures: FutureWitness) -> None:
    """One random game on every engine, checked step by step."""
    games = {engine: spec.make(seed=seed, engine=engine, **params) for engine in engines}
    game = games[engines[0]]
    choose = random.Random(seed)
    saved: list[tuple[str, int]] = []           # (to_json, history length) to reload at the end
    step = 0
    where = f"game {spec.name!r} seed={seed} step={step}"
    _check_engines_agree(games, where)
    _check(game.num_players == spec.num_players(**params), where,
           f"the game has {game.num_players} seats, spec.num_players() says {spec.num_players(**params)}")
    while not game.is_over and step < max_steps:
        where = f"game {spec.name!r} seed={seed} step={step}"
        legal = _check_position(game, where)
        _check_illegal_actions(game, legal, choose, where)
        if step % CHECK_EVERY == 0:
            _check_views(game, legal, seed, where)
            _check_decision_kind(spec, game, where)
            futures.look(game, game.current_player, np.random.default_rng(seed * 7919 + step),
                         random.Random(seed * 31 + step))
            saved.append(_check_round_trip(spec, game, where))
            _check_clone_is_independent(game, legal, choose, where)
        action = legal[choose.randrange(len(legal))]
        for each in games.values():
            each.apply(action)
        step += 1
        _check_engines_agree(games, f"game {spec.name!r} seed={seed} step={step}")
    where = f"game {spec.name!r} seed={seed} step={step}"
    if game.is_over:
        _check_finished(game, where)
    _check_result(game, where)
    _check_same_future(spec, game, saved, where)
    _check_reproducible(spec, params, game, seed, where)


def _check_position(game: Any, where: str) -> list[int]:
    """Mask, legal actions, ``is_legal`` and the current player of a running game; the legal actions."""
    player = game.current_player
    _check(0 <= player < game.num_players, where, f"current_player {player} is not a seat of "
           f"{game.num_players} while the game runs")
    legal = list(game.legal_actions())
    _check(legal, where, "no legal action while the game runs")
    mask = game.legal_mask()
    _check(isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (game.action_size,),
           where, f"legal_mask() must be a bool array of shape ({game.action_size},), got "
           f"{type(mask).__name__} {getattr(mask, 'dtype', '?')} {getattr(mask, 'shape', '?')}")
    _check(sorted(legal) == np.flatnonzero(mask).tolist(), where, "legal_mask() and legal_actions() differ")
    _check(all(game.is_legal(a) for a in legal), where, "is_legal() is False for a legal action")
    return legal


def _check_illegal_actions(game: Any, legal: list[int], choose: random.Random, where: str) -> None:
    """An illegal action (one in range, when there is one, and one out of range) raises and changes nothing."""
    allowed = set(legal)
    illegal = [a for a in (choose.randrange(game.action_size) for _ in range(8)) if a not in allowed][:1]
    before = _snapshot(game)
    for action in [*illegal, game.action_size, -1]:
        _check(not game.is_legal(action), where, f"is_legal({action}) is True for an illegal action")
        try:
            game.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{where}: apply({action}) of an illegal action did not raise IllegalActionError")
        _check(_snapshot(game) == before, where, f"the illegal action {action} changed the game")


def _check_views(game: Any, legal: list[int], seed: int, where: str) -> None:
    """Views of every seat, the re-deal of each seat, text and the result as data."""
    for seat in range(game.num_players):
        seen = _seat_picture(game, seat)
        for k in range(2):
            other = game.determinize(seat, np.random.default_rng(seed * 7919 + k))
            _check(_seat_picture(other, seat) == seen, where,
                   f"determinize({seat}) changed what seat {seat} sees (hidden information leaks)")
    for action in legal[:3]:
        _check(isinstance(game.describe(action), str), where, f"describe({action}) is not text")
    _check(isinstance(game.render(), str), where, "render() is not text")
    _check_result(game, where)


def _check_decision_kind(spec: GameSpec, game: Any, where: str) -> None:
    if spec.decision_kind is not None:
        kind = spec.decision_kind(game.view(game.current_player))
        _check(kind in spec.decision_names, where, f"decision_kind() gave {kind!r}, not one of decision_names")


def _check_result(game: Any, where: str) -> None:
    data = game.result().to_dict()
    try:
        json.dumps(data)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{where}: result().to_dict() is not JSON data: {exc}") from None


def _check_round_trip(spec: GameSpec, game: Any, where: str) -> tuple[str, int]:
    """``to_json`` → ``from_json`` gives the same text; the text and the step, to replay later."""
    text = game.to_json()
    loaded = spec.from_json(text, engine=game.engine)
    _check(loaded.to_json() == text, where, "from_json(to_json()) gives another to_json()")
    return text, len(game.history)


def _check_clone_is_independent(game: Any, legal: list[int], choose: random.Random, where: str) -> None:
    before = _snapshot(game)
    twin = game.clone()
    _check(_snapshot(twin) == before, where, "clone() differs from its original")
    twin.apply(legal[choose.randrange(len(legal))])
    _check(_snapshot(game) == before, where, "playing the clone changed the original")


def _check_engines_agree(games: dict[str, Any], where: str) -> None:
    texts = {engine: game.to_json() for engine, game in games.items()}
    first = next(iter(texts.values()))
    differ = [engine for engine, text in texts.items() if text != first]
    _check(not differ, where, f"engines {', '.join(texts)} give different to_json() ({', '.join(differ)} differ)")


def _check_finished(game: Any, where: str) -> None:
    _check(game.current_player == TERMINAL, where, f"current_player is {game.current_player} once the game is "
           f"over, not TERMINAL ({TERMINAL})")
    _check(list(game.legal_actions()) == [] and not game.legal_mask().any(), where,
           "legal actions remain once the game is over")
    before = game.to_json()
    for action in range(min(game.action_size, 3)):
        try:
            game.apply(action)
        except IllegalActionError:
            continue
        raise AssertionError(f"{where}: apply({action}) on a finished game did not raise IllegalActionError")
    _check(game.to_json() == before, where, "apply() changed a finished game")


def _check_same_future(spec: GameSpec, game: Any, saved: list[tuple[str, int]], where: str) -> None:
    """Every saved position, loaded and played on with the game's own actions, ends as the game did."""
    final = game.to_json()
    for text, length in saved:
        loaded = spec.from_json(text, engine=game.engine)
        for action in game.history[length:]:
            loaded.apply(action)
        _check(loaded.to_json() == final, where, f"the game saved at step {length} and loaded has another future")


def _check_reproducible(spec: GameSpec, params: dict[str, Any], game: Any, seed: int, where: str) -> None:
    again = spec.make(seed=seed, engine=game.engine, **params)
    for action in game.history:
        again.apply(action)
    _check(again.to_json() == game.to_json(), where, "the same seed and actions give another game")


def _check_deals_differ(spec: GameSpec, params: dict[str, Any], seed: int, count: int, engine: str) -> None:
    """Some two of ``count`` seeds deal games that some seat sees differently."""
    pictures = []
    for offset in range(count):
        game = spec.make(seed=seed + offset, engine=engine, **params)
        pictures.append(repr([_seat_picture(game, seat) for seat in range(game.num_players)]))
    _check(len(set(pictures)) > 1, f"game {spec.name!r} seeds {seed}..{seed + count - 1}",
           "every seed deals the same game")
