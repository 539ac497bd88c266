"""Kyudo: the rules engine, ``KyudoState`` (the State API of docs/ARCHITECTURE.md).

Rules: docs/rules/kyudo.md (R1-R25, gaps G1-G23); the decisions taken
beyond it are in docs/rules/kyudo.md. Actions and phases: actions.py.

``KyudoState(rng, players)`` deals the characters, picks the first archer and
starts the catch-up ticks (phase P_SETUP). Random draws, in order: a shuffle
of the 4 characters (seat i gets the i-th), the first archer, then one
``randrange(6)`` per rolled die, in die order.

Public attributes (read them; change them only through ``apply``). Seats are
0..players-1, clockwise. Per-colour bytearrays are indexed by the colour ints
of actions.py (index 0, ARROW, is unused):

- ``players``; ``first`` (the 1st archer); ``active`` (whose turn it is)
- ``phase`` (actions.P_*); ``current_player`` (who decides now, or TERMINAL)
- ``characters``: bytes, one character per seat (KITSUNE, KUMA, SARU, SHIKA)
- ``spectators``: bytearray per seat (20 down to 0)
- ``eliminated``: bytearray per seat, 1 = out
- ``circles[seat][colour]``: circles of that colour (4, more after Kitsune)
- ``ticked[seat][colour]``: circles ticked; closed when ticked == circles
- ``flags[seat][colour]``: boxes ticked in that flag (corner = CORNER_SIZE)
- ``tokens[seat][colour]``: tokens held (ORANGE, GREEN, RED)
- ``supply[colour]``: tokens in the centre
- ``n_dice``: 4, or 3 while Saru's captured die is off the table
- ``dice``: bytearray of the ``n_dice`` faces (meaningless while rolls == 0)
- ``rolls``: rolls made this turn (0-3); ``used``: bitmask of the dice used by
  combinations this turn (all of them after an Ultimate Combo or a talent)
- ``red_used``: 1 once the RED token fixed a die this turn
- ``fury``: the colour boosted by an ORANGE token this turn (0 none)
- ``captured_by``: Saru's seat while the die is captured (-1 none)
- ``ring_colour``, ``ring_owner``: Shika's ring (-1 none)
- ``turn`` (turns started, from 1), ``round`` (1 to ROUND_CAP)
- ``win_reason``: actions.WIN_TARGET, WIN_LAST or WIN_CAP once over (-1 before)
- ``events``: what the last ``apply`` did, for the UI: its kinds and fields in actions.py (E_*).

A pending sub-decision (shield, circle pick, steal, talent choice, Kuma's
discards) interrupts a combination; what remains of it waits in ``queue``,
a list of small-int tuples (kind, a, b) that is saved with the state.

``observation(seat)`` is the tuple of actions.O_*: the seat, the phase,
the current player and the table (O_TABLE: a copy without the Rng).

Memory: the contract's ints are read as ``A.NAME`` from actions.py; the
build (tools/fold.py) folds them into literal ints and drops the import, so
actions.py is loaded on the device only to describe an action.
"""

from engine.core import BadSave, IllegalAction, Reader, TERMINAL, Writer
from engine.rng import Rng
from engine.kyudo.data import (
    ATTRACTIVENESS, CIRCLES, CORNER_SIZE, CORNERS, MAX_CIRCLES, MAX_ROLLS,
    MOVE_PICKS, ORANGE_LOSS, RING_LOSS, ROUND_CAP, SETUP_TICKS,
    START_SPECTATORS, ULTIMATE_LOSS,
)
from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


GAME_ID = const(1)
VERSION = const(1)

_TOKENS = (A.ORANGE, A.GREEN, A.RED)  # actions.TOKENS, folded by the build (no import)

# The effect queue: (kind, a, b) tuples of small ints.
_E_LOSS = const(1)  # (victim, amount): one loss event (R17)
_E_PICK = const(2)  # (circles still to pick, 0): the BLACK / BLUE move
_E_GAIN = const(3)  # (token colour, 0): the ORANGE / GREEN / RED move
_E_ULT = const(4)  # the Ultimate Combo
_E_TALENT = const(5)  # the active archer's personal talent
_E_DROP = const(6)  # (victim, 0): Kuma's raid on one opponent
_E_TAKE = const(7)  # Kuma takes a token from the supply

