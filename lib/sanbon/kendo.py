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
    return bytes(len(deck) for deck in state.decks)


def bot_action(state, seat, level, rng):
    """The computer player (engine/kendo/bots.py) on what the seat may see."""
    from engine.kendo.bots import choose  # imported at the first computer decision

    return choose(state.observation(seat), seat, level, rng)


def turn_over(before, state):
    """A save point: the end of an exchange (the next one is to open, or a
    seat must discard down to 12 first), a seat done switching, the end."""
    if state.is_over():
        return True
    phase = state.phase
    if phase == A.P_OPEN:
        return True
    if phase == A.P_SWITCH:
        return state.current_player != before
    if phase == A.P_DISCARD:
        for event in state.events:
            if event[A.E_KIND] != "discard":
                return True  # the exchange that led here just ended
    return False


def open_action(target, main, reinf=-1):
    """engine.kendo.actions.open_action (that module is not loaded: RAM)."""
    index = main if main < C.COUNTER0 else main - (C.ALT0 - C.COUNTER0)
    return A.OPEN + (target * 16 + index) * 5 + (reinf - (C.REINF0 - 1) if reinf >= 0 else 0)


def decode_open(action):
    """engine.kendo.actions.decode_open: (target, main card, JODAN/SEME or -1)."""
    target, reinf = divmod(action - A.OPEN, 5)
    target, main = divmod(target, 16)
    return (target, (main if main < C.COUNTER0 else main + (C.ALT0 - C.COUNTER0)),
            (C.REINF0 - 1 + reinf if reinf else -1))


def _show(chip, show, glyph=False):
    """Show or hide a chip (sanbon.kendo_layout.chip) and its glyph; a
    hidden chip's texts are emptied, its new-card mark hidden."""
    frame = chip[0]
    glyph_grid = chip[4]
    if glyph_grid.hidden != (not (show and glyph)):
        glyph_grid.hidden = not (show and glyph)
    if frame.hidden != show:
        return
    for shape in chip:
        if shape is None or shape is glyph_grid:
            continue
        if isinstance(shape, ui.Text):
            if not show:
                shape.set("")
            shape.label.hidden = not show
        elif show and shape is chip[6]:
            continue  # the new-card mark: _chip says
        else:
            shape.hidden = not show


def letter(name):
    """A seat's letter on a table card: "Y" for You, "2" for P2."""
    return name[-1] if name[0] == "P" else name[0]


