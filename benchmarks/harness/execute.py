"""Running a command with a time limit, and parsing a benchmark's output."""

import math
import os
import re
import signal
import subprocess
import time
from dataclasses import dataclass, field

BENCH_LINE = re.compile(
    r"^cucpu-bench: name=(?P<name>\S+) impl=(?P<impl>\S+) size=(?P<size>\S+) "
    r"compute_ms=(?P<ms>\S+)\s*$", re.M)
EXTRA_LINE = re.compile(r"^cucpu-bench-extra:(?P<rest>.*)$", re.M)
STREAM_LINE = re.compile(r"^stream-triad: threads=(?P<threads>\d+) GBps=(?P<gbps>\S+)\s*$", re.M)


@dataclass
class Completed:
    returncode: int  # None when it timed out
    stdout: str
    stderr: str
    timed_out: bool = False
    seconds: float = 0.0

    def tail(self, lines=8):
        """The last lines of stderr (else stdout), for failure reports."""
        text = self.stderr.strip() or self.stdout.strip()
        return "\n".join(text.splitlines()[-lines:])


def run_command(command, timeout, env=None, cwd=None):
    """Runs `command`; on timeout kills its whole process group."""
    begin = time.monotonic()
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=env, cwd=cwd, start_new_session=True)
    except OSError as error:
        return Completed(127, "", str(error), seconds=0.0)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        stdout, stderr = process.communicate()
        timed_out = True
    except BaseException:
        # Ctrl-C: do not leave the program running.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        process.wait()
        raise
    return Completed(None if timed_out else process.returncode,
                     stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"),
                     timed_out=timed_out, seconds=time.monotonic() - begin)


@dataclass
class BenchRun:
    status: str  # ok, failed, timeout
    compute_ms: float = None
    extra: dict = field(default_factory=dict)
    detail: str = ""


def parse_bench_output(completed):
    if completed.timed_out:
        return BenchRun("timeout", detail="timed out after %.0f s" % completed.seconds)
    if completed.returncode != 0:
        code = completed.returncode
        how = ("killed by signal %d" % -code) if code < 0 else ("exit status %d" % code)
        tail = completed.tail()
        return BenchRun("failed", detail=how + (": " + tail if tail else ""))
    matches = list(BENCH_LINE.finditer(completed.stdout))
    if not matches:
        return BenchRun("failed", detail="no 'cucpu-bench: ... compute_ms=' line in the output")
    try:
        ms = float(matches[-1].group("ms"))
    except ValueError:
        ms = float("nan")
    if not math.isfinite(ms) or ms < 0:
        return BenchRun("failed", detail="bad compute_ms=%s" % matches[-1].group("ms"))
    extra = {}
    for line in EXTRA_LINE.finditer(completed.stdout):
        for item in line.group("rest").split():
            key, _, value = item.partition("=")
            extra[key] = value
    return BenchRun("ok", compute_ms=ms, extra=extra)
