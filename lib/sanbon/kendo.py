"""Kendo Duel in the app: the game plugin (engine/kendo) and its play screen.

The play screen shows the table (hand sizes, who is out, and in Competition
the ippon and hansoku marks and the time), the exchange as a track of chips
(who played what, and "NO ANSWER" where a player failed), and the hand as a
grid of chips in the rulebook's frame colours, each with the glyph of its
kind (lib/sanbon/kendo.bmp): what may be played now is bright, the rest grey
with a hollow glyph (A on a grey card says why, and changes nothing). The
button of a decision comes first ("Keep hand" or "Switch 2", "No answer",
"No JODAN/SEME", the targets of an attack), "Log" (every seat's last turn,
the piles and the last messages) last. The cursor starts on "Keep hand" in
the switch, else on what the Normal computer player would choose there (on
the seat's own view): A takes it. Cards new in a hand since its owner last
acted (switched in, pulled) are green. The title says who does what; the
detail line what the card under the cursor does, or why not now. Words:
sanbon.kendo_words; the log, the hand-over note and the end screen's text:
sanbon.kendo_more and sanbon.kendo_end (imported when used).

Secret hands: a hand is on screen only for its owner. With two or more human
seats (and Settings' hand-over on) a hand-over screen comes before every
human decision of another seat than the last one shown, also in the middle of
an exchange (the two duellists take turns) and when a saved game is
continued. While a computer decides, the hand of the only human seat is shown,
else the last messages.

A card played slides to its place on the table from its hand cell (or its
player's tab in the strip) in 5 steps of 60 ms (``tick``): its chip's own
shapes move, nothing is made or allocated per step; any press ends it at
once and then acts; Computer speed instant turns it off.

Memory: the widgets are built by sanbon.kendo_layout, which is dropped
again; every shape shares the palettes in ``self.pals``.
"""

from engine.kendo import actions as A
from engine.kendo import bots as B
from engine.kendo import cards as C
from engine.kendo.cards import COLOUR, KIND
from engine.kendo.state import KendoState

from sanbon import buttons as btn
from sanbon import kendo_words as W
from sanbon import ui
from sanbon.ui import drop, shade
from sanbon.gamescreen import GameScreen as _Base

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


HIDDEN = True  # hands are secret: hand-over screens between human seats

# the items of the grid that are not cards
_B_SWITCH = const(-1)  # "Keep hand" / "Switch 2"
_B_NOREINF = const(-2)
_B_FAIL = const(-3)
_B_LOG = const(-4)
_B_TARGET = const(-10)  # _B_TARGET - seat: attack that seat
_B_TABLE = const(-20)  # _B_TABLE - j: the table card trk[2 * j + 1] (its detail line)
# track codes that are not cards: a failed answer
_NO_ANSWER = const(255)
_IPPON = const(254)
_HANSOKU = const(253)

# self.pals (sanbon.kendo_layout.palettes)
_P_DIM = const(7)
_P_PANEL = const(14)
_P_MARK = const(15)
_P_SEL = const(16)
_P_BAD = const(17)
_P_SEAT = const(18)
_P_LINE = const(22)
_P_ON = const(23)
_P_BAD_DIM = const(24)
_P_BUTTON = const(25)
_P_BG = const(26)
# the glyphs of kendo.bmp (tools/art/kendo.py): KIND + 1, grey + 8, the check mark
_T_GREY = const(8)
_T_CHECK = const(17)
# the events whose E_SEAT is the seat that played or failed
_ACTORS = ("switch", "open", "play", "fail", "pull", "discard", "cannot_open", "eliminated", "ippon",
           "hansoku", "tie_switch", "fresh_hand")


def new_state(config, rng):
    return KendoState(rng, config.players, config.mode, config.options)


def load_state(data):
    return KendoState.from_bytes(data)


def hidden_marks(state):
    """What a decision that may be undone leaves alone (sanbon.session):
    the subdecks' sizes (a draw or a pull shows a card)."""
    return bytes(len(d) for d in state.decks)


def bot_action(state, seat, level, rng):
    """The computer player (engine/kendo/bots.py) on what the seat may see."""
    from engine.kendo.bots import choose  # imported at the first computer decision

    return choose(state.observation(seat), seat, level, rng)


def turn_over(before, state):
    """A save point: the end of an exchange (the next one is to open, or a
    seat must discard down to 12 first), a seat done switching, the end."""
    if state.is_over():
        return True
    ph = state.phase
    if ph == A.P_OPEN:
        return True
    if ph == A.P_SWITCH:
        return state.current_player != before
    if ph == A.P_DISCARD:
        for event in state.events:
            if event[A.E_KIND] != "discard":
                return True  # the exchange that led here just ended
    return False


