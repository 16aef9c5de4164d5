#!/usr/bin/env python3
"""Differential tester of cucpu.

  fuzz.py --check [--cucpu PATH] [-j 2]      fixed seed batch (for make check)
  fuzz.py --long [--time S] [--count N]      random seeds, every configuration
  fuzz.py --crash [--time S] [--count N]     mutated test/run programs must
                                             compile or fail with a diagnostic
  fuzz.py --seed N [--config NAME]           one program

Generated programs carry their own sequential reference and print PASS or
FAIL; a compile that crashes, hangs or rejects a valid program is a bug too.
Failures are minimized (tree reduction) and written to --out.
"""

import argparse
import concurrent.futures as cf
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cgen.gen import generate  # noqa: E402
from cgen.emit import emit_program  # noqa: E402
from cgen import reduce as R  # noqa: E402

COMPILE_TIMEOUT = 180
RUN_TIMEOUT = 60
# --check is part of `make check`, whose whole suite has a budget of about
# 15 minutes on 2 cores: 14 programs, each at -O2 and in two configurations
# that rotate over all the others (-O0 among them), so the batch covers
# every configuration once in 42 compile-and-runs.
CHECK_SEEDS = range(1000, 1014)
CHECK_KERNELS = 8
CHECK_ROTATING = 2   # rotating configurations per file in --check, beside -O2

print_lock = threading.Lock()


def say(*a):
    with print_lock:
        print(*a, flush=True)