def _place(chip, x, y, w, h, card):
    """Lay a chip out at (x, y), w x h: a card's inner panel leaves a band of
    the frame at the left for its glyph (or the tab of who played it); a
    button's is the whole inside."""
    frame, inner, text, bar, glyph, letter_text, mark = chip
    if frame.x != x or frame.y != y:
        frame.x = x
        frame.y = y
        inner.y = y + 2
        glyph.x = x + 1
        glyph.y = y + (h - 10) // 2
        if bar is not None:
            bar.x = x
            letter_text.move(x + 4, y + h // 2)
    if frame.width != w:
        frame.width = w
    if mark is not None:
        mark.x = x + w - 6
        mark.y = y
    inner_x = x + (8 if card else 2)
    if inner.x != inner_x:
        inner.x = inner_x
    if inner.width != w - (10 if card else 4):
        inner.width = w - (10 if card else 4)
    text.move(inner_x + inner.width // 2, y + h // 2)


def slide(scr, step):
    """Step ``step`` of 5 of the table chip sliding in (``scr.slide``): each of
    its shapes moved by the change since the step before (small ints, the
    chip's own list: no allocation); at 5 it is at its place, the slide over."""
    motion = scr.slide
    if motion[0] < 0:
        return
    chip = scr.track[motion[0]]
    if step >= 5:
        step = 5
        motion[0] = -1
    step_x = motion[1] * (5 - step) // 5 - motion[3]
    step_y = motion[2] * (5 - step) // 5 - motion[4]
    if step_x or step_y:
        motion[3] += step_x
        motion[4] += step_y
        for shape in chip:
            if shape is not None:
                shape.x += step_x
                shape.y += step_y


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
        config = session.config
        if not config.mode:  # a Duel saved with Hard (offered before issue 30) goes on with Normal: the same play
            for seat in range(len(config.seats)):
                if config.seats[seat] == 3:
                    config.seats[seat] = 2
        state = session.state
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
        self.last = [""] * state.players  # per seat: the last message about its own play
        self.title_text = None
        self.sug = None  # (the state's events, the Normal computer's action then)
        # the suggestions start two ticks after the screen is built: the
        # computer player's code does not load in the step that loads the game
        self.late = 2
        self.trk = bytearray(state.chain)  # (seat, card) pairs of the exchange shown
        self.before = [None] * state.players  # each seat's hand when it last acted
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
        session = self.session
        state = session.state
        if state.is_over():
            return -1
        cur = state.current_player
        if not session.is_bot(cur):
            if self.needs_handover() and self.shown_seat != cur:
                return -1
            return cur
        if session.config.humans() == 1:
            for seat in range(state.players):
                if not session.is_bot(seat):
                    return seat if state.hands[seat] else -1
        return -1

    # -- drawing ---------------------------------------------------------
    def update(self):
        session = self.session
        state = session.state
        events = state.events
        fresh = events is not self.seen  # a new apply (each one makes a new list)
        if fresh:
            self.seen = events
            self._events(events)
        seat = self.hand_seat()
        deciding = seat >= 0 and seat == state.current_player
        dkey = (state.phase, state.current_player, seat)
        if dkey != self.dkey or not deciding:
            if dkey != self.dkey:
                self.items = []  # a new decision: the cursor starts afresh
            self.dkey = dkey
            self.sub = 0
            self.marks = []
            self.main = self.reinf = -1
        key = (dkey, self.sub, len(state.hands[seat]) if seat >= 0 else -1)
        if fresh or key != self.key:
            self.key = key
            self._build(seat, deciding)
        self._strip()
        self._track()
        motion = self.slide
        if motion[0] == -2:  # the card played slides from where it was to its place
            index = motion[5] - self._first_shown()
            motion[0] = -1
            if 0 <= index < len(self.track):
                frame = self.track[index][0]
                motion[0] = index
                motion[1] = min(motion[1], self.L.width - frame.width) - frame.x  # (a wide chip stays on the screen)
                motion[2] -= frame.y
                motion[5] = self.app.now
                slide(self, 0)
        self._title()
        self._message()
        if not state.is_over():
            self.app.leds.turn(state.current_player)

    def _events(self, events):
        """The track, the LEDs and the message for what just happened."""
        state = self.session.state
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
        text = W.feedback(state, events, self.session.seat_name, self.msg_n * (2 if len(self.msg) > 1 else 1))
        # the detail line waits (240x135) while the news is about another seat
        cur = -1 if state.is_over() else state.current_player
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
            motion = self.slide
            tab = self.seats[seat][0]
            motion[0] = -2
            motion[1] = tab.x - 6
            motion[2] = tab.y
            motion[5] = len(trk) // 2 - 1
            if seat == self.seat and trk[-1] in self.items:
                index = self.items.index(trk[-1])
                row = (self.pos[index] >> 4) - self.top if index < len(self.pos) else -1
                if 0 <= row < self.rows:
                    motion[1] = self.gx + (self.pos[index] & 15) * (self.cw + 1)
                    motion[2] = self.gy + row * (self.gh + self.gap)
        return trk

    def _strip(self):
        state = self.session.state
        seat_name = self.session.seat_name
        pals = self.pals
        cur = state.current_player
        for seat, (text, dots, hansoku_text) in enumerate(self.seats):
            if state.eliminated[seat]:
                text.set("%s out" % seat_name(seat), ui.DIM)
            elif dots:  # Competition: hands refill, the log counts them
                text.set(seat_name(seat), ui.ACCENT if seat == cur else ui.TEXT)
            else:
                text.set("%s %d" % (seat_name(seat), len(state.hands[seat])), ui.ACCENT if seat == cur else ui.TEXT)
            if dots:
                ippons = state.ippons[seat]
                for ring in range(2):  # a disc for an ippon, else a ring
                    shade(dots[2 * ring], pals[_P_ON if ring < ippons else _P_BUTTON])
                    shade(dots[2 * ring + 1], pals[_P_ON if ring < ippons else _P_BG])
                hansoku = state.hansoku[seat]
                hansoku_text.set("%d hansoku" % hansoku if hansoku else "", ui.BAD)
        if state.mode == A.COMPETITION:
            if state.encho:  # the log says which encho exchange
                self.clock.set("ENCHO")
            elif state.time_up:
                self.clock.set("TIME")
            else:
                self.clock.set("")

    def _track(self):
        """The exchange's last plays; grey once it is over. The piles in its
        place while no exchange is shown."""
        state = self.session.state
        pals = self.pals
        slide(self, 5)  # a slide under way ends: the chip at its place
        trk = self.trk
        count = len(trk) // 2
        done = state.phase != A.P_REACT
        start = self._first_shown()
        if count:  # "<": earlier plays of the exchange are left out (the log has them)
            self.piles.set("<" if start else "")
        else:
            decks = state.decks
            self.piles.set("Piles: Basic %d  Counter %d  Other %d" % (len(decks[0]), len(decks[1]), len(decks[2])))
        left = self.gx + (12 if start else 0)
        item = self.items[self.cur] if self.deciding and self.cur < len(self.items) else 0
        seat_name = self.session.seat_name
        for slot, chip in enumerate(self.track):
            frame, inner, name_text, bar, glyph, letter_text, _ = chip
            index = start + slot
            if index >= count:
                _show(chip, False)
                continue
            seat, card = trk[2 * index], trk[2 * index + 1]
            text = self._table(card)
            width = self._width(text)
            _place(chip, left, frame.y, width, frame.height, True)
            left += width + 1
            if card >= _HANSOKU:
                shade(frame, pals[_P_BAD_DIM if done else _P_BAD])
            else:
                shade(frame, pals[COLOUR[card] + (_P_DIM if done else 0)])
            sel = item == _B_TABLE - index
            shade(inner, pals[_P_SEL if sel else _P_PANEL])
            name_text.set(text, ui.SELECT_TEXT if sel else (ui.DIM if done else ui.TEXT))
            shade(bar, pals[_P_SEAT + seat])
            letter_text.set(letter(seat_name(seat)))
            _show(chip, True)

    def _first_shown(self):
        """The first play on the track: those that fit, newest last (a name
        too long for a cell makes its chip wider); if not all, room for "<"
        at the left."""
        trk = self.trk
        count = len(trk) // 2
        full = (self.cw + 1) * len(self.track)
        for room in (full, full - 12):
            start = count
            while start > 0:
                width = self._width(self._table(trk[2 * start - 1])) + 1
                if width > room:
                    break
                room -= width
                start -= 1
            if not start:
                break
        return start

    def _width(self, text):
        """A table chip's width: a cell, or as wide as a longer name needs."""
        width = len(text) * 6 + 14
        return width if width > self.cw else self.cw

    def _table(self, card):
        """A table card's name, or what happened in its place."""
        if card < _HANSOKU:
            return W.short(card)
        return "NO ANSWER" if card == _NO_ANSWER else ("IPPON" if card == _IPPON else "HANSOKU")

    def _title(self):
        """"<who>: <what to do>" (sanbon.ui.Frame.set_title: never cut), and
        the buttons on the hint line."""
        state = self.session.state
        seat_name = self.session.seat_name
        if state.is_over():
            text = "Kendo: game over"
        else:
            who = seat_name(state.current_player)
            phase = state.phase
            if phase == A.P_SWITCH:  # the button says how many are marked
                count = A.MAX_SWITCHES - state.switched[state.current_player]
                text = "%s: switch up to %d card%s|%s: switch up to %d" % (
                    who, count, "s" if count > 1 else "", who, count)
            elif phase == A.P_OPEN:
                if self.sub == 1:  # the "No JODAN/SEME" button under it
                    text = "%s: add JODAN or SEME?|%s: add JODAN/SEME" % (who, who)
                elif self.sub == 2:
                    text = "%s: attack whom?" % who
                else:
                    text = "%s: attack" % who
            elif phase == A.P_REACT:
                # what and who: the track's last chip (its name and the
                # striker's letter) says both where the title cannot
                inc = W.incoming(state)
                text = "%s: answer %s" % (who, inc)
                if state.players > 2:
                    text = "%s: answer %s from %s|%s" % (who, inc, seat_name(state.striker), text)
                text += "|%s: answer" % who
            elif phase == A.P_DISCARD:  # the detail line says why: over 12 cards
                count = len(state.hands[state.current_player]) - A.HAND_MAX
                text = "%s: discard down to 12 (%d to go)|%s: discard %d, keep 12|%s: discard %d more" % (
                    who, count, who, count, who, count)
            else:
                text = who
        if text != self.title_text:
            self.title_text = text
            self.frame.set_title(text)
        if state.is_over() or self.seat < 0 and not self.session.is_bot(state.current_player):
            hint = ""
        elif not self.deciding:
            hint = "any key faster  hold B pause"
        elif self.items and self.items[self.cur] <= _B_TABLE:  # a table card: A does nothing
            hint = "X/Y move  hold B pause" if not self.sub else "B back  X/Y move"
        elif self.sub:
            hint = "A choose  B back  X/Y move"
        elif state.phase == A.P_SWITCH:
            hint = "A mark  X/Y move  hold B pause"
        else:
            hint = "A choose  X/Y move  hold B pause"
        self.frame.set_hint(hint)

    def _detail(self):
        """What the cursor's item does, or why not now ("" when not deciding)."""
        if not (self.deciding and self.items):
            return ""
        state = self.session.state
        item = self.items[self.cur]
        if item >= 0:
            return W.role(state, item) if self._ok(item) else W.why_not(state, item, self.sub)
        return self._help(item)

    def _message(self):
        """The message lines. On the tall screens the news (what the last
        play did) and, under it, the detail line; on 240x135 one line: the
        news about another seat's play until a button is pressed, else (and
        in a discard down to 12, which says why) the detail. In the hand's place the messages before, while no hand is
        shown."""
        state = self.session.state
        detail = self._detail()
        news = self.hist[-1] if self.hist else ""
        chars = self.msg_n
        key = (detail, news, len(self.hist), self.seat, self.focus)
        if key == self.msg_key:
            return
        self.msg_key = key
        msg = self.msg
        if len(msg) > 1:
            lines = W.sentences(news, chars, len(msg) - 1)
            for index in range(len(msg) - 1):
                msg[index].set(lines[index] if index < len(lines) else "", ui.TEXT)
            msg[-1].set(detail, ui.ACCENT)
        elif detail and (self.focus or not news or state.phase == A.P_DISCARD):  # a discard: why first
            msg[0].set(detail, ui.ACCENT)
        else:
            msg[0].set(W.sentences(news, chars, 1)[0], ui.TEXT)
        lines = []
        if self.seat < 0:  # the older messages, newest last, a page at a time (ui.log_page)
            page, lines = ui.log_page(self.hist, len(self.hist) - 1, self.page, len(self.log), self._wrapped)
            if page is not self.page:  # a new page: the lines of the messages before it are not shown again
                self.page = page
                ui.prune(self.wraps, self.hist[-1 - len(self.log):])
        for index, text in enumerate(self.log):
            text.set(lines[index] if index < len(lines) else "")

    def _wrapped(self, text):
        got = self.wraps.get(text)
        if got is None:
            got = self.wraps[text] = W.sentences(text, self.msg_n + 1, 2)
        return got

    def _help(self, item):
        state = self.session.state
        if item == _B_SWITCH:
            if self.marks:
                return "Switch the marked cards"
            return "Keep this hand (A on a card marks it)"
        if item == _B_NOREINF:
            return "Attack with %s alone" % W.short(self.main)
        if item == _B_FAIL:
            return W.fail_text(state)
        if item == _B_LOG:
            return "Log: every player's last turns"
        if item <= _B_TABLE:
            return W.does(state, self.trk[2 * (_B_TABLE - item) + 1])
        target = _B_TARGET - item
        return "Attack %s (%d cards)" % (self.session.seat_name(target), len(state.hands[target]))

    def _label(self, item):
        if item == _B_SWITCH:
            return "Switch %d" % len(self.marks) if self.marks else "Keep hand"
        if item == _B_NOREINF:
            return "No JODAN/SEME"
        if item == _B_FAIL:
            return "No answer"
        if item == _B_LOG:
            return "Log"
        target = _B_TARGET - item
        return "%s: %d cards" % (self.session.seat_name(target), len(self.session.state.hands[target]))

    # -- the hand and the buttons ------------------------------------------
    def _ok(self, card):
        if not self.ok[card]:
            return False
        state = self.session.state
        if state.phase == A.P_SWITCH and self.deciding and card not in self.marks:
            return len(self.marks) < A.MAX_SWITCHES - state.switched[state.current_player]
        return True

    def _build(self, seat, deciding):
        allowed = self.ok
        for index in range(len(allowed)):
            allowed[index] = 0
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
        count = len(items)
        if deciding:  # then the table cards shown, oldest first: X from the first item reaches the newest
            trk = self.trk
            for play in range(self._first_shown(), len(trk) // 2):
                if trk[2 * play + 1] < _HANSOKU:
                    items.append(_B_TABLE - play)
        self.items = items
        # the grid: a card is one cell, a button two (the Log button one)
        cols = self.cols
        pos = []
        row = column = 0
        for item in items[:count]:
            span = self._span(item)
            if column + span > cols:
                row += 1
                column = 0
            pos.append(row * 16 + column)
            column += span
        self.pos = pos  # (the table cards have none)
        cur = first if first >= 0 else 0
        if was is not None and was in items and (not deciding or was < 0 or allowed[was]):
            cur = items.index(was)
        self.cur = cur
        self.top = 0
        self._grid()

    def _choices(self, hand, deciding):
        """The items of the grid (cards, the decision's buttons, Log) and
        where the cursor starts (-1: not said); marks in ``self.ok`` what
        may be chosen."""
        state = self.session.state
        allowed = self.ok
        items = []
        phase = state.phase
        first = -1  # where the cursor starts
        if not deciding:
            for card in hand:
                allowed[card] = 1
                items.append(card)
            return items, first
        legal = state.legal_actions()
        if phase == A.P_OPEN and self.sub == 2:
            for action in legal:
                target, main, reinf = decode_open(action)
                if main == self.main and reinf == self.reinf and _B_TARGET - target not in items:
                    items.append(_B_TARGET - target)
            first = 0
        elif phase == A.P_OPEN:
            for action in legal:
                target, main, reinf = decode_open(action)
                if self.sub == 0:
                    allowed[main] = 1
                elif main == self.main and reinf >= 0:
                    allowed[reinf] = 1
        else:
            for action in legal:
                if A.PLAY <= action < A.PLAY + C.N_CARDS:
                    allowed[action - A.PLAY] = 1
                elif A.DISCARD <= action < A.DISCARD + C.N_CARDS:
                    allowed[action - A.DISCARD] = 1
                elif action < A.SWITCH + C.N_CARDS:
                    allowed[action] = 1
        # the decision's button first (the cursor starts on it), then the hand
        if phase == A.P_SWITCH:
            items.append(_B_SWITCH)
            first = 0
        elif phase == A.P_OPEN and self.sub == 1:
            items.append(_B_NOREINF)
            first = 0
        elif phase == A.P_REACT and A.FAIL in legal:
            items.append(_B_FAIL)
            first = 0
        for card in hand:
            items.append(card)
        if first < 0 or phase == A.P_OPEN:
            sug = self._suggested(phase)
            if sug is not None and sug in items and (sug < 0 or allowed[sug]):
                first = items.index(sug)
        if first < 0:  # else the first card that may be played
            for index in range(len(items)):
                if items[index] >= 0 and allowed[items[index]]:
                    first = index
                    break
        items.append(_B_LOG)
        return items, first

    def _span(self, item):
        """The cells of an item in the grid: a card one (two for a name too
        long for one, where the chip has room for one line only), a button
        two, the Log button one."""
        if item < 0:
            return 1 if item == _B_LOG else 2
        return 2 if not self.two and len(W.short(item)) > self.fit else 1

    def _suggested(self, phase):
        """The item the Normal computer player would choose in this step, on
        what the seat may see (engine/kendo/bots.py; it draws no random
        number): where the cursor starts. None in the switch."""
        state = self.session.state
        if phase == A.P_SWITCH or self.late:
            return None
        if self.sug is None or self.sug[0] is not state.events:  # once per apply
            self.sug = (state.events, bot_action(state, state.current_player, B.NORMAL, None))
        action = self.sug[1]
        if phase == A.P_OPEN:
            if not A.OPEN <= action < A.DISCARD:
                return None
            target, main, reinf = decode_open(action)
            if self.sub == 0:
                return main
            if main != self.main:
                return None
            if self.sub == 1:
                return reinf if reinf >= 0 else _B_NOREINF
            return _B_TARGET - target if reinf == self.reinf else None
        if action == A.FAIL:
            return _B_FAIL
        if A.PLAY <= action < A.PLAY + C.N_CARDS:
            return action - A.PLAY
        if A.DISCARD <= action < A.DISCARD + C.N_CARDS:
            return action - A.DISCARD
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
        shown = 0
        chips = self.grid
        last = pos[-1] >> 4
        for index in range(len(pos)):
            row = (self.pos[index] >> 4) - top
            if 0 <= row < rows:
                self._chip(chips[shown], index, items[index], row, self.pos[index] & 15)
                shown += 1
        for spare in range(shown, len(chips)):
            _show(chips[spare], False)
        self.more.set("v" if last >= top + rows else ("^" if top > 0 else ""))

    def _chip(self, chip, index, item, row, col):
        frame, inner, text, _, glyph, second, mark = chip
        pals = self.pals
        span = self._span(item)
        card = item >= 0
        _place(chip, self.gx + col * (self.cw + 1), self.gy + row * (self.gh + self.gap),
               self.cw * span + span - 1, self.gh, card)
        sel = self.deciding and index == self.cur
        new = False
        if card:
            allowed = self._ok(item)
            shade(frame, pals[COLOUR[item] + (0 if allowed else _P_DIM)])
            marked = item in self.marks
            shade(inner, pals[_P_SEL if sel else (_P_MARK if marked else _P_PANEL)])
            # the glyph: the card's kind, grey and hollow if it may not be
            # played now, a check mark if marked (to switch, or chosen)
            glyph[0] = _T_CHECK if marked else KIND[item] + 1 + (0 if allowed else _T_GREY)
            seat = self.seat
            new = self.before[seat] is not None and item not in self.before[seat]
            if sel:
                color = ui.SELECT_TEXT
            elif marked:
                color = ui.ACCENT
            elif not allowed:
                color = ui.DIM
            else:
                color = ui.GOOD if new else ui.TEXT
            line1, line2 = W.lines(W.short(item), self.fit) if self.two else (W.short(item), "")
            text.set(line1, color)
            if line2 and second is None:
                second = chip[5] = self._extra(ui.Text(0, 0, "", ui.TEXT, 1, (0.5, 0.5)))
            if line2:  # two lines about the chip's middle
                mid_y = frame.y + self.gh // 2
                text.move(inner.x + inner.width // 2 + (3 if line1[-1] == " " else 0), mid_y - 6)  # "TAI ": its space
                second.move(inner.x + inner.width // 2, mid_y + 6)
            if second is not None:
                second.set(line2, color)
        else:
            shade(frame, pals[_P_SEL if sel else _P_BUTTON])
            shade(inner, pals[_P_SEL if sel else _P_PANEL])
            text.set(self._label(item), ui.SELECT_TEXT if sel else ui.TEXT)
            if second is not None:
                second.set("")
        _show(chip, True, card)
        if new and mark is None:
            mark = chip[6] = self._extra(ui.rect(pals[23], frame.x + frame.width - 6, frame.y, 6, 6))
        if mark is not None and mark.hidden == new:
            mark.hidden = not new

    def _extra(self, shape):
        """A hand chip's part made on first need (sanbon.kendo_layout.chip)."""
        self.hand.append(shape)
        return shape

    # -- buttons -------------------------------------------------------------
    def human_button(self, button):
        # a press ends a slide at once, then acts as ever (in a computer's
        # turn the press hurries it: its move's update ends the slide)
        slide(self, 5)
        if self.seat < 0:
            if button == btn.B:
                self.pause()
            return
        if button == btn.B:
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
        elif button == btn.X or button == btn.Y:
            if self.items:
                self.cur = (self.cur + (-1 if button == btn.X else 1)) % len(self.items)
                self.focus = True
                self._grid()
                self._track()
                self._title()
                self._message()
        elif button == btn.A and self.items:
            self._press(self.items[self.cur])

    def _reinforceable(self):
        for action in self.session.state.legal_actions():
            target, main, reinf = decode_open(action)
            if main == self.main and reinf >= 0:
                return True
        return False

    def _press(self, item):
        state = self.session.state
        if item == _B_LOG:
            self._log()
        elif item == _B_FAIL:
            self._act(A.FAIL)
        elif item == _B_SWITCH:
            seat = state.current_player
            marks = self.marks
            self.marks = []
            self.before[seat] = bytes(state.hands[seat])  # the new cards show as new
            for card in marks:
                if state.current_player == seat and state.phase == A.P_SWITCH:
                    self.act(A.SWITCH + card)
            if state.current_player == seat and state.phase == A.P_SWITCH:
                self.act(A.SWITCH_DONE)
        elif item == _B_NOREINF:
            self.reinf = -1
            self._target()
        elif item <= _B_TABLE:
            pass  # a table card: its detail line says what it does
        elif item <= _B_TARGET:
            self._act(open_action(_B_TARGET - item, self.main, self.reinf))
        elif not self._ok(item):
            self.app.toast(W.why_not(state, item, self.sub), 2500, ui.BAD)
        elif state.phase == A.P_SWITCH:
            if item in self.marks:
                self.marks.remove(item)
            else:
                self.marks.append(item)
            self.focus = True
            self._grid()
            self._message()
        elif state.phase == A.P_OPEN:
            if self.sub == 0:
                self.main = item
                self.reinf = -1
                if KIND[item] == C.K_BASIC and self._reinforceable():
                    self.sub = 1
                    self.marks = [item]
                    self.key = None
                    self.update()
                else:
                    self._target()
            else:
                self.reinf = item
                self._target()
        elif state.phase == A.P_REACT:
            self._act(A.PLAY + item)
        else:
            self._act(A.DISCARD + item)

    def _target(self):
        """The opening's target: the only rival, or the player's choice."""
        only = -1
        for action in self.session.state.legal_actions():
            target, main, reinf = decode_open(action)
            if main == self.main and reinf == self.reinf:
                if only >= 0 and target != only:
                    self.sub = 2
                    self.marks = [self.main] if self.reinf < 0 else [self.main, self.reinf]
                    self.key = None
                    self.update()
                    return
                only = target
        self._act(open_action(only, self.main, self.reinf))

    def _act(self, action):
        state = self.session.state
        seat = state.current_player
        self.before[seat] = bytes(state.hands[seat])  # what is new after this shows
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
        winners = self.session.state.winner() or ()
        if len(winners) > 1:
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
