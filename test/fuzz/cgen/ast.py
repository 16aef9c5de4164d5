"""The program tree: kernels made of block-level statements (uniform control
flow, barriers, warp exchanges) around segments of thread-level statements.

The same tree prints the CUDA kernel (ctx.ref False) and its sequential
reference (ctx.ref True): the reference runs a block's threads one after the
other through each segment, so segments are exactly the code between two
exchange points, and a per-thread variable is an array indexed by t there.
"""

from .expr import INT, UNS, FLT, DBL

S = 4  # per-thread output slots of each type
FULL = "0xffffffffu"


class Ctx:
    def __init__(self, ref, kernel):
        self.ref, self.k = ref, kernel
        self.funcs = []

    def builtin(self, name):
        k = self.k
        if not self.ref:
            return {
                "tx": "(int)threadIdx.x", "ty": "(int)threadIdx.y", "tz": "(int)threadIdx.z",
                "bx": "(int)blockIdx.x", "by": "(int)blockIdx.y", "bz": "(int)blockIdx.z",
                "bdx": "(int)blockDim.x", "bdy": "(int)blockDim.y", "bdz": "(int)blockDim.z",
                "gdx": "(int)gridDim.x", "gdy": "(int)gridDim.y", "gdz": "(int)gridDim.z",
                "lane": "(ltid & 31)", "ltid": "ltid", "gid": "gid", "blin": "blin",
            }[name]
        return {
            "bdx": str(k.bd[0]), "bdy": str(k.bd[1]), "bdz": str(k.bd[2]),
            "gdx": str(k.gd[0]), "gdy": str(k.gd[1]), "gdz": str(k.gd[2]),
            "lane": "(ltid & 31)",
        }.get(name, name)


class Out:
    def __init__(self):
        self.lines = []
        self.ind = 0

    def __call__(self, text):
        self.lines.append("  " * self.ind + text)

    def text(self):
        return "\n".join(self.lines) + "\n"


def emit_list(stmts, ctx, out):
    for s in stmts:
        s.emit(ctx, out)


def emit_block(stmts, ctx, out, head):
    out(head + " {")
    out.ind += 1
    emit_list(stmts, ctx, out)
    out.ind -= 1
    out("}")


class Stmt:
    lists = ()   # attribute names of sub-statement lists
    exprs = ()   # attribute names holding Exprs

    def sublists(self):
        return [getattr(self, a) for a in self.lists]


# ---------------------------------------------------------------- thread level

class Assign(Stmt):
    exprs = ("e",)

    def __init__(self, var, e):
        self.var, self.e = var, e  # var: Expr of kind var

    def emit(self, ctx, out):
        out("%s = %s;" % (self.var.emit(ctx), self.e.emit(ctx)))


class Decl(Stmt):
    """A per-thread variable defined in the middle of the kernel (at the top
    level of a segment) and used after later barriers."""
    exprs = ("e",)

    def __init__(self, var, e):
        self.var, self.e = var, e

    def emit(self, ctx, out):
        if ctx.ref:
            out("%s[t] = %s;" % (self.var.data[0], self.e.emit(ctx)))
        else:
            out("%s %s = %s;" % (self.var.ty, self.var.data[0], self.e.emit(ctx)))


class Guarded(Stmt):
    """if (guard) v = op;  where op is only defined under the guard (a
    division by d, a load at a far index), so it must not be speculated."""
    exprs = ("a", "d")

    def __init__(self, kind, var, a, d, nbig):
        self.kind, self.var, self.a, self.d, self.nbig = kind, var, a, d, nbig

    def emit(self, ctx, out):
        v, a, d = self.var.emit(ctx), self.a.emit(ctx), self.d.emit(ctx)
        if self.kind == "div":
            out("if (%s != 0) %s = ((%s) / (%s)) & 65535;" % (d, v, a, d))
        elif self.kind == "mod":
            out("if ((%s) > 0) %s = (%s) %% (%s);" % (d, v, a, d))
        elif self.kind == "udiv":
            out("if (%s) %s = (%s) / (%s);" % (d, v, a, d))
        elif self.kind == "iload":
            out("if ((unsigned)(%s) < %du) %s = gbi[%s];" % (d, self.nbig, v, d))
        else:
            out("if (%s >= 0 && %s < %d) { %s = gbf[%s]; }" % (d, d, self.nbig, v, d))


