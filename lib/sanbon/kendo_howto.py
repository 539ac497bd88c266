"""Kendo Duel's How to play pictures: play's own chips (sanbon.kendo_layout's
``chip``), laid out as play lays them out. Imported by sanbon.howto only
while a page with chips is built, then forgotten with what it loaded (a
module of its own: in kendo_layout it cost the play screen about 0.9 KB of
heap at its peak, though that module is dropped after the build)."""

import displayio

from engine.kendo.cards import COLOUR, KIND
from sanbon import ui
from sanbon.kendo_layout import FRAMES, SEATS, chip


def howto(L, data, y):
    """How to play's picture (sanbon.howto): chips as play draws them, in
    rows under each other at ``y``, centred. ``data`` is (seat, card)
    pairs: seat 255 a hand card (its glyph, a long name on two lines on the
    tall screens, two cells on 240x135), else a table card with that seat's
    letter ("Y", "2"); card 254 is "IPPON", 255 "NO ANSWER"; seat 254 starts
    a new row. Made while the page shows: (group, height)."""
    from sanbon import kendo_words as words
    from sanbon.sprites import Sheet

    sheet = Sheet("kendo", 7, 10)
    width = L.width
    cols = (width - 3) // 59
    cell_w = (width - 3) // cols - 1
    fit = (cell_w - 10) // 6
    big = L.big
    pals = {}

    def pal(color):
        if color not in pals:
            pals[color] = ui.palette(color)
        return pals[color]

    group = displayio.Group(y=y)
    left = height = top = right = 0
    count = len(data) // 2
    for index in range(count):
        seat, card = data[2 * index], data[2 * index + 1]
        if seat == 254:
            left = 0
            top += height + 3
            continue
        hand = seat == 255
        text = words.short(card) if card < 253 else ("IPPON" if card == 254 else "NO ANSWER")
        line1, line2 = words.lines(text, fit) if hand and big else (text, "")
        chip_w = cell_w if hand else max(cell_w, len(text) * 6 + 14)
        if hand and not big and len(text) > fit:
            chip_w = 2 * cell_w + 1
        height = (24 if big else 16) if hand else (18 if big else 14)
        if left and left + chip_w > width - 4:
            left = 0
            top += height + 3
        _put(group, sheet, pal, seat, card, left, top, chip_w, height, line1, line2)
        left += chip_w + 1
        if left > right:
            right = left
    group.x = (width - right) // 2
    return group, top + height


def _put(group, sheet, pal, seat, card, x, top, w, h, a, b):
    """One chip of howto's picture in ``group`` at (x, top), w x h: a hand card
    (seat 255: its glyph, the name's lines ``a`` and ``b``) or a table card
    (that seat's letter); ``pal(color)`` gives a shared palette."""
    hand = seat == 255
    pals = [pal(ui.PANEL)] * 19  # chip() reads 0 (frame), 14 (panel), 18 (seat tab)
    pals[0] = pal(FRAMES[COLOUR[card]] if card < 253 else ui.BAD)
    pals[18] = pal(SEATS[seat & 3])
    frame, inner, text, bar, glyph, letter_text, _ = chip(group, pals, sheet, x, top, w, h, not hand)
    inner.x = x + 8
    inner.width = w - 10
    mid = x + 8 + (w - 10) // 2
    text.set(a, ui.TEXT)
    text.move(mid, top + h // 2)
    if hand:
        glyph[0] = KIND[card] + 1
        glyph.hidden = False
        if b:  # two lines about the chip's middle, as play's sanbon.kendo GameScreen._chip
            text.move(mid + (3 if a[-1] == " " else 0), top + h // 2 - 6)
            letter_text = ui.Text(mid, top + h // 2 + 6, b, ui.TEXT, 1, (0.5, 0.5))
            group.append(letter_text.label)
    else:
        letter_text.set("Y" if seat == 0 else "%d" % (seat + 1))
        letter_text.label.hidden = bar.hidden = False
    frame.hidden = inner.hidden = text.label.hidden = False
