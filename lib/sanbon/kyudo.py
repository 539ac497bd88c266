"""Kyudo in the app: the game plugin (engine/kyudo) and its play screen.

The play screen shows the dice as pictures (the face's colour and its zone
symbol, or the arrow: sprites of lib/sanbon/kyudo.bmp), the archers as a
strip (spectators, a mini target per archer: the 5 zone symbols filling as
circles are ticked, solid when closed; tokens), one list for every decision
and two message lines: the selected choice in words, or the news (what the
last turn did). "Log" opens the last turns of every archer in words; the
sheets (sanbon.kyudo_sheet) are imported only while shown. Words:
sanbon.kyudo_words.

The cursor (``move``): after a roll it is on die 1. Y goes over the dice
and on to the list (Roll, Stop, Log, Sheets); A on a die keeps or frees it
and goes on to the next die (after the last: Roll); X on a die goes to Roll,
X on Roll back to die 1. Keeping 2 dice and rolling the others takes 5
presses at most; rolling the free dice again takes 2.

Memory: the widgets are built by sanbon.kyudo_layout, which is dropped
again; every shape shares a few palettes (``self.pals``: the faces, bright
and dim, the sheets' inks), a die is 4 shapes and 2 tiles. The contract (engine/kyudo/actions.py) is read
as ``A.NAME``, folded into ints by the build.
"""

from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped
from engine.kyudo.state import KyudoState

from sanbon import buttons as btn
from sanbon import kyudo_words as W
from sanbon import ui
from sanbon.ui import drop, shade
from sanbon.gamescreen import GameScreen as _Base

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


HIDDEN = False

# list entries that are not engine actions
_SHEETS = const(-1)  # open the sheets
_RED_USE = const(-2)  # use the RED token: pick a die, then a face
_LOG = const(-3)  # open the log
_FACE = const(-10)  # _FACE - face: the face for the RED token's die

# the LEDs by face: ARROW, BLACK, ORANGE, GREEN, BLUE, RED (the screen's colours: sanbon.kyudo_layout)
LED = ((90, 90, 90), (0, 0, 0), (255, 90, 0), (0, 200, 40), (0, 60, 255), (255, 0, 0))  # BLACK: off
# self.pals: kyudo_words.PAL_*, and these only the play screen reads
_PAL_BAD = const(29)
_PAL_INFO = const(30)
FLASH_MS = const(900)
_TUMBLE_MS = const(300)  # a roll's dice tumble this long (any press, or speed "instant": none)
_FRAME_MS = const(60)  # a face of the tumble shows this long
_HIST = const(24)  # log lines kept


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
    for event in state.events:
        if event[A.E_KIND] == "turn":
            return True
    return state.phase == A.P_SETUP and state.current_player != before


