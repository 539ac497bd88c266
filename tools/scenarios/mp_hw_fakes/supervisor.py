"""Stand-in for CircuitPython's supervisor: ticks_ms() reads a clock the
scenario sets (``now[0]``), wrapping at 2**29 as the real one does."""

now = [0]


def ticks_ms():
    return now[0] & ((1 << 29) - 1)
