# Shared by the app gate scenarios (shell_boot, kyudo_app): a board with the
# interface of boards/__init__.py, and a driver that presses keys through
# app.step(now). Plain Python that runs on CPython and MicroPython.

KEY_A = 0
KEY_B = 1
KEY_X = 2
KEY_Y = 3
TAP_MS = 40  # a press and its release are this far apart
PAUSE_HOLD_MS = 800  # hold B this long: the pause menu (the app needs 600)
MASK = 0x1FFFFFFF  # board ticks wrap at 2**29


def hexs(b):
    return "".join("%02x" % x for x in b)


def check(cond, what):
    if not cond:
        raise AssertionError(what)


# -- the board (the interface in boards/__init__.py) ----------------------
class Event:
    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed


class EventQueue:
    def __init__(self):
        self.queue = []

    def get(self):
        if self.queue:
            return self.queue.pop(0)
        return None


class Keys:
    def __init__(self):
        self.events = EventQueue()


class Display:
    def __init__(self):
        self.root_group = None
        self.auto_refresh = False
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


class Clock:
    def __init__(self):
        self.now = 0


class Board:
    def __init__(self, width, height, nvm):
        self.name = "desktop-mp"
        self.width = width
        self.height = height
        self.display = Display()
        self.keys = Keys()
        self.pixels = None
        self.rgb_led = None
        self.nvm = nvm
        self.speaker = None
        self.hints = {"A": "A", "B": "B", "X": "X", "Y": "Y"}
        self.uid = b"\xe6\x61\x38\x52\x83\x4c\x2d\x21"
        self.clock = Clock()

    def ticks_ms(self):
        return self.clock.now & MASK


# -- driving the app: generators that yield once per app step ---------------
# (a tap is two steps, press and release; a hold one per 100 ms): a runner
# step then holds the live data plus one app step's garbage, the finest this
# MicroPython can measure (it collects only between calls).
_LAST = [None]  # the last Driver made: gate_context() reads its app


def gate_context():
    """The kind of screen on top of the last driven app (the benchmarks'
    heap per screen: tools/mpy_run.mjs MPY_RUN_CONTEXT)."""
    d = _LAST[0]
    app = d.app if d is not None else None
    return top_kind(app) if app is not None else "-"


class Driver:
    def __init__(self, app, board):
        self.app = app
        self.board = board
        _LAST[0] = self

    def step(self, ms):
        self.board.clock.now += ms
        self.app.step(self.board.clock.now & MASK)

    def key(self, k, pressed):
        self.board.keys.events.queue.append(Event(k, pressed))

    def tap(self, k):
        t = self.app.toast_widget
        if t is not None and t.pal[0] == 0x50A0E0:  # a first-game tip (ui.INFO): a press only closes it
            self.key(k, True)
            self.step(TAP_MS)
            yield
            self.key(k, False)
            self.step(TAP_MS)
            yield
        self.key(k, True)
        self.step(TAP_MS)
        yield
        self.key(k, False)
        self.step(TAP_MS)
        yield

    def hold(self, k, ms):
        self.key(k, True)
        held = 0
        while held < ms:
            self.step(100)
            held += 100
            yield
        self.key(k, False)
        self.step(TAP_MS)
        yield

    def wait(self, ms):
        self.step(ms)
        yield

    def choose(self, text):
        """Move the top menu's cursor to ``text`` (Y steps down) and press A."""
        menu = self.app.top.menu
        i = menu.items.index(text)
        n = 0
        while menu.index != i:
            yield from self.tap(KEY_Y)
            n += 1
            check(n <= len(menu.items), "cursor never reached %r" % text)
        yield from self.tap(KEY_A)
        while type(self.app.top).__name__ == "LoadingScreen":  # a game loads over a few steps
            yield from self.wait(50)


# The kind of the usual screens by their class, so that asking makes no
# garbage (describe() builds the whole screen's text: several KB on a game
# screen, which would count against the app's heap in the step it falls in).
_KINDS = {
    "GameScreen": "Game", "DialogScreen": "Dialog", "PauseScreen": "Pause", "HandOverScreen": "HandOver",
    "EndScreen": "End", "SetupScreen": "Setup", "HouseRulesScreen": "House", "HowToScreen": "HowTo",
    "SheetScreen": "Sheet",
}


def top_kind(app):
    """The kind of screen on top: "Sanbon" (main menu), "About", "Game", ...:
    the first word of app.describe()."""
    top = app.top
    if top is not None:
        k = _KINDS.get(type(top).__name__)
        if k is not None:
            if CHECK_KINDS:
                assert k == app.describe().split("\n")[0].split(":")[0], k
            return k
    return app.describe().split("\n")[0].split(":")[0]


CHECK_KINDS = False


def shown(app):
    """What app.describe() says, on one line. The About screen's free memory
    differs between the interpreters, so it is masked."""
    rows = []
    for line in app.describe().split("\n"):
        i = line.find("Free memory:")
        if i >= 0:
            line = line[:i] + "Free memory: ?"
        rows.append(line)
    return " | ".join(rows)


def texts(group, out):
    """The visible, non-empty label texts under ``group``, in drawing order."""
    from displayio import Group
    from sanbon.ui import Text

    for layer in group:
        if layer.hidden:
            continue
        if isinstance(layer, Text):
            if layer.text:
                out.append(layer.text)
        elif isinstance(layer, Group):
            texts(layer, out)
    return out
