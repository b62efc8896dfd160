"""Team PPO: a trained policy fine-tuned with every seat of its team playing it.

::

    python -m agents.train.team_ppo --init RUN/warm_start.zip --opponents saboteur \\
        --learner-teams 0 --rollouts 100 --out runs/team-ppo

(the command line: :mod:`agents.train.team_ppo_command`).

Each rollout plays ``--games`` whole games (:mod:`agents.train.team_rollout`): the
learning team drawn per game from ``--learner-teams`` (indices into the env's
``teams``: for Hail Hydra 0 is SHIELD, 1 HYDRA), its every seat the current policy, the
other seats bots drawn from ``--opponents`` per seat. Then a clipped PPO update
(Schulman et al., 2017) on all the learning seats' decisions: ``--epochs`` passes in
minibatches of ``--batch-size``, GAE advantages normalised per minibatch, a value loss,
an entropy bonus, gradient clipping, and an early stop when the approximate KL to the
rollout's policy passes ``--target-kl``. Every ``--eval-every`` rollouts the policy plays
``--eval-games`` games deterministically (the same seeds every time, the learning team
and its opponents as in training) and the best model by that win share is kept.

With ``--teacher BOT`` (kickstarting, Schmitt et al., 2018) a bot labels every kept
decision of a learning seat with its own choice there, and the loss gains
``teacher_coef`` times the cross-entropy of the policy to those labels: a pull toward a
stronger scripted player where the reward's signal is weak, while the policy's own
choices are played and judged.

With ``--group K`` each rollout plays every deal K times (``--games`` / K deals), and a
decision's advantage is its game's reward minus the mean of the deal's other games (a
leave-one-out baseline, as duplicate bridge scores a hand against the same cards at other
tables): the luck of the deal cancels, and only the deals whose games ended differently,
through the policy's own sampled choices, move it.

With ``--average`` the evaluated and saved models are the running mean of the policy's
weights over the run's iterates (stochastic weight averaging, Izmailov et al., 2018): where
each update's step is mostly noise, as with a whole team's single end reward, the mean
keeps what the steps share and cancels what they do not.

With ``--team-critic`` the value baseline knows every seat's team
(:mod:`agents.train.team_critic`, MAPPO's centralised critic): the advantages credit the
decisions that moved the game toward the truth the seats cannot see, and the policy still
acts on its own observation. The critic's residual is a training device, not saved.

The run folder gets ``progress.csv`` (one line per rollout), ``eval.csv``,
``eval.png`` (the evaluation's win share per rollout), ``model_NNN.zip`` at each evaluation
and ``best_model.zip``; a saved model loads as the initial one does (``ppo:PATH``). After
every rollout ``checkpoint.pt`` (:mod:`agents.train.team_checkpoint`) holds what the run needs
to go on after a stop (``--resume RUN``) as if it had not stopped.
"""

from __future__ import annotations

import contextlib
import csv
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.progress import note, progress
from agents.train import team_checkpoint
from agents.train.average import WeightAverage, swapped_in
from agents.train.team_critic import TeamCritic, critic_latent, for_policy
from agents.train.team_rollout import GameBatch, collect, play_games
from hydra_env.errors import ConfigError

EVAL_SEED = 5_000_000
"""The evaluation games' first seed (apart from the training games')."""


@dataclass
class Settings:
    """The PPO settings of a team run (see the module docstring for each)."""

    games: int = 128
    rollouts: int = 100
    learning_rate: float = 3e-5
    final_learning_rate: float = -1.0
    """With a value of 0 or more, the learning rate falls linearly to it over the rollouts."""
    clip_range: float = 0.1
    epochs: int = 4
    batch_size: int = 1024
    ent_coef: float = 0.0
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float = 0.02
    gamma: float = 1.0
    gae_lambda: float = 0.95
    eval_every: int = 10
    eval_games: int = 400
    eval_seed: int = EVAL_SEED
    """The evaluation games' first seed: the same for every run whatever its ``seed``, so runs
    are compared on the same deals (before 5 December 2026 it was ``EVAL_SEED + seed``)."""
    seed: int = 0
    teacher_coef: float = 0.0
    """The weight of the cross-entropy to the teacher's labels (with a teacher)."""
    average: bool = False
    """Evaluate and save the mean of the weights after every rollout so far (the initial
    ones included) instead of the latest weights; training goes on from the latest."""
    team_critic: bool = False
    """Advantages from a critic that also reads every seat's team (agents.train.team_critic)."""
    critic_seats: int = 8
    """The most seats the team critic has room for (a game with more is refused)."""
    group: int = 1
    """Games played from each deal of a rollout; from 2, the advantages are each game's reward
    minus the mean of its deal's other games (team_rollout.group_advantages)."""


