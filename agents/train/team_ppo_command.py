"""``python -m agents.train.team_ppo``'s command line: every argument checked before a game
is played (a bad one is one line on stderr and exit status 2), then the team PPO run
(:func:`agents.train.team_ppo.train`)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

from agents.interrupts import terminate_as_interrupt
from agents.outputs import UsageError, check_out, run_tool
from agents.train.team_ppo import Settings, train
from hydra_env.errors import ConfigError

POSITIVE = {"games", "rollouts", "epochs", "batch_size", "eval_every", "eval_games", "critic_seats", "group"}
"""The settings that must be at least 1."""
FLAG_HELP = {"average": "evaluate and save the running mean of the weights over the rollouts "
                        "(the module's docstring)",
             "team_critic": "advantages from a critic that also knows every seat's team, at training time "
                            "only (agents.train.team_critic)"}
"""The help of each on/off setting."""


def parser() -> argparse.ArgumentParser:
    """The command line (checked in :func:`run_command`)."""
    from agents.train import team_ppo
    parser = argparse.ArgumentParser(prog="python -m agents.train.team_ppo",
                                     description=(team_ppo.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--init", type=Path, help="the policy zip to start from")
    parser.add_argument("--out", type=Path, help="the run folder to write")
    parser.add_argument("--resume", type=Path, metavar="RUN",
                        help="go on with the stopped run in the folder RUN, as if it had not stopped (alone: "
                             "its arguments are the ones RUN/team_ppo.json records)")
    parser.add_argument("--force", action="store_true", help="replace a non-empty --out folder")
    parser.add_argument("--opponents", nargs="+", default=["random"], help="bots for the other teams' seats")
    parser.add_argument("--learner-teams", nargs="+", type=int, default=[0],
                        help="the learning team's index among the env's teams, drawn per game")
    parser.add_argument("--env-kwargs", default=None, metavar="JSON",
                        help="keyword arguments of the training and evaluation env over the ones recorded with "
                             "--init, as a JSON object (e.g. '{\"player_counts\": [6, 8]}'); the saved models "
                             "keep --init's record")
    parser.add_argument("--teacher", default=None,
                        help="a bot that labels the learning seats' decisions (with --teacher-coef above 0)")
    parser.add_argument("--teacher-decisions", nargs="+", default=None, metavar="KIND",
                        help="the teacher labels only these kinds of decision (the game's decision names, "
                             "e.g. play claim); default: every decision")
    for field in dataclasses.fields(Settings):
        flag = "--" + field.name.replace("_", "-")
        if isinstance(field.default, bool):
            parser.add_argument(flag, action="store_true", help=FLAG_HELP[field.name])
        else:
            parser.add_argument(flag, type=type(field.default), default=field.default)
    return parser


def settings_from(args: argparse.Namespace) -> Settings:
    """The run's settings; UsageError for a count below 1 or a negative rate or coefficient."""
    values = {f.name: getattr(args, f.name) for f in dataclasses.fields(Settings)}
    for name, value in values.items():
        if name == "final_learning_rate":
            continue                              # negative: no decay
        low = 1 if name in POSITIVE else 0
        if value < low:
            raise UsageError(f"--{name.replace('_', '-')} must be at least {low}, got {value}")
    if not 0 < values["gamma"] <= 1 or not 0 <= values["gae_lambda"] <= 1:
        raise UsageError("--gamma must lie in (0, 1] and --gae-lambda in [0, 1]")
    if values["games"] % values["group"]:
        raise UsageError(f"--games {values['games']} must be a multiple of --group {values['group']}")
    if values["group"] > 1 and values["team_critic"]:
        raise UsageError("--group and --team-critic are two baselines: give one of them")
    return Settings(**values)


