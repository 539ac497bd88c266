"""How to play: the game's rules pages (its sanbon.howto_<game> PAGES) with
pictures from a sprite sheet. Imported only while the screen is open (a
module of its own, so that a game's log does not carry it), then dropped."""

import gc

import displayio

from sanbon import buttons as btn
from sanbon import ui
from sanbon.texts import TextScreen


def paragraphs(body):
    """A page's paragraphs: its lines, or (a page of one line) its sentences."""
    if "\n" in body:
        return body.split("\n")
    out = []
    start = 0
    while True:
        stop = body.find(". ", start)
        if stop < 0:
            out.append(body[start:])
            return out
        out.append(body[start : stop + 1])
        start = stop + 2


class HowToScreen(TextScreen):
    """The game's rules, a page at a time: the page's heading in the title,
    pictures under it, then short paragraphs (a line starting "#" is a
    heading). A page is (heading, body) or (heading, body, pictures):
    pictures are (sheet, tiles) or (sheet, tiles, tile size), tiles of
    lib/sanbon/<sheet>.bmp (sanbon.sprites) drawn in a row, or (module,
    bytes), a picture drawn by that module (Kendo's chips); a sheet or
    module that is not in the build is left out. The text takes the first layout that fits:
    scale 2 (tall screens), scale 1 with a gap between paragraphs, scale 1
    packed; a page that still does not fit scrolls. Y: further down, then the
    next page; X: the page before; A/B back."""

    def __init__(self, app, info):
        self.info = info
        try:
            self.howto = __import__(info.howto, None, None, ["PAGES"])  # the text's module (dropped at close)
            self.pages = self.howto.PAGES
        except ImportError:
            self.howto = None
            self.pages = (("How to play", "The rules summary for %s is not in this build." % info.name),)
        self.page = 0
        self.pics = None  # the page's pictures (a Group) while shown
        self.sheets = {}  # sheet name -> sprites.Sheet, or None when absent
        self.scale = 1
        self.gap = 0
        self.y0 = 0
        self.shown = 0
        super().__init__(app, "", [], "X/Y page  B back")
        self._page()

    def _sheet(self, name, size):
        if name not in self.sheets:
            try:
                from sanbon import sprites

                self.sheets[name] = sprites.Sheet(name, size, size)
            except (OSError, ValueError, ImportError):
                self.sheets[name] = None  # not in this build: the page goes without
        return self.sheets[name]

    def _pictures(self, spec, y):
        """The pictures of ``spec`` as a centred row at ``y``: (group, height).
        A spec (module, bytes) is drawn by sanbon.<module>'s ``howto(L, data,
        y)`` (Kendo's chips: sanbon.kendo_howto), imported for the page and
        forgotten again with what it loaded."""
        if isinstance(spec[1], bytes):
            import sys

            before = set(sys.modules)
            try:
                mod = __import__("sanbon." + spec[0], None, None, ["howto"])
                got = mod.howto(self.L, spec[1], y)
            except (OSError, ValueError, ImportError):
                got = None, 0  # not in this build: the page goes without
            mod = None
            ui.forget(before)
            return got
        size = spec[2] if len(spec) > 2 else 16
        sheet = self._sheet(spec[0], size)
        if sheet is None:
            return None, 0
        bmp = sheet.bitmap
        count = (bmp.width // size) * (bmp.height // size)
        tiles = [tile for tile in spec[1] if 0 <= tile < count]
        if not tiles:
            return None, 0
        layout = self.L
        width = len(tiles) * (size + 4) - 4
        scale = 2 if layout.big and 2 * width <= layout.width - 2 * layout.margin else 1
        group = displayio.Group(scale=scale, x=(layout.width - width * scale) // 2, y=y)
        for index, tile in enumerate(tiles):
            group.append(sheet.tile(tile, index * (size + 4), 0))
        return group, size * scale

    def _page(self):
        layout = self.L
        page = self.pages[self.page]
        head = page[0]
        number, pages = self.page + 1, len(self.pages)
        self.title = "%s %d/%d: %s|%d/%d: %s" % (self.info.short, number, pages, head, number, pages, head)
        self.frame.set_title(self.title)
        if self.pics is not None:
            self.group.remove(self.pics)
            self.pics = None
        top = layout.body_top + 2
        if len(page) > 2:
            group, height = self._pictures(page[2], top)
            if group is not None:
                self.pics = group
                self.group.append(group)
                top += height + 4
        self.y0 = top
        room = layout.body_top + layout.body_h - top
        paras = paragraphs(page[1])
        for scale, gap, paras in ((2, 6, paras), (1, 4, paras), (1, 0, (page[1],))):
            if scale == 2 and not layout.big:
                continue
            lines = self._lines(paras, scale)
            if self._height(lines, scale, gap) <= room:
                break
        self.scale = scale
        self.gap = gap
        self.all = lines
        self.top = 0
        self._draw()

    def _lines(self, paras, scale):
        """The paragraphs wrapped at ``scale``: "\n" marks a paragraph's first line."""
        chars = self.L.chars(scale=scale)
        out = []
        for para in paras:
            for index, line in enumerate(ui.wrap(para, chars - 1 if para.startswith("#") else chars)):
                out.append(("\n" if index == 0 else "") + line)
        return out

    def _height(self, lines, scale, gap):
        height = 0
        for index, line in enumerate(lines):
            height += ui.CHAR_H * scale + 1 + (gap if index and line.startswith("\n") else 0)
        return height

    def _draw(self):
        if not self.all and not self.rows:
            return
        layout = self.L
        bottom = layout.body_top + layout.body_h
        top = self.y0
        shown = 0
        for index, label in enumerate(self.rows):
            row = self.top + index
            line = self.all[row] if row < len(self.all) else ""
            first = line.startswith("\n")
            line = line.lstrip("\n")
            if line and index and first:
                top += self.gap
            height = ui.CHAR_H * self.scale + 1
            if not line or top + height > bottom:
                label.set("")
                continue
            head = line.startswith("#")
            label.rescale(self.scale)
            label.move(layout.margin, top)
            label.set(line.lstrip("#"), ui.ACCENT if head else ui.TEXT)
            top += height
            shown += 1
        self.shown = shown
        more = self.top + shown < len(self.all)
        self.frame.set_hint("Y more  X/Y page  B back" if more else "X/Y page  B back")

    def button(self, press):
        if press == btn.Y and self.top + self.shown < len(self.all):
            self.top += max(1, self.shown)  # the rest of this page
            self._draw()
        elif press in (btn.X, btn.Y):
            self.page = (self.page + (1 if press == btn.Y else -1)) % len(self.pages)
            self._page()
            if self.app.probe is not None:  # SANBON_DEBUG: a new page is a new screen, not a cursor move
                self.app.probe.report("HowToScreen", True)
        elif press in (btn.B, btn.A):
            self.app.pop()

    def close(self):
        if self.howto is not None:
            ui.drop(self.howto)  # free the text
            self.howto = None
        ui.unload(__name__)
        self.pages = None
        self.sheets = None
        if self.pics is not None:
            self.group.remove(self.pics)
            self.pics = None
        TextScreen.close(self)
        gc.collect()

    def describe(self):
        return "HowTo: " + self.title.split("|")[0] + "\n" + " ".join(line.lstrip("\n#") for line in self.all)
