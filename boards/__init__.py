"""One small module per supported board, all with the same interface.

``load(name=None)`` returns a Board. The name comes from the argument, else
SANBON_BOARD in settings.toml (os.getenv), else the chip's board.board_id.
No other file knows a pin name. ``start()`` is code.py's: it never raises,
and says on the console (and on the screen, if there is one) why a board
could not be set up.

The Board interface (duck-typed, the same on every board; "Board" in annotations):

    name        "picosystem", "pico_display2", "pico_display" or "desktop"
    width       screen width in pixels (display rotation already applied)
    height      screen height
    display     a displayio display: root_group, refresh(), auto_refresh (False:
                the app refreshes after each change), brightness (0.0-1.0)
    keys        keypad-like: keys.events.get() returns None or an event with
                key_number (one of the KEY_* numbers below) and pressed (bool)
    pixels      NeoPixel-like strip (len(), [i] = (r, g, b), fill(), show(),
                auto_write False) or None
    rgb_led     an RGB LED with set(r, g, b), 0-255 each, or None
    nvm         4096-byte buffer with slice assignment (microcontroller.nvm)
    speaker     None, or a speaker with tone(freq, volume) (Hz; volume 1-100)
                and off(): the PicoSystem's piezo (boards/_common.py piezo);
                sanbon.sound plays effects on it
    ticks_ms()  a millisecond clock that wraps at 2**29 (supervisor.ticks_ms)
    uid         the chip's unique id as bytes (microcontroller.cpu.uid), or b""
    hints       button names for on-screen help: {"A": "A", "B": "B",
                "X": "X", "Y": "Y"}; a D-pad board says "UP"/"DOWN" for X/Y

Every board reports the same four logical keys; a D-pad board maps UP and
LEFT to KEY_X, DOWN and RIGHT to KEY_Y, so every screen works with four
buttons: A select, B back (hold B: pause menu), X up/previous, Y down/next.
"""

import sys

try:  # when code.py started (its first import): SANBON_DEBUG's boot report
    from supervisor import ticks_ms

    STARTED = ticks_ms()
    del ticks_ms
except ImportError:  # CPython (the simulator)
    STARTED = None

KEY_A = 0
KEY_B = 1
KEY_X = 2
KEY_Y = 3

NAMES = ("pico_display2", "pico_display", "picosystem", "desktop")  # the last: the simulator's, on a PC only
# board.board_id -> our module (a bare Pico defaults to the reference build)
BOARD_IDS = {
    "pimoroni_picosystem": "picosystem",
    "raspberry_pi_pico": "pico_display2",
    "raspberry_pi_pico_w": "pico_display2",
    "raspberry_pi_pico2": "pico_display2",
}
SIZES = {"picosystem": (240, 240), "pico_display2": (320, 240), "pico_display": (240, 135)}
TICKS_PERIOD = 1 << 29
TICKS_MASK = TICKS_PERIOD - 1
NOTES = []  # what the board's set-up had to say (a setting ignored): start()'s note


def setting(key: str) -> "str | None":
    """``key`` from settings.toml (os.getenv) as stripped text, or None when
    it is unset or empty (CircuitPython 10 gives text or an int)."""
    try:
        import os

        value = str(os.getenv(key, "")).strip()
    except (ImportError, AttributeError):  # MicroPython has no os.getenv
        return None
    return value or None


def detect() -> "str | None":
    """The board module for this chip's board.board_id, or None for a board
    Sanbon does not know (on a PC: the simulator)."""
    try:
        import board

        bid = board.board_id
    except (ImportError, AttributeError):
        bid = None
    return BOARD_IDS.get(bid, "desktop" if sys.implementation.name == "cpython" else None)


def choose(name: "str | None" = None) -> "str | None":
    """The board module name: ``name``, else SANBON_BOARD, else detect()
    (None: an unknown board).

    Raises ValueError, naming the choices, for a name that is not a board
    here ("desktop" is the simulator's, not a device's).
    """
    name = name or setting("SANBON_BOARD")
    if not name:
        return detect()
    name = str(name).strip().lower()
    if name not in NAMES[: 4 if sys.implementation.name == "cpython" else 3]:
        from boards import say

        raise ValueError(say.bad_name(name))
    return name


def load(name: "str | None" = None, **options) -> "Board":
    name = choose(name)
    if name is None:
        from boards import say

        raise RuntimeError(say.unknown())
    return __import__("boards." + name, None, None, ["make"]).make(**options)


def start() -> tuple:
    """Load the board for code.py; never raises. Returns (board, note), the
    note to show at start: a bad SANBON_BOARD (the board then comes from
    board_id), or, on a bare Pico, which Display Pack was assumed. Returns
    (None, why) when no board could be set up: why is on the console and,
    lit, on the board's own screen or one an earlier run made. The words
    are boards/say.py's, loaded only when there is something to say."""
    name = None
    try:
        try:
            name = choose()
        except ValueError as error:
            from boards import say

            NOTES.append(say.note(str(error)))
            name = detect()
        if name == "pico_display2" and not NOTES and setting("SANBON_BOARD") is None:
            import supervisor  # a bare Pico: say which pack, but not after Sanbon's own restart

            if not str(getattr(supervisor.runtime, "run_reason", "")).endswith("SUPERVISOR_RELOAD"):
                from boards import say

                NOTES.append(say.assumed())
        board = load(name)
        board.started = STARTED
        note = " ".join(NOTES) or None
    except Exception as error:  # noqa: BLE001  (whatever it was: one line, on the screen too)
        from boards import say

        board, note = None, say.failure(name, error)
    del NOTES[:]
    sys.modules.pop("boards.say", None)  # boot-only: let its code be collected
    globals().pop("say", None)
    return board, note
