"""The engine's state, in a few named bundles of arrays.

numba passes a NamedTuple of arrays to a kernel as it would pass the arrays
one by one, and reads its fields by name; no reference counting is needed
(jit.py compiles without it), and builds reload from numba's cache.  jitclass
and structref would need the refcounting runtime, so the bundles are plain
NamedTuples.  engine/simulate.py allocates every array once per Simulator;
play_hand resets them at the start of each hand.

A kernel takes the bundles it touches, after its scalar arguments, in the
order rules, wall, seats, table, bots, work: a kernel that takes no Wall
never touches the wall.  Primitives take plain arrays: a tile into or out of
one seat (seat.add_face), the wall's own kernels (wall.py), random streams
(rng.py), and the hand evaluators in hand/ (shared with the scoring side).
"""

from typing import NamedTuple

import numpy as np

from ..hand.tables import Tables


class Rules(NamedTuple):
    """The compiled rules; read-only.  Built once per Simulator from its KernelSpec."""

    P: np.ndarray       # int64: the engine's parameters (layout.EP_*)
    hs: np.ndarray      # int64: the hand kernels' parameters (hand.layout.HS_*)
    tabs: Tables        # the hand kernels' lookup tables (hand/tables.Tables)
    pw: np.ndarray      # int64[N_FACE]: how much face f adds to its group's key


class Wall(NamedTuple):
    """The wall of the hand being played; wall.py owns the layout."""

    tiles: np.ndarray   # int64[tiles]: the raw kind at each ring position
    gone: np.ndarray    # int64[tiles]: 1 where the position was taken or turned out
    W: np.ndarray       # int64[WS_SIZE]: break, draw pointers, wild, dice (wall.WS_*)
    lay: np.ndarray     # int64[6 * tiles + 256]: scratch for laying the tiles out (wall.fill_wall)


class Seats(NamedTuple):
    """The seats' hands, by face (seat.py explains the encoding).  Row s is seat s."""

    cnt: np.ndarray     # int64[seats, N_FACE]: natural tiles of each face
    keys: np.ndarray    # int64[seats, 4]: each group's key (base B counts)
    F: np.ndarray       # int64[seats, F_SIZE]: the seat's fields (layout.F_*)
    capx: np.ndarray    # int64[seats, CAPX_SIZE]: per-face caps of the concealed hand
    melds: np.ndarray   # int64[seats, MAX_MELDS, 3]: melds set aside (layout.M_*)


class Table(NamedTuple):
    """The hand's own state and what the table shows; play_hand writes it."""

    H: np.ndarray       # int64[H_SIZE]: the hand's scalars (layout.H_*)
    vis: np.ndarray     # int64[N_RAW]: raw tiles everyone has seen
    pond: np.ndarray    # int64[tiles + 1]: faces discarded, in order
    face_ok: np.ndarray  # int64[N_FACE]: 1 where some natural tile of this hand plays as the face


class Bots(NamedTuple):
    """What the seats' bots decide with."""

    bp: np.ndarray      # float64[seats, BP_SIZE]: each seat's bot parameters, set per hand by play_matches
    rs: np.ndarray      # uint64[N_STREAMS]: random streams (rng.py): the wall's, the dice's, one per seat's bot
    kept: np.ndarray    # float64[seats, 2]: what smart's hand was worth after its last discard this hand,
                        # and the draws that counted (its claims must beat it; read once it has discarded)
    learn: np.ndarray   # int64[danger_log.LEARN_SIZE]: counts for the danger tables while learning ([0] = 1)


class Work(NamedTuple):
    """Scratch: nothing in it lasts from one kernel call to the next."""

    buf: np.ndarray     # int64: the work buffer (acceptance.WORK_ROWS table rows)
    accept: np.ndarray  # int64[4 + N_FACE]: the eight-pairs totals acceptance.shanten_scores()
                        # last saw, then each candidate's acceptance (acceptance.acceptances)
    scores: np.ndarray  # int64[N_FACE]: shanten after each candidate discard
    unseen: np.ndarray  # int64[N_FACE]: unseen tiles of each kind
    claim: np.ndarray   # int64[CL_SIZE]: a decision's answer and a claim's scratch (bots/layout.CL_*)
    order: np.ndarray   # int64[OR_SIZE]: the smart bot's open targets by gain (bots/smart/patterns.OR_*)
    deal: np.ndarray    # int64[DEAL_SCRATCH]: the opening's: flowers owed per seat, then the tiles each
                        # seat passes (换三张, seats × tiles)
    fscratch: np.ndarray  # float64[chance.DP_SIZE]: the smart bot's DP and its memo
    pscratch: np.ndarray  # float64[patterns.PS_SIZE]: the smart bot's targets, per decision


class Programs(NamedTuple):
    """The compiled value and gate of the played table (``values.prog``)."""

    value_code: np.ndarray   # int64: the value formula's postfix code (scoring/formula.py) ...
    value_consts: np.ndarray  # ... and its constants
    gate_code: np.ndarray    # the gate's, or a program that is never run (table/programs.M_GATE 0)
    gate_consts: np.ndarray
    vars: np.ndarray         # int64: the formulas' variables (scoring/kernels.fill_vars)
    stack: np.ndarray        # int64[STACK_SIZE]: their stack, STACK_ERR its error bits
    bases: np.ndarray        # int64: scoring.base.dealer, by the dealer's term
    misc: np.ndarray         # int64: table/programs.M_*
    scratch: np.ndarray      # int64[ITEM_SCRATCH]: the items' counts and the facts their formulas read


class Values(NamedTuple):
    """Valuing hands under the played table (valuation.py): the compiled table,
    read-only, and the scratch of the readings.  Apart from Work because it
    is large, and only the kernels that value a hand take it (a call passes
    every array of its bundles, about 2 ns for each, so hot kernels take
    lean bundles)."""

    tab: np.ndarray     # int64: the scoring table's items (scoring/compile.Table.tab)
    rows: np.ndarray    # int64[MAX_READINGS + 2, FV_SIZE]: row 0 the seat's facts, then the readings
    asc: np.ndarray     # int64[ARR_SCRATCH]: the arrangement search's scratch
    best: np.ndarray    # int64[FV_SIZE]: the best reading
    parts: np.ndarray   # int64[PARTS_SIZE]: a reading's parts, then the best's
    prog: Programs      # the value and gate programs with their stack (programs.programs)
    targets: np.ndarray  # int64[1 + patterns.MAX_TARGETS, TG_W]: the patterns the table pays for (values.py)
    memo_keys: np.ndarray  # int64[patterns.MEMO]: the smart bot's memo of projected readings' worth ...
    memo_vals: np.ndarray  # float64[patterns.MEMO]: ... (a cache: any content is only ever a speed-up)


class State(NamedTuple):
    """Everything a hand leaves behind; Simulator.replay returns it."""

    wall: Wall
    seats: Seats
    table: Table
    bots: Bots