class DecisionTeacher:
    """A teacher that labels only some kinds of decision: ``bot``'s choice where
    ``decision_kind(view)`` is one of ``kinds``, else -1 (no label; the teacher term skips it)."""

    def __init__(self, bot: Any, decision_kind: Any, kinds: list[str]) -> None:
        self.bot, self.decision_kind, self.kinds = bot, decision_kind, set(kinds)

    def act(self, view: Any, legal_actions: list[int]) -> int:
        """The bot's choice on a decision of the kinds, -1 on any other."""
        return self.bot.act(view, legal_actions) if self.decision_kind(view) in self.kinds else -1


def learning_rate(settings: Settings, rollout: int) -> float:
    """The learning rate of rollout ``rollout`` (from 0): constant, or falling linearly from
    ``learning_rate`` to ``final_learning_rate`` over the run when that is 0 or more."""
    if settings.final_learning_rate < 0:
        return settings.learning_rate
    done = rollout / max(settings.rollouts, 1)
    return settings.learning_rate + done * (settings.final_learning_rate - settings.learning_rate)


def rollout_seeds(settings: Settings, rollout: int) -> list[int]:
    """The deals of rollout ``rollout`` (from 0): ``games`` seeds, each repeated ``group``
    times in a row (each deal played ``group`` times), apart from every other rollout's."""
    deals = settings.games // settings.group
    first = settings.seed * 10_000_000 + rollout * settings.games
    return [first + i for i in range(deals) for _ in range(settings.group)]


def ppo_update(policy: Any, batch: GameBatch, settings: Settings, rng: np.random.Generator,
               rate: float | None = None, critic: TeamCritic | None = None) -> dict[str, float]:
    """Clipped PPO epochs over ``batch`` at learning rate ``rate`` (default: the settings');
    the mean losses, the last approximate KL, the share of clipped ratios and the epochs run.
    With a team ``critic`` the value loss is its values' (the batch must carry the team
    features), and it is trained beside the policy."""
    optimizers = [policy.optimizer] + ([critic.optimizer] if critic is not None else [])
    for optimizer in optimizers:
        for group in optimizer.param_groups:
            group["lr"] = settings.learning_rate if rate is None else rate
    if critic is not None and batch.team_features is None:
        raise ValueError("a team critic needs the batch's team features: collect it with the critic")
    policy.set_training_mode(True)
    names = ("obs", "actions", "log_probs", "advantages", "returns", "labels") + (("team_features",) if critic else ())
    tensors = {name: torch.as_tensor(getattr(batch, name)) for name in names}
    masks = batch.masks
    teach = settings.teacher_coef > 0
    if teach and not (batch.labels >= 0).any():
        raise ValueError("teacher_coef is above 0 but the batch has no teacher's labels: collect it with "
                         "a make_teacher")
    n, epochs = len(batch), 0
    stats: dict[str, list[float]] = {"policy_loss": [], "value_loss": [], "entropy": [], "clipped": [],
                                     "teacher_loss": []}
    kl = 0.0
    for _ in range(settings.epochs):
        order = rng.permutation(n)
        kls = []
        for start in range(0, n, settings.batch_size):
            idx = order[start:start + settings.batch_size]
            with critic_latent(policy) if critic is not None else contextlib.nullcontext() as latent:
                values, log_prob, entropy = policy.evaluate_actions(tensors["obs"][idx], tensors["actions"][idx],
                                                                    action_masks=masks[idx])
            if critic is not None:
                values = critic(values, latent.pop(), tensors["team_features"][idx])
            adv = tensors["advantages"][idx]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8) if len(idx) > 1 else adv
            log_ratio = log_prob - tensors["log_probs"][idx]
            ratio = torch.exp(log_ratio)
            clipped = torch.clamp(ratio, 1 - settings.clip_range, 1 + settings.clip_range)
            policy_loss = -torch.min(adv * ratio, adv * clipped).mean()
            value_loss = torch.nn.functional.mse_loss(values.flatten(), tensors["returns"][idx])
            entropy_loss = -entropy.mean()
            loss = policy_loss + settings.vf_coef * value_loss + settings.ent_coef * entropy_loss
            labelled = idx[batch.labels[idx] >= 0] if teach else idx[:0]
            if len(labelled):                    # the decisions the teacher labelled (all, or some kinds)
                teacher_loss = -policy.get_distribution(tensors["obs"][labelled], action_masks=masks[labelled]
                                                        ).log_prob(tensors["labels"][labelled]).mean()
                loss = loss + settings.teacher_coef * teacher_loss
                stats["teacher_loss"].append(float(teacher_loss.detach()))
            for optimizer in optimizers:
                optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), settings.max_grad_norm)
            if critic is not None:
                torch.nn.utils.clip_grad_norm_(critic.parameters(), settings.max_grad_norm)
            for optimizer in optimizers:
                optimizer.step()
            with torch.no_grad():
                kls.append(float(((ratio - 1) - log_ratio).mean()))
                stats["clipped"].append(float(((ratio - 1).abs() > settings.clip_range).float().mean()))
            stats["policy_loss"].append(float(policy_loss.detach()))
            stats["value_loss"].append(float(value_loss.detach()))
            stats["entropy"].append(float(-entropy_loss.detach()))
        epochs += 1
        kl = float(np.mean(kls))
        if settings.target_kl and kl > 1.5 * settings.target_kl:
            break
    policy.set_training_mode(False)
    return {**{k: float(np.mean(v)) if v else 0.0 for k, v in stats.items()}, "approx_kl": kl,
            "epochs": float(epochs)}


