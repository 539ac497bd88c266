"""Okko: Oni Hunters' sprite sheet (lib/sanbon/okko.bmp): 12x12 tiles.

The tile numbers are sanbon.okko_layout's T_* constants (tests check that
the two agree):

- 1-6 a place of the map (its number), 7-12 the team's place (filled),
  13-18 a place whose boss lives (red, with horns);
- 19-23 a yellow arrow with its value 3-7;
- 24-33 a Fight value 0-9 (a small F, a large red digit), 34-43 an
  Investigate value 0-9 (a small I, a large pale blue digit);
- 44-48 the kind of a card: Ally (a figure), Equipment (a blade), Special
  (a star), Item (a jar), Kami (a shrine gate);
- 49-53 the element: Water (a drop), Fire (a flame), Earth (a mountain),
  Air (wind lines), Void (a ring);
- 54 an enemy, 55 a boss, 56 a hero, 57 a Spirit Jar;
- 58-63 a Court square: face down, face down and peeked before (a dot),
  a courtier (a grey figure), an Oni (a red face with horns), the peeked
  token shown: a courtier or an Oni (in a white frame);
- 64 the cursor's frame, 65 the partner's advice (corner marks);
- 66-69 the Court's column letters A-D, 70-73 its row numbers 1-4.

The tiles are drawn from small glyphs below (a 3x5 font, doubled for the
large digits), so the drawings stay readable in this file.
"""

TILE = (12, 12)
PALETTE = (0x000000, 0x101010, 0xF0F0F0, 0x1E2A36, 0x3A4A5A, 0xE8B030, 0xE05050, 0xE0C020,
           0x3A7CF0, 0xE04030, 0xA0683A, 0xB8E0F0, 0x9A5AD8, 0x40C070, 0x7A8A9A, 0x8898A8)
KEYS = {".": 0, "k": 1, "w": 2, "p": 3, "l": 4, "a": 5, "r": 6, "y": 7, "b": 8, "f": 9, "e": 10,
        "s": 11, "v": 12, "g": 13, "d": 14, "c": 15}

# a 3x5 font: digits and the letters the tiles need
FONT = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "A": (".#.", "#.#", "###", "#.#", "#.#"),
    "B": ("##.", "#.#", "##.", "#.#", "##."),
    "C": (".##", "#..", "#..", "#..", ".##"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "F": ("###", "#..", "##.", "#..", "#.."),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
}


def blank():
    return [["."] * 12 for _ in range(12)]


def put(t, x, y, ch, key, k=1):
    """Glyph ``ch`` at (x, y), each dot a k x k block."""
    for j, row in enumerate(FONT[ch]):
        for i, c in enumerate(row):
            if c == "#":
                for dy in range(k):
                    for dx in range(k):
                        t[y + j * k + dy][x + i * k + dx] = key


def art(t, x, y, rows, keys):
    """ASCII rows at (x, y): each character through ``keys`` (others clear)."""
    for j, row in enumerate(rows):
        for i, c in enumerate(row):
            if c in keys:
                t[y + j][x + i] = keys[c]


def box(t, fill, edge=None, x0=0, y0=0, x1=11, y1=11, round_=True):
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            corner = round_ and (x in (x0, x1)) and (y in (y0, y1))
            if corner:
                continue
            on_edge = x in (x0, x1) or y in (y0, y1)
            t[y][x] = edge if (on_edge and edge) else fill


def lines(t):
    return ["".join(r) for r in t]


def node(d, style):
    t = blank()
    if style == "here":
        box(t, "a", "a", 0, 1, 11, 11)
        put(t, 5, 3, d, "k")
    elif style == "boss":
        box(t, "p", "r", 0, 1, 11, 11)
        put(t, 5, 3, d, "r")
        t[0][1] = t[0][10] = "r"  # horns
        t[1][1] = t[1][10] = "r"
    else:
        box(t, "p", "l", 0, 1, 11, 11)
        put(t, 5, 3, d, "w")
    return lines(t)


def arrow(v):
    t = blank()
    put(t, 2, 3, str(v), "y")
    art(t, 7, 3, ("#..", "##.", "###", "##.", "#.."), {"#": "y"})
    return lines(t)


def value(d, letter, key):
    t = blank()
    box(t, "p")
    put(t, 1, 1, letter, "w")
    put(t, 5, 1, str(d), key, 2)  # a large digit: the font doubled (6x10)
    return lines(t)


def chip(rows, keys):
    t = blank()
    box(t, "p")
    art(t, 1, 1, rows, keys)
    return lines(t)


KIND_ALLY = ("....www...", "...wwwww..", "...wwwww..", "....www...", "..wwwwwww.",
             ".wwwwwwwww", ".ww.www.ww", ".ww.www.ww", "....w.w...", "....w.w...")
KIND_EQUIP = (".........w", "........ww", ".......ww.", "......ww..", ".....ww...",
              "....ww....", ".a.ww.....", "..aw......", ".a.a......", "a.........")
KIND_SPECIAL = ("....ww....", "....ww....", "...wwww...", "wwwwwwwwww", ".wwwwwwww.",
                "..wwwwww..", "..ww..ww..", ".ww....ww.", ".w......w.", "..........")
