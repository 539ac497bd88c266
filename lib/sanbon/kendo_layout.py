"""Kendo Duel's play screen: the widgets, placed for 240x135, 240x240 and 320x240.

Imported by sanbon.kendo.GameScreen only while it builds itself, then
dropped (sanbon.ui.drop): its code is not kept in RAM during the game.

From the top, under the title:

- the table strip: per seat a tab in the seat's colour (the LEDs use the
  same), the name and the hand size (or "out"); in Competition the name,
  two ippon marks (a ring, filled for an ippon) and the hansoku in words
  ("1 hansoku", nothing while none), and the time state at the right;
- the exchange track: the last plays of the exchange as chips (frame in the
  card's colour, its full name, wider than a cell if it does not fit one, at
  its left a tab in the colour of who played it with that player's letter:
  "Y" for You, "2" for P2; a "<" at the left when the first plays do not
  fit); in its place, while no exchange is shown, the piles;
- the hand: a grid of chips, 4 across on 240 pixels, 5 on 320 (rows as the
  screen allows; it scrolls), followed by the buttons of the decision
  ("Keep hand", "No answer", ...); a name too long for one line takes two
  lines on the tall screens, two cells on 240x135; a card new to the hand
  has a white corner; in its place, while no hand may be shown, the last
  messages;
- the message lines above the hint line: on the tall screens two lines of
  news (what the last play did) and the detail line (what the card under the
  cursor does, or why not now); on 240x135 one line for either.

Every shape shares the palettes of ``palettes()`` (``scr.pals``).
"""

import displayio
import vectorio

from engine.kendo import actions as A
from sanbon import ui
from sanbon.ui import dim, rect

# frame colours of cards.COLOUR: brown, red, purple, blue, green, yellow, white
FRAMES = (0xA0683A, 0xD83838, 0x9A5AD8, 0x3A7CF0, 0x2EA84C, 0xE0C020, 0xE8E8E8)
MARK = 0x6A3018  # the inside of a marked chip (to switch; the chosen attack)
SEATS = (0x2878FF, 0xFF3C28, 0x28DC50, 0xFFC800)  # sanbon.leds.SEAT_COLORS


def palettes():
    """FRAMES 0-6, FRAMES dim 7-13, then PANEL 14, MARK 15, ACCENT 16, BAD 17,
    SEATS 18-21, LINE 22, TEXT 23, BAD dim 24, DIM 25 (the buttons' frame),
    BG 26 (the hole of an ippon ring)."""
    cols = FRAMES + tuple(dim(colour) for colour in FRAMES)
    cols += (ui.PANEL, MARK, ui.ACCENT, ui.BAD) + SEATS + (ui.LINE, ui.TEXT, dim(ui.BAD), ui.DIM, ui.BG)
    seen = {}
    out = []
    for colour in cols:
        if colour not in seen:
            seen[colour] = ui.palette(colour)
        out.append(seen[colour])
    return out


