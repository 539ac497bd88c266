"""The screens a game needs: dialogs, "Loading", hand-over and the end of a
game (and the menu and text screens they are built on).

The pause menu is in sanbon.pause (loaded while it is open). The menus
before a game (main menu, setup, house rules, settings, statistics, about)
are in sanbon.menus, which the app drops while a game
is on; the text screens (how to play, a game's log) in sanbon.texts, loaded
when one opens and dropped when it closes."""

import displayio

from sanbon import buttons as btn
from sanbon import ui


class MenuScreen(ui.Screen):
    """A titled list: X/Y move, A chooses, B goes back."""

    hint = "A choose  B back  X/Y move"
    pin = False  # keep the last item in view (ui.ListMenu pin)

    def __init__(self, app, title, items, enabled=None):
        super().__init__(app)
        self.title = title
        self.frame = ui.Frame(self.L, title, self.hint)
        self.group.append(self.frame.group)
        self.menu = ui.ListMenu(self.L, items, enabled=enabled, pin=self.pin)
        self.group.append(self.menu.group)

    def button(self, press):
        if press == btn.X:
            self.menu.move(-1)
        elif press == btn.Y:
            self.menu.move(1)
        elif press == btn.A:
            self.choose(self.menu.index)
        elif press == btn.B:
            self.back()

    def choose(self, index):
        pass

    def back(self):
        self.app.pop()

    def describe(self):
        rows = []
        for index, item in enumerate(self.menu.items):
            rows.append(("> " if index == self.menu.index else "  ") + item)
        return self.title.split("|")[0] + "\n" + "\n".join(rows)


class DialogScreen(ui.Screen):
    """A message over the screen below. A confirms; B cancels (if it can)."""

    overlay = True

    def __init__(self, app, message, on_ok=None, on_cancel=None, hint=None):
        super().__init__(app)
        self.title = message
        self.on_ok = on_ok
        self.on_cancel = on_cancel
        if hint is None:
            hint = "A yes  B no" if on_cancel else "A OK"
        self.dialog = ui.Dialog(self.L, message, hint)
        self.group.append(self.dialog.group)

    def button(self, press):
        if press == btn.A:
            self.app.pop()
            if self.on_ok:
                self.on_ok()
        elif press == btn.B:
            self.app.pop()
            if self.on_cancel:
                self.on_cancel()

    def describe(self):
        return "Dialog: " + self.title


def confirm(app, message, on_yes):
    app.push(DialogScreen(app, message, on_yes, _nothing, "A yes  B no"))


def _nothing():
    pass


