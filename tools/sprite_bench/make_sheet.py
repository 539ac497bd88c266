"""The sprite bench's test sheet: 32 tiles of 16x16 in 16 colours (like a
game's sheet: a blank tile 0, drawn tiles with transparent corners).
``python -m tools.sprite_bench.make_sheet OUT.bmp``."""

import sys

from tools import art

PALETTE = [0x000000, 0xFFFFFF, 0xE04040, 0xF0A030, 0xF0E040, 0x40C060, 0x40A0E0, 0x8060E0,
           0x202830, 0x7A8A9A, 0xC0C8D0, 0x603020, 0x305030, 0x203060, 0xA0A0A0, 0x101010]


def rows(n=32, cols=8):
    w, h = 16 * cols, 16 * ((n + cols - 1) // cols)
    out = [[0] * w for _ in range(h)]
    for k in range(1, n):
        ox, oy = (k % cols) * 16, (k // cols) * 16
        for y in range(16):
            for x in range(16):
                if (x in (0, 15) and y in (0, 15)):
                    continue  # transparent corners
                edge = x in (0, 1, 14, 15) or y in (0, 1, 14, 15)
                out[oy + y][ox + x] = 1 + (k % 14) if edge else 1 + ((k + x // 4 + y // 4) % 15)
    return out


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as f:
        f.write(art.bmp(rows(), PALETTE))
