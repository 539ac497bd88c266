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
d. store: 100,000 random corruptions of a 4 KB NVM holding real saves (bit
   flips, torn writes, overwritten ranges, swapped or copied slots, bad
   CRC, damaged payloads re-signed with a good CRC, bad header fields, and
   mixes): Store.load() must not raise and either reject (no sections) or
   return sections that re-encode to the stored payload; App boot on the
   bytes must not raise; a saved game it offers must Continue without an
   error (or be removed with a message).

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
from tools import invariants as inv  # noqa: E402

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

MODES = ("kyudo", "kendo_duel", "kendo_competition", "okko_partner", "pig")


def _kyudo_game(seed):
    from engine.kyudo import bots
    from engine.kyudo.state import KyudoState

    players = 2 + seed % 3
    s = KyudoState(Rng(seed), players)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(players)]
    levels = [1 + (seed + i) % 3 for i in range(players)]
    trip = seed % 10 == 3
    seen = set()
    n = 0
    while not s.is_over():
        assert n < MAX_STEPS, "game did not end"
        p = s.current_player
        a = bots.choose(s.observation(p), p, levels[p], rngs[p])
        before = inv.kyudo_snapshot(s)
        wb = s.winner()
        s.apply(a)
        n += 1
        inv.kyudo_check_step(s, before, wb, seen)
        if trip:
            s = inv.kyudo_round_trip(s)
    assert s.round <= 60
    return n


def _round_trip(s, cls):
    b = bytes(s.to_bytes())
    t = cls.from_bytes(b)
    assert bytes(t.to_bytes()) == b, "save round trip changed the state"
    assert t.legal_actions() == s.legal_actions() and t.current_player == s.current_player
    return t


def _kendo_game(seed, mode):
    from engine.kendo import bots
    from engine.kendo.state import KendoState

    players = 2 if mode else 2 + seed % 3
    s = KendoState(Rng(seed), players, mode=mode, options=seed % 8)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(players)]
    levels = [2 + (seed + i) % 2 for i in range(players)]
    trip = seed % 10 == 3
    inv.kendo_check(s)
    n = 0
    while not s.is_over():
        assert n < MAX_STEPS, "game did not end"
        p = s.current_player
        s.apply(bots.choose(s.observation(p), p, levels[p], rngs[p]))
        n += 1
        inv.kendo_check(s)
        if trip:
            s = _round_trip(s, KendoState)
    return n


