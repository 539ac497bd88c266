"""Okko's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.okko.GameScreen only while it builds itself (and when
it swaps the list for the Court and back), then dropped (sanbon.ui.drop).
The pictures are tiles of the sprite sheet lib/sanbon/okko.bmp (drawn in
tools/art/okko.py; the T_* numbers below are its tiles). From the top,
under the title:

- the map: one TileGrid of 11 tiles, the six places (the team's filled, a
  living boss's red with horns) and the yellow arrows with their values
  between them (doubled on 320x240); the red arrow as a red bar under the
  places it joins; beside it (on 320x240 on a row under it) the day track, 20 cells of the same sheet read 8 or 4 pixels
  wide (the days passed dim low stubs, today the full height, numbered on
  320x240, the last three red stripes);
- three text rows: the place and the day, the enemy line, the news (in the
  builders: what is asked and what is marked); at their right the
  portraits of the hero to act and the enemy or boss faced (a TileGrid of
  4x2 tiles, in a Group doubled on 320x240), and on 320x240 under them the
  enemy line's small portraits (a TileGrid of 6 tiles);
- the list of the decision, each row with four tiles (a card's kind,
  element, Fight and Investigate; an enemy's or a hero's picture and
  values), and under it the detail line(s): what the selected item does;
  on 320x240, at the list's right, the selected row's subject large (a
  TileGrid of 2x2 tiles tripled: a portrait, or the row's four pictures).
  Or, in its place, the Court: a TileGrid of 5x5 tiles (the column letters
  A-D, the row numbers 1-4 and the 16 squares), the cursor and the
  partner's advice as one tile each, and text beside it. Only one of the
  two exists at a time (build_list, build_court);
- the hint line: the buttons.
"""

import displayio
import vectorio

from sanbon import ui

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# the sheet's tiles (tools/art/okko.py; sanbon.okko has its copies): private
# constants, so that they cost no names on the device
_T_NODE = const(1)  # + place 0-5; +6 the team's place; +12 a living boss's
_T_ARROW = const(19)  # + value - 3
_T_F = const(24)  # + value
_T_I = const(34)
_T_KIND = const(44)  # + kind
_T_ELEM = const(48)  # + element 1-5
_T_ENEMY = const(54)
_T_BOSS = const(55)
_T_HERO = const(56)
_T_JAR = const(57)
_T_SQUARE = const(58)  # face down, peeked before, courtier, Oni, shown courtier, shown Oni
_T_CURSOR = const(64)
_T_ADVICE = const(65)
_T_COL = const(66)  # A-D
_T_ROW = const(70)  # 1-4
_T_DAY = const(80)  # sheet rows 5-6: the day track's narrow cells (read at 8 or 4 pixels wide)
_T_FACE = const(112)  # + 4 * picture: a 24x24 portrait's four tiles (heroes 0-3, enemy kinds 4-11, bosses 12-16)
_T_SMALL = const(180)  # + picture: the portrait at 12x12
_T_JARS = const(197)  # + jar type
_T_TALK = const(203)  # an Encounter
_T_CARDS = const(204)  # drawing cards, the hands
_T_REST = const(205)  # a moon
_TILE = const(12)


def rect(pal, x, y, w, h):
    return vectorio.Rectangle(pixel_shader=pal, width=w, height=h, x=x, y=y)


def tile(bmp, index, x=0, y=0, w=1, h=1):
    """A TileGrid of w x h tiles of the sprite sheet ``bmp``, all ``index``."""
    g = displayio.TileGrid(bmp, pixel_shader=bmp.pixel_shader, width=w, height=h, tile_width=_TILE,
                           tile_height=_TILE, x=x, y=y)
    if index:
        for i in range(w * h):
            g[i] = index
    return g


def build(scr):
    L = scr.L
    g = scr.group
    W = L.width
    big = L.big
    scr.frame = ui.Frame(L, "Okko", "")
    g.append(scr.frame.group)
    g.append(scr.spinner.group)
    # the sheet's pixels stay on the drive (sanbon.sprites' "disk" way, without
    # its module: a TileGrid over the OnDiskBitmap is all a picture costs)
    f = __file__
    scr.sheet = sh = displayio.OnDiskBitmap(f[: f.rfind("/") + 1] + "okko.bmp")
    sh.pixel_shader.make_transparent(0)
    m = L.margin
    y = L.body_top
    # the map: places and arrows, a tile each (doubled on 320x240, the day
    # track then on a row of its own under it)
    k = 2 if W >= 320 else 1
    mg = displayio.Group(scale=k, x=m, y=y)
    scr.map = tile(sh, 0, 0, 0, 11, 1)
    mg.append(scr.map)
    g.append(mg)
    scr.red = rect(ui.palette(0xD83838), m, y + _TILE * k + 1, 4, 2 * k)
    scr.red.hidden = True
    g.append(scr.red)
    scr.node_x = m + _TILE * k // 2
    scr.step = 2 * _TILE * k
    # the day track: a TileGrid of the sheet with narrow tiles (8 or 4
    # pixels: cells of sheet rows 5-6, tools/art/okko.py), a tile per day,
    # told apart by shape as well as colour: a day to come a bar, a day
    # passed a low stub, today the full height (on 320x240 with its number),
    # the last days striped (sanbon.okko's _map sets them)
    x0 = m + 11 * _TILE + 6
    cw = 4
    if k > 1:  # (sanbon.okko._map tells them apart the same way)
        y += _TILE * k + 4
        x0 = m
        cw = 8
    scr.days = displayio.TileGrid(sh, pixel_shader=sh.pixel_shader, width=20, height=1, tile_width=cw,
                                  tile_height=_TILE, x=x0, y=y)
    g.append(scr.days)
    wy = y  # the portraits: from the day track's row on 320x240
    y += _TILE + 6 - 2 * k
    # the text rows, and at their right who they name: the hero to act and
    # the enemy or boss faced (2x2 tiles each, doubled on 320x240)
    rh = 14 if big else 12
    scr.rows = []
    scr.row_n = L.chars(W - 2 * m, 1)
    n = L.chars(W - m - 48 * k - 6, 1)
    for i in range(3):
        t = ui.Text(m, y + i * rh, "", ui.TEXT, 1, room=n)
        g.append(t.label)
        scr.rows.append(t)
    scr.who = displayio.Group(scale=k, x=W - 48 * k - 2, y=wy if k > 1 else y)  # shown while the rows leave it room
    scr.who.append(tile(sh, 0, 0, 0, 4, 2))
    g.append(scr.who)
    scr.foes = None
    if k > 1:  # under them the enemy line, the first to be fought at the left (up to 6)
        scr.foes = tile(sh, 0, W - 80, wy + 48, 6, 1)
        g.append(scr.foes)
    scr.ly = max(y + 3 * rh, wy + 24 * k) + 1
    scr.lend = L.body_top + L.body_h + 2
    scr.ctop = y
    scr.rh = rh
    scr.lh = 16 if big else 12
    scr.list = None
    scr.court = None


