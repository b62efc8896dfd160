"""The single effects of Hail Hydra's rules: draws, card values, damage, reveals, abilities'
legality. :mod:`.flow` strings them together; :mod:`.moves` applies the seats' decisions.

Every change to the city or the villain checks the end at once (HH30): :class:`GameEndError`
unwinds the flow, and the facade stops there.
"""

from __future__ import annotations

from hydra_env.api.rng import CounterRng
from hydra_env.games.hail_hydra.components import BLUE, VALUES, Components
from hydra_env.games.hail_hydra.state import HYDRA, NONE, State


class GameEndError(Exception):
    """Raised the moment a team wins (HH30); the state already records it."""


def rng_of(state: State) -> CounterRng:
    """The game's generator at its saved point (draws advance ``state.rng``: see :func:`draw_below`)."""
    return CounterRng(*state.rng)


def draw_below(state: State, n: int) -> int:
    """A uniform integer below ``n`` from the game's stream (HH8)."""
    rng = rng_of(state)
    value = rng.below(n)
    state.rng = rng.to_list()
    return value


def shuffle(state: State, items: list) -> None:
    """Shuffle ``items`` in place from the game's stream (HH8)."""
    rng = rng_of(state)
    rng.shuffle(items)
    state.rng = rng.to_list()


# ------------------------------------------------------------------ cards (HH2, HH11)
def draw_cards(state: State, seat: int, count: int) -> None:
    """``seat`` draws ``count`` cards from the top; an empty pile is refilled from the
    discard pile at that moment; with both empty the draw is lost (HH11)."""
    for _ in range(count):
        if not state.draw:
            if not any(state.discard):
                return
            state.draw = [v for v in range(8) for _ in range(state.discard[v])]
            state.discard = [0] * 8
            state.discard_public = [0] * 8
            state.reshuffles += 1
            shuffle(state, state.draw)
        state.hands[seat][state.draw.pop()] += 1


def discard_hand(state: State, seat: int) -> None:
    """A seat's whole hand to the discard pile, face down (HH10)."""
    hand = state.hands[seat]
    for v in range(8):
        state.discard[v] += hand[v]
    state.hands[seat] = [0] * 8


def power(state: State, comp: Components, kind: str) -> int | None:
    """The current villain's power amount when it is ``kind`` (static powers, HH19), else None."""
    if state.villain == NONE:
        return None
    villain = comp.villain(state.villain)
    if villain.power != kind:
        return None
    return villain.amount


def card_value(state: State, comp: Components, index: int) -> int:
    """A card's effective value under the current villain (V08 red shift, V15 blue shift)."""
    shift = power(state, comp, "blue_shift" if BLUE[index] else "red_shift") or 0
    return VALUES[index] - shift


def play_lengths(state: State, comp: Components, seat: int) -> tuple[int, ...]:
    """The numbers of cards ``seat`` may play now (HH13, V09, V11): empty for an empty hand."""
    size = state.hand_size(seat)
    low, high = comp.play_min, comp.play_max
    cap = power(state, comp, "max_play")
    exact = power(state, comp, "exact_play")
    if cap is not None:
        high = min(high, cap)
    if exact is not None:
        low = high = exact
    if size == 0:
        return ()
    if size < low:
        return (size,)
    return tuple(k for k in range(low, high + 1) if k <= size)


# ------------------------------------------------------------------ damage and the end (HH4, HH30)
def hurt_city(state: State, amount: int, cause: str) -> None:
    """The city loses ``amount``; HYDRA wins at once at 0 or below (HH30)."""
    if amount <= 0:
        return
    state.city -= amount
    offensive = state.offensive
    if offensive is not None and state.stage in ("play", "resolve", "gift", "attack"):
        offensive["city_damage"] += amount
    if state.city <= 0:
        end_game(state, "hydra", cause)


def heal_city(state: State, comp: Components, amount: int) -> None:
    """The city regains ``amount``, never above its start (HH4)."""
    state.city = min(comp.city_health, state.city + amount)


def hurt_villain(state: State, comp: Components, amount: int) -> None:
    """The villain loses ``amount`` (never below 0); Red Skull at 0 is SHIELD's win (HH16, HH30)."""
    amount = max(0, min(amount, state.health))
    state.health -= amount
    if state.offensive is not None:
        state.offensive["villain_damage"] += amount
    if state.health <= 0 and comp.villain(state.villain).tier == 4:
        state.offensive["defeated"] = True
        state.defeated.append(state.villain)
        end_game(state, "shield", "red_skull_defeated")


def end_game(state: State, winner: str, cause: str) -> None:
    """Record the winner and unwind (:class:`GameEndError`)."""
    state.game_over, state.winner, state.cause, state.pending = True, winner, cause, None
    raise GameEndError(winner)


def reveal(state: State, comp: Components, seat: int) -> None:
    """HAIL HYDRA: the seat's loyalty becomes public; the city loses the hero's reveal damage (HH25)."""
    hero = comp.heroes[state.heroes[seat]]
    state.revealed[seat] = True
    if state.offensive is not None:
        state.offensive["revealed"][seat] = True
    hurt_city(state, hero.reveal_out if state.out[seat] else hero.reveal_active, "reveal")


# ------------------------------------------------------------------ abilities (HH27-HH29)
def can_use(state: State, seat: int) -> bool:
    """Whether a seat may still use its ability at all: unused, not knocked out, not revealed (HH27)."""
    return not state.used[seat] and not state.out[seat] and not state.revealed[seat]


def eligible_targets(state: State, seat: int) -> list[int]:
    """The seats ``seat`` may nominate, vote for or ambush (HH23): others, not out, not immune."""
    return [s for s in range(state.players) if s != seat and not state.out[s] and not state.immune[s]]


def ability_targets(state: State, comp: Components, seat: int) -> list[int]:
    """The targets of ``seat``'s ability now (empty when it takes none or none is legal)."""
    effect = comp.heroes[state.heroes[seat]].effect
    offensive = state.offensive
    if effect == "peek_loyalty":
        return [s for s in range(state.players) if s != seat and not state.revealed[s]]
    if effect == "peek_played":
        return [s for s in range(state.players) if s != seat and offensive is not None
                and offensive["played"][s] and sum(offensive["down"][s]) > 0]
    if effect == "check_claim":
        return [s for s in range(state.players) if s != seat and offensive is not None
                and offensive["claim"][s] != NONE]
    if effect == "ambush":
        return eligible_targets(state, seat)
    return []


TARGETED = ("peek_loyalty", "peek_played", "check_claim", "ambush")


def ability_legal(state: State, comp: Components, seat: int, window: str) -> bool:
    """Whether ``seat`` may use its ability now, in ``window`` (HH27-HH29's 'legal when')."""
    if not can_use(state, seat):
        return False
    hero = comp.heroes[state.heroes[seat]]
    if hero.window != window:
        return False
    if hero.effect in TARGETED:
        return bool(ability_targets(state, comp, seat))
    if hero.effect == "zero_defence":
        return state.defence > 0
    if hero.effect == "remove_card":
        cards = state.offensive["cards"]
        return cards is not None and not state.offensive["hidden"] and sum(cards) > 0
    if hero.effect == "cancel_knockout":
        return state.round is not None and state.round["result"] != NONE and not state.round["rally"]
    return True


def is_hydra(state: State, seat: int) -> bool:
    """Whether a seat is a HYDRA agent (hidden information)."""
    return state.loyalty[seat] == HYDRA
