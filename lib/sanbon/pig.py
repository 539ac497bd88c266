"""Pig, the demo game (engine/example.py): shows how a game plugs into the shell."""

import displayio
from engine import example as E
from engine.example import HOLD, ROLL, PigState, hold_at_bot

from sanbon import buttons as btn
from sanbon import ui
from sanbon.gamescreen import GameScreen as _Base
from sanbon.leds import SEAT_COLORS

TARGET = 30
HIDDEN = False


def new_state(config, rng):
    return PigState(rng, players=config.players, target=TARGET)


def load_state(data):
    return PigState.from_bytes(data)


def bot_action(state, seat, level, rng):
    """Easy holds at 8 (or rolls on a whim), Normal holds at 15."""
    obs = state.observation(seat)
    if level == 1:
        if obs[E.O_TURN_TOTAL] and rng.randrange(4) == 0:
            return HOLD
        return hold_at_bot(obs, 8)
    return hold_at_bot(obs, 15)


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        layout = self.L
        self.frame = ui.Frame(layout, "Pig", "A choose  X/Y move  hold B pause")
        self.group.append(self.frame.group)
        self.group.append(self.spinner.group)
        state = session.state
        seats = len(state.scores)
        rows_h = layout.body_h - (2 * layout.row_h + 8)
        step = min(layout.row_h, rows_h // seats)
        self.name_w = 4 * ui.CHAR_W * layout.scale
        self.bar_w = layout.width // 2 - self.name_w - 2 * layout.margin
        self.names, self.bars, self.scores = [], [], []
        for seat in range(seats):
            top = layout.body_top + 2 + seat * step
            label = ui.Text(layout.margin, top + step // 2, session.seat_name(seat), ui.TEXT, layout.scale, (0.0, 0.5))
            self.names.append(label)
            self.group.append(label.label)
            back = ui.Box(layout.margin + self.name_w, top + 3, self.bar_w, step - 6, ui.LINE)
            bar = ui.Box(layout.margin + self.name_w, top + 3, 1, step - 6, SEAT_COLORS[seat])
            self.group.append(back.shape)
            self.group.append(bar.shape)
            self.bars.append(bar)
            score = ui.Text(layout.margin + self.name_w + self.bar_w + 4, top + step // 2, "0", ui.TEXT, layout.scale, (0.0, 0.5))
            self.scores.append(score)
            self.group.append(score.label)
        # the die: a picture from Pig's sheet (lib/sanbon/pig.bmp: faces 1-6, 7 the pig), 16x16 scaled up
        scale = max(1, min(layout.width // 4, rows_h - 8) // 16)
        size = 16 * scale
        self.die = displayio.Group(scale=scale, x=layout.width * 3 // 4 - size // 2, y=layout.body_top + 6)
        try:
            from sanbon import sprites

            self.die.append(sprites.Sheet("pig", 16, 16).tile(7))
        except OSError:  # a build without the sheet: no picture, the turn line still says it
            pass
        self.group.append(self.die)
        self.turn = ui.Text(layout.width * 3 // 4, layout.body_top + size + 10, "", ui.TEXT, 1, (0.5, 0.0))
        self.group.append(self.turn.label)
        top = layout.body_top + layout.body_h - 2 * layout.row_h
        self.menu = ui.ListMenu(layout, ["Roll", "Hold"], y=top, rows=2, width=layout.width // 2 - 2 * layout.margin)
        self.group.append(self.menu.group)
        self.last = None
        self.update()

    def update(self):
        state = self.session.state
        for player, score in enumerate(state.scores):
            self.bars[player].resize(max(1, self.bar_w * min(score, TARGET) // TARGET), self.bars[player].shape.height)
            self.scores[player].set(str(score))
            self.names[player].set(self.session.seat_name(player), ui.ACCENT if player == state.current_player else ui.TEXT)
        if len(self.die):
            tile = state.last_roll if 1 <= state.last_roll <= 6 else 7
            if self.die[0][0] != tile:
                self.die[0][0] = tile
        seat = state.current_player
        if state.is_over():
            self.turn.set("Game over")
            self.frame.set_title("Pig: game over")
        else:
            self.frame.set_title("%s: %s" % (self.session.seat_name(seat), "rolling" if self.session.is_bot(seat) else "roll or hold"))
            self.turn.set("%s: turn %d" % (self.session.seat_name(seat), state.turn_total))
            self.app.leds.turn(seat)
        human = not state.is_over() and not self.session.is_bot(seat)
        self.menu.group.hidden = not human
        if human:
            self.menu.set_item(1, "Hold", state.turn_total > 0)
        key = (state.last_roll, seat, state.turn_total)
        if self.last is not None and key != self.last and (state.last_roll == 1 or state.turn_total):
            self.app.sound("roll")  # a roll (a hold leaves 0 points and no 1)
            if state.last_roll == 1:
                self.app.leds.flash()
        self.last = key

    def human_button(self, press):
        if press == btn.X:
            self.menu.move(-1)
        elif press == btn.Y:
            self.menu.move(1)
        elif press == btn.A:
            self.act(ROLL if self.menu.index == 0 else HOLD)
        elif press == btn.B:
            self.back_out()

    def act(self, action):
        """A move the rules don't allow says why in words (not the engine's text)."""
        state = self.session.state
        if action not in state.legal_actions():
            self.app.toast("Nothing to hold yet: roll the die first." if action == HOLD else "You can't do that now.", 2000, ui.BAD)
            return
        _Base.act(self, action)

    def reason(self):
        state = self.session.state
        winner = (state.winner() or (0,))[0]
        return "%s banked %d points first (target %d)." % (self.session.seat_name(winner), state.scores[winner], TARGET)

    def describe(self):
        state = self.session.state
        return "Game: Pig scores=%s player=%d turn=%d roll=%d" % (list(state.scores), state.current_player, state.turn_total, state.last_roll)
