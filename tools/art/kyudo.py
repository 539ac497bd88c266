"""Kyudo's sprite sheet (lib/sanbon/kyudo.bmp): 10x10 tiles.

Every tile is drawn in palette indexes, never in a game colour: the play
screen shows a tile through a small palette of its own (sanbon.kyudo), so
one drawing serves every colour. Index 0 is transparent, 1 the ink (the
shape), 2 the dim part (an empty part of a zone), 3 the accent.

- 1-5: the five zone symbols of the sheet (sanbon.kyudo_sheet.symbol_of:
  square, diamond, triangle up, triangle down, plus), solid: the shape on a
  die of that colour;
- 6: the ARROW face's arrow;
- 7: the "kept" mark (a padlock) under a kept die;
- 8-32: the mini target of the archers' strip: symbol k (0-4) filled to level
  l (0-4, four quarters of the colour's circles ticked; 4: the colour is
  closed), tile 8 + 5 * k + l: the outline in ink, the ticked part solid,
  the rest dim.

The shapes are computed below (not typed in), so they stay symmetric.
"""

TILE = (10, 10)
PALETTE = (0x000000, 0xF0F0F0, 0x5A6A7A, 0xE8B030)
KEYS = {".": 0, "#": 1, "-": 2, "*": 3}

_S = 10


def _inside(kind, x, y, s):
    """Is the pixel (x, y) of an s-by-s box inside zone symbol ``kind``?"""
    c = (s - 1) / 2.0
    if kind == 0:  # square
        return 1 <= x <= s - 2 and 1 <= y <= s - 2
    if kind == 1:  # diamond
        return abs(x - c) + abs(y - c) <= c + 0.01
    if kind == 2:  # triangle up: the apex on top
        return y >= 1 and abs(x - c) <= (y - 0.5) / 2.0 + 0.3
    if kind == 3:  # triangle down
        return y <= s - 2 and abs(x - c) <= (s - 1.5 - y) / 2.0 + 0.3
    t = s / 3.0  # a plus
    return (t - 0.5 <= x <= s - t - 0.5) or (t - 0.5 <= y <= s - t - 0.5)


def _edge(kind, x, y, s):
    if not _inside(kind, x, y, s):
        return False
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        u, v = x + dx, y + dy
        if not (0 <= u < s and 0 <= v < s) or not _inside(kind, u, v, s):
            return True
    return False


def symbol(kind):
    return ["".join("#" if _inside(kind, x, y, _S) else "." for x in range(_S)) for y in range(_S)]


def zone(kind, level):
    """A 9x9 symbol in the tile's top-left: outline ink, the lower ``level``
    quarters solid, the rest dim; level 4 solid."""
    s = 9
    top, bottom = s, -1
    for y in range(s):
        for x in range(s):
            if _inside(kind, x, y, s):
                top = min(top, y)
                bottom = max(bottom, y)
    h = bottom - top + 1
    line = bottom + 1 - (h * level + 3) // 4  # rows from here down are ticked
    rows = []
    for y in range(_S):
        row = ""
        for x in range(_S):
            if x >= s or y >= s or not _inside(kind, x, y, s):
                row += "."
            elif level >= 4 or _edge(kind, x, y, s) or y >= line:
                row += "#"
            else:
                row += "-"
        rows.append(row)
    return rows


ARROW = [
    "..........",
    "....######",
    ".....#####",
    "......####",
    ".....#####",
    "....###.##",
    "...###...#",
    "..###.....",
    ".###......",
    "..#.......",
]

LOCK = [
    "...####...",
    "..#....#..",
    "..#....#..",
    ".********.",
    ".********.",
    ".***..***.",
    ".***..***.",
    ".********.",
    ".********.",
    "..........",
]

TILES = [["." * _S] * _S]
TILES += [symbol(k) for k in range(5)]
TILES += [ARROW, LOCK]
for _k in range(5):
    for _l in range(5):
        TILES.append(zone(_k, _l))
