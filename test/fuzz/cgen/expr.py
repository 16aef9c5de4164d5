"""Typed expressions of the fuzzer's programs.

Every expression knows its C type and a bound on its value: for int the
largest magnitude, for float/double the largest magnitude B and the number F
of fraction bits (the value is a multiple of 2^-F), so that B * 2^F stays
below the type's exact-integer limit and every float operation is exact.
The generator wraps operands that would outgrow those limits, so a program
never overflows a signed int and never rounds a float.
"""

INT, UNS, FLT, DBL = "int", "unsigned", "float", "double"
INT_LIMIT = 1 << 30
EXACT = {FLT: 1 << 22, DBL: 1 << 50}


class Expr:
    """kind: lit | var | bi | fmt | load.  fmt's data is a format string
    whose {0}, {1}, ... are the kids' texts."""

    __slots__ = ("kind", "ty", "B", "F", "kids", "data")

    def __init__(self, kind, ty, B=0, F=0, kids=(), data=None):
        self.kind, self.ty, self.B, self.F = kind, ty, B, F
        self.kids, self.data = list(kids), data

    def emit(self, ctx):
        k = self.kind
        if k == "lit":
            return self.data
        if k == "var":
            name, vkind = self.data
            if vkind == "parr":  # element of a per-thread array
                idx = "[(unsigned)(%s) %% 4u]" % self.kids[0].emit(ctx)
                return name + ("[t]" if ctx.ref else "") + idx
            return name + "[t]" if (vkind == "ploc" and ctx.ref) else name
        if k == "bi":
            return ctx.builtin(self.data)
        if k == "fmt":
            return self.data.format(*[c.emit(ctx) for c in self.kids])
        if k == "load":
            arr, size, space, suffix = self.data
            if space == "const" and ctx.ref:
                arr = "h_" + arr
            idx = self.kids[0].emit(ctx)
            if space == "direct":  # index known to be in range
                return "%s[%s]" % (arr, idx)
            if size is None:  # index known to be in range (own shared slot)
                return "%s[%s]%s" % (arr, idx, suffix)
            return "%s[(unsigned)(%s) %% %du]%s" % (arr, idx, size, suffix)
        raise AssertionError(k)

    def size(self):
        return 1 + sum(c.size() for c in self.kids)

    def walk(self):
        yield self
        for c in self.kids:
            yield from c.walk()


def fits(ty, B, F=0):
    if ty == INT:
        return B <= INT_LIMIT
    if ty == UNS:
        return True
    return B * (1 << F) <= EXACT[ty]


def lit(ty, v):
    if ty == INT:
        return Expr("lit", INT, abs(v), 0, data=str(v) if v >= 0 else "(%d)" % v)
    if ty == UNS:
        return Expr("lit", UNS, v, 0, data="%du" % v)
    # dyadic literal with at most 2 fraction bits
    txt = repr(float(v))
    if ty == FLT:
        txt += "f"
    if v < 0:
        txt = "(" + txt + ")"
    F = 0 if float(v) == int(v) else (1 if v * 2 == int(v * 2) else 2)
    return Expr("lit", ty, max(1, int(abs(v)) + 1), F, data=txt)


def fmt(ty, B, F, text, *kids):
    return Expr("fmt", ty, B, F, kids, text)


def wrap(e, limit=1023):
    """An expression of the same type whose value is small again."""
    ty = e.ty
    if ty == INT:
        if e.B <= limit:
            return e
        return fmt(INT, limit, 0, "((%s) & %d)" % ("{0}", limit), e)
    if ty == UNS:
        return e
    if e.B <= limit and e.F <= 2:
        return e
    if ty == FLT:
        return fmt(FLT, limit, 0, "((float)((int)({0}) %% %d))" % (limit + 1), e)
    return fmt(DBL, limit, 0, "((double)((long long)({0}) %% %d))" % (limit + 1), e)


def convert(e, ty):
    """e converted to type ty, exactly and without UB."""
    if e.ty == ty:
        return e
    src = e.ty
    if ty == INT:
        if src == UNS:
            return fmt(INT, 65535, 0, "((int)(({0}) & 65535u))", e)
        if e.B > INT_LIMIT:
            e = wrap(e)
        return fmt(INT, e.B, 0, "((int)({0}))", e)
    if ty == UNS:
        if src == INT:
            return fmt(UNS, 0, 0, "((unsigned)({0}))", e)
        if e.B > INT_LIMIT:
            e = wrap(e)
        return fmt(UNS, 0, 0, "((unsigned)(int)({0}))", e)
    # to float / double
    if src == UNS:
        return fmt(ty, 65535, 0, "((%s)(({0}) & 65535u))" % ty, e)
    if not fits(ty, e.B, e.F):
        e = wrap(e)
    return fmt(ty, e.B, e.F, "((%s)({0}))" % ty, e)
