"""Layouts shared by the compiled engine and its Python side (plain ints).

- ``P``: the engine's rule parameters (EP_*), filled by table/spec.py;
- per-seat fields of the seat state matrix (F_*);
- hand record columns (C_*): fixed columns, then one block per seat;
- event log rows for transcripts (EV_*); outcomes (OUT_*); win facts (FACT_*).
"""

from ..fields import Fields

N_RAW = 42         # raw kinds: 34 faces and 8 flowers (tiles.py)
N_FACE = 34

# --- rule parameters ---------------------------------------------------------
_P = Fields()
EP_SEATS = _P()
EP_PLAYERS = _P()
EP_SUBSTITUTE = _P()
EP_TILES = _P()            # tiles in the wall
EP_SIDES = _P()
EP_STACKS = _P()           # stacks per side
EP_HEIGHT = _P()
EP_DEAD_STACKS = _P()
EP_DEAD_ODD = _P()
EP_HAIDI = _P()
EP_DICE = _P()
EP_THROWS = _P()
EP_WILD_SOURCE = _P()      # WILD_* below
EP_WILD_FIXED = _P()
EP_TURNED_OUT = _P()
EP_STANDIN = _P()
EP_WILD_DISCARD = _P()
EP_WILD_CLAIM = _P()
EP_HAND = _P()
EP_CHUNK = _P()
EP_DEALER_EXTRA = _P()
EP_REPLACE_TAIL = _P()
EP_CHI = _P()              # CHI_* below
EP_PON = _P()
EP_KONG_EXPOSED = _P()
EP_KONG_CONCEALED = _P()
EP_KONG_ADDED = _P()
EP_WIN_DISCARD = _P()
EP_ROB = _P()              # ROB_* below
EP_MULTI = _P()            # MULTI_* below
EP_PASS_BLOCKS = _P()
EP_FW_ACTION = _P()        # FW_* below
EP_FW_WINDOW = _P()        # 0 opening, 1 any
EP_FOUR_KONGS = _P()
EP_TRIPLE = _P()
EP_KEEP_WIN = _P()
EP_KEEP_DRAW = _P()
EP_CAP = _P()
EP_ROUNDS = _P()
EP_MAX_HANDS = _P()        # safety bound on hands in one match
EP_PRIO = _P(4)            # 4 slots: rank of win, kong, pon, chi (0 = strongest)
EP_COPIES = _P(N_RAW)      # N_RAW slots: copies of each raw kind in the wall
EP_NEXT = _P(N_RAW)        # N_RAW slots: kind after each kind (wild source next)
EP_FW_TILES = _P(N_RAW)    # N_RAW slots: 1 for kinds that count for four winds
EP_COUNT_DIR = _P()        # +1 the dice count stacks counterclockwise, -1 clockwise
EP_DRAW_DIR = _P()         # +1 draws go counterclockwise, -1 clockwise
EP_DEAD_PER_KONG = _P(4)   # 4 slots: tiles the dead wall grows by at the 1st, 2nd, ... kong (last repeats)
EP_ASIDE_IF_WILD = _P()    # kind laid aside instead when an aside kind is the wild, -1 none
EP_ASIDE = _P(N_RAW)       # N_RAW slots: 1 for kinds laid aside and replaced (flowers, the 台 game's 白板)
EP_AFTER_WINS = _P()       # wins after which the hand ends (1: the first; more: the others play on, 血战到底)
EP_FIRST_DEALS = _P()      # 1: the first winner deals the next hand (dealer.next first_winner)
EP_VOID = _P()             # 1: each seat names a void suit after the deal (定缺, void_suit.declare)
EP_EXCHANGE = _P()         # tiles each seat passes after the deal (换三张, exchange.tiles); 0 none
EP_EXCHANGE_DIR = _P()     # XD_* below: to whom they go
EP_DRAW_READY = _P()       # 1: at an exhaustive draw each seat still in is read as ready or not (查叫, scoring.draw)
EP_ROB_GOLD = _P()         # 1: before the dealer's first discard a ready seat may take the turned wild and win (抢金)
EP_TURN_PAST_ASIDE = _P()  # 1: a turned kind laid aside (like a flower) is set aside and the next tile turned
EP_FORMAL_WAITS = _P()     # 1: a kind counts as waited on even when every copy is the seat's own (scoring.waits: formal)
EP_DRAW_SAME_TERM = _P()   # 1: a drawn hand the dealer keeps leaves its term as it was (dealer.draw_term: same)
EP_PASS_WORTH = _P()       # 1: under 过水 a discard win worth more than every one passed still stands (claims.pass_block)
EP_PASS_OWN = _P()         # 1: discarding a tile that would have won counts as passing that win
EP_PASS_PON = _P()         # 1: a pon that leaves the hand incomplete lifts 过水
EP_LAST_WIN_ONLY = _P()    # 1: the discard after which no tile is left may only be won on (claims.last_discard)
EP_CAP_DICE = _P()         # 1: the deal a dealer loses at streak_cap goes by the winner's dice throw (dealer.after_cap)
EP_SIZE = _P.size

