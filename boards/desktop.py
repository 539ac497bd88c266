"""The desktop simulator board: a pygame window through Blinka displayio.

``make(size="pico_display2")`` takes any device board's screen size.
"""

import displayio
from blinka_displayio_pygamedisplay import PyGameDisplay

from boards import SIZES


class Board:
    def __init__(self, size="pico_display2"):
        if size not in SIZES:
            raise ValueError("unknown screen size %r: use one of %s" % (size, ", ".join(sorted(SIZES))))
        self.name = "desktop"
        self.size_name = size
        self.width, self.height = SIZES[size]
        displayio.release_displays()
        self.display = PyGameDisplay(
            width=self.width, height=self.height, caption="Sanbon (%s)" % size, auto_refresh=False
        )
        self.leds = None

    def screen_surface(self):
        return self.display._pygame_screen

    def quit_requested(self):
        import pygame

        for e in pygame.event.get(pygame.QUIT):
            return True
        return False


def make(size="pico_display2", **_):
    return Board(size)
