"""terminalio for the browser page (make web): FONT, the built-in font's
printable ASCII glyphs as one bitmap of tiles (tile = code - 32), as
CircuitPython's terminalio.FONT.bitmap is on the device. make web writes the
glyphs the simulator draws (boards/desktop.py font_tiles, from Blinka's
built-in font) into the file FONT_FILE: width u8, height u8, then one byte a
pixel of the 95-glyph strip."""

import displayio

FONT_FILE = "/font.bin"


class _Glyph:
    def __init__(self, bitmap, tile_index, width, height):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = 0
        self.dy = 0
        self.shift_x = width
        self.shift_y = 0


class _Font:
    def __init__(self, path):
        with open(path, "rb") as file:
            data = file.read()
        self._w = data[0]
        self._h = data[1]
        self.bitmap = displayio.Bitmap(95 * self._w, self._h, 2)
        self.bitmap._data[:] = data[2:2 + 95 * self._w * self._h]

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, code):
        if code < 32 or code > 126:
            return None
        return _Glyph(self.bitmap, code - 32, self._w, self._h)


FONT = _Font(FONT_FILE)
