"""results.md, the verification summary and speedup.png."""

import math
import os

from .chart import draw_speedup_chart, series_color
from .runner import OK, UNVERIFIED

STATUS_TEXT = {
    "wrong": "wrong output",
    "failed": "failed",
    "timeout": "timeout",
    "build-failed": "build failed",
    "unverified": "unverified",
}


def one_line(text, limit=400):
    text = " | ".join(line.strip() for line in str(text).splitlines() if line.strip())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def fmt_ms(ms):
    if ms is None:
        return "-"
    if ms >= 100:
        return "%.1f" % ms
    if ms >= 1:
        return "%.2f" % ms
    return "%.3f" % ms


def geomean(values):
    values = [v for v in values if v and v > 0 and math.isfinite(v)]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def speedup(harness, bench, config, threads, param=None):
    """OpenMP median / config median, or None when either did not verify."""
    ref = harness.cells.get((bench, "omp", threads, param))
    cell = harness.cells.get((bench, config, threads, param))
    if not ref or not cell or ref.status != OK or cell.status != OK:
        return None
    if not ref.median or not cell.median:
        return None
    return ref.median / cell.median


def cell_ms_text(cell):
    if cell is None:
        return "not run"
    if cell.status == OK:
        return fmt_ms(cell.median) if cell.times else "not run"
    if cell.status == UNVERIFIED and cell.times:
        return "%s (unverified)" % fmt_ms(cell.median)
    return STATUS_TEXT.get(cell.status, cell.status)


def speedup_text(harness, bench, config, threads, param=None):
    value = speedup(harness, bench, config, threads, param)
    if value is not None:
        return "%.2f" % value
    ref = harness.cells.get((bench, "omp", threads, param))
    cell = harness.cells.get((bench, config, threads, param))
    if cell is None or ref is None:
        return "not run"
    if cell.status != OK:
        return STATUS_TEXT.get(cell.status, cell.status)
    return "no reference"


def cuda_configs(harness):
    return [impl.config for impl in harness.impls if impl.kind == "cuda"]


def threads_run(harness):
    seen = []
    for (_, _, threads, _) in harness.cells:
        if threads not in seen:
            seen.append(threads)
    return seen


def main_table(harness, threads):
    configs = cuda_configs(harness)
    default, extras = configs[0], configs[1:]
    header = ["benchmark", "OpenMP median ms", "%s median ms" % default,
              "speedup (omp/%s)" % default] + ["speedup %s" % c for c in extras]
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|"]
    speedups = {c: [] for c in configs}
    for bench in harness.benchmarks:
        name = bench.name
        if (name, "omp", threads, None) not in harness.cells:
            continue
        row = [name, cell_ms_text(harness.cells.get((name, "omp", threads, None))),
               cell_ms_text(harness.cells.get((name, default, threads, None)))]
        for config in configs:
            row.append(speedup_text(harness, name, config, threads))
            value = speedup(harness, name, config, threads)
            if value is not None:
                speedups[config].append(value)
        lines.append("| " + " | ".join(row) + " |")
    means = []
    for config in configs:
        mean = geomean(speedups[config])
        means.append("**%.2f** (%d)" % (mean, len(speedups[config])) if mean else "-")
    lines.append("| **geometric mean** (benchmarks verified) | | | " + " | ".join(means) + " |")
    return lines


def bandwidth_lines(harness, threads):
    stream = harness.stream.get(threads)
    if threads not in harness.stream:
        return []
    if stream is None:
        return ["- STREAM triad: failed (%s)" % one_line(harness.stream_problem, 200)]
    lines = ["- machine STREAM triad (OpenMP, 3 arrays of 2^25 doubles, best pass of 5 runs of 10): **%.1f GB/s**"
             % stream]
    parts = []
    for impl in harness.impls:
        cell = harness.cells.get(("triad", impl.config, threads, None))
        if cell is None:
            continue
        bytes_text = cell.extra.get("bytes")
        if cell.status not in (OK, UNVERIFIED) or not cell.times or not bytes_text:
            parts.append("%s %s" % (impl.title, STATUS_TEXT.get(cell.status, "no bytes= line")
                                    if cell.status != OK else "no bytes= line"))
            continue
        try:
            gbps = float(bytes_text) / (cell.median / 1000.0) / 1e9
        except (ValueError, ZeroDivisionError):
            parts.append("%s bad bytes=%s" % (impl.title, bytes_text))
            continue
        parts.append("%s %.1f GB/s (%.0f%% of STREAM)" % (impl.title, gbps, 100.0 * gbps / stream))
    if parts:
        lines.append("- triad benchmark bandwidth: " + ", ".join(parts))
    return lines


