"""Command line of benchmarks/run."""

import argparse
import datetime
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys

from . import report
from .benchmarks import discover
from .runner import Harness, Impl

BENCH_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_ROOT = os.path.dirname(BENCH_ROOT)
DEFAULT_CXX = "/usr/lib/llvm-22/bin/clang++"
CONFIG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")

DESCRIPTION = """\
Builds every benchmark twice (the CUDA version with cucpu, the OpenMP reference
with clang++ -fopenmp), runs both versions interleaved, checks that the CUDA
version's output matches the reference's, and reports the median times and
speedups (results.csv, results.md, speedup.png in the output directory).
With --verify-only it only builds, runs each once and compares (the test suite
uses this at --size small)."""

EPILOG = """\
examples:
  benchmarks/run --threads 1,2 --reps 5
  benchmarks/run hotspot nw --config distribute=--cpuify=distribute
  benchmarks/run --verify-only --size small
  benchmarks/run normalize --scaling normalize:1000000,2000000,4000000

Results are only worth reporting with --reps 5 or more on an otherwise idle
machine. See benchmarks/README.md."""


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not an integer" % text)
    if value <= 0:
        raise argparse.ArgumentTypeError("%r must be positive" % text)
    return value


def thread_list(text):
    try:
        values = [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("--threads takes a comma-separated list of integers")
    if not values or any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError("--threads takes positive thread counts")
    return values


ENV_ASSIGNMENT = re.compile(r"^([A-Z_][A-Z0-9_]*)=(.*)$")


def config_spec(text):
    """NAME=WORDS: WORDS are cucpu flags, except VAR=VALUE words (upper-case
    VAR), which set an environment variable for the configuration's runs."""
    name, sep, words = text.partition("=")
    if not sep or not CONFIG_NAME.match(name):
        raise argparse.ArgumentTypeError(
            "--config takes NAME=FLAGS, NAME made of letters, digits, _ . + - (got %r)" % text)
    flags, env = [], {}
    for word in shlex.split(words):
        assignment = ENV_ASSIGNMENT.match(word)
        if assignment:
            env[assignment.group(1)] = assignment.group(2)
        else:
            flags.append(word)
    return name, flags, env


def scaling_spec(text):
    name, sep, params = text.partition(":")
    try:
        values = [int(p) for p in params.split(",") if p.strip()]
    except ValueError:
        values = []
    if not sep or not name or not values or any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError("--scaling takes NAME:P1,P2,... with positive P (got %r)" % text)
    return name, values


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="benchmarks/run", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("benchmarks", nargs="*", metavar="NAME",
                        help="benchmarks to run (default: every directory of benchmarks/ "
                             "with a bench.json)")
    parser.add_argument("--threads", type=thread_list, default=None, metavar="T1,T2,...",
                        help="thread counts to run with; sets CUCPU_NUM_THREADS and "
                             "OMP_NUM_THREADS (default: the machine's %d cores)" % (os.cpu_count() or 1))
    parser.add_argument("--reps", type=positive_int, default=5, metavar="N",
                        help="runs of each implementation per benchmark and thread count "
                             "(default 5; report results only with 5 or more)")
    parser.add_argument("--size", choices=["small", "default"], default="default",
                        help="input size passed to every program (default: default)")
    parser.add_argument("--param", type=positive_int, default=None, metavar="N",
                        help="passed to every program as --param N (its primary size parameter)")
    parser.add_argument("--cucpu", default=os.path.join(REPO_ROOT, "build", "bin", "cucpu"),
                        metavar="PATH", help="the cucpu compiler (default: <repo>/build/bin/cucpu)")
    parser.add_argument("--cxx", default=DEFAULT_CXX, metavar="PATH",
                        help="the C++ compiler of the OpenMP references (default: %s)" % DEFAULT_CXX)
    parser.add_argument("--cucpu-flags", default="", metavar="FLAGS",
                        help="extra cucpu flags of the default 'cucpu' configuration "
                             "(-O3 -march=native FLAGS)")
    parser.add_argument("--config", type=config_spec, action="append", default=[],
                        metavar="NAME=FLAGS",
                        help="an extra configuration (repeatable): the CUDA versions built with "
                             "'cucpu -O3 -march=native FLAGS', shown as a speedup column NAME; VAR=VALUE words "
                             "(upper-case VAR) set environment variables for its runs instead, "
                             "e.g. nohuge=CUCPU_HUGE_PAGES=0")
    parser.add_argument("--verify-only", action="store_true",
                        help="build, run each implementation once, compare the outputs; no "
                             "timing tables; exit status 1 if anything fails")
    parser.add_argument("--march", default="native", metavar="CPU",
                        help="-march of both versions (default: native); a portable one "
                             "(x86-64-v3) for programs built here with --build-only and run "
                             "on another machine")
    parser.add_argument("--build-only", action="store_true",
                        help="only build the programs (and the STREAM probe) into the build "
                             "directory; exit status 1 if a build fails")
    parser.add_argument("--prebuilt", action="store_true",
                        help="build nothing: run the programs --build-only left in the build "
                             "directory (on a machine without cucpu or clang, e.g. one with "
                             "the GPU that --config gpu=--cuda-gpu-arch=sm_XX programs need)")
    parser.add_argument("--build-dir", default=os.path.join(BENCH_ROOT, "build"), metavar="DIR",
                        help="where the programs are built (default: benchmarks/build/)")
    parser.add_argument("--out-dir", default=None, metavar="DIR",
                        help="where the results go (default: benchmarks/results/<timestamp>/; "
                             "with --verify-only: nothing is written unless given)")
    parser.add_argument("--timeout", type=positive_int, default=600, metavar="S",
                        help="time limit of each build and each run in seconds (default 600)")
    parser.add_argument("--scaling", type=scaling_spec, action="append", default=[],
                        metavar="NAME:P1,P2,...",
                        help="also run benchmark NAME with --param P1, P2, ... and report the "
                             "times as a scaling table (repeatable)")
    # For testing the harness: a directory of benchmarks other than benchmarks/
    # (common/ still comes from the repository).
    parser.add_argument("--bench-root", default=BENCH_ROOT, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)

    names = [name for name, _, _ in options.config]
    if len(set(names)) != len(names) or any(n in ("omp", "cucpu") for n in names):
        parser.error("--config names must be unique and neither 'omp' nor 'cucpu'")
    if options.threads is None:
        options.threads = [os.cpu_count() or 1]
    if options.build_only and options.prebuilt:
        parser.error("--build-only and --prebuilt exclude each other")
    if options.verify_only:
        options.reps = 1
    options.build_dir = os.path.abspath(options.build_dir)
    return parser, options


def resolve_tool(path):
    """An absolute path for `path` (which may be a bare name on PATH)."""
    if os.sep in path:
        return os.path.abspath(path) if os.path.isfile(path) and os.access(path, os.X_OK) else None
    found = shutil.which(path)
    return os.path.abspath(found) if found else None


def tool_version(path):
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
        lines = done.stdout.strip().splitlines()
        return lines[0] if lines else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def cpu_model():
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv=None):
    parser, opts = parse_args(sys.argv[1:] if argv is None else argv)

    for option in ("cucpu", "cxx"):
        if opts.prebuilt:
            setattr(opts, option, "prebuilt")
            continue
        path = resolve_tool(getattr(opts, option))
        if not path:
            parser.error("--%s: %s is not an executable%s" % (
                option, getattr(opts, option),
                " (build cucpu first with 'make build', or pass --cucpu PATH)" if option == "cucpu" else ""))
        setattr(opts, option, path)

    available = {b.name: b for b in discover(opts.bench_root)}
    if opts.benchmarks:
        unknown = [n for n in opts.benchmarks if n not in available]
        if unknown:
            parser.error("unknown benchmark(s): %s (available: %s)" % (
                ", ".join(unknown), ", ".join(sorted(available)) or "none"))
        selected = []
        for name in opts.benchmarks:
            if available[name] not in selected:
                selected.append(available[name])
    else:
        selected = list(available.values())
    scaling = []
    for name, params in opts.scaling:
        if name not in available:
            parser.error("--scaling: unknown benchmark %r" % name)
        scaling.append((available[name], params))
    if not selected and not scaling:
        parser.error("no benchmarks found under %s" % opts.bench_root)

    impls = [Impl("omp", "omp"), Impl("cucpu", "cuda", shlex.split(opts.cucpu_flags))]
    impls += [Impl(name, "cuda", flags, env) for name, flags, env in opts.config]

    out_dir = opts.out_dir
    if out_dir is None and not (opts.verify_only or opts.build_only):
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        out_dir = os.path.join(BENCH_ROOT, "results", stamp)
    if out_dir:
        out_dir = os.path.abspath(out_dir)
        os.makedirs(out_dir, exist_ok=True)
    os.makedirs(opts.build_dir, exist_ok=True)

    common_dir = os.path.join(BENCH_ROOT, "common")
    harness = Harness(opts, selected, scaling, impls, common_dir,
                      os.path.join(common_dir, "stream_triad.cpp"),
                      csv_path=os.path.join(out_dir, "results.csv") if out_dir else None,
                      scaling_csv_path=os.path.join(out_dir, "scaling.csv") if out_dir else None)
    try:
        try:
            harness.build_all(with_stream=not opts.verify_only)
        except KeyboardInterrupt:
            harness.progress.done()
            print("interrupted while building", file=sys.stderr)
            return 130
        if opts.build_only:
            results = list(harness.builds.values())
            if harness.stream_build is not None:
                results.append(harness.stream_build)
            built = sum(1 for result in results if result.ok)
            print("%d of %d programs built in %s" % (built, len(results), opts.build_dir))
            return 0 if built == len(results) else 1
        harness.run_all(opts.threads, opts.reps, with_stream=not opts.verify_only)
    finally:
        harness.close()

    if opts.verify_only:
        summary = report.verify_markdown(harness)
        if out_dir:
            with open(os.path.join(out_dir, "verify.md"), "w") as file:
                file.write(summary)
        sys.stdout.write(summary)
        failed = len(harness.failures())
        total = len(harness.cells)
        print("\n%d of %d checks passed%s" % (total - failed, total,
                                             ", results in " + out_dir if out_dir else ""))
        return 1 if failed or harness.interrupted else 0

    configs = "; ".join(("%s = -O3 -march=%s %s" % (i.config, opts.march, " ".join(
        i.flags + ["(run with %s=%s)" % kv for kv in sorted(i.env.items())]))).strip()
                        for i in impls if i.kind == "cuda")
    info = [
        ("date", datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")),
        ("machine", "%s, %s, %d cores" % (platform.node(), cpu_model(), os.cpu_count() or 1)),
        ("cucpu", "%s (%s)" % (opts.cucpu, tool_version(opts.cucpu) or "version unknown")
                  if not opts.prebuilt else "prebuilt programs in %s" % opts.build_dir),
        ("configurations", configs),
        ("OpenMP reference", "%s -O3 -march=%s -fopenmp (%s)" % (
            opts.cxx, opts.march, tool_version(opts.cxx) if not opts.prebuilt else "built elsewhere")),
        ("size", opts.size + (", --param %d" % opts.param if opts.param else "")),
        ("repetitions", "%d per implementation, interleaved" % opts.reps),
        ("threads", ", ".join(str(t) for t in opts.threads)),
    ]
    markdown = report.write_outputs(harness, out_dir, info)
    sys.stdout.write(markdown)
    print("\nresults in %s (results.csv, results.md, speedup.png)" % out_dir)
    if harness.interrupted:
        return 130
    return 1 if harness.failures() else 0
