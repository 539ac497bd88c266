"""Kyudo: the computer archers.

``choose(obs, seat, level, rng)`` returns a legal action for ``seat`` (the
state's ``current_player``) from ``obs = state.observation(seat)`` only: it
plays on ``obs[O_TABLE]``, the table without the Rng, which it may change
(its own copy), and never reads a game Rng; ``rng`` is the
bot's own engine.rng.Rng (Easy's random choices). Levels: EASY 1, NORMAL 2,
HARD 3.

All three share one analytic evaluator, ``_Ev``: per decision it tables what
each single combination is worth to the seat in the current position (k
arrows at colour c, with or without an ORANGE token; n dice to a flag with
its corner moves; p circles of its choice; the Ultimate Combo; the talent;
Shika's ring), and ``val`` scores a final roll as the best combination
sequence over those tables (at most 4 dice: a handful of plans). Integer
points only: a circle is _WC, an opponent's spectator _WS (times a threat
factor for Hard), a win now _WIN.

- Easy: keeps its arrows and one colour die, stops at random (1 in 3 once
  the dice are worth something), resolves a random combination worth
  something now, shields only a lethal loss, uses a RED token half the time
  it pays, and chooses at random elsewhere (setup, circle picks, steals,
  talents, Kuma's raid).
- Normal: a simple evaluation (circles, raw spectators removed, a flat
  closing bonus, flat token and talent values, no ring); re-rolls every die
  its best combination can do without (never an arrow) and stops when there
  is none; resolves greedily; shields a loss of 3 or more, or a lethal one.
- Hard: the full evaluation, with values measured across turns (issue 19;
  ``python -m tools.kyudo_strength --values``: from positions of Hard games,
  one thing changed, both versions played out to the end on the same dice):
  a circle is worth by its colour what it adds to the win rate, 10 *
  attractiveness - 8 points (BLACK, ORANGE 2; GREEN, BLUE 12; RED 22;
  measured 1.6 / 1.7 / 6.4 / 7.2 / 14.4% against a spectator's 4.2% = _WS),
  where a flat _WC made Hard fill BLACK and ORANGE and leave RED open; the
  tokens (measured 17 / 19 / 13 points) and the flag boxes kept their
  values, which the measure confirmed. Then (closing a colour opens attacks on it and stops
  attacks on me in it; threats: hurting the leader or an opponent close to
  completing is worth more; opponents' shields; elimination, a win when it
  is the last opponent; flag progress and moves; tokens, gained and spent;
  the target completed while on top is a win, completed behind much less;
  the talent by character and opponents; the ring's cost), and the exact
  expectimax of engine/kyudo/dicetab.py over every keep for the rest of the
  turn, RED token included (at its cost), on a value table of the 126 (56
  with Saru's capture) final multisets; a BLACK / BLUE move circle looks one
  step ahead (close the colour the remaining arrows then attack); shields a
  loss worth more than the token.
- Normal and Hard alike: catch-up ticks BLACK, GREEN, ORANGE, BLUE, RED (a
  tick makes a pair complete a corner); steal from the opponent with the most
  spectators; Kitsune's circle in the colour most opponents have closed (or
  nearly); Shika's ring on the colour the opponents still need most; Kuma's
  raid drops the least useful token (RED, ORANGE, GREEN) and takes the most.

Memory (a Hard game must fit a 32 KB MicroPython heap next to the state):
the expectimax is dicetab's, copied (``_decide``) rather than imported,
because dicetab costs about 6 KB of heap (and, before the build folded its
constants, the actions module 2.6 KB more). tests/test_kyudo_bots.py checks
the copy against dicetab. The dice lattice's tables (SUCC, OFFSETS, P6, POP,
ORDER) and dicetab's VALUE_MAX have their one home here, where the device needs them:
dicetab reads them from this module (the device never loads dicetab). The
contract's ints (actions.py) are read by name and folded into ints by the
build, which drops the import.
"""

from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped
from engine.kyudo.data import (
    ATTRACTIVENESS, CORNER_SIZE, CORNERS, MOVE_PICKS, ORANGE_LOSS, RING_LOSS, ULTIMATE_LOSS,
)

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


EASY = const(1)
NORMAL = const(2)
HARD = const(3)

# actions.STEAL 130 + seat, CHOOSE 140 + colour, DISCARD 150 + token, TAKE
# 160 + token, TICK 170 + colour: for these the target is ``action % 10``

_VALUE_MAX = const(639)  # dicetab.VALUE_MAX, its one home: |value| bound for small ints (4 dice, 2 rolls left)

