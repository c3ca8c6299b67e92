"""Event log for transcripts: int64[n, EV_FIELDS]; row 0 holds the count.
A log of one row is off (the simulator passes one; `play` passes a large one)."""

from ..jit import kernel_inline


@kernel_inline
def log_event(log, code, seat, tile, a, b):
    if log.shape[0] <= 1:
        return
    n = log[0, 0] + 1
    if n >= log.shape[0]:
        return
    log[n, 0] = code
    log[n, 1] = seat
    log[n, 2] = tile
    log[n, 3] = a
    log[n, 4] = b
    log[0, 0] = n
