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
ROUTE_BITS = FACT_SELF_DRAWN | FACT_DISCARD   # the facts that say how the hand was won
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
FV_WIN_FACE = _FV()     # the winning tile's face (-1 a wild, -2 none: a loser, the dealer's dealt hand)
FV_SHOWN = _FV()        # copies of the winning tile's kind everyone saw before the win (和绝张: all the others)
FV_HELD = _FV()         # bit f: the hand holds a natural tile of face f (its melds and the winning tile included)
FV_SUIT_KEY = _FV()     # the concealed hand before its winning tile, if of one suit and no meld: its counts
                        # by rank in base 5 (九莲宝灯 reads it); -1 otherwise
FV_FACES = _FV()        # bit f: the reading holds face f (item_parts fills it where the table reads faces)
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
MELD_KNITTED = 6     # three faces of one suit three apart (147m): a knitted straight's part (组合龙)
MELD_PAIR = 7        # a loser's pair beside its first (table/losers.py): no meld filter names it, the pair filters read it
MELD_KIND_NAMES = ("", "chi", "pung", "kong_exposed", "kong_added", "kong_concealed", "knitted")
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
OP_FACES_ONLY = 12   # 1 when every face of the reading is in mask `arg`
OP_FACES_COUNT = 13  # faces of the reading in mask `arg`
OP_FACES_ALL = 14    # 1 when the reading holds every face of mask `arg`
OP_GROUPS = 15       # groups (m, p, s, winds, dragons: bit g of `arg`) the reading holds a tile of
OP_EACH = 16         # 1 when every meld and the pair of the reading holds a face of mask `arg` (0: no pair)
OP_RUN = 17          # the longest run of consecutive faces of one suit the reading holds
OP_SUIT_KEY = 18     # 1 when fv[FV_SUIT_KEY] == arg
OP_HAS_SET = 19      # 1 when the reading holds every face of one of the masks of set list `arg`
OP_FORMULA = 20      # program `arg` of the table, run on the facts (count arithmetic)
OP_TOGETHER = 21     # melds matching relation `arg` together (item_parts: the combine rule needs its state)

# ---- the compiled table, int64[]: a header, then rows ------------------------
T_N_ITEMS = 0
T_ITEMS = 1          # offset of the item rows
T_CONDS = 2          # offset of the condition rows
T_FILTERS = 3        # offset of the filter rows
T_N_FVARS = 4        # facts the formulas read, as (op, slot, arg) rows ...
T_FVARS = 5          # ... at this offset; they fill vars[N_FIXED_VARS + j]
T_FLAGS = 6          # TF_* below
T_SETS = 7           # offset of the set lists (each: how many masks, then the masks)
T_RELS = 8           # offset of the relation rows (REL_W each)
T_PROGS = 9          # offset of the item programs (PROG_W each: code at, code length, consts at, length)
T_FALLBACK_IGNORES = 10   # items a fallback item does not count as others (two words)
T_ROUTE_ITEMS = 12   # items whose count reads how the hand was won (self-drawn, discard) (two words)
T_FORMULA_ITEMS = 14 # items that run a formula (two words): they may read others' counts
T_HEADER = 16

TF_COMBINE_ONCE = 1  # scoring.combine once: no two melds already combined combine again (relations)
TF_READ_SHAPES = 2   # scoring.shapes reading: shape facts are the reading's, not the hand's
TF_KEPT = 4          # scoring.excluders kept: an item another drops excludes nothing
TF_FACES = 8         # an item reads the reading's faces (FV_FACES is filled)
TF_PROGS = 16        # an item runs a formula (the facts they read are filled first)
TF_FALLBACK = 32     # an item applies only where no other does
TF_ROUTE_VARS = 64   # a fact the formulas read reads how the hand was won

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
IT_EXCLUDES = 7      # bit mask of items this one drops: items 0..61 ...
IT_EXCLUDES2 = 8     # ... and items 62..123
IT_FALLBACK = 9      # 1: applies only where no other item does (but those of T_FALLBACK_IGNORES)
ITEM_W = 10
ITEM_BITS = 62       # items per word of a mask (an int64 each, its sign bit unused)
MAX_ITEMS = 2 * ITEM_BITS   # the items mask is two words (OUT_ITEMS, OUT_ITEMS2)

REL_KINDS = 0        # bit mask of the meld kinds the relation takes
REL_K = 1            # how many melds together
REL_SUITS = 2        # SUITS_* below
REL_ABSOLUTE = 3     # 1: the ranks are ranks (1..9), 0: offsets from the lowest
REL_NPAT = 4         # patterns (any of)
REL_PAT = 5          # MAX_PATTERNS × 4 ranks, sorted ascending (rank 1 = 0)
MAX_PATTERNS = 4
REL_PAIR = REL_PAT + 4 * MAX_PATTERNS   # the pair's rank (0..8; -1: the pair is not part of it) ...
REL_PAIR_SUIT = REL_PAIR + 1            # ... and its suit: SUITS_SAME as the melds', SUITS_DIFFERENT from all
REL_W = REL_PAIR + 2
SUITS_ANY, SUITS_SAME, SUITS_DIFFERENT, SUITS_RANKWISE = 0, 1, 2, 3   # RANKWISE: melds of one rank, each of another suit
PROG_W = 4

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
FL_NOT = 5           # CLASS_* mask the face must not have
FILT_W = 6

FV_ROW_W = 3         # (op, slot, arg) of a formula fact

# out[] of item_parts
OUT_POINTS = 0
OUT_TAI = 1
OUT_TIMES = 2
OUT_ITEMS = 3        # the items that applied: 0..61 ...
OUT_ITEMS2 = 4       # ... 62..123
OUT_W = 5

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
VAR_DISCARDER_PAYS = 9   # the payer dealt in the win (its discard, its robbed kong)
FIXED_VARS = ("points", "tai", "fan", "times", "base", "streak", "dealer_wins", "dealer_pays", "self_drawn",
              "discarder_pays")
N_FIXED_VARS = 10

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
# item_parts' scratch (int64[ITEM_SCRATCH]): what the items' formulas read, as one
# vars array: the fixed names (unused there), the facts they read, then each
# item's count on this reading (a formula may read the items above its own)
SW_VARS = 0
MAX_ITEM_VARS = 64
SW_COUNTS = SW_VARS + N_FIXED_VARS + MAX_ITEM_VARS
ITEM_SCRATCH = SW_COUNTS + MAX_ITEMS
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
