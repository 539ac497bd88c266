"""One small module per supported board, all with the same interface.

``load(name=None)`` returns a Board. The name comes from the argument, else
SANBON_BOARD in settings.toml (os.getenv), else the chip's board.board_id.
No other file knows a pin name.

The Board interface (duck-typed, the same on every board):

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

KEY_A = 0
KEY_B = 1
KEY_X = 2
KEY_Y = 3

NAMES = ("picosystem", "pico_display2", "pico_display", "desktop")
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


def detect():
    """The board module for this chip's board.board_id.

    An unknown board on CircuitPython gets the reference build (Pico Display
    Pack 2.0); on a desktop (no board module, or Blinka's) the simulator.
    """
    import sys

    on_device = sys.implementation.name == "circuitpython"
    try:
        import board

        return BOARD_IDS.get(board.board_id, "pico_display2" if on_device else "desktop")
    except (ImportError, AttributeError):
        return "pico_display2" if on_device else "desktop"


def choose(name=None):
    """The board module name: ``name``, else SANBON_BOARD, else detect().

    Raises ValueError, naming the choices, for an unknown name.
    """
    if not name:
        try:
            import os

            name = os.getenv("SANBON_BOARD")
        except (ImportError, AttributeError):
            name = None
    if not name:
        return detect()
    if name not in NAMES:
        raise ValueError("SANBON_BOARD %r is not a board: use one of %s" % (name, ", ".join(NAMES)))
    return name


def load(name=None, **options):
    module = __import__("boards." + choose(name), None, None, ["make"])
    return module.make(**options)


def start():
    """Load the board for code.py. Returns (board, note): a bad SANBON_BOARD
    falls back to detect() and the note says so on screen."""
    try:
        return load(), None
    except ValueError as e:
        print(e)
        module = __import__("boards." + detect(), None, None, ["make"])
        return module.make(), str(e)
