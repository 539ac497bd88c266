# Gate scenario: what `make build` writes boots the shell on the real board
# modules. Under MicroPython it runs the build's own files (code.py, engine/,
# boards/, lib/sanbon/ .mpy; see the "build" need in tools/scenarios) on the
# hardware stand-ins of tools/scenarios/mp_hw_fakes and the display stand-ins
# of tools/scenarios/mp_fakes; under CPython the same sources and stand-ins.
# Per board it does what a power-on does: the build's code.py runs (import
# boards; from sanbon.app import main; board, note = boards.start();
# main(board, note=note)), with a stand-in for sanbon.app.main, whose
# app.run() never returns: it makes App(board, seed, note, strict=True) and
# returns. New games then get a fixed seed. SANBON_BOARD in settings.toml is a
# stand-in os.getenv (CircuitPython reads settings.toml there; MicroPython has
# no os.getenv, which boards/ handles).  Then buttons are pressed as raw pin
# events in the board's keypad.Keys queue, so the board's own pin-to-key
# mapping (the PicoSystem D-pad) is exercised, and time passes on
# supervisor.ticks_ms, the board's clock: Settings, About, the demo Pig game
# from About, a few turns, hold B for the pause menu, quit to the menu. One
# runner step per app step (scenario_kit.Driver). Between boards everything of
# ours and every stand-in is dropped from sys.modules: a fresh power-on.
# Everything printed as RESULT must be the same under CPython and MicroPython;
# a failed check raises, which fails the gate on either interpreter.
import binascii
import os
import sys

from scenario_kit import KEY_A, KEY_B, KEY_X, KEY_Y, PAUSE_HOLD_MS, TAP_MS, check, hexs, shown, texts, top_kind
from scenario_kit import Driver as _KitDriver

KEY_NAMES = "ABXY"
HOLD_AT = 12  # the scripted human holds at this turn total
ROLL_ROW = 0
HOLD_ROW = 1
SEED = 5  # new games' seed (code.py's App draws a random one)

# What a power-on starts without: our packages and every stand-in.
DROP = (
    "boards", "sanbon", "engine", "displayio", "vectorio", "terminalio",
    "microcontroller", "supervisor", "digitalio", "pwmio", "busio", "fourwire", "busdisplay",
    "keypad", "neopixel", "board",
)

# (tag, board.board_id, settings.toml, the board module expected, Pig turns before the pause)
BOARDS = (
    ("pico_display2", "raspberry_pi_pico", {}, "pico_display2", 4),
    ("pico_display", "raspberry_pi_pico", {"SANBON_BOARD": "pico_display"}, "pico_display", 3),
    ("picosystem", "pimoroni_picosystem", {}, "picosystem", 4),
)
# A bad SANBON_BOARD: boards.start() falls back to board_id, with a note.
# Then a board module on the wrong board: code.py says why, starts no app.
FALLBACK = ("fallback", "raspberry_pi_pico", {"SANBON_BOARD": "gameboy"}, "pico_display2")


def result(tag, text):
    print("RESULT %s %s" % (tag, text))


# -- power-on --------------------------------------------------------------
def power_off():
    """Drop our modules and the stand-ins (what a reset forgets). They are
    collected at the end of the runner's step (not inside it): yield next."""
    for name in list(sys.modules):
        if name.split(".")[0] in DROP:
            del sys.modules[name]


def soft_reload():
    """What a soft reload (supervisor.reload()) forgets: our modules, and
    what the hardware stand-ins hold but the displays (they live on)."""
    import supervisor

    for name in list(sys.modules):
        if name.split(".")[0] in ("boards", "sanbon", "engine"):
            del sys.modules[name]
    supervisor.soft_reload()


def code_py():
    """The build's code.py: the first one on sys.path (the build's root under
    MicroPython, the repository under CPython)."""
    for p in sys.path:
        path = (p or ".") + "/code.py"
        try:
            with open(path) as f:
                return path, f.read()
        except OSError:
            pass
    raise AssertionError("no code.py on sys.path")


