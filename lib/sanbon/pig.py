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
        L = self.L
        self.frame = ui.Frame(L, "Pig", "A choose  X/Y move  hold B pause")
        self.group.append(self.frame.group)
        self.group.append(self.spinner.group)
        st = session.state
        n = len(st.scores)
        rows_h = L.body_h - (2 * L.row_h + 8)
        step = min(L.row_h, rows_h // n)
        self.name_w = 4 * ui.CHAR_W * L.scale
        self.bar_w = L.width // 2 - self.name_w - 2 * L.margin
        self.names, self.bars, self.scores = [], [], []
        for i in range(n):
            y = L.body_top + 2 + i * step
            t = ui.Text(L.margin, y + step // 2, session.seat_name(i), ui.TEXT, L.scale, (0.0, 0.5))
            self.names.append(t)
            self.group.append(t.label)
            back = ui.Box(L.margin + self.name_w, y + 3, self.bar_w, step - 6, ui.LINE)
            bar = ui.Box(L.margin + self.name_w, y + 3, 1, step - 6, SEAT_COLORS[i])
            self.group.append(back.shape)
            self.group.append(bar.shape)
            self.bars.append(bar)
            sc = ui.Text(L.margin + self.name_w + self.bar_w + 4, y + step // 2, "0", ui.TEXT, L.scale, (0.0, 0.5))
            self.scores.append(sc)
            self.group.append(sc.label)
        # the die: a picture from Pig's sheet (lib/sanbon/pig.bmp: faces 1-6, 7 the pig), 16x16 scaled up
        k = max(1, min(L.width // 4, rows_h - 8) // 16)
        size = 16 * k
        self.die = displayio.Group(scale=k, x=L.width * 3 // 4 - size // 2, y=L.body_top + 6)
        try:
            from sanbon import sprites

            self.die.append(sprites.Sheet("pig", 16, 16).tile(7))
        except OSError:  # a build without the sheet: no picture, the turn line still says it
            pass
        self.group.append(self.die)
        self.turn = ui.Text(L.width * 3 // 4, L.body_top + size + 10, "", ui.TEXT, 1, (0.5, 0.0))
        self.group.append(self.turn.label)
        y = L.body_top + L.body_h - 2 * L.row_h
        self.menu = ui.ListMenu(L, ["Roll", "Hold"], y=y, rows=2, width=L.width // 2 - 2 * L.margin)
        self.group.append(self.menu.group)
        self.last = None
        self.update()

    def update(self):
        st = self.session.state
        for i, v in enumerate(st.scores):
            self.bars[i].resize(max(1, self.bar_w * min(v, TARGET) // TARGET), self.bars[i].shape.height)
            self.scores[i].set(str(v))
            self.names[i].set(self.session.seat_name(i), ui.ACCENT if i == st.current_player else ui.TEXT)
        if len(self.die):
            t = st.last_roll if 1 <= st.last_roll <= 6 else 7
            if self.die[0][0] != t:
                self.die[0][0] = t
        seat = st.current_player
        if st.is_over():
            self.turn.set("Game over")
            self.frame.set_title("Pig: game over")
        else:
            self.frame.set_title("%s: %s" % (self.session.seat_name(seat), "rolling" if self.session.is_bot(seat) else "roll or hold"))
            self.turn.set("%s: turn %d" % (self.session.seat_name(seat), st.turn_total))
            self.app.leds.turn(seat)
        human = not st.is_over() and not self.session.is_bot(seat)
        self.menu.group.hidden = not human
        if human:
            self.menu.set_item(1, "Hold", st.turn_total > 0)
        key = (st.last_roll, seat, st.turn_total)
        if self.last is not None and key != self.last and (st.last_roll == 1 or st.turn_total):
            self.app.sound("roll")  # a roll (a hold leaves 0 points and no 1)
            if st.last_roll == 1:
                self.app.leds.flash()
        self.last = key

    def human_button(self, b):
        if b == btn.X:
            self.menu.move(-1)
        elif b == btn.Y:
            self.menu.move(1)
        elif b == btn.A:
            self.act(ROLL if self.menu.index == 0 else HOLD)
        elif b == btn.B:
            self.back_out()

    def act(self, action):
        """A move the rules don't allow says why in words (not the engine's text)."""
        st = self.session.state
        if action not in st.legal_actions():
            self.app.toast("Nothing to hold yet: roll the die first." if action == HOLD else "You can't do that now.", 2000, ui.BAD)
            return
        _Base.act(self, action)

    def reason(self):
        st = self.session.state
        w = (st.winner() or (0,))[0]
        return "%s banked %d points first (target %d)." % (self.session.seat_name(w), st.scores[w], TARGET)

    def describe(self):
        st = self.session.state
        return "Game: Pig scores=%s player=%d turn=%d roll=%d" % (list(st.scores), st.current_player, st.turn_total, st.last_roll)
