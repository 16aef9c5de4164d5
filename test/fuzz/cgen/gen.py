"""Random programs: a seed gives a Program of several independent kernels.

Rules that keep every program race-free and free of undefined behaviour:
  * barriers, warp exchanges and __syncthreads_* reductions only at block
    level, i.e. under uniform control flow (conditions and trip counts built
    from block-uniform values only);
  * a thread returns early only in the last segment (after the last exchange
    point); whole blocks may return anywhere;
  * each thread writes its own slots of the output buffers (gid * S + k);
  * a shared array is written only at perm(ltid), a bijection; a segment either
    writes/reads its own slot (mode W) or reads any slot (mode R), and a
    barrier separates W and R segments; every slot is written before the
    first barrier;
  * atomics of one slot always use the same commutative operation and their
    results are never used;
  * expressions keep int magnitudes below 2^30 and floats exact (see expr.py).
"""

import random

from .expr import INT, UNS, FLT, DBL, Expr, fmt, lit, wrap, convert, fits
from . import ast as A

NI = 256          # size of the gi/gu/gf/gd inputs
NBIG = 8448       # size of gbi/gbf, indexed directly by affine functions of gid
NCONST = 16
ATOM_OPS = ["add", "max", "min", "or", "xor", "add", "xor", "max"]
INPUT_BOUND = {"gi": (INT, 1000, 0), "gu": (UNS, 0, 0), "gf": (FLT, 64, 2), "gd": (DBL, 256, 3),
               "ci": (INT, 50, 0), "cf": (FLT, 8, 2), "cd": (DBL, 8, 2)}
VAR_B = {INT: (65535, 0), UNS: (0, 0), FLT: (4095, 4), DBL: (1 << 20, 6)}
NUMERIC = [INT, INT, UNS, FLT, DBL]


class Func:
    def __init__(self, name, params, ret, body):
        self.name, self.params, self.ret, self.body = name, params, ret, body

    def text(self):
        ps = ", ".join("%s %s" % (t, n) for n, t in self.params)
        ctx = A.Ctx(False, None)
        return "static __host__ __device__ %s %s(%s) {\n  return %s;\n}\n" % (
            self.ret.ty, self.name, ps, self.ret.emit(ctx))


class Kernel:
    def __init__(self, name):
        self.name = name
        self.bd = (1, 1, 1)
        self.gd = (1, 1, 1)
        self.plocs = []      # (Expr var, init Expr)
        self.ulocs = []      # names (int)
        self.shared = []     # (name, ty, perm text, init Expr)
        self.body = []
        self.p = (0, 0)
        self.ng = 64

    @property
    def nt(self):
        return self.bd[0] * self.bd[1] * self.bd[2]

    @property
    def nblocks(self):
        return self.gd[0] * self.gd[1] * self.gd[2]

    @property
    def tot(self):
        return self.nt * self.nblocks


class Program:
    def __init__(self, seed):
        self.seed = seed
        self.nc = 100
        self.funcs = []
        self.kernels = []


class Env:
    """What an expression may use at its point in the program."""

    def __init__(self, vars, thread, shared=(), funcs=()):
        self.vars = vars          # list of (Expr var, uniform?)
        self.thread = thread      # thread-dependent leaves allowed
        self.shared = shared      # list of (name, ty, mode, perm, nt)
        self.funcs = funcs

    def with_vars(self, more):
        return Env(self.vars + more, self.thread, self.shared, self.funcs)


def var(name, ty, vkind, B=None, F=None):
    b, f = VAR_B[ty]
    return Expr("var", ty, b if B is None else B, f if F is None else F, data=(name, vkind))


