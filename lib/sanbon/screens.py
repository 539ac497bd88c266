"""The shell's screens: main menu, setup, pause, how to play, settings,
statistics, about, dialogs, hand-over and the end of a game."""

import gc

from sanbon import buttons as btn
from sanbon import games, ui
from sanbon.profile import LABELS, SEAT_TYPES, SETTINGS


class MenuScreen(ui.Screen):
    """A titled list: X/Y move, A chooses, B goes back."""

    hint = "A select  B back  X/Y move"

    def __init__(self, app, title, items, enabled=None):
        super().__init__(app)
        self.title = title
        self.frame = ui.Frame(self.L, title, self.hint)
        self.group.append(self.frame.group)
        self.menu = ui.ListMenu(self.L, items, enabled=enabled)
        self.group.append(self.menu.group)

    def button(self, b):
        if b == btn.X:
            self.menu.move(-1)
        elif b == btn.Y:
            self.menu.move(1)
        elif b == btn.A:
            self.choose(self.menu.index)
        elif b == btn.B:
            self.back()

    def choose(self, index):
        pass

    def back(self):
        self.app.pop()

    def describe(self):
        rows = []
        for i, t in enumerate(self.menu.items):
            rows.append(("> " if i == self.menu.index else "  ") + t)
        return self.title + "\n" + "\n".join(rows)


class MainMenu(MenuScreen):
    hint = "A select  X/Y move"

    def __init__(self, app):
        self.app = app
        super().__init__(app, "Sanbon", self._items())

    def _items(self):
        self.entries = []
        if self.app.saved_game:
            info = games.by_id(self.app.saved_game[0])
            self.entries.append(("continue", None, "Continue: %s" % (info.short if info else "?")))
        for g in games.GAMES:
            self.entries.append(("game", g, g.name))
        self.entries.append(("stats", None, "Statistics"))
        self.entries.append(("settings", None, "Settings"))
        self.entries.append(("about", None, "About"))
        return [e[2] for e in self.entries]

    def resume(self):
        cur = self.entries[self.menu.index][0:2]
        had = self.entries[0][0] == "continue"
        self.menu.set_items(self._items())
        if self.entries[0][0] == "continue" and not had:
            self.menu.select(0)  # back from a game: offer to continue it
            return
        for i, e in enumerate(self.entries):
            if e[0:2] == cur:
                self.menu.select(i)
                break

    def choose(self, i):
        kind, info, _ = self.entries[i]
        app = self.app
        if kind == "continue":
            app.continue_game()
        elif kind == "game":
            app.push(SetupScreen(app, info))
        elif kind == "stats":
            app.push(StatsScreen(app))
        elif kind == "settings":
            app.push(SettingsScreen(app))
        else:
            app.push(AboutScreen(app))

    def back(self):
        pass  # the bottom of the stack


class DialogScreen(ui.Screen):
    """A message over the screen below. A confirms; B cancels (if it can)."""

    overlay = True

    def __init__(self, app, message, on_ok=None, on_cancel=None, hint=None):
        super().__init__(app)
        self.title = message
        self.on_ok = on_ok
        self.on_cancel = on_cancel
        if hint is None:
            hint = "A: yes  B: no" if on_cancel else "A: OK"
        self.dialog = ui.Dialog(self.L, message, hint)
        self.group.append(self.dialog.group)

    def button(self, b):
        if b == btn.A:
            self.app.pop()
            if self.on_ok:
                self.on_ok()
        elif b == btn.B:
            self.app.pop()
            if self.on_cancel:
                self.on_cancel()

    def describe(self):
        return "Dialog: " + self.title


def confirm(app, message, on_yes):
    app.push(DialogScreen(app, message, on_yes, _nothing, "A: yes  B: no"))


def _nothing():
    pass


