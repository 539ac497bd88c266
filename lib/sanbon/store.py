"""The save store: a log of records in microcontroller.nvm's one 4 KB flash sector.

On the RP2040 a write into bytes that are all 0xFF (erased) only programs
the touched 256-byte pages; any other write erases and reprograms the whole
sector, with interrupts off (about 45 ms), and a power cut then can leave it
blank or scrambled. So the store appends, the way a flash journal does:

    record = MAGIC 0xA5 (1), length (2), seq (4), payload, CRC32 (4)
    payload = sections: tag (1), length (2), data

A section replaces the one of its tag; ``tag | 0x80`` appends to it; an empty
section deletes it. Reading applies the records in order, each one whole or
not at all: a record whose CRC fails (a torn write) and everything after it
are skipped, so a power cut during a save leaves the save before it.

The first record of the sector carries HEAD (FORMAT, the number of records
the sector was written with, and how many times it has been erased). Only
when a record does not fit is the sector erased and rewritten with the live
sections (compaction, one slice assignment of 4,096 bytes): HEAD, settings
and statistics in the first record, the game in the second. A cut inside
that write can lose data; it is detected (``message``) unless the cut left
the sector blank, which looks like a new board.

The app's save (sanbon.app) gives all sections each time; ``save`` writes
only those that changed, and a section that grew by appending (the game's
journal of actions) as its new bytes only. Identical sections are never
rewritten. Reading is sanbon.store_load's ``load(store)``, which the app
forgets after its boot. The old two-slot layout (FORMAT 1, sanbon.store_v1)
is read once and rewritten in this one on the first boot.
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


FORMAT = const(2)
MAGIC = const(0xA5)  # a record's first byte
HEADER = const(7)  # magic, length, seq
ADD = const(0x80)  # tag | ADD: appended to the section

# section tags
SETTINGS = const(1)
STATS = const(2)
GAME = const(3)  # the game's snapshot: sanbon.session's bytes at its last snapshot
LOG = const(4)  # the game's seed and actions up to the snapshot (the record)
JOURNAL = const(5)  # the actions since the snapshot (u16 each)
BOT = const(6)  # the computer seats' RNG now
HEAD = const(7)
MEMORY = const(8)  # what the computer seats remember that the moves do not say (the game's bot_memory)

MSG_CORRUPT = "Some saved data was lost."

_BLANK = b"\xff" * 256


def _crc(*parts):
    crc = 0
    for part in parts:
        crc = crc32(part, crc)
    return crc & 0xFFFFFFFF


def _u32(data, pos):
    return (data[pos] << 24) | (data[pos + 1] << 16) | (data[pos + 2] << 8) | data[pos + 3]


def _put_u32(data, pos, value):
    data[pos] = (value >> 24) & 0xFF
    data[pos + 1] = (value >> 16) & 0xFF
    data[pos + 2] = (value >> 8) & 0xFF
    data[pos + 3] = value & 0xFF


def encode_sections(sections):
    """{tag: bytes} -> payload (a bytearray), tags in ascending order.

    The payload is allocated once at its size (appending to a bytearray
    grows it a few bytes at a time: KB of garbage on the device)."""
    tags = []
    total = 0
    for tag in sorted(sections):
        data = sections[tag]
        if data is None:
            continue
        if len(data) > 0xFFFF:
            raise ValueError("section too large")
        tags.append(tag)
        total += 3 + len(data)
    out = bytearray(total)
    pos = 0
    for tag in tags:
        data = sections[tag]
        size = len(data)
        out[pos] = tag
        out[pos + 1] = size >> 8
        out[pos + 2] = size & 0xFF
        out[pos + 3 : pos + 3 + size] = data
        pos += 3 + size
    return out


def decode_sections(payload):
    """payload bytes -> {tag: bytes}; raises ValueError on a malformed payload."""
    sections = {}
    pos = 0
    end = len(payload)
    while pos < end:
        if pos + 3 > end:
            raise ValueError("truncated section header")
        tag = payload[pos]
        size = (payload[pos + 1] << 8) | payload[pos + 2]
        pos += 3
        if pos + size > end or tag in sections:
            raise ValueError("truncated section")
        sections[tag] = bytes(payload[pos : pos + size])
        pos += size
    return sections


def _digests(sections):
    out = {}
    for tag in sections:
        if sections[tag]:
            out[tag] = (len(sections[tag]), _crc(sections[tag]))
    return out


def _blank(nvm, start, stop, page=_BLANK):
    """True if nvm[start:stop] is all 0xFF, or all ``page``'s byte (read a page at a time)."""
    while start < stop:
        chunk = min(256, stop - start)
        if nvm[start : start + chunk] != (page if chunk == 256 else page[:chunk]):
            return False
        start += chunk
    return True


