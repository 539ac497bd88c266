"""Screens and widgets on displayio: small, allocation-light, partial redraw.

Every widget owns a displayio Group (``.group``) and changes only the
displayio objects whose content really changed, so displayio refreshes only
those areas: a cursor move repaints two rows, never the whole screen.
Shapes are vectorio (no bitmap memory). Text is one TileGrid per line over
the built-in font's glyph tiles (``Text``), not adafruit_display_text, whose
``Label`` keeps a TileGrid per character (about 100 bytes each on the device).
"""

import displayio
import terminalio
import vectorio

# colours (WCAG 2 contrast, tests/test_contrast.py: every text colour is at
# least 4.5:1 on BG and PANEL, SELECT_TEXT on the ACCENT bar; LINE is for
# frames, bars and dots, not behind text)
# BG is black: displayio paints black every pixel that no layer covers, so
# the screens need no full-screen background layer, and every pixel redrawn
# costs one layer less (on the emulated Pico a full-screen rectangle alone
# takes 2.8 us a pixel to draw)
BG = 0x000000
PANEL = 0x1E2A36
LINE = 0x3A4A5A
TEXT = 0xF0F0F0
DIM = 0x8C9EB0  # 5.3:1 on PANEL (was 0x7A8A9A, 4.1:1)
ACCENT = 0xE8B030
SELECT_TEXT = 0x101010
GOOD = 0x40C070
BAD = 0xF86464  # 4.9:1 on PANEL (was 0xE05050, 3.8:1)
INFO = 0x50A0E0

FONT = terminalio.FONT
CHAR_W = 6
CHAR_H = 12


class Layout:
    """Sizes that adapt the screens to 240x135, 240x240 and 320x240."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.big = height >= 200  # text at scale 2 on the tall screens
        self.scale = 2 if self.big else 1
        self.row_h = CHAR_H * self.scale + (4 if self.big else 2)
        self.title_h = CHAR_H * self.scale + (8 if self.big else 4)
        self.hint_h = CHAR_H + 2
        self.body_top = self.title_h + 2
        self.body_h = height - self.body_top - self.hint_h - 2
        self.rows = self.body_h // self.row_h
        self.margin = 6 if self.big else 4

    def chars(self, width=None, scale=None):
        """How many characters fit across ``width`` at ``scale``."""
        return (width or self.width - 2 * self.margin) // (CHAR_W * (scale or self.scale))


def shade(shape, pal):
    """Draw vectorio ``shape`` with the palette ``pal`` (a shared one). Setting
    ``hidden`` marks it for redrawing: CircuitPython does that on a new
    pixel_shader too, Blinka's vectorio (the simulator) does not."""
    if shape.pixel_shader is not pal:
        shape.pixel_shader = pal
        shape.hidden = shape.hidden


def show(obj, on):
    """``obj.hidden = not on``, only if that changes it: CircuitPython redraws
    a TileGrid whenever it is made visible and a vectorio shape whenever its
    hidden is set, changed or not (a Group checks by itself)."""
    if obj.hidden == on:
        obj.hidden = not on


def drop(module):
    """Forget ``module`` (the module object itself: a name string with a typo
    would fail silently), so that its code can be collected. The caller then drops
    its own reference too (``kendo_more = None``); a module drops itself with ``unload(__name__)``."""
    unload(module.__name__)  # a str has no __name__: a name given by mistake fails loudly


def unload(name):
    """Forget the module ``name`` (dotted), so that its code can be collected
    (``sys.modules`` alone is not enough: the package keeps it too)."""
    import sys

    sys.modules.pop(name, None)
    dot = name.rfind(".")
    if dot > 0:
        parent = sys.modules.get(name[:dot])
        if parent is not None and hasattr(parent, name[dot + 1 :]):
            delattr(parent, name[dot + 1 :])


def forget(before):
    """Forget every engine.* and sanbon.* module loaded since ``before`` (a
    set of sys.modules' names), so that their code can be collected."""
    import sys

    gone = []
    for name in sys.modules:
        if name not in before and (name.startswith("engine.") or name.startswith("sanbon.")):
            gone.append(name)
    for name in gone:
        unload(name)


