"""A small seedable PRNG that behaves identically on CPython and MicroPython.

Two 15-bit multiply-with-carry generators (Marsaglia), with multipliers
32760 and 32730. For each, a * 2**15 - 1 is a safe prime, so each has period
(a * 2**15 - 2) / 2, about 5.4e8; the periods are coprime, so the pair runs
for about 2.9e17 draws. Every intermediate stays below 2**30, so on the
board every value is a small int and nothing is allocated on the heap.

The state is two ints, saved as 8 bytes (``to_bytes``/``from_bytes``), so a
save that carries the RNG replays the same dice and draws after a reboot.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_A1 = const(32760)
_A2 = const(32730)
_MASK15 = const(0x7FFF)
_MAX30 = const(0x3FFFFFFF)
STATE_SIZE = const(8)


class Rng:
    """Deterministic random numbers: ``randrange``, ``choice``, ``shuffle``."""

    def __init__(self, seed: int = 0) -> None:
        self.seed(seed)

    def seed(self, seed: int) -> None:
        """Seed from any non-negative int (folded to 30 bits)."""
        if seed < 0:
            raise ValueError("seed must be >= 0")
        folded = 0
        while seed:
            folded ^= seed & _MAX30
            seed >>= 30
        # Spread the seed over both generators; keep each inside its valid
        # range [1, a*2**15 - 2] (0 and the top value are fixed points).
        self._x1 = 1 + folded % (_A1 * 32768 - 3)
        self._x2 = 1 + (folded ^ 0x2AAAAAAA) % (_A2 * 32768 - 3)
        for _ in range(12):
            self.next30()

    def next30(self) -> int:
        """The next raw value, uniform in [0, 2**30)."""
        state1 = self._x1
        state1 = _A1 * (state1 & _MASK15) + (state1 >> 15)
        self._x1 = state1
        state2 = self._x2
        state2 = _A2 * (state2 & _MASK15) + (state2 >> 15)
        self._x2 = state2
        return ((state1 & _MASK15) << 15) | (state2 & _MASK15)

    def randrange(self, count: int) -> int:
        """A uniform int in [0, count), without modulo bias. 1 <= count <= 2**30."""
        if count <= 0 or count > _MAX30 + 1:
            raise ValueError("randrange needs 1 <= n <= 2**30")
        rem = (_MAX30 % count + 1) % count  # == 2**30 % n, computed without a long
        limit = _MAX30 - rem
        while True:
            value = self.next30()
            if value <= limit:
                return value % count

    def randint(self, a: int, b: int) -> int:
        """A uniform int in [a, b]."""
        return a + self.randrange(b - a + 1)

    def choice(self, seq: "list | tuple | bytes"):
        """A uniform element of a non-empty sequence."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: "list | bytearray") -> None:
        """Fisher-Yates shuffle of a list or bytearray, in place."""
        index = len(seq) - 1
        while index > 0:
            other = self.randrange(index + 1)
            seq[index], seq[other] = seq[other], seq[index]
            index -= 1

    def fork(self) -> "Rng":
        """An independent Rng seeded from this one (e.g. a bot's own tie-breaks)."""
        rng = Rng(0)
        rng.seed(self.next30())
        return rng

    # -- serialisation -------------------------------------------------
    def getstate(self) -> tuple:
        return (self._x1, self._x2)

    def setstate(self, state: tuple) -> None:
        state1, state2 = state
        if not (0 < state1 < _A1 * 32768 - 1 and 0 < state2 < _A2 * 32768 - 1):
            raise ValueError("bad RNG state")
        self._x1 = state1
        self._x2 = state2

    def to_bytes(self) -> bytes:
        buf = bytearray(STATE_SIZE)
        _put30(buf, 0, self._x1)
        _put30(buf, 4, self._x2)
        return bytes(buf)

    @classmethod
    def from_bytes(cls, data: bytes, offset: int = 0) -> "Rng":
        if len(data) - offset < STATE_SIZE:
            raise ValueError("RNG state is truncated")
        rng = cls(0)
        rng.setstate((_get30(data, offset), _get30(data, offset + 4)))
        return rng


def _put30(data, offset, value):
    data[offset] = (value >> 24) & 0xFF
    data[offset + 1] = (value >> 16) & 0xFF
    data[offset + 2] = (value >> 8) & 0xFF
    data[offset + 3] = value & 0xFF


def _get30(data, offset):
    if data[offset] > 0x3F:
        raise ValueError("bad RNG state")
    return (data[offset] << 24) | (data[offset + 1] << 16) | (data[offset + 2] << 8) | data[offset + 3]