def _team_picker(teams: list[int]):
    def pick(rng: np.random.Generator, count: int) -> int:
        team = int(teams[int(rng.integers(len(teams)))])
        if team >= count:
            raise ConfigError(f"--learner-teams {team}: the game has {count} teams (0 to {count - 1})")
        return team
    return pick


def _opponent_maker(names: list[str], game: str):
    from hydra_env.envs.bots import make_bot

    def make(rng: np.random.Generator, seed: int) -> Any:
        return make_bot(names[int(rng.integers(len(names)))], game=game, seed=seed)
    return make


def evaluate(policy: Any, core: Any, settings: Settings, teams: list[int], opponents: list[str]) -> dict[str, Any]:
    """The policy's deterministic play over ``eval_games`` fixed seeds: the learning team's
    win share (end reward above 0), overall and per player count."""
    seeds = [settings.eval_seed + i for i in range(settings.eval_games)]
    wins: dict[int, list[bool]] = {}
    for start in range(0, len(seeds), settings.games):
        chunk = seeds[start:start + settings.games]
        played = play_games(policy, core, chunk, _team_picker(teams),
                            _opponent_maker(opponents, core.game_spec.name), deterministic=True)
        for players, reward in zip(played.players, played.team_rewards):
            wins.setdefault(players, []).append(reward > 0)
    every = [w for ws in wins.values() for w in ws]
    per_count = {f"win_share_{p}": float(np.mean(ws)) for p, ws in sorted(wins.items())}
    return {"win_share": float(np.mean(every)), **per_count}


def plot_evaluations(rows: list[tuple[int, dict[str, float]]], path: Path) -> None:
    """``eval.png``: the evaluation's win share per rollout, overall and per player count."""
    from matplotlib.figure import Figure
    fig = Figure(figsize=(6.4, 3.6))
    ax = fig.subplots()
    xs = [r for r, _ in rows]
    for key in rows[0][1]:
        label = "all games" if key == "win_share" else f"{key.rsplit('_', 1)[-1]} players"
        ax.plot(xs, [100 * figures[key] for _, figures in rows], marker="o", markersize=3,
                linewidth=2.0 if key == "win_share" else 0.8, label=label)
    ax.set_xlabel("rollout")
    ax.set_ylabel("learning team wins (%)")
    ax.legend(fontsize=7)
    fig.suptitle("Team PPO: deterministic evaluation on fixed seeds", fontsize=10)
    fig.savefig(path, dpi=110, metadata={"Software": None})


