"""Shared helpers for the hand tests: rule sets, evaluators and reference flags."""

from __future__ import annotations

from bruteforce import flags_from_rules, ordered

from ruian_sim.hand import HandEvaluator
from ruian_sim.ruleset import load
from ruian_sim.tiles import format_kinds, name

_CACHE: dict = {}


def rules_for(variant: str | None = None):
    """(rules, evaluator, reference flags) for the default rules or one variant."""
    if variant not in _CACHE:
        rules = load("ruian", [variant] if variant else [])
        _CACHE[variant] = (rules, HandEvaluator(rules), flags_from_rules(rules))
    return _CACHE[variant]


def describe(kinds, wild, melds=()) -> str:
    m = " ".join(f"{k}:{name(t)}" for k, t in melds)
    return f"{format_kinds(kinds)} wild={name(wild)}" + (f" melds=[{m}]" if m else "")


def api_view(r) -> tuple:
    return (list(r.shapes), list(r.hard_shapes), r.hard, r.win)


def ref_view(shapes, hard) -> tuple:
    return (ordered(shapes), ordered(hard), bool(hard), bool(shapes))