# The dice lattice (engine/kyudo/dicetab.py's module doc), its one home (dicetab
# reads it from here): the multisets of 0-4 faces are nodes 0-209, by size;
# node k (size 0-3) plus face f is node SUCC[6 * k + f]; the nodes of size s
# start at OFFSETS[s].
OFFSETS = (0, 1, 7, 28, 84, 210)  # first node of each size 0..4; 210 nodes
P6 = (1, 6, 36, 216, 1296)  # 6 ** i
POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"  # bits set in a 4-bit mask
# REROLL masks in tie-break order (fewest dice first, then lowest mask): ORDER[n_dice - 3]
ORDER = (b"\x01\x02\x04\x03\x05\x06\x07", b"\x01\x02\x04\x08\x03\x05\x06\x09\x0a\x0c\x07\x0b\x0d\x0e\x0f")
# tests/test_kyudo_dicetab.py rebuilds SUCC plainly and checks it
SUCC = (
    b"\x01\x02\x03\x04\x05\x06\x07\x08\x0a\x0d\x11\x16\x08\x09\x0b\x0e\x12\x17"
    b"\x0a\x0b\x0c\x0f\x13\x18\x0d\x0e\x0f\x10\x14\x19\x11\x12\x13\x14\x15\x1a"
    b"\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x20\x26\x30\x3f\x1d\x1e\x21\x27\x31\x40"
    b"\x1e\x1f\x22\x28\x32\x41\x20\x21\x23\x29\x33\x42\x21\x22\x24\x2a\x34\x43"
    b"\x23\x24\x25\x2b\x35\x44\x26\x27\x29\x2c\x36\x45\x27\x28\x2a\x2d\x37\x46"
    b"\x29\x2a\x2b\x2e\x38\x47\x2c\x2d\x2e\x2f\x39\x48\x30\x31\x33\x36\x3a\x49"
    b"\x31\x32\x34\x37\x3b\x4a\x33\x34\x35\x38\x3c\x4b\x36\x37\x38\x39\x3d\x4c"
    b"\x3a\x3b\x3c\x3d\x3e\x4d\x3f\x40\x42\x45\x49\x4e\x40\x41\x43\x46\x4a\x4f"
    b"\x42\x43\x44\x47\x4b\x50\x45\x46\x47\x48\x4c\x51\x49\x4a\x4b\x4c\x4d\x52"
    b"\x4e\x4f\x50\x51\x52\x53\x54\x55\x59\x63\x77\x9a\x55\x56\x5a\x64\x78\x9b"
    b"\x56\x57\x5b\x65\x79\x9c\x57\x58\x5c\x66\x7a\x9d\x59\x5a\x5d\x67\x7b\x9e"
    b"\x5a\x5b\x5e\x68\x7c\x9f\x5b\x5c\x5f\x69\x7d\xa0\x5d\x5e\x60\x6a\x7e\xa1"
    b"\x5e\x5f\x61\x6b\x7f\xa2\x60\x61\x62\x6c\x80\xa3\x63\x64\x67\x6d\x81\xa4"
    b"\x64\x65\x68\x6e\x82\xa5\x65\x66\x69\x6f\x83\xa6\x67\x68\x6a\x70\x84\xa7"
    b"\x68\x69\x6b\x71\x85\xa8\x6a\x6b\x6c\x72\x86\xa9\x6d\x6e\x70\x73\x87\xaa"
    b"\x6e\x6f\x71\x74\x88\xab\x70\x71\x72\x75\x89\xac\x73\x74\x75\x76\x8a\xad"
    b"\x77\x78\x7b\x81\x8b\xae\x78\x79\x7c\x82\x8c\xaf\x79\x7a\x7d\x83\x8d\xb0"
    b"\x7b\x7c\x7e\x84\x8e\xb1\x7c\x7d\x7f\x85\x8f\xb2\x7e\x7f\x80\x86\x90\xb3"
    b"\x81\x82\x84\x87\x91\xb4\x82\x83\x85\x88\x92\xb5\x84\x85\x86\x89\x93\xb6"
    b"\x87\x88\x89\x8a\x94\xb7\x8b\x8c\x8e\x91\x95\xb8\x8c\x8d\x8f\x92\x96\xb9"
    b"\x8e\x8f\x90\x93\x97\xba\x91\x92\x93\x94\x98\xbb\x95\x96\x97\x98\x99\xbc"
    b"\x9a\x9b\x9e\xa4\xae\xbd\x9b\x9c\x9f\xa5\xaf\xbe\x9c\x9d\xa0\xa6\xb0\xbf"
    b"\x9e\x9f\xa1\xa7\xb1\xc0\x9f\xa0\xa2\xa8\xb2\xc1\xa1\xa2\xa3\xa9\xb3\xc2"
    b"\xa4\xa5\xa7\xaa\xb4\xc3\xa5\xa6\xa8\xab\xb5\xc4\xa7\xa8\xa9\xac\xb6\xc5"
    b"\xaa\xab\xac\xad\xb7\xc6\xae\xaf\xb1\xb4\xb8\xc7\xaf\xb0\xb2\xb5\xb9\xc8"
    b"\xb1\xb2\xb3\xb6\xba\xc9\xb4\xb5\xb6\xb7\xbb\xca\xb8\xb9\xba\xbb\xbc\xcb"
    b"\xbd\xbe\xc0\xc3\xc7\xcc\xbe\xbf\xc1\xc4\xc8\xcd\xc0\xc1\xc2\xc5\xc9\xce"
    b"\xc3\xc4\xc5\xc6\xca\xcf\xc7\xc8\xc9\xca\xcb\xd0\xcc\xcd\xce\xcf\xd0\xd1"
)

