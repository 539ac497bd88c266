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
    n = 0
    for b in uid:
        n = (n * 251 + b) % 100000
    return n


class SheetScreen(ui.Screen):
    def __init__(self, app, session, seat, pals):
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.pals = pals
        st = session.state
        L = self.L
        m = L.margin
        g = self.group
        self.frame = ui.Frame(L, "", "X/Y page  A/B back")
        g.append(self.frame.group)
        self.number = your_number(getattr(app.board, "uid", b""))
        # a row's height, a circle's radius and pitch, the shapes' scale, the
        # flag's width, the radius of the target leading the row
        if not L.big:
            size = (14, 4, 10, 1, 44, 6)
        elif L.width < 320:
            size = (28, 5, 12, 2, 46, 12)
        else:
            size = (26, 7, 17, 2, 62, 12)
        from sanbon import sprites

        sheet = sprites.Sheet("kyudo", 10, 10)
        drop(sprites)
        sprites = None
        shown = 4  # circles drawn per colour: the most any archer has, up to 8
        for s in range(st.players):
            for c in range(1, 6):
                shown = max(shown, min(8, st.circles[s][c]))
        self.shown = shown
        top = L.body_top + 2
        right = self._rows(sheet, top, size)
        self._stand(top + 5 * size[0] + 3)
        # the right column: character, tokens, the device's number
        n = max(1, (L.width - right - m) // ui.CHAR_W)
        self.char = ui.Text(right, top, "", ui.ACCENT, 1)
        g.append(self.char.label)
        self.tok_label = ui.Text(right, top + 14, "", ui.DIM, 1)
        g.append(self.tok_label.label)
        t = displayio.Group(scale=size[3], x=right, y=top + 30)
        self.toks = sheet.tile(0, 0, 0, 3)  # ORANGE, GREEN, RED: the letter and a pip per token (as in play)
        t.append(self.toks)
        g.append(t)
        if self.number >= 0:  # the device's own number, just for fun (it changes nothing)
            no = "%05d" % self.number
            g.append(ui.Text(right, top + 58, ui.pick("Device no. %s|Device %s|No. %s" % (no, no, no), n), ui.DIM, 1).label)
        # the talent, under the stand
        self.talent = []
        y = top + 5 * size[0] + 15
        for i in range(min(2, max(1, (L.body_top + L.body_h - y) // 13))):
            t = ui.Text(m, y + i * 13, "", ui.TEXT, 1)
            self.talent.append(t)
            g.append(t.label)
        self._draw()

    def _rows(self, sheet, y, size):
        """A row per colour from ``y``: the colour's ring of the target, its
        shape, its flag and its circles. The right column's x returned."""
        rh, r, pitch, sc, fw, rr = size
        L = self.L
        m = L.margin
        g = self.group
        pals = self.pals
        shown = self.shown
        sym = 9 * sc  # the colour's shape: the sprite sheet's tile (kyudo_words.zone_tile), as in play and How to play
        fx = m + 2 * rr + 6 + sym + 4  # a row's lead: its ring of the target (rr its radius), then the shape
        dx = fx + fw + 4 + r
        per = shown  # circles in a line; more than 4 in two lines if the right column would have < 9 letters
        if shown > 4 and rh >= 4 * r + 4 and dx + (shown - 1) * pitch + r + 8 > L.width - m - 9 * ui.CHAR_W:
            per = (shown + 1) // 2
        pitch = max(2 * r + 2, min(pitch, (L.width - m - 9 * ui.CHAR_W - 8 - r - dx) // (per - 1)))
        self.fw = fw
        self.flags = []
        self.dots = []  # per circle: the ring, its hole
        self.edges = []  # per colour: the 3 corners' edges
        self.rings = []  # per colour: its ring of the target, leading its row
        for c in range(1, 6):
            cy = y + rh // 2
            # the row's lead: the target in small, its rim grey, 5 rings from BLACK outside to RED in the middle;
            # this colour's ring in the colour between black ones (3:1 or more), the others grey and black in turn
            g.append(vectorio.Circle(pixel_shader=pals[_LINE], radius=rr + 1, x=m + rr + 1, y=cy))
            for k in range(1, 6):
                d = vectorio.Circle(pixel_shader=pals[_INK + c if k == c else _BG if (k - c) % 2 else _LINE],
                                    radius=rr - (k - 1) * (rr // 5), x=m + rr + 1, y=cy)
                g.append(d)
                if k == c:
                    self.rings.append(d)
            t = displayio.Group(scale=sc, x=m + 2 * rr + 6, y=cy - sym // 2)
            t.append(sheet.tile(W.zone_tile(c, 4)))
            g.append(t)
            # the flag: an edge in the colour (3:1 or more on the background, and on
            # the dim empty boxes), the ticked part solid; the corners' edges in
            # the colour where empty, black where ticked (_draw)
            g.append(rect(pals[_INK + c], fx - 1, y + 2, fw + 2, rh - 5))
            g.append(rect(pals[_DIM + c], fx, y + 3, fw, rh - 7))
            bar = rect(pals[_INK + c], fx, y + 3, 1, rh - 7, True)
            g.append(bar)
            for k in range(1, CORNERS):
                e = rect(pals[_INK + c], fx + fw * k // CORNERS - 1, y + 3, 2, rh - 7)
                g.append(e)
                self.edges.append(e)
            self.flags.append(bar)
            # a circle: a ring in the colour, hollow (black) while empty, solid when ticked
            for i in range(shown):
                x = dx + (i % per) * pitch
                ry = cy if per == shown else cy + (r + 1) * (2 * (i // per) - 1)
                d = vectorio.Circle(pixel_shader=pals[_INK + c], radius=r, x=x, y=ry)
                g.append(d)
                self.dots.append(d)
                d = vectorio.Circle(pixel_shader=pals[_BG], radius=r - 2, x=x, y=ry)
                g.append(d)
                self.dots.append(d)
            y += rh
        return dx + (per - 1) * pitch + r + 8

    def _stand(self, y):
        """The stand from ``y``: 20 spectators, crossed off from the top;
        blocks of 5."""
        L = self.L
        m = L.margin
        g = self.group
        pals = self.pals
        g.append(ui.Text(m, y + 4, "Spectators", ui.DIM, 1, (0.0, 0.5)).label)
        sx = m + 11 * ui.CHAR_W
        self.sw = sw = L.width - m - 34 - sx
        g.append(rect(pals[_INK + 1], sx - 1, y - 1, sw + 2, 10))  # an edge: the lost part shows at 3:1 or more
        g.append(rect(pals[_LINE], sx, y, sw, 8))
        self.stand = rect(pals[_INK + 1], sx, y, sw, 8)
        g.append(self.stand)
        for k in range(1, 4):
            g.append(rect(pals[_DIM + 1], sx + sw * k // 4 - 1, y, 2, 8))
        self.count = ui.Text(L.width - m, y + 4, "", ui.TEXT, 1, (1.0, 0.5))
        g.append(self.count.label)

    def _draw(self):
        s = self.session
        st = s.state
        p = self.pals
        seat = self.seat
        name = s.seat_name(seat)
        ch = st.characters[seat]
        when = "round %d" % st.round if st.round else "catch-up"
        self.frame.set_title("%s: the sheet, %s|%s: sheet, %s|%s: %s" % (name, when, name, when, name, when))  # the character: in the body
        for c in range(1, 6):
            cap = st.circles[seat][c]
            tk = st.ticked[seat][c]
            for i in range(self.shown):
                j = 2 * ((c - 1) * self.shown + i)
                self.dots[j].hidden = i >= cap
                self.dots[j + 1].hidden = i >= cap or i < tk
            total = CORNER_SIZE[c] * CORNERS
            f = st.flags[seat][c]
            for k in range(1, CORNERS):
                shade(self.edges[(c - 1) * (CORNERS - 1) + k - 1], p[_BG if f >= k * CORNER_SIZE[c] else _INK + c])
            bar = self.flags[c - 1]
            bar.hidden = not f
            bar.width = max(1, self.fw * f // total)
        sp = st.spectators[seat]
        self.stand.hidden = not sp
        self.stand.width = max(1, self.sw * sp // START_SPECTATORS)
        out = st.eliminated[seat]
        self.count.set("out" if out else "%d/%d" % (sp, START_SPECTATORS), ui.BAD if out else ui.TEXT)
        self.char.set(W.CHARACTERS[ch])
        held = 0
        for i in range(3):
            n = st.tokens[seat][(A.ORANGE, A.GREEN, A.RED)[i]]
            self.toks[i] = W.token_tile(i, n)
            held += n
        self.tok_label.set("Tokens" if held else "No tokens")
        n = self.L.chars(scale=1)
        lines = ui.wrap("%s: %s" % (W.CHARACTERS[ch], W.TALENTS[ch]), n)
        for i, t in enumerate(self.talent):
            t.set(ui.fit(lines[i], n) if i < len(lines) else "")

    def button(self, b):
        if b == btn.X or b == btn.Y:
            self.seat = (self.seat + (1 if b == btn.Y else -1)) % self.session.state.players
            self._draw()
        elif b == btn.A or b == btn.B:
            self.app.pop()

    def close(self):
        ui.unload(__name__)  # this module: sanbon.kyudo imports it only to show a sheet

    def describe(self):
        st = self.session.state
        s = self.seat
        return "Sheet: %s (%s)\nticked=%s circles=%s flags=%s spectators=%d tokens=%s" % (
            self.session.seat_name(s), W.CHARACTERS[st.characters[s]], list(st.ticked[s][1:]),
            list(st.circles[s][1:]), list(st.flags[s][1:]), st.spectators[s], W.tokens(st.tokens[s]))
