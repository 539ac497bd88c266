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
    main = main_card if main_card < C.COUNTER0 else main_card - (C.ALT0 - C.COUNTER0)
    return A.OPEN + (target * 16 + main) * 5 + (0 if reinf_card < 0 else reinf_card - (C.REINF0 - 1))


def _decode_open(action):
    """actions.decode_open."""
    target, reinf = divmod(action - A.OPEN, 5)
    target, main = divmod(target, 16)
    main = main if main < C.COUNTER0 else main + (C.ALT0 - C.COUNTER0)
    return target, main, (C.REINF0 - 1 + reinf if reinf else -1)


_ONE = bytearray(1)  # the one-byte slice _with and _insert put in (no garbage)


def _without(items, card):
    """Remove one ``card`` from the bytearray ``items`` in place (the device's
    bytearray has no remove nor item deletion; slice assignment it has)."""
    index = 0
    while items[index] != card:
        index += 1
    items[index:index + 1] = b""
    return items


def _insert(items, index, card):
    _ONE[0] = card
    items[index:index] = _ONE
    return items


def _with(items, card):
    """Put ``card`` into the sorted bytearray ``items``, in place, still sorted."""
    index = 0
    while index < len(items) and items[index] < card:
        index += 1
    return _insert(items, index, card)


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
        for card in range(C.N_CARDS):
            self.decks[DECK_OF[card]].append(card)
        for deck in self.decks:
            rng.shuffle(deck)
        for seat in range(players):
            for deck in range(3):
                for _ in range(DEAL[deck]):
                    self._give(seat, self._draw(deck))
        self.switch_from = rng.randrange(players)
        self.current_player = self.switch_from

    # -- the State API ---------------------------------------------------
    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def winner(self) -> "tuple | None":
        return self._winner

    def legal_actions(self) -> list:
        seat = self.current_player
        if seat == TERMINAL:
            return []
        hand = self.hands[seat]
        out = []
        if self.phase == A.P_SWITCH:
            for card in hand:
                if self.decks[DECK_OF[card]]:
                    out.append(A.SWITCH + card)
            out.append(A.SWITCH_DONE)
        elif self.phase == A.P_OPEN:
            self._openings(seat, out)
        elif self.phase == A.P_DISCARD:
            for card in hand:
                out.append(A.DISCARD + card)
        else:
            for card in hand:
                if reaction(card, self.inc, self.part, self.options & A.OPT_ALT_DEFLECT) >= 0:
                    out.append(A.PLAY + card)
            if not out:
                out.append(A.FAIL)
        return out

    def _openings(self, seat, out):
        hand = self.hands[seat]
        reinf = [card for card in hand if KIND[card] == C.K_REINF]
        for target in range(self.players):
            if target == seat or self.eliminated[target]:
                continue
            for card in hand:  # sorted: Basic ids first, then the alternatives
                kind = KIND[card]
                if kind == C.K_BASIC:
                    out.append(_open_action(target, card))
                    for reinforcement in reinf:
                        out.append(_open_action(target, card, reinforcement))
                elif kind == C.K_ALT:
                    out.append(_open_action(target, card))
        return out

    def apply(self, action: int) -> None:
        check_action(self, action)  # before any change: illegal leaves us untouched
        self.events = []
        seat = self.current_player
        if self.phase == A.P_SWITCH:
            if action == A.SWITCH_DONE:
                self._next_switcher()
            else:
                self._switch(seat, action - A.SWITCH)
                self.events.append(("switch", seat, DECK_OF[action - A.SWITCH]))
                self.switched[seat] += 1
                if self.switched[seat] >= A.MAX_SWITCHES:
                    self._next_switcher()
        elif self.phase == A.P_OPEN:
            self._open(seat, action)
        elif self.phase == A.P_DISCARD:
            card = action - A.DISCARD
            self.hands[seat] = _without(self.hands[seat], card)
            self.discard.append(card)
            self.events.append(("discard", seat, card))
            from engine.kendo.compete import discard_next

            discard_next(self)
        elif action == A.FAIL:
            self._fail(seat)
        else:
            self._react(seat, action - A.PLAY)

    def observation(self, seat: int) -> tuple:
        """What ``seat`` may see: its own hand, the sizes of the others, the
        discards and the exchange. Never another hand nor the deck order."""
        return (
            seat, self.phase, self.current_player, bytes(self.hands[seat]),
            tuple(len(hand) for hand in self.hands), tuple(len(deck) for deck in self.decks),
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
        for deck in range(3):
            out[3 * seat + deck] = self.lost[3 * seat + deck]
        chain = self.chain
        for index in range(0, len(chain), 2):
            if chain[index] != seat:
                out[3 * chain[index] + DECK_OF[chain[index + 1]]] += 1
        return bytes(out)

    @classmethod
    def from_observation(cls, obs: tuple, rng: "Rng") -> "KendoState":
        """A full state consistent with what ``obs`` shows, the unseen cards
        dealt at random by ``rng`` (a determinization for bots that look
        ahead): see engine/kendo/determinize.py."""
        from engine.kendo.determinize import from_observation

        return from_observation(cls, obs, rng)

    def describe_action(self, action: int) -> str:
        from engine.kendo.actions import describe

        return describe(action)

    # -- setup ------------------------------------------------------------
    def _draw(self, index):
        deck = self.decks[index]
        card = deck[-1]
        deck[-1:] = b""
        return card

    def _give(self, seat, card):
        self.hands[seat] = _with(self.hands[seat], card)

    def _switch(self, seat, card):
        """Take the top card of c's subdeck first, then put c at the bottom (G9)."""
        deck = DECK_OF[card]
        new = self._draw(deck)
        self.hands[seat] = _without(self.hands[seat], card)
        _insert(self.decks[deck], 0, card)
        self._give(seat, new)

    def _next_switcher(self):
        following = (self.current_player + 1) % self.players
        if following == self.switch_from:
            first = self._pick_first()
            self.events.append(("first", first))
            if self.mode == A.COMPETITION:
                # JIKAN DESU into the bottom half of the Other subdeck (C2)
                deck = self.decks[2]
                _insert(deck, self.rng.randrange(len(deck) // 2 + 1), C.JIKAN)
            self._begin(first)
        else:
            self.current_player = following

    def _total(self, seat):
        total = 0
        for card in self.hands[seat]:
            total += number(card)
        return total

    def _pick_first(self):
        """Highest Basic total; tied seats switch their lowest Basic (at most
        TIE_ROUNDS times, while the Basic subdeck lasts), then the highest
        single Basic card decides (setup step 5, G10)."""
        rounds = 0
        while True:
            best = -1
            tied = []
            for seat in range(self.players):
                total = self._total(seat)
                if total > best:
                    best = total
                    tied = [seat]
                elif total == best:
                    tied.append(seat)
            if len(tied) == 1:
                return tied[0]
            if rounds >= TIE_ROUNDS or len(self.decks[0]) < len(tied):
                break
            rounds += 1
            for seat in tied:
                low = min(card for card in self.hands[seat] if card < C.COUNTER0)
                self._switch(seat, low)
                self.events.append(("tie_switch", seat))
        best = -1
        first = tied[0]
        for seat in tied:
            highest = max([card for card in self.hands[seat] if card < C.COUNTER0] or [-1])
            if highest > best:
                best = highest
                first = seat
        return first

    # -- exchanges ----------------------------------------------------------
    def _begin(self, first):
        """Seat ``first`` (or the next one clockwise who can) opens (R2, G7)."""
        self.chain = bytearray()
        self.pend = A.NONE
        self.conceded = A.NONE
        for index in range(len(self.lost)):
            self.lost[index] = 0
        for index in range(self.players):
            seat = (first + index) % self.players
            if self.eliminated[seat]:
                continue
            if self._openings(seat, []):
                self.phase = A.P_OPEN
                self.initiative = seat
                self.current_player = seat
                return
            self.events.append(("cannot_open", seat))
        if self.mode == A.COMPETITION:  # time is called: the leader, else hantei
            from engine.kendo.compete import time_called

            time_called(self, A.END_DEADLOCK, True)
            return
        if self.options & A.OPT_REARM:
            # the spent Basic cards go back into their subdeck, shuffled, and
            # every seat still in takes one, from seat ``first`` on (house rule)
            deck = self.decks[0]
            keep = bytearray()
            for card in self.discard:
                if card < C.COUNTER0:
                    deck.append(card)
                else:
                    keep.append(card)
            self.discard = keep
            self.rng.shuffle(deck)
            for index in range(self.players):
                seat = (first + index) % self.players
                if not self.eliminated[seat]:
                    self._give(seat, self._draw(0))
            self.events.append(("rearm",))
            self._begin(first)
            return
        # deadlock: the most cards wins, a tie is a draw (G7)
        best = -1
        win = []
        for seat in range(self.players):
            if self.eliminated[seat]:
                continue
            size = len(self.hands[seat])
            if size > best:
                best = size
                win = [seat]
            elif size == best:
                win.append(seat)
        self._finish(tuple(win), A.END_DEADLOCK if len(win) == 1 else A.END_DRAW)

    def _play(self, seat, card):
        self.hands[seat] = _without(self.hands[seat], card)
        self.lost[3 * seat + DECK_OF[card]] += 1
        self.discard.append(card)
        self.chain.append(seat)
        self.chain.append(card)

    def _open(self, seat, action):
        target, main, reinf = _decode_open(action)
        self._play(seat, main)
        self.att = self.striker = seat
        self.dfd = self.current_player = target
        self.phase = A.P_REACT
        self.events.append(("open", seat, target, main, reinf))
        if reinf >= 0:
            self._play(seat, reinf)
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

    def _react(self, seat, card):
        eff = reaction(card, self.inc, self.part, self.options & A.OPT_ALT_DEFLECT)
        self._play(seat, card)
        self.events.append(("play", seat, card, eff))
        striker = self.striker
        if eff == C.E_BOUNCE and not self.options & A.OPT_REFLECT_CANCEL:
            self.striker = seat
            self.current_player = striker
        elif eff == C.E_CANCEL or eff == C.E_BOUNCE:
            self._strike_after_reinf()
        elif eff == C.E_CHAIN:
            self.part = strike_part(card)
            self.striker = seat
            self.current_player = striker
        elif eff == C.E_AVOID:
            self._end(seat)
        else:  # E_BLOCK: the last striker opens next (R11)
            self._end(striker)

    def _fail(self, seat):
        striker = self.striker
        self.events.append(("fail", seat, self.inc))
        if self.mode == A.COMPETITION and self.inc != C.INC_REINF:
            from engine.kendo.compete import score_failure

            score_failure(self, seat, striker)  # C3, C4
            self._end(striker)
            return
        for _ in range(FAIL_LOSS[self.inc]):
            hand = self.hands[seat]
            if not hand:
                break
            card = hand[self.rng.randrange(len(hand))]
            self.hands[seat] = _without(hand, card)
            self.lost[3 * seat + DECK_OF[card]] += 1
            self._give(striker, card)
            self.events.append(("pull", striker, seat))
        if self.inc == C.INC_REINF:
            self._strike_after_reinf()
        else:
            self._end(striker)

    def _end(self, nxt):
        """End of an exchange: eliminations (R13), winner (R14), next opener (R11)."""
        if self.mode == A.COMPETITION:
            from engine.kendo.compete import end_exchange

            end_exchange(self, nxt)
            return
        alive = [seat for seat in range(self.players) if not self.eliminated[seat]]
        for seat in alive:
            if not self.hands[seat]:
                self.eliminated[seat] = 1
                self.events.append(("eliminated", seat))
        left = [seat for seat in alive if not self.eliminated[seat]]
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
    def to_bytes(self) -> bytes:
        writer = Writer(GAME_ID, VERSION)
        writer.raw(self.rng.to_bytes() if self.rng is not None else bytes(8))
        writer.u8(self.players)
        writer.u8(self.mode)
        writer.u8(self.options)
        writer.u8(self.current_player & 0xFF)
        for name in _SCALARS:
            writer.u8(getattr(self, name))
        for hand in self.hands:
            writer.seq8(hand)
        for deck in self.decks:
            writer.seq8(deck)
        writer.seq8(self.discard)
        writer.seq8(self.chain)
        writer.raw(self.eliminated)
        writer.raw(self.switched)
        writer.raw(self.lost)
        writer.raw(self.ippons)
        writer.raw(self.hansoku)
        writer.seq8(self.aside)
        if self._winner is None:
            writer.u8(255)
        else:
            writer.seq8(self._winner)
        return writer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "KendoState":
        reader = Reader(data, GAME_ID, VERSION)
        raw = reader.raw(8)
        try:
            rng = Rng.from_bytes(raw)
        except ValueError:
            raise BadSave("bad RNG state")
        players = reader.u8()
        mode = reader.u8()
        options = reader.u8()
        if not 2 <= players <= 4 or mode > A.COMPETITION or options > 15 or (
                mode == A.COMPETITION and players != 2):
            raise BadSave("bad Kendo header")
        state = cls(None, players, mode, options)
        state.rng = rng
        current = reader.u8()
        state.current_player = TERMINAL if current == 0xFF else current
        for name in _SCALARS:
            setattr(state, name, reader.u8())
        state.hands = [bytearray(reader.seq8()) for _ in range(players)]
        state.decks = [bytearray(reader.seq8()) for _ in range(3)]
        state.discard = bytearray(reader.seq8())
        state.chain = bytearray(reader.seq8())
        state.eliminated = bytearray(reader.raw(players))
        state.switched = bytearray(reader.raw(players))
        state.lost = bytearray(reader.raw(3 * players))
        state.ippons = bytearray(reader.raw(players))
        state.hansoku = bytearray(reader.raw(players))
        state.aside = bytearray(reader.seq8())
        if reader.u8() != 255:
            reader.pos -= 1
            state._winner = tuple(reader.seq8())
        reader.end()
        state._validate()
        return state

    def _validate(self):
        # JIKAN DESU joins the Other subdeck once the switches are over (C2)
        n_cards = C.N_CARDS + (1 if self.mode == A.COMPETITION and self.phase != A.P_SWITCH else 0)
        seen = bytearray(n_cards)
        for pile in self.hands + self.decks + [self.discard, self.aside]:
            for card in pile:
                if card >= n_cards or seen[card]:
                    raise BadSave("cards are not the %d cards" % n_cards)
                seen[card] = 1
        if sum(seen) != n_cards:
            raise BadSave("cards are missing")
        if self.aside and self.aside != bytes((C.JIKAN,)) or self.time_up != len(self.aside):
            raise BadSave("bad set-aside cards")
        if self.phase > A.P_DISCARD or max(self.ippons + self.hansoku + b"\0") > 99:
            raise BadSave("bad scores")
        for deck in range(3):
            for card in self.decks[deck]:
                if DECK_OF[card] != deck:
                    raise BadSave("a card is in the wrong subdeck")
        if (self.phase == A.P_OVER) != (self.current_player == TERMINAL):
            raise BadSave("bad phase")
        if self.current_player != TERMINAL and self.current_player >= self.players:
            raise BadSave("bad current player")
        if self.pend != A.NONE and self.pend >= C.COUNTER0:
            raise BadSave("bad pending strike")
        # the scalars the screens index tables with (tools/soak.py found a
        # CRC-valid save with part 200 that passed, then broke the screen)
        players = self.players
        if (self.part > 3 or self.inc > 2 or self.switch_from >= players or self.initiative >= players
                or self.att >= players or self.dfd >= players or self.striker >= players
                or self.end_reason > 5 or self.encho > 99
                or (self.conceded != A.NONE and self.conceded >= players)):
            raise BadSave("bad exchange values")
        # seats out of the game: 0 or 1, at least two left while it goes on,
        # and never the one to move (the full-size store fuzz found a save
        # with a seat "out" twice over, where the computer had no legal move)
        out = self.eliminated
        if max(out) > 1 or (self.current_player != TERMINAL
                            and (players - sum(out) < 2 or out[self.current_player])):
            raise BadSave("bad eliminated seats")
        chain = self.chain  # (seat, card) pairs: the screen's track indexes both
        for index in range(0, len(chain), 2):
            if index + 1 == len(chain) or chain[index] >= players or chain[index + 1] >= len(COLOUR):
                raise BadSave("bad chain")
