"""The browser page's board (``make web``): Sanbon on MicroPython's
WebAssembly port, in a web page (web/).

The same Board interface as every other board (boards/__init__.py), at any
device board's screen size. The page supplies what the chip would:

- ``display`` is web/py/displayio.py's Display: its refresh() hands the
  changed scene to the page, which draws it into a canvas;
- ``keys.events`` is a keypad.EventQueue the page's keyboard, on-screen
  buttons and touch fill (web/py/web_main.py ``key``);
- ``pixels`` are four NeoPixels whose show() lights the glow beside the
  screen; ``speaker`` (at the PicoSystem's size, the board with a piezo, as
  on the device and in the simulator) plays the app's notes through WebAudio;
- ``nvm`` is the 4 KB sector as a bytearray: the page keeps a copy in the
  browser's localStorage after every change (web_main), so the real save
  store runs and Continue works after a reload;
- ticks_ms() is the page's clock (``now``, set before every step: real time,
  or a virtual clock when the page replays a recorded walk).

Not for the device: tools/mpyc.py leaves it out of the build.
"""

import displayio
import keypad

from boards import SIZES, TICKS_MASK

NVM_SIZE = 4096


def _page():
    import js  # MicroPython's WebAssembly port: the page's JavaScript globals

    return js.sanbonPage


class Keys:
    def __init__(self):
        self.events = keypad.EventQueue()


class Pixels:
    """NeoPixel-like: len(), [i] = (r, g, b), fill(), show(); auto_write off."""

    def __init__(self, count):
        self._colors = [(0, 0, 0)] * count
        self.brightness = 0.2
        self.auto_write = False

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, index):
        return self._colors[index]

    def __setitem__(self, index, color):
        if isinstance(color, int):
            color = (color >> 16 & 255, color >> 8 & 255, color & 255)
        self._colors[index] = tuple(color)

    def fill(self, color):
        for index in range(len(self._colors)):
            self[index] = color

    def show(self):
        _page().leds(",".join("%02x%02x%02x" % c for c in self._colors))


class Speaker:
    """The piezo's interface: tone(freq, volume), off()."""

    def tone(self, freq, volume):
        _page().tone(freq, volume)

    def off(self):
        _page().tone(0, 0)


class Restart(BaseException):
    """Raised by Board.restart() (a board made with restart=True): the page
    starts a new App on this board, as the device's soft reload does."""


class Board:
    def __init__(self, size="pico_display2", nvm=None, speaker=None, restart=False, uid=b"SANBONWEB"):
        if size not in SIZES:
            raise ValueError("unknown screen size %r: use one of %s" % (size, ", ".join(sorted(SIZES))))
        self.name = "web"
        self.size_name = size
        self.width, self.height = SIZES[size]
        self.display = displayio.Display(self.width, self.height)
        self.keys = Keys()
        self.pixels = Pixels(4)
        self.rgb_led = None
        self.nvm = bytearray(b"\xff" * NVM_SIZE)
        if nvm:
            self.nvm[: len(nvm)] = nvm[:NVM_SIZE]
        if speaker is None:  # as the device: only the PicoSystem has a speaker
            speaker = size == "picosystem"
        self.speaker = Speaker() if speaker else None
        self.hints = {"A": "A", "B": "B", "X": "X", "Y": "Y"}
        self.uid = uid
        self.now = 0
        self.restarts = 0
        if not restart:  # no restart(): the app goes back to its menu in place
            self.restart = None

    def restart(self):
        self.restarts += 1
        self.keys.events.clear()
        raise Restart()

    def ticks_ms(self):
        return self.now & TICKS_MASK


def make(size="pico_display2", **options):
    return Board(size, **options)
