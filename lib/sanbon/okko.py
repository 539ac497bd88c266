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

# list items that are not actions (sanbon.okko_detail gets them from _later)
_B_HANDS = const(-1)
_B_LINE = const(-2)
_B_LOG = const(-3)
_R_HEAD = const(-10)  # - seat: a hand's heading
_R_CARD = const(-1000)  # - card
_R_ENEMY = const(-2000)  # - enemy
_R_BOSS = const(-3000)  # - boss

# the sheet's pictures (tools/art/okko.py; sanbon.okko_layout has the Court's
# labels and marks, sanbon.okko_court its squares)
_T_NODE = const(1)  # + place 0-5; +6 the team's place; +12 a living boss's
_T_ARROW = const(19)  # + value - 3
_T_F = const(24)  # + value
_T_I = const(34)
_T_KIND = const(44)  # + kind
_T_ELEM = const(48)  # + element 1-5
_T_DAY = const(80)  # sheet rows 5-6: the day track's cells, read 8 pixels wide (cells from 120) or 4 (from 240)
_T_FACE = const(112)  # + 4 * picture: a 24x24 portrait's four tiles (heroes 0-3, enemy kinds 4-11, bosses 12-16)
_T_SMALL = const(180)  # + picture: the portrait at 12x12
_T_JARS = const(197)  # + jar type
_T_TALK = const(203)  # an Encounter
_T_CARDS = const(204)  # drawing cards, the hands
_T_REST = const(205)  # a moon

# what to do, per phase: a long wording and, after '/', one for the narrow title (<= 14 characters)
TITLES = ("choose a hero|discard a card|trade a card?|choose an action/pick an action|"
          "mark cards to fight/mark fighters|mark the asked cards/mark the cards|mark cards to pay/pay to leave|"
          "draw or stop|draw or stop|choose a reward/pick a reward|peek at a square/choose a peek|remember it|"
          "flip a square|the end")

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
        state = OkkoGame.from_bytes(data[:-32])
    finally:
        ui.unload("engine.okko.saves")  # the save's checks, loaded by from_bytes
    state.memory = (bytearray(data[-32:-16]), bytearray(data[-16:]))
    return state


def bot_memory(state, data=None):
    """The partners' memories of their peeks, set from ``data`` if given
    (sanbon.session saves them beside the moves: a replay does not make them)."""
    memory = state.memory
    if data is not None:
        memory[0][:] = data[:16]
        memory[1][:] = data[16:32]
    return bytes(memory[0]) + bytes(memory[1])


def people(config):
    """How many people play: Solo is one person at both human seats."""
    return 1 if config.mode == _SOLO else config.humans()


def hidden_marks(state):
    """What a decision that may be undone leaves alone (sanbon.session): the
    decks' sizes (a draw shows a card), the Court's peeks and the peek phase."""
    count = 0
    for square in range(16):
        count += 1 if state.peeked[square] else 0
    return bytes((len(state.adv_deck), len(state.enemy_deck), len(state.supply), len(state.jar_deck),
                  len(state.exp_deck), count, state.phase == A.P_REVEAL))


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


def _card_of(choice):
    """The card a list item shows (its tiles), or -1."""
    if _R_ENEMY < choice <= _R_CARD:
        return _R_CARD - choice
    if A.GIVE <= choice < 1024:  # GIVE, TAKE, TOGGLE, DISCARD, SPECIAL, SUMMON, MAP + card
        return (choice - A.GIVE) & 127
    if A.SUPPORT <= choice < A.SUPPORT + 17:
        return D.SUPPORT0 + choice - A.SUPPORT  # SUPPORT + id: the support card
    return -1


def options(state):
    """The decision's items and its legal actions: a builder's confirm and
    cancel first, then its cards; else the actions (Done trading first, Rest
    last), and in the action and trade phases the views."""
    items = []
    legal = state.legal_actions()
    phase = state.phase
    if phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY:
        items.append(A.CONFIRM)
        items.append(A.CANCEL)
        if A.TOGGLE_HERO in legal:
            items.append(A.TOGGLE_HERO)
        for card in state.hands[state.active]:
            items.append(A.TOGGLE + card)
    else:
        rest = False
        for action in legal:
            if action == A.REST:
                rest = True
            elif action == A.TRADE_DONE:
                items.insert(0, action)
            else:
                items.append(action)
        if rest:
            items.append(A.REST)
    if phase == A.P_ACTION or phase == A.P_TRADE:
        items.append(_B_HANDS)
        items.append(_B_LINE)
        items.append(_B_LOG)
    return items, legal


