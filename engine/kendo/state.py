"""Kendo Duel: the rules engine, ``KendoState`` (the State API of docs/ARCHITECTURE.md).

Rules: docs/rules/kendo_duel.md (R1-R14, gaps G1-G18); the decisions taken
beyond it are in docs/rules/kendo_duel.md. Actions and phases: actions.py;
cards and the reaction table: cards.py. Only the Duel mode is implemented.

``KendoState(rng, players, mode=DUEL, options=0)`` shuffles the 3 subdecks,
deals 3 Basic + 4 Counter + 5 Other to every seat and starts the optional
switch (phase P_SWITCH) at a random seat. Random draws, in order: the Basic,
Counter and Other shuffles, the first switching seat, then one
``randrange(hand size)`` per pulled card; with OPT_REARM, a shuffle of the
Basic subdeck whenever nobody can attack.

Public attributes (read them; change them only through ``apply``):

- ``players``, ``mode``, ``options``; ``phase``; ``current_player``
- ``hands``: one sorted bytearray of card ids per seat (hidden, R1)
- ``decks``: the Basic, Counter and Other subdecks, bytearrays, top = last
- ``discard``: the face-up pile, in play order
- ``eliminated``: bytearray per seat, 1 = out; ``switched``: switches per seat
- ``switch_from``: the first switching seat; ``initiative``: who opens next
- exchange: ``att`` (opener), ``dfd`` (target), ``inc`` (cards.INC_*: what
  the facing player answers), ``part`` (the strike's part), ``striker`` (who
  made the incoming play), ``pend`` (the opening's Basic card still to strike
  after the reinforcement step, 255 none), ``chain``: (seat, card) byte pairs
  played in this exchange
- ``events``: what the last ``apply`` did, for the UI (never saved): plain
  tuples, their kinds and fields listed in actions.py (E_*).
"""

from engine.core import BadSave, Reader, TERMINAL, Writer, check_action
from engine.rng import Rng
from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import COLOUR, DEAL, DECK_OF, FAIL_LOSS, KIND, number, reaction, strike_part

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


GAME_ID = const(2)
VERSION = const(2)
TIE_ROUNDS = const(3)

_SCALARS = ("phase", "switch_from", "initiative", "att", "dfd", "inc", "part", "striker",
            "pend", "end_reason", "conceded", "encho", "time_up")


def _open_action(target, main_card, reinf_card=-1):
    """actions.open_action (the same encoding; that module is not loaded)."""
    m = main_card if main_card < C.COUNTER0 else main_card - (C.ALT0 - C.COUNTER0)
    return A.OPEN + (target * 16 + m) * 5 + (0 if reinf_card < 0 else reinf_card - (C.REINF0 - 1))


def _decode_open(action):
    """actions.decode_open."""
    t, r = divmod(action - A.OPEN, 5)
    t, m = divmod(t, 16)
    return t, (m if m < C.COUNTER0 else m + (C.ALT0 - C.COUNTER0)), (C.REINF0 - 1 + r if r else -1)


_ONE = bytearray(1)  # the one-byte slice _with and _insert put in (no garbage)


def _without(b, card):
    """Remove one ``card`` from bytearray ``b`` in place (the device's
    bytearray has no remove nor item deletion; slice assignment it has)."""
    i = 0
    while b[i] != card:
        i += 1
    b[i:i + 1] = b""
    return b


def _insert(b, i, card):
    _ONE[0] = card
    b[i:i] = _ONE
    return b


def _with(b, card):
    """Put ``card`` into the sorted bytearray ``b``, in place, still sorted."""
    i = 0
    while i < len(b) and b[i] < card:
        i += 1
    return _insert(b, i, card)


