"""Layout of the hand-evaluation parameter vector (plain ints, no imports).

The compiled kernels read rules from an int64 vector; these are its indices.
hand/spec.py fills it from a RuleSet.  Group layout follows the tile notation
(ruian_sim/tiles.py): three suits of 9 ranks, then 7 honors.
"""

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

HS_M = 0             # melds in a complete hand (5 for 16 tiles)
HS_STANDARD = 1      # shape flags
HS_EIGHT = 2
HS_PUNGS = 3
HS_THREE = 4
HS_THREE_N = 5       # wilds that win at once
HS_QUAD2 = 6         # four of a kind counts as two pairs
HS_PAIRS = 7         # pairs in eight pairs ((hand_size + 1) // 2)
HS_SINGLES = 8       # singles in eight pairs ((hand_size + 1) % 2)
HS_B = 9             # key base: copies + 1
HS_CAP = 10          # most tiles of one face a table allows
HS_CAPW = 11         # most tiles of the wild's face when a stand-in plays as it
HS_STANDIN = 12      # stand-in kind, -1 none
HS_LIVE_WILDS = 13   # wild tiles in play (copies, less the turned tile)
HS_COPIES = 14
HS_HARD_SELF = 15    # every self-drawn win is hard
HS_HARD_THREE = 16   # a three-wilds win is hard
HS_HAND = 17         # tiles in a hand after the deal (16)
HS_PAIR_ANY = 18     # two wilds left for the pair may stand for any kind (wild.pair_alone: any)
HS_SIZE = 19

# shape bits, in the order of the `hand` CLI's contract
SHAPE_STANDARD = 1
SHAPE_EIGHT = 2
SHAPE_PUNGS = 4
SHAPE_THREE = 8
SHAPE_NAMES = ("standard", "eight_pairs", "all_pungs", "three_wilds")

BIG = 99  # distance for a shape that cannot be made
