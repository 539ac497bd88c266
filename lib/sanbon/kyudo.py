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

    action = bots.choose(state.observation(seat), seat, level, rng)
    LAST[0] = action
    return action


def turn_over(before, state):
    """A turn boundary (save): the dice passed to another archer, a catch-up
    tick passed to the next seat, or the game ended."""
    if state.is_over():
        return True
    for event in state.events:
        if event[A.E_KIND] == "turn":
            return True
    return state.phase == A.P_SETUP and state.current_player != before


def move(die, index, button, count, length, dice):
    """The cursor after X or Y (A on a die goes on as Y): ``die`` the die
    under it (-1: on the list), ``index`` the list's item of ``length``,
    ``count`` dice;
    ``dice``: the dice can be kept (after a roll). Y: the next die, after the
    last die Roll (item 0), then down the list and round to die 1; X on a
    die: Roll, on Roll: die 1, else up the list. (die, item) returned."""
    if die >= 0:
        if button == btn.X or die + 1 >= count:
            return -1, 0
        return die + 1, index
    if dice and (index == 0 and button == btn.X or index == length - 1 and button == btn.Y):
        return 0, 0
    return -1, (index + (1 if button == btn.Y else -1)) % length


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
        state = session.state
        self.hist = []  # the log: news lines, "#" a turn's heading
        self.wraps = {}  # a log entry -> its lines as the log rows show them (wrapped once)
        self.page = None  # the entry the log rows' page starts at (ui.log_page)
        self.parts = []  # what this turn did so far (its summary at its end)
        self.news = ""  # the last finished turn in a sentence
        self.turn_of = state.active
        self.setup = state.phase == A.P_SETUP  # the next action is a catch-up tick
        self.show_news = False  # the news of the last action, till the cursor moves
        if state.round:
            self._heading()
        self.msg = None
        self.menu_key = None
        self.flash_until = None
        self.tumble = [0, 0, -1]  # a roll's tumble: the rolled dice (a mask; 0: none), its start, its frame
        self.update()

    def _heading(self):
        state = self.session.state
        who = self.session.seat_name(state.active)
        self._log("#Round %d, %s" % (state.round, "your turn" if who == "You" else who + "'s turn"))

    def _log(self, text):
        self.hist.append(text)
        if len(self.hist) > _HIST:
            self.wraps.pop(self.hist.pop(0), None)

    # -- the strip: per archer, name and spectators, the mini target (5 zone
    # shapes filling up), the tokens (letter and pips) ------------------------
    def _strip(self):
        state = self.session.state
        name = self.session.seat_name
        plain = self.pals[W.PAL_BG]
        for seat, (flash, text, zones, toks) in enumerate(self.rows):
            out = state.eliminated[seat]
            lit = flash.pixel_shader is not plain  # flashed red or blue: dark letters on it
            if out:
                text.set("%-3s out" % name(seat), ui.SELECT_TEXT if lit else ui.DIM)
            else:
                text.set(self.fmt % (name(seat), state.spectators[seat]),
                         ui.SELECT_TEXT if lit else ui.ACCENT if seat == state.active else ui.TEXT)
            if zones.hidden != out:
                zones.hidden = out
                toks.hidden = out
            for colour in range(1, 6):
                count, cap = state.ticked[seat][colour], state.circles[seat][colour]
                tile = W.zone_tile(colour, 4 if count >= cap else count * 4 // cap)
                if zones[colour - 1] != tile:
                    zones[colour - 1] = tile
            for kind in range(3):  # a token: its letter and a pip per token (3 at most shown)
                count = state.tokens[seat][(A.ORANGE, A.GREEN, A.RED)[kind]]
                tile = W.token_tile(kind, count)
                if toks[kind] != tile:
                    toks[kind] = tile

    def tick(self, now):
        tumble = self.tumble
        if tumble[0]:
            elapsed = btn.ticks_diff(now, tumble[1])
            if elapsed >= _TUMBLE_MS:
                tumble[0] = 0
                self._dice()
            elif elapsed // _FRAME_MS != tumble[2]:
                self._spin(elapsed // _FRAME_MS)
        _Base.tick(self, now)
        if self.flash_until is not None and btn.ticks_diff(now, self.flash_until) >= 0:
            self.flash_until = None
            for row in self.rows:
                shade(row[0], self.pals[W.PAL_BG])
            self._strip()

    # -- drawing -------------------------------------------------------------
    def update(self):
        session = self.session
        state = session.state
        events = state.events
        fresh = events is not self.seen  # a new apply (each one makes a new list)
        if fresh:
            self.seen = events
            self._events(events)
        self._strip()
        human = not state.is_over() and not session.is_bot(state.current_player)
        if not human or state.phase != A.P_RED:
            self.sub = 0
        key = (state.phase, state.current_player, self.sub, human)
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
        state = self.session.state
        action = self.acted if self.acted >= 0 else LAST[0]
        LAST[0] = self.acted = -1
        noise = None
        new_turn = False
        kind = None  # after the loop: the last event's kind
        for event in events:
            kind = event[A.E_KIND]
            if kind == "turn" or kind == "roll" and state.rolls <= 1:
                self.keep = 0
            if kind == "turn":
                new_turn = True
            if kind == "roll" and noise is None:
                noise = "roll"
                if self.app.settings.speed < 2:  # the dice tumble (not at speed "instant")
                    tumble = self.tumble
                    tumble[0] = action - A.REROLL if A.REROLL < action <= A.REROLL + 15 else 15
                    tumble[1] = self.app.now
                    tumble[2] = -1
            if kind == "loss" and event[A.E_AMOUNT] or kind == "shield":
                if event[A.E_SEAT] < len(self.rows):
                    shade(self.rows[event[A.E_SEAT]][0], self.pals[_PAL_BAD if kind == "loss" else _PAL_INFO])
                    self.flash_until = (self.app.now + FLASH_MS) & 0x1FFFFFFF
                self.app.leds.flash((255, 0, 0) if kind == "loss" else (0, 160, 255), 3 if kind == "loss" else 2)
                if kind == "loss":
                    noise = "hit"
        if noise is not None:
            self.app.sound(noise)
        self.kept = 0
        if state.phase == A.P_ROLL and state.rolls:
            if not self.session.is_bot(state.active):
                self.kept = self.keep
            elif A.REROLL < action <= A.REROLL + 15:
                self.kept = ~(action - A.REROLL) & 15
        text = self._news(events, action, new_turn)
        # news worth a look before the detail lines (not a roll: the dice show it)
        self.show_news = bool(text) and action != A.STOP and action != A.RED_SKIP and kind != "roll"

    def _news(self, events, action, turn):
        """The log's line for what just happened (returned), the turn's
        summary so far and, at a new ``turn`` (or the end), the news of the
        turn before."""
        state = self.session.state
        name = self.session.seat_name
        text = W.feedback(state, events, name, action)
        if text:
            self._log(text)
        brief = W.feedback(state, events, name, action, True)
        if self.setup:  # a catch-up tick: the news names the archer who ticked, not the first archer
            for event in events:
                if event[A.E_KIND] == "boxes":
                    who = name(event[A.E_SEAT])
                    head = "Your catch-up: " if who == "You" else "%s's catch-up: " % who
                    self.news = (self.news[:-1] + ", " if self.news.startswith(head) else head) + brief + "."
        elif brief:
            self.parts.append(brief)
        if turn or state.is_over():
            if not self.setup:
                who = name(self.turn_of)
                self.news = W.turn_news("Your turn: " if who == "You" else "%s's turn: " % who, self.parts,
                                        self.fb_n, len(self.fb))
            self.parts = []
            if not state.is_over():
                self._heading()
        self.turn_of = state.active
        self.setup = state.phase == A.P_SETUP
        return text

    def _message(self, human):
        """The two message lines: the selected choice in words, or the news
        (at the start of a human's turn: what the turn before did); while
        the computer plays, the news before it where the list is (hidden
        labels are emptied: on the device every letter shown is a TileGrid)."""
        state = self.session.state
        text = ""
        if human and state.phase == A.P_ROLL and not state.rolls:
            text = self.news  # what the turn before did
        elif human and not self.show_news:
            action = self.acts[self.menu.index] if self.die_cur < 0 and self.acts and not self.sub else -99
            if action >= 0 and action != A.ROLL:
                text = W.detail(state, action, self.session.seat_name)
            elif action == _RED_USE:
                text = "Set one die to any face; the token goes back."
        if not text:
            text = W.fit_news(self._last(), self.fb_n, len(self.fb))
        if human and state.phase == A.P_ROLL and state.rolls and not self.sub:
            # the archer and the rolls left (the title's short wording has no room)
            left = 3 - state.rolls
            text = "%s, %d roll%s left%s. %s" % (W.CHARACTERS[state.characters[state.active]], left,
                                                "" if left == 1 else "s", ", 3 dice" if state.n_dice < 4 else "", text)
        key = (text, human, len(self.hist), self.hist[-1] if self.hist else "")
        if key == self.msg:
            return
        self.msg = key
        lines = ui.wrap_lines(text, self.fb_n, len(self.fb))
        for index, line in enumerate(self.fb):
            line.set(lines[index] if index < len(lines) else "", ui.TEXT)
        out = []
        if not human:  # the news above the message lines, a page at a time (ui.log_page)
            page, out = ui.log_page(self.hist, len(self.hist) - 1, self.page, len(self.log), self._wrapped)
            if page is not self.page:  # a new page: the lines of the entries before it are not shown again
                self.page = page
                ui.prune(self.wraps, self.hist[-1 - len(self.log):])
        for index, line in enumerate(self.log):
            entry = out[index] if index < len(out) else " "
            line.set(entry[1:], ui.ACCENT if entry[0] == "#" else ui.DIM)

    def _wrapped(self, text):
        """A log entry as the log rows show it ("#": a heading), wrapped
        once (on the device wrapping the entries again took 15 ms a pass)."""
        more = self.wraps.get(text)
        if more is None:
            mark = "#" if text[0] == "#" else " "
            more = self.wraps[text] = [mark + line for line in ui.wrap(text.lstrip("#"), self.log_n)]
        return more

    def _last(self):
        """The newest news line (a turn's heading as is)."""
        return self.hist[-1].lstrip("#") if self.hist else ""

    def _title(self, human):
        state = self.session.state
        if state.is_over():
            text = "Kyudo: game over"
        else:
            who = self.session.seat_name(state.current_player) + ": "
            text = who + W.doing(state, self.sub, self.red_die).replace("|", "|" + who)  # every wording
        self.frame.set_title(text)
        if not human:
            hint = "" if state.is_over() else "any key faster  hold B pause"
        elif self.sub:
            hint = "A choose  X/Y move  B back"
        elif self.die_cur >= 0:
            hint = "A keep  Y next  X Roll  hold B pause"
        elif state.phase == A.P_ROLL and state.rolls:
            hint = "A choose  X dice  Y move  hold B pause"
        else:
            hint = "A choose  X/Y move  hold B pause"
        self.frame.set_hint(hint)

    def _dice(self):
        state = self.session.state
        pals = self.pals
        blank = state.phase <= A.P_ROLL and not state.rolls
        count = state.n_dice
        cur = self.acts[self.menu.index] if self.die_cur < 0 and self.acts else -99
        locks = 0
        if state.phase == A.P_ROLL:
            marks = locks = self.kept
        elif self.sub == 2:
            marks = 1 << self.red_die
        elif cur >= 0 and state.phase == A.P_RESOLVE:
            marks = W.dice_of(state, cur)
        else:
            marks = 0
        for index, (grp, frame, edge, face_rect, sym, lock, left) in enumerate(self.dice):
            grp.hidden = index >= count
            if index >= count:
                continue
            face = state.dice[index]
            used = 6 if state.used >> index & 1 else 0
            if blank:
                face, used = W.PAL_BLANK, 0
            shade(face_rect, pals[face + used])
            shade(edge, pals[W.PAL_LINE if used else W.PAL_EDGE])  # a used die loses its light edge
            if sym.hidden != blank:
                sym.hidden = blank
            if not blank:
                # dark on a bright face, white on BLACK, grey on a used die
                tile = (6 if face == A.ARROW else face) + (12 if used else 6 if face == A.BLACK else 0)
                if sym[0] != tile:
                    sym[0] = tile
            mark = not blank and marks >> index & 1
            if frame.hidden == bool(mark):
                frame.hidden = not mark
            hide = blank or not locks >> index & 1
            if lock.hidden != hide:
                lock.hidden = hide
        hide = self.die_cur < 0
        ui.show(self.caret, not hide)
        if not hide:
            self.caret.x = self.dice[self.die_cur][6]
        leds = self.app.leds
        if blank or state.is_over():
            leds.turn(state.active)
        else:
            used = state.used if state.phase != A.P_ROLL else self.kept
            leds.dice(tuple(LED[state.dice[index]] for index in range(count)),
                      tuple(index for index in range(count) if used >> index & 1))

    # -- the list of choices -----------------------------------------------
    def _build(self, human):
        state = self.session.state
        menu = self.menu
        self.die_cur = -1
        menu.group.hidden = not human
        for line in self.log:
            line.label.hidden = human
        if not human:
            self.acts = []
            menu.set_items([""])
            return
        name = self.session.seat_name
        acts, items = [], []
        if self.sub == 1:
            self.die_cur = self.red_die
        elif self.sub == 2:
            for face in range(6):
                if face != state.dice[self.red_die]:
                    acts.append(_FACE - face)
                    items.append(W.NAMES[face])
        elif state.phase == A.P_ROLL:
            acts = [A.ROLL, A.STOP] if state.rolls else [A.ROLL]
            items = ["", W.choice(state, A.STOP, name)] if state.rolls else [""]
        else:
            for action in ((A.RED_SKIP, _RED_USE) if state.phase == A.P_RED else state.legal_actions()):
                text = "Use the RED token" if action == _RED_USE else W.choice(state, action, name)
                if text not in items:  # two dice of one colour: the same choice
                    items.append(text)
                    acts.append(action)
        if self.sub != 2:
            acts += [_LOG, _SHEETS]
            items += ["Log", "Sheets"]
        self.acts = acts
        menu.set_items(items or [""])
        menu.select(0)
        if state.phase == A.P_ROLL and not self.sub:
            self._roll_item()
            if state.rolls:
                self.die_cur = 0  # after a roll: on die 1
        elif state.phase == A.P_RESOLVE and len(acts) > 3:
            # the last combination (the biggest, most often the one to play),
            # with End turn in view under it
            menu.select(len(acts) - 3)
            menu.move(-1)
        self._park()

    def _roll_item(self):
        state = self.session.state
        free = 0
        for die in range(state.n_dice):
            if not self.keep >> die & 1:
                free += 1
        self.menu.set_item(0, ("Roll 1 die" if free == 1 else "Roll %d dice" % free) if free else "Stop: all kept")
        self._park()

    def _park(self):
        """The list's cursor frame is hidden while the cursor is on a die."""
        self.menu.bar.hidden = self.die_cur >= 0

    # -- buttons -------------------------------------------------------------
    def button(self, button):
        tumble = self.tumble
        if tumble[0]:  # any press ends a tumble (and does what it does)
            tumble[0] = 0
            self._dice()
        _Base.button(self, button)

    def _spin(self, frame):
        """Frame ``frame`` of a roll's tumble: each rolled die shows a passing
        face (its colour and symbol; the real face comes at the end)."""
        tumble = self.tumble
        tumble[2] = frame
        pals = self.pals
        dice = self.dice
        for index in range(len(dice)):
            if tumble[0] >> index & 1 and not dice[index][0].hidden:
                face = (frame + 2 * index + 1) % 6
                shade(dice[index][3], pals[face])
                tile = (6 if face == A.ARROW else face) + (6 if face == A.BLACK else 0)
                if dice[index][4][0] != tile:
                    dice[index][4][0] = tile
                dice[index][4].hidden = False

    def human_button(self, button):
        if button == btn.B:
            if self.sub:
                self.sub -= 1
                self.menu_key = None
                self.update()
            else:
                self.back_out()
        elif button == btn.X or button == btn.Y:
            self._move(button)
        elif button == btn.A:
            self._press()

    def dice_ok(self):
        state = self.session.state
        return state.phase == A.P_ROLL and state.rolls > 0 and not self.sub

    def _move(self, button):
        count = self.session.state.n_dice
        menu = self.menu
        if self.sub == 1:
            self.die_cur = (self.die_cur + (1 if button == btn.Y else -1)) % count
        else:
            self._go(move(self.die_cur, menu.index, button, count, len(menu.items), self.dice_ok()))
        self._after_move()

    def _go(self, pos):
        die, index = pos
        self.die_cur = die
        menu = self.menu
        if index != menu.index:
            if (index - menu.index) % len(menu.items) == 1:
                menu.move(1)
            elif (menu.index - index) % len(menu.items) == 1:
                menu.move(-1)
            else:
                menu.select(index)

    def _after_move(self):
        self.show_news = False
        self._park()
        self._dice()
        state = self.session.state
        self._title(True)
        self._message(not state.is_over() and not self.session.is_bot(state.current_player))

    def _press(self):
        state = self.session.state
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
                self._go(move(self.die_cur, self.menu.index, btn.Y, state.n_dice, len(self.menu.items), True))
                self._after_move()
            return
        if not self.acts:
            return
        action = self.acts[self.menu.index]
        if action == _SHEETS:
            from sanbon.kyudo_sheet import SheetScreen

            self.app.push(SheetScreen(self.app, self.session, state.current_player, self.pals))
        elif action == _LOG:
            self.show_log()
        elif action == _RED_USE:
            self.sub = 1
            self.red_die = 0
            self.menu_key = None
            self.update()
        elif action <= _FACE:
            self.sub = 0
            self._act(A.RED_FIX + self.red_die * 6 + _FACE - action)
        elif action == A.ROLL and state.rolls:
            mask = ~self.keep & ((1 << state.n_dice) - 1)
            self._act(A.REROLL + mask if mask else A.STOP)  # all kept: play them
        else:
            self._act(action)

    def log_lines(self):
        """The log in lines of the screen's width, newest last."""
        width = self.L.chars(scale=1)
        out = []
        for entry in self.hist:
            lines = ui.wrap(entry.lstrip("#"), width - 1)
            if entry[0] == "#":
                out.append("#" + lines[0])
                for line in lines[1:]:
                    out.append("#" + line)
            else:
                out.append(lines[0])
                for line in lines[1:]:
                    out.append(" " + line)
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
        state = self.session.state
        winner = (state.winner() or (0,))[0]
        return W.why(state.win_reason, self.session.seat_name(winner), state.spectators[winner])

    def standings(self):
        """Every archer's result for the end screen: spectators and circles."""
        state = self.session.state
        return [W.standing(state, seat, self.session.seat_name(seat)) for seat in range(state.players)]

    def describe(self):
        state = self.session.state
        rows = []
        if not self.menu.group.hidden:
            for index, item in enumerate(self.menu.items):
                rows.append(("> " if index == self.menu.index and self.die_cur < 0 else "  ") + item)
        return "Game: Kyudo %s active=%d player=%d rolls=%d dice=%s keep=%d cur=%d\n%s\n%s" % (
            W.doing(state).split("|")[0] if not state.is_over() else "over", state.active, state.current_player,
            state.rolls, "".join(str(face) for face in state.dice), self.keep, self.die_cur,
            self.msg[0] if self.msg else "",
            "\n".join(rows))
