"""The Sanbon app: the shell that every game plugs into.

The App owns the screen stack, the buttons, the LEDs, the sound (on a board
with a speaker) and the save store.
``step(now)`` runs one pass of the loop: key events to logical buttons, the
top screen handles them, the top screen ticks, and the display refreshes the
areas that changed. ``run()`` loops forever on the device.
"""

import gc

import displayio

from sanbon import buttons as btn
from sanbon import ui
from sanbon.leds import Leds
from sanbon.profile import Settings, Stats
from sanbon.store import BOT, GAME, JOURNAL, LOG, MEMORY, MSG_CORRUPT, SETTINGS, STATS, Store

def _debug():
    """SANBON_DEBUG = 1 in CIRCUITPY/settings.toml (or the environment, in
    the simulator): the memory and time reports on the serial console."""
    try:
        import os

        value = os.getenv("SANBON_DEBUG")
    except (ImportError, AttributeError):
        return False
    return value is not None and str(value).strip() not in ("", "0")


def collect():
    """gc.collect() between screens (the simulator may swap it for a no-op)."""
    gc.collect()


class App:
    VERSION = "0.3"  # the About screen's (sanbon.menus)
    _sound = None  # a sanbon.sound.Sound on a board with a speaker (a class default: no slot otherwise)

    def __init__(self, board, seed=None, note=None, strict=False):
        self.board = board
        self.strict = strict  # True: errors propagate (tests); False: recover (device)
        self.layout = ui.Layout(board.width, board.height)
        self.buttons = btn.Buttons()
        self._out = []
        self.seed = seed  # fixed seed for new games (simulator --seed), else random
        self.root = displayio.Group()
        self.screen_layer = displayio.Group()
        self.overlay = displayio.Group()
        self.root.append(self.screen_layer)
        self.root.append(self.overlay)
        self.stack = []
        self.deferred = None  # (function, args): run at the start of the next step (defer)
        self.collect_due = False  # a push's or pop's garbage: collected next step, after the new screen's frame
        # (on the emulated Pico that collect took 16-22 ms of a new screen's pass)
        self.toast_widget = None  # the Toast while it shows
        self._toast = ui.Toast(self.layout)  # built once, hidden (ui.Toast says why)
        self.overlay.append(self._toast.group)
        self.session = None
        self._before = None  # the modules loaded before the game (_mark)
        self.probe = None  # SANBON_DEBUG: the serial console's reports (sanbon.probe)
        if _debug():  # (and SANBON_SEED: sanbon.probe)
            from sanbon.probe import Probe

            self.probe = Probe(self)
            global collect
            collect = self.probe.collect  # collect() timed
        self.now = board.ticks_ms()
        self.store = Store(board.nvm)  # the saves
        notes = [note] if note else []
        from sanbon import store_load  # boot-only code
        try:
            sections = store_load.load(self.store)
        except Exception as error:  # never let a bad store stop the device
            print("store:", error)
            sections = {}
            self.store.message = MSG_CORRUPT
        ui.drop(store_load)
        store_load = None
        if self.store.message:
            notes.append(self.store.message)
        self.settings, fixed = Settings.from_bytes(sections.get(SETTINGS))
        self.stats, fixed2 = Stats.from_bytes(sections.get(STATS))
        if (fixed or fixed2) and not self.store.message:
            notes.append("Some settings were invalid and were reset.")
        self.saved_game = sections.get(GAME)  # the game in progress: its snapshot,
        self.saved_log = {LOG: sections.get(LOG), JOURNAL: sections.get(JOURNAL), BOT: sections.get(BOT),
                          MEMORY: sections.get(MEMORY)}  # and the rest
        self.leds = Leds(board, self.settings)
        if board.speaker is not None:  # sanbon.sound only on a board with a speaker
            from sanbon.sound import Sound

            self._sound = Sound(board.speaker, self.settings)
        board.display.root_group = self.root
        self._menu()
        if notes:  # together (one toast would hide another), where either Display Pack shows them
            self.toast(" ".join(notes), 8000, safe=True)
        self.board.display.refresh()
        self.apply_brightness()  # the backlight on once the first frame is drawn

    # -- screens -------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def _show(self):
        """Show the top screen (over the one below it, for an overlay).

        An overlay taken off the screen shown changes only its own box,
        which displayio redraws as one area. One put on is a whole-screen
        pass (repaint), as is every new screen: displayio redraws a new
        layer's box once per layer (a dialog's frame, panel and lines), each
        time with every layer of the screen below in it, which on the
        emulated Pico took 700 ms for an Okko dialog on 320x240 against 390 ms
        for the whole screen. Only an overlay that says so (``in_place``: the
        "Loading" line, one layer over the title) goes on in place."""
        layer = self.screen_layer
        top = self.top
        want = []
        if top is not None:
            if getattr(top, "overlay", False) and len(self.stack) > 1:
                want.append(self.stack[-2].group)
            want.append(top.group)
        kept = 0  # the groups shown now that stay, from the bottom
        while kept < len(layer) and kept < len(want) and layer[kept] is want[kept]:
            kept += 1
        while len(layer) > kept:
            layer.pop()
        for group in want[kept:]:
            layer.append(group)
        if top is None:
            return
        if not kept or (len(want) > kept and not getattr(top, "in_place", False)):
            self.repaint()
        if self.probe is not None:
            self.probe.report(type(top).__name__, True)

    def repaint(self):
        """Redraw the whole screen at the next refresh, in one pass: after a
        screen change, or a screen that rebuilt much of itself.

        Left to itself, displayio redraws each changed layer's box on its
        own (a box drawn over again for every layer in it), and a vectorio
        shape new on the display its box from where it was made (before the
        panel's rotation) to where it goes: on the rotated Pico Display
        panels a new screen was redrawn several times over, 0.6-1.7 s on
        320x240. Setting the root group again makes the next refresh one
        whole-screen pass (0.4-0.6 s there)."""
        display = self.board.display
        display.root_group = None
        display.root_group = self.root

    def report(self, what):
        """SANBON_DEBUG: the free heap and what just happened, to the serial
        console (sanbon.probe; docs/HARDWARE.md, "Reading the memory report")."""
        if self.probe is not None:
            self.probe.report(what)

    def push(self, screen):
        self.stack.append(screen)
        self._show()
        self.collect_due = True

    def pop(self):
        if len(self.stack) <= 1:
            return
        old = self.stack.pop()
        old.close()
        self._show()
        self.top.resume()
        self.collect_due = True

    def defer(self, function, args):
        """Run ``function(*args)`` at the start of the next step, when no
        frame of this one holds a screen any more (so a screen closed then is
        collected before the next one is built)."""
        self.deferred = (function, args)

    def replace(self, screen):
        if self.stack:
            self.stack.pop().close()
        self.push(screen)

    def home(self):
        """Back to the main menu, closing everything above it. A game has no
        menu below it: the menu is built in the next step, after a one-frame
        "Loading" screen, once the game's screens and code are gone."""
        stack = self.stack
        while len(stack) > 1:
            stack.pop().close()
        if stack and getattr(stack[0], "is_home", False):
            self._show()
            self.top.resume()
            collect()
            return
        self._load("Sanbon", self._menu)

    def _menu(self):
        """The main menu now, alone on the stack."""
        self._clear()
        from sanbon.menus import MainMenu

        self.push(MainMenu(self))

    def _clear(self, keep=0):
        """Close every screen but the top ``keep`` (a "Loading" line); the
        main menu's close forgets the menus' code (sanbon.menus), as a game
        starts: neither its widgets nor its module stay in the heap during play."""
        stack = self.stack
        while len(stack) > keep:
            stack.pop(len(stack) - 1 - keep).close()
        self._show()
        collect()

    # -- overlays ------------------------------------------------------
    def toast(self, text, ms=1800, color=ui.TEXT, safe=False):
        widget = self._toast
        widget.show(text, (self.now + ms) & 0x1FFFFFFF, color, safe)
        self.toast_widget = widget

    def clear_toast(self):
        if self.toast_widget is not None:
            self.toast_widget.hide()
            self.toast_widget = None

    def dialog(self, message, on_ok=None, on_cancel=None, hint=None):
        from sanbon.screens import DialogScreen

        self.push(DialogScreen(self, message, on_ok, on_cancel, hint))

    # -- settings ------------------------------------------------------
    def apply_brightness(self):
        try:
            self.board.display.brightness = self.settings.brightness_level()
        except (AttributeError, ValueError, NotImplementedError):
            pass  # a display without a backlight control

    def sound(self, effect):
        """Play a sound effect ("roll", "hit", "card", "win", "loss"); does
        nothing on a board without a speaker, or with Sound off."""
        if self._sound is not None:
            self._sound.play(effect, self.now)

    # -- games ---------------------------------------------------------
    def new_seed(self):
        if self.seed is not None:
            seed = self.seed
            self.seed = (self.seed * 7 + 1) & 0x3FFFFFFF  # "play again" differs
            return seed
        try:
            import os

            noise = os.urandom(4)
            return ((noise[0] & 0x3F) << 24) | (noise[1] << 16) | (noise[2] << 8) | noise[3]
        except (ImportError, NotImplementedError, AttributeError):
            return self.board.ticks_ms() & 0x3FFFFFFF

    def start_game(self, info, config):
        """Leave the menus (or the last game) for a "Loading" line; the game
        loads in the next step, after the menus' widgets and code are gone."""
        session = self.session
        keep = session is not None and session.info is info  # the same game again: keep its code

        def job():  # at the next step, after the "Loading" line is drawn
            self.end_session(keep)
            self._start(info, config)

        self._load(info.name, job)

    def continue_game(self):
        from sanbon import games

        info = games.by_id(self.saved_game[0]) if self.saved_game else None
        self._load(info.name if info else "Sanbon", self._continue)

    def _load(self, name, job):
        """A "Loading" line over this screen now; at the next step the
        screens under it close, the menus' code is forgotten and collected,
        then ``job`` runs."""
        from sanbon.screens import LoadingScreen

        def first():
            self._clear(1)
            job()

        self.stack.append(LoadingScreen(self, name, first))
        self._show()  # in place, and no collect: the press's answer comes at once

    def _start(self, info, config):
        from sanbon.session import Session, load_module

        self._mark()
        module = load_module(info)
        if module is None:
            self.end_session()
            self._menu()
            self.dialog("%s is not built yet. It comes in a later update." % info.name)
            return
        self.session = Session.new(self, info, config, module, self.new_seed())
        self.leds.off()
        self.save(info.room)  # the sector rewritten now, if this game's saves would not fit
        self.replace(module.GameScreen(self, self.session))

    def _continue(self):
        from sanbon.session import Session

        self._mark()
        try:
            session = Session.from_bytes(self, self.saved_game, self.saved_log)
        except Exception as error:  # a save from another build, or damaged
            print("continue:", error)
            self.saved_game = None
            self.save()
            self.end_session()
            self._menu()
            self.dialog("The saved game could not be read (%s). It was removed." % error)
            return
        self.session = session
        collect()
        # the screen at the next step: the replay's garbage is gone by then
        self.top.job = lambda: self.replace(session.module.GameScreen(self, session))

    def _mark(self):
        """Note the modules loaded before a game, so that end_session can
        forget the ones the game loads (its engine, screens and words)."""
        if self._before is None:
            import sys

            self._before = set(sys.modules)

    def end_session(self, keep=False):
        """No game in progress. Unless ``keep``, the modules the game loaded
        are forgotten (sanbon.ui.forget), so that the menu, or the next game,
        does not carry the last game's code in the heap."""
        session = self.session
        if session is not None and not session.finished:
            self.saved_game, self.saved_log = session.saved()  # for Continue (and the record)
        self.session = None
        if not keep and self._before is not None:
            ui.forget(self._before)
            self._before = None
        collect()

    def quit_game(self):
        """Leave the game for the menu; it stays saved for Continue.

        On a board that can restart (the device's soft reload), the menu
        comes from a fresh start of code.py after a "Loading" frame: a game
        leaves names interned in the heap for good (about 2-13 KB a title),
        and a fresh start gives every game the heap of a power-on. The
        menu after a restart is the menu of a power-on, which is the menu a
        game goes back to anyway.
        """
        self.save()
        self.end_session()
        self.leds.off()
        restart = getattr(self.board, "restart", None)
        if restart is None:
            self.home()
        else:
            self._load("Sanbon", restart)

    def save(self, room=0):
        """Write settings, statistics and the game in progress (if any).

        The store writes only what changed (a turn end: its actions), or
        nothing. ``room``: at a game's start, rewrite the sector now (while
        the game's screens are not yet built) unless that many bytes stay
        free, so that the game's saves need no erase.
        """
        session = self.session
        if session is not None:
            if session.finished:
                self.saved_game = self.saved_log = None
            else:
                self.saved_game, self.saved_log = session.saved()
        sections = {SETTINGS: self.settings.to_bytes(), STATS: self.stats.to_bytes()}
        if self.saved_game:
            sections[GAME] = self.saved_game
            if self.saved_log:
                sections.update(self.saved_log)
        try:
            probe = self.probe
            if probe is None:
                return self.store.save(sections, room)
            started, cycles = probe.ticks(), self.store.cycles
            wrote = self.store.save(sections, room)
            probe.saved(started, self.store.cycles != cycles)
            return wrote
        except (ValueError, OSError, MemoryError) as error:
            print("save:", error)
            self.toast("Could not save: %s" % error, 3000, ui.BAD)
            return False

    # -- the loop ------------------------------------------------------
    def press(self, button):
        """Deliver one logical button to the top screen."""
        top = self.top
        if top is not None:
            top.button(button)

    def step(self, now=None):
        if now is None:
            now = self.board.ticks_ms()
        self.now = now
        try:
            self._step(now)
        except Exception as error:  # never let a bug stop the device
            if self.strict:
                raise
            self.recover(error)

    def recover(self, error):
        """After an unexpected error: back to the menu, the save untouched.
        Its full traceback goes to the serial console: CircuitPython 10 has
        traceback.print_exception (and no sys.print_exception)."""
        try:
            from traceback import print_exception
        except ImportError:  # MicroPython (the gate)
            from sys import print_exception
        print_exception(error)
        self.session = None  # do not save a state that may be broken: the game stays as at the last turn end
        self.clear_toast()
        self._menu()
        self.dialog("Something went wrong (%s). Your game is kept as it was at the last turn end." % error)
        collect()

    def _step(self, now):
        out = self._out
        events = self.board.keys.events
        key_event = events.get()
        while key_event is not None:
            self.buttons.feed(key_event.key_number, key_event.pressed, now, out)
            key_event = events.get()
        self.buttons.poll(now, out)
        probe = self.probe
        if probe is not None:
            probe.start(bool(out))
        if self.collect_due:
            self.collect_due = False
            collect()
        job = self.deferred
        if job is not None:
            self.deferred = None
            job[0](*job[1])
            job = None
        for button in out:
            widget = self.toast_widget
            if widget is not None and button != btn.PAUSE:
                self.clear_toast()
                if widget.pal[0] == ui.INFO:  # a first-game tip (the only INFO notes) hides the screen's
                    continue  # lower part: the press that closes it does nothing else
            self.press(button)
        del out[:]
        top = self.top
        if top is not None:
            top.tick(now)
        widget = self.toast_widget
        if widget is not None and btn.ticks_diff(now, widget.until) >= 0:
            self.clear_toast()
        self.leds.tick(now)
        if self._sound is not None:
            self._sound.tick(now)
        if probe is not None:
            probe.refresh()
        self.board.display.refresh()
        if probe is not None:
            probe.end()

    def describe(self):
        top = self.top
        return top.describe() if top is not None else ""

    def run(self):
        import time

        while True:
            self.step()
            time.sleep(0.01)


def main(board, seed=None, note=None):
    """Run the app on ``board`` (code.py picks it; see boards/).

    ``note`` is shown at start (e.g. a bad SANBON_BOARD in settings.toml).
    An error the app cannot recover from (one in its start, or in its own
    recovery) ends code.py: CircuitPython then prints its traceback and
    shows its console on the display, whose backlight is first turned on
    (it is dark until the app's first frame).
    """
    try:
        App(board, seed, note).run()
    except Exception:
        try:
            board.display.brightness = 1
        except Exception:  # noqa: BLE001  (a display without a backlight, or none)
            pass
        raise