class SetupScreen(MenuScreen):
    """Players, mode and seats for a new game, then Start."""

    def __init__(self, app, info):
        self.info = info
        self.config = games.Config(info)
        super().__init__(app, info.name, self._items())
        self.menu.select(len(self.menu.items) - 1)  # start on "Start"

    def _items(self):
        info, c = self.info, self.config
        self.rows = []
        if info.max_players > info.min_players:
            self.rows.append(("players", 0, "Players: %d" % c.players))
        if len(info.modes) > 1:
            self.rows.append(("mode", 0, "Mode: %s" % info.modes[c.mode]))
        fixed = info.fixed_seats(c.mode) is not None
        for s in range(0 if fixed else c.players):
            t = c.seats[s]
            who = "Human" if t == 0 else "Computer (%s)" % SEAT_TYPES[t]
            self.rows.append(("seat", s, "P%d: %s" % (s + 1, who)))
        if info.house:
            n = 0
            for h in info.house:
                n += 1 if c.options & h[0] else 0
            self.rows.append(("house", 0, "House rules: %s" % ("%d on" % n if n else "off")))
        self.rows.append(("howto", 0, "How to play"))
        self.rows.append(("start", 0, "Start"))
        return [r[2] for r in self.rows]

    def _redraw(self):
        i = self.menu.index
        info, c = self.info, self.config
        fixed = info.players_max(c.mode) <= info.min_players  # e.g. Competition: 2 only
        self.menu.set_items(self._items(), [not (r[0] == "players" and fixed) for r in self.rows])
        self.menu.select(min(i, len(self.rows) - 1))

    def resume(self):
        self._redraw()  # back from the house rules

    def choose(self, i):
        kind, arg, _ = self.rows[i]
        info, c = self.info, self.config
        top = info.players_max(c.mode)
        if kind == "players":
            if top <= info.min_players:
                self.app.toast("%s is for %d players." % (info.modes[c.mode], top))
                return
            c.players = c.players + 1 if c.players < top else info.min_players
            self._redraw()
        elif kind == "mode":
            c.mode = (c.mode + 1) % len(info.modes)
            c.players = min(c.players, info.players_max(c.mode))
            info.fix_seats(c)
            self._redraw()
        elif kind == "house":
            self.app.push(HouseRulesScreen(self.app, info, c))
        elif kind == "seat":
            cycle = (0,) + tuple(info.levels)
            c.seats[arg] = cycle[(cycle.index(c.seats[arg]) + 1) % len(cycle)]
            self.menu.set_item(i, self._items()[i])
        elif kind == "howto":
            self.app.push(HowToScreen(self.app, info))
        else:
            self.app.start_game(info, c)

    def describe(self):
        return "Setup: " + MenuScreen.describe(self)


class HouseRulesScreen(MenuScreen):
    """The game's house rules (engine options), each on or off; A toggles
    one and says what it does now."""

    def __init__(self, app, info, config):
        self.info = info
        self.config = config
        super().__init__(app, "House rules", self._items())

    def _items(self):
        c = self.config
        out = []
        for bit, name, labels, _ in self.info.house:
            out.append("%s: %s" % (name, labels[1 if c.options & bit else 0]))
        out.append("Done")
        return out

    def choose(self, i):
        house = self.info.house
        if i >= len(house):
            self.app.pop()
            return
        bit = house[i][0]
        c = self.config
        c.options ^= bit
        self.menu.set_item(i, self._items()[i])
        self.app.toast(house[i][3][1 if c.options & bit else 0], 2500)

    def describe(self):
        return "House: " + MenuScreen.describe(self)


class PauseScreen(MenuScreen):
    def __init__(self, app, session):
        self.session = session
        super().__init__(app, "Paused: %s" % session.info.name, ["Resume", "How to play", "Restart", "Quit to menu"])

    def choose(self, i):
        app = self.app
        if i == 0:
            app.pop()
        elif i == 1:
            app.push(HowToScreen(app, self.session.info))
        elif i == 2:
            s = self.session
            confirm(app, "Restart this game? The current game is lost.", lambda: app.start_game(s.info, s.config))
        else:
            app.quit_game()

    def button(self, b):
        if b == btn.PAUSE:
            self.app.pop()  # hold B again: resume
        else:
            MenuScreen.button(self, b)

    def describe(self):
        return "Pause: " + MenuScreen.describe(self)


class SettingsScreen(MenuScreen):
    def __init__(self, app):
        self.app = app
        super().__init__(app, "Settings", self._items())

    def _items(self):
        s = self.app.settings
        return ["%s: %s" % (LABELS[n], s.label(n)) for n, _, _, _ in SETTINGS] + ["Reset statistics"]

    def choose(self, i):
        app = self.app
        if i < len(SETTINGS):
            name = SETTINGS[i][0]
            app.settings.cycle(name)
            if name == "brightness":
                app.apply_brightness()
            elif name == "leds":
                app.leds.dirty = True
                if app.settings.leds:
                    app.leds.flash((0, 200, 255), 1)
            self.menu.set_item(i, self._items()[i])
        else:
            confirm(app, "Reset all statistics to zero?", self._reset_stats)

    def _reset_stats(self):
        from sanbon.profile import Stats

        self.app.stats = Stats()
        self.app.toast("Statistics reset.")

    def close(self):
        self.app.save()  # one write for all the changes, when leaving

    def describe(self):
        return "Settings: " + MenuScreen.describe(self)


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
            t = ui.Text(L.margin, L.body_top + 2 + i * (ui.CHAR_H + 1), "", ui.TEXT, 1)
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

    def describe(self):
        return self.title + "\n" + "\n".join(self.all)


