"""LED effects: NeoPixels, an RGB LED, or nothing, as the board has.

Steady colours (whose turn it is, the dice) and timed effects on top
(a flash for a hit, a chase for a win). ``tick(now)`` writes to the hardware
only when the colours change, and everything is dark when the LEDs setting
is off.
"""

from sanbon.buttons import ticks_diff

OFF = (0, 0, 0)
SEAT_COLORS = ((40, 120, 255), (255, 60, 40), (40, 220, 80), (255, 200, 0))
WIN = (255, 180, 0)
HIT = (255, 0, 0)
SHIELD = (0, 160, 255)

_NONE = 0
_FLASH = 1
_CHASE = 2


def dim(color, div=6):
    return (color[0] // div, color[1] // div, color[2] // div)


class Leds:
    def __init__(self, board, settings):
        self.pixels = board.pixels
        self.rgb = board.rgb_led
        self.settings = settings
        self.n = len(self.pixels) if self.pixels is not None else (1 if self.rgb is not None else 0)
        self.base = [OFF] * self.n
        self.out = [OFF] * self.n
        self.effect = _NONE
        self.effect_color = OFF
        self.effect_start = 0
        self.effect_len = 0
        self.dirty = True
        self.now = 0

    @property
    def present(self):
        return self.n > 0

    # -- steady colours ------------------------------------------------
    def fill(self, color):
        for index in range(self.n):
            if self.base[index] != color:
                self.base[index] = color
                self.dirty = True

    def off(self):
        self.effect = _NONE
        self.fill(OFF)

    def turn(self, seat):
        """Whose turn: the seat's colour, dimmed."""
        self.fill(dim(SEAT_COLORS[seat % len(SEAT_COLORS)], 4))

    def dice(self, colors, kept=()):
        """One pixel per die; kept dice dim. An RGB LED shows the first die."""
        for index in range(self.n):
            colour = colors[index] if index < len(colors) else OFF
            if index in kept:
                colour = dim(colour, 8)
            if self.base[index] != colour:
                self.base[index] = colour
                self.dirty = True

    # -- effects -------------------------------------------------------
    def flash(self, color=HIT, times=3):
        self._start(_FLASH, color, times * 300)

    def win(self, color=WIN):
        self._start(_CHASE, color, 3000)

    def _start(self, kind, color, length):
        self.effect = kind
        self.effect_color = color
        self.effect_start = self.now
        self.effect_len = length
        self.dirty = True

    def busy(self):
        return self.effect != _NONE

    def tick(self, now):
        self.now = now
        if not self.n:
            return
        if not self.settings.leds:
            frame = None
        elif self.effect == _NONE:
            frame = self.base
        else:
            elapsed = ticks_diff(now, self.effect_start)
            if elapsed >= self.effect_len or elapsed < 0:
                self.effect = _NONE
                frame = self.base
            elif self.effect == _FLASH:
                frame = self.effect_color if (elapsed // 150) % 2 == 0 else OFF
            else:  # chase: one lit pixel runs round, the rest glow
                lit = (elapsed // 120) % self.n
                frame = lit
        changed = False
        for index in range(self.n):
            if frame is None:
                colour = OFF
            elif isinstance(frame, int):
                colour = self.effect_color if index == frame else dim(self.effect_color, 8)
            elif isinstance(frame, tuple):
                colour = frame
            else:
                colour = frame[index]
            if self.out[index] != colour:
                self.out[index] = colour
                changed = True
        if changed or self.dirty:
            self.dirty = False
            self._write()

    def _write(self):
        if self.pixels is not None:
            for index in range(self.n):
                self.pixels[index] = self.out[index]
            self.pixels.show()
        if self.rgb is not None:  # the board's own LED shows the first colour too
            red, green, blue = self.out[0]
            self.rgb.set(red, green, blue)
