"""Okko: Oni Hunters in the app: the game plugin (engine/okko) and its play
screen.

Modes (sanbon.games.OKKO): Partner (a computer partner, Normal or Hard, in
the other seat), Solo (one human plays both heroes: no hand-over, every
peek shown at once) and Pass and play (two humans: a hand-over screen
before every peek). The Easy aid is a house rule (OkkoState's ``aid``).

The screen (widgets: sanbon.okko_layout, words: sanbon.okko_words): the
board's map and day track at the top, three text rows (the location, the
enemy line newest first, the builder's running totals or the exploration
or the news), then the decision's list: the legal actions only, or in the
builders (fight, encounter, payment) the confirm/cancel buttons and the
hand as rows to mark. "Hands" and "Line" show both hands and the enemies.
At the Court, the peeks and the flips, a 4x4 grid replaces the list, drawn
in display orientation (cards.board_to_display with ``state.orient``).

Private peeks: the token of a P_REVEAL is on screen only while the peeker
is a human who holds the device (in pass and play after the hand-over),
for REVEAL_MS or until any button; the app keeps nothing of it (the Easy
aid's marks are the engine's). A computer partner's peeks are never shown;
its memory (bots.py's bytearray(16) per seat) is saved after the state's
bytes (OkkoGame.to_bytes / load_state).
"""

from engine.okko import cards as C
from engine.okko.state import OkkoState

from sanbon import buttons as btn
from sanbon import okko_words as W
from sanbon import ui
from sanbon.ui import drop, shade
from sanbon.gamescreen import GameScreen as _Base

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


HIDDEN = False  # the hands are open (G23); peeks have their own hand-over
REVEAL_MS = const(3000)

# the contract of engine/okko/actions.py (tests check them)
_P_HERO = const(0)
_P_DISCARD = const(1)
_P_TRADE = const(2)
_P_ACTION = const(3)
_P_FIGHT = const(4)
_P_ENCOUNTER = const(5)
_P_PAY = const(6)
_P_EXPLORE = const(7)
_P_SUMMON = const(8)
_P_REWARD = const(9)
_P_PEEK = const(10)
_P_REVEAL = const(11)
_P_COURT = const(12)
_P_OVER = const(13)
_TRADE_DONE = const(8)
_REST = const(10)
_TOGGLE_HERO = const(15)
_CONFIRM = const(16)
_CANCEL = const(17)
_SEEN = const(21)
_PEEK = const(96)
_FLIP = const(112)
_TOGGLE = const(384)
_DISCARD = const(512)
_NONE = const(255)
_SOLO = const(1)  # games.OKKO.modes
_OPT_AID = const(1)

# list items that are not actions
_B_HANDS = const(-1)
_B_LINE = const(-2)
_R_HEAD = const(-10)  # - seat: a hand's heading
_R_CARD = const(-1000)  # - card
_R_ENEMY = const(-2000)  # - enemy
_R_BOSS = const(-3000)  # - boss

# self.pals (sanbon.okko_layout.palettes)
COLOURS = (ui.PANEL, ui.LINE, ui.ACCENT, ui.BAD, ui.GOOD, ui.DIM, ui.TEXT, 0xE0C020, 0xD83838, ui.BG,
           0x505A64, 0x3A7CF0, 0xE04030, 0xA0683A, 0xB8E0F0, 0x9A5AD8, 0x8898A8, 0x3A6A9A, 0x6A2828)
_C_PANEL = const(0)
_C_LINE = const(1)
_C_ACCENT = const(2)
_C_BAD = const(3)
_C_GOOD = const(4)
_C_DIM = const(5)
_C_TEXT = const(6)
_C_ELEM = const(10)  # + element
_C_COURTIER = const(16)
_C_AID = const(17)
_C_LATE = const(18)
DAY_COLOURS = (_C_LINE, _C_DIM, _C_ACCENT, _C_LATE)  # the day track's tiles 0-3
PHASES = ("hero", "discard", "trade", "action", "fight", "encounter", "pay", "explore", "summon",
          "reward", "peek", "reveal", "court", "over")
TITLES = ("choose a hero", "discard 1", "trade?", "action", "fight", "encounter", "pay to leave",
          "explore", "summon", "reward", "peek", "peek", "flip", "")


_DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")


class OkkoGame(OkkoState):
    """The engine state and the computer partners' memories (bots.py), one
    bytearray(16) per seat, saved after the state's bytes."""

    def __init__(self, rng, aid=0):
        OkkoState.__init__(self, rng, aid)
        self.memory = (bytearray(16), bytearray(16))

    def to_bytes(self):
        return OkkoState.to_bytes(self) + bytes(self.memory[0]) + bytes(self.memory[1])


def new_state(config, rng):
    return OkkoGame(rng, 1 if config.options & _OPT_AID else 0)


def load_state(data):
    if len(data) < 40:
        raise ValueError("the saved game is too short")
    s = OkkoGame.from_bytes(data[:-32])
    s.memory = (bytearray(data[-32:-16]), bytearray(data[-16:]))
    return s


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
                  len(state.exp_deck), n, state.phase == _P_REVEAL))


def bot_action(state, seat, level, rng):
    """The computer partner (engine/okko/bots.py) on what the seat may see
    and its own memory of its peeks."""
    if state.phase >= _P_PEEK:  # a peek or a flip: the small Court module is enough
        from engine.okko.court import decide

        return decide(state.observation(seat), seat, level, rng, state.memory[seat])
    from engine.okko.bots import choose

    return choose(state.observation(seat), seat, level, rng, state.memory[seat])


def turn_over(before, state):
    """A save point: the turn passed to the other seat (a new turn, the
    other hero's choice, the other flip at the Court), or the end."""
    return state.is_over() or state.current_player != before


def _card_of(it):
    """The card a list item shows (its swatch), or -1."""
    if _R_ENEMY < it <= _R_CARD:
        return _R_CARD - it
    if 128 <= it < 640:
        return (it - 128) & 127
    if 48 <= it < 65:
        return 16 + it  # SUPPORT + id: the support card 64 + id
    return -1


