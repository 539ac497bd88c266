"""Kyudo in the app: the game plugin (engine/kyudo) and its play screen.

The play screen shows the dice as faces, the archers as a compact strip
(spectators, colour progress, tokens), one list for every decision (Roll /
Stop, the combinations in words, the follow-up prompts) and a message line
with what the last action did (with the last few above it while the
computer plays). The sheets (sanbon.kyudo_sheet) are imported only while
shown. Words: sanbon.kyudo_words.

Memory: the widgets are built by sanbon.kyudo_layout, which is dropped
again; every shape shares a few palettes (``self.pals``: the faces, bright
and dim, the sheets' inks), and a die is 4 shapes (no pip circles).
"""

from engine.kyudo.state import KyudoState

from sanbon import buttons as btn
from sanbon import kyudo_words as W
from sanbon import ui
from sanbon.ui import drop, shade
from sanbon.gamescreen import GameScreen as _Base

import vectorio  # after ui (displayio): Blinka's vectorio needs displayio first

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


HIDDEN = False

# the contract of engine/kyudo/actions.py (tests/test_kyudo_app.py checks them)
_P_SETUP = const(0)
_P_ROLL = const(1)
_P_RED = const(2)
_P_RESOLVE = const(3)
_ROLL = const(0)
_STOP = const(1)
_REROLL = const(2)
_RED_SKIP = const(18)
_RED_FIX = const(20)

# list entries that are not engine actions
_SHEETS = const(-1)  # open the sheets
_RED_USE = const(-2)  # use the RED token: pick a die, then a face
_FACE = const(-10)  # _FACE - face: the face for the RED token's die

# colours by face: ARROW, BLACK, ORANGE, GREEN, BLUE, RED
FACE = (0xF4ECD8, 0x2C2C2C, 0xF07818, 0x2EA84C, 0x3070E0, 0xD83030)  # the dice
INK = (0x202020, 0xB8B8B8, 0xF07818, 0x2EA84C, 0x3A7CF0, 0xE03838)  # strip and sheets (BLACK light)
LED = ((90, 90, 90), (0, 0, 0), (255, 90, 0), (0, 200, 40), (0, 60, 255), (255, 0, 0))  # BLACK: off
BORDER = 0xA8B0B8  # a light edge round every die (BLACK on the dark background)
# self.pals (sanbon.kyudo_layout.palettes): FACE 0-5, FACE dim 6-11, INK
# 12-17, INK dim 18-23, then blank die, mark, die edge and these
_P_BLANK = const(24)
_P_EDGE = const(26)
_P_LINE = const(27)
_P_BG = const(28)
_P_BAD = const(29)
_P_INFO = const(30)
WHAT = ("catch-up", "Roll", "RED token?", "play dice", "shield?", "tick a circle", "steal",
        "talent", "talent", "Kuma's raid", "take a token")
FLASH_MS = const(900)


def new_state(config, rng):
    return KyudoState(rng, config.players)


def load_state(data):
    return KyudoState.from_bytes(data)


LAST = [-1]  # the computer's last decision, for the message line


def bot_action(state, seat, level, rng):
    """The computer archer (engine/kyudo/bots.py) on what the seat may see."""
    from engine.kyudo import bots  # imported at the first computer decision

    a = bots.choose(state.observation(seat), seat, level, rng)
    LAST[0] = a
    return a


def turn_over(before, state):
    """A turn boundary (save): the dice passed to another archer, a catch-up
    tick passed to the next seat, or the game ended."""
    if state.is_over():
        return True
    for e in state.events:
        if e[0] == "turn":
            return True
    return state.phase == _P_SETUP and state.current_player != before


