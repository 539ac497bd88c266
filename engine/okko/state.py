"""Okko: Oni Hunters: the rules engine, ``OkkoState`` (the State API of
docs/ARCHITECTURE.md).

Rules: the rules digest's R1-R28, gaps G1-G39 and content (section 6);
the decisions taken beyond it are in docs/rules/okko.md. Actions and phases:
actions.py; content and knobs: data.py, decoded by cards.py.

``OkkoState(rng, aid=0)``: the Court's 16 tokens are placed (3 Oni), the
Adventure deck is shuffled and 6 cards dealt to each seat, board 1 is set
up, then both seats choose a hero (phase P_HERO, seat 0 first). ``aid`` = 1
is the Easy aid: squares that somebody peeked get a mark (without content).

Public attributes (read them; change them only through ``apply``): see
``_SCALARS`` and the bytearrays set in ``__init__``. ``events``: what the
last ``apply`` did, for the UI (plain tuples, never saved): every kind and
its fields' index constants (``E_*``) are listed in actions.py.

Besides the State API, what the screens read: ``thresholds()``,
``complete()``, ``totals()``, ``target_stats()``, ``pay_total()``,
``spirit_jars()`` (and cards.py's ``covers`` and ``pay_value``). The contract's ints
are read from actions.py by name (``A.P_FIGHT``) and data.py's enumerations
as ``D.KAMI``; the build folds them into literals (tools/fold.py).
"""

from engine.core import BadSave, Reader, TERMINAL, Writer, check_action
from engine.rng import Rng
from engine.okko import actions as A  # the contract: read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C
from engine.okko import data as D

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


GAME_ID = const(3)
VERSION = const(1)

_SCALARS = ("phase", "current_player", "active", "board", "day", "loc", "bank", "paid",
            "boss_dead", "encounters", "kami", "summoned", "traded", "start_injured", "pile",
            "target", "sel_hero", "done", "genji_used", "arrow", "run", "drawn", "summoner",
            "reward", "reward_n", "reward_ret", "peeks", "peek_sq", "board_end", "orient",
            "found", "aid", "discards", "hero_turn", "changes", "court_turn", "result",
            "peeks_total", "defeated_total", "active_next")


def _remove(b, c):
    """Remove one ``c`` from bytearray ``b`` in place (slice assignment)."""
    i = 0
    while b[i] != c:
        i += 1
    b[i:i + 1] = b""


_ONE = bytearray(1)


def _has(b, c):
    for x in b:
        if x == c:
            return True
    return False



def _add_sorted(b, c):
    i = 0
    while i < len(b) and b[i] < c:
        i += 1
    _ONE[0] = c
    b[i:i] = _ONE