def square_name(d):
    """A display square: columns A-D, rows 1-4 ("B3")."""
    return "ABCD"[d & 3] + str((d >> 2) + 1)


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        from sanbon import okko_layout

        okko_layout.build(self)
        if session.state.phase >= _P_PEEK:
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
        self.news = ""
        self.gcur = 0  # the Court's cursor, a display square
        self.due = None  # the reveal's timer
        self.handed = -1  # pass and play: the seat handed the device for its peek
        self.adv_seen = None  # the partner's Court advice, for these events
        self.adv = b""
        self.update()

    # -- what may be on screen ------------------------------------------------
    def human(self):
        st = self.session.state
        return not st.is_over() and not self.session.is_bot(st.current_player)

    def reveal_visible(self):
        """The peeked token may be shown: a human peeker holding the device."""
        s = self.session
        st = s.state
        if st.phase != _P_REVEAL or s.is_bot(st.active):
            return False
        return not (self.pass_play and self.app.settings.handover) or self.handed == st.active

    # -- drawing ---------------------------------------------------------------
    def update(self):
        st = self.session.state
        ev = st.events
        if ev is not self.seen:
            self.seen = ev
            self._events(ev)
        ph = st.phase
        court = ph >= _P_PEEK
        if (self.court is not None) != court:
            self._swap(court)
        self._map()
        if court:
            for t in self.rows:
                t.set("")
            self._court()
        else:
            self._rows()
            self._build()
            self._list()
        self._title()
        self._hint()
        if not st.is_over():
            self.app.leds.turn(st.current_player)
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
                self.list = self.lrows = self.bar = self.more = None
            okko_layout.build_court(self)
        else:
            if self.court is not None:
                g.remove(self.court)
                self.court = self.cells = self.dots = self.side = self.cursor_box = self.advice_box = None
            okko_layout.build_list(self)
        okko_layout = None
        drop("okko_layout")

    def _events(self, ev):
        st = self.session.state
        text = W.feedback(st, ev, self.session.seat_name)
        if text:
            self.news = text
        for e in ev:
            k = e[0]
            if k == "board":
                self._transition(e[1])
            elif k == "board_end" and e[1] == 2:
                self.app.dialog("Board 3 is over. The Court of Pajan: flip the 3 Oni, taking turns. "
                                "A courtier loses, unless a Spirit Jar saves you (%d)." % st.spirit_jars())
            elif k == "rotate" and st.phase < _P_COURT:
                self.app.toast("The Court turns a quarter!", 2000, ui.ACCENT)
            elif k == "injury" or k == "lose":
                self.app.leds.flash((255, 0, 0), 1)
            elif k == "defeat" or k == "boss":
                self.app.sound("hit")  # a fight won
            elif k == "encounter" or k == "support":
                self.app.sound("card")
            elif k == "win":
                self.app.leds.flash((255, 255, 255), 3)

    def _transition(self, b):
        """A new board: the days carried over and the hero choice."""
        from engine.okko import names

        st = self.session.state
        carried = 3 - st.day
        self.app.dialog("Board %d ended on day %d. Board %d, %s, starts on day %d (%d day%s carried). "
                        "Keep your hero (free) or change (1 day each)." % (
                            b, st.board_days[b - 1], b + 1, names.BOARD_NAMES[b], st.day, carried,
                            "" if carried == 1 else "s"))

    def _map(self):
        st = self.session.state
        p = self.pals
        b = st.board
        ar = C.arrows(b)
        over = st.phase >= _P_COURT
        nodes = self.nodes
        for i in range(6):  # no enumerate, no str(): no garbage per redraw
            f, inner, t = nodes[i]
            boss = C.location(b, i, 5)
            alive = boss != _NONE and not st.boss_dead & (1 << i)
            here = i == st.loc and not over
            shade(f, p[_C_BAD if alive else (_C_ACCENT if here else _C_LINE)])
            shade(inner, p[_C_ACCENT if here else _C_PANEL])
            t.set("B" if alive else _DIGITS[i + 1], ui.SELECT_TEXT if here else (ui.BAD if alive else ui.TEXT))
        red = -1
        for i in range(len(ar) // 4):
            fr, to, col, v = ar[4 * i], ar[4 * i + 1], ar[4 * i + 2], ar[4 * i + 3]
            if to == fr + 1 and not col and fr < 5:
                self.yellow[fr].set(_DIGITS[v] if v < 10 else str(v))
            elif col:
                red = i
        r = self.red
        if red >= 0:
            fr, to = ar[4 * red], ar[4 * red + 1]
            x = self.node_x + fr * self.step
            r.x = x
            r.width = (to - fr) * self.step
            r.hidden = False
        # the day track: days passed dim, today accent, the last days red
        # (tiles of DAY_COLOURS)
        days = self.days
        for d in range(20):
            day = d + 1
            if day == st.day:
                c = 2
            elif day < st.day:
                c = 1
            else:
                c = 3 if day >= 18 else 0
            if days[d] != c:
                days[d] = c

    def _rows(self):
        from engine.okko import names

        st = self.session.state
        n = self.row_n
        # the location: name, leave cost, boss, the red arrow
        text = "%d %s" % (st.loc + 1, names.LOC_NAMES[st.board * 6 + st.loc])
        cost = "" if st.paid else W.cost_text(st.board, st.loc)
        if cost:
            text += ", " + cost
        b = W.boss_here(st)
        if b != _NONE:
            text = "%d Boss %s" % (st.loc + 1, W.boss_text(b))
        ar = C.arrows(st.board)
        for i in range(len(ar) // 4):
            if ar[4 * i + 2] and len(text) + 12 <= n:
                text += "  red %d>%d:%d" % (ar[4 * i] + 1, ar[4 * i + 1] + 1, ar[4 * i + 3])
        self.rows[0].set(ui.fit(text, n), ui.BAD if b != _NONE else ui.TEXT)
        # the enemy line, newest first (the fight order), its pressure
        t1, t2 = st._thresholds()
        k = len(st.line)
        head = "Line %d" % k
        col = ui.TEXT
        if k >= t2:
            head += " +2 days!"
            col = ui.BAD
        elif k >= t1:
            head += " +1 day!"
            col = ui.BAD
        elif k == t1 - 1:
            head += " (%d:+1d)" % t1
            col = ui.ACCENT
        parts = [head + ":"]
        for j in range(k - 1, -1, -1):
            e = st.line[j]
            parts.append("%s%s %d/%d" % (">" if j == k - 1 else "", C.enemy_name(e)[:7], C.enemy_f(e), C.enemy_i(e)))
        self.rows[1].set(ui.fit(" ".join(parts) if k else "Line empty (+1 day at %d, +2 at %d)" % (t1, t2), n), col)
        # the builder, the exploration, or the news
        ph = st.phase
        col = ui.TEXT
        if ph == _P_FIGHT or ph == _P_ENCOUNTER or ph == _P_PAY:
            text, done = W.builder(st)
            col = ui.GOOD if done else ui.ACCENT
        elif ph == _P_EXPLORE or ph == _P_SUMMON:
            drawn = st.exp_discard[len(st.exp_discard) - st.drawn:] if st.drawn <= len(st.exp_discard) else b""
            vals = " ".join(str(x) if x else "F" for x in (W.D.EXPLORE[c] for c in drawn))
            if ph == _P_EXPLORE:
                text = "Run %d bank %d/%d" % (st.run, st.bank, W.arrow_value(st))
            else:
                text = "Summon %d/%d" % (st.run, W.summon_need(st))
            if vals:
                text += " [" + vals + "]"
            if st.aid:
                text += " " + W.odds(st)
            col = ui.ACCENT
        elif ph == _P_HERO and st.board:
            text = "Board %d: keep (free) or change (1 day)" % (st.board + 1)
        elif ph == _P_TRADE:
            text = "Trade: give 1 (>) and/or take 1 (<)"
        elif ph == _P_REWARD:
            text = "A reward: choose"
        elif ph == _P_DISCARD:
            text = "An enemy makes you discard 1 card"
        else:
            text = self.news
        self.rows[2].set(ui.fit(text, n), col)

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
            if b != _NONE:
                items.append(_R_BOSS - b)
            if not items:
                items.append(_R_HEAD - 2)
        else:
            ok = st.legal_actions()
            ph = st.phase
            if ph == _P_FIGHT or ph == _P_ENCOUNTER or ph == _P_PAY:
                items.append(_CONFIRM)
                items.append(_CANCEL)
                if _TOGGLE_HERO in ok:
                    items.append(_TOGGLE_HERO)
                for c in st.hands[st.active]:
                    items.append(_TOGGLE + c)
            else:
                rest = False
                for a in ok:
                    if a == _REST:
                        rest = True
                    elif a == _TRADE_DONE:
                        items.insert(0, a)
                    else:
                        items.append(a)
                if rest:
                    items.append(_REST)
            if ph == _P_ACTION or ph == _P_TRADE:
                items.append(_B_HANDS)
                items.append(_B_LINE)
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
                if a >= 0 and a != _CANCEL and a != _CONFIRM and a in ok:
                    cur = i
                    break
            if items and items[0] == _CONFIRM and _CONFIRM in ok:
                cur = 0
        self.cur = cur

    def _text(self, it):
        st = self.session.state
        if it == _B_HANDS:
            return "Hands (both)"
        if it == _B_LINE:
            return "Enemy line (%d)" % len(st.line)
        if it <= _R_BOSS:
            return "Boss " + W.boss_text(_R_BOSS - it)
        if it <= _R_ENEMY:
            e = _R_ENEMY - it
            return W.enemy_row(e, e == st.line[-1])
        if it <= _R_CARD:
            return W.card_row(_R_CARD - it)
        if it < 0:
            s = _R_HEAD - it
            if s > 1:
                return "No enemies."
            return "%s %s: %d cards" % (self.session.seat_name(s), W.hero(st, s), len(st.hands[s]))
        return W.label(st, it, self.session.seat_name)

    def _list(self):
        items = self.items
        rows = self.lrows
        n = len(rows)
        if self.cur < self.top:
            self.top = self.cur
        elif self.cur >= self.top + n:
            self.top = self.cur - n + 1
        if self.top + n > len(items):
            self.top = max(0, len(items) - n)
        p = self.pals
        deciding = self.human() and self.view == 0
        for r in range(n):
            sw, t = rows[r]
            i = self.top + r
            if i >= len(items):
                t.set("")
                sw.hidden = True
                continue
            it = items[i]
            c = _card_of(it)
            if c >= 0:
                shade(sw, p[_C_ELEM + C.card_element(c)])
                sw.hidden = False
            else:
                sw.hidden = True
            sel = i == self.cur and (deciding or self.view)
            if sel:
                col = ui.SELECT_TEXT
            elif it < 0 and it > _R_CARD and it <= _R_HEAD:
                col = ui.ACCENT
            elif deciding and it >= 0 and it not in self.ok:
                col = ui.DIM
            else:
                col = ui.TEXT
            t.set(ui.fit(self._text(it), self.list_n), col)
        self.bar.hidden = not (deciding or self.view) or not items
        self.bar.y = self.ly + (self.cur - self.top) * self.lh
        below = self.top + n < len(items)
        self.more.set("v" if below else ("^" if self.top else ""))

    def _court(self):
        s = self.session
        st = s.state
        p = self.pals
        o = st.orient
        ph = st.phase
        human = self.human() and (ph == _P_PEEK or ph == _P_COURT)
        show = self.reveal_visible()
        adv = self._advice() if ph == _P_COURT else b""
        self._box(self.cursor_box, self.gcur if human else -1)
        self._box(self.advice_box, C.board_to_display(adv[0], o) if adv else -1)
        dots = self.dots
        for d in range(16):
            sq = C.display_to_board(d, o)
            if st.flipped[sq]:
                ic = _C_BAD if st.court[sq] else _C_COURTIER
            elif show and sq == st.peek_sq:
                ic = _C_BAD if st.court[sq] else _C_TEXT
            else:
                ic = _C_PANEL
            shade(self.cells[d], p[ic])
            if dots:
                dots[d].hidden = not (st.peeked[sq] and not st.flipped[sq])
        nm = s.seat_name
        lines = []
        lines.append("Court, turned %d/4" % o if o else "Court of Pajan")
        lines.append("Oni %d/3  Spirit Jars %d" % (st.found, st.spirit_jars()))
        if st.is_over():
            lines.append("You win!" if st.winner() else "The Oni escape.")
        elif ph == _P_PEEK:
            lines.append("%s: peek %d" % (nm(st.active), st.peeks))
        elif ph == _P_REVEAL:
            sq = st.peek_sq
            if show:
                lines.append("%s: %s" % (square_name(C.board_to_display(sq, o)), "ONI!" if st.court[sq] else "a courtier"))
            else:
                lines.append("%s peeks (secret)" % nm(st.active))
        else:
            lines.append("%s: flip one" % nm(st.current_player))
        if human:
            lines.append("Square " + square_name(self.gcur))
        elif show:
            lines.append("Remember it! (any key)")
        if adv:
            want = []
            bot = self._bot_seat()
            for q in adv:
                if st.memory[bot][q] == 2 and len(want) < 3:
                    want.append(square_name(C.board_to_display(q, o)))
            if want:
                lines.append("Partner: Oni at " + " ".join(want))
            else:
                lines.append("Partner: try " + square_name(C.board_to_display(adv[0], o)))
        if st.aid:
            lines.append("Dot: peeked before")
        lines.append("red Oni, grey courtier")
        for i, t in enumerate(self.side):
            if i < len(lines):
                col = ui.ACCENT if i == 2 else ui.TEXT
                if i == 2 and show:
                    col = ui.BAD if st.court[st.peek_sq] else ui.GOOD
                t.set(ui.fit(lines[i], self.side_n), col)
            else:
                t.set("")

    def _box(self, r, d):
        """Put the frame ``r`` behind display square ``d`` (-1: hide it)."""
        if d < 0:
            r.hidden = True
            return
        r.x = self.L.margin + (d & 3) * (self.cs + 1)
        r.y = self.ctop + (d >> 2) * (self.cs + 1)
        r.hidden = False

    def _bot_seat(self):
        for s in (0, 1):
            if self.session.is_bot(s):
                return s
        return -1

    def _advice(self):
        """The computer partner's suggestion at the Court (bots.advice)."""
        bot = self._bot_seat()
        if bot < 0:
            return b""
        st = self.session.state
        if self.adv_seen is not st.events:  # once per engine step, not per cursor move
            from engine.okko.court import advice

            self.adv_seen = st.events
            self.adv = advice(st.observation(bot), st.memory[bot])
        return self.adv

    def _title(self):
        st = self.session.state
        if st.is_over():
            text = "Okko: the end"
        else:
            who = st.current_player
            text = "B%d D%d %s %s: %s" % (st.board + 1, st.day, self.session.seat_name(who),
                                        W.hero(st, who) if st.heroes[who] < 4 else "", TITLES[st.phase])
            if self.view == 1:
                text = "Both hands"
            elif self.view == 2:
                text = "Enemy line"
        self.frame.title.set(ui.fit(text, self.title_n))

    def _hint(self):
        st = self.session.state
        ph = st.phase
        if (ph == _P_PEEK or ph == _P_COURT) and self.human():
            text = "X/Y square  A %s  hold B: pause" % ("peek" if ph == _P_PEEK else "flip")
        else:
            parts = []
            for s in (0, 1):
                t = "%s %s %dc" % (self.session.seat_name(s), W.hero(st, s), len(st.hands[s]))
                if st.injury[s] or st.injured[s]:
                    t += " hurt%d" % st.injury[s]
                parts.append(t)
            text = " | ".join(parts)
            if st.jars:
                text += " | jars %d" % len(st.jars)
        self.frame.hint.set(ui.fit(text, self.hint_n))

    # -- buttons ----------------------------------------------------------------
    def tick(self, now):
        _Base.tick(self, now)
        if self.app.top is not self:
            return
        st = self.session.state
        ph = st.phase
        if st.is_over() or (ph != _P_PEEK and ph != _P_REVEAL):
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
        if ph == _P_REVEAL:
            if self.due is None:
                self.due = (now + REVEAL_MS) & 0x1FFFFFFF
            elif btn.ticks_diff(now, self.due) >= 0:
                self.due = None
                self.act(_SEEN)

    def _handed(self):
        self.handed = self.session.state.active
        self.update()

    def human_button(self, b):
        st = self.session.state
        ph = st.phase
        if ph == _P_REVEAL:
            if self.reveal_visible():
                self.due = None
                self.act(_SEEN)
            elif b == btn.B:
                self.pause()
            return
        if ph == _P_PEEK or ph == _P_COURT:
            if b == btn.X or b == btn.Y:
                step = -1 if b == btn.X else 1
                d = self.gcur
                for _ in range(16):
                    d = (d + step) & 15
                    if ph == _P_PEEK or not st.flipped[C.display_to_board(d, st.orient)]:
                        break
                self.gcur = d
                self._court()
            elif b == btn.A:
                sq = C.display_to_board(self.gcur, st.orient)
                self.act((_PEEK if ph == _P_PEEK else _FLIP) + sq)
            elif b == btn.B:
                self.pause()
            return
        if b == btn.B:
            if self.view:
                self.view = 0
                self.update()
            else:
                self.pause()
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
        elif it < 0:
            return
        elif it not in self.ok:
            if it == _CONFIRM:
                why = W.why_not_confirm(st)
            elif _TOGGLE <= it < _DISCARD:
                why = W.why_not_card(st, it - _TOGGLE)
            else:
                why = "Not now."
            self.app.toast(why, 2500, ui.BAD)
        else:
            self.act(it)

    def resume(self):
        self.update()

    # -- the end and the text for tests -----------------------------------------
    def headline(self):
        return "The Oni are unmasked!" if self.session.state.winner() else "The Oni escape"

    def reason(self):
        return W.why_end(self.session.state)

    def describe(self):
        st = self.session.state
        rows = []
        if st.phase >= _P_PEEK:
            rows = [t.text for t in self.side if t.text]
        else:
            for i, it in enumerate(self.items):
                text = self._text(it)
                if it >= 0 and it not in self.ok:
                    text = "(" + text + ")"
                rows.append(("> " if i == self.cur else "") + text)
        return "Game: Okko %s player=%d view=%d\n%s\n%s\n%s\n%s\nitems: %s" % (
            PHASES[st.phase], st.current_player if not st.is_over() else -1, self.view,
            self.frame.title.text, self.rows[0].text, self.rows[1].text, self.rows[2].text, " | ".join(rows))
