"""The save store: a log of records in microcontroller.nvm's one 4 KB flash sector.

On the RP2040 a write into bytes that are all 0xFF (erased) only programs
the touched 256-byte pages; any other write erases and reprograms the whole
sector, with interrupts off (about 45 ms), and a power cut then can leave it
blank or scrambled. So the store appends, the way a flash journal does:

    record = MAGIC (1), length (2), seq (4), payload, CRC32 (4)
    payload = sections: tag (1), length (2), data

A section replaces the one of its tag; ``tag | ADD`` appends to it; an empty
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
rewritten. The old two-slot layout (FORMAT 1) is read once and rewritten
in this one on the first boot.
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
SECTOR = const(4096)
MAGIC = const(0xA5)
HEADER = const(7)  # magic, length, seq
NO_GAME = const(0xFF)
ADD = const(0x80)

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
        if i + size > n or tag in sections:
            raise ValueError("truncated section")
        sections[tag] = bytes(payload[i : i + size])
        i += size
    return sections


def _blank(nvm, start, stop, fill=_BLANK):
    """True if nvm[start:stop] is all 0xFF (or all ``fill``; read a page at a time)."""
    while start < stop:
        k = min(256, stop - start)
        if nvm[start : start + k] != fill[:k]:
            return False
        start += k
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
        self.live = {}  # tag -> bytes: what a reboot would read
        self._seq = 0  # the last record's sequence number
        self._end = 0  # where the next record goes
        self._dirty = True  # the space after _end is not blank: the next save compacts
        self.cycles = 0  # the sector's erases, as HEAD counts them
        self.message = None  # set when saved data was found damaged

    @property
    def capacity(self):
        """The largest payload the sector can hold (in one record)."""
        return self.slot_size - 2 * HEADER - 8 - 7

    @property
    def free(self):
        """Bytes left for records before the next compaction."""
        return 0 if self._dirty else self.slot_size - self._end

    def _record(self, pos, prev):
        """(seq, sections, next pos) of the record at ``pos``, or None."""
        nvm = self.nvm
        if pos + HEADER + 4 > self.slot_size:
            return None
        head = bytes(nvm[pos : pos + HEADER])
        size = (head[1] << 8) | head[2]
        end = pos + HEADER + size + 4
        seq = _u32(head, 3)
        if head[0] != MAGIC or end > self.slot_size or (prev is not None and seq != (prev + 1) & 0x3FFFFFFF):
            return None
        body = bytes(nvm[pos + HEADER : end])
        if _u32(body, size) != _crc(head, body[:size]):
            return None
        try:
            return seq, decode_sections(body[:size]), end
        except ValueError:
            return None

    def load(self):
        """Read the live sections: returns {tag: bytes} (empty if none).

        Never raises on bad contents: damage that can be told from a torn
        last record sets ``self.message`` to MSG_CORRUPT."""
        self.live = live = {}
        self.message = None
        self._seq, self._end, self._dirty = 0, 0, True
        first = self._record(0, None)
        head = first[1].get(HEAD) if first else None
        if head is None or len(head) < 6 or head[0] != FORMAT:
            if _blank(self.nvm, 0, self.slot_size):
                self._dirty = False  # a new board (or a sector a cut left blank)
                return live
            if _blank(self.nvm, 0, self.slot_size, bytes(256)):
                return live  # the old layout's reset wrote zeros: nothing saved (the next save erases)
            old = _legacy(self.nvm, self.slot_size)
            if old is None:
                self.message = MSG_CORRUPT
                return live
            live.update(old)  # the two-slot layout: rewritten in this one now
            try:
                self._compact(live)
            except Exception as e:  # the sections stay in memory; the next save retries
                print("store:", e)
            return live
        self.cycles = _u32(head, 2)
        count = head[1]
        rec = first
        n = 0
        while rec is not None:
            n += 1
            self._seq, sections, self._end = rec
            for tag in sections:
                data = sections[tag]
                if tag == HEAD:
                    continue
                if tag & ADD:
                    tag &= 0x7F
                    live[tag] = live.get(tag, b"") + data
                elif data:
                    live[tag] = data
                elif tag in live:
                    del live[tag]
            rec = self._record(self._end, self._seq)
        self._dirty = not _blank(self.nvm, self._end, self.slot_size)
        if n < count or (self._dirty and not self._torn(self._end)):
            self.message = MSG_CORRUPT  # a cut in the last rewrite, or records lost after a damaged one
        return live

    def _torn(self, pos):
        """True if what follows the last good record (at ``pos``, not all
        blank) lost no record: one record a power cut tore as it was
        appended, or stray bits in the erased bytes. A torn record's length
        reads as its own or more (a program only clears bits), the bytes
        after its end are blank and no good record follows it. Anything
        else is damage that hid the records after it."""
        nvm, top = self.nvm, self.slot_size
        end = pos + HEADER + ((nvm[pos + 1] << 8) | nvm[pos + 2]) + 4 if pos + 3 <= top else top
        if end <= top and not _blank(nvm, end, top):
            return False
        q = pos + 1
        while q + HEADER + 4 <= top:
            if nvm[q] == MAGIC and self._record(q, None) is not None:
                return False
            q += 1
        return True

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
            data = bytes(data)
            new[tag] = data
            old = live.get(tag)
            if old == data:
                continue
            k = len(old) if old else 0
            if k and data[:k] == old:
                out[tag | ADD] = data[k:]  # grown by appending: the new bytes only
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
            self._compact(new)
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
        _put_u32(rec, HEADER + len(payload), _crc(rec[: HEADER + len(payload)]))
        return rec

    def _compact(self, sections):
        """Erase the sector and write ``sections`` in it: settings and
        statistics with HEAD in the first record, the game in the second."""
        small = {}
        big = {}
        for tag in sections:
            if sections[tag]:
                (small if tag < GAME else big)[tag] = sections[tag]
        head = bytearray(6)
        head[0] = FORMAT
        head[1] = 2 if big else 1
        _put_u32(head, 2, self.cycles + 1)
        small[HEAD] = head
        image = bytearray(b"\xff" * self.slot_size)
        seq = self._seq
        first = self._make(encode_sections(small))
        n = len(first)
        image[0:n] = first
        if big:
            second = self._make(encode_sections(big))
            if n + len(second) > self.slot_size:
                self._seq = seq
                raise ValueError("save of %d bytes exceeds the sector (%d)" % (n + len(second), self.slot_size))
            image[n : n + len(second)] = second
            n += len(second)
        self.nvm[0 : self.slot_size] = image  # one write: the sector erased and programmed
        self.writes += 1
        self.erases += 1
        self.cycles += 1
        self.bytes_written += n
        self._end = n
        self._dirty = False
        self.live = dict(sections)

    def erase(self):
        """Forget everything (a 'reset' from Settings): one sector rewrite."""
        self._compact({})


def _legacy(nvm, size):
    """The newest valid record of the two-slot layout (FORMAT 1), or None."""
    best = None
    half = size // 2
    for base in (0, half):
        head = bytes(nvm[base : base + 16])
        n = (head[8] << 8) | head[9]
        if head[0:3] != b"SB\x01" or n > half - 16:
            continue
        payload = bytes(nvm[base + 16 : base + 16 + n])
        if _u32(head, 12) != _crc(head[0:12], payload):
            continue
        seq = _u32(head, 4)
        if best is None or ((seq - best[0]) & 0x3FFFFFFF) < 0x20000000:
            try:
                best = (seq, decode_sections(payload))
            except ValueError:
                pass
    if best is None:
        return None
    old = best[1]
    game = old.get(GAME)
    if game:  # FORMAT 1 kept the record whole in LOG: now the seed, and the actions as the journal
        rec = old.get(LOG) or b""
        n = len(rec) - 4 if len(rec) >= 4 else 0
        old[GAME] = game + bytes((n >> 8, n & 0xFF))
        if n:
            old[JOURNAL] = rec[4:]
        if rec:
            old[LOG] = rec[:4]
    return old
