"""Delta debugging over the program tree: edits that keep a program valid
(race- and UB-free) are tried one at a time, and kept while the failure
stays."""

import copy

from . import ast as A
from .expr import Expr, lit, INT


def _expr_slots(owner, attr, e, out, top=True):
    """Replacement slots: (owner, attr-or-index, expr)."""
    out.append((owner, attr, e))
    if e.kind == "load" and e.data[1] is None:
        return  # own shared slot: its index must stay
    for i, c in enumerate(e.kids):
        _expr_slots(e.kids, i, c, out, False)


def _stmt_lists(prog):
    lists = []
    for k in prog.kernels:
        lists.append((k, k.body))
        for s in A.walk_stmts(k.body):
            for lst in s.sublists():
                lists.append((k, lst))
    return lists


def edits(prog):
    """Every single edit of prog, as callables that mutate it."""
    out = []
    ks = prog.kernels
    if len(ks) > 1:
        for i in range(len(ks)):
            out.append(lambda i=i: ks.pop(i))
    for k, lst in _stmt_lists(prog):
        # halves and quarters of long lists first (when none is a barrier
        # that shared memory needs)
        n = len(lst)
        if n >= 4 and not (k.shared and any(isinstance(x, (A.Barrier, A.BReduce)) for x in lst)):
            for a, b in ((0, n // 2), (n // 2, n), (0, n // 4), (n // 4, n // 2), (n // 2, 3 * n // 4),
                         (3 * n // 4, n)):
                if b > a:
                    out.append(lambda lst=lst, a=a, b=b: lst.__delitem__(slice(a, b)))
    for k, lst in _stmt_lists(prog):
        for i, s in enumerate(lst):
            if isinstance(s, (A.Barrier, A.BReduce)) and k.shared:
                continue
            if isinstance(s, A.Seg) and s.final and not s.body:
                continue
            out.append(lambda lst=lst, i=i: lst.pop(i))
            if isinstance(s, (A.IfT, A.UIf)):
                out.append(lambda lst=lst, i=i, s=s: lst.__setitem__(slice(i, i + 1), s.then))
                if s.els:
                    out.append(lambda lst=lst, i=i, s=s: lst.__setitem__(slice(i, i + 1), s.els))
                    out.append(lambda s=s: s.els.clear())
            if isinstance(s, (A.ForT, A.UFor)) and not (s.trip.kind == "lit" and s.trip.data == "1"):
                out.append(lambda s=s: setattr(s, "trip", lit(INT, 1)))
            if isinstance(s, A.Flux):
                if s.m > 1:
                    out.append(lambda s=s: setattr(s, "m", s.m - 1))
                if s.trip[0] != "unroll" or s.trip[1] != "1":
                    out.append(lambda s=s: setattr(s, "trip", ("unroll", "1")))
                    out.append(lambda s=s: setattr(s, "trip", ("plain", "4")))
                if getattr(s, "acc", "scalar") != "scalar":
                    out.append(lambda s=s: setattr(s, "acc", "scalar"))
                if s.branch != "chain":
                    out.append(lambda s=s: setattr(s, "branch", "chain"))
    for k in ks:
        # variables and shared arrays nothing refers to any more
        from .emit import emit_kernel
        import re
        text = emit_kernel(k)
        for i, (v, _) in enumerate(k.plocs):
            if len(re.findall(r"\b%s\b" % v.data[0], text)) <= 1:
                out.append(lambda k=k, i=i: k.plocs.pop(i))
        for i, (name, _, _, _) in enumerate(k.shared):
            if len(re.findall(r"\b%s\b" % name, text)) <= 2:
                out.append(lambda k=k, i=i: k.shared.pop(i))
        for i, (name, _) in enumerate(k.parrs):
            if len(re.findall(r"\b%s\b" % name, text)) <= 2:
                out.append(lambda k=k, i=i: k.parrs.pop(i))
        for i, (name, _) in enumerate(k.uconsts):
            if len(re.findall(r"\b%s\b" % name, text)) <= 1:
                out.append(lambda k=k, i=i: k.uconsts.pop(i))
        if k.nblocks > 1:
            out.append(lambda k=k: setattr(k, "gd", (1, 1, 1)))
        slots = []
        for i, (v, init) in enumerate(k.plocs):
            _expr_slots(k.plocs, i, init, slots)
        for s in A.walk_stmts(k.body):
            for a in s.exprs:
                e = getattr(s, a)
                if e is not None:
                    _expr_slots(s, a, e, slots)
        for owner, key, e in slots:
            if e.kind == "lit" and e.data in ("0", "0u", "0.0f", "0.0"):
                continue
            if owner is k.plocs:
                def set_init(i=key, e=e):
                    v, _ = k.plocs[i]
                    k.plocs[i] = (v, zero(e))
                out.append(set_init)
                continue
            out.append(lambda o=owner, key=key, e=e: _set(o, key, zero(e)))
            for c in e.kids:
                if c.ty == e.ty and c.B <= e.B and c.F <= e.F and e.B > 0:
                    out.append(lambda o=owner, key=key, c=c: _set(o, key, c))
    return out


def zero(e):
    if e.ty in ("float", "double"):
        return lit(e.ty, 0)
    z = lit(e.ty, 0)
    return z


def _set(owner, key, value):
    if isinstance(key, int):
        owner[key] = value
    else:
        setattr(owner, key, value)


def reduce(prog, interesting, log=None, deadline=None):
    """Greedy one-edit-at-a-time reduction of prog while interesting(prog)."""
    import time
    cur = prog
    progress = True
    while progress:
        progress = False
        i = 0
        while True:
            if deadline and time.time() > deadline:
                return cur
            n = len(edits(cur))
            if i >= n:
                break
            cand = copy.deepcopy(cur)
            edits(cand)[i]()
            if interesting(cand):
                cur = cand
                progress = True
                if log:
                    log("reduced: %d edits left" % len(edits(cur)))
            else:
                i += 1
    return cur


__all__ = ["reduce", "edits", "Expr"]
