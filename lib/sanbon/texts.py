"""Text screens: lines under a title (a game's log, statistics); the rules
summary builds on it (sanbon.howto). Loaded when one opens; a text screen drops this module when
it closes (sanbon.ui.drop), unless the menus (which build on it) hold it."""

import gc

from sanbon import buttons as btn
from sanbon import ui


class TextScreen(ui.Screen):
    """Lines of text under a title; X/Y scroll, A/B back."""

    def __init__(self, app, title, lines, hint="B back  X/Y scroll"):
        super().__init__(app)
        self.title = title
        self.all = lines
        self.top = 0
        self.frame = ui.Frame(self.L, title, hint)
        self.group.append(self.frame.group)
        L = self.L
        self.n_lines = (L.body_h - 2) // (ui.CHAR_H + 1)
        self.rows = []
        for i in range(self.n_lines):
            t = ui.Text(L.margin, L.body_top + 2 + i * (ui.CHAR_H + 1), "", ui.TEXT, 1, room=L.chars(None, 1))
            self.rows.append(t)
            self.group.append(t.label)
        self._draw()

    def _draw(self):
        n = self.L.chars(scale=1)
        for i, t in enumerate(self.rows):
            j = self.top + i
            line = self.all[j] if j < len(self.all) else ""
            color = ui.ACCENT if line.startswith("#") else ui.TEXT
            t.set(ui.fit(line.lstrip("#"), n), color)

    def button(self, b):
        if b in (btn.X, btn.Y):
            step = -1 if b == btn.X else 1
            top = max(0, min(self.top + step, len(self.all) - self.n_lines))
            if top != self.top:
                self.top = top
                self._draw()
        elif b in (btn.A, btn.B):
            self.app.pop()

    def close(self):
        if self.app.session is not None:
            ui.unload(__name__)  # in a game: this code leaves the heap again

    def describe(self):
        return self.title + "\n" + "\n".join(self.all)
