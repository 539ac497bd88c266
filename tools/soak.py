"""Soak and fuzz runs (issue 7, part 4).

    python -m tools.soak [--scale F] [--json OUT] [--procs N] [--only a,b,c,d]

Four runs, each seeded (engine.rng.Rng) so the same command gives the same
figures:

a. games: seeded computer games per game and mode (10,000 each at scale 1:
   Kyudo 2-4 archers, Kendo Duel 2-4 players, Kendo Competition, Okko
   Partner play with two computer heroes, Pig), the bots fed only
   ``state.observation(seat)``, every invariant of tools/invariants.py
   checked after every action, and a save round trip after every action in
   one game of ten.
b. presses: 200,000 random presses in the headless simulator (strict app:
   any error raises), in bursts that start from a directed setup of every
   game and mode (random seats), with reboots from the stored NVM; counts
   the screens seen; the screen stack never empties.
c. restore: 100 all-computer games in the simulator (spread over the games
   and modes); after every action the session bytes (app.session.to_bytes())
   are loaded into a fresh App (Continue), which must continue identically:
   the same state and session bytes after each of the next actions and the
   same status line (describe()'s first line). The full screen text
   (visible labels) is compared too and its differences are counted, not
   failed: the message feed (the last actions' lines) is not in the save.
d. store: 100,000 random corruptions of real 4 KB sectors of the record log
   (sanbon.store), which the app wrote in the simulator on a FlashNvm:
   blank, all zero, menus only, a game of each kind mid-game, dozens of
   appended records, just after a rewrite, and an old FORMAT 1 two-slot
   image (migrated at load). Kinds: bit flips, torn records (cut at a byte,
   the rest 0xFF or partly programmed), power cuts replayed with
   FlashNvm.cut at a random step and part of a real save (append, rewrite,
   migration), overwritten ranges, payloads damaged and re-signed with a
   good CRC, header fields (magic, length, seq) changed and re-signed,
   duplicated or reordered records, fills, and mixes. store_load.load(store) must not
   raise, must give {int tag: bytes}, and every section it gives must be
   that tag's bytes in one of the states the sector went through, unless
   it reports a loss (``message``) or the sector is blank or zero (fresh);
   a re-signed damaged record can read as valid (counted, not failed); a
   cut append must read as the save before or after it, unreported. App
   boot on the bytes must not raise; a saved game it offers must Continue
   without an error (or be removed with a message).

``--scale 0.01`` is the quick version. ``run(scale, procs)`` returns the
figures as data (tests/test_soak.py).
"""

import argparse
import json
import os
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from engine.rng import Rng  # noqa: E402
from tools import games as registry  # noqa: E402

GAMES = 10000  # per game and mode, at scale 1
PRESSES = 200000
RESTORE_GAMES = 100
CORRUPTIONS = 100000
MAX_STEPS = 20000
NEXT_ACTIONS = 2  # restore: actions compared after each restore point
SIZE = "pico_display"
KEEP_ERRORS = 5  # failure messages kept per run


def scaled(n, scale, least=1):
    return max(least, int(round(n * scale)))


# -- a. computer games with invariants -----------------------------------------

MODES = tuple(v.name for v in registry.variants())  # (the order gives each its seeds)


def _game(variant, seed):
    """One seeded computer game of ``variant`` (tools.games: its soak deal,
    invariants and save round trip); the number of actions."""
    g = variant.game
    s, seats = g.soak_deal(seed, variant.mode)
    check = g.checker()
    trip = seed % 10 == 3
    check(s)
    n = 0
    while not s.is_over():
        assert n < MAX_STEPS, "game did not end"
        s.apply(seats[s.current_player](s))
        n += 1
        check(s)
        if trip:
            s = g.round_trip(s)
    g.end_check(s)
    return n


def _games_job(job):
    mode, first, count = job
    variant = registry.variant(mode)
    out = {"games": 0, "actions": 0, "failures": 0, "errors": []}
    for g in range(first, first + count):
        seed = 100000 * (1 + MODES.index(mode)) + g
        try:
            out["actions"] += _game(variant, seed)
        except Exception as e:
            out["failures"] += 1
            if len(out["errors"]) < KEEP_ERRORS:
                out["errors"].append("%s seed %d: %s" % (mode, seed, _err(e)))
        out["games"] += 1
    return mode, out


def _err(e):
    tb = traceback.extract_tb(e.__traceback__)
    where = "%s:%d" % (os.path.relpath(tb[-1].filename, ROOT), tb[-1].lineno) if tb else "?"
    return "%s: %s (at %s)" % (type(e).__name__, str(e)[:200], where)


