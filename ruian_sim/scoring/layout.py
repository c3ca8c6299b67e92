"""Array layouts of the scoring language (docs/scoring-language.md), plain ints.

The engine's kernels and the scorer read the same numbers, so every index
here is a module-level int that numba folds into the code.

The fact vector (int64[FV_SIZE]) describes one seat's arrangement at the end
of a hand; the compiled table (int64[], built by scoring/compile.py) and the
formula program (int64[2*n], scoring/formula.py) are read against it.
"""

from ..fields import Fields

# ---- how a hand was won, as bits of FV_FACTS (the engine sets them) ------
FACT_SELF_DRAWN = 1
FACT_DISCARD = 2
FACT_HAIDI = 4
FACT_ROBBED = 8
FACT_KONG_DRAW = 16
FACT_HEAVENLY = 32
FACT_EARTHLY = 64
FACT_ONE_SUIT = 128
FACT_HALF_SUIT = 256
FACT_ALL_MELDED = 512
FACT_SINGLE_WAIT = 1024
FACT_WAITS_ANY = 2048  # before the winning tile, every tile that could come would have won (爆头)
FACT_ALL_HONORS = 4096     # 字一色: honors only (wilds aside)
FACT_LAST_TILE = 8192      # 海底撈月: self-drawn on the last tile anyone could draw
FACT_LAST_DISCARD = 16384  # 河底撈魚: won on a discard after which no tile is left to draw
FACT_KONG_DISCARD = 32768  # 杠上炮: won on a discard its discarder made right after a kong's replacement
FACT_READY_DRAW = 65536    # 查叫: not won; a ready hand at an exhaustive draw, valued on its best tile
FACT_ALL_SET_ASIDE = 131072  # every meld set aside before the win, the hand down to its pair (金钩钓), any route
FACT_ROB_GOLD = 262144     # 抢金: took the turned wild before the dealer's first discard and won (self-drawn too)
FACT_NAMES = ("self_drawn", "discard_win", "haidi", "robbed_kong", "kong_draw", "heavenly",
              "earthly", "one_suit", "half_suit", "all_melded", "single_wait", "waits_any",
              "all_honors", "last_tile", "last_discard", "kong_discard", "ready_at_draw", "all_set_aside",
              "robbed_gold")

# ---- the fact vector -------------------------------------------------------
N_MELDS = 5
_FV = Fields()
FV_SHAPES = _FV()       # shape bits (hand/layout SHAPE_*)
FV_HARD = _FV()         # hard shape bits
FV_FACTS = _FV()        # FACT_* bits (below)
FV_WILDS = _FV()        # wilds held
FV_STREAK = _FV()       # the dealer's term (1..)
FV_DEALER = _FV()       # this seat deals (0/1)
FV_KONGS = _FV()        # kongs declared
FV_FLOWER_BITS = _FV()  # bit i: flower kind i+1f laid aside
FV_ASIDE = _FV()        # non-flower tiles laid aside
FV_SEAT_WIND = _FV()    # (seat - dealer) mod seats, 0 = East
FV_ROUND_WIND = _FV()
FV_CONCEALED = _FV()    # no claimed meld (0/1)
FV_WAIT = _FV()         # WAIT_*
FV_PAIR = _FV()         # pair code, 1 + face + 64*wilds; 0 none
FV_WON = _FV()          # this seat won (0/1)
FV_MELD = _FV(N_MELDS)  # N_MELDS meld codes, kind + 8*concealed + 16*face + 1024*wilds; 0 empty
FV_QUADS = _FV()        # faces held four times, naturals (豪华七对)
FV_CHAIN = _FV()        # kongs and wild discards in the seat's chain ending in the win (杠开, 财飘)
FV_WHITES = _FV()       # wilds held + wilds discarded in that chain
FV_KONG_CHAIN = _FV()   # the kongs of that chain (杠开 on the first, 杠上杠 ...)
FV_WILD_CHAIN = _FV()   # the wild discards of that chain (财飘: 飘 once, twice ...)
FV_FOURS = _FV()        # faces held four times, melds and kongs included, naturals (根)
FV_SIZE = _FV.size

WAIT_NONE = 0
WAIT_TWO_SIDED = 1
WAIT_EDGE = 2
WAIT_CLOSED = 3
WAIT_SINGLE = 4
WAIT_PAIR = 5
WAIT_NAMES = ("none", "two_sided", "edge", "closed", "single", "pair")

MELD_CHI = 1
MELD_PUNG = 2
MELD_KONG_EXPOSED = 3
MELD_KONG_ADDED = 4
MELD_KONG_CONCEALED = 5
MELD_KIND_NAMES = ("", "chi", "pung", "kong_exposed", "kong_added", "kong_concealed")
MELD_CONCEALED = 8
MELD_FACE = 16       # face = (code // 16) % 64
MELD_WILDS = 1024
PAIR_WILDS = 64      # pair wilds = (code - 1) // 64

# tile classes of a meld's or pair's face, as bits (a filter names any of them)
CLASS_SIMPLE = 1
CLASS_TERMINAL = 2
CLASS_HONOR = 4
CLASS_WIND = 8
CLASS_DRAGON = 16
CLASS_SEAT_WIND = 32
CLASS_ROUND_WIND = 64
CLASS_WHITE_DRAGON = 128   # 5z 白板
CLASS_GREEN_DRAGON = 256   # 6z 发财
CLASS_RED_DRAGON = 512     # 7z 红中
HONOR_BASE = 27      # tiles.py: 1z (East) is face 27, 5z (White) 31