class PSet(Stmt):
    """pset(arr, i, e): a per-thread array written through a pointer."""
    exprs = ("i", "e")

    def __init__(self, arr, i, e):
        self.arr, self.i, self.e = arr, i, e

    def emit(self, ctx, out):
        out("pset(%s, %s, %s);" % (self.arr.emit(ctx), self.i.emit(ctx), self.e.emit(ctx)))


class Store(Stmt):
    exprs = ("e",)

    def __init__(self, buf, slot, e):
        self.buf, self.slot, self.e = buf, slot, e

    def emit(self, ctx, out):
        out("%s[gid * %d + %d] = %s;" % (self.buf, S, self.slot, self.e.emit(ctx)))


class IfT(Stmt):
    lists = ("then", "els")
    exprs = ("c",)

    def __init__(self, c, then, els):
        self.c, self.then, self.els = c, then, els

    def emit(self, ctx, out):
        emit_block(self.then, ctx, out, "if (%s)" % self.c.emit(ctx))
        if self.els:
            emit_block(self.els, ctx, out, "else")


class ForT(Stmt):
    lists = ("body",)
    exprs = ("trip",)

    def __init__(self, var, trip, body, unroll=False):
        self.var, self.trip, self.body, self.unroll = var, trip, body, unroll

    def emit(self, ctx, out):
        v = self.var
        form = getattr(self, "form", "for")
        if form == "dowhile":
            # runs at least once: the body sees v = 0 even when trip is 0
            out("{ int %s = 0;" % v)
            out("do {")
            out.ind += 1
            emit_list(self.body, ctx, out)
            out.ind -= 1
            out("} while (++%s < %s); }" % (v, self.trip.emit(ctx)))
            return
        if self.unroll:
            out("#pragma unroll")
        emit_block(self.body, ctx, out, "for (int %s = 0; %s < %s; ++%s)"
                   % (v, v, self.trip.emit(ctx), v))


class SwitchT(Stmt):
    """switch on a small thread-dependent value, some cases falling through."""
    lists = ("c0", "c1", "c2", "dflt")
    exprs = ("e",)

    def __init__(self, e, c0, c1, c2, dflt, falls):
        self.e, self.c0, self.c1, self.c2, self.dflt, self.falls = e, c0, c1, c2, dflt, falls

    def emit(self, ctx, out):
        out("switch ((unsigned)(%s) %% 5u) {" % self.e.emit(ctx))
        for i, body in enumerate((self.c0, self.c1, self.c2)):
            out("case %du: {" % i)
            out.ind += 1
            emit_list(body, ctx, out)
            if not self.falls[i]:
                out("break;")
            out.ind -= 1
            out("}")
        out("default: {")
        out.ind += 1
        emit_list(self.dflt, ctx, out)
        out.ind -= 1
        out("} }")


class Jump(Stmt):
    """if (c) break; / continue; / return; (return only in the last segment)."""
    exprs = ("c",)

    def __init__(self, c, what):
        self.c, self.what = c, what

    def emit(self, ctx, out):
        out("if (%s) %s;" % (self.c.emit(ctx), self.what))


class Atomic(Stmt):
    exprs = ("e",)
    DEV = {"add": "atomicAdd", "max": "atomicMax", "min": "atomicMin",
           "or": "atomicOr", "xor": "atomicXor", "fadd": "atomicAdd"}

    def __init__(self, op, slot, e):
        self.op, self.slot, self.e = op, slot, e

    def emit(self, ctx, out):
        buf = "oaf" if self.op == "fadd" else "oa"
        cell = "%s[%d]" % (buf, self.slot)
        v = self.e.emit(ctx)
        if not ctx.ref:
            out("%s(&%s, %s);" % (self.DEV[self.op], cell, v))
            return
        out("{ const auto av = %s;" % v)
        out({"add": "  %s = (int)((unsigned)%s + (unsigned)av);",
             "max": "  if (av > %s) %s = av;",
             "min": "  if (av < %s) %s = av;",
             "or": "  %s = %s | av;",
             "xor": "  %s = %s ^ av;",
             "fadd": "  %s = %s + av;"}[self.op].replace("%s", cell))
        out("}")


