"""What a formula can compute, found before any hand is played.

Each node of a parsed formula (formula.Node) gets the interval of values it
can take when its names range over their bounds: the items' largest and
smallest points, 台 and times, the bases, and each fact's bound.  Python's
integers are exact, so the intervals are too, and a node whose interval leaves
the 64-bit integers is a table that could overflow in play: validation refuses
it at that node's line and column, with the bounds that led there.  A
division by a constant zero and a constant negative exponent are refused the
same way.

An ``if(name < K, a, b)`` (any comparison of a name with a number) narrows
the name's interval inside each branch, so ``if(tai < 3, 2 ** tai, 500)``
is bounded by 2**2.  The analysis is an over-approximation otherwise: it may
refuse a formula whose large values no hand reaches, and the message says how
to bound it (``min(tai, 13)``).
"""

from __future__ import annotations

from . import layout as S
from .formula import FormulaError, Node

_CMP = {"<", "<=", ">", ">=", "==", "!="}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NOT = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
BIG_EXP = 64   # |x| >= 2 raised past this is beyond int64 whatever x is


def _narrow(rng: tuple[int, int], op: str, k: int) -> tuple[int, int] | None:
    lo, hi = rng
    if op == "<":
        hi = min(hi, k - 1)
    elif op == "<=":
        hi = min(hi, k)
    elif op == ">":
        lo = max(lo, k + 1)
    elif op == ">=":
        lo = max(lo, k)
    elif op == "==":
        lo, hi = max(lo, k), min(hi, k)
    return (lo, hi) if lo <= hi else None


def _split(cond: Node, env: dict) -> tuple[dict | None, dict | None]:
    """The names' intervals where ``cond`` holds and where it does not (None:
    that branch cannot run), for a comparison of a name with a number."""
    if cond.op not in _CMP or len(cond.args) != 2:
        return env, env
    a, b = cond.args
    op = cond.op
    if a.op == "num" and b.op == "var":
        a, b, op = b, a, _FLIP[op]
    if a.op != "var" or b.op != "num" or a.tok.text not in env:
        return env, env
    name, k = a.tok.text, int(b.tok.text)
    out = []
    for o in (op, _NOT[op]):
        r = _narrow(env[name], o, k) if o != "!=" else env[name]
        out.append(None if r is None else {**env, name: r})
    return out[0], out[1]


def _pow(lo, hi, elo, ehi) -> tuple[int, int]:
    m = max(abs(lo), abs(hi))
    if m >= 2 and ehi > BIG_EXP:
        top = 1 << (BIG_EXP + 2)   # beyond int64: the caller reports it
        return (-top if lo < 0 else 0, top)
    elo = max(elo, 0)
    vals = [x ** e for x in {lo, hi, min(max(0, lo), hi), min(max(1, lo), hi), min(max(-1, lo), hi)}
            for e in {elo, ehi, min(elo + 1, ehi)}]
    big = m ** ehi if m >= 2 else 1
    return min(vals + ([-big] if lo < 0 else [])), max(vals + [big])


class _Walk:
    def __init__(self, inline: dict[str, Node]):
        self.inline = inline
        self.problems: list[tuple[str, int, int]] = []

    def bad(self, node: Node, msg: str) -> None:
        self.problems.append((msg, node.tok.line, node.tok.col))

    def range(self, n: Node, env: dict) -> tuple[int, int]:
        r = self._range(n, env)
        lo, hi = r
        if hi > S.INT_MAX or lo < S.INT_MIN:
            self.bad(n, f"this can reach {_size(hi if hi > S.INT_MAX else lo)}, beyond the 64-bit "
                     f"integers a table computes with")
            return max(lo, S.INT_MIN), min(hi, S.INT_MAX)
        return r

    def _range(self, n: Node, env: dict) -> tuple[int, int]:
        op = n.op
        if op == "num":
            v = int(n.tok.text)
            return v, v
        if op == "var":
            if n.tok.text in self.inline:
                return self.range(self.inline[n.tok.text], env)
            return env[n.tok.text]
        if op == "if":
            yes, no = _split(n.args[0], env)
            self.range(n.args[0], env)
            rs = [self.range(a, e) for a, e in ((n.args[1], yes), (n.args[2], no)) if e is not None]
            return min(r[0] for r in rs), max(r[1] for r in rs)
        args = [self.range(a, env) for a in n.args]
        if op == "neg":
            return -args[0][1], -args[0][0]
        if op in _CMP or op in ("not", "and", "or"):
            return 0, 1
        if op in ("+", "-", "*"):
            (a, b), (c, d) = args
            if op == "+":
                return a + c, b + d
            if op == "-":
                return a - d, b - c
            prods = [a * c, a * d, b * c, b * d]
            return min(prods), max(prods)
        if op in ("//", "%"):
            (a, b), (c, d) = args
            if c == d == 0:
                self.bad(n, f"{op} by zero: the right side is always 0")
                return 0, 0
            if op == "%":
                m = max(abs(c), abs(d))
                return -(m - 1) if c < 0 else 0, (m - 1) if d > 0 else 0
            if c <= 0 <= d:   # may divide by zero in play (a run-time error): magnitude as a // ±1
                m = max(abs(a), abs(b))
                return -m, m
            qs = [a // c, a // d, b // c, b // d]
            return min(qs), max(qs)
        if op == "**":
            (a, b), (c, d) = args
            if d < 0:
                self.bad(n, "a negative exponent: the right side of ** is always below 0")
                return 0, 0
            return _pow(a, b, c, d)
        if op in ("min", "max"):
            f = min if op == "min" else max
            return f(r[0] for r in args), f(r[1] for r in args)
        if op == "ceil":
            (a, b), (_, d) = args
            return a, b + max(d, 0)
        if op == "pick":
            vs = args[1:]
            return min(r[0] for r in vs), max(r[1] for r in vs)
        raise AssertionError(op)


def _size(x: int) -> str:
    return f"{x:,}" if abs(x) < 10 ** 12 else f"{'-' if x < 0 else ''}about 2**{abs(x).bit_length() - 1}"


def check(tree: Node, env: dict[str, tuple[int, int]], inline: dict[str, Node] | None = None) -> tuple[int, int]:
    """The interval of a formula over ``env`` (name -> (lo, hi)); raises
    FormulaError at the first node that can leave int64, divides by a constant
    zero or raises to a constant negative power."""
    w = _Walk(inline or {})
    lo, hi = w.range(tree, env)
    if w.problems:
        msg, line, col = w.problems[0]
        raise FormulaError(msg + (_because(env) if "beyond" in msg else ""), line, col)
    return lo, hi


def limit_error(tree: Node, x: int, limit: int, env: dict) -> FormulaError:
    """A payment formula whose result can reach x, beyond ±limit."""
    return FormulaError(f"the result can reach {_size(x)}, beyond the {_size(limit)} a payment may be "
                        f"(statistics over millions of hands must stay exact)" + _because(env),
                        tree.tok.line, tree.tok.col)


def _because(env: dict) -> str:
    show = [f"{k} up to {_size(v[1])}" for k, v in env.items() if k in ("points", "tai", "times", "base")
            and v[1] > 1]
    tail = f" ({', '.join(show)})" if show else ""
    return tail + "; bound what grows, e.g. min(tai, 13) or a cap"


__all__ = ["check", "FormulaError"]
