"""Kyudo's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.kyudo.GameScreen only while it builds itself, then
dropped (sanbon.kyudo.drop): its code is not kept in RAM during the game.

- the dice: 4 dice in a row under the title; each die is a group of 4 shapes
  (mark frame, light edge, face, arrow), drawn with the shared palettes;
- the archers' strip, beside the dice if there is room (240x135, 320x240),
  else under them in two columns (240x240): per archer a row with the name
  and spectators, 5 colour bars (from a floor line in the colour up to the
  full height as circles are ticked) and 3 token
  bars (ORANGE, GREEN, RED: one third of the height per token); the row's
  background flashes on a hit;
- the list of choices under the dice (beside the strip on 240x135 with 3-4
  archers), and in its place, while no human decides, the last messages;
- the message line(s) above the hint line.
"""

import displayio
import vectorio

from sanbon import ui
from sanbon.kyudo import BORDER, FACE, INK, dim, rect

_P_BLANK = 24  # the palette indexes of sanbon.kyudo (self.pals)
_P_MARK = 25
_P_EDGE = 26


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


def die(x, y, s, pals):
    """(group, frame, edge, face, arrow, x): the shapes sanbon.kyudo changes."""
    g = displayio.Group(x=x, y=y)
    frame = rect(pals[_P_MARK], -3, -3, s + 6, s + 6, True)
    g.append(frame)
    edge = rect(pals[_P_EDGE], -1, -1, s + 2, s + 2)
    g.append(edge)
    face = rect(pals[_P_BLANK], 0, 0, s, s)
    g.append(face)
    pts = [(s * 2 // 10, s * 7 // 10), (s * 5 // 10, s * 4 // 10), (s * 4 // 10, s * 3 // 10),
           (s * 8 // 10, s * 2 // 10), (s * 7 // 10, s * 6 // 10), (s * 6 // 10, s * 5 // 10),
           (s * 3 // 10, s * 8 // 10)]  # the arrow of ui.DiceFace
    arrow = vectorio.Polygon(pixel_shader=pals[12], points=pts, x=0, y=0)
    arrow.hidden = True
    g.append(arrow)
    return (g, frame, edge, face, arrow, x)


def row(scr, x, y, w, rh):
    """One archer's row of the strip: (background, text, 8 bars, bars' top, height)."""
    g = scr.group
    p = scr.pals
    bg = rect(p[28], x, y, w, rh - 1)
    g.append(bg)
    t = ui.Text(x + 2, y + rh // 2, "", ui.TEXT, 1, (0.0, 0.5))
    g.append(t.label)
    h = rh - 4
    wide = w >= 112  # 240x240: two columns of 114 pixels
    bw, step, tw = (8, 11, 4) if wide else (6, 8, 3)
    bars = []
    for c in range(1, 6):  # from a 2-pixel floor in the colour up to full
        bars.append(rect(p[12 + c], x + 40 + (c - 1) * step, y + 2, bw, h))
        g.append(bars[-1])
    for k in range(3):
        bars.append(rect(p[12 + (2, 3, 5)[k]], x + 42 + 5 * step + k * (tw + 2), y + 2, tw, h, True))
        g.append(bars[-1])
    scr.rows.append((bg, t, bars, y + 2, h))


def build(scr):
    L = scr.L
    st = scr.session.state
    m = L.margin
    big = L.big
    g = scr.group
    scr.frame = ui.Frame(L, "Kyudo", "")
    g.append(scr.frame.group)
    g.append(scr.spinner.group)
    scr.title_n = (L.width - 30 - m) // (ui.CHAR_W * L.scale)
    scr.pals = pals = palettes()
    # the dice
    size = 40 if L.width >= 320 else (36 if big else 24)
    step = size + (12 if big else 8)
    dy = L.body_top + 5
    scr.dice = []
    for i in range(4):
        d = die(m + 3 + i * step, dy, size, pals)
        scr.dice.append(d)
        g.append(d[0])
    scr.caret = rect(pals[13], m + 3, dy + size + 5, size, 3, True)
    g.append(scr.caret)
    below = dy + size + 10
    # the archers' strip
    n = st.players
    sx = m + 4 * step + 2
    rh = 18 if L.width >= 320 else (16 if big else 14)
    beside = L.width - m - sx >= 96
    scr.rows = []
    half = L.width // 2 - m
    for i in range(n):
        if beside:
            row(scr, sx, L.body_top + 2 + i * rh, L.width - m - sx, rh)
        else:
            row(scr, m + (i % 2) * half, below + (i // 2) * rh, half, rh)
    if beside:
        strip_end = L.body_top + 2 + n * rh
    else:
        below += ((n + 1) // 2) * rh + 2
        strip_end = below
    # the list, the last messages in its place, the message line(s)
    lines = 2 if big else 1
    end = L.body_top + L.body_h
    fb_top = end - lines * 13
    ly = below
    lw = L.width - 2 * m
    if beside and strip_end + 2 > ly:
        if (fb_top - strip_end - 2) // L.row_h >= 3:
            ly = strip_end + 2
        else:
            lw = sx - m - 6
    if big and (fb_top - ly) // L.row_h < 3:
        lines = 1
        fb_top = end - 13
    rows = max(2, (fb_top - ly) // L.row_h)
    scr.menu = ui.ListMenu(L, [""] * rows, y=ly, rows=rows, width=lw)
    g.append(scr.menu.group)
    scr.log = []
    for i in range(min(3, (fb_top - ly) // 13)):
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