KIND_ITEM = ("...wwww...", "....ww....", "..wwwwww..", ".wwwwwwww.", ".wwwwwwww.",
             ".wwwwwwww.", ".wwwwwwww.", "..wwwwww..", "...wwww...", "..........")
KIND_KAMI = ("rrrrrrrrrr", ".rrrrrrrr.", "..r....r..", "rrrrrrrrrr", "..r....r..",
             "..r....r..", "..r....r..", "..r....r..", "..r....r..", "..........")
ELEM_WATER = ("....b.....", "....b.....", "...bbb....", "...bbb....", "..bbbbb...",
              ".bbbbbbb..", ".bbwbbbb..", ".bbwbbbb..", "..bbbbb...", "...bbb....")
ELEM_FIRE = ("....f.....", "...ff.....", "...fff..f.", "..ffff.ff.", ".fffffffff",
             ".fffyyffff", ".ffyyyyff.", ".ffyyyyff.", "..ffyyff..", "...ffff...")
ELEM_EARTH = ("..........", "....e.....", "...eee....", "...eee.e..", "..eeeeeee.",
              "..eeeeeee.", ".eeeeeeeee", ".eeeeeeeee", "eeeeeeeeee", "..........")
ELEM_AIR = ("..........", ".ssssss...", "......ss..", "sssssss...", "..........",
            ".sssssssss", "........ss", "..ssssss..", "..........", "ssss......")
ELEM_VOID = ("...vvvv...", "..vvvvvv..", ".vv....vv.", "vv......vv", "vv......vv",
             "vv......vv", "vv......vv", ".vv....vv.", "..vvvvvv..", "...vvvv...")
ENEMY = ("r........r", "rr......rr", ".rrrrrrrr.", ".rrrrrrrr.", ".rkkrrkkr.",
         ".rrrrrrrr.", ".rrrrrrrr.", ".rkrkrkrr.", "..rrrrrr..", "..........")
BOSS = ("a.a.aa.a.a", "aaaaaaaaaa", "r.rrrrrr.r", "rrrrrrrrrr", "rrkkrrkkrr",
        "rrrrrrrrrr", "rrrrrrrrrr", "rrkrkrkrrr", ".rrrrrrrr.", "..rrrrrr..")
HERO = ("...aaaa...", "..aaaaaa..", "..awwwwa..", "...wwww...", "....ww....",
        ".wwwwwwww.", "w.wwwwww.w", "..wwwwww..", "..ww..ww..", "..ww..ww..")
JAR = ("...gggg...", "....gg....", "..gggggg..", ".gggggggg.", ".ggwwgggg.",
       ".ggwwgggg.", ".gggggggg.", "..gggggg..", "...gggg...", "..........")
COURTIER = ("..........", "...cccc...", "...cccc...", "....cc....", "..cccccc..",
            ".cccccccc.", ".cccccccc.", "..cccccc..", "..cc..cc..", "..........")
ONI = ("r........r", "rr......rr", ".rrrrrrrr.", "rrkkrrkkrr", "rrrrrrrrrr",
       "rrrrrrrrrr", "rkrkrkrkrr", ".rrrrrrrr.", "..rrrrrr..", "..........")


def court(inner=None, keys=None, dot=False, shown=False):
    t = blank()
    box(t, "p", "w" if shown else "l", round_=False)
    if inner:
        art(t, 1, 1, inner, keys)
    if dot:
        box(t, "a", None, 5, 5, 6, 6, round_=False)
    return lines(t)


def frame(key, corners=False):
    t = blank()
    for i in range(12):
        for j in (0, 11):
            if not corners or i < 4 or i > 7:
                t[j][i] = key
                t[i][j] = key
    if not corners:
        for i in range(12):
            t[1][i] = t[10][i] = t[i][1] = t[i][10] = key
    return lines(t)


def label(ch):
    t = blank()
    put(t, 4, 3, ch, "d")
    return lines(t)


TILES = [lines(blank())]
for style in ("", "here", "boss"):
    TILES += [node(str(d), style) for d in range(1, 7)]
TILES += [arrow(v) for v in range(3, 8)]
TILES += [value(d, "F", "f") for d in range(10)]
TILES += [value(d, "I", "s") for d in range(10)]
_W = {"w": "w", "a": "a", "r": "r"}
TILES += [chip(k, _W) for k in (KIND_ALLY, KIND_EQUIP, KIND_SPECIAL, KIND_ITEM, KIND_KAMI)]
TILES += [chip(e, {"b": "b", "w": "w", "f": "f", "y": "y", "e": "e", "s": "s", "v": "v"})
          for e in (ELEM_WATER, ELEM_FIRE, ELEM_EARTH, ELEM_AIR, ELEM_VOID)]
TILES += [chip(x, {"r": "r", "k": "k", "a": "a", "w": "w", "g": "g"}) for x in (ENEMY, BOSS, HERO, JAR)]
_C = {"c": "c", "r": "r", "k": "k"}
TILES += [court(), court(dot=True), court(COURTIER, _C), court(ONI, _C), court(COURTIER, _C, shown=True),
          court(ONI, _C, shown=True)]
TILES += [frame("a"), frame("g", corners=True)]
TILES += [label(c) for c in "ABCD1234"]
