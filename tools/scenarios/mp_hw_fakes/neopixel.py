"""Stand-in for the neopixel library: NeoPixel keeps its pixels and counts
show() calls (``shows``; ``shown`` is the pixels at the last one)."""

import microcontroller

GRB = "GRB"


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        microcontroller.claim(pin, self)
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.brightness = brightness
        self.auto_write = auto_write
        self.pixel_order = pixel_order
        self._pixels = [(0, 0, 0)] * n
        self.shows = 0
        self.shown = None

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        self._pixels[i] = tuple(color)
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self._pixels[i]

    def fill(self, color):
        self._pixels = [tuple(color)] * self.n
        if self.auto_write:
            self.show()

    def show(self):
        self.shows += 1
        self.shown = list(self._pixels)

    def deinit(self):
        microcontroller.release(self.pin)