class Store:
    """The record log over an nvm-like byte buffer (4 KB on the board)."""

    def __init__(self, nvm, size=None):
        self.nvm = nvm
        self.slot_size = len(nvm) if size is None else size  # the sector's size
        if self.slot_size < 256:
            raise ValueError("NVM too small for the save store")
        self.writes = 0  # NVM writes made through this Store (wear accounting)
        self.bytes_written = 0
        self.erases = 0  # of them, sector rewrites (compactions)
        self.live = {}  # tag -> (length, CRC32) of what a reboot would read: no copy of the bytes kept
        self._seq = 0  # the last record's sequence number
        self._end = 0  # where the next record goes
        self._dirty = True  # the space after _end is not blank: the next save compacts
        self.cycles = 0  # the sector's erases, as HEAD counts them (the About screen shows it)
        self.message = None  # set when saved data was found damaged

    def save(self, sections, room=0):
        """Make the stored sections equal ``sections``. Returns True if it wrote.

        Writes one record of the changes (nothing if there are none) into
        the blank space; if it does not fit, or fewer than ``room`` bytes
        would stay free after it, the sector is rewritten with the live
        sections instead (one erase)."""
        live = self.live
        new = {}
        out = {}
        for tag in sections:
            data = sections[tag]
            if not data:
                continue
            digest = new[tag] = (len(data), _crc(data))
            old = live.get(tag)
            if old == digest:
                continue
            if old and len(data) > old[0] and _crc(memoryview(data)[: old[0]]) == old[1]:
                out[tag | ADD] = data[old[0] :]  # grown by appending: the new bytes only
            else:
                out[tag] = data
        for tag in live:
            if tag not in new:
                out[tag] = b""
        if not out:
            return False
        payload = encode_sections(out)
        end = self._end + HEADER + len(payload) + 4
        if self._dirty or not self._end or end + room > self.slot_size or not _blank(self.nvm, self._end, end):
            self._compact(sections)
            return True
        rec = self._make(payload)
        self.nvm[self._end : end] = rec  # one slice assignment into blank bytes: no erase
        self.writes += 1
        self.bytes_written += len(rec)
        self._end = end
        self.live = new
        return True

    def _make(self, payload):
        self._seq = seq = (self._seq + 1) & 0x3FFFFFFF
        rec = bytearray(HEADER + len(payload) + 4)
        rec[0] = MAGIC
        rec[1] = len(payload) >> 8
        rec[2] = len(payload) & 0xFF
        _put_u32(rec, 3, seq)
        rec[HEADER : HEADER + len(payload)] = payload
        _put_u32(rec, HEADER + len(payload), _crc(memoryview(rec)[: HEADER + len(payload)]))
        return rec

    def _compact(self, sections):
        """Erase the sector and write ``sections`` in it: settings and
        statistics with HEAD in the first record, the game in the second."""
        small = {}
        big = {}
        for tag in sections:
            if sections[tag]:
                (small if tag < GAME else big)[tag] = sections[tag]
        blank = not self._end and not self._dirty  # a blank sector: written without an erase
        cycles = self.cycles if blank else self.cycles + 1
        head = bytearray(6)
        head[0] = FORMAT
        head[1] = 2 if big else 1
        _put_u32(head, 2, cycles)
        small[HEAD] = head
        seq = self._seq
        first = self._make(encode_sections(small))
        used = len(first)
        second = self._make(encode_sections(big)) if big else b""
        if used + len(second) > self.slot_size:
            self._seq = seq
            raise ValueError("save of %d bytes exceeds the sector (%d)" % (used + len(second), self.slot_size))
        if blank:  # the records alone
            image = first + second
        else:  # the whole sector in one write: erased, then programmed (the rest blank)
            image = bytearray(self.slot_size)  # one 4 KB buffer, blank after the records
            image[0:used] = first
            image[used : used + len(second)] = second
            pos = used + len(second)
            while pos < self.slot_size:
                chunk = min(256, self.slot_size - pos)
                image[pos : pos + chunk] = _BLANK if chunk == 256 else _BLANK[:chunk]
                pos += chunk
        used += len(second)
        self.nvm[0 : len(image)] = image
        self.writes += 1
        self.erases += 1
        self.cycles = cycles
        self.bytes_written += used
        self._end = used
        self._dirty = False
        self.live = _digests(sections)