# ---- how a fact (or a `per` count) is read from the vector: (op, slot, arg) ----
OP_SLOT = 0          # fv[slot]
OP_BIT = 1           # (fv[slot] >> arg) & 1
OP_NONZERO = 2       # fv[slot] != 0
OP_POPCOUNT = 3      # bits set in fv[slot]
OP_OWN_FLOWERS = 4   # flower kinds k laid aside with k mod 4 == seat wind
OP_MELDS = 5         # melds matching filter row `arg`
OP_PAIR = 6          # the pair matches filter row `arg` (0/1)
OP_WAIT = 7          # (arg >> fv[FV_WAIT]) & 1: the wait is one of a mask
OP_MELD_KINDS = 8    # melds whose kind bit is in mask `arg`
OP_PAIR_WILDS = 9    # wilds standing in the pair
OP_ONE = 10          # 1 (an item with no `per`)
OP_POPMASK = 11      # bits set in fv[slot] & arg (flowers of a set: 1f-4f seasons, 5f-8f plants)

# ---- the compiled table, int64[]: a header, then rows ------------------------
T_N_ITEMS = 0
T_ITEMS = 1          # offset of the item rows
T_CONDS = 2          # offset of the condition rows
T_FILTERS = 3        # offset of the filter rows
T_N_FVARS = 4        # facts the formulas read, as (op, slot, arg) rows ...
T_FVARS = 5          # ... at this offset; they fill vars[N_FIXED_VARS + j]
T_HEADER = 8

PART_POINTS = 0
PART_TAI = 1
PART_TIMES = 2
PART_NAMES = ("points", "tai", "times")

IT_PART = 0          # PART_*
IT_AMOUNT = 1
IT_COND0 = 2         # index of its first condition row
IT_NCOND = 3
IT_PER_OP = 4        # the count the amount is taken by (OP_ONE: once)
IT_PER_SLOT = 5
IT_PER_ARG = 6
IT_EXCLUDES = 7      # bit mask of items this one drops
ITEM_W = 8
MAX_ITEMS = 62       # the items mask is an int64

C_OP = 0
C_SLOT = 1
C_ARG = 2
C_MIN = 3
C_MAX = 4
COND_W = 5

FL_KINDS = 0         # bit k: meld kind k matches (pairs ignore it)
FL_CONCEALED = 1     # -1 either, 0 claimed, 1 concealed
FL_CLASSES = 2       # CLASS_* mask; 0: any face
FL_WMIN = 3
FL_WMAX = 4
FILT_W = 5

FV_ROW_W = 3         # (op, slot, arg) of a formula fact

# out[] of item_parts
OUT_POINTS = 0
OUT_TAI = 1
OUT_TIMES = 2
OUT_ITEMS = 3
OUT_W = 4

BIG = 1 << 40        # "no upper bound" in a condition row

# ---- the formula's variables: fixed ones, then the facts it names -----------
VAR_POINTS = 0
VAR_TAI = 1
VAR_FAN = 2          # = tai
VAR_TIMES = 3
VAR_BASE = 4
VAR_STREAK = 5
VAR_DEALER_WINS = 6
VAR_DEALER_PAYS = 7
VAR_SELF_DRAWN = 8
FIXED_VARS = ("points", "tai", "fan", "times", "base", "streak", "dealer_wins", "dealer_pays", "self_drawn")
N_FIXED_VARS = 9

# ---- formula bytecode: (op, arg) pairs --------------------------------------
F_CONST = 0          # push consts[arg]
F_VAR = 1            # push vars[arg]
F_NEG = 2
F_NOT = 3
F_ADD = 4
F_SUB = 5
F_MUL = 6
F_FLOORDIV = 7       # x // 0 is an error (FE_DIV0), as is x % 0
F_MOD = 8
F_POW = 9            # a negative exponent is an error (FE_NEGPOW)
F_LT = 10
F_LE = 11
F_GT = 12
F_GE = 13
F_EQ = 14
F_NE = 15
F_AND = 16           # both evaluated; 1/0
F_OR = 17
F_MIN = 18           # arg = how many operands
F_MAX = 19
F_JZ = 20            # pop c; when c == 0 jump to pair arg (if(): only the branch taken runs)
F_JMP = 23           # jump to pair arg (forward only, so a program always ends)
F_CEIL = 21          # x, m -> x rounded up to a multiple of m
F_PICK = 22          # arg operands: i, v0..; v[i] clamped to the ends
MAX_STACK = 64
# The stack array's last slots report what went wrong (formula() ORs FE_* bits
# into stack[STACK_ERR] and gives 0 for the operation): a table's arithmetic
# never wraps or divides by zero silently.  Callers allocate STACK_SIZE.
STACK_ERR = MAX_STACK
STACK_SIZE = MAX_STACK + 2
FE_OVERFLOW = 1      # a result beyond int64
FE_DIV0 = 2          # // or % by zero
FE_NEGPOW = 4        # ** with a negative exponent
FE_NAMES = ((FE_OVERFLOW, "its arithmetic went beyond the 64-bit integers"),
            (FE_DIV0, "it divided by zero (// or %)"),
            (FE_NEGPOW, "it raised a number to a negative power (**)"))
INT_MAX = (1 << 63) - 1
INT_MIN = -(1 << 63)
# The largest amount a rule file may write (a base, a cap, an item's amount) and
# the largest a value may reach by the validator's bounds: 2**53, where float64
# statistics stop being exact; far above any real table's payments.
MAX_AMOUNT = 1 << 53
