"""Stand-in for CircuitPython's busio: SPI claims its pins."""

import microcontroller


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None):
        self.pins = [p for p in (clock, MOSI, MISO) if p is not None]
        for p in self.pins:
            microcontroller.claim(p, self)
        self.clock = clock
        self.MOSI = MOSI
        self.MISO = MISO

    def deinit(self):
        for p in self.pins:
            microcontroller.release(p)
