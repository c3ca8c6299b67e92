"""The arrays a simulator or a single scored hand works in: allocated once
per Simulator (state.py says what each holds).  Apart from simulate.py so
that `ruian-sim hand` scores a win without importing the match loop and the
bots' kernels it never calls."""

from __future__ import annotations

import numpy as np

from ..bots import layout as BL
from ..bots.acceptance import WORK_ROWS
from ..bots.layout import CL_SIZE
from ..bots.smart.chance import DP_SIZE
from ..bots.smart.danger_log import LEARN_SIZE
from ..bots.smart.patterns import OR_SIZE, PS_SIZE
from ..bots.smart.projection import MEMO
from ..hand.layout import CAPX_SIZE, ROW
from ..scoring.arrange import ARR_SCRATCH
from ..scoring.layout import FV_SIZE
from ..table import layout as L
from ..table.spec import KernelSpec
from ..table.state import Bots, Seats, State, Table, Values, Wall, Work
from ..table.programs import PARTS_SIZE
from ..table.wall import BUCKETS, WS_SIZE
from .game import Game

N_STREAMS = 16


MAX_READINGS = 128  # readings of one hand the engine compares (scoring/arrange.py)


def value_work(game: Game) -> Values:
    """The arrays table/valuation.py values hands with: the game's table and
    programs (read-only, shared), with this player's scratch."""
    return Values(tab=game.spec.table.tab, rows=np.zeros((MAX_READINGS + 2, FV_SIZE), np.int64),
                  asc=np.zeros(ARR_SCRATCH, np.int64), best=np.zeros(FV_SIZE, np.int64),
                  parts=np.zeros(PARTS_SIZE, np.int64), prog=game.programs, targets=game.targets,
                  memo_keys=np.zeros(MEMO, np.int64), memo_vals=np.zeros(MEMO, np.float64))


def new_search(spec: KernelSpec):
    """The search player's copy of the table and its scratch (search.SearchWork)."""
    from .search import search_work

    return search_work(spec, new_state(spec)[0])


def new_state(spec: KernelSpec) -> tuple[State, Work]:
    """The arrays one Simulator plays with, allocated once (state.py says what each holds)."""
    n = spec.seats
    tiles = int(spec.P[L.EP_TILES])
    state = State(
        wall=Wall(tiles=np.zeros(tiles, np.int64), gone=np.zeros(tiles, np.int64),
                  W=np.zeros(WS_SIZE, np.int64), lay=np.zeros(6 * tiles + BUCKETS, np.int64)),
        seats=Seats(cnt=np.zeros((n, L.N_FACE), np.int64), keys=np.zeros((n, 4), np.int64),
                    F=np.zeros((n, L.F_SIZE), np.int64), capx=np.zeros((n, CAPX_SIZE), np.int64),
                    melds=np.zeros((n, L.MAX_MELDS, 3), np.int64)),
        table=Table(H=np.zeros(L.H_SIZE, np.int64), vis=np.zeros(L.N_RAW, np.int64),
                    pond=np.zeros(tiles + 1, np.int64), face_ok=np.zeros(L.N_FACE, np.int64)),
        bots=Bots(bp=np.zeros((n, BL.BP_SIZE), np.float64), rs=np.zeros(N_STREAMS, np.uint64),
                  kept=np.zeros((n, 2), np.float64), learn=np.zeros(LEARN_SIZE, np.int64)))
    work = Work(buf=np.zeros(WORK_ROWS * ROW, np.int64), accept=np.zeros(4 + L.N_FACE, np.int64),
                scores=np.zeros(L.N_FACE, np.int64), unseen=np.zeros(L.N_FACE, np.int64),
                claim=np.zeros(CL_SIZE, np.int64), order=np.zeros(OR_SIZE, np.int64),
                deal=np.zeros(L.DEAL_SCRATCH, np.int64), fscratch=np.zeros(DP_SIZE, np.float64),
                pscratch=np.zeros(PS_SIZE, np.float64))
    return state, work
