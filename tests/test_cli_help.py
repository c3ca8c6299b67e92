"""What `--help` says an option's default is, against the default it really has: the
general guard for `run --help` once giving smart's `margin` a default of 0 while its
text said 1.3."""

from __future__ import annotations

import argparse
import re

import numpy as np
import pytest

from ruian_sim.bots import layout as BL
from ruian_sim.bots.spec import BY_RULES, NAMED, PARAMS, READS, parse_bots, resolve_margin, resolve_value
from ruian_sim.cli.main import build_parser


def _options():
    """(command, option, action) for every option of every command."""
    def walk(parser, name):
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                for sub, p in a.choices.items():
                    yield from walk(p, f"{name} {sub}")
            elif a.option_strings:
                yield name, a.option_strings[-1], a

    return list(walk(build_parser(), "ruian-sim"))


def _number(text: str):
    try:
        return float(text)
    except ValueError:
        return None


def test_every_default_a_help_text_names_is_the_real_one():
    checked = 0
    for command, option, action in _options():
        if option == "--bots" or not action.help:
            continue
        # "(default 10000)", "(default ./out)", "(default: all cores)": the first word after it
        for m in re.finditer(r"\(default:? ([^,;)]+)\)", action.help):
            said, real = m.group(1).strip(), action.default
            if isinstance(real, (int, float)) and not isinstance(real, bool):
                assert _number(said) == real, f"{command} {option}: help says default {said}, it is {real}"
                checked += 1
            elif isinstance(real, str):
                assert said.removeprefix("./") == real, f"{command} {option}: help says {said}, it is {real}"
                checked += 1
            elif real is None:   # decided at run time: the text says by what, not a number
                assert _number(said) is None, f"{command} {option}: help says {said}, it is set at run time"
    assert checked > 20


def _effective(bot: str) -> np.ndarray:
    """A bot's parameters as the default rules (ruian: discard wins, no minimum gate) play them."""
    bp = parse_bots(bot, 4)[0]
    resolve_margin(bp, win_on_discard=True, minimum=False)
    resolve_value(bp, minimum=False)
    return bp[0]


@pytest.mark.parametrize("command", ["run", "compare", "sweep", "session", "play"])
def test_bots_help_gives_each_parameters_default_as_the_default_rules_play_it(command):
    (action,) = [a for c, o, a in _options() if c == f"ruian-sim {command}" and o == "--bots"]
    text = " ".join(action.help.split())
    for name, (idx, _, lo, hi) in PARAMS.items():
        if name in NAMED:
            assert f"{name} ({' or '.join(NAMED[name])}, default smart)" in text, name
            continue
        m = re.search(rf"\b{name} \(([\d.]+)\.\.([\d.]+), default ([\d.]+)", text)
        assert m, f"{command} --bots: {name} has no '(lo..hi, default D)'"
        assert (float(m.group(1)), float(m.group(2))) == (lo, hi), name
        bot = next(b for b in ("smart", "greedy", "random", "search") if name in READS[b])
        assert float(m.group(3)) == pytest.approx(_effective(bot)[idx]), \
            f"{command} --bots: {name} default {m.group(3)} but {bot} plays {_effective(bot)[idx]:g}"
    assert set(BY_RULES) <= set(PARAMS) and BL.BP_MARGIN == PARAMS["margin"][0]