class ShWrite(Stmt):
    exprs = ("e",)

    def __init__(self, arr, perm, e):
        self.arr, self.perm, self.e = arr, perm, e

    def emit(self, ctx, out):
        out("%s[%s] = %s;" % (self.arr, self.perm, self.e.emit(ctx)))


class GridStride(Stmt):
    exprs = ("e",)

    def __init__(self, var, ng, tot, e, use_dims):
        self.var, self.ng, self.tot, self.e, self.use_dims = var, ng, tot, e, use_dims

    def emit(self, ctx, out):
        v = self.var
        step = str(ctx.k.tot)
        if self.use_dims and not ctx.ref:
            step = ("(int)(blockDim.x * blockDim.y * blockDim.z * gridDim.x * "
                    "gridDim.y * gridDim.z)")
        out("for (int %s = gid; %s < %d; %s += %s)" % (v, v, self.ng, v, step))
        out("  og[%s] = %s;" % (v, self.e.emit(ctx)))


class Flux(Stmt):
    """The finite-volume flux shape: a short loop over a cell's neighbours,
    nb loaded from a global table, a three-way branch on nb (interior
    neighbour / wall / far field from __constant__ data), per-thread sums
    stored after the loop."""
    exprs = ()

    def __init__(self, **kw):
        self.__dict__.update(kw)
        # ty, m, layout (soa|aos), nbl (cm|jm), trip (kind, text), cell (if|mod),
        # branch (chain|else|switch), flux (diff|prod|gather), slots, uid

    def q(self, k, idx):
        d = self.ty == DBL
        if self.layout == "soa":
            return "%s[%d * n + %s]" % ("qsd" if d else "qs", k, idx)
        return "%s[%s].q[%d]" % ("qad" if d else "qa", idx, k)

    def load(self, idx, dst):
        d = self.ty == DBL
        if self.layout == "soa":
            return "load_soa(%s, n, %s, %s);" % ("qsd" if d else "qs", idx, dst)
        return "load_aos(%s, %s, %s);" % ("qad" if d else "qa", idx, dst)

    def emit(self, ctx, out):
        if getattr(self, "acc", "scalar") == "struct":
            return self.emit_struct(ctx, out)
        u = self.uid
        ty = self.ty
        half = "0.5f" if ty == FLT else "0.5"
        quarter = "0.25f" if ty == FLT else "0.25"
        c, nb, j = "c%d" % u, "nb%d" % u, "j%d" % u
        cf = ("h_" if ctx.ref else "") + ("cd" if ty == DBL else "cf")
        arr = getattr(self, "acc", "scalar") == "array"
        s = [("s%d[%d]" if arr else "s%d_%d") % (u, k) for k in range(self.m)]
        out("{")
        out.ind += 1
        if self.cell == "mod":
            out("const int %s = gid %% n;" % c)
        else:
            out("const int %s = gid;" % c)
            out("if (%s < n) {" % c)
            out.ind += 1
        if arr:
            out("%s s%d[5] = {};" % (ty, u))
        else:
            out("%s %s;" % (ty, ", ".join("%s = 0" % x for x in s)))
        kind, trip = self.trip
        if kind == "unroll":
            out("#pragma unroll")
            tripx = trip
        elif kind == "loaded":
            tripx = "ncnt[%s]" % c
        else:
            tripx = trip
        out("for (int %s = 0; %s < %s; ++%s) {" % (j, j, tripx, j))
        out.ind += 1
        if self.nbl == "cm":
            out("const int %s = nbr[%s * 4 + %s];" % (nb, c, j))
        else:
            out("const int %s = nbr[%s + %s * n];" % (nb, c, j))
        inner, wall, far = [], [], []
        for k in range(self.m):
            if self.flux == "diff":
                inner.append("%s += (%s - %s) * %s;" % (s[k], self.q(k, nb), self.q(k, c), half))
            elif self.flux == "prod":
                inner.append("%s += %s * %s;" % (s[k], self.q(k, nb), self.q((k + 1) % 5, c)))
            else:
                inner.append("%s += %s + (%s)gf[(unsigned)%s %% 256u] * %s;"
                             % (s[k], self.q(k, nb), ty, nb, quarter))
            if k % 2 == 0 or self.m == 1:
                wall.append("%s += %s * %s;" % (s[k], self.q(k, c), quarter))
            far.append("%s += %s[%d] - %s;" % (s[k], cf, k, self.q(k, c)))
        if self.branch == "switch":
            out("switch (%s) {" % nb)
            out("case -1:")
            for x in wall:
                out("  " + x)
            out("  break;")
            out("case -2:")
            for x in far:
                out("  " + x)
            out("  break;")
            out("default:")
            for x in inner:
                out("  " + x)
            out("}")
        else:
            out("if (%s >= 0) {" % nb)
            for x in inner:
                out("  " + x)
            out("} else if (%s == -1) {" % nb)
            for x in wall:
                out("  " + x)
            out("} else%s {" % ("" if self.branch == "else" else " if (%s == -2)" % nb))
            for x in far:
                out("  " + x)
            out("}")
        out.ind -= 1
        out("}")
        buf = "od" if ty == DBL else "of"
        for k in range(self.m):
            out("%s[gid * %d + %d] = %s;" % (buf, S, self.slots[k], s[k]))
        if self.cell != "mod":
            out.ind -= 1
            out("}")
        out.ind -= 1
        out("}")


    def emit_struct(self, ctx, out):
        """The same flux with the cell's state and the sums in structs that
        helper functions fill through references."""
        u = self.uid
        A_ = "DAcc" if self.ty == DBL else "Acc"
        half = "0.5f" if self.ty == FLT else "0.5"
        quarter = "0.25f" if self.ty == FLT else "0.25"
        one = "1.0f" if self.ty == FLT else "1.0"
        c, nb, j = "c%d" % u, "nb%d" % u, "j%d" % u
        cf = ("h_" if ctx.ref else "") + ("cd" if self.ty == DBL else "cf")
        st, sm = "st%d" % u, "sm%d" % u
        out("{")
        out.ind += 1
        if self.cell == "mod":
            out("const int %s = gid %% n;" % c)
        else:
            out("const int %s = gid;" % c)
            out("if (%s < n) {" % c)
            out.ind += 1
        out("%s %s, %s;" % (A_, st, sm))
        out(self.load(c, st))
        out("acc_zero(%s);" % sm)
        kind, trip = self.trip
        if kind == "unroll":
            out("#pragma unroll")
        tripx = "ncnt[%s]" % c if kind == "loaded" else trip
        out("for (int %s = 0; %s < %s; ++%s) {" % (j, j, tripx, j))
        out.ind += 1
        if self.nbl == "cm":
            out("const int %s = nbr[%s * 4 + %s];" % (nb, c, j))
        else:
            out("const int %s = nbr[%s + %s * n];" % (nb, c, j))
        inner = ["%s o;" % A_, self.load(nb, "o"), "add_scaled(%s, o, %s, %s);" % (sm, st, half)]
        wall = ["add_one(%s, %s, %s);" % (sm, st, quarter)]
        far = ["%s ff;" % A_, "for (int k = 0; k < 5; ++k) ff.v[k] = %s[k];" % cf,
               "add_scaled(%s, ff, %s, %s);" % (sm, st, one)]
        if self.branch == "switch":
            out("switch (%s) {" % nb)
            out("case -1: {")
            for x in wall:
                out("  " + x)
            out("  break; }")
            out("case -2: {")
            for x in far:
                out("  " + x)
            out("  break; }")
            out("default: {")
            for x in inner:
                out("  " + x)
            out("} }")
        else:
            out("if (%s >= 0) {" % nb)
            for x in inner:
                out("  " + x)
            out("} else if (%s == -1) {" % nb)
            for x in wall:
                out("  " + x)
            out("} else%s {" % ("" if self.branch == "else" else " if (%s == -2)" % nb))
            for x in far:
                out("  " + x)
            out("}")
        out.ind -= 1
        out("}")
        buf = "od" if self.ty == DBL else "of"
        for k in range(self.m):
            out("%s[gid * %d + %d] = %s.v[%d];" % (buf, S, self.slots[k], sm, k))
        if self.cell != "mod":
            out.ind -= 1
            out("}")
        out.ind -= 1
        out("}")


