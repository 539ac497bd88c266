"""Kyudo's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.kyudo.GameScreen only while it builds itself, then
dropped (sanbon.kyudo.drop): its code is not kept in RAM during the game.

- the dice: 4 dice in a row under the title; each die is a group: the mark
  frame, a light edge, the face (vectorio), its symbol (a tile of the sprite
  sheet lib/sanbon/kyudo.bmp: the colour's zone symbol, or the arrow; twice
  the size on the tall screens) and the padlock of a kept die;
- the archers' strip, beside the dice if there is room (240x135, 320x240),
  else under them in two columns (240x240): per archer a row with the name
  and spectators, the mini target (the 5 zone symbols, each filling as its
  circles are ticked, solid when closed) and the tokens (ORANGE, GREEN,
  RED: the colour's letter and a pip per token held, tools/art/kyudo.py);
  the background of the name and spectators flashes on a hit;
- the list of choices under the dice (beside the strip on 240x135 with 3-4
  archers), and in its place, while no human decides, the last news;
- two message lines above the hint line: the selected choice in words, or
  the news.
"""

import displayio

from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped

from sanbon import ui
from sanbon.kyudo import BORDER, FACE, INK, dim, rect
from sanbon.sprites import Sheet

_PAL_BLANK = 24  # the palette indexes of sanbon.kyudo (self.pals)
_PAL_MARK = 25
_PAL_EDGE = 26


def palettes():
    """FACE 0-5, FACE dim 6-11, INK 12-17, INK dim 18-23, then blank die,
    mark, die edge, LINE, BG, BAD, INFO: one palette per distinct colour."""
    cols = FACE + tuple(dim(c) for c in FACE) + INK + tuple(dim(c) for c in INK)
    cols += (ui.PANEL, ui.ACCENT, BORDER, ui.LINE, ui.BG, ui.BAD, ui.INFO)
    seen = {}
    out = []
    for c in cols:
        if c not in seen:
            seen[c] = ui.palette(c)
        out.append(seen[c])
    return out


def die(x, y, s, pals, sheet, sc):
    """(group, frame, edge, face, symbol, padlock, x): what sanbon.kyudo changes."""
    g = displayio.Group(x=x, y=y)
    frame = rect(pals[_PAL_MARK], -3, -3, s + 6, s + 6, True)
    g.append(frame)
    edge = rect(pals[_PAL_EDGE], -1, -1, s + 2, s + 2)
    g.append(edge)
    face = rect(pals[_PAL_BLANK], 0, 0, s, s)
    g.append(face)
    off = (s - 10 * sc) // 2
    sg = displayio.Group(scale=sc, x=off, y=off)
    sym = sheet.tile(0)
    sym.hidden = True
    sg.append(sym)
    g.append(sg)
    lock = sheet.tile(19, -5, -5)
    lock.hidden = True
    g.append(lock)
    return (g, frame, edge, face, sym, lock, x)


def row(scr, x, y, rh, tw):
    """One archer's row of the strip (``tw`` + 81 pixels wide, ``tw`` the
    text's): (background, text, the 5 zones' tiles, the 3 tokens' tiles).
    The background (under the name and spectators only, so that the shapes
    beside it keep their contrast) flashes on a hit."""
    g = scr.group
    bg = rect(scr.pals[28], x, y, tw, rh - 1)
    g.append(bg)
    t = ui.Text(x + 1 + (tw > 32), y + rh // 2, "", ui.TEXT, 1, (0.0, 0.5))
    g.append(t.label)
    ty = y + (rh - 9) // 2
    zones = scr.sheet.tile(0, x + tw + 1, ty, 5)  # the mini target: 5 tiles in a row
    g.append(zones)
    toks = scr.sheet.tile(0, x + tw + 51, ty, 3)  # ORANGE, GREEN, RED: letter and pips (tile 0: none)
    g.append(toks)
    scr.rows.append((bg, t, zones, toks))


def build(scr):
    L = scr.L
    st = scr.session.state
    m = L.margin
    big = L.big
    g = scr.group
    scr.frame = ui.Frame(L, "Kyudo", "")
    g.append(scr.frame.group)
    g.append(scr.spinner.group)
    scr.pals = pals = palettes()
    scr.sheet = sheet = Sheet("kyudo", 10, 10)  # for the build only: the tiles keep its bitmap
    # the dice
    size = 40 if L.width >= 320 else (30 if big else 20)
    step = size + (8 if L.width >= 320 else 12 if big else 8)
    dy = L.body_top + (5 if big else 3)
    scr.dice = []
    sc = 2 if big else 1
    for i in range(4):
        d = die(m + 3 + i * step, dy, size, pals, sheet, sc)
        scr.dice.append(d)
        g.append(d[0])
    scr.caret = rect(pals[13], m + 3, dy + size + (4 if big else 2), size, 3, True)
    g.append(scr.caret)
    below = dy + size + (8 if big else 6)
    # the archers' strip
    n = st.players
    rh = 18 if L.width >= 320 else (16 if big else 14)
    # a row: 120 pixels ("P2  20"), on 240x135 with 3-4 archers 112 ("P2 20":
    # the list beside the strip keeps 19 letters)
    tw = 30 if not big and n > 2 else 38
    scr.fmt = "%-3s%2d" if tw < 38 else "%-3s%3d"
    sx = max(m + 6 + 3 * step + size, L.width - tw - 82)
    beside = sx + tw + 82 <= L.width
    scr.rows = []
    for i in range(n):
        if beside:
            row(scr, sx, L.body_top + 2 + i * rh, rh, tw)
        else:  # two columns, edge to edge (a row's last pixel column is blank)
            row(scr, (i % 2) * (L.width - 120), below + (i // 2) * rh, rh, tw)
    if beside:
        strip_end = L.body_top + 2 + n * rh
    else:
        below += ((n + 1) // 2) * rh + 2
        strip_end = below
    # the list, the news in its place, the two message lines
    lines = 2
    end = L.body_top + L.body_h
    fb_top = end - lines * 13
    ly = below
    lw = L.width - 2 * m
    if beside and strip_end + 2 > ly:
        if (fb_top - strip_end - 2) // L.row_h >= 3:
            ly = strip_end + 2
        else:
            lw = sx - m - 2
    rows = max(2, (fb_top - ly) // L.row_h)
    scr.menu = ui.ListMenu(L, [""] * rows, y=ly, rows=rows, width=lw)
    g.append(scr.menu.group)
    scr.log = []
    for i in range(min(5, (fb_top - ly) // 13)):
        t = ui.Text(m, ly + 1 + i * 13, "", ui.DIM, 1)
        scr.log.append(t)
        g.append(t.label)
    scr.fb = []
    for i in range(lines):
        t = ui.Text(m, fb_top + i * 13, "", ui.TEXT, 1)
        scr.fb.append(t)
        g.append(t.label)
    scr.fb_n = L.chars(L.width - 2 * m, 1)
    scr.log_n = L.chars(lw, 1)
    scr.sheet = None
    ui.drop("sprites")