def open_action(target, main, reinf=-1):
    """engine.kendo.actions.open_action (that module is not loaded: RAM)."""
    m = main if main < C.COUNTER0 else main - (C.ALT0 - C.COUNTER0)
    return A.OPEN + (target * 16 + m) * 5 + (reinf - (C.REINF0 - 1) if reinf >= 0 else 0)


def decode_open(action):
    """engine.kendo.actions.decode_open: (target, main card, JODAN/SEME or -1)."""
    t, r = divmod(action - A.OPEN, 5)
    t, m = divmod(t, 16)
    return t, (m if m < C.COUNTER0 else m + (C.ALT0 - C.COUNTER0)), (C.REINF0 - 1 + r if r else -1)


def _show(chip, on, glyph=False):
    """Show or hide a chip (sanbon.kendo_layout.chip) and its glyph; a
    hidden chip's texts are emptied, its new-card mark hidden."""
    frame = chip[0]
    g = chip[4]
    if g.hidden != (not (on and glyph)):
        g.hidden = not (on and glyph)
    if frame.hidden != on:
        return
    for s in chip:
        if s is None or s is g:
            continue
        if isinstance(s, ui.Text):
            if not on:
                s.set("")
            s.label.hidden = not on
        elif on and s is chip[6]:
            continue  # the new-card mark: _chip says
        else:
            s.hidden = not on


def letter(name):
    """A seat's letter on a table card: "Y" for You, "2" for P2."""
    return name[-1] if name[0] == "P" else name[0]


