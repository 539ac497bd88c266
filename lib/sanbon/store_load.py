"""The save store's reader (sanbon.store): ``load(store)``, loaded at boot,
then forgotten (sanbon.app), so that its code does not stay in the heap
during play."""

from sanbon.store import ADD, FORMAT, HEAD, HEADER, MAGIC, MSG_CORRUPT, _blank, _crc, _digests, _u32, decode_sections


def load(store):
    """Read the live sections: returns {tag: bytes} (empty if none).

    Never raises on bad contents: damage that can be told from a torn
    last record sets ``store.message`` to MSG_CORRUPT."""
    store.live = {}
    live = {}
    store.message = None
    store._seq, store._end, store._dirty = 0, 0, True
    first = _record(store, 0, None)
    head = first[1].get(HEAD) if first else None
    if head is None or len(head) < 6 or head[0] != FORMAT:
        if _blank(store.nvm, 0, store.slot_size):
            store._dirty = False  # a new board (or a sector a cut left blank)
            return live
        import sys

        from sanbon import store_v1  # the old layout's reader, only when needed

        old = store_v1.read(store.nvm, store.slot_size)
        sys.modules.pop("sanbon.store_v1", None)  # and forgotten
        del sys.modules["sanbon"].store_v1
        if old is None:
            if not _blank(store.nvm, 0, store.slot_size, bytes(256)):  # zeros: the old layout's reset
                store.message = MSG_CORRUPT
            return live
        try:  # the two-slot layout: rewritten in this one now
            store._compact(old)
        except Exception as error:  # the next save retries
            print("store:", error)
        return old
    store.cycles = _u32(head, 2)
    count = head[1]
    rec = first
    records = 0
    while rec is not None:
        records += 1
        store._seq, sections, store._end = rec
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
        rec = _record(store, store._end, store._seq)
    store._dirty = not _blank(store.nvm, store._end, store.slot_size)
    if records < count or (store._dirty and not _torn(store, store._end)):
        store.message = MSG_CORRUPT  # a cut in the last rewrite, or records lost after a damaged one
    store.live = _digests(live)
    return live


def _record(store, pos, prev):
    """(seq, sections, next pos) of the record at ``pos``, or None."""
    nvm = store.nvm
    if pos + HEADER + 4 > store.slot_size:
        return None
    head = bytes(nvm[pos : pos + HEADER])
    size = (head[1] << 8) | head[2]
    end = pos + HEADER + size + 4
    seq = _u32(head, 3)
    if head[0] != MAGIC or end > store.slot_size or (prev is not None and seq != (prev + 1) & 0x3FFFFFFF):
        return None
    body = bytes(nvm[pos + HEADER : end])
    if _u32(body, size) != _crc(head, body[:size]):
        return None
    try:
        return seq, decode_sections(body[:size]), end
    except ValueError:
        return None


def _torn(store, pos):
    """True if what follows the last good record (at ``pos``, not all
    blank) lost no record: one record a power cut tore as it was appended,
    or stray bits in the erased bytes. A torn record's length reads as its
    own or more (a program only clears bits), the bytes after its end are
    blank and no good record follows it. Anything else is damage that hid
    the records after it."""
    nvm, top = store.nvm, store.slot_size
    end = pos + HEADER + ((nvm[pos + 1] << 8) | nvm[pos + 2]) + 4 if pos + 3 <= top else top
    if end <= top and not _blank(nvm, end, top):
        return False
    scan = pos + 1
    while scan + HEADER + 4 <= top:
        if nvm[scan] == MAGIC and _record(store, scan, None) is not None:
            return False
        scan += 1
    return True
