"""Okko: the computer partner at the Court: its peeks, what it remembers of
them, its flips and its advice (the Court phases P_PEEK, P_REVEAL and
P_COURT; engine/okko/bots.py decides everything else and hands these phases
here).

A module of its own so that the app can load just this much (about 1 KB)
for a peek or a flip, instead of the whole partner (about 10 KB): a peek
comes in the middle of a board, where the heap is fullest.

``decide(obs, seat, level, rng, memory)`` and ``advice(obs, memory)`` are
described in engine/okko/bots.py (choose and advice).
"""

from engine.okko import actions as A  # the contract: read by name, folded by the build (tools/fold.py)

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# the partner's levels (bots.py's NORMAL and HARD: defined here, where HARD
# is needed, as this module is loaded alone; 1 plays as NORMAL)
NORMAL = const(2)
HARD = const(3)


def decide(obs, me, level, rng, memory):
    """The partner's action in a Court phase (P_PEEK, P_REVEAL, P_COURT)."""
    ph = obs[A.O_PHASE]
    if ph == A.P_PEEK:
        for k in range(16):
            q = _order(me, k)
            if not memory[q]:
                return A.PEEK + q
        return A.PEEK + _order(me, 0)
    if ph == A.P_REVEAL:
        q, oni = obs[A.O_REVEAL]
        if level != HARD or rng.randrange(5):
            memory[q] = 2 if oni else 1
        return A.SEEN
    if ph == A.P_COURT:
        return A.FLIP + advice(obs, memory)[0]
    raise ValueError("not a Court phase: %d" % ph)


def _order(seat, k):
    """The k-th square of the seat's peek order: seat 0 from the first square,
    seat 1 from the last."""
    return 15 - k if seat else k


def advice(obs, memory):
    """The Court squares (board coordinates) this partner suggests flipping,
    best first: its believed Oni, then the squares it knows nothing about,
    each in its peek order; never a square it believes is a courtier nor one
    already flipped (only believed courtiers left, when a Hard partner
    forgot: those). A bytes object; the first ones with memory[q] == 2 are
    the believed Oni."""
    flipped = obs[A.O_COURT][1]
    seat = obs[A.O_SEAT]
    out = bytearray()
    for want in (2, 0, 1):
        if want == 1 and out:
            break
        for k in range(16):
            q = _order(seat, k)
            if memory[q] == want and not flipped[q]:
                out.append(q)
    return bytes(out)