def power_on(board_id, settings, starts=True):
    """Run code.py on the board ``board_id`` with ``settings`` (settings.toml).

    Returns (app, board, note) as code.py made them (``starts`` False: no
    board could be set up, so no app; the note is why).
    """
    import microcontroller

    microcontroller.board_id = board_id  # before anything imports board
    had = hasattr(os, "getenv")
    saved = getattr(os, "getenv", None)
    os.getenv = lambda key, default=None: settings.get(key, default)
    import boards  # noqa: F401  (code.py's import order: boards, then sanbon.app)
    import sanbon.app

    loop = sanbon.app.main
    made = []

    def main(board, seed=None, note=None):
        # sanbon.app.main without app.run()'s endless loop (and strict)
        made.append(sanbon.app.App(board, seed, note, strict=True))

    sanbon.app.main = main
    path, source = code_py()
    g = {"__name__": "__main__"}
    try:
        exec(source, g)
    finally:
        sanbon.app.main = loop
        if had:
            os.getenv = saved
        else:
            del os.getenv
    print("LOADED code.py %s" % path)
    if not starts:
        check(not made, "code.py started no app")
        return None, None, g["note"]
    check(len(made) == 1, "code.py called main() once")
    app = made[0]
    check(app.board is g["board"], "the app runs on code.py's board")
    check(app.seed is None, "code.py's app draws its own seeds")
    app.seed = SEED
    return app, g["board"], g["note"]


# -- the board's keys: raw pin events in, logical keys seen ------------------
class Seen:
    """Stands between the app and board.keys.events, noting each logical key
    event the board's Keys reports (its event object is reused: read it now)
    as key * 2 + pressed."""

    def __init__(self, events):
        self.events = events
        self.log = bytearray()

    def get(self):
        ev = self.events.get()
        if ev is not None:
            self.log.append(ev.key_number * 2 + (1 if ev.pressed else 0))
        return ev

    def last(self, n):
        return " ".join("%s%s" % (KEY_NAMES[e >> 1], "+-"[1 - (e & 1)]) for e in self.log[-n:])


def key_pins(name):
    """The pins of each logical key, [A, B, X, Y]; presses take turns among them."""
    import board

    if name == "picosystem":
        return [
            [board.SW_A], [board.SW_B],
            [board.SW_UP, board.SW_LEFT, board.SW_X],
            [board.SW_DOWN, board.SW_RIGHT, board.SW_Y],
        ]
    return [[board.GP12], [board.GP13], [board.GP14], [board.GP15]]


class Driver(_KitDriver):
    """Presses raw pins of the fake keypad, so the board's own key mapping runs."""

    def __init__(self, app, name):
        import keypad
        import supervisor

        self.app = app
        self.clock = supervisor.now
        self.raw = keypad.instances[-1]
        self.pins = key_pins(name)
        self.turn = [0, 0, 0, 0]
        self.down = [None, None, None, None]
        self.seen = Seen(app.board.keys.events)
        app.board.keys.events = self.seen
        self.raw_events = 0

    def pin(self, k):
        pins = self.pins[k]
        p = pins[self.turn[k] % len(pins)]
        self.turn[k] += 1
        return p

    def step(self, ms):
        self.clock[0] += ms
        self.app.step()  # reads board.ticks_ms(), as app.run() does

    def press(self, pin):
        self.raw.press(pin)
        self.raw_events += 1

    def release(self, pin):
        self.raw.release(pin)
        self.raw_events += 1

    def key(self, k, pressed):
        """The kit's tap/hold/wait/choose press logical keys through here: a
        press takes the key's next pin, its release lets go of that pin."""
        if pressed:
            self.down[k] = self.pin(k)
            self.press(self.down[k])
        else:
            self.release(self.down[k])


# -- what the screen shows -------------------------------------------------
def lights():
    """The duty cycles of the live PWMOuts (RGB LED, backlight), as GPIO:duty."""
    import pwmio

    return " ".join("%d:%d" % (p.pin.number, p.duty_cycle) for p in pwmio.instances if not p.deinited)


