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


def _remove(buf, value):
    """Remove one ``value`` from bytearray ``buf`` in place (slice assignment)."""
    index = 0
    while buf[index] != value:
        index += 1
    buf[index:index + 1] = b""


_ONE = bytearray(1)


def _has(buf, value):
    for item in buf:
        if item == value:
            return True
    return False



def _add_sorted(buf, value):
    index = 0
    while index < len(buf) and buf[index] < value:
        index += 1
    _ONE[0] = value
    buf[index:index] = _ONE


class OkkoState:
    def __init__(self, rng: "Rng | None", aid: int = 0) -> None:
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
            square = rng.randrange(16)
            if not self.court[square]:
                self.court[square] = 1
                placed += 1
        self.adv_deck = bytearray(range(D.N_ADV))
        rng.shuffle(self.adv_deck)
        for seat in range(2):
            for _ in range(D.HAND_START):
                _add_sorted(self.hands[seat], self._pop_adv())
        self.jar_deck = bytearray(range(12))
        rng.shuffle(self.jar_deck)
        self.exp_deck = bytearray(range(D.N_EXPLORE))
        self._setup_board(0)
        self.day = D.START
        self.phase = A.P_HERO
        self.current_player: int = 0
        self.hero_turn = 0

    # -- the State API ---------------------------------------------------
    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def winner(self) -> "tuple | None":
        """(0, 1) when the team wins at the Court, () when it loses, None before."""
        return self._winner

    def legal_actions(self) -> list:
        if self.current_player == TERMINAL:
            return []
        phase = self.phase
        seat = self.active
        hand = self.hands[seat]
        out = []
        if phase == A.P_HERO:
            # the first chooser may take any hero, the partner's too (a swap,
            # docs/rules/okko.md); the second any but the first chooser's
            other = self.heroes[1 - self.current_player] if self.hero_turn else A.NONE
            for hero in range(4):
                if hero != other:
                    out.append(A.HERO + hero)
        elif phase == A.P_DISCARD:
            for card in hand:
                out.append(A.DISCARD + card)
        elif phase == A.P_TRADE:
            if not self.traded & 1:
                for card in hand:
                    out.append(A.GIVE + card)
            if not self.traded & 2:
                for card in self.hands[1 - seat]:
                    out.append(A.TAKE + card)
            out.append(A.TRADE_DONE)
        elif phase == A.P_ACTION:
            self._action_menu(out)
        elif phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY:
            for card in hand:
                if self._selectable(card):
                    out.append(A.TOGGLE + card)
            if phase == A.P_FIGHT and not self.injured[seat]:
                out.append(A.TOGGLE_HERO)
            elif phase == A.P_ENCOUNTER and self._genji_can():
                out.append(A.TOGGLE_HERO)
            if self.complete():
                out.append(A.CONFIRM)
            out.append(A.CANCEL)
        elif phase == A.P_EXPLORE or phase == A.P_SUMMON:
            out.append(A.DRAW)
            out.append(A.STOP)
            if phase == A.P_EXPLORE:
                for card in hand:
                    if card >= D.SUPPORT0 and C.card_fx(card) == D.FX_PASS_MAP:
                        out.append(A.MAP + card)
        elif phase == A.P_REWARD:
            if self.reward == D.AR_CHOICE:
                out.append(A.CHOOSE_DRAW)
            for sid in self.supply:
                out.append(A.SUPPORT + sid)
        elif phase == A.P_PEEK:
            for square in range(16):
                out.append(A.PEEK + square)
        elif phase == A.P_REVEAL:
            out.append(A.SEEN)
        elif phase == A.P_COURT:
            for square in range(16):
                if not self.flipped[square]:
                    out.append(A.FLIP + square)
        return out

    def apply(self, action: int) -> None:
        check_action(self, action)  # before any change: illegal leaves us untouched
        self.events = []
        phase = self.phase
        seat = self.active
        if phase == A.P_HERO:
            self._hero(action - A.HERO)
        elif phase == A.P_DISCARD:
            card = action - A.DISCARD
            self._discard_card(seat, card)
            self.discards -= 1
            if not self.discards or not self.hands[seat]:
                self.discards = 0
                self._after_reveal()
        elif phase == A.P_TRADE:
            if action == A.TRADE_DONE:
                self.phase = A.P_ACTION
            elif action < A.TAKE:
                card = action - A.GIVE
                _remove(self.hands[seat], card)
                _add_sorted(self.hands[1 - seat], card)
                self.traded |= 1
            else:
                card = action - A.TAKE
                _remove(self.hands[1 - seat], card)
                _add_sorted(self.hands[seat], card)
                self.traded |= 2
            if self.traded == 3:
                self.phase = A.P_ACTION
        elif phase == A.P_ACTION:
            self._act(action)
        elif phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY:
            self._build(action)
        elif phase == A.P_EXPLORE:
            self._explore(action)
        elif phase == A.P_SUMMON:
            self._summon_step(action)
        elif phase == A.P_REWARD:
            if action == A.CHOOSE_DRAW:
                for seat_to_draw in (seat, 1 - seat):
                    for _ in range(self.reward_n):
                        self._draw_adv(seat_to_draw)
            else:
                self._take_support(seat, action - A.SUPPORT)
            self.reward = 0
            self._resume(self.reward_ret)
        elif phase == A.P_PEEK:
            self.peek_sq = action - A.PEEK
            self.phase = A.P_REVEAL
            self.events.append(("peek", seat))
        elif phase == A.P_REVEAL:
            if self.aid:
                self.peeked[self.peek_sq] = 1
            self.peek_sq = A.NONE
            self.peeks -= 1
            self.peeks_total += 1
            self._settle()
        elif phase == A.P_COURT:
            self._flip(action - A.FLIP)

    def observation(self, seat: int) -> tuple:
        """What ``seat`` may see: everything on the table (hands are open,
        G23), never the Court's tokens nor any deck order; the token being
        peeked only for the peeker, during P_REVEAL."""
        reveal = None
        if self.phase == A.P_REVEAL and seat == self.active:
            reveal = (self.peek_sq, self.court[self.peek_sq])
        court = (self.orient, bytes(self.flipped), self.found,
                 bytes(self.peeked) if self.aid else None,
                 bytes(self.court[index] if self.flipped[index] else 255 for index in range(16)))
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
    def from_observation(cls, obs: tuple, rng: "Rng") -> "OkkoState":
        """A full state consistent with ``obs``: the hidden deck orders and
        the Court's unflipped tokens dealt at random by ``rng`` (for a
        computer partner that wants the legal actions or to look ahead).
        See engine/okko/view.py."""
        from engine.okko.view import from_observation

        return from_observation(cls, obs, rng)

    def describe_action(self, action: int) -> str:
        from engine.okko.actions import describe

        return describe(action)

    # -- decks ------------------------------------------------------------
    def _pop_adv(self):
        """The top Adventure card, or A.NONE: an empty deck is formed again from
        the discards (R4); both empty, nothing is drawn."""
        deck = self.adv_deck
        if not deck and self.adv_discard:
            self.adv_deck = deck = self.adv_discard
            self.adv_discard = bytearray()
            self.rng.shuffle(deck)
        if not deck:
            return A.NONE
        card = deck[-1]
        deck[-1:] = b""
        return card

    def _draw_adv(self, seat):
        card = self._pop_adv()
        if card != A.NONE:
            _add_sorted(self.hands[seat], card)
            self.events.append(("draw", seat, 1))

    def _pop_enemy(self):
        deck = self.enemy_deck
        if not deck and self.enemy_discard:
            self.enemy_deck = deck = self.enemy_discard
            self.enemy_discard = bytearray()
            self.rng.shuffle(deck)
        if not deck:
            return A.NONE
        enemy = deck[-1]
        deck[-1:] = b""
        return enemy

    def _discard_card(self, seat, card):
        _remove(self.hands[seat], card)
        if card >= D.SUPPORT0:
            self.sup_discard.append(card - D.SUPPORT0)
        else:
            self.adv_discard.append(card)

    def _setup_board(self, board):
        """Board b's enemy deck (shuffled) and face-up supports; the Kami
        apart (setup 4-7, R26)."""
        self.board = board
        self.enemy_deck = bytearray(range(D.ENEMY_FIRST[board], D.ENEMY_FIRST[board + 1]))
        self.rng.shuffle(self.enemy_deck)
        self.line = bytearray()
        self.enemy_discard = bytearray()
        self.supply = bytearray(range(D.SUP_FIRST[board], D.SUP_FIRST[board + 1] - 1))
        self.sup_discard = bytearray()
        self.kami = 0
        self.loc = 0
        self.bank = 0
        self.paid = 0
        self.boss_dead = 0
        self.encounters = 0
        self.board_end = 0

    def _take_support(self, seat, sid):
        _remove(self.supply, sid)
        _add_sorted(self.hands[seat], D.SUPPORT0 + sid)
        self.events.append(("support", seat, sid))

    # -- heroes and turns -------------------------------------------------
    def _hero(self, hero):
        seat = self.current_player
        if self.heroes[seat] != 255 and self.heroes[seat] != hero:
            self.changes += 1  # G7: 1 day per hero changed between boards
        self.heroes[seat] = hero
        self.hero_turn += 1
        if self.hero_turn < 2:
            self.current_player = 1 - seat
            return
        if self.board == 0:
            start = 0  # the first board: player 1 starts (G25); choosing is free
        else:
            start = self.active_next  # R24: the player who did not end the board
            self._add_day(self.changes * D.HERO_CHANGE_DAYS)
        self.changes = 0
        self._start_turn(start)

    def thresholds(self) -> tuple:
        """(n1, n2): the enemy-line sizes from which a turn costs 1 and 2
        days on this board now (R8; the Siege, G29)."""
        if D.BOARD_SPECIAL[self.board] == D.SP_SIEGE and not self.boss_dead & (1 << 3):
            return D.SIEGE_1, D.SIEGE_2
        return D.LINE_1, D.LINE_2

    def _add_day(self, days):
        day = self.day + days
        if day > D.LAST_DAY or self.day >= D.LAST_DAY:  # square 20 reached: no card brings days back
            day = D.LAST_DAY
        if day < D.MIN_SQUARE:
            day = D.MIN_SQUARE
        self.day = day
        if day >= D.LAST_DAY:
            self.board_end = 1
        self.events.append(("day", day))

    def _start_turn(self, seat):
        self.active = seat
        self.current_player = seat
        self.summoned = 0
        self.traded = 0
        self.done = 0
        self.genji_used = 0
        self.start_injured = self.injured[seat]
        # step 0: line pressure (R8, G11)
        limit1, limit2 = self.thresholds()
        size = len(self.line)
        if size >= limit1:
            days = 2 if size >= limit2 else 1
            self.events.append(("pressure", days))
            self._add_day(days)
        # step 1: an enemy joins the end of the line
        self.discards = 0
        self._reveal_enemy()
        if self.discards and self.hands[seat]:
            self.phase = A.P_DISCARD
            return
        self.discards = 0
        self._after_reveal()

    def _reveal_enemy(self):
        depth = 0
        while depth < 8:
            enemy = self._pop_enemy()
            if enemy == A.NONE:
                return
            self.line.append(enemy)
            self.events.append(("enemy", enemy))
            power = C.enemy_power(enemy)
            depth += 1
            if power == D.PW_REVEAL_DISCARD:
                self.discards += C.enemy_param(enemy)
            elif power == D.PW_ROTATE:
                self._rotate()
            elif power == D.PW_REVEAL_DAY:
                self._add_day(C.enemy_param(enemy))
            if power != D.PW_REVEAL_DRAW:
                return

    def _after_reveal(self):
        # step 2: an Adventure card; step 3: the trade
        self._draw_adv(self.active)
        self.phase = A.P_TRADE if self.hands[0] or self.hands[1] else A.P_ACTION

    def _rotate(self):
        self.orient = (self.orient + 1) & 3
        self.events.append(("rotate",))

    def _injure(self, seat, count):
        if count > 0:
            self.injury[seat] += count
            self.events.append(("injury", seat, count))

    def _heal(self, seat):
        if self.injury[seat] or self.injured[seat]:
            self.injury[seat] = 0
            self.injured[seat] = 0
            self.events.append(("heal", seat))

    def _heal_one(self):
        """HEAL_HERO: the hero with more injury tokens (the active one on a tie)."""
        active = self.active
        seat = 1 - active if self.injury[1 - active] > self.injury[active] else active
        self._heal(seat)

    def _end_turn(self):
        active = self.active
        # step 5 (R11, G13): an already injured hero loses 1 token
        if self.start_injured and self.injury[active]:
            self.injury[active] -= 1
        # step 6: the face
        for seat in (active, 1 - active):
            if seat == active or not self.injury[seat]:
                self.injured[seat] = 1 if self.injury[seat] else 0
        if self.board_end or self.day >= D.LAST_DAY:
            self._end_board()
            return
        self._start_turn(1 - active)

    def _end_board(self):
        active = self.active
        board = self.board
        self.board_days[board] = self.day
        self.events.append(("board_end", board))
        self.active_next = 1 - active  # R24: the other player starts
        # R26: the supports go back to the box, from the hands too
        for seat in range(2):
            hand = self.hands[seat]
            while hand and hand[-1] >= D.SUPPORT0:
                hand[-1:] = b""
        if board == 2:
            self.phase = A.P_COURT
            self.current_player = 1 - active
            self.court_turn = 1 - active
            self.line = bytearray()  # the enemies go back to the box
            self.enemy_deck = bytearray()
            self.enemy_discard = bytearray()
            return
        carry = D.LAST_DAY - self.day
        if carry > D.MAX_CARRY:
            carry = D.MAX_CARRY
        self._setup_board(board + 1)
        self.day = D.START - carry
        if self.day < D.MIN_SQUARE:
            self.day = D.MIN_SQUARE
        for seat in range(2):  # G35: every hero heals
            self.injury[seat] = 0
            self.injured[seat] = 0
        self.events.append(("board", board + 1))
        self.phase = A.P_HERO
        self.hero_turn = 0
        self.changes = 0
        self.current_player = self.active_next

    # -- the action menu ----------------------------------------------------
    def _boss_here(self):
        """The boss on the team's location while it is alive, else A.NONE."""
        boss = C.location(self.board, self.loc, 5)
        if boss == A.NONE or self.boss_dead & (1 << self.loc):
            return A.NONE
        return boss

    def _action_menu(self, out):
        active = self.active
        hand = self.hands[active]
        out.append(A.DRAW2)
        out.append(A.REST)
        if self.line:
            out.append(A.FIGHT_LINE)
        if self._boss_here() != A.NONE:
            out.append(A.FIGHT_BOSS)
        if self.encounters < D.N_ENCOUNTERS:
            out.append(A.ENCOUNTER)
        if not self.summoned and not self.kami:
            if self.heroes[active] == D.NOSHIN and not self.injured[active]:
                out.append(A.SUMMON_HERO)
        for jar in self.jars:
            if C.jar_fx(jar) != D.FX_EXTRA_ATTEMPT:
                out.append(A.JAR + jar)
        if self._boss_here() == A.NONE:
            arrows = C.arrows(self.board)
            for index in range(len(arrows) // 4):
                if arrows[index * 4] == self.loc and (self.paid or self._payable()):
                    out.append(A.MOVE + index)
        for card in hand:
            kind = C.card_kind(card)
            if kind == D.SPECIAL:
                out.append(A.SPECIAL + card)
            elif (card < D.SUPPORT0 and C.card_fx(card) == D.FX_SUMMON and not self.summoned
                  and not self.kami):
                out.append(A.SUMMON + card)
        return out

    def _act(self, action):
        active = self.active
        if action == A.DRAW2:
            self._draw_adv(active)
            self._draw_adv(active)
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
            card = action - A.SPECIAL
            self._discard_card(active, card)
            self._effect(C.card_fx(card), C.card_param(card))
            self._end_action()

    def _effect(self, effect, value):
        active = self.active
        if effect == D.FX_DEFEAT_LAST:
            for _ in range(value):
                if self.line:
                    self._defeat(self.line[-1])
        elif effect == D.FX_EXPLORE_TOKENS:
            self.bank += value
            self.events.append(("bank", self.bank))
        elif effect == D.FX_HEAL_BOTH:
            self._heal(active)
            self._heal(1 - active)
        elif effect == D.FX_HEAL_HERO:
            self._heal_one()
        elif effect == D.FX_PEEK:
            self.peeks += value
        elif effect == D.FX_DAY:
            self._add_day(value - 128)
        elif effect == D.FX_DRAW_EACH:
            for seat in (active, 1 - active):
                for _ in range(value):
                    self._draw_adv(seat)

    def _use_jar(self, jar):
        _remove(self.jars, jar)
        self.jar_discard.append(jar)
        self.events.append(("jar", jar))
        self._effect(C.jar_fx(jar), C.jar_param(jar))
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
    def _class_ok(self, card):
        card_class = C.card_class(card)
        return not card_class or card_class == C.hero_class(self.heroes[self.active])

    def _selectable(self, card):
        if not self._class_ok(card):
            return False
        phase = self.phase
        kind = C.card_kind(card)
        if phase == A.P_FIGHT:
            return kind == D.ALLY or kind == D.EQUIPMENT or kind == D.KAMI
        if phase == A.P_PAY:
            return C.pay_value(self.board, self.loc, card) > 0
        reqs, _ = C.encounter(self.board, self.encounters)
        for req in reqs:
            if C.covers(card, req):
                return True
        return False

    def _genji_can(self):
        active = self.active
        if self.heroes[active] != D.GENJI or self.injured[active] or self.genji_used:
            return False
        reqs, _ = C.encounter(self.board, self.encounters)
        for req in reqs:
            if D.R_ELEMENT <= req < D.R_SUPPORT:
                return True
        return False

    def totals(self) -> tuple:
        """(F, I, has an Ally/Kami/hero) of the fight selection."""
        fight = investigate = 0
        lead = self.sel_hero
        equipment = 0
        for card in self.sel:
            fight += C.card_f(card)
            investigate += C.card_i(card)
            kind = C.card_kind(card)
            if kind == D.EQUIPMENT:
                equipment += 1
            else:
                lead = 1
        if self.sel_hero:
            hero = self.heroes[self.active]
            fight += C.hero_f(hero)
            investigate += C.hero_i(hero)
            if hero == D.NOBURO:
                fight += equipment  # Giant's strength
        return fight, investigate, lead

    def target_stats(self) -> tuple:
        """(F, I, power, param) of the fight target."""
        target = self.target
        if target >= 128:
            boss = target - 128
            return C.boss_field(boss, 2), C.boss_field(boss, 3), C.boss_field(boss, 4), C.boss_field(boss, 5)
        return C.enemy_f(target), C.enemy_i(target), C.enemy_power(target), C.enemy_param(target)

    def pay_total(self) -> int:
        total = 0
        for card in self.sel:
            total += C.pay_value(self.board, self.loc, card)
        return total

    def complete(self) -> bool:
        """The builder's selection may be confirmed: a winning commitment
        (P_FIGHT), the leave cost met (P_PAY), the exact cards (P_ENCOUNTER)."""
        phase = self.phase
        if phase == A.P_FIGHT:
            fight, investigate, lead = self.totals()
            target_fight, target_investigate, power, prm = self.target_stats()
            if not lead or fight < target_fight or investigate < target_investigate:
                return False
            if power == D.PW_NEEDS:
                for card in self.sel:
                    if C.card_element(card) == prm:
                        return True
                return False
            return True
        if phase == A.P_PAY:
            return self.pay_total() >= C.location(self.board, self.loc, 3)
        return self._exact()

    def _exact(self):
        """Do the selected cards (and Genji's free element) meet the next
        encounter exactly: every requirement by one card, a card covering at
        most one kind and one element requirement, every card used (R14)?"""
        reqs, _ = C.encounter(self.board, self.encounters)
        count = len(self.sel)
        if count > len(reqs) or (count == 0 and not self.sel_hero):
            return False
        return self._match(reqs, 0, 0, 0, 0)

    def _match(self, reqs, index, kind_used, elem_used, genji):
        """Backtracking: requirement ``index`` onwards, given the cards already
        covering a kind (bits) or an element (bits) and Genji's use."""
        if index == len(reqs):
            return (kind_used | elem_used) == (1 << len(self.sel)) - 1 and genji == self.sel_hero
        req = reqs[index]
        elem = D.R_ELEMENT <= req < D.R_SUPPORT
        if elem and self.sel_hero and not genji:
            if self._match(reqs, index + 1, kind_used, elem_used, 1):
                return True
        for card_index in range(len(self.sel)):
            bit = 1 << card_index
            if (elem_used if elem else kind_used) & bit or not C.covers(self.sel[card_index], req):
                continue
            if elem:
                matched = self._match(reqs, index + 1, kind_used, elem_used | bit, genji)
            else:
                matched = self._match(reqs, index + 1, kind_used | bit, elem_used, genji)
            if matched:
                return True
        return False

    def _build(self, action):
        phase = self.phase
        if A.TOGGLE <= action < A.DISCARD:
            card = action - A.TOGGLE
            if _has(self.sel, card):  # no `int in bytearray` on the device
                _remove(self.sel, card)
            else:
                _add_sorted(self.sel, card)
            return
        if action == A.TOGGLE_HERO:
            self.sel_hero ^= 1
            return
        if action == A.CANCEL:
            self.sel = bytearray()
            self.sel_hero = 0
            if phase == A.P_PAY or not self.done:
                self.phase = A.P_ACTION  # nothing happened: no day spent
                self.target = A.NONE
            else:
                self._end_action()
            return
        # CONFIRM
        if phase == A.P_FIGHT:
            self._confirm_fight()
        elif phase == A.P_PAY:
            for card in self.sel:
                self._discard_card(self.active, card)
            self.sel = bytearray()
            self.paid = 1
            self._start_explore()
        else:
            self._confirm_encounter()

    def _confirm_fight(self):
        active = self.active
        target = self.target
        target_fight, target_investigate, power, prm = self.target_stats()
        no_injury = 0
        for card in self.sel:
            effect = C.card_fx(card)
            if effect == D.FX_NO_INJURY:
                no_injury = 1
            elif effect == D.FX_HEAL_ON_COMMIT:
                self._heal_one()
            elif effect == D.FX_TANUKI:
                self._tanuki(target)
        if self.sel_hero and not no_injury:
            count = 1 + (1 if power == D.PW_EXTRA_INJURY else 0)
            if self.heroes[active] == D.OKKO and target < 128 and target_fight <= D.OKKO_MAX_F:
                count = 0  # Ronin's resolve
            self._injure(active, count)
        for card in self.sel:
            self._discard_card(active, card)
        self.sel = bytearray()
        self.sel_hero = 0
        self.done += 1
        if target >= 128:
            self._defeat_boss(target - 128)
            self._end_action()
            return
        self._defeat(target)
        if self.line:
            self.target = self.line[-1]  # the next one (R10, G10: newest first)
        else:
            self._end_action()

    def _tanuki(self, target):
        """Tanuki Trickster: the strongest other line enemy (F + I, the newest
        on a tie) goes to the bottom of the enemy deck."""
        best = -1
        best_index = -1
        for line_index in range(len(self.line)):
            enemy = self.line[line_index]
            if enemy == target:
                continue
            value = C.enemy_f(enemy) + C.enemy_i(enemy)
            if value >= best:
                best = value
                best_index = line_index
        if best_index >= 0:
            enemy = self.line[best_index]
            self.line[best_index:best_index + 1] = b""
            _ONE[0] = enemy
            self.enemy_deck[0:0] = _ONE

    def _defeat(self, enemy):
        _remove(self.line, enemy)
        self.enemy_discard.append(enemy)
        self.events.append(("defeat", enemy))
        self.defeated_total += 1
        self.pile += 1
        if self.pile >= D.PILE:  # R13: a pile of 6, a peek
            self.pile = 0
            self.peeks += 1

    def _defeat_boss(self, boss):
        self.boss_dead |= 1 << self.loc
        self.events.append(("boss", boss))
        if C.boss_field(boss, 1) == D.FINAL:  # R18: the last location is done
            self.peeks += D.FINAL_PEEKS
            self.finals[self.board] = 1
            for jar in self.jar_deck:  # R18: and a Spirit Jar while one is left
                if C.jar_fx(jar) == D.FX_EXTRA_ATTEMPT:
                    _remove(self.jar_deck, jar)
                    self.jars.append(jar)
                    self.events.append(("jar_gained", jar))
                    break
            self.board_end = 1

    def _confirm_encounter(self):
        active = self.active
        if self.sel_hero:
            self.genji_used = 1
        for card in self.sel:
            self._discard_card(active, card)
        self.sel = bytearray()
        self.sel_hero = 0
        index = self.encounters
        self.encounters = index + 1
        self.done += 1
        self.events.append(("encounter", index))
        _, reward = C.encounter(self.board, index)
        if self.encounters == D.N_ENCOUNTERS:
            self.peeks += D.ENCOUNTER_PEEKS
        if reward == D.RW_JAR:
            if self.jar_deck:
                jar = self.jar_deck[-1]
                self.jar_deck[-1:] = b""
                self.jars.append(jar)
                self.events.append(("jar_gained", jar))
        elif reward == D.RW_DAY:
            self._add_day(-1)
        elif reward == D.RW_SUPPORT and self.supply:
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
        pay_kind = C.location(self.board, self.loc, 2)
        if pay_kind == D.PAY_NONE:
            return True
        total = 0
        for card in self.hands[self.active]:
            if self._class_ok(card):
                total += C.pay_value(self.board, self.loc, card)
        return total >= C.location(self.board, self.loc, 3)

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
        deck = self.exp_deck
        if len(deck) <= D.EXPLORE_RESHUFFLE and self.exp_discard:
            deck.extend(self.exp_discard)  # G20: the discards join the last cards
            self.exp_discard = bytearray()
            self.rng.shuffle(deck)
        index = deck[-1]
        deck[-1:] = b""
        self.exp_discard.append(index)
        self.drawn += 1
        value = D.EXPLORE[index]
        self.events.append(("explore", value))
        if not value and D.BOARD_SPECIAL[self.board] == D.SP_WEB:
            self._rotate()
        return value

    def _arrow(self, index):
        arrows = C.arrows(self.board)
        return arrows[4 * self.arrow + index]

    def _explore(self, action):
        active = self.active
        if A.MAP <= action:
            card = action - A.MAP
            self._discard_card(active, card)
            self.bank += C.card_param(card)
            self.events.append(("bank", self.bank))
            return
        if action == A.DRAW:
            value = self._draw_explore()
            if value:
                self.run += value
                return
            # FAIL: the run is lost, the turn's action ends (R17)
            self.run = 0
            if self._arrow(2) == D.RED:
                self._injure(active, 1)  # G18
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
        boss = C.location(self.board, self.loc, 5)
        if boss != A.NONE:
            self.events.append(("boss_here", boss))
            if C.boss_field(boss, 4) == D.PW_ROTATE:
                self._rotate()
        reward = C.location(self.board, self.loc, 0)
        if reward == D.AR_CHOICE:
            if self.supply:
                self.reward = reward
                self.reward_n = C.location(self.board, self.loc, 1)
                self.reward_ret = A.NONE
                self.phase = A.P_REWARD
                return
            for seat in (self.active, 1 - self.active):  # G39: the draws
                for _ in range(C.location(self.board, self.loc, 1)):
                    self._draw_adv(seat)
        elif reward == D.AR_SUPPORT and self.supply:
            self.reward = reward
            self.reward_n = 0
            self.reward_ret = A.NONE
            self.phase = A.P_REWARD
            return
        self._end_action()

    def _summon_step(self, action):
        active = self.active
        diff = D.NOSHIN_SUMMON if self.summoner == A.NONE else C.card_param(self.summoner)
        if action == A.DRAW:
            value = self._draw_explore()
            if value:
                self.run += value
                return
        elif self.run >= diff:
            kami = D.SUP_FIRST[self.board + 1] - 1
            _add_sorted(self.hands[active], D.SUPPORT0 + kami)
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
            self._injure(active, 1)
        self._settle_in_action()

    # -- the Court (R27, R28) ------------------------------------------------
    def spirit_jars(self) -> int:
        count = 0
        for jar in self.jars:
            if C.jar_fx(jar) == D.FX_EXTRA_ATTEMPT:
                count += 1
        return count

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
            jar = A.NONE
            for item in self.jars:
                if C.jar_fx(item) == D.FX_EXTRA_ATTEMPT:
                    jar = item
                    break
            if jar == A.NONE:
                self._finish((), 2)
                return
            _remove(self.jars, jar)  # the Spirit Jar absorbs the failure
            self.jar_discard.append(jar)
        self.court_turn = 1 - self.court_turn
        self.current_player = self.court_turn

    def _finish(self, seats, result):
        self._winner = seats
        self.result = result
        self.phase = A.P_OVER
        self.current_player = TERMINAL
        self.events.append(("win",) if seats else ("lose",))

    # -- serialisation ------------------------------------------------------
    def to_bytes(self) -> bytes:
        writer = Writer(GAME_ID, VERSION)
        writer.raw(self.rng.to_bytes() if self.rng is not None else bytes(8))
        for name in _SCALARS:
            value = getattr(self, name)
            writer.u8(255 if value == TERMINAL else value)
        for buf in (self.hands[0], self.hands[1], self.adv_deck, self.adv_discard,
                  self.enemy_deck, self.line, self.enemy_discard, self.supply,
                  self.sup_discard, self.jar_deck, self.jars, self.jar_discard,
                  self.exp_deck, self.exp_discard, self.sel):
            writer.seq8(buf)
        for buf in (self.heroes, self.injury, self.injured, self.court, self.flipped,
                  self.peeked, self.board_days, self.finals):
            writer.raw(buf)
        return writer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "OkkoState":
        reader = Reader(data, GAME_ID, VERSION)
        try:
            rng = Rng.from_bytes(reader.raw(8))
        except ValueError:
            raise BadSave("bad RNG state")
        state = cls(None)
        state.rng = rng
        for name in _SCALARS:
            setattr(state, name, reader.u8())
        if state.current_player == 0xFF:
            state.current_player = TERMINAL
        (state.hands[0], state.hands[1], state.adv_deck, state.adv_discard, state.enemy_deck, state.line,
         state.enemy_discard, state.supply, state.sup_discard, state.jar_deck, state.jars, state.jar_discard,
         state.exp_deck, state.exp_discard, state.sel) = [bytearray(reader.seq8()) for _ in range(15)]
        state.heroes = bytearray(reader.raw(2))
        state.injury = bytearray(reader.raw(2))
        state.injured = bytearray(reader.raw(2))
        state.court = bytearray(reader.raw(16))
        state.flipped = bytearray(reader.raw(16))
        state.peeked = bytearray(reader.raw(16))
        state.board_days = bytearray(reader.raw(3))
        state.finals = bytearray(reader.raw(3))
        reader.end()
        if state.phase == A.P_OVER:
            state._winner = (0, 1) if state.result == 1 else ()
        from engine.okko.saves import validate  # only here (sanbon.okko forgets it after a load)

        validate(state)
        return state