# the queue head that each phase decides on (0: the queue is empty)
_WANT = (0, 0, 0, 0, _E_LOSS, _E_PICK, _E_GAIN, _E_TALENT, _E_TALENT, _E_DROP, _E_TAKE, 0)
PHASE_NAMES = ("setup", "rolling", "RED token", "resolving", "shield", "circle pick", "steal",
               "Kitsune's choice", "Shika's choice", "Kuma's raid", "Kuma's pick", "over")
# saved as u8 + 1 (so -1 fits), in this order
_SCALARS = ("first", "active", "phase", "rolls", "used", "red_used", "fury", "captured_by",
            "ring_colour", "ring_owner", "round", "_winner", "win_reason")


class KyudoState:
    def __init__(self, rng, players=2):
        if not 2 <= players <= 4:
            raise ValueError("Kyudo needs 2-4 archers")
        self.rng = None
        self.players = players
        self.characters = bytes(players)
        self.first = self.active = self.phase = self.turn = self.round = 0
        self.spectators = bytearray([START_SPECTATORS] * players)
        self.eliminated = bytearray(players)
        self.circles = [bytearray(CIRCLES) for _ in range(players)]
        self.ticked = [bytearray(6) for _ in range(players)]
        self.flags = [bytearray(6) for _ in range(players)]
        self.tokens = [bytearray(6) for _ in range(players)]
        self.supply = bytearray(6)
        self.n_dice = 4
        self.dice = bytearray(4)
        self.rolls = self.used = self.red_used = self.fury = 0
        self.captured_by = self.ring_colour = self.ring_owner = -1
        self._winner = self.win_reason = -1
        self.queue = []
        self.events = []
        self.current_player = 0
        if rng is None:  # from_bytes fills the rest in
            return
        self.rng = rng
        chars = bytearray(b"\x00\x01\x02\x03")
        rng.shuffle(chars)
        self.characters = bytes(chars[:players])
        self.first = self.active = rng.randrange(players)
        for t in _TOKENS:
            self.supply[t] = players - 1
        self.current_player = self._setup_seat()

    # -- the State API ---------------------------------------------------
    def is_over(self):
        return self.phase == A.P_OVER

    def winner(self):
        return None if self._winner < 0 else (self._winner,)

    def legal_actions(self):
        ph = self.phase
        out = []
        add = out.append
        if ph == A.P_RESOLVE:
            self._combos(out)
            add(A.END_TURN)
        elif ph == A.P_ROLL:
            if self.rolls:
                add(A.STOP)
                for m in range(1, 1 << self.n_dice):
                    add(A.REROLL + m)
            else:
                add(A.ROLL)
        elif ph == A.P_RED:
            add(A.RED_SKIP)
            for d in range(self.n_dice):
                for f in range(6):
                    if f != self.dice[d]:
                        add(A.RED_FIX + d * 6 + f)
        elif ph == A.P_SHIELD:
            add(A.SHIELD)
            add(A.NO_SHIELD)
        elif ph == A.P_KITSUNE:
            add(A.CHOOSE + A.GREEN)
            add(A.CHOOSE + A.BLUE)
        elif ph == A.P_SHIKA:
            for c in range(1, 6):
                add(A.CHOOSE + c)
        elif ph != A.P_OVER:
            if ph == A.P_SETUP:  # flags not ticked yet (a seat's boxes in different flags)
                m = 62
                for c in range(1, 6):
                    if self.flags[self.current_player][c]:
                        m &= ~(1 << c)
                base = A.TICK
            elif ph == A.P_PICK:
                m, base = self._open(self.active), A.PICK
            elif ph == A.P_STEAL:
                m, base = self._holders(self.queue[0][1]), A.STEAL
            elif ph == A.P_KUMA_DROP:
                m, base = self._held(self.tokens[self.queue[0][1]]), A.DISCARD
            else:  # A.P_KUMA_TAKE
                m, base = self._held(self.supply), A.TAKE
            for i in range(6):
                if m >> i & 1:
                    add(base + i)
        return out

    def _combos(self, out):
        a = self.active
        dice = self.dice
        used = self.used
        count = bytearray(6)
        for i in range(self.n_dice):
            if not used >> i & 1:
                count[dice[i]] += 1
        arrows = count[A.ARROW]
        if arrows > 3:
            arrows = 3
        orange = self.tokens[a][A.ORANGE]
        for d in range(self.n_dice):
            c = dice[d]
            if c == A.ARROW or used >> d & 1:
                continue
            empty = self.circles[a][c] - self.ticked[a][c]
            for k in range(1, arrows + 1):
                out.append(A.AIM + d * 8 + k * 2)
                if orange and k > empty and self.fury != c:
                    out.append(A.AIM + d * 8 + k * 2 + 1)
        for c in range(1, 6):
            for k in range(2, count[c] + 1):
                out.append(A.FLAG + (c - 1) * 5 + k)

    def apply(self, action):
        if type(action) is not int or action not in self.legal_actions():
            raise IllegalAction(self._why(action))
        self.events = []
        ph = self.phase
        a = self.active
        if ph == A.P_RESOLVE:
            if action == A.END_TURN:
                self._end_turn()
            elif action < A.FLAG:
                self._aim(action - A.AIM)
            else:
                self._flag(action - A.FLAG)
        elif ph == A.P_ROLL:
            if action == A.STOP:
                self._end_rolls()
            else:
                self._roll((1 << self.n_dice) - 1 if action == A.ROLL else action - A.REROLL)
        elif ph == A.P_RED:
            if action != A.RED_SKIP:
                d, f = divmod(action - A.RED_FIX, 6)
                self.dice[d] = f
                self._give(a, A.RED)
                self.red_used = 1
                self.events.append(("red", a, d, f))
            self._final()
        elif ph == A.P_SETUP:
            s = self.current_player
            self.flags[s][action - A.TICK] += 1  # never triggers a move (G3)
            self.events.append(("boxes", s, action - A.TICK, 1))
            if self._setup_seat() < 0:
                self.round = 1
                self._start_turn(self.first)
        else:
            q = self.queue
            e = q.pop(0)
            v = e[1]
            if ph == A.P_SHIELD:
                if action == A.SHIELD:
                    self._give(v, A.GREEN)
                    self.events.append(("shield", v))
                else:
                    self._lose(v, e[2])
            elif ph == A.P_PICK:
                if v > 1:
                    q.insert(0, (_E_PICK, v - 1, 0))
                self._tick(a, action - A.PICK)
            elif ph == A.P_STEAL:
                self._take(a, v, action - A.STEAL)
            elif ph == A.P_KITSUNE:
                c = action - A.CHOOSE
                for s in range(self.players):
                    if s != a and not self.eliminated[s] and self.circles[s][c] < MAX_CIRCLES:
                        self.circles[s][c] += 1  # reopens a closed colour (G17)
                        self.events.append(("extra", s, c))
                self.events.append(("talent", a, A.KITSUNE, c))
            elif ph == A.P_SHIKA:
                self.ring_colour = action - A.CHOOSE
                self.ring_owner = a
                self.events.append(("talent", a, A.SHIKA, self.ring_colour))
            elif ph == A.P_KUMA_DROP:
                self._give(v, action - A.DISCARD)
                self.events.append(("discard", v, action - A.DISCARD))
            else:  # A.P_KUMA_TAKE
                self._take(a, action - A.TAKE, -1)
            self._run()
        self.current_player = self._who()

    def observation(self, seat):
        """What ``seat`` sees, by actions.O_*: everything is public but the
        future dice, so O_TABLE is a copy of the state without the Rng
        (copied in place: no save bytes, little garbage)."""
        P = self.players
        s = KyudoState(None, P)
        for n in _SCALARS:
            setattr(s, n, getattr(self, n))
        s.turn = self.turn
        s.current_player = self.current_player
        s.characters = self.characters  # bytes: shared
        s.n_dice = self.n_dice
        s.dice = bytearray(self.dice)
        s.queue = list(self.queue)  # of tuples: shared
        s.events = list(self.events)
        for c in range(6):
            s.supply[c] = self.supply[c]
        for i in range(P):
            s.spectators[i] = self.spectators[i]
            s.eliminated[i] = self.eliminated[i]
            for c in range(6):
                s.circles[i][c] = self.circles[i][c]
                s.ticked[i][c] = self.ticked[i][c]
                s.flags[i][c] = self.flags[i][c]
                s.tokens[i][c] = self.tokens[i][c]
        return (seat, self.phase, self.current_player, s)

    def describe_action(self, action):
        from engine.kyudo.actions import FACE_NAMES, describe

        if A.AIM <= action < A.AIM + 32:
            d, r = divmod(action - A.AIM, 8)
            k, o = divmod(r, 2)
            col = FACE_NAMES[self.dice[d]] if d < len(self.dice) else "?"
            return "aim %d arrow%s at %s (die %d)%s" % (
                k, "s" if k > 1 else "", col, d + 1, " + ORANGE fury" if o else "")
        if self.phase == A.P_SHIELD and (action == A.SHIELD or action == A.NO_SHIELD):
            return "%s (%d spectators)" % (describe(action), self.queue[0][2])
        return describe(action)

    def _why(self, action):
        if self.phase == A.P_OVER:
            return "the game is over"
        name = self.describe_action(action) if type(action) is int else "action"
        return "'%s' (%r) is not legal now: %s, archer %d to act" % (
            name, action, PHASE_NAMES[self.phase], self.current_player + 1)

    # -- turn flow -------------------------------------------------------
    def _setup_seat(self):
        """The seat that still owes catch-up ticks, or -1 once setup is over."""
        for k in range(1, self.players):
            s = (self.first + k) % self.players
            n = 0
            for c in range(1, 6):
                if self.flags[s][c]:
                    n += 1
            if n < SETUP_TICKS[k]:
                return s
        return -1

    def _who(self):
        ph = self.phase
        if ph == A.P_OVER:
            return TERMINAL
        if ph == A.P_SETUP:
            return self._setup_seat()
        if ph == A.P_SHIELD or ph == A.P_KUMA_DROP:
            return self.queue[0][1]
        return self.active

    def _start_turn(self, s):
        """Upkeep (R21, R22) and the roll phase of seat ``s``."""
        self.active = s
        self.turn += 1
        ev = self.events
        ev.append(("turn", s, self.round))
        if self.captured_by == s:
            self.captured_by = -1
            ev.append(("die_back", s))
        if self.ring_owner == s:
            self.ring_owner = self.ring_colour = -1
            ev.append(("ring_off", s))
        self.n_dice = 4 if self.captured_by < 0 else 3
        self.dice = bytearray(self.n_dice)
        self.rolls = self.used = self.red_used = self.fury = 0
        self.phase = A.P_ROLL

    def _end_turn(self):
        """The next archer still in, clockwise; a new round on passing the 1st."""
        a = self.active
        P = self.players
        b = (a + 1) % P
        while self.eliminated[b]:
            b = (b + 1) % P
        if (self.first - a - 1) % P < ((b - a) % P or P):
            if self.round >= ROUND_CAP:
                self._cap()
                return
            self.round += 1
        self._start_turn(b)

    def _cap(self):
        """G22: most spectators, then most circles ticked, then turn order."""
        best = key = -1
        for k in range(self.players):
            s = (self.first + k) % self.players
            v = self.spectators[s] * 4096 + sum(self.ticked[s])
            if not self.eliminated[s] and v > key:
                best, key = s, v
        self._win(best, A.WIN_CAP)

    def _roll(self, mask):
        for i in range(self.n_dice):
            if mask >> i & 1:
                self.dice[i] = self.rng.randrange(6)
        self.rolls += 1
        self.events.append(("roll", self.active, tuple(self.dice)))
        if self.rolls >= MAX_ROLLS:
            self._end_rolls()

    def _end_rolls(self):
        if self.tokens[self.active][A.RED] and not self.red_used:
            self.phase = A.P_RED
        else:
            self._final()

    def _final(self):
        """The faces are final: Shika's ring, then the automatic combinations."""
        a = self.active
        q = self.queue
        seen = n = 0
        for f in self.dice:
            if f == self.ring_colour:
                n += 1
            seen |= 1 << f
        if n and self.ring_owner >= 0 and self.ring_owner != a:
            self.events.append(("ring", a, n * RING_LOSS))
            q.append((_E_LOSS, a, n * RING_LOSS))
        if self.n_dice == 4:
            if seen == 1:  # 4 ARROW: the Ultimate Combo (R15)
                q.append((_E_ULT, 0, 0))
                self.used = 15
            elif not seen & 1 and _bits(seen) == 4:  # 4 colours: the talent (R16)
                q.append((_E_TALENT, 0, 0))
                self.used = 15
        self._run()

    def _run(self):
        """Resolve the queued effects in order until one needs a decision."""
        while self.queue and self.phase != A.P_OVER:
            q = self.queue
            k, v, b = q[0]
            a = self.active
            ph = 0
            if k == _E_LOSS:
                if self.eliminated[v]:
                    q.pop(0)
                elif self.tokens[v][A.GREEN]:
                    ph = A.P_SHIELD  # the victim decides (R17, G20)
                else:
                    q.pop(0)
                    self._lose(v, b)
            elif k == _E_PICK:
                m = self._open(a)
                if m & (m - 1):
                    ph = A.P_PICK
                else:
                    q.pop(0)
                    if m:  # one colour left to tick: no choice to make
                        if v > 1:
                            q.insert(0, (_E_PICK, v - 1, 0))
                        self._tick(a, _bit(m))
            elif k == _E_GAIN:
                m = 0 if self.supply[v] else self._holders(v)
                if m & (m - 1):
                    ph = A.P_STEAL
                else:
                    q.pop(0)
                    if self.supply[v]:
                        self._take(a, v, -1)
                    elif m:  # a single opponent holds one (G12)
                        self._take(a, v, _bit(m))
            elif k == _E_ULT:
                q.pop(0)
                self.events.append(("ultimate", a))
                self._opponents(_E_LOSS, ULTIMATE_LOSS)
            elif k == _E_TALENT:
                ch = self.characters[a]
                if ch == A.KITSUNE:
                    ph = A.P_KITSUNE
                elif ch == A.SHIKA:
                    ph = A.P_SHIKA
                else:
                    q.pop(0)
                    self.events.append(("talent", a, ch, 0))
                    if ch == A.SARU:
                        self.captured_by = a  # R21
                    else:  # Kuma (R24): each opponent drops one, then Kuma takes one
                        q.insert(0, (_E_TAKE, 0, 0))
                        self._opponents(_E_DROP, 0)
            else:  # _E_DROP, _E_TAKE
                row = self.tokens[v] if k == _E_DROP else self.supply
                m = self._held(row)
                if m & (m - 1):
                    ph = A.P_KUMA_DROP if k == _E_DROP else A.P_KUMA_TAKE
                else:
                    q.pop(0)
                    if m and k == _E_DROP:
                        self._give(v, _bit(m))
                        self.events.append(("discard", v, _bit(m)))
                    elif m:
                        self._take(a, _bit(m), -1)
            if ph:
                self.phase = ph
                return
        if self.phase == A.P_OVER:
            return
        if self.eliminated[self.active]:  # the ring took the last spectator
            self._end_turn()
        else:
            self.phase = A.P_RESOLVE

    def _opponents(self, kind, b):
        """Queue ``(kind, opponent, b)`` first, one per opponent still in, clockwise."""
        P = self.players
        for k in range(P - 1, 0, -1):
            v = (self.active + k) % P
            if not self.eliminated[v]:
                self.queue.insert(0, (kind, v, b))

    # -- combinations ----------------------------------------------------
    def _use(self, face, n, used):
        """Also mark ``n`` unused dice showing ``face``, lowest first."""
        used |= self.used
        for i in range(self.n_dice):
            if n and not used >> i & 1 and self.dice[i] == face:
                used |= 1 << i
                n -= 1
        self.used = used

    def _aim(self, code):
        """R8-R10, R14: fill empty circles first (G7), the other arrows attack."""
        d, r = divmod(code, 8)
        k, orange = divmod(r, 2)
        a = self.active
        c = self.dice[d]
        self._use(A.ARROW, k, 1 << d)
        if orange:
            self._give(a, A.ORANGE)
            self.fury = c
            self.events.append(("fury", a, c))
        fill = self.circles[a][c] - self.ticked[a][c]
        if fill > k:
            fill = k
        for _ in range(fill):
            self._tick(a, c)
        if k > fill and self.phase != A.P_OVER:
            loss = (k - fill) * (ORANGE_LOSS if self.fury == c else ATTRACTIVENESS[c])
            P = self.players
            for j in range(1, P):
                v = (a + j) % P
                if not self.eliminated[v] and self.ticked[v][c] < self.circles[v][c]:
                    self.events.append(("attack", a, v, c, loss))
                    self.queue.append((_E_LOSS, v, loss))
        self._run()

    def _flag(self, code):
        """R11, R12: boxes fill corner after corner; each full corner is a move."""
        c, n = divmod(code, 5)
        c += 1
        a = self.active
        self._use(c, n, 0)
        size = CORNER_SIZE[c]
        f = self.flags[a]
        room = size * CORNERS - f[c]
        if n > room:
            n = room  # boxes past the last corner are lost
        self.events.append(("boxes", a, c, n))
        for _ in range(n):
            f[c] += 1
            if f[c] % size == 0:
                self.events.append(("flag", a, c, f[c] // size))
                if MOVE_PICKS[c]:
                    self.queue.append((_E_PICK, MOVE_PICKS[c], 0))
                else:
                    self.queue.append((_E_GAIN, c, 0))
        self._run()

    # -- atomic effects (each is followed by the win check, R20) --------------
    def _tick(self, s, c):
        self.ticked[s][c] += 1
        self.events.append(("circle", s, c))
        if self.ticked[s][c] == self.circles[s][c]:
            self.events.append(("closed", s, c))
        self._check_win()

    def _give(self, s, t):
        """Seat ``s`` puts a ``t`` token back in the supply."""
        self.tokens[s][t] -= 1
        self.supply[t] += 1

    def _take(self, s, t, src):
        """Seat ``s`` takes a ``t`` token from seat ``src`` (-1: the supply)."""
        if src < 0:
            self.supply[t] -= 1
        else:
            self.tokens[src][t] -= 1
        self.tokens[s][t] += 1
        self.events.append(("token", s, t, src))

    def _lose(self, v, amount):
        sp = self.spectators
        if amount > sp[v]:
            amount = sp[v]
        sp[v] -= amount
        self.events.append(("loss", v, amount))
        if not sp[v]:  # R19, G9: out; tokens to the supply, the die back, the ring off
            self.eliminated[v] = 1
            for t in _TOKENS:
                self.supply[t] += self.tokens[v][t]
                self.tokens[v][t] = 0
            if self.captured_by == v:
                self.captured_by = -1
            if self.ring_owner == v:
                self.ring_owner = self.ring_colour = -1
            if v == self.active:
                self.queue = []
            self.events.append(("eliminated", v))
        self._check_win()

    def _check_win(self):
        """R20: the last archer standing, else a complete target with the most
        spectators (a tie is enough); the active archer first, then clockwise (G8)."""
        if self.phase == A.P_OVER:
            return
        P = self.players
        el = self.eliminated
        sp = self.spectators
        n = best = last = 0
        for s in range(P):
            if not el[s]:
                n += 1
                last = s
                if sp[s] > best:
                    best = sp[s]
        if n == 1:
            self._win(last, A.WIN_LAST)
            return
        for k in range(P):
            s = (self.active + k) % P
            if not el[s] and sp[s] == best and not self._open(s):
                self._win(s, A.WIN_TARGET)
                return

    def _win(self, s, reason):
        self._winner = s
        self.win_reason = reason
        self.phase = A.P_OVER
        self.queue = []
        self.events.append(("win", s, reason))

    # -- small queries: bitmasks, bit i = colour or seat i -----------------
    def _open(self, s):
        """The colours in which seat ``s`` has an empty circle."""
        m = 0
        for c in range(1, 6):
            if self.ticked[s][c] < self.circles[s][c]:
                m |= 1 << c
        return m

    def _holders(self, t):
        """The opponents holding a ``t`` token."""
        m = 0
        for s in range(self.players):
            if s != self.active and self.tokens[s][t]:
                m |= 1 << s
        return m

    def _held(self, row):
        """The token types present in ``row`` (a seat's tokens or the supply)."""
        m = 0
        for t in _TOKENS:
            if row[t]:
                m |= 1 << t
        return m

    # -- serialisation -----------------------------------------------------
    def to_bytes(self):
        w = Writer(GAME_ID, VERSION)
        w.raw(self.rng.to_bytes() if self.rng is not None else bytes(8))
        w.u8(self.players)
        w.raw(self.characters)
        w.raw(self.spectators)
        for n in _SCALARS:
            w.u8(getattr(self, n) + 1)
        w.u16(self.turn)
        for rows in (self.circles, self.ticked, self.flags, self.tokens, (self.supply,)):
            for row in rows:
                for c in range(1, 6):
                    w.u8(row[c])
        w.seq8(self.dice)
        w.u8(len(self.queue))
        for e in self.queue:
            for v in e:
                w.u8(v)
        return w.getvalue()

    @classmethod
    def from_bytes(cls, data):
        return cls._load(data, True)

    @classmethod
    def _load(cls, data, need_rng):
        try:
            return cls._decode(data, need_rng)
        except BadSave:
            raise
        except (ValueError, IndexError, TypeError) as e:
            raise BadSave("not a Kyudo save (%s)" % e)

    @classmethod
    def _decode(cls, data, need_rng):
        r = Reader(data, GAME_ID, VERSION)
        raw = r.raw(8)
        P = r.u8()
        if not 2 <= P <= 4:
            raise BadSave("bad number of archers")
        s = cls(None, P)
        if need_rng:  # an observation (a copy for a bot) has no Rng
            s.rng = Rng.from_bytes(raw)
        s.characters = r.raw(P)
        s.spectators = bytearray(r.raw(P))
        for n in _SCALARS:
            setattr(s, n, r.u8() - 1)
        s.turn = r.u16()
        for rows in (s.circles, s.ticked, s.flags, s.tokens, (s.supply,)):
            for row in rows:
                for c in range(1, 6):
                    row[c] = r.u8()
        s.n_dice = r.u8()
        s.dice = bytearray(r.raw(s.n_dice))
        for _ in range(r.u8()):
            s.queue.append((r.u8(), r.u8(), r.u8()))
        r.end()
        for i in range(P):
            s.eliminated[i] = 0 if s.spectators[i] else 1
        s._validate()
        s.current_player = s._who()
        if s.current_player != TERMINAL and not s.legal_actions():
            raise BadSave("no legal action in the saved state")
        return s

    def _validate(self):
        P = self.players
        ph = self.phase
        ok = len(set(self.characters)) == P and max(self.characters) < 4 and max(self.dice) < 6
        t = (self.first, P, self.active, P, ph, 12, self.rolls, MAX_ROLLS + 1,
             self.used, 1 << self.n_dice, self.red_used, 2, self.fury, 6,
             self.round, ROUND_CAP + 1, self.n_dice - 3, 2, self.win_reason + 1, 4,
             self.captured_by + 1, P + 1, self.ring_owner + 1, P + 1,
             self.ring_colour + 1, 7, self._winner + 1, P + 1)
        for i in range(0, len(t), 2):
            ok = ok and 0 <= t[i] < t[i + 1]
        ok = ok and (self.ring_owner < 0) == (self.ring_colour < 0) and self.ring_colour != 0
        ok = ok and (ph == A.P_OVER) == (self._winner >= 0) == (self.win_reason >= 0)
        ok = ok and (ph == A.P_SETUP) == (self.round == 0) and (self.turn == 0) == (self.round == 0)
        for s in range(P):
            ok = ok and self.spectators[s] <= START_SPECTATORS
            ok = ok and (self.spectators[s] or not sum(self.tokens[s]))
            for c in range(1, 6):
                ok = ok and CIRCLES[c] <= self.circles[s][c] and self.ticked[s][c] <= self.circles[s][c]
                ok = ok and self.flags[s][c] <= CORNER_SIZE[c] * CORNERS
        for t in range(1, 6):
            n = self.supply[t]
            for s in range(P):
                n += self.tokens[s][t]
            ok = ok and n == (P - 1 if t in _TOKENS else 0)
        q = self.queue
        for k, v, b in q:
            ok = ok and _E_LOSS <= k <= _E_TAKE and (v < P or k not in (_E_LOSS, _E_DROP))
            ok = ok and (v in _TOKENS or k != _E_GAIN) and (v or k != _E_PICK)
        ok = ok and (q[0][0] if q else 0) == _WANT[ph]
        if ph == A.P_SHIELD:
            ok = ok and self.tokens[q[0][1]][A.GREEN] and not self.eliminated[q[0][1]]
        elif ph == A.P_KITSUNE or ph == A.P_SHIKA:
            ok = ok and self.characters[self.active] == (A.KITSUNE if ph == A.P_KITSUNE else A.SHIKA)
        if A.P_ROLL <= ph < A.P_OVER:
            ok = ok and not self.eliminated[self.active]
        elif ph == A.P_SETUP:
            ok = ok and self._setup_seat() >= 0
        if not ok:
            raise BadSave("inconsistent Kyudo save")


def _bits(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _bit(m):
    """The index of the lowest set bit of ``m`` (> 0)."""
    i = 0
    while not m >> i & 1:
        i += 1
    return i
