"""Fake ``supervisor``: ticks_ms() reads a clock the test sets (``now``)."""

now = [0]


def ticks_ms():
    return now[0] & ((1 << 29) - 1)
