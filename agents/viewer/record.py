"""A replay as a list of frames: the game at every decision and after every engine step that shows.

:func:`record` re-simulates a replay document (``agents.replay``) step by step
(:mod:`agents.viewer.steps`) and keeps a :class:`Frame` for the start, for
the result of each decision, for each hydra effect and each card the Hydra
phase turns over (even one that changes nothing), and for any other step
that changes what can be seen (a shove, a wound, the oracle, a new round).
Steps that change nothing visible are folded into the frame before. Each
frame has the full state; :func:`split_views` gives what each seat may see
of it (R41), from :func:`hydra_env.games.hydra.rules.views.observe`, beside everything.

Optional bot notes: a replay may carry ``"notes"``, aligned with
``"decisions"`` (a list with one entry or null per decision, or an object
keyed by the decision's 0-based index as text). An entry is
``{"values": {"ACTION": number, ...}}`` (candidate values, higher is
better) or ``{"probs": {"ACTION": p, ...}}`` (policy probabilities), with
action indices as keys; ``"label"`` may name what the numbers are. The page
shows the best few at their decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents.viewer.effects import describe_step
from agents.viewer.steps import ViewerError, game_steps
from hydra_env import Game
from hydra_env.games.hydra.rules.describe import describe_action
from hydra_env.games.hydra.rules.result import game_result, solo_score
from hydra_env.games.hydra.rules.state import DECISION_NAMES, State
from hydra_env.games.hydra.rules.tables import Rules
from hydra_env.games.hydra.rules.views import observe

NOTE_KINDS = ("values", "probs")
MAX_NOTES = 8          # candidates shown per decision


@dataclass
class Frame:
    """One picture of the game: its state and what led to it.

    ``kind``: "start", "decision" (the result of a decision), "effect" (a
    hydra effect or a card of the Hydra phase) or "flow" (anything else that
    shows: shoves, wounds, the oracle, a new round). ``texts``: what
    happened, a heading first (public facts only). ``after`` is the index of
    the decision whose consequences the frame shows (None at the start);
    ``pending`` the index of the decision waiting at this frame (None once
    the game is over, or in the middle of a Hydra phase).
    """

    index: int
    kind: str
    state: State
    texts: list[str]
    after: int | None = None
    pending: int | None = None


@dataclass
class Note:
    """One candidate of a bot at a decision: its action, description and number."""

    action: int
    text: str
    value: float


@dataclass
class Decision:
    """A decision of the replay: who made it, what it was, where it is shown."""

    index: int
    seat: int
    kind: str
    action: int
    text: str                      # describe() as the deciding seat (and an omniscient viewer) reads it
    public_text: str               # describe() as any other seat may read it (R41)
    frame: int                     # the frame at which it is pending
    note_kind: str | None = None   # "values" or "probs" when the replay has notes for it
    note_label: str | None = None
    notes: list[Note] = field(default_factory=list)


@dataclass
class Recording:
    """A re-simulated replay: the document, its frames and decisions, the final game."""

    doc: dict[str, Any]
    game: Game
    frames: list[Frame]
    decisions: list[Decision]

    @property
    def rules(self) -> Rules:
        """Tables, scenario and options of the game."""
        return self.game.rules

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.game.num_players


def _notes_of(doc: dict[str, Any], index: int) -> dict[str, Any] | None:
    notes = doc.get("notes")
    if isinstance(notes, list):
        return notes[index] if index < len(notes) else None
    if isinstance(notes, dict):
        return notes.get(str(index))
    return None


def _decision(doc: dict[str, Any], before: State, rules: Rules, index: int, action: int,
              frame: int) -> Decision:
    pd = before.pending
    text = describe_action(before, rules, action)
    other = next((s for s in range(before.players) if s != pd.seat), pd.seat)
    public = describe_action(before, rules, action, viewer=other)
    decision = Decision(index, pd.seat, DECISION_NAMES[pd.kind], action, text, public, frame)
    entry = _notes_of(doc, index)
    if entry:
        kind = next((k for k in NOTE_KINDS if isinstance(entry.get(k), dict)), None)
        if kind is None:
            raise ViewerError(f"decision {index + 1}: notes need a 'values' or 'probs' object, got "
                              f"{sorted(entry)}")
        try:
            ranked = sorted(((int(a), float(v)) for a, v in entry[kind].items()), key=lambda x: -x[1])
        except (TypeError, ValueError):
            raise ViewerError(f"decision {index + 1}: notes map action indices to numbers") from None
        top = ranked[:MAX_NOTES]
        if action not in [a for a, _ in top]:
            top += [(a, v) for a, v in ranked if a == action]
        size = rules.codec.size
        decision.note_kind, decision.note_label = kind, entry.get("label")
        decision.notes = [Note(a, describe_action(before, rules, a) if 0 <= a < size else f"action {a}", v)
                          for a, v in top]
    return decision


def decision_heading(decision: Decision, public: bool = False) -> str:
    """``seat 1: A13 sword 1 from display 4: strike red for 2`` (``public``: as other seats read it)."""
    text = decision.public_text if public else decision.text
    return text if text.startswith(f"seat {decision.seat}:") else f"seat {decision.seat}: {text}"


def _setup_text(state: State, rules: Rules) -> str:
    scen = rules.scenario
    mode = "solo" if rules.solo else f"{state.players} heroes"
    return (f"scenario {scen.number} {scen.name!r} ({mode}), {state.stars} star(s): "
            f"the game is set up, walls {state.walls}/{state.walls_at_start}")


def record(doc: dict[str, Any]) -> Recording:
    """Re-simulate a replay document and keep its frames (see the module docstring).

    Raises ViewerError when the replay cannot be shown (other component data,
    an illegal decision, a state that differs from the recorded one)."""
    frames: list[Frame] = []
    decisions: list[Decision] = []
    game = None
    for game, step in game_steps(doc):
        rules = game.rules
        if step is None:
            frames.append(Frame(0, "start", game.state.clone(), [_setup_text(game.state, rules)]))
            continue
        kind, texts = describe_step(step, rules)
        if step.kind == "decision":
            last = frames[-1]
            last.pending = step.decision
            d = _decision(doc, step.before, rules, step.decision, step.action, last.index)
            decisions.append(d)
            frames.append(Frame(len(frames), "decision", step.after, [decision_heading(d), *texts],
                                after=step.decision))
        elif kind is not None:
            frames.append(Frame(len(frames), kind, step.after, texts, after=step.decision))
        else:
            frames[-1].state = step.after     # nothing visible: fold into the frame before
    if game is None:
        raise ViewerError("the replay holds no game")
    if not game.is_over:
        raise ViewerError(f"the decisions end after {len(decisions)} but the game is not over")
    return Recording(doc, game, frames, decisions)


def split_views(state: State, rules: Rules) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What the seats see of ``state`` (R41): the part every seat sees alike, and each seat's own.

    Both come from :func:`hydra_env.games.hydra.rules.views.observe`; the own part is the
    seat's hand (coordinated game: action cards and hydra cards). Raises
    ViewerError if the seats' views differ elsewhere (they must not)."""
    common: dict[str, Any] | None = None
    own: list[dict[str, Any]] = []
    for seat in range(state.players):
        view = observe(state, rules, seat)
        view.pop("seat")
        mine: dict[str, Any] = {}
        for entry in view.get("hands", []):
            if entry["seat"] == seat:
                mine = {"action_cards": entry.pop("action_cards"), "hydra_hand": entry.pop("hydra_hand")}
        own.append(mine)
        if common is None:
            common = view
        elif view != common:
            raise ViewerError("the seats' views differ outside their own hands (R41 broken)")
    assert common is not None
    return common, own


