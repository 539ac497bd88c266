"""Kyudo: an archer's sheet in full view. X/Y: the other archers' sheets, A/B: back.

Per colour a row, led by its ring of the target (a small target: BLACK
the outer ring to RED in the middle, the row's ring in its colour): its
shape, its flag (4 corners, each filling as its
boxes are ticked) and its circles (filled = ticked; more than 4 in two lines where the right
column would be cut). Under them the stand
of 20 spectators (a bar in blocks of 5), then the talent; on the right the
character, the tokens and the device's number (from its chip id, just for
fun: it changes nothing). Each colour's shape is its tile of the sprite
sheet (sanbon.kyudo_words.zone_tile), as in play and How to play. Imported only while shown (sanbon.kyudo pushes
it) and dropped again on close; it draws with the play screen's palettes.
"""

import displayio
import vectorio

from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped
from engine.kyudo.data import CORNER_SIZE, CORNERS, START_SPECTATORS

from sanbon import buttons as btn
from sanbon import kyudo_words as W
from sanbon import ui
from sanbon.ui import drop, rect, shade

_INK = W.PAL_INK  # in the play screen's palettes (kyudo_words.PAL_*): INK 12-17, INK dim 18-23
_DIM = W.PAL_INK + 6
_LINE = W.PAL_LINE
_BG = W.PAL_BG


def your_number(uid):
    """The device's own number (from its chip id; -1: none), shown on the
    sheet just for fun: it changes nothing in the game."""
    if not uid:
        return -1
    number = 0
    for byte in uid:
        number = (number * 251 + byte) % 100000
    return number