# ----------------------------------------------------------------- block level

class Seg(Stmt):
    lists = ("body",)

    def __init__(self, body, final=False):
        self.body, self.final = body, final

    def emit(self, ctx, out):
        if not ctx.ref:
            emit_list(self.body, ctx, out)
            return
        for d in self.body:
            if isinstance(d, Decl):
                out("static %s %s[NT];" % (d.var.ty, d.var.data[0]))
        out("for (int t = 0; t < NT; ++t) [&](int t) {")
        out.ind += 1
        out("THREAD_PRE")
        emit_list(self.body, ctx, out)
        out.ind -= 1
        out("}(t);")


class Barrier(Stmt):
    def emit(self, ctx, out):
        out("// barrier" if ctx.ref else "__syncthreads();")


class UFor(Stmt):
    lists = ("body",)
    exprs = ("trip",)

    def __init__(self, var, trip, body, form="for"):
        self.var, self.trip, self.body, self.form = var, trip, body, form

    def emit(self, ctx, out):
        v = self.var
        if self.form == "while":
            out("{")
            out("int %s = 0;" % v)
            emit_block(self.body + [Raw("++%s;" % v)], ctx, out, "while (%s < %s)" % (v, self.trip.emit(ctx)))
            out("}")
        elif self.form == "dowhile":
            out("{")
            out("int %s = 0;" % v)
            out("do {")
            out.ind += 1
            emit_list(self.body, ctx, out)
            out.ind -= 1
            out("} while (++%s < %s);" % (v, self.trip.emit(ctx)))
            out("}")
        else:
            emit_block(self.body, ctx, out, "for (int %s = 0; %s < %s; ++%s)"
                       % (v, v, self.trip.emit(ctx), v))