WILD_TURNED, WILD_NEXT, WILD_FIXED, WILD_NONE = 0, 1, 2, 3
CHI_LEFT, CHI_ANY, CHI_NEVER = 0, 1, 2
ROB_ADDED, ROB_ANY, ROB_NEVER = 0, 1, 2
MULTI_FIRST, MULTI_ALL, MULTI_DRAW = 0, 1, 2
FW_NONE, FW_DRAW, FW_PENALTY = 0, 1, 2
XD_NEXT, XD_PREVIOUS, XD_OPPOSITE, XD_DICE = 0, 1, 2, 3
CLAIM_WIN, CLAIM_KONG, CLAIM_PON, CLAIM_CHI = 0, 1, 2, 3

# --- per-seat fields ---------------------------------------------------------
_F = Fields()
F_W = _F()            # wilds in the concealed hand
F_NTILES = _F()       # concealed tiles, wilds included
F_NMELD = _F()        # melds set aside (concealed kongs included)
F_CHIS = _F()
F_OPEN = _F()         # melds made from claims
F_FLOWERS = _F()
F_KONG_EXP = _F()
F_KONG_ADD = _F()
F_KONG_CON = _F()
F_PONS = _F()
F_CHI_CLAIMS = _F()
F_DRAWS = _F()
F_DISCARDS = _F()
F_PASSED = _F()       # 过水: passed a win, blocked until the next draw
F_PASSED_VALUE = _F() # the most a win it passed was worth (claims.pass_block.worth_more_wins)
F_PENALTY = _F()      # four-winds penalties paid
F_SHANTEN = _F()      # bot shanten of the hand after its last discard (tables only)
F_FOLDED = _F()       # the smart bot gave up progress for safety this hand
F_LAST_DISC = _F()    # index in the pond of this seat's last discard (-1: none yet)
F_FLOWER_BITS = _F()  # bit i: flower kind i (1f + i) laid aside
F_ASIDE = _F()        # tiles of non-flower kinds laid aside
F_CHAIN = _F()        # kongs and wild discards since this seat's last other discard (杭州 杠开/财飘)
F_CHAIN_WILDS = _F()  # wild discards in that chain
F_PASSES = _F()       # wins this seat passed this hand
F_BLOCKED = _F()      # wins 过水 refused this seat this hand
F_VOID = _F()         # 1 + the suit this seat must be rid of before it may win (定缺); 0 none
F_KONG_LOG = _F()     # this seat's kongs as made, KL_BITS each (who was in, who it came from): kong money
F_SIZE = _F.size
MAX_MELDS = 8
MAX_SEATS = 8          # rules/schema.json: table.seats
MAX_PASSED = 4         # rules/schema.json: exchange.tiles (换三张)
DEAL_SCRATCH = MAX_SEATS * MAX_PASSED   # work.deal: the tiles every seat passes, or the flowers it is owed
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
_C = Fields()
C_MATCH = _C()
C_HAND = _C()
C_DEALER = _C()
C_STREAK = _C()
C_OUTCOME = _C()
C_WINNER = _C()       # first winner's seat, -1 none
C_WINNERS = _C()      # bit mask of winning seats
C_DISCARDER = _C()
C_WILD = _C()         # wild kind, -1 none
C_INDICATOR = _C()    # turned tile
C_TURNS = _C()        # discards made
C_WALL_LEFT = _C()    # normal draws left at the end
C_KONGS = _C()
C_CLAIMS = _C()
C_DICE = _C()         # sum of the first throw
C_DICE2 = _C()
C_SITTING_OUT = _C()  # player sitting out, -1 none
C_ROUND = _C()        # round wind index: +1 each time every player has dealt
C_FIXED = _C.size
# per-seat blocks: column = C_FIXED + field * seats + seat
_S = Fields()
S_PLAYER = _S()
S_SHAPES = _S()
S_HARD = _S()
S_WILDS = _S()
S_FACTS = _S()
S_KONG_EXP = _S()
S_KONG_ADD = _S()
S_KONG_CON = _S()
S_PONS = _S()
S_CHIS = _S()
S_PENALTY = _S()
S_FLOWERS = _S()
S_FOLDED = _S()
S_MELD0 = _S(5)       # 5 fields: the scored arrangement's melds (docs/scoring-language.md §1)
S_PAIR = _S()
S_WAIT = _S()
S_FLOWER_BITS = _S()
S_ASIDE = _S()
S_POINTS = _S()       # the value's parts under the played table
S_TAI = _S()
S_TIMES = _S()
S_VALUE = _S()
S_ITEMS = _S()        # bit mask of the table's items that applied
S_CHAIN = _S()        # F_CHAIN when the hand ended
S_CHAIN_WILDS = _S()
S_QUADS = _S()        # faces held four times, naturals only (豪华七对)
S_PASSES = _S()       # wins the seat passed
S_BLOCKED = _S()      # wins 过水 refused it
S_WIN_ORDER = _S()    # 1 for the hand's first win (every winner of one discard), 2 the next, ...; 0 not won
S_WIN_FROM = _S()     # the seat that dealt in (discarded, or had its kong robbed), -1 self-drawn or not won
S_VOID = _S()         # the suit the seat named void (定缺): 0 m, 1 p, 2 s; -1 none
S_KONG_LOG = _S()     # F_KONG_LOG: each kong, who was in and whom it came from (kong money)
S_READY = _S()        # at an exhaustive draw (查叫): READY_* below
S_READY_ON = _S()     # the face the ready hand is valued on (its best), -1 none
S_FOURS = _S()        # faces held four times, melds and kongs included (根), in the valued reading
S_ITEMS2 = _S()       # the items that applied from 62 on (the items mask's second word)
S_HELD_LO = _S()      # the winner's concealed hand with its winning tile, naturals by face: faces 0..16 ...
S_HELD_HI = _S()      # ... and 17..33, 3 bits a face (HELD_BITS), the stand-in at the wild's face
S_WIN_TILE = _S()     # the winning tile's face (-1 a wild, -2 none)
S_SHOWN = _S()        # copies of the winning tile's kind everyone saw before the win (和绝张)
S_MELD_FROM = _S()    # where each meld set aside came from, 4 bits a meld in order (0 none, 1 + the seat
                      # it was claimed from, 15 a concealed kong); the reading's first melds are these
