"""Kyudo's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.kyudo.GameScreen only while it builds itself, then
dropped (ui.drop): its code is not kept in RAM during the game. ``build``
returns the widgets; the screen keeps them (this module never sees it).

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

from sanbon import kyudo_words as W
from sanbon import ui

# colours by face: ARROW, BLACK, ORANGE, GREEN, BLUE, RED
FACE = (0xF4ECD8, 0x2C2C2C, 0xF07818, 0x2EA84C, 0x3070E0, 0xD83030)  # the dice
INK = (0x202020, 0xB8B8B8, 0xF07818, 0x2EA84C, 0x3A7CF0, 0xE03838)  # strip and sheets (BLACK light)
BORDER = 0xA8B0B8  # a light edge round every die (BLACK on the dark background)
_PAL_MARK = 25  # the kept or chosen die's frame (the palettes' order: sanbon.kyudo_words.PAL_*)


def palettes():
    """FACE 0-5, FACE dim 6-11, INK 12-17, INK dim 18-23, then blank die,
    mark, die edge, LINE, BG, BAD, INFO: one palette per distinct colour."""
    cols = FACE + tuple(ui.dim(c) for c in FACE) + INK + tuple(ui.dim(c) for c in INK)
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
    frame = ui.rect(pals[_PAL_MARK], -3, -3, s + 6, s + 6, True)
    g.append(frame)
    edge = ui.rect(pals[W.PAL_EDGE], -1, -1, s + 2, s + 2)
    g.append(edge)
    face = ui.rect(pals[W.PAL_BLANK], 0, 0, s, s)
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


def row(group, pals, sheet, x, y, rh, tw):
    """One archer's row of the strip (``tw`` + 81 pixels wide, ``tw`` the
    text's): (background, text, the 5 zones' tiles, the 3 tokens' tiles).
    The background (under the name and spectators only, so that the shapes
    beside it keep their contrast) flashes on a hit."""
    bg = ui.rect(pals[W.PAL_BG], x, y, tw, rh - 1)
    group.append(bg)
    t = ui.Text(x + 1 + (tw > 32), y + rh // 2, "", ui.TEXT, 1, (0.0, 0.5))
    group.append(t.label)
    ty = y + (rh - 9) // 2
    zones = sheet.tile(0, x + tw + 1, ty, 5)  # the mini target: 5 tiles in a row
    group.append(zones)
    toks = sheet.tile(0, x + tw + 51, ty, 3)  # ORANGE, GREEN, RED: letter and pips (tile 0: none)
    group.append(toks)
    return (bg, t, zones, toks)


def build(L, group, spinner, players):
    """The play screen's widgets, added to ``group``: (frame, pals, dice,
    caret, fmt, rows, menu, log, fb, fb_n, log_n), which sanbon.kyudo's
    GameScreen keeps under these names."""
    from sanbon import sprites

    m = L.margin
    big = L.big
    frame = ui.Frame(L, "Kyudo", "")
    group.append(frame.group)
    group.append(spinner.group)
    pals = palettes()
    sheet = sprites.Sheet("kyudo", 10, 10)  # for the build only: the tiles keep its bitmap
    # the dice
    size = 40 if L.width >= 320 else (30 if big else 20)
    step = size + (8 if L.width >= 320 else 12 if big else 8)
    dy = L.body_top + (5 if big else 3)
    dice = []
    sc = 2 if big else 1
    for i in range(4):
        d = die(m + 3 + i * step, dy, size, pals, sheet, sc)
        dice.append(d)
        group.append(d[0])
    caret = ui.rect(pals[W.PAL_INK + 1], m + 3, dy + size + (4 if big else 2), size, 3, True)
    group.append(caret)
    below = dy + size + (8 if big else 6)
    # the archers' strip
    rh = 18 if L.width >= 320 else (16 if big else 14)
    # a row: 120 pixels ("P2  20"), on 240x135 with 3-4 archers 112 ("P2 20":
    # the list beside the strip keeps 19 letters)
    tw = 30 if not big and players > 2 else 38
    sx = max(m + 6 + 3 * step + size, L.width - tw - 82)
    beside = sx + tw + 82 <= L.width
    rows = []
    for i in range(players):
        if beside:
            rows.append(row(group, pals, sheet, sx, L.body_top + 2 + i * rh, rh, tw))
        else:  # two columns, edge to edge (a row's last pixel column is blank)
            rows.append(row(group, pals, sheet, (i % 2) * (L.width - 120), below + (i // 2) * rh, rh, tw))
    sheet = None
    ui.drop(sprites)
    sprites = None
    if beside:
        strip_end = L.body_top + 2 + players * rh
    else:
        below += ((players + 1) // 2) * rh + 2
        strip_end = below
    # the list (the news in its place) down to the two message lines
    fb_top = L.body_top + L.body_h - 2 * 13
    ly = below
    lw = L.width - 2 * m
    if beside and strip_end + 2 > ly:
        if (fb_top - strip_end - 2) // L.row_h >= 3:
            ly = strip_end + 2
        else:
            lw = sx - m - 2
    return (frame, pals, dice, caret, "%-3s%2d" if tw < 38 else "%-3s%3d", rows) + _lines(L, group, ly, lw, fb_top - ly)


def _lines(L, group, y, width, h):
    """The list (``width`` wide, ``h`` high from ``y``), the news rows in its
    place and the two message lines under it: (menu, log, fb, fb_n, log_n)."""
    m = L.margin
    rows = max(2, h // L.row_h)
    menu = ui.ListMenu(L, [""] * rows, y=y, rows=rows, width=width)
    group.append(menu.group)
    log = []
    for i in range(min(5, h // 13)):
        t = ui.Text(m, y + 1 + i * 13, "", ui.DIM, 1)
        log.append(t)
        group.append(t.label)
    fb = []
    for i in range(2):
        t = ui.Text(m, y + h + i * 13, "", ui.TEXT, 1)
        fb.append(t)
        group.append(t.label)
    return (menu, log, fb, L.chars(L.width - 2 * m, 1), L.chars(width, 1))