class Gen:
    def __init__(self, seed, avoid=()):
        self.avoid = set(avoid)
        self.r = random.Random(seed)
        self.seed = seed
        self.uid = 0

    def fresh(self, prefix):
        self.uid += 1
        return "%s%d" % (prefix, self.uid)

    def chance(self, p):
        return self.r.random() < p

    # ------------------------------------------------------------ expressions
    def leaf(self, ty, env, depth):
        r = self.r
        opts = ["lit", "lit", "var", "var", "var", "load", "conv"]
        if ty == INT:
            opts += ["bi", "bi", "const"]
        if ty in (FLT, DBL):
            opts += ["const"]
        if env.shared:
            opts += ["shared"]
        if env.thread and ty in (INT, FLT):
            opts += ["direct", "direct"]
        if env.thread and getattr(self, "parrs", None):
            opts += ["parr"]
        for _ in range(8):
            o = r.choice(opts)
            if o == "lit":
                if ty == INT:
                    return lit(INT, r.choice([0, 1, 2, 3, 5, 7, 31, 100, -1, -3, r.randint(-200, 200)]))
                if ty == UNS:
                    return lit(UNS, r.choice([0, 1, 3, 255, 0x9e3779b9, r.randint(0, 1 << 32 - 1)]))
                return lit(ty, r.randint(-32, 32) / 4)
            if o == "var":
                cands = [v for v, uni in env.vars if v.ty == ty and (uni or env.thread)]
                if cands:
                    return r.choice(cands)
            if o == "bi":
                names = ["bx", "by", "bz", "bdx", "bdy", "gdx", "blin"]
                if env.thread:
                    names += ["tx", "tx", "ty", "tz", "ltid", "ltid", "gid", "gid", "lane"]
                n = r.choice(names)
                return Expr("bi", INT, 1 << 20, 0, data=n)
            if o == "load":
                arr = {INT: "gi", UNS: "gu", FLT: "gf", DBL: "gd"}[ty]
                _, B, F = INPUT_BOUND[arr]
                idx = self.expr(INT, max(0, depth - 1), env)
                return Expr("load", ty, B, F, [idx], (arr, NI, "global", ""))
            if o == "const" and ty != UNS:
                arr = {INT: "ci", FLT: "cf", DBL: "cd"}[ty]
                _, B, F = INPUT_BOUND[arr]
                idx = self.expr(INT, max(0, depth - 1), env)
                return Expr("load", ty, B, F, [idx], (arr, NCONST, "const", ""))
            if o == "shared":
                cands = [s for s in env.shared if s[1] == ty]
                if cands:
                    name, sty, mode, perm, nt = r.choice(cands)
                    B, F = VAR_B[sty]
                    if mode == "W":
                        return Expr("load", sty, B, F, [Expr("lit", INT, 0, 0, data=perm)],
                                    (name, None, "shared", ""))
                    idx = self.expr(INT, max(0, depth - 1), env)
                    return Expr("load", sty, B, F, [idx], (name, nt, "shared", ""))
            if o == "direct":
                k = self.k
                pat = r.choice(["gid", "gid + %d" % r.randint(1, 63), "2 * gid + %d" % r.randint(0, 1),
                                "ltid", "blin * %d + (%d - ltid)" % (k.nt, k.nt - 1),
                                "gid - ltid", "(gid >> 1)", "(size_t)gid + %d" % r.randint(0, 7),
                                "(unsigned)gid * 2u", "(long long)ltid * 3 + 1", "1d", "1d"])
                arr, B, F = ("gbi", 1000, 0) if ty == INT else ("gbf", 64, 2)
                if pat == "1d":
                    if k.gd[1:] != (1, 1) or k.bd[1:] != (1, 1):
                        pat = "gid"
                    else:
                        bi = lambda n: Expr("bi", INT, 1 << 20, 0, data=n)
                        return Expr("load", ty, B, F, [fmt(INT, 4096, 0, "({0} * {1} + {2})", bi("bx"),
                                                           bi("bdx"), bi("tx"))], (arr, NBIG, "direct", ""))
                return Expr("load", ty, B, F, [Expr("lit", INT, 0, 0, data=pat)],
                            (arr, NBIG, "direct", ""))
            if o == "parr":
                cands = [(n, t) for n, t in self.parrs if t == ty]
                if cands:
                    n, t = r.choice(cands)
                    b, f = VAR_B[t]
                    if self.chance(0.3):
                        return fmt(t, 4 * b, f, "psum({0})", Expr("var", t, b, f, data=(n, "ploc")))
                    return Expr("var", t, b, f, [self.expr(INT, max(0, depth - 1), env)], (n, "parr"))
            if o == "conv":
                other = r.choice([t for t in NUMERIC if t != ty])
                return convert(self.leaf(other, env, 0), ty)
        return lit(ty, 1 if ty != UNS else 7)

    def expr(self, ty, depth, env):
        r = self.r
        if depth <= 0 or self.chance(0.25):
            return self.leaf(ty, env, depth)
        d = depth - 1
        if ty == INT:
            op = r.choice(["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "cmp", "cmp",
                           "sel", "neg", "min", "call", "conv", "gdiv", "gload"])
            if op == "gdiv" and "gdiv" in self.avoid:
                op = "/"
            if op == "gdiv":
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                o = r.choice(["/", "%"])
                return fmt(INT, a.B, 0, "({1} != 0 ? {0} %s {1} : %d)" % (o, r.randint(-3, 3)), a, b)
            if op == "gload" and env.thread:
                i = self.big_index(env, d)
                return fmt(INT, 1000, 0, "((unsigned)({0}) < %du ? gbi[{0}] : %d)" % (NBIG, r.randint(-5, 5)), i)
            if op in ("+", "-", "*", "&", "|", "^"):
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                if op == "*":
                    if a.B * b.B > (1 << 30):
                        a, b = wrap(a), wrap(b)
                    return fmt(INT, a.B * b.B, 0, "({0} * {1})", a, b)
                if op in ("+", "-"):
                    if a.B + b.B > (1 << 30):
                        a, b = wrap(a), wrap(b)
                    return fmt(INT, a.B + b.B, 0, "({0} %s {1})" % op, a, b)
                if op == "&":
                    return fmt(INT, max(a.B, b.B), 0, "({0} & {1})", a, b)
                m = max(a.B, b.B)
                if m >= (1 << 29):
                    a, b = wrap(a), wrap(b)
                    m = 1023
                return fmt(INT, 2 * m + 1, 0, "({0} %s {1})" % op, a, b)
            if op in ("/", "%"):
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                return fmt(INT, a.B if op == "/" else min(a.B, 7), 0,
                           "({0} %s (({1} & 7) + 1))" % op, a, b)
            if op == "<<":
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                return fmt(INT, 1023 << 7, 0, "(({0} & 1023) << ({1} & 7))", a, b)
            if op == ">>":
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                return fmt(INT, a.B, 0, "({0} >> ({1} & 7))", a, b)
            if op == "cmp":
                t = r.choice(NUMERIC)
                a, b = self.expr(t, d, env), self.expr(t, d, env)
                c = r.choice(["<", "<=", ">", ">=", "==", "!="])
                return fmt(INT, 1, 0, "(int)({0} %s {1})" % c, a, b)
            if op == "sel":
                c = self.cond(d, env)
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                return fmt(INT, max(a.B, b.B), 0, "({0} ? {1} : {2})", c, a, b)
            if op == "neg":
                a = self.expr(INT, d, env)
                return fmt(INT, a.B, 0, "(-{0})", a)
            if op == "min":
                a, b = self.expr(INT, d, env), self.expr(INT, d, env)
                return fmt(INT, max(a.B, b.B), 0, "({0} < {1} ? {0} : {1})", a, b)
            if op == "call":
                fs = [f for f in env.funcs if f.ret.ty == INT]
                if fs:
                    return self.call(r.choice(fs), d, env)
            return convert(self.expr(r.choice([UNS, FLT, DBL]), d, env), INT)
        if ty == UNS:
            op = r.choice(["+", "-", "*", "&", "|", "^", "/", "%", "<<", ">>", "~", "sel", "conv", "gdiv"])
            if op == "gdiv" and "gdiv" in self.avoid:
                op = "/"
            if op == "gdiv":
                a, b = self.expr(UNS, d, env), self.expr(UNS, d, env)
                return fmt(UNS, 0, 0, "({1} != 0u ? {0} %s {1} : 1u)" % r.choice(["/", "%"]), a, b)
            if op == "~":
                return fmt(UNS, 0, 0, "(~{0})", self.expr(UNS, d, env))
            if op == "conv":
                return convert(self.expr(r.choice([INT, FLT]), d, env), UNS)
            if op == "sel":
                return fmt(UNS, 0, 0, "({0} ? {1} : {2})", self.cond(d, env),
                           self.expr(UNS, d, env), self.expr(UNS, d, env))
            a, b = self.expr(UNS, d, env), self.expr(UNS, d, env)
            if op in ("/", "%"):
                return fmt(UNS, 0, 0, "({0} %s ({1} | 1u))" % op, a, b)
            if op in ("<<", ">>"):
                return fmt(UNS, 0, 0, "({0} %s ({1} & 31u))" % op, a, b)
            return fmt(UNS, 0, 0, "({0} %s {1})" % op, a, b)
        # float / double
        op = r.choice(["+", "-", "*", "*", "half", "div", "abs", "neg", "sel", "min", "conv", "call", "gload"])
        if op == "gload" and env.thread and ty == FLT:
            i = self.big_index(env, d)
            return fmt(FLT, 64, 2, "({0} >= 0 && {0} < %d ? gbf[{0}] : 0.5f)" % NBIG, i)
        if op in ("+", "-", "*"):
            a, b = self.expr(ty, d, env), self.expr(ty, d, env)
            for _ in range(2):
                if op == "*":
                    B, F = a.B * b.B, a.F + b.F
                else:
                    B, F = a.B + b.B, max(a.F, b.F)
                if fits(ty, B, F):
                    return fmt(ty, B, F, "({0} %s {1})" % op, a, b)
                a, b = wrap(a, 255), wrap(b, 255)
            return a
        if op in ("half", "div"):
            a = self.expr(ty, d, env)
            if not fits(ty, a.B, a.F + 2):
                a = wrap(a)
            s = "f" if ty == FLT else ""
            if op == "half":
                return fmt(ty, a.B, a.F + 1, "({0} * 0.5%s)" % s, a)
            return fmt(ty, a.B, a.F + 2, "({0} / 4.0%s)" % s, a)
        if op == "abs":
            a = self.expr(ty, d, env)
            return fmt(ty, a.B, a.F, "fabs%s({0})" % ("f" if ty == FLT else ""), a)
        if op == "neg":
            a = self.expr(ty, d, env)
            return fmt(ty, a.B, a.F, "(-{0})", a)
        if op in ("sel", "min"):
            a, b = self.expr(ty, d, env), self.expr(ty, d, env)
            B, F = max(a.B, b.B), max(a.F, b.F)
            if op == "min":
                return fmt(ty, B, F, "({0} < {1} ? {0} : {1})", a, b)
            return fmt(ty, B, F, "({0} ? {1} : {2})", self.cond(d, env), a, b)
        if op == "call":
            fs = [f for f in env.funcs if f.ret.ty == ty]
            if fs:
                return self.call(r.choice(fs), d, env)
        return convert(self.expr(r.choice([INT, FLT, DBL]), d, env), ty)

    def big_index(self, env, d):
        """An index that is often far outside gbi/gbf (up to about 2^20),
        to be used only under a guard."""
        r = self.r
        gid = Expr("bi", INT, 1 << 20, 0, data=r.choice(["gid", "ltid", "tx"]))
        if self.chance(0.6):
            return fmt(INT, (1 << 20) * 256 + 4096, 0, "({0} * %d + %d)" % (r.choice([1, 2, 3, 7, 97, 255]),
                                                                            r.randint(-64, 64)), gid)
        return self.expr(INT, d, env)

    def call(self, f, d, env):
        args = []
        for _, pty in f.params:
            a = wrap(self.expr(pty, d, env))
            args.append(a)
        text = f.name + "(" + ", ".join("{%d}" % i for i in range(len(args))) + ")"
        return fmt(f.ret.ty, f.ret.B, f.ret.F, text, *args)

    def cond(self, depth, env):
        if env.thread and self.chance(0.35):
            k = self.k
            r = self.r
            c = r.randint(0, max(1, k.nt))
            pat = r.choice([
                "(gid < n)", "(gid < %d)" % r.randint(1, k.tot), "({0} < %d)" % r.randint(0, k.bd[0]),
                "(ltid %% %d == %d)" % (r.randint(2, 5), r.randint(0, 1)), "(ltid < %d)" % c,
                "(ltid >= %d)" % c, "((ltid & 31) < %d)" % r.randint(1, 31), "(gid + %d < n)" % r.randint(0, 40),
                "({1} == {0})" if k.bd[1] > 1 else "(ltid == 0)", "((gid & 1) == 0)",
                "({0} + {1} < %d)" % r.randint(0, k.bd[0] + k.bd[1])])
            return fmt(INT, 1, 0, pat, Expr("bi", INT, 1 << 20, 0, data="tx"),
                       Expr("bi", INT, 1 << 20, 0, data="ty"))
        t = self.r.choice(NUMERIC + [INT])
        a = self.expr(t, max(0, depth - 1), env)
        c = self.r.choice(["<", "<=", ">", "==", "!=", "&1", "%3"])
        if c == "&1":
            if t in (INT, UNS):
                return fmt(INT, 1, 0, "(({0}) & 1)", a)
            c = "<"
        if c == "%3":
            if t in (INT, UNS):
                return fmt(INT, 1, 0, "((unsigned)({0}) %% 3u == %du)" % self.r.randint(0, 2), a)
            c = ">"
        b = self.expr(t, max(0, depth - 2), env)
        return fmt(INT, 1, 0, "({0} %s {1})" % c, a, b)

    # --------------------------------------------------------------- functions
    def func(self, i):
        r = self.r
        ret = r.choice([INT, INT, FLT, DBL, UNS])
        params = [("a", r.choice([INT, ret])), ("b", r.choice([INT, UNS, FLT, ret]))]
        pvars = [(var(n, t, "param", 1023, 0 if t in (INT, UNS) else 2), True) for n, t in params]
        env = Env(pvars, False)
        e = self.expr(ret, 3, env)
        # no loads (device and host would read different arrays): retry
        for _ in range(10):
            if not any(x.kind == "load" or x.kind == "bi" for x in e.walk()):
                break
            e = self.expr(ret, 3, env)
        else:
            e = pvars[0][0] if params[0][1] == ret else lit(ret, 1)
        return Func("df%d" % i, params, e, None)

    # ---------------------------------------------------------------- kernels
    def dims(self, warp):
        r = self.r
        if warp:
            nt = r.choice([32, 64, 96, 128, 192, 256, 160, 320, 512, 1024])
        else:
            nt = r.choice([1, 7, 33, 45, 63, 100, 128, 192, 129, 255, 96, 17, 64])
        shape = r.choice(["1d", "1d", "2d", "3d"])
        divs = [d for d in range(1, nt + 1) if nt % d == 0 and d <= 64]
        if shape == "1d" or nt == 1:
            bd = (nt, 1, 1)
        elif shape == "2d":
            x = r.choice(divs)
            bd = (x, nt // x, 1)
        else:
            x = r.choice(divs)
            rest = nt // x
            ys = [d for d in range(1, rest + 1) if rest % d == 0 and d <= 64]
            y = r.choice(ys)
            bd = (x, y, rest // y)
        if max(bd[1:]) > 64:
            bd = (nt, 1, 1)
        gshape = r.choice(["1d", "1d", "2d", "3d"])
        if gshape == "1d":
            gd = (r.randint(1, 9), 1, 1)
        elif gshape == "2d":
            gd = (r.randint(1, 4), r.randint(1, 3), 1)
        else:
            gd = (r.randint(1, 3), r.randint(1, 2), r.randint(1, 3))
        while nt * gd[0] * gd[1] * gd[2] > 4096:
            gd = (max(1, gd[0] // 2), gd[1], max(1, gd[2] // 2))
            if gd[0] == 1 and gd[2] == 1:
                gd = (1, 1, 1)
        return bd, gd

    def kernel(self, prog, idx):
        r = self.r
        k = Kernel("k%d" % idx)
        self.k = k
        self.prog = prog
        flux_kernel = self.chance(0.3)
        k.warp_ok = self.chance(0.5)
        k.bd, k.gd = self.dims(k.warp_ok)
        if flux_kernel and self.chance(0.5):
            k.bd = (r.choice([192, 192, 128, 64, 96, 100, 33]), 1, 1)
            k.warp_ok = k.nt % 32 == 0
            blocks = -(-prog.nc // k.nt)
            if self.chance(0.3):
                blocks += 1
            k.gd = (max(1, min(blocks, 4096 // k.nt)), 1, 1)
        k.p = (r.randint(0, 9), r.randint(-50, 50))
        k.ng = r.choice([17, 64, 100, 1000, k.tot, k.tot + 3])
        uvars = [(var("p0", INT, "param", 9), True), (var("p1", INT, "param", 50), True),
                 (var("n", INT, "param", prog.nc), True)]
        for i in range(r.randint(0, 2)):
            k.ulocs.append("u%d" % i)
            uvars.append((var("u%d" % i, INT, "uloc", 1023), True))
        k.uconsts = []
        for i in range(r.choice([0, 1, 2])):
            e = fmt(INT, 7, 0, "(({0}) & 7)", self.expr(INT, 2, Env(uvars, False, (), prog.funcs)))
            k.uconsts.append(("w%d" % i, e))
            uvars.append((var("w%d" % i, INT, "uconst", 7), True))
        self.base_env = Env(uvars, False, (), prog.funcs)
        self.parrs = []
        for i in range(r.choice([0, 0, 1, 2])):
            self.parrs.append(("a%d" % i, r.choice([INT, FLT, DBL, UNS])))
        k.parrs = self.parrs
        # per-thread variables and their initial values
        tenv = Env(uvars, True, (), prog.funcs)
        for i in range(r.randint(2, 5)):
            ty = r.choice(NUMERIC)
            v = var("v%d" % i, ty, "ploc")
            init = self.fit(v, self.expr(ty, 2, tenv))
            k.plocs.append((v, init))
            tenv = tenv.with_vars([(v, False)])
        for i in range(r.randint(0, 2)):
            ty = r.choice([INT, FLT])
            name = "sh%d" % i
            nt = k.nt
            pk = r.choice(["id", "rev", "mul", "rot"])
            if pk == "id":
                perm = "ltid"
            elif pk == "rev":
                perm = "(%d - ltid)" % (nt - 1)
            elif pk == "rot":
                perm = "((ltid + %d) %% %d)" % (r.randint(1, nt), nt)
            else:
                a = r.choice([m for m in (3, 5, 7, 11, 13, 17) if _gcd(m, nt) == 1] or [1])
                perm = "((ltid * %d + %d) %% %d)" % (a, r.randint(0, nt), nt)
            k.shared.append((name, ty, perm, self.fit(var(name, ty, "x"), self.expr(ty, 2, tenv))))
        k.dyn = self.chance(0.3)
        self.pvars = [(v, False) for v, _ in k.plocs]
        self.state = {s[0]: "W" for s in k.shared}
        self.loopdepth = 0
        self.uloops = []
        self.in_func = False
        body = self.block_list(2 if self.chance(0.7) else 3, r.randint(2, 6), flux_kernel)
        # the last segment may return threads early
        body += self.final_seg(flux_kernel)
        k.body = body
        return k

    def fit(self, v, e):
        """e made to fit variable v's declared bounds."""
        if e.ty != v.ty:
            e = convert(e, v.ty)
        if v.ty == INT and e.B > v.B:
            return fmt(INT, v.B, 0, "(({0}) & %d)" % v.B, e)
        if v.ty in (FLT, DBL) and (e.B > v.B or e.F > v.F):
            if e.B * (1 << e.F) > (1 << 31) or e.F > v.F:
                e = wrap(e)
            if e.B > v.B:
                e = wrap(e)
        return e

    def thread_env(self, modes, extra=()):
        k = self.k
        shared = []
        for name, ty, perm, _ in k.shared:
            m = modes.get(name)
            if m:
                shared.append((name, ty, m, perm, k.nt))
        return Env(self.base_env.vars + self.pvars + list(extra), True, shared, self.prog.funcs)

    def choose_modes(self, out):
        modes = {}
        conflict = False
        for name in self.state:
            want = self.r.choice([None, None, "W", "R", "R"])
            if want and self.state[name] and want != self.state[name]:
                conflict = True
            modes[name] = want
        if conflict or (self.chance(0.15) and any(self.state.values())):
            out.append(A.Barrier())
            for n in self.state:
                self.state[n] = None
        for n, m in modes.items():
            if m:
                self.state[n] = m
        return {n: self.state[n] for n in self.state if self.state[n]}

    def clean(self, out):
        if any(self.state.values()):
            out.append(A.Barrier())
            for n in self.state:
                self.state[n] = None

    def block_list(self, depth, n, flux_kernel):
        r = self.r
        out = []
        for _ in range(n):
            choice = r.choice(["seg", "seg", "seg", "ufor", "uif", "barrier", "warp", "uassign",
                               "breduce", "ureturn", "ujump", "bfunc"])
            if flux_kernel and self.chance(0.3):
                choice = "seg"
            if depth <= 0 and choice in ("ufor", "uif"):
                choice = "seg"
            if choice == "seg":
                modes = self.choose_modes(out)
                env = self.thread_env(modes)
                out.append(A.Seg(self.with_decls(self.tlist(2, r.randint(1, 4), env, modes, flux_kernel),
                                                 env)))
            elif choice == "ufor":
                self.clean(out)
                v = self.fresh("ul")
                trip = self.utrip()
                saved = self.base_env
                self.base_env = self.base_env.with_vars([(var(v, INT, "loop", 8), True)])
                form = r.choice(["for", "for", "while", "dowhile"])
                self.uloops.append(form)
                pv = list(self.pvars)
                body = self.block_list(depth - 1, r.randint(1, 4), flux_kernel)
                self.pvars = pv
                self.uloops.pop()
                if self.chance(0.7):
                    body.append(A.Barrier())
                self.clean(body)
                self.base_env = saved
                out.append(A.UFor(v, trip, body, form))
            elif choice == "uif":
                self.clean(out)
                c = self.cond(2, self.base_env)
                pv = list(self.pvars)
                then = self.block_list(depth - 1, r.randint(1, 3), flux_kernel)
                self.pvars = list(pv)
                self.clean(then)
                els = []
                if self.chance(0.5):
                    els = self.block_list(depth - 1, r.randint(1, 3), flux_kernel)
                    self.pvars = list(pv)
                    self.clean(els)
                out.append(A.UIf(c, then, els))
            elif choice == "barrier":
                out.append(A.Barrier())
                for nm in self.state:
                    self.state[nm] = None
            elif choice == "warp" and self.k.warp_ok:
                env = self.thread_env({})
                op = r.choice(["shfl", "xor", "up", "down", "ballot", "any", "all"])
                if op in ("ballot",):
                    ty = UNS
                elif op in ("any", "all"):
                    ty = INT
                else:
                    ty = r.choice([INT, INT, UNS, FLT, DBL])
                dsts = [v for v, _ in self.pvars if v.ty == ty]
                if not dsts:
                    continue
                dst = r.choice(dsts)
                if op in ("ballot", "any", "all"):
                    e = self.cond(2, env)
                else:
                    e = self.fit(dst, self.expr(ty, 2, env))
                lane = fmt(INT, 31, 0, "(({0}) & 31)", self.expr(INT, 1, env)) if op == "shfl" else None
                arg = r.choice([1, 2, 4, 8, 16, 3, 5]) if op == "down" or op == "up" else r.randint(1, 31)
                out.append(A.Warp(op, dst, ty, e, arg, lane))
            elif choice == "uassign" and self.k.ulocs:
                u = r.choice(self.k.ulocs)
                out.append(A.UAssign(u, fmt(INT, 1023, 0, "(({0}) & 1023)", self.expr(INT, 2, self.base_env))))
            elif choice == "breduce" and self.k.ulocs:
                u = r.choice(self.k.ulocs)
                self.clean(out)
                out.append(A.BReduce(r.choice(["count", "and", "or"]), u, self.cond(2, self.thread_env({}))))
            elif choice == "ujump" and self.uloops and not any(self.state.values()):
                what = ["break"] + (["continue"] if self.uloops[-1] != "while" else [])
                out.append(A.Jump(self.cond(1, self.base_env), r.choice(what)))
            elif choice == "bfunc" and depth > 0 and self.chance(0.5):
                self.clean(out)
                k = self.k
                loops = [v.data[0] for v, _ in self.base_env.vars if v.data[1] == "loop"]
                pvars = [v for v, _ in self.pvars]
                saved = (self.uloops, self.in_func)
                self.uloops, self.in_func = [], True
                pv = list(self.pvars)
                body = self.block_list(depth - 1, r.randint(1, 4), flux_kernel)
                self.clean(body)
                self.pvars = pv
                self.uloops, self.in_func = saved
                bf = A.BFunc(self.fresh("bf"), body, loops, list(k.ulocs), pvars, list(k.parrs),
                             [(sname, sty) for sname, sty, _, _ in k.shared])
                bf.uconsts = [w for w, _ in k.uconsts]
                out.append(bf)
            elif choice == "ureturn" and self.chance(0.3) and not self.in_func:
                c = self.cond(1, self.base_env)
                out.append(A.UIf(c, [A.UReturn()], []))
        return out

    def with_decls(self, body, env):
        """Puts a few mid-kernel definitions among a segment's statements;
        later segments may use them."""
        r = self.r
        new = []
        for _ in range(r.choice([0, 0, 1, 1, 2])):
            ty = r.choice(NUMERIC)
            v = var(self.fresh("d"), ty, "ploc")
            d = A.Decl(v, self.fit(v, self.expr(ty, 3, env)))
            body.insert(r.randint(0, len(body)), d)
            new.append((v, False))
        self.pvars = self.pvars + new
        return body

    def utrip(self):
        r = self.r
        k = r.choice(["lit", "param", "load", "uloc", "uconst"])
        if k == "uconst" and self.k.uconsts:
            return fmt(INT, 3, 0, "({0} & 3)", var(r.choice(self.k.uconsts)[0], INT, "uconst", 7))
        if k == "lit":
            return lit(INT, r.randint(0, 4))
        if k == "param":
            return fmt(INT, 3, 0, "((p0 + %d) %% 4)" % r.randint(0, 3))
        if k == "load":
            return fmt(INT, 3, 0, "(gi[(unsigned)({0}) %% %du] & 3)" % NI,
                       self.expr(INT, 1, self.base_env))
        return fmt(INT, 3, 0, "((unsigned)({0}) % 4u)", self.expr(INT, 1, self.base_env))

    def final_seg(self, flux_kernel):
        out = []
        modes = self.choose_modes(out)
        env = self.thread_env(modes)
        self.final = True
        out.append(A.Seg(self.tlist(2, self.r.randint(1, 4), env, modes, flux_kernel), final=True))
        self.final = False
        return out

    # -------------------------------------------------------- thread statements
    def tlist(self, depth, n, env, modes, flux_kernel, in_loop=False):
        r = self.r
        out = []
        k = self.k
        for _ in range(n):
            choice = r.choice(["assign", "assign", "store", "store", "if", "for", "atomic",
                               "shwrite", "grid", "jump", "flux", "guarded", "pset", "switch"])
            if flux_kernel and self.chance(0.4):
                choice = "flux"
            if depth <= 0 and choice in ("if", "for"):
                choice = "assign"
            if choice == "assign":
                v = r.choice(self.pvars)[0]
                if self.parrs and self.chance(0.3):
                    n, t = r.choice(self.parrs)
                    b, f = VAR_B[t]
                    v = Expr("var", t, b, f, [self.expr(INT, 1, env)], (n, "parr"))
                e = self.expr(v.ty, 3, env)
                if self.chance(0.4):
                    e = self.binop_with(v, e)
                out.append(A.Assign(v, self.fit(v, e)))
            elif choice == "store":
                ty = r.choice([INT, UNS, FLT, DBL])
                buf = {INT: "oi", UNS: "ou", FLT: "of", DBL: "od"}[ty]
                out.append(A.Store(buf, r.randrange(A.S), self.expr(ty, 3, env)))
            elif choice == "if":
                c = self.cond(2, env)
                then = self.tlist(depth - 1, r.randint(1, 3), env, modes, flux_kernel, in_loop)
                els = self.tlist(depth - 1, r.randint(1, 2), env, modes, flux_kernel, in_loop) \
                    if self.chance(0.4) else []
                out.append(A.IfT(c, then, els))
            elif choice == "for":
                v = self.fresh("i")
                if self.chance(0.5):
                    trip = fmt(INT, 4, 0, "(int)((unsigned)({0}) % 5u)", self.expr(INT, 2, env))
                else:
                    trip = self.utrip()
                env2 = env.with_vars([(var(v, INT, "loop", 4), False)])
                body = self.tlist(depth - 1, r.randint(1, 3), env2, modes, flux_kernel, True)
                loop = A.ForT(v, trip, body, unroll=self.chance(0.2) and trip.kind == "lit")
                if self.chance(0.2):
                    loop.form = "dowhile"
                out.append(loop)
            elif choice == "atomic":
                slot = r.randrange(8 + 2)
                if slot >= 8:
                    e = fmt(FLT, 1, 2, "((float)(({0}) & 3) * 0.25f)", self.expr(INT, 2, env))
                    out.append(A.Atomic("fadd", slot - 8, e))
                else:
                    e = fmt(INT, 255, 0, "(({0}) & 255)", self.expr(INT, 2, env))
                    if ATOM_OPS[slot] in ("max", "min") and self.chance(0.5):
                        e = fmt(INT, 255, 0, "(({0}) - 128)", e)
                    out.append(A.Atomic(ATOM_OPS[slot], slot, e))
            elif choice == "shwrite":
                ws = [s for s in k.shared if modes.get(s[0]) == "W"]
                if ws:
                    name, ty, perm, _ = r.choice(ws)
                    v = var(name, ty, "x")
                    out.append(A.ShWrite(name, perm, self.fit(v, self.expr(ty, 3, env))))
            elif choice == "grid":
                gv = self.fresh("g")
                env2 = env.with_vars([(var(gv, INT, "loop", 1 << 20), False)])
                e = fmt(INT, 65535, 0, "(({0}) & 65535)", self.expr(INT, 3, env2))
                out.append(A.GridStride(gv, k.ng, k.tot, e, self.chance(0.5)))
            elif choice == "jump":
                what = []
                if in_loop:
                    what += ["break", "continue"]
                if getattr(self, "final", False):
                    what += ["return", "return"]
                if what:
                    out.append(A.Jump(self.cond(2, env), r.choice(what)))
            elif choice == "flux":
                out.append(self.flux())
            elif choice == "switch" and depth > 0:
                bodies = [self.tlist(depth - 1, r.randint(0, 2), env, modes, flux_kernel, in_loop)
                          for _ in range(4)]
                # break inside a switch leaves the switch; keep loop jumps out
                for b in bodies:
                    b[:] = [x for x in b if not (isinstance(x, A.Jump) and x.what in ("break", "continue"))]
                out.append(A.SwitchT(self.expr(INT, 2, env), bodies[0], bodies[1], bodies[2], bodies[3],
                                     [self.chance(0.3) for _ in range(3)]))
            elif choice == "pset" and self.parrs:
                n, t = r.choice(self.parrs)
                b, f = VAR_B[t]
                arr = Expr("var", t, b, f, data=(n, "ploc"))
                out.append(A.PSet(arr, self.expr(INT, 1, env), self.fit(var("x", t, "x"), self.expr(t, 2, env))))
            elif choice == "guarded":
                kind = r.choice(["div", "mod", "udiv", "iload", "fload"])
                if "gdiv" in self.avoid and kind in ("div", "mod", "udiv"):
                    kind = "iload"
                ty = {"div": INT, "mod": INT, "udiv": UNS, "iload": INT, "fload": FLT}[kind]
                vs = [v for v, _ in self.pvars if v.ty == ty]
                if not vs:
                    continue
                v = r.choice(vs)
                if kind in ("iload", "fload"):
                    a, dd = lit(INT, 0), self.big_index(env, 2)
                else:
                    a, dd = self.expr(ty, 2, env), self.expr(ty, 2, env)
                    if kind == "mod":
                        a = fmt(INT, 65535, 0, "(({0}) & 65535)", a)
                out.append(A.Guarded(kind, v, a, dd, NBIG))
        return out

    def binop_with(self, v, e):
        """v op e, an accumulation into v."""
        if v.ty == INT:
            e = wrap(e, 4095)
            return fmt(INT, v.B + e.B, 0, "({0} + {1})", v, e)
        if v.ty == UNS:
            return fmt(UNS, 0, 0, "({0} %s {1})" % self.r.choice(["+", "^", "*"]), v, e)
        if not fits(v.ty, v.B + e.B, max(v.F, e.F)):
            e = wrap(e, 255)
        return fmt(v.ty, v.B + e.B, max(v.F, e.F), "({0} + {1})", v, e)

    def flux(self):
        r = self.r
        self.uid += 1
        ty = r.choice([FLT, FLT, DBL])
        m = r.choice([5, 5, 4, 3, 2, 1])
        trip = r.choice([("unroll", "4"), ("unroll", "4"), ("unroll", str(r.randint(1, 4))),
                         ("loaded", None), ("uniform", "((p0 & 3) + 1)"), ("plain", "4")])
        return A.Flux(uid=self.uid, ty=ty, m=m, layout=r.choice(["soa", "aos"]),
                      nbl=r.choice(["cm", "jm"]), trip=trip,
                      cell=r.choice(["if", "if", "mod"]),
                      branch=r.choice(["chain", "chain", "else", "switch"]),
                      flux=r.choice(["diff", "diff", "prod", "gather"]),
                      acc=r.choice(["scalar", "scalar", "array", "struct", "struct"]),
                      slots=[r.randrange(A.S) for _ in range(m)] if self.chance(0.3)
                      else [x % A.S for x in range(m)])


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def generate(seed, nkernels=None, avoid=()):
    """avoid: features to leave out ("gdiv": guarded divisions), e.g. while
    a known bug in them would hide others."""
    g = Gen(seed, avoid)
    p = Program(seed)
    p.nc = g.r.choice([50, 97, 100, 191, 250, 384, 500, 700])
    p.funcs = [g.func(i) for i in range(g.r.randint(0, 3))]
    n = nkernels or g.r.randint(8, 12)
    p.kernels = [g.kernel(p, i) for i in range(n)]
    return p
