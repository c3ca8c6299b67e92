"""`ruian-sim hand` agrees with the brute-force reference on held-out hands
(a fresh seed, not used by the other hand tests), read from stdin in one run;
it pays wins in any round, and refuses a situation no play reaches (one line,
exit 2) rather than score it."""

import json
import random

import pytest
from bruteforce import brute_shapes, brute_waits, ordered
from gen import random_hand
from handkit import rules_for

from ruian_sim.tiles import format_kinds, name, parse_one


def test_cli_agrees_with_bruteforce_on_held_out_hands(cli):
    _, _, flags = rules_for(None)
    rng = random.Random(20261130)
    cases = []
    for i in range(300):
        size = flags.hand_size + (1 if i % 3 else 0)  # two complete-size hands for one ready-ish
        # a few wilds (one CLI run each): a suit, a terminal, 白板 itself, a wind
        wild = parse_one(("5m", "9s", "5z", "1z")[i % 4])
        kinds, wild, _ = random_hand(rng, flags, size=size, wilds=(i // 4) % 4, wild=wild)
        cases.append((sorted(kinds), wild))
    # the CLI takes one wild per run: group the hands by wild
    by_wild: dict[int, list] = {}
    for kinds, wild in cases:
        by_wild.setdefault(wild, []).append(kinds)
    checked = wins = waits = 0
    for wild, hands in sorted(by_wild.items()):
        out = cli("hand", "--wild", name(wild), "-", stdin="\n".join(format_kinds(h) for h in hands))
        assert out.returncode == 0, out.stderr
        rows = [json.loads(line) for line in out.stdout.splitlines()]
        assert len(rows) == len(hands)
        for kinds, row in zip(hands, rows):
            where = f"{format_kinds(kinds)} wild {name(wild)}"
            assert row["hand"] == format_kinds(kinds)
            if len(kinds) == flags.hand_size + 1:
                shapes, hard = brute_shapes(kinds, wild, flags)
                assert row["win"] == bool(shapes), where
                assert row["shapes"] == ordered(shapes), where
                assert row["hard"] == bool(hard), where
                assert (row["shanten"] == -1) == row["win"], where
                wins += row["win"]
            else:
                want = [name(x) for x in brute_waits(kinds, wild, flags)]
                assert row["waits"] == want, where
                assert (row["shanten"] == 0) == bool(want) or row["shanten"] == 0, where
                waits += bool(want)
            checked += 1
    assert checked == 300 and wins > 30 and waits > 10, (wins, waits)


def test_cli_bad_hand_line_reports_the_line_and_prints_nothing(cli):
    out = cli("hand", "--wild", "9s", "-", stdin="123456789m123456p1z\n123x\n")
    assert out.returncode == 2 and out.stdout == ""
    assert "stdin:2:" in out.stderr and "'x'" in out.stderr and "Traceback" not in out.stderr


def test_cli_needs_the_wild_when_the_rules_have_one(cli):
    out = cli("hand", "123456789m123456p1z")
    assert out.returncode == 2 and "--wild" in out.stderr


def test_cli_pays_a_self_drawn_win_in_the_south_round(cli):
    # the payments settle every seat in the round given (it was a traceback outside
    # East): pungs of South (the round) and West (seat 2's wind), 7 台 in all
    out = cli("hand", "--rules", "taiwanese", "--win", "self", "--seat", "2", "--round", "1", "--tile", "9p",
              "222333z555m678m11s789p")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    score = json.loads(out.stdout)["score"]
    assert score["tai"] == 7 and score["items"]["round_wind_pung"] == 1
    assert score["payments"] == {"0": -260, "1": -240, "2": 740, "3": -240}


def test_cli_refuses_a_hand_that_play_never_holds(cli):
    # a win on a discarded wild where wilds are never discarded (ruian's wild.discard
    # is false), and a 白板 held where the 台 game lays every one aside: each was
    # scored (a soft win; a dragon pung's 台) though no play can reach it
    out = cli("hand", "--wild", "9s", "--win", "discard", "--discarder", "2", "123456789m1234p11z9s9s")
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
    assert "the wild is never discarded" in out.stderr
    out = cli("hand", "--rules", "ruian-tai", "--wild", "9s", "--win", "self", "--seat", "0", "123456789m22p345p55z5z")
    assert out.returncode == 2 and out.stdout == "" and "5z is laid aside" in out.stderr
    # where 白板 is the wild, 红中 is laid aside in its place, and 白板 is held
    out = cli("hand", "--rules", "ruian-tai", "--wild", "5z", "123456789m22p345p77z7z")
    assert out.returncode == 2 and "7z is laid aside" in out.stderr
    assert cli("hand", "--rules", "ruian-tai", "--wild", "5z", "123456789m22p345p55z5z").returncode == 0


REFUSED = [
    # (arguments, what the one line says): each a situation no play reaches, which was scored
    (["--rules", "fuzhou", "--wild", "5m", "--win", "self", "--seat", "1", "123456789m123p11s1z1z1z"],
     "1z is laid aside"),
    (["--rules", "fuzhou", "--wild", "1z", "123456789m123p11s2z2z2z"], "never the wild"),
    (["--rules", "hangzhou", "--wild", "5m", "123456789m11p23s1s"], "fix the wild as 5z"),
    (["--rules", "sichuan", "--wild", "5m", "123m456p789s11122s"], "have no wild"),
    (["--rules", "fuzhou", "--wild", "5m", "--win", "gold", "--seat", "0", "--tile", "5m", "123456789m123p11s99s5m"],
     "the dealer does not rob"),
    (["--rules", "fuzhou", "--wild", "5m", "--win", "self", "--seat", "1", "--first", "--melds", "pon 777s",
      "123456789m123p11s"], "nothing claimed"),
    (["--rules", "sichuan", "--win", "robbed", "--discarder", "0", "11123456789994m"], "holds it once"),
    (["--rules", "hangzhou", "--wild", "5z", "--win", "self", "--piao", "3", "123456789m11p5z5z5z"],
     "more than the 4 wild tiles"),
    (["--rules", "fuzhou", "--wild", "5m", "--win", "kong", "--seat", "1", "123456789m123p11s99s9s"],
     "the kong is among --melds"),
    (["--rules", "sichuan", "--win", "self", "--melds", "pon 777s", "123m456m11122p"], "at most two suits"),
    # the 台 game discards its wild but nobody takes it (wild.claim false): no win is on one
    (["--rules", "ruian-tai", "--wild", "9s", "--win", "discard", "--discarder", "2", "123456789m1234p11z9s9s"],
     "a discarded wild is passed over"),
]


@pytest.mark.parametrize("args, says", REFUSED, ids=[s for _, s in REFUSED])
def test_cli_refuses_what_no_play_reaches(cli, args, says):
    out = cli("hand", *args)
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr, out.stderr
    assert says in out.stderr


def test_cli_a_win_on_a_kongs_replacement_has_its_kong_in_the_chain(cli):
    # hangzhou's 杠开 (chain ×2 after one kong) comes with --win kong as it does in play;
    # a concealed kong beside --first is no claim
    out = cli("hand", "--rules", "hangzhou", "--wild", "5z", "--win", "kong", "--melds", "ckong 7777p",
              "456789m11p23s1s")
    assert out.returncode == 0 and json.loads(out.stdout)["score"]["items"] == {"chain": 2}
    out = cli("hand", "--rules", "fuzhou", "--wild", "5m", "--win", "self", "--seat", "1", "--first", "--melds",
              "ckong 7777s", "123456789m123p11s")
    assert out.returncode == 0 and "earthly" in json.loads(out.stdout)["score"]["items"]


def test_cli_a_megabyte_line_is_quoted_near_its_fault_not_echoed_whole(cli):
    out = cli("hand", "--wild", "9s", "-", stdin="1" * 3_000_000 + "\n")
    assert out.returncode == 2 and "stdin:1:" in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr) < 1000


def test_cli_melds_set_aside_count_with_or_without_a_win(cli):
    melds = "pon 111z, pon 222z, pon 333z, pon 444z, pon 666z"
    out = cli("hand", "--wild", "9s", "11m", "--melds", melds)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["win"] is True


@pytest.mark.parametrize(("rules", "most"), [("ruian", 5), ("mcr", 4)])
def test_cli_more_melds_than_a_hand_holds_is_said_so(cli, rules, most):
    melds = ", ".join(f"pon {k}{k}{k}z" for k in range(1, most + 2))
    out = cli("hand", "--rules", rules, "--wild", "none" if rules == "mcr" else "9s", "--win", "self", "11m",
              "--melds", melds)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"{most + 1} melds set aside; these rules' hands hold at most {most}" in out.stderr


def test_a_loser_is_valued_as_pairwise_settlement_reads_it(cli):
    # the 台 game reads a loser's concealed hand (scoring.read_losers: concealed): 中 and 1p
    # concealed pungs, a pair of its own wind 西
    out = cli("hand", "--rules", "ruian-tai", "--wild", "9m", "--win", "none", "--seat", "2",
              "777z111p33z2468m135s4z")
    assert out.returncode == 0, out.stderr
    score = json.loads(out.stdout)["score"]
    assert (score["win"], score["hand"], score["points"], score["tai"]) == (False, 36, 18, 1)


@pytest.mark.parametrize(("args", "complete", "win"), [
    # mcr's 8-fan gate refuses 门前清 + 平和-less 2+1+1 fan: a whole hand that is no win
    (["--rules", "mcr", "--wild", "none", "--win", "discard", "123m456m789p234s55z"], True, False),
    (["--wild", "9s", "--win", "self", "123456789m123456p11z"], True, True),
    (["--wild", "9s", "123456789m123456p11z"], True, True),          # not scored: a whole hand wins
    (["--wild", "9s", "--win", "none", "123456789m123456p1z"], False, False),
])
def test_the_top_level_win_and_the_scores_win_agree(cli, args, complete, win):
    out = cli("hand", *args)
    assert out.returncode == 0, out.stderr
    row = json.loads(out.stdout)
    assert (row["complete"], row["win"]) == (complete, win), row
    assert row["complete"] == (row["shanten"] == -1)
    if "score" in row and row["complete"]:
        assert row["win"] == row["score"]["win"], row
