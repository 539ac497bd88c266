"""Kyudo's sprite sheet (lib/sanbon/kyudo.bmp): 10x10 tiles, one palette.

- 1-6: a die's picture: the five zone symbols of the sheet
  (one per colour, sanbon.kyudo_words.zone_tile: square, diamond, triangle up,
  triangle down, plus), solid, then the ARROW face's arrow, in dark ink (on a bright face);
  7-12 the same in white (on the BLACK face), 13-18 in grey (a used die);
- 19: the "kept" mark (a padlock) on a kept die;
- 145-153: a token in the strip: its letter (O, G, R) and 1-3 pips (token);
- 20-144: the mini target of the archers' strip: colour c (1-5) with its
  symbol k (0-4) filled to level l (0-4: quarters of the colour's circles
  ticked; 4: closed), tile 20 + ((c - 1) * 5 + k) * 5 + l: the outline and
  the ticked part in the colour, the rest in its dim shade.

The colours are sanbon.kyudo's INK (the strip's) and their dim shades; the
shapes are computed below (not typed in), so they stay symmetric.
"""


def _dim(c):
    return ((c >> 16) // 3) << 16 | (((c >> 8) & 0xFF) // 3) << 8 | (c & 0xFF) // 3


_INK = (0xB8B8B8, 0xF07818, 0x2EA84C, 0x3A7CF0, 0xE03838)  # sanbon.kyudo_layout.INK[1:]
TILE = (10, 10)
# 0 clear, 1-5 the colours, 6-10 dim, 11 dark ink, 12 white, 13 grey, 14 accent
PALETTE = (0x000000,) + _INK + tuple(_dim(c) for c in _INK) + (0x101010, 0xF0F0F0, 0x9AA6B2, 0xE8B030)
KEYS = {".": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "0": 10,
        "#": 11, "w": 12, "g": 13, "*": 14, "o": 1, "-": 6}

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


def symbol(kind, ink="#"):
    return ["".join(ink if _inside(kind, x, y, _S) else "." for x in range(_S)) for y in range(_S)]


def zone(kind, level, colour=1):
    """A 9x9 symbol in the tile's top-left: the outline in ``colour``, the
    lower ``level`` quarters solid, the rest dim; level 4 solid."""
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
                row += str(colour)
            else:
                row += str((colour + 5) % 10)
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


def _ink(tile, ink):
    return [r.replace("#", ink) for r in tile]

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

# a token: its colour's letter (5x7) and one pip per token held (1-3), in
# the colour: tiles 145 + kind * 3 + count - 1, kind 0-2 ORANGE, GREEN, RED
# (sanbon.kyudo's strip): not the colour alone
LETTERS = {
    "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "G": [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".###."],
    "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
}


def token(letter, count, colour):
    rows = []
    for y in range(_S):
        row = "." + (LETTERS[letter][y - 1] if 1 <= y <= 7 else ".....") + "."
        pip = 3 - (y - 1) // 3  # pips from the bottom: rows 7-8 the 1st, 4-5 the 2nd, 1-2 the 3rd
        row += "##" if 1 <= y <= 8 and (y - 1) % 3 != 2 and pip <= count else ".."
        rows.append((row + ".").replace("#", str(colour)))
    return rows


TILES = [["." * _S] * _S]
for _ink_key in "#wg":
    TILES += [symbol(k, _ink_key) for k in range(5)] + [_ink(ARROW, _ink_key)]
TILES.append(LOCK)
for _c in range(1, 6):
    for _k in range(5):
        for _l in range(5):
            TILES.append(zone(_k, _l, _c))
for _c, _letter in ((2, "O"), (3, "G"), (5, "R")):
    for _n in range(1, 4):
        TILES.append(token(_letter, _n, _c))
