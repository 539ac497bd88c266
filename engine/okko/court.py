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

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# private copies of engine/okko/actions.py (tests/test_okko_bots.py checks them)
_HARD = const(3)
_P_PEEK = const(10)
_P_REVEAL = const(11)
_P_COURT = const(12)
_SEEN = const(21)
_PEEK = const(96)
_FLIP = const(112)
_O_PHASE = const(1)
_O_COURT = const(25)
_O_REVEAL = const(27)


def decide(obs, me, level, rng, memory):
    """The partner's action in a Court phase (P_PEEK, P_REVEAL, P_COURT)."""
    ph = obs[_O_PHASE]
    if ph == _P_PEEK:
        for k in range(16):
            q = _order(me, k)
            if not memory[q]:
                return _PEEK + q
        return _PEEK + _order(me, 0)
    if ph == _P_REVEAL:
        q, oni = obs[_O_REVEAL]
        if level != _HARD or rng.randrange(5):
            memory[q] = 2 if oni else 1
        return _SEEN
    if ph == _P_COURT:
        return _FLIP + advice(obs, memory)[0]
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
    flipped = obs[_O_COURT][1]
    seat = obs[0]
    out = bytearray()
    for want in (2, 0, 1):
        if want == 1 and out:
            break
        for k in range(16):
            q = _order(seat, k)
            if memory[q] == want and not flipped[q]:
                out.append(q)
    return bytes(out)
