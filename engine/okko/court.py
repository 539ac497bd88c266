"""Okko: the computer partner at the Court: its peeks, what it remembers of
them, its flips and its advice (the Court phases P_PEEK, P_REVEAL and
P_COURT; engine/okko/bots.py decides everything else and hands these phases
here).

A module of its own so that the app can load just this much (about 1 KB)
for a peek or a flip, instead of the whole partner (about 10 KB): a peek
comes in the middle of a board, where the heap is fullest.

``decide(obs, seat, level, rng, memory, partner)`` and ``advice(obs, memory,
partner)`` are described in engine/okko/bots.py (choose and advice).
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
_FORGET = const(4)  # Forgetful forgets each of its peeks with a chance of 1 in this (G30)


def decide(obs: tuple, seat: int, level: int, rng: "Rng", memory: bytearray, partner: "bytes | None" = None) -> int:
    """The partner's action in a Court phase (P_PEEK, P_REVEAL, P_COURT);
    ``partner``: what the other partner says at the Court (advice). The
    name is one the partner's code already interned: a new identifier is a
    new qstr for good, and one tipped the okko_app gate scenario's qstr pool
    into a new 9 KB block."""
    phase = obs[A.O_PHASE]
    if phase == A.P_PEEK:
        for index in range(16):
            square = _order(seat, index)
            if not memory[square]:
                return A.PEEK + square
        return A.PEEK + _order(seat, 0)
    if phase == A.P_REVEAL:
        square, oni = obs[A.O_REVEAL]
        if level != HARD or rng.randrange(_FORGET):
            memory[square] = 2 if oni else 1
        return A.SEEN
    if phase == A.P_COURT:
        return A.FLIP + advice(obs, memory, partner)[0]
    raise ValueError("not a Court phase: %d" % phase)


def _order(seat, index):
    """The ``index``-th square of the seat's peek order: seat 0 from the first square,
    seat 1 from the last."""
    return 15 - index if seat else index


def advice(obs: tuple, memory: bytes, partner: "bytes | None" = None) -> bytes:
    """The Court squares (board coordinates) this partner suggests flipping,
    best first: its believed Oni, then those its partner believes Oni
    (``partner``: the partner's memory, in the same form, when the partners
    talk it over at the Court, R28; None: nobody told it anything), then
    the squares neither knows anything about, each in its peek order; never
    a square either believes is a courtier nor one already flipped (only
    believed courtiers left, when a Forgetful partner forgot: those). A
    bytes object; the first ones with memory[square] == 2 are its own believed
    Oni."""
    flipped = obs[A.O_COURT][1]
    seat = obs[A.O_SEAT]
    out = bytearray()
    for step in range(4):  # own Oni, the partner's Oni, unknown to both, believed courtiers
        if step == 3 and out:
            break
        for index in range(16):
            square = _order(seat, index)
            if flipped[square]:
                continue
            belief = memory[square]
            if step == 0:
                wanted = belief == 2
            elif step == 3:
                wanted = True  # nothing else is left: only believed courtiers
            else:  # the partner's Oni (step 1), then squares neither knows (step 2)
                wanted = belief == 0 and (partner[square] if partner else 0) == (2 if step == 1 else 0)
            if wanted:
                out.append(square)
    return bytes(out)
