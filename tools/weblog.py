"""Input logs of the simulator's walks, for the browser page (issue 32).

    python -m tools.weblog [GAME|plans ...] [SIZE ...] [--out DIR] [--gzip] [--verify] [--check] [--jobs N]

writes one file per log to DIR (<size>-<name>.json, or .json.gz), and
DIR/index.json listing them ({"logs": [{"file", "size", "name", "walk",
"looks", "cut"}]}); prints each game's and size's logs, ops, looks, bytes and
seconds; ``--verify`` replays every log and counts the looks that differ
(exit 1 if any do); SIZE is a board name (pico_display2) or 320x240.

The browser page runs the same app on MicroPython WebAssembly and must show,
pixel for pixel, the frames the desktop simulator (tools/sim.py ``Sim``,
boards/desktop.py) shows on every screen of the tour (tools/tour.py, its
walks in tools/tour.py and tools/games/*.py) and of the device plans
(tools/device/plan.py ``in_sim``). This module records those walks, run
unchanged, as input logs the page can replay, with a digest of each frame
a walk looks at, and replays them here (``replay``) to prove a log carries
everything: the same digests from its ops alone.

A log is one simulator's lifetime (one ``Sim``: a walk makes one; the
device plans' Continue is a second Sim on the first one's NVM), a JSON
object ``{"size": ..., "name": ..., "ops": [...]}``; its ops:

- ``["boot", seed, nvm_hex, restart, note, strict]``: a new Board (its
  virtual clock at 0, an empty key queue) and a new ``App(board, seed, note,
  strict)`` on it. ``nvm_hex``: the board's 4,096 NVM bytes at boot in
  lowercase hex, "" if all are 0xFF; ``restart``: 1 if the board was made
  with restart=True (``board.restart()`` raises Restart and a new App with
  the boot's seed, note and strict starts on the same board, as
  ``Sim.app_step`` does), else 0; ``note``: "" for None; ``seed``: a number
  or null (then new games draw a random seed: no walk here does that);
  ``strict``: 1 or 0.
- ``["key", key_number, pressed]``: a key event put on the board's queue
  (timestamp: the board's ticks_ms() then; the app does not read it);
  ``pressed`` 1 or 0.
- ``["step", ms, n]``: n times: advance the virtual clock by ms (0: a step
  without time passing), then one app step (with the Restart case above).
  Consecutive identical steps are one op.
- ``["poke", name, args]``: what a walk does to the game that no press can
  (``POKED``): web/py/pokes.py's ``name`` called with the app and ``args``.
- ``["look", digest, screen]``: a frame the walk looks at: ``digest`` the
  sha256 hex of the screen's RGB888 bytes, row-major, no alpha
  (``pygame.image.tostring(board.screen_surface(), "RGB")``, as
  tools/tour.py's Recorder does), ``screen`` the top screen's class name
  (``type(app.top).__name__``, "" if none). In the tour a look is every
  ``Recorder.look``; in a device plan every screenshot the plan takes (its
  "shot" steps and a "play" step's end, with the shots' 400 and 500 ms
  waits).

The recorder (``Recording``) hooks the simulator, not the walks: a Sim's
``__init__`` (the boot op, with the NVM file's bytes), ``app_step`` (the
step op: the virtual clock's advance since the step before, so an advance
made anywhere is kept), the desktop board's key queue (``EventQueue.put``:
every key, however it was put), ``tools.tour.Recorder.look`` and
``Sim.screenshot`` (the looks). It watches for what a log could not carry
(a real-time clock, a board without pixels, the NVM written or the App
replaced behind the Sim's back, ``App.step`` called past ``Sim.app_step``)
and for any poke at the app listed in ``EXCLUDED`` (none now): from there
a log is cut (its ops end before the poke; ``Log.cut`` says why), since
what follows cannot be replayed from inputs. A poke listed in ``POKED`` is
carried instead, as a ``poke`` op. ``replay(log)`` proves the rest: it
plays a log's ops alone on a fresh board and returns every look whose
digest differs.

Speed: the time goes to drawing (Blinka displayio's pixel loops, about
two thirds) and to the app's gc.collect() between screens (about a
quarter: ~15 ms each on the host's big heap). Drawing cannot be skipped (a
frame is what the refreshes before it drew), but gc.collect() draws
nothing: while recording and replaying it does nothing (``collect=True``
keeps it; the logs come out the same, byte for byte). A tour look only
takes the digest: the tour's defect checks (``defects``) are not run (they
cost little: the tour looks once per distinct frame).
``record_tour(..., recorder=R)`` runs a ``tools.tour.Recorder``'s own look
too (the tour's results, unchanged).

For the page: the key numbers are boards.KEY_A 0, KEY_B 1, KEY_X 2,
KEY_Y 3. The About screen's last line reads "Free memory: n/a" in CPython,
which has no gc.mem_free() (lib/sanbon/menus.py); under MicroPython it
shows a number (tools/device/pixels.py KNOWN lists the same difference on
the device): the shell walk's About look and the plans' "about" shot.
"""

