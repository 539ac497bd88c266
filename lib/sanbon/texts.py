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
        layout = self.L
        self.n_lines = (layout.body_h - 2) // (ui.CHAR_H + 1)
        self.rows = []
        for index in range(self.n_lines):
            label = ui.Text(layout.margin, layout.body_top + 2 + index * (ui.CHAR_H + 1), "", ui.TEXT, 1, room=layout.chars(None, 1))
            self.rows.append(label)
            self.group.append(label.label)
        self._draw()

    def _draw(self):
        chars = self.L.chars(scale=1)
        for index, label in enumerate(self.rows):
            row = self.top + index
            line = self.all[row] if row < len(self.all) else ""
            color = ui.ACCENT if line.startswith("#") else ui.TEXT
            label.set(ui.fit(line.lstrip("#"), chars), color)

    def button(self, press):
        if press in (btn.X, btn.Y):
            step = -1 if press == btn.X else 1
            top = max(0, min(self.top + step, len(self.all) - self.n_lines))
            if top != self.top:
                self.top = top
                self._draw()
        elif press in (btn.A, btn.B):
            self.app.pop()

    def close(self):
        if self.app.session is not None:
            ui.unload(__name__)  # in a game: this code leaves the heap again

    def describe(self):
        return self.title + "\n" + "\n".join(self.all)
