"""Okko: Oni Hunters' sprite sheet (lib/sanbon/okko.bmp): 12x12 tiles.

The tile numbers are sanbon.okko_layout's T_* constants (tests check that
the two agree):

- 1-6 a place of the map (its number), 7-12 the team's place (filled,
  with the team's token: a pawn),
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
    if style == "here":  # the team's token on it: a black pawn beside the number
        box(t, "a", "a", 0, 1, 11, 11)
        put(t, 7, 3, d, "k")
        art(t, 1, 2, (".k.", "kkk", ".k.", "kkk", "kkk", "kkk", "kkk", "kkk"), {"k": "k"})
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


# -- portraits (issue 29): 24x24 pictures, each four tiles of the sheet in the
# order top-left, top-right, bottom-left, bottom-right (a 2x2 TileGrid shows
# one; sanbon.okko_layout doubles them on 320x240). From _T_FACE (112): the 4
# heroes (Okko, Noburo, Noshin, Genji), then the 8 kinds of enemy (FOLK), then
# the 5 bosses (their own art: a crown, a helmet, iron skin), a picture each.
# The 25 enemy types share 8 pictures by what they are (sanbon.okko's
# _FOLK table, type -> kind):
#   0 bandit (a masked man): Drunken Bandit, Inn Cutthroat, Turncoat
#     Ashigaru, Mountain Bandit, Ninja Assassin
#   1 kappa (green, a beak and a water dish): Kappa Brawler
#   2 ghost (a white face in long black hair): Gaki, Nure-onna, Yuki-onna,
#     Onryo, Rokurokubi
#   3 beast (a fox's ears and muzzle): Bakeneko, Kitsune Deceiver, Nue
#   4 tengu (a red face, a long nose, a black cap): Tengu Scout, Karasu-tengu
#   5 oni (red, yellow horns, fangs): Wanyudo, Oni Sentry, Oni Retainer,
#     Ushi-oni
#   6 bones (a skull): Gashadokuro Shard
#   7 silk and paper (a purple spider): Silk-moth Swarm, Cocoon Puppet,
#     Jorogumo, Shikigami Servant
# After them (_T_FACE + 68 = 180) the same 17 pictures at 12x12, a tile each
# (the list rows' first picture), drawn by halving the large ones.

FOLK = ("bandit", "kappa", "ghost", "beast", "tengu", "oni", "bones", "silk")


def canvas():
    return [["."] * 24 for _ in range(24)]


def disc(t, cx, cy, rx, ry, key, y0=0, y1=23):
    """A filled ellipse centred on (cx, cy) (half pixels allowed)."""
    for y in range(max(0, y0), min(23, y1) + 1):
        for x in range(24):
            if ((x - cx) / (rx + 0.5)) ** 2 + ((y - cy) / (ry + 0.5)) ** 2 <= 1.0:
                t[y][x] = key


def fill(t, x0, y0, x1, y1, key):
    for y in range(max(0, y0), min(23, y1) + 1):
        for x in range(max(0, x0), min(23, x1) + 1):
            t[y][x] = key


def dots(t, pts, key):
    for x, y in pts:
        t[y][x] = key


def eyes(t, y, key="k", gap=3, w=2, cx=11.5):
    a = int(cx - gap / 2 - w + 0.5)
    b = int(cx + gap / 2 + 0.5)
    fill(t, a, y, a + w - 1, y + 1, key)
    fill(t, b, y, b + w - 1, y + 1, key)


def body(t, key, trim=None):
    """Shoulders at the bottom."""
    disc(t, 11.5, 25, 11, 6, key, 19)
    if trim:
        fill(t, 10, 19, 13, 23, trim)


def crown(t):
    """A boss's gold crown along the top."""
    fill(t, 5, 2, 18, 3, "a")
    dots(t, [(5, 0), (5, 1), (8, 1), (11, 0), (12, 0), (11, 1), (12, 1), (15, 1), (18, 0), (18, 1)], "a")
    dots(t, [(11, 2), (12, 2)], "r")


