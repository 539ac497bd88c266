"""Power cuts at every step of every save of seeded games (issue 15).

    python -m tools.powercut [kyudo4|kendo|competition|okko ...]

``trace(setup)`` plays seeded all-computer games through the real app in the
headless simulator, in a row on one flash sector (two, and more until the
sector has had to be erased), and keeps, for every save the app
made: the sector's bytes and the store's place before it, what it saved,
what the store held after it, and the session's bytes then.

``cut_all(saves)`` replays each save on a chip-like sector
(boards.desktop.FlashNvm) and cuts the power at every page program (before
it and half-way through it) and at five points of every sector erase (part
erased, random bits), then reboots: a fresh Store reads the sector and a
saved game is restored as Continue restores it (snapshot, then the journal
replayed). Each cut must give:

- ``kept``: exactly what the store held after the save, or before it (the
  settings, the statistics and the game), the game restoring to the
  session's bytes of that save;
- only for a cut inside a sector rewrite: ``blank`` (the sector reads as a
  new board's), or ``detected`` (the store says saved data was lost, and
  what it still gives is the new or the old bytes of each section).

Anything else (a crash, a wrong state, a loss not reported) is a failure.
``full_boot`` also boots the whole App on the cut sector for every
``full_boot``-th cut and Continues its game.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from tools import games as _registry  # noqa: E402

PAGE_PARTS = (0.0, 0.5)  # a page program: cut before it starts, and half-way
ERASE_PARTS = (0.0, 0.2, 0.45, 0.6, 0.95)  # an erase: part erased (< 0.5), random bits (>= 0.5)

# name: (game key, players, mode), of every game and mode with a bench key in the
# registry (tools/games: Variant.bench, bench_players)
SETUPS = {v.bench[0]: (v.game.key, v.bench_players, v.mode) for v in _registry.variants() if v.bench}


class Save:
    """One App.save as the store saw it: ``old`` and ``live`` are what a
    reboot should read before and after it."""

    __slots__ = ("before", "place", "sections", "room", "old", "live", "session", "erased", "pages", "rewrite",
                 "bytes")


def _place(store):
    return (dict(store.live), store._seq, store._end, store._dirty, store.cycles)


def _content(sections):
    return {t: bytes(d) for t, d in sections.items() if d}


def record(sim, saves):
    """Append a Save to ``saves`` for every save that writes, from now on, on
    the simulator's sector (which must hold nothing yet); returns the store's
    own save, to put back."""
    app = sim.app
    store, nvm = app.store, sim.board.nvm
    real = store.save
    content = [{}]  # what the sector holds

    def save(sections, room=0):
        s = Save()
        s.before, s.place, s.room = bytes(nvm), _place(store), room
        s.sections = {t: None if v is None else bytes(v) for t, v in sections.items()}
        e, p, c, b = nvm.erases, nvm.pages, store.erases, store.bytes_written
        wrote = real(sections, room)
        s.erased, s.pages, s.rewrite = nvm.erases - e, nvm.pages - p, store.erases != c
        s.bytes = store.bytes_written - b
        s.old = content[0]
        s.live = _content(sections) if wrote else content[0]
        content[0] = s.live
        sess = app.session
        s.session = sess.to_bytes() if sess is not None and not sess.finished else None
        if wrote:
            saves.append(s)
        return wrote

    store.save = save
    return real


def _top_level(key, mode, info):
    """The strongest computer level the app's setup offers in ``mode`` (tools/games/
    Variant.levels: a Kendo Duel offers no Hard, which plays as Normal there)."""
    from tools import games as host

    for v in host.get(key).modes:
        if v.mode == mode:
            return host.get(key).levels[v.level_names()[-1]]
    return info.levels[-1]


def trace(name, seed=1, games=2, size="pico_display", most=16):
    """The saves of seeded all-computer games of setup ``name`` in a row on
    one sector: ``games`` of them, and more (up to ``most``) until the sector
    has been erased once; and the simulator's board."""
    from sanbon import games as registry
    from tools.sim import Sim

    key, players, mode = SETUPS[name]
    info = [g for g in registry.ALL if g.key == key][0]
    sim = Sim(size, seed=seed, render=False)
    app = sim.app
    app.settings.speed = 2  # instant
    nvm = sim.board.nvm
    saves = []
    real = record(sim, saves)
    level = _top_level(key, mode, info)
    g = 0
    while g < games or (nvm.erases == 0 and g < most):
        g += 1
        config = registry.Config(info, players, mode, [level] * info.max_players)
        app.start_game(info, config)
        for _ in range(3):
            if app.session is not None:
                break
            sim.step()
        idle, last = 0, None
        while not app.session.state.is_over():
            sim.step()
            now = app.session.state.to_bytes()
            idle = idle + 1 if now == last else 0
            last = now
            if idle >= 50:  # a screen waits for a person (Okko's new-board notice)
                sim.press("A")
                idle = 0
        sim.wait(200)
        app.end_session()
        app.home()
    app.store.save = real
    return saves, sim.board


