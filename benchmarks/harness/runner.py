"""Builds the benchmarks, runs the implementations interleaved, verifies the
outputs against the OpenMP reference and collects the times."""

import csv
import os
import statistics
from dataclasses import dataclass, field

from . import build as builder
from .execute import STREAM_LINE, parse_bench_output, run_command
from .outputs import FormatError, compare_files, read_records
from .progress import Progress

# Statuses of an implementation of a benchmark (a "cell" of the tables).
OK = "ok"
WRONG = "wrong"
FAILED = "failed"
TIMEOUT = "timeout"
BUILD_FAILED = "build-failed"
UNVERIFIED = "unverified"  # ran, but the reference failed: nothing to compare with
# Statuses after which an implementation is not run again.
STOPPED = {WRONG, FAILED, TIMEOUT, BUILD_FAILED}

CSV_FIELDS = ["benchmark", "config", "impl", "threads", "rep", "compute_ms", "status"]


@dataclass
class Impl:
    config: str  # "omp" for the reference, "cucpu" or an ablation name
    kind: str  # "omp" or "cuda"
    flags: list = field(default_factory=list)
    # Environment variables the configuration's programs run with (a
    # runtime switch such as CUCPU_HUGE_PAGES=0), from its NAME=VALUE words.
    env: dict = field(default_factory=dict)

    @property
    def title(self):
        return "OpenMP" if self.kind == "omp" else self.config


@dataclass
class Cell:
    status: str = OK
    times: list = field(default_factory=list)
    detail: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def median(self):
        return statistics.median(self.times) if self.times else None

    def fail(self, status, detail):
        self.status = status
        self.detail = detail


