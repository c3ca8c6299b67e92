"""Layouts shared by the compiled engine and its Python side (plain ints).

- ``P``: the engine's rule parameters (EP_*), filled by table/spec.py;
- per-seat fields of the seat state matrix (F_*);
- hand record columns (C_*): fixed columns, then one block per seat;
- event log rows for transcripts (EV_*); outcomes (OUT_*); win facts (FACT_*).
"""

# --- rule parameters ---------------------------------------------------------
EP_SEATS = 0
EP_PLAYERS = 1
EP_SUBSTITUTE = 2
EP_TILES = 3            # tiles in the wall
EP_SIDES = 4
EP_STACKS = 5           # stacks per side
EP_HEIGHT = 6
EP_DEAD_STACKS = 7
EP_DEAD_ODD = 8
EP_HAIDI = 9
EP_DICE = 10
EP_THROWS = 11
EP_WILD_SOURCE = 12     # WILD_* below
EP_WILD_FIXED = 13
EP_TURNED_OUT = 14
EP_STANDIN = 15
EP_WILD_DISCARD = 16
EP_WILD_CLAIM = 17
EP_HAND = 18
EP_CHUNK = 19
EP_DEALER_EXTRA = 20
EP_REPLACE_TAIL = 21
EP_CHI = 22             # CHI_* below
EP_PON = 23
EP_KONG_EXPOSED = 24
EP_KONG_CONCEALED = 25
EP_KONG_ADDED = 26
EP_WIN_DISCARD = 27
EP_ROB = 28             # ROB_* below
EP_MULTI = 29           # MULTI_* below
EP_PASS_BLOCKS = 30
EP_FW_ACTION = 31       # FW_* below
EP_FW_WINDOW = 32       # 0 opening, 1 any
EP_FOUR_KONGS = 33
EP_TRIPLE = 34
EP_KEEP_WIN = 35
EP_KEEP_DRAW = 36
EP_CAP = 37
EP_ROUNDS = 38
EP_MAX_HANDS = 39       # safety bound on hands in one match
EP_PRIO = 40            # 4 slots: rank of win, kong, pon, chi (0 = strongest)
EP_COPIES = 44          # 42 slots: copies of each raw kind in the wall
EP_NEXT = 86            # 42 slots: kind after each kind (wild source next)
EP_FW_TILES = 128       # 42 slots: 1 for kinds that count for four winds
EP_COUNT_DIR = 170      # +1 the dice count stacks counterclockwise, -1 clockwise
EP_DRAW_DIR = 171       # +1 draws go counterclockwise, -1 clockwise
EP_DEAD_PER_KONG = 172  # 4 slots: tiles the dead wall grows by at the 1st, 2nd, ... kong (last repeats)
EP_ASIDE_IF_WILD = 176  # kind laid aside instead when an aside kind is the wild, -1 none
EP_ASIDE = 177          # 42 slots: 1 for kinds laid aside and replaced (flowers, the 台 game's 白板)
EP_AFTER_WINS = 219     # wins after which the hand ends (1: the first; more: the others play on, 血战到底)
EP_FIRST_DEALS = 220    # 1: the first winner deals the next hand (dealer.next first_winner)
EP_VOID = 221           # 1: each seat names a void suit after the deal (定缺, void_suit.declare)
EP_EXCHANGE = 222       # tiles each seat passes after the deal (换三张, exchange.tiles); 0 none
EP_EXCHANGE_DIR = 223   # XD_* below: to whom they go
EP_DRAW_READY = 224     # 1: at an exhaustive draw each seat still in is read as ready or not (查叫, scoring.draw)
EP_ROB_GOLD = 225       # 1: before the dealer's first discard a ready seat may take the turned wild and win (抢金)
EP_TURN_PAST_ASIDE = 226  # 1: a turned kind laid aside (like a flower) is set aside and the next tile turned
EP_SIZE = 227