def move(d, i, b, n, k, dice):
    """The cursor after X or Y (A on a die goes on as Y): ``d`` the die under
    it (-1: on the list), ``i`` the list's item of ``k``, ``n`` dice;
    ``dice``: the dice can be kept (after a roll). Y: the next die, after the
    last die Roll (item 0), then down the list and round to die 1; X on a
    die: Roll, on Roll: die 1, else up the list. (die, item) returned."""
    if d >= 0:
        if b == btn.X or d + 1 >= n:
            return -1, 0
        return d + 1, i
    if dice and (i == 0 and b == btn.X or i == k - 1 and b == btn.Y):
        return 0, 0
    return -1, (i + (1 if b == btn.Y else -1)) % k


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        from sanbon import kyudo_layout

        # the frame, dice, strip, list and message lines, built, then the module dropped
        (self.frame, self.pals, self.dice, self.caret, self.fmt, self.rows, self.menu, self.log, self.fb, self.fb_n,
         self.log_n) = kyudo_layout.build(self.L, self.group, self.spinner, session.state.players)
        drop(kyudo_layout)
        kyudo_layout = None
        self.acts = []
        self.die_cur = -1  # the cursor is on a die (roll phase, RED token)
        self.keep = 0  # the human's kept dice (bitmask)
        self.kept = 0  # what the dice marks and LEDs show as kept
        self.sub = 0  # RED token: 1 pick the die, 2 pick the face
        self.red_die = 0
        self.acted = -1
        self.seen = None
        st = session.state
        self.hist = []  # the log: news lines, "#" a turn's heading
        self.wraps = {}  # a log entry -> its lines as the log rows show them (wrapped once)
        self.page = None  # the entry the log rows' page starts at (ui.log_page)
        self.parts = []  # what this turn did so far (its summary at its end)
        self.news = ""  # the last finished turn in a sentence
        self.turn_of = st.active
        self.setup = st.phase == A.P_SETUP  # the next action is a catch-up tick
        self.show_news = False  # the news of the last action, till the cursor moves
        if st.round:
            self._heading()
        self.msg = None
        self.menu_key = None
        self.flash_until = None
        self.tumble = [0, 0, -1]  # a roll's tumble: the rolled dice (a mask; 0: none), its start, its frame
        self.update()

    def _heading(self):
        st = self.session.state
        who = self.session.seat_name(st.active)
        self._log("#Round %d, %s" % (st.round, "your turn" if who == "You" else who + "'s turn"))

    def _log(self, text):
        self.hist.append(text)
        if len(self.hist) > _HIST:
            self.wraps.pop(self.hist.pop(0), None)

    # -- the strip: per archer, name and spectators, the mini target (5 zone
    # shapes filling up), the tokens (letter and pips) ------------------------
    def _strip(self):
        st = self.session.state
        name = self.session.seat_name
        plain = self.pals[W.PAL_BG]
        for s, (bg, t, zones, toks) in enumerate(self.rows):
            out = st.eliminated[s]
            lit = bg.pixel_shader is not plain  # flashed red or blue: dark letters on it
            if out:
                t.set("%-3s out" % name(s), ui.SELECT_TEXT if lit else ui.DIM)
            else:
                t.set(self.fmt % (name(s), st.spectators[s]),
                      ui.SELECT_TEXT if lit else ui.ACCENT if s == st.active else ui.TEXT)
            if zones.hidden != out:
                zones.hidden = out
                toks.hidden = out
            for c in range(1, 6):
                tk, cap = st.ticked[s][c], st.circles[s][c]
                v = W.zone_tile(c, 4 if tk >= cap else tk * 4 // cap)
                if zones[c - 1] != v:
                    zones[c - 1] = v
            for i in range(3):  # a token: its letter and a pip per token (3 at most shown)
                tk = st.tokens[s][(A.ORANGE, A.GREEN, A.RED)[i]]
                v = W.token_tile(i, tk)
                if toks[i] != v:
                    toks[i] = v

    def tick(self, now):
        tm = self.tumble
        if tm[0]:
            k = btn.ticks_diff(now, tm[1])
            if k >= _TUMBLE_MS:
                tm[0] = 0
                self._dice()
            elif k // _FRAME_MS != tm[2]:
                self._spin(k // _FRAME_MS)
        _Base.tick(self, now)
        if self.flash_until is not None and btn.ticks_diff(now, self.flash_until) >= 0:
            self.flash_until = None
            for r in self.rows:
                shade(r[0], self.pals[W.PAL_BG])
            self._strip()

    # -- drawing -------------------------------------------------------------
    def update(self):
        s = self.session
        st = s.state
        events = st.events
        fresh = events is not self.seen  # a new apply (each one makes a new list)
        if fresh:
            self.seen = events
            self._events(events)
        self._strip()
        human = not st.is_over() and not s.is_bot(st.current_player)
        if not human or st.phase != A.P_RED:
            self.sub = 0
        key = (st.phase, st.current_player, self.sub, human)
        if fresh or key != self.menu_key:
            self.menu_key = key
            self._build(human)
        self._dice()
        if self.tumble[0]:
            self._spin(0)  # the roll's first frame: the dice tumble, their faces come after
        self._title(human)
        self._message(human)

    def _events(self, events):
        """The news, flashes and LED effects for what just happened."""
        st = self.session.state
        action = self.acted if self.acted >= 0 else LAST[0]
        LAST[0] = self.acted = -1
        noise = None
        new_turn = False
        k = None  # after the loop: the last event's kind
        for event in events:
            k = event[A.E_KIND]
            if k == "turn" or k == "roll" and st.rolls <= 1:
                self.keep = 0
            if k == "turn":
                new_turn = True
            if k == "roll" and noise is None:
                noise = "roll"
                if self.app.settings.speed < 2:  # the dice tumble (not at speed "instant")
                    tm = self.tumble
                    tm[0] = action - A.REROLL if A.REROLL < action <= A.REROLL + 15 else 15
                    tm[1] = self.app.now
                    tm[2] = -1
            if k == "loss" and event[A.E_AMOUNT] or k == "shield":
                if event[A.E_SEAT] < len(self.rows):
                    shade(self.rows[event[A.E_SEAT]][0], self.pals[_PAL_BAD if k == "loss" else _PAL_INFO])
                    self.flash_until = (self.app.now + FLASH_MS) & 0x1FFFFFFF
                self.app.leds.flash((255, 0, 0) if k == "loss" else (0, 160, 255), 3 if k == "loss" else 2)
                if k == "loss":
                    noise = "hit"
        if noise is not None:
            self.app.sound(noise)
        self.kept = 0
        if st.phase == A.P_ROLL and st.rolls:
            if not self.session.is_bot(st.active):
                self.kept = self.keep
            elif A.REROLL < action <= A.REROLL + 15:
                self.kept = ~(action - A.REROLL) & 15
        text = self._news(events, action, new_turn)
        # news worth a look before the detail lines (not a roll: the dice show it)
        self.show_news = bool(text) and action != A.STOP and action != A.RED_SKIP and k != "roll"

    def _news(self, events, action, turn):
        """The log's line for what just happened (returned), the turn's
        summary so far and, at a new ``turn`` (or the end), the news of the
        turn before."""
        st = self.session.state
        name = self.session.seat_name
        text = W.feedback(st, events, name, action)
        if text:
            self._log(text)
        brief = W.feedback(st, events, name, action, True)
        if self.setup:  # a catch-up tick: the news names the archer who ticked, not the first archer
            for event in events:
                if event[A.E_KIND] == "boxes":
                    who = name(event[A.E_SEAT])
                    head = "Your catch-up: " if who == "You" else "%s's catch-up: " % who
                    self.news = (self.news[:-1] + ", " if self.news.startswith(head) else head) + brief + "."
        elif brief:
            self.parts.append(brief)
        if turn or st.is_over():
            if not self.setup:
                who = name(self.turn_of)
                self.news = W.turn_news("Your turn: " if who == "You" else "%s's turn: " % who, self.parts,
                                        self.fb_n, len(self.fb))
            self.parts = []
            if not st.is_over():
                self._heading()
        self.turn_of = st.active
        self.setup = st.phase == A.P_SETUP
        return text

    def _message(self, human):
        """The two message lines: the selected choice in words, or the news
        (at the start of a human's turn: what the turn before did); while
        the computer plays, the news before it where the list is (hidden
        labels are emptied: on the device every letter shown is a TileGrid)."""
        st = self.session.state
        text = ""
        if human and st.phase == A.P_ROLL and not st.rolls:
            text = self.news  # what the turn before did
        elif human and not self.show_news:
            a = self.acts[self.menu.index] if self.die_cur < 0 and self.acts and not self.sub else -99
            if a >= 0 and a != A.ROLL:
                text = W.detail(st, a, self.session.seat_name)
            elif a == _RED_USE:
                text = "Set one die to any face; the token goes back."
        if not text:
            text = W.fit_news(self._last(), self.fb_n, len(self.fb))
        if human and st.phase == A.P_ROLL and st.rolls and not self.sub:
            # the archer and the rolls left (the title's short wording has no room)
            left = 3 - st.rolls
            text = "%s, %d roll%s left%s. %s" % (W.CHARACTERS[st.characters[st.active]], left, "" if left == 1 else "s",
                                                ", 3 dice" if st.n_dice < 4 else "", text)
        key = (text, human, len(self.hist), self.hist[-1] if self.hist else "")
        if key == self.msg:
            return
        self.msg = key
        lines = ui.wrap_lines(text, self.fb_n, len(self.fb))
        for i, t in enumerate(self.fb):
            t.set(lines[i] if i < len(lines) else "", ui.TEXT)
        out = []
        if not human:  # the news above the message lines, a page at a time (ui.log_page)
            page, out = ui.log_page(self.hist, len(self.hist) - 1, self.page, len(self.log), self._wrapped)
            if page is not self.page:  # a new page: the lines of the entries before it are not shown again
                self.page = page
                ui.prune(self.wraps, self.hist[-1 - len(self.log):])
        for i, t in enumerate(self.log):
            x = out[i] if i < len(out) else " "
            t.set(x[1:], ui.ACCENT if x[0] == "#" else ui.DIM)

    def _wrapped(self, h):
        """A log entry as the log rows show it ("#": a heading), wrapped
        once (on the device wrapping the entries again took 15 ms a pass)."""
        more = self.wraps.get(h)
        if more is None:
            more = self.wraps[h] = [("#" if h[0] == "#" else " ") + x for x in ui.wrap(h.lstrip("#"), self.log_n)]
        return more

    def _last(self):
        """The newest news line (a turn's heading as is)."""
        return self.hist[-1].lstrip("#") if self.hist else ""

    def _title(self, human):
        st = self.session.state
        if st.is_over():
            text = "Kyudo: game over"
        else:
            nm = self.session.seat_name(st.current_player) + ": "
            text = nm + W.doing(st, self.sub, self.red_die).replace("|", "|" + nm)  # every wording
        self.frame.set_title(text)
        if not human:
            hint = "" if st.is_over() else "any key faster  hold B pause"
        elif self.sub:
            hint = "A choose  X/Y move  B back"
        elif self.die_cur >= 0:
            hint = "A keep  Y next  X Roll  hold B pause"
        elif st.phase == A.P_ROLL and st.rolls:
            hint = "A choose  X dice  Y move  hold B pause"
        else:
            hint = "A choose  X/Y move  hold B pause"
        self.frame.set_hint(hint)

    def _dice(self):
        st = self.session.state
        p = self.pals
        blank = st.phase <= A.P_ROLL and not st.rolls
        n = st.n_dice
        cur = self.acts[self.menu.index] if self.die_cur < 0 and self.acts else -99
        locks = 0
        if st.phase == A.P_ROLL:
            marks = locks = self.kept
        elif self.sub == 2:
            marks = 1 << self.red_die
        elif cur >= 0 and st.phase == A.P_RESOLVE:
            marks = W.dice_of(st, cur)
        else:
            marks = 0
        for i, (grp, frame, edge, face, sym, lock, x) in enumerate(self.dice):
            grp.hidden = i >= n
            if i >= n:
                continue
            f = st.dice[i]
            used = 6 if st.used >> i & 1 else 0
            if blank:
                f, used = W.PAL_BLANK, 0
            shade(face, p[f + used])
            shade(edge, p[W.PAL_LINE if used else W.PAL_EDGE])  # a used die loses its light edge
            if sym.hidden != blank:
                sym.hidden = blank
            if not blank:
                # dark on a bright face, white on BLACK, grey on a used die
                v = (6 if f == A.ARROW else f) + (12 if used else 6 if f == A.BLACK else 0)
                if sym[0] != v:
                    sym[0] = v
            mark = not blank and marks >> i & 1
            if frame.hidden == bool(mark):
                frame.hidden = not mark
            hide = blank or not locks >> i & 1
            if lock.hidden != hide:
                lock.hidden = hide
        hide = self.die_cur < 0
        ui.show(self.caret, not hide)
        if not hide:
            self.caret.x = self.dice[self.die_cur][6]
        leds = self.app.leds
        if blank or st.is_over():
            leds.turn(st.active)
        else:
            used = st.used if st.phase != A.P_ROLL else self.kept
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
        elif st.phase == A.P_ROLL:
            acts = [A.ROLL, A.STOP] if st.rolls else [A.ROLL]
            items = ["", W.choice(st, A.STOP, name)] if st.rolls else [""]
        else:
            for a in ((A.RED_SKIP, _RED_USE) if st.phase == A.P_RED else st.legal_actions()):
                text = "Use the RED token" if a == _RED_USE else W.choice(st, a, name)
                if text not in items:  # two dice of one colour: the same choice
                    items.append(text)
                    acts.append(a)
        if self.sub != 2:
            acts += [_LOG, _SHEETS]
            items += ["Log", "Sheets"]
        self.acts = acts
        menu.set_items(items or [""])
        menu.select(0)
        if st.phase == A.P_ROLL and not self.sub:
            self._roll_item()
            if st.rolls:
                self.die_cur = 0  # after a roll: on die 1
        elif st.phase == A.P_RESOLVE and len(acts) > 3:
            # the last combination (the biggest, most often the one to play),
            # with End turn in view under it
            menu.select(len(acts) - 3)
            menu.move(-1)
        self._park()

    def _roll_item(self):
        st = self.session.state
        free = 0
        for i in range(st.n_dice):
            if not self.keep >> i & 1:
                free += 1
        self.menu.set_item(0, ("Roll 1 die" if free == 1 else "Roll %d dice" % free) if free else "Stop: all kept")
        self._park()

    def _park(self):
        """The list's cursor frame is hidden while the cursor is on a die."""
        self.menu.bar.hidden = self.die_cur >= 0

    # -- buttons -------------------------------------------------------------
    def button(self, b):
        tm = self.tumble
        if tm[0]:  # any press ends a tumble (and does what it does)
            tm[0] = 0
            self._dice()
        _Base.button(self, b)

    def _spin(self, k):
        """Frame ``k`` of a roll's tumble: each rolled die shows a passing
        face (its colour and symbol; the real face comes at the end)."""
        tm = self.tumble
        tm[2] = k
        p = self.pals
        d = self.dice
        for i in range(len(d)):
            if tm[0] >> i & 1 and not d[i][0].hidden:
                f = (k + 2 * i + 1) % 6
                shade(d[i][3], p[f])
                v = (6 if f == A.ARROW else f) + (6 if f == A.BLACK else 0)
                if d[i][4][0] != v:
                    d[i][4][0] = v
                d[i][4].hidden = False

    def human_button(self, b):
        if b == btn.B:
            if self.sub:
                self.sub -= 1
                self.menu_key = None
                self.update()
            else:
                self.back_out()
        elif b == btn.X or b == btn.Y:
            self._move(b)
        elif b == btn.A:
            self._press()

    def dice_ok(self):
        st = self.session.state
        return st.phase == A.P_ROLL and st.rolls > 0 and not self.sub

    def _move(self, b):
        n = self.session.state.n_dice
        menu = self.menu
        if self.sub == 1:
            self.die_cur = (self.die_cur + (1 if b == btn.Y else -1)) % n
        else:
            self._go(move(self.die_cur, menu.index, b, n, len(menu.items), self.dice_ok()))
        self._after_move()

    def _go(self, pos):
        d, i = pos
        self.die_cur = d
        menu = self.menu
        if i != menu.index:
            if (i - menu.index) % len(menu.items) == 1:
                menu.move(1)
            elif (menu.index - i) % len(menu.items) == 1:
                menu.move(-1)
            else:
                menu.select(i)

    def _after_move(self):
        self.show_news = False
        self._park()
        self._dice()
        st = self.session.state
        self._title(True)
        self._message(not st.is_over() and not self.session.is_bot(st.current_player))

    def _press(self):
        st = self.session.state
        if self.die_cur >= 0:
            if self.sub == 1:  # the die for the RED token
                self.red_die = self.die_cur
                self.sub = 2
                self.menu_key = None
                self.update()
            else:  # keep or free this die, then on to the next
                self.keep ^= 1 << self.die_cur
                self.kept = self.keep
                self._roll_item()
                self._go(move(self.die_cur, self.menu.index, btn.Y, st.n_dice, len(self.menu.items), True))
                self._after_move()
            return
        if not self.acts:
            return
        a = self.acts[self.menu.index]
        if a == _SHEETS:
            from sanbon.kyudo_sheet import SheetScreen

            self.app.push(SheetScreen(self.app, self.session, st.current_player, self.pals))
        elif a == _LOG:
            self.show_log()
        elif a == _RED_USE:
            self.sub = 1
            self.red_die = 0
            self.menu_key = None
            self.update()
        elif a <= _FACE:
            self.sub = 0
            self._act(A.RED_FIX + self.red_die * 6 + _FACE - a)
        elif a == A.ROLL and st.rolls:
            mask = ~self.keep & ((1 << st.n_dice) - 1)
            self._act(A.REROLL + mask if mask else A.STOP)  # all kept: play them
        else:
            self._act(a)

    def log_lines(self):
        """The log in lines of the screen's width, newest last."""
        n = self.L.chars(scale=1)
        out = []
        for h in self.hist:
            lines = ui.wrap(h.lstrip("#"), n - 1)
            if h[0] == "#":
                out.append("#" + lines[0])
                for x in lines[1:]:
                    out.append("#" + x)
            else:
                out.append(lines[0])
                for x in lines[1:]:
                    out.append(" " + x)
        return out

    def show_log(self):
        from sanbon.texts import TextScreen

        lines = self.log_lines()
        scr = TextScreen(self.app, "Log: the last turns", lines or ["Nothing yet."])
        if lines:  # the newest in view
            scr.top = max(0, len(lines) - scr.n_lines)
            scr._draw()
        self.app.push(scr)

    def _act(self, action):
        self.acted = action
        self.act(action)

    def resume(self):
        self.update()
        self._park()
        self._dice()

    # -- the end and the text for tests ------------------------------------
    def reason(self):
        st = self.session.state
        w = (st.winner() or (0,))[0]
        return W.why(st.win_reason, self.session.seat_name(w), st.spectators[w])

    def standings(self):
        """Every archer's result for the end screen: spectators and circles."""
        st = self.session.state
        return [W.standing(st, s, self.session.seat_name(s)) for s in range(st.players)]

    def describe(self):
        st = self.session.state
        rows = []
        if not self.menu.group.hidden:
            for i, t in enumerate(self.menu.items):
                rows.append(("> " if i == self.menu.index and self.die_cur < 0 else "  ") + t)
        return "Game: Kyudo %s active=%d player=%d rolls=%d dice=%s keep=%d cur=%d\n%s\n%s" % (
            W.doing(st).split("|")[0] if not st.is_over() else "over", st.active, st.current_player, st.rolls,
            "".join(str(f) for f in st.dice), self.keep, self.die_cur, self.msg[0] if self.msg else "",
            "\n".join(rows))
