"""One small module per supported board, all with the same interface.

``load(name=None)`` returns a Board: name, width, height, display, buttons,
leds. The name comes from the argument, else SANBON_BOARD in settings.toml,
else the chip's board.board_id. No other file knows a pin name.
"""

NAMES = ("picosystem", "pico_display2", "pico_display", "desktop")
# board.board_id -> our module (a bare Pico defaults to the reference build)
BOARD_IDS = {
    "pimoroni_picosystem": "picosystem",
    "raspberry_pi_pico": "pico_display2",
    "raspberry_pi_pico_w": "pico_display2",
}
SIZES = {"picosystem": (240, 240), "pico_display2": (320, 240), "pico_display": (240, 135)}


def choose(name=None):
    """The board module name to use (see module docstring)."""
    if not name:
        try:
            import os

            name = os.getenv("SANBON_BOARD")
        except (ImportError, AttributeError):
            name = None
    if not name:
        try:
            import board

            name = BOARD_IDS.get(board.board_id, "desktop")
        except (ImportError, AttributeError):
            name = "desktop"
    if name not in NAMES:
        raise ValueError("unknown board %r: use one of %s" % (name, ", ".join(NAMES)))
    return name


def load(name=None, **options):
    name = choose(name)
    module = __import__("boards." + name, None, None, ["make"])
    return module.make(**options)