WILD_TURNED, WILD_NEXT, WILD_FIXED, WILD_NONE = 0, 1, 2, 3
CHI_LEFT, CHI_ANY, CHI_NEVER = 0, 1, 2
ROB_ADDED, ROB_ANY, ROB_NEVER = 0, 1, 2
MULTI_FIRST, MULTI_ALL, MULTI_DRAW = 0, 1, 2
FW_NONE, FW_DRAW, FW_PENALTY = 0, 1, 2
XD_NEXT, XD_PREVIOUS, XD_OPPOSITE, XD_DICE = 0, 1, 2, 3
CLAIM_WIN, CLAIM_KONG, CLAIM_PON, CLAIM_CHI = 0, 1, 2, 3

N_RAW = 42
N_FACE = 34

# --- per-seat fields ---------------------------------------------------------
F_W = 0            # wilds in the concealed hand
F_NTILES = 1       # concealed tiles, wilds included
F_NMELD = 2        # melds set aside (concealed kongs included)
F_CHIS = 3
F_OPEN = 4         # melds made from claims
F_FLOWERS = 5
F_KONG_EXP = 6
F_KONG_ADD = 7
F_KONG_CON = 8
F_PONS = 9
F_CHI_CLAIMS = 10
F_DRAWS = 11
F_DISCARDS = 12
F_PASSED = 13      # 过水: passed a win, blocked until the next draw
F_PENALTY = 14     # four-winds penalties paid
F_SHANTEN = 15     # bot shanten of the hand after its last discard (tables only)
F_FOLDED = 16      # the smart bot gave up progress for safety this hand
F_LAST_DISC = 17   # index in the pond of this seat's last discard (-1: none yet)
F_FLOWER_BITS = 18  # bit i: flower kind i (1f + i) laid aside
F_ASIDE = 19       # tiles of non-flower kinds laid aside
F_CHAIN = 20       # kongs and wild discards since this seat's last other discard (杭州 杠开/财飘)
F_CHAIN_WILDS = 21  # wild discards in that chain
F_PASSES = 22      # wins this seat passed this hand
F_BLOCKED = 23     # wins 过水 refused this seat this hand
F_VOID = 24        # 1 + the suit this seat must be rid of before it may win (定缺); 0 none
F_KONG_LOG = 25    # this seat's kongs as made, KL_BITS each (who was in, who it came from): kong money
F_SIZE = 26
MAX_MELDS = 8
M_TYPE, M_FACE, M_FROM = 0, 1, 2
MELD_CHI, MELD_PON, MELD_KONG_EXP, MELD_KONG_ADD, MELD_KONG_CON = 0, 1, 2, 3, 4
# one kong in F_KONG_LOG (and the record's kong_log): bits 0-1 its kind (KL_*),
# 2-4 the seat it was claimed from (exposed), 5-11 the seats still in when it
# was made, as bit i-1 for the seat i places after the maker; kong k of a
# seat at bit KL_BITS * k (the first KL_MAX; the rest pay nothing)
KL_EXPOSED, KL_ADDED, KL_CONCEALED = 1, 2, 3
KL_BITS = 12
KL_MAX = 5