class Harness:
    def __init__(self, options, benchmarks, scaling_benchmarks, impls, common_dir,
                 stream_source, csv_path=None, scaling_csv_path=None):
        self.options = options
        self.benchmarks = benchmarks  # the selected ones, for the main table
        self.scaling = scaling_benchmarks  # list of (Benchmark, [params])
        self.impls = impls
        self.common_dir = common_dir
        self.stream_source = stream_source
        self.build_dir = options.build_dir
        # (benchmark name, config) -> BuildResult
        self.builds = {}
        # (benchmark name, config, threads, param) -> Cell
        self.cells = {}
        # threads -> GB/s (None when the probe failed), and the failure detail
        self.stream = {}
        self.stream_problem = ""
        self.stream_build = None
        self.progress = None
        self.interrupted = False
        self.csv_file = self.csv = None
        self.scaling_csv_file = self.scaling_csv = None
        if csv_path:
            self.csv_file = open(csv_path, "w", newline="")
            self.csv = csv.writer(self.csv_file)
            self.csv.writerow(CSV_FIELDS)
        if scaling_csv_path and scaling_benchmarks:
            self.scaling_csv_file = open(scaling_csv_path, "w", newline="")
            self.scaling_csv = csv.writer(self.scaling_csv_file)
            self.scaling_csv.writerow(CSV_FIELDS[:4] + ["param"] + CSV_FIELDS[4:])

    # --- helpers -----------------------------------------------------------

    def all_benchmarks(self):
        seen, ordered = set(), []
        for bench in self.benchmarks + [b for b, _ in self.scaling]:
            if bench.name not in seen:
                seen.add(bench.name)
                ordered.append(bench)
        return ordered

    def binary(self, bench, impl):
        return os.path.join(self.build_dir, impl.config, bench.name)

    def env(self, threads, impl=None):
        env = dict(os.environ)
        if impl is not None:
            env.update(impl.env)
        env["CUCPU_NUM_THREADS"] = str(threads)
        env["OMP_NUM_THREADS"] = str(threads)
        return env

    def record(self, bench, impl, threads, rep, ms, status, param=None):
        row = [bench, impl.config, impl.kind, threads, rep, "" if ms is None else "%.3f" % ms, status]
        if param is None:
            if self.csv:
                self.csv.writerow(row)
                self.csv_file.flush()
        elif self.scaling_csv:
            self.scaling_csv.writerow(row[:4] + [param] + row[4:])
            self.scaling_csv_file.flush()

    def close(self):
        for file in (self.csv_file, self.scaling_csv_file):
            if file:
                file.close()

    # --- building ----------------------------------------------------------

    def build_all(self, with_stream=False):
        """Builds every implementation of every benchmark, and with
        `with_stream` the STREAM probe."""
        benches = self.all_benchmarks()
        progress = Progress(len(benches))
        self.progress = progress
        opts = self.options
        for index, bench in enumerate(benches, 1):
            for impl in self.impls:
                if bench.problem:
                    self.builds[(bench.name, impl.config)] = builder.BuildResult(
                        False, None, bench.problem)
                    continue
                progress.step(index, bench.name, "build %s" % impl.config)
                output = self.binary(bench, impl)
                if opts.prebuilt:
                    result = builder.prebuilt(output)
                else:
                    if impl.kind == "omp":
                        command = builder.omp_command(opts.cxx, self.common_dir,
                                                      bench.omp_source, output, opts.march)
                        compiler = opts.cxx
                    else:
                        command = builder.cuda_command(opts.cucpu, impl.flags, self.common_dir,
                                                       bench.cuda_source, output, opts.march)
                        compiler = opts.cucpu
                    result = builder.build(command, output,
                                           builder.inputs_of(bench, self.common_dir, compiler),
                                           opts.timeout)
                self.builds[(bench.name, impl.config)] = result
                if not result.ok:
                    progress.message("%s: %s build failed: %s (log: %s)" % (
                        bench.name, impl.config, result.detail.replace("\n", "\n    "), result.log))
            for warning in bench.warnings:
                progress.message("%s: warning: %s" % (bench.name, warning))
            if bench.problem:
                progress.message("%s: %s" % (bench.name, bench.problem))
        if with_stream:
            progress.step(len(benches), "stream-triad", "build")
            self.stream_build = self.build_stream()
            if not self.stream_build.ok:
                progress.message("stream_triad: " + self.stream_build.detail)
        progress.done()

    # --- the STREAM probe --------------------------------------------------

    STREAM_RUNS = 5

    def build_stream(self):
        opts = self.options
        output = os.path.join(self.build_dir, "stream_triad")
        if opts.prebuilt:
            return builder.prebuilt(output)
        return builder.build(
            builder.omp_command(opts.cxx, self.common_dir, self.stream_source, output,
                                opts.march), output, [self.stream_source, opts.cxx], opts.timeout)

    def measure_stream(self, threads_list):
        opts = self.options
        result = self.stream_build or self.build_stream()
        output = result.output
        if not result.ok:
            self.stream_problem = result.detail
            self.progress.message("stream_triad: " + result.detail)
            return
        # The machine's bandwidth varies from minute to minute (other tenants
        # of the host): the best of several runs is the machine's STREAM
        # figure.
        for threads in threads_list:
            for attempt in range(self.STREAM_RUNS):
                self.progress.step(0, "stream-triad", "threads=%d run %d/%d"
                                   % (threads, attempt + 1, self.STREAM_RUNS))
                done = run_command([output], opts.timeout, env=self.env(threads))
                match = STREAM_LINE.search(done.stdout)
                if done.returncode == 0 and match:
                    gbps = float(match.group("gbps"))
                    self.stream[threads] = max(self.stream.get(threads) or 0.0, gbps)
                else:
                    self.stream[threads] = None
                    self.stream_problem = ("timed out" if done.timed_out else
                                           "exit status %s: %s" % (done.returncode, done.tail(3)))
                    self.progress.message("stream_triad threads=%d: %s" % (threads, self.stream_problem))
                    break

    # --- running -----------------------------------------------------------

    def run_benchmark(self, index, total, bench, threads, reps, param=None):
        """Runs every implementation of `bench` `reps` times, interleaved."""
        opts = self.options
        cells = {}
        for impl in self.impls:
            cell = Cell()
            built = self.builds[(bench.name, impl.config)]
            if not built.ok:
                cell.fail(BUILD_FAILED, built.detail)
                self.record(bench.name, impl, threads, 0, None, BUILD_FAILED, param)
            cells[impl.config] = cell
            self.cells[(bench.name, impl.config, threads, param)] = cell
        out_dir = os.path.join(self.build_dir, "outputs", "threads%d" % threads)
        if param is not None:
            out_dir = os.path.join(out_dir, "param%d" % param)
        os.makedirs(out_dir, exist_ok=True)
        out_path = {impl.config: os.path.join(out_dir, "%s.%s.out" % (bench.name, impl.config))
                    for impl in self.impls}
        for path in out_path.values():
            if os.path.exists(path):
                os.remove(path)
        run_param = param if param is not None else opts.param
        what = "threads=%d" % threads + ("  param=%d" % param if param is not None else "")
        reference = cells["omp"]
        for rep in range(1, reps + 1):
            for impl in self.impls:
                cell = cells[impl.config]
                if cell.status in STOPPED:
                    continue
                self.progress.name_width = max(self.progress.name_width, len(bench.name))
                self.progress.step(index, bench.name, "%s  %s rep %d/%d" % (what, impl.config, rep, reps))
                command = [self.binary(bench, impl), "--size", opts.size]
                if run_param:
                    command += ["--param", str(run_param)]
                if rep == 1:
                    command += ["--out", out_path[impl.config]]
                done = run_command(command, opts.timeout, env=self.env(threads, impl),
                                   cwd=os.path.dirname(self.binary(bench, impl)))
                result = parse_bench_output(done)
                if result.status != OK:
                    cell.fail(result.status, result.detail)
                    self.record(bench.name, impl, threads, rep, None, result.status, param)
                    self.report_problem(bench, impl, threads, param, cell)
                    continue
                cell.times.append(result.compute_ms)
                status = cell.status
                if rep == 1:
                    cell.extra = result.extra
                    status = self.verify(bench, impl, cell, reference, out_path)
                self.record(bench.name, impl, threads, rep, result.compute_ms, status, param)
                if status not in (OK, UNVERIFIED):
                    self.report_problem(bench, impl, threads, param, cell)
        return cells

    def verify(self, bench, impl, cell, reference, out_path):
        """Checks the first run's output; returns the run's status."""
        if impl.kind == "omp":
            try:
                read_records(out_path["omp"])
            except OSError:
                cell.fail(FAILED, "wrote no output file")
            except FormatError as error:
                cell.fail(FAILED, "bad output file: %s" % error)
            return cell.status
        if reference.status != OK or not reference.times:
            cell.fail(UNVERIFIED, "no reference output: the OpenMP version %s"
                      % reference.status.replace("-", " "))
            return cell.status
        difference = compare_files(out_path[impl.config], out_path["omp"], bench.rtol, bench.atol)
        if difference:
            cell.fail(WRONG, difference)
        return cell.status

    def report_problem(self, bench, impl, threads, param, cell):
        where = "threads=%d" % threads + (" param=%d" % param if param is not None else "")
        self.progress.message("%s: %s %s: %s: %s" % (bench.name, impl.config, where, cell.status,
                                                    cell.detail))

    def run_all(self, threads_list, reps, with_stream):
        """The main loop: per thread count, the STREAM probe then every benchmark,
        then the scaling series."""
        total = len(self.benchmarks)
        self.progress = Progress(total)
        self.progress.name_width = max([14] + [len(b.name) for b in self.benchmarks])
        try:
            if with_stream:
                self.measure_stream(threads_list)
            for threads in threads_list:
                for index, bench in enumerate(self.benchmarks, 1):
                    self.run_benchmark(index, total, bench, threads, reps)
            for bench, params in self.scaling:
                self.progress.total = len(params)
                for threads in threads_list:
                    for index, param in enumerate(params, 1):
                        self.run_benchmark(index, len(params), bench, threads, reps, param)
        except KeyboardInterrupt:
            self.interrupted = True
            self.progress.message("interrupted: reporting what has run")
        finally:
            self.progress.done()

    # --- outcome -----------------------------------------------------------

    def failures(self):
        """(benchmark, config, threads, param, cell) of every cell that is not ok."""
        order = {impl.config: i for i, impl in enumerate(self.impls)}
        found = [(b, c, t, p, cell) for (b, c, t, p), cell in self.cells.items()
                 if cell.status != OK]
        return sorted(found, key=lambda f: (f[0], order[f[1]], f[2], f[3] or 0))
