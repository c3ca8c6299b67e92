"""Scoring one hand written as tiles: what `ruian-sim hand --win ...` prints.

The hand is valued by the engine's own kernels on a one-seat table
(engine/single.py): the same facts, every reading (scoring/arrange.py), the
table's items, formula and gate; the reading worth most that the gate lets
win is kept, as at the table.

    >>> score_hand(load("ruian", ["taiwanese"]), "123456789m11122z", ["pon 555p"], "self")
"""

from __future__ import annotations

from dataclasses import replace

from .. import tiles as T
from ..bots.smart.danger import default_tables
from ..engine.game import build_game
from ..engine.single import SeatTable, Situation
from ..errors import UserError
from ..hand.evaluate import HandEvaluator, Meld
from ..hand.layout import HS_STANDIN
from ..ruleset import RuleSet
from ..scoring import arrange as A
from ..scoring import kernels as K
from ..scoring import layout as S
from ..scoring.compile import rules_table
from ..scoring.facts import FACTS
from ..table import layout as EL
from .payments import hands

WINS = {
    "self": EL.FACT_SELF_DRAWN,
    "discard": EL.FACT_DISCARD,
    "kong": EL.FACT_SELF_DRAWN | EL.FACT_KONG_DRAW,
    "robbed": EL.FACT_DISCARD | EL.FACT_ROBBED,
    "haidi": EL.FACT_SELF_DRAWN | EL.FACT_HAIDI,
    "ready": EL.FACT_READY_DRAW,   # not a win: ready at an exhaustive draw, valued on this tile (查叫)
    "gold": EL.FACT_SELF_DRAWN | EL.FACT_ROB_GOLD,   # 抢金: the turned tile taken as a wild
    "none": 0,
}
def route_self(win: str) -> bool:
    return bool(WINS.get(win, 0) & EL.FACT_SELF_DRAWN)


MELD_WORDS = {"chi": (A.KIND_CHI, "chi"), "pon": (A.KIND_PUNG, "pon"), "pung": (A.KIND_PUNG, "pon"),
              "kong": (A.KIND_KONG_EXPOSED, "kong"), "akong": (A.KIND_KONG_ADDED, "kong"),
              "ckong": (A.KIND_KONG_CONCEALED, "kong")}
MELD_NOTATION = ("melds as 'pon 555p', 'chi 123s', 'kong 7777z' (exposed), 'akong 2222m' (added to a "
                 "pon), 'ckong 1111m' (concealed), separated by commas")


def parse_melds(melds, ev: HandEvaluator | None = None, wild: int | None = None) -> list[tuple[int, Meld]]:
    """'pon 555p, chi 123s' or a list of such strings -> [(meld kind code, Meld)].
    With the rules' evaluator and the wild, 白板 standing in for the wild's kind
    may be written as itself (``chi 4m5z6m`` when 5m is the wild)."""
    if isinstance(melds, str):
        melds = [m for m in melds.split(",") if m.strip()]
    stand_in = ev._stand_in_face(wild) if ev is not None else None
    si = int(ev.hs[HS_STANDIN]) if stand_in is not None else -1
    out = []
    for text in melds:
        words = text.split()
        if len(words) != 2 or words[0] not in MELD_WORDS:
            raise UserError(f"--melds: {text.strip()!r} is not a meld; write {MELD_NOTATION}")
        code, kind = MELD_WORDS[words[0]]
        try:
            raw = T.parse(words[1])
        except T.TileError as exc:
            raise UserError(f"--melds: {exc}") from None
        kinds = sorted(stand_in if k == si else k for k in raw)
        want = 3 if kind in ("chi", "pon") else 4
        ok = len(kinds) == want and (
            len(set(kinds)) == 1 if kind != "chi"
            else T.is_suited(kinds[0]) and T.rank_of(kinds[0]) <= 7 and kinds == [kinds[0], kinds[0] + 1,
                                                                                  kinds[0] + 2])
        if not ok:
            raise UserError(f"--melds: {text.strip()!r}: a {words[0]} is "
                            + ("three tiles in a row of one suit" if kind == "chi" else
                               f"{want} tiles of one kind"))
        uses = si >= 0 and si in raw
        out.append((code, Meld(kind, kinds[0], tuple(sorted(raw, key=lambda k: stand_in if k == si else k))
                               if uses else ())))
    return out


