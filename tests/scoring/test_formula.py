"""The formula language: Python's precedence, integer results, errors with
columns, and no eval (a name that is not a variable is an error, whatever it is)."""

import numpy as np
import pytest

from ruian_sim.scoring import layout as S
from ruian_sim.scoring.formula import FormulaError, compile_formula
from ruian_sim.scoring.formula_names import formula_names
from ruian_sim.scoring.formula_eval import formula

NAMES = formula_names()


def run(text, errors=False, **vars_):
    prog = compile_formula(text, NAMES)
    v = np.zeros(len(NAMES) + 1, np.int64)
    for k, x in vars_.items():
        v[NAMES[k]] = x
    stack = np.zeros(S.STACK_SIZE, np.int64)
    out = int(formula(prog.code, prog.consts, v, stack))
    if errors:
        return out, int(stack[S.STACK_ERR])
    assert stack[S.STACK_ERR] == 0, text
    return out


@pytest.mark.parametrize("text, want", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 ** 3 ** 2", 512), ("-2 ** 2", -4), ("7 // 2", 3),
    ("-7 // 2", -4), ("7 % 3", 1), ("10 - 3 - 2", 5), ("1 < 2 and 2 < 1", 0), ("not 0 or 0", 1),
    ("1 + 2 == 3", 1), ("min(4, 2, 9)", 2), ("max(4, 2, 9)", 9), ("if(0, 5, 6)", 6),
    ("ceil(31, 10)", 40), ("ceil(30, 10)", 30), ("pick(1, 10, 20, 30)", 20), ("pick(9, 10, 20, 30)", 30),
    ("pick(-1, 10, 20)", 10), ("not 1 + 1", 0), ("if(1, 7, 1 // 0)", 7), ("if(0, 2 ** 70, 3)", 3),
    ("-7 % 3", 2), ("ceil(-15, 10)", -10), ("(-1) ** 63", -1), ("0 ** 0", 1),
])
def test_values(text, want):
    assert run(text) == want


@pytest.mark.parametrize("text, bit", [
    ("tai // (tai - tai)", S.FE_DIV0), ("7 % (tai - tai)", S.FE_DIV0), ("2 ** (tai - 1)", S.FE_NEGPOW),
    ("base * 4611686018427387904", S.FE_OVERFLOW), ("base ** 1000000000000", S.FE_OVERFLOW),
    ("-base * 4611686018427387904 * 2 - 4611686018427387904 * 2", S.FE_OVERFLOW),
    ("4611686018427387904 + 4611686018427387904", S.FE_OVERFLOW), ("ceil(9223372036854775807, 10)", S.FE_OVERFLOW),
])
def test_what_cannot_be_computed_is_an_error_not_a_number(text, bit):
    # in play these become the engine's error (layout.ERR_FORMULA), never a wrapped or zero payment
    value, err = run(text, errors=True, base=4, tai=0)
    assert err & bit, (text, value, err)
    assert value == 0


def test_if_runs_only_the_branch_taken():
    # both branches used to run; a branch that cannot be computed is harmless when not taken
    assert run("if(tai < 3, 2 ** tai, 500 + tai)", tai=70) == 570
    assert run("if(tai < 3, 2 ** tai, 500 + tai)", tai=2) == 4


def test_names_read_the_vars():
    assert run("(base + points) * 2 ** min(tai, 3)", base=2, points=8, tai=5) == 80
    assert run("fan", tai=4) == 0   # fan is its own slot; the kernel fills it from tai (fill_vars)
    assert run("if(dealer_pays, 2, 1) * times", dealer_pays=1, times=4) == 8


@pytest.mark.parametrize("text, col, words", [
    ("tai +", 6, "end of the formula"),
    ("tia * 2", 1, "did you mean 'tai'"),
    ("times * bsae", 9, "did you mean 'base'"),
    ("__import__(1)", 1, "unknown function '__import__'"),
    ("__class__", 1, "unknown name '__class__'"),
    ("open(1)", 1, "unknown function"),
    ("1 +* 2", 4, "'*'"),
    ("times $ 2", 7, "unexpected character '$'"),
    ("min(1, 2", 9, "expected ')'"),
    ("1 < 2 < 3", 7, "do not chain"),
    ("ceil(1)", 1, "takes 2 operands"),
    ("2 3", 3, "operator missing"),
    ("max", 1, "is a function"),
])
def test_errors_name_the_column(text, col, words):
    with pytest.raises(FormulaError) as e:
        compile_formula(text, NAMES)
    assert (e.value.line, e.value.col) == (1, col)
    assert words in e.value.message


def test_errors_on_a_later_line():
    with pytest.raises(FormulaError) as e:
        compile_formula("times *\n  bsae", NAMES)
    assert (e.value.line, e.value.col) == (2, 3)
