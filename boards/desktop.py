"""The desktop simulator board: a pygame window through Blinka displayio.

It has the same interface as the device boards (boards/__init__.py), at any
device board's screen size, plus what the simulator and tests need:

- the display refreshes only displayio's dirty areas, like the device, and
  records them (``display.refreshed``) so tests can check partial redraws;
- NeoPixels are a PixelBuf whose ``_transmit`` records the bytes; they are
  drawn as dots in a strip beside the screen;
- keys are a queue that the keyboard, or a script, fills;
- nvm is a 4 KB flash sector that writes as the RP2040 does (FlashNvm: an
  erase unless the target bytes are blank, power cuts on demand), optionally
  backed by a file (a "reboot" reads it);
- at the PicoSystem's size (the board with a piezo) there is a speaker: it
  plays square waves through pygame.mixer when the desktop has audio, is
  silent headless (SDL_AUDIODRIVER=dummy), and records what was asked of it
  (``requested`` effect names, ``tones``) for tests;
- ticks_ms() is real time, or a virtual clock that scripts advance.
"""

import os
import time

import numpy as np
import pygame
from adafruit_pixelbuf import PixelBuf
from blinka_displayio_pygamedisplay import PyGameDisplay
import busdisplay
import displayio
from displayio._area import Area

from boards import KEY_A, KEY_B, KEY_X, KEY_Y, SIZES, TICKS_MASK

STRIP = 28  # width of the LED strip drawn right of the screen
NVM_SIZE = 4096

# keyboard -> logical key: each button's own letter, as the screens name them
# (A select, B back, X up, Y down, as on the Pico Display Packs), and the usual
# desktop keys beside it. tools/sim.py's --help lists the same (KEYS_HELP).
KEYMAP = {
    pygame.K_a: KEY_A, pygame.K_RETURN: KEY_A, pygame.K_KP_ENTER: KEY_A, pygame.K_SPACE: KEY_A,
    pygame.K_b: KEY_B, pygame.K_ESCAPE: KEY_B, pygame.K_BACKSPACE: KEY_B,
    pygame.K_x: KEY_X, pygame.K_UP: KEY_X, pygame.K_LEFT: KEY_X, pygame.K_w: KEY_X,
    pygame.K_y: KEY_Y, pygame.K_DOWN: KEY_Y, pygame.K_RIGHT: KEY_Y, pygame.K_s: KEY_Y,
}