class LoadingScreen(ui.Screen):
    """"Loading NAME..." over the title bar of the screen the press came
    from: the press's answer, drawn at once (the bar alone: a new whole
    screen takes about 100 ms on the emulated Pico's 320x240). ``job`` runs at the next step,
    after the line was drawn (a game's code takes a moment to load on the
    device); App._load closes the screens under it first, so that the game
    loads with the menus' memory free (the line then stands alone)."""

    overlay = True
    in_place = True  # one line: App._show draws it over the screen below, not the whole screen

    def __init__(self, app, name, job):
        super().__init__(app)
        self.title = name
        self.job = job
        layout = self.L
        chars = layout.chars()
        text = "Loading %s..." % name
        if len(text) > chars:
            text = "Loading..."
        # one layer: a line as wide as the title bar's text, its blank cells
        # in the bar's colour (a palette with no clear colour), over the title
        line = ui.Text(layout.margin, layout.title_h // 2, text + " " * (chars - len(text)), ui.ACCENT, layout.scale, (0.0, 0.5))
        pal = displayio.Palette(2)
        pal[0] = ui.PANEL
        pal[1] = ui.ACCENT
        line[0].pixel_shader = pal
        self.group.append(line)
        self.drawn = False

    def tick(self, now):
        if not self.drawn:
            self.drawn = True  # shown at the end of this step
            return
        job = self.job
        if job is not None:
            self.job = None
            job()
            top = self.app.top
            if top is not self and top is not None:
                top.tick(now)  # e.g. a hand-over comes before a hand is ever drawn

    def describe(self):
        return "Loading: " + self.title


class HandOverScreen(ui.Screen):
    """Hides the screen until the right player holds the device. ``note``:
    public news for them (what they must answer), under the message."""

    def __init__(self, app, name, on_ready, note=""):
        super().__init__(app)
        self.title = "Pass to %s" % name
        self.on_ready = on_ready
        self.note = note
        self.frame = ui.Frame(self.L, self.title, "A I am %s" % name)
        self.group.append(self.frame.group)
        layout = self.L
        chars = layout.chars(scale=1)
        msg = "Pass the device to %s. Press A when only they can see the screen." % name
        lines = ui.wrap(msg, chars)
        top = layout.body_top + (12 if not note or layout.big else 4)
        for index, line in enumerate(lines):
            self.group.append(ui.Text(layout.width // 2, top + index * 15, line, ui.TEXT, 1, (0.5, 0.0)).label)
        if note:
            top += len(lines) * 15 + 6
            for index, line in enumerate(ui.wrap_lines(note, chars, 3)):
                self.group.append(ui.Text(layout.width // 2, top + index * 14, line, ui.ACCENT, 1, (0.5, 0.0)).label)

    def button(self, press):
        if press == btn.A:
            self.app.pop()
            self.on_ready()

    def describe(self):
        return "HandOver: " + self.title + ("\n" + self.note if self.note else "")


class EndScreen(MenuScreen):
    """Who won and why; play again or back to the menu. ``standings``: every
    seat's result (short lines), shown as a panel of plain lines between the
    reason and the choices, so that they never look like choices."""

    hint = "A choose  X/Y move"

    def __init__(self, app, session, headline, reason="", standings=()):
        self.session = session
        self.headline = headline
        self.reason = reason
        self.standings = standings = standings or ()
        ui.Screen.__init__(self, app)
        self.title = headline
        self.frame = ui.Frame(self.L, headline, self.hint)
        self.group.append(self.frame.group)
        layout = self.L
        chars = layout.chars(scale=1)
        pitch = 14 if layout.big else 13  # the reason's line pitch; the panel's is one less
        top = layout.body_top + (4 if layout.big else 2)
        for line in ui.wrap_lines(reason, chars, 4) if reason else ():
            self.group.append(ui.Text(layout.margin, top, line, ui.TEXT, 1).label)
            top += pitch
        if standings:  # a panel: a table to read, not rows to choose
            top += 2
            height = len(standings) * (pitch - 1) + 4
            self.group.append(ui.Box(layout.margin - 2, top, layout.width - 2 * layout.margin + 4, height, ui.PANEL).shape)
            for index, line in enumerate(standings):
                self.group.append(ui.Text(layout.margin + 2, top + 2 + index * (pitch - 1), ui.fit(line, chars - 1), ui.TEXT, 1,
                                          bg=ui.PANEL).label)
            top += height + 4
        bottom = layout.body_top + layout.body_h
        if layout.big:  # the choices as a list at the bottom
            self.menu = ui.ListMenu(layout, ["Play again", "Share game", "Menu"], y=max(top, bottom - 3 * layout.row_h), rows=3)
        else:  # 240x135: side by side on the last row, room for four standings
            self.menu = ui.ChoiceBar(layout, ["Play again", "Share game", "Menu"], bottom - layout.row_h + 1)
        self.group.append(self.menu.group)

    def choose(self, index):
        session = self.session
        if index == 0:
            self.app.start_game(session.info, session.config)
        elif index == 1:
            from sanbon import records

            records.share(self.app)
            ui.drop(records)  # loaded for the record only
        else:
            self.app.quit_game()

    def back(self):
        self.app.quit_game()

    def describe(self):
        text = "End: %s\n%s\n%s" % (self.headline, self.reason, MenuScreen.describe(self))
        if self.standings:
            text += "\nStandings: " + ", ".join(self.standings)
        return text