class Raw(Stmt):
    def __init__(self, text):
        self.text = text

    def emit(self, ctx, out):
        out(self.text)


class UIf(Stmt):
    lists = ("then", "els")
    exprs = ("c",)

    def __init__(self, c, then, els):
        self.c, self.then, self.els = c, then, els

    def emit(self, ctx, out):
        emit_block(self.then, ctx, out, "if (%s)" % self.c.emit(ctx))
        if self.els:
            emit_block(self.els, ctx, out, "else")


class UReturn(Stmt):
    def emit(self, ctx, out):
        out("return;")


class UAssign(Stmt):
    exprs = ("e",)

    def __init__(self, var, e):
        self.var, self.e = var, e

    def emit(self, ctx, out):
        out("%s = %s;" % (self.var, self.e.emit(ctx)))


class Warp(Stmt):
    """dst = shuffle/vote of e among the 32 lanes of each warp."""
    exprs = ("e", "lane")

    def __init__(self, op, dst, ty, e, arg=None, lane=None):
        self.op, self.dst, self.ty, self.e, self.arg, self.lane = op, dst, ty, e, arg, lane

    def emit(self, ctx, out):
        op, e = self.op, self.e
        if not ctx.ref:
            d = self.dst.emit(ctx)
            if op == "shfl":
                out("%s = __shfl_sync(%s, %s, %s);" % (d, FULL, e.emit(ctx), self.lane.emit(ctx)))
            elif op in ("xor", "up", "down"):
                out("%s = __shfl_%s_sync(%s, %s, %d);" % (d, op, FULL, e.emit(ctx), self.arg))
            elif op == "ballot":
                out("%s = __ballot_sync(%s, %s);" % (d, FULL, e.emit(ctx)))
            else:
                out("%s = __%s_sync(%s, %s);" % (d, op, FULL, e.emit(ctx)))
            return
        vt = "int" if op in ("ballot", "any", "all") else self.ty
        out("{")
        out.ind += 1
        out("static %s wv[NT];" % vt)
        out("for (int t = 0; t < NT; ++t) [&](int t) { THREAD_PRE wv[t] = %s; }(t);"
            % (("(%s) != 0" % e.emit(ctx)) if vt == "int" and op in ("ballot", "any", "all")
               else e.emit(ctx)))
        out("for (int t = 0; t < NT; ++t) [&](int t) {")
        out.ind += 1
        out("THREAD_PRE")
        out("const int base = t & ~31, ln = t & 31; (void)ln;")
        d = self.dst.emit(ctx)
        if op == "shfl":
            out("%s = wv[base + ((%s) & 31)];" % (d, self.lane.emit(ctx)))
        elif op == "xor":
            out("%s = wv[t ^ %d];" % (d, self.arg))
        elif op == "down":
            out("%s = wv[ln + %d < 32 ? t + %d : t];" % (d, self.arg, self.arg))
        elif op == "up":
            out("%s = wv[ln >= %d ? t - %d : t];" % (d, self.arg, self.arg))
        else:
            out("unsigned bits = 0;")
            out("for (int l = 0; l < 32; ++l) if (wv[base + l]) bits |= 1u << l;")
            out("%s = %s;" % (d, {"ballot": "bits", "any": "(int)(bits != 0)",
                                  "all": "(int)(bits == 0xffffffffu)"}[op]))
        out.ind -= 1
        out("}(t);")
        out.ind -= 1
        out("}")


