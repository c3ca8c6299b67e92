"""The built-in games with their own tables score their hand-worked examples.

Each file in tests/scoring/examples/ holds hands worked by hand from the
game's rule source (docs/games.md), never by running the engine; its header
defines the notation. Every example goes through the public scoring API,
``ruian_sim.settle.hand.score_hand``, which scores one seat's hand under a
game's rules and returns ``{value, points, tai, times, items, ...}`` (or a
falsy ``win`` when the rules refuse the win). Examples with ``payments`` also
go through ``ruian_sim.settle.hand_record.settle``, which turns the four seats'
scores into each seat's net payment.
"""

from pathlib import Path

import pytest
import yaml

from ruian_sim.ruleset import load
from ruian_sim.ruleset.locate import resolve

EXAMPLES = Path(__file__).parent / "examples"
GAMES = ["ruian-tai", "taiwanese", "hangzhou", "sichuan", "fuzhou", "mcr"]
# Extra win context some examples carry, passed by keyword when present.
CONTEXT = ("wild", "streak", "first", "chain", "discarder", "last", "after_kong", "shown")


def _examples():
    for game in GAMES:
        data = yaml.safe_load((EXAMPLES / f"{game}.yaml").read_text(encoding="utf-8"))
        assert data["game"] == game
        for ex in data["examples"]:
            yield pytest.param(game, ex, id=f"{game}: {ex['name']}")


def _rules(game, _cache={}):
    if game not in _cache:
        _cache[game] = load("ruian", [game])
    return _cache[game]


def _score(rules, ex, seat=None, win=None):
    from ruian_sim.settle.hand import score_hand

    context = {k: ex[k] for k in CONTEXT if k in ex}
    return score_hand(rules, ex["hand"], ex.get("melds") or [], win or ex["win"], ex.get("tile") or "",
                      ex["seat"] if seat is None else seat, ex.get("round", 0), ex.get("flowers") or "",
                      **context)


def test_every_game_has_enough_examples():
    for game in GAMES:
        data = yaml.safe_load((EXAMPLES / f"{game}.yaml").read_text(encoding="utf-8"))
        assert len(data["examples"]) >= 25, game
        for ex in data["examples"]:
            assert ex.get("why"), (game, ex["name"])


def test_every_item_of_every_game_is_exercised():
    for game in GAMES:
        rules_text = yaml.safe_load(resolve(game, None).read_text(encoding="utf-8"))
        names = {item["name"] for item in rules_text["scoring"]["items"]}
        data = yaml.safe_load((EXAMPLES / f"{game}.yaml").read_text(encoding="utf-8"))
        seen = set()
        for ex in data["examples"]:
            seen |= set((ex["expect"].get("items") or {}))
        assert names <= seen, (game, sorted(names - seen))
        assert seen <= names, (game, sorted(seen - names))


@pytest.mark.parametrize("game, ex", list(_examples()))
def test_example(game, ex):
    rules = _rules(game)
    want = ex["expect"]
    got = _score(rules, ex)
    if want.get("win") is False:
        assert not got.get("win", True), got
        return
    for key in ("value", "hand", "points", "tai", "times"):
        if key in want:
            assert got[key] == want[key], (key, got)
    if "items" in want:
        assert {k: v for k, v in got["items"].items() if v} == want["items"], got["items"]
    if "payments" in want:
        from ruian_sim.settle.hand_record import settle

        scores = {ex["seat"]: got}
        for seat, other in (ex.get("losers") or {}).items():
            scores[int(seat)] = _score(rules, {**ex, **other, "tile": ""}, seat=int(seat), win="none")
        net = settle(rules, scores, winner=ex["seat"], dealer=0, discarder=ex.get("discarder"),
                     streak=ex.get("streak", 1), win=ex["win"])
        assert {int(k): v for k, v in want["payments"].items()} == {s: net[s] for s in range(4)}
        assert sum(net[s] for s in range(4)) == 0