# points
_WC = const(10)  # a circle ticked
_WS = const(6)  # a spectator (an opponent's lost, or one of mine)
_WIN = const(1000)  # a win now (clamped to the top of the value table)
_ELIM = const(120)  # an opponent eliminated (more than one left: most 3-4 archer games end so)
_NEG = const(-30000)  # not possible
_BASE = const(200)  # value-table offset: values are clamped to 0.._VALUE_MAX (small ints)
_TOKV = b"\x00\x00\x0e\x12\x00\x0c"  # a token: ORANGE 14, GREEN 18, RED 12
_SETUP = b"\x00\x05\x03\x04\x02\x01"  # catch-up ticks: BLACK, GREEN, ORANGE, BLUE, RED
# _Ev.t: aim[c * 4 + k] (k arrows at colour c) from 0, fl[c * 5 + n] (n dice
# to the flag of c) from _FL, pk[p] (p circles of my choice) from _PK.
# _Ev.b: e[c] (my empty circles) from 0, cb[c] (closing c) from _CB, tf[v]
# (hurting opponent v, in quarters) from _TF, tv[t] (spending a token) from _TV.
_FL = const(24)
_PK = const(54)
_CB = const(6)
_TF = const(12)
_TV = const(16)

class _Ev:
    """What each combination is worth to ``seat`` now (tables made per decision)."""

    def __init__(self, state, seat, level):
        self.o = state
        self.me = seat
        self.hard = hard = level == HARD
        spectators = state.spectators
        self.my = mine = spectators[seat]
        opps = self.opps = []
        top = 0
        for opponent in range(state.players):
            if opponent != seat and not state.eliminated[opponent]:
                opps.append(opponent)
                top = max(top, spectators[opponent])
        # e 0 (filled below), cb 6 each, tf 0, tv _TOKV: one literal (no temporaries)
        facts = self.b = bytearray(
            b"\x00\x00\x00\x00\x00\x00\x00\x06\x06\x06\x06\x06\x00\x00\x00\x00\x00\x00\x0e\x12\x00\x0c")
        worth = self.t = [0] * 63
        need = 0
        for colour in range(1, 6):
            facts[colour] = state.circles[seat][colour] - state.ticked[seat][colour]
            need += facts[colour]
        for opponent in opps:
            their_need = 0
            for colour in range(1, 6):
                amount = state.circles[opponent][colour] - state.ticked[opponent][colour]
                their_need += amount
                if hard:  # closing it: attacks on it start (open), on me stop (closed)
                    facts[_CB + colour] += ATTRACTIVENESS[colour] * (3 if amount else 2)
            facts[_TF + opponent] = 4 + ((spectators[opponent] == top) + (their_need <= 4) if hard else 0)
        self.need = need
        self.comp = comp = _WIN if mine >= top else 40 if hard else 20  # the target complete
        for colour in (A.ORANGE, A.GREEN, A.RED):
            if hard and state.tokens[seat][colour] > 1:
                facts[_TV + colour] //= 2  # spending one of two costs less
        for picks in range(1, 9):  # picks circles: the best colour closed, the target
            amount = 0
            for colour in range(1, 6):
                if 0 < facts[colour] <= picks:
                    amount = max(amount, facts[_CB + colour])
            worth[_PK + picks] = min(picks, need) * _WC + amount + (comp if need and picks >= need else 0)
        self.aims()
        for colour in range(1, 6):
            size = CORNER_SIZE[colour]
            boxes = state.flags[seat][colour]
            move = MOVE_PICKS[colour]
            # a token gained: less if I hold one, or it must be stolen
            one = worth[_PK + move] if move else _TOKV[colour] >> (
                (hard and state.tokens[seat][colour] > 0) + (not state.supply[colour]))
            for count in range(2, 5):
                amount = min(count, size * CORNERS - boxes)
                corners = (boxes + amount) // size - boxes // size  # corners completed: moves
                worth[_FL + colour * 5 + count] = (worth[_PK + corners * move] if move else corners * one) + (
                    ((boxes + amount) % size - (0 if corners else boxes % size)) * one // (size + 1) if hard else 0)
        self.ult = self.atk(0, ULTIMATE_LOSS)
        amount = 0
        for opponent in opps:
            # the talent: per opponent, their threat (more made Hard chase four colours)
            amount += facts[_TF + opponent]
        self.tal = amount if hard else 20
        self.rc = state.ring_colour if hard and state.ring_owner >= 0 and state.ring_owner != seat else 0

    def aims(self):
        for colour in range(1, 6):
            for arrows in range(1, 4):
                self.t[colour * 4 + arrows] = max(self.aimv(colour, arrows, 0), self.aimv(colour, arrows, 1))

    def aimv(self, colour, count, org):
        """``count`` arrows at ``colour``: fill the empty circles, the rest attack
        (org: spend an ORANGE token on them; _NEG when that is not possible)."""
        state = self.o
        empty = self.b[colour]
        fill = min(count, empty)
        value = fill * (ATTRACTIVENESS[colour] * 10 - 8 if self.hard else _WC)
        if fill == empty and empty:
            value += self.b[_CB + colour] + (self.comp if empty == self.need else 0)
        count -= fill
        if org:
            if not count or not state.tokens[self.me][A.ORANGE] or state.fury == colour:
                return _NEG
            return value + self.atk(colour, count * ORANGE_LOSS) - self.b[_TV + A.ORANGE]
        return value + self.atk(colour, count * (ORANGE_LOSS if state.fury == colour else ATTRACTIVENESS[colour]))

    def atk(self, colour, amount):
        """What every opponent with ``colour`` open (0: every opponent)
        losing ``amount`` spectators, one loss event each, is worth."""
        state = self.o
        total = 0
        for opponent in self.opps:
            left = state.spectators[opponent]
            if amount and (not colour or state.ticked[opponent][colour] < state.circles[opponent][colour]):
                if self.hard and state.tokens[opponent][A.GREEN] and (amount >= 3 or amount >= left):
                    total += 13  # they will shield: only the token goes
                elif amount < left:
                    total += amount * _WS * self.b[_TF + opponent] // 4
                else:
                    total += (_WIN if self.hard and len(self.opps) == 1
                              else _ELIM + left * _WS * self.b[_TF + opponent] // 4)
        return total

    def plan(self, cnt):
        """The best combination sequence for the dice counts ``cnt``: flags,
        and the arrows at one colour (or one arrow each at two)."""
        worth = self.t
        best = base = (worth[29 + cnt[1]] + worth[34 + cnt[2]] + worth[39 + cnt[3]]
                       + worth[44 + cnt[4]] + worth[49 + cnt[5]])
        arrows = cnt[0]
        if arrows:
            arrows = min(arrows, 3)
            first = second = 0
            for colour in range(1, 6):
                count = cnt[colour]
                if count:
                    value = (base + worth[colour * 4 + arrows] + worth[_FL + colour * 5 + count - 1]
                             - worth[_FL + colour * 5 + count])
                    if value > best:
                        best = value
                    second = first
                    first = colour
            if arrows == 2 and second and cnt[first] == cnt[second] == 1:
                facts = self.b
                best = max(best, worth[first * 4 + 1] + worth[second * 4 + 1]
                           + (self.comp if self.need == 2 and facts[first] == facts[second] == 1 else 0))
        return best

    def val(self, cnt):
        """A final roll (counts of the 6 faces): the Ultimate Combo, the
        talent or the best plan; and Shika's ring on my faces."""
        loss = cnt[self.rc] * RING_LOSS if self.rc else 0
        result = 0
        if loss:  # my loss: the shield, or spectators
            mine = self.my
            if self.o.tokens[self.me][A.GREEN] and (loss >= 3 or loss >= mine):
                result = -self.b[_TV + A.GREEN]
            else:
                result = -_WIN if loss >= mine else -loss * _WS * (6 if mine <= 6 else 4) // 4
        if sum(cnt) == 4 and max(cnt) == 1 + 3 * (cnt[0] > 0):
            return result + (self.ult if cnt[0] else self.tal)
        return result + self.plan(cnt)


def _counts(state, unused):
    """Dice counts per face (unused: only the dice no combination took yet)."""
    cnt = bytearray(6)
    for die in range(state.n_dice):
        if not (unused and state.used >> die & 1):
            cnt[state.dice[die]] += 1
    return cnt


def choose(obs: tuple, seat: int, level: int, rng: "Rng | None") -> int:
    """A legal action for ``seat`` (the one to decide now) from its observation."""
    state = obs[A.O_TABLE]
    phase = state.phase
    if phase == A.P_ROLL and state.rolls:
        return _roll(state, _Ev(state, seat, level), level, rng)
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if level == EASY and (phase == A.P_SETUP or phase >= A.P_PICK):
        return rng.choice(acts)
    stats = None if phase == A.P_SETUP else _Ev(state, seat, level)
    if phase == A.P_RESOLVE:
        return _resolve(state, stats, acts, level, rng)
    if phase == A.P_RED:  # change one die if that pays more than the token
        cnt = _counts(state, 0)
        best, act = stats.val(cnt) + stats.b[_TV + A.RED], A.RED_SKIP
        for action in acts:
            die, face = divmod(action - A.RED_FIX, 6)
            if action > A.RED_SKIP:
                cnt[state.dice[die]] -= 1
                cnt[face] += 1
                if stats.val(cnt) > best:
                    best, act = stats.val(cnt), action
                cnt[face] -= 1
                cnt[state.dice[die]] += 1
        return A.RED_SKIP if level == EASY and rng.randrange(2) else act
    if phase == A.P_SHIELD:  # Hard: the loss costs more than the token is worth
        loss = state.queue[0][2]
        shield = (loss * _WS * (6 if stats.my <= 6 else 4) // 4 >= stats.b[_TV + A.GREEN] if level == HARD
                  else level == NORMAL and loss >= 3)
        return A.SHIELD if shield or loss >= stats.my else A.NO_SHIELD
    best = _NEG
    for action in acts:
        target = action % 10
        if phase == A.P_PICK:  # a BLACK / BLUE move circle; Hard: and the best plan after it
            facts = stats.b
            score = _WC - facts[target] + (
                facts[_CB + target] + (stats.comp if stats.need == 1 else 0) if facts[target] == 1 else 0)
            if stats.hard:
                facts[target] -= 1
                stats.need -= 1
                stats.aims()
                score += stats.plan(_counts(state, 1))
                facts[target] += 1
                stats.need += 1
        elif phase == A.P_SETUP:
            score = _SETUP[target]
        elif phase == A.P_STEAL:  # from the biggest threat
            score = state.spectators[target] * 16 + stats.b[_TF + target]
        elif phase < A.P_KUMA_DROP:  # Kitsune: closed (or nearly) for the most
            score = 0  # opponents; Shika: the colour they still need most
            for opponent in stats.opps:
                empty = state.circles[opponent][target] - state.ticked[opponent][target]
                score += empty * stats.b[_TF + opponent] if phase == A.P_SHIKA else (empty < 2) + (empty < 1)
        else:  # Kuma: drop the least useful token, take the most useful
            score = _TOKV[target] if phase == A.P_KUMA_TAKE else -_TOKV[target]
        if score > best:
            best, act = score, action
    return act


def _roll(state, stats, level, rng):
    """After roll 1 or 2: STOP or REROLL + mask."""
    if level == HARD:
        values = [0] * 210
        _fill(stats, values, bytearray(6), 0, 0, state.n_dice)
        return _decide(values, state.dice, 3 - state.rolls,
                       stats.b[_TV + A.RED] if state.tokens[stats.me][A.RED] and not state.red_used else -1)
    dice = state.dice
    cnt = _counts(state, 0)
    best = stats.val(cnt)
    mask = keep = 0
    for die in range(state.n_dice):
        face = dice[die]
        if level == EASY:  # arrows and one colour die (an open colour first)
            if face and (not keep or (stats.b[face] and not stats.b[keep])):
                keep = face
        elif face:  # Normal: re-roll each die the best combination can do without
            cnt[face] -= 1
            if stats.plan(cnt) >= best:
                mask |= 1 << die
                best = stats.plan(cnt)
            else:
                cnt[face] += 1
    for die in range(state.n_dice if level == EASY else 0):
        if dice[die] and dice[die] != keep:
            mask |= 1 << die
        elif dice[die]:
            keep = 0  # the other dice of that colour go
    if level == EASY and best > 0 and not rng.randrange(3):
        return A.STOP
    return A.REROLL + mask if mask and cnt[0] < state.n_dice else A.STOP


def _fill(stats, values, cnt, keep, first, left):
    """values[final] = the clamped value of every final multiset: keep
    ``node`` plus ``left`` more faces >= ``first`` (cnt: the counts of node)."""
    for face in range(first, 6):
        cnt[face] += 1
        child = SUCC[6 * keep + face]
        if left > 1:
            _fill(stats, values, cnt, child, face, left - 1)
        else:
            value = stats.val(cnt) + _BASE
            values[child] = 0 if value < 0 else value if value < _VALUE_MAX else _VALUE_MAX
        cnt[face] -= 1


def _decide(values, dice, rolls, red):
    """dicetab.best_keep: the exact expectimax (see dicetab's module doc),
    the same ties, over the values in ``values`` at the final nodes; ``rolls`` rolls
    left; red >= 0: a RED token may change one die at the end at that cost."""
    n_dice = len(dice)
    succ = SUCC
    first_final = OFFSETS[n_dice]
    nodes = [0] * 16  # nodes[mask]: the node of the dice at the positions in mask
    for index in range(n_dice):
        for mask in range(1 << index):
            nodes[1 << index | mask] = succ[6 * nodes[mask] + dice[index]]
    for depth in range(-1, rolls):
        start = first_final
        if depth < 0 and red >= 0:  # F(m): its value, or the best change of one die - cost
            start = OFFSETS[n_dice - 1]
            for node in range(start, first_final):
                top = _NEG
                for index in range(6 * node, 6 * node + 6):
                    if values[succ[index]] > top:
                        top = values[succ[index]]
                values[node] = top - red
        elif depth > 0:  # W: to the common denominator (keep k: * 6 ** |k|) ...
            start = 0
            for size in range(1, n_dice + 1):
                for node in range(OFFSETS[size], OFFSETS[size + 1]):
                    values[node] *= P6[size]
        for node in range(start, first_final):  # ... and the maxima pushed up to the finals
            top = values[node]
            for index in range(6 * node, 6 * node + 6):
                if values[succ[index]] < top:
                    values[succ[index]] = top
        if depth < 0:
            best = values[nodes[(1 << n_dice) - 1]] * 6 ** (n_dice * rolls)  # STOP
            continue
        node = first_final - 1
        while node >= 0:  # E: the sum over the next die's faces, bottom up
            index = 6 * node
            values[node] = (values[succ[index]] + values[succ[index + 1]] + values[succ[index + 2]]
                            + values[succ[index + 3]] + values[succ[index + 4]] + values[succ[index + 5]])
            node -= 1
    act = A.STOP
    for mask in ORDER[n_dice - 3] if rolls else b"":
        node = nodes[(1 << n_dice) - 1 - mask]
        if values[node] * P6[n_dice - POP[mask]] > best:
            best = values[node] * P6[n_dice - POP[mask]]
            act = A.REROLL + mask
    return act


def _resolve(state, stats, acts, level, rng):
    """The combination that starts the best sequence, flags first (their
    moves and tokens come before the aims); END_TURN when nothing pays.
    Easy: a random combination worth something now."""
    cnt = _counts(state, 1)
    best = 0
    act = A.END_TURN
    good = []
    for action in reversed(acts):  # flags are listed last
        if action == A.END_TURN:
            continue
        if action > A.FLAG:
            colour, count = divmod(action - A.FLAG, 5)
            colour += 1
            value = stats.t[_FL + colour * 5 + count]
            rest = 0
        else:
            die, rest = divmod(action - A.AIM, 8)
            colour = state.dice[die]
            value = stats.aimv(colour, rest >> 1, rest & 1)
            count = 1
        if level == EASY:
            if value > 0:
                good.append(action)
            continue
        cnt[colour] -= count
        cnt[0] -= rest >> 1
        value += stats.plan(cnt)
        cnt[colour] += count
        cnt[0] += rest >> 1
        if value > best:
            best, act = value, action
    if level == EASY and good:
        return rng.choice(good)
    return act