import argparse
import contextlib
import gzip
import io
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time

from tools.sim import SIZES, Sim, quiet_env

SHORT = {"320x240": "pico_display2", "240x240": "picosystem", "240x135": "pico_display"}

# What a walk does to the app behind the Sim's back, that no input can do:
# (module, function, why). From the first call on, that walk's log is cut.
EXCLUDED = []

# What a walk does to the app that no input can do, but that a log carries:
# (module, function) whose body is web/py/pokes.py's function of the same
# name, taking (app, *args). A call is the op ["poke", name, [args]] (the
# Sim left out), which the replays (here and the page's) make on their app.
POKED = [
    # Kendo's Competition walk puts pile cards into the human's hand past 12, to
    # show the discard down to 12 (rare in play): web/py/pokes.py
    ("tools.games.kendo", "kendo_over_twelve"),
]


def _size(name):
    name = SHORT.get(name, name)
    if name not in SIZES:
        raise ValueError("unknown size %r: use one of %s" % (name, ", ".join(SIZES + tuple(SHORT))))
    return name


def _pokes():
    """web/py/pokes.py's POKES."""
    from tools.web import page_module

    return page_module("pokes").POKES


def digest(board):
    """sha256 hex of the board's screen as RGB888, row-major (tools/tour.py's --pixels bytes)."""
    import pygame

    return hashlib.sha256(pygame.image.tostring(board.screen_surface(), "RGB")).hexdigest()


def screen_name(app):
    top = app.top
    return type(top).__name__ if top is not None else ""


class Log:
    """One simulator's lifetime as ops (see the module text)."""

    def __init__(self, size, name):
        self.size = size
        self.name = name
        self.ops = []
        self.cut = None  # why the log ends early (a poke at the app), or None
        self.looks = 0
        self.now = 0  # the virtual clock at the last step
        self.mark = None  # (the App, the NVM object, its writes) after the last step: what only a step changes
        self.sim = None  # the Sim recorded
        self.what = ""  # the walk that made it

    def add(self, op):
        if self.cut is None:
            self.ops.append(op)

    def step(self, ms):
        if self.cut is not None:
            return
        last = self.ops[-1] if self.ops else None
        if last is not None and last[0] == "step" and last[1] == ms:
            last[2] += 1
        else:
            self.ops.append(["step", ms, 1])

    def stop(self, why):
        """Cut the log here: what follows cannot be replayed from inputs."""
        if self.cut is None:
            self.cut = why

    def as_json(self):
        return {"size": self.size, "name": self.name, "ops": self.ops}


