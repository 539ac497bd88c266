"""Okko: Oni Hunters in the app: the game plugin (engine/okko) and its play
screen.

Modes (sanbon.games.OKKO): Partner (a computer partner, Steady or
Forgetful, in the other seat), Solo (one human plays both heroes: no
hand-over, every peek shown at once) and Pass and play (two humans: a hand-over screen
before every peek). The Easy aid is a house rule (OkkoState's ``aid``).

The screen (widgets: sanbon.okko_layout, words: sanbon.okko_words, what
an item does and the log: sanbon.okko_detail, loaded only while read): the
title says whose turn it is and what to do ("You: choose an action"; the
hero is on the place's row); the board's map and day track at the top (tiles of the sprite
sheet okko.bmp), three text rows (the place and the day, the enemy line,
the news; in the builders what is asked and what is marked), then the
decision's list, each row with its pictures (a card's kind, element,
Fight and Investigate), and the detail line: what the selected item does.
"Both hands", "Enemy line" and "Log" show both hands, the enemies and the
last turns. At the Court, the peeks and the flips, a labelled 4x4 grid
(columns A-D, rows 1-4) replaces the list, drawn in display orientation
(cards.board_to_display with ``state.orient``); X moves the cursor to the
next column, Y to the next row (both wrap), A chooses.

Private peeks: the token of a P_REVEAL is on screen only while the peeker
is a human who holds the device (in pass and play after the hand-over),
for REVEAL_MS or until any button; the app keeps nothing of it (the Easy
aid's marks are the engine's). A computer partner's peeks are never shown;
its memory (bots.py's bytearray(16) per seat) is saved after the state's
bytes (OkkoGame.to_bytes / load_state).
"""

from engine.okko import actions as A  # read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C
from engine.okko import data as D  # its constants only (folded): W.D is the module
from engine.okko.state import OkkoState

from sanbon import buttons as btn
from sanbon import okko_words as W
from sanbon import ui
from sanbon.ui import drop
from sanbon.gamescreen import GameScreen as _Base

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


HIDDEN = False  # the hands are open (G23); peeks have their own hand-over
REVEAL_MS = const(3000)

_SOLO = const(1)  # games.OKKO.modes

# list items that are not actions
_B_HANDS = const(-1)
_B_LINE = const(-2)
_B_LOG = const(-3)
_R_HEAD = const(-10)  # - seat: a hand's heading
_R_CARD = const(-1000)  # - card
_R_ENEMY = const(-2000)  # - enemy
_R_BOSS = const(-3000)  # - boss

PHASES = "hero|discard|trade|action|fight|encounter|pay|explore|summon|reward|peek|reveal|court|over"
# what to do, per phase: a long wording and, after '/', one for the narrow title (<= 14 characters)
TITLES = ("choose a hero|discard a card|trade a card?|choose an action/pick an action|"
          "mark cards to fight/mark fighters|mark the asked cards/mark the cards|mark cards to pay/pay to leave|"
          "draw or stop|draw or stop|choose a reward/pick a reward|peek at a square/choose a peek|remember it|"
          "flip a square|the end")

# sanbon.okko_layout's tiles (tools/art/okko.py)
_T_NODE = const(1)
_T_ARROW = const(19)
_T_F = const(24)
_T_I = const(34)
_T_KIND = const(44)
_T_ELEM = const(48)
_T_ENEMY = const(54)
_T_BOSS = const(55)
_T_HERO = const(56)
_T_JAR = const(57)
_T_SQUARE = const(58)
_T_FACE = const(112)  # + 4 * picture: a 24x24 portrait's four tiles (heroes 0-3, enemy kinds 4-11, bosses 12-16)
_T_SMALL = const(180)  # + picture: the portrait at 12x12
_T_JARS = const(197)  # + jar type
_T_TALK = const(203)  # an Encounter
_T_CARDS = const(204)  # drawing cards, the hands
_T_REST = const(205)  # a moon
_TILE = const(12)


class OkkoGame(OkkoState):
    """The engine state and the computer partners' memories (bots.py), one
    bytearray(16) per seat, saved after the state's bytes."""

    def __init__(self, rng, aid=0):
        OkkoState.__init__(self, rng, aid)
        self.memory = (bytearray(16), bytearray(16))

    def to_bytes(self):
        return OkkoState.to_bytes(self) + bytes(self.memory[0]) + bytes(self.memory[1])


