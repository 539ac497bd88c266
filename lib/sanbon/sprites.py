"""Pictures from a game's sprite sheet: a small 4-bit indexed BMP in the
build (lib/sanbon/<game>.bmp, made by ``python -m tools.art`` from the
drawings in tools/art/).

A ``Sheet`` is the sheet's pixels and palette, opened once per game; a
sprite is a ``displayio.TileGrid`` over it, one tile (``tile``), so a picture
costs a TileGrid, not a bitmap of its own. Colour index 0 is transparent.

Where the pixels live is the choice ``MODE`` (docs/BENCHMARKS.md, "Sprites",
gives the measured heap and redraw time of each; tools/sprite_bench measures
them on the real CircuitPython). "disk" it is: a 32-tile sheet costs 528 B
of heap against 5,120 B in RAM, and a cursor move redraws in 8 ms against 5
(emulated Pico), so the heap, the app's binding limit, decides:

- ``"disk"``: ``displayio.OnDiskBitmap``: the pixels stay on the drive and
  displayio reads them at each redraw of the area; the heap holds the file's
  header only.
- ``"ram"``: a ``displayio.Bitmap`` of 4 bits a pixel, read from the file
  once (``bitmaptools.readinto`` where the firmware has it).
"""

import displayio

MODE = "disk"


def _path(name):
    f = __file__  # .../lib/sanbon/sprites.py (or .mpy on the device)
    i = f.rfind("/")
    return (f[: i + 1] if i >= 0 else "") + name + ".bmp"


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


class Sheet:
    """The sprite sheet ``name`` in tiles of ``tile_w`` x ``tile_h`` pixels."""

    def __init__(self, name, tile_w, tile_h, mode=None):
        self.tile_w = tile_w
        self.tile_h = tile_h
        self.mode = mode or MODE
        path = _path(name)
        if self.mode == "disk":
            self.bitmap = displayio.OnDiskBitmap(path)
            self.palette = self.bitmap.pixel_shader
        else:
            self.bitmap, self.palette = _load(path)
        self.palette.make_transparent(0)

    def tile(self, index, x=0, y=0, width=1, height=1):
        """A TileGrid showing tile ``index`` (then the next ones, for a grid
        of ``width`` x ``height``) at (x, y)."""
        g = displayio.TileGrid(self.bitmap, pixel_shader=self.palette, width=width, height=height,
                               tile_width=self.tile_w, tile_height=self.tile_h, x=x, y=y)
        if index:
            for i in range(width * height):
                g[i] = index
        return g


def _load(path):
    """A 4-bit BMP as a (Bitmap, Palette), read once."""
    with open(path, "rb") as f:
        head = f.read(54)
        start = _u32(head, 10)
        w = _u32(head, 18)
        h = _u32(head, 22)
        n = _u32(head, 46) or 16
        raw = f.read(4 * n)
        pal = displayio.Palette(n)
        for i in range(n):
            pal[i] = raw[4 * i + 2] << 16 | raw[4 * i + 1] << 8 | raw[4 * i]
        bmp = displayio.Bitmap(w, h, 16)
        f.seek(start)
        stride = ((w + 1) // 2 + 3) & ~3
        try:
            import bitmaptools

            bitmaptools.readinto(bmp, f, 4, reverse_rows=True, swap_bytes_in_element=False, reverse_pixels_in_element=False)
        except (ImportError, AttributeError, TypeError):
            row = bytearray(stride)
            for y in range(h - 1, -1, -1):
                f.readinto(row)
                for x in range(w):
                    v = row[x >> 1]
                    bmp[x, y] = (v >> 4) if not x & 1 else (v & 15)
    return bmp, pal