def foes(state, choice):
    """The tiles of an enemy's or a boss's row (a fight's target, the line's
    newest), or None."""
    if choice <= _R_BOSS or choice == A.FIGHT_BOSS:
        boss = _R_BOSS - choice if choice < 0 else W.boss_here(state)
        power = C.boss_field(boss, 4)
        return (_T_SMALL + 12 + boss, _T_ELEM + C.boss_field(boss, 5) if power == D.PW_NEEDS else 0,
                _T_F + C.boss_field(boss, 2), _T_I + C.boss_field(boss, 3))
    enemy = -1
    if choice <= _R_ENEMY:
        enemy = _R_ENEMY - choice
    elif choice == A.FIGHT_LINE:
        enemy = state.line[-1]
    if enemy < 0:
        return None
    power = C.enemy_power(enemy)
    # the enemy's kind (tools/art/okko.py's FOLK, by type)
    kinds = b"\x01\x00\x02\x02\x03\x03\x00\x05\x00\x00\x04\x04\x02\x06\x00\x02\x05\x07\x07\x05\x07\x05\x02\x07\x03"
    return (_T_SMALL + 4 + kinds[C.ENEMY_TYPE[enemy]], _T_ELEM + C.enemy_param(enemy) if power == D.PW_NEEDS else 0,
            _T_F + C.enemy_f(enemy), _T_I + C.enemy_i(enemy))


def _place(state, width, boss):
    """The first row: the hero to act (the title names the seat only), the
    day, the place, its cost to leave or its ``boss``."""
    from engine.okko import names

    pick = W.pick
    place = names.LOC_NAMES[state.board * 6 + state.loc]
    hero = state.heroes[state.current_player]
    day = (C.hero_name(hero) + ", day %d" if hero < 4 else "Day %d") % state.day
    if boss != A.NONE:
        place = C.boss_name(boss)
        return pick(width, day + ", board %d: the boss " % (state.board + 1) + place, day + ": the boss " + place,
                    day + ": " + place)
    cost = "" if state.paid else W.cost_words(state.board, state.loc)
    words = day + ", board %d: " % (state.board + 1) + place
    if cost:
        cost = ". To leave: " + cost
        return pick(width, words + cost, day + ": " + place + cost, day + cost, day + ": " + place)
    return pick(width, words, day + ": " + place)


def days(cells, state, width):
    """The day track's ``cells``: days passed, today, the days to come, the
    last days (cells of the sheet, tools/art/okko.py; 8 pixels wide on a
    ``width`` of 320, sanbon.okko_layout's: today numbered)."""
    wide = width >= 320
    base = 120 if wide else 248
    for index in range(20):
        day = index + 1
        if day == state.day:
            cell = 143 + day if wide else base + 2
        elif day < state.day:
            cell = base + 1
        else:
            cell = base + 3 if day >= 18 else base
        if cells[index] != cell:
            cells[index] = cell


def big(panel, one, cells):
    """The selected row's subject large: a portrait's large one, or the
    row's four pictures, or its one picture alone (``one``, larger)."""
    first = cells[0]
    if _T_SMALL <= first < _T_JARS:  # a portrait: its large one
        first = _T_FACE + 4 * (first - _T_SMALL)
        cells = (first, first + 1, first + 2, first + 3)
    alone = 0 if cells[1] or cells[2] or cells[3] else cells[0]  # one picture: it alone, larger
    if alone:
        cells = (0, 0, 0, 0)
    for cell in range(4):
        if panel[cell] != cells[cell]:
            panel[cell] = cells[cell]
    if one[0] != alone:
        one[0] = alone


