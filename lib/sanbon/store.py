"""Save slots over microcontroller.nvm (4 KB): settings, statistics and the game.

Two slots alternate. Each slot holds one whole record:

    0  b"SB"          magic
    2  version        store format (FORMAT)
    3  game id        game of the saved game, 0xFF for none
    4  seq (4 bytes)  write sequence number, big-endian; newest valid wins
    8  length (2)     payload length
   10  reserved (2)
   12  crc (4)        CRC32 of bytes 0-11 and the payload
   16  payload        sections: tag (1), length (2), data

A record is written with one slice assignment into the slot that does not
hold the newest record, so a write torn at any byte leaves the other slot,
and so the previous save, readable. Every NVM write erases the flash sector
(about 100,000 erases in its life), so ``save`` never writes a payload equal
to the one already stored, and the app saves only at turn ends, on leaving a
game and at game end.
"""

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - every CircuitPython build has it
    crc32 = None

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


FORMAT = const(1)
HEADER = const(16)
NO_GAME = const(0xFF)

# section tags
SETTINGS = const(1)
STATS = const(2)
GAME = const(3)
LOG = const(4)  # the game in progress's seed and actions (sanbon.session: the record)

MSG_CORRUPT = "Save could not be read, starting fresh."


def _crc(*parts):
    c = 0
    for p in parts:
        c = crc32(p, c)
    return c & 0xFFFFFFFF


def _u32(b, i):
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


def _put_u32(b, i, v):
    b[i] = (v >> 24) & 0xFF
    b[i + 1] = (v >> 16) & 0xFF
    b[i + 2] = (v >> 8) & 0xFF
    b[i + 3] = v & 0xFF


def encode_sections(sections):
    """{tag: bytes} -> payload (a bytearray), tags in ascending order.

    The payload is allocated once at its size (appending to a bytearray
    grows it a few bytes at a time: KB of garbage on the device)."""
    tags = []
    n = 0
    for tag in sorted(sections):
        data = sections[tag]
        if data is None:
            continue
        if len(data) > 0xFFFF:
            raise ValueError("section too large")
        tags.append(tag)
        n += 3 + len(data)
    out = bytearray(n)
    i = 0
    for tag in tags:
        data = sections[tag]
        k = len(data)
        out[i] = tag
        out[i + 1] = k >> 8
        out[i + 2] = k & 0xFF
        out[i + 3 : i + 3 + k] = data
        i += 3 + k
    return out


def decode_sections(payload):
    """payload bytes -> {tag: bytes}; raises ValueError on a malformed payload."""
    sections = {}
    i = 0
    n = len(payload)
    while i < n:
        if i + 3 > n:
            raise ValueError("truncated section header")
        tag = payload[i]
        size = (payload[i + 1] << 8) | payload[i + 2]
        i += 3
        if i + size > n:
            raise ValueError("truncated section")
        sections[tag] = bytes(payload[i : i + size])
        i += size
    return sections


class Store:
    """Two alternating slots over an nvm-like byte buffer (4 KB on the board)."""

    def __init__(self, nvm, size=None):
        self.nvm = nvm
        total = len(nvm) if size is None else size
        self.slot_size = total // 2
        if self.slot_size < HEADER + 16:
            raise ValueError("NVM too small for two save slots")
        self.writes = 0  # NVM writes made through this Store (wear accounting)
        self.bytes_written = 0
        self._seq = 0
        self._slot = -1  # slot holding the newest valid record, -1 if none
        self._payload = None
        self.message = None  # set when a stored record could not be read

    @property
    def capacity(self):
        """The largest payload a slot can hold."""
        return self.slot_size - HEADER

    def _read_slot(self, index):
        base = index * self.slot_size
        head = bytes(self.nvm[base : base + HEADER])
        if head[0:2] != b"SB":
            return None, head[0:2] not in (b"\xff\xff", b"\x00\x00")
        length = (head[8] << 8) | head[9]
        if head[2] != FORMAT or length > self.capacity:
            return None, True
        payload = bytes(self.nvm[base + HEADER : base + HEADER + length])
        if _u32(head, 12) != _crc(head[0:12], payload):
            return None, True
        try:
            decode_sections(payload)
        except ValueError:
            return None, True
        return (_u32(head, 4), head[3], payload), False

    def load(self):
        """Read the newest valid record: returns {tag: bytes} (empty if none).

        Never raises on bad contents: a corrupt or foreign store sets
        ``self.message`` to MSG_CORRUPT and the result is empty (or the
        readable slot's sections, if one slot survived).
        """
        best = None
        bad = False
        for index in (0, 1):
            rec, broken = self._read_slot(index)
            bad = bad or broken
            if rec is not None and (best is None or _newer(rec[0], best[1][0])):
                best = (index, rec)
        if best is None:
            self._slot, self._seq, self._payload = -1, 0, None
            self.message = MSG_CORRUPT if bad else None
            return {}
        self._slot = best[0]
        self._seq = best[1][0]
        self._payload = best[1][2]
        # one torn slot next to a good one is the normal trace of a power cut
        self.message = None
        return decode_sections(self._payload)

    def save(self, sections, game_id=NO_GAME):
        """Write the sections as the newest record. Returns True if it wrote.

        Skips the write (returns False) when the payload equals what is
        already stored: no flash erase for nothing.
        """
        payload = encode_sections(sections)
        if len(payload) > self.capacity:
            raise ValueError("save of %d bytes exceeds the slot (%d)" % (len(payload), self.capacity))
        if payload == self._payload:
            return False
        seq = (self._seq + 1) & 0x3FFFFFFF
        head = bytearray(HEADER)
        head[0:2] = b"SB"
        head[2] = FORMAT
        head[3] = game_id & 0xFF
        _put_u32(head, 4, seq)
        head[8] = len(payload) >> 8
        head[9] = len(payload) & 0xFF
        _put_u32(head, 12, _crc(bytes(head[0:12]), payload))
        slot = 1 - self._slot if self._slot >= 0 else 0
        base = slot * self.slot_size
        record = bytes(head) + payload
        self.nvm[base : base + len(record)] = record  # one slice assignment
        self.writes += 1
        self.bytes_written += len(record)
        self._slot, self._seq, self._payload = slot, seq, payload
        return True

    def erase(self):
        """Forget everything (a 'reset' from Settings): one write of zeros."""
        size = self.slot_size * 2
        self.nvm[0:size] = bytes(size)
        self.writes += 1
        self._slot, self._seq, self._payload = -1, 0, None


def _newer(a, b):
    """Sequence numbers compare modulo 2**30 (they never get near wrapping)."""
    return ((a - b) & 0x3FFFFFFF) < 0x20000000 and a != b