def dim(c):
    """A colour at a third of its brightness."""
    return ((c >> 16) // 3) << 16 | (((c >> 8) & 0xFF) // 3) << 8 | (c & 0xFF) // 3


def rect(pal, x, y, w, h, hidden=False):
    r = vectorio.Rectangle(pixel_shader=pal, width=w, height=h, x=x, y=y)
    r.hidden = hidden
    return r


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        from sanbon import kyudo_layout

        kyudo_layout.build(self)  # frame, dice, strip, list, message lines
        kyudo_layout = None
        drop("kyudo_layout")
        self.acts = []
        self.die_cur = -1  # the cursor is on a die (roll phase, RED token)
        self.keep = 0  # the human's kept dice (bitmask)
        self.kept = 0  # what the dice marks and LEDs show as kept
        self.sub = 0  # RED token: 1 pick the die, 2 pick the face
        self.red_die = 0
        self.acted = -1
        self.seen = None
        self.hist = []
        if session.state.round:
            self.hist.append("Round %d." % session.state.round)
        self.msg = None
        self.menu_key = None
        self.flash_until = None
        self.update()

    # -- the strip: per archer, name and spectators, 5 colour bars (a floor
    # line, up to full when closed), 3 token bars (a third per token) -------
    def _strip(self):
        st = self.session.state
        name = self.session.seat_name
        for s, (bg, t, bars, y0, h) in enumerate(self.rows):
            if st.eliminated[s]:
                t.set("%-3s out" % name(s), ui.DIM)
            else:
                t.set("%-3s%3d" % (name(s), st.spectators[s]), ui.ACCENT if s == st.active else ui.TEXT)
            for i in range(8):
                if i < 5:
                    tk, cap = st.ticked[s][i + 1], st.circles[s][i + 1]
                    hh = 2 + (h - 2) * tk // cap if tk < cap else h
                else:
                    tk = st.tokens[s][(2, 3, 5)[i - 5]]
                    hh = h * tk // 3 if tk < 3 else h
                bar = bars[i]
                bar.hidden = hh <= 0
                if hh > 0 and bar.height != hh:
                    bar.height = hh
                    bar.y = y0 + h - hh

    def tick(self, now):
        _Base.tick(self, now)
        if self.flash_until is not None and btn.ticks_diff(now, self.flash_until) >= 0:
            self.flash_until = None
            for r in self.rows:
                shade(r[0], self.pals[_P_BG])

    # -- drawing -------------------------------------------------------------
    def update(self):
        s = self.session
        st = s.state
        ev = st.events
        fresh = ev is not self.seen  # a new apply (each one makes a new list)
        if fresh:
            self.seen = ev
            self._events(ev)
        self._strip()
        human = not st.is_over() and not s.is_bot(st.current_player)
        if not human or st.phase != _P_RED:
            self.sub = 0
        key = (st.phase, st.current_player, self.sub, human)
        if fresh or key != self.menu_key:
            self.menu_key = key
            self._build(human)
        self._dice()
        self._title(human)
        self._message(human)

    def _events(self, ev):
        """The message line, flashes and LED effects for what just happened."""
        st = self.session.state
        action = self.acted if self.acted >= 0 else LAST[0]
        LAST[0] = self.acted = -1
        noise = None
        for e in ev:
            k = e[0]
            if k == "turn" or k == "roll" and st.rolls <= 1:
                self.keep = 0
            if k == "roll" and noise is None:
                noise = "roll"
            if k == "loss" and e[2] or k == "shield":
                if e[1] < len(self.rows):
                    shade(self.rows[e[1]][0], self.pals[_P_BAD if k == "loss" else _P_INFO])
                    self.flash_until = (self.app.now + FLASH_MS) & 0x1FFFFFFF
                self.app.leds.flash((255, 0, 0) if k == "loss" else (0, 160, 255), 3 if k == "loss" else 2)
                if k == "loss":
                    noise = "hit"
        if noise is not None:
            self.app.sound(noise)
        self.kept = 0
        if st.phase == _P_ROLL and st.rolls:
            if not self.session.is_bot(st.active):
                self.kept = self.keep
            elif _REROLL < action <= _REROLL + 15:
                self.kept = ~(action - _REROLL) & 15
        text = W.feedback(st, ev, self.session.seat_name, action)
        if text:
            self.hist.append(text)
            if len(self.hist) > 4:
                self.hist.pop(0)

    def _message(self, human):
        """The message line: the question of a human's decision, else the last
        message; while the computer plays, the ones before it where the list
        is (hidden labels are emptied: on the device every letter shown is a
        TileGrid)."""
        st = self.session.state
        q = W.question(st, self.fb_n * len(self.fb)) if human else ""
        if self.sub:
            q = "Pick the die for the RED token." if self.sub == 1 else "Set die %d to which face?" % (self.red_die + 1)
        text = q or (self.hist[-1] if self.hist else "")
        key = (text, q, human, len(self.hist))
        if key == self.msg:
            return
        self.msg = key
        color = ui.ACCENT if q else ui.TEXT
        lines = ui.wrap(text, self.fb_n) if len(self.fb) > 1 else (text,)
        for i, t in enumerate(self.fb):
            t.set(ui.fit(lines[i], self.fb_n) if i < len(lines) else "", color)
        n = len(self.log)
        for i, t in enumerate(self.log):
            j = len(self.hist) - 1 - n + i
            t.set(ui.fit(self.hist[j], self.log_n) if j >= 0 and not human else "")

    def _title(self, human):
        st = self.session.state
        if st.is_over():
            text = "Kyudo: game over"
        else:
            who = st.current_player
            what = WHAT[st.phase]
            if st.phase == _P_ROLL:
                what = "Roll %d/3" % st.rolls if st.rolls else "to roll"
                if st.n_dice < 4:
                    what += " (3 dice)"
            nm = self.session.seat_name(who)
            text = "%s %s: %s" % (nm, W.CHARACTERS[st.characters[who]], what)
            if len(text) > self.title_n:
                text = "%s: %s" % (nm, what)
        self.frame.title.set(ui.fit(text, self.title_n))
        if not human:
            hint = "" if st.is_over() else "any key: faster  hold B: pause"
        elif self.sub:
            hint = "A choose  X/Y move  B back"
        elif st.phase == _P_ROLL and st.rolls:
            hint = "A keep/choose  X/Y move  hold B: pause"
        else:
            hint = "A choose  X/Y move  hold B: pause"
        self.frame.hint.set(ui.fit(hint, self.L.width // ui.CHAR_W))

    def _dice(self):
        st = self.session.state
        p = self.pals
        blank = st.phase <= _P_ROLL and not st.rolls
        n = st.n_dice
        cur = self.acts[self.menu.index] if self.die_cur < 0 and self.acts else -99
        if st.phase == _P_ROLL:
            marks = self.kept
        elif self.sub == 2:
            marks = 1 << self.red_die
        elif cur >= 0 and st.phase == _P_RESOLVE:
            marks = W.dice_of(st, cur)
        else:
            marks = 0
        for i, (grp, frame, edge, face, arrow, x) in enumerate(self.dice):
            grp.hidden = i >= n
            if i >= n:
                continue
            f = st.dice[i]
            used = 6 if st.used >> i & 1 else 0
            if blank:
                f, used = _P_BLANK, 0
            shade(face, p[f + used])
            shade(edge, p[_P_LINE if used else _P_EDGE])  # a used die loses its light edge
            hide = f != 0
            if arrow.hidden != hide:
                arrow.hidden = hide
            if not hide:
                shade(arrow, p[_P_LINE if used else 12])
            mark = not blank and marks >> i & 1
            if frame.hidden == bool(mark):
                frame.hidden = not mark
        hide = self.die_cur < 0
        self.caret.hidden = hide
        if not hide:
            self.caret.x = self.dice[self.die_cur][5]
        leds = self.app.leds
        if blank or st.is_over():
            leds.turn(st.active)
        else:
            used = st.used if st.phase != _P_ROLL else self.kept
            leds.dice(tuple(LED[st.dice[i]] for i in range(n)), tuple(i for i in range(n) if used >> i & 1))

    # -- the list of choices -----------------------------------------------
    def _build(self, human):
        st = self.session.state
        menu = self.menu
        self.die_cur = -1
        menu.group.hidden = not human
        for t in self.log:
            t.label.hidden = human
        if not human:
            self.acts = []
            menu.set_items([""])
            return
        name = self.session.seat_name
        acts, items = [], []
        if self.sub == 1:
            self.die_cur = self.red_die
        elif self.sub == 2:
            for f in range(6):
                if f != st.dice[self.red_die]:
                    acts.append(_FACE - f)
                    items.append(W.NAMES[f])
        elif st.phase == _P_ROLL:
            acts = [_ROLL, _STOP, _SHEETS] if st.rolls else [_ROLL, _SHEETS]
            items = ["", "Stop", "Sheets"] if st.rolls else ["", "Sheets"]
        else:
            for a in ((_RED_SKIP, _RED_USE) if st.phase == _P_RED else st.legal_actions()):
                text = "Use the RED token" if a == _RED_USE else W.choice(st, a, name)
                if text not in items:  # two dice of one colour: the same choice
                    items.append(text)
                    acts.append(a)
            acts.append(_SHEETS)
            items.append("Sheets")
        self.acts = acts
        menu.set_items(items or [""])
        menu.select(0)
        if st.phase == _P_ROLL and not self.sub:
            self._roll_item()
        self._park()

    def _roll_item(self):
        st = self.session.state
        free = 0
        for i in range(st.n_dice):
            if not self.keep >> i & 1:
                free += 1
        if not st.rolls:
            text = "Roll %d dice" % st.n_dice
        elif free:
            text = "Roll %d dice (%d left)" % (free, 3 - st.rolls)
            if len(text) > self.menu.n_chars:
                text = text[:11]
        else:
            text = "Roll (all kept)"
        self.menu.set_item(0, text, free > 0)
        self._park()

    def _park(self):
        """The list's highlight is hidden while the cursor is on a die."""
        menu = self.menu
        on = self.die_cur < 0
        menu.bar.color = ui.ACCENT if on else ui.BG
        if menu.items and menu.index - menu.top < len(menu.labels):
            t = menu.labels[menu.index - menu.top]
            t.set(t.text, ui.SELECT_TEXT if on else ui.TEXT)

    # -- buttons -------------------------------------------------------------
    def human_button(self, b):
        if b == btn.B:
            if self.sub:
                self.sub -= 1
                self.menu_key = None
                self.update()
            else:
                self.pause()
        elif b == btn.X or b == btn.Y:
            self._move(-1 if b == btn.X else 1)
        elif b == btn.A:
            self._press()

    def _move(self, delta):
        st = self.session.state
        n = st.n_dice
        menu = self.menu
        if self.sub == 1:
            self.die_cur = (self.die_cur + delta) % n
        elif self.die_cur >= 0:
            i = self.die_cur + delta
            if 0 <= i < n:
                self.die_cur = i
            else:
                self.die_cur = -1
                menu.select(0 if i >= n else len(menu.items) - 1)
        else:
            i = menu.index + delta
            if st.phase == _P_ROLL and st.rolls and (i < 0 or i >= len(menu.items)):
                self.die_cur = n - 1 if i < 0 else 0
            else:
                menu.move(delta)
        self._park()
        self._dice()

    def _press(self):
        st = self.session.state
        if self.die_cur >= 0:
            if self.sub == 1:  # the die for the RED token
                self.red_die = self.die_cur
                self.sub = 2
                self.menu_key = None
                self.update()
            else:  # keep or free this die
                self.keep ^= 1 << self.die_cur
                self.kept = self.keep
                self._roll_item()
                self._dice()
            return
        if not self.acts:
            return
        a = self.acts[self.menu.index]
        if a == _SHEETS:
            from sanbon.kyudo_sheet import SheetScreen

            self.app.push(SheetScreen(self.app, self.session, st.current_player, self.pals))
        elif a == _RED_USE:
            self.sub = 1
            self.red_die = 0
            self.menu_key = None
            self.update()
        elif a <= _FACE:
            self.sub = 0
            self._act(_RED_FIX + self.red_die * 6 + _FACE - a)
        elif a == _ROLL and st.rolls:
            mask = ~self.keep & ((1 << st.n_dice) - 1)
            if mask:
                self._act(_REROLL + mask)
            else:
                self.app.toast("All dice are kept: choose Stop, or free a die.", 2000)
        else:
            self._act(a)

    def _act(self, action):
        self.acted = action
        self.act(action)

    def resume(self):
        self.menu_key = None
        self.update()

    # -- the end and the text for tests ------------------------------------
    def reason(self):
        st = self.session.state
        w = (st.winner() or (0,))[0]
        return W.why(st.win_reason, self.session.seat_name(w), st.spectators[w])

    def describe(self):
        st = self.session.state
        rows = []
        if not self.menu.group.hidden:
            for i, t in enumerate(self.menu.items):
                rows.append(("> " if i == self.menu.index and self.die_cur < 0 else "  ") + t)
        return "Game: Kyudo %s active=%d player=%d rolls=%d dice=%s keep=%d\n%s\n%s" % (
            WHAT[st.phase] if not st.is_over() else "over", st.active, st.current_player, st.rolls,
            "".join(str(f) for f in st.dice), self.keep, self.msg[0] if self.msg else "", "\n".join(rows))