class Recording:
    """A context in which every Sim made records its log (``logs``, in the
    order the Sims were made). ``label``: the name of the next Sim's log
    ("-2", "-3" added for a second and third Sim under one label)."""

    def __init__(self, check=False, collect=False):
        self.logs = []
        self.collect = collect  # False: gc.collect() does nothing meanwhile (the app's, between screens: ~15 ms each)
        self.label = "sim"
        self.what = ""  # what the next Sim's log comes from (a walk and its arguments), for index.json
        self.check = check  # also run tools.tour.Recorder.look (the tour's defect checks)
        self._saved = []
        self._labels = {}
        self._in_step = 0

    # -- the hooks ---------------------------------------------------------
    def __enter__(self):
        quiet_env(True)
        with contextlib.redirect_stdout(io.StringIO()):  # Blinka's "GENERIC_X86 is not fully supported"
            from boards import desktop
        from boards import TICKS_MASK
        from sanbon.app import App
        from tools import tour

        rec = self
        sim_init, sim_app_step, put = Sim.__init__, Sim.app_step, desktop.EventQueue.put
        look, screenshot, app_step_ = tour.Recorder.look, Sim.screenshot, App.step

        def init(sim, size="pico_display2", seed=None, nvm_path=None, headless=True, virtual_time=True, render=True,
                 note=None, strict=True, restart=False):
            log = rec._boot(sim, size, seed, nvm_path, virtual_time, render, note, strict, restart)
            sim._weblog = log
            log.sim = sim
            sim_init(sim, size, seed, nvm_path, headless, virtual_time, render, note, strict, restart)
            sim.board.keys.events._weblog = log
            log.mark = rec._mark(sim)

        def app_step(sim):
            log = getattr(sim, "_weblog", None)
            if log is None:
                return sim_app_step(sim)
            rec._watch(log)
            clock = sim.board.clock
            if clock is None:
                log.stop("a real-time clock (board.clock is None): its steps' times are not known")
            else:
                log.step((clock.now - log.now) & TICKS_MASK)
                log.now = clock.now
            rec._in_step += 1
            try:
                return sim_app_step(sim)
            finally:
                rec._in_step -= 1
                log.mark = rec._mark(sim)

        def queue_put(queue, key_number, pressed, timestamp=0):
            log = getattr(queue, "_weblog", None)
            if log is not None:
                rec._watch(log)
                log.add(["key", int(key_number), 1 if pressed else 0])
            return put(queue, key_number, pressed, timestamp)

        def tour_look(recorder, sim, where):
            rec._look(sim)
            if rec.check:
                return look(recorder, sim, where)
            return None

        def sim_screenshot(sim, path, window=False):
            rec._look(sim)
            return screenshot(sim, path, window)

        def app_step_direct(app, now=None):
            if not rec._in_step:
                log = getattr(app.board.keys.events, "_weblog", None)
                if log is not None:
                    log.stop("App.step called past Sim.app_step")
            return app_step_(app, now)

        self._patch(Sim, "__init__", init, sim_init)
        self._patch(Sim, "app_step", app_step, sim_app_step)
        self._patch(desktop.EventQueue, "put", queue_put, put)
        self._patch(tour.Recorder, "look", tour_look, look)
        self._patch(Sim, "screenshot", sim_screenshot, screenshot)
        self._patch(App, "step", app_step_direct, app_step_)
        if not self.collect:
            import gc

            self._patch(gc, "collect", _no_collect, gc.collect)
        import importlib

        for module, name, why in EXCLUDED:
            mod = importlib.import_module(module)
            self._patch(mod, name, self._poke(getattr(mod, name), why), getattr(mod, name))
        for module, name in POKED:
            mod = importlib.import_module(module)
            self._patch(mod, name, self._logged_poke(getattr(mod, name), name), getattr(mod, name))
        return self

    def __exit__(self, *exc):
        for owner, name, old in reversed(self._saved):
            setattr(owner, name, old)
        self._saved = []
        return False

    def _patch(self, owner, name, new, old):
        self._saved.append((owner, name, old))
        setattr(owner, name, new)

    def _poke(self, fn, why):
        def poke(*args, **kw):
            for a in list(args) + list(kw.values()):
                log = getattr(a, "_weblog", None)
                if isinstance(log, Log):
                    log.stop(why)
            return fn(*args, **kw)

        return poke

    def _logged_poke(self, fn, name):
        def poke(sim, *args):
            log = getattr(sim, "_weblog", None)
            if isinstance(log, Log):
                log.add(["poke", name, list(args)])
            return fn(sim, *args)

        return poke

    # -- what the hooks record ----------------------------------------------
    def _boot(self, sim, size, seed, nvm_path, virtual_time, render, note, strict, restart):
        n = self._labels.get(self.label, 0) + 1
        self._labels[self.label] = n
        log = Log(size, self.label if n == 1 else "%s-%d" % (self.label, n))
        log.what = self.what
        self.logs.append(log)
        from boards.desktop import FlashNvm

        nvm = bytes(FlashNvm(nvm_path))  # the file's bytes, as the board reads them
        if seed is None and _debug():  # SANBON_DEBUG's SANBON_SEED: the app's seed (sanbon.probe)
            from sanbon import probe

            seed = probe.seed()
        log.add(["boot", seed, "" if nvm == b"\xff" * len(nvm) else nvm.hex(), 1 if restart else 0, note or "",
                 1 if strict else 0])
        if not virtual_time:
            log.stop("a real-time clock (virtual_time=False)")
        if not render:
            log.stop("a board that draws no pixels (render=False)")
        return log

    def _mark(self, sim):
        nvm = sim.board.nvm
        return sim.app, nvm, getattr(nvm, "writes", None)

    def _watch(self, log):
        """Stop ``log`` if something changed what only an app step changes."""
        if log.mark is None or log.cut is not None:
            return
        sim = log.sim
        app, nvm, writes = log.mark
        if sim.app is not app:
            log.stop("the App replaced behind the Sim's back")
        elif sim.board.nvm is not nvm or getattr(nvm, "writes", None) != writes:
            log.stop("the NVM written behind the Sim's back")

    def _look(self, sim):
        log = getattr(sim, "_weblog", None)
        if log is None:
            return
        self._watch(log)
        if log.cut is None:
            log.add(["look", digest(sim.board), screen_name(sim.app)])
            log.looks += 1


