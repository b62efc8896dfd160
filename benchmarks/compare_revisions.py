"""Run benchmark scripts on an earlier revision and on this tree, alternately, in one run.

::

    python benchmarks/compare_revisions.py --base 1d5d744 \\
        --bench "bench_engine.py --games 300 --scenario 10 1" --bench "bench_hydras.py --rounds 1" \\
        --rounds 2

The base revision is exported with ``git archive`` into a temporary folder and
its own C++ is built there (CMake, its own CMakeLists.txt, installed into the
folder: each side runs its own native code, whatever its layout). Each
round runs every benchmark on the base, then on this tree, so that a drift in
the machine's speed touches both alike; each run prints its own figures, and
its CPU seconds (user + system of the process) are summed per side. The
closing table gives, per benchmark, the median CPU seconds of each side and
their ratio (this tree / base; the benchmarks that run for a fixed time print
rates instead: compare those). Both sides run with the same interpreter and
from their own folder (the base without the editable install's import hook).
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Runs a script as `python SCRIPT` would (its folder first on sys.path, then the folder it is
# started in). On the base side the editable install's finder is taken out first, so that the
# base's own packages are imported (with the extensions copied beside them); this tree's side
# keeps it, and so runs exactly what the installed tree runs.
RUNNER = ("import os, runpy, sys; "
          "sys.meta_path[:] = [f for f in sys.meta_path if 'ScikitBuild' not in type(f).__name__ "
          "or os.environ.get('COMPARE_SIDE') != 'base']; "
          "script = sys.argv[1]; sys.path[:0] = [os.path.dirname(script), '.']; sys.argv = sys.argv[1:]; "
          "runpy.run_path(script, run_name='__main__')")


def export_base(revision: str, folder: Path) -> None:
    """The files of ``revision`` in ``folder``, with its native extensions built and installed
    beside its modules (as ``pip install`` would place them)."""
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    nanobind_dir = subprocess.run([sys.executable, "-m", "nanobind", "--cmake_dir"], capture_output=True,
                                  text=True, check=True).stdout.strip()
    tools = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": tools + os.pathsep + os.environ.get("PATH", "")}
    build = folder / "build-base"
    print(f"building the native extensions of {revision} (a few minutes) ...", flush=True)
    subprocess.run(["cmake", "-S", str(folder), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    f"-DPython_EXECUTABLE={sys.executable}", f"-Dnanobind_DIR={nanobind_dir}"],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(build), "-j2"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--install", str(build), "--prefix", str(folder)], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def run_once(folder: Path, bench: str, side: str) -> float:
    """Run one benchmark command in ``folder`` as ``side`` ("base" or "this tree"); its CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    words = shlex.split(bench)
    subprocess.run([sys.executable, "-c", RUNNER, f"benchmarks/{words[0]}", *words[1:]], cwd=folder, check=True,
                   env={**os.environ, "COMPARE_SIDE": side})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the closing table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the earlier revision (a commit, tag or branch)")
    parser.add_argument("--bench", action="append", required=True,
                        help="a benchmark script of benchmarks/ with its arguments (repeatable)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every benchmark on both sides")
    args = parser.parse_args(argv)
    cpu: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="hydra-env-base-") as tmp:
        base = Path(tmp)
        export_base(args.base, base)
        for round_number in range(1, args.rounds + 1):
            for bench in args.bench:
                for side, folder in (("base", base), ("this tree", ROOT)):
                    print(f"\n=== round {round_number}: {bench} on {side}", flush=True)
                    cpu.setdefault((bench, side), []).append(run_once(folder, bench, side))
    print(f"\n{'benchmark':<48} {'base CPU s':>10} {'this CPU s':>10} {'ratio':>7}")
    for bench in args.bench:
        old = statistics.median(cpu[(bench, "base")])
        new = statistics.median(cpu[(bench, "this tree")])
        print(f"{bench:<48} {old:>10.2f} {new:>10.2f} {new / old:>7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
