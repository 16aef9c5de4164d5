#!/usr/bin/env python3
"""Build and run the HeCBench corpus with cucpu, and classify every program.

For each src/<name>-cuda of a HeCBench checkout, the program's own Makefile is
run with cucpu as its compiler, the program runs with the arguments of
benchmarks.yaml (or of its Makefile's `run` target, or of small-sizes.tsv with
--size small), and the outcome gets one class:

  PASS           exit 0 and the program's own check passed (it printed PASS,
                 or its source only prints on failure and printed nothing),
                 or, for a program without a check, the yaml's pattern matched
  ran-no-check   exit 0, no check of its own, no yaml pattern (or no match)
  wrong-result   the program's own check reported a failure
  compile-error  the build stopped at a compile error
  link-error     the build stopped at the link
  crash          killed by a signal, or a non-zero exit without a result
  timeout        the compile or the run took longer than its limit
  no-data        needs input files that the checkout does not hold (DVC)
  excluded       needs a library cucpu does not provide, is Rodinia-named,
                 or has no Makefile

See README.md next to this file. Python 3, standard library only (PyYAML is
used when installed).
"""

import argparse
import csv
import datetime
import json
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# The project is measured on Rodinia independently: programs with these names
# are never built, run or read.
RODINIA = {
    "backprop", "bfs", "b+tree", "btree", "cfd", "gaussian", "heartwall",
    "hotspot", "hotspot3D", "hybridsort", "kmeans", "lavaMD", "leukocyte",
    "lud", "myocyte", "nn", "nw", "particlefilter", "pathfinder", "srad",
    "streamcluster",
}

CLASSES = ["PASS", "ran-no-check", "wrong-result", "compile-error",
           "link-error", "crash", "timeout", "no-data", "excluded"]

# Libraries cucpu does not provide. Each entry: the name reported, patterns
# looked for in Makefiles (link flags, compilers) and #include lines.
LIBRARIES = [
    ("MPI", r"-lmpi\b|\bmpicc\b|\bmpicxx\b|\bmpic\+\+",
     r"^\s*#\s*include\s*[<\"]mpi\.h[>\"]"),
    ("NCCL", r"-lnccl\b", r"^\s*#\s*include\s*[<\"]nccl\.h[>\"]"),
    ("cuBLAS", r"-lcublas(Lt)?\b|-cudalib=\S*cublas",
     r"^\s*#\s*include\s*[<\"](cublas|cublas_v2|cublasLt|cublasXt)\.h[>\"]"),
    ("cuFFT", r"-lcufft\w*", r"^\s*#\s*include\s*[<\"]cufft\w*\.h[>\"]"),
    ("cuSPARSE", r"-lcusparse\b",
     r"^\s*#\s*include\s*[<\"]cusparse(_v2)?\.h[>\"]"),
    ("cuSOLVER", r"-lcusolver\b",
     r"^\s*#\s*include\s*[<\"]cusolver\w*\.h[>\"]"),
    ("cuDNN", r"-lcudnn\b", r"^\s*#\s*include\s*[<\"]cudnn\w*\.h[>\"]"),
    ("Boost", r"-lboost_\w+", r"^\s*#\s*include\s*[<\"]boost/"),
    ("GSL", r"-lgsl\b|\$\(GSL", r"^\s*#\s*include\s*[<\"]gsl/"),
    ("GDAL", r"-lgdal\b", r"^\s*#\s*include\s*[<\"](gdal|gdal_priv|ogr_\w+)\.h[>\"]"),
    # PyTorch extensions: `python setup.py` builds them with torch's own
    # nvcc wrapper; they are no standalone program.
    ("PyTorch", r"\bsetup\.py\b", r"^\s*#\s*include\s*[<\"](torch/|ATen/)"),
]

SOURCE_EXT = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".inl")

# Result markers in a program's output. Most HeCBench programs print PASS or
# FAIL in capitals; others print a word alone on a line, or a sentence.
PASS_RE = re.compile(r"\bPASS(ED)?\b")
PASS_RE_I = re.compile(
    r"^\W*(pass(ed)?|success(ful)?|correct|ok)\W*$"
    r"|\b(tests?|verification|check|validation)\s+(passed|succeeded|successful)\b",
    re.I)
FAIL_RE = re.compile(r"\bFAIL(ED|URE|S)?\b|\bNOT PASS")
FAIL_RE_I = re.compile(
    r"^\W*(fail(ed|ure)?)\W*$"
    r"|\bincorrect\b(?!\s+(parameter|argument|usage|option|input))"
    r"|\bmismatch"
    r"|\bwrong\s+(result|answer|value|output)"
    r"|\b(tests?|verification|check|validation)\s+failed\b",
    re.I)
# "0 mismatches", "errors: 0" and the like are not failures.
ZERO_COUNT_RE = re.compile(
    r"\b0\s+(fail|mismatch|error|incorrect|wrong)\w*"
    r"|\b(fail|mismatch|incorrect|wrong|error)\w*\b[^:=\n]{0,40}[:=]\s*0+(\.0*)?(?![.\d])",
    re.I)
# Messages of error handling, not of a result check: "cudaMalloc failed",
# "Opening file failed", "*** FAILED - ABORTING".
NOT_A_CHECK_RE = re.compile(
    r"abort|alloc|open|read|writ|file|\bapi\b|cuda|\bmpi|launch|memory|usage|init", re.I)
# What a program says when an input file is missing.
MISSING_INPUT_RE = re.compile(
    r"no such file|cannot open|can't open|could not open|couldn't open"
    r"|unable to open|failed to open|fail to open|error opening|error reading"
    r"|cannot read|failed to read|file not found|does not exist"
    r"|(could not|cannot|can.t) be opened|could not find a (sub-)?directory"
    r"|no such (folder|directory)",
    re.I)

SIGNAMES = {-s.value: s.name for s in signal.Signals}

lock = threading.Lock()
tree_lock = threading.Lock()


# --------------------------------------------------------------------------
# benchmarks.yaml


def load_yaml(path):
    """benchmarks.yaml as a dict; PyYAML when present, else our own reader of
    the subset the file uses (two levels of mappings, quoted scalars, flow
    lists of scalars)."""
    try:
        import yaml  # noqa: F401
    except ImportError:
        yaml = None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if yaml is not None:
        return yaml.safe_load(text) or {}
    return parse_yaml_subset(text)