def _place(chip, x, y, w, h, card):
    """Lay a chip out at (x, y), w x h: a card's inner panel leaves a band of
    the frame at the left for its glyph (or the tab of who played it); a
    button's is the whole inside."""
    frame, inner, t, bar, g, t2, mark = chip
    if frame.x != x or frame.y != y:
        frame.x = x
        frame.y = y
        inner.y = y + 2
        g.x = x + 1
        g.y = y + (h - 10) // 2
        if bar is not None:
            bar.x = x
            t2.move(x + 4, y + h // 2)
    if frame.width != w:
        frame.width = w
    if mark is not None:
        mark.x = x + w - 6
        mark.y = y
    ix = x + (8 if card else 2)
    if inner.x != ix:
        inner.x = ix
    if inner.width != w - (10 if card else 4):
        inner.width = w - (10 if card else 4)
    t.move(ix + inner.width // 2, y + h // 2)


def slide(scr, i):
    """Step ``i`` of 5 of the table chip sliding in (``scr.slide``): each of
    its shapes moved by the change since the step before (small ints, the
    chip's own list: no allocation); at 5 it is at its place, the slide over."""
    s = scr.slide
    if s[0] < 0:
        return
    chip = scr.track[s[0]]
    if i >= 5:
        i = 5
        s[0] = -1
    x = s[1] * (5 - i) // 5 - s[3]
    y = s[2] * (5 - i) // 5 - s[4]
    if x or y:
        s[3] += x
        s[4] += y
        for shape in chip:
            if shape is not None:
                shape.x += x
                shape.y += y


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        from sanbon import kendo_layout

        # frame, strip, track, hand grid, log, message
        (self.frame, self.pals, self.cols, self.cw, self.fit, self.seats, self.clock, self.track, self.piles,
         self.gx, self.gy, self.gh, self.gap, self.rows, self.hand, self.grid, self.two, self.logs, self.log,
         self.msg, self.more, self.msg_n) = kendo_layout.build(self.L, session.state, self.group, self.spinner)
        drop(kendo_layout)
        kendo_layout = None
        c = session.config
        if not c.mode:  # a Duel saved with Hard (offered before issue 30) goes on with Normal: the same play
            for s in range(len(c.seats)):
                if c.seats[s] == 3:
                    c.seats[s] = 2
        st = session.state
        self.ok = bytearray(C.JIKAN + 1)  # per card: may be chosen in this step
        self.items = []  # card ids, or the _B_* buttons
        self.pos = []  # per item: row * 16 + column
        self.cur = 0  # the cursor (an index into items)
        self.top = 0  # the first row of the grid on screen
        self.marks = []  # cards to switch; the attack card (and JODAN/SEME) chosen
        self.sub = 0  # an opening: 0 the attack card, 1 JODAN/SEME, 2 the target
        self.main = -1
        self.reinf = -1
        self.dkey = None  # (phase, player, seat shown): a new decision resets sub
        self.deciding = False
        self.seat = -1  # whose hand is on screen (-1: none)
        self.focus = False  # the message line tells about the cursor's item
        self.seen = None
        self.hist = []  # the last messages (public)
        self.wraps = {}  # a message -> its log lines (W.sentences once, not at every pass)
        self.page = None  # the message the log rows' page starts at (ui.log_page)
        self.last = [""] * st.players  # per seat: the last message about its own play
        self.title_text = None
        self.sug = None  # (the state's events, the Normal computer's action then)
        # the suggestions start two ticks after the screen is built: the
        # computer player's code does not load in the step that loads the game
        self.late = 2
        self.trk = bytearray(st.chain)  # (seat, card) pairs of the exchange shown
        self.before = [None] * st.players  # each seat's hand when it last acted
        self.key = None
        self.msg_key = None
        # a card played to the table slides there (about 300 ms, the app's
        # steps; off at Computer speed instant): [track chip or -1 (none;
        # -2: to start), its start less its place (x, y), the offset now
        # (x, y), the start's time]
        self.slide = [-1, 0, 0, 0, 0, 0]
        self.update()

    # -- whose hand may be on screen --------------------------------------
    def hand_seat(self):
        """The seat whose hand is shown, or -1. The current human seat once
        handed over to; while a computer decides, the only human's hand."""
        s = self.session
        st = s.state
        if st.is_over():
            return -1
        cur = st.current_player
        if not s.is_bot(cur):
            if self.needs_handover() and self.shown_seat != cur:
                return -1
            return cur
        if s.config.humans() == 1:
            for p in range(st.players):
                if not s.is_bot(p):
                    return p if st.hands[p] else -1
        return -1

    # -- drawing ---------------------------------------------------------
    def update(self):
        s = self.session
        st = s.state
        events = st.events
        fresh = events is not self.seen  # a new apply (each one makes a new list)
        if fresh:
            self.seen = events
            self._events(events)
        seat = self.hand_seat()
        deciding = seat >= 0 and seat == st.current_player
        dkey = (st.phase, st.current_player, seat)
        if dkey != self.dkey or not deciding:
            if dkey != self.dkey:
                self.items = []  # a new decision: the cursor starts afresh
            self.dkey = dkey
            self.sub = 0
            self.marks = []
            self.main = self.reinf = -1
        key = (dkey, self.sub, len(st.hands[seat]) if seat >= 0 else -1)
        if fresh or key != self.key:
            self.key = key
            self._build(seat, deciding)
        self._strip()
        self._track()
        sl = self.slide
        if sl[0] == -2:  # the card played slides from where it was to its place
            k = sl[5] - self._first_shown()
            sl[0] = -1
            if 0 <= k < len(self.track):
                f = self.track[k][0]
                sl[0] = k
                sl[1] = min(sl[1], self.L.width - f.width) - f.x  # (a wide chip stays on the screen)
                sl[2] -= f.y
                sl[5] = self.app.now
                slide(self, 0)
        self._title()
        self._message()
        if not st.is_over():
            self.app.leds.turn(st.current_player)

    def _events(self, events):
        """The track, the LEDs and the message for what just happened."""
        st = self.session.state
        trk = self.trk
        noise = None
        for event in events:
            kind = event[A.E_KIND]
            if kind == "open" or kind == "play":
                if noise is None:
                    noise = "card"
                trk = self._played(event, trk)
            elif kind == "fail":
                code = _NO_ANSWER
                for scored in events:
                    if scored[A.E_KIND] == "ippon" and scored[A.E_WHY] == 0:
                        code = _IPPON
                    elif scored[A.E_KIND] == "hansoku" and code == _NO_ANSWER:
                        code = _HANSOKU
                trk.append(event[A.E_SEAT])
                trk.append(code)
                self.app.leds.flash((255, 0, 0), 2)
                noise = "hit"  # a strike that lands
            elif kind == "ippon":
                self.app.leds.flash((255, 255, 255), 3)
                noise = "hit"
        if noise is not None:
            self.app.sound(noise)
        self.trk = trk
        text = W.feedback(st, events, self.session.seat_name, self.msg_n * (2 if len(self.msg) > 1 else 1))
        # the detail line waits (240x135) while the news is about another seat
        cur = -1 if st.is_over() else st.current_player
        focus = True
        for event in events:
            if event[A.E_KIND] in _ACTORS and event[A.E_SEAT] != cur:
                focus = False
        if text:
            self.hist.append(text)
            if len(self.hist) > 12:
                self.wraps.pop(self.hist.pop(0), None)
            for event in events:
                if event[A.E_KIND] in ("switch", "open", "play", "fail", "discard", "cannot_open"):
                    self.last[event[A.E_SEAT]] = text
        self.focus = focus or not text

    def _played(self, event, trk):
        """An opening (a new exchange: a new track) or an answer on the
        track ``trk``, returned; the newest card slides in."""
        seat = event[A.E_SEAT]
        if event[A.E_KIND] == "open":
            trk = bytearray((seat, event[A.E_MAIN]))
            if event[A.E_REINF] >= 0:
                trk.append(seat)
                trk.append(event[A.E_REINF])
        else:
            trk.append(seat)
            trk.append(event[A.E_CARD])
        if self.app.settings.speed < 2:  # not instant (sanbon.profile)
            # the newest card slides in (update starts it): from its
            # cell of the hand shown, else from its player's tab in the
            # table strip; a slide under way ends first
            slide(self, 5)
            sl = self.slide
            t = self.seats[seat][0]
            sl[0] = -2
            sl[1] = t.x - 6
            sl[2] = t.y
            sl[5] = len(trk) // 2 - 1
            if seat == self.seat and trk[-1] in self.items:
                i = self.items.index(trk[-1])
                row = (self.pos[i] >> 4) - self.top if i < len(self.pos) else -1
                if 0 <= row < self.rows:
                    sl[1] = self.gx + (self.pos[i] & 15) * (self.cw + 1)
                    sl[2] = self.gy + row * (self.gh + self.gap)
        return trk

    def _strip(self):
        st = self.session.state
        nm = self.session.seat_name
        p = self.pals
        cur = st.current_player
        for s, (t, dots, hs) in enumerate(self.seats):
            if st.eliminated[s]:
                t.set("%s out" % nm(s), ui.DIM)
            elif dots:  # Competition: hands refill, the log counts them
                t.set(nm(s), ui.ACCENT if s == cur else ui.TEXT)
            else:
                t.set("%s %d" % (nm(s), len(st.hands[s])), ui.ACCENT if s == cur else ui.TEXT)
            if dots:
                n = st.ippons[s]
                for i in range(2):  # a disc for an ippon, else a ring
                    shade(dots[2 * i], p[_P_ON if i < n else _P_BUTTON])
                    shade(dots[2 * i + 1], p[_P_ON if i < n else _P_BG])
                h = st.hansoku[s]
                hs.set("%d hansoku" % h if h else "", ui.BAD)
        if st.mode == A.COMPETITION:
            if st.encho:  # the log says which encho exchange
                self.clock.set("ENCHO")
            elif st.time_up:
                self.clock.set("TIME")
            else:
                self.clock.set("")

    def _track(self):
        """The exchange's last plays; grey once it is over. The piles in its
        place while no exchange is shown."""
        st = self.session.state
        p = self.pals
        slide(self, 5)  # a slide under way ends: the chip at its place
        trk = self.trk
        n = len(trk) // 2
        done = st.phase != A.P_REACT
        start = self._first_shown()
        if n:  # "<": earlier plays of the exchange are left out (the log has them)
            self.piles.set("<" if start else "")
        else:
            d = st.decks
            self.piles.set("Piles: Basic %d  Counter %d  Other %d" % (len(d[0]), len(d[1]), len(d[2])))
        x = self.gx + (12 if start else 0)
        it = self.items[self.cur] if self.deciding and self.cur < len(self.items) else 0
        nm = self.session.seat_name
        for i, chip in enumerate(self.track):
            frame, inner, t, bar, g, t2, _ = chip
            j = start + i
            if j >= n:
                _show(chip, False)
                continue
            seat, c = trk[2 * j], trk[2 * j + 1]
            text = self._table(c)
            w = self._width(text)
            _place(chip, x, frame.y, w, frame.height, True)
            x += w + 1
            if c >= _HANSOKU:
                shade(frame, p[_P_BAD_DIM if done else _P_BAD])
            else:
                shade(frame, p[COLOUR[c] + (_P_DIM if done else 0)])
            sel = it == _B_TABLE - j
            shade(inner, p[_P_SEL if sel else _P_PANEL])
            t.set(text, ui.SELECT_TEXT if sel else (ui.DIM if done else ui.TEXT))
            shade(bar, p[_P_SEAT + seat])
            t2.set(letter(nm(seat)))
            _show(chip, True)

    def _first_shown(self):
        """The first play on the track: those that fit, newest last (a name
        too long for a cell makes its chip wider); if not all, room for "<"
        at the left."""
        trk = self.trk
        n = len(trk) // 2
        full = (self.cw + 1) * len(self.track)
        for room in (full, full - 12):
            start = n
            while start > 0:
                w = self._width(self._table(trk[2 * start - 1])) + 1
                if w > room:
                    break
                room -= w
                start -= 1
            if not start:
                break
        return start

    def _width(self, text):
        """A table chip's width: a cell, or as wide as a longer name needs."""
        w = len(text) * 6 + 14
        return w if w > self.cw else self.cw

    def _table(self, c):
        """A table card's name, or what happened in its place."""
        if c < _HANSOKU:
            return W.short(c)
        return "NO ANSWER" if c == _NO_ANSWER else ("IPPON" if c == _IPPON else "HANSOKU")

    def _title(self):
        """"<who>: <what to do>" (sanbon.ui.Frame.set_title: never cut), and
        the buttons on the hint line."""
        st = self.session.state
        nm = self.session.seat_name
        if st.is_over():
            text = "Kendo: game over"
        else:
            who = nm(st.current_player)
            ph = st.phase
            if ph == A.P_SWITCH:  # the button says how many are marked
                k = A.MAX_SWITCHES - st.switched[st.current_player]
                text = "%s: switch up to %d card%s|%s: switch up to %d" % (who, k, "s" if k > 1 else "", who, k)
            elif ph == A.P_OPEN:
                if self.sub == 1:  # the "No JODAN/SEME" button under it
                    text = "%s: add JODAN or SEME?|%s: add JODAN/SEME" % (who, who)
                elif self.sub == 2:
                    text = "%s: attack whom?" % who
                else:
                    text = "%s: attack" % who
            elif ph == A.P_REACT:
                # what and who: the track's last chip (its name and the
                # striker's letter) says both where the title cannot
                inc = W.incoming(st)
                text = "%s: answer %s" % (who, inc)
                if st.players > 2:
                    text = "%s: answer %s from %s|%s" % (who, inc, nm(st.striker), text)
                text += "|%s: answer" % who
            elif ph == A.P_DISCARD:  # the detail line says why: over 12 cards
                k = len(st.hands[st.current_player]) - A.HAND_MAX
                text = "%s: discard down to 12 (%d to go)|%s: discard %d, keep 12|%s: discard %d more" % (
                    who, k, who, k, who, k)
            else:
                text = who
        if text != self.title_text:
            self.title_text = text
            self.frame.set_title(text)
        if st.is_over() or self.seat < 0 and not self.session.is_bot(st.current_player):
            hint = ""
        elif not self.deciding:
            hint = "any key faster  hold B pause"
        elif self.items and self.items[self.cur] <= _B_TABLE:  # a table card: A does nothing
            hint = "X/Y move  hold B pause" if not self.sub else "B back  X/Y move"
        elif self.sub:
            hint = "A choose  B back  X/Y move"
        elif st.phase == A.P_SWITCH:
            hint = "A mark  X/Y move  hold B pause"
        else:
            hint = "A choose  X/Y move  hold B pause"
        self.frame.set_hint(hint)

    def _detail(self):
        """What the cursor's item does, or why not now ("" when not deciding)."""
        if not (self.deciding and self.items):
            return ""
        st = self.session.state
        it = self.items[self.cur]
        if it >= 0:
            return W.role(st, it) if self._ok(it) else W.why_not(st, it, self.sub)
        return self._help(it)

    def _message(self):
        """The message lines. On the tall screens the news (what the last
        play did) and, under it, the detail line; on 240x135 one line: the
        news about another seat's play until a button is pressed, else (and
        in a discard down to 12, which says why) the detail. In the hand's place the messages before, while no hand is
        shown."""
        st = self.session.state
        detail = self._detail()
        news = self.hist[-1] if self.hist else ""
        n = self.msg_n
        key = (detail, news, len(self.hist), self.seat, self.focus)
        if key == self.msg_key:
            return
        self.msg_key = key
        msg = self.msg
        if len(msg) > 1:
            lines = W.sentences(news, n, len(msg) - 1)
            for i in range(len(msg) - 1):
                msg[i].set(lines[i] if i < len(lines) else "", ui.TEXT)
            msg[-1].set(detail, ui.ACCENT)
        elif detail and (self.focus or not news or st.phase == A.P_DISCARD):  # a discard: why first
            msg[0].set(detail, ui.ACCENT)
        else:
            msg[0].set(W.sentences(news, n, 1)[0], ui.TEXT)
        lines = []
        if self.seat < 0:  # the older messages, newest last, a page at a time (ui.log_page)
            page, lines = ui.log_page(self.hist, len(self.hist) - 1, self.page, len(self.log), self._wrapped)
            if page is not self.page:  # a new page: the lines of the messages before it are not shown again
                self.page = page
                ui.prune(self.wraps, self.hist[-1 - len(self.log):])
        for i, t in enumerate(self.log):
            t.set(lines[i] if i < len(lines) else "")

    def _wrapped(self, h):
        got = self.wraps.get(h)
        if got is None:
            got = self.wraps[h] = W.sentences(h, self.msg_n + 1, 2)
        return got

    def _help(self, it):
        st = self.session.state
        if it == _B_SWITCH:
            if self.marks:
                return "Switch the marked cards"
            return "Keep this hand (A on a card marks it)"
        if it == _B_NOREINF:
            return "Attack with %s alone" % W.short(self.main)
        if it == _B_FAIL:
            return W.fail_text(st)
        if it == _B_LOG:
            return "Log: every player's last turns"
        if it <= _B_TABLE:
            return W.does(st, self.trk[2 * (_B_TABLE - it) + 1])
        t = _B_TARGET - it
        return "Attack %s (%d cards)" % (self.session.seat_name(t), len(st.hands[t]))

    def _label(self, it):
        if it == _B_SWITCH:
            return "Switch %d" % len(self.marks) if self.marks else "Keep hand"
        if it == _B_NOREINF:
            return "No JODAN/SEME"
        if it == _B_FAIL:
            return "No answer"
        if it == _B_LOG:
            return "Log"
        t = _B_TARGET - it
        return "%s: %d cards" % (self.session.seat_name(t), len(self.session.state.hands[t]))

    # -- the hand and the buttons ------------------------------------------
    def _ok(self, c):
        if not self.ok[c]:
            return False
        st = self.session.state
        if st.phase == A.P_SWITCH and self.deciding and c not in self.marks:
            return len(self.marks) < A.MAX_SWITCHES - st.switched[st.current_player]
        return True

    def _build(self, seat, deciding):
        ok = self.ok
        for i in range(len(ok)):
            ok[i] = 0
        was = self.items[self.cur] if self.items and self.cur < len(self.items) else None
        self.seat = seat
        self.deciding = deciding
        self.hand.hidden = seat < 0
        self.logs.hidden = seat >= 0
        self.msg_key = None
        if seat < 0:
            self.items = []
            self.pos = []
            self.more.set("")
            return
        items, first = self._choices(self.session.state.hands[seat], deciding)
        n = len(items)
        if deciding:  # then the table cards shown, oldest first: X from the first item reaches the newest
            trk = self.trk
            for j in range(self._first_shown(), len(trk) // 2):
                if trk[2 * j + 1] < _HANSOKU:
                    items.append(_B_TABLE - j)
        self.items = items
        # the grid: a card is one cell, a button two (the Log button one)
        cols = self.cols
        pos = []
        r = c = 0
        for it in items[:n]:
            span = self._span(it)
            if c + span > cols:
                r += 1
                c = 0
            pos.append(r * 16 + c)
            c += span
        self.pos = pos  # (the table cards have none)
        cur = first if first >= 0 else 0
        if was is not None and was in items and (not deciding or was < 0 or ok[was]):
            cur = items.index(was)
        self.cur = cur
        self.top = 0
        self._grid()

    def _choices(self, hand, deciding):
        """The items of the grid (cards, the decision's buttons, Log) and
        where the cursor starts (-1: not said); marks in ``self.ok`` what
        may be chosen."""
        st = self.session.state
        ok = self.ok
        items = []
        ph = st.phase
        first = -1  # where the cursor starts
        if not deciding:
            for c in hand:
                ok[c] = 1
                items.append(c)
            return items, first
        legal = st.legal_actions()
        if ph == A.P_OPEN and self.sub == 2:
            for a in legal:
                t, m, r = decode_open(a)
                if m == self.main and r == self.reinf and _B_TARGET - t not in items:
                    items.append(_B_TARGET - t)
            first = 0
        elif ph == A.P_OPEN:
            for a in legal:
                t, m, r = decode_open(a)
                if self.sub == 0:
                    ok[m] = 1
                elif m == self.main and r >= 0:
                    ok[r] = 1
        else:
            for a in legal:
                if A.PLAY <= a < A.PLAY + C.N_CARDS:
                    ok[a - A.PLAY] = 1
                elif A.DISCARD <= a < A.DISCARD + C.N_CARDS:
                    ok[a - A.DISCARD] = 1
                elif a < A.SWITCH + C.N_CARDS:
                    ok[a] = 1
        # the decision's button first (the cursor starts on it), then the hand
        if ph == A.P_SWITCH:
            items.append(_B_SWITCH)
            first = 0
        elif ph == A.P_OPEN and self.sub == 1:
            items.append(_B_NOREINF)
            first = 0
        elif ph == A.P_REACT and A.FAIL in legal:
            items.append(_B_FAIL)
            first = 0
        for c in hand:
            items.append(c)
        if first < 0 or ph == A.P_OPEN:
            sug = self._suggested(ph)
            if sug is not None and sug in items and (sug < 0 or ok[sug]):
                first = items.index(sug)
        if first < 0:  # else the first card that may be played
            for i in range(len(items)):
                if items[i] >= 0 and ok[items[i]]:
                    first = i
                    break
        items.append(_B_LOG)
        return items, first

    def _span(self, it):
        """The cells of an item in the grid: a card one (two for a name too
        long for one, where the chip has room for one line only), a button
        two, the Log button one."""
        if it < 0:
            return 1 if it == _B_LOG else 2
        return 2 if not self.two and len(W.short(it)) > self.fit else 1

    def _suggested(self, ph):
        """The item the Normal computer player would choose in this step, on
        what the seat may see (engine/kendo/bots.py; it draws no random
        number): where the cursor starts. None in the switch."""
        st = self.session.state
        if ph == A.P_SWITCH or self.late:
            return None
        if self.sug is None or self.sug[0] is not st.events:  # once per apply
            self.sug = (st.events, bot_action(st, st.current_player, B.NORMAL, None))
        a = self.sug[1]
        if ph == A.P_OPEN:
            if not A.OPEN <= a < A.DISCARD:
                return None
            t, m, r = decode_open(a)
            if self.sub == 0:
                return m
            if m != self.main:
                return None
            if self.sub == 1:
                return r if r >= 0 else _B_NOREINF
            return _B_TARGET - t if r == self.reinf else None
        if a == A.FAIL:
            return _B_FAIL
        if A.PLAY <= a < A.PLAY + C.N_CARDS:
            return a - A.PLAY
        if A.DISCARD <= a < A.DISCARD + C.N_CARDS:
            return a - A.DISCARD
        return None

    def _grid(self):
        items = self.items
        if not items:
            return
        rows = self.rows
        pos = self.pos
        row = pos[self.cur] >> 4 if self.cur < len(pos) else self.top  # on the table: the grid stays
        if row < self.top:
            self.top = row
        elif row >= self.top + rows:
            self.top = row - rows + 1
        top = self.top
        k = 0
        chips = self.grid
        last = pos[-1] >> 4
        for i in range(len(pos)):
            row = (self.pos[i] >> 4) - top
            if 0 <= row < rows:
                self._chip(chips[k], i, items[i], row, self.pos[i] & 15)
                k += 1
        for j in range(k, len(chips)):
            _show(chips[j], False)
        self.more.set("v" if last >= top + rows else ("^" if top > 0 else ""))

    def _chip(self, chip, i, it, r, col):
        frame, inner, t, _, g, t2, mark = chip
        p = self.pals
        span = self._span(it)
        card = it >= 0
        _place(chip, self.gx + col * (self.cw + 1), self.gy + r * (self.gh + self.gap),
               self.cw * span + span - 1, self.gh, card)
        sel = self.deciding and i == self.cur
        new = False
        if card:
            ok = self._ok(it)
            shade(frame, p[COLOUR[it] + (0 if ok else _P_DIM)])
            marked = it in self.marks
            shade(inner, p[_P_SEL if sel else (_P_MARK if marked else _P_PANEL)])
            # the glyph: the card's kind, grey and hollow if it may not be
            # played now, a check mark if marked (to switch, or chosen)
            g[0] = _T_CHECK if marked else KIND[it] + 1 + (0 if ok else _T_GREY)
            seat = self.seat
            new = self.before[seat] is not None and it not in self.before[seat]
            if sel:
                color = ui.SELECT_TEXT
            elif marked:
                color = ui.ACCENT
            elif not ok:
                color = ui.DIM
            else:
                color = ui.GOOD if new else ui.TEXT
            a, b = W.lines(W.short(it), self.fit) if self.two else (W.short(it), "")
            t.set(a, color)
            if b and t2 is None:
                t2 = chip[5] = self._extra(ui.Text(0, 0, "", ui.TEXT, 1, (0.5, 0.5)))
            if b:  # two lines about the chip's middle
                y = frame.y + self.gh // 2
                t.move(inner.x + inner.width // 2 + (3 if a[-1] == " " else 0), y - 6)  # "TAI ": its space
                t2.move(inner.x + inner.width // 2, y + 6)
            if t2 is not None:
                t2.set(b, color)
        else:
            shade(frame, p[_P_SEL if sel else _P_BUTTON])
            shade(inner, p[_P_SEL if sel else _P_PANEL])
            t.set(self._label(it), ui.SELECT_TEXT if sel else ui.TEXT)
            if t2 is not None:
                t2.set("")
        _show(chip, True, card)
        if new and mark is None:
            mark = chip[6] = self._extra(ui.rect(p[23], frame.x + frame.width - 6, frame.y, 6, 6))
        if mark is not None and mark.hidden == new:
            mark.hidden = not new

    def _extra(self, shape):
        """A hand chip's part made on first need (sanbon.kendo_layout.chip)."""
        self.hand.append(shape)
        return shape

    # -- buttons -------------------------------------------------------------
    def human_button(self, b):
        # a press ends a slide at once, then acts as ever (in a computer's
        # turn the press hurries it: its move's update ends the slide)
        slide(self, 5)
        if self.seat < 0:
            if b == btn.B:
                self.pause()
            return
        if b == btn.B:
            if self.sub:  # one step back: JODAN/SEME, or the attack card
                if self.sub == 2 and KIND[self.main] == C.K_BASIC and self._reinforceable():
                    self.sub = 1
                    self.marks = [self.main]
                else:
                    self.sub = 0
                    self.marks = []
                    self.main = -1
                self.reinf = -1
                self.key = None
                self.update()
            else:
                self.back_out()
        elif b == btn.X or b == btn.Y:
            if self.items:
                self.cur = (self.cur + (-1 if b == btn.X else 1)) % len(self.items)
                self.focus = True
                self._grid()
                self._track()
                self._title()
                self._message()
        elif b == btn.A and self.items:
            self._press(self.items[self.cur])

    def _reinforceable(self):
        for a in self.session.state.legal_actions():
            t, m, r = decode_open(a)
            if m == self.main and r >= 0:
                return True
        return False

    def _press(self, it):
        st = self.session.state
        if it == _B_LOG:
            self._log()
        elif it == _B_FAIL:
            self._act(A.FAIL)
        elif it == _B_SWITCH:
            seat = st.current_player
            marks = self.marks
            self.marks = []
            self.before[seat] = bytes(st.hands[seat])  # the new cards show as new
            for c in marks:
                if st.current_player == seat and st.phase == A.P_SWITCH:
                    self.act(A.SWITCH + c)
            if st.current_player == seat and st.phase == A.P_SWITCH:
                self.act(A.SWITCH_DONE)
        elif it == _B_NOREINF:
            self.reinf = -1
            self._target()
        elif it <= _B_TABLE:
            pass  # a table card: its detail line says what it does
        elif it <= _B_TARGET:
            self._act(open_action(_B_TARGET - it, self.main, self.reinf))
        elif not self._ok(it):
            self.app.toast(W.why_not(st, it, self.sub), 2500, ui.BAD)
        elif st.phase == A.P_SWITCH:
            if it in self.marks:
                self.marks.remove(it)
            else:
                self.marks.append(it)
            self.focus = True
            self._grid()
            self._message()
        elif st.phase == A.P_OPEN:
            if self.sub == 0:
                self.main = it
                self.reinf = -1
                if KIND[it] == C.K_BASIC and self._reinforceable():
                    self.sub = 1
                    self.marks = [it]
                    self.key = None
                    self.update()
                else:
                    self._target()
            else:
                self.reinf = it
                self._target()
        elif st.phase == A.P_REACT:
            self._act(A.PLAY + it)
        else:
            self._act(A.DISCARD + it)

    def _target(self):
        """The opening's target: the only rival, or the player's choice."""
        t = -1
        for a in self.session.state.legal_actions():
            tt, m, r = decode_open(a)
            if m == self.main and r == self.reinf:
                if t >= 0 and tt != t:
                    self.sub = 2
                    self.marks = [self.main] if self.reinf < 0 else [self.main, self.reinf]
                    self.key = None
                    self.update()
                    return
                t = tt
        self._act(open_action(t, self.main, self.reinf))

    def _act(self, action):
        st = self.session.state
        seat = st.current_player
        self.before[seat] = bytes(st.hands[seat])  # what is new after this shows
        self.act(action)

    def _log(self):
        from sanbon import kendo_more

        kendo_more.log(self)
        drop(kendo_more)

    def tick(self, now):
        if self.slide[0] >= 0:  # a slide: 5 steps of 60 ms, each one a move of its chip
            slide(self, btn.ticks_diff(now, self.slide[5]) // 60)
        if self.late:
            self.late -= 1
            if not self.late and self.deciding and self.session.state.phase != A.P_SWITCH:
                self.items = []  # the cursor starts again, on the suggestion
                self.key = None
                self.update()
        _Base.tick(self, now)

    def resume(self):
        self.key = None
        self.msg_key = None
        self.update()

    def handover_note(self):
        """What the next player must do, and the last public message."""
        from sanbon import kendo_more

        text = kendo_more.handover_note(self)
        drop(kendo_more)
        return text

    # -- the end and the text for tests ------------------------------------
    def headline(self):
        w = self.session.state.winner() or ()
        if len(w) > 1:
            return "Hikiwake: a draw" if self.session.state.mode == A.COMPETITION else "A draw"
        return _Base.headline(self)

    def reason(self):
        from sanbon import kendo_end

        return kendo_end.why_end(self.session.state, self.session.seat_name)

    def standings(self):
        """Every seat's result (sanbon.screens.EndScreen shows them): cards
        left in a Duel, ippon and hansoku in Competition."""
        from sanbon import kendo_end

        rows = kendo_end.standings(self.session.state, self.session.seat_name, self.L)
        drop(kendo_end)
        return rows

    def describe(self):
        from sanbon import kendo_more

        text = kendo_more.describe(self)
        drop(kendo_more)
        return text
