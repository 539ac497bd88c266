"""What every game's play screen shares: computer turns at the chosen speed
(any button skips ahead), hold B for the pause menu, hand-over screens for
secret hands, and the end screen."""

from engine.core import IllegalAction

from sanbon import buttons as btn
from sanbon import ui
from sanbon.profile import SEEN, SPEED_MS


class GameScreen(ui.Screen):
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.title = session.info.name
        self.bot_due = None
        self.ended = False
        self.shown_seat = None  # the human seat the screen was handed to
        self.tip_phase = -1  # the phase the first-game guide last looked at (tip)
        self.tip_due = False  # its tip to show in the next pass
        self.spinner = ui.Spinner(self.L.width - 24, self.L.title_h // 2)
        self.spinner.show(False)

    # -- to override -----------------------------------------------------
    def update(self):
        """Redraw what changed in the state."""

    def human_button(self, press):
        """A button on a human seat's turn. B goes back (``back_out``) by default."""
        if press == btn.B:
            self.back_out()

    def private_ok(self):
        """May the current seat's private view be on screen now?"""
        return not self.needs_handover() or self.shown_seat == self.session.state.current_player

    def handover_note(self):
        """Public news for the player the device is passed to (the hand-over
        screen shows it), e.g. what they must answer. Never anything secret."""
        return ""

    # -- shared behaviour -----------------------------------------------
    def needs_handover(self):
        session = self.session
        return session.hidden and session.config.humans() >= 2 and self.app.settings.handover

    def pause(self):
        from sanbon.pause import PauseScreen

        self.app.push(PauseScreen(self.app, self.session))

    def back_out(self):
        """B with no step of a decision to go back to: take back this turn's
        last decision when it can be (Settings: Undo on), so undo is one
        press, or two when several people play (a yes: every player must
        agree); else the pause menu, as holding B."""
        session = self.session
        if not (self.app.settings.undo and session.can_undo()):
            self.pause()
            return
        if session.people() > 1:
            from sanbon.screens import confirm

            confirm(self.app, "Undo %s's last move? Only if every player agrees."
                    % session.seat_name(session.state.current_player), lambda: _undo(self.app))
        else:
            _undo(self.app)

    def button(self, press):
        if press == btn.PAUSE:
            self.pause()
            return
        state = self.session.state
        if state.is_over():
            return
        if self.session.is_bot(state.current_player):
            self.bot_due = self.app.now  # any press: the computer moves now
            return
        self.human_button(press)

    def act(self, action):
        """Apply a human action; an illegal one shows why and changes nothing."""
        try:
            self.session.apply(action)
        except IllegalAction as error:
            self.app.toast(str(error), 2000, ui.BAD)
        self.update()

    def tick(self, now):
        session = self.session
        state = session.state
        if state.is_over():
            if not self.ended:
                self.ended = True
                self.spinner.show(False)
                self.update()
                self.show_end()
            return
        seat = state.current_player
        if session.is_bot(seat):
            if self.bot_due is None:
                self.bot_due = (now + SPEED_MS[self.app.settings.speed]) & 0x1FFFFFFF
                self.spinner.show(True)
            elif btn.ticks_diff(now, self.bot_due) >= 0:
                self.bot_due = None
                session.bot_step()
                if self.app.probe is not None:
                    self.app.probe.bot_step()  # (a name the app has: no new interned name)
                self.update()
                if self.app.probe is not None:
                    self.app.report("P%d's computer decision" % (seat + 1))
            self.spinner.tick(now)
            return
        self.spinner.show(False)
        if self.needs_handover() and self.shown_seat != seat:
            from sanbon.screens import HandOverScreen

            self.shown_seat = seat
            self.update()  # hides the private parts first
            self.app.push(HandOverScreen(self.app, session.seat_name(seat), self.update, self.handover_note()))
            return
        if self.app.settings.tips and self.app.top is self:
            self.tip(state)

    def tip(self, state):
        """The first-game guide: the first time a person meets a kind of
        decision (the engine's phase), a tip at the bottom (sanbon.tips);
        each is shown once, then its bit is set in the settings (kept with
        the next save). Cheap when nothing is new: two compares and a bit."""
        phase = getattr(state, "phase", None)
        gid = self.session.info.id
        if phase is None or gid > 3 or phase > 15:
            return
        if phase != self.tip_phase:  # a new kind of decision: its tip, if new, in the next pass
            self.tip_phase = phase
            name = SEEN[2 * gid - 2 + (phase >> 3)]
            seen = getattr(self.app.settings, name)
            self.tip_due = not seen & (1 << (phase & 7))  # shown in the next pass: the move's screen first
            if self.tip_due:
                setattr(self.app.settings, name, seen | (1 << (phase & 7)))
            return
        if not self.tip_due:
            return
        self.tip_due = False
        from sanbon import tips

        text = tips.text(gid, phase)
        ui.drop(tips)
        tips = None
        if text:
            self.app.toast(text, 20000, ui.INFO)

    def resume(self):
        self.update()

    def headline(self):
        session = self.session
        winners = session.state.winner() or ()
        if not winners:
            return "Nobody wins"
        if len(winners) == 1:
            name = session.seat_name(winners[0])
            return "You win!" if name == "You" else "%s wins" % name
        return " & ".join(session.seat_name(winner) for winner in winners) + " win"

    def reason(self):
        return ""

    def standings(self):
        """Every seat's result for the end screen: short lines (none: [])."""
        return []

    def show_end(self):
        session = self.session
        winners = session.state.winner() or ()
        if winners:
            from sanbon.leds import SEAT_COLORS

            self.app.leds.win(SEAT_COLORS[winners[0] % 4])
        # a win when a human seat won (or only the computer played and someone won)
        lost = not winners or session.config.humans() and all(session.is_bot(winner) for winner in winners)
        self.app.sound("loss" if lost else "win")
        # the end screen takes this screen's place in the next step: this
        # screen, held by this step's frames, is closed and collected first
        # (building the end screen over it was a game's least free heap)
        self.app.defer(_end_screen, (self.app, self.session, self.headline(), self.reason(), self.standings()))


def _end_screen(app, session, headline, reason, standings):
    """The end screen in the game screen's place (GameScreen.show_end)."""
    from sanbon.app import collect  # (the probe's, under SANBON_DEBUG)
    from sanbon.screens import EndScreen

    app.stack.pop().close()
    collect()
    app.push(EndScreen(app, session, headline, reason, standings))


def _undo(app):
    from sanbon import pause

    pause.undo(app)
    ui.drop(pause)
    pause = None