class KendoState:
    def __init__(self, rng, players=2, mode=A.DUEL, options=0):
        if not 2 <= players <= 4:
            raise ValueError("Kendo Duel needs 2-4 players")
        if mode not in (A.DUEL, A.COMPETITION):
            raise ValueError("mode is Duel (0) or Competition (1)")
        if mode == A.COMPETITION and players != 2:
            raise ValueError("Competition is for exactly 2 players")
        if not 0 <= options <= 15:
            raise ValueError("bad options")
        self.rng = rng
        self.players = players
        self.mode = mode
        self.options = options
        self.events = []
        self.hands = [bytearray() for _ in range(players)]
        self.decks = [bytearray(), bytearray(), bytearray()]
        self.discard = bytearray()
        self.chain = bytearray()
        self.eliminated = bytearray(players)
        self.switched = bytearray(players)
        self.phase = A.P_SWITCH
        self.current_player = 0
        self.switch_from = 0
        self.initiative = 0
        self.att = self.dfd = self.striker = 0
        self.inc = self.part = 0
        self.pend = A.NONE
        self._winner = None
        self.end_reason = 0  # actions.END_*, once over
        # Competition (C1-C10); stay zero in a Duel
        self.ippons = bytearray(players)
        self.hansoku = bytearray(players)
        self.encho = 0  # 0 regular time, else encho exchanges begun (C6, C7)
        self.time_up = 0  # 1 once JIKAN DESU is revealed
        self.aside = bytearray()  # JIKAN DESU once drawn (set aside, C6)
        self.lost = bytearray(3 * players)  # cards gone from each hand this exchange, by subdeck
        self.conceded = A.NONE  # who conceded an ippon this exchange (C9)
        if rng is None:  # from_bytes fills the rest in
            return
        for c in range(C.N_CARDS):
            self.decks[DECK_OF[c]].append(c)
        for d in self.decks:
            rng.shuffle(d)
        for s in range(players):
            for d in range(3):
                for _ in range(DEAL[d]):
                    self._give(s, self._draw(d))
        self.switch_from = rng.randrange(players)
        self.current_player = self.switch_from

    # -- the State API ---------------------------------------------------
    def is_over(self):
        return self.current_player == TERMINAL

    def winner(self):
        return self._winner

    def legal_actions(self):
        p = self.current_player
        if p == TERMINAL:
            return []
        hand = self.hands[p]
        out = []
        if self.phase == A.P_SWITCH:
            for c in hand:
                if self.decks[DECK_OF[c]]:
                    out.append(A.SWITCH + c)
            out.append(A.SWITCH_DONE)
        elif self.phase == A.P_OPEN:
            self._openings(p, out)
        elif self.phase == A.P_DISCARD:
            for c in hand:
                out.append(A.DISCARD + c)
        else:
            for c in hand:
                if reaction(c, self.inc, self.part, self.options) >= 0:
                    out.append(A.PLAY + c)
            if not out:
                out.append(A.FAIL)
        return out

    def _openings(self, p, out):
        hand = self.hands[p]
        reinf = [c for c in hand if KIND[c] == C.K_REINF]
        for t in range(self.players):
            if t == p or self.eliminated[t]:
                continue
            for c in hand:  # sorted: Basic ids first, then the alternatives
                k = KIND[c]
                if k == C.K_BASIC:
                    out.append(_open_action(t, c))
                    for r in reinf:
                        out.append(_open_action(t, c, r))
                elif k == C.K_ALT:
                    out.append(_open_action(t, c))
        return out

    def apply(self, action):
        check_action(self, action)  # before any change: illegal leaves us untouched
        self.events = []
        p = self.current_player
        if self.phase == A.P_SWITCH:
            if action == A.SWITCH_DONE:
                self._next_switcher()
            else:
                self._switch(p, action - A.SWITCH)
                self.events.append(("switch", p, DECK_OF[action - A.SWITCH]))
                self.switched[p] += 1
                if self.switched[p] >= A.MAX_SWITCHES:
                    self._next_switcher()
        elif self.phase == A.P_OPEN:
            self._open(p, action)
        elif self.phase == A.P_DISCARD:
            c = action - A.DISCARD
            self.hands[p] = _without(self.hands[p], c)
            self.discard.append(c)
            self.events.append(("discard", p, c))
            from engine.kendo.compete import discard_next

            discard_next(self)
        elif action == A.FAIL:
            self._fail(p)
        else:
            self._react(p, action - A.PLAY)

    def observation(self, seat):
        """What ``seat`` may see: its own hand, the sizes of the others, the
        discards and the exchange. Never another hand nor the deck order."""
        return (
            seat, self.phase, self.current_player, bytes(self.hands[seat]),
            tuple(len(h) for h in self.hands), tuple(len(d) for d in self.decks),
            bytes(self.discard), bytes(self.chain), bytes(self.eliminated),
            bytes(self.switched), self.initiative, self.att, self.dfd, self.inc, self.part,
            self.striker, self.pend, self.options, self._winner,
            self.mode, bytes(self.ippons), bytes(self.hansoku), self.encho, self.time_up,
            bytes(self.aside), self._lost_seen(seat), self.end_reason,
        )

    def _lost_seen(self, seat):
        """``lost`` as ``seat`` may know it. A card pulled from a hand after a
        failed answer is seen by the puller and the pulled only: in a Duel of
        3-4, another seat's row counts only the cards it played (the chain,
        public). With 2 seats (every Competition) both are party to each pull."""
        if self.players == 2:
            return bytes(self.lost)
        out = bytearray(len(self.lost))
        for d in range(3):
            out[3 * seat + d] = self.lost[3 * seat + d]
        ch = self.chain
        for i in range(0, len(ch), 2):
            if ch[i] != seat:
                out[3 * ch[i] + DECK_OF[ch[i + 1]]] += 1
        return bytes(out)

    @classmethod
    def from_observation(cls, obs, rng):
        """A full state consistent with what ``obs`` shows, the unseen cards
        dealt at random by ``rng`` (a determinization for bots that look
        ahead): see engine/kendo/determinize.py."""
        from engine.kendo.determinize import from_observation

        return from_observation(cls, obs, rng)

    def describe_action(self, action):
        from engine.kendo.actions import describe

        return describe(action)

    # -- setup ------------------------------------------------------------
    def _draw(self, d):
        deck = self.decks[d]
        c = deck[-1]
        deck[-1:] = b""
        return c

    def _give(self, s, c):
        self.hands[s] = _with(self.hands[s], c)

    def _switch(self, s, c):
        """Take the top card of c's subdeck first, then put c at the bottom (G9)."""
        d = DECK_OF[c]
        new = self._draw(d)
        self.hands[s] = _without(self.hands[s], c)
        _insert(self.decks[d], 0, c)
        self._give(s, new)

    def _next_switcher(self):
        n = (self.current_player + 1) % self.players
        if n == self.switch_from:
            first = self._pick_first()
            self.events.append(("first", first))
            if self.mode == A.COMPETITION:
                # JIKAN DESU into the bottom half of the Other subdeck (C2)
                d = self.decks[2]
                _insert(d, self.rng.randrange(len(d) // 2 + 1), C.JIKAN)
            self._begin(first)
        else:
            self.current_player = n

    def _total(self, s):
        t = 0
        for c in self.hands[s]:
            t += number(c)
        return t

    def _pick_first(self):
        """Highest Basic total; tied seats switch their lowest Basic (at most
        TIE_ROUNDS times, while the Basic subdeck lasts), then the highest
        single Basic card decides (setup step 5, G10)."""
        rounds = 0
        while True:
            best = -1
            tied = []
            for s in range(self.players):
                t = self._total(s)
                if t > best:
                    best = t
                    tied = [s]
                elif t == best:
                    tied.append(s)
            if len(tied) == 1:
                return tied[0]
            if rounds >= TIE_ROUNDS or len(self.decks[0]) < len(tied):
                break
            rounds += 1
            for s in tied:
                low = min(c for c in self.hands[s] if c < C.COUNTER0)
                self._switch(s, low)
                self.events.append(("tie_switch", s))
        best = -1
        first = tied[0]
        for s in tied:
            hi = max([c for c in self.hands[s] if c < C.COUNTER0] or [-1])
            if hi > best:
                best = hi
                first = s
        return first

    # -- exchanges ----------------------------------------------------------
    def _begin(self, s):
        """Seat ``s`` (or the next one clockwise who can) opens (R2, G7)."""
        self.chain = bytearray()
        self.pend = A.NONE
        self.conceded = A.NONE
        for i in range(len(self.lost)):
            self.lost[i] = 0
        for i in range(self.players):
            p = (s + i) % self.players
            if self.eliminated[p]:
                continue
            if self._openings(p, []):
                self.phase = A.P_OPEN
                self.initiative = p
                self.current_player = p
                return
            self.events.append(("cannot_open", p))
        if self.mode == A.COMPETITION:  # time is called: the leader, else hantei
            from engine.kendo.compete import time_called

            time_called(self, A.END_DEADLOCK, True)
            return
        if self.options & A.OPT_REARM:
            # the spent Basic cards go back into their subdeck, shuffled, and
            # every seat still in takes one, from seat s on (house rule)
            d = self.decks[0]
            keep = bytearray()
            for c in self.discard:
                if c < C.COUNTER0:
                    d.append(c)
                else:
                    keep.append(c)
            self.discard = keep
            self.rng.shuffle(d)
            for i in range(self.players):
                p = (s + i) % self.players
                if not self.eliminated[p]:
                    self._give(p, self._draw(0))
            self.events.append(("rearm",))
            self._begin(s)
            return
        # deadlock: the most cards wins, a tie is a draw (G7)
        best = -1
        win = []
        for p in range(self.players):
            if self.eliminated[p]:
                continue
            n = len(self.hands[p])
            if n > best:
                best = n
                win = [p]
            elif n == best:
                win.append(p)
        self._finish(tuple(win), A.END_DEADLOCK if len(win) == 1 else A.END_DRAW)

    def _play(self, p, c):
        self.hands[p] = _without(self.hands[p], c)
        self.lost[3 * p + DECK_OF[c]] += 1
        self.discard.append(c)
        self.chain.append(p)
        self.chain.append(c)

    def _open(self, p, action):
        t, main, r = _decode_open(action)
        self._play(p, main)
        self.att = self.striker = p
        self.dfd = self.current_player = t
        self.phase = A.P_REACT
        self.events.append(("open", p, t, main, r))
        if r >= 0:
            self._play(p, r)
            self.inc = C.INC_REINF
            self.pend = main
        elif KIND[main] == C.K_ALT:
            self.inc = C.INC_ALT
        else:
            self.inc = C.INC_STRIKE
            self.part = strike_part(main)

    def _strike_after_reinf(self):
        """After the reinforcement step the opening's Basic card strikes (R5)."""
        self.inc = C.INC_STRIKE
        self.part = strike_part(self.pend)
        self.pend = A.NONE
        self.striker = self.att
        self.current_player = self.dfd

    def _react(self, p, c):
        eff = reaction(c, self.inc, self.part, self.options)
        self._play(p, c)
        self.events.append(("play", p, c, eff))
        s = self.striker
        if eff == C.E_BOUNCE and not self.options & A.OPT_REFLECT_CANCEL:
            self.striker = p
            self.current_player = s
        elif eff == C.E_CANCEL or eff == C.E_BOUNCE:
            self._strike_after_reinf()
        elif eff == C.E_CHAIN:
            self.part = strike_part(c)
            self.striker = p
            self.current_player = s
        elif eff == C.E_AVOID:
            self._end(p)
        else:  # E_BLOCK: the last striker opens next (R11)
            self._end(s)

    def _fail(self, p):
        s = self.striker
        self.events.append(("fail", p, self.inc))
        if self.mode == A.COMPETITION and self.inc != C.INC_REINF:
            from engine.kendo.compete import score_failure

            score_failure(self, p, s)  # C3, C4
            self._end(s)
            return
        for _ in range(FAIL_LOSS[self.inc]):
            h = self.hands[p]
            if not h:
                break
            c = h[self.rng.randrange(len(h))]
            self.hands[p] = _without(h, c)
            self.lost[3 * p + DECK_OF[c]] += 1
            self._give(s, c)
            self.events.append(("pull", s, p))
        if self.inc == C.INC_REINF:
            self._strike_after_reinf()
        else:
            self._end(s)

    def _end(self, nxt):
        """End of an exchange: eliminations (R13), winner (R14), next opener (R11)."""
        if self.mode == A.COMPETITION:
            from engine.kendo.compete import end_exchange

            end_exchange(self, nxt)
            return
        alive = [p for p in range(self.players) if not self.eliminated[p]]
        for p in alive:
            if not self.hands[p]:
                self.eliminated[p] = 1
                self.events.append(("eliminated", p))
        left = [p for p in alive if not self.eliminated[p]]
        if len(left) <= 1:
            if left:
                self._finish(tuple(left), A.END_LAST)
            else:
                self._finish(tuple(alive), A.END_DRAW)  # all at 0: draw (G13)
            return
        if self.options & A.OPT_ROTATE:
            nxt = (self.att + 1) % self.players
        while self.eliminated[nxt]:
            nxt = (nxt + 1) % self.players
        self.events.append(("end", nxt))
        self._begin(nxt)

    def _finish(self, seats, reason):
        self._winner = seats
        self.end_reason = reason
        self.phase = A.P_OVER
        self.current_player = TERMINAL
        self.events.append(("win", seats))

    # -- serialisation ------------------------------------------------------
    def to_bytes(self):
        w = Writer(GAME_ID, VERSION)
        w.raw(self.rng.to_bytes() if self.rng is not None else bytes(8))
        w.u8(self.players)
        w.u8(self.mode)
        w.u8(self.options)
        w.u8(self.current_player & 0xFF)
        for name in _SCALARS:
            w.u8(getattr(self, name))
        for h in self.hands:
            w.seq8(h)
        for d in self.decks:
            w.seq8(d)
        w.seq8(self.discard)
        w.seq8(self.chain)
        w.raw(self.eliminated)
        w.raw(self.switched)
        w.raw(self.lost)
        w.raw(self.ippons)
        w.raw(self.hansoku)
        w.seq8(self.aside)
        if self._winner is None:
            w.u8(255)
        else:
            w.seq8(self._winner)
        return w.getvalue()

    @classmethod
    def from_bytes(cls, data):
        r = Reader(data, GAME_ID, VERSION)
        raw = r.raw(8)
        try:
            rng = Rng.from_bytes(raw)
        except ValueError:
            raise BadSave("bad RNG state")
        players = r.u8()
        mode = r.u8()
        options = r.u8()
        if not 2 <= players <= 4 or mode > A.COMPETITION or options > 15 or (
                mode == A.COMPETITION and players != 2):
            raise BadSave("bad Kendo header")
        s = cls(None, players, mode, options)
        s.rng = rng
        cp = r.u8()
        s.current_player = TERMINAL if cp == 0xFF else cp
        for name in _SCALARS:
            setattr(s, name, r.u8())
        s.hands = [bytearray(r.seq8()) for _ in range(players)]
        s.decks = [bytearray(r.seq8()) for _ in range(3)]
        s.discard = bytearray(r.seq8())
        s.chain = bytearray(r.seq8())
        s.eliminated = bytearray(r.raw(players))
        s.switched = bytearray(r.raw(players))
        s.lost = bytearray(r.raw(3 * players))
        s.ippons = bytearray(r.raw(players))
        s.hansoku = bytearray(r.raw(players))
        s.aside = bytearray(r.seq8())
        if r.u8() != 255:
            r.pos -= 1
            s._winner = tuple(r.seq8())
        r.end()
        s._validate()
        return s

    def _validate(self):
        # JIKAN DESU joins the Other subdeck once the switches are over (C2)
        n = C.N_CARDS + (1 if self.mode == A.COMPETITION and self.phase != A.P_SWITCH else 0)
        seen = bytearray(n)
        for b in self.hands + self.decks + [self.discard, self.aside]:
            for c in b:
                if c >= n or seen[c]:
                    raise BadSave("cards are not the %d cards" % n)
                seen[c] = 1
        if sum(seen) != n:
            raise BadSave("cards are missing")
        if self.aside and self.aside != bytes((C.JIKAN,)) or self.time_up != len(self.aside):
            raise BadSave("bad set-aside cards")
        if self.phase > A.P_DISCARD or max(self.ippons + self.hansoku + b"\0") > 99:
            raise BadSave("bad scores")
        for d in range(3):
            for c in self.decks[d]:
                if DECK_OF[c] != d:
                    raise BadSave("a card is in the wrong subdeck")
        if (self.phase == A.P_OVER) != (self.current_player == TERMINAL):
            raise BadSave("bad phase")
        if self.current_player != TERMINAL and self.current_player >= self.players:
            raise BadSave("bad current player")
        if self.pend != A.NONE and self.pend >= C.COUNTER0:
            raise BadSave("bad pending strike")
        # the scalars the screens index tables with (tools/soak.py found a
        # CRC-valid save with part 200 that passed, then broke the screen)
        p = self.players
        if (self.part > 3 or self.inc > 2 or self.switch_from >= p or self.initiative >= p or self.att >= p
                or self.dfd >= p or self.striker >= p or self.end_reason > 5 or self.encho > 99
                or (self.conceded != A.NONE and self.conceded >= p)):
            raise BadSave("bad exchange values")
        # seats out of the game: 0 or 1, at least two left while it goes on,
        # and never the one to move (the full-size store fuzz found a save
        # with a seat "out" twice over, where the computer had no legal move)
        out = self.eliminated
        if max(out) > 1 or (self.current_player != TERMINAL
                            and (p - sum(out) < 2 or out[self.current_player])):
            raise BadSave("bad eliminated seats")
        ch = self.chain  # (seat, card) pairs: the screen's track indexes both
        for i in range(0, len(ch), 2):
            if i + 1 == len(ch) or ch[i] >= p or ch[i + 1] >= len(COLOUR):
                raise BadSave("bad chain")
