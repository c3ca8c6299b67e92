"""Layout of the hand-evaluation parameter vector (plain ints, no imports).

The compiled kernels read rules from an int64 vector; these are its indices.
hand/spec.py fills it from a RuleSet.  Group layout follows the tile notation
(ruian_sim/tiles.py): three suits of 9 ranks, then 7 honors.
"""

from ..fields import Fields

# groups of kinds that share one lookup table: start, length, sequences allowed
N_FACES = 34
N_GROUPS = 4
GROUP_START = (0, 9, 18, 27)
GROUP_LEN = (9, 9, 9, 7)
GROUP_SEQ = (1, 1, 1, 0)

# Rows of the lookup tables hold m = 0..M_SLOTS melds, with and without the
# pair.  A compile-time constant: the compiled folds unroll (4× faster than a
# row length read at run time), so hands of up to 16 tiles (5 melds) are
# supported; 13-tile rules simply use fewer slots.
M_SLOTS = 5
ROW = 2 * (M_SLOTS + 1)

# The work buffer every kernel gets (int64): rows of ROW entries for folds,
# then the scratch of the exact per-group DP, then the bots' rows.
ROW_SLOTS = 8                     # rows 0..7: group_distance
X_BASE = ROW_SLOTS * ROW          # exact DP: v, caps, two state vectors
X_V, X_CAPS, X_CUR, X_NXT = 0, 16, 32, 144
X_SIZE = 256
BOT_ROW0 = (X_BASE + X_SIZE + ROW - 1) // ROW   # first row the bots may use

# Per-evaluation caps (int64[CAPX_SIZE]): capx[f] = most tiles of face f the
# concealed hand may end with (copies less tiles of f in melds; the wild's
# face: stand-ins plus wilds counting as themselves); capx[N_FACES + g] = 1
# when group g has a face whose cap differs from the tables' (HS_CAP).
CAPX_SIZE = 34 + 4

# how a distance is computed
MODE_TABLE = 0    # tables only (bots: fast, approximate at the caps' edges)
MODE_WIN = 1      # exact for a win test (additions limited to the wilds held)
MODE_SHANTEN = 2  # exact for shanten (any group whose caps differ is recomputed)
MODE_WIN_LOW = 3  # a win test's lower bound: exact where the tables' cap is too
                  # tight (the wild's face), tables where it is too loose (melds)

_HS = Fields()
HS_M = _HS()              # melds in a complete hand (5 for 16 tiles)
HS_STANDARD = _HS()       # shape flags
HS_EIGHT = _HS()
HS_PUNGS = _HS()
HS_THREE = _HS()
HS_THREE_N = _HS()        # wilds that win at once
HS_QUAD2 = _HS()          # four of a kind counts as two pairs
HS_PAIRS = _HS()          # pairs in eight pairs ((hand_size + 1) // 2)
HS_SINGLES = _HS()        # singles in eight pairs ((hand_size + 1) % 2)
HS_B = _HS()              # key base: copies + 1
HS_CAP = _HS()            # most tiles of one face a table allows
HS_CAPW = _HS()           # most tiles of the wild's face when a stand-in plays as it
HS_STANDIN = _HS()        # stand-in kind, -1 none
HS_LIVE_WILDS = _HS()     # wild tiles in play (copies, less the turned tile)
HS_COPIES = _HS()
HS_HARD_SELF = _HS()      # every self-drawn win is hard
HS_HARD_THREE = _HS()     # a three-wilds win is hard
HS_HAND = _HS()           # tiles in a hand after the deal (16)
HS_PAIR_ANY = _HS()       # two wilds left for the pair may stand for any kind (wild.pair_alone: any)
HS_N_SPECIAL = _HS()      # special shapes the rules declare (shapes.special) ...
HS_SPECIAL = _HS(4 * 12)  # ... MAX_SPECIAL rows of SP_W: SP_* below
HS_SIZE = _HS.size

# a special shape (HS_SPECIAL + i * SP_W): its kind, how many different kinds
# (distinct), one of them twice more (distinct), then its tile sets (any of them)
MAX_SPECIAL = 4
SP_KIND, SP_COUNT, SP_PAIR, SP_NSETS, SP_SETS = 0, 1, 2, 3, 4
MAX_SETS = 8
SP_W = SP_SETS + MAX_SETS
SPECIAL_DISTINCT, SPECIAL_KNITTED = 1, 2
SPECIAL_KINDS = {"distinct": SPECIAL_DISTINCT, "knitted": SPECIAL_KNITTED}
SHAPE_SPECIAL0 = 16      # shape bit of the first special shape (the built-in ones' bits are below)

# shape bits, in the order of the `hand` CLI's contract
SHAPE_STANDARD = 1
SHAPE_EIGHT = 2
SHAPE_PUNGS = 4
SHAPE_THREE = 8
SHAPE_NAMES = ("standard", "eight_pairs", "all_pungs", "three_wilds")

BIG = 99  # distance for a shape that cannot be made