def env_overrides(text: str | None) -> dict:
    """``--env-kwargs`` as a mapping (empty without it); UsageError for text that is not a JSON object."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as error:
        raise UsageError(f"--env-kwargs is not JSON ({error}); give an object such as "
                         "'{\"player_counts\": [6, 8]}'") from None
    if not isinstance(value, dict):
        raise UsageError(f"--env-kwargs must be a JSON object of keyword arguments, got {text!r}; "
                         "give e.g. '{\"player_counts\": [6, 8]}'")
    return value


def check_decisions(kinds: list[str] | None, spec: Any) -> None:
    """UsageError for ``--teacher-decisions`` that the game does not name."""
    if kinds is None:
        return
    if spec.decision_kind is None:
        raise UsageError(f"--teacher-decisions: the game {spec.name!r} names no kinds of decision; "
                         f"leave the option out (the teacher labels every decision)")
    unknown = [k for k in kinds if k not in spec.decision_names]
    if unknown:
        raise UsageError(f"--teacher-decisions: {unknown[0]!r} is not a decision of {spec.name!r}; its "
                         f"decisions: {', '.join(spec.decision_names)}")


def resumed_args(args: argparse.Namespace) -> argparse.Namespace:
    """The arguments of the run that ``--resume RUN`` goes on with (recorded in RUN/team_ppo.json),
    its folder RUN; UsageError when other arguments come with it or RUN records none."""
    given = args.argv if args.argv is not None else sys.argv[1:]
    if len([a for a in given if a.startswith("--")]) > 1:
        raise UsageError("--resume takes no other argument: the run goes on with the ones "
                         f"{args.resume}/team_ppo.json records")
    record_path = args.resume / "team_ppo.json"
    try:
        recorded = json.loads(record_path.read_text())["argv"]
        if not isinstance(recorded, list) or not all(isinstance(a, str) for a in recorded):
            raise TypeError("argv is not a list of strings")
    except (OSError, ValueError, KeyError, TypeError):
        raise UsageError(f"--resume {args.resume}: no team PPO run there with its arguments recorded "
                         f"({record_path.name} missing, damaged or from before --resume); "
                         f"start it with --init") from None
    again = parser().parse_args(recorded)
    again.argv, again.out, again.force, again.resume = recorded, args.resume, False, args.resume
    return again


def run_command(args: argparse.Namespace) -> int:
    """Check the arguments, the policy file, the bots and the teams; then train."""
    import torch

    from agents.policy_load import load_policy
    from hydra_env.envs.opponents import check_opponent
    from hydra_env.envs.policy_env import make_env_for
    if args.resume is not None:
        args = resumed_args(args)
    elif args.init is None or args.out is None:
        raise UsageError("--init and --out are required: the policy zip to start from and the run folder "
                         "(or --resume RUN alone, to go on with a stopped run)")
    settings = settings_from(args)
    overrides = env_overrides(args.env_kwargs)
    if (args.teacher is None) != (settings.teacher_coef == 0):
        raise UsageError("--teacher and --teacher-coef go together: give a bot and a weight above 0, or neither")
    if args.teacher_decisions is not None and args.teacher is None:
        raise UsageError("--teacher-decisions restricts a teacher: give --teacher BOT and --teacher-coef too")
    if not args.init.is_file():
        raise UsageError(f"--init {args.init}: no such policy file; give a .zip a training run saved")
    if args.resume is None:
        check_out(args.out, args.force)
    try:
        model = load_policy(args.init)
        core = make_env_for(args.init, **overrides).unwrapped
        for name in args.opponents + ([args.teacher] if args.teacher else []):
            check_opponent(name, core.game_spec.name)
    except ConfigError as error:
        raise UsageError(str(error)) from None
    check_decisions(args.teacher_decisions, core.game_spec)
    if not hasattr(core, "teams"):
        raise UsageError(f"--init {args.init}: its env is not the generic one-seat env; team PPO needs one")
    count = len(core.teams(core.deal(settings.seed)))
    bad = [t for t in args.learner_teams if not 0 <= t < count]
    if bad:
        raise UsageError(f"--learner-teams {bad}: the game has {count} teams, numbered 0 to {count - 1}")
    if args.force and args.out.is_dir():
        shutil.rmtree(args.out)                  # --force: the folder is replaced, no stale models
    torch.set_num_threads(1)
    argv = list(args.argv if args.argv is not None else sys.argv[1:])
    try:
        with terminate_as_interrupt():           # SIGTERM (timeout, a batch system) as Ctrl-C
            path = train(model, core, settings, args.learner_teams, args.opponents, args.out,
                         {"init": str(args.init), "command": "python -m agents.train.team_ppo " + shlex.join(argv),
                          "argv": argv}, args.teacher, resume=args.resume is not None,
                         teacher_decisions=args.teacher_decisions)
    except KeyboardInterrupt:
        done = "no rollout done" if not (args.out / "checkpoint.pt").is_file() else \
            f"go on with: python -m agents.train.team_ppo --resume {shlex.quote(str(args.out))}"
        print(f"\nteam_ppo: interrupted; {done}", file=sys.stderr)
        return 130
    except ConfigError as error:
        if args.resume is None:
            raise
        raise UsageError(f"--resume {args.resume}: {error}") from None   # a checkpoint that cannot be resumed
    print(f"best model: {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad argument is one line on stderr and exit status 2."""
    return run_tool("team_ppo", parser(), run_command, argv)
