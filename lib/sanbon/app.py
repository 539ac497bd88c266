"""The Sanbon app: the shell that every game plugs into.

The App owns the screen stack, the buttons, the LEDs and the save store.
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
from sanbon.store import GAME, SETTINGS, STATS, Store

VERSION = "0.3"


def collect():
    """gc.collect() between screens (the simulator may swap it for a no-op)."""
    gc.collect()


class App:
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
        self.toast_widget = None
        self.session = None
        self.now = board.ticks_ms()
        # saves
        self.store = Store(board.nvm)
        notes = [note] if note else []
        try:
            sections = self.store.load()
        except Exception as e:  # never let a bad store stop the device
            print("store:", e)
            sections = {}
            self.store.message = "Save could not be read, starting fresh."
        if self.store.message:
            notes.append(self.store.message)
        self.settings, fixed = Settings.from_bytes(sections.get(SETTINGS))
        self.stats, fixed2 = Stats.from_bytes(sections.get(STATS))
        if (fixed or fixed2) and not self.store.message:
            notes.append("Some settings were invalid and were reset.")
        self.saved_game = sections.get(GAME)
        self.leds = Leds(board, self.settings)
        self.apply_brightness()
        board.display.root_group = self.root
        from sanbon.screens import MainMenu

        self.push(MainMenu(self))
        for n in notes:
            self.toast(n, 4000)
        self.board.display.refresh()

    # -- screens -------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def _show(self):
        layer = self.screen_layer
        while len(layer):
            layer.pop()
        top = self.top
        if top is None:
            return
        if getattr(top, "overlay", False) and len(self.stack) > 1:
            layer.append(self.stack[-2].group)
        layer.append(top.group)

    def push(self, screen):
        self.stack.append(screen)
        self._show()
        collect()

    def pop(self):
        if len(self.stack) <= 1:
            return
        old = self.stack.pop()
        old.close()
        self._show()
        self.top.resume()
        collect()

    def replace(self, screen):
        if self.stack:
            self.stack.pop().close()
        self.push(screen)

    def home(self):
        """Back to the main menu, closing everything above it."""
        while len(self.stack) > 1:
            self.stack.pop().close()
        self._show()
        self.top.resume()
        collect()

    # -- overlays ------------------------------------------------------
    def toast(self, text, ms=1800, color=ui.TEXT):
        self.clear_toast()
        self.toast_widget = ui.Toast(self.layout, text, (self.now + ms) & 0x1FFFFFFF, color)
        self.overlay.append(self.toast_widget.group)

    def clear_toast(self):
        if self.toast_widget is not None:
            self.overlay.remove(self.toast_widget.group)
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

    # -- games ---------------------------------------------------------
    def new_seed(self):
        if self.seed is not None:
            s = self.seed
            self.seed = (self.seed * 7 + 1) & 0x3FFFFFFF  # "play again" differs
            return s
        try:
            import os

            b = os.urandom(4)
            return ((b[0] & 0x3F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
        except (ImportError, NotImplementedError, AttributeError):
            return self.board.ticks_ms() & 0x3FFFFFFF

    def start_game(self, info, config):
        from sanbon.session import Session, load_module

        module = load_module(info)
        if module is None:
            self.dialog("%s is not built yet. It comes in a later update." % info.name)
            return False
        self.end_session()
        self.session = Session.new(self, info, config, module, self.new_seed())
        self.leds.off()
        self.save()
        self.home()
        self.push(module.GameScreen(self, self.session))
        return True

    def continue_game(self):
        from sanbon.session import Session

        try:
            session = Session.from_bytes(self, self.saved_game)
        except Exception as e:  # a save from another build, or damaged
            print("continue:", e)
            self.saved_game = None
            self.save()
            self.dialog("The saved game could not be read (%s). It was removed." % e)
            return False
        self.session = session
        self.home()
        self.push(session.module.GameScreen(self, session))
        return True

    def end_session(self):
        self.session = None
        collect()

    def quit_game(self):
        """Leave the game for the menu; it stays saved for Continue."""
        self.save()
        self.end_session()
        self.leds.off()
        self.home()

    def save(self):
        """Write settings, statistics and the game in progress (if any).

        The store skips the write when nothing changed.
        """
        s = self.session
        if s is not None:
            self.saved_game = None if s.finished else s.to_bytes()
        sections = {SETTINGS: self.settings.to_bytes(), STATS: self.stats.to_bytes()}
        gid = 0xFF
        if self.saved_game:
            sections[GAME] = self.saved_game
            gid = self.saved_game[0]
        try:
            return self.store.save(sections, gid)
        except (ValueError, OSError) as e:
            print("save:", e)
            self.toast("Could not save: %s" % e, 3000, ui.BAD)
            return False

    # -- the loop ------------------------------------------------------
    def press(self, b):
        """Deliver one logical button to the top screen."""
        top = self.top
        if top is not None:
            top.button(b)

    def step(self, now=None):
        if now is None:
            now = self.board.ticks_ms()
        self.now = now
        try:
            self._step(now)
        except Exception as e:  # never let a bug stop the device
            if self.strict:
                raise
            self.recover(e)

    def recover(self, error):
        """After an unexpected error: back to the menu, the save untouched."""
        try:
            import sys

            sys.print_exception(error)  # the serial console (CircuitPython)
        except AttributeError:
            print("error:", repr(error))
        self.session = None  # do not save a state that may be broken
        self.clear_toast()
        self.home()
        self.dialog("Something went wrong (%s). Your game is kept as it was at the last turn end." % error)
        collect()

    def _step(self, now):
        out = self._out
        events = self.board.keys.events
        ev = events.get()
        while ev is not None:
            self.buttons.feed(ev.key_number, ev.pressed, now, out)
            ev = events.get()
        self.buttons.poll(now, out)
        for b in out:
            if self.toast_widget is not None and b != btn.PAUSE:
                self.clear_toast()
            self.press(b)
        del out[:]
        top = self.top
        if top is not None:
            top.tick(now)
        t = self.toast_widget
        if t is not None and btn.ticks_diff(now, t.until) >= 0:
            self.clear_toast()
        self.leds.tick(now)
        self.board.display.refresh()

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
    """
    app = App(board, seed, note)
    app.run()
