"""An independent scorer of one won hand of MIL 温州麻将 2024, written from the rule text.

The rule text is 《温州麻将（试点）竞赛规则（试行 2024 版）》 (MIL; a copy ships with
xelnagamiao/open_mahjong_unity, open_mahjong_web/client/public/rulebooks/mil/).  Each rule
below cites its clause, e.g. [四.1].  It was written without reading ruian_sim's engine: it
is slow and plain on purpose (every assignment of the wilds is tried), so that a reader can
check it against the text line by line, and the engine against it.

Tiles are 0..33 in the project's notation: 1m..9m 0-8, 1p..9p 9-17, 1s..9s 18-26,
1z..7z 27-33 (5z = 白板 = 31).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations_with_replacement

KINDS = 34
WHITE = 31
SUITS = "mpsz"
MELD_KINDS = ("pon", "chi", "kong", "ckong", "akong")   # kong exposed (点杠), ckong 暗杠, akong 加杠


def parse(text: str) -> list[int]:
    """'123m5z' -> tile indices, in the order written."""
    tiles, digits = [], []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUITS:
            s = SUITS.index(ch)
            for d in digits:
                if not (1 <= d <= (7 if s == 3 else 9)):
                    raise ValueError(f"no tile {d}{ch}")
                tiles.append(s * 9 + d - 1)
            digits = []
        else:
            raise ValueError(f"bad tile character {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"digits without a suit in {text!r}")
    return tiles


def name(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def fmt(tiles) -> str:
    """Tiles in notation, sorted and grouped by suit: [0, 1, 31] -> '12m5z'."""
    out = ""
    for s in range(4):
        ds = "".join(str(t % 9 + 1) for t in sorted(tiles) if t // 9 == s)
        out += ds + SUITS[s] if ds else ""
    return out


@dataclass(frozen=True)
class Meld:
    kind: str                 # one of MELD_KINDS
    tiles: tuple[int, ...]    # the physical tiles (a 白板 stays 31 here)

    def __str__(self):
        return f"{self.kind} {fmt(self.tiles)}"


@dataclass(frozen=True)
class Hand:
    concealed: tuple[int, ...]          # the winner's concealed tiles, the winning tile included
    melds: tuple[Meld, ...]
    win_tile: int
    self_draw: bool
    caishen: int                        # the 财神's kind
    winner: int = 1                     # seats 0..3
    discarder: int | None = None        # None on a self-draw
    dealer: int = 0
    repeats: int = 0                    # 连庄 count: 0 on the dealer's first hand [四.5]
    held: tuple[int, int, int, int] = (0, 0, 0, 0)   # 财神 held by each seat; the winner's is read from the hand


@dataclass(frozen=True)
class Profile:
    """The rules the reference scores by: MIL 2024 by default.  Another profile names, field by
    field, where a rule set knowingly differs (see test_wenzhou_reference.KNOWN_DIFFERENCES)."""
    name: str = "MIL 2024"
    # [五.4 ④-⑦] 庄家 0/1/2/3 连庄: 2/4/6/8 倍; [四.5] after 连庄 three times the deal is re-drawn,
    # so a count above 3 does not occur in play and is read as 3
    dealer_factors: tuple[int, ...] = (2, 4, 6, 8)
    other_factor: int = 1
    self_draw_hard: bool = True          # [五.4 ②] 自摸和牌 is 硬和
    self_drawn_pairs_double: bool = True  # [五.4 ③] 八对自摸 is 双番
    all_pungs_times: int = 0             # MIL has no 碰碰胡 (the seven 番种 of [五.4]); 0 = none
    fifth_copy: bool = True              # [一] 财神可当任意一种牌使用: no cap on copies
    caishen_money: bool = True           # [五.3]
    kong_points: tuple[tuple[str, int], ...] = (("kong", 1), ("ckong", 2), ("akong", 0))  # [五.1]
    # [五.2 5)] 庄家收取及支出分数时，根据连庄次数翻倍: whatever the dealer collects or pays; only
    # 财神 money is said to be 不含倍数 [五.3], so kong money takes the factor (as the implementation)
    kong_dealer_factor: bool = True
    # [五.1] 有人开杠时，开杠者收取分数: paid when the kong is made, so not part of the win's money,
    # and kept when nobody wins; False: paid with the win, only when someone wins
    kongs_at_once: bool = True
    discard_caishen_win: bool = True     # the text forbids no 财神 discard, so one can be won on


MIL = Profile()


@dataclass
class Result:
    win: bool
    shapes: frozenset = frozenset()      # of 'standard', 'eight_pairs', 'three_wilds', 'all_pungs'
    natural: frozenset = frozenset()     # the shapes that hold with every 财神 as its own kind
    multiplier: int = 0                  # 1 软和, 2 硬和, 4 双番 (or a profile's all-pungs times)
    shape: str = ""                      # the category that set the multiplier
    win_money: list = field(default_factory=lambda: [0] * 4)
    caishen_money: list = field(default_factory=lambda: [0] * 4)
    kong_money: list = field(default_factory=lambda: [0] * 4)
    refused: str = ""                    # why the input is not a hand of the game at all

    @property
    def total(self):
        return [a + b + c for a, b, c in zip(self.win_money, self.caishen_money, self.kong_money)]


def natural_kind(t: int, caishen: int) -> int:
    """[一] 当白板不为财神牌时，视作当副财神牌本身的牌使用: a 白板 is the 财神's kind, fixed."""
    return caishen if t == WHITE and caishen != WHITE else t