def display_args(board):
    d = board.display
    if board.name == "picosystem":  # the board's own DISPLAY
        return "built-in %dx%d rotation %d" % (d.width, d.height, d.rotation)
    return "ST7789 %dx%d rotation %d rowstart %d colstart %d backlight GP%d baudrate %d init %d bytes" % (
        d.width, d.height, d.rotation, d.rowstart, d.colstart, d.backlight_pin.number, d.bus.baudrate,
        len(d.init_sequence),
    )


def human_to_move(app):
    s = app.session
    return top_kind(app) == "Game" and not s.state.is_over() and not s.is_bot(s.state.current_player)


def human_action(d):
    """On a human's Pig turn: put the cursor on Roll or Hold, press A."""
    app = d.app
    want = HOLD_ROW if app.session.state.turn_total >= HOLD_AT else ROLL_ROW
    menu = app.top.menu
    while menu.index != want:
        yield from d.tap(KEY_Y)
    yield from d.tap(KEY_A)


def loaded(name):
    """Where a module came from (not a RESULT: .mpy here, .py under CPython)."""
    m = sys.modules.get(name)
    return "%s %s" % (name, getattr(m, "__file__", "(built in)") if m else "(not loaded)")


# -- one board -------------------------------------------------------------
def one_board(tag, board_id, settings, expect, turns):
    power_off()
    yield
    app, board, note = power_on(board_id, settings)
    import board as pins
    import keypad

    check(board.name == expect, "boards.start() chose %s, not %s" % (board.name, expect))
    check((note is None) == bool(settings or board_id != "raspberry_pi_pico"), "a note only on a bare Pico")
    result(tag + " note", str(note))  # which pack it assumed
    check(board.display.root_group is app.root, "the app set the display's root group")
    check(board.display.auto_refresh is False, "auto_refresh off")
    check(board.ticks_ms is __import__("supervisor").ticks_ms, "the board's clock is supervisor.ticks_ms")
    check(len(keypad.instances) == 1, "one keypad.Keys")
    if expect == "picosystem":
        check(board.display is pins.DISPLAY, "the PicoSystem's built-in display")
    result(tag + " board", "%s %dx%d hints %s" % (
        board.name, board.width, board.height,
        " ".join("%s=%s" % (k, board.hints[k]) for k in "ABXY")))
    result(tag + " display", display_args(board))
    result(tag + " pixels", "none" if board.pixels is None else "%d" % len(board.pixels))
    result(tag + " boot", shown(app))
    result(tag + " boot screen", " / ".join(texts(board.display.root_group, [])))
    d = Driver(app, expect)
    yield

    # the first Y pin (the PicoSystem's D-pad DOWN) moves the menu down
    menu = app.top.menu
    check(menu.index == 0, "the menu starts at the top")
    yield from d.tap(KEY_Y)
    check(menu.index == 1, "%s moved the menu down" % d.pins[KEY_Y][0])
    check(d.seen.last(2) == "Y+ Y-", "the board reported Y")
    if expect == "picosystem":  # UP and LEFT together: one X press, back up
        d.press(pins.SW_UP)
        d.step(TAP_MS)
        d.press(pins.SW_LEFT)
        d.step(TAP_MS)
        d.release(pins.SW_UP)
        d.step(TAP_MS)
        d.release(pins.SW_LEFT)
        d.step(TAP_MS)
        check(d.seen.last(2) == "X+ X-", "two D-pad pins of X: one press")
        yield
    else:
        yield from d.tap(KEY_X)
    check(menu.index == 0, "X moved the menu up")
    result(tag + " moved", shown(app))

    # Settings: brightness 80% -> 100%, computer speed normal -> instant
    yield from d.choose("Settings")
    check(top_kind(app) == "Settings", "Settings opened")
    result(tag + " settings", shown(app))
    yield from d.choose("Brightness: 80%")
    yield from d.choose("Computer speed: normal")
    check(app.settings.speed == 2, "speed is instant")
    result(tag + " settings changed", shown(app))
    result(tag + " brightness", "%.2f" % board.display.brightness)
    yield from d.tap(KEY_B)  # leaving saves
    check(top_kind(app) == "Sanbon", "back in the menu")
    result(tag + " settings writes", "%d" % app.store.writes)

    # About -> "Try the demo game (Pig)" (preselected) -> Start
    yield from d.choose("About")
    check(top_kind(app) == "About", "About opened")
    result(tag + " about", shown(app))
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Setup", "Pig setup opened")
    result(tag + " setup", shown(app))
    yield  # the report's garbage apart from the game's start
    yield from d.choose("Start")
    check(top_kind(app) == "Game", "the game started")
    result(tag + " start", shown(app))

    # a few turns
    done = 0
    waits = 0
    while done < turns or not human_to_move(app):
        check(not app.session.state.is_over(), "the game ended before the pause")
        if human_to_move(app):
            yield from human_action(d)
            done += 1
        else:
            yield from d.wait(50)
            waits += 1
            check(waits < 500, "the computer never moved")
    result(tag + " played", shown(app))
    result(tag + " game screen", " / ".join(texts(board.display.root_group, [])))
    result(tag + " lights", lights())
    # where the modules came from, while the game is on (a game's modules are
    # forgotten when it ends: sanbon.ui.forget)
    for name in ("boards", "boards._common", "boards." + expect, "sanbon.app", "sanbon.pig", "engine.core",
                 "board", "keypad", "busdisplay", "displayio"):
        print("LOADED", loaded(name))

    # hold B: pause; X (the D-pad's UP) wraps to "Quit to menu"; A
    yield from d.hold(KEY_B, PAUSE_HOLD_MS)
    check(top_kind(app) == "Pause", "hold B paused")
    result(tag + " pause", shown(app))
    yield from d.tap(KEY_X)
    # A: quit; a "Loading" frame, and its next pass restarts code.py (the
    # backlight off, then supervisor.reload(), which ends code.py)
    import supervisor

    try:
        yield from d.tap(KEY_A)
        restarted = False
    except supervisor.Reload:
        restarted = True
    check(restarted, "quitting to the menu restarts code.py")
    check(top_kind(app) == "Loading", "the Loading frame before the restart")
    check(app.saved_game is not None, "the game is saved to continue")
    result(tag + " quit", shown(app))
    result(tag + " restart", "backlight %.2f" % board.display.brightness)
    result(tag + " writes", "%d %d" % (app.store.writes, app.store.bytes_written))
    result(tag + " nvm crc", "%08x" % (binascii.crc32(board.nvm) & 0xFFFFFFFF))
    n = len(d.seen.log)
    result(tag + " keys", "%d raw, %d logical: %s" % (d.raw_events, n, d.seen.last(n)))
    result(tag + " refreshes", "%d" % board.display.refreshes)
    if board.pixels is not None:
        result(tag + " neopixels", "%d shows, last %s" % (board.pixels.shows, board.pixels.shown))
    check(not len(keypad.instances[-1].events), "every raw event was read")
    d.app = d.seen = None
    app = board = d = menu = None
    soft_reload()
    yield  # the old app is collected at the end of this step
    app, board, note = power_on(board_id, settings)
    check(board.name == expect and note is None, "the same board after the restart, no note")
    result(tag + " after restart", shown(app))
    result(tag + " after restart brightness", "%.2f" % board.display.brightness)
    check(app.saved_game is not None, "the game is offered to continue")
    app = board = None
    yield


def fallback():
    tag, board_id, settings, expect = FALLBACK
    power_off()
    yield
    app, board, note = power_on(board_id, settings)
    check(board.name == expect, "fell back to %s" % expect)
    check(note is not None and "gameboy" in note, "the note names the bad SANBON_BOARD")
    result(tag + " board", "%s %dx%d" % (board.name, board.width, board.height))
    result(tag + " note", note)
    result(tag + " boot", shown(app))
    result(tag + " boot screen", " / ".join(texts(board.display.root_group, [])))
    app = board = None
    power_off()
    yield
    result("failure", power_on(board_id, {"SANBON_BOARD": "picosystem"}, False)[2])
    power_off()
    yield


def run():
    for tag, board_id, settings, expect, turns in BOARDS:
        yield from one_board(tag, board_id, settings, expect, turns)
    yield from fallback()