class SheetScreen(ui.Screen):
    def __init__(self, app, session, seat, pals):
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.pals = pals
        state = session.state
        layout = self.L
        margin = layout.margin
        group = self.group
        self.frame = ui.Frame(layout, "", "X/Y page  A/B back")
        group.append(self.frame.group)
        self.number = your_number(getattr(app.board, "uid", b""))
        # a row's height, a circle's radius and pitch, the shapes' scale, the
        # flag's width, the radius of the target leading the row
        if not layout.big:
            size = (14, 4, 10, 1, 44, 6)
        elif layout.width < 320:
            size = (28, 5, 12, 2, 46, 12)
        else:
            size = (26, 7, 17, 2, 62, 12)
        from sanbon import sprites

        sheet = sprites.Sheet("kyudo", 10, 10)
        drop(sprites)
        sprites = None
        shown = 4  # circles drawn per colour: the most any archer has, up to 8
        for archer in range(state.players):
            for colour in range(1, 6):
                shown = max(shown, min(8, state.circles[archer][colour]))
        self.shown = shown
        self.fw = size[4]  # the flags' width
        top = layout.body_top + 2
        right = self._rows(sheet, top, size)
        self._stand(top + 5 * size[0] + 3)
        # the right column: character, tokens, the device's number
        chars = max(1, (layout.width - right - margin) // ui.CHAR_W)
        self.char = ui.Text(right, top, "", ui.ACCENT, 1)
        group.append(self.char.label)
        self.tok_label = ui.Text(right, top + 14, "", ui.DIM, 1)
        group.append(self.tok_label.label)
        widget = displayio.Group(scale=size[3], x=right, y=top + 30)
        self.toks = sheet.tile(0, 0, 0, 3)  # ORANGE, GREEN, RED: the letter and a pip per token (as in play)
        widget.append(self.toks)
        group.append(widget)
        if self.number >= 0:  # the device's own number, just for fun (it changes nothing)
            digits = "%05d" % self.number
            text = ui.pick("Device no. %s|Device %s|No. %s" % (digits, digits, digits), chars)
            group.append(ui.Text(right, top + 58, text, ui.DIM, 1).label)
        # the talent, under the stand
        self.talent = []
        talent_y = top + 5 * size[0] + 15
        for index in range(min(2, max(1, (layout.body_top + layout.body_h - talent_y) // 13))):
            widget = ui.Text(margin, talent_y + index * 13, "", ui.TEXT, 1)
            self.talent.append(widget)
            group.append(widget.label)
        self._draw()

    def _rows(self, sheet, y, size):
        """A row per colour from ``y``: the colour's ring of the target, its
        shape, its flag and its circles. The right column's x returned."""
        row_height, radius, pitch, scale, flag_width, target_radius = size
        layout = self.L
        margin = layout.margin
        group = self.group
        pals = self.pals
        shown = self.shown
        sym = 9 * scale  # the colour's shape: its sprite (kyudo_words.zone_tile), as in play and How to play
        flag_x = margin + 2 * target_radius + 6 + sym + 4  # after the row's lead: its ring of the target, its shape
        dots_x = flag_x + flag_width + 4 + radius
        per = shown  # circles in a line; more than 4 in two lines if the right column would have < 9 letters
        column = layout.width - margin - 9 * ui.CHAR_W  # the right column, 9 letters or more
        if shown > 4 and row_height >= 4 * radius + 4 and dots_x + (shown - 1) * pitch + radius + 8 > column:
            per = (shown + 1) // 2
        pitch = max(2 * radius + 2, min(pitch, (column - 8 - radius - dots_x) // (per - 1)))
        self.flags = []
        self.dots = []  # per circle: the ring, its hole
        self.edges = []  # per colour: the 3 corners' edges
        self.rings = []  # per colour: its ring of the target, leading its row
        target_x = margin + target_radius + 1
        ring_step = target_radius // 5
        for colour in range(1, 6):
            centre_y = y + row_height // 2
            # the lead: a small target (rim grey, BLACK outside to RED inside), its ring in colour between black
            group.append(vectorio.Circle(pixel_shader=pals[_LINE], radius=target_radius + 1, x=target_x, y=centre_y))
            for ring in range(1, 6):
                pal = pals[_INK + colour if ring == colour else _BG if (ring - colour) % 2 else _LINE]
                circle = vectorio.Circle(pixel_shader=pal, radius=target_radius - (ring - 1) * ring_step,
                                         x=target_x, y=centre_y)
                group.append(circle)
                if ring == colour:
                    self.rings.append(circle)
            shape = displayio.Group(scale=scale, x=margin + 2 * target_radius + 6, y=centre_y - sym // 2)
            shape.append(sheet.tile(W.zone_tile(colour, 4)))
            group.append(shape)
            # the flag: an edge in the colour (3:1 or more on the background, and on the dim empty boxes), the
            # ticked part solid; the corners' edges in the colour where empty, black where ticked (_draw)
            group.append(rect(pals[_INK + colour], flag_x - 1, y + 2, flag_width + 2, row_height - 5))
            group.append(rect(pals[_DIM + colour], flag_x, y + 3, flag_width, row_height - 7))
            bar = rect(pals[_INK + colour], flag_x, y + 3, 1, row_height - 7, True)
            group.append(bar)
            for corner in range(1, CORNERS):
                edge = rect(pals[_INK + colour], flag_x + flag_width * corner // CORNERS - 1, y + 3, 2, row_height - 7)
                group.append(edge)
                self.edges.append(edge)
            self.flags.append(bar)
            # a circle: a ring in the colour, hollow (black) while empty, solid when ticked
            for index in range(shown):
                dot_x = dots_x + (index % per) * pitch
                dot_y = centre_y if per == shown else centre_y + (radius + 1) * (2 * (index // per) - 1)
                circle = vectorio.Circle(pixel_shader=pals[_INK + colour], radius=radius, x=dot_x, y=dot_y)
                group.append(circle)
                self.dots.append(circle)
                circle = vectorio.Circle(pixel_shader=pals[_BG], radius=radius - 2, x=dot_x, y=dot_y)
                group.append(circle)
                self.dots.append(circle)
            y += row_height
        return dots_x + (per - 1) * pitch + radius + 8

    def _stand(self, y):
        """The stand from ``y``: 20 spectators, crossed off from the top;
        blocks of 5."""
        layout = self.L
        margin = layout.margin
        group = self.group
        pals = self.pals
        group.append(ui.Text(margin, y + 4, "Spectators", ui.DIM, 1, (0.0, 0.5)).label)
        stand_x = margin + 11 * ui.CHAR_W
        self.sw = stand_width = layout.width - margin - 34 - stand_x
        # an edge: the lost part shows at 3:1 or more
        group.append(rect(pals[_INK + 1], stand_x - 1, y - 1, stand_width + 2, 10))
        group.append(rect(pals[_LINE], stand_x, y, stand_width, 8))
        self.stand = rect(pals[_INK + 1], stand_x, y, stand_width, 8)
        group.append(self.stand)
        for block in range(1, 4):
            group.append(rect(pals[_DIM + 1], stand_x + stand_width * block // 4 - 1, y, 2, 8))
        self.count = ui.Text(layout.width - margin, y + 4, "", ui.TEXT, 1, (1.0, 0.5))
        group.append(self.count.label)

    def _draw(self):
        session = self.session
        state = session.state
        pals = self.pals
        seat = self.seat
        name = session.seat_name(seat)
        character = state.characters[seat]
        when = "round %d" % state.round if state.round else "catch-up"
        # the character: in the body
        self.frame.set_title("%s: the sheet, %s|%s: sheet, %s|%s: %s" % (name, when, name, when, name, when))
        for colour in range(1, 6):
            cap = state.circles[seat][colour]
            ticked = state.ticked[seat][colour]
            for index in range(self.shown):
                dot = 2 * ((colour - 1) * self.shown + index)
                self.dots[dot].hidden = index >= cap
                self.dots[dot + 1].hidden = index >= cap or index < ticked
            total = CORNER_SIZE[colour] * CORNERS
            boxes = state.flags[seat][colour]
            for corner in range(1, CORNERS):
                ticked = boxes >= corner * CORNER_SIZE[colour]
                shade(self.edges[(colour - 1) * (CORNERS - 1) + corner - 1], pals[_BG if ticked else _INK + colour])
            bar = self.flags[colour - 1]
            bar.hidden = not boxes
            bar.width = max(1, self.fw * boxes // total)
        spectators = state.spectators[seat]
        self.stand.hidden = not spectators
        self.stand.width = max(1, self.sw * spectators // START_SPECTATORS)
        out = state.eliminated[seat]
        self.count.set("out" if out else "%d/%d" % (spectators, START_SPECTATORS), ui.BAD if out else ui.TEXT)
        self.char.set(W.CHARACTERS[character])
        held = 0
        for index in range(3):
            count = state.tokens[seat][(A.ORANGE, A.GREEN, A.RED)[index]]
            self.toks[index] = W.token_tile(index, count)
            held += count
        self.tok_label.set("Tokens" if held else "No tokens")
        width = self.L.chars(scale=1)
        lines = ui.wrap("%s: %s" % (W.CHARACTERS[character], W.TALENTS[character]), width)
        for index, line in enumerate(self.talent):
            line.set(ui.fit(lines[index], width) if index < len(lines) else "")

    def button(self, button):
        if button == btn.X or button == btn.Y:
            self.seat = (self.seat + (1 if button == btn.Y else -1)) % self.session.state.players
            self._draw()
        elif button == btn.A or button == btn.B:
            self.app.pop()

    def close(self):
        ui.unload(__name__)  # this module: sanbon.kyudo imports it only to show a sheet

    def describe(self):
        state = self.session.state
        seat = self.seat
        return "Sheet: %s (%s)\nticked=%s circles=%s flags=%s spectators=%d tokens=%s" % (
            self.session.seat_name(seat), W.CHARACTERS[state.characters[seat]], list(state.ticked[seat][1:]),
            list(state.circles[seat][1:]), list(state.flags[seat][1:]), state.spectators[seat],
            W.tokens(state.tokens[seat]))
