"""The turn in progress: the hand loop's own state (engine/turn.py), passed
from phase to phase.  Bots never receive it (the tile that last joined a
hand is that seat's secret); they read the table.

``Turn.T`` (int64[T_SIZE]):
"""

from typing import NamedTuple

import numpy as np

from ..fields import Fields
from ..jit import kernel_inline
from ..table.layout import NO_TILE

_T = Fields()
T_SEAT = _T()       # the seat whose turn it is
T_NEED_DRAW = _T()  # 1: the turn begins with a draw (0: after a claim, or the dealer's 17th tile)
T_OWN = _T()        # 1: the seat may win or kong before it discards (0: after a pon or chi)
T_KONG_DRAW = _T()  # 1: the tile that last joined came from a kong's replacement (杠开; 杠上炮 on its discard)
T_LAST = _T()       # face of the tile that last joined the turn's hand (NO_TILE, NONE_JOINED)
T_UNREADY = _T()    # 1: the hand was not ready before this draw, so it cannot be complete now
T_STEPS = _T()      # passes of the loop so far ...
T_LIMIT = _T()      # ... and the most a hand's tiles and melds allow (ERR_TURN_LIMIT past it)
# a win being declared, until it is recorded (record_wins)
T_OUTCOME = _T()    # layout.OUT_*, -1 none
T_WINNERS = _T()    # bit mask of its winners
T_DISCARDER = _T()  # the seat that dealt in, -1 self-drawn
T_FACE = _T()       # the winning tile's face, -1 none
T_RAW = _T()        # the winning tile's raw kind where it came from another seat, -1 none
T_ROUTE = _T()      # FACT_* bits of how it was won, as the gate saw them
# the discard on the table, for the claims
T_DISCARD = _T()      # its face (-1: a claimable wild, which may only be won on)
T_DISCARD_RAW = _T()  # its raw kind
T_AFTER_KONG = _T()   # 1: it follows its discarder's kong replacement (杠上炮)
T_SIZE = _T.size

# the phases of a turn (engine/turn.py); each phase kernel returns the next
PH_TOP = 0         # the loop's top: the step count, then a draw when one is due
PH_OWN = 1         # the seat's own actions: a self-drawn win, kongs (robbed or not)
PH_DISCARD = 2     # 抢金 before the first discard, the discard, the four-winds run
PH_CLAIMS = 3      # wins on the discard, then kong, pon, chi by priority
PH_END = 4         # the turns are over: the outcome, or an error in H


class Turn(NamedTuple):
    T: np.ndarray   # int64[T_SIZE]


def new_turn() -> Turn:
    return Turn(T=np.zeros(T_SIZE, np.int64))


@kernel_inline
def no_win(T):
    """No win is being declared."""
    T[T_OUTCOME] = -1
    T[T_WINNERS] = 0
    T[T_DISCARDER] = -1
    T[T_RAW] = -1


@kernel_inline
def start_turns(T, dealer, dealer_extra, limit):
    """The first turn: the dealer's, without a draw when it was dealt one more tile."""
    T[:] = 0
    T[T_SEAT] = dealer
    T[T_NEED_DRAW] = 1 if dealer_extra == 0 else 0
    T[T_OWN] = 1
    T[T_LAST] = NO_TILE
    T[T_FACE] = -1
    T[T_LIMIT] = limit
    no_win(T)
