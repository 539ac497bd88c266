"""Stand-in for CircuitPython's terminalio: the built-in 6x12 font."""

import displayio


class _Tiles(displayio.Bitmap):
    """The font's glyphs as tiles (ASCII from tile 0 = space). On the device
    this bitmap is in flash, so the stand-in holds no pixels."""

    def __init__(self):
        self.width = 95 * 6
        self.height = 12


class _Font:
    bitmap = _Tiles()

    def get_bounding_box(self):
        return (6, 12)


FONT = _Font()
