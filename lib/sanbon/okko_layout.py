"""Okko's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.okko.GameScreen only while it builds itself (and when
it swaps the list for the Court and back), then dropped (sanbon.ui.drop).
Each build returns its widgets (a tuple the screen keeps, or the parts of
a sanbon.okko_court.Court): nothing here sets anything on the screen.
The pictures are tiles of the sprite sheet lib/sanbon/okko.bmp (drawn in
tools/art/okko.py; the T_* numbers name its tiles). From the top,
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

from sanbon import ui

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# the sheet's tiles that only the layout reads (tools/art/okko.py; the
# pictures' numbers and the day cells are sanbon.okko's, the squares
# sanbon.okko_court's)
_T_CURSOR = const(64)
_T_ADVICE = const(65)
_T_COL = const(66)  # A-D
_T_ROW = const(70)  # 1-4
_TILE = const(12)


def tile(bmp, index, x=0, y=0, w=1, h=1):
    """A TileGrid of w x h tiles of the sprite sheet ``bmp``, all ``index``."""
    grid = displayio.TileGrid(bmp, pixel_shader=bmp.pixel_shader, width=w, height=h, tile_width=_TILE,
                              tile_height=_TILE, x=x, y=y)
    if index:
        for cell in range(w * h):
            grid[cell] = index
    return grid


def build(layout, group, spinner):
    """The frame, the map, the day track, the text rows and the portraits:
    (frame, sheet, map, red, node_x, step, days, rows, row_n, who, foes,
    ly, lend, ctop, rh, lh), the screen's widgets and the places of the
    list or the Court (build_list, build_court)."""
    width = layout.width
    frame = ui.Frame(layout, "Okko", "")
    group.append(frame.group)
    group.append(spinner.group)
    # the sheet's pixels stay on the drive (sanbon.sprites' "disk" way, without
    # its module: a TileGrid over the OnDiskBitmap is all a picture costs)
    path = __file__
    sheet = displayio.OnDiskBitmap(path[: path.rfind("/") + 1] + "okko.bmp")
    sheet.pixel_shader.make_transparent(0)
    margin = layout.margin
    y = layout.body_top
    # the map: places and arrows, a tile each (doubled on 320x240, the day
    # track then on a row of its own under it)
    scale = 2 if width >= 320 else 1
    map_group = displayio.Group(scale=scale, x=margin, y=y)
    places = tile(sheet, 0, 0, 0, 11, 1)
    map_group.append(places)
    group.append(map_group)
    red = ui.rect(ui.palette(0xD83838), margin, y + _TILE * scale + 1, 4, 2 * scale, True)
    group.append(red)
    # the day track: a TileGrid of the sheet with narrow tiles (8 or 4
    # pixels: cells of sheet rows 5-6, tools/art/okko.py), a tile per day,
    # told apart by shape as well as colour: a day to come a bar, a day
    # passed a low stub, today the full height (on 320x240 with its number),
    # the last days striped (sanbon.okko._map sets them)
    x = margin + 11 * _TILE + 6
    cell_w = 4
    if scale > 1:  # (sanbon.okko._map tells them apart the same way)
        y += _TILE * scale + 4
        x = margin
        cell_w = 8
    days = displayio.TileGrid(sheet, pixel_shader=sheet.pixel_shader, width=20, height=1, tile_width=cell_w,
                              tile_height=_TILE, x=x, y=y)
    group.append(days)
    who_y = y  # the portraits: from the day track's row on 320x240
    y += _TILE + 6 - 2 * scale
    row_h = 14 if layout.big else 12
    rows, who, foes = _rows(layout, group, sheet, scale, y, who_y, row_h)
    return (frame, sheet, places, red, margin + _TILE * scale // 2, 2 * _TILE * scale, days, rows,
            layout.chars(width - 2 * margin, 1), who, foes, max(y + 3 * row_h, who_y + 24 * scale) + 1,
            layout.body_top + layout.body_h + 2, y, row_h, 16 if layout.big else 12)


def _rows(layout, group, sheet, scale, y, top, rh):
    """The text rows, and at their right who they name: the hero to act and
    the enemy or boss faced (2x2 tiles each, doubled on 320x240); on
    320x240 under them the enemy line. (rows, who, foes)"""
    width = layout.width
    margin = layout.margin
    rows = []
    room = layout.chars(width - margin - 48 * scale - 6, 1)
    for index in range(3):
        text = ui.Text(margin, y + index * rh, "", ui.TEXT, 1, room=room)
        group.append(text.label)
        rows.append(text)
    who = displayio.Group(scale=scale, x=width - 48 * scale - 2, y=top if scale > 1 else y)  # shown while the rows leave it room
    who.append(tile(sheet, 0, 0, 0, 4, 2))
    group.append(who)
    foes = None
    if scale > 1:  # under them the enemy line, the first to be fought at the left (up to 6)
        foes = tile(sheet, 0, width - 80, top + 48, 6, 1)
        group.append(foes)
    return rows, who, foes


def build_list(layout, group, sheet, ly, lh, lend, row_n):
    """The list of the decision (the boards' phases) and the detail line(s):
    (list, panel, one, bar, lrows, list_n, more, up, detail)."""
    width = layout.width
    margin = layout.margin
    lines = 2 if layout.big else 1  # detail lines
    line_h = ui.CHAR_H + 1
    end = lend - lines * line_h
    out = displayio.Group()
    count = (end - ly) // lh
    # on 320x240, at the list's right, the selected row's subject large: a
    # portrait, or the row's four pictures (2x2 tiles, tripled), or its one
    # picture (one tile at six times)
    panel_w = 0
    panel = one = None
    if width >= 320:
        panel_w = 6 * _TILE + 8
        panel_y = ly + count * lh - 6 * _TILE - 1  # (under the enemy line of okko_layout.build)
        scaled = displayio.Group(scale=3, x=width - panel_w, y=panel_y)
        panel = tile(sheet, 0, 0, 0, 2, 2)
        scaled.append(panel)
        out.append(scaled)
        scaled = displayio.Group(scale=6, x=width - panel_w, y=panel_y)  # a subject of one picture: it alone, at 72x72
        one = tile(sheet, 0)
        scaled.append(one)
        out.append(scaled)
    bar = ui.Ring(margin - 2, ly, width - 2 * margin + 4 - panel_w, lh, ui.ACCENT, 2 if layout.big else 1)  # the cursor (ui.Ring)
    out.append(bar)
    lrows = []
    text_x = margin + 4 * _TILE + 3
    # the characters a row may take: the scroll marks keep the last column
    # (beside the panel, the rows stop 4 pixels short of it)
    list_n = (width - margin - text_x - panel_w) // ui.CHAR_W - (0 if panel_w else 1)
    for index in range(count):
        icons = tile(sheet, 0, margin, ly + index * lh + (lh - _TILE) // 2, 4, 1)
        text = ui.Text(text_x, ly + index * lh + lh // 2, "", ui.TEXT, 1, (0.0, 0.5), list_n)
        out.append(icons)
        out.append(text.label)
        lrows.append((icons, text))
    more = ui.Text(width - 1, ly + count * lh, "", ui.DIM, 1, (1.0, 1.0))  # "v": rows below
    out.append(more.label)
    up_mark = ui.Text(width - 1, ly, "", ui.DIM, 1, (1.0, 0.0))  # "^": rows above
    out.append(up_mark.label)
    detail = []
    for index in range(lines):
        text = ui.Text(margin, end + 1 + index * line_h, "", ui.INFO, 1, room=row_n)
        out.append(text.label)
        detail.append(text)
    group.append(out)
    return out, panel, one, bar, lrows, list_n, more, up_mark, detail


def build_court(layout, group, sheet, top, rh, end):
    """The Court (peeks and the finale): the labelled 4x4 grid from the first
    text row down (its tiles doubled on the tall screens), text beside it:
    the parts of a sanbon.okko_court.Court."""
    width = layout.width
    margin = layout.margin
    scale = 2 if layout.big else 1
    out = displayio.Group()
    scaled = displayio.Group(scale=scale, x=margin, y=top)
    out.append(scaled)
    grid = tile(sheet, 0, 0, 0, 5, 5)
    for index in range(4):
        grid[1 + index] = _T_COL + index
        grid[5 + 5 * index] = _T_ROW + index
    scaled.append(grid)
    advice_box = tile(sheet, _T_ADVICE)
    cursor_box = tile(sheet, _T_CURSOR)
    advice_box.hidden = cursor_box.hidden = True
    scaled.append(advice_box)
    scaled.append(cursor_box)
    side_x = margin + 5 * _TILE * scale + 6
    side = []
    side_n = layout.chars(width - side_x - margin, 1)
    for index in range((end - top) // rh):
        text = ui.Text(side_x, top + index * rh, "", ui.TEXT, 1, room=side_n)
        out.append(text.label)
        side.append(text)
    group.append(out)
    return out, grid, cursor_box, advice_box, side, side_n, _TILE
