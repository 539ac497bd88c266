"""The sprite sheets' drawings, and the 4-bit BMP writer: ``python -m
tools.art`` writes lib/sanbon/<game>.bmp from tools/art/<game>.py.

A drawing module defines ``TILE`` (width, height), ``PALETTE`` (up to 16
0xRRGGBB colours; index 0 is transparent on the screen), ``KEYS`` (a
character -> palette index) and ``TILES``: a list of tiles, each a list of
``height`` strings of ``width`` characters. Tile 0 should be blank. The sheet
is the tiles side by side, ``COLUMNS`` (default 16) to a row.
"""

import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHEETS = ("okko",)  # the drawing modules' names (tools/art/<name>.py), filled in as games get sheets


def pixels(mod):
    """The sheet as rows of palette indices."""
    tw, th = mod.TILE
    cols = getattr(mod, "COLUMNS", 16)
    tiles = mod.TILES
    rows_n = (len(tiles) + cols - 1) // cols
    w, h = tw * min(cols, len(tiles)), th * rows_n
    out = [[0] * w for _ in range(h)]
    for k, tile in enumerate(tiles):
        assert len(tile) == th, (mod.__name__, k, "rows", len(tile))
        ox, oy = (k % cols) * tw, (k // cols) * th
        for y, line in enumerate(tile):
            assert len(line) == tw, (mod.__name__, k, y, line)
            for x, ch in enumerate(line):
                out[oy + y][ox + x] = mod.KEYS[ch]
    return out


def bmp(rows, palette):
    """A 4-bit BI_RGB BMP of ``rows`` (bottom-up, rows padded to 4 bytes)."""
    h, w = len(rows), len(rows[0])
    stride = ((w + 1) // 2 + 3) & ~3
    pal = list(palette) + [0] * (16 - len(palette))
    body = bytearray()
    for y in range(h - 1, -1, -1):
        r = rows[y] + [0]
        line = bytearray((r[x] << 4) | r[x + 1] for x in range(0, w, 2))
        body += line + bytes(stride - len(line))
    off = 14 + 40 + 64
    head = struct.pack("<2sIHHI", b"BM", off + len(body), 0, 0, off)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 4, 0, len(body), 2835, 2835, 16, 0)
    colours = b"".join(struct.pack("<BBBB", c & 255, c >> 8 & 255, c >> 16 & 255, 0) for c in pal)
    return head + dib + colours + bytes(body)


def sheet_bytes(name):
    mod = __import__("tools.art." + name, None, None, ["TILES"])
    return bmp(pixels(mod), mod.PALETTE)


def path(name):
    return os.path.join(ROOT, "lib", "sanbon", name + ".bmp")


def main():
    for name in SHEETS:
        with open(path(name), "wb") as f:
            f.write(sheet_bytes(name))
        print("wrote", os.path.relpath(path(name), ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
