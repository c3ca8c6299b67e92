"""A compiled formula's evaluation: the stack machine scoring/formula.py
compiles a table's formulas for, with arithmetic that flags overflow, a
division by zero or a negative power in ``stack[STACK_ERR]`` instead of
wrapping (the engine then stops with ERR_FORMULA).  Compiled; nothing
allocates.
"""

from __future__ import annotations

from ..jit import kernel
from . import layout as S


@kernel
def _add(a, b, stack):
    if (b > 0 and a > S.INT_MAX - b) or (b < 0 and a < S.INT_MIN - b):
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    return a + b


@kernel
def _mul(a, b, stack):
    if a == 0 or b == 0:
        return 0
    if a == S.INT_MIN or b == S.INT_MIN:
        if a == 1:
            return b
        if b == 1:
            return a
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    ua = a if a > 0 else -a
    ub = b if b > 0 else -b
    if ua > S.INT_MAX // ub:
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    return a * b


@kernel
def _pow(a, b, stack):
    if b < 0:
        stack[S.STACK_ERR] |= S.FE_NEGPOW
        return 0
    if a == 0:
        return 1 if b == 0 else 0
    if a == 1:
        return 1
    if a == -1:
        return 1 if b % 2 == 0 else -1
    if b > 63:   # |a| >= 2: 2**63 is already beyond int64; no loop runs long
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    r = 1
    for _ in range(b):
        r = _mul(r, a, stack)
    return r


@kernel
def formula(code, consts, vars, stack):
    """Run a compiled formula (formula.py) on vars[]; ``stack`` is scratch of
    layout.STACK_SIZE whose slot STACK_ERR collects FE_* bits: an overflow,
    a division by zero or a negative exponent gives 0 there and sets its bit
    (the caller reports it; nothing wraps silently).  Jumps go forward only,
    so every program ends after at most len(code) / 2 steps."""
    sp = 0
    pc = 0
    end = len(code)
    while pc < end:
        op = code[pc]
        arg = code[pc + 1]
        pc += 2
        if op == S.F_CONST:
            stack[sp] = consts[arg]
            sp += 1
        elif op == S.F_VAR:
            stack[sp] = vars[arg]
            sp += 1
        elif op == S.F_NEG:
            if stack[sp - 1] == S.INT_MIN:
                stack[S.STACK_ERR] |= S.FE_OVERFLOW
                stack[sp - 1] = 0
            else:
                stack[sp - 1] = -stack[sp - 1]
        elif op == S.F_NOT:
            stack[sp - 1] = 1 if stack[sp - 1] == 0 else 0
        elif op == S.F_JZ:
            sp -= 1
            if stack[sp] == 0:
                pc = arg
        elif op == S.F_JMP:
            pc = arg
        elif op <= S.F_OR:
            a = stack[sp - 2]
            b = stack[sp - 1]
            sp -= 1
            r = 0
            if op == S.F_ADD:
                r = _add(a, b, stack)
            elif op == S.F_SUB:
                if b == S.INT_MIN:
                    r = _add(_add(a, S.INT_MAX, stack), 1, stack)
                else:
                    r = _add(a, -b, stack)
            elif op == S.F_MUL:
                r = _mul(a, b, stack)
            elif op == S.F_FLOORDIV or op == S.F_MOD:
                if b == 0:
                    stack[S.STACK_ERR] |= S.FE_DIV0
                elif a == S.INT_MIN and b == -1:
                    if op == S.F_FLOORDIV:
                        stack[S.STACK_ERR] |= S.FE_OVERFLOW
                elif op == S.F_FLOORDIV:
                    r = a // b
                else:
                    r = a % b
            elif op == S.F_POW:
                r = _pow(a, b, stack)
            elif op == S.F_LT:
                r = 1 if a < b else 0
            elif op == S.F_LE:
                r = 1 if a <= b else 0
            elif op == S.F_GT:
                r = 1 if a > b else 0
            elif op == S.F_GE:
                r = 1 if a >= b else 0
            elif op == S.F_EQ:
                r = 1 if a == b else 0
            elif op == S.F_NE:
                r = 1 if a != b else 0
            elif op == S.F_AND:
                r = 1 if a != 0 and b != 0 else 0
            else:
                r = 1 if a != 0 or b != 0 else 0
            stack[sp - 1] = r
        elif op == S.F_MIN or op == S.F_MAX:
            r = stack[sp - arg]
            for j in range(sp - arg + 1, sp):
                if (op == S.F_MIN and stack[j] < r) or (op == S.F_MAX and stack[j] > r):
                    r = stack[j]
            sp -= arg - 1
            stack[sp - 1] = r
        elif op == S.F_CEIL:
            x = stack[sp - 2]
            m = stack[sp - 1]
            sp -= 1
            r = x
            if m > 0:
                q = -((-x) // m) if x > S.INT_MIN else x // m
                r = _mul(q, m, stack)
            stack[sp - 1] = r
        else:  # F_PICK
            i = stack[sp - arg]
            n = arg - 1
            if i < 0:
                i = 0
            if i > n - 1:
                i = n - 1
            r = stack[sp - arg + 1 + i]
            sp -= arg - 1
            stack[sp - 1] = r
    return stack[0] if sp > 0 else 0