def meld_logical(m: Meld, caishen: int) -> list[int]:
    return sorted(natural_kind(t, caishen) for t in m.tiles)


def check_input(h: Hand) -> str:
    """Why ``h`` cannot be a hand of the game, or ''."""
    if len(h.concealed) + 3 * len(h.melds) != 17:
        return "a won hand is 17 tiles, each meld counting 3 [二]"
    if h.win_tile not in h.concealed:
        return "the winning tile is not in the hand"
    every = list(h.concealed) + [t for m in h.melds for t in m.tiles]
    for k in range(KINDS):
        # [一] 136 tiles, 4 of a kind; [二] the turned 财神 stays in the wall, so 3 live copies
        if every.count(k) > (3 if k == h.caishen else 4):
            return f"{every.count(k)} x {name(k)}"
    for m in h.melds:
        if h.caishen in m.tiles:
            return "a 财神 in a meld (the online rules: 财神 never chi/pon/kong)"
        lg = meld_logical(m, h.caishen)
        n = 4 if m.kind in ("kong", "ckong", "akong") else 3
        if m.kind not in MELD_KINDS or len(lg) != n:
            return f"bad meld {m}"
        if m.kind == "chi":
            if lg[0] >= 27 or lg[0] // 9 != lg[2] // 9 or lg != [lg[0], lg[0] + 1, lg[0] + 2]:
                return f"bad chi {m}"   # [三.2] 顺子: three in a row of one suit
        elif len(set(lg)) != 1:
            return f"bad {m.kind} {m}"
    if sum(h.held) > 3 or min(h.held) < 0:
        return "more than 3 财神 held"
    return ""


@lru_cache(maxsize=1 << 20)
def groups_and_pair(counts: tuple, groups: int, pair: int) -> bool:
    """Can ``counts`` be exactly ``groups`` 顺子/刻子 and ``pair`` pairs (0 or 1)?  [四.1]"""
    i = next((k for k in range(KINDS) if counts[k]), None)
    if i is None:
        return groups == 0 and pair == 0
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if groups_and_pair(tuple(c), groups, 0):
            return True
        c[i] += 2
    if groups and c[i] >= 3:
        c[i] -= 3
        if groups_and_pair(tuple(c), groups - 1, pair):
            return True
        c[i] += 3
    if groups and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if groups_and_pair(tuple(c), groups - 1, pair):
            return True
    return False


@lru_cache(maxsize=1 << 20)
def pungs_and_pair(counts: tuple, groups: int) -> bool:
    """Only 刻子 and one pair (for a profile that scores 碰碰胡)."""
    for p in range(KINDS):
        if counts[p] >= 2:
            rest = [c - (2 if k == p else 0) for k, c in enumerate(counts)]
            if all(c % 3 == 0 for c in rest) and sum(rest) == 3 * groups:
                return True
    return False