def _restore(live):
    """The session bytes a Continue would restore from ``live``, or None; raises if it fails."""
    from sanbon.session import Session
    from sanbon.store import GAME

    if not live.get(GAME):
        return None
    return Session.from_bytes(None, live[GAME], live).to_bytes()


def _same_parts(got, a, b):
    """Every section of ``got`` is that of ``a`` or of ``b``."""
    return all(got[t] == a.get(t) or got[t] == b.get(t) for t in got)


def cut_all(saves, full_boot=0, board=None):
    """Every cut of every save; returns {"cuts", "kept", "blank", "detected",
    "failures", "boots", "errors", "in_rewrite"}."""
    from boards.desktop import FlashNvm, PowerCut
    from sanbon.store import Store

    out = {"cuts": 0, "kept": 0, "blank": 0, "detected": 0, "failures": 0, "boots": 0, "in_rewrite": 0,
           "errors": []}
    prev_session = None
    for k, s in enumerate(saves):
        steps = (["erase"] if s.erased else []) + ["page"] * s.pages
        old_live = s.old
        old_session = _restore(old_live) if k == 0 else prev_session
        for i, kind in enumerate(steps):
            for part in ERASE_PARTS if kind == "erase" else PAGE_PARTS:
                out["cuts"] += 1
                nvm = FlashNvm(data=s.before)
                st = Store(nvm)
                st.live, st._seq, st._end, st._dirty, st.cycles = dict(s.place[0]), s.place[1], s.place[2], s.place[3], s.place[4]
                nvm.cut(i, part, seed=k * 1000 + i)
                where = "save %d step %d (%s) at %.2f" % (k, i, kind, part)
                try:
                    st.save(s.sections, s.room)
                    raise AssertionError("no power cut happened")
                except PowerCut:
                    pass
                try:
                    verdict = _check(bytes(nvm), s, old_live, old_session, s.rewrite)
                    out[verdict] += 1
                    if s.rewrite:
                        out["in_rewrite"] += 1
                    if full_boot and out["cuts"] % full_boot == 0:
                        _boot(bytes(nvm), board)
                        out["boots"] += 1
                except Exception as e:  # a crash or a wrong state
                    out["failures"] += 1
                    if len(out["errors"]) < 5:
                        out["errors"].append("%s: %s: %s" % (where, type(e).__name__, e))
        prev_session = s.session
    return out


def _check(img, s, old_live, old_session, rewrite):
    from boards.desktop import FlashNvm
    from sanbon.store import Store
    from sanbon.store_load import load as load_store

    st = Store(FlashNvm(data=img))
    got = load_store(st)
    if got == s.live or got == old_live:
        want = s.session if got == s.live else old_session
        if _restore(got) != want:
            raise AssertionError("the restored game is not the saved one")
        if st.message and not rewrite:
            raise AssertionError("a loss reported for a save cut outside a rewrite")
        return "kept"
    if not rewrite:
        raise AssertionError("a cut outside a rewrite changed the saved data: %s" % sorted(got))
    if not got and not st.message:
        if img != b"\xff" * len(img):
            raise AssertionError("an unreported loss on a sector that is not blank")
        return "blank"
    if not st.message:
        raise AssertionError("a partial rewrite read as valid without a report")
    if not _same_parts(got, s.live, old_live):
        raise AssertionError("a section that is neither the new nor the old one")
    _restore(got)  # what is left of a game must restore or be refused cleanly
    return "detected"


def _boot(img, board):
    """A whole App on the sector: it boots, and Continues a saved game."""
    from sanbon.app import App

    nvm = board.nvm
    bytearray.__setitem__(nvm, slice(0, len(nvm)), img)
    app = App(board, 7, strict=True)
    app.step(0)
    if app.saved_game:
        app.continue_game()
        for t in range(1, 6):
            app.step(t * 50)
    return app


def run(names=None, full_boot=25):
    """{setup: cut_all's figures, plus "saves" and "rewrites"}."""
    res = {}
    for name in names or SETUPS:
        saves, board = trace(name)
        r = cut_all(saves, full_boot, board)
        r["saves"] = len(saves)
        r["rewrites"] = sum(1 for s in saves if s.rewrite)
        res[name] = r
    return res


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.powercut", description=(__doc__ or "").split("\n")[0])
    ap.add_argument("names", nargs="*", metavar="GAME", help="which seeded games (default: all): %s"
                    % ", ".join(sorted(SETUPS)))
    a = ap.parse_args(argv)
    bad_names = [n for n in a.names if n not in SETUPS]
    if bad_names:
        ap.error("no game %r: choose from %s" % (bad_names[0], ", ".join(sorted(SETUPS))))
    res = run(a.names or None)
    bad = 0
    for name, r in res.items():
        print("%s: %d saves (%d sector rewrites), %d cut points: %d kept, %d blank, %d detected, %d failures, "
              "%d whole-app boots" % (name, r["saves"], r["rewrites"], r["cuts"], r["kept"], r["blank"],
                                      r["detected"], r["failures"], r["boots"]))
        for e in r["errors"]:
            print("  " + e)
        bad += r["failures"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