def run_games(scale, pool, chunk=250):
    n = scaled(GAMES, scale)
    jobs = [(m, f, min(chunk, n - f)) for m in MODES for f in range(0, n, chunk)]
    res = {m: {"games": 0, "actions": 0, "failures": 0, "errors": [], "seconds": 0.0} for m in MODES}
    t0 = time.time()
    for mode, out in _map(pool, _games_job, jobs):
        r = res[mode]
        for k in ("games", "actions", "failures"):
            r[k] += out[k]
        r["errors"] = (r["errors"] + out["errors"])[:KEEP_ERRORS]
    secs = time.time() - t0
    return {"per_mode": res, "games": sum(r["games"] for r in res.values()),
            "actions": sum(r["actions"] for r in res.values()),
            "failures": sum(r["failures"] for r in res.values()),
            "errors": [e for r in res.values() for e in r["errors"]][:KEEP_ERRORS],
            "seconds": round(secs, 1)}


# -- the simulator ----------------------------------------------------------------


def _quiet():
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")
    os.environ.setdefault("BLINKA_FORCECHIP", "GENERIC_X86")


def _sim(seed, nvm_path=None):
    _quiet()
    from tools.sim import Sim

    return Sim(SIZE, seed=seed, nvm_path=nvm_path, render=False)


def _set_rows(sim, wanted):
    menu = sim.app.top.menu
    for target in wanted:
        prefix = target.split(":")[0] + ":"
        for _ in range(10):
            i = [k for k, t in enumerate(menu.items) if t.startswith(prefix)][0]
            if menu.items[i] == target:
                break
            while menu.index != i:
                sim.press("Y")
            sim.press("A")
        assert target in menu.items, (target, menu.items)


# (main menu item, setup rows) for every game, mode and player count (tools.games)
TARGETS = tuple((g.menu, rows) for g in registry.GAMES for rows in g.press_setups)


def _to_setup(sim, game):
    from sanbon import games as app_games

    if game not in [info.name for info in app_games.GAMES]:  # the demo game (Pig): not on the main menu
        sim.choose("About")
        sim.press("A")  # the demo item is preselected
    else:
        sim.choose(game)
    assert sim.text().startswith("Setup: "), sim.text()


def _random_seats(sim, rng):
    menu = sim.app.top.menu
    for i, t in enumerate(list(menu.items)):
        if t.startswith("P") and ": " in t and t[1].isdigit():
            for _ in range(rng.randrange(4)):
                while menu.index != i:
                    sim.press("Y")
                sim.press("A")


PRESS_CHOICES = ("A", "A", "A", "B", "X", "Y", "Y", "Y", "HOLD_B", "WAIT:600")
BURST = 1000  # presses after each directed start


def _presses_job(job):
    stream, count, tmp = job
    rng = Rng(20261130 + stream)
    path = os.path.join(tmp, "nvm-%d.bin" % stream)
    out = {"presses": 0, "failures": 0, "errors": [], "screens": {}, "reached": {}, "reboots": 0,
           "starts": 0}
    done = 0
    burst = 0
    while done < count:
        target = TARGETS[(stream + burst) % len(TARGETS)]
        burst += 1
        try:
            sim = _sim(rng.randrange(1 << 30), path)
            out["reboots"] += 1
            # directed: the game's setup, its mode and players, random seats, Start
            while not sim.app.top.describe().startswith("Sanbon") and len(sim.app.stack) > 1:
                sim.press("B")
            _to_setup(sim, target[0])
            _set_rows(sim, target[1])
            _random_seats(sim, rng)
            sim.choose("Start")
            sim.step()
            out["starts"] += 1
        except Exception as e:
            out["failures"] += 1
            if len(out["errors"]) < KEEP_ERRORS:
                out["errors"].append("stream %d burst %d start %s: %s" % (stream, burst, target, _err(e)))
            continue
        n = min(BURST, count - done)
        last = None
        try:
            for i in range(n):
                last = rng.choice(PRESS_CHOICES)
                sim.press(last)
                done += 1
                out["presses"] += 1
                app = sim.app
                assert app.stack, "the screen stack emptied"
                name = type(app.top).__name__
                out["screens"][name] = out["screens"].get(name, 0) + 1
                s = app.session
                if s is not None:
                    key = "%s/%s/%dp" % (s.info.key, s.info.modes[s.config.mode], s.config.players)
                    out["reached"][key] = out["reached"].get(key, 0) + 1
        except Exception as e:
            out["failures"] += 1
            done += n - i - 1  # the burst is over
            if len(out["errors"]) < KEEP_ERRORS:
                out["errors"].append("stream %d burst %d press %d (%s): %s" % (stream, burst, i, last, _err(e)))
    return out