def _scalar(v):
    v = v.strip()
    if not v:
        return None
    if v.startswith("'") and v.endswith("'") and len(v) >= 2:
        return v[1:-1].replace("''", "'")
    if v.startswith('"'):
        return json.loads(v)
    if v.startswith("["):
        inner = v[1:-1].strip()
        if not inner:
            return []
        try:
            return json.loads(v)
        except ValueError:
            return [_scalar(x) for x in inner.split(",")]
    if re.fullmatch(r"-?\d+", v):
        return int(v)
    return v


def parse_yaml_subset(text):
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        key, _, value = line.strip().partition(":")
        # A '#' outside quotes starts a comment.
        if "#" in value and not value.strip().startswith(("'", '"', "[")):
            value = value.split("#", 1)[0]
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip():
            parent[key] = _scalar(value)
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


# --------------------------------------------------------------------------
# small process helpers


def run_cmd(cmd, cwd, env, timeout, log, shell=False):
    """Run cmd with its output appended to the open file log; returns
    (returncode or None on timeout, seconds)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True, shell=shell)
    try:
        rc = p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
        rc = None
    return rc, time.monotonic() - t0


def capture(cmd, cwd, env, timeout=60):
    try:
        r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                           timeout=timeout, stdin=subprocess.DEVNULL)
        return r.returncode, r.stdout
    except subprocess.TimeoutExpired:
        return None, ""


def read_text(path, limit=32 << 20):
    """The file's text; of a huge file, its first and last halves of limit."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            if size <= limit:
                data = f.read()
            else:
                data = f.read(limit // 2) + b"\n...\n"
                f.seek(size - limit // 2)
                data += f.read()
        return data.decode("utf-8", "replace")
    except OSError:
        return ""


def write_json(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


# --------------------------------------------------------------------------
# looking at a program before building it


def find_makefile_dir(progdir):
    if os.path.isfile(os.path.join(progdir, "Makefile")):
        return progdir
    found = []
    for root, dirs, files in os.walk(progdir):
        depth = os.path.relpath(root, progdir).count(os.sep)
        if depth >= 2:
            dirs[:] = []
        if "Makefile" in files:
            found.append(root)
    found.sort(key=lambda d: (d.count(os.sep), d))
    return found[0] if found else None


def source_files(progdir, limit=4000):
    out = []
    for root, dirs, files in os.walk(progdir):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(SOURCE_EXT) or f.startswith("Makefile") or f.endswith(".mk"):
                out.append(os.path.join(root, f))
                if len(out) >= limit:
                    return out
    return out


def include_folders(progdir):
    """Sibling folders the program's Makefile adds to the include path
    (`-I../qkv-cuda`): their headers are the program's too."""
    out = []
    for path in source_files(progdir):
        name = os.path.basename(path)
        if not (name.startswith("Makefile") or name.endswith(".mk")):
            continue
        for m in re.finditer(r"-I\s*(\.\./[\w.+-]+)", read_text(path)):
            folder = os.path.normpath(os.path.join(progdir, m.group(1)))
            if os.path.isdir(folder) and folder not in out:
                out.append(folder)
    return out


def needs_library(progdir):
    """(library, 'file: evidence') of the first unsupported library the
    program needs, or None. Headers of sibling folders its Makefile includes
    count too."""
    files = source_files(progdir)
    for folder in include_folders(progdir):
        files += [f for f in source_files(folder)
                  if f.endswith((".h", ".hpp", ".hh", ".cuh", ".inl"))]
    for lib, mkpat, incpat in LIBRARIES:
        mk = re.compile(mkpat)
        inc = re.compile(incpat, re.M)
        for path in files:
            name = os.path.basename(path)
            is_make = name.startswith("Makefile") or name.endswith(".mk")
            if os.path.getsize(path) > 4 << 20:
                continue
            text = read_text(path)
            if is_make:
                for line in text.splitlines():
                    if line.lstrip().startswith("#"):
                        continue
                    m = mk.search(line)
                    if m:
                        return lib, "%s: %s" % (os.path.relpath(path, progdir), m.group(0))
            else:
                m = inc.search(text)
                if m:
                    return lib, "%s: %s" % (os.path.relpath(path, progdir), m.group(0).strip())
    return None


def string_literals(text):
    return re.findall(r'"((?:[^"\\\n]|\\.)*)"', text)


def static_check(progdir):
    """What the program's source prints about its result: 'pass+fail',
    'fail-only', 'pass-only' or 'none'."""
    has_pass = has_fail = False
    for path in source_files(progdir):
        if not path.endswith(SOURCE_EXT) or os.path.getsize(path) > 4 << 20:
            continue
        for lit in string_literals(read_text(path)):
            lit = lit.replace("\\n", "\n").replace("\\t", " ")
            if NOT_A_CHECK_RE.search(lit):
                continue
            if is_pass_text(lit):
                has_pass = True
            if is_fail_text(lit):
                has_fail = True
    if has_pass and has_fail:
        return "pass+fail"
    if has_fail:
        return "fail-only"
    if has_pass:
        return "pass-only"
    return "none"


def is_pass_text(text):
    return any(PASS_RE.search(l) or PASS_RE_I.search(l) for l in text.splitlines())


def fail_lines(text):
    out = []
    for l in text.splitlines():
        if (FAIL_RE.search(l) or FAIL_RE_I.search(l)) and not ZERO_COUNT_RE.search(l):
            out.append(l.strip())
    return out


def is_fail_text(text):
    return bool(fail_lines(text))


def dvc_needs(dirpath):
    """(missing, present) data archives declared by .dvc files in dirpath."""
    missing, present = [], []
    try:
        names = sorted(os.listdir(dirpath))
    except OSError:
        return missing, present
    for f in names:
        if not f.endswith(".dvc"):
            continue
        target = f[:-4]
        for line in read_text(os.path.join(dirpath, f)).splitlines():
            m = re.match(r"\s*-?\s*path:\s*(\S+)", line)
            if m:
                target = m.group(1)
        full = os.path.join(dirpath, target)
        (present if os.path.exists(full) else missing).append(full)
    return missing, present


def extract(archive, dest):
    """Unpack a data archive next to itself, as HeCBench's CMake build does."""
    if tarfile.is_tarfile(archive):
        with tarfile.open(archive) as t:
            if hasattr(tarfile, "data_filter"):
                t.extractall(dest, filter="data")
            else:
                t.extractall(dest)
    elif zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as z:
            z.extractall(dest)


# --------------------------------------------------------------------------
# the build tree: OUT/src mirrors the checkout's src/ with symlinks, and
# holds a real copy of each program being built, so that the Makefiles'
# relative paths (../data, ../<other>-cuda) resolve and the checkout stays
# untouched.


def prepare_tree(hec_src, tree):
    os.makedirs(tree, exist_ok=True)
    for entry in os.listdir(hec_src):
        link = os.path.join(tree, entry)
        if not os.path.lexists(link):
            os.symlink(os.path.join(hec_src, entry), link)


def materialize(hec_src, tree, entry, fresh):
    """Make OUT/src/<entry> a real copy of the checkout's directory."""
    dst = os.path.join(tree, entry)
    if os.path.islink(dst):
        os.unlink(dst)
    elif os.path.isdir(dst):
        if not fresh:
            return dst
        shutil.rmtree(dst)
    shutil.copytree(os.path.join(hec_src, entry), dst, symlinks=True)
    return dst


def referenced_siblings(text):
    """Directories ../<x> that a Makefile or command line names."""
    return sorted(set(re.findall(r"\.\./([A-Za-z0-9_+.\-]+)", text)))


# --------------------------------------------------------------------------
# diagnostics


DIAG_RE = re.compile(r"(?:^|\s|:)(fatal error|error):\s*(.*)")
LINK_RE = re.compile(r"undefined reference to|multiple definition of|\bld(\.lld)?: error:|"
                     r"linker command failed|cannot find -l|undefined symbol:")


def first_error(log_text, tree):
    """The first diagnostic that stopped a build: (line, kind) where kind is
    'link' or 'compile'."""
    lines = log_text.splitlines()
    for line in lines:
        s = line.strip()
        if LINK_RE.search(s) and "warning:" not in s:
            return clean_path(s, tree), "link"
        m = DIAG_RE.search(s)
        if m and not s.startswith("make"):
            return clean_path(s, tree), "compile"
        if s.startswith("make") and ("No rule to make target" in s):
            return clean_path(s, tree), "compile"
    for line in lines:
        if "Error" in line and line.startswith("make"):
            return clean_path(line.strip(), tree), "compile"
    tail = [l for l in lines if l.strip()]
    return (clean_path(tail[-1].strip(), tree) if tail else "(no output)"), "compile"


def clean_path(s, tree):
    s = s.replace(tree + os.sep, "")
    return s[:400]


def diag_message(line):
    """The message of a diagnostic line, without file and position."""
    m = DIAG_RE.search(line)
    if m:
        return m.group(2).strip()
    m = re.search(r"(undefined reference to .*|multiple definition of .*|undefined symbol: .*)", line)
    if m:
        return m.group(1).strip()
    return line


# Where a diagnostic names its construct, most specific first: cucpu's own
# "not provided" message, a missing header, then the first quoted token.
CONSTRUCT_PATTERNS = [r"cucpu does not provide (.*?) yet", r"'([^']+)' file not found",
                      r"`([^'`]+)'", r"'([^']+)'", r'"([^"]+)"']


def construct_of(msg):
    """The name a diagnostic names: the first quoted token, or the header."""
    for pattern in CONSTRUCT_PATTERNS:
        m = re.search(pattern, msg)
        if m:
            return m.group(1)
    return ""


def template_of(msg):
    """The message with its quoted names replaced, to group diagnostics."""
    t = re.sub(r"'[^']*'", "'…'", msg)
    t = re.sub(r"`[^'`]*'", "'…'", t)
    t = re.sub(r"\b\d+\b", "N", t)
    return t


# --------------------------------------------------------------------------
# one program


class Ctx:
    pass


def tool_env(ctx, extra=None):
    env = dict(os.environ)
    # Our nvcc (cucpu) comes first; directories that hold a real nvcc go.
    path = [ctx.shim] + [p for p in env.get("PATH", "").split(os.pathsep)
                         if p and not os.path.exists(os.path.join(p, "nvcc"))]
    env["PATH"] = os.pathsep.join(path)
    env.pop("MAKEFLAGS", None)
    env.pop("MFLAGS", None)
    env.pop("MAKELEVEL", None)
    env["LC_ALL"] = "C"
    if extra:
        env.update(extra)
    return env


def make_var(mkdir, var, env, overrides):
    rc, out = capture(["make", "-s", "--no-print-directory",
                       "--eval=__corpus_print_var: ; @echo $(%s)" % var]
                      + overrides + ["__corpus_print_var"], mkdir, env)
    if rc != 0:
        return ""
    lines = [l for l in out.splitlines() if l.strip()]
    return lines[-1].strip() if lines else ""


def run_recipe(mkdir, env, overrides):
    """The commands of the Makefile's `run` target, as make would run them."""
    rc, out = capture(["make", "-s", "-n", "--no-print-directory"] + overrides + ["run"],
                      mkdir, env)
    if rc != 0:
        return []
    # make -n prints a recipe line continued with a backslash as it is
    # written: join the pieces into the one command.
    out = re.sub(r"\\\n\s*", " ", out)
    return [l.strip() for l in out.splitlines() if l.strip()]


def decide_command(ctx, name, mkdir, env, overrides, yaml_entry):
    """(commands, source, args text) the program runs with."""
    test = (yaml_entry or {}).get("test") or {}
    exe = test.get("binary") or make_var(mkdir, "program", env, overrides)
    recipe = run_recipe(mkdir, env, overrides)
    if not exe:
        for line in recipe:
            m = re.search(r"(\./\S+)", line)
            if m:
                exe = m.group(1)
                break
    if exe and not exe.startswith(("/", "./")):
        exe = "./" + exe
    if ctx.size == "small" and name in ctx.small:
        args = ctx.small[name][0]
        return small_commands(exe, args), "small", args
    if test and "args" in test and exe:
        args = " ".join(shlex.quote(str(a)) for a in test.get("args") or [])
        return ["%s %s" % (shlex.quote(exe), args)], "yaml", args
    if recipe:
        return recipe, "makefile", " ; ".join(recipe)
    return [], "none", ""


def small_commands(exe, args):
    """The runs of a small-sizes.tsv entry: its arguments, or several
    argument lists separated by ` ; ` for a program that its Makefile runs
    once per configuration."""
    return ["%s %s" % (shlex.quote(exe), part.strip())
            for part in args.split(" ; ")]


def write_script(path, cmds):
    """The run commands as a script; a single command is exec'd, so that a
    signal that kills the program is the script's own status."""
    with open(path, "w") as f:
        if len(cmds) == 1:
            f.write("exec %s\n" % cmds[0])
        else:
            f.write("set -e\n" + "\n".join(cmds) + "\n")


def program_output(log_text):
    """What the program printed: without our header and bash's reports."""
    return "\n".join(l for l in log_text.splitlines()
                     if not l.startswith("# ") and not re.search(r"run\.sh: line \d+:", l))


def signal_status(rc):
    """bash reports a child killed by signal N as 128+N; make it -N."""
    if rc is not None and rc > 128 and -(rc - 128) in SIGNAMES:
        return -(rc - 128)
    return rc


def classify_run(rc, out, check, regex, missing_inputs):
    """(class, evidence, reason) of a finished run."""
    fails = fail_lines(out)
    if rc != 0:
        # "*** FAILED - ABORTING" of an error-checking macro is no result.
        fails = [l for l in fails if not NOT_A_CHECK_RE.search(l)]
    if fails:
        return "wrong-result", "check", fails[0][:300]
    passed = is_pass_text(out)
    yaml_match = bool(regex) and re.search(regex, out) is not None
    if rc != 0:
        lines = [l.strip() for l in out.splitlines() if l.strip()]
        missing = [l for l in lines if MISSING_INPUT_RE.search(l)]
        if missing and (missing_inputs or rc > 0):
            return "no-data", "", missing[0][:300]
        # A program that dies silently on an input file it was not given
        # (a folder of HeCBench's data that the checkout lacks).
        if not lines and missing_inputs:
            return "no-data", "", "input missing: %s" % missing_inputs[0]
        # An argument in a folder that does not exist is an input the
        # checkout lacks (easyWave's ../easyWave-omp/data/grids/), not an
        # output the program would write.
        absent = [t for t in missing_inputs if "/" in t.rstrip("/")
                  and not os.path.isdir(os.path.dirname(t.rstrip("/")))]
        if absent:
            return "no-data", "", "input folder missing: %s" % absent[0]
        what = "signal %s" % SIGNAMES.get(rc, rc) if rc < 0 else "exit %d" % rc
        last = lines[-1][:240] if lines else "(no output)"
        return "crash", "", "%s: %s" % (what, last)
    if passed:
        return "PASS", "check", ""
    if check == "fail-only":
        return "PASS", "silent-check", ""
    if yaml_match:
        return "PASS", "yaml-pattern", ""
    why = "no check; yaml pattern did not match" if regex else "no check; no yaml pattern"
    return "ran-no-check", "", why


# Lines of a program's output that say how fast or where it ran rather than
# what it computed; they differ between the CUDA and the OpenMP version.
NOT_A_RESULT_RE = re.compile(
    r"time|timing|elapsed|duration|\b(ms|us|usec|msec|ns|nsec|secs?|seconds?)\b"
    r"|\(\s*[mun]?s\s*\)|\d\s*[mun]?s\b|/s\b|bandwidth|throughput|flop|speed|\brate\b|perf"
    r"|clock|cycle|device|gpu|cpu|thread|block|grid|work.?group|work.?item|team"
    r"|memory|alloc|\b[kmg]i?b\b|bytes|iteration|repeat|warm.?up"
    # Echoes of the configuration: the same in both versions whether or not
    # either computed anything.
    r"|size|seed|number of|\bnum|count|dimension|\bdims?\b|length|width|height|volume"
    r"|param|config|input|setting|problem|\b[a-z]\s*[:=]\s*\d+\s*$|version|\b[ap]m\b",
    re.I)
NUMBER_RE = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?\b(?:nan|inf)\b", re.I)


def result_lines(out):
    """(template, numbers) of each output line that states a result: the
    line with its numbers replaced by '#', and the numbers' texts."""
    res = []
    for line in out.splitlines():
        if NOT_A_RESULT_RE.search(line):
            continue
        nums = NUMBER_RE.findall(line)
        if not nums:
            continue
        tmpl = " ".join(NUMBER_RE.sub("#", line).lower().split())
        res.append((tmpl, nums))
    return res


def same_number(a, b, rel=1e-3):
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x != x or y != y:  # NaN agrees with NaN only
        return x != x and y != y
    return abs(x - y) <= rel * max(abs(x), abs(y))


def informative(num, args):
    """A number that says something about the computation: not an echo of
    an argument, and not a round value (four significant digits or more,
    as checksums and sums have and sizes and steps rarely do)."""
    if num in args:
        return False
    digits = re.sub(r"[eE].*", "", num).lstrip("+-")
    if "." in digits:
        digits = digits.rstrip("0")
    return len(digits.replace(".", "").strip("0")) >= 4


def compare_outputs(cuda_out, omp_out, args=""):
    """Whether the CUDA version's results agree with the OpenMP version's:
    ('agree'|'differ'|'nothing', detail). Lines are paired by their text
    with numbers blanked out, in order; timings and configuration lines are
    left out. 'agree' needs at least one informative number compared."""
    arg_tokens = set(NUMBER_RE.findall(args))
    a, b = result_lines(cuda_out), result_lines(omp_out)
    by_tmpl = {}
    for tmpl, nums in b:
        by_tmpl.setdefault(tmpl, []).append(nums)
    used = {}
    compared = informative_count = 0
    evidence = []
    for tmpl, nums in a:
        others = by_tmpl.get(tmpl)
        i = used.get(tmpl, 0)
        if not others or i >= len(others):
            continue
        used[tmpl] = i + 1
        for x, y in zip(nums, others[i]):
            if not same_number(x, y):
                return "differ", "cucpu %s, omp %s in: %s" % (x, y, tmpl[:160])
            compared += 1
            if informative(x, arg_tokens):
                informative_count += 1
                if tmpl not in evidence:
                    evidence.append(tmpl)
    if not informative_count:
        return "nothing", "no result line in common"
    return "agree", "%d numbers on %d lines agree: %s" % (
        compared, sum(used.values()), " / ".join(t[:80] for t in evidence[:4]))


def reported_time(regex, out):
    if not regex:
        return ""
    m = re.search(regex, out)
    if not m:
        return ""
    try:
        return float(m.group(1) if m.groups() else m.group(0))
    except (ValueError, IndexError):
        return ""


def do_program(ctx, name):
    res = {"name": name, "class": "", "evidence": "", "reason": "", "construct": "",
           "check": "", "args_from": "", "args": "", "compile_s": "", "run_s": "",
           "exit": "", "yaml_match": "", "reported": "", "size": ctx.size,
           "threads": ctx.threads, "timeout_compile": ctx.timeout_compile,
           "timeout_run": ctx.timeout_run, "date": datetime.date.today().isoformat(),
           "cucpu_version": ctx.cucpu_version}
    logdir = os.path.join(ctx.out, "logs", name)
    os.makedirs(logdir, exist_ok=True)

    if name in RODINIA:
        res.update({"class": "excluded", "reason": "Rodinia-named (measured separately)"})
        return res

    hec_prog = os.path.join(ctx.hec_src, name + "-cuda")
    lib = needs_library(hec_prog)
    if lib:
        res.update({"class": "excluded", "reason": "needs %s (%s)" % lib, "construct": lib[0]})
        return res
    if find_makefile_dir(hec_prog) is None:
        res.update({"class": "excluded", "reason": "no Makefile (CMake only)"})
        return res
    res["check"] = static_check(hec_prog)

    # Data that HeCBench keeps in DVC storage: present archives are unpacked
    # into the copy, missing ones make the program no-data.
    progdir = os.path.join(ctx.tree, name + "-cuda")
    mk_text = read_text(os.path.join(find_makefile_dir(hec_prog), "Makefile"))
    yaml_entry = ctx.yaml.get(name) if isinstance(ctx.yaml, dict) else None
    yaml_args = " ".join(str(a) for a in (((yaml_entry or {}).get("test") or {}).get("args") or []))
    missing, present = dvc_needs(hec_prog)
    present = [os.path.join(progdir, os.path.relpath(x, hec_prog)) for x in present]
    for sib in referenced_siblings(mk_text + " " + yaml_args):
        sibdir = os.path.join(ctx.hec_src, sib)
        if sib == name + "-cuda" or not os.path.isdir(sibdir):
            continue
        m, p = dvc_needs(sibdir)
        missing += m
        if p:
            with tree_lock:  # two programs may share a data folder
                sibcopy = materialize(ctx.hec_src, ctx.tree, sib, fresh=False)
            present += [os.path.join(sibcopy, os.path.relpath(x, sibdir)) for x in p]
    if missing:
        res.update({"class": "no-data",
                    "reason": "needs %s (HeCBench's DVC storage: dvc pull)"
                    % ", ".join(os.path.relpath(x, ctx.hec_src) for x in missing)})
        return res
    materialize(ctx.hec_src, ctx.tree, name + "-cuda", fresh=True)
    mkdir = find_makefile_dir(progdir)
    for archive in present:
        try:
            extract(archive, os.path.dirname(archive))
        except Exception as e:  # a damaged archive is the data's problem
            res.update({"class": "no-data", "reason": "cannot unpack %s: %s"
                        % (os.path.basename(archive), e)})
            return res

    # Build with the program's Makefile, the compiler replaced.
    env = tool_env(ctx)
    overrides = ["CC=" + ctx.cucpu, "NVCC=" + ctx.cucpu, "LAUNCHER="]
    build_log = os.path.join(logdir, "build.log")
    with open(build_log, "w") as log:
        log.write("# cd %s && make %s\n" % (mkdir, " ".join(overrides)))
        log.flush()
        rc, secs = run_cmd(["make", "-j1"] + overrides, mkdir, env, ctx.timeout_compile, log)
    res["compile_s"] = round(secs, 2)
    text = read_text(build_log)
    if rc is None:
        cmds = [l for l in text.splitlines() if ctx.cucpu in l or "nvcc" in l]
        res.update({"class": "timeout", "reason": "compile > %d s%s" % (
            ctx.timeout_compile, (" at: " + clean_path(cmds[-1], ctx.tree)[:200]) if cmds else "")})
        return res
    if rc != 0:
        line, kind = first_error(text, ctx.tree)
        msg = diag_message(line)
        res.update({"class": "link-error" if kind == "link" else "compile-error",
                    "reason": line, "construct": construct_of(msg)})
        return res

    # Run.
    cmds, src, args = decide_command(ctx, name, mkdir, env, overrides, yaml_entry)
    res["args_from"], res["args"] = src, args
    if not cmds:
        res.update({"class": "excluded", "reason": "no run command (no yaml args, no run target)"})
        return res
    test = (yaml_entry or {}).get("test") or {}
    regex = test.get("regex") or ""
    run_env = tool_env(ctx, {"CUCPU_NUM_THREADS": str(ctx.threads),
                             "OMP_NUM_THREADS": str(ctx.threads)})
    run_log = os.path.join(logdir, "run.log")
    script = os.path.join(logdir, "run.sh")
    write_script(script, cmds)
    with open(run_log, "w") as log:
        log.write("# cd %s\n# %s\n" % (mkdir, "\n# ".join(cmds)))
        log.flush()
        rc, secs = run_cmd(ctx.linebuf + ["bash", script], mkdir, run_env, ctx.timeout_run, log)
    res["run_s"] = round(secs, 2)
    out = program_output(read_text(run_log))
    rc = signal_status(rc)
    if rc is None:
        res.update({"class": "timeout", "reason": "run > %d s" % ctx.timeout_run})
        return res
    res["exit"] = rc
    missing_inputs = [os.path.join(mkdir, t)
                      for t in shlex.split(args.replace(";", " "), posix=True)
                      if ("/" in t or re.search(r"\.[A-Za-z]\w{0,5}$", t))
                      and not os.path.exists(os.path.join(mkdir, t))]
    cls, ev, why = classify_run(rc, out, res["check"], regex, missing_inputs)
    res.update({"class": cls, "evidence": ev, "reason": why,
                "yaml_match": (re.search(regex, out) is not None) if regex else "",
                "reported": reported_time(regex, out)})
    return res


def omp_flags(text):
    """A Makefile's CFLAGS/LDFLAGS with the flags of Intel's compiler and of
    device offload removed (clang runs target regions on the host)."""
    keep = []
    skip_next = False
    for tok in shlex.split(text):
        if skip_next:
            skip_next = False
            continue
        if tok in ("-Xsycl-target-backend", "-Xopenmp-target-backend", "-Xs"):
            skip_next = True
            continue
        if re.match(r"-(qopenmp|fiopenmp|fopenmp-targets=|qmkl|fsycl|Xs|qopt|fopenmp$|"
                    r"-offload-arch|-gcc-toolchain|march=|mtune=|xHost|ipo$|fp-model)", tok):
            continue
        keep.append(tok)
    return " ".join(shlex.quote(t) for t in keep)


def do_omp(ctx, name, res):
    """Build src/<name>-omp with clang++ -fopenmp -O3 and run it with the
    arguments the CUDA version ran with."""
    omp = {"omp_class": "", "omp_compile_s": "", "omp_run_s": "", "omp_reported": "",
           "omp_reason": "", "ratio_wall": "", "ratio_reported": ""}
    hec_omp = os.path.join(ctx.hec_src, name + "-omp")
    if not os.path.isdir(hec_omp):
        omp["omp_class"] = "none"
        return omp
    if res["class"] not in ("PASS", "ran-no-check", "wrong-result"):
        omp["omp_class"] = "skipped"
        omp["omp_reason"] = "the CUDA version did not run"
        return omp
    logdir = os.path.join(ctx.out, "logs", name)
    ompdir = materialize(ctx.hec_src, ctx.tree, name + "-omp", fresh=True)
    mkdir = find_makefile_dir(ompdir)
    if mkdir is None:
        omp.update({"omp_class": "compile-error", "omp_reason": "no Makefile"})
        return omp
    for archive in dvc_needs(ompdir)[1]:
        try:
            extract(archive, os.path.dirname(archive))
        except Exception:
            pass
    env = tool_env(ctx)
    base = ["CC=" + ctx.cxx, "CXX=" + ctx.cxx, "DEVICE=cpu", "LAUNCHER="]
    cflags = omp_flags(make_var(mkdir, "CFLAGS", env, base))
    ldflags = omp_flags(make_var(mkdir, "LDFLAGS", env, base))
    overrides = base + ["CFLAGS=%s -fopenmp -O3" % cflags, "LDFLAGS=%s -fopenmp" % ldflags]
    build_log = os.path.join(logdir, "omp-build.log")
    with open(build_log, "w") as log:
        log.write("# cd %s && make %s\n" % (mkdir, " ".join(shlex.quote(o) for o in overrides)))
        log.flush()
        rc, secs = run_cmd(["make", "-j1"] + overrides, mkdir, env, ctx.timeout_compile, log)
    omp["omp_compile_s"] = round(secs, 2)
    if rc != 0:
        line = first_error(read_text(build_log), ctx.tree)[0] if rc is not None else \
            "compile > %d s" % ctx.timeout_compile
        omp.update({"omp_class": "compile-error" if rc is not None else "timeout",
                    "omp_reason": line})
        return omp
    exe = make_var(mkdir, "program", env, overrides) or "main"
    if not exe.startswith(("/", "./")):
        exe = "./" + exe
    if res["args_from"] == "makefile":
        cmds = run_recipe(mkdir, env, overrides)
    else:
        cmds = ["%s %s" % (shlex.quote(exe), res["args"])]
    script = os.path.join(logdir, "omp-run.sh")
    write_script(script, cmds)
    run_log = os.path.join(logdir, "omp-run.log")
    run_env = tool_env(ctx, {"OMP_NUM_THREADS": str(ctx.threads)})
    with open(run_log, "w") as log:
        log.write("# cd %s\n# %s\n" % (mkdir, "\n# ".join(cmds)))
        log.flush()
        rc, secs = run_cmd(ctx.linebuf + ["bash", script], mkdir, run_env, ctx.timeout_run, log)
    omp["omp_run_s"] = round(secs, 2)
    if rc is None:
        omp.update({"omp_class": "timeout", "omp_reason": "run > %d s" % ctx.timeout_run})
        return omp
    out = program_output(read_text(run_log))
    rc = signal_status(rc)
    regex = (((ctx.yaml.get(name) or {}).get("test") or {}).get("regex") or "")
    omp["omp_reported"] = reported_time(regex, out)
    if rc != 0:
        omp.update({"omp_class": "crash", "omp_reason": "exit %s" % SIGNAMES.get(rc, rc)})
        return omp
    fails = fail_lines(out)
    if fails:
        # Target regions on the host get fewer threads than their teams ask
        # for; a program that relies on the count fails its own check. Its
        # time says nothing, so it gets no ratio.
        omp.update({"omp_class": "wrong-result", "omp_reason": fails[0][:200]})
        return omp
    omp["omp_class"] = "ran"
    if res["class"] not in ("PASS", "ran-no-check"):
        return omp
    # A program without a check of its own is checked against the OpenMP
    # port: the same computation written by the same authors for the host.
    if res["class"] == "ran-no-check":
        cuda_out = program_output(read_text(os.path.join(logdir, "run.log")))
        verdict, detail = compare_outputs(cuda_out, out, res.get("args", ""))
        omp["omp_compare"] = verdict
        if verdict == "agree":
            omp.update({"class": "PASS", "evidence": "agrees-with-omp", "reason": detail})
        elif verdict == "differ":
            omp["reason"] = "differs from the OpenMP version: " + detail
    if res["run_s"] and secs > 0:
        omp["ratio_wall"] = round(res["run_s"] / secs, 3)
    if res["reported"] not in ("", None) and omp["omp_reported"] not in ("", None) \
            and omp["omp_reported"] > 0:
        omp["ratio_reported"] = round(res["reported"] / omp["omp_reported"], 3)
    return omp


# --------------------------------------------------------------------------
# tables


CSV_FIELDS = ["name", "class", "evidence", "reason", "construct", "check", "args_from",
              "args", "compile_s", "run_s", "exit", "yaml_match", "reported",
              "omp_class", "omp_compile_s", "omp_run_s", "omp_reported", "omp_reason",
              "ratio_wall", "ratio_reported", "omp_compare", "size", "threads"]


def md_escape(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def geomean(xs):
    xs = [x for x in xs if isinstance(x, (int, float)) and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def write_tables(ctx):
    results = []
    rdir = os.path.join(ctx.out, "results")
    for f in sorted(os.listdir(rdir)):
        if f.endswith(".json"):
            with open(os.path.join(rdir, f)) as fh:
                results.append(json.load(fh))
    results.sort(key=lambda r: r["name"].lower())

    with open(os.path.join(ctx.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore")
        w.writeheader()
        for r in results:
            w.writerow({k: r.get(k, "") for k in CSV_FIELDS})

    count = {c: 0 for c in CLASSES}
    for r in results:
        count[r["class"]] = count.get(r["class"], 0) + 1
    excluded = count.get("excluded", 0)
    nodata = count.get("no-data", 0)
    eligible = len(results) - excluded - nodata
    passed = count.get("PASS", 0)

    L = []
    L.append("# HeCBench with cucpu\n")
    L.append("- HeCBench: `%s` (commit `%s`)" % (ctx.hecbench, ctx.hec_commit))
    def seen(key):
        vals = sorted(set(str(r.get(key, "")) for r in results if r.get(key, "") != ""))
        return ", ".join(vals) or "?"
    L.append("- cucpu: `%s` (%s)" % (ctx.cucpu, seen("cucpu_version")))
    L.append("- dates: %s; size: %s; threads: %s; timeouts: compile %s s, run %s s"
             % (seen("date"), seen("size"), seen("threads"), seen("timeout_compile"),
                seen("timeout_run")))
    L.append("- programs in this table: %d; eligible (not excluded, data present): %d; "
             "PASS: %d (%s of eligible)\n" % (
                 len(results), eligible, passed,
                 "%.0f%%" % (100.0 * passed / eligible) if eligible else "n/a"))

    L.append("## Classes\n")
    L.append("| class | programs |")
    L.append("|---|---|")
    for c in CLASSES:
        L.append("| %s | %d |" % (c, count.get(c, 0)))
    ev = {}
    for r in results:
        if r["class"] == "PASS":
            ev[r.get("evidence") or "?"] = ev.get(r.get("evidence") or "?", 0) + 1
    if ev:
        L.append("\nPASS by evidence: " + ", ".join("%s %d" % kv for kv in sorted(ev.items())))
    L.append("")

    # Failures grouped: by class, then by the message with its names blanked
    # out, each construct with the programs it blocks.
    L.append("## Failures by class\n")
    L.append("Each row: one message (names blanked to group them) naming one construct; "
             "the message shown is the first program's.\n")
    L.append("| class | first error (message) | construct | programs | which |")
    L.append("|---|---|---|---|---|")
    groups = {}
    example = {}
    for r in results:
        if r["class"] in ("PASS", "ran-no-check"):
            continue
        if r["class"] in ("compile-error", "link-error"):
            msg = diag_message(r["reason"])
            key = (r["class"], template_of(msg), r.get("construct", ""))
        elif r["class"] == "excluded":
            key = (r["class"], re.sub(r" \(.*", "", r["reason"]), r.get("construct", ""))
        elif r["class"] == "crash":
            key = (r["class"], r["reason"].split(":")[0], "")
        elif r["class"] == "timeout":
            key = (r["class"], r["reason"].split(" at:")[0], "")
        elif r["class"] == "no-data":
            key = (r["class"], "needs data from DVC storage" if "DVC" in r["reason"]
                   else "input missing", "")
        else:
            key = (r["class"], r["reason"][:120], "")
        groups.setdefault(key, []).append(r["name"])
        if r["class"] in ("compile-error", "link-error"):
            example.setdefault(key, diag_message(r["reason"]))
    order = {c: i for i, c in enumerate(CLASSES)}
    for key, names in sorted(groups.items(), key=lambda kv: (order.get(kv[0][0], 99), -len(kv[1]), kv[0])):
        L.append("| %s | %s | %s | %d | %s |" % (
            key[0], md_escape(example.get(key, key[1])[:200]), md_escape(key[2] and "`%s`" % key[2]),
            len(names), md_escape(", ".join(names))))
    L.append("")

    # The same failures rolled up by kind of message (headers by their
    # directory: thrust/, cub/, ...), to see which class blocks the most.
    kinds = {}
    for (cls, tmpl, cons), names in groups.items():
        if cls not in ("compile-error", "link-error"):
            continue
        family = cons.split("/")[0] + "/" if "file not found" in tmpl and "/" in cons else ""
        k = (cls, tmpl.replace("'…'", "'%s…'" % family) if family else tmpl)
        e = kinds.setdefault(k, [0, set()])
        e[0] += len(names)
        e[1].add(cons)
    if kinds:
        L.append("### Compile and link errors by kind of message\n")
        L.append("| class | message | programs | constructs |")
        L.append("|---|---|---|---|")
        for (cls, tmpl), (n, cons) in sorted(kinds.items(), key=lambda kv: (-kv[1][0], kv[0])):
            cl = sorted(c for c in cons if c)
            L.append("| %s | %s | %d | %s |" % (
                cls, md_escape(tmpl[:160]), n,
                md_escape(", ".join("`%s`" % c for c in cl[:12]) + (" …" if len(cl) > 12 else ""))))
        L.append("")

    if ctx.omp or any(r.get("omp_class") for r in results):
        ratios = [r.get("ratio_wall") for r in results if r.get("ratio_wall")]
        rep = [r.get("ratio_reported") for r in results if r.get("ratio_reported")]
        g1, g2 = geomean(ratios), geomean(rep)
        L.append("## Against the OpenMP versions (clang++ -fopenmp -O3, %d threads)\n" % ctx.threads)
        L.append("- wall-time ratio cucpu/omp, geomean over %d programs: %s" % (
            len(ratios), "%.2f" % g1 if g1 else "n/a"))
        L.append("- ratio of the times the programs report (yaml pattern), geomean over %d: %s\n" % (
            len(rep), "%.2f" % g2 if g2 else "n/a"))

    L.append("## Programs\n")
    L.append("| program | class | detail | compile s | run s | omp run s | cucpu/omp |")
    L.append("|---|---|---|---|---|---|---|")
    for r in results:
        detail = r.get("reason") or ""
        if r["class"] == "PASS":
            detail = r.get("evidence", "")
        if r.get("omp_class") and r.get("omp_class") not in ("ran", "none", "skipped"):
            detail += " (omp: %s %s)" % (r["omp_class"], r.get("omp_reason", ""))
        L.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], r["class"], md_escape(detail[:300]), r.get("compile_s", ""),
            r.get("run_s", ""), r.get("omp_run_s", ""), r.get("ratio_wall", "")))
    with open(os.path.join(ctx.out, "results.md"), "w") as f:
        f.write("\n".join(L) + "\n")


# --------------------------------------------------------------------------


def load_small(path):
    table = {}
    if not os.path.exists(path):
        return table
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 2:
                continue
            table[parts[0].strip()] = (parts[1].strip(), parts[2].strip() if len(parts) > 2 else "")
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hecbench", required=True, help="path of a HeCBench checkout")
    ap.add_argument("--only", default="", help="comma-separated program names (without -cuda)")
    ap.add_argument("--size", choices=["default", "small"], default="default")
    ap.add_argument("--out", default=os.path.join(HERE, "out"), help="results, logs and builds")
    ap.add_argument("--jobs", type=int, default=1, help="programs built and run at once")
    ap.add_argument("--timeout-compile", type=int, default=300)
    ap.add_argument("--timeout-run", type=int, default=300)
    ap.add_argument("--threads", type=int, default=2,
                    help="CUCPU_NUM_THREADS and OMP_NUM_THREADS of the runs")
    ap.add_argument("--omp", action="store_true", help="also build and time src/<name>-omp")
    ap.add_argument("--force", action="store_true", help="redo programs that have a result")
    ap.add_argument("--cucpu", default=None, help="the compiler (default: build/bin/cucpu)")
    ap.add_argument("--cxx", default=None, help="OpenMP compiler (default: clang++ of LLVM 22)")
    ap.add_argument("--hecbench-commit", default=None,
                    help="the checkout's commit, for the tables (default: git rev-parse HEAD there)")
    ap.add_argument("--tables-only", action="store_true", help="only rewrite the tables")
    a = ap.parse_args()

    ctx = Ctx()
    ctx.hecbench = os.path.abspath(a.hecbench)
    ctx.hec_src = os.path.join(ctx.hecbench, "src")
    if not os.path.isdir(ctx.hec_src):
        sys.exit("run.py: %s has no src/ directory; see README.md" % ctx.hecbench)
    ctx.out = os.path.abspath(a.out)
    ctx.tree = os.path.join(ctx.out, "src")
    ctx.size, ctx.threads, ctx.omp = a.size, a.threads, a.omp
    ctx.timeout_compile, ctx.timeout_run = a.timeout_compile, a.timeout_run
    cucpu = a.cucpu or os.path.join(REPO, "build", "bin", "cucpu")
    if not os.path.exists(cucpu):
        cucpu = shutil.which("cucpu") or cucpu
    ctx.cucpu = os.path.abspath(cucpu)
    if not os.access(ctx.cucpu, os.X_OK):
        sys.exit("run.py: no cucpu at %s (build it, or give --cucpu)" % ctx.cucpu)
    cxx = a.cxx or ("/usr/lib/llvm-22/bin/clang++" if os.path.exists("/usr/lib/llvm-22/bin/clang++")
                    else "clang++")
    ctx.cxx = cxx
    rc, v = capture([ctx.cucpu, "--version"], None, None)
    ctx.cucpu_version = (v.splitlines() or ["?"])[0].strip()
    rc, h = capture(["git", "-C", ctx.hecbench, "rev-parse", "HEAD"], None, None)
    ctx.hec_commit = a.hecbench_commit or (h.strip() if rc == 0 and h.strip() else "unknown")
    ctx.yaml = {}
    ypath = os.path.join(ctx.hecbench, "benchmarks.yaml")
    if os.path.exists(ypath):
        ctx.yaml = load_yaml(ypath)
    ctx.small = load_small(os.path.join(HERE, "small-sizes.tsv"))

    os.makedirs(os.path.join(ctx.out, "results"), exist_ok=True)
    os.makedirs(os.path.join(ctx.out, "logs"), exist_ok=True)
    if a.tables_only:
        write_tables(ctx)
        return
    # nvcc, where a Makefile names it, is cucpu.
    ctx.shim = os.path.join(ctx.out, "bin")
    os.makedirs(ctx.shim, exist_ok=True)
    with open(os.path.join(ctx.shim, "nvcc"), "w") as f:
        f.write("#!/bin/sh\nexec %s \"$@\"\n" % shlex.quote(ctx.cucpu))
    os.chmod(os.path.join(ctx.shim, "nvcc"), 0o755)
    prepare_tree(ctx.hec_src, ctx.tree)
    # Line-buffered output: a run killed at its timeout keeps what it printed.
    ctx.linebuf = ["stdbuf", "-oL", "-eL"] if shutil.which("stdbuf") else []

    names = sorted((d[:-5] for d in os.listdir(ctx.hec_src) if d.endswith("-cuda")),
                   key=str.lower)
    if a.only:
        want = [n.strip() for n in a.only.split(",") if n.strip()]
        want = [n[:-5] if n.endswith("-cuda") else n for n in want]
        unknown = [n for n in want if n not in names]
        if unknown:
            sys.exit("run.py: no src/<name>-cuda for: %s" % ", ".join(unknown))
        names = want

    todo = []
    for n in names:
        path = os.path.join(ctx.out, "results", n + ".json")
        if os.path.exists(path) and not a.force:
            with open(path) as f:
                old = json.load(f)
            if old.get("size") == ctx.size and (not ctx.omp or old.get("omp_class")
                                                or old["class"] not in ("PASS", "ran-no-check", "wrong-result")):
                continue
        todo.append(n)

    total = len(todo)
    done = [0]

    def one(n):
        path = os.path.join(ctx.out, "results", n + ".json")
        res = None
        if os.path.exists(path) and not a.force:
            with open(path) as f:
                res = json.load(f)
            if res.get("size") != ctx.size:
                res = None
        if res is None:
            try:
                res = do_program(ctx, n)
            except Exception as e:  # the harness's own failure, kept visible
                res = {"name": n, "class": "crash", "reason": "harness: %r" % e,
                       "size": ctx.size, "threads": ctx.threads}
        if ctx.omp and not res.get("omp_class") and n not in RODINIA:
            try:
                res.update(do_omp(ctx, n, res))
            except Exception as e:
                res.update({"omp_class": "crash", "omp_reason": "harness: %r" % e})
        write_json(path, res)
        with lock:
            done[0] += 1
            extra = ""
            if res.get("ratio_wall"):
                extra = " omp %ss ratio %s" % (res.get("omp_run_s"), res["ratio_wall"])
            print("[%3d/%d] %-28s %-13s compile %6ss run %6ss%s  %s" % (
                done[0], total, n, res["class"], res.get("compile_s", ""),
                res.get("run_s", ""), extra, (res.get("reason") or res.get("evidence") or "")[:100]),
                flush=True)

    if a.jobs <= 1:
        for n in todo:
            one(n)
    else:
        with ThreadPoolExecutor(max_workers=a.jobs) as pool:
            list(pool.map(one, todo))
    write_tables(ctx)
    print("wrote %s and %s" % (os.path.join(ctx.out, "results.csv"),
                                os.path.join(ctx.out, "results.md")))


if __name__ == "__main__":
    main()
