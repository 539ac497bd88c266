"""Fake ``busio``: SPI claims its pins."""

import microcontroller


class SPI:
    display_part = True  # display buses survive a soft reload (released by release_displays)

    def __init__(self, clock, MOSI=None, MISO=None):
        self.pins = [p for p in (clock, MOSI, MISO) if p is not None]
        for p in self.pins:
            microcontroller.claim(p, self)
        self.clock, self.MOSI, self.MISO = clock, MOSI, MISO

    def deinit(self):
        for p in self.pins:
            microcontroller.release(p)
