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
        for token in _TOKENS:
            self.supply[token] = players - 1
        self.current_player = self._setup_seat()

    # -- the State API ---------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == A.P_OVER

    def winner(self) -> "tuple | None":
        return None if self._winner < 0 else (self._winner,)

    def legal_actions(self) -> list:
        phase = self.phase
        out = []
        add = out.append
        if phase == A.P_RESOLVE:
            self._combos(out)
            add(A.END_TURN)
        elif phase == A.P_ROLL:
            if self.rolls:
                add(A.STOP)
                for mask in range(1, 1 << self.n_dice):
                    add(A.REROLL + mask)
            else:
                add(A.ROLL)
        elif phase == A.P_RED:
            add(A.RED_SKIP)
            for die in range(self.n_dice):
                for face in range(6):
                    if face != self.dice[die]:
                        add(A.RED_FIX + die * 6 + face)
        elif phase == A.P_SHIELD:
            add(A.SHIELD)
            add(A.NO_SHIELD)
        elif phase == A.P_KITSUNE:
            add(A.CHOOSE + A.GREEN)
            add(A.CHOOSE + A.BLUE)
        elif phase == A.P_SHIKA:
            for colour in range(1, 6):
                add(A.CHOOSE + colour)
        elif phase != A.P_OVER:
            if phase == A.P_SETUP:  # flags not ticked yet (a seat's boxes in different flags)
                mask = 62
                for colour in range(1, 6):
                    if self.flags[self.current_player][colour]:
                        mask &= ~(1 << colour)
                base = A.TICK
            elif phase == A.P_PICK:
                mask, base = self._open(self.active), A.PICK
            elif phase == A.P_STEAL:
                mask, base = self._holders(self.queue[0][1]), A.STEAL
            elif phase == A.P_KUMA_DROP:
                mask, base = self._held(self.tokens[self.queue[0][1]]), A.DISCARD
            else:  # A.P_KUMA_TAKE
                mask, base = self._held(self.supply), A.TAKE
            for bit in range(6):
                if mask >> bit & 1:
                    add(base + bit)
        return out

    def _combos(self, out):
        archer = self.active
        dice = self.dice
        used = self.used
        count = bytearray(6)
        for index in range(self.n_dice):
            if not used >> index & 1:
                count[dice[index]] += 1
        arrows = count[A.ARROW]
        if arrows > 3:
            arrows = 3
        orange = self.tokens[archer][A.ORANGE]
        for die in range(self.n_dice):
            colour = dice[die]
            if colour == A.ARROW or used >> die & 1:
                continue
            empty = self.circles[archer][colour] - self.ticked[archer][colour]
            for shots in range(1, arrows + 1):
                out.append(A.AIM + die * 8 + shots * 2)
                if orange and shots > empty and self.fury != colour:
                    out.append(A.AIM + die * 8 + shots * 2 + 1)
        for colour in range(1, 6):
            for shots in range(2, count[colour] + 1):
                out.append(A.FLAG + (colour - 1) * 5 + shots)

    def apply(self, action: int) -> None:
        if type(action) is not int or action not in self.legal_actions():
            raise IllegalAction(self._why(action))
        self.events = []
        phase = self.phase
        archer = self.active
        if phase == A.P_RESOLVE:
            if action == A.END_TURN:
                self._end_turn()
            elif action < A.FLAG:
                self._aim(action - A.AIM)
            else:
                self._flag(action - A.FLAG)
        elif phase == A.P_ROLL:
            if action == A.STOP:
                self._end_rolls()
            else:
                self._roll((1 << self.n_dice) - 1 if action == A.ROLL else action - A.REROLL)
        elif phase == A.P_RED:
            if action != A.RED_SKIP:
                die, face = divmod(action - A.RED_FIX, 6)
                self.dice[die] = face
                self._give(archer, A.RED)
                self.red_used = 1
                self.events.append(("red", archer, die, face))
            self._final()
        elif phase == A.P_SETUP:
            seat = self.current_player
            self.flags[seat][action - A.TICK] += 1  # never triggers a move (G3)
            self.events.append(("boxes", seat, action - A.TICK, 1))
            if self._setup_seat() < 0:
                self.round = 1
                self._start_turn(self.first)
        else:  # a pending sub-decision on the queue head
            self._decide(phase, action)
            self._run()
        self.current_player = self._who()

    def _decide(self, phase, action):
        """The queue head's decision (shield, circle pick, steal, talent
        choice, Kuma's raid): pops it and applies ``action``."""
        archer = self.active
        queue = self.queue
        effect = queue.pop(0)
        target = effect[1]
        if phase == A.P_SHIELD:
            if action == A.SHIELD:
                self._give(target, A.GREEN)
                self.events.append(("shield", target))
            else:
                self._lose(target, effect[2])
        elif phase == A.P_PICK:
            if target > 1:
                queue.insert(0, (_E_PICK, target - 1, 0))
            self._tick(archer, action - A.PICK)
        elif phase == A.P_STEAL:
            self._take(archer, target, action - A.STEAL)
        elif phase == A.P_KITSUNE:
            colour = action - A.CHOOSE
            for seat in range(self.players):
                if seat != archer and not self.eliminated[seat] and self.circles[seat][colour] < MAX_CIRCLES:
                    self.circles[seat][colour] += 1  # reopens a closed colour (G17)
                    self.events.append(("extra", seat, colour))
            self.events.append(("talent", archer, A.KITSUNE, colour))
        elif phase == A.P_SHIKA:
            self.ring_colour = action - A.CHOOSE
            self.ring_owner = archer
            self.events.append(("talent", archer, A.SHIKA, self.ring_colour))
        elif phase == A.P_KUMA_DROP:
            self._give(target, action - A.DISCARD)
            self.events.append(("discard", target, action - A.DISCARD))
        else:  # A.P_KUMA_TAKE
            self._take(archer, action - A.TAKE, -1)

    def observation(self, seat: int) -> tuple:
        """What ``seat`` sees, by actions.O_*: everything is public but the
        future dice, so O_TABLE is a copy of the state without the Rng
        (copied in place: no save bytes, little garbage)."""
        players = self.players
        table = KyudoState(None, players)
        for name in _SCALARS:
            setattr(table, name, getattr(self, name))
        table.turn = self.turn
        table.current_player = self.current_player
        table.characters = self.characters  # bytes: shared
        table.n_dice = self.n_dice
        table.dice = bytearray(self.dice)
        table.queue = list(self.queue)  # of tuples: shared
        table.events = list(self.events)
        for colour in range(6):
            table.supply[colour] = self.supply[colour]
        for index in range(players):
            table.spectators[index] = self.spectators[index]
            table.eliminated[index] = self.eliminated[index]
            for colour in range(6):
                table.circles[index][colour] = self.circles[index][colour]
                table.ticked[index][colour] = self.ticked[index][colour]
                table.flags[index][colour] = self.flags[index][colour]
                table.tokens[index][colour] = self.tokens[index][colour]
        return (seat, self.phase, self.current_player, table)

    def describe_action(self, action: int) -> str:
        from engine.kyudo.actions import FACE_NAMES, describe

        if A.AIM <= action < A.AIM + 32:
            die, rest = divmod(action - A.AIM, 8)
            arrows, fury = divmod(rest, 2)
            colour = FACE_NAMES[self.dice[die]] if die < len(self.dice) else "?"
            return "aim %d arrow%s at %s (die %d)%s" % (
                arrows, "s" if arrows > 1 else "", colour, die + 1, " + ORANGE fury" if fury else "")
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
        for position in range(1, self.players):
            seat = (self.first + position) % self.players
            count = 0
            for colour in range(1, 6):
                if self.flags[seat][colour]:
                    count += 1
            if count < SETUP_TICKS[position]:
                return seat
        return -1

    def _who(self):
        phase = self.phase
        if phase == A.P_OVER:
            return TERMINAL
        if phase == A.P_SETUP:
            return self._setup_seat()
        if phase == A.P_SHIELD or phase == A.P_KUMA_DROP:
            return self.queue[0][1]
        return self.active

    def _start_turn(self, seat):
        """Upkeep (R21, R22) and the roll phase of ``seat``."""
        self.active = seat
        self.turn += 1
        events = self.events
        events.append(("turn", seat, self.round))
        if self.captured_by == seat:
            self.captured_by = -1
            events.append(("die_back", seat))
        if self.ring_owner == seat:
            self.ring_owner = self.ring_colour = -1
            events.append(("ring_off", seat))
        self.n_dice = 4 if self.captured_by < 0 else 3
        self.dice = bytearray(self.n_dice)
        self.rolls = self.used = self.red_used = self.fury = 0
        self.phase = A.P_ROLL

    def _end_turn(self):
        """The next archer still in, clockwise; a new round on passing the 1st."""
        archer = self.active
        players = self.players
        following = (archer + 1) % players
        while self.eliminated[following]:
            following = (following + 1) % players
        if (self.first - archer - 1) % players < ((following - archer) % players or players):
            if self.round >= ROUND_CAP:  # G22: most spectators, then most circles ticked, then turn order
                best = key = -1
                for position in range(players):
                    seat = (self.first + position) % players
                    score = self.spectators[seat] * 4096 + sum(self.ticked[seat])
                    if not self.eliminated[seat] and score > key:
                        best, key = seat, score
                self._win(best, A.WIN_CAP)
                return
            self.round += 1
        self._start_turn(following)

    def _roll(self, mask):
        for die in range(self.n_dice):
            if mask >> die & 1:
                self.dice[die] = self.rng.randrange(6)
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
        archer = self.active
        queue = self.queue
        seen = matches = kinds = 0  # faces seen (bit mask), ring matches, distinct faces
        for face in self.dice:
            if face == self.ring_colour:
                matches += 1
            if not seen >> face & 1:
                kinds += 1
            seen |= 1 << face
        if matches and self.ring_owner >= 0 and self.ring_owner != archer:
            self.events.append(("ring", archer, matches * RING_LOSS))
            queue.append((_E_LOSS, archer, matches * RING_LOSS))
        if self.n_dice == 4:
            if seen == 1:  # 4 ARROW: the Ultimate Combo (R15)
                queue.append((_E_ULT, 0, 0))
                self.used = 15
            elif not seen & 1 and kinds == 4:  # 4 colours: the talent (R16)
                queue.append((_E_TALENT, 0, 0))
                self.used = 15
        self._run()

    def _run(self):
        """Resolve the queued effects in order until one needs a decision."""
        while self.queue and self.phase != A.P_OVER:
            queue = self.queue
            kind, target, amount = queue[0]
            archer = self.active
            phase = 0
            if kind <= _E_GAIN:  # _E_LOSS, _E_PICK, _E_GAIN
                phase = self._resolve(kind, target, amount)
            elif kind == _E_ULT:
                queue.pop(0)
                self.events.append(("ultimate", archer))
                self._opponents(_E_LOSS, ULTIMATE_LOSS)
            elif kind == _E_TALENT:
                character = self.characters[archer]
                if character == A.KITSUNE:
                    phase = A.P_KITSUNE
                elif character == A.SHIKA:
                    phase = A.P_SHIKA
                else:
                    queue.pop(0)
                    self.events.append(("talent", archer, character, 0))
                    if character == A.SARU:
                        self.captured_by = archer  # R21
                    else:  # Kuma (R24): each opponent drops one, then Kuma takes one
                        queue.insert(0, (_E_TAKE, 0, 0))
                        self._opponents(_E_DROP, 0)
            else:  # _E_DROP, _E_TAKE
                row = self.tokens[target] if kind == _E_DROP else self.supply
                mask = self._held(row)
                if mask & (mask - 1):
                    phase = A.P_KUMA_DROP if kind == _E_DROP else A.P_KUMA_TAKE
                else:
                    queue.pop(0)
                    if mask and kind == _E_DROP:
                        self._give(target, _bit(mask))
                        self.events.append(("discard", target, _bit(mask)))
                    elif mask:
                        self._take(archer, _bit(mask), -1)
            if phase:
                self.phase = phase
                return
        if self.phase == A.P_OVER:
            return
        if self.eliminated[self.active]:  # the ring took the last spectator
            self._end_turn()
        else:
            self.phase = A.P_RESOLVE

    def _resolve(self, kind, target, amount):
        """One queued loss, circle pick or token gain (``kind``, ``target``,
        ``amount`` as queued): resolved and popped (0), or the phase that
        must decide on it first."""
        queue = self.queue
        archer = self.active
        if kind == _E_LOSS:
            if self.eliminated[target]:
                queue.pop(0)
            elif self.tokens[target][A.GREEN]:
                return A.P_SHIELD  # the victim decides (R17, G20)
            else:
                queue.pop(0)
                self._lose(target, amount)
        elif kind == _E_PICK:
            mask = self._open(archer)
            if mask & (mask - 1):
                return A.P_PICK
            else:
                queue.pop(0)
                if mask:  # one colour left to tick: no choice to make
                    if target > 1:
                        queue.insert(0, (_E_PICK, target - 1, 0))
                    self._tick(archer, _bit(mask))
        elif kind == _E_GAIN:
            mask = 0 if self.supply[target] else self._holders(target)
            if mask & (mask - 1):
                return A.P_STEAL
            else:
                queue.pop(0)
                if self.supply[target]:
                    self._take(archer, target, -1)
                elif mask:  # a single opponent holds one (G12)
                    self._take(archer, target, _bit(mask))
        return 0

    def _opponents(self, kind, amount):
        """Queue ``(kind, opponent, amount)`` first, one per opponent still in, clockwise."""
        players = self.players
        for position in range(players - 1, 0, -1):
            victim = (self.active + position) % players
            if not self.eliminated[victim]:
                self.queue.insert(0, (kind, victim, amount))

    # -- combinations ----------------------------------------------------
    def _use(self, face, count, used):
        """Also mark ``count`` unused dice showing ``face``, lowest first."""
        used |= self.used
        for die in range(self.n_dice):
            if count and not used >> die & 1 and self.dice[die] == face:
                used |= 1 << die
                count -= 1
        self.used = used

    def _aim(self, code):
        """R8-R10, R14: fill empty circles first (G7), the other arrows attack."""
        die, rest = divmod(code, 8)
        arrows, orange = divmod(rest, 2)
        archer = self.active
        colour = self.dice[die]
        self._use(A.ARROW, arrows, 1 << die)
        if orange:
            self._give(archer, A.ORANGE)
            self.fury = colour
            self.events.append(("fury", archer, colour))
        fill = self.circles[archer][colour] - self.ticked[archer][colour]
        if fill > arrows:
            fill = arrows
        for _ in range(fill):
            self._tick(archer, colour)
        if arrows > fill and self.phase != A.P_OVER:
            loss = (arrows - fill) * (ORANGE_LOSS if self.fury == colour else ATTRACTIVENESS[colour])
            players = self.players
            for position in range(1, players):
                victim = (archer + position) % players
                if not self.eliminated[victim] and self.ticked[victim][colour] < self.circles[victim][colour]:
                    self.events.append(("attack", archer, victim, colour, loss))
                    self.queue.append((_E_LOSS, victim, loss))
        self._run()

    def _flag(self, code):
        """R11, R12: boxes fill corner after corner; each full corner is a move."""
        colour, boxes = divmod(code, 5)
        colour += 1
        archer = self.active
        self._use(colour, boxes, 0)
        size = CORNER_SIZE[colour]
        flags = self.flags[archer]
        room = size * CORNERS - flags[colour]
        if boxes > room:
            boxes = room  # boxes past the last corner are lost
        self.events.append(("boxes", archer, colour, boxes))
        for _ in range(boxes):
            flags[colour] += 1
            if flags[colour] % size == 0:
                self.events.append(("flag", archer, colour, flags[colour] // size))
                if MOVE_PICKS[colour]:
                    self.queue.append((_E_PICK, MOVE_PICKS[colour], 0))
                else:
                    self.queue.append((_E_GAIN, colour, 0))
        self._run()

    # -- atomic effects (each is followed by the win check, R20) --------------
    def _tick(self, seat, colour):
        self.ticked[seat][colour] += 1
        self.events.append(("circle", seat, colour))
        if self.ticked[seat][colour] == self.circles[seat][colour]:
            self.events.append(("closed", seat, colour))
        self._check_win()

    def _give(self, seat, colour):
        """``seat`` puts a ``colour`` token back in the supply."""
        self.tokens[seat][colour] -= 1
        self.supply[colour] += 1

    def _take(self, seat, colour, src):
        """``seat`` takes a ``colour`` token from seat ``src`` (-1: the supply)."""
        if src < 0:
            self.supply[colour] -= 1
        else:
            self.tokens[src][colour] -= 1
        self.tokens[seat][colour] += 1
        self.events.append(("token", seat, colour, src))

    def _lose(self, seat, amount):
        spectators = self.spectators
        if amount > spectators[seat]:
            amount = spectators[seat]
        spectators[seat] -= amount
        self.events.append(("loss", seat, amount))
        if not spectators[seat]:  # R19, G9: out; tokens to the supply, the die back, the ring off
            self.eliminated[seat] = 1
            for token in _TOKENS:
                self.supply[token] += self.tokens[seat][token]
                self.tokens[seat][token] = 0
            if self.captured_by == seat:
                self.captured_by = -1
            if self.ring_owner == seat:
                self.ring_owner = self.ring_colour = -1
            if seat == self.active:
                self.queue = []
            self.events.append(("eliminated", seat))
        self._check_win()

    def _check_win(self):
        """R20: the last archer standing, else a complete target with the most
        spectators (a tie is enough); the active archer first, then clockwise (G8)."""
        if self.phase == A.P_OVER:
            return
        players = self.players
        eliminated = self.eliminated
        spectators = self.spectators
        alive = best = last = 0
        for seat in range(players):
            if not eliminated[seat]:
                alive += 1
                last = seat
                if spectators[seat] > best:
                    best = spectators[seat]
        if alive == 1:
            self._win(last, A.WIN_LAST)
            return
        for position in range(players):
            seat = (self.active + position) % players
            if not eliminated[seat] and spectators[seat] == best and not self._open(seat):
                self._win(seat, A.WIN_TARGET)
                return

    def _win(self, seat, reason):
        self._winner = seat
        self.win_reason = reason
        self.phase = A.P_OVER
        self.queue = []
        self.events.append(("win", seat, reason))

    # -- small queries: bitmasks, bit i = colour or seat i -----------------
    def _open(self, seat):
        """The colours in which ``seat`` has an empty circle."""
        mask = 0
        for colour in range(1, 6):
            if self.ticked[seat][colour] < self.circles[seat][colour]:
                mask |= 1 << colour
        return mask

    def _holders(self, colour):
        """The opponents holding a ``colour`` token."""
        mask = 0
        for seat in range(self.players):
            if seat != self.active and self.tokens[seat][colour]:
                mask |= 1 << seat
        return mask

    def _held(self, row):
        """The token types present in ``row`` (a seat's tokens or the supply)."""
        mask = 0
        for token in _TOKENS:
            if row[token]:
                mask |= 1 << token
        return mask

    # -- serialisation -----------------------------------------------------
    def to_bytes(self) -> bytes:
        writer = Writer(GAME_ID, VERSION)
        writer.raw(self.rng.to_bytes() if self.rng is not None else bytes(8))
        writer.u8(self.players)
        writer.raw(self.characters)
        writer.raw(self.spectators)
        for name in _SCALARS:
            writer.u8(getattr(self, name) + 1)
        writer.u16(self.turn)
        for rows in (self.circles, self.ticked, self.flags, self.tokens, (self.supply,)):
            for row in rows:
                for colour in range(1, 6):
                    writer.u8(row[colour])
        writer.seq8(self.dice)
        writer.u8(len(self.queue))
        for entry in self.queue:
            for value in entry:
                writer.u8(value)
        return writer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "KyudoState":
        return cls._load(data, True)

    @classmethod
    def _load(cls, data, need_rng):
        try:
            return cls._decode(data, need_rng)
        except BadSave:
            raise
        except (ValueError, IndexError, TypeError) as error:
            raise BadSave("not a Kyudo save (%s)" % error)

    @classmethod
    def _decode(cls, data, need_rng):
        reader = Reader(data, GAME_ID, VERSION)
        raw = reader.raw(8)
        players = reader.u8()
        if not 2 <= players <= 4:
            raise BadSave("bad number of archers")
        state = cls(None, players)
        if need_rng:  # an observation (a copy for a bot) has no Rng
            state.rng = Rng.from_bytes(raw)
        state.characters = reader.raw(players)
        state.spectators = bytearray(reader.raw(players))
        for name in _SCALARS:
            setattr(state, name, reader.u8() - 1)
        state.turn = reader.u16()
        for rows in (state.circles, state.ticked, state.flags, state.tokens, (state.supply,)):
            for row in rows:
                for colour in range(1, 6):
                    row[colour] = reader.u8()
        state.n_dice = reader.u8()
        state.dice = bytearray(reader.raw(state.n_dice))
        for _ in range(reader.u8()):
            state.queue.append((reader.u8(), reader.u8(), reader.u8()))
        reader.end()
        for seat in range(players):
            state.eliminated[seat] = 0 if state.spectators[seat] else 1
        state._validate()
        state.current_player = state._who()
        if state.current_player != TERMINAL and not state.legal_actions():
            raise BadSave("no legal action in the saved state")
        return state

    def _validate(self):
        players = self.players
        phase = self.phase
        valid = len(set(self.characters)) == players and max(self.characters) < 4 and max(self.dice) < 6
        bounds = (self.first, players, self.active, players, phase, 12, self.rolls, MAX_ROLLS + 1,
                  self.used, 1 << self.n_dice, self.red_used, 2, self.fury, 6,
                  self.round, ROUND_CAP + 1, self.n_dice - 3, 2, self.win_reason + 1, 4,
                  self.captured_by + 1, players + 1, self.ring_owner + 1, players + 1,
                  self.ring_colour + 1, 7, self._winner + 1, players + 1)
        for index in range(0, len(bounds), 2):
            valid = valid and 0 <= bounds[index] < bounds[index + 1]
        valid = valid and (self.ring_owner < 0) == (self.ring_colour < 0) and self.ring_colour != 0
        valid = valid and (phase == A.P_OVER) == (self._winner >= 0) == (self.win_reason >= 0)
        valid = valid and (phase == A.P_SETUP) == (self.round == 0) and (self.turn == 0) == (self.round == 0)
        for seat in range(players):
            valid = valid and self.spectators[seat] <= START_SPECTATORS
            valid = valid and (self.spectators[seat] or not sum(self.tokens[seat]))
            for colour in range(1, 6):
                circles = self.circles[seat][colour]
                valid = valid and CIRCLES[colour] <= circles and self.ticked[seat][colour] <= circles
                valid = valid and self.flags[seat][colour] <= CORNER_SIZE[colour] * CORNERS
        for token in range(1, 6):
            total = self.supply[token]
            for seat in range(players):
                total += self.tokens[seat][token]
            valid = valid and total == (players - 1 if token in _TOKENS else 0)
        queue = self.queue
        for kind, target, amount in queue:
            valid = valid and _E_LOSS <= kind <= _E_TAKE and (target < players or kind not in (_E_LOSS, _E_DROP))
            valid = valid and (target in _TOKENS or kind != _E_GAIN) and (target or kind != _E_PICK)
        valid = valid and (queue[0][0] if queue else 0) == _WANT[phase]
        if phase == A.P_SHIELD:
            valid = valid and self.tokens[queue[0][1]][A.GREEN] and not self.eliminated[queue[0][1]]
        elif phase == A.P_KITSUNE or phase == A.P_SHIKA:
            valid = valid and self.characters[self.active] == (A.KITSUNE if phase == A.P_KITSUNE else A.SHIKA)
        if A.P_ROLL <= phase < A.P_OVER:
            valid = valid and not self.eliminated[self.active]
        elif phase == A.P_SETUP:
            valid = valid and self._setup_seat() >= 0
        if not valid:
            raise BadSave("inconsistent Kyudo save")


def _bit(mask):
    """The index of the lowest set bit of ``mask`` (> 0)."""
    index = 0
    while not mask >> index & 1:
        index += 1
    return index