def train(model: Any, core: Any, settings: Settings, teams: list[int], opponents: list[str], out: Path,
          provenance: dict[str, Any] | None = None, teacher: str | None = None, resume: bool = False,
          teacher_decisions: list[str] | None = None) -> Path:
    """The team PPO run of the module docstring (``team_ppo.json`` records its settings,
    the teacher and ``provenance``, such as the initial policy); the path of the best model.
    With ``resume`` the run goes on from ``out``'s checkpoint (:mod:`agents.train.team_checkpoint`)
    as if it had not stopped; with ``teacher_decisions`` the teacher labels only the decisions of
    those kinds (the game's ``decision_kind``)."""
    out.mkdir(parents=True, exist_ok=True)
    record = {"settings": asdict(settings), "learner_teams": list(teams), "opponents": list(opponents),
              "teacher": teacher, "teacher_decisions": teacher_decisions,
              "env": core.spec.id if core.spec is not None else type(core).__name__, **(provenance or {})}
    if not resume:
        (out / "team_ppo.json").write_text(json.dumps(record, indent=1) + "\n")
    rng = np.random.default_rng(settings.seed)
    policy, game = model.policy, core.game_spec.name
    best_path = out / "best_model.zip"
    make_teacher = None
    if teacher is not None:
        from hydra_env.envs.bots import make_bot

        def make_teacher(seed: int) -> Any:
            bot = make_bot(teacher, game=game, seed=seed)
            return DecisionTeacher(bot, core.game_spec.decision_kind, teacher_decisions) if teacher_decisions else bot
    average = WeightAverage(policy.state_dict()) if settings.average else None
    critic = for_policy(policy, settings.critic_seats, settings.learning_rate) if settings.team_critic else None
    state = team_checkpoint.RunState()
    if resume:
        state = team_checkpoint.restore(out, policy, rng, average, critic)
        team_checkpoint.trim_log(out / "progress.csv", lambda r: r <= state.rollout)
        team_checkpoint.trim_log(out / "eval.csv", lambda r: r < state.rollout)
    mode = "a" if resume else "w"
    with open(out / "progress.csv", mode, newline="") as log, open(out / "eval.csv", mode, newline="") as evals:
        rows, eval_rows = csv.writer(log), csv.writer(evals)
        if not resume:
            rows.writerow(["rollout", "games", "decisions", "team_reward", "policy_loss", "value_loss", "entropy",
                           "approx_kl", "clipped", "epochs", "teacher_loss", "teacher_agreement", "seconds"])
        for r in progress(range(state.rollout, settings.rollouts + 1), desc="team PPO", unit="rollout"):
            if r % settings.eval_every == 0 or r == settings.rollouts:
                with swapped_in(policy, average.mean) if average else contextlib.nullcontext():
                    figures = evaluate(policy, core, settings, teams, opponents)
                    model.save(out / f"model_{r:03d}.zip")
                    if figures["win_share"] > state.best:
                        state.best = figures["win_share"]
                        model.save(best_path)
                if not state.history:
                    eval_rows.writerow(["rollout", *figures])
                eval_rows.writerow([r, *(f"{v:.4f}" for v in figures.values())])
                evals.flush()
                state.history.append((r, figures))
                plot_evaluations(state.history, out / "eval.png")
                note(f"rollout {r}: evaluation win share {figures['win_share']:.3f} "
                     + " ".join(f"{k[-1]}p {v:.3f}" for k, v in figures.items() if k != "win_share"))
            if r == settings.rollouts:
                break
            start = time.time()
            seeds = rollout_seeds(settings, r)
            batch = collect(policy, core, seeds, _team_picker(teams), _opponent_maker(opponents, game),
                            settings.gamma, settings.gae_lambda, make_teacher, critic, settings.group)
            stats = ppo_update(policy, batch, settings, rng, learning_rate(settings, r), critic)
            if average:
                average.add(policy.state_dict())
            labelled = batch.labels >= 0
            agreement = float(np.mean(batch.labels[labelled] == batch.actions[labelled])) if labelled.any() else 0.0
            rows.writerow([r + 1, settings.games, len(batch), f"{np.mean(batch.team_rewards):.4f}",
                           *(f"{stats[k]:.5f}" for k in ("policy_loss", "value_loss", "entropy", "approx_kl",
                                                         "clipped")), int(stats["epochs"]),
                           f"{stats['teacher_loss']:.5f}", f"{agreement:.4f}", f"{time.time() - start:.1f}"])
            log.flush()
            state.rollout = r + 1
            team_checkpoint.save(out, state, policy, rng, average, critic)
    return best_path


if __name__ == "__main__":
    from agents.train.team_ppo_command import main
    raise SystemExit(main())
