"""SANBON_DEBUG = 1: what the app reports on the serial console.

Loaded only in debug mode, so a player's heap never holds it. Two kinds of
line (docs/HARDWARE.md, "Reading the memory report"):

    sanbon mem: N free after WHAT       the free heap after a gc.collect(), at
                                        every screen change and computer decision
    sanbon time: WHAT N ms              how long a pass of the app loop took,
                                        from its start to the end of its display
                                        refresh, the memory reports left out

WHAT is "decision" (a computer decision with its screen update), "screen
NAME" (a pass that changed the screen: a full redraw, after a press or a
"Loading" frame; a How to play page), "move" (a human's move, the press that
made it, with its screen update), "press" (a press that changed part of a
screen: a cursor move, a choice), or "save" (the store's write,
also part of its pass; "save rewrite" when the sector was rewritten).

A "press", "screen" or "decision" line ends with where its pass went,
"(bot N gc N refresh N)": ms in a computer's choice (before its screen
update), in the app's gc.collect(), and in the display's refresh (composing
the changed pixels and sending them); the rest is our Python. One line a
pass, so that the probe adds no more garbage than it did. Once a run:

    sanbon boot: code.py at N ms, menu at N ms
                                        power-on (or a soft reload) to the main
                                        menu's first frame: when code.py
                                        started, when the frame was drawn

With SANBON_DEBUG, SANBON_SEED = N also fixes the seed of new games, as the
simulator's --seed does (the device checks compare the two screens).
"""

import gc


def seed():
    """SANBON_SEED from settings.toml as a seed, or None (unset or not a
    number: new games then draw a random seed, and the console says so)."""
    try:
        import os

        value = os.getenv("SANBON_SEED")
    except (ImportError, AttributeError):
        return None
    if value is None or str(value).strip() == "":
        return None
    try:
        return int(str(value).strip()) & 0x3FFFFFFF
    except ValueError:
        print("sanbon: SANBON_SEED %r is not a number: new games get a random seed" % (value,))
        return None


class Probe:
    def __init__(self, app):
        self.app = app
        if app.seed is None:  # SANBON_SEED = N: new games' seed, as the simulator's --seed
            app.seed = seed()
        self.ticks = app.board.ticks_ms
        self.t0 = 0
        self.spent = 0  # ms of this pass spent in reports
        self.what = None
        self.busy = False  # in a pass of the loop
        self.t_refresh = 0  # when the pass's refresh began
        self.t_bot = 0  # when a computer's choice was made (0: none in the pass)
        self.gc_ms = 0  # ms of the pass in the app's collect()
        self.booting = True  # the boot line is still to come (start)
        try:  # SANBON_QSTRS = 1 (a measurement, tools/device/profile.py --qstrs): room() at the first computer decision
            import os

            self.qstrs = str(os.getenv("SANBON_QSTRS", "")).strip() == "1"
        except (ImportError, AttributeError):
            self.qstrs = False
        self.gc = gc  # for collect(), the app's (sanbon.app uses it): tests replace this module's gc later

    def collect(self):
        started = self.ticks()
        self.gc.collect()
        self.gc_ms += (self.ticks() - started) & 0x1FFFFFFF

    def bot_step(self):
        """A computer's choice is made: its screen update comes next."""
        self.t_bot = self.ticks()

    def refresh(self):
        """The pass's display refresh begins."""
        self.t_refresh = self.ticks()

    def start(self, pressed):
        """A pass begins; ``pressed``: it delivers button presses. The first
        pass comes right after the main menu's first frame: the boot line
        (when code.py started, boards.STARTED, None in the simulator; when the
        frame was drawn; the firmware's clock from power-on: a soft reload
        keeps counting)."""
        self.t0 = self.ticks()
        if self.booting:
            self.booting = False
            print("sanbon boot: code.py at %s ms, menu at %d ms" % (getattr(self.app.board, "started", None), self.t0))
        self.spent = 0
        self.busy = True
        self.what = "press" if pressed else None
        self.t_bot = 0
        self.gc_ms = 0

    def end(self):
        """The pass's refresh is done: report its time if it did something."""
        self.busy = False
        what = self.what
        if what is not None:
            now = self.ticks()
            spent = ((now - self.t0) & 0x1FFFFFFF) - self.spent
            bot = (self.t_bot - self.t0) & 0x1FFFFFFF if self.t_bot else 0
            print("sanbon time: %s %d ms (bot %d gc %d refresh %d)" % (
                what, spent, bot, self.gc_ms, (now - self.t_refresh) & 0x1FFFFFFF))
            self.what = None

    def report(self, what, screen=False):
        if self.qstrs and what.endswith("computer decision") and hasattr(gc, "mem_free"):
            self.qstrs = False
            from sanbon.qstrs import room  # (its own module: the probe stays small)

            room()
        started = self.ticks()
        gc.collect()
        free = "%d" % gc.mem_free() if hasattr(gc, "mem_free") else "n/a"  # n/a: CPython (the simulator)
        print("sanbon mem: %s free after %s" % (free, what))
        self.spent += (self.ticks() - started) & 0x1FFFFFFF
        if self.busy:
            self.what = ("screen " + what) if screen else "decision"

    def saved(self, started, rewrote):
        print("sanbon time: save%s %d ms" % (" rewrite" if rewrote else "", (self.ticks() - started) & 0x1FFFFFFF))