def dim(color):
    """``color`` at a third of its brightness."""
    return ((color >> 16) // 3) << 16 | (((color >> 8) & 0xFF) // 3) << 8 | (color & 0xFF) // 3


def rect(pal, x, y, width, height, hidden=False):
    """A vectorio rectangle in palette ``pal`` (hidden at once if ``hidden``)."""
    shape = vectorio.Rectangle(pixel_shader=pal, width=width, height=height, x=x, y=y)
    if hidden:
        shape.hidden = True
    return shape


def palette(color):
    pal = displayio.Palette(1)
    pal[0] = color
    return pal


class Box:
    """A filled rectangle (vectorio: no bitmap memory)."""

    def __init__(self, x, y, width, height, color):
        self.pal = palette(color)
        self.shape = vectorio.Rectangle(pixel_shader=self.pal, width=max(1, width), height=max(1, height), x=x, y=y)

    @property
    def color(self):
        return self.pal[0]

    @color.setter
    def color(self, color):
        if self.pal[0] != color:
            self.pal[0] = color

    def move(self, x, y):
        if self.shape.x != x or self.shape.y != y:
            self.shape.x = x
            self.shape.y = y

    def resize(self, width, height):
        width, height = max(1, width), max(1, height)
        if self.shape.width != width:
            self.shape.width = width
        if self.shape.height != height:
            self.shape.height = height


_INK = {}  # colour (or (colour, background)) -> Palette(2) shared by every Text of it
_BG = {}  # id of an opaque text palette -> its background colour
_TILES = []  # the font's glyph tiles, found on first use


def ink(color, bg=-1):
    """The shared two-colour palette of text in ``color``: 0 clear, 1 ink.
    With ``bg`` (a colour), 0 is that colour instead: text drawn over a
    plain area of it covers its box, and displayio composes nothing under it
    (on the emulated Pico a scale-2 title changed in 37 ms instead of 48)."""
    key = color if bg < 0 else (color, bg)
    pal = _INK.get(key)
    if pal is None:
        pal = displayio.Palette(2)
        if bg < 0:
            pal.make_transparent(0)
        else:
            pal[0] = bg
            _BG[id(pal)] = bg
        pal[1] = color
        _INK[key] = pal
    return pal


def _tiles():
    # every glyph a tile, ASCII from 32 on: in flash on the device (the
    # simulator's board gives Blinka's font the same bitmap)
    if not _TILES:
        _TILES.append(FONT.bitmap)
    return _TILES[0]


def _half(anchor):
    return 0 if not anchor else (1 if anchor < 1 else 2)


def _grid(width, pal):
    return displayio.TileGrid(_tiles(), pixel_shader=pal, width=width, height=1, tile_width=CHAR_W, tile_height=CHAR_H)


class Text(displayio.Group):
    """One line of text that redraws only the characters that change.

    A Group (it scales) holding one TileGrid whose tiles are the font's glyphs:
    a byte per character instead of an object per character. The grid grows
    when a longer text comes and never shrinks (no allocation for shorter text).
    ``anchor`` places the text's box, as a fraction of its size, at (x, y);
    ``room`` (characters) sizes the grid for the texts to come. Every pixel a
    grid covers costs displayio its composition at each redraw of it, blank
    or not (on the emulated Pico about 4 us a pixel at scale 2): a menu's rows
    and a frame's title and hint are as wide as their texts.
    Two attributes only: on the device they are the instance's whole dict.
    """

    def __init__(self, x, y, text="", color=TEXT, scale=1, anchor=(0.0, 0.0), room=1, bg=-1):
        super().__init__(scale=scale, x=x, y=y)
        # an anchored text keeps its point and anchor (in halves: 0, 0.5, 1 ->
        # 0, 1, 2; no float arithmetic) to place itself as its length changes
        anchor_x, anchor_y = anchor
        self._pos = (x, y, _half(anchor_x), _half(anchor_y)) if anchor_x or anchor_y else None
        self._text = None
        self.append(_grid(max(room, len(text)), ink(color, bg)))
        self.set(text)

    @property
    def label(self):  # the displayable: the Text itself
        return self

    @property
    def text(self):
        return self._text

    def set(self, text, color=None):
        grid = self[0]
        if color is not None:
            pal = ink(color, _BG.get(id(grid.pixel_shader), -1))
            if grid.pixel_shader is not pal:
                grid.pixel_shader = pal
        if text == self._text:
            return
        length = len(text)
        old = self._text
        # tiles past the old text's end are blank already: visit only those it covered
        visit = length if old is None else max(length, len(old))
        if length > grid.width:
            self.pop()
            grid = _grid(length, grid.pixel_shader)
            self.append(grid)
            visit = length  # a new grid is all blank
        for index in range(visit):
            tile = ord(text[index]) - 32 if index < length else 0  # (one-character strings are interned: no garbage)
            if not 0 <= tile < 95:
                tile = 31  # "?"
            if grid[index] != tile:
                grid[index] = tile
        self._text = text
        if self._pos and (old is None or length != len(old)):
            self._place()

    def rescale(self, scale):
        """Draw at ``scale`` from now on (an anchored text keeps its point)."""
        if self.scale != scale:
            self.scale = scale
            if self._pos and self._text is not None:
                self._place()

    def move(self, x, y):
        pos = self._pos
        if pos is None:
            if self.x != x:
                self.x = x
            if self.y != y:
                self.y = y
        elif pos[0] != x or pos[1] != y:
            self._pos = (x, y, pos[2], pos[3])
            self._place()

    def _place(self):
        left, top, anchor_x, anchor_y = self._pos
        scale = self.scale
        left -= len(self._text) * CHAR_W * scale * anchor_x // 2
        top -= CHAR_H * scale * anchor_y // 2
        if self.x != left:
            self.x = left
        if self.y != top:
            self.y = top


def log_page(hist, upto, first, room, lines_of):
    """The rows of a log that turns pages instead of scrolling.

    ``hist[:upto]`` are the entries, oldest first; ``lines_of(entry)`` their
    lines; ``first`` the entry the page starts at (None: none yet). The page
    shows the entries from ``first`` on while they fit in ``room`` rows, so a new
    entry only fills the rows under the last one; when it no longer fits the
    page turns and starts again from the newest entries that fill at most
    half the rows. A log that scrolled by an entry rewrote every row at each
    one: on the emulated Pico 9-11 thousand pixels, 40-50 ms of a computer's
    move on 320x240. Returns (first, rows), rows the lines shown (the ones
    under them blank)."""
    rows = []
    if first is not None:
        for start in range(upto):
            if hist[start] is first:
                for index in range(start, upto):
                    rows.extend(lines_of(hist[index]))
                if len(rows) <= room:
                    return first, rows
                break
    rows = []
    index = upto
    while index > 0:
        more = lines_of(hist[index - 1])
        if rows and len(rows) + len(more) > room // 2:
            break
        rows = more + rows
        index -= 1
    return (hist[index] if index < upto else None), rows[-room:]


def prune(cache, keep):
    """Drop from ``cache`` (a dict) every key not in ``keep`` (a list): the
    wrapped lines of a log's entries before its page, once the page turns
    (Kyudo's cache kept the lines of all 24 entries of its history)."""
    for key in [key for key in cache if key not in keep]:
        del cache[key]


def wrap(text, width):
    """Split ``text`` into lines of at most ``width`` characters (on spaces)."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:  # a very long word: cut it
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(text, width):
    """``text`` cut to ``width`` characters, with '~' marking a cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "~"


def wrap_lines(text, width, rows):
    """``text`` wrapped to lines of ``width`` characters, at most ``rows`` of them:
    the last line kept ends in '~' if any were left out (so a cut shows, and
    the tour reports it)."""
    out = wrap(text, width)
    if len(out) > rows:
        del out[rows:]
        out[-1] = fit(out[-1] + " ~", width)
    return out


def pick(wordings, width):
    """The first of the wordings in ``wordings`` (parted by '|', longest
    first) that fits in ``width`` characters; else the last, cut (``fit``).
    Only the wording shown is made (a slice): no list at each title set."""
    start = 0
    while True:
        bar = wordings.find("|", start)
        if bar < 0:
            wording = wordings[start:] if start else wordings
            return wording if len(wording) <= width else fit(wording, width)
        if bar - start <= width:
            return wordings[start:bar]
        start = bar + 1


class Frame:
    """The frame every screen shares: background, title bar and hint line.

    The title bar has one font size on each screen size (the layout's
    scale). ``set_title`` takes the wordings of a title, longest first and
    parted by '|' ("You: keep dice or roll|You: keep or roll"), and shows the
    first that fits on one line; a screen gives a last wording short enough
    for the narrowest screen (19 characters at scale 2 on 240x240). If none
    fits, the last is cut with '~', which the tour reports (tools/tour.py)."""

    def __init__(self, layout, title, hint=""):
        self.group = displayio.Group()
        self.L = layout
        # no background layer: BG is the black of pixels no layer covers
        self.group.append(Box(0, 0, layout.width, layout.title_h, PANEL).shape)
        self.title = Text(layout.margin, layout.title_h // 2, "", ACCENT, layout.scale, (0.0, 0.5), bg=PANEL)
        self.group.append(self.title.label)
        chars = layout.width // CHAR_W
        self.hint = Text(layout.width // 2, layout.height - 1, fit(hint, chars), DIM, 1, (0.5, 1.0))
        self.group.append(self.hint.label)
        self.set_title(title)

    def set_title(self, text, color=None):
        self.title.set(pick(text, self.L.chars()), color)

    def set_hint(self, hint):
        self.hint.set(fit(hint, self.L.width // CHAR_W))


class Ring(displayio.Group):
    """The cursor: a frame of four thin lines round a row, ``size`` pixels
    thick; ``move(x, y)`` places it, ``hidden`` hides it. A move redraws only
    the lines' pixels, never the text inside: on the emulated Pico a filled
    bar behind the row (the text recoloured over it) pushed about 32,000
    pixels a move on 320x240, 190 ms; the frame pushes about 2,700."""

    def __init__(self, x, y, width, height, color, size=1):
        super().__init__(x=x, y=y)
        pal = palette(color)
        for side_x, side_y, side_w, side_h in ((0, 0, width, size), (0, height - size, width, size),
                                               (0, size, size, height - 2 * size),
                                               (width - size, size, size, height - 2 * size)):
            self.append(vectorio.Rectangle(pixel_shader=pal, width=side_w, height=side_h, x=side_x, y=side_y))

    def move(self, x, y):
        if self.x != x or self.y != y:
            self.x = x
            self.y = y


class ChoiceBar:
    """A few short choices side by side on one row, with the cursor frame
    (``Ring``): X/Y move, as in a ``ListMenu``, whose ``index``, ``items``,
    ``move``, ``select`` and ``current`` it shares. The end screen's choices
    on the 240x135 screen, under the standings. Each choice has its own
    frame, made with the bar and shown or hidden: a vectorio shape made on a
    shown screen redraws a large box on the rotated panels (``Toast``)."""

    def __init__(self, layout, items, y):
        self.items = list(items)
        self.index = 0
        self.group = displayio.Group()
        gap = 3 * CHAR_W
        left = (layout.width - sum(len(item) for item in items) * CHAR_W - gap * (len(items) - 1)) // 2
        self.rings = []
        for item in items:
            width = len(item) * CHAR_W
            ring = Ring(left - 3, y, width + 6, layout.row_h, ACCENT, 1)
            ring.hidden = len(self.rings) > 0
            self.rings.append(ring)
            self.group.append(ring)
            self.group.append(Text(left, y + layout.row_h // 2, item, TEXT, 1, (0.0, 0.5)))
            left += width + gap

    def move(self, delta):
        show(self.rings[self.index], False)
        self.index = (self.index + delta) % len(self.items)
        show(self.rings[self.index], True)

    def select(self, index):
        self.move(index - self.index)

    @property
    def current(self):
        return self.items[self.index]


class ListMenu:
    """A vertical list with a cursor frame (``Ring``); scrolls when longer
    than the screen.

    ``items`` are strings; ``enabled`` (optional) a parallel list of bools:
    disabled items are drawn dim but can still be selected (the screen says why).
    ``pin``: the last item (a setup's "Start") keeps the last row while the
    others scroll above it, so it never leaves the screen.
    """

    def __init__(self, layout, items, y=None, rows=None, x=None, width=None, enabled=None, pin=False):
        self.L = layout
        self.pin = pin
        self.x = layout.margin if x is None else x
        self.y = layout.body_top if y is None else y
        self.width = (layout.width - 2 * self.x) if width is None else width
        self.max_rows = rows or layout.rows  # the rows the list may grow to (set_items)
        self.rows = min(self.max_rows, max(1, len(items)))
        self.items = list(items)
        self.enabled = list(enabled) if enabled else [True] * len(items)
        self.index = 0
        self.top = 0
        self.group = displayio.Group()
        self.bar = Ring(self.x - 2, self.y, self.width + 4, layout.row_h, ACCENT, 2 if layout.big else 1)
        self.group.append(self.bar)
        self.labels = []
        self.lines2 = [None] * self.rows  # a row's second line (tall screens, a long item; made on need)
        # a column is kept free on the right for the scroll marks
        self.n_chars = (self.width - CHAR_W - 2) // (CHAR_W * layout.scale)
        self.n1 = (self.width - CHAR_W - 2) // CHAR_W  # at scale 1
        for row in range(self.rows):  # each grid as wide as its text (ui.Text: covered pixels cost)
            label = Text(self.x + 2, self.y + row * layout.row_h + layout.row_h // 2, "", TEXT, layout.scale, (0.0, 0.5))
            self.labels.append(label)
            self.group.append(label.label)
        # scroll marks
        self.more_up = Text(self.x + self.width, self.y, "", DIM, 1, (1.0, 0.0))
        self.more_down = Text(self.x + self.width, self.y + self._span() * layout.row_h, "", DIM, 1, (1.0, 1.0))
        self.group.append(self.more_up.label)
        self.group.append(self.more_down.label)
        self._draw()

    def _row(self, index, text, col, scale):
        """Row ``index`` shows ``text`` at ``scale``: at scale 1 (tall screens),
        on two lines if need be."""
        layout = self.L
        label = self.labels[index]
        middle = self.y + index * layout.row_h + layout.row_h // 2
        second = ""
        if scale == layout.scale:
            text = fit(text, self.n_chars)
        elif len(text) > self.n1:
            lines = wrap(text, self.n1)
            text, second = lines[0], fit(" ".join(lines[1:]), self.n1)
            middle -= CHAR_H // 2
        label2 = self.lines2[index]
        if second and label2 is None:
            label2 = Text(self.x + 2, self.y + index * layout.row_h + layout.row_h // 2 + CHAR_H // 2, "", TEXT, 1, (0.0, 0.5), self.n1)
            self.lines2[index] = label2
            self.group.append(label2)
        if label2 is not None:
            label2.set(second, col)
        label.rescale(scale)
        label.move(self.x + 2, middle)
        label.set(text, col)

    def _scale(self):
        """One font size for the whole list: the layout's if every item
        fits a row at it, else (tall screens) scale 1."""
        layout = self.L
        if layout.big:
            chars = self.n_chars
            for item in self.items:
                if len(item) > chars:
                    return 1
        return layout.scale

    def _span(self):
        """The rows that scroll: one fewer with a pinned last item (as many
        fewer items scroll). An int, not a tuple: no garbage."""
        return self.rows - 1 if self.pin and len(self.items) > self.rows else self.rows

    def _draw(self):
        layout = self.L
        span = self._span()
        scrolled = len(self.items) - self.rows + span  # the items that scroll
        scale = self._scale()
        for row in range(self.rows):
            index = self.top + row if row < span else len(self.items) - 1
            if index < len(self.items):
                self._row(row, self.items[index], TEXT if self.enabled[index] else DIM, scale)
            else:
                self._row(row, "", TEXT, scale)
        self.more_up.set("^" if self.top > 0 else "")
        self.more_down.set("v" if self.top + span < scrolled else "")
        self._place()

    def _place(self):
        """The cursor's frame on the selected row."""
        span = self._span()
        row = self.index - self.top if self.index < len(self.items) - self.rows + span else self.rows - 1
        self.bar.move(self.x - 2, self.y + row * self.L.row_h)

    def move(self, delta):
        count = len(self.items)
        if not count:
            return
        self.index = (self.index + delta) % count
        span = self._span()
        top = self.top
        if self.index >= count - self.rows + span:
            pass  # the pinned item: the rows above it stay
        elif self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + span:
            self.top = self.index - span + 1
        if top == self.top:
            self._place()  # the rows stay: only the frame moves
        else:
            self._draw()

    def select(self, index):
        self.index = 0
        self.top = 0
        self.move(index)

    def set_item(self, index, text, enabled=True):
        self.items[index] = text
        self.enabled[index] = enabled
        if self.top <= index < self.top + self.rows:
            self._draw()

    def set_items(self, items, enabled=None):
        layout = self.L
        while self.rows < min(self.max_rows, len(items)):  # more items: more rows, while the screen has room
            row = self.rows
            label = Text(self.x + 2, self.y + row * layout.row_h + layout.row_h // 2, "", TEXT, layout.scale, (0.0, 0.5))
            self.labels.append(label)
            self.lines2.append(None)
            self.group.append(label.label)
            self.rows += 1
        self.items = list(items)
        self.enabled = list(enabled) if enabled else [True] * len(items)
        self.index = min(self.index, max(0, len(items) - 1))
        span = self._span()
        scrolled = len(items) - self.rows + span
        self.more_down.move(self.x + self.width, self.y + span * layout.row_h)
        # no empty row while items are out of view; the cursor stays in view
        self.top = max(0, min(self.top, self.index, scrolled - span))
        self._draw()

    @property
    def current(self):
        return self.items[self.index] if self.items else None


class Dialog:
    """A centred message box with a one-line choice hint; lives in an overlay."""

    def __init__(self, layout, message, hint="A OK", color=TEXT):
        width = layout.width - 4 * layout.margin
        chars = width // CHAR_W - 2
        lines = wrap_lines(message, chars, max(1, (layout.height - 40) // (CHAR_H + 2)))
        height = len(lines) * (CHAR_H + 2) + CHAR_H + 18
        left = (layout.width - width) // 2
        top = (layout.height - height) // 2
        self.group = displayio.Group()
        self.group.append(Box(left - 2, top - 2, width + 4, height + 4, ACCENT).shape)
        self.group.append(Box(left, top, width, height, PANEL).shape)
        for index, line in enumerate(lines):
            self.group.append(Text(left + 6, top + 6 + index * (CHAR_H + 2), line, color, 1).label)
        self.group.append(Text(left + width - 6, top + height - 4, hint, ACCENT, 1, (1.0, 1.0)).label)


class Toast:
    """A note at the bottom that goes away by itself: dark, framed in its
    colour; an error (BAD) starts with a "!" so colour is not its only sign.

    One Toast is built with the app, hidden, and shown again for every note
    (``show``): its rectangles are placed once. A vectorio shape added to a
    shown screen redraws the box between where it was made and where it goes
    (CircuitPython's vectorio: the first place is worked out before the
    display's rotation), which on the rotated Pico Display panels is most of
    the screen: 0.8 s a note on 320x240 (emu.mjs's SANBON_LCD_LOG showed it).
    """

    def __init__(self, layout):
        self.L = layout
        self.until = 0
        # made where a one-line note goes: a shape that moves redraws the box
        # from its old place to its new one
        height = CHAR_H + 9
        top = layout.height - height - layout.hint_h
        self.pal = palette(DIM)  # the frame's colour: the note's
        self.group = group = displayio.Group()
        group.append(vectorio.Rectangle(pixel_shader=self.pal, width=layout.width, height=height, x=0, y=top))
        group.append(vectorio.Rectangle(pixel_shader=palette(PANEL), width=layout.width - 4, height=height - 4, x=2, y=top + 2))
        group.hidden = True

    def show(self, text, until, color=TEXT, safe=False):
        """Show ``text`` (up to three lines) until ``until``: new Texts (a
        TileGrid new on the display redraws only its own box) in the kept
        rectangles. ``safe`` (the notes at start): up to nine lines in the
        middle 240x135 of the screen, the part a 1.14" Pico Display Pack
        shows of a 320x240 picture (a bare Pico cannot tell the packs apart)."""
        layout = self.L
        group = self.group
        self.until = until
        while len(group) > 2:
            group.pop()
        width = min(layout.width, 240) if safe else layout.width  # 240: the 1.14" pack's width
        left = (layout.width - width) // 2
        lines = wrap_lines(text, width // CHAR_W - 4, 9 if safe else 3)  # a column each side for the "!"
        height = len(lines) * (CHAR_H + 1) + 8
        top = (layout.height - height) // 2 if safe else layout.height - height - layout.hint_h
        frame_color = DIM if color == TEXT else color
        if self.pal[0] != frame_color:
            self.pal[0] = frame_color
        for rect, inset in ((group[0], 0), (group[1], 2)):  # their places and sizes change only when they must
            if rect.y != top + inset or rect.x != left + inset or rect.height != height - 2 * inset:
                rect.x = left + inset
                rect.y = top + inset
                rect.width = width - 2 * inset
                rect.height = height - 2 * inset
        if color == BAD:
            group.append(Text(left + 5, top + 4, "!", BAD))
        for index in range(len(lines)):
            group.append(Text(layout.width // 2, top + 4 + index * (CHAR_H + 1), lines[index], color, 1, (0.5, 0.0)))
        group.hidden = False

    def hide(self):
        group = self.group
        group.hidden = True
        while len(group) > 2:
            group.pop()


class Spinner:
    """The 'thinking' indicator: three dots that take turns to light up."""

    def __init__(self, x, y, radius=3, color=ACCENT):
        self.group = displayio.Group()
        self.dots = []
        self.color = color
        self.pal_on = palette(color)
        self.pal_off = palette(LINE)
        for index in range(3):
            dot = vectorio.Circle(pixel_shader=self.pal_off, radius=radius, x=x + index * (3 * radius), y=y)
            self.dots.append(dot)
            self.group.append(dot)
        self.phase = -1

    def tick(self, now):
        phase = (now // 250) % 3
        if phase != self.phase:
            if self.phase >= 0:
                shade(self.dots[self.phase], self.pal_off)
            shade(self.dots[phase], self.pal_on)
            self.phase = phase

    def show(self, on):
        self.group.hidden = not on


class CardFace:
    """A card as a picture: frame in the card's colour and a short name."""

    def __init__(self, x, y, width, height, frame_color, text="", text_color=TEXT, scale=1):
        self.group = displayio.Group(x=x, y=y)
        self.frame = Box(0, 0, width, height, frame_color)
        self.inner = Box(3, 3, width - 6, height - 6, PANEL)
        self.group.append(self.frame.shape)
        self.group.append(self.inner.shape)
        self.n = (width - 8) // (CHAR_W * scale)
        self.text = Text(width // 2, height // 2, fit(text, self.n), text_color, scale, (0.5, 0.5))
        self.group.append(self.text.label)

    def set(self, frame_color, text, text_color=None):
        self.frame.color = frame_color
        self.text.set(fit(text, self.n), text_color)


class PipCounter:
    """A counter drawn as a row of dots, filled up to ``value`` (of ``total``)."""

    def __init__(self, x, y, total, radius=4, color=ACCENT, empty=LINE, gap=None):
        self.group = displayio.Group(x=x, y=y)
        self.on = palette(color)
        self.off = palette(empty)
        gap = gap or (2 * radius + 3)
        self.dots = []
        for index in range(total):
            dot = vectorio.Circle(pixel_shader=self.off, radius=radius, x=radius + index * gap, y=radius)
            self.dots.append(dot)
            self.group.append(dot)
        self.value = 0

    def set(self, value):
        value = max(0, min(value, len(self.dots)))
        if value == self.value:
            return
        low, high = min(value, self.value), max(value, self.value)
        for index in range(low, high):
            shade(self.dots[index], self.on if index < value else self.off)
        self.value = value


class Screen:
    """A screen on the app's stack. Subclasses build ``self.group`` in __init__."""

    title = ""

    def __init__(self, app):
        self.app = app
        self.L = app.layout
        self.group = displayio.Group()

    def button(self, press):
        """Handle a logical button (sanbon.buttons A, B, X, Y, PAUSE)."""

    def tick(self, now):
        """Called every loop: animations, computer turns."""

    def resume(self):
        """Shown again after the screen above it closed."""

    def close(self):
        """Leaving the stack: release what is held."""

    def describe(self):
        """Plain text of what the screen shows (tests, serial debug)."""
        return self.title
