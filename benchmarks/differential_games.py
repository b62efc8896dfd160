"""Differential run of any game with two engines: native and Python play the same random games.

After every decision the current player, is_over, the legal actions and mask, the JSON save
and every seat's observation must be identical (:class:`hydra_env.api.differential.Differential`);
illegal actions, clones and reloads from the Python save are checked along the way. Settings
are given as ``--setting key=value,key=value`` (repeatable; default: the settings the game's spec
names for differentials, ``differential_settings``: every mode and seat count it has).
Prints a progress line per chunk and stops at the first difference (exit status 1)::

    PYTHONPATH=. python benchmarks/differential_games.py --game heroica --decisions 1000000
    PYTHONPATH=. python benchmarks/differential_games.py --game hydras --setting num_players=2 \\
        --setting num_players=4 --decisions 20000
"""

from __future__ import annotations

import argparse
import sys

import hydra_env
from hydra_env.api.differential import Differential, DifferentialReport


def parse_setting(text: str, spec: hydra_env.GameSpec) -> dict:
    """``key=value,key=value`` as the game's checked parameters."""
    values = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--setting {text!r}: write key=value pairs separated by commas")
        values[key.strip()] = spec.param(key.strip()).parse(value.strip())
    return spec.check_params(values)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison in chunks, printing progress; 0 when no difference was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=[*hydra_env.game_names(), "all"],
                        help="a game, or all: every registered game with a native engine in turn "
                             "(its differential settings)")
    parser.add_argument("--setting", action="append", default=[], help="key=value,... (repeatable)")
    parser.add_argument("--decisions", type=int, default=100_000, help="decisions to compare (default 100000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and the choices")
    parser.add_argument("--chunk", type=int, default=20_000, help="decisions per progress line")
    args = parser.parse_args(argv)
    if args.game == "all":
        games = [n for n in hydra_env.game_names() if "native" in hydra_env.game_spec(n).engines]
        codes = [run_game(n, [], args) for n in games]
        return max(codes, default=0)
    return run_game(args.game, args.setting, args)


def run_game(game: str, setting_texts: list[str], args: argparse.Namespace) -> int:
    """The differential of one game (see the module docstring); 0 when no difference was found."""
    spec = hydra_env.game_spec(game)
    if "native" not in spec.engines:
        raise SystemExit(f"game {game!r} has no native engine")
    settings = ([parse_setting(text, spec) for text in setting_texts]
                or [spec.check_params(s) for s in spec.differential_settings] or [spec.defaults()])
    print(f"{game}: {len(settings)} setting{'s' * (len(settings) != 1)} in turn", flush=True)
    harness = Differential(spec, settings)
    report = DifferentialReport()
    seconds = 0.0
    while report.decisions < args.decisions and report.mismatch is None:
        harness.run(min(report.decisions + args.chunk, args.decisions), seed=args.seed + report.games,
                    report=report)
        seconds += report.seconds
        print(f"{report.decisions:>11,} decisions  {report.games:>8,} games  "
              f"{report.decisions / max(seconds, 1e-9):>8,.0f}/s", flush=True)
    if report.mismatch is not None:
        print(f"DIFFERENCE: {report.mismatch}")
        return 1
    print(f"no difference in {report.decisions:,} decisions of {report.games:,} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