def _fits(counts, h: Hand, pungs: bool):
    """The shapes ``counts`` (the concealed tiles' kinds, wilds already assigned) make."""
    need = 5 - len(h.melds)
    out = set()
    if groups_and_pair(counts, need, 1):
        out.add("standard")
        if pungs and all(m.kind != "chi" for m in h.melds) and pungs_and_pair(counts, need):
            out.add("all_pungs")
    # [四.1] 八对和牌型为八组对子+单张，未开杠的四张相同的牌可视为两组对子: all 17 tiles concealed
    if not h.melds and sum(c // 2 for c in counts) == 8:
        out.add("eight_pairs")
    return out


def _assignments(h: Hand, fifth_copy: bool, base: list, wilds: int):
    """Every way to read the ``wilds`` 财神 as kinds (each multiset of kinds once)."""
    shown = list(base)
    for m in h.melds:
        for t in meld_logical(m, h.caishen):
            shown[t] += 1
    for kinds in combinations_with_replacement(range(KINDS), wilds):
        # a profile without fifth_copy: a wild may not stand for a fifth copy of another kind
        # (standing for its own kind is no substitution, so never capped)
        if not fifth_copy and any(k != h.caishen and shown[k] + kinds.count(k) > 4 for k in kinds):
            continue
        c = list(base)
        for k in kinds:
            c[k] += 1
        yield tuple(c)


def shapes_of(h: Hand, profile: Profile = MIL):
    """(shapes, natural shapes) of the 17 tiles under ``profile``."""
    return _shapes(h, profile.fifth_copy, profile.all_pungs_times > 0)


@lru_cache(maxsize=100_000)
def _shapes(h: Hand, fifth_copy: bool, pungs: bool):
    base = [0] * KINDS
    wilds = 0
    for t in h.concealed:
        if t == h.caishen:
            wilds += 1
        else:
            base[natural_kind(t, h.caishen)] += 1
    # the shapes there are to find: once all are found, other assignments add nothing
    possible = {"standard"} | ({"eight_pairs"} if not h.melds else set())
    if pungs and all(m.kind != "chi" for m in h.melds):
        possible.add("all_pungs")
    shapes = set()
    for counts in _assignments(h, fifth_copy, base, wilds):
        shapes |= _fits(counts, h, pungs)
        if shapes >= possible:
            break
    own = list(base)
    own[h.caishen] += wilds
    # [五.4 ②] 若手中财神都作为其本身牌张使用视为无财神
    natural = _fits(tuple(own), h, pungs)
    if wilds >= 3:
        shapes.add("three_wilds")        # [四.1] 特殊和牌型为手牌中有三张财神牌
    return frozenset(shapes), frozenset(natural)


def multiplier_of(shapes, natural, self_draw: bool, wilds: int, profile: Profile = MIL):
    """(multiplier, category): the highest of the 番种 of [五.4] that hold; they do not add."""
    cands = []
    self_hard = self_draw and profile.self_draw_hard
    if "standard" in shapes:
        # ① 软和 1: 带财神的无其他番种和牌; ② 硬和 2: 自摸, 手中无财神 (or every 财神 as itself)
        cands.append((2 if (self_hard or "standard" in natural) else 1, 0, "standard"))
    if "eight_pairs" in shapes:
        # ③ 双番 4: 无财神八对, 八对自摸; an eight pairs with a 财神 on a discard is only 软和
        double = "eight_pairs" in natural or (self_draw and profile.self_drawn_pairs_double)
        cands.append((4 if double else (2 if self_hard else 1), 1, "eight_pairs"))
    if "all_pungs" in shapes:
        cands.append((profile.all_pungs_times, 2, "all_pungs"))
    if wilds >= 3:
        # ② 三财神非和牌型和牌 2; ③ 三财神和牌型和牌 4
        ordinary = bool(shapes & {"standard", "eight_pairs"})
        cands.append((4 if ordinary else 2, 3, "three_wilds"))
    if not cands:
        return 0, ""
    m, _, shape = max(cands)
    return m, shape


def dealer_factor(repeats: int, profile: Profile = MIL) -> int:
    return profile.dealer_factors[min(repeats, len(profile.dealer_factors) - 1)]


def collect(receiver: int, amount: int, h: Hand, profile: Profile, factor: bool = True) -> list:
    """``receiver`` collects ``amount`` from each other seat; with ``factor``, × the dealer factor
    where the dealer is one of the two [五.2 5)] and × other_factor between two others."""
    out = [0] * 4
    d = dealer_factor(h.repeats, profile)
    for p in range(4):
        if p == receiver:
            continue
        if not factor:
            x = amount
        elif h.dealer in (p, receiver):
            x = amount * d
        else:
            x = amount * profile.other_factor
        out[p] -= x
        out[receiver] += x
    return out


def score(h: Hand, profile: Profile = MIL) -> Result:
    """The win decision, shapes, multiplier and the four seats' money of one hand."""
    why = check_input(h)
    if not why and not h.self_draw and h.win_tile == h.caishen and not profile.discard_caishen_win:
        why = "no win on a discarded 财神 under this profile"
    if why:
        return Result(win=False, refused=why)
    shapes, natural = shapes_of(h, profile)
    wilds = h.concealed.count(h.caishen)
    m, shape = multiplier_of(shapes, natural, h.self_draw, wilds, profile)
    r = Result(win=m > 0, shapes=shapes, natural=natural, multiplier=m, shape=shape)
    if not r.win:
        return r
    # [五.2] 和牌者向每人收取: the three others pay, a discard win as a self-draw
    r.win_money = collect(h.winner, m, h, profile)
    if profile.caishen_money:
        # [五.3] 选手得分 = 拥有财神数量 × 3 − 他人财神数量总个数，不含倍数
        held = list(h.held)
        held[h.winner] = wilds
        r.caishen_money = [3 * held[i] - (sum(held) - held[i]) for i in range(4)]
    r.kong_money = kong_money([(h.winner, m.kind) for m in h.melds], h, profile)
    return r


def kong_money(kongs, h: Hand, profile: Profile = MIL) -> list:
    """[五.1] 有人开杠时，开杠者收取分数: 点杠 1 / 暗杠 2 from each other seat; 加杠 is not
    listed, so 0.  ``kongs`` is [(seat, kind)]; paid when made, so on a draw too."""
    out = [0] * 4
    points = dict(profile.kong_points)
    for seat, kind in kongs:
        if points.get(kind, 0):
            k = collect(seat, points[kind], h, profile, factor=profile.kong_dealer_factor)
            out = [a + b for a, b in zip(out, k)]
    return out


def with_profile(profile: Profile, **changes) -> Profile:
    return replace(profile, **changes)
