"""The formula language of `scoring.value`, `gate`, `hand` and `losers`, parsed without eval.

Integers only: ``+ - * // ** %``, unary ``-``, comparisons (1/0), ``and or
not``, ``min max if ceil pick`` and parentheses.  A recursive-descent parser
(one function per precedence level, Python's order) builds a small tree that
is flattened into postfix bytecode, (op, arg) pairs of int64 that
kernels.formula runs on a stack.  Every token keeps its line and column, so a
mistake is reported where the user typed it.

Precedence, loosest first: ``or``, ``and``, ``not``, comparisons (not
chained), ``+ -``, ``* // %``, unary ``-``, ``**`` (right-assoc; ``-2**2`` is -4).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

import numpy as np

from ..errors import UserError
from . import layout as S
from .facts import not_a_fact

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(//|\*\*|<=|>=|==|!=|[-+*%<>(),]))")
FUNCTIONS = {"min": (S.F_MIN, 1, None), "max": (S.F_MAX, 1, None), "if": (S.F_JZ, 3, 3),
             "ceil": (S.F_CEIL, 2, 2), "pick": (S.F_PICK, 2, None)}  # op, fewest, most operands
_BINARY = {"+": S.F_ADD, "-": S.F_SUB, "*": S.F_MUL, "//": S.F_FLOORDIV, "%": S.F_MOD, "**": S.F_POW,
           "<": S.F_LT, "<=": S.F_LE, ">": S.F_GT, ">=": S.F_GE, "==": S.F_EQ, "!=": S.F_NE,
           "and": S.F_AND, "or": S.F_OR}
KEYWORDS = ("and", "or", "not")
# A formula is a line or two of a rule file; these bounds keep the parser's
# recursion and the tree walks far from Python's limit whatever is written.
MAX_LENGTH = 4000    # characters
MAX_NESTING = 40     # parentheses, calls, unary minus, not and ** inside each other
MAX_DEPTH = 200      # levels of the parsed tree (a chain a + b + c ... is one level a term)


class FormulaError(ValueError):
    """A formula that does not parse or names something unknown; ``line`` and
    ``col`` (both 1-based) are inside the formula text."""

    def __init__(self, message: str, line: int, col: int, name: str | None = None):
        super().__init__(message)
        self.message, self.line, self.col = message, line, col
        self.name = name   # the unknown name, when that is the mistake


@dataclass(frozen=True)
class Tok:
    kind: str   # "num", "name", "op", "end"
    text: str
    line: int
    col: int


def tokenize(text: str) -> list[Tok]:
    out: list[Tok] = []
    line, start = 1, 0   # start: offset of the current line
    pos = 0
    while True:
        while pos < len(text) and text[pos] in " \t\r\n":
            if text[pos] == "\n":
                line, start = line + 1, pos + 1
            pos += 1
        if pos >= len(text):
            out.append(Tok("end", "", line, pos - start + 1))
            return out
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise FormulaError(f"unexpected character {text[pos]!r}; a formula has integers, names, "
                               "+ - * // ** % < <= > >= == != and or not, parentheses and commas",
                               line, pos - start + 1)
        num, name, op = m.groups()
        kind, tok = ("num", num) if num else ("name", name) if name else ("op", op)
        col = m.start(1 if num else 2 if name else 3) - start + 1
        out.append(Tok(kind, tok, line, col))
        pos = m.end()


@dataclass
class Node:
    op: str                     # "num", "var", "neg", "not", a binary operator, or a function name
    tok: Tok
    args: list[Node] = field(default_factory=list)


class _Parser:
    def __init__(self, text: str, names: dict[str, object]):
        if len(text) > MAX_LENGTH:
            line = text.count("\n", 0, MAX_LENGTH) + 1
            col = MAX_LENGTH - (text.rfind("\n", 0, MAX_LENGTH) + 1) + 1
            raise FormulaError(f"the formula is {len(text)} characters long; at most {MAX_LENGTH}", line, col)
        self.toks = tokenize(text)
        self.i = 0
        self.names = names
        self.nest = 0

    def _enter(self, t: Tok) -> None:
        self.nest += 1
        if self.nest > MAX_NESTING:
            raise FormulaError(f"the formula nests more than {MAX_NESTING} levels deep here", t.line, t.col)

    def peek(self) -> Tok:
        return self.toks[self.i]

    def take(self) -> Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def expect(self, text: str) -> Tok:
        t = self.peek()
        if t.text != text or t.kind == "end" and text:
            raise FormulaError(f"expected {text!r} here, found {_show(t)}", t.line, t.col)
        return self.take()

    def parse(self) -> Node:
        node = self.or_()
        t = self.peek()
        if t.kind != "end":
            raise FormulaError(f"unexpected {_show(t)} after a complete formula "
                               "(an operator missing?)", t.line, t.col)
        return node

    def _left(self, sub, ops) -> Node:
        node = sub()
        while self.peek().text in ops and self.peek().kind in ("op", "name"):
            t = self.take()
            node = Node(t.text, t, [node, sub()])
        return node

    def or_(self):
        return self._left(self.and_, ("or",))

    def and_(self):
        return self._left(self.not_, ("and",))

    def not_(self):
        if self.peek().kind == "name" and self.peek().text == "not":
            t = self.take()
            self._enter(t)
            node = Node("not", t, [self.not_()])
            self.nest -= 1
            return node
        return self.compare()

    def compare(self):
        node = self.sum_()
        if self.peek().text in ("<", "<=", ">", ">=", "==", "!="):
            t = self.take()
            node = Node(t.text, t, [node, self.sum_()])
            nxt = self.peek()
            if nxt.text in ("<", "<=", ">", ">=", "==", "!="):
                raise FormulaError("comparisons do not chain; write `a < b and b < c`", nxt.line, nxt.col)
        return node

    def sum_(self):
        return self._left(self.product, ("+", "-"))

    def product(self):
        return self._left(self.unary, ("*", "//", "%"))

    def unary(self):
        if self.peek().text in ("-", "+") and self.peek().kind == "op":
            t = self.take()
            self._enter(t)
            node = self.unary()
            self.nest -= 1
            return Node("neg", t, [node]) if t.text == "-" else node
        return self.power()

    def power(self):
        node = self.atom()
        if self.peek().text == "**":
            t = self.take()
            # right-associative (2 ** 2 ** 2 ...): each ** holds its right side open, so it nests
            self._enter(t)
            node = Node("**", t, [node, self.unary()])   # binds a following unary minus
            self.nest -= 1
        return node

    def atom(self) -> Node:
        t = self.take()
        if t.kind == "num":
            if len(t.text) > 19 or int(t.text) > S.INT_MAX:
                raise FormulaError(f"the number {t.text} is beyond the 64-bit integers formulas compute with "
                                   f"(at most {S.INT_MAX})", t.line, t.col)
            return Node("num", t)
        if t.text == "(":
            self._enter(t)
            node = self.or_()
            self.expect(")")
            self.nest -= 1
            return node
        if t.kind == "name" and t.text not in KEYWORDS:
            if self.peek().text == "(":
                return self.call(t)
            if t.text in FUNCTIONS:
                raise FormulaError(f"{t.text} is a function: write {t.text}(...)", t.line, t.col)
            if t.text not in self.names:
                raise FormulaError(_unknown(t.text, self.names), t.line, t.col, t.text)
            return Node("var", t)
        raise FormulaError(f"expected a number, a name or '(' here, found {_show(t)}", t.line, t.col)

    def call(self, t: Tok) -> Node:
        if t.text not in FUNCTIONS:
            raise FormulaError(_unknown(t.text, FUNCTIONS, "function"), t.line, t.col)
        self.expect("(")
        self._enter(t)
        args = [self.or_()]
        while self.peek().text == ",":
            self.take()
            args.append(self.or_())
        self.expect(")")
        self.nest -= 1
        _, lo, hi = FUNCTIONS[t.text]
        if len(args) < lo or (hi is not None and len(args) > hi):
            want = f"{lo}" if lo == hi else f"at least {lo}"
            raise FormulaError(f"{t.text}() takes {want} operands, not {len(args)}", t.line, t.col)
        return Node(t.text, t, args)


def _show(t: Tok) -> str:
    return "the end of the formula" if t.kind == "end" else repr(t.text)


def _unknown(name: str, known, what: str = "name") -> str:
    if not_a_fact(name):
        return f"unknown {what} {name!r}: {not_a_fact(name)}"
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(sorted(known))}"
    return f"unknown {what} {name!r}{hint}"


def parse(text: str, names: dict[str, object]) -> Node:
    """The tree of a formula whose variables are the keys of ``names``."""
    if not isinstance(text, str):
        text = str(text)
    try:
        tree = _Parser(text, names).parse()
    except RecursionError:   # the limits above should make this unreachable: a one-line refusal all the same
        raise FormulaError(f"the formula nests too deeply (at most {MAX_NESTING} levels)", 1, 1) from None
    _check_depth(tree)
    return tree


def _check_depth(tree: Node) -> None:
    """A long chain (1 + 1 + ... + 1) nests the tree without any parenthesis;
    measured without recursion, so that the walks below stay shallow."""
    todo = [(tree, 1)]
    while todo:
        node, d = todo.pop()
        if d > MAX_DEPTH:
            raise FormulaError(f"the formula is too long a chain here (more than {MAX_DEPTH} terms in a row); "
                               "split it with parentheses or min/max", node.tok.line, node.tok.col)
        todo.extend((a, d + 1) for a in node.args)


@dataclass(frozen=True)
class Program:
    """A compiled formula: ``code`` (op, arg) pairs, ``consts``, and the stack depth it needs."""

    code: np.ndarray
    consts: np.ndarray
    depth: int


def compile_formula(text: str, names: dict[str, int], inline: dict[str, Node] | None = None) -> Program:
    """Postfix bytecode of a formula; ``names`` maps each variable to its index in vars[].

    ``inline`` maps a name to a parsed formula that stands in its place (the
    table's ``hand``): its code is emitted wherever the name is read, so the
    program stays one program for the kernel."""
    inline = inline or {}
    tree = parse(text, {**names, **inline})
    code: list[int] = []
    consts: list[int] = []
    depth = [0, 0]   # current, deepest
    at: list = [None, None]   # the token being emitted; the first where the stack overflowed

    def emit(op: int, arg: int, pushes: int):
        code.extend((op, arg))
        depth[0] += pushes
        depth[1] = max(depth[1], depth[0])
        if depth[1] > S.MAX_STACK and at[1] is None:
            at[1] = at[0]

    def walk(n: Node, outer: Tok | None = None):
        # an inlined formula's tokens are in another text: errors point at the name read here
        at[0] = outer or n.tok
        if n.op == "var" and n.tok.text in inline:
            walk(inline[n.tok.text], outer or n.tok)
            return
        if n.op == "if":
            # c, JZ else, a, JMP end, else: b, end: only the branch taken runs
            walk(n.args[0], outer)
            emit(S.F_JZ, 0, -1)
            jz = len(code) - 1
            level = depth[0]
            walk(n.args[1], outer)
            emit(S.F_JMP, 0, 0)
            jmp = len(code) - 1
            code[jz] = len(code)
            depth[0] = level
            walk(n.args[2], outer)
            code[jmp] = len(code)
            return
        for a in n.args:
            walk(a, outer)
        at[0] = outer or n.tok
        if n.op == "num":
            consts.append(int(n.tok.text))
            emit(S.F_CONST, len(consts) - 1, 1)
        elif n.op == "var":
            emit(S.F_VAR, names[n.tok.text], 1)
        elif n.op == "neg":
            emit(S.F_NEG, 0, 0)
        elif n.op == "not":
            emit(S.F_NOT, 0, 0)
        elif n.op in _BINARY:
            emit(_BINARY[n.op], 0, -1)
        else:
            emit(FUNCTIONS[n.op][0], len(n.args), 1 - len(n.args))

    walk(tree)
    if depth[1] > S.MAX_STACK:
        # within MAX_NESTING still reachable: 1 + 2 * (1 + 2 * (...)) holds two values a level
        tok = at[1]
        raise FormulaError(f"the formula holds too many values at once from here (needs {depth[1]} stack "
                           f"slots, at most {S.MAX_STACK}); write it with fewer levels",
                           tok.line, tok.col)
    return Program(np.array(code, np.int64), np.array(consts or [0], np.int64), depth[1])


class ScoreError(UserError):
    """A formula that went wrong in play: overflow, a division by zero, a
    negative exponent (layout.FE_*).  The CLI reports it as a rules problem
    (exit 2), naming the formula and the hand."""

    in_play = True   # the CLI tells it at the line of the formula it names (ruleset.located)


def new_stack() -> np.ndarray:
    """The scratch kernels.formula runs on, with its error slot."""
    return np.zeros(S.STACK_SIZE, np.int64)


def check_stack(stack: np.ndarray, what: str) -> None:
    """Raise ScoreError when a formula run on ``stack`` reported a problem
    (``what``: which formula, on which hand)."""
    bits = int(stack[S.STACK_ERR])
    if bits:
        why = "; ".join(text for bit, text in S.FE_NAMES if bits & bit)
        raise ScoreError(f"{what}: {why}")


def names_used(text: str, names, inline: dict[str, Node] | None = None) -> list[str]:
    """The variables a formula reads, in order of first use, looking through
    the ``inline`` names (validation has parsed it already)."""
    inline = inline or {}
    out: list[str] = []

    def walk(n: Node):
        if n.op == "var" and n.tok.text in inline:
            walk(inline[n.tok.text])
        elif n.op == "var" and n.tok.text not in out:
            out.append(n.tok.text)
        for a in n.args:
            walk(a)

    walk(parse(text, {**dict.fromkeys(names), **inline}))
    return out