class BReduce(Stmt):
    """u = __syncthreads_count/and/or(pred)."""
    exprs = ("e",)

    def __init__(self, op, var, e):
        self.op, self.var, self.e = op, var, e

    def emit(self, ctx, out):
        if not ctx.ref:
            out("%s = __syncthreads_%s(%s);" % (self.var, self.op, self.e.emit(ctx)))
            return
        out("{ int acc = %s;" % ("1" if self.op == "and" else "0"))
        out("  for (int t = 0; t < NT; ++t) [&](int t) { THREAD_PRE const int p = (%s) != 0; "
            % self.e.emit(ctx) + {"count": "acc += p;", "and": "acc &= p;", "or": "acc |= p;"}[self.op]
            + " }(t);")
        out("  %s = acc; }" % self.var)


def walk_stmts(stmts):
    for s in stmts:
        yield s
        for lst in s.sublists():
            yield from walk_stmts(lst)


class BFunc(Stmt):
    """A __device__ function holding block-level code (barriers included),
    called at block level; the reference runs its body in place."""
    lists = ("body",)

    def __init__(self, name, body, loops, ulocs, pvars, parrs, shared):
        self.name, self.body = name, body
        self.loops, self.ulocs, self.pvars, self.parrs, self.shared = loops, ulocs, pvars, parrs, shared
        self.uconsts = []

    def signature(self, params):
        ps = [params, "int ltid", "int blin", "int gid"]
        ps += ["int %s" % l for l in self.loops + self.uconsts]
        ps += ["int &%s" % u for u in self.ulocs]
        ps += ["%s &%s" % (v.ty, v.data[0]) for v in self.pvars]
        ps += ["%s *%s" % (ty, n) for n, ty in self.parrs]
        ps += ["%s *%s" % (ty, n) for n, ty in self.shared]
        return "static __device__ __noinline__ void %s(%s)" % (self.name, ", ".join(ps))

    def args(self):
        a = ["gi", "gu", "gf", "gd", "gbi", "gbf", "nbr", "ncnt", "qs", "qa", "qsd", "qad", "n", "p0",
             "p1", "oi", "ou", "of", "od", "og", "oa", "oaf", "ltid", "blin", "gid"]
        a += self.loops + self.uconsts + self.ulocs + [v.data[0] for v in self.pvars]
        a += [n for n, _ in self.parrs] + [n for n, _ in self.shared]
        return ", ".join(a)

    def definition(self, ctx, params):
        out = Out()
        out(self.signature(params) + " {")
        out.ind += 1
        emit_list(self.body, ctx, out)
        out.ind -= 1
        out("}")
        return out.text()

    def emit(self, ctx, out):
        if ctx.ref:
            emit_block(self.body, ctx, out, "/* %s */" % self.name)
        else:
            out("%s(%s);" % (self.name, self.args()))
            ctx.funcs.append(self)