def switches(cucpu):
    """The -fno-cucpu-* switches that cucpu --help lists."""
    try:
        h = subprocess.run([cucpu, "--help"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        h = ""
    found = sorted(set(re.findall(r"-fno-cucpu-[a-z0-9-]+", h)))
    return found


def all_configs(cucpu):
    cfgs = [("O0", ["-O0"]), ("O2", ["-O2"]), ("O3", ["-O3"]),
            ("O2-distribute", ["-O2", "--cpuify=distribute"])]
    for s in switches(cucpu):
        cfgs.append(("O2" + s[len("-fno-cucpu"):].replace("-", "_", 0), ["-O2", s]))
    return cfgs


def cfg_name(args):
    return " ".join(args)


# ------------------------------------------------------------------ running

def compile_run(cucpu, src, args, workdir, tag, run=True):
    """Returns (status, detail, hash).  status: pass | mismatch | crash |
    error | hang | runcrash."""
    exe = os.path.join(workdir, tag)
    cmd = [cucpu] + args + [src, "-o", exe]
    # The limits are wall-clock: on a machine busy with other work a compile
    # can take several times its CPU time, so a compile that runs out of
    # time is tried once more with twice the time before it counts as a hang.
    p = None
    for limit in (COMPILE_TIMEOUT, 2 * COMPILE_TIMEOUT):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit,
                               errors="replace")
            break
        except subprocess.TimeoutExpired:
            continue
    if p is None:
        return "hang", "compile timed out after %ds, then %ds" % (
            COMPILE_TIMEOUT, 2 * COMPILE_TIMEOUT), None
    err = p.stderr
    if p.returncode != 0:
        if (p.returncode < 0 or p.returncode not in (0, 1) or "PLEASE submit" in err
                or "Stack dump" in err or "error:" not in err):
            return "crash", crash_signature(err, p.returncode), None
        lines = [l for l in err.splitlines() if "error:" in l]
        return "error", lines[0] if lines else err[-300:], None
    if not run:
        return "pass", "", None
    try:
        r = subprocess.run([exe], capture_output=True, text=True, timeout=RUN_TIMEOUT,
                           errors="replace", cwd=workdir)
    except subprocess.TimeoutExpired:
        return "hang", "run timed out after %ds" % RUN_TIMEOUT, None
    finally:
        pass
    outp = r.stdout
    h = re.search(r"HASH ([0-9a-f]+)", outp)
    h = h.group(1) if h else None
    try:
        os.unlink(exe)
    except OSError:
        pass
    if r.returncode == 0 and "PASS" in outp:
        return "pass", "", h
    fails = [l for l in outp.splitlines() if l.startswith("FAIL")]
    if fails:
        return "mismatch", fails[0], h
    return "runcrash", "exit %d: %s" % (r.returncode, (outp + r.stderr)[-300:].strip()), h


def crash_signature(err, rc):
    for pat in (r"Assertion [^\n]*", r"LLVM ERROR:[^\n]*", r"error: [^\n]*"):
        m = re.search(pat, err)
        if m:
            return "rc=%d %s" % (rc, m.group(0)[:200])
    lines = [l for l in err.splitlines() if l.strip()]
    return "rc=%d %s" % (rc, lines[0][:200] if lines else "(no output)")


# ------------------------------------------------------------------ findings

class Findings:
    def __init__(self, outdir):
        self.outdir = outdir
        os.makedirs(outdir, exist_ok=True)
        self.lock = threading.Lock()
        self.seen = set()

    def record(self, key, name, text, line):
        with self.lock:
            if key in self.seen:
                return False
            self.seen.add(key)
            if text is not None:
                with open(os.path.join(self.outdir, name + ".cu"), "w") as f:
                    f.write(text)
            with open(os.path.join(self.outdir, "FINDINGS.md"), "a") as f:
                f.write(line.rstrip() + "\n")
            return True


AVOID = ()


def program_text(seed, nkernels):
    return emit_program(generate(seed, nkernels, AVOID))


def minimize(cucpu, seed, nkernels, args, status, detail, workdir, budget):
    """Reduces the program of seed while args still gives status (and -O0
    still passes for mismatches)."""
    prog = generate(seed, nkernels, AVOID)
    m = re.match(r"FAIL (k\d+)", detail or "")
    if m and len(prog.kernels) > 1:
        keep = [k for k in prog.kernels if k.name == m.group(1)]
        if keep:
            prog.kernels = keep
    counter = [0]
    src = os.path.join(workdir, "red.cu")

    def interesting(p):
        counter[0] += 1
        text = emit_program(p)
        with open(src, "w") as f:
            f.write(text)
        st, det, _ = compile_run(cucpu, src, args, workdir, "red", run=status not in ("crash", "error"))
        if st != status:
            return False
        if status in ("error", "crash") and _msg(det) != _msg(detail):
            return False
        if status in ("mismatch", "runcrash") and _sig(det) != _sig(detail):
            return False
        return True

    if not interesting(prog):
        prog = generate(seed, nkernels, AVOID)
        if not interesting(prog):
            return None, counter[0]
    red = R.reduce(prog, interesting, deadline=time.time() + budget)
    text = emit_program(red)
    if status in ("mismatch", "runcrash"):
        # the reference is right by construction; check that -O0 agrees
        with open(src, "w") as f:
            f.write(text)
        st0, _, _ = compile_run(cucpu, src, ["-O0"] if args != ["-O0"] else ["-O2"], workdir, "red0")
        if st0 != "pass":
            text = "// NOTE: the reduced program fails at -O0 too (%s)\n" % st0 + text
    return text, counter[0]


def _sig(detail):
    """What must stay the same while reducing a wrong result: the kernel and
    buffer of the first difference, or the way the program died."""
    m = re.match(r"FAIL (k\d+)(:? \w+)", detail or "")
    if m:
        return m.group(1) + m.group(2)
    return re.sub(r":.*", "", detail or "")


def _msg(detail):
    """A diagnostic or crash line without its location and numbers."""
    d = re.sub(r"^.*?(error:|Assertion|LLVM ERROR)", r"\1", detail or "")
    return re.sub(r"\d+", "#", d)


def passing_switches(cucpu, text, status, workdir, base):
    """The -fno-cucpu-* switches under which the reduced program passes."""
    src = os.path.join(workdir, "sw.cu")
    with open(src, "w") as f:
        f.write(text)
    ok = []
    for s in switches(cucpu):
        if s in base:
            continue
        st, _, _ = compile_run(cucpu, src, base + [s], workdir, "sw", run=status not in ("crash", "error"))
        if st == "pass":
            ok.append(s)
    st, _, _ = compile_run(cucpu, src, base + ["--cpuify=distribute"], workdir, "sw")
    if st == "pass":
        ok.append("--cpuify=distribute")
    return ok


# ------------------------------------------------------------------ modes

def run_programs(a, seeds, config_for_seed):
    cucpu = a.cucpu
    stats = {"programs": 0, "kernels": 0, "runs": 0, "pass": 0, "mismatch": 0, "crash": 0,
             "error": 0, "hang": 0, "runcrash": 0, "diverge": 0}
    failures = []
    tmp = tempfile.mkdtemp(prefix="cucpu-fuzz-")
    lock = threading.Lock()
    deadline = time.time() + a.time if a.time else None

    def one(seed):
        if deadline and time.time() > deadline:
            return
        wd = os.path.join(tmp, "s%d" % seed)
        os.makedirs(wd, exist_ok=True)
        nk = a.kernels
        text = program_text(seed, nk)
        src = os.path.join(wd, "p.cu")
        with open(src, "w") as f:
            f.write(text)
        cfgs = config_for_seed(seed)
        hashes = {}
        res = []
        for name, args in cfgs:
            st, detail, h = compile_run(cucpu, src, args, wd, "x")
            res.append((name, args, st, detail))
            if h and st == "pass":
                hashes[name] = h
        with lock:
            stats["programs"] += 1
            stats["kernels"] += len(generate(seed, nk, AVOID).kernels)
            for name, args, st, detail in res:
                stats["runs"] += 1
                stats[st] += 1
                if st != "pass":
                    failures.append((seed, name, args, st, detail))
                    say("seed %d %s: %s %s" % (seed, cfg_name(args), st.upper(), detail))
            if len(set(hashes.values())) > 1:
                stats["diverge"] += 1
                failures.append((seed, "diverge", ["-O2"], "diverge", str(hashes)))
                say("seed %d: outputs differ between configurations %s" % (seed, hashes))
        if not a.quiet:
            say("seed %d: %s" % (seed, ", ".join("%s=%s" % (n, s) for n, _, s, _ in res)))
        shutil.rmtree(wd, ignore_errors=True)

    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = []
        for s in seeds:
            futs.append(ex.submit(one, s))
            # keep the queue short so --time stops promptly
            while len([f for f in futs if not f.done()]) > a.jobs * 2:
                time.sleep(0.2)
            if deadline and time.time() > deadline:
                break
        for f in futs:
            f.result()
    shutil.rmtree(tmp, ignore_errors=True)
    return stats, failures


def report_failures(a, failures):
    """Minimizes one failure per seed (the -O2 one if there is one) and
    records it unless a reduced failure with the same status and the same
    set of passing switches is already recorded (a likely duplicate)."""
    if not failures or a.no_reduce:
        return
    fnd = Findings(a.out)
    tmp = tempfile.mkdtemp(prefix="cucpu-reduce-")
    by_seed = {}
    for f in failures:
        if f[3] != "diverge":
            by_seed.setdefault(f[0], []).append(f)
    reduced = 0
    for seed, fs in sorted(by_seed.items()):
        if reduced >= a.max_reduce:
            break
        fs.sort(key=lambda f: (f[2] != ["-O2"], f[2] != ["-O3"], len(f[2])))
        _, name, args, st, detail = fs[0]
        say("minimizing seed %d under %s (%s)..." % (seed, cfg_name(args), st))
        reduced += 1
        text, tries = minimize(a.cucpu, seed, a.kernels, args, st, detail, tmp, a.reduce_time)
        if text is None:
            say("  not reproducible")
            continue
        ok = passing_switches(a.cucpu, text, st, tmp, args) if args[0] != "-O0" else []
        key = (st, tuple(ok))
        fname = "%s-s%d-%s" % (st, seed, re.sub(r"[^a-zA-Z0-9]+", "_", cfg_name(args)).strip("_"))
        also = sorted(set(cfg_name(f[2]) for f in fs[1:]))
        line = ("- [%s] `%s`: seed %d, `cucpu %s`: %s (%d reduction runs); reduced program passes "
                "with: %s; the full program also fails with: %s"
                % (st, fname + ".cu", seed, cfg_name(args), detail, tries, " ".join(ok) or "none",
                   "; ".join(also) or "-"))
        if fnd.record(key, fname, text, line):
            say("  wrote %s/%s.cu" % (a.out, fname))
        else:
            say("  duplicate of an earlier finding (same passing switches)")
    shutil.rmtree(tmp, ignore_errors=True)


def check_mode(a):
    cfgs = all_configs(a.cucpu)
    base = [c for c in cfgs if c[0] == "O2"]
    rot = [c for c in cfgs if c[0] != "O2"]

    def for_seed(seed):
        i = seed - CHECK_SEEDS.start
        picks = [rot[(i * CHECK_ROTATING + j) % len(rot)] for j in range(CHECK_ROTATING)]
        return base + picks

    if a.kernels is None:
        a.kernels = CHECK_KERNELS
    t0 = time.time()
    stats, failures = run_programs(a, list(CHECK_SEEDS), for_seed)
    covered = min(len(rot), len(CHECK_SEEDS) * CHECK_ROTATING)
    say("check: %d programs, %d kernels, %d runs, %d/%d switch configurations covered, %.0fs"
        % (stats["programs"], stats["kernels"], stats["runs"], covered, len(rot), time.time() - t0))
    say("results: %s" % stats)
    report_failures(a, failures)
    bad = stats["runs"] - stats["pass"] + stats["diverge"]
    say("FUZZ CHECK %s" % ("PASSED" if bad == 0 else "FAILED"))
    return 0 if bad == 0 else 1


def long_mode(a):
    cfgs = all_configs(a.cucpu)
    if a.config:
        cfgs = [c for c in cfgs if c[0] == a.config or cfg_name(c[1]) == a.config]
    start = a.seed if a.seed is not None else random.randrange(1 << 30)
    count = a.count or (1 << 40)
    seeds = range(start, start + count)
    stats, failures = run_programs(a, seeds, lambda s: cfgs)
    say("long: %s" % stats)
    report_failures(a, failures)
    return 0


# ------------------------------------------------------------------ crash mode

TYPES = ["int", "float", "double", "unsigned", "char", "long long", "bool", "short", "void", "auto"]
OPS = ["+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&&", "||", "&", "|", "^", "<<", ">>",
       "=", "+=", "++", "--", "->", ".", ",", ";"]
TOKEN = re.compile(r"[A-Za-z_]\w*|\d+\.?\d*[fFuUlL]*|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||"
                   r"[-+*/%&|^]=|\S")


def mutate(text, r):
    lines = text.split("\n")
    for _ in range(r.randint(1, 3)):
        n = len(lines)
        i = r.randrange(n)
        kind = r.choice(["delline", "dupline", "swaplines", "deltoken", "duptoken", "swapop",
                         "type", "sync", "sync", "ident", "number", "brace", "stmt"])
        line = lines[i]
        toks = [(m.start(), m.end()) for m in TOKEN.finditer(line)]
        if kind == "delline":
            del lines[i]
        elif kind == "dupline":
            lines.insert(i, line)
        elif kind == "swaplines":
            j = min(n - 1, i + r.randint(1, 5))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind in ("deltoken", "duptoken") and toks:
            s, e = r.choice(toks)
            lines[i] = line[:s] + (line[s:e] * 2 if kind == "duptoken" else "") + line[e:]
        elif kind == "swapop" and toks:
            ops = [(s, e) for s, e in toks if line[s:e] in OPS]
            if ops:
                s, e = r.choice(ops)
                lines[i] = line[:s] + r.choice(OPS) + line[e:]
        elif kind == "type":
            ts = [t for t in TYPES if re.search(r"\b%s\b" % t, line)]
            if ts:
                lines[i] = re.sub(r"\b%s\b" % r.choice(ts), r.choice(TYPES), line, count=1)
        elif kind == "sync":
            cands = [j for j, l in enumerate(lines) if re.search(r"\b(if|for|while|else)\b.*\{\s*$", l)]
            if cands:
                j = r.choice(cands)
                lines.insert(j + 1, r.choice(["__syncthreads();", "__syncwarp();",
                                              "if (threadIdx.x & 1) __syncthreads();",
                                              "return;", "break;", "__shfl_sync(0xffffffffu, 1, 0);"]))
        elif kind == "ident" and toks:
            ids = [line[s:e] for s, e in toks if re.match(r"[A-Za-z_]", line[s:e])]
            allids = re.findall(r"\b[A-Za-z_]\w*\b", text)
            if ids and allids:
                a = r.choice(ids)
                lines[i] = re.sub(r"\b%s\b" % re.escape(a), r.choice(allids), line, count=1)
        elif kind == "number":
            lines[i] = re.sub(r"\b\d+\b", lambda m: r.choice(["0", "-1", "1", "4294967296", "33",
                                                               "1024", "2147483647"]), line, count=1)
        elif kind == "brace":
            lines.insert(i, r.choice(["{", "}", "(", ")"]))
        elif kind == "stmt":
            lines.insert(i, r.choice(["__shared__ int zz[0];", "int *pp = 0; *pp = 1;",
                                      "goto L; L:;", "while (1) {}", "asm(\"trap;\");",
                                      "__syncthreads_count(threadIdx.x);", "extern __shared__ float dyn[];",
                                      "static __device__ int sv = 1;", "throw 1;", "new int[4];",
                                      "printf(\"%d\\n\", threadIdx.x);", "assert(0);",
                                      "__threadfence(); __nanosleep(1);", "int arr[threadIdx.x];"]))
    return "\n".join(lines)


def crash_mode(a):
    srcs = sorted(os.path.join(a.inputs, f) for f in os.listdir(a.inputs) if f.endswith(".cu"))
    r = random.Random(a.seed if a.seed is not None else time.time())
    fnd = Findings(a.out)
    stats = {"mutants": 0, "compiled": 0, "diagnosed": 0, "crash": 0, "hang": 0, "badloc": 0}
    tmp = tempfile.mkdtemp(prefix="cucpu-crash-")
    lock = threading.Lock()
    deadline = time.time() + a.time if a.time else None
    count = a.count or (1 << 40)
    global COMPILE_TIMEOUT
    COMPILE_TIMEOUT = 60

    def one(i):
        if deadline and time.time() > deadline:
            return
        src = r.choice(srcs)
        with lock:
            seed_i = r.randrange(1 << 30)
        text = mutate(open(src).read(), random.Random(seed_i))
        wd = os.path.join(tmp, "m%d" % i)
        os.makedirs(wd, exist_ok=True)
        f = os.path.join(wd, "mut.cu")
        with open(f, "w") as fh:
            fh.write(text)
        args = [r.choice(["-O2", "-O0", "-O3"]), "-I", os.path.dirname(os.path.abspath(src))]
        st, detail, _ = compile_run(a.cucpu, f, args, wd, "x", run=False)
        if st == "error":
            p = subprocess.run([a.cucpu] + args + [f, "-o", os.path.join(wd, "x")],
                               capture_output=True, text=True, errors="replace")
            # a located diagnostic; a mutant can move an #include, so the
            # location may be in a header
            if not re.search(r"^\S+:\d+:\d+: (fatal )?error:", p.stderr, re.M):
                st = "badloc"
                detail = [l for l in p.stderr.splitlines() if "error" in l][:1]
                detail = detail[0] if detail else p.stderr[-200:]
        with lock:
            stats["mutants"] += 1
            stats[{"pass": "compiled", "error": "diagnosed"}.get(st, st)] += 1
            if stats["mutants"] % 25 == 0:
                say("crash: %s" % stats)
        if st in ("crash", "hang", "badloc"):
            base = os.path.basename(src)[:-3]
            sig = re.sub(r"\d+", "#", detail)[:120]
            name = "%s-%s-%d" % (st, base, seed_i)
            line = ("- [%s] `%s.cu`: mutant of test/run/%s.cu, `cucpu %s`: %s"
                    % (st, name, base, args[0], detail))
            if fnd.record((st, sig), name, text, line):
                say("%s: %s (%s)" % (st.upper(), detail, name))
        shutil.rmtree(wd, ignore_errors=True)

    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = []
        for i in range(count):
            if deadline and time.time() > deadline:
                break
            futs.append(ex.submit(one, i))
            while len([x for x in futs if not x.done()]) > a.jobs * 2:
                time.sleep(0.2)
        for x in futs:
            x.result()
    shutil.rmtree(tmp, ignore_errors=True)
    say("crash: %s" % stats)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cucpu", default=shutil.which("cucpu") or "cucpu")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--long", action="store_true")
    mode.add_argument("--crash", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--time", type=float, default=None, help="stop after this many seconds")
    ap.add_argument("--count", type=int, default=None, help="programs (or mutants) to run")
    ap.add_argument("--seed", type=int, default=None, help="first seed")
    ap.add_argument("--kernels", type=int, default=None, help="kernels per program")
    ap.add_argument("--config", default=None, help="only this configuration (e.g. O2)")
    ap.add_argument("--out", default="fuzz-findings", help="reproducer directory")
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--max-reduce", type=int, default=5, help="failures to minimize")
    ap.add_argument("--reduce-time", type=float, default=600, help="seconds per minimization")
    ap.add_argument("--inputs", default=os.path.join(HERE, "..", "run"), help="--crash inputs")
    ap.add_argument("-q", "--quiet", action="store_true")
    ap.add_argument("--avoid", default="", help="generator features to leave out, comma-separated "
                    "(gdiv: guarded divisions)")
    a = ap.parse_args()
    global AVOID
    AVOID = tuple(x for x in a.avoid.split(",") if x)
    if a.check:
        return check_mode(a)
    if a.crash:
        return crash_mode(a)
    if a.long:
        return long_mode(a)
    if a.seed is not None:
        a.count = a.count or 1
        return long_mode(a)
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
