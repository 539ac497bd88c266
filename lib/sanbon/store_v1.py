"""The save store's old layout (FORMAT 1), read once to be rewritten in the
new one (sanbon.store): two 2 KB slots, each one whole record:

    0  b"SB", 1, game id, seq (4), payload length (2), reserved (2),
   12  CRC32 of bytes 0-11 and the payload, then the payload (sections)

Loaded only when the sector holds neither the new layout nor nothing.
"""

from sanbon.store import GAME, JOURNAL, LOG, _crc, _u32, decode_sections


def read(nvm, size):
    """The newest valid slot's sections, converted, or None."""
    best = None
    half = size // 2
    for base in (0, half):
        head = bytes(nvm[base : base + 16])
        length = (head[8] << 8) | head[9]
        if head[0:3] != b"SB\x01" or length > half - 16:
            continue
        payload = bytes(nvm[base + 16 : base + 16 + length])
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
    if game:  # the record was whole in LOG: now the seed, and the actions as the journal
        rec = old.get(LOG) or b""
        length = len(rec) - 4 if len(rec) >= 4 else 0
        old[GAME] = game + bytes((length >> 8, length & 0xFF))  # the snapshot holds all of them
        if length:
            old[JOURNAL] = rec[4:]
        if rec:
            old[LOG] = rec[:4]
    return old