class GameScreen(_Base):
    """The play screen: it owns its widgets (sanbon.okko_layout builds them
    and returns them) and its state; sanbon.okko_court draws the Court
    while it is on screen."""

    def __init__(self, app, session):
        super().__init__(app, session)
        from sanbon import okko_layout

        (self.frame, self.sheet, self.map, self.red, self.node_x, self.step, self.days, self.rows, self.row_n,
         self.who, self.foes, self.ly, self.lend, self.ctop, self.rh, self.lh) = okko_layout.build(
            self.L, self.group, self.spinner)
        self.list = None
        self.court = None
        self.parts(okko_layout, session.state.phase >= A.P_PEEK)
        drop(okko_layout)
        okko_layout = None
        config = session.config
        self.pass_play = config.humans() == 2 and config.mode != _SOLO
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
        self.dkey = None  # the item whose detail is shown
        self.due = None  # the reveal's timer
        self.later = None  # the time of the step that left the detail line's words for a later one
        self.tl = None  # the title shown
        self.note = None  # a board's end: the dialog that says so, due
        self.update()

    # -- what may be on screen ------------------------------------------------
    def human(self):
        state = self.session.state
        return not state.is_over() and not self.session.is_bot(state.current_player)

    def reveal_visible(self):
        """The peeked token may be shown: a human peeker holding the device."""
        session = self.session
        state = session.state
        if state.phase != A.P_REVEAL or session.is_bot(state.active):
            return False
        return not (self.pass_play and self.app.settings.handover) or self.handed == state.active

    # -- drawing ---------------------------------------------------------------
    def update(self):
        state = self.session.state
        events = state.events
        if self.ended and events is self.seen:
            return  # the end: the last move's redraw is on screen already (the end screen comes now)
        if events is not self.seen:
            self.seen = events
            self._events(events)
        phase = state.phase
        court = phase >= A.P_PEEK
        if phase < A.P_COURT and court and self.session.is_bot(state.active):
            court = False  # a partner's peek: the news says so on the list (swapping the views redraws most of the screen)
        if (self.court is not None) != court:
            self._swap(court)
        self._map()
        if court:
            for row in self.rows:
                row.set("")
            self.court.draw(self)
        else:
            self._rows()
            self._build()
            self._list()
        longest = 0
        for row in self.rows:
            longest = max(longest, len(row.text))
        # the portraits, while no row reaches under them
        ui.show(self.who, not court and longest * ui.CHAR_W <= self.who.x - self.L.margin - 4)
        if self.foes is not None:
            ui.show(self.foes, not court)
        self._title()
        self._hint()
        if not state.is_over():
            self.app.leds.turn(state.current_player)
        self.by = state.current_player
        # the partner (engine/okko/bots.py, 10 KB; court.py at the Court) is
        # loaded for a decision or the Court's advice, and forgotten once the
        # screen shows the result
        ui.unload("engine.okko.bots")
        ui.unload("engine.okko.court")

    def parts(self, layout, court):
        """Build the Court or the list with sanbon.okko_layout (``layout``)."""
        if court:
            from sanbon import okko_court

            self.court = okko_court.Court(*layout.build_court(self.L, self.group, self.sheet, self.ctop, self.rh,
                                                              self.lend))
        else:
            (self.list, self.panel, self.one, self.bar, self.lrows, self.list_n, self.more, self.up,
             self.detail) = layout.build_list(self.L, self.group, self.sheet, self.ly, self.lh, self.lend, self.row_n)

    def _swap(self, court):
        """The Court in place of the list, or back (only one is built)."""
        from sanbon import okko_layout

        if court:
            if self.list is not None:
                self.group.remove(self.list)
                self.list = self.lrows = self.bar = self.more = self.up = self.detail = self.panel = self.one = None
            self.parts(okko_layout, True)
            self.gcur = self.court.first(self.session, self.gq)
        else:
            if self.court is not None:
                from sanbon import okko_court

                self.group.remove(self.court.group)
                self.court = None
                drop(okko_court)
                okko_court = None
            self.parts(okko_layout, False)
            self.dkey = None
        drop(okko_layout)
        okko_layout = None
        self.app.repaint()  # most of the screen changed (App.repaint says why)

    def _events(self, events):
        state = self.session.state
        seat_name = self.session.seat_name
        news = W.feedback(state, events, seat_name)
        if news:
            seat = self.by
            news.insert(0, W.who(state, seat, seat_name) + ":" if 0 <= seat < 2 else "")
            self.news = news
        for event in events:
            kind = event[A.E_KIND]
            if kind == "board" or kind == "board_end" and event[A.E_BOARD] == 2:  # a dialog at the next pass, after this one's redraw
                from sanbon import okko_log

                self.note = okko_log.transition(state, event[A.E_BOARD] if kind == "board" else 3)
                drop(okko_log)
                okko_log = None
            elif kind == "rotate" and state.phase < A.P_COURT:
                self.app.toast("The Court turns right!", 2000, ui.ACCENT)
            elif kind == "injury" or kind == "lose":
                self.app.leds.flash((255, 0, 0), 1)
            elif kind == "defeat" or kind == "boss":
                self.app.sound("hit")  # a fight won
            elif kind == "encounter" or kind == "support":
                self.app.sound("card")
            elif kind == "win":
                self.app.leds.flash((255, 255, 255), 3)

    def _map(self):
        """The map, the day track and the portraits."""
        state = self.session.state
        board = state.board
        arrows = C.arrows(board)
        over = state.phase >= A.P_COURT
        places = self.map
        for place in range(6):
            boss = C.location(board, place, 5)
            if boss != A.NONE and not state.boss_dead & (1 << place):
                cell = _T_NODE + 12 + place
            elif place == state.loc and not over:
                cell = _T_NODE + 6 + place
            else:
                cell = _T_NODE + place
            if places[2 * place] != cell:
                places[2 * place] = cell
        red = -1
        for index in range(len(arrows) // 4):
            start, end, colour, value = arrows[4 * index], arrows[4 * index + 1], arrows[4 * index + 2], arrows[4 * index + 3]
            if end == start + 1 and not colour and start < 5:
                cell = _T_ARROW + value - 3 if 3 <= value <= 7 else 0
                if places[2 * start + 1] != cell:
                    places[2 * start + 1] = cell
            elif colour:
                red = index
        bar = self.red
        if red >= 0:
            start, end = arrows[4 * red], arrows[4 * red + 1]
            bar.x = self.node_x + start * self.step
            if bar.width != (end - start) * self.step:  # (a shape's size set is a redraw, changed or not)
                bar.width = (end - start) * self.step
            ui.show(bar, True)
        days(self.days, state, self.L.width)
        # who the text rows name: the hero to act, and the enemy or boss faced
        # (a portrait: the list row's small picture's large one); on 320x240
        # the enemy line, the first to be fought at the left
        icons = self._icons
        who = self.who[0]
        hero = icons(_R_HEAD - state.current_player)[0] if state.current_player < 2 else 0
        if state.phase == A.P_FIGHT:
            target = state.target
            foe = icons(_R_BOSS - target + 128 if target >= 128 else _R_ENEMY - target)[0]
        elif W.boss_here(state) != A.NONE:
            foe = icons(A.FIGHT_BOSS)[0]
        else:
            foe = icons(A.FIGHT_LINE)[0] if state.line else 0
        for cell in range(8):
            small = (hero if cell & 2 == 0 else foe)
            tile = _T_FACE + 4 * (small - _T_SMALL) + (cell & 1) + (cell >> 1 & 2) if small else 0
            if who[cell] != tile:
                who[cell] = tile
        foes = self.foes
        if foes is not None:
            line = state.line
            for cell in range(6):
                tile = icons(_R_ENEMY - line[-1 - cell])[0] if cell < len(line) else 0
                if foes[cell] != tile:
                    foes[cell] = tile

    def _rows(self):
        """The three text rows: in the builders what is asked and what is
        marked; else the hero to act, the day, the place (its cost to leave or
        its boss), the enemy line and the days it costs, the exploration or the
        news."""
        state = self.session.state
        width = (self.who.x - self.L.margin - 4) // ui.CHAR_W  # (the portraits beside them)
        phase = state.phase
        rows = self.rows
        if phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY:
            head, have, miss, done = W.builder(state, width, not self.session.is_bot(state.current_player))
            rows[0].set(head, ui.TEXT)
            rows[1].set(have, ui.GOOD if done else ui.ACCENT)
            rows[2].set(miss, ui.GOOD if done else ui.TEXT)
            return
        boss = W.boss_here(state)
        rows[0].set(_place(state, width, boss), ui.BAD if boss != A.NONE else ui.TEXT)
        # the enemy line and the days it costs (R8)
        first, second = state.thresholds()
        count = len(state.line)
        colour = ui.TEXT
        head = ("%d enemy" if count == 1 else "%d enemies") % count
        if count >= second:
            head += ": +2 days a turn!"
            colour = ui.BAD
        elif count >= first:
            head += ": +1 day a turn!"
            colour = ui.BAD
        else:
            head = W.pick(width, head + " (at %d: +1 day a turn)" % first, head + ", at %d: +1 day" % first)
            if count == first - 1:
                colour = ui.ACCENT
        if count:
            head = W.pick(width, head + ". The first: " + C.enemy_name(state.line[-1]), head)
        rows[1].set(head, colour)
        # the exploration (what the bank must reach, this turn's cards), or the news
        if phase != A.P_EXPLORE and phase != A.P_SUMMON:
            rows[2].set(W.join(self.news[1:], width, self.news[0]), ui.TEXT)
            return
        drawn = state.exp_discard[len(state.exp_discard) - state.drawn:] if state.drawn <= len(state.exp_discard) else b""
        values = []
        for card in drawn:
            value = W.D.EXPLORE[card]
            values.append(str(value) if value else "FAIL!")
        if phase == A.P_EXPLORE:  # the bank must reach the arrow; a FAIL loses this turn's total (R17)
            words = "To move: %d. Bank %d, this turn %d" % (W.arrow_value(state), state.bank, state.run)
            if len(words) > width:
                words = words.replace("this ", "")
        else:
            words = "To summon: %d. This turn %d" % (W.summon_need(state), state.run)
        if values:  # the cards of this turn's total (the Easy aid's odds: on the Draw row)
            words = W.pick(width, words + " (" + "+".join(values) + ")", words)
        rows[2].set(words, ui.ACCENT)

    def _build(self):
        """The list of the view (0 the decision, 1 both hands, 2 the enemy
        line), its legal actions and the cursor: on the item selected before if it is still there, else on the first legal action (a
        builder's: its confirm once it may be chosen). The screen's items, ok
        and cur."""
        state = self.session.state
        was = self.items[self.cur] if self.items and self.cur < len(self.items) else None
        view = self.view
        if not self.human() and view == 0:
            view = 1  # a partner's turn: both hands
        items = []
        legal = []
        if view == 1:
            for seat in (0, 1):
                items.append(_R_HEAD - seat)
                for card in state.hands[seat]:
                    items.append(_R_CARD - card)
        elif view == 2:
            for index in range(len(state.line) - 1, -1, -1):
                items.append(_R_ENEMY - state.line[index])
            boss = W.boss_here(state)
            if boss != A.NONE:
                items.append(_R_BOSS - boss)
            if not items:
                items.append(_R_HEAD - 2)
        else:
            items, legal = options(state)
        self.ok = legal
        self.items = items
        if was is not None:
            for index in range(len(items)):
                if items[index] == was:
                    self.cur = index
                    return
        cur = 0
        for index in range(len(items)):
            item = items[index]
            if item >= 0 and item != A.CANCEL and item != A.CONFIRM and item in legal:
                cur = index
                break
        if items and items[0] == A.CONFIRM and A.CONFIRM in legal:
            cur = 0
        self.cur = cur

    def _text(self, choice):
        """A row's words."""
        state = self.session.state
        width = self.list_n
        if choice == _B_HANDS:
            return "Both hands (%d and %d cards)" % (len(state.hands[0]), len(state.hands[1]))
        if choice == _B_LINE:
            return "Enemy line (%d)" % len(state.line)
        if choice == _B_LOG:
            return "Log: the last turns"
        if choice <= _R_BOSS:
            return "Boss " + C.boss_name(_R_BOSS - choice)
        if choice <= _R_ENEMY:
            enemy = _R_ENEMY - choice
            if enemy != state.line[-1]:
                return C.enemy_name(enemy)
            return W.pick(width, C.enemy_name(enemy) + " (fought first)", C.enemy_name(enemy) + " (first)")
        if choice <= _R_CARD:
            return W.card_row(_R_CARD - choice, "", width)
        if choice < 0:
            seat = _R_HEAD - choice
            if seat > 1:
                return "No enemies."
            words = "%s, %d cards" % (W.who(state, seat, self.session.seat_name), len(state.hands[seat]))
            return words + " (hurt)" if state.injury[seat] or state.injured[seat] else words
        return W.label(state, choice, width)

    def _icons(self, choice):
        """The four tiles of a list row: kind, element, Fight, Investigate
        (a confirm row's: what it is for)."""
        state = self.session.state
        if choice == A.CONFIRM:  # what it is for: the enemy or boss fought, the encounter, the place left
            phase = state.phase
            if phase == A.P_PAY:
                return _T_NODE + state.loc, 0, 0, 0
            if phase == A.P_FIGHT:
                target = state.target
                return self._icons(_R_BOSS - target + 128 if target >= 128 else _R_ENEMY - target)
            choice = A.ENCOUNTER
        card = _card_of(choice)
        if card >= 0:
            kind = C.card_kind(card)
            element = C.card_element(card)
            if kind == D.SPECIAL:  # a Special has no values
                return _T_KIND + kind, _T_ELEM + element if element else 0, 0, 0
            return _T_KIND + kind, _T_ELEM + element if element else 0, _T_F + C.card_f(card), _T_I + C.card_i(card)
        foe = foes(state, choice)
        if foe is not None:
            return foe
        hero = -1
        if choice == A.TOGGLE_HERO:
            hero = state.heroes[state.active]
        elif A.HERO <= choice < A.HERO + 4 and state.phase == A.P_HERO:
            hero = choice
        elif _R_HEAD - 1 <= choice <= _R_HEAD:
            hero = state.heroes[_R_HEAD - choice]
        if 0 <= hero < 4:
            return _T_SMALL + hero, 0, _T_F + C.hero_f(hero), _T_I + C.hero_i(hero)
        if A.JAR <= choice < A.SUPPORT:
            return _T_JARS + C.JAR_TYPE[choice - A.JAR], 0, 0, 0
        if choice == A.ENCOUNTER:  # what it asks: Ally, Equipment, an element, a Support card (its kind)
            out = [_T_TALK, 0, 0, 0]
            reqs = C.encounter(state.board, state.encounters)[0]
            for index in range(min(3, len(reqs))):
                req = reqs[index]
                out[index + 1] = (_T_KIND + req - 1 if req < D.R_ELEMENT else _T_ELEM + req - D.R_ELEMENT if req < D.R_SUPPORT
                                  else _T_KIND + C.card_kind(D.SUPPORT0 + req - D.R_SUPPORT))
            return out
        if choice == A.DRAW2 or choice == A.DRAW or choice == _B_HANDS or choice == A.TRADE_DONE or choice == A.CHOOSE_DRAW:
            return _T_CARDS, 0, 0, 0
        if choice == A.REST:
            return _T_REST, 0, 0, 0
        if choice == _B_LINE and state.line:  # the newest enemy's kind
            return self._icons(A.FIGHT_LINE)[0], 0, 0, 0
        if A.MOVE <= choice < A.JAR:  # the arrow's value and the place it leads to
            arrows = C.arrows(state.board)
            index = 4 * (choice - A.MOVE)
            value = arrows[index + 3]
            return _T_ARROW + value - 3 if 3 <= value <= 7 else 0, _T_NODE + arrows[index + 1], 0, 0
        return 0, 0, 0, 0

    def _list(self):
        """The list's rows from ``top``, scrolled to keep the cursor ``cur`` in
        sight, grey where an action may not be chosen now while a person
        decides; the cursor bar, the scroll marks, the large subject and
        the detail line."""
        state = self.session.state
        deciding = self.human() and self.view == 0
        items = self.items
        rows = self.lrows
        count = len(rows)
        # a builder's confirm row (the one its third text row names) stays on
        # the first row while the cards scroll under it
        pinned = 1 if items and items[0] == A.CONFIRM else 0
        cur = self.cur
        top = self.top
        if cur >= pinned:
            if cur - top < pinned:
                top = cur - pinned
            elif cur - top >= count:
                top = cur - count + 1
        if top + count > len(items):
            top = max(0, len(items) - count)
        for row in range(count):
            tiles, label = rows[row]
            index = row if row < pinned else top + row
            if index >= len(items):
                label.set("")
                ui.show(tiles, False)
                continue
            item = items[index]
            pictures = self._icons(item)
            for cell in range(4):
                if tiles[cell] != pictures[cell]:
                    tiles[cell] = pictures[cell]
            ui.show(tiles, True)  # (a TileGrid made visible again is redrawn whole)
            if item < 0 and item > _R_CARD and item <= _R_HEAD:
                colour = ui.ACCENT
            elif deciding and item >= 0 and item not in self.ok:
                colour = ui.DIM
            else:
                colour = ui.TEXT
            label.set(self._text(item), colour)
        shown = (deciding or self.view) and items
        self.bar.hidden = not shown
        self.bar.move(self.bar.x, self.ly + (cur if cur < pinned else cur - top) * self.lh)
        if self.panel is not None:  # (sanbon.okko_layout: 320x240) the selected row's subject large
            big(self.panel, self.one, self._icons(items[cur]) if shown else (0, 0, 0, 0))
        self.more.set("v" if top + count < len(items) else "")
        self.up.move(self.L.width - 1, self.ly + pinned * self.lh)  # over the rows that scroll
        self.up.set("^" if top else "")
        self.top = top
        self._detail(items[cur] if shown else None)

    def _detail(self, choice):
        """The detail line(s): what the selected item does, in words. The
        words come at the next step (tick): sanbon.okko_detail is loaded then,
        alone in its step, and forgotten, not on top of an engine step."""
        state = self.session.state
        key = None if choice is None else (choice, state.phase, len(state.line), state.sel_hero)
        if key == self.dkey:
            return
        self.dkey = key
        if choice is None:
            for row in self.detail:
                row.set("")
        else:
            self.later = self.app.now

    def _later(self):
        """The detail line's words, left by _detail for this step."""
        self.later = None
        if self.list is None or not self.items:
            return
        from sanbon import okko_detail

        rows = (_B_HANDS, _B_LINE, _B_LOG, _R_HEAD, _R_CARD, _R_ENEMY, _R_BOSS)
        lines = okko_detail.fit(okko_detail.detail(self.session.state, self.items[self.cur], rows), self.row_n,
                                len(self.detail))
        drop(okko_detail)
        okko_detail = None
        for index in range(len(self.detail)):
            self.detail[index].set(lines[index] if index < len(lines) else "")

    def _title(self):
        """"<seat>: <what to do>" (sanbon.session's seat name; the hero is on
        the place's row), with a shorter wording after '|' for the narrow
        screens (ui.Frame.set_title)."""
        state = self.session.state
        if state.is_over():
            text = "The game is over"
        else:
            seat = state.current_player
            what = W.names().Names(TITLES)[state.phase]
            if self.session.is_bot(seat):
                what = "peeks in secret" if state.phase == A.P_REVEAL else "takes a turn"
            elif state.phase == A.P_REVEAL and not self.reveal_visible():
                what = "peeks in secret"
            if self.view == 1:
                what = "both hands"
            elif self.view == 2:
                what = "the enemy line"
            prefix = self.session.seat_name(seat) + ": "
            text = prefix + what.replace("/", "|" + prefix)
        if text != self.tl:  # (set_title picks a wording: only when it changes)
            self.tl = text
            self.frame.set_title(text)

    def _hint(self):
        state = self.session.state
        phase = state.phase
        if state.is_over():
            text = ""
        elif not self.human():
            text = "any key faster  hold B pause"
        elif phase == A.P_PEEK or phase == A.P_COURT:
            text = "A %s  X right  Y down  hold B pause" % ("peek" if phase == A.P_PEEK else "flip")
        elif phase == A.P_REVEAL:
            text = "any key go on"
        elif self.view:
            text = "B back  X/Y move"
        elif phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY:
            text = "A mark  X/Y move  hold B pause"
        else:
            text = "A choose  X/Y move  hold B pause"
        self.frame.set_hint(text)

    # -- buttons ----------------------------------------------------------------
    def tick(self, now):
        note = self.note
        if note is not None and self.app.top is self:
            self.note = None
            self.app.dialog(note)
            return
        if self.later is not None and self.later != now and self.app.top is self:
            self._later()
            return
        _Base.tick(self, now)
        if self.app.top is not self:
            return
        state = self.session.state
        phase = state.phase
        if state.is_over() or (phase != A.P_PEEK and phase != A.P_REVEAL):
            self.due = None
            self.handed = -1
            return
        seat = state.active
        if self.session.is_bot(seat):
            return
        if self.pass_play and self.app.settings.handover and self.handed != seat:
            from sanbon.screens import HandOverScreen

            self.update()
            self.app.push(HandOverScreen(self.app, self.session.seat_name(seat), self._handed,
                                         "A peek at the Court: only you may look."))
            return
        if phase == A.P_REVEAL:
            if self.due is None:
                self.due = (now + REVEAL_MS) & 0x1FFFFFFF
            elif btn.ticks_diff(now, self.due) >= 0:
                self.due = None
                self.act(A.SEEN)

    def _handed(self):
        self.handed = self.session.state.active
        self.update()

    def human_button(self, button):
        if self.note is not None:  # a board just ended: its dialog first, and the press was for it
            self.tick(self.app.now)
            return
        state = self.session.state
        phase = state.phase
        if phase == A.P_REVEAL:
            if self.reveal_visible():
                self.due = None
                self.act(A.SEEN)
            elif button == btn.B:
                self.pause()
            return
        if phase == A.P_PEEK or phase == A.P_COURT:  # the grid: X the next column, Y the next row (both wrap)
            square = self.gcur
            if button == btn.X:  # the next column, wrapping in the row
                self.gcur = (square & 12) | ((square + 1) & 3)
                self.court.draw(self)
            elif button == btn.Y:  # the next row, wrapping in the column
                self.gcur = (square + 4) & 15
                self.court.draw(self)
            elif button == btn.A:
                board_square = C.display_to_board(square, state.orient)
                if phase == A.P_COURT and state.flipped[board_square]:
                    from sanbon.okko_court import square_name

                    self.app.toast("Square %s is turned over already." % square_name(square), 2000, ui.BAD)
                    return
                if phase == A.P_PEEK:  # the next square: the likely next peek
                    self.gq = (board_square + 1) & 15
                self.act((A.PEEK if phase == A.P_PEEK else A.FLIP) + board_square)
                if self.court is not None:
                    self.gcur = self.court.first(self.session, self.gq)
                    self.court.draw(self)
            elif button == btn.B:
                self.pause()
            return
        if button == btn.B:
            if self.view:
                self.view = 0
                self.update()
            else:
                self.back_out()
        elif button == btn.X or button == btn.Y:
            if self.items:
                self.cur = (self.cur + (-1 if button == btn.X else 1)) % len(self.items)
                self._list()
        elif button == btn.A and self.items:
            self.press(self.items[self.cur])

    def press(self, choice):
        state = self.session.state
        if self.view:
            self.view = 0
            self.update()
        elif choice == _B_HANDS or choice == _B_LINE:
            self.view = 1 if choice == _B_HANDS else 2
            self.cur = 0
            self.top = 0
            self.update()
        elif choice == _B_LOG:
            from sanbon import okko_log
            from sanbon.texts import TextScreen

            lines = okko_log.log(self)
            drop(okko_log)
            okko_log = None
            self.app.push(TextScreen(self.app, self._text(choice), lines))
        elif choice < 0:
            return
        elif choice not in self.ok:
            from sanbon import okko_log

            why = okko_log.why_not(state, choice)
            drop(okko_log)
            okko_log = None
            self.app.toast(why, 2500, ui.BAD)
        else:
            self.act(choice)

    def resume(self):
        self.update()

    # -- the end and the text for tests (sanbon.okko_log) ----------------------
    def _log(self, name):
        from sanbon import okko_log

        out = getattr(okko_log, name)(self)
        if name != "why_end":  # the end screen asks for the standings next
            drop(okko_log)
        okko_log = None
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
