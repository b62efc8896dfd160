"""Weight averaging of trained policies of one network (a "model soup", Wortsman et al., 2022).

::

    python -m agents.train.average --out runs/soup runs/team-b/model_010.zip \\
        runs/team-b/model_020.zip runs/team-b/model_030.zip

Policies fine-tuned from one initial model (the checkpoints of one team PPO run, or of runs
that started from the same model) lie close in weight space; where each update's step is
mostly noise, their mean keeps what the steps share and cancels what they do not, and it
often plays better than any of them. Every input is loaded as data (:func:`load_policy`)
and must have the same network (the same weight names and shapes); the mean of every
floating-point weight (:class:`WeightAverage`) is saved as ``OUT/best_model.zip`` beside ``OUT/average.json`` (the
inputs with their SHA-256 and the command), so the folder ships as a team PPO folder does
(``python -m agents.train.export RUN NAME --command ... --fine-tune OUT``). Every input is
checked before anything is written.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agents.outputs import UsageError, atomic_dir, check_out, run_tool
from hydra_env.errors import ConfigError


class WeightAverage:
    """The running mean of state dicts of one network: floating-point entries averaged,
    others the latest. Team PPO's ``--average`` folds in each rollout's weights; this
    module's command folds in saved policies."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.count = 1
        self.mean = {k: v.detach().clone() for k, v in state.items()}

    def add(self, state: dict[str, Any]) -> None:
        """Fold ``state`` into the mean."""
        self.count += 1
        for key, value in state.items():
            if value.is_floating_point():
                self.mean[key] += (value.detach() - self.mean[key]) / self.count
            else:
                self.mean[key] = value.detach().clone()


@contextlib.contextmanager
def swapped_in(network: Any, state: dict[str, Any]) -> Iterator[Any]:
    """A block in which ``network`` holds the weights ``state``; its own are restored after."""
    own = {k: v.detach().clone() for k, v in network.state_dict().items()}
    network.load_state_dict(state)
    try:
        yield network
    finally:
        network.load_state_dict(own)


def average_weights(states: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """The mean of ``states`` (state dicts of one network; ``names`` label them in errors).
    ConfigError naming the first input whose weights differ in names or shapes from the first's."""
    first = states[0]
    for state, name in zip(states[1:], names[1:]):
        if state.keys() != first.keys():
            raise ConfigError(f"{name}: its weights are not those of {names[0]} (another network); "
                              f"average policies of one network only")
        shapes = [k for k in first if tuple(state[k].shape) != tuple(first[k].shape)]
        if shapes:
            raise ConfigError(f"{name}: weight {shapes[0]} has shape {tuple(state[shapes[0]].shape)}, "
                              f"{names[0]} has {tuple(first[shapes[0]].shape)}; average policies of one "
                              f"network only")
    average = WeightAverage(first)
    for state in states[1:]:
        average.add(state)
    return average.mean


def parser() -> argparse.ArgumentParser:
    """The command line (checked in :func:`run_command`)."""
    p = argparse.ArgumentParser(prog="python -m agents.train.average",
                                description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("policies", nargs="+", type=Path, help="policy zips of one network (two or more)")
    p.add_argument("--out", required=True, type=Path, help="the folder to write")
    p.add_argument("--force", action="store_true", help="replace a non-empty --out folder")
    return p


def run_command(args: argparse.Namespace) -> int:
    """Check every input, then write the mean and its record."""
    from agents.policy_load import load_policy
    from agents.train.warm_start import file_sha256
    if len(args.policies) < 2:
        raise UsageError("give two or more policy zips to average")
    missing = [str(p) for p in args.policies if not p.is_file()]
    if missing:
        raise UsageError(f"{missing[0]}: no such policy file; give .zip files a training run saved")
    check_out(args.out, args.force)
    try:
        models = [load_policy(p) for p in args.policies]
        mean = average_weights([m.policy.state_dict() for m in models], [str(p) for p in args.policies])
    except ConfigError as error:
        raise UsageError(str(error)) from None
    model = models[0]
    model.policy.load_state_dict(mean)
    command = "python -m agents.train.average " + " ".join(args.argv if args.argv is not None else sys.argv[1:])
    record = {"average_of": [{"path": str(p), "sha256": file_sha256(p)} for p in args.policies],
              "command": command}
    with atomic_dir(args.out) as folder:                  # nothing half-written is left behind
        model.save(folder / "best_model.zip")
        (folder / "average.json").write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {args.out / 'best_model.zip'} (the mean of {len(models)} policies) and "
          f"{args.out / 'average.json'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; a bad argument is one line on stderr and exit status 2."""
    return run_tool("average", parser(), run_command, argv)


if __name__ == "__main__":
    raise SystemExit(main())