def hero(name):
    t = canvas()
    if name == "Okko":  # the ronin: a straw hat, a red collar, his sword's hilt
        body(t, "r", "k")
        disc(t, 11.5, 12, 5, 6, "e")
        fill(t, 6, 8, 17, 9, "k")
        eyes(t, 11)
        fill(t, 10, 16, 13, 16, "k")
        for y in range(0, 8):  # the hat
            h = 2 + y * 12 // 7
            fill(t, 12 - h, y, 11 + h, y, "a")
        fill(t, 0, 7, 23, 7, "a")
        fill(t, 19, 14, 20, 23, "d")
        fill(t, 18, 16, 21, 16, "a")
    elif name == "Noburo":  # the giant in his red mask
        body(t, "e", "k")
        disc(t, 11.5, 11, 7, 8, "r")
        fill(t, 4, 2, 19, 4, "k")
        eyes(t, 9, "w", 4, 3)
        fill(t, 7, 15, 16, 16, "k")
        dots(t, [(8, 15), (10, 15), (13, 15), (15, 15)], "w")
        dots(t, [(4, 1), (19, 1), (3, 0), (20, 0)], "d")
    elif name == "Noshin":  # the monk: bald, a green robe, prayer beads
        body(t, "g")
        disc(t, 11.5, 11, 6, 7, "e")
        eyes(t, 10)
        fill(t, 9, 15, 14, 15, "k")
        dots(t, [(7, 13), (16, 13)], "r")
        for x in range(4, 20, 2):
            t[20 + (abs(x - 11) < 5)][x] = "a"
        dots(t, [(9, 4), (10, 4), (11, 4)], "c")
    else:  # Genji: a topknot, a blue robe, a white fan
        body(t, "b", "w")
        disc(t, 11.5, 12, 5, 6, "e")
        fill(t, 6, 5, 17, 8, "k")
        fill(t, 10, 1, 13, 4, "k")
        eyes(t, 11)
        fill(t, 10, 16, 13, 16, "k")
        for y in range(13, 22):  # the fan, open
            fill(t, 17 - (y - 13) // 2, y, 18 + (21 - y) // 3 + 3, y, "w")
        dots(t, [(19, 15), (20, 17), (21, 19)], "b")
    return t


def folk(kind, boss=False):
    t = canvas()
    if kind == "bandit":
        body(t, "l" if boss else "e")
        disc(t, 11.5, 12, 6, 7, "e")
        fill(t, 5, 5, 18, 7, "r")
        dots(t, [(18, 8), (19, 9), (19, 10)], "r")
        fill(t, 7, 9, 10, 9, "k")
        fill(t, 13, 9, 16, 9, "k")
        eyes(t, 10, "w", 3)
        dots(t, [(9, 11), (14, 11)], "k")
        fill(t, 5, 14, 18, 19, "d")
        fill(t, 5, 14, 18, 14, "k")
        if boss:  # Gozan: a warlord's helmet and its golden crest
            disc(t, 11.5, 5, 8, 3, "d", 0, 7)
            fill(t, 3, 7, 20, 7, "d")
            dots(t, [(7, 3), (6, 2), (5, 1), (16, 3), (17, 2), (18, 1)], "a")
    elif kind == "kappa":
        body(t, "g")
        disc(t, 11.5, 12, 7, 7, "g")
        disc(t, 11.5, 6, 6, 2, "s")
        dots(t, [(x, 8) for x in range(5, 19, 2)], "b")
        eyes(t, 10, "w", 4)
        eyes(t, 11, "k", 4, 1)
        disc(t, 11.5, 16, 3, 2, "y")
        fill(t, 9, 16, 14, 16, "k")
    elif kind == "ghost":
        disc(t, 11.5, 14, 9, 10, "l")
        disc(t, 11.5, 14, 8, 9, "k")
        disc(t, 11.5, 11, 5, 7, "w")
        fill(t, 4, 4, 19, 6, "k")
        fill(t, 7, 10, 9, 10, "k")
        fill(t, 14, 10, 16, 10, "k")
        fill(t, 10, 16, 13, 17, "r")
        fill(t, 2, 19, 21, 23, "k")
        fill(t, 8, 19, 15, 23, "w")
    elif kind == "beast":
        body(t, "w")
        disc(t, 11.5, 13, 7, 6, "f")
        for y in range(0, 8):  # the ears
            fill(t, 5 - y // 3, y, 5 + y // 2, y, "f")
            fill(t, 18 - y // 2, y, 18 + y // 3, y, "f")
        dots(t, [(5, 4), (5, 5), (18, 4), (18, 5)], "k")
        disc(t, 11.5, 16, 4, 3, "w")
        eyes(t, 11, "y", 5, 2)
        dots(t, [(8, 11), (15, 11)], "k")
        fill(t, 11, 15, 12, 15, "k")
    elif kind == "tengu":
        body(t, "k")
        disc(t, 11.5, 12, 6, 7, "r")
        fill(t, 8, 1, 15, 4, "k")
        fill(t, 5, 7, 9, 7, "w")
        fill(t, 14, 7, 18, 7, "w")
        eyes(t, 9, "k", 4)
        fill(t, 11, 11, 12, 13, "f")
        fill(t, 12, 13, 17, 15, "f")
        fill(t, 18, 14, 19, 15, "f")
        fill(t, 9, 18, 14, 18, "k")
    elif kind == "oni":
        skin = "d" if boss else "r"  # the Iron Oni
        body(t, "k" if boss else "e")
        disc(t, 11.5, 13, 8, 8, skin)
        for y in range(0, 7):  # the horns
            fill(t, 3 + y // 3, y, 4 + y // 2, y, "y")
            fill(t, 19 - y // 2, y, 20 - y // 3, y, "y")
        fill(t, 6, 9, 17, 9, "k")
        eyes(t, 11, "y", 4, 3)
        dots(t, [(8, 11), (15, 11)], "k")
        fill(t, 7, 16, 16, 18, "k")
        dots(t, [(8, 16), (9, 17), (15, 16), (14, 17)], "w")
    elif kind == "bones":
        body(t, "c")
        disc(t, 11.5, 10, 8, 8, "w")
        fill(t, 8, 16, 15, 20, "w")
        disc(t, 8, 10, 2, 2, "k")
        disc(t, 15, 10, 2, 2, "k")
        dots(t, [(11, 14), (12, 14), (11, 13), (12, 13)], "k")
        for x in (9, 11, 13):
            fill(t, x, 17, x, 20, "k")
    elif kind == "silk":
        for i in range(4):  # the legs
            y = 5 + 4 * i
            fill(t, 1, y, 6, y, "d")
            fill(t, 17, y, 22, y, "d")
            dots(t, [(0, y + 1 + (i > 1)), (23, y + 1 + (i > 1))], "d")
        disc(t, 11.5, 15, 6, 7, "v")
        disc(t, 11.5, 7, 4, 3, "v")
        eyes(t, 6, "r", 2, 1)
        eyes(t, 8, "r", 5, 1)
        fill(t, 10, 13, 13, 18, "a")
        fill(t, 9, 15, 14, 15, "a")
    return t


def boss(name):
    if name == "Kawataro":
        t = folk("kappa")
        fill(t, 4, 19, 19, 23, "b")
    elif name == "Gozan":
        return folk("bandit", True)
    elif name == "Iron Oni":
        return folk("oni", True)
    elif name == "Silk Matron":
        t = folk("silk")
        fill(t, 2, 22, 21, 23, "w")
    else:  # the Heart of Mayudama: a void eye in a red heart
        t = canvas()
        disc(t, 7.5, 10, 5, 5, "r")
        disc(t, 15.5, 10, 5, 5, "r")
        for y in range(12, 23):
            w = (23 - y) * 11 // 11
            fill(t, 12 - w, y, 11 + w, y, "r")
        disc(t, 11.5, 13, 5, 3, "w")
        disc(t, 11.5, 13, 2, 2.5, "v")
        dots(t, [(11, 13), (12, 13)], "k")
    crown(t)
    return t


def quarters(t):
    out = []
    for oy, ox in ((0, 0), (0, 12), (12, 0), (12, 12)):
        out.append(["".join(t[oy + y][ox:ox + 12]) for y in range(12)])
    return out


def half(t):
    """The 24x24 picture at 12x12: each 2x2 block's most common colour (a
    block with one coloured pixel or none stays clear)."""
    out = []
    for y in range(12):
        row = ""
        for x in range(12):
            px = [t[2 * y + j][2 * x + i] for j in (0, 1) for i in (0, 1)]
            on = [p for p in px if p != "."]
            row += max(on, key=lambda p: (on.count(p), p == "k")) if len(on) >= 2 else "."
        out.append(row)
    return out


FACES = [hero(h) for h in ("Okko", "Noburo", "Noshin", "Genji")]
FACES += [folk(k) for k in FOLK]
FACES += [boss(b) for b in ("Kawataro", "Gozan", "Iron Oni", "Silk Matron", "Heart of Mayudama")]

# -- the day track (issue 29): cells narrower than a tile, read through a
# TileGrid of the sheet with tile_width 8 (320x240) or 4 (the 240-wide
# screens). Sheet row 10 (tiles 160-175), 8-wide cells 240-243 (4-wide
# 480+8.. = 488-491): a day to come (a bar, line), a day passed (a low stub,
# dim), today (the full height, accent), the last days (stripes, red); each
# with a clear column at its right. Row 11 (tiles 176-191): today numbered,
# 8-wide cells 264-283 for days 1-20 (an accent block, the day in black).
_DAY_KEY = "ldar"


def day_cell(t, x0, cw, kind):
    for r in range(12):
        for x in range(cw - 1):
            if kind == 2 or 2 <= r < 10 and (kind == 0 or kind == 1 and r >= 7 or kind == 3 and r % 2 == 0):
                t[r][x0 + x] = _DAY_KEY[kind]


def strip():
    """Sheet rows 5 and 6, 192x12 pixels each, as tiles."""
    a = [["."] * 192 for _ in range(12)]
    for k in range(4):
        day_cell(a, 8 * k, 8, k)
        day_cell(a, 32 + 4 * k, 4, k)
    b = [["."] * 192 for _ in range(12)]
    for d in range(1, 21):
        x0 = 8 * (d - 1)
        day_cell(b, x0, 8, 2)
        s = str(d)
        t = [["."] * 8 for _ in range(12)]
        if len(s) == 1:
            put(t, 2, 4, s, "k")
        else:
            put(t, 0, 4, s[0], "k")
            put(t, 4, 4, s[1], "k")
        for y in range(12):
            for x in range(7):
                if t[y][x] == "k":
                    b[y][x0 + x] = "k"
    out = []
    for rows in (a, b):
        for c in range(16):
            out.append(["".join(rows[y][12 * c:12 * c + 12]) for y in range(12)])
    return out


TILES += [lines(blank())] * 6  # 74-79: the rest of row 4
TILES += strip()  # 80-111
for _f in FACES:
    TILES += quarters(_f)  # 112-179
TILES += [half(_f) for _f in FACES]  # 180-196

# -- 197-202 the six Jars (Sake, Ink, Incense, Rice, Spirit, Ash: JAR_NAMES'
# order), a jar each in its own colour and mark; 203 an Encounter (a speech
# bubble: the people of the place ask for cards)
_JAR = ("...{J}{J}{J}{J}...", "....{J}{J}....", "..{J}{J}{J}{J}{J}{J}..", ".{J}{J}{J}{J}{J}{J}{J}{J}.",
        ".{J}{J}mm{J}{J}{J}{J}.", ".{J}{J}mm{J}{J}{J}{J}.", ".{J}{J}{J}{J}{J}{J}{J}{J}.", "..{J}{J}{J}{J}{J}{J}..",
        "...{J}{J}{J}{J}...", "..........")


def jar(key, mark):
    rows = [r.replace("{J}", "j") for r in _JAR]
    return chip(rows, {"j": key, "m": mark})


BUBBLE = ("..........", ".wwwwwwww.", "wwwwwwwwww", "wwkwwkwwkw", "wwkwwkwwkw", "wwwwwwwwww",
          ".wwwwwwww.", "..ww......", ".ww.......", "w.........")
TILES += [jar(k, m) for k, m in (("w", "b"), ("b", "k"), ("v", "c"), ("a", "w"), ("g", "w"), ("d", "k"))]
TILES += [chip(BUBBLE, {"w": "w", "k": "k"})]

# 204 cards (drawing cards, the hands: two cards fanned), 205 a moon (Rest)
CARDS = ("..wwwww...", "..wbbbw...", "wwwwwbw...", "wbbbwbw...", "wbwbwbw...", "wbbbwbw...",
         "wbwbwww...", "wbbbw.....", "wwwww.....", "..........")
MOON = ("...yyy....", ".yyyy.....", "yyyy......", "yyy.......", "yyy.......", "yyy.......",
        "yyyy......", ".yyyy...y.", "..yyyyyyy.", "....yyy...")
TILES += [chip(CARDS, {"w": "w", "b": "b"}), chip(MOON, {"y": "y"})]