def _no_collect(generation=2):
    return 0


def _debug():
    from sanbon.app import _debug as debug

    return debug()


# -- what to record ---------------------------------------------------------------


def tour_walks(game):
    """The tour's walks of ``game`` (tools.tour.WALKS): [(label, function, arguments)]."""
    from tools import tour

    out = []
    for i, (fn, kw) in enumerate(tour.WALKS[game]):
        out.append(("%s-%d-%s" % (game, i + 1, fn.__name__), fn, kw))
    return out


def record_tour(game, size, recorder=None, walks=None, collect=False):
    """The tour's walks of ``game`` on ``size``, run unchanged and recorded:
    one Log per Sim (one per walk). ``recorder``: a tools.tour.Recorder
    whose own look runs too (the tour's checks and --pixels digest, as
    ``tour.tour`` gives them); without one the looks take digests only.
    ``walks``: a subset of ``tour_walks(game)`` (default: all).
    ``collect``: let the app's gc.collect() run (the same logs, slower)."""
    from tools import tour

    size = _size(size)
    rec = recorder or tour.Recorder(size)
    with Recording(check=recorder is not None, collect=collect) as r, tempfile.TemporaryDirectory() as tmp:
        for label, fn, kw in walks or tour_walks(game):
            r.label = label
            r.what = "%s(%s)" % (fn.__name__, ", ".join("%s=%r" % kv for kv in sorted(kw.items())))
            fn(size, rec, tmp, **kw)
    return r.logs


def plan_runs(size):
    """The device plans (tools/device/plan.py) the device check runs in the
    simulator (tools/device/__main__.py ``runs``, with and without --full)
    on ``size``: [(name, plan, after)], ``after`` the run whose NVM this one
    starts from. The check runs none on the PicoSystem's 240x240 screen:
    there the 240x135 screen's set is recorded (the plans' presses are the
    same on every size)."""
    from tools.device import __main__ as device

    size = _size(size)
    specs = device.runs(True) + device.runs(False)
    board = size if any(s[1] == size for s in specs) else "pico_display"
    out, names = [], {}
    for name, b, kind, p, after in specs:
        if b != board or name in names:
            continue
        names[name] = name.rsplit("_", 1)[0]  # "chain_240x135" -> "chain"
        out.append((names[name], p, names[after] if after else None))
    return out


