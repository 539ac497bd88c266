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
    cols = FACE + tuple(ui.dim(colour) for colour in FACE) + INK + tuple(ui.dim(colour) for colour in INK)
    cols += (ui.PANEL, ui.ACCENT, BORDER, ui.LINE, ui.BG, ui.BAD, ui.INFO)
    seen = {}
    out = []
    for colour in cols:
        if colour not in seen:
            seen[colour] = ui.palette(colour)
        out.append(seen[colour])
    return out


def die(x, y, size, pals, sheet, scale):
    """(group, frame, edge, face, symbol, padlock, x): what sanbon.kyudo changes."""
    group = displayio.Group(x=x, y=y)
    frame = ui.rect(pals[_PAL_MARK], -3, -3, size + 6, size + 6, True)
    group.append(frame)
    edge = ui.rect(pals[W.PAL_EDGE], -1, -1, size + 2, size + 2)
    group.append(edge)
    face = ui.rect(pals[W.PAL_BLANK], 0, 0, size, size)
    group.append(face)
    off = (size - 10 * scale) // 2
    scaled = displayio.Group(scale=scale, x=off, y=off)
    sym = sheet.tile(0)
    sym.hidden = True
    scaled.append(sym)
    group.append(scaled)
    lock = sheet.tile(19, -5, -5)
    lock.hidden = True
    group.append(lock)
    return (group, frame, edge, face, sym, lock, x)


def row(group, pals, sheet, x, y, height, width):
    """One archer's row of the strip, ``height`` high (``width`` + 81 pixels
    wide, ``width`` the text's): (background, text, the 5 zones' tiles, the 3 tokens' tiles).
    The background (under the name and spectators only, so that the shapes
    beside it keep their contrast) flashes on a hit."""
    flash = ui.rect(pals[W.PAL_BG], x, y, width, height - 1)
    group.append(flash)
    text = ui.Text(x + 1 + (width > 32), y + height // 2, "", ui.TEXT, 1, (0.0, 0.5))
    group.append(text.label)
    tile_y = y + (height - 9) // 2
    zones = sheet.tile(0, x + width + 1, tile_y, 5)  # the mini target: 5 tiles in a row
    group.append(zones)
    toks = sheet.tile(0, x + width + 51, tile_y, 3)  # ORANGE, GREEN, RED: letter and pips (tile 0: none)
    group.append(toks)
    return (flash, text, zones, toks)


def build(layout, group, spinner, players):
    """The play screen's widgets, added to ``group``: (frame, pals, dice,
    caret, fmt, rows, menu, log, fb, fb_n, log_n), which sanbon.kyudo's
    GameScreen keeps under these names."""
    from sanbon import sprites

    margin = layout.margin
    big = layout.big
    frame = ui.Frame(layout, "Kyudo", "")
    group.append(frame.group)
    group.append(spinner.group)
    pals = palettes()
    sheet = sprites.Sheet("kyudo", 10, 10)  # for the build only: the tiles keep its bitmap
    # the dice
    size = 40 if layout.width >= 320 else (30 if big else 20)
    step = size + (8 if layout.width >= 320 else 12 if big else 8)
    dice_y = layout.body_top + (5 if big else 3)
    dice = []
    scale = 2 if big else 1
    for index in range(4):
        widgets = die(margin + 3 + index * step, dice_y, size, pals, sheet, scale)
        dice.append(widgets)
        group.append(widgets[0])
    caret = ui.rect(pals[W.PAL_INK + 1], margin + 3, dice_y + size + (4 if big else 2), size, 3, True)
    group.append(caret)
    below = dice_y + size + (8 if big else 6)
    # the archers' strip
    row_height = 18 if layout.width >= 320 else (16 if big else 14)
    # a row: 120 pixels ("P2  20"), on 240x135 with 3-4 archers 112 ("P2 20":
    # the list beside the strip keeps 19 letters)
    text_width = 30 if not big and players > 2 else 38
    strip_x = max(margin + 6 + 3 * step + size, layout.width - text_width - 82)
    beside = strip_x + text_width + 82 <= layout.width
    rows = []
    for index in range(players):
        if beside:
            x, y = strip_x, layout.body_top + 2 + index * row_height
        else:  # two columns, edge to edge (a row's last pixel column is blank)
            x, y = (index % 2) * (layout.width - 120), below + (index // 2) * row_height
        rows.append(row(group, pals, sheet, x, y, row_height, text_width))
    sheet = None
    ui.drop(sprites)
    sprites = None
    if beside:
        strip_end = layout.body_top + 2 + players * row_height
    else:
        below += ((players + 1) // 2) * row_height + 2
        strip_end = below
    # the list (the news in its place) down to the two message lines
    fb_top = layout.body_top + layout.body_h - 2 * 13
    list_y = below
    list_width = layout.width - 2 * margin
    if beside and strip_end + 2 > list_y:
        if (fb_top - strip_end - 2) // layout.row_h >= 3:
            list_y = strip_end + 2
        else:
            list_width = strip_x - margin - 2
    fmt = "%-3s%2d" if text_width < 38 else "%-3s%3d"
    return (frame, pals, dice, caret, fmt, rows) + _lines(layout, group, list_y, list_width, fb_top - list_y)


def _lines(layout, group, y, width, height):
    """The list (``width`` wide, ``height`` high from ``y``), the news rows in its
    place and the two message lines under it: (menu, log, fb, fb_n, log_n)."""
    margin = layout.margin
    rows = max(2, height // layout.row_h)
    menu = ui.ListMenu(layout, [""] * rows, y=y, rows=rows, width=width)
    group.append(menu.group)
    log = []
    for index in range(min(5, height // 13)):
        text = ui.Text(margin, y + 1 + index * 13, "", ui.DIM, 1)
        log.append(text)
        group.append(text.label)
    messages = []
    for index in range(2):
        text = ui.Text(margin, y + height + index * 13, "", ui.TEXT, 1)
        messages.append(text)
        group.append(text.label)
    return (menu, log, messages, layout.chars(layout.width - 2 * margin, 1), layout.chars(width, 1))