def new_state(config, rng):
    return OkkoGame(rng, 1 if config.options & A.OPT_AID else 0)


def load_state(data):
    if len(data) < 40:
        raise ValueError("the saved game is too short")
    try:
        s = OkkoGame.from_bytes(data[:-32])
    finally:
        ui.unload("engine.okko.saves")  # the save's checks, loaded by from_bytes
    s.memory = (bytearray(data[-32:-16]), bytearray(data[-16:]))
    return s


def bot_memory(state, data=None):
    """The partners' memories of their peeks, set from ``data`` if given
    (sanbon.session saves them beside the moves: a replay does not make them)."""
    m = state.memory
    if data is not None:
        m[0][:] = data[:16]
        m[1][:] = data[16:32]
    return bytes(m[0]) + bytes(m[1])


def people(config):
    """How many people play: Solo is one person at both human seats."""
    return 1 if config.mode == _SOLO else config.humans()


def hidden_marks(state):
    """What a decision that may be undone leaves alone (sanbon.session): the
    decks' sizes (a draw shows a card), the Court's peeks and the peek phase."""
    n = 0
    for q in range(16):
        n += 1 if state.peeked[q] else 0
    return bytes((len(state.adv_deck), len(state.enemy_deck), len(state.supply), len(state.jar_deck),
                  len(state.exp_deck), n, state.phase == A.P_REVEAL))


def bot_action(state, seat, level, rng):
    """The computer partner (engine/okko/bots.py) on what the seat may see
    and its own memory of its peeks."""
    if state.phase >= A.P_PEEK:  # a peek or a flip: the small Court module is enough
        from engine.okko.court import decide

        # at the Court the partners talk it over (R28): a computer partner
        # hears the other seat's memory (a human's is all unknown: the
        # human hears the partner's advice on the Court screen instead)
        return decide(state.observation(seat), seat, level, rng, state.memory[seat], state.memory[1 - seat])
    from engine.okko.bots import choose

    return choose(state.observation(seat), seat, level, rng, state.memory[seat])


def turn_over(before, state):
    """A save point: the turn passed to the other seat (a new turn, the
    other hero's choice, the other flip at the Court), or the end."""
    return state.is_over() or state.current_player != before


def _card_of(it):
    """The card a list item shows (its tiles), or -1."""
    if _R_ENEMY < it <= _R_CARD:
        return _R_CARD - it
    if A.GIVE <= it < 1024:  # GIVE, TAKE, TOGGLE, DISCARD, SPECIAL, SUMMON, MAP + card
        return (it - A.GIVE) & 127
    if A.SUPPORT <= it < A.SUPPORT + 17:
        return D.SUPPORT0 + it - A.SUPPORT  # SUPPORT + id: the support card
    return -1


def okko_court():
    """sanbon.okko_court, loaded while the Court is on screen."""
    from sanbon import okko_court

    return okko_court