class HowToScreen(TextScreen):
    """The game's rules summary, a few pages: X/Y turn pages, A/B back."""

    def __init__(self, app, info):
        self.info = info
        try:
            mod = __import__(info.howto, None, None, ["PAGES"])
            self.pages = mod.PAGES
        except ImportError:
            self.pages = (("How to play", "The rules summary for %s is not in this build." % info.name),)
        self.page = 0
        super().__init__(app, "", [], "X/Y page  B back")
        self._page()

    def _page(self):
        head, body = self.pages[self.page]
        self.title = "%s %d/%d: %s" % (self.info.name, self.page + 1, len(self.pages), head)
        self.frame.title.set(ui.fit("%d/%d %s" % (self.page + 1, len(self.pages), head), self.L.chars()))
        self.all = ui.wrap(body, self.L.chars(scale=1))
        self._draw()

    def button(self, b):
        if b in (btn.X, btn.Y):
            self.page = (self.page + (1 if b == btn.Y else -1)) % len(self.pages)
            self._page()
        elif b in (btn.B, btn.A):
            self.app.pop()

    def close(self):
        ui.drop(self.info.howto.split(".")[-1])  # free the text
        self.pages = None
        gc.collect()

    def describe(self):
        return "HowTo: " + self.title + "\n" + " ".join(self.all)


class StatsScreen(TextScreen):
    def __init__(self, app):
        st = app.stats
        lines = []
        for g in games.ALL:
            if g.id == games.PIG.id and not st.total(g.id):
                continue
            lines.append("#%s" % g.name)
            if not st.total(g.id):
                lines.append("  no games yet")
                continue
            for t, name in enumerate(SEAT_TYPES):
                p = st.played(g.id, t)
                if p:
                    lines.append("  %-7s played %3d  won %3d" % (name, p, st.won(g.id, t)))
        super().__init__(app, "Statistics", lines)


class AboutScreen(MenuScreen):
    def __init__(self, app):
        import gc as _gc

        from sanbon.app import VERSION

        _gc.collect()
        board = app.board
        self.info_lines = [
            "Sanbon %s" % VERSION,
            "Board: %s %dx%d" % (getattr(board, "size_name", board.name), board.width, board.height),
            "Free memory: %d KB" % (_gc.mem_free() // 1024) if hasattr(_gc, "mem_free") else "Free memory: n/a",
            "Saves written: %d" % app.store.writes,
        ]
        super().__init__(app, "About", self.info_lines + ["Try the demo game (Pig)", "Back"],
                         enabled=[False] * len(self.info_lines) + [True, True])
        self.menu.select(len(self.info_lines))

    def choose(self, i):
        if i == len(self.info_lines):
            self.app.push(SetupScreen(self.app, games.PIG))
        elif i == len(self.info_lines) + 1:
            self.app.pop()


class HandOverScreen(ui.Screen):
    """Hides the screen until the right player holds the device. ``note``:
    public news for them (what they must answer), under the message."""

    def __init__(self, app, name, on_ready, note=""):
        super().__init__(app)
        self.title = "Pass to %s" % name
        self.on_ready = on_ready
        self.note = note
        self.frame = ui.Frame(self.L, self.title, "A: I am %s" % name)
        self.group.append(self.frame.group)
        L = self.L
        n = L.chars(scale=1)
        msg = "Pass the device to %s. Press A when only they can see the screen." % name
        lines = ui.wrap(msg, n)
        y = L.body_top + (12 if not note or L.big else 4)
        for i, line in enumerate(lines):
            self.group.append(ui.Text(L.width // 2, y + i * 15, line, ui.TEXT, 1, (0.5, 0.0)).label)
        if note:
            y += len(lines) * 15 + 6
            for i, line in enumerate(ui.wrap(note, n)[:3]):
                self.group.append(ui.Text(L.width // 2, y + i * 14, line, ui.ACCENT, 1, (0.5, 0.0)).label)

    def button(self, b):
        if b == btn.A:
            self.app.pop()
            self.on_ready()

    def describe(self):
        return "HandOver: " + self.title + ("\n" + self.note if self.note else "")


class EndScreen(MenuScreen):
    """Who won and why; play again or back to the menu."""

    hint = "A select  X/Y move"

    def __init__(self, app, session, headline, reason=""):
        self.session = session
        self.headline = headline
        self.reason = reason
        super().__init__(app, headline, ["Play again", "Menu"])
        L = self.L
        self.menu.group.y = L.body_h - 2 * L.row_h - 4
        if reason:
            for i, line in enumerate(ui.wrap(reason, L.chars(scale=1))[:4]):
                self.group.append(ui.Text(L.margin, L.body_top + 4 + i * 14, line, ui.TEXT, 1).label)

    def choose(self, i):
        s = self.session
        if i == 0:
            self.app.start_game(s.info, s.config)
        else:
            self.app.quit_game()

    def back(self):
        self.app.quit_game()

    def describe(self):
        return "End: %s\n%s\n%s" % (self.headline, self.reason, MenuScreen.describe(self))