def hidden_facts(state: State, rules: Rules) -> dict[str, Any]:
    """What no seat sees but an omniscient viewer does: face-down row C cards (solo, before the
    oracle), the coordinated Hydra-phase stack and queue, the next cards of the action deck."""
    comp = rules.components
    acards, hcards = comp.action_cards, comp.hydra_cards
    out: dict[str, Any] = {"deck_top": [acards[c].id for c in reversed(state.action_deck[-5:])]}
    if rules.solo:
        out["row"] = [hcards[c].id if c >= 0 else None for c in state.solo_row_c]
    else:
        out["stack"] = [hcards[c].id for c in state.hydra_stack]
        out["queue"] = [acards[x].id if x >= 0 else hcards[~x].id for x in state.hydra_queue]
    return out


def score_breakdown(state: State, rules: Rules) -> dict[str, Any]:
    """R39: the solo score's terms (for any solo state; ``score`` is None unless the game was won)."""
    on_wall = sum((rules.board.wall_mask >> s) & 1 for s in state.hero_space)
    result = game_result(state, rules)
    return {"necks": sum(state.head_position), "heads": sum(state.head_count), "hero_on_wall": on_wall,
            "walls": state.walls, "score_if_won": solo_score(state, rules), "score": result.score,
            "outcome": result.outcome}


__all__ = ["Decision", "Frame", "Note", "Recording", "ViewerError", "decision_heading", "hidden_facts", "record",
           "score_breakdown", "split_views"]
