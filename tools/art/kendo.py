"""Kendo Duel's glyphs (lib/sanbon/kendo.bmp): one per card kind, drawn on the
chip's band in the card's frame colour, so a card is told by its shape as
well as its colour.

Tiles 7 x 10. Tile 0 blank; 1-8 the kinds of engine/kendo/cards.py (KIND + 1:
basic, counterattack, reinforcing, against reinforcing, deflect, parry,
alternative attack, time) in dark ink, for a card that may be played now;
9-16 the same glyphs in grey ink over a hollow core, for a card that may not
(the chip's band is dimmed too: told by brightness and shape, not by hue);
17 a check mark (a card marked to switch, the attack card chosen), 18 the same
in grey. ``sanbon.kendo`` names the numbers (``_T_*``).
"""

TILE = (7, 10)
PALETTE = (0x000000, 0x101010, 0xB4C0CC)
KEYS = {".": 0, "#": 1, "+": 2}

_GLYPHS = (
    # basic: a sword, point up (a strike)
    ("...#...",
     "..###..",
     "..###..",
     "..###..",
     "..###..",
     "#######",
     "...#...",
     "..###.."),
    # counterattack: two arrows, one back (answer, then strike back)
    ("....#..",
     "....##.",
     "#######",
     "....##.",
     "..#....",
     ".##....",
     "#######",
     ".##....",
     "..#...."),
    # reinforcing (JODAN, SEME): a plus, it joins an attack
    ("..###..",
     "..###..",
     "#######",
     "#######",
     "#######",
     "..###..",
     "..###.."),
    # against reinforcing (MUSHIN, SEIGAN): a circle struck through (cancel)
    ("..###..",
     ".#...##",
     "#...#.#",
     "#..#..#",
     "#.#...#",
     "##...#.",
     "..###.."),
    # deflect: a double chevron (it slips past)
    ("#..#...",
     ".#..#..",
     "..#..#.",
     "...#..#",
     "..#..#.",
     ".#..#..",
     "#..#..."),
    # parry: a shield
    ("#######",
     "#######",
     "#######",
     "#######",
     ".#####.",
     ".#####.",
     "..###..",
     "...#..."),
    # alternative attack (TAIATARI, MAKI AGE): a burst
    ("#..#..#",
     ".#.#.#.",
     "..###..",
     "#######",
     "..###..",
     ".#.#.#.",
     "#..#..#"),
    # time (JIKAN DESU): an hourglass
    ("#######",
     ".#...#.",
     "..#.#..",
     "...#...",
     "..#.#..",
     ".#...#.",
     "#######"),
)

_CHECK = ("......#",
          ".....##",
          "#...##.",
          "##.##..",
          ".###...",
          "..#....")


def _tile(rows):
    """``rows`` centred in a 7 x 10 tile."""
    top = (TILE[1] - len(rows)) // 2
    blank = "." * TILE[0]
    return [blank] * top + list(rows) + [blank] * (TILE[1] - top - len(rows))


def _grey(rows):
    """The grey variant: the outline in grey ink, the core hollow (a dimmed
    glyph, readable without colour)."""
    out = []
    h = len(rows)
    for y, line in enumerate(rows):
        s = ""
        for x, ch in enumerate(line):
            if ch != "#":
                s += "."
                continue
            inner = 0 < x < len(line) - 1 and 0 < y < h - 1 and all(
                rows[y + dy][x + dx] == "#" for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            s += "." if inner else "+"
        out.append(s)
    return out


TILES = [_tile(())]
TILES += [_tile(g) for g in _GLYPHS]
TILES += [_tile(_grey(g)) for g in _GLYPHS]
TILES += [_tile(_CHECK), _tile([r.replace("#", "+") for r in _CHECK])]
