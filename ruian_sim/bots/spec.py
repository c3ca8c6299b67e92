"""Bots chosen per player from a short text: ``greedy,greedy,random,greedy``.

Each entry is a bot name with optional parameters after colons, e.g.
``greedy:claim=0.5:chase_hard=20:kong=0``:
- ``claim``: probability of making a claim the greedy bot finds useful (1);
- ``chase_hard``: pass a soft win on a discard while more than this many
  tiles can still be drawn (0: never pass);
- ``kong``: declare kongs that do not hurt the hand (1) or never (0);
- ``follow``: probability of following (跟风) the previous player's honor
  discard when holding it alone costs no shanten (0).  People do this for
  safety; the greedy bot alone almost never opens four same winds.
- ``aggression``, ``value``, ``margin`` (smart): its own chances against a
  discard's danger; what a win pays against how soon it comes; how many
  times the kept hand's worth a pon or chi must bring (bots/smart/claim.py; 1.3,
  1 where no discard can win, 10 under a minimum such as MCR's 8 fan:
  resolve_margin; value 1, or 0 under a minimum: resolve_value);
  ``short`` (smart, 0, or 0.8 under a minimum): a reading the gate refuses
  counts as this share of a win; ``own`` (smart, 0, or 1 under a minimum):
  the hand's reading is its own melds (not a plain fill) where its shanten
  after the best discard is below this; ``fill`` (smart, 0): 1 fills a
  reading with melds no two of which a table pays for together (a trial:
  worse on mcr);
  ``patterns`` (smart, 1): value the hand by the patterns the table pays
  for and the melds it is building (bots/smart/patterns.py), or by a
  representative win of its route (0, the bot before patterns);
  ``appetite`` (smart, 1): what a pattern adds over the plain hand counts
  this many times, for players who chase patterns more (or less, below 1;
  0: the plain hand only) than the points they pay would say;
  ``spread`` (smart, 5): a pattern is weighed only while it is within this
  many tiles of the plain hand; ``ron`` (smart, 0.5): what each other
  player's discard counts for, against a draw of its own, when the tile it
  needs may be claimed from anyone (the winning tile, a pair's third);
  ``claims`` (smart, 0): others' discards it may chi or pon, as extra
  chances per draw in its chance of finishing (the README measures it per
  game: it gains on ruian's 16-tile games, loses elsewhere);
  ``pace`` (smart, 1): the learned acceptance of the steps after the next
  counts this many times in its chance of finishing: above 1 a far plan
  looks nearer, below 1 being a step ahead counts for more (the README
  measures it per game);
  ``rising`` (smart, 0): 1 plans with the hazard learned for each round
  of the hand (another player's win is rare early and likely late), 0
  with the one rate learned for the whole hand.
- ``search`` plays each candidate discard out to the end of the hand
  against hidden tiles sampled from what its seat has seen
  (engine/search.py): ``playouts`` (16) per candidate, ``width`` (4)
  candidates, its rollout policy's choice first, ``rollout`` (smart or
  greedy) the bot that plays the playouts and makes the seat's other
  decisions, ``sure`` (2): another candidate replaces the policy's choice
  only when its mean lead over it, paired sample by sample, is this many
  standard errors above 0, and again in ``confirm`` (4) times as many fresh
  samples, alone against it (0: no second look), ``ready`` (1): another player is dealt a ready
  hand in this times the share of samples its danger model judges it ready
  (engine/shaped.py), ``calls`` (1): it searches its claims on others'
  discards too (pass, pon, chi, kong: engine/search_claim.py), 0 its
  discards alone, ``prune`` (1): at half its samples a candidate whose lead
  is not above 0 plays no more (0: every candidate plays them all).  Slow:
  a few hands a second where smart plays thousands.
One entry applies to every player.  A bot takes only the parameters it
reads (READS); a parameter it would ignore is refused, and so is one given twice.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..errors import UserError
from . import layout as BL

# the bot a run uses unless told otherwise: it plays for the table and defends
DEFAULT_BOT = "smart"
# smart's claim margin unless given: a claim gives away the hand's flexibility
# and safe tiles, which the estimate does not count; where no discard can win
# there are no safe tiles to give away.  On hangzhou (self-drawn wins only)
# margin 1 against 1.3: +0.068 points a hand [+0.011, +0.126], 200,000-hand
# duel, seed 3; on the default rules 1.1, 1.3 and 1.7 were alike (stop 18).
# A claim that keeps the shanten needs MARGIN at least wherever
# (bots/smart/claim.py): it gives away flexibility all the same.  Under a
# minimum gate (mcr's 8 fan) a claim also gives away the concealed hand's fans
# and the routes to the minimum the meld closes, which the estimate prices too
# cheaply: on mcr, 20,000-hand duels (seed 1), margin 2 over 1.3 +1.64 points a
# hand [+1.15, +2.13], 3 over 2 +0.63 [+0.26, +1.00], 5 over 3 +0.27 [+0.07,
# +0.48]; past 5 nothing moves (5 against 10 -0.03 [-0.18, +0.12], 20 against
# 10 +0.04 [-0.05, +0.12], never claiming against 5 +0.20 [-0.05, +0.45]).
# Once a ready hand is read on its own melds (``own``), 10 over 5 +0.16 [+0.02,
# +0.30] (seed 1) and +0.21 [+0.03, +0.38] (seed 2), 20 over 10 -0.01 [-0.07,
# +0.06]; docs/experiments.md#smarts-claims-lose-on-mcr
MARGIN_BY_RULES = 0.0          # a value no one can give: resolve_margin() sets it
MARGIN, MARGIN_SELF_DRAWN, MARGIN_UNDER_MINIMUM = 1.3, 1.0, 10.0
# smart's value weight unless given: 1 (play for expected points), but 0 (every
# win that passes alike) where the gate is a minimum of the items' totals: there
# reaching the minimum is what pays, and a projected reading's size misleads (on
# mcr, 20,000 hands: drawn 20.7% -> 16.3%; duel against smart:patterns=0 -1.03
# [-1.53, -0.53] -> +0.44 [+0.14, +0.74] over 40,000 hands, seed 2;
# docs/experiments.md#meld-relations-and-a-minimum-mcr)
VALUE_BY_RULES = -1.0          # a value no one can give: resolve_value() sets it
VALUE, VALUE_UNDER_MINIMUM = 1.0, 0.0
# Under a minimum, also: a reading the gate refuses counts as 0.8 of a win (``short``: the
# hand may still grow to pass), and where a discard leaves the hand ready its reading is its
# own melds (``own`` 1), not the plain fill, whose runs of one face read as 一色三同顺 and pass
# 8 fan for almost any hand.  On mcr (20,000 hands): drawn 15.7% -> 13.6%; duel against
# smart:patterns=0 +0.10 [-0.05, +0.26] -> +1.00 [+0.65, +1.36] points a hand (at margin 5)
# (docs/experiments.md#a-minimum-read-on-the-hands-own-melds)
UNDER_MINIMUM = {BL.BP_VALUE: (VALUE, VALUE_UNDER_MINIMUM), BL.BP_SHORT: (0.0, 0.8), BL.BP_OWN: (0.0, 1.0)}
BY_RULES = {"margin": "1.3, 1 where no discard can win, 10 under a minimum such as 8 fan",
            "value": "1, or 0 under a minimum such as 8 fan",
            "short": "0, or 0.8 under a minimum such as 8 fan",
            "own": "0, or 1 under a minimum such as 8 fan"}
PARAMS = {"claim": (BL.BP_CLAIM, 1.0, 0.0, 1.0), "chase_hard": (BL.BP_CHASE_HARD, 0.0, 0.0, 1000.0),
          "kong": (BL.BP_KONG, 1.0, 0.0, 1.0), "follow": (BL.BP_FOLLOW, 0.0, 0.0, 1.0),
          "aggression": (BL.BP_AGGRESSION, 1.0, 0.05, 20.0), "value": (BL.BP_VALUE, VALUE_BY_RULES, 0.0, 3.0),
          "margin": (BL.BP_MARGIN, MARGIN_BY_RULES, 1.0, 100.0), "patterns": (BL.BP_PATTERNS, 1.0, 0.0, 1.0),
          "claims": (BL.BP_CLAIMS, 0.0, 0.0, 5.0), "spread": (BL.BP_SPREAD, 5.0, 0.0, 20.0),
          "ron": (BL.BP_RON, 0.5, 0.0, 3.0), "appetite": (BL.BP_APPETITE, 1.0, 0.0, 100.0),
          "pace": (BL.BP_PACE, 1.0, 0.1, 5.0), "rising": (BL.BP_RISING, 0.0, 0.0, 1.0),
          "short": (BL.BP_SHORT, VALUE_BY_RULES, 0.0, 1.0), "fill": (BL.BP_FILL, 0.0, 0.0, 1.0),
          "own": (BL.BP_OWN, VALUE_BY_RULES, 0.0, 20.0),
          "playouts": (BL.BP_PLAYOUTS, 16.0, 1.0, 1000.0), "width": (BL.BP_WIDTH, 4.0, 1.0, 34.0),
          "rollout": (BL.BP_ROLLOUT, float(BL.BOT_SMART), 0.0, 2.0), "sure": (BL.BP_SURE, 2.0, 0.0, 10.0),
          "ready": (BL.BP_READY, 1.0, 0.0, 1.0), "calls": (BL.BP_CALLS, 1.0, 0.0, 1.0),
          "confirm": (BL.BP_CONFIRM, 4.0, 0.0, 64.0), "prune": (BL.BP_PRUNE, 1.0, 0.0, 1.0)}
# parameters that name a bot (search's rollout=smart|greedy), and the bots they may name
NAMED = {"rollout": ("greedy", "smart")}


class Bot(NamedTuple):
    """A bot as --bots names it: which kernels decide for it (bots/dispatch.py
    reads ``kind``), the parameters it reads (one it never reads is refused,
    or a duel of it would measure nothing and not say so;
    tests/bots/test_bots_spec.py holds the engine to these lists), and
    whether it reads the tables learned for the rules (engine/compile.py
    learns them before it plays)."""

    kind: int
    reads: tuple[str, ...]
    learned: bool


BOTS = {
    "greedy": Bot(BL.BOT_GREEDY, ("claim", "chase_hard", "kong", "follow"), False),
    # it claims and kongs at even odds; a soft win on a discard it may pass
    "random": Bot(BL.BOT_RANDOM, ("chase_hard",), False),
    # its own wins and discards: not chase_hard, follow
    "smart": Bot(BL.BOT_SMART, ("claim", "kong", "aggression", "value", "margin", "patterns", "claims", "spread",
                                "ron", "appetite", "pace", "rising", "short", "fill", "own"), True),
    # plays each candidate discard out against sampled hidden tiles (engine/search.py)
    # (its rollout policy, smart unless told, reads smart's parameters)
    "search": Bot(BL.BOT_SEARCH, ("claim", "kong", "aggression", "value", "margin", "patterns", "claims", "spread",
                                  "ron", "appetite", "pace", "rising", "short", "fill", "own", "playouts", "width", "rollout", "sure", "ready",
                                  "calls", "confirm", "prune"),
                     True),
}
KINDS = {name: bot.kind for name, bot in BOTS.items()}
READS = {name: bot.reads for name, bot in BOTS.items()}


def parse_bots(text: str | list[str] | None, players: int) -> tuple[np.ndarray, list[str]]:
    """(parameters[players, BP_SIZE], normalised names) or UserError."""
    if text is None:
        text = DEFAULT_BOT
    entries = [e.strip() for e in (text.split(",") if isinstance(text, str) else text)]
    if len(entries) == 1:
        entries = entries * players
    if len(entries) != players:
        raise UserError(f"--bots: {len(entries)} bots for {players} players "
                        f"(give one per player, or one for all)")
    out = np.zeros((players, BL.BP_SIZE), np.float64)
    names = []
    for p, entry in enumerate(entries):
        name, *params = entry.split(":")
        if name not in KINDS:
            raise UserError(f"--bots: unknown bot {name!r} (choose from {', '.join(KINDS)})")
        out[p, BL.BP_KIND] = KINDS[name]
        for key, (idx, default, _, _) in PARAMS.items():
            out[p, idx] = default
        given = set()
        for param in params:
            key, sep, value = param.partition("=")
            if not sep or key not in PARAMS:
                raise UserError(f"--bots: bad parameter {param!r} in {entry!r} "
                                f"(parameters: {', '.join(f'{k}=' for k in PARAMS)})")
            if key not in READS[name]:
                raise UserError(f"--bots: {name} does not read {key} (in {entry!r}; its parameters: "
                                f"{', '.join(f'{k}=' for k in READS[name])})")
            if key in given:
                raise UserError(f"--bots: {key} given twice in {entry!r}")
            given.add(key)
            idx, _, lo, hi = PARAMS[key]
            if key in NAMED:
                if value not in NAMED[key]:
                    raise UserError(f"--bots: {key} must be one of {', '.join(NAMED[key])}, got {value!r}")
                out[p, idx] = KINDS[value]
                continue
            try:
                v = float(value)
            except ValueError:
                raise UserError(f"--bots: {key} must be a number, got {value!r}") from None
            if not lo <= v <= hi:
                raise UserError(f"--bots: {key} must be between {lo:g} and {hi:g}, got {value}")
            out[p, idx] = v
        names.append(entry)
    return out, names


def resolve_margin(bp: np.ndarray, win_on_discard: bool, minimum: bool) -> None:
    """Smart's claim margin where the bot spec left it to the rules (see MARGIN_BY_RULES)."""
    unset = bp[:, BL.BP_MARGIN] == MARGIN_BY_RULES
    if minimum:
        bp[unset, BL.BP_MARGIN] = MARGIN_UNDER_MINIMUM
    else:
        bp[unset, BL.BP_MARGIN] = MARGIN if win_on_discard else MARGIN_SELF_DRAWN


def resolve_value(bp: np.ndarray, minimum: bool) -> None:
    """Smart's value weight, ``short`` and ``own`` where the bot spec left them
    to the rules (see VALUE_BY_RULES, UNDER_MINIMUM)."""
    for idx, (usual, under) in UNDER_MINIMUM.items():
        unset = bp[:, idx] == VALUE_BY_RULES
        bp[unset, idx] = under if minimum else usual


def reads_tables(text: str | list[str] | None, players: int) -> bool:
    """Whether a seat's bot reads the tables learned for the rules."""
    kinds = parse_bots(text, players)[0][:, BL.BP_KIND]
    return any(bot.learned and (kinds == bot.kind).any() for bot in BOTS.values())
