"""The save bench's data: for each title, the saves of seeded all-computer
games through the real app (tools.powercut.trace, headless) and the saved
game whose Continue replays the most actions.

``python -m tools.save_bench.make_data OUT.bin`` writes the file
tools/save_bench/code.py reads on the device and prints what is in it.

The file is a row of chunks: kind (1 byte), length (u16), data.

    T  a title's name (ASCII); the chunks up to the next T are its
    C  the Continue: sanbon.store.encode_sections of GAME, LOG, JOURNAL, BOT
       and MEMORY, then the CRC32 of the restored session's bytes (u32)
    S  one save of the app: room (u16), flags (1: time a store_load.load(store) after
       it), then the sections that changed since the last save as a payload
       (tag: the new bytes, b"" deletes it; tag | ADD: bytes appended)
    R  the sections a forced rewrite saves (settings, statistics, the game)

The Continue: the save of the trace with the most actions after its
snapshot. For a title whose games reach JOURNAL_MAX actions after a
snapshot (Kyudo, Okko), that is a turn end at which the journal reaches it,
with the snapshot before it. That turn end takes a new snapshot, so the
longest replay a save really holds is a turn shorter (the figure is an upper
bound). For a title whose games never get there (Kendo), the turn end with
the most actions in the trace: the whole game is replayed.
"""

import binascii
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

# (name on the device and in docs/saves.json, tools.powercut setup, what it is, a short name)
TITLES = (
    ("kyudo4", "kyudo4", "Kyudo, 4 computer archers", "Kyudo (4)"),
    ("kendo", "kendo", "Kendo Duel, 2 computer players", "Kendo Duel"),
    ("competition", "competition", "Kendo Competition, 2 computer players", "Competition"),
    ("okko", "okko", "Okko, 2 computer partners", "Okko"),
)
SEED = 1
ADD = 0x80  # this file's changes: tag | ADD for bytes appended (as the store's records say it)


def _norm(sections):
    return {t: bytes(v) for t, v in sections.items() if v}


def delta(old, new):
    """The changes from ``old`` to ``new`` ({tag: bytes}) as {tag: bytes}
    (tag | ADD for bytes appended, b"" for a section dropped)."""
    out = {}
    for t, v in new.items():
        o = old.get(t)
        if o == v:
            continue
        if o and v[: len(o)] == o:
            out[t | ADD] = v[len(o):]
        else:
            out[t] = v
    for t in old:
        if t not in new:
            out[t] = b""
    return out


def apply_delta(cur, d):
    """``cur`` ({tag: bytes}) after the changes ``d`` (as delta makes them)."""
    for t, v in d.items():
        if t & ADD:
            cur[t & 0x7F] = cur[t & 0x7F] + v
        elif v:
            cur[t] = v
        else:
            cur.pop(t, None)
    return cur


def _skip(game):
    return ((game[-2] << 8) | game[-1]) // 2


def continue_case(saves):
    """(sections, actions replayed, session bytes) of the save in ``saves``
    whose Continue replays the most actions (see the module's text)."""
    from sanbon.store import BOT, GAME, JOURNAL, LOG, MEMORY

    best = None
    for i, s in enumerate(saves):
        new = s.sections
        if not new.get(GAME) or s.session is None:
            continue
        cands = [new]
        if i and saves[i - 1].sections.get(GAME) and saves[i - 1].sections[GAME] != new[GAME]:
            # a new snapshot: the same turn end with the snapshot before it
            old = saves[i - 1].sections
            j = new.get(JOURNAL) or b""
            if j[: len(old.get(JOURNAL) or b"")] == (old.get(JOURNAL) or b""):
                cands.append({GAME: old[GAME], LOG: new.get(LOG), JOURNAL: j, BOT: new.get(BOT), MEMORY: new.get(MEMORY)})
        for c in cands:
            n = len(c.get(JOURNAL) or b"") // 2 - _skip(c[GAME])
            if best is None or n > best[1]:
                best = ({t: c.get(t) for t in (GAME, LOG, JOURNAL, BOT, MEMORY)}, n, s.session)
    return best


def title_data(setup):
    """(chunks, summary) for one tools.powercut setup."""
    from sanbon import store as S
    from sanbon.store_load import load as load_store
    from sanbon.session import Session
    from tools import powercut

    saves, _ = powercut.trace(setup, seed=SEED, games=1)
    assert saves and saves[0].before == b"\xff" * len(saves[0].before), "the trace must start on a blank sector"
    sections, n, session = continue_case(saves)
    restored = Session.from_bytes(None, sections[S.GAME], sections).to_bytes()
    assert restored == session, "the Continue does not restore the session"
    chunks = [(b"C", bytes(S.encode_sections(_norm(sections))) + binascii.crc32(restored).to_bytes(4, "big"))]
    # the saves, replayed on a host sector to find the fullest point (timed Store.load there)
    st = S.Store(bytearray(b"\xff" * 4096))
    load_store(st)
    prev, ends, rewrites, deltas = {}, [], 0, []
    for s in saves:
        new = _norm(s.sections)
        e = st.erases
        st.save(new, s.room)
        rewrites += st.erases != e
        ends.append(st._end)
        deltas.append(delta(prev, new))
        prev = new
    fullest = max(range(len(saves)), key=lambda i: ends[i])
    for i, s in enumerate(saves):
        chunks.append((b"S", bytes(((s.room >> 8) & 0xFF, s.room & 0xFF, 1 if i == fullest else 0))
                       + bytes(S.encode_sections(deltas[i]))))
    last = _norm(saves[-1].sections)
    forced = {t: last[t] for t in (S.SETTINGS, S.STATS) if t in last}
    forced.update(_norm(sections))
    chunks.append((b"R", bytes(S.encode_sections(forced))))
    summary = {"saves": len(saves), "rewrites_expected": rewrites, "fullest_end": ends[fullest],
               "continue_actions": n, "continue_skip": _skip(sections[S.GAME]),
               "continue_crc": "%08x" % binascii.crc32(restored), "kinds": kinds(deltas)}
    return chunks, summary


def kinds(deltas):
    """The kind of each save (by what changed): fresh (the first, into a
    blank sector), turn (a turn end: the journal's new actions, the computer
    seats' RNG and memories), snapshot (a turn end with a new snapshot),
    other (a game's start or end: settings, statistics, a game added or
    dropped)."""
    from sanbon.store import BOT, GAME, JOURNAL, MEMORY

    out = []
    for i, d in enumerate(deltas):
        tags = set(d)
        if i == 0:
            out.append("fresh")
        elif tags <= {JOURNAL | ADD, BOT, MEMORY, JOURNAL}:
            out.append("turn")
        elif GAME in tags and d[GAME] and tags <= {GAME, JOURNAL | ADD, JOURNAL, BOT, MEMORY}:
            out.append("snapshot")
        else:
            out.append("other")
    return out


def build():
    """(the file's bytes, {title: summary})."""
    out = bytearray()
    summaries = {}
    for name, setup, _, _ in TITLES:
        chunks, summaries[name] = title_data(setup)
        for kind, data in [(b"T", name.encode())] + chunks:
            assert len(data) < 0x10000
            out += kind + bytes((len(data) >> 8, len(data) & 0xFF)) + data
    return bytes(out), summaries


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    data, summaries = build()
    with open(argv[0], "wb") as f:
        f.write(data)
    for name, s in summaries.items():
        print(name, {k: v for k, v in s.items() if k != "kinds"})
    print("%d bytes" % len(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