# --- hand records --------------------------------------------------------------
C_MATCH = 0
C_HAND = 1
C_DEALER = 2
C_STREAK = 3
C_OUTCOME = 4
C_WINNER = 5       # first winner's seat, -1 none
C_WINNERS = 6      # bit mask of winning seats
C_DISCARDER = 7
C_WILD = 8         # wild kind, -1 none
C_INDICATOR = 9    # turned tile
C_TURNS = 10       # discards made
C_WALL_LEFT = 11   # normal draws left at the end
C_KONGS = 12
C_CLAIMS = 13
C_DICE = 14        # sum of the first throw
C_DICE2 = 15
C_SITTING_OUT = 16  # player sitting out, -1 none
C_ROUND = 17       # round wind index: +1 each time every player has dealt
C_FIXED = 18
# per-seat blocks: column = C_FIXED + field * seats + seat
S_PLAYER = 0
S_SHAPES = 1
S_HARD = 2
S_WILDS = 3
S_FACTS = 4
S_KONG_EXP = 5
S_KONG_ADD = 6
S_KONG_CON = 7
S_PONS = 8
S_CHIS = 9
S_PENALTY = 10
S_FLOWERS = 11
S_FOLDED = 12
S_MELD0 = 13       # 5 fields: the scored arrangement's melds (docs/scoring-language.md §1)
S_PAIR = 18
S_WAIT = 19
S_FLOWER_BITS = 20
S_ASIDE = 21
S_POINTS = 22      # the value's parts under the played table
S_TAI = 23
S_TIMES = 24
S_VALUE = 25
S_ITEMS = 26       # bit mask of the table's items that applied
S_CHAIN = 27       # F_CHAIN when the hand ended
S_CHAIN_WILDS = 28
S_QUADS = 29       # faces held four times, naturals only (豪华七对)
S_PASSES = 30      # wins the seat passed
S_BLOCKED = 31     # wins 过水 refused it
S_WIN_ORDER = 32   # 1 for the hand's first win (every winner of one discard), 2 the next, ...; 0 not won
S_WIN_FROM = 33    # the seat that dealt in (discarded, or had its kong robbed), -1 self-drawn or not won
S_VOID = 34        # the suit the seat named void (定缺): 0 m, 1 p, 2 s; -1 none
S_KONG_LOG = 35    # F_KONG_LOG: each kong, who was in and whom it came from (kong money)
S_READY = 36       # at an exhaustive draw (查叫): READY_* below
S_READY_ON = 37    # the face the ready hand is valued on (its best), -1 none
S_FOURS = 38       # faces held four times, melds and kongs included (根), in the valued reading
S_NFIELDS = 39
READY_UNKNOWN, READY_NO, READY_YES, READY_VOID = -1, 0, 1, 2   # S_READY; READY_VOID: still holds its void suit (花猪)

OUT_SELF_DRAW = 0
OUT_DISCARD_WIN = 1
OUT_ROBBED_KONG = 2
OUT_HAIDI_WIN = 3
OUT_EXHAUSTIVE = 4
OUT_FOUR_WINDS = 5
OUT_FOUR_KONGS = 6
OUT_TRIPLE_WIN = 7
OUT_MULTI_WIN_DRAW = 8
OUTCOME_NAMES = ("self_draw", "discard_win", "robbed_kong", "haidi_win", "exhaustive_draw",
                 "four_winds_draw", "four_kongs_draw", "triple_win_draw", "multiple_win_draw")
# Impossible states a kernel reports instead of reading past an array or
# looping forever (the runner turns them into a message naming the rules).
ERR_NONE = 0
ERR_WALL_EMPTY = 1   # a tile was needed and none was left in the wall
ERR_TURN_LIMIT = 2   # a hand took more steps than its tiles and melds allow
ERR_READINGS = 3     # the readings of a winning hand could not be listed (scoring/arrange.py's bound)
ERR_FORMULA = 4      # a scoring formula overflowed, divided by zero or took a negative power
ERR_EXCHANGE = 5     # a hand held too few tiles of any suit to pass them (换三张)
ERR_NAMES = ("none", "the wall ran out of tiles", "a hand took more steps than its tiles allow",
             "a winning hand's readings could not all be listed", "a scoring formula went wrong",
             "a hand held too few tiles of any suit to pass them")

WIN_OUTCOMES = (OUT_SELF_DRAW, OUT_DISCARD_WIN, OUT_ROBBED_KONG, OUT_HAIDI_WIN)