def record_plans(size, runs=None, collect=False):
    """Every device plan of ``size`` (``plan_runs``) played as
    tools/device/__main__.py's run_sim plays it (seed 16, a fresh NVM, or
    the NVM its ``after`` run left): one Log per plan. ``collect`` as
    for ``record_tour``."""
    from tools.device import __main__ as device
    from tools.device import plan

    size = _size(size)
    with Recording(collect=collect) as r, tempfile.TemporaryDirectory() as tmp:
        for name, p, after in runs or plan_runs(size):
            nvm = os.path.join(tmp, name + ".nvm")
            if after:
                shutil.copy(os.path.join(tmp, after + ".nvm"), nvm)
            r.label = "plans-" + name
            r.what = "plan.in_sim(%s%s)" % (name, ", after %s" % after if after else "")
            plan.in_sim(p, size, shots=os.path.join(tmp, "shots"), seed=device.SEED, nvm_path=nvm)
    return r.logs


# -- replay -----------------------------------------------------------------------


def replay(log):
    """Play ``log`` (a Log, or its JSON object) on a fresh board from its ops
    alone; the looks whose frame differs: [(index of the look, screen,
    expected digest, digest got)] (``screen`` "A != B" when the screen
    differs too). An error stops the replay: every look after it differs."""
    if isinstance(log, Log):
        log = log.as_json()
    import gc

    quiet_env(True)
    old = os.environ.pop("SANBON_DEBUG", None)  # the page's app prints no probe lines
    collect, gc.collect = gc.collect, _no_collect  # (as while recording: it draws nothing)
    try:
        return _replay(log)
    finally:
        gc.collect = collect
        if old is not None:
            os.environ["SANBON_DEBUG"] = old


def _replay(log):
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        from boards import desktop
    from sanbon.app import App

    size = log["size"]
    board = app = None
    args = None
    looks = 0
    out = []
    ops = log["ops"]
    for i, op in enumerate(ops):
        kind = op[0]
        try:
            if kind == "boot":
                seed, nvm_hex, restart, note, strict = op[1:]
                board = desktop.make(size=size, nvm_path=None, virtual_time=True, render=True, restart=bool(restart))
                if nvm_hex:
                    board.nvm = desktop.FlashNvm(data=bytes.fromhex(nvm_hex))
                args = (seed, note or None, bool(strict))
                app = App(board, args[0], args[1], strict=args[2])
            elif kind == "key":
                board.keys.events.put(op[1], bool(op[2]), board.ticks_ms())
            elif kind == "step":
                for _ in range(op[2]):
                    board.clock.advance(op[1])
                    try:
                        app.step()
                    except desktop.Restart:
                        app = App(board, args[0], args[1], strict=args[2])
            elif kind == "poke":
                _pokes()[op[1]](app, *op[2])
            elif kind == "look":
                got, screen = digest(board), screen_name(app)
                if got != op[1] or screen != op[2]:
                    out.append((looks, op[2] if screen == op[2] else "%s != %s" % (op[2], screen), op[1], got))
                looks += 1
            else:
                raise ValueError("unknown op %r" % (op,))
        except Exception as error:  # noqa: BLE001 (a replay gone wrong: every look after it differs)
            why = "error at op %d: %s: %s" % (i, type(error).__name__, error)
            for later in ops[i:]:
                if later[0] == "look":
                    out.append((looks, later[2], later[1], why))
                    looks += 1
            break
    return out


# -- the command line --------------------------------------------------------------


def stats(logs):
    """(ops, looks, bytes of the JSON) of ``logs``."""
    ops = sum(len(log.ops) for log in logs)
    looks = sum(log.looks for log in logs)
    size = sum(len(dump(log)) for log in logs)
    return ops, looks, size


def dump(log):
    return json.dumps(log.as_json() if isinstance(log, Log) else log, separators=(",", ":"))