def _okko_game(seed):
    from engine.okko import bots
    from engine.okko.state import OkkoState

    s = OkkoState(Rng(seed), aid=seed % 2)
    rngs = (Rng(seed * 8 + 1), Rng(seed * 8 + 2))
    mem = (bytearray(16), bytearray(16))
    levels = (2 + seed % 2, 2 + (seed // 2) % 2)
    trip = seed % 10 == 3
    inv.okko_check(s)
    n = 0
    while not s.is_over():
        assert n < MAX_STEPS, "game did not end"
        p = s.current_player
        s.apply(bots.choose(s.observation(p), p, levels[p], rngs[p], mem[p]))
        n += 1
        inv.okko_check(s)
        if trip:
            s = _round_trip(s, OkkoState)
    assert s.winner() in ((0, 1), ()) and all(s.board_days)
    return n


def _pig_game(seed):
    from engine.example import PigState, hold_at_bot

    players = 2 + seed % 3
    s = PigState(Rng(seed), players, target=20 + seed % 81)
    th = [8 + (seed + 5 * i) % 13 for i in range(players)]
    trip = seed % 10 == 3
    inv.pig_check(s)
    n = 0
    while not s.is_over():
        assert n < MAX_STEPS, "game did not end"
        p = s.current_player
        s.apply(hold_at_bot(s.observation(p), th[p]))
        n += 1
        inv.pig_check(s)
        if trip:
            s = _round_trip(s, PigState)
    return n


def _games_job(job):
    mode, first, count = job
    out = {"games": 0, "actions": 0, "failures": 0, "errors": []}
    for g in range(first, first + count):
        seed = 100000 * (1 + MODES.index(mode)) + g
        try:
            if mode == "kyudo":
                n = _kyudo_game(seed)
            elif mode == "kendo_duel":
                n = _kendo_game(seed, 0)
            elif mode == "kendo_competition":
                n = _kendo_game(seed, 1)
            elif mode == "okko_partner":
                n = _okko_game(seed)
            else:
                n = _pig_game(seed)
            out["actions"] += n
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


# (main menu item, setup rows) for every game, mode and player count
TARGETS = (
    ("Kyudo", ["Players: 2"]), ("Kyudo", ["Players: 3"]), ("Kyudo", ["Players: 4"]),
    ("Kendo Duel", ["Mode: Duel", "Players: 2"]), ("Kendo Duel", ["Mode: Duel", "Players: 3"]),
    ("Kendo Duel", ["Mode: Duel", "Players: 4"]), ("Kendo Duel", ["Mode: Competition"]),
    ("Okko: Oni Hunters", ["Mode: Partner"]), ("Okko: Oni Hunters", ["Mode: Solo"]),
    ("Okko: Oni Hunters", ["Mode: Pass and play"]), ("Pig", ["Players: 2"]), ("Pig", ["Players: 4"]),
)


def _to_setup(sim, game):
    if game == "Pig":
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

# (game, setup rows, all-computer seats) spread over the games and modes
RESTORE_SETUPS = (
    ("Kyudo", ["Players: 2"], ["P1: Computer (Hard)", "P2: Computer (Easy)"]),
    ("Kyudo", ["Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)", "P3: Computer (Hard)"]),
    ("Kyudo", ["Players: 4"], ["P1: Computer (Normal)", "P2: Computer (Hard)", "P3: Computer (Easy)",
                               "P4: Computer (Normal)"]),
    ("Kendo Duel", ["Mode: Duel", "Players: 2"], ["P1: Computer (Normal)", "P2: Computer (Hard)"]),
    ("Kendo Duel", ["Mode: Duel", "Players: 3"], ["P1: Computer (Hard)", "P2: Computer (Normal)",
                                                  "P3: Computer (Hard)"]),
    ("Kendo Duel", ["Mode: Duel", "Players: 4"], ["P1: Computer (Normal)", "P2: Computer (Normal)",
                                                  "P3: Computer (Hard)", "P4: Computer (Hard)"]),
    ("Kendo Duel", ["Mode: Competition"], ["P1: Computer (Hard)", "P2: Computer (Normal)"]),
    ("Okko: Oni Hunters", ["Mode: Partner"], ["P1: Computer (Normal)", "P2: Computer (Hard)"]),
    ("Okko: Oni Hunters", ["Mode: Partner"], ["P1: Computer (Hard)", "P2: Computer (Normal)"]),
    ("Pig", ["Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)", "P3: Computer (Easy)"]),
)


def _start_all_computer(setup, seed):
    game, rows, seats = setup
    sim = _sim(seed)
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


def _base_images():
    """Real 4 KB stores: empty, erased, menus only, and a game of each kind
    saved (both slots written)."""
    imgs = [bytes(b"\xff" * 4096), bytes(4096)]
    for setup in (RESTORE_SETUPS[1], RESTORE_SETUPS[5], RESTORE_SETUPS[6], RESTORE_SETUPS[7], RESTORE_SETUPS[9]):
        sim = _start_all_computer(setup, 77)
        for _ in range(40):
            sim.step(50)
        sim.app.save()
        imgs.append(bytes(sim.board.nvm))
    sim = _sim(3)
    sim.choose("Settings")
    _set_rows(sim, ["Computer speed: slow"])
    sim.press("B")
    imgs.append(bytes(sim.board.nvm))
    return imgs


CORRUPT_KINDS = ("bitflip", "torn", "overwrite", "swap", "copy", "bad_crc", "resigned", "header",
                 "fill", "mix")


def _resign(img, slot):
    from sanbon.store import HEADER, _crc, _put_u32

    base = slot * 2048
    head = img[base:base + HEADER]
    n = min((head[8] << 8) | head[9], 2048 - HEADER)
    payload = bytes(img[base + HEADER:base + HEADER + n])
    _put_u32(img, base + 12, _crc(bytes(img[base:base + 12]), payload))


def _corrupt(img, kind, r):
    n = len(img)
    if kind == "bitflip":
        for _ in range(1 + r.randrange(8)):
            i = r.randrange(n)
            img[i] ^= 1 << r.randrange(8)
    elif kind == "torn":  # a write cut at a byte: the rest of the slot erased or stale
        slot = r.randrange(2)
        cut = slot * 2048 + r.randrange(64 if r.randrange(2) else 2048)
        fill = r.choice((0xFF, 0x00))
        end = slot * 2048 + 2048
        img[cut:end] = bytes((fill,)) * (end - cut)
    elif kind == "overwrite":
        i = r.randrange(n)
        k = 1 + r.randrange(64)
        for j in range(i, min(n, i + k)):
            img[j] = r.randrange(256)
    elif kind == "swap":
        a = bytes(img[:2048])
        img[:2048] = img[2048:]
        img[2048:] = a
    elif kind == "copy":  # both slots alike (the same sequence number)
        if r.randrange(2):
            img[2048:] = img[:2048]
        else:
            img[:2048] = img[2048:]
    elif kind == "bad_crc":  # a valid header, a wrong CRC
        slot = r.randrange(2)
        i = slot * 2048 + 12 + r.randrange(4)
        img[i] = (img[i] + 1 + r.randrange(255)) & 0xFF
    elif kind == "resigned":  # damaged payload bytes that pass the CRC
        slot = r.randrange(2)
        base = slot * 2048
        length = (img[base + 8] << 8) | img[base + 9]
        for _ in range(1 + r.randrange(4)):
            i = base + 16 + r.randrange(max(1, min(length, 2032)))
            if r.randrange(2):
                img[i] ^= 1 << r.randrange(8)
            else:
                img[i] = r.choice((0, 1, 2, 3, 4, 0x7F, 0x80, 0xFE, 0xFF, r.randrange(256)))
        _resign(img, slot)
    elif kind == "header":  # a header field changed, the CRC made good again
        slot = r.randrange(2)
        base = slot * 2048
        f = r.randrange(5)
        if f == 0:
            img[base + 2] = r.randrange(256)  # version
        elif f == 1:
            img[base + 3] = r.randrange(256)  # game id
        elif f == 2:
            for j in range(4):
                img[base + 4 + j] = r.randrange(256)  # seq
        elif f == 3:
            v = r.choice((0, 1, 2, 3, 2032, 2033, 0xFFFF, r.randrange(2048)))
            img[base + 8], img[base + 9] = v >> 8, v & 0xFF  # length
        else:
            img[base + 1] = r.randrange(256)  # magic
        if r.randrange(4):
            _resign(img, slot)
    elif kind == "fill":
        i = r.randrange(n)
        k = 1 + r.randrange(n - i)
        img[i:i + k] = bytes((r.choice((0, 0xFF, r.randrange(256))),)) * k
    else:  # mix: two or three of the others
        for _ in range(2 + r.randrange(2)):
            _corrupt(img, CORRUPT_KINDS[r.randrange(len(CORRUPT_KINDS) - 1)], r)


def _check_store(img):
    """Load ``img`` (bytes): 'rejected' or 'read', or raises."""
    from sanbon.store import Store, encode_sections

    st = Store(bytearray(img))
    sections = st.load()
    assert isinstance(sections, dict)
    if not sections:
        assert st._payload is None or len(st._payload) == 0
        return "rejected" if st.message or st._payload is None else "read"
    for tag, data in sections.items():
        assert isinstance(tag, int) and 0 <= tag < 256 and isinstance(data, bytes)
    if bytes(encode_sections(sections)) != bytes(st._payload):
        return "read_noncanonical"  # a tag repeated or out of order: decode keeps the last
    return "read"


def _store_job(job):
    first, count = job
    from sanbon.app import App

    out = {"corruptions": 0, "rejected": 0, "read": 0, "read_noncanonical": 0, "boots": 0, "continues": 0,
           "continue_removed": 0, "failures": 0, "errors": [], "kinds": {}}
    try:
        imgs = _base_images()
    except Exception as e:
        out["failures"] += 1
        out["errors"].append("making the base images: %s" % _err(e))
        return out
    sim = _sim(1)
    board = sim.board
    for c in range(first, first + count):
        r = Rng(900000 + c)
        kind = CORRUPT_KINDS[r.randrange(len(CORRUPT_KINDS))]
        img = bytearray(imgs[r.randrange(len(imgs))])
        _corrupt(img, kind, r)
        out["corruptions"] += 1
        out["kinds"][kind] = out["kinds"].get(kind, 0) + 1
        stage = "load"
        try:
            out[_check_store(img)] += 1
            stage = "boot"
            nvm = board.nvm
            bytearray.__setitem__(nvm, slice(0, len(nvm)), bytes(img))
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
                    out["continue_removed"] += 1
        except Exception as e:
            out["failures"] += 1
            if len(out["errors"]) < KEEP_ERRORS:
                out["errors"].append("corruption %d (%s) at %s: %s" % (c, kind, stage, _err(e)))
    return out


def run_store(scale, pool, chunk=2500):
    n = scaled(CORRUPTIONS, scale, 100)
    jobs = [(f, min(chunk, n - f)) for f in range(0, n, chunk)]
    t0 = time.time()
    total = {"corruptions": 0, "rejected": 0, "read": 0, "read_noncanonical": 0, "boots": 0, "continues": 0,
             "continue_removed": 0, "failures": 0, "errors": [], "kinds": {}}
    for out in _map(pool, _store_job, jobs):
        for k in ("corruptions", "rejected", "read", "read_noncanonical", "boots", "continues", "continue_removed", "failures"):
            total[k] += out[k]
        for k, v in out["kinds"].items():
            total["kinds"][k] = total["kinds"].get(k, 0) + v
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
                     "%d rejected, %d read (%d non-canonical), %d boots, %d continues (%d removed)" % (
                         d["rejected"], d["read"], d["read_noncanonical"], d["boots"], d["continues"], d["continue_removed"])))
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