# the facts of how a hand was won, as bits (the scoring language reads them: scoring/layout.py)
from ..scoring.layout import (  # noqa: E402, F401 - re-exported for the engine
                 FACT_ALL_HONORS,
                 FACT_ALL_MELDED,
                 FACT_ALL_SET_ASIDE,
                 FACT_DISCARD,
                 FACT_EARTHLY,
                 FACT_HAIDI,
                 FACT_HALF_SUIT,
                 FACT_HEAVENLY,
                 FACT_KONG_DISCARD,
                 FACT_KONG_DRAW,
                 FACT_LAST_DISCARD,
                 FACT_LAST_TILE,
                 FACT_NAMES,
                 FACT_ONE_SUIT,
                 FACT_READY_DRAW,
                 FACT_ROB_GOLD,
                 FACT_ROBBED,
                 FACT_SELF_DRAWN,
                 FACT_SINGLE_WAIT,
                 FACT_WAITS_ANY,
)

# --- event log (transcripts) -------------------------------------------------------
EV_DICE = 1        # seat = thrower, a = sum, b = throw number
EV_BREAK = 2       # seat = 开门人, tile = break stack within its wall (from the left end), a = count, b = its wall
EV_WILD = 3        # tile = turned tile, a = wild kind (-1 none)
EV_DEAL = 4        # seat, tile
EV_DRAW = 5        # seat, tile, a = 1 from the tail
EV_FLOWER = 6      # seat, tile laid aside
EV_DISCARD = 7     # seat, tile
EV_CHI = 8         # seat, tile claimed, a = lowest face, b = from seat
EV_PON = 9
EV_KONG_EXP = 10
EV_KONG_ADD = 11
EV_KONG_CON = 12
EV_WIN = 13        # seat, tile, a = shapes mask, b = facts mask
EV_PASS_WIN = 14   # seat declined a win
EV_HAIDI = 15      # seat receives a 海底 tile
EV_END = 16        # a = outcome
EV_PENALTY = 17    # seat pays the four-winds penalty
EV_VOID = 18       # seat names its void suit (定缺), a = suit index
EV_EXCHANGE = 19   # seat passes a tile (换三张), a = its index among the passed, b = to whom
EV_READY = 20      # at an exhaustive draw: seat, tile = the best tile it waits on (-1 not ready), a = READY_*
EV_ROB_GOLD = 21   # 抢金: seat takes the turned tile (tile) as a wild
EV_FIELDS = 5      # code, seat, tile, a, b

# --- this hand's scalars (H, int64[H_SIZE]) -------------------------------------
H_WK = 0          # wild kind, -1 none
H_SI = 1          # raw kind of the active stand-in, -1 none
H_DEALER = 2
H_DISCARDS = 3    # discards made this hand
H_CLAIMS = 4      # chi/pon/kong claims made this hand
H_KONGS = 5
H_KONG_SEATS = 6  # bit mask of seats that declared kongs
H_FW_TILE = 7     # four winds: the tile of the current run
H_FW_COUNT = 8
H_FW_START = 9
H_OUTCOME = 10    # the first win's outcome (-1 none yet): the hand's, when play goes on after it
H_WINNERS = 11    # bit mask of every seat that has won this hand (and left it, under end.after_wins)
H_DISCARDER = 12  # the first win's discarder (-1 self-drawn)
H_LAST_RAW = 13   # the last discard if no claim followed it, -1 otherwise
H_ERROR = 14      # layout.ERR_*: an impossible state; the hand stops and reports it
H_STREAK = 15     # the dealer's term (1..)
H_ROUND = 16      # round wind index
H_ASIDE_OFF = 17  # an aside kind that is this hand's wild (not laid aside), -1 none
H_ASIDE_ON = 18   # the kind laid aside in its place, -1 none
H_ERR_BITS = 19   # with ERR_FORMULA: the formula's FE_* bits (scoring/layout.py)
H_WINS = 20       # win events so far this hand (several winners on one discard are one)
H_FIRST = 21      # bit mask of the first win's winners
H_SIZE = 22
NO_TILE = -3      # "last tile" before any tile joined (the dealer's dealt hand)
NONE_JOINED = -2  # a flower came and no replacement could follow