class HandScorer:
    """Scores hands under one RuleSet: the evaluator, the engine's one-seat
    table and the scoring table are set up once."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.ev = HandEvaluator(rules)
        game = build_game(rules, default_tables(), False)   # no bot plays here
        self.spec = game.spec
        self.seat_table = SeatTable(game)
        self.table = rules_table(rules)

    def hand_of(self, fv, parts) -> int:
        """The seat's own hand value: the table's ``hand`` formula (settle.hands),
        or its value against a non-dealer when the table has none."""
        return int(hands(fv[None, None, :], parts[None, None, :S.OUT_W], self.rules)[0, 0])

    def contributions(self, fv, parts) -> dict:
        """Each applied item's contribution: points or 台 added, or the factor."""
        tab = self.table.tab
        _, counts = K.reading_parts(fv, tab)
        out = {}
        for i, name in enumerate(self.table.item_names):
            if not (int(parts[S.OUT_ITEMS + i // S.ITEM_BITS]) >> (i % S.ITEM_BITS)) & 1:
                continue
            row = int(tab[S.T_ITEMS]) + i * S.ITEM_W
            amount = int(tab[row + S.IT_AMOUNT])
            out[name] = amount ** int(counts[i]) if tab[row + S.IT_PART] == S.PART_TIMES else amount * int(counts[i])
        return out

    def _situation(self, win, seat, round, flowers, streak, first, chain, last, wild, after_kong=False):
        rules = self.rules
        n = rules.table.seats
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise UserError(f"--seat: {seat!r}; a seat wind from 0 (East, the dealer) to {n - 1}")
        if not isinstance(round, int) or not 0 <= round:
            raise UserError(f"--round: {round!r}; a round wind from 0 (East)")
        bound = FACTS["streak"].bound
        if not isinstance(streak, int) or not 1 <= streak <= bound:
            raise UserError(f"--streak: {streak!r}; the dealer's term, from 1 (its first) to {bound:,}")
        if win == "gold" and not rules.wild.rob:
            raise UserError("--win gold: these rules have no 抢金 (wild.rob is false)")
        if win == "gold" and seat == 0:
            raise UserError("--win gold: the dealer does not rob the turned wild (it has its 天胡); "
                            "抢金 is a non-dealer's (--seat 1 or more)")
        if win == "haidi" and rules.wall.haidi_tiles == 0:
            raise UserError("--win haidi: these rules have no 海底 round (wall.haidi_tiles is 0); "
                            "a win on the last tile is --win self --last")
        if last and win not in ("self", "kong", "haidi", "discard"):
            raise UserError(f"--last: a win on the last tile is self-drawn (self, kong, haidi) or on the "
                            f"last discard (discard), not {win!r}")
        route = WINS[win]
        if after_kong and win != "discard":
            raise UserError(f"--after-kong: 杠上炮 is a win on a discard made right after the discarder's kong "
                            f"(--win discard), not {win!r}")
        if after_kong:
            route |= EL.FACT_KONG_DISCARD
        if last:
            route |= EL.FACT_LAST_DISCARD if win == "discard" else EL.FACT_LAST_TILE
        kongs, piao = _chain(chain)
        if win == "kong":
            kongs = max(kongs, 1)   # a win on a kong's replacement: its kong is in the chain, as in play
        if kongs < 0 or piao < 0 or kongs > S.N_MELDS:
            raise UserError(f"--chain: {kongs} kongs and {piao} wild discards; "
                            f"from 0 to {S.N_MELDS} kongs, 0 or more discards")
        bits, aside = self._flowers(flowers, wild)
        return Situation(route=route, seat_wind=seat, round_wind=round % 4, streak=streak, flower_bits=bits,
                         aside=aside, kong_chain=kongs, wild_chain=piao, first=bool(first))

    def _shown(self, shown, win, win_tile, kinds, melds, wild=None) -> int:
        """--shown: copies of the winning tile's kind everyone saw before the win
        (discards and exposed melds, this seat's own among them); None: just
        what its own exposed melds show.  At least those, at most the copies
        its own hand and concealed kongs leave."""
        own = 0
        if win_tile is not None:
            own = sum(m.tiles().count(win_tile) for code, m in melds if code != S.MELD_KONG_CONCEALED)
        if shown is None:
            return own if win_tile is not None and win not in ("none", "gold") and win_tile != wild else 0
        if not isinstance(shown, int) or isinstance(shown, bool) or shown < 0:
            raise UserError(f"--shown: {shown!r}; how many copies of the winning tile were seen, 0 or more")
        if shown == 0 and own == 0:
            return 0
        if win_tile is None or win in ("none", "gold"):
            raise UserError("--shown: the copies seen of the winning tile; this hand has none")
        if wild is not None and win_tile == wild and self.ev.live:
            raise UserError("--shown: the winning tile is a wild, which stands for no kind of its own to count")
        if shown < own:
            raise UserError(f"--shown {shown}: this seat's own exposed melds show {own} × {T.name(win_tile)}, "
                            f"so at least {own} were seen")
        held = kinds.count(win_tile)
        # a hand valued at the draw (查叫) on a tile it waits for may wait on one all of whose copies are seen
        left = self.rules.tiles.copies - (held if win != "ready" else held - 1)
        if shown > left:
            raise UserError(f"--shown {shown}: the hand holds {held} × {T.name(win_tile)} with the winning tile; "
                            f"at most {left} other copies can have been seen")
        return shown

    def _flowers(self, flowers: str, wild: int | None) -> tuple[int, int]:
        """(flower bits, other tiles laid aside) of a --flowers string; a kind
        laid aside is not while it is the wild, and the rules' stand-in kind
        (tiles.aside_if_wild) is laid aside in its place."""
        if not flowers:
            return 0, 0
        try:
            kinds = T.parse(flowers)
        except T.TileError as exc:
            raise UserError(f"--flowers: {exc}") from None
        aside_kinds = self.ev.aside_kinds(wild)
        bits, aside = 0, 0
        per_kind: dict[int, int] = {}
        for k in kinds:
            if T.is_flower(k):
                if k - T.FLOWER_BASE >= self.rules.tiles.flowers:
                    raise UserError(f"--flowers: {T.name(k)}: these rules ({self.rules.name}) have "
                                    f"{self.rules.tiles.flowers} flowers")
                if bits >> (k - T.FLOWER_BASE) & 1:
                    raise UserError(f"--flowers: {T.name(k)} twice; each flower is one tile")
                bits |= 1 << (k - T.FLOWER_BASE)
            elif k in aside_kinds:
                aside += 1
                per_kind[k] = per_kind.get(k, 0) + 1
                if per_kind[k] > self.rules.tiles.copies:
                    raise UserError(f"--flowers: more than {self.rules.tiles.copies} × {T.name(k)} laid aside")
            else:
                raise UserError(f"--flowers: {T.name(k)} is not laid aside under these rules "
                                f"(flowers{', ' + ', '.join(map(T.name, sorted(aside_kinds))) if aside_kinds else ''})")
        return bits, aside

    def _check_play_holds(self, win, win_tile, kinds, melds, wild, first, chain) -> None:
        """What no play reaches: 天胡/地胡 after a claim, a win holding three
        suits under 定缺, a win on a kong's replacement with no kong, a win on
        a discarded wild where none is discarded or none is taken, a robbed kong's tile held
        twice, more wilds held and thrown in the chain than are in play."""
        if first and any(code != S.MELD_KONG_CONCEALED for code, _ in melds):
            raise UserError("--first: 天胡 and 地胡 are won with nothing claimed; only a concealed kong "
                            "(ckong) may be set aside")
        if self.rules.void_suit.declare and win not in ("none", "ready"):
            suits = {T.letter_of(k) for k in kinds if T.is_suited(k)}
            suits |= {T.letter_of(m.tile) for _, m in melds if T.is_suited(m.tile)}
            if len(suits) > 2:
                raise UserError("a win under 定缺 (void_suit.declare) holds no tile of the suit its seat "
                                "named void, so at most two suits; this hand holds three")
        kongs = (S.MELD_KONG_EXPOSED, S.MELD_KONG_ADDED, S.MELD_KONG_CONCEALED)
        if win == "kong" and not any(code in kongs for code, _ in melds):
            raise UserError("--win kong: a win on a kong's replacement tile; the kong is among --melds "
                            "(kong, akong or ckong)")
        if win == "discard" and wild is not None and win_tile == wild and not self.rules.wild.discard:
            raise UserError(f"--tile {T.name(wild)}: the wild is never discarded under these rules "
                            f"(wild.discard is false), so no win is on one")
        if win == "discard" and wild is not None and win_tile == wild and not self.rules.wild.claim:
            raise UserError(f"--tile {T.name(wild)}: a discarded wild is passed over under these rules "
                            f"(wild.claim is false), so no win is on one")
        if win == "robbed" and win_tile is not None and kinds.count(win_tile) > 1:
            raise UserError(f"--win robbed: the kong robbed holds the other copies of {T.name(win_tile)}, "
                            f"so the hand holds it once")
        _, piao = _chain(chain)
        if wild is not None and piao > 0 and kinds.count(wild) + piao > self.ev.live:
            raise UserError(f"--piao {piao}: with {kinds.count(wild)} wilds held that is more than the "
                            f"{self.ev.live} wild tiles in play")

    def score(self, hand: str, melds=(), win: str = "self", tile: str = "", seat: int = 0,
              round: int = 0, flowers: str = "", *, wild=None, streak: int = 1, first: bool = False,
              chain=None, discarder=None, last: bool = False, after_kong: bool = False, shown: int | None = None) -> dict:
        """One seat's hand: {win, value, hand, points, tai, times, items, reading, _fv}.
        ``chain``: the unbroken chain of kongs and wild discards (飘) that ended
        in this win, ``{kongs: K, piao: P}`` or a count (all kongs); ``last``:
        won on the last tile (self-drawn) or the last discard; ``first``: in
        the first go-around (天胡 for the dealer's self-draw, 地胡 otherwise);
        ``after_kong``: a discard won right after the discarder's kong (杠上炮);
        ``win="ready"``: not won, ready at an exhaustive draw and valued as
        won on ``tile`` (查叫); ``discarder`` is for settle() and changes
        nothing here."""
        if win not in WINS:
            raise UserError(f"--win: {win!r}; one of {', '.join(WINS)}")
        if isinstance(wild, str):
            wild = None if wild.lower() == "none" else T.parse_one(wild)
        ms = parse_melds(melds, self.ev, wild)
        kinds = self.ev.parse_hand(hand, wild)
        full = self.rules.deal.hand_size + 1 - 3 * len(ms)
        try:
            win_tile = T.parse_one(tile) if tile else None
        except T.TileError as exc:
            raise UserError(f"--tile: {exc}") from None
        if win != "none":
            if len(kinds) == full - 1:
                if win_tile is None:
                    raise UserError(f"the hand has {len(kinds)} tiles: give the winning tile (--tile)")
                kinds = kinds + [win_tile]
                kinds = self.ev.parse_hand(kinds, wild)   # the tile may be one copy too many
            elif len(kinds) == full:
                if win_tile is not None and win_tile not in kinds:
                    raise UserError(f"--tile {T.name(win_tile)} is not in the hand; the winning tile is one of "
                                    f"its {full} tiles (or give {full - 1} tiles and the winning one with --tile)")
                if win_tile is None and not (first and seat == 0 and route_self(win)):
                    win_tile = T.parse(hand)[-1]
                # else 天胡: the dealer's dealt hand has no winning tile (no wait), as in play
            else:
                raise UserError(f"the hand has {len(kinds)} tiles; a win needs {full} "
                                f"(or {full - 1} and --tile) beside {len(ms)} melds")
        elif win_tile is not None:
            raise UserError("--tile: a hand scored with --win none has no winning tile")
        if win == "gold" and (wild is None or win_tile != wild):
            raise UserError("--win gold: 抢金 wins on the turned tile, the wild: give it as --tile "
                            f"({T.name(wild) if wild is not None else 'these rules have no wild'})")
        meld_objs = tuple(m for _, m in ms)
        self.ev.check_melds(meld_objs, kinds, wild)
        self._check_play_holds(win, win_tile, kinds, ms, wild, first, chain)
        sit = self._situation(win, seat, round, flowers, streak, first, chain, last, wild, after_kong)
        sit = replace(sit, shown=self._shown(shown, win, win_tile, kinds, ms, wild))
        face_melds = [(c, self.ev.meld_faces(m, wild)[0]) for c, m in ms]
        wk = -1 if wild is None or self.ev.live == 0 else wild
        if win == "none":
            fv, parts = self.seat_table.loser(kinds, wk, face_melds, sit)
            passed = 1
        else:
            shapes, _, _, passed, fv, parts = self.seat_table.win(kinds, win_tile, wk, face_melds, sit)
            if not shapes:
                return {"win": False, "reason": "the hand is not complete", "value": 0, "hand": 0, "points": 0,
                        "tai": 0, "times": 1, "items": {}}
        out = {"win": win != "none", "value": int(parts[S.OUT_W]), "hand": self.hand_of(fv, parts),
               "points": int(parts[S.OUT_POINTS]),
               "tai": int(parts[S.OUT_TAI]), "times": int(parts[S.OUT_TIMES]),
               "items": self.contributions(fv, parts),
               "reading": describe(fv)}
        if passed == 0:
            out["win"] = False
            out["reason"] = ("the rules' gate refuses this win" if self.rules.scoring.get("gate") is not None
                             else "every reading puts more wilds in a pung than wild.max_in_pung lets")
        out["_fv"] = fv
        out["_cols"] = {**self.seat_table.hand_columns(), "items": int(parts[S.OUT_ITEMS]),
                        "items2": int(parts[S.OUT_ITEMS2]), "win_tile": int(fv[S.FV_WIN_FACE]),
                        "shown": int(fv[S.FV_SHOWN])}
        return out


def describe(fv) -> dict:
    """The reading in words: melds as written in --melds, the pair, the wait."""
    melds = []
    for code in fv[S.FV_MELD:S.FV_MELD + S.N_MELDS]:
        code = int(code)
        if not code:
            continue
        kind, face = code % 8, (code // S.MELD_FACE) % 64
        word = {S.MELD_CHI: "chi", S.MELD_PUNG: "pon", S.MELD_KONG_EXPOSED: "kong",
                S.MELD_KONG_ADDED: "akong", S.MELD_KONG_CONCEALED: "ckong", S.MELD_KNITTED: "knitted",
                S.MELD_PAIR: "pair"}[kind]
        tiles = ([face, face + 1, face + 2] if kind == S.MELD_CHI else [face, face + 3, face + 6]
                 if kind == S.MELD_KNITTED else [face] * (2 if kind == S.MELD_PAIR else 3 if kind == S.MELD_PUNG
                                                          else 4))
        text = f"{word} {T.format_kinds(tiles)}"
        if kind <= S.MELD_PUNG and (code // S.MELD_CONCEALED) % 2:
            text += " (concealed)"
        if code // S.MELD_WILDS:
            text += f" ({code // S.MELD_WILDS} wild)"
        melds.append(text)
    pair = int(fv[S.FV_PAIR])
    out = {"melds": melds}
    if pair:
        face, wilds = (pair - 1) % S.PAIR_WILDS, (pair - 1) // S.PAIR_WILDS
        out["pair"] = T.format_kinds([face] * 2) + (f" ({wilds} wild)" if wilds else "")
    out["wait"] = S.WAIT_NAMES[int(fv[S.FV_WAIT])]
    return out


def _chain(chain) -> tuple[int, int]:
    """(kongs, wild discards) of a chain given as {kongs, piao}, a count of kongs, or None."""
    if chain is None:
        return 0, 0
    if isinstance(chain, dict):
        unknown = set(chain) - {"kongs", "piao"}
        if unknown:
            raise UserError(f"chain: unknown key {sorted(unknown)[0]!r}; a chain is {{kongs: K, piao: P}}")
        return int(chain.get("kongs", 0)), int(chain.get("piao", 0))
    return int(chain), 0


_SCORERS: dict = {}


def scorer(rules: RuleSet) -> HandScorer:
    """The HandScorer of a rule set, built once (compiling the rules and
    setting up the one-seat table take a second; scoring a hand microseconds)."""
    if rules not in _SCORERS:
        if len(_SCORERS) >= 8:
            _SCORERS.pop(next(iter(_SCORERS)))
        _SCORERS[rules] = HandScorer(rules)
    return _SCORERS[rules]


def score_hand(rules: RuleSet, hand, melds=(), win="self", tile="", seat=0, round=0, flowers="", **context):
    """One seat's hand under ``rules``: {win, value, hand, points, tai, times, items, reading}.
    ``seat`` is the seat wind (0: the dealer); ``win="none"`` values a loser's hand.
    Keyword context: ``wild``, ``streak``, ``first``, ``chain``, ``discarder``.
    The seat's fact vector stays in the result as ``fv`` (a numpy array) for settle()."""
    out = scorer(rules).score(hand, melds, win, tile, seat, round, flowers, **context)
    for key in ("fv", "cols"):   # what settle() and hand_record() build the record from
        if f"_{key}" in out:
            out[key] = out.pop(f"_{key}")
    return out