def chip(group, pals, sheet, x, y, w, h, bar=False):
    """(frame, inner, text, seat tab or None, glyph, second text or None,
    new-card mark or None): a card or button chip, hidden. A hand card's
    glyph (sanbon.kendo.glyph) sits on a band of the frame at the left; a
    table card (``bar``) has there instead a tab in the colour of who played
    it, with that player's letter (the second text). A hand chip's second
    line (a long name on the tall screens) and its corner mark for a card new
    to the hand are made on first need (sanbon.kendo ``_extra``): made for
    every chip up front they cost about 7 KB of heap on 320x240 (make
    device). Its shapes go straight into ``group`` (no group of its own:
    less RAM). A list, so that the parts made later have their place."""
    frame = rect(pals[0], x, y, w, h)
    inner = rect(pals[14], x + 2, y + 2, w - 4, h - 4)
    text = ui.Text(x + w // 2, y + h // 2, "", ui.TEXT, 1, (0.5, 0.5))
    tab = rect(pals[18], x, y, 8, h) if bar else None
    letter_text = ui.Text(x + 4, y + h // 2, "", ui.SELECT_TEXT, 1, (0.5, 0.5)) if bar else None
    glyph = sheet.tile(0, x + 1, y + (h - 10) // 2)
    for shape in (frame, inner, glyph, text.label, tab, letter_text):
        if shape is not None:
            shape.hidden = True
            group.append(shape)
    return [frame, inner, text, tab, glyph, letter_text, None]


def build(L, state, group, spinner):
    """The play screen's widgets in ``group``, for sanbon.kendo.GameScreen to
    keep: (frame, pals, cols, cw, fit, seats, clock, track, piles, gx, gy,
    gh, gap, rows, hand, grid, two, logs, log, msg, more, msg_n), its
    attributes of the same names. The sprite sheet's module is dropped."""
    from sanbon import sprites

    big = L.big
    width = L.width
    frame = ui.Frame(L, "Kendo Duel", "")
    group.append(frame.group)
    group.append(spinner.group)
    sheet = sprites.Sheet("kendo", 7, 10)  # only its TileGrids stay
    ui.drop(sprites)
    sprites = None
    pals = palettes()
    edge = 2
    cols = (width - 2 * edge + 1) // 59
    cell_w = (width - 2 * edge + 1) // cols - 1  # 58 on 240 pixels: 8 letters beside the glyph
    top = L.body_top
    seats, clock, top = _strip(L, state, group, pals, top)
    # the exchange track; the piles in its place while no exchange is shown
    track_h = 18 if big else 14
    track = []
    under = len(group)  # the hand goes here, under the track: a card played slides up over it
    for index in range(cols):
        track.append(chip(group, pals, sheet, edge + index * (cell_w + 1), top, cell_w, track_h, True))
    piles = ui.Text(L.margin, top + track_h // 2, "", ui.DIM, 1, (0.0, 0.5))
    group.append(piles.label)
    top += track_h + (6 if big else 4)
    return (frame, pals, cols, cell_w, (cell_w - 10) // 6, seats, clock, track, piles) + _hand(
        L, group, pals, sheet, cols, cell_w, top, under)


def _strip(L, state, group, pals, y):
    """The table strip at ``y``: (seats, clock, the y under it); per seat
    (name text, ippon marks or None, hansoku text or None)."""
    big = L.big
    width = L.width
    edge = 2
    players = state.players
    comp = state.mode == A.COMPETITION
    tab_w = 102 if comp else (width - 2 * edge) // players  # Competition: "You", 2 rings, "2 hansoku"; "ENCHO" right
    strip_h = 16 if big else 13
    seats = []
    for seat in range(players):
        left = edge + seat * tab_w
        group.append(rect(pals[18 + seat], left, y + 2, 4, strip_h - 4))
        text = ui.Text(left + 6, y + strip_h // 2, "", ui.TEXT, 1, (0.0, 0.5))
        group.append(text.label)
        dots = None
        hansoku = None
        if comp:
            dots = []
            for ring in range(2):  # a ring (no ippon) or a disc (an ippon): told by shape
                circle = vectorio.Circle(pixel_shader=pals[25], radius=4, x=left + 31 + ring * 9, y=y + strip_h // 2)
                group.append(circle)
                dots.append(circle)
                circle = vectorio.Circle(pixel_shader=pals[26], radius=2, x=left + 31 + ring * 9, y=y + strip_h // 2)
                group.append(circle)
                dots.append(circle)
            hansoku = ui.Text(left + 47, y + strip_h // 2, "", ui.BAD, 1, (0.0, 0.5))
            group.append(hansoku.label)
        seats.append((text, dots, hansoku))
    clock = ui.Text(width - edge, y + strip_h // 2, "", ui.ACCENT, 1, (1.0, 0.5))
    group.append(clock.label)
    return seats, clock, y + strip_h + (2 if big else 0)


def _hand(L, group, pals, sheet, cols, cw, y, under):
    """The hand grid at ``y`` (its group inserted at ``under``), the log rows
    in its place and the message lines under it: on the tall screens two
    lines of news and the detail line, else one line. (gx, gy, gh, gap,
    rows, hand, grid, two, logs, log, msg, more, msg_n)."""
    big = L.big
    width = L.width
    edge = 2
    end = L.body_top + L.body_h
    lines = 3 if big else 1
    msg_top = end - lines * 13
    cell_h = 16
    gap = 3 if big else 1
    if big:  # 16 cells on 240 pixels, 15 on 320 (12 cards, a button, Log)
        rows = 16 // cols
        cell_h = min(24, (msg_top - 4 - y + gap) // rows - gap)
        msg_top = y + rows * (cell_h + gap) - gap + 4
    else:  # as many rows as fit
        rows = min((msg_top - 2 - y + gap) // (cell_h + gap), 16 // cols)
    hand = displayio.Group()
    group.insert(under, hand)
    grid = []
    for index in range(rows * cols):
        grid.append(chip(hand, pals, sheet, edge, y, cw, cell_h))
    logs = displayio.Group()
    group.append(logs)
    log = []
    for index in range(min(5, (msg_top - y) // 13)):
        text = ui.Text(L.margin, y + 1 + index * 13, "", ui.DIM, 1)
        log.append(text)
        logs.append(text.label)
    msg = []
    for index in range(lines):
        text = ui.Text(L.margin, msg_top + index * 13, "", ui.TEXT, 1)
        msg.append(text)
        group.append(text.label)
    more = ui.Text(width - edge, msg_top + lines * 13 - 13, "", ui.DIM, 1, (1.0, 0.0))
    group.append(more.label)
    # a hand chip has room for a name on two lines when gh >= 24
    return (edge, y, cell_h, gap, rows, hand, grid, cell_h >= 24, logs, log, msg, more,
            L.chars(width - 2 * L.margin, 1) - 1)