S_NFIELDS = _S.size
HELD_BITS = 3          # S_HELD_*: bits a face
MELD_FROM_BITS = 4     # S_MELD_FROM: bits a meld
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
ERR_FORCED = 6       # a search player's chosen move was not one the seat could make (bots/dispatch.py)
ERR_NAMES = ("none", "the wall ran out of tiles", "a hand took more steps than its tiles allow",
             "a winning hand's readings could not all be listed", "a scoring formula went wrong",
             "a hand held too few tiles of any suit to pass them",
             "a search player chose a move its seat could not make")

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
_H = Fields()
H_WK = _H()          # wild kind, -1 none
H_SI = _H()          # raw kind of the active stand-in, -1 none
H_DEALER = _H()
H_DISCARDS = _H()    # discards made this hand
H_CLAIMS = _H()      # chi/pon/kong claims made this hand
H_KONGS = _H()
H_KONG_SEATS = _H()  # bit mask of seats that declared kongs
H_FW_TILE = _H()     # four winds: the tile of the current run
H_FW_COUNT = _H()
H_FW_START = _H()
H_OUTCOME = _H()     # the first win's outcome (-1 none yet): the hand's, when play goes on after it
H_WINNERS = _H()     # bit mask of every seat that has won this hand (and left it, under end.after_wins)
H_DISCARDER = _H()   # the first win's discarder (-1 self-drawn)
H_LAST_RAW = _H()    # the last discard if no claim followed it, -1 otherwise
H_ERROR = _H()       # layout.ERR_*: an impossible state; the hand stops and reports it
H_STREAK = _H()      # the dealer's term (1..)
H_ROUND = _H()       # round wind index
H_ASIDE_OFF = _H()   # an aside kind that is this hand's wild (not laid aside), -1 none
H_ASIDE_ON = _H()    # the kind laid aside in its place, -1 none
H_ERR_BITS = _H()    # with ERR_FORMULA: the formula's FE_* bits (scoring/layout.py)
H_WINS = _H()        # win events so far this hand (several winners on one discard are one)
H_FIRST = _H()       # bit mask of the first win's winners
H_SIZE = _H.size
NO_TILE = -3      # "last tile" before any tile joined (the dealer's dealt hand)
NONE_JOINED = -2  # a flower came and no replacement could follow
