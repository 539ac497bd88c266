# Sanbon save bench: runs as code.py on a Pico (real or emulated; see
# tools/save_bench/run.py). It reads /savebench.bin (tools/save_bench/
# make_data.py: for each title a saved game and the app's saves of seeded
# games) and prints one "SAVEB ..." line per figure, times in microseconds
# of time.monotonic_ns(), heap in bytes of gc.mem_free():
#   heap <before> store <after sanbon.store> session <after sanbon.session>
#   nvm <bytes> blank <1 if all 0xFF at boot>
#   image <alloc> <alloc>            heap a 4 KB blank image costs: bytearray(b"\xff" * 4096)
#                                    (as sanbon.store builds it), bytearray(b"\xff") * 4096
#   import <title> <us> <heap>       the title's modules (the first Continue loads them)
#   snap <title> <us>                Session.from_bytes on the snapshot alone (no action replayed)
#   cont <title> <us>                Session.from_bytes on the snapshot and the journal (Continue)
#   restored <title> <actions> <skip> <crc32 of the session's bytes> <heap>
#   blank <title> <us>               the sector blanked (an erase) before the title's saves
#   save <title> <i> <us> <bytes> <erased> <alloc> <end>   Store.save of the app's i-th save
#   load <title> <i> <us> <records' bytes>                 store_load.load(store) of the sector after it
#   rewrite <title> <us> <bytes> <erased> <alloc> <least free>   Store.save(..., room=4096)
# <bytes>: the records written; <erased>: 1 if the sector was rewritten;
# <alloc>: heap allocated by the call (the collector off during it), so
# <least free> is the least free heap it left.
import gc
import sys
import time

gc.collect()
F0 = gc.mem_free()
from sanbon import store as S  # noqa: E402
from sanbon.store_load import load as load_store  # noqa: E402

gc.collect()
F1 = gc.mem_free()
from sanbon import session as SS  # noqa: E402

gc.collect()
F2 = gc.mem_free()
print("SAVEB heap", F0, "store", F1, "session", F2)

import microcontroller  # noqa: E402

from sanbon import games, ui  # noqa: E402  (the menu has ui loaded when Continue runs)

REPEAT = 3
FORCED = 5
DATA = "/savebench.bin"


def us(t0, t1):
    return (t1 - t0) // 1000


def chunks():
    with open(DATA, "rb") as f:
        while True:
            h = f.read(3)
            if len(h) < 3:
                return
            yield h[0], f.read((h[1] << 8) | h[2])


def apply_delta(cur, d):
    for t in d:
        v = d[t]
        if t & 0x80:  # bytes appended (make_data.ADD)
            cur[t & 0x7F] = cur.get(t & 0x7F, b"") + v
        elif v:
            cur[t] = v
        elif t in cur:
            del cur[t]


def cont(title, data):
    sections = S.decode_sections(data[:-4])
    game = sections[S.GAME]
    skip = (game[-2] << 8) | game[-1]
    before = set(sys.modules)
    gc.collect()
    m0 = gc.mem_free()
    t0 = time.monotonic_ns()
    SS.load_module(games.by_id(game[0]))
    t1 = time.monotonic_ns()
    gc.collect()
    print("SAVEB import", title, us(t0, t1), m0 - gc.mem_free())
    alone = dict(sections)
    alone[S.JOURNAL] = sections[S.JOURNAL][:skip]
    for _ in range(REPEAT):
        gc.collect()
        t0 = time.monotonic_ns()
        s = SS.Session.from_bytes(None, game, alone)
        t1 = time.monotonic_ns()
        print("SAVEB snap", title, us(t0, t1))
    s = None
    for _ in range(REPEAT):
        s = None
        gc.collect()
        t0 = time.monotonic_ns()
        s = SS.Session.from_bytes(None, game, sections)
        t1 = time.monotonic_ns()
        print("SAVEB cont", title, us(t0, t1))
    crc = S._crc(s.to_bytes())
    gc.collect()
    print("SAVEB restored", title, (len(sections[S.JOURNAL]) - skip) // 2, skip // 2, "%08x" % crc, gc.mem_free())
    s = alone = sections = None
    ui.forget(before)
    gc.collect()


def timed_save(st, sections, room):
    gc.collect()
    b, e = st.bytes_written, st.erases
    f0 = gc.mem_free()
    gc.disable()
    t0 = time.monotonic_ns()
    st.save(sections, room)
    t1 = time.monotonic_ns()
    f1 = gc.mem_free()
    gc.enable()
    return us(t0, t1), st.bytes_written - b, st.erases - e, f0 - f1, f1


def start(title, nvm):
    """A blank sector (one erase, unless it is blank already) and a Store on it."""
    gc.collect()
    t0 = time.monotonic_ns()
    nvm[0 : len(nvm)] = b"\xff" * len(nvm)
    t1 = time.monotonic_ns()
    print("SAVEB blank", title, us(t0, t1))
    st = S.Store(nvm)
    load_store(st)
    return st


def save(title, st, cur, i, data):
    room, flags = (data[0] << 8) | data[1], data[2]
    apply_delta(cur, S.decode_sections(data[3:]))
    t, b, e, a, _ = timed_save(st, cur, room)
    print("SAVEB save", title, i, t, b, e, a, st._end)
    if flags & 1:
        gc.collect()
        t0 = time.monotonic_ns()
        load_store(S.Store(st.nvm))
        t1 = time.monotonic_ns()
        print("SAVEB load", title, i, us(t0, t1), st._end)


def forced(title, st, data):
    sections = S.decode_sections(data)
    bot = sections.get(S.BOT) or b"\x00" * 8
    for r in range(FORCED):
        sections[S.BOT] = bytes((bot[0] ^ (r + 1),)) + bot[1:]  # a change, so that it writes
        t, b, e, a, least = timed_save(st, sections, 4096)
        print("SAVEB rewrite", title, t, b, e, a, least)
    gc.collect()
    t0 = time.monotonic_ns()
    load_store(S.Store(st.nvm))
    t1 = time.monotonic_ns()
    print("SAVEB load", title, -1, us(t0, t1), st._end)


def alloc(f):
    gc.collect()
    f0 = gc.mem_free()
    gc.disable()
    f()
    f1 = gc.mem_free()
    gc.enable()
    return f0 - f1


def main():
    nvm = microcontroller.nvm
    print("SAVEB nvm", len(nvm), 1 if S._blank(nvm, 0, len(nvm)) else 0)
    print("SAVEB image", alloc(lambda: bytearray(b"\xff" * 4096)), alloc(lambda: bytearray(b"\xff") * 4096))
    title = st = cur = None
    i = 0
    for kind, data in chunks():
        kind = chr(kind)
        if kind == "T":
            title = data.decode()
            st, cur, i = None, {}, 0
            print("SAVEB title", title)
        elif kind == "C":
            cont(title, data)
        elif kind == "S":
            if st is None:
                st = start(title, nvm)
            save(title, st, cur, i, data)
            i += 1
        elif kind == "R":
            forced(title, st, data)
            st = cur = None
        data = None
        gc.collect()
    print("SAVEB free_end", gc.mem_free())
    print("SAVEB done")


main()
