"""The pause menu (hold B in a game), with Undo and Share game: loaded when it
opens and dropped when it closes, so that its code is not in the heap while
the game is played."""

from sanbon import buttons as btn
from sanbon import ui
from sanbon.screens import MenuScreen, confirm


class PauseScreen(MenuScreen):
    """Resume, how to play, restart, undo (Settings: undo on; greyed when
    nothing of this turn can be taken back), share the game's record, quit.
    "Quit to menu" stays last (X from the top reaches it)."""

    def __init__(self, app, session):
        self.session = session
        self.keys = ["resume", "howto", "restart"]
        if app.settings.undo:
            self.keys.append("undo")
        self.keys.append("share")
        self.keys.append("quit")
        names = {"resume": "Resume", "howto": "How to play", "restart": "Restart", "undo": "Undo last move",
                 "share": "Share game", "quit": "Quit to menu"}
        super().__init__(app, "Paused: %s|Paused: %s" % (session.info.name, session.info.short), [names[key] for key in self.keys],
                         enabled=[key != "undo" or session.can_undo() for key in self.keys])

    def choose(self, index):
        app = self.app
        key = self.keys[index]
        session = self.session
        if key == "resume":
            app.pop()
        elif key == "howto":
            from sanbon.howto import HowToScreen

            app.push(HowToScreen(app, session.info))
        elif key == "restart":
            confirm(app, "Restart this game? The current game is lost.", lambda: app.start_game(session.info, session.config))
        elif key == "undo":
            if not session.can_undo():
                app.toast("Nothing to undo this turn.")
            elif session.people() > 1:  # pass and play: every player agrees
                confirm(app, "Undo %s's last move? Only if every player agrees." % session.seat_name(session.state.current_player),
                        lambda: undo(app))
            else:
                undo(app)
        elif key == "share":
            from sanbon import records

            records.share(app)
            ui.drop(records)  # loaded for the record only
        else:
            app.quit_game()

    def button(self, press):
        if press == btn.PAUSE:
            self.app.pop()  # hold B again: resume
        else:
            MenuScreen.button(self, press)

    def describe(self):
        return "Pause: " + MenuScreen.describe(self)

    def close(self):
        ui.unload(__name__)  # this module's code leaves the heap with the menu


def undo(app):
    """Take back the last undoable decision of this turn: the session's state
    before it, and the play screen built again on it."""
    session = app.session
    if session is None or not session.can_undo():
        app.toast("Nothing to undo this turn.")
        return
    session.undo_last()
    while len(app.stack) > 1:
        app.stack.pop().close()
    app.replace(session.module.GameScreen(app, session))
    app.toast("Undone.")