def square_name(d):
    """A display square: columns A-D, rows 1-4 ("B3")."""
    return "ABCD"[d & 3] + str((d >> 2) + 1)


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        from sanbon import okko_layout

        okko_layout.build(self)
        if session.state.phase >= A.P_PEEK:
            okko_layout.build_court(self)
        else:
            okko_layout.build_list(self)
        okko_layout = None
        drop("okko_layout")
        cfg = session.config
        self.pass_play = cfg.humans() == 2 and cfg.mode != _SOLO
        self.items = []
        self.ok = []  # the legal actions of the decision shown
        self.cur = 0
        self.top = 0
        self.view = 0  # 0 the decision, 1 both hands, 2 the enemy line
        self.seen = None
        self.news = [""]  # who made the news, then its sentences
        self.by = -1  # the seat to move at the last redraw: who made the news
        self.gcur = 0  # the Court's cursor, a display square
        self.gq = 0  # the board square after the last peek: the next peek's default
        self.handed = -1  # pass and play: the seat handed the device for its peek
        self.adv_seen = None  # the partner's Court advice, for these events
        self.adv = b""
        self.dkey = None  # the item whose detail is shown
        self.due = None  # the reveal's timer
        self.later = None  # the time of the step that left the detail line's words for a later one
        self.tl = None  # the title shown
        self.note = None  # a board's end: the dialog that says so, due
        self.update()

    # -- what may be on screen ------------------------------------------------
    def human(self):
        st = self.session.state
        return not st.is_over() and not self.session.is_bot(st.current_player)

    def reveal_visible(self):
        """The peeked token may be shown: a human peeker holding the device."""
        s = self.session
        st = s.state
        if st.phase != A.P_REVEAL or s.is_bot(st.active):
            return False
        return not (self.pass_play and self.app.settings.handover) or self.handed == st.active

    # -- drawing ---------------------------------------------------------------
    def update(self):
        st = self.session.state
        ev = st.events
        if self.ended and ev is self.seen:
            return  # the end: the last move's redraw is on screen already (the end screen comes now)
        if ev is not self.seen:
            self.seen = ev
            self._events(ev)
        ph = st.phase
        court = ph >= A.P_PEEK
        if ph < A.P_COURT and court and self.session.is_bot(st.active):
            court = False  # a partner's peek: the news says so on the list (swapping the views redraws most of the screen)
        if (self.court is not None) != court:
            self._swap(court)
        self._map()
        if court:
            for t in self.rows:
                t.set("")
            okko_court().draw(self)
        else:
            self._rows()
            self._build()
            self._list()
        n = 0
        for t in self.rows:
            n = max(n, len(t.text))
        # the portraits, while no row reaches under them
        ui.show(self.who, not court and n * ui.CHAR_W <= self.who.x - self.L.margin - 4)
        if self.foes is not None:
            ui.show(self.foes, not court)
        self._title()
        self._hint()
        if not st.is_over():
            self.app.leds.turn(st.current_player)
        self.by = st.current_player
        # the partner (engine/okko/bots.py, 10 KB; court.py at the Court) is
        # loaded for a decision or the Court's advice, and forgotten once the
        # screen shows the result
        ui.unload("engine.okko.bots")
        ui.unload("engine.okko.court")

    def _swap(self, court):
        """The Court in place of the list, or back (only one is built)."""
        from sanbon import okko_layout

        g = self.group
        if court:
            if self.list is not None:
                g.remove(self.list)
                self.list = self.lrows = self.bar = self.more = self.up = self.detail = self.panel = self.one = None
            okko_layout.build_court(self)
            self.gcur = okko_court().first(self)
        else:
            if self.court is not None:
                g.remove(self.court)
                self.court = self.cells = self.side = self.cursor_box = self.advice_box = None
                drop("okko_court")
            okko_layout.build_list(self)
            self.dkey = None
        okko_layout = None
        drop("okko_layout")
        self.app.repaint()  # most of the screen changed (App.repaint says why)

    def _events(self, ev):
        st = self.session.state
        nm = self.session.seat_name
        news = W.feedback(st, ev, nm)
        if news:
            s = self.by
            news.insert(0, W.who(st, s, nm) + ":" if 0 <= s < 2 else "")
            self.news = news
        for event in ev:
            k = event[A.E_KIND]
            if k == "board" or k == "board_end" and event[A.E_BOARD] == 2:  # a dialog at the next pass, after this one's redraw
                self.note = W.transition(st, event[A.E_BOARD] if k == "board" else 3)
            elif k == "rotate" and st.phase < A.P_COURT:
                self.app.toast("The Court turns right!", 2000, ui.ACCENT)
            elif k == "injury" or k == "lose":
                self.app.leds.flash((255, 0, 0), 1)
            elif k == "defeat" or k == "boss":
                self.app.sound("hit")  # a fight won
            elif k == "encounter" or k == "support":
                self.app.sound("card")
            elif k == "win":
                self.app.leds.flash((255, 255, 255), 3)

    def _map(self):
        st = self.session.state
        b = st.board
        ar = C.arrows(b)
        over = st.phase >= A.P_COURT
        g = self.map
        for i in range(6):
            boss = C.location(b, i, 5)
            if boss != A.NONE and not st.boss_dead & (1 << i):
                t = _T_NODE + 12 + i
            elif i == st.loc and not over:
                t = _T_NODE + 6 + i
            else:
                t = _T_NODE + i
            if g[2 * i] != t:
                g[2 * i] = t
        red = -1
        for i in range(len(ar) // 4):
            fr, to, col, v = ar[4 * i], ar[4 * i + 1], ar[4 * i + 2], ar[4 * i + 3]
            if to == fr + 1 and not col and fr < 5:
                t = _T_ARROW + v - 3 if 3 <= v <= 7 else 0
                if g[2 * fr + 1] != t:
                    g[2 * fr + 1] = t
            elif col:
                red = i
        r = self.red
        if red >= 0:
            fr, to = ar[4 * red], ar[4 * red + 1]
            r.x = self.node_x + fr * self.step
            if r.width != (to - fr) * self.step:  # (a shape's size set is a redraw, changed or not)
                r.width = (to - fr) * self.step
            ui.show(r, True)
        # the day track: days passed, today, the days to come, the last days
        # (cells of the sheet, tools/art/okko.py; 8 pixels wide: today numbered)
        days = self.days
        wide = self.L.width >= 320  # (sanbon.okko_layout: 8-pixel days there)
        base = 120 if wide else 248
        for d in range(20):
            day = d + 1
            if day == st.day:
                c = 143 + day if wide else base + 2
            elif day < st.day:
                c = base + 1
            else:
                c = base + 3 if day >= 18 else base
            if days[d] != c:
                days[d] = c
        # who the text rows name: the hero to act, and the enemy or boss faced
        # (a portrait: the list row's small picture's large one)
        g = self.who[0]
        c = self._icons(_R_HEAD - st.current_player)[0] if st.current_player < 2 else 0
        if st.phase == A.P_FIGHT:
            t = st.target
            t = self._icons(_R_BOSS - t + 128 if t >= 128 else _R_ENEMY - t)[0]
        elif W.boss_here(st) != A.NONE:
            t = self._icons(A.FIGHT_BOSS)[0]
        else:
            t = self._icons(A.FIGHT_LINE)[0] if st.line else 0
        for i in range(8):
            v = (c if i & 2 == 0 else t)
            v = _T_FACE + 4 * (v - _T_SMALL) + (i & 1) + (i >> 1 & 2) if v else 0
            if g[i] != v:
                g[i] = v
        g = self.foes  # (320x240) the enemy line, the first to be fought at the left
        if g is not None:
            t = st.line
            for i in range(6):
                v = self._icons(_R_ENEMY - t[-1 - i])[0] if i < len(t) else 0
                if g[i] != v:
                    g[i] = v

    def _rows(self):
        from engine.okko import names

        st = self.session.state
        n = (self.who.x - self.L.margin - 4) // ui.CHAR_W  # (the portraits beside them)
        ph = st.phase
        pick = W.pick
        rows = self.rows
        if ph == A.P_FIGHT or ph == A.P_ENCOUNTER or ph == A.P_PAY:
            a, b, c, done = W.builder(st, n, not self.session.is_bot(st.current_player))
            rows[0].set(a, ui.TEXT)
            rows[1].set(b, ui.GOOD if done else ui.ACCENT)
            rows[2].set(c, ui.GOOD if done else ui.TEXT)
            return
        # the hero to act (the title names the seat only), the day, the place,
        # its cost to leave or its boss
        place = names.LOC_NAMES[st.board * 6 + st.loc]
        h = st.heroes[st.current_player]
        day = (C.hero_name(h) + ", day %d" if h < 4 else "Day %d") % st.day
        b = W.boss_here(st)
        if b != A.NONE:
            place = C.boss_name(b)
            text = pick(n, day + ", board %d: the boss " % (st.board + 1) + place, day + ": the boss " + place,
                        day + ": " + place)
        else:
            cost = "" if st.paid else W.cost_words(st.board, st.loc)
            text = day + ", board %d: " % (st.board + 1) + place
            if cost:
                cost = ". To leave: " + cost
                text = pick(n, text + cost, day + ": " + place + cost, day + cost, day + ": " + place)
            else:
                text = pick(n, text, day + ": " + place)
        rows[0].set(text, ui.BAD if b != A.NONE else ui.TEXT)
        # the enemy line and the days it costs (R8)
        t1, t2 = st.thresholds()
        k = len(st.line)
        col = ui.TEXT
        head = ("%d enemy" if k == 1 else "%d enemies") % k
        if k >= t2:
            head += ": +2 days a turn!"
            col = ui.BAD
        elif k >= t1:
            head += ": +1 day a turn!"
            col = ui.BAD
        else:
            head = pick(n, head + " (at %d: +1 day a turn)" % t1, head + ", at %d: +1 day" % t1)
            if k == t1 - 1:
                col = ui.ACCENT
        if k:
            head = pick(n, head + ". The first: " + C.enemy_name(st.line[-1]), head)
        rows[1].set(head, col)
        # the exploration, or the news
        col = ui.TEXT
        if ph == A.P_EXPLORE or ph == A.P_SUMMON:
            drawn = st.exp_discard[len(st.exp_discard) - st.drawn:] if st.drawn <= len(st.exp_discard) else b""
            vals = []
            for c in drawn:
                v = W.D.EXPLORE[c]
                vals.append(str(v) if v else "FAIL!")
            if ph == A.P_EXPLORE:  # the bank must reach the arrow; a FAIL loses this turn's total (R17)
                text = "To move: %d. Bank %d, this turn %d" % (W.arrow_value(st), st.bank, st.run)
                if len(text) > n:
                    text = text.replace("this ", "")
            else:
                text = "To summon: %d. This turn %d" % (W.summon_need(st), st.run)
            if vals:  # the cards of this turn's total (the Easy aid's odds: on the Draw row)
                text = pick(n, text + " (" + "+".join(vals) + ")", text)
            col = ui.ACCENT
        else:
            text = W.join(self.news[1:], n, self.news[0])
        rows[2].set(text, col)

    def _build(self):
        st = self.session.state
        was = self.items[self.cur] if self.items and self.cur < len(self.items) else None
        items = []
        ok = []
        view = self.view
        if not self.human() and view == 0:
            view = 1
        if view == 1:
            for s in (0, 1):
                items.append(_R_HEAD - s)
                for c in st.hands[s]:
                    items.append(_R_CARD - c)
        elif view == 2:
            for j in range(len(st.line) - 1, -1, -1):
                items.append(_R_ENEMY - st.line[j])
            b = W.boss_here(st)
            if b != A.NONE:
                items.append(_R_BOSS - b)
            if not items:
                items.append(_R_HEAD - 2)
        else:
            ok = st.legal_actions()
            ph = st.phase
            if ph == A.P_FIGHT or ph == A.P_ENCOUNTER or ph == A.P_PAY:
                items.append(A.CONFIRM)
                items.append(A.CANCEL)
                if A.TOGGLE_HERO in ok:
                    items.append(A.TOGGLE_HERO)
                for c in st.hands[st.active]:
                    items.append(A.TOGGLE + c)
            else:
                rest = False
                for a in ok:
                    if a == A.REST:
                        rest = True
                    elif a == A.TRADE_DONE:
                        items.insert(0, a)
                    else:
                        items.append(a)
                if rest:
                    items.append(A.REST)
            if ph == A.P_ACTION or ph == A.P_TRADE:
                items.append(_B_HANDS)
                items.append(_B_LINE)
                items.append(_B_LOG)
        self.ok = ok
        self.items = items
        cur = -1
        if was is not None:
            for i in range(len(items)):
                if items[i] == was:
                    cur = i
                    break
        if cur < 0:
            cur = 0
            for i in range(len(items)):
                a = items[i]
                if a >= 0 and a != A.CANCEL and a != A.CONFIRM and a in ok:
                    cur = i
                    break
            if items and items[0] == A.CONFIRM and A.CONFIRM in ok:
                cur = 0
        self.cur = cur

    def _text(self, it):
        st = self.session.state
        n = self.list_n
        if it == _B_HANDS:
            return "Both hands (%d and %d cards)" % (len(st.hands[0]), len(st.hands[1]))
        if it == _B_LINE:
            return "Enemy line (%d)" % len(st.line)
        if it == _B_LOG:
            return "Log: the last turns"
        if it <= _R_BOSS:
            return "Boss " + C.boss_name(_R_BOSS - it)
        if it <= _R_ENEMY:
            e = _R_ENEMY - it
            if e != st.line[-1]:
                return C.enemy_name(e)
            return W.pick(n, C.enemy_name(e) + " (fought first)", C.enemy_name(e) + " (first)")
        if it <= _R_CARD:
            return W.card_row(_R_CARD - it, "", n)
        if it < 0:
            s = _R_HEAD - it
            if s > 1:
                return "No enemies."
            text = "%s, %d cards" % (W.who(st, s, self.session.seat_name), len(st.hands[s]))
            return text + " (hurt)" if st.injury[s] or st.injured[s] else text
        return W.label(st, it, n)

    def _icons(self, it):
        """The four tiles of a list row: kind, element, Fight, Investigate
        (a confirm row's: what it is for)."""
        st = self.session.state
        if it == A.CONFIRM:  # what it is for: the enemy or boss fought, the encounter, the place left
            ph = st.phase
            if ph == A.P_PAY:
                return _T_NODE + st.loc, 0, 0, 0
            if ph == A.P_FIGHT:
                t = st.target
                return self._icons(_R_BOSS - t + 128 if t >= 128 else _R_ENEMY - t)
            it = A.ENCOUNTER
        c = _card_of(it)
        if c >= 0:
            k = C.card_kind(c)
            e = C.card_element(c)
            if k == D.SPECIAL:  # a Special has no values
                return _T_KIND + k, _T_ELEM + e if e else 0, 0, 0
            return _T_KIND + k, _T_ELEM + e if e else 0, _T_F + C.card_f(c), _T_I + C.card_i(c)
        e = -1
        if it <= _R_BOSS or it == A.FIGHT_BOSS:
            b = _R_BOSS - it if it < 0 else W.boss_here(st)
            pw = C.boss_field(b, 4)
            return (_T_SMALL + 12 + b, _T_ELEM + C.boss_field(b, 5) if pw == D.PW_NEEDS else 0, _T_F + C.boss_field(b, 2),
                    _T_I + C.boss_field(b, 3))
        if it <= _R_ENEMY:
            e = _R_ENEMY - it
        elif it == A.FIGHT_LINE:
            e = st.line[-1]
        if e >= 0:
            pw = C.enemy_power(e)
            # the enemy's kind (tools/art/okko.py's FOLK, by type)
            k = b"\x01\x00\x02\x02\x03\x03\x00\x05\x00\x00\x04\x04\x02\x06\x00\x02\x05\x07\x07\x05\x07\x05\x02\x07\x03"
            return (_T_SMALL + 4 + k[C.ENEMY_TYPE[e]], _T_ELEM + C.enemy_param(e) if pw == D.PW_NEEDS else 0, _T_F + C.enemy_f(e),
                    _T_I + C.enemy_i(e))
        h = -1
        if it == A.TOGGLE_HERO:
            h = st.heroes[st.active]
        elif A.HERO <= it < A.HERO + 4 and st.phase == A.P_HERO:
            h = it
        elif _R_HEAD - 1 <= it <= _R_HEAD:
            h = st.heroes[_R_HEAD - it]
        if 0 <= h < 4:
            return _T_SMALL + h, 0, _T_F + C.hero_f(h), _T_I + C.hero_i(h)
        if A.JAR <= it < A.SUPPORT:
            return _T_JARS + C.JAR_TYPE[it - A.JAR], 0, 0, 0
        if it == A.ENCOUNTER:  # what it asks: Ally, Equipment, an element, a Support card (its kind)
            out = [_T_TALK, 0, 0, 0]
            reqs = C.encounter(st.board, st.encounters)[0]
            for i in range(min(3, len(reqs))):
                r = reqs[i]
                out[i + 1] = (_T_KIND + r - 1 if r < D.R_ELEMENT else _T_ELEM + r - D.R_ELEMENT if r < D.R_SUPPORT
                              else _T_KIND + C.card_kind(D.SUPPORT0 + r - D.R_SUPPORT))
            return out
        if it == A.DRAW2 or it == A.DRAW or it == _B_HANDS or it == A.TRADE_DONE or it == A.CHOOSE_DRAW:
            return _T_CARDS, 0, 0, 0
        if it == A.REST:
            return _T_REST, 0, 0, 0
        if it == _B_LINE and st.line:  # the newest enemy's kind
            return self._icons(A.FIGHT_LINE)[0], 0, 0, 0
        if A.MOVE <= it < A.JAR:  # the arrow's value and the place it leads to
            ar = C.arrows(st.board)
            i = 4 * (it - A.MOVE)
            v = ar[i + 3]
            return _T_ARROW + v - 3 if 3 <= v <= 7 else 0, _T_NODE + ar[i + 1], 0, 0
        return 0, 0, 0, 0

    def _list(self):
        items = self.items
        rows = self.lrows
        n = len(rows)
        # a builder's confirm row (the one its third text row names) stays on
        # the first row while the cards scroll under it
        p = 1 if items and items[0] == A.CONFIRM else 0
        cur = self.cur
        if cur >= p:
            if cur - self.top < p:
                self.top = cur - p
            elif cur - self.top >= n:
                self.top = cur - n + 1
        if self.top + n > len(items):
            self.top = max(0, len(items) - n)
        deciding = self.human() and self.view == 0
        for r in range(n):
            g, t = rows[r]
            i = r if r < p else self.top + r
            if i >= len(items):
                t.set("")
                ui.show(g, False)
                continue
            it = items[i]
            tiles = self._icons(it)
            for k in range(4):
                if g[k] != tiles[k]:
                    g[k] = tiles[k]
            ui.show(g, True)  # (a TileGrid made visible again is redrawn whole)
            if it < 0 and it > _R_CARD and it <= _R_HEAD:
                col = ui.ACCENT
            elif deciding and it >= 0 and it not in self.ok:
                col = ui.DIM
            else:
                col = ui.TEXT
            t.set(self._text(it), col)
        shown = (deciding or self.view) and items
        self.bar.hidden = not shown
        self.bar.move(self.bar.x, self.ly + (cur if cur < p else cur - self.top) * self.lh)
        g = self.panel
        if g is not None:  # (sanbon.okko_layout: 320x240) the selected row's subject large
            t = self._icons(items[cur]) if shown else (0, 0, 0, 0)
            v = t[0]
            if _T_SMALL <= v < _T_JARS:  # a portrait: its large one
                v = _T_FACE + 4 * (v - _T_SMALL)
                t = (v, v + 1, v + 2, v + 3)
            v = 0 if t[1] or t[2] or t[3] else t[0]  # one picture: it alone, larger
            if v:
                t = (0, 0, 0, 0)
            for k in range(4):
                if g[k] != t[k]:
                    g[k] = t[k]
            g = self.one
            if g[0] != v:
                g[0] = v
        self.more.set("v" if self.top + n < len(items) else "")
        self.up.move(self.L.width - 1, self.ly + p * self.lh)  # over the rows that scroll
        self.up.set("^" if self.top else "")
        self._detail(items[self.cur] if shown else None)

    def _detail(self, it):
        """The detail line(s): what the selected item does, in words. The
        words come at the next step (tick): sanbon.okko_detail is loaded then,
        alone in its step, and forgotten, not on top of an engine step."""
        st = self.session.state
        key = None if it is None else (it, st.phase, len(st.line), st.sel_hero)
        if key == self.dkey:
            return
        self.dkey = key
        if it is None:
            for t in self.detail:
                t.set("")
        else:
            self.later = self.app.now

    def _later(self):
        """The detail line's words, left by _detail for this step."""
        self.later = None
        if self.list is None or not self.items:
            return
        from sanbon import okko_detail

        lines = okko_detail.fit(okko_detail.detail(self, self.items[self.cur]), self.row_n, len(self.detail))
        okko_detail = None
        drop("okko_detail")
        for i in range(len(self.detail)):
            self.detail[i].set(lines[i] if i < len(lines) else "")

    def _title(self):
        """"<seat>: <what to do>" (sanbon.session's seat name; the hero is on
        the place's row), with a shorter wording after '|' for the narrow
        screens (ui.Frame.set_title)."""
        st = self.session.state
        if st.is_over():
            text = "The game is over"
        else:
            s = st.current_player
            what = W.names().Names(TITLES)[st.phase]
            if self.session.is_bot(s):
                what = "peeks in secret" if st.phase == A.P_REVEAL else "takes a turn"
            elif st.phase == A.P_REVEAL and not self.reveal_visible():
                what = "peeks in secret"
            if self.view == 1:
                what = "both hands"
            elif self.view == 2:
                what = "the enemy line"
            s = self.session.seat_name(s) + ": "
            text = s + what.replace("/", "|" + s)
        if text != self.tl:  # (set_title picks a wording: only when it changes)
            self.tl = text
            self.frame.set_title(text)

    def _hint(self):
        st = self.session.state
        ph = st.phase
        if st.is_over():
            text = ""
        elif not self.human():
            text = "any key faster  hold B pause"
        elif ph == A.P_PEEK or ph == A.P_COURT:
            text = "A %s  X right  Y down  hold B pause" % ("peek" if ph == A.P_PEEK else "flip")
        elif ph == A.P_REVEAL:
            text = "any key go on"
        elif self.view:
            text = "B back  X/Y move"
        elif ph == A.P_FIGHT or ph == A.P_ENCOUNTER or ph == A.P_PAY:
            text = "A mark  X/Y move  hold B pause"
        else:
            text = "A choose  X/Y move  hold B pause"
        self.frame.set_hint(text)

    # -- buttons ----------------------------------------------------------------
    def tick(self, now):
        n = self.note
        if n is not None and self.app.top is self:
            self.note = None
            self.app.dialog(n)
            return
        if self.later is not None and self.later != now and self.app.top is self:
            self._later()
            return
        _Base.tick(self, now)
        if self.app.top is not self:
            return
        st = self.session.state
        ph = st.phase
        if st.is_over() or (ph != A.P_PEEK and ph != A.P_REVEAL):
            self.due = None
            self.handed = -1
            return
        a = st.active
        if self.session.is_bot(a):
            return
        if self.pass_play and self.app.settings.handover and self.handed != a:
            from sanbon.screens import HandOverScreen

            self.update()
            self.app.push(HandOverScreen(self.app, self.session.seat_name(a), self._handed,
                                         "A peek at the Court: only you may look."))
            return
        if ph == A.P_REVEAL:
            if self.due is None:
                self.due = (now + REVEAL_MS) & 0x1FFFFFFF
            elif btn.ticks_diff(now, self.due) >= 0:
                self.due = None
                self.act(A.SEEN)

    def _handed(self):
        self.handed = self.session.state.active
        self.update()

    def human_button(self, b):
        if self.note is not None:  # a board just ended: its dialog first, and the press was for it
            self.tick(self.app.now)
            return
        st = self.session.state
        ph = st.phase
        if ph == A.P_REVEAL:
            if self.reveal_visible():
                self.due = None
                self.act(A.SEEN)
            elif b == btn.B:
                self.pause()
            return
        if ph == A.P_PEEK or ph == A.P_COURT:
            d = self.gcur
            if b == btn.X:  # the next column, wrapping in the row
                self.gcur = (d & 12) | ((d + 1) & 3)
                okko_court().draw(self)
            elif b == btn.Y:  # the next row, wrapping in the column
                self.gcur = (d + 4) & 15
                okko_court().draw(self)
            elif b == btn.A:
                sq = C.display_to_board(d, st.orient)
                if ph == A.P_COURT and st.flipped[sq]:
                    self.app.toast("Square %s is turned over already." % square_name(d), 2000, ui.BAD)
                    return
                if ph == A.P_PEEK:  # the next square: the likely next peek
                    self.gq = (sq + 1) & 15
                self.act((A.PEEK if ph == A.P_PEEK else A.FLIP) + sq)
                if self.court is not None:
                    self.gcur = okko_court().first(self)
                    okko_court().draw(self)
            elif b == btn.B:
                self.pause()
            return
        if b == btn.B:
            if self.view:
                self.view = 0
                self.update()
            else:
                self.back_out()
        elif b == btn.X or b == btn.Y:
            if self.items:
                self.cur = (self.cur + (-1 if b == btn.X else 1)) % len(self.items)
                self._list()
        elif b == btn.A and self.items:
            self.press(self.items[self.cur])

    def press(self, it):
        st = self.session.state
        if self.view:
            self.view = 0
            self.update()
        elif it == _B_HANDS or it == _B_LINE:
            self.view = 1 if it == _B_HANDS else 2
            self.cur = 0
            self.top = 0
            self.update()
        elif it == _B_LOG:
            from sanbon import okko_log
            from sanbon.texts import TextScreen

            lines = okko_log.log(self)
            okko_log = None
            drop("okko_log")
            self.app.push(TextScreen(self.app, self._text(_B_LOG), lines))
        elif it < 0:
            return
        elif it not in self.ok:
            from sanbon import okko_log

            why = okko_log.why_not(st, it)
            okko_log = None
            drop("okko_log")
            self.app.toast(why, 2500, ui.BAD)
        else:
            self.act(it)

    def resume(self):
        self.update()

    # -- the end and the text for tests (sanbon.okko_log) ----------------------
    def _log(self, name):
        from sanbon import okko_log

        out = getattr(okko_log, name)(self)
        okko_log = None
        if name != "why_end":  # the end screen asks for the standings next
            drop("okko_log")
        return out

    def headline(self):
        return "All 3 Oni unmasked!" if self.session.state.winner() else "The Oni escape"

    def reason(self):
        return self._log("why_end")

    def standings(self):
        """The end screen's results: each board's last day, the Oni found
        and the Spirit Jars left (short lines)."""
        return self._log("standings")

    def describe(self):
        return self._log("describe")
