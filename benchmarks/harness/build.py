"""Building the two versions of each benchmark (and the STREAM triad probe).

A build is skipped when its output exists, was made by the same command, and
no input (the benchmark's directory, common/, the compiler) changed since.
"""

import json
import os

from .execute import run_command


def _mtime(path):
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None


def _files_under(directory):
    if not os.path.isdir(directory):
        return []
    return [os.path.join(directory, f) for f in os.listdir(directory)
            if os.path.isfile(os.path.join(directory, f))]


class BuildResult:
    def __init__(self, ok, output, detail="", log=None, skipped=False):
        self.ok = ok
        self.output = output
        self.detail = detail
        self.log = log
        self.skipped = skipped


def build(command, output, inputs, timeout):
    """Runs `command` (a list) to make `output` unless it is up to date.

    The stamp file next to the output records the command and the newest input
    modification time seen before the build started, so an input edited while
    the compiler ran still triggers the next build.
    """
    stamp = output + ".cmd"
    log = output + ".log"
    os.makedirs(os.path.dirname(output), exist_ok=True)
    input_times = [_mtime(p) for p in inputs]
    newest = max([t for t in input_times if t is not None] + [0.0])
    if os.path.isfile(output):
        try:
            with open(stamp) as file:
                previous = json.load(file)
            up_to_date = (previous.get("command") == command and None not in input_times
                          and newest <= previous.get("newest_input", -1.0))
        except (OSError, ValueError, AttributeError):
            up_to_date = False
        if up_to_date:
            return BuildResult(True, output, skipped=True)
    for stale in (output, stamp):
        if os.path.exists(stale):
            os.remove(stale)
    done = run_command(command, timeout)
    with open(log, "w") as file:
        file.write("$ " + " ".join(command) + "\n" + done.stdout + done.stderr)
    if done.timed_out:
        return BuildResult(False, output, "build timed out after %.0f s" % done.seconds, log)
    if done.returncode != 0 or not os.path.isfile(output):
        tail = done.tail(12)
        detail = "exit status %s" % done.returncode
        return BuildResult(False, output, detail + (":\n" + tail if tail else ""), log)
    with open(stamp, "w") as file:
        json.dump({"command": command, "newest_input": newest}, file)
    return BuildResult(True, output, log=log)


def cuda_command(cucpu, flags, common_dir, source, output, march="native"):
    # The same -march as the references: it reaches the CUDA program's host
    # code as well as its device code.
    return ([cucpu, "-O3", "-march=" + march] + list(flags)
            + ["-I", common_dir, source, "-o", output])


def omp_command(cxx, common_dir, source, output, march="native"):
    return [cxx, "-O3", "-march=" + march, "-fopenmp", "-I", common_dir, source, "-o", output]


def prebuilt(output):
    """The result of a build that --prebuilt does not run: the program must
    already be there (built elsewhere with --build-only)."""
    if os.path.isfile(output) and os.access(output, os.X_OK):
        return BuildResult(True, output, skipped=True)
    return BuildResult(False, output, "not built: --prebuilt found no %s" % output)


def inputs_of(benchmark, common_dir, compiler):
    return benchmark.dependencies() + _files_under(common_dir) + [compiler]
