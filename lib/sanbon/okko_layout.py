"""Okko's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.okko.GameScreen only while it builds itself (and when
it swaps the list for the Court and back), then dropped (sanbon.ui.drop).
From the top, under the title:

- the map: the board's six locations as boxes (the team's token filled,
  a boss's box red while it lives), the yellow arrows' values between them,
  the red arrow as a red bar under the boxes it joins; beside it the day
  track, 20 cells (the days passed filled, the last three red);
- three text rows: the location (cost, boss, the red arrow), the enemy line
  (newest first, coloured by the pressure), the builder's totals, the
  exploration or the news;
- the list of the decision (cards with an element swatch), or in its place
  the Court: a 4x4 grid and text beside it. Only one of the two exists at a
  time (build_list, build_court): the screen swaps them as the phase goes
  in and out of the peeks, so the Court's 48 shapes are not in the heap
  while the boards are played;
- the hint line: both heroes, their injuries and hand sizes.
"""

import displayio
import vectorio

from sanbon import ui
from sanbon.okko import COLOURS, DAY_COLOURS


def palettes():
    out = []
    for c in COLOURS:
        out.append(ui.palette(c))
    return out


def rect(pal, x, y, w, h):
    return vectorio.Rectangle(pixel_shader=pal, width=w, height=h, x=x, y=y)


def build(scr):
    L = scr.L
    g = scr.group
    W = L.width
    big = L.big
    scr.frame = ui.Frame(L, "Okko", "")
    g.append(scr.frame.group)
    g.append(scr.spinner.group)
    scr.title_n = (W - 30 - L.margin) // (ui.CHAR_W * L.scale)
    scr.pals = p = palettes()
    m = L.margin
    y = L.body_top
    # the map
    step = min(30, (W * 11 // 20) // 6)
    nw = step - 8
    nh = 14 if big else 12
    scr.nodes = []
    for i in range(6):
        x = m + i * step
        f = rect(p[1], x, y, nw, nh)
        inner = rect(p[0], x + 1, y + 1, nw - 2, nh - 2)
        t = ui.Text(x + nw // 2, y + nh // 2, "", ui.TEXT, 1, (0.5, 0.5))
        g.append(f)
        g.append(inner)
        g.append(t.label)
        scr.nodes.append((f, inner, t))
    scr.yellow = []
    for i in range(5):
        t = ui.Text(m + i * step + nw + 4, y + nh // 2, "", 0xE0C020, 1, (0.5, 0.5))
        g.append(t.label)
        scr.yellow.append(t)
    scr.red = rect(p[8], m, y + nh + 2, 4, 2)
    scr.red.hidden = True
    g.append(scr.red)
    scr.node_x = m + nw // 2
    scr.step = step
    # the day track: one TileGrid, a tile per day, over four cells (a colour
    # each: line, dim, accent, late) with a clear gap column: ~100 bytes, not 20 shapes
    x0 = m + 6 * step + 2
    cw = (W - m - x0) // 20
    ch = nh - 4
    cells = displayio.Bitmap(4 * cw, ch, 5)
    for i in range(4 * cw * ch):
        x = i % (4 * cw)
        if x % cw != cw - 1:
            cells[i] = x // cw + 1
    pal = displayio.Palette(5)
    pal.make_transparent(0)
    for i in range(4):
        pal[i + 1] = COLOURS[DAY_COLOURS[i]]
    scr.days = displayio.TileGrid(cells, pixel_shader=pal, width=20, height=1, tile_width=cw, tile_height=ch,
                                  x=x0, y=y + 2)
    g.append(scr.days)
    y += nh + 5
    # the text rows
    rh = 14 if big else 12
    scr.rows = []
    scr.row_n = L.chars(W - 2 * m, 1)
    for i in range(3):
        t = ui.Text(m, y + i * rh, "", ui.TEXT, 1, room=scr.row_n)
        g.append(t.label)
        scr.rows.append(t)
    scr.ly = y + 3 * rh + 1
    scr.lend = L.body_top + L.body_h + 2
    scr.ctop = L.body_top + nh + 5
    scr.rh = rh
    scr.lh = 16 if big else 12
    scr.list_n = L.chars(W - 2 * m - 8, 1) - 1
    scr.hint_n = W // ui.CHAR_W
    scr.list = None
    scr.court = None


def build_list(scr):
    """The list of the decision (the boards' phases)."""
    L = scr.L
    W = L.width
    m = L.margin
    p = scr.pals
    ly = scr.ly
    lh = scr.lh
    end = scr.lend
    scr.list = g = displayio.Group()
    scr.bar = rect(p[2], m - 2, ly, W - 2 * m + 4, lh)
    g.append(scr.bar)
    scr.lrows = []
    n = (end - ly) // lh
    for i in range(n):
        sw = rect(p[10], m, ly + i * lh + (lh - 8) // 2, 5, 8)
        t = ui.Text(m + 8, ly + i * lh + lh // 2, "", ui.TEXT, 1, (0.0, 0.5), scr.list_n)
        g.append(sw)
        g.append(t.label)
        scr.lrows.append((sw, t))
    scr.more = ui.Text(W - 1, end, "", ui.DIM, 1, (1.0, 1.0))
    g.append(scr.more.label)
    scr.group.append(g)


def build_court(scr):
    """The Court (peeks and the finale): a 4x4 grid from the first text row
    down, text beside it."""
    L = scr.L
    W = L.width
    m = L.margin
    p = scr.pals
    end = scr.lend
    top = scr.ctop
    rh = scr.rh
    scr.court = g = displayio.Group()
    # squares as big as the height allows, but room for 18 characters beside
    cs = min(40, (end - top) // 4 - 1, (W - 2 * m - 6 - 18 * ui.CHAR_W) // 4 - 1)
    scr.cs = cs
    # the grid's lines: one backdrop; the cursor's and the partner's advice
    # frames: one rectangle each, moved behind a cell (cheaper than a frame
    # per cell); the Easy aid's dots only when the aid is on
    g.append(rect(p[1], m, top, 4 * (cs + 1) - 1, 4 * (cs + 1) - 1))
    scr.advice_box = rect(p[4], m, top, cs, cs)
    scr.cursor_box = rect(p[2], m, top, cs, cs)
    scr.advice_box.hidden = scr.cursor_box.hidden = True
    g.append(scr.advice_box)
    g.append(scr.cursor_box)
    aid = scr.session.state.aid
    scr.cells = []
    scr.dots = []
    for i in range(16):
        x = m + (i & 3) * (cs + 1)
        yy = top + (i >> 2) * (cs + 1)
        inner = rect(p[0], x + 2, yy + 2, cs - 4, cs - 4)
        g.append(inner)
        scr.cells.append(inner)
        if aid:
            dot = rect(p[2], x + cs // 2 - 2, yy + cs // 2 - 2, 4, 4)
            dot.hidden = True
            g.append(dot)
            scr.dots.append(dot)
    sx = m + 4 * (cs + 1) + 6
    scr.side = []
    scr.side_n = L.chars(W - sx - m, 1)
    for i in range((end - top) // rh):
        t = ui.Text(sx, top + i * rh, "", ui.TEXT, 1, room=scr.side_n)
        g.append(t.label)
        scr.side.append(t)
    scr.group.append(g)