class SimDisplay(PyGameDisplay):
    """PyGameDisplay that refreshes dirty areas only and records them."""

    def __init__(self, width, height, strip=0, render=True, **kw):
        self._strip = strip
        self._render = render  # False: track dirty areas, skip the pixels (fast fuzzing)
        self.refreshed = []  # (x1, y1, x2, y2) of every area refreshed
        super().__init__(width=width, height=height, **kw)

    def _initialize(self, init_sequence):
        super()._initialize(init_sequence)
        if self._strip:
            self._pygame_screen = pygame.display.set_mode(size=(self.width + self._strip, self.height))

    def _get_refresh_areas(self):
        areas = busdisplay.BusDisplay._get_refresh_areas(self)
        for area in areas:
            self.refreshed.append((area.x1, area.y1, area.x2, area.y2))
        return areas

    def _refresh_area(self, area):
        # PyGameDisplay's own version truncates areas with an odd pixel count.
        if not self._render:
            return True
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        width, height = clipped.width(), clipped.height()
        count = width * height
        buffer = memoryview(bytearray(((count + 1) // 2) * 4))
        mask = memoryview(bytearray(((count // 32) + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        pixels = np.frombuffer(bytes(buffer)[: count * 2], dtype=">u2").astype(np.uint32)
        rgb = np.empty((count, 3), dtype=np.uint8)
        rgb[:, 0] = ((pixels >> 11) & 0x1F) * 255 // 31
        rgb[:, 1] = ((pixels >> 5) & 0x3F) * 255 // 63
        rgb[:, 2] = (pixels & 0x1F) * 255 // 31
        surface = pygame.image.frombuffer(rgb.tobytes(), (width, height), "RGB")
        self._pygame_screen.blit(surface, (clipped.x1, clipped.y1))
        return True


class KeyEvent:
    def __init__(self, key_number, pressed, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp

    def __repr__(self):
        return "KeyEvent(%d, %s)" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    """keypad.EventQueue's reading side: get() returns an event or None."""

    def __init__(self):
        self._q = []

    def get(self):
        return self._q.pop(0) if self._q else None

    def put(self, key_number, pressed, timestamp=0):
        self._q.append(KeyEvent(key_number, pressed, timestamp))

    def __len__(self):
        return len(self._q)

    def clear(self):
        self._q.clear()


class Keys:
    def __init__(self):
        self.events = EventQueue()


class SimPixels(PixelBuf):
    """NeoPixels on the host: _transmit records the bytes the strip would get."""

    def __init__(self, n, on_show=None):
        self.transmitted = []
        self._on_show = on_show
        super().__init__(n, byteorder="GRB", brightness=0.2, auto_write=False)

    def _transmit(self, buffer):
        self.transmitted.append(bytes(buffer))
        del self.transmitted[:-64]  # keep the recent history only
        if self._on_show:
            self._on_show()


PAGE = 256  # the flash's program page
ERASE_MS = 45.0  # W25Q16JV: typical 4 KB sector erase (up to about 400 ms)
PAGE_MS = 0.4  # and typical page program


class PowerCut(Exception):
    """The power went at the planned point of an NVM write (FlashNvm.cut)."""


class FlashNvm(bytearray):
    """microcontroller.nvm as CircuitPython 10's RP2040 port writes it, on the host.

    The port (common-hal/nvm/ByteArray.c) takes each slice assignment as one
    write, with interrupts off:

    - if every target byte is 0xFF, it programs the touched 256-byte pages
      only (a program can only clear bits: the new byte is old & new);
    - otherwise it copies the sector to RAM, overlays the new bytes, erases
      the whole sector (all 4,096 bytes 0xFF) and programs all 16 pages.

    Counters: ``writes`` (slice assignments), ``erases``, ``pages`` (page
    programs), ``identical`` (writes of bytes equal to those stored) and
    ``busy_ms`` (the time the writes hold the chip, at the typical figures
    ERASE_MS and PAGE_MS). ``path``, if given, keeps the bytes in a file, so
    a second Board on it is a reboot.

    A power cut: ``cut(step, part, seed)`` plans one. Every write is a run of
    steps, numbered from 0 across the writes that follow (an erase is one
    step, each page program one step); ``step_kinds`` lists a write's steps
    without writing. At the planned step the write stops: a page is
    programmed up to ``part`` (0-1) of its bytes, with the next byte's bits
    half cleared; an erase with ``part`` < 0.5 leaves the first
    ``2 * part`` of the sector erased and the rest as it was, with
    ``part`` >= 0.5 every byte in random bits (old bytes with bits set at
    random). Then PowerCut is raised and the bytes stay as the cut left them.
    """

    def __init__(self, path=None, size=NVM_SIZE, data=None):
        if data is None:
            data = b""
            if path and os.path.exists(path):
                with open(path, "rb") as file:
                    data = file.read(size)
        data = bytes(data[:size])
        super().__init__(data + b"\xff" * (size - len(data)))
        self.path = path
        self.writes = 0
        self.erases = 0
        self.pages = 0
        self.identical = 0
        self.busy_ms = 0.0
        self._cut = None  # (step, part, rng) of a planned power cut

    # -- the chip's rules ------------------------------------------------
    def step_kinds(self, start, values):
        """The steps a write of ``values`` at ``start`` takes: "erase" and "page"."""
        size = len(values)
        if bytes(self[start:start + size]) == b"\xff" * size:
            return ["page"] * (((start + size - 1) // PAGE) - (start // PAGE) + 1) if size else []
        return ["erase"] + ["page"] * (len(self) // PAGE)

    def cut(self, step, part=0.0, seed=1):
        """Plan a power cut at ``step`` (see the class text); None: no cut."""
        from engine.rng import Rng

        self._cut = None if step is None else [step, part, Rng(seed)]

    def _step(self):
        """True if the planned cut falls on this step (and clears the plan)."""
        plan = self._cut
        if plan is None:
            return False
        if plan[0] > 0:
            plan[0] -= 1
            return False
        self._cut = None
        self._part, self._rng = plan[1], plan[2]
        return True

    def _program(self, page, image):
        """Program one page from ``image`` (the sector as it should become)."""
        base = page * PAGE
        cut = self._step()
        size = int(self._part * PAGE) if cut else PAGE
        if size:  # a program only clears bits: old & new
            bits = int.from_bytes(self[base:base + size], "big") & int.from_bytes(image[base:base + size], "big")
            bytearray.__setitem__(self, slice(base, base + size), bits.to_bytes(size, "big"))
        self.pages += 1
        self.busy_ms += PAGE_MS
        if cut:
            if size < PAGE:  # the byte being programmed: some of its bits cleared
                index = base + size
                bytearray.__setitem__(self, index, self[index] & (image[index] | self._rng.randrange(256)))
            raise PowerCut("power cut in a page program")

    def _erase(self):
        cut = self._step()
        self.erases += 1
        self.busy_ms += ERASE_MS
        if not cut:
            bytearray.__setitem__(self, slice(0, len(self)), b"\xff" * len(self))
            return
        if self._part < 0.5:
            size = int(2 * self._part * len(self))
            bytearray.__setitem__(self, slice(0, size), b"\xff" * size)
        else:
            rng = self._rng
            for index in range(len(self)):
                bytearray.__setitem__(self, index, self[index] | rng.randrange(256))
        raise PowerCut("power cut in a sector erase")

    def __setitem__(self, key, value):
        if not isinstance(key, slice):
            key = slice(key, key + 1)
            value = bytes((value,))
        start, stop, step = key.indices(len(self))
        value = bytes(value)
        if step != 1 or stop - start != len(value):
            raise ValueError("nvm slice assignment must keep the size")
        self.writes += 1
        if bytes(self[start:stop]) == value:
            self.identical += 1
        kinds = self.step_kinds(start, value)
        image = bytearray(self)
        image[start:stop] = value
        try:
            if kinds and kinds[0] == "erase":
                self._erase()
                pages = range(len(self) // PAGE)
            else:
                pages = range(start // PAGE, (stop - 1) // PAGE + 1) if value else ()
            for page in pages:
                self._program(page, image)
        finally:
            self._keep()

    def _keep(self):
        if self.path:
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as file:
                file.write(self)
            os.replace(tmp, self.path)


class SimSpeaker:
    """The device speaker's interface (tone(freq, volume), off()) on the desktop.

    ``requested`` lists the effects sanbon.sound played, ``tones`` every
    (freq, volume) asked for ((0, 0): off), the recent ones only. Sound comes
    out only if ``audible`` and pygame.mixer starts.
    """

    RATE = 22050

    def __init__(self, audible):
        self.requested = []
        self.tones = []
        self._audible = audible
        self._mixer = None  # (rate, channels) once pygame.mixer runs
        self._cache = {}
        self._channel = None

    def _start(self):
        if self._mixer is None:
            self._mixer = False
            if self._audible:
                try:
                    if not pygame.mixer.get_init():
                        pygame.mixer.init(frequency=self.RATE, size=-16, channels=1)
                    rate, _, channels = pygame.mixer.get_init()
                    self._mixer = (rate, channels)
                except pygame.error as error:
                    print("no sound:", error)
        return self._mixer

    def tone(self, freq, volume):
        self._record((freq, volume))
        mixer = self._start()
        if not mixer:
            return
        key = (freq, volume)
        snd = self._cache.get(key)
        if snd is None:
            rate, channels = mixer
            period = max(2, round(rate / freq))
            samples = period * max(1, rate // 10 // period)  # ~0.1 s of whole periods, looped
            amp = int(9000 * min(100, volume) / 100)
            wave = np.where(np.arange(samples) % period < period // 2, amp, -amp).astype(np.int16)
            if channels > 1:
                wave = np.repeat(wave[:, None], channels, axis=1)
            snd = self._cache[key] = pygame.sndarray.make_sound(np.ascontiguousarray(wave))
        if self._channel is not None:
            self._channel.stop()
        self._channel = snd.play(loops=-1)

    def off(self):
        self._record((0, 0))
        if self._channel is not None:
            self._channel.stop()
            self._channel = None

    def _record(self, tone):
        self.tones.append(tone)
        del self.tones[:-256]
        del self.requested[:-64]


class VirtualClock:
    """A clock that only moves when told (scripted runs and tests)."""

    def __init__(self, start=0):
        self.now = start

    def advance(self, ms):
        self.now = (self.now + ms) & TICKS_MASK

    def __call__(self):
        return self.now


class Restart(BaseException):
    """Raised by Board.restart(): the simulator starts the app again, as
    the device's soft reload does (not an Exception: the app's error
    recovery does not catch it)."""


class Board:
    def __init__(self, size="pico_display2", nvm_path=None, virtual_time=False, neopixels=4, render=True,
                 speaker=None, restart=False):
        if size not in SIZES:
            raise ValueError("unknown screen size %r: use one of %s" % (size, ", ".join(sorted(SIZES))))
        self.name = "desktop"
        self.size_name = size
        self.width, self.height = SIZES[size]
        displayio.release_displays()
        self.display = SimDisplay(
            self.width, self.height, strip=STRIP if neopixels else 0, render=render,
            caption="Sanbon (%s)" % size, auto_refresh=False,
        )
        self.keys = Keys()
        self.pixels = SimPixels(neopixels, self._draw_pixels) if neopixels else None
        self.rgb_led = None
        self.nvm = FlashNvm(nvm_path)
        if speaker is None:  # as the device: only the PicoSystem has a speaker
            speaker = size == "picosystem"
        audible = os.environ.get("SDL_AUDIODRIVER") != "dummy"
        self.speaker = SimSpeaker(audible) if speaker else None
        self.hints = {"A": "A", "B": "B", "X": "X", "Y": "Y"}
        self.uid = b"SANBONSIM"  # a fixed "chip id" for the simulator
        self.clock = VirtualClock() if virtual_time else None
        self._t0 = time.monotonic()
        self.restarts = 0
        if not restart:  # no restart(): the app goes back to its menu in place
            self.restart = None

    def restart(self):
        """As the device's soft reload: raises Restart; the simulator (or a
        test) makes a new App on this board, with the NVM as it is."""
        self.restarts += 1
        self.keys.events.clear()
        raise Restart()

    def ticks_ms(self):
        if self.clock is not None:
            return self.clock()
        return int((time.monotonic() - self._t0) * 1000) & TICKS_MASK

    # -- simulator extras ---------------------------------------------
    def screen_surface(self):
        """The screen alone (without the LED strip) as a pygame surface."""
        return self.display._pygame_screen.subsurface((0, 0, self.width, self.height))

    def _draw_pixels(self):
        surf = self.display._pygame_screen
        if surf is None or not self.pixels:
            return
        left = self.width
        pygame.draw.rect(surf, (24, 24, 28), (left, 0, STRIP, self.height))
        count = len(self.pixels)
        gap = self.height // (count + 1)
        for index in range(count):
            red, green, blue = self.pixels[index]
            # show the colour as the eye sees a lit LED, not the dimmed bytes
            peak = max(red, green, blue, 1)
            col = (red * 255 // peak, green * 255 // peak, blue * 255 // peak) if (red or green or blue) else (50, 50, 56)
            pygame.draw.circle(surf, col, (left + STRIP // 2, gap * (index + 1)), STRIP // 2 - 5)
        pygame.display.flip()

    def poll_window(self):
        """Move window events into the key queue. Returns False on quit."""
        for event in pygame.event.get((pygame.QUIT, pygame.KEYDOWN, pygame.KEYUP)):
            if event.type == pygame.QUIT:
                return False
            key = KEYMAP.get(event.key)
            if key is not None:
                self.keys.events.put(key, event.type == pygame.KEYDOWN, self.ticks_ms())
        return True


def font_tiles(font):
    """The font's printable ASCII glyphs as the tiles of one bitmap, tile =
    code - 32: what CircuitPython's ``terminalio.FONT.bitmap`` is on the device.
    (Blinka's built-in font keeps a bitmap per glyph; sanbon.ui.Text reads tiles.)"""
    width, height = font.get_bounding_box()
    tiles = displayio.Bitmap(95 * width, height, 2)
    for index in range(95):
        glyph = font.get_glyph(32 + index)
        if glyph is None:
            continue
        for row in range(min(height, glyph.bitmap.height)):
            for column in range(min(width, glyph.bitmap.width)):
                if glyph.bitmap[column, row]:
                    tiles[index * width + column, row] = 1
    return tiles


def make(size="pico_display2", **options):
    import terminalio

    font = terminalio.FONT
    if not isinstance(font.bitmap, displayio.Bitmap):  # once: Blinka's font as the device's
        tiles = font_tiles(font)
        type(font).bitmap = property(lambda self: tiles)
    return Board(size, **options)