def run_presses(scale, pool, tmp, streams=8):
    n = scaled(PRESSES, scale, 100)
    per = [n // streams + (1 if s < n % streams else 0) for s in range(streams)]
    t0 = time.time()
    total = {"presses": 0, "failures": 0, "errors": [], "screens": {}, "reached": {}, "reboots": 0, "starts": 0}
    for out in _map(pool, _presses_job, [(s, per[s], tmp) for s in range(streams) if per[s]]):
        for k in ("presses", "failures", "reboots", "starts"):
            total[k] += out[k]
        total["errors"] = (total["errors"] + out["errors"])[:KEEP_ERRORS]
        for k in ("screens", "reached"):
            for name, c in out[k].items():
                total[k][name] = total[k].get(name, 0) + c
    total["screen_kinds"] = len(total["screens"])
    total["seconds"] = round(time.time() - t0, 1)
    return total


# -- c. restore --------------------------------------------------------------------

# (game, setup rows, all-computer seats) spread over the games and modes (tools.games)
RESTORE_SETUPS = tuple((g.menu, rows, seats) for g in registry.GAMES for rows, seats in g.restore_setups)


def _start_all_computer(setup, seed, hook=None):
    game, rows, seats = setup
    sim = _sim(seed)
    if hook is not None:  # run d: trace the store's saves from the first
        hook(sim)
    sim.choose("Settings")
    _set_rows(sim, ["Computer speed: instant"])
    sim.press("B")
    _to_setup(sim, game)
    _set_rows(sim, rows)
    _set_rows(sim, seats)
    sim.choose("Start")
    sim.step()
    return sim


def _first_line(text):
    return text.split("\n", 1)[0]


def _record(sim, limit):
    """Step the app until its state changed ``limit`` times (or the game
    ended); after each change: (state bytes, session bytes, status line,
    visible text)."""
    out = []
    last = None
    idle = 0
    while len(out) < limit:
        s = sim.app.session
        if s is None:
            break
        b = bytes(s.state.to_bytes())
        if sim.text().startswith(("Dialog", "HandOver")):  # a notice for the people (Okko's new board)
            sim.press("A")
            continue
        if b != last:
            out.append((b, bytes(s.to_bytes()), sim.text(), tuple(sim.visible_text())))
            last = b
            idle = 0
            if s.state.is_over():
                break
        else:
            idle += 1
            assert idle < 2000, "no action for 100 s: " + sim.text()
        sim.step(50)
    return out


def _restore_job(job):
    g, seed = job
    from sanbon.app import App
    from sanbon.profile import Settings

    setup = RESTORE_SETUPS[g % len(RESTORE_SETUPS)]
    out = {"games": 1, "restores": 0, "actions": 0, "failures": 0, "screen_diffs": 0, "errors": [],
           "kind": "%s %s" % (setup[0], " ".join(setup[1]))}
    try:
        a = _start_all_computer(setup, seed)
        rec = _record(a, MAX_STEPS)
        out["actions"] = len(rec) - 1
        settings = a.app.settings.to_bytes()
        b = _sim(seed + 1)  # its board is reused; a fresh App for each restore
    except Exception as e:
        out["failures"] += 1
        out["errors"].append("game %d (%s): %s" % (g, setup[0], _err(e)))
        return out
    for k in range(len(rec) - 1):
        try:
            nvm = b.board.nvm
            bytearray.__setitem__(nvm, slice(0, len(nvm)), b"\xff" * len(nvm))
            b.app = App(b.board, seed + 2, strict=True)
            b.app.settings = Settings.from_bytes(settings)[0]
            b.app.saved_game = rec[k][1] + b"\x00\x00"  # a snapshot with no moves after it
            b.app.saved_log = None
            b.app.continue_game()
            for _ in range(6):  # the Loading frame, the game's load, then its screen
                if b.app.session is not None and type(b.app.top).__name__ != "LoadingScreen":
                    break
                b.step()
            out["restores"] += 1
            got = _record(b, NEXT_ACTIONS + 1)
            want = rec[k:k + NEXT_ACTIONS + 1]
            assert len(got) == len(want), "restored game has %d states, not %d" % (len(got), len(want))
            for j, (x, y) in enumerate(zip(got, want)):
                assert x[0] == y[0], "state bytes differ %d actions after restore %d" % (j, k)
                assert x[1] == y[1], "session bytes differ %d actions after restore %d" % (j, k)
                assert _first_line(x[2]) == _first_line(y[2]), (j, k, x[2], y[2])
                if x[3] != y[3]:
                    out["screen_diffs"] += 1
        except Exception as e:
            out["failures"] += 1
            if len(out["errors"]) < KEEP_ERRORS:
                out["errors"].append("game %d (%s) seed %d restore at action %d: %s" % (g, setup[0], seed, k, _err(e)))
    return out


def run_restore(scale, pool):
    n = scaled(RESTORE_GAMES, scale, len(RESTORE_SETUPS) if scale >= 0.1 else 2)
    t0 = time.time()
    total = {"games": 0, "restores": 0, "actions": 0, "failures": 0, "screen_diffs": 0, "errors": [], "kinds": {}}
    for out in _map(pool, _restore_job, [(g, 5000 + g) for g in range(n)]):
        for k in ("games", "restores", "actions", "failures", "screen_diffs"):
            total[k] += out[k]
        total["kinds"][out["kind"]] = total["kinds"].get(out["kind"], 0) + 1
        total["errors"] = (total["errors"] + out["errors"])[:KEEP_ERRORS]
    total["seconds"] = round(time.time() - t0, 1)
    return total


# -- d. store corruptions -----------------------------------------------------------

LEGACY_HEADER = 16  # the old two-slot layout (FORMAT 1): "SB", 1, game id, seq (4), length (2), 2, crc (4)
LEGACY_SLOT = 2048


def _trace(sim, saves):
    """Append every save the app's store writes on ``sim``'s sector to ``saves``
    (tools.powercut.record)."""
    from tools.powercut import record

    record(sim, saves)
    return saves


def _states(saves, k=None):
    """The sections the store held through ``saves[:k]``: before the first, then after each."""
    saves = saves if k is None else saves[:k]
    return [dict(saves[0].old)] + [s.live for s in saves] if saves else [{}]


def _legacy_image(lives):
    """An old FORMAT 1 sector: two slots of 2,048 bytes, slot 0 holding
    ``lives[0]`` (seq 41) and slot 1 ``lives[1]`` (seq 42), each as the old
    app saved a game (SETTINGS, STATS, GAME = the session's bytes now,
    LOG = the seed and every action); and the sections each slot migrates to
    (the game as a snapshot that covers its whole journal)."""
    from sanbon.store import GAME, JOURNAL, LOG, SETTINGS, STATS, _crc, _put_u32, encode_sections
    from tools.powercut import _restore

    img = bytearray(b"\xff" * 4096)
    states = []
    for slot, live in enumerate(lives):
        session = _restore(live)  # what Continue would restore: the old GAME section
        seed, journal = live.get(LOG), live.get(JOURNAL) or b""
        old = {SETTINGS: live[SETTINGS], STATS: live[STATS], GAME: session}
        if seed:
            old[LOG] = seed + journal
        payload = bytes(encode_sections(old))
        head = bytearray(LEGACY_HEADER)
        head[0:3] = b"SB\x01"
        head[3] = session[0]  # the game's id
        _put_u32(head, 4, 41 + slot)
        head[8], head[9] = len(payload) >> 8, len(payload) & 0xFF
        _put_u32(head, 12, _crc(bytes(head[0:12]), payload))
        base = slot * LEGACY_SLOT
        img[base:base + LEGACY_HEADER + len(payload)] = bytes(head) + payload
        n = len(journal) if seed else 0
        state = {SETTINGS: live[SETTINGS], STATS: live[STATS], GAME: session + bytes((n >> 8, n & 0xFF))}
        if seed:
            state[LOG] = seed
            if journal:
                state[JOURNAL] = journal
        states.append(state)
    return bytes(img), states


def _base_images():
    """(bases, cuts): real 4 KB sectors the app wrote in the headless
    simulator (whose board.nvm is a FlashNvm) with the new store, and the
    saves behind them for the power-cut replays.

    bases: (name, image, states), ``states`` the store's sections (dicts) in
    the order the sector held them, from the blank sector on: blank, all
    zero (the old format's reset), the menus only (settings changed on two
    visits), a game of each kind saved mid-game, many appended records
    (Kendo Competition and 4-archer Kyudo games in a row on one sector until
    it is rewritten: 119 and 54 records), the sector just after that
    rewrite (compaction), and an old
    FORMAT 1 two-slot image (migrated at load). cuts: {"append": [...],
    "rewrite": [...], "migrate": (image, states)}, each save a
    (tools.powercut.Save, the states before it)."""
    from boards.desktop import FlashNvm
    from sanbon.store import GAME, Store
    from sanbon.store_load import load as load_store
    from tools import powercut

    bases = [("blank", b"\xff" * 4096, [{}]), ("zero", bytes(4096), [{}])]
    traced = []
    sim = _sim(3)
    saves = _trace(sim, [])
    for row in ("Computer speed: slow", "LEDs: off"):  # two visits: a rewrite of the blank sector, an append
        sim.choose("Settings")
        _set_rows(sim, [row])
        sim.press("B")
    bases.append(("menus", bytes(sim.board.nvm), _states(saves)))
    traced.append(saves)
    games = []
    for setup in (RESTORE_SETUPS[1], RESTORE_SETUPS[5], RESTORE_SETUPS[6], RESTORE_SETUPS[7], RESTORE_SETUPS[9]):
        saves = []
        sim = _start_all_computer(setup, 77, lambda s: _trace(s, saves))
        for _ in range(40):
            sim.step(50)
        sim.app.save()
        assert GAME in sim.app.store.live, "no game saved mid-game: %s" % (setup,)
        bases.append(("game %s %s" % (setup[0], " ".join(setup[1])), bytes(sim.board.nvm), _states(saves)))
        traced.append(saves)
        games.append(saves)
    for name in ("competition", "kyudo4"):  # games in a row on one sector until it is rewritten
        saves, _ = powercut.trace(name)
        k = [i for i, s in enumerate(saves) if s.rewrite and i][0]
        bases.append(("many records (%s)" % name, saves[k].before, _states(saves, k)))
        bases.append(("after a rewrite (%s)" % name, saves[k + 1].before, _states(saves, k + 1)))
        traced.append(saves)
    lives = [s.live for s in games[0] if s.live.get(GAME)][-2:]  # the 3-archer Kyudo game's last two saves
    old = _legacy_image(lives)
    st = Store(FlashNvm(data=old[0]))
    assert load_store(st) == old[1][1] and not st.message, "the old two-slot image did not migrate"
    bases.append(("format 1 (two slots)", old[0], old[1]))
    cuts = {"append": [], "rewrite": [], "migrate": old}
    for saves in traced:
        for k, s in enumerate(saves):
            cuts["rewrite" if s.rewrite else "append"].append((s, _states(saves, k)))
    return bases, cuts


_BASES = None


def _bases():
    """_base_images(), made once in each process."""
    global _BASES
    if _BASES is None:
        _BASES = _base_images()
    return _BASES


CORRUPT_KINDS = ("bitflip", "torn", "cut", "overwrite", "resigned", "header", "duplicate", "reorder", "fill",
                 "mix")
_MIXED = tuple(k for k in CORRUPT_KINDS if k not in ("cut", "mix"))


def _records(img):
    """[(start, end)] of the records the store reads in ``img``, in order."""
    from sanbon.store import Store
    from sanbon.store_load import _record

    st = Store(img)
    out, pos, prev = [], 0, None
    while True:
        rec = _record(st, pos, prev)
        if rec is None:
            return out
        prev, _, end = rec
        out.append((pos, end))
        pos = end


def _resign(img, pos, size):
    """Make good the CRC of the record at ``pos`` with a payload of ``size`` bytes."""
    from sanbon.store import HEADER, _crc, _put_u32

    _put_u32(img, pos + HEADER + size, _crc(bytes(img[pos:pos + HEADER + size])))


def _resign_legacy(img, slot):
    from sanbon.store import _crc, _put_u32

    base = slot * LEGACY_SLOT
    n = min((img[base + 8] << 8) | img[base + 9], LEGACY_SLOT - LEGACY_HEADER)
    _put_u32(img, base + 12, _crc(bytes(img[base:base + 12]), bytes(img[base + 16:base + 16 + n])))


def _legacy(img):
    return img[0:2] == b"SB" or img[LEGACY_SLOT:LEGACY_SLOT + 2] == b"SB"


def _power_cut(r, cuts):
    """A real save replayed on a FlashNvm with a power cut at a random step
    and part of its write (an append, a sector rewrite, or the migration of
    the old layout at boot): (image, the states it went through, flags),
    flags {"clean"} for an append (the cut must read as the save before it
    or after it, with no report)."""
    from boards.desktop import FlashNvm, PowerCut
    from sanbon.store import Store
    from sanbon.store_load import load as load_store

    w = r.randrange(5)
    part = r.randrange(1000) / 1000.0
    if w == 0:  # the first boot on the old layout rewrites the sector (an erase and 16 pages)
        img, states = cuts["migrate"]
        nvm = FlashNvm(data=img)
        nvm.cut(r.randrange(17), part, seed=r.randrange(1 << 30))
        load_store(Store(nvm))  # the store catches the cut and keeps the sections in memory
        assert nvm._cut is None, "no power cut in the migration"
        return bytearray(nvm), states, set()
    pool = cuts["rewrite" if w < 3 else "append"]
    s, states = pool[r.randrange(len(pool))]
    steps = (1 if s.erased else 0) + s.pages
    nvm = FlashNvm(data=s.before)
    st = Store(nvm)
    st.live, st._seq, st._end, st._dirty, st.cycles = dict(s.place[0]), s.place[1], s.place[2], s.place[3], s.place[4]
    nvm.cut(r.randrange(steps), part, seed=r.randrange(1 << 30))
    try:
        st.save(s.sections, s.room)
        raise AssertionError("no power cut in the save")
    except PowerCut:
        pass
    return bytearray(nvm), states + [s.live], set() if s.rewrite else {"clean"}


def _corrupt(img, kind, r, cuts=None):
    """Damage ``img`` (a bytearray) in place with ``kind``; returns (image,
    states, flags): a power cut makes a new image, with its own states (else
    both None); flags: "resigned" if a CRC was made good over damaged bytes,
    "clean" for an append cut and nothing else.
    On a sector with no records the record kinds damage what is there
    (the old layout's slots), or flip bits."""
    from sanbon.store import HEADER, _put_u32, _u32

    n = len(img)
    recs = _records(img)
    used = recs[-1][1] if recs else n
    old = not recs and _legacy(img)
    if not recs and not old and kind in ("torn", "resigned", "header", "duplicate", "reorder"):
        kind = "bitflip"
    if kind == "bitflip":
        span = used if r.randrange(2) else n  # half in the records
        for _ in range(1 + r.randrange(8)):
            i = r.randrange(span)
            img[i] ^= 1 << r.randrange(8)
    elif kind == "torn":  # a record's bytes cut at a byte: the rest erased, half programmed or scrambled
        if old:
            slot = r.randrange(2)
            cut = slot * LEGACY_SLOT + r.randrange(64 if r.randrange(2) else LEGACY_SLOT)
            end = slot * LEGACY_SLOT + LEGACY_SLOT
            img[cut:end] = bytes((r.choice((0xFF, 0x00)),)) * (end - cut)
        else:
            a, b = recs[-1] if r.randrange(2) else recs[r.randrange(len(recs))]
            cut = a + r.randrange(b - a)
            mode = r.randrange(3)
            if mode == 2:  # partly programmed bits: old & random
                for i in range(cut, b):
                    img[i] &= r.randrange(256)
            else:  # the rest erased (0xFF), the byte at the cut half programmed one time in two
                v = img[cut]
                img[cut:b] = b"\xff" * (b - cut)
                if mode == 1:
                    img[cut] = v | r.randrange(256)
    elif kind == "cut":
        return _power_cut(r, cuts)
    elif kind == "overwrite":
        i = r.randrange(used if r.randrange(2) else n)
        for j in range(i, min(n, i + 1 + r.randrange(64))):
            img[j] = r.randrange(256)
    elif kind == "resigned":  # damaged payload bytes that pass the CRC
        if old:
            slot = r.randrange(2)
            base = slot * LEGACY_SLOT
            length = (img[base + 8] << 8) | img[base + 9]
            for _ in range(1 + r.randrange(4)):
                i = base + LEGACY_HEADER + r.randrange(max(1, min(length, LEGACY_SLOT - LEGACY_HEADER)))
                img[i] = _damaged(img[i], r)
            _resign_legacy(img, slot)
        else:
            a, b = recs[r.randrange(len(recs))]
            size = b - a - HEADER - 4
            for _ in range(1 + r.randrange(4)):
                i = a + HEADER + r.randrange(max(1, size))  # (a record damaged before may have none)
                img[i] = _damaged(img[i], r)
            _resign(img, a, size)
        return None, None, {"resigned"}
    elif kind == "header":  # a header field changed, the CRC made good again (3 in 4)
        resign = r.randrange(4)
        if old:
            slot = r.randrange(2)
            base = slot * LEGACY_SLOT
            f = r.randrange(5)
            if f == 0:
                img[base + 2] = r.randrange(256)  # version
            elif f == 1:
                img[base + 3] = r.randrange(256)  # game id
            elif f == 2:
                _put_u32(img, base + 4, r.randrange(1 << 30) * 4 + r.randrange(4))  # seq
            elif f == 3:
                v = r.choice((0, 1, 2, 3, 2032, 2033, 0xFFFF, r.randrange(2048)))
                img[base + 8], img[base + 9] = v >> 8, v & 0xFF  # length
            else:
                img[base + 1] = r.randrange(256)  # magic
            if resign:
                _resign_legacy(img, slot)
                return None, None, {"resigned"}
        else:
            i = r.randrange(len(recs))
            a, b = recs[i]
            size = b - a - HEADER - 4
            f = r.randrange(3)
            if f == 0:
                img[a] = (img[a] + 1 + r.randrange(255)) & 0xFF  # magic
            elif f == 1:  # length
                size = r.choice((0, 1, 2, 3, max(0, size - 1), size + 1, size + 3, size + 7, 0xFFFF, r.randrange(n)))
                img[a + 1], img[a + 2] = size >> 8, size & 0xFF
            else:  # seq
                seq = _u32(img, a + 3)
                _put_u32(img, a + 3, r.choice((seq + 1, seq - 1, seq ^ (1 << r.randrange(32)), 0, 0xFFFFFFFF,
                                               r.randrange(1 << 30) * 4 + r.randrange(4))) & 0xFFFFFFFF)
            if resign and a + HEADER + size + 4 <= n:
                _resign(img, a, size)
                return None, None, {"resigned"}
    elif kind == "duplicate":  # a record written twice
        if old:
            if r.randrange(2):
                img[LEGACY_SLOT:] = img[:LEGACY_SLOT]
            else:
                img[:LEGACY_SLOT] = img[LEGACY_SLOT:]
        else:
            a, b = recs[r.randrange(len(recs))]
            rec = bytes(img[a:b])
            mode = r.randrange(3)
            if mode < 2 and used + len(rec) <= n:  # again after the last record (its seq, or the next one re-signed)
                img[used:used + len(rec)] = rec
                if mode == 1:
                    _put_u32(img, used + 3, (_u32(img, recs[-1][0] + 3) + 1) & 0x3FFFFFFF)
                    _resign(img, used, len(rec) - HEADER - 4)
                    return None, None, {"resigned"}
            else:  # over the record after it
                k = min(len(rec), n - b)
                img[b:b + k] = rec[:k]
    elif kind == "reorder":  # two records in each other's place
        if old or len(recs) < 2:
            if old:
                a = bytes(img[:LEGACY_SLOT])
                img[:LEGACY_SLOT] = img[LEGACY_SLOT:]
                img[LEGACY_SLOT:] = a
            else:
                return _corrupt(img, "duplicate", r, cuts)
        else:
            i = r.randrange(len(recs) - 1)
            (a, b), (_, c) = recs[i], recs[i + 1]
            first, second = bytes(img[a:b]), bytes(img[b:c])
            img[a:c] = second + first
            if r.randrange(3) == 0:  # their seqs made consecutive again, re-signed
                seq = _u32(first, 3)
                _put_u32(img, a + 3, seq)
                _resign(img, a, len(second) - HEADER - 4)
                _put_u32(img, a + len(second) + 3, seq + 1)
                _resign(img, a + len(second), len(first) - HEADER - 4)
                return None, None, {"resigned"}
    elif kind == "fill":
        i = r.randrange(used if r.randrange(2) else n)
        k = 1 + r.randrange(n - i)
        v = r.randrange(4)
        if v == 3:
            img[i:i + k] = bytes(r.randrange(256) for _ in range(k))
        else:
            img[i:i + k] = bytes(((0x00, 0xFF, r.randrange(256))[v],)) * k
    else:  # mix: two or three of the others, after a power cut one time in three
        states = None
        flags = set()
        if r.randrange(3) == 0:
            img, states, _ = _power_cut(r, cuts)
        for _ in range(2 + r.randrange(2) - (states is not None)):
            flags |= _corrupt(img, _MIXED[r.randrange(len(_MIXED))], r, cuts)[2]
        return (img if states is not None else None), states, flags
    return None, None, set()


def _damaged(v, r):
    if r.randrange(2):
        return v ^ (1 << r.randrange(8))
    return r.choice((0, 1, 2, 3, 4, 7, 8, 0x7F, 0x80, 0x85, 0xFE, 0xFF, r.randrange(256)))


def _check_store(img, states, flags=()):
    """Load ``img`` on a FlashNvm; returns the outcome's keys, or raises.

    ``store_load.load(store)`` must not raise and must give {int tag: bytes}. Then one
    of: the store reports a loss (``message``): "rejected" if nothing was
    read, else "detected"; nothing read from a blank or all-zero sector:
    "fresh"; or "read": every section it gives is byte-equal to that tag's
    value in one of ``states`` (the sections the sector held, in order).
    A damaged payload (or header) re-signed with a good CRC can read as
    valid, the CRC passing: sections in no state are then counted as
    "read_resigned", not failed (the old slot run's "read_noncanonical");
    without a re-signing they fail the run. "read_older" (beside "read")
    counts the clean reads that give neither the last state nor the one
    before it (more than a torn last save lost, without a report). A power
    cut in an append (flags "clean") must read as the save before it or
    after it, without a report (tools/powercut.py checks every cut point of
    its games; this, random points of every traced save)."""
    from boards.desktop import FlashNvm
    from sanbon.store import Store
    from sanbon.store_load import load as load_store

    st = Store(FlashNvm(data=img))
    got = load_store(st)
    assert isinstance(got, dict), type(got)
    for tag, data in got.items():
        assert isinstance(tag, int) and 0 <= tag < 256 and isinstance(data, bytes), (tag, type(data))
    if "clean" in flags:
        assert not st.message and got in states[-2:], "a cut append lost the save before it (%s)" % st.message
    if st.message:
        return ("detected",) if got else ("rejected",)
    n = len(img)
    if not got and img in (b"\xff" * n, bytes(n)):
        return ("fresh",)
    values = {}
    for s in states:
        for tag, data in s.items():
            values.setdefault(tag, set()).add(data)
    bad = sorted(t for t in got if got[t] not in values.get(t, ()))
    if bad:
        assert "resigned" in flags, "sections %s read without a report, in no state the sector held" % bad
        return ("read_resigned",)
    if got not in states[-2:]:
        return ("read", "read_older")
    return ("read",)


STORE_KEYS = ("corruptions", "rejected", "detected", "read", "read_older", "read_resigned", "fresh", "boots",
              "continues", "continue_removed", "failures")


def _store_job(job):
    first, count = job
    from sanbon.app import App

    out = dict.fromkeys(STORE_KEYS, 0)
    out.update(errors=[], kinds={}, by_kind={}, bases=0)
    try:
        bases, cuts = _bases()
    except Exception as e:
        out["failures"] += 1
        out["errors"].append("making the base images: %s" % _err(e))
        return out
    out["bases"] = len(bases)
    sim = _sim(1)
    board = sim.board
    for c in range(first, first + count):
        r = Rng(900000 + c)
        kind = CORRUPT_KINDS[r.randrange(len(CORRUPT_KINDS))]
        name, img, states = bases[r.randrange(len(bases))]
        out["corruptions"] += 1
        out["kinds"][kind] = out["kinds"].get(kind, 0) + 1
        stage = "damage"
        try:
            img = bytearray(img)
            new, new_states, flags = _corrupt(img, kind, r, cuts)
            if new is not None:
                img, states, name = new, new_states, "a save cut"
            img = bytes(img)
            stage = "load"
            per = out["by_kind"].setdefault(kind, {})
            for k in _check_store(img, states, flags):
                out[k] += 1
                per[k] = per.get(k, 0) + 1
            stage = "boot"
            nvm = board.nvm
            bytearray.__setitem__(nvm, slice(0, len(nvm)), img)
            sim.app = App(board, c, strict=True)
            sim.step()
            out["boots"] += 1
            assert sim.app.stack
            if sim.app.saved_game:
                stage = "continue"
                sim.app.continue_game()
                for _ in range(3):
                    sim.step(50)
                out["continues"] += 1
                if sim.app.session is None:
                    assert "It was removed" in sim.text(), sim.text()
                    out["continue_removed"] += 1
        except Exception as e:
            out["failures"] += 1
            if len(out["errors"]) < KEEP_ERRORS:
                out["errors"].append("corruption %d (%s on %s) at %s: %s" % (c, kind, name, stage, _err(e)))
    return out


def run_store(scale, pool, chunk=2500):
    n = scaled(CORRUPTIONS, scale, 100)
    jobs = [(f, min(chunk, n - f)) for f in range(0, n, chunk)]
    t0 = time.time()
    total = dict.fromkeys(STORE_KEYS, 0)
    total.update(errors=[], kinds={}, by_kind={}, bases=0)
    for out in _map(pool, _store_job, jobs):
        for k in STORE_KEYS:
            total[k] += out[k]
        total["bases"] = max(total["bases"], out["bases"])
        for k, v in out["kinds"].items():
            total["kinds"][k] = total["kinds"].get(k, 0) + v
        for k, per in out["by_kind"].items():
            mine = total["by_kind"].setdefault(k, {})
            for o, v in per.items():
                mine[o] = mine.get(o, 0) + v
        total["errors"] = (total["errors"] + out["errors"])[:KEEP_ERRORS]
    total["seconds"] = round(time.time() - t0, 1)
    return total


# -- driver ------------------------------------------------------------------------


def _quietly(job):
    """Run a job with the app's console output (records, continue notes) dropped."""
    import contextlib

    fn, arg = job
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        return fn(arg)


def _map(pool, fn, jobs):
    jobs = [(fn, j) for j in jobs]
    if pool is None:
        return map(_quietly, jobs)
    return pool.imap_unordered(_quietly, jobs)


def run(scale=1.0, procs=2, only="abcd", tmp=None):
    """All four runs; returns {"games": ..., "presses": ..., "restore": ...,
    "store": ..., "scale", "procs", "seconds"}."""
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(procs) if procs > 1 else None
    own_tmp = None
    if tmp is None:
        own_tmp = tempfile.TemporaryDirectory()
        tmp = own_tmp.name
    t0 = time.time()
    res = {"scale": scale, "procs": procs, "date": time.strftime("%Y-%m-%d")}
    try:
        if "a" in only:
            res["games"] = run_games(scale, pool)
        if "b" in only:
            res["presses"] = run_presses(scale, pool, tmp)
        if "c" in only:
            res["restore"] = run_restore(scale, pool)
        if "d" in only:
            res["store"] = run_store(scale, pool)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
        if own_tmp is not None:
            own_tmp.cleanup()
    res["seconds"] = round(time.time() - t0, 1)
    res["failures"] = sum(res[k]["failures"] for k in ("games", "presses", "restore", "store") if k in res)
    return res


def table(res):
    rows = [("run", "count", "failures", "seconds", "notes")]
    g = res.get("games")
    if g:
        for m, r in g["per_mode"].items():
            rows.append(("games " + m, "%d games" % r["games"], r["failures"], "",
                         "%d actions" % r["actions"]))
        rows.append(("games (all)", "%d games" % g["games"], g["failures"], g["seconds"],
                     "%d actions, invariants after each" % g["actions"]))
    p = res.get("presses")
    if p:
        rows.append(("presses", "%d presses" % p["presses"], p["failures"], p["seconds"],
                     "%d screen kinds, %d game/mode/players reached, %d starts" % (
                         p["screen_kinds"], len(p["reached"]), p["starts"])))
    c = res.get("restore")
    if c:
        rows.append(("restore", "%d games" % c["games"], c["failures"], c["seconds"],
                     "%d restores, %d screen-text diffs (feed)" % (c["restores"], c["screen_diffs"])))
    d = res.get("store")
    if d:
        rows.append(("store", "%d corruptions" % d["corruptions"], d["failures"], d["seconds"],
                     "%d rejected, %d detected, %d read, %d re-signed read as valid, %d fresh, %d boots, %d continues (%d removed)"
                     % (d["rejected"], d["detected"], d["read"], d["read_resigned"], d["fresh"], d["boots"],
                        d["continues"], d["continue_removed"])))
    widths = [max(len(str(r[i])) for r in rows) for i in range(5)]
    lines = ["  ".join(str(v).ljust(widths[i]) for i, v in enumerate(r)).rstrip() for r in rows]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full counts (0.01: quick)")
    ap.add_argument("--json", metavar="OUT", help="write the figures to this JSON file")
    ap.add_argument("--procs", type=int, default=2, help="worker processes")
    ap.add_argument("--only", default="abcd", help="runs to do: a games, b presses, c restore, d store")
    args = ap.parse_args(argv)
    res = run(args.scale, args.procs, args.only.replace(",", ""))
    print(table(res))
    print("total %.1f s, %d failures (scale %g, %d processes)" % (res["seconds"], res["failures"], args.scale,
                                                                   args.procs))
    for k in ("games", "presses", "restore", "store"):
        for e in res.get(k, {}).get("errors", []):
            print("  %s: %s" % (k, e))
    if args.json:
        res["command"] = "python -m tools.soak " + " ".join(argv if argv is not None else sys.argv[1:])
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)
            f.write("\n")
    return 1 if res["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