def build_list(scr):
    """The list of the decision (the boards' phases) and the detail line(s)."""
    L = scr.L
    W = L.width
    m = L.margin
    ly = scr.ly
    lh = scr.lh
    nd = 2 if L.big else 1  # detail lines
    dh = ui.CHAR_H + 1
    end = scr.lend - nd * dh
    scr.list = g = displayio.Group()
    n = (end - ly) // lh
    # on 320x240, at the list's right, the selected row's subject large: a
    # portrait, or the row's four pictures (2x2 tiles, tripled), or its one
    # picture (one tile at six times)
    pw = 0
    scr.panel = None
    if W >= 320:
        pw = 6 * _TILE + 8
        y = ly + n * lh - 6 * _TILE - 1  # (under the enemy line of okko_layout.build)
        p = displayio.Group(scale=3, x=W - pw, y=y)
        scr.panel = tile(scr.sheet, 0, 0, 0, 2, 2)
        p.append(scr.panel)
        g.append(p)
        p = displayio.Group(scale=6, x=W - pw, y=y)  # a subject of one picture: it alone, at 72x72
        scr.one = tile(scr.sheet, 0)
        p.append(scr.one)
        g.append(p)
    scr.bar = ui.Ring(m - 2, ly, W - 2 * m + 4 - pw, lh, ui.ACCENT, 2 if L.big else 1)  # the cursor (ui.Ring)
    g.append(scr.bar)
    scr.lrows = []
    tx = m + 4 * _TILE + 3
    # the characters a row may take: the scroll marks keep the last column
    # (beside the panel, the rows stop 4 pixels short of it)
    scr.list_n = (W - m - tx - pw) // ui.CHAR_W - (0 if pw else 1)
    for i in range(n):
        icons = tile(scr.sheet, 0, m, ly + i * lh + (lh - _TILE) // 2, 4, 1)
        t = ui.Text(tx, ly + i * lh + lh // 2, "", ui.TEXT, 1, (0.0, 0.5), scr.list_n)
        g.append(icons)
        g.append(t.label)
        scr.lrows.append((icons, t))
    scr.more = ui.Text(W - 1, ly + n * lh, "", ui.DIM, 1, (1.0, 1.0))  # "v": rows below
    g.append(scr.more.label)
    scr.up = ui.Text(W - 1, ly, "", ui.DIM, 1, (1.0, 0.0))  # "^": rows above
    g.append(scr.up.label)
    scr.detail = []
    for i in range(nd):
        t = ui.Text(m, end + 1 + i * dh, "", ui.INFO, 1, room=scr.row_n)
        g.append(t.label)
        scr.detail.append(t)
    scr.group.append(g)


def build_court(scr):
    """The Court (peeks and the finale): the labelled 4x4 grid from the first
    text row down (its tiles doubled on the tall screens), text beside it."""
    L = scr.L
    W = L.width
    m = L.margin
    end = scr.lend
    top = scr.ctop
    rh = scr.rh
    k = 2 if L.big else 1
    scr.court = out = displayio.Group()
    g = displayio.Group(scale=k, x=m, y=top)
    out.append(g)
    sh = scr.sheet
    grid = tile(sh, 0, 0, 0, 5, 5)
    for i in range(4):
        grid[1 + i] = _T_COL + i
        grid[5 + 5 * i] = _T_ROW + i
    g.append(grid)
    scr.cells = grid
    scr.advice_box = tile(sh, _T_ADVICE)
    scr.cursor_box = tile(sh, _T_CURSOR)
    scr.advice_box.hidden = scr.cursor_box.hidden = True
    g.append(scr.advice_box)
    g.append(scr.cursor_box)
    sx = m + 5 * _TILE * k + 6
    scr.side = []
    scr.side_n = L.chars(W - sx - m, 1)
    for i in range((end - top) // rh):
        t = ui.Text(sx, top + i * rh, "", ui.TEXT, 1, room=scr.side_n)
        out.append(t.label)
        scr.side.append(t)
    scr.group.append(out)