def scaling_tables(harness, threads):
    lines = []
    configs = [impl for impl in harness.impls]
    for bench, params in harness.scaling:
        if (bench.name, "omp", threads, params[0]) not in harness.cells:
            continue
        lines += ["", "### Scaling of %s with --param (threads=%d)" % (bench.name, threads), ""]
        if bench.param:
            lines.append("param: %s. ratio: (ms/param) divided by the same at param=%d; "
                         "1.00 everywhere means linear growth." % (bench.param, params[0]))
            lines.append("")
        header = ["param"] + ["%s ms" % i.title for i in configs] + ["ratio %s" % i.title for i in configs]
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "|".join(["---:"] * len(header)) + "|")
        first = {}
        for param in params:
            row = [str(param)]
            ratios = []
            for impl in configs:
                cell = harness.cells.get((bench.name, impl.config, threads, param))
                row.append(cell_ms_text(cell))
                if cell and cell.status == OK and cell.median:
                    per = cell.median / param
                    first.setdefault(impl.config, per)
                    ratios.append("%.2f" % (per / first[impl.config]) if first[impl.config] else "-")
                else:
                    ratios.append("-")
            lines.append("| " + " | ".join(row + ratios) + " |")
    return lines


def notes(harness):
    lines = []
    seen_builds = set()
    for bench, config, threads, param, cell in harness.failures():
        if cell.status == "build-failed":
            if (bench, config) in seen_builds:
                continue
            seen_builds.add((bench, config))
            lines.append("- %s, %s: build failed: %s" % (bench, config, one_line(cell.detail)))
            continue
        where = "threads=%d" % threads + (", param=%d" % param if param is not None else "")
        lines.append("- %s, %s, %s: %s: %s" % (bench, config, where,
                                              STATUS_TEXT.get(cell.status, cell.status),
                                              one_line(cell.detail)))
    return lines


def results_markdown(harness, info):
    opts = harness.options
    lines = ["# cucpu benchmark results", ""]
    for key, value in info:
        lines.append("- %s: %s" % (key, value))
    if opts.reps < 5:
        lines.append("- **warning: only %d repetition(s); use --reps 5 or more for results "
                     "worth reporting**" % opts.reps)
    if harness.interrupted:
        lines.append("- **interrupted: the tables are incomplete**")
    lines += ["", "Times are medians over the repetitions of the time each program reports "
              "for its compute region; speedup = OpenMP median / cucpu median (above 1: the "
              "CUDA version compiled by cucpu is faster than the OpenMP reference)."]
    for threads in threads_run(harness):
        lines += ["", "## threads = %d" % threads, ""]
        lines += main_table(harness, threads)
        bandwidth = bandwidth_lines(harness, threads)
        if bandwidth:
            lines += [""] + bandwidth
        lines += scaling_tables(harness, threads)
    failure_notes = notes(harness)
    if failure_notes:
        lines += ["", "## Failures", ""] + failure_notes
    return "\n".join(lines) + "\n"


def verify_markdown(harness):
    configs = [impl.config for impl in harness.impls]
    lines = ["| benchmark | threads | " + " | ".join(
        "OpenMP" if c == "omp" else c for c in configs) + " |",
        "|" + "|".join([":---", "---:"] + [":---"] * len(configs)) + "|"]
    for bench in harness.benchmarks:
        for threads in threads_run(harness):
            row = [bench.name, str(threads)]
            for config in configs:
                cell = harness.cells.get((bench.name, config, threads, None))
                if cell is None:
                    row.append("not run")
                elif cell.status == OK:
                    row.append("ok")
                else:
                    row.append(STATUS_TEXT.get(cell.status, cell.status))
            lines.append("| " + " | ".join(row) + " |")
    failure_notes = notes(harness)
    if failure_notes:
        lines += ["", "Failures:", ""] + failure_notes
    return "\n".join(lines) + "\n"


def write_chart(harness, path):
    configs = cuda_configs(harness)
    thread_list = threads_run(harness)
    groups = [b.name for b in harness.benchmarks] + ["geomean"]
    series = []
    for c, config in enumerate(configs):
        for t, threads in enumerate(thread_list):
            values = {}
            for bench in harness.benchmarks:
                if (bench.name, config, threads, None) in harness.cells:
                    values[bench.name] = speedup(harness, bench.name, config, threads)
            mean = geomean([v for v in values.values() if v is not None])
            if mean is not None:
                values["geomean"] = mean
            label = "%s threads=%d" % (config, threads)
            series.append((label, series_color(c, t, len(thread_list)), values))
    title = "Speedup of cucpu over the OpenMP reference (size %s)" % harness.options.size
    draw_speedup_chart(path, groups, series, title, "speedup = OpenMP ms / cucpu ms")


def write_outputs(harness, out_dir, info):
    markdown = results_markdown(harness, info)
    with open(os.path.join(out_dir, "results.md"), "w") as file:
        file.write(markdown)
    write_chart(harness, os.path.join(out_dir, "speedup.png"))
    return markdown