class OkkoState:
    def __init__(self, rng, aid=0):
        self.rng = rng
        self.events = []
        self.hands = [bytearray(), bytearray()]
        self.heroes = bytearray(b"\xff\xff")
        self.injury = bytearray(2)
        self.injured = bytearray(2)
        self.adv_deck = bytearray()
        self.adv_discard = bytearray()
        self.enemy_deck = bytearray()
        self.line = bytearray()
        self.enemy_discard = bytearray()
        self.supply = bytearray()
        self.sup_discard = bytearray()
        self.jar_deck = bytearray()
        self.jars = bytearray()
        self.jar_discard = bytearray()
        self.exp_deck = bytearray()
        self.exp_discard = bytearray()
        self.court = bytearray(16)  # 1 = Oni, in board coordinates (never moved)
        self.flipped = bytearray(16)  # Court finale: 1 = turned over
        self.peeked = bytearray(16)  # the Easy aid's marks (only with aid)
        self.sel = bytearray()  # a builder's selected cards
        self.board_days = bytearray(3)  # the DAY square when each board ended
        self.finals = bytearray(3)  # 1 = that board's final boss fell
        for name in _SCALARS:
            setattr(self, name, 0)
        self.aid = aid
        self.target = A.NONE
        self.summoner = A.NONE
        self._winner = None
        if rng is None:
            return
        # setup 2: 3 Oni among the 16 squares
        placed = 0
        while placed < D.ONI:
            sq = rng.randrange(16)
            if not self.court[sq]:
                self.court[sq] = 1
                placed += 1
        self.adv_deck = bytearray(range(D.N_ADV))
        rng.shuffle(self.adv_deck)
        for s in range(2):
            for _ in range(D.HAND_START):
                _add_sorted(self.hands[s], self._pop_adv())
        self.jar_deck = bytearray(range(12))
        rng.shuffle(self.jar_deck)
        self.exp_deck = bytearray(range(D.N_EXPLORE))
        self._setup_board(0)
        self.day = D.START
        self.phase = A.P_HERO
        self.current_player = 0
        self.hero_turn = 0

    # -- the State API ---------------------------------------------------
    def is_over(self):
        return self.current_player == TERMINAL

    def winner(self):
        """(0, 1) when the team wins at the Court, () when it loses, None before."""
        return self._winner

    def legal_actions(self):
        if self.current_player == TERMINAL:
            return []
        ph = self.phase
        a = self.active
        hand = self.hands[a]
        out = []
        if ph == A.P_HERO:
            # the first chooser may take any hero, the partner's too (a swap,
            # docs/rules/okko.md); the second any but the first chooser's
            other = self.heroes[1 - self.current_player] if self.hero_turn else A.NONE
            for h in range(4):
                if h != other:
                    out.append(A.HERO + h)
        elif ph == A.P_DISCARD:
            for c in hand:
                out.append(A.DISCARD + c)
        elif ph == A.P_TRADE:
            if not self.traded & 1:
                for c in hand:
                    out.append(A.GIVE + c)
            if not self.traded & 2:
                for c in self.hands[1 - a]:
                    out.append(A.TAKE + c)
            out.append(A.TRADE_DONE)
        elif ph == A.P_ACTION:
            self._action_menu(out)
        elif ph == A.P_FIGHT or ph == A.P_ENCOUNTER or ph == A.P_PAY:
            for c in hand:
                if self._selectable(c):
                    out.append(A.TOGGLE + c)
            if ph == A.P_FIGHT and not self.injured[a]:
                out.append(A.TOGGLE_HERO)
            elif ph == A.P_ENCOUNTER and self._genji_can():
                out.append(A.TOGGLE_HERO)
            if self.complete():
                out.append(A.CONFIRM)
            out.append(A.CANCEL)
        elif ph == A.P_EXPLORE or ph == A.P_SUMMON:
            out.append(A.DRAW)
            out.append(A.STOP)
            if ph == A.P_EXPLORE:
                for c in hand:
                    if c >= D.SUPPORT0 and C.card_fx(c) == D.FX_PASS_MAP:
                        out.append(A.MAP + c)
        elif ph == A.P_REWARD:
            if self.reward == D.AR_CHOICE:
                out.append(A.CHOOSE_DRAW)
            for s in self.supply:
                out.append(A.SUPPORT + s)
        elif ph == A.P_PEEK:
            for sq in range(16):
                out.append(A.PEEK + sq)
        elif ph == A.P_REVEAL:
            out.append(A.SEEN)
        elif ph == A.P_COURT:
            for sq in range(16):
                if not self.flipped[sq]:
                    out.append(A.FLIP + sq)
        return out

    def apply(self, action):
        check_action(self, action)  # before any change: illegal leaves us untouched
        self.events = []
        ph = self.phase
        a = self.active
        if ph == A.P_HERO:
            self._hero(action - A.HERO)
        elif ph == A.P_DISCARD:
            c = action - A.DISCARD
            self._discard_card(a, c)
            self.discards -= 1
            if not self.discards or not self.hands[a]:
                self.discards = 0
                self._after_reveal()
        elif ph == A.P_TRADE:
            if action == A.TRADE_DONE:
                self.phase = A.P_ACTION
            elif action < A.TAKE:
                c = action - A.GIVE
                _remove(self.hands[a], c)
                _add_sorted(self.hands[1 - a], c)
                self.traded |= 1
            else:
                c = action - A.TAKE
                _remove(self.hands[1 - a], c)
                _add_sorted(self.hands[a], c)
                self.traded |= 2
            if self.traded == 3:
                self.phase = A.P_ACTION
        elif ph == A.P_ACTION:
            self._act(action)
        elif ph == A.P_FIGHT or ph == A.P_ENCOUNTER or ph == A.P_PAY:
            self._build(action)
        elif ph == A.P_EXPLORE:
            self._explore(action)
        elif ph == A.P_SUMMON:
            self._summon_step(action)
        elif ph == A.P_REWARD:
            if action == A.CHOOSE_DRAW:
                for s in (a, 1 - a):
                    for _ in range(self.reward_n):
                        self._draw_adv(s)
            else:
                self._take_support(a, action - A.SUPPORT)
            self.reward = 0
            self._resume(self.reward_ret)
        elif ph == A.P_PEEK:
            self.peek_sq = action - A.PEEK
            self.phase = A.P_REVEAL
            self.events.append(("peek", a))
        elif ph == A.P_REVEAL:
            if self.aid:
                self.peeked[self.peek_sq] = 1
            self.peek_sq = A.NONE
            self.peeks -= 1
            self.peeks_total += 1
            self._settle()
        elif ph == A.P_COURT:
            self._flip(action - A.FLIP)

    def observation(self, seat):
        """What ``seat`` may see: everything on the table (hands are open,
        G23), never the Court's tokens nor any deck order; the token being
        peeked only for the peeker, during P_REVEAL."""
        reveal = None
        if self.phase == A.P_REVEAL and seat == self.active:
            reveal = (self.peek_sq, self.court[self.peek_sq])
        court = (self.orient, bytes(self.flipped), self.found,
                 bytes(self.peeked) if self.aid else None,
                 bytes(self.court[i] if self.flipped[i] else 255 for i in range(16)))
        return (
            seat, self.phase, self.current_player, self.active,
            (bytes(self.hands[0]), bytes(self.hands[1])), bytes(self.heroes),
            bytes(self.injury), bytes(self.injured), self.board, self.day, self.loc, self.bank,
            self.paid, self.boss_dead, self.encounters, bytes(self.line), self.pile,
            bytes(self.supply), self.kami, bytes(self.jars),
            (len(self.adv_deck), len(self.adv_discard), len(self.enemy_deck), len(self.jar_deck)),
            (self.summoned, self.traded, self.start_injured),
            (bytes(self.sel), self.sel_hero, self.target, self.done, self.genji_used),
            (self.arrow, self.run, self.drawn, self.summoner),
            (self.reward, self.reward_n), court, self.peeks, reveal, self.board_end,
            self._winner,
            (bytes(self.adv_discard), bytes(self.enemy_discard), bytes(self.sup_discard),
             bytes(self.jar_discard), bytes(self.exp_discard)),
            (self.aid, self.reward_ret, self.peek_sq if seat == self.active else A.NONE,
             self.court_turn, self.peeks_total, self.defeated_total, self.active_next,
             self.hero_turn, self.changes, self.discards, bytes(self.board_days),
             bytes(self.finals), self.result),
        )

    @classmethod
    def from_observation(cls, obs, rng):
        """A full state consistent with ``obs``: the hidden deck orders and
        the Court's unflipped tokens dealt at random by ``rng`` (for a
        computer partner that wants the legal actions or to look ahead).
        See engine/okko/view.py."""
        from engine.okko.view import from_observation

        return from_observation(cls, obs, rng)

    def describe_action(self, action):
        from engine.okko.actions import describe

        return describe(action)

    # -- decks ------------------------------------------------------------
    def _pop_adv(self):
        """The top Adventure card, or A.NONE: an empty deck is formed again from
        the discards (R4); both empty, nothing is drawn."""
        d = self.adv_deck
        if not d and self.adv_discard:
            self.adv_deck = d = self.adv_discard
            self.adv_discard = bytearray()
            self.rng.shuffle(d)
        if not d:
            return A.NONE
        c = d[-1]
        d[-1:] = b""
        return c

    def _draw_adv(self, s):
        c = self._pop_adv()
        if c != A.NONE:
            _add_sorted(self.hands[s], c)
            self.events.append(("draw", s, 1))

    def _pop_enemy(self):
        d = self.enemy_deck
        if not d and self.enemy_discard:
            self.enemy_deck = d = self.enemy_discard
            self.enemy_discard = bytearray()
            self.rng.shuffle(d)
        if not d:
            return A.NONE
        e = d[-1]
        d[-1:] = b""
        return e

    def _discard_card(self, s, c):
        _remove(self.hands[s], c)
        if c >= D.SUPPORT0:
            self.sup_discard.append(c - D.SUPPORT0)
        else:
            self.adv_discard.append(c)

    def _setup_board(self, b):
        """Board b's enemy deck (shuffled) and face-up supports; the Kami
        apart (setup 4-7, R26)."""
        self.board = b
        self.enemy_deck = bytearray(range(D.ENEMY_FIRST[b], D.ENEMY_FIRST[b + 1]))
        self.rng.shuffle(self.enemy_deck)
        self.line = bytearray()
        self.enemy_discard = bytearray()
        self.supply = bytearray(range(D.SUP_FIRST[b], D.SUP_FIRST[b + 1] - 1))
        self.sup_discard = bytearray()
        self.kami = 0
        self.loc = 0
        self.bank = 0
        self.paid = 0
        self.boss_dead = 0
        self.encounters = 0
        self.board_end = 0

    def _take_support(self, s, sid):
        _remove(self.supply, sid)
        _add_sorted(self.hands[s], D.SUPPORT0 + sid)
        self.events.append(("support", s, sid))

    # -- heroes and turns -------------------------------------------------
    def _hero(self, h):
        s = self.current_player
        if self.heroes[s] != 255 and self.heroes[s] != h:
            self.changes += 1  # G7: 1 day per hero changed between boards
        self.heroes[s] = h
        self.hero_turn += 1
        if self.hero_turn < 2:
            self.current_player = 1 - s
            return
        if self.board == 0:
            start = 0  # the first board: player 1 starts (G25); choosing is free
        else:
            start = self.active_next  # R24: the player who did not end the board
            self._add_day(self.changes * D.HERO_CHANGE_DAYS)
        self.changes = 0
        self._start_turn(start)

    def thresholds(self):
        """(n1, n2): the enemy-line sizes from which a turn costs 1 and 2
        days on this board now (R8; the Siege, G29)."""
        if D.BOARD_SPECIAL[self.board] == D.SP_SIEGE and not self.boss_dead & (1 << 3):
            return D.SIEGE_1, D.SIEGE_2
        return D.LINE_1, D.LINE_2

    def _add_day(self, n):
        d = self.day + n
        if d > D.LAST_DAY or self.day >= D.LAST_DAY:  # square 20 reached: no card brings days back
            d = D.LAST_DAY
        if d < D.MIN_SQUARE:
            d = D.MIN_SQUARE
        self.day = d
        if d >= D.LAST_DAY:
            self.board_end = 1
        self.events.append(("day", d))

    def _start_turn(self, s):
        self.active = s
        self.current_player = s
        self.summoned = 0
        self.traded = 0
        self.done = 0
        self.genji_used = 0
        self.start_injured = self.injured[s]
        # step 0: line pressure (R8, G11)
        t1, t2 = self.thresholds()
        n = len(self.line)
        if n >= t1:
            p = 2 if n >= t2 else 1
            self.events.append(("pressure", p))
            self._add_day(p)
        # step 1: an enemy joins the end of the line
        self.discards = 0
        self._reveal_enemy()
        if self.discards and self.hands[s]:
            self.phase = A.P_DISCARD
            return
        self.discards = 0
        self._after_reveal()

    def _reveal_enemy(self):
        depth = 0
        while depth < 8:
            e = self._pop_enemy()
            if e == A.NONE:
                return
            self.line.append(e)
            self.events.append(("enemy", e))
            pw = C.enemy_power(e)
            depth += 1
            if pw == D.PW_REVEAL_DISCARD:
                self.discards += C.enemy_param(e)
            elif pw == D.PW_ROTATE:
                self._rotate()
            elif pw == D.PW_REVEAL_DAY:
                self._add_day(C.enemy_param(e))
            if pw != D.PW_REVEAL_DRAW:
                return

    def _after_reveal(self):
        # step 2: an Adventure card; step 3: the trade
        self._draw_adv(self.active)
        self.phase = A.P_TRADE if self.hands[0] or self.hands[1] else A.P_ACTION

    def _rotate(self):
        self.orient = (self.orient + 1) & 3
        self.events.append(("rotate",))

    def _injure(self, s, n):
        if n > 0:
            self.injury[s] += n
            self.events.append(("injury", s, n))

    def _heal(self, s):
        if self.injury[s] or self.injured[s]:
            self.injury[s] = 0
            self.injured[s] = 0
            self.events.append(("heal", s))

    def _heal_one(self):
        """HEAL_HERO: the hero with more injury tokens (the active one on a tie)."""
        a = self.active
        s = 1 - a if self.injury[1 - a] > self.injury[a] else a
        self._heal(s)

    def _end_turn(self):
        a = self.active
        # step 5 (R11, G13): an already injured hero loses 1 token
        if self.start_injured and self.injury[a]:
            self.injury[a] -= 1
        # step 6: the face
        for s in (a, 1 - a):
            if s == a or not self.injury[s]:
                self.injured[s] = 1 if self.injury[s] else 0
        if self.board_end or self.day >= D.LAST_DAY:
            self._end_board()
            return
        self._start_turn(1 - a)

    def _end_board(self):
        a = self.active
        b = self.board
        self.board_days[b] = self.day
        self.events.append(("board_end", b))
        self.active_next = 1 - a  # R24: the other player starts
        # R26: the supports go back to the box, from the hands too
        for s in range(2):
            h = self.hands[s]
            while h and h[-1] >= D.SUPPORT0:
                h[-1:] = b""
        if b == 2:
            self.phase = A.P_COURT
            self.current_player = 1 - a
            self.court_turn = 1 - a
            self.line = bytearray()  # the enemies go back to the box
            self.enemy_deck = bytearray()
            self.enemy_discard = bytearray()
            return
        carry = D.LAST_DAY - self.day
        if carry > D.MAX_CARRY:
            carry = D.MAX_CARRY
        self._setup_board(b + 1)
        self.day = D.START - carry
        if self.day < D.MIN_SQUARE:
            self.day = D.MIN_SQUARE
        for s in range(2):  # G35: every hero heals
            self.injury[s] = 0
            self.injured[s] = 0
        self.events.append(("board", b + 1))
        self.phase = A.P_HERO
        self.hero_turn = 0
        self.changes = 0
        self.current_player = self.active_next

    # -- the action menu ----------------------------------------------------
    def _boss_here(self):
        """The boss on the team's location while it is alive, else A.NONE."""
        b = C.location(self.board, self.loc, 5)
        if b == A.NONE or self.boss_dead & (1 << self.loc):
            return A.NONE
        return b

    def _action_menu(self, out):
        a = self.active
        hand = self.hands[a]
        out.append(A.DRAW2)
        out.append(A.REST)
        if self.line:
            out.append(A.FIGHT_LINE)
        if self._boss_here() != A.NONE:
            out.append(A.FIGHT_BOSS)
        if self.encounters < D.N_ENCOUNTERS:
            out.append(A.ENCOUNTER)
        if not self.summoned and not self.kami:
            if self.heroes[a] == D.NOSHIN and not self.injured[a]:
                out.append(A.SUMMON_HERO)
        for j in self.jars:
            if C.jar_fx(j) != D.FX_EXTRA_ATTEMPT:
                out.append(A.JAR + j)
        if self._boss_here() == A.NONE:
            ar = C.arrows(self.board)
            for i in range(len(ar) // 4):
                if ar[i * 4] == self.loc and (self.paid or self._payable()):
                    out.append(A.MOVE + i)
        for c in hand:
            k = C.card_kind(c)
            if k == D.SPECIAL:
                out.append(A.SPECIAL + c)
            elif (c < D.SUPPORT0 and C.card_fx(c) == D.FX_SUMMON and not self.summoned
                  and not self.kami):
                out.append(A.SUMMON + c)
        return out

    def _act(self, action):
        a = self.active
        if action == A.DRAW2:
            self._draw_adv(a)
            self._draw_adv(a)
            self._end_action()
        elif action == A.REST:
            self._end_action()
        elif action == A.FIGHT_LINE or action == A.FIGHT_BOSS:
            self.phase = A.P_FIGHT
            self.sel = bytearray()
            self.sel_hero = 0
            self.done = 0
            self.target = self.line[-1] if action == A.FIGHT_LINE else 128 + self._boss_here()
        elif action == A.ENCOUNTER:
            self.phase = A.P_ENCOUNTER
            self.sel = bytearray()
            self.sel_hero = 0
            self.done = 0
            self.genji_used = 0
        elif A.MOVE <= action < A.JAR:
            self.arrow = action - A.MOVE
            self.sel = bytearray()
            if self.paid or C.location(self.board, self.loc, 2) == D.PAY_NONE:
                self._start_explore()
            else:
                self.phase = A.P_PAY
        elif A.JAR <= action < A.SUPPORT:
            self._use_jar(action - A.JAR)
        elif action == A.SUMMON_HERO or A.SUMMON <= action < A.MAP:
            self.summoned = 1
            self.summoner = A.NONE if action == A.SUMMON_HERO else action - A.SUMMON
            self.phase = A.P_SUMMON
            self._fresh_explore()
        else:  # SPECIAL
            c = action - A.SPECIAL
            self._discard_card(a, c)
            self._effect(C.card_fx(c), C.card_param(c))
            self._end_action()

    def _effect(self, fx, p):
        a = self.active
        if fx == D.FX_DEFEAT_LAST:
            for _ in range(p):
                if self.line:
                    self._defeat(self.line[-1])
        elif fx == D.FX_EXPLORE_TOKENS:
            self.bank += p
            self.events.append(("bank", self.bank))
        elif fx == D.FX_HEAL_BOTH:
            self._heal(a)
            self._heal(1 - a)
        elif fx == D.FX_HEAL_HERO:
            self._heal_one()
        elif fx == D.FX_PEEK:
            self.peeks += p
        elif fx == D.FX_DAY:
            self._add_day(p - 128)
        elif fx == D.FX_DRAW_EACH:
            for s in (a, 1 - a):
                for _ in range(p):
                    self._draw_adv(s)

    def _use_jar(self, j):
        _remove(self.jars, j)
        self.jar_discard.append(j)
        self.events.append(("jar", j))
        self._effect(C.jar_fx(j), C.jar_param(j))
        self._settle_in_action()

    def _settle_in_action(self):
        """After a free extra: pending peeks first, then the action menu."""
        self.reward_ret = A.P_ACTION
        if self.peeks:
            self.phase = A.P_PEEK
        else:
            self.phase = A.P_ACTION

    def _end_action(self):
        """The action is over: it costs 1 day (R3, R6); then peeks, the end of turn."""
        self._add_day(1)
        self.reward_ret = A.NONE
        self.target = A.NONE
        self.sel = bytearray()
        self.sel_hero = 0
        self._settle()

    def _settle(self):
        """Where play goes once a sub-step is over: peeks first, then back to
        the action menu (a free extra) or the end of the turn."""
        if self.peeks:
            self.phase = A.P_PEEK
            self.current_player = self.active
            return
        if self.reward_ret == A.P_ACTION:
            self.phase = A.P_ACTION
            return
        self._end_turn()

    def _resume(self, ret):
        if ret == A.P_ENCOUNTER:
            self._encounter_next()
        else:
            self._end_action()

    # -- builders: fight, encounter, pay -------------------------------------
    def _class_ok(self, c):
        k = C.card_class(c)
        return not k or k == C.hero_class(self.heroes[self.active])

    def _selectable(self, c):
        if not self._class_ok(c):
            return False
        ph = self.phase
        k = C.card_kind(c)
        if ph == A.P_FIGHT:
            return k == D.ALLY or k == D.EQUIPMENT or k == D.KAMI
        if ph == A.P_PAY:
            return C.pay_value(self.board, self.loc, c) > 0
        reqs, _ = C.encounter(self.board, self.encounters)
        for r in reqs:
            if C.covers(c, r):
                return True
        return False

    def _genji_can(self):
        a = self.active
        if self.heroes[a] != D.GENJI or self.injured[a] or self.genji_used:
            return False
        reqs, _ = C.encounter(self.board, self.encounters)
        for r in reqs:
            if D.R_ELEMENT <= r < D.R_SUPPORT:
                return True
        return False

    def totals(self):
        """(F, I, has an Ally/Kami/hero) of the fight selection."""
        f = i = 0
        lead = self.sel_hero
        eq = 0
        for c in self.sel:
            f += C.card_f(c)
            i += C.card_i(c)
            k = C.card_kind(c)
            if k == D.EQUIPMENT:
                eq += 1
            else:
                lead = 1
        if self.sel_hero:
            h = self.heroes[self.active]
            f += C.hero_f(h)
            i += C.hero_i(h)
            if h == D.NOBURO:
                f += eq  # Giant's strength
        return f, i, lead

    def target_stats(self):
        """(F, I, power, param) of the fight target."""
        t = self.target
        if t >= 128:
            b = t - 128
            return C.boss_field(b, 2), C.boss_field(b, 3), C.boss_field(b, 4), C.boss_field(b, 5)
        return C.enemy_f(t), C.enemy_i(t), C.enemy_power(t), C.enemy_param(t)

    def pay_total(self):
        n = 0
        for c in self.sel:
            n += C.pay_value(self.board, self.loc, c)
        return n

    def complete(self):
        """The builder's selection may be confirmed: a winning commitment
        (P_FIGHT), the leave cost met (P_PAY), the exact cards (P_ENCOUNTER)."""
        ph = self.phase
        if ph == A.P_FIGHT:
            f, i, lead = self.totals()
            tf, ti, pw, prm = self.target_stats()
            if not lead or f < tf or i < ti:
                return False
            if pw == D.PW_NEEDS:
                for c in self.sel:
                    if C.card_element(c) == prm:
                        return True
                return False
            return True
        if ph == A.P_PAY:
            return self.pay_total() >= C.location(self.board, self.loc, 3)
        return self._exact()

    def _exact(self):
        """Do the selected cards (and Genji's free element) meet the next
        encounter exactly: every requirement by one card, a card covering at
        most one kind and one element requirement, every card used (R14)?"""
        reqs, _ = C.encounter(self.board, self.encounters)
        n = len(self.sel)
        if n > len(reqs) or (n == 0 and not self.sel_hero):
            return False
        return self._match(reqs, 0, 0, 0, 0)

    def _match(self, reqs, k, kind_used, elem_used, genji):
        """Backtracking: requirement k onwards, given the cards already
        covering a kind (bits) or an element (bits) and Genji's use."""
        if k == len(reqs):
            return (kind_used | elem_used) == (1 << len(self.sel)) - 1 and genji == self.sel_hero
        r = reqs[k]
        elem = D.R_ELEMENT <= r < D.R_SUPPORT
        if elem and self.sel_hero and not genji:
            if self._match(reqs, k + 1, kind_used, elem_used, 1):
                return True
        for j in range(len(self.sel)):
            bit = 1 << j
            if (elem_used if elem else kind_used) & bit or not C.covers(self.sel[j], r):
                continue
            if elem:
                ok = self._match(reqs, k + 1, kind_used, elem_used | bit, genji)
            else:
                ok = self._match(reqs, k + 1, kind_used | bit, elem_used, genji)
            if ok:
                return True
        return False

    def _build(self, action):
        ph = self.phase
        if A.TOGGLE <= action < A.DISCARD:
            c = action - A.TOGGLE
            if _has(self.sel, c):  # no `int in bytearray` on the device
                _remove(self.sel, c)
            else:
                _add_sorted(self.sel, c)
            return
        if action == A.TOGGLE_HERO:
            self.sel_hero ^= 1
            return
        if action == A.CANCEL:
            self.sel = bytearray()
            self.sel_hero = 0
            if ph == A.P_PAY or not self.done:
                self.phase = A.P_ACTION  # nothing happened: no day spent
                self.target = A.NONE
            else:
                self._end_action()
            return
        # CONFIRM
        if ph == A.P_FIGHT:
            self._confirm_fight()
        elif ph == A.P_PAY:
            for c in self.sel:
                self._discard_card(self.active, c)
            self.sel = bytearray()
            self.paid = 1
            self._start_explore()
        else:
            self._confirm_encounter()

    def _confirm_fight(self):
        a = self.active
        t = self.target
        tf, ti, pw, prm = self.target_stats()
        no_injury = 0
        for c in self.sel:
            fx = C.card_fx(c)
            if fx == D.FX_NO_INJURY:
                no_injury = 1
            elif fx == D.FX_HEAL_ON_COMMIT:
                self._heal_one()
            elif fx == D.FX_TANUKI:
                self._tanuki(t)
        if self.sel_hero and not no_injury:
            n = 1 + (1 if pw == D.PW_EXTRA_INJURY else 0)
            if self.heroes[a] == D.OKKO and t < 128 and tf <= D.OKKO_MAX_F:
                n = 0  # Ronin's resolve
            self._injure(a, n)
        for c in self.sel:
            self._discard_card(a, c)
        self.sel = bytearray()
        self.sel_hero = 0
        self.done += 1
        if t >= 128:
            self._defeat_boss(t - 128)
            self._end_action()
            return
        self._defeat(t)
        if self.line:
            self.target = self.line[-1]  # the next one (R10, G10: newest first)
        else:
            self._end_action()

    def _tanuki(self, t):
        """Tanuki Trickster: the strongest other line enemy (F + I, the newest
        on a tie) goes to the bottom of the enemy deck."""
        best = -1
        bi = -1
        for i in range(len(self.line)):
            e = self.line[i]
            if e == t:
                continue
            v = C.enemy_f(e) + C.enemy_i(e)
            if v >= best:
                best = v
                bi = i
        if bi >= 0:
            e = self.line[bi]
            self.line[bi:bi + 1] = b""
            _ONE[0] = e
            self.enemy_deck[0:0] = _ONE

    def _defeat(self, e):
        _remove(self.line, e)
        self.enemy_discard.append(e)
        self.events.append(("defeat", e))
        self.defeated_total += 1
        self.pile += 1
        if self.pile >= D.PILE:  # R13: a pile of 6, a peek
            self.pile = 0
            self.peeks += 1

    def _defeat_boss(self, b):
        self.boss_dead |= 1 << self.loc
        self.events.append(("boss", b))
        if C.boss_field(b, 1) == D.FINAL:  # R18: the last location is done
            self.peeks += D.FINAL_PEEKS
            self.finals[self.board] = 1
            for j in self.jar_deck:  # R18: and a Spirit Jar while one is left
                if C.jar_fx(j) == D.FX_EXTRA_ATTEMPT:
                    _remove(self.jar_deck, j)
                    self.jars.append(j)
                    self.events.append(("jar_gained", j))
                    break
            self.board_end = 1

    def _confirm_encounter(self):
        a = self.active
        if self.sel_hero:
            self.genji_used = 1
        for c in self.sel:
            self._discard_card(a, c)
        self.sel = bytearray()
        self.sel_hero = 0
        k = self.encounters
        self.encounters = k + 1
        self.done += 1
        self.events.append(("encounter", k))
        _, rw = C.encounter(self.board, k)
        if self.encounters == D.N_ENCOUNTERS:
            self.peeks += D.ENCOUNTER_PEEKS
        if rw == D.RW_JAR:
            if self.jar_deck:
                j = self.jar_deck[-1]
                self.jar_deck[-1:] = b""
                self.jars.append(j)
                self.events.append(("jar_gained", j))
        elif rw == D.RW_DAY:
            self._add_day(-1)
        elif rw == D.RW_SUPPORT and self.supply:
            self.reward = D.AR_SUPPORT
            self.reward_n = 0
            self.reward_ret = A.P_ENCOUNTER
            self.phase = A.P_REWARD
            return
        self._encounter_next()

    def _encounter_next(self):
        if self.encounters < D.N_ENCOUNTERS:
            self.phase = A.P_ENCOUNTER  # the next one, or CANCEL to stop
        else:
            self._end_action()

    def _payable(self):
        pk = C.location(self.board, self.loc, 2)
        if pk == D.PAY_NONE:
            return True
        n = 0
        for c in self.hands[self.active]:
            if self._class_ok(c):
                n += C.pay_value(self.board, self.loc, c)
        return n >= C.location(self.board, self.loc, 3)

    # -- exploration and summoning (R17, R19) --------------------------------
    def _fresh_explore(self):
        self.exp_deck = bytearray(range(D.N_EXPLORE))
        self.exp_discard = bytearray()
        self.rng.shuffle(self.exp_deck)
        self.run = 0
        self.drawn = 0

    def _start_explore(self):
        self.phase = A.P_EXPLORE
        self._fresh_explore()

    def _draw_explore(self):
        d = self.exp_deck
        if len(d) <= D.EXPLORE_RESHUFFLE and self.exp_discard:
            d.extend(self.exp_discard)  # G20: the discards join the last cards
            self.exp_discard = bytearray()
            self.rng.shuffle(d)
        x = d[-1]
        d[-1:] = b""
        self.exp_discard.append(x)
        self.drawn += 1
        v = D.EXPLORE[x]
        self.events.append(("explore", v))
        if not v and D.BOARD_SPECIAL[self.board] == D.SP_WEB:
            self._rotate()
        return v

    def _arrow(self, i):
        ar = C.arrows(self.board)
        return ar[4 * self.arrow + i]

    def _explore(self, action):
        a = self.active
        if A.MAP <= action:
            c = action - A.MAP
            self._discard_card(a, c)
            self.bank += C.card_param(c)
            self.events.append(("bank", self.bank))
            return
        if action == A.DRAW:
            v = self._draw_explore()
            if v:
                self.run += v
                return
            # FAIL: the run is lost, the turn's action ends (R17)
            self.run = 0
            if self._arrow(2) == D.RED:
                self._injure(a, 1)  # G18
            self._end_action()
            return
        self.bank += self.run
        self.run = 0
        self.events.append(("bank", self.bank))
        if self.bank >= self._arrow(3):
            self.bank = 0
            self.paid = 0
            self.loc = self._arrow(1)
            self.events.append(("move", self.loc))
            self._arrive()
        else:
            self._end_action()

    def _arrive(self):
        """Rewards on arrival, once; the boss is revealed (R16, G18)."""
        b = C.location(self.board, self.loc, 5)
        if b != A.NONE:
            self.events.append(("boss_here", b))
            if C.boss_field(b, 4) == D.PW_ROTATE:
                self._rotate()
        ar = C.location(self.board, self.loc, 0)
        if ar == D.AR_CHOICE:
            if self.supply:
                self.reward = ar
                self.reward_n = C.location(self.board, self.loc, 1)
                self.reward_ret = A.NONE
                self.phase = A.P_REWARD
                return
            for s in (self.active, 1 - self.active):  # G39: the draws
                for _ in range(C.location(self.board, self.loc, 1)):
                    self._draw_adv(s)
        elif ar == D.AR_SUPPORT and self.supply:
            self.reward = ar
            self.reward_n = 0
            self.reward_ret = A.NONE
            self.phase = A.P_REWARD
            return
        self._end_action()

    def _summon_step(self, action):
        a = self.active
        diff = D.NOSHIN_SUMMON if self.summoner == A.NONE else C.card_param(self.summoner)
        if action == A.DRAW:
            v = self._draw_explore()
            if v:
                self.run += v
                return
        elif self.run >= diff:
            kami = D.SUP_FIRST[self.board + 1] - 1
            _add_sorted(self.hands[a], D.SUPPORT0 + kami)
            self.kami = 1
            self.events.append(("summon", 1))
            self.run = 0
            self._settle_in_action()
            return
        # a FAIL, or stopped short: the summoner's penalty (R19)
        self.run = 0
        self.events.append(("summon", 0))
        self._add_day(1)
        if self.summoner == A.NONE:
            self._injure(a, 1)
        self._settle_in_action()

    # -- the Court (R27, R28) ------------------------------------------------
    def spirit_jars(self):
        n = 0
        for j in self.jars:
            if C.jar_fx(j) == D.FX_EXTRA_ATTEMPT:
                n += 1
        return n

    def _flip(self, sq):
        self.flipped[sq] = 1
        oni = self.court[sq]
        self.events.append(("flip", sq, oni))
        if oni:
            self.found += 1
            if self.found >= D.ONI:
                self._finish((0, 1), 1)
                return
        else:
            j = A.NONE
            for x in self.jars:
                if C.jar_fx(x) == D.FX_EXTRA_ATTEMPT:
                    j = x
                    break
            if j == A.NONE:
                self._finish((), 2)
                return
            _remove(self.jars, j)  # the Spirit Jar absorbs the failure
            self.jar_discard.append(j)
        self.court_turn = 1 - self.court_turn
        self.current_player = self.court_turn

    def _finish(self, seats, result):
        self._winner = seats
        self.result = result
        self.phase = A.P_OVER
        self.current_player = TERMINAL
        self.events.append(("win",) if seats else ("lose",))

    # -- serialisation ------------------------------------------------------
    def to_bytes(self):
        w = Writer(GAME_ID, VERSION)
        w.raw(self.rng.to_bytes() if self.rng is not None else bytes(8))
        for name in _SCALARS:
            v = getattr(self, name)
            w.u8(255 if v == TERMINAL else v)
        for b in (self.hands[0], self.hands[1], self.adv_deck, self.adv_discard,
                  self.enemy_deck, self.line, self.enemy_discard, self.supply,
                  self.sup_discard, self.jar_deck, self.jars, self.jar_discard,
                  self.exp_deck, self.exp_discard, self.sel):
            w.seq8(b)
        for b in (self.heroes, self.injury, self.injured, self.court, self.flipped,
                  self.peeked, self.board_days, self.finals):
            w.raw(b)
        return w.getvalue()

    @classmethod
    def from_bytes(cls, data):
        r = Reader(data, GAME_ID, VERSION)
        try:
            rng = Rng.from_bytes(r.raw(8))
        except ValueError:
            raise BadSave("bad RNG state")
        s = cls(None)
        s.rng = rng
        for name in _SCALARS:
            setattr(s, name, r.u8())
        if s.current_player == 0xFF:
            s.current_player = TERMINAL
        (s.hands[0], s.hands[1], s.adv_deck, s.adv_discard, s.enemy_deck, s.line,
         s.enemy_discard, s.supply, s.sup_discard, s.jar_deck, s.jars, s.jar_discard,
         s.exp_deck, s.exp_discard, s.sel) = [bytearray(r.seq8()) for _ in range(15)]
        s.heroes = bytearray(r.raw(2))
        s.injury = bytearray(r.raw(2))
        s.injured = bytearray(r.raw(2))
        s.court = bytearray(r.raw(16))
        s.flipped = bytearray(r.raw(16))
        s.peeked = bytearray(r.raw(16))
        s.board_days = bytearray(r.raw(3))
        s.finals = bytearray(r.raw(3))
        r.end()
        if s.phase == A.P_OVER:
            s._winner = (0, 1) if s.result == 1 else ()
        from engine.okko.saves import validate  # only here (sanbon.okko forgets it after a load)

        validate(s)
        return s
