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
    path = __file__  # .../lib/sanbon/sprites.py (or .mpy on the device)
    slash = path.rfind("/")
    return (path[: slash + 1] if slash >= 0 else "") + name + ".bmp"


def _u32(data, pos):
    return data[pos] | data[pos + 1] << 8 | data[pos + 2] << 16 | data[pos + 3] << 24


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
        grid = displayio.TileGrid(self.bitmap, pixel_shader=self.palette, width=width, height=height,
                               tile_width=self.tile_w, tile_height=self.tile_h, x=x, y=y)
        if index:
            for cell in range(width * height):
                grid[cell] = index
        return grid


def _load(path):
    """A 4-bit BMP as a (Bitmap, Palette), read once."""
    with open(path, "rb") as file:
        head = file.read(54)
        start = _u32(head, 10)
        width = _u32(head, 18)
        height = _u32(head, 22)
        colours = _u32(head, 46) or 16
        raw = file.read(4 * colours)
        pal = displayio.Palette(colours)
        for index in range(colours):
            pal[index] = raw[4 * index + 2] << 16 | raw[4 * index + 1] << 8 | raw[4 * index]
        bmp = displayio.Bitmap(width, height, 16)
        file.seek(start)
        stride = ((width + 1) // 2 + 3) & ~3
        try:
            import bitmaptools

            bitmaptools.readinto(bmp, file, 4, reverse_rows=True, swap_bytes_in_element=False, reverse_pixels_in_element=False)
        except (ImportError, AttributeError, TypeError):
            row = bytearray(stride)
            for line in range(height - 1, -1, -1):
                file.readinto(row)
                for column in range(width):
                    pair = row[column >> 1]
                    bmp[column, line] = (pair >> 4) if not column & 1 else (pair & 15)
    return bmp, pal