def write(log, folder, gz=False):
    """Write ``log`` as folder/<size>-<name>.json (.json.gz with ``gz``); its path."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in "%s-%s" % (log.size, log.name))
    path = os.path.join(folder, safe + (".json.gz" if gz else ".json"))
    data = dump(log).encode()
    if gz:
        with gzip.GzipFile(path, "wb", mtime=0) as f:
            f.write(data)
    else:
        with open(path, "wb") as f:
            f.write(data)
    return path


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def _job(game, size, out=None, gz=False, verify=False, check=False):
    """Record (and with ``verify`` replay) one game's tour, or the plans, on
    one size: (report lines, [logs, ops, looks, bytes, seconds], failures,
    index rows of the files written)."""
    from tools import tour

    t0 = time.time()
    defects = None
    bad = 0
    with contextlib.redirect_stdout(io.StringIO()):  # the app's SANBON-RECORD lines at a game's end
        if game == "plans":
            logs = record_plans(size)
        elif check:
            rec = tour.Recorder(size)
            logs = record_tour(game, size, recorder=rec)
            defects = len(rec.found)
            bad += defects
        else:
            logs = record_tour(game, size)
    took = time.time() - t0
    ops, looks, nbytes = stats(logs)
    written = 0
    rows = []
    if out:
        for log in logs:
            path = write(log, out, gz)
            written += os.path.getsize(path)
            rows.append({"file": os.path.basename(path), "size": log.size, "name": log.name, "walk": log.what,
                         "looks": log.looks, "cut": log.cut})
    line = "%s %s: %d logs, %d ops, %d looks, %d bytes%s, %.1f s" % (
        game, size, len(logs), ops, looks, nbytes, " (%d gzipped)" % written if gz and out else "", took)
    if defects is not None:
        line += ", %d defects" % defects
    if verify:
        t1 = time.time()
        with contextlib.redirect_stdout(io.StringIO()):
            differ = [(log.name, d) for log in logs for d in replay(log)]
        bad += len(differ)
        line += "; replayed: %d looks differ, %.1f s" % (len(differ), time.time() - t1)
    lines = [line]
    for name, (index, screen, expected, got) in differ[:5] if verify else ():
        lines.append("    %s look %d (%s): %s, got %s" % (name, index, screen, expected[:16], got[:60]))
    for log in logs:
        if log.cut:
            lines.append("    %s cut after %d ops, %d looks: %s" % (log.name, len(log.ops), log.looks, log.cut[:100]))
    return lines, [len(logs), ops, looks, nbytes, took], bad, rows


def main(argv=None):
    from tools import tour

    ap = argparse.ArgumentParser(prog="python -m tools.weblog", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", nargs="*", help="games (%s), plans, sizes (%s); default: all"
                    % (", ".join(tour.GAMES), ", ".join(SIZES)))
    ap.add_argument("--out", help="the folder to write the logs to (one file per log, and index.json)")
    ap.add_argument("--gzip", action="store_true", help="write .json.gz files")
    ap.add_argument("--verify", action="store_true", help="replay every log recorded and count the looks that differ")
    ap.add_argument("--check", action="store_true", help="run the tour's defect checks too (as tools.tour does)")
    ap.add_argument("--jobs", type=int, default=1, help="record in this many processes (default 1)")
    a = ap.parse_intermixed_args(argv)
    games, sizes = [], []
    for w in a.what:
        if w in tour.GAMES or w == "plans":
            games.append(w)
        else:
            try:
                sizes.append(_size(w))
            except ValueError as e:
                ap.error(str(e))
    games = games or list(tour.GAMES) + ["plans"]
    sizes = sizes or list(SIZES)
    if a.out:
        os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    todo = [(g, s, a.out, a.gzip, a.verify, a.check) for g in games for s in sizes]
    if a.jobs > 1:
        import concurrent.futures
        import multiprocessing

        pool = concurrent.futures.ProcessPoolExecutor(a.jobs, mp_context=multiprocessing.get_context("spawn"))
        results = pool.map(_job, *zip(*todo))
    else:
        pool = None
        results = (_job(*job) for job in todo)
    bad = 0
    total = [0, 0, 0, 0, 0.0]
    index = []
    for lines, counts, failed, rows in results:
        print("\n".join(lines), flush=True)
        bad += failed
        index += rows
        for i, v in enumerate(counts):
            total[i] += v
    if pool is not None:
        pool.shutdown()
    if a.out:
        with open(os.path.join(a.out, "index.json"), "w") as f:
            json.dump({"logs": index}, f, indent=0)
    print("total: %d logs, %d ops, %d looks, %d bytes, %.1f s of recording; %.1f s in all" % (
        tuple(total) + (time.time() - t0,)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
