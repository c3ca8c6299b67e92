"""The wall's geometry follows the seed (RULES §2): the dice total counts
stacks clockwise from the right end of the 开门人's wall, a count past 17 goes
on along the 上家's wall (its rightmost stack is the 18th), drawing goes on
clockwise from the next stack, replacements come from the other end."""

from types import SimpleNamespace

from wallwalk import WallWalk

from ruian_sim.engine.compile import simulator
from ruian_sim.engine.transcript import play_text
from ruian_sim.ruleset import load


def walk(opener, total, **wall):
    w = dict(sides=4, stacks_per_side=17, stack_height=2, count="clockwise", draw="clockwise") | wall
    return WallWalk(SimpleNamespace(wall=SimpleNamespace(**w)), opener, total)


def test_a_count_of_seventeen_ends_at_the_left_end_of_the_openers_wall():
    assert walk(2, 17).break_stack == (2, 0)


def test_a_count_past_seventeen_goes_on_along_the_shangjia_wall():
    # 开门人 S2; its 上家 (the player before it) is S1; the 18th stack is S1's rightmost
    assert walk(2, 18).break_stack == (1, 16)
    assert walk(2, 19).break_stack == (1, 15)
    assert walk(0, 18).break_stack == (3, 16)  # East's 上家 is North


def test_drawing_goes_clockwise_from_the_next_stack_and_the_tail_the_other_way():
    w = walk(2, 19)
    stack = lambda pos: divmod(pos // 2, 17)  # noqa: E731 - (side, stack) of a ring position
    assert [stack(p) for p in w.head()[:4:2]] == [(1, 14), (1, 13)]
    assert [stack(p) for p in w.tail()[:6:2]] == [(1, 15), (1, 16), (2, 0)]
    assert w.turned() == (1 * 17 + 15) * 2 + 1  # the bottom tile of the last stack counted


def test_counterclockwise_rules_count_from_the_left_end_onto_the_xiajia_wall():
    assert walk(2, 18, count="counterclockwise").break_stack == (3, 0)


def test_the_transcript_shows_the_seeds_geometry():
    # seed 1, match 0, hand 0: 开门人 S2 counts 7 + 12 = 19
    text = play_text(simulator(load("ruian"), "greedy"), 1, 0, 0)
    assert ("counts 19 stacks clockwise from the right end of its wall; the count ends on the wall "
            "in front of S1, stack 2 from its right end") in text
