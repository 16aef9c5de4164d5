"""Discovery of the benchmarks: every directory holding a bench.json."""

import json
import os
from dataclasses import dataclass, field

# Directories of benchmarks/ that are never benchmarks.
NOT_BENCHMARKS = {"common", "harness", "build", "results"}


@dataclass
class Benchmark:
    name: str
    directory: str
    title: str = ""
    param: str = ""
    rtol: float = 0.0
    atol: float = 0.0
    description: str = ""
    # Why the benchmark cannot be built (bad bench.json, missing file), if so.
    problem: str = ""
    warnings: list = field(default_factory=list)

    @property
    def cuda_source(self):
        return os.path.join(self.directory, self.name + ".cu")

    @property
    def omp_source(self):
        return os.path.join(self.directory, self.name + "_omp.cpp")

    def dependencies(self):
        """Every file of the benchmark's directory (sources, headers)."""
        return [os.path.join(self.directory, f) for f in sorted(os.listdir(self.directory))
                if os.path.isfile(os.path.join(self.directory, f))]


def load_benchmark(directory):
    name = os.path.basename(os.path.normpath(directory))
    bench = Benchmark(name=name, directory=directory)
    try:
        with open(os.path.join(directory, "bench.json")) as file:
            meta = json.load(file)
        if not isinstance(meta, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as error:
        bench.problem = "bad bench.json: %s" % error
        return bench
    if meta.get("name", name) != name:
        bench.warnings.append("bench.json names %r, the directory %r: using %r"
                              % (meta.get("name"), name, name))
    bench.title = str(meta.get("title", name))
    bench.param = str(meta.get("param", ""))
    bench.description = str(meta.get("description", ""))
    try:
        bench.rtol = float(meta.get("rtol", 0.0))
        bench.atol = float(meta.get("atol", 0.0))
    except (TypeError, ValueError):
        bench.problem = "bad bench.json: rtol and atol must be numbers"
        return bench
    missing = [os.path.basename(p) for p in (bench.cuda_source, bench.omp_source)
               if not os.path.isfile(p)]
    if missing:
        bench.problem = "missing " + ", ".join(missing)
    return bench


def discover(root):
    """All benchmarks under `root`, sorted by name."""
    found = []
    if not os.path.isdir(root):
        return found
    for entry in sorted(os.listdir(root)):
        directory = os.path.join(root, entry)
        if entry in NOT_BENCHMARKS or entry.startswith("."):
            continue
        if os.path.isfile(os.path.join(directory, "bench.json")):
            found.append(load_benchmark(directory))
    return found
