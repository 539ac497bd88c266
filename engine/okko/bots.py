"""Okko: Oni Hunters: the computer partner.

``choose(obs, seat, level, rng, memory, partner=None)`` returns a legal action
for ``seat`` (the state's ``current_player``) from ``obs =
state.observation(seat)`` and the partner's own ``memory`` only. Levels
(named by what they do in the app): NORMAL 2 "Steady" (1 plays as it), HARD
3 "Forgetful". ``rng`` is the partner's own engine.rng.Rng (only Hard's
forgetting draws from it). ``memory`` is a bytearray(16) kept by the caller,
one per computer seat: what this partner saw of the Court in its own peeks,
by board square (row * 4 + column): 0 unknown, 1 courtier, 2 Oni. The
partner writes it at its P_REVEAL (Hard: each peek is forgotten with a
chance of 1 in 4, G30) and reads it at the Court. ``partner`` is what the other
partner says at the Court, where the players may talk it over (R28): its
memory in the same form (a human's is all unknown), read only in P_COURT.
``advice(obs, memory, partner)`` is what the partner suggests at the Court: its
believed Oni first, then its partner's.

Decisions (rules digest section 6, last paragraphs; docs/rules/okko.md,
"Computer partner", has the measurements behind them):

- Heroes: the first free one of Genji, Okko, Noburo, Noshin; between boards
  the same hero (free).
- Trade: take the one partner card that makes the turn's goal possible (the
  boss, a line about to cost days, an encounter, the leave cost); give a
  card of the partner's class that this hero cannot play, or, when a boss
  blocks the way and neither hand beats it, the card that helps the partner
  most against it.
- Free extras first: Ink and Rice Jars at once, Ash on a long line, Incense
  when injured before a fight, Sake when 4 days or fewer are left (not at
  square 20: the days do not come back, the jar is kept); summon
  (Noshin, the Yamabushi Hermit) while the board's Kami is missing. Then the
  action: the boss when beatable; an encounter when the hand completes it
  (its jars and the peek of the fourth are worth the most); the line from one
  enemy below the size that costs days, or when one defeat completes a pile
  of 6 (a peek; the newest enemy must be beatable), but on boards 2 and 3
  a move comes before the line's pressure and the Omen once the days left
  are at most what the way to the final boss needs (each arrow's expected
  attempts, _WAY, and a day per boss ahead) plus _MARGIN (issue 30); the
  Omen of Crows (a peek: playing it before moving won 46% of the games
  instead of 41%); a move (always the yellow arrow); the line if cheap; a
  Special (Festival, Messenger, Forced March when it makes the next move
  sure, Ofuda on a long line, the Onsen when both heroes are hurt);
  otherwise draw 2.
- Fights: the cheapest winning commitment, an exact search (a 0/1 knapsack
  over capped Fighting, capped Investigating, "has a leader" and "has the
  NEEDS element") over at most 15 cards, once without the hero and once
  with him (his injury tokens cost; none for Okko's resolve, none beside a
  Kami; Noburo's +1 per Equipment). A card's cost is what keeping it is
  worth: 1 for a class neither hero has, else 3 + F + I, more for an
  element this board still asks for, for what pays an unpaid leave cost
  here, for a Kami; keys and Specials by use. The
  fight goes on to the next enemy while a winning set exists.
- Encounters: the cheapest exact cover (each card one kind and one element
  requirement, Genji's free element) by backtracking over the at most 4
  requirements. The leave cost: the cheapest cards that pay it (the same
  knapsack).
- Exploration: draw until bank + run reaches the arrow, never banking a
  partial run (an exact calculation over the 13 cards: banking is always
  slower; the digest's "stop at 3" needs 2.25 attempts for a 4 where
  drawing on needs 1.84), a Pass Map when it completes the arrow.
  Summoning draws up to the difficulty.
- Rewards: a key an encounter still needs, else the Pass Map; CHOICE(2)
  draws, CHOICE(1) draws unless a support is worth 12.
- Peeks: the first square it never saw in its seat's order (seat 0 from the
  first square, seat 1 from the last: an agreed split, no shared knowledge;
  two partners who peeked the same squares won a third as often). The
  Court: its believed Oni, then those its partner names, then the squares
  neither knows, each in that order, never a square either believes is a
  courtier.

The builders are card by card: each call plans the set again from the
observation and emits one TOGGLE towards it, then CONFIRM (or CANCEL when
no plan is left: it ends a fight after a defeat).

Budgets: at most a few thousand loop steps per decision (the largest are
the knapsacks: at most 252 states per card); no floats; no allocation per
decision beyond a plan's bytearray (the card fields are read with
cards.field, no tuple): the scratch tables are allocated once at import. The
contract's ints are read from actions.py by name (``A.O_HANDS``), data.py's
enumerations as ``D.KAMI``; the build folds both into literals
(tools/fold.py). The levels NORMAL and HARD are defined in court.py (it
needs HARD and is loaded alone) and are this module's too.
"""

from engine.okko import cards as C
from engine.okko import data as D
from engine.okko import actions as A  # the contract: read by name, folded by the build (tools/fold.py)
from engine.okko.court import HARD, NORMAL, advice, decide  # noqa: F401 (the levels, advice: this module's API too)

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# the partner's own tuning (not rules; tools/okko_balance.py measured them)
_HERO_COST = const(5)  # one injury token on the own hero, in card points
_FIGHT_AT = const(1)  # fight the line from (the size that costs a day) - this
_CHEAP = const(9)  # a line fight this cheap is worth it on a line of 2 or more
_GO_ON = const(40)  # go on to the next enemy at this cost (or on a long line)
_SAKE_DAYS = const(4)  # a Sake Jar when this few days are left
_MAXC = const(15)  # cards in a fight search
_PREF = b"\x03\x00\x01\x02"  # heroes: Genji, Okko, Noburo, Noshin
_MARGIN = b"\x00\x05\x07"  # per board: head for the last location when the days left are at
#                              most the way's need plus this (0: never)
_WAY = b"\x00\x0d\x0e\x10\x12\x15\x19\x1d"  # an arrow's expected attempts (tenths) by its value

# scratch, allocated once: search candidates and the knapsack table
_CID = bytearray(32)  # candidate cards
_CF = bytearray(32)  # their Fighting (pay: their pay value)
_CI = bytearray(32)  # their Investigating
_CX = bytearray(32)  # fight: 1 leads, 2 NEEDS element, 4 Equipment, 8 Kami; encounter: covered requirements
_CV = bytearray(32)  # their cost (keep value)
_CP = bytearray(32)  # encounter: 1 = the partner's card
_COST = bytearray(256)
_ML = bytearray(256)  # the cheapest set reaching a state: card mask, low byte
_MH = bytearray(256)  # ... high byte (15 candidates at most)
_NEED = bytearray(6)  # per element: needed soon on this board
_KEY = bytearray(1)  # the support id of a key an encounter still needs, or A.NONE
_CL = bytearray(2)  # the two heroes' classes
_PAYK = bytearray(1)  # the unpaid leave cost's kind here (PAY_FIGHT, PAY_INV), else 0
_R = [0, 0, 0, 0, 0, 0, 0]  # a search's result: cost, card mask, hero, partner card,
#                             partner cards' mask, a table state, candidates
_T = bytearray(4)  # a fight target: F, I, NEEDS element, injury tokens


_cf = C.field  # a hand card's field: 0 kind, 1 F, 2 I, 3 element, 4 class, 5 effect, 6 param


def _has(b, c):
    for x in b:
        if x == c:
            return True
    return False


# -- what cards are worth ---------------------------------------------------
def _needs(o):
    """_NEED: the elements this board still asks for (the next encounters,
    the leave costs ahead, the final boss's NEEDS)."""
    n = _NEED
    for e in range(6):
        n[e] = 0
    b = o[A.O_BOARD]
    enc = D.ENCOUNTERS[b]
    _KEY[0] = A.NONE
    for x in range(o[A.O_ENCOUNTERS] * 5, D.N_ENCOUNTERS * 5):
        r = enc[x]
        if x % 5 == 4:
            continue
        if D.R_ELEMENT <= r < D.R_SUPPORT:
            n[r - D.R_ELEMENT] += 1
        elif r >= D.R_SUPPORT:
            _KEY[0] = r - D.R_SUPPORT  # a key still to use
    for loc in range(o[A.O_LOC], D.N_LOC):
        if C.location(b, loc, 2) == D.PAY_ELEMENT:
            n[C.location(b, loc, 4)] += 2
        bs = C.location(b, loc, 5)
        if bs != A.NONE and C.boss_field(bs, 4) == D.PW_NEEDS:
            n[C.boss_field(bs, 5)] += 2
    n[0] = 0
    for q in (0, 1):
        h = o[A.O_HEROES][q]
        _CL[q] = C.hero_class(h) if h != A.NONE else 0
    _PAYK[0] = 0
    loc = o[A.O_LOC]
    if not o[A.O_PAID] and C.location(b, loc, 5) == A.NONE:
        _PAYK[0] = C.location(b, loc, 2)  # an unpaid leave cost here: keep what pays it


def _kv(o, c):
    """What keeping card c is worth (>= 1)."""
    k = _cf(c, 0)
    if k == D.SPECIAL:
        fx = _cf(c, 5)
        return 9 if fx == D.FX_PEEK else 6 if fx == D.FX_DRAW_EACH or fx == D.FX_DAY else 4
    if k == D.ITEM:
        if _cf(c, 5) == D.FX_PASS_MAP:
            return 7
        return 20 if c - D.SUPPORT0 == _KEY[0] else 1
    cl = _cf(c, 4)
    if cl and cl != _CL[0] and cl != _CL[1]:
        return 1  # neither hero can play it: the first to go
    v = 3 + _cf(c, 1) + _cf(c, 2) + _NEED[_cf(c, 3)]
    pk = _PAYK[0]
    if pk == D.PAY_FIGHT:
        v += _cf(c, 1)
    elif pk == D.PAY_INV:
        v += _cf(c, 2)
    if k == D.KAMI:
        v += 4
    elif k == D.EQUIPMENT:
        v -= 1
    return v


def _class_ok(o, me, c):
    k = _cf(c, 4)
    return not k or k == C.hero_class(o[A.O_HEROES][me])


# -- fights: the cheapest winning commitment ---------------------------------
def _dp(n, tf, ti, nf, lb, nb, bonus):
    """0/1 knapsack over candidates 0..n-1 on states (F capped at tf, I capped
    at ti, flags < nf: lead bit lb, NEEDS bit nb; at most 252), from state 0
    at cost _COST[0]; Equipment gets ``bonus`` Fighting. Returns the goal's
    index (every cap and flag reached): its cost in _COST (255: none), its
    cheapest set in _ML/_MH."""
    w = ti + 1
    top = (tf + 1) * w * nf
    cost = _COST
    ml = _ML
    mh = _MH
    c0 = cost[0]
    for s in range(top):
        cost[s] = 255
    cost[0] = c0
    ml[0] = 0
    mh[0] = 0
    fr = ir = 0
    for k in range(n):
        x = _CX[k]
        cf = _CF[k] + (bonus if x & 4 else 0)
        ci = _CI[k]
        cfl = (lb if x & 1 else 0) | (nb if x & 2 else 0)
        if not cf and not ci and not cfl:
            continue
        cc = _CV[k]
        bl = (1 << k) & 255
        bh = (1 << k) >> 8
        f = fr  # only the states reached so far can be sources
        fr = fr + cf if fr + cf < tf else tf
        i0 = ir
        ir = ir + ci if ir + ci < ti else ti
        while f >= 0:
            g = f + cf
            if g > tf:
                g = tf
            i = i0
            while i >= 0:
                j = i + ci
                if j > ti:
                    j = ti
                base = (f * w + i) * nf
                nbase = (g * w + j) * nf
                fl = nf - 1
                while fl >= 0:
                    v = cost[base + fl]
                    if v != 255:
                        t = nbase + (fl | cfl)
                        v += cc
                        if v < cost[t]:
                            cost[t] = v if v < 255 else 254
                            ml[t] = ml[base + fl] | bl
                            mh[t] = mh[base + fl] | bh
                    fl -= 1
                i -= 1
            f -= 1
    return top - 1


def _with_one(tf, ti, nf, pf, pi, pfl, pc):
    """The cost of the cheapest table state that a partner card (pf, pi,
    flags pfl, cost pc) completes (255: none); the state in _R[5]."""
    w = ti + 1
    best = 255
    bs = 0
    goal = nf - 1
    for f in range(tf + 1):
        if f + pf < tf:
            continue
        for i in range(ti + 1):
            if i + pi < ti:
                continue
            base = (f * w + i) * nf
            for fl in range(nf):
                if (fl | pfl) == goal:
                    v = _COST[base + fl] + pc
                    if v < best:
                        best = v
                        bs = base + fl
    _R[5] = bs
    return best


def _cands(o, me, ne):
    """Fight candidates from my hand into the scratch arrays; returns n."""
    n = 0
    for c in o[A.O_HANDS][me]:
        k = _cf(c, 0)
        if k == D.SPECIAL or k == D.ITEM or not _class_ok(o, me, c):
            continue
        if n == 32:
            n = _trim(n)  # a huge hand: the scratch arrays are full
        x = 4 if k == D.EQUIPMENT else 1
        if k == D.KAMI:
            x |= 8
        if ne and _cf(c, 3) == ne:
            x |= 2
        _CID[n] = c
        _CF[n] = _cf(c, 1)
        _CI[n] = _cf(c, 2)
        _CX[n] = x
        _CV[n] = _kv(o, c)
        n += 1
    return _trim(n)


def _trim(n):
    """Keep _MAXC candidates: drop the weakest (NEEDS cards stay)."""
    while n > _MAXC:
        lo = 0
        for k in range(n):
            if (_CF[k] + _CI[k] + (9 if _CX[k] & 2 else 0)
                    < _CF[lo] + _CI[lo] + (9 if _CX[lo] & 2 else 0)):
                lo = k
        n -= 1
        _CID[lo] = _CID[n]
        _CF[lo] = _CF[n]
        _CI[lo] = _CI[n]
        _CX[lo] = _CX[n]
        _CV[lo] = _CV[n]
    return n


def _target(t):
    """_T: F, I, the NEEDS element or 0, injury tokens for a hero, of a fight
    target (an enemy id, or 128 + a boss id)."""
    x = _T
    if t >= 128:
        b = t - 128
        pw = C.boss_field(b, 4)
        x[0] = C.boss_field(b, 2)
        x[1] = C.boss_field(b, 3)
        prm = C.boss_field(b, 5)
    else:
        pw = C.enemy_power(t)
        x[0] = C.enemy_f(t)
        x[1] = C.enemy_i(t)
        prm = C.enemy_param(t)
    x[2] = prm if pw == D.PW_NEEDS else 0
    x[3] = 2 if pw == D.PW_EXTRA_INJURY else 1


def _fight(o, me, t, partner):
    """The cheapest winning commitment against target t from my hand: its
    cost (255 if none). _R: cost, card mask over _CID, hero used, and (when
    my hand alone cannot win and ``partner`` is given) the partner card it
    needs, else A.NONE."""
    _target(t)
    tf = _T[0]
    ti = _T[1]
    ne = _T[2]
    tokens = _T[3]
    h = o[A.O_HEROES][me]
    n = _cands(o, me, ne)
    r = _R
    r[0] = 255
    r[1] = 0
    r[2] = 0
    r[3] = A.NONE
    # without the hero: flags lead (and NEEDS)
    nf = 4 if ne else 2
    lb = 2 if ne else 1
    nb = 1 if ne else 0
    _COST[0] = 0
    goal = _dp(n, tf, ti, nf, lb, nb, 0)
    if _COST[goal] < r[0]:
        r[0] = _COST[goal]
        r[1] = _ML[goal] | _MH[goal] << 8
    if r[0] == 255 and partner:
        _partner(o, me, partner, tf, ti, nf, lb, nb, ne, 0)
    if o[A.O_INJURED][me]:
        return r[0]
    # with the hero: the lead is there; his stats are taken off the caps
    hf = C.hero_f(h)
    hi = C.hero_i(h)
    if h == D.OKKO and t < 128 and tf <= D.OKKO_MAX_F:
        tokens = 0  # Ronin's resolve
    hc = tokens * _HERO_COST
    tf2 = tf - hf if tf > hf else 0
    ti2 = ti - hi if ti > hi else 0
    nf = 2 if ne else 1
    for k in range(n):
        if _CX[k] & 8:  # a Kami beside the hero: no injury
            _CV[k] = _CV[k] - hc if _CV[k] > hc else 1
    _COST[0] = hc
    goal = _dp(n, tf2, ti2, nf, 0, 1 if ne else 0, 1 if h == D.NOBURO else 0)
    v = _COST[goal]
    if v < 255 and (v < r[0] or r[3] != A.NONE):  # my hand alone first
        r[0] = v
        r[1] = _ML[goal] | _MH[goal] << 8
        r[2] = 1
        r[3] = A.NONE
    elif partner and (r[0] == 255 or r[3] != A.NONE):
        if _partner(o, me, partner, tf2, ti2, nf, 0, 1 if ne else 0, ne, 1 if h == D.NOBURO else 0):
            r[2] = 1
    return r[0]


def _partner(o, me, partner, tf, ti, nf, lb, nb, ne, bonus):
    """After a _dp: the best completion by one partner card into _R."""
    found = False
    for c in partner:
        k = _cf(c, 0)
        if k == D.SPECIAL or k == D.ITEM or not _class_ok(o, me, c):
            continue
        pfl = 0 if k == D.EQUIPMENT else lb
        if ne and _cf(c, 3) == ne:
            pfl |= nb
        pf = _cf(c, 1) + (bonus if k == D.EQUIPMENT else 0)
        v = _with_one(tf, ti, nf, pf, _cf(c, 2), pfl, _kv(o, c))
        if v < _R[0]:
            _R[0] = v
            _R[1] = _ML[_R[5]] | _MH[_R[5]] << 8
            _R[3] = c
            found = True
    return found


def _plan_cards(n):
    """The cards of _R's mask (over _CID) as a bytearray."""
    out = bytearray()
    m = _R[1]
    for k in range(n):
        if m & (1 << k):
            out.append(_CID[k])
    return out


# -- encounters: the cheapest exact cover --------------------------------------
def _edfs(reqs, ro, nr, n, k, uk, ue, g, cost):
    r = _R
    if cost >= r[0]:
        return
    if k == nr:
        r[0] = cost
        r[1] = uk | ue
        r[2] = g
        return
    q = reqs[ro + k]
    el = D.R_ELEMENT <= q < D.R_SUPPORT
    if el and g == 2:  # Genji stands for this element
        _edfs(reqs, ro, nr, n, k + 1, uk, ue, 1, cost)
    bk = 1 << k
    used = uk | ue
    for j in range(n):
        b = 1 << j
        if not _CX[j] & bk or (ue if el else uk) & b:
            continue
        add = 0
        if not used & b:
            if _CP[j] and used & r[4]:
                continue  # one partner card at most
            add = _CV[j]
        if el:
            _edfs(reqs, ro, nr, n, k + 1, uk, ue | b, g, cost + add)
        else:
            _edfs(reqs, ro, nr, n, k + 1, uk | b, ue, g, cost + add)


def _enc(o, me, partner, genji_used):
    """The cheapest exact cards for the next encounter: cost (255 none); _R:
    cost, mask over _CID, Genji used (1), the partner card or A.NONE, the
    partner cards' mask, and in _R[6] the number of candidates."""
    reqs = D.ENCOUNTERS[o[A.O_BOARD]]
    ro = o[A.O_ENCOUNTERS] * 5
    nr = 0
    while nr < 4 and reqs[ro + nr]:
        nr += 1
    n = 0
    pm = 0
    for side in (0, 1):
        hand = o[A.O_HANDS][me if side == 0 else 1 - me]
        if side and not partner:
            break
        for c in hand:
            if n >= 24 or not _class_ok(o, me, c):
                continue
            x = 0
            for k in range(nr):
                if C.covers(c, reqs[ro + k]):
                    x |= 1 << k
            if x:
                _CID[n] = c
                _CX[n] = x
                _CV[n] = _kv(o, c)
                _CP[n] = side
                if side:
                    pm |= 1 << n
                n += 1
    h = o[A.O_HEROES][me]
    g = 2 if h == D.GENJI and not o[A.O_INJURED][me] and not genji_used else 0
    r = _R
    r[0] = 255
    r[1] = 0
    r[2] = 0
    r[4] = pm
    _edfs(reqs, ro, nr, n, 0, 0, 0, g, 0)
    r[6] = n
    r[3] = A.NONE
    if r[0] < 255:
        r[2] = 1 if r[2] == 1 else 0
        m = r[1] & pm
        if m:
            for k in range(n):
                if m & (1 << k):
                    r[3] = _CID[k]
                    r[1] &= ~(1 << k)
    return r[0]


# -- the leave cost --------------------------------------------------------------
def _pay(o, me):
    """The cheapest cards paying the leave cost: cost (255 none), _R[1] the
    mask over _CID, _R[6] the number of candidates."""
    need = C.location(o[A.O_BOARD], o[A.O_LOC], 3)
    n = 0
    for c in o[A.O_HANDS][me]:
        if n >= _MAXC or not _class_ok(o, me, c):
            continue
        v = C.pay_value(o[A.O_BOARD], o[A.O_LOC], c)
        if v:
            _CID[n] = c
            _CF[n] = v
            _CI[n] = 0
            _CX[n] = 0
            _CV[n] = _kv(o, c)
            n += 1
    _COST[0] = 0
    goal = _dp(n, need, 0, 1, 0, 0, 0)
    _R[0] = _COST[goal]
    _R[1] = _ML[goal] | _MH[goal] << 8
    _R[6] = n
    return _R[0]


def _payable(o, me, extra):
    if o[A.O_PAID] or C.location(o[A.O_BOARD], o[A.O_LOC], 2) == D.PAY_NONE:
        return True
    t = 0
    for c in o[A.O_HANDS][me]:
        if _class_ok(o, me, c):
            t += C.pay_value(o[A.O_BOARD], o[A.O_LOC], c)
    if extra != A.NONE and _class_ok(o, me, extra):
        t += C.pay_value(o[A.O_BOARD], o[A.O_LOC], extra)
    return t >= C.location(o[A.O_BOARD], o[A.O_LOC], 3)


# -- the situation ---------------------------------------------------------------
def _boss_here(o):
    b = C.location(o[A.O_BOARD], o[A.O_LOC], 5)
    if b == A.NONE or o[A.O_BOSS_DEAD] & (1 << o[A.O_LOC]):
        return A.NONE
    return b


def _line_at(o):
    """The line size from which a turn costs a day (R8, the Siege)."""
    if D.BOARD_SPECIAL[o[A.O_BOARD]] == D.SP_SIEGE and not o[A.O_BOSS_DEAD] & 8:
        return D.SIEGE_1
    return D.LINE_1


def _arrow(o):
    """The arrow to take from here (its index), or -1: the yellow one (listed
    first; a red arrow skips a reward and injures on a FAIL: the partners
    won clearly less often taking them)."""
    ar = C.arrows(o[A.O_BOARD])
    for i in range(len(ar) // 4):
        if ar[i * 4] == o[A.O_LOC]:
            return i
    return -1


def _can_move(o, me, extra):
    if _boss_here(o) != A.NONE:
        return -1
    a = _arrow(o)
    if a < 0 or not _payable(o, me, extra):
        return -1
    return A.MOVE + a


# -- decisions --------------------------------------------------------------------
def _action(o, me):
    """The free extras and the action (P_ACTION)."""
    line = o[A.O_LINE]
    n = len(line)
    t1 = _line_at(o)
    day = o[A.O_DAY]
    hand = o[A.O_HANDS][me]
    hero = o[A.O_HEROES][me]
    injured = o[A.O_INJURED][me]
    boss = _boss_here(o)
    for j in o[A.O_JARS]:
        fx = C.jar_fx(j)
        if fx == D.FX_PEEK or fx == D.FX_DRAW_EACH:
            return A.JAR + j
        if fx == D.FX_DEFEAT_LAST and n >= t1 - 1:
            return A.JAR + j
        if fx == D.FX_DAY and D.LAST_DAY - _SAKE_DAYS <= day < D.LAST_DAY:  # at 20: kept for the next board
            return A.JAR + j
        if fx == D.FX_HEAL_HERO and injured and (boss != A.NONE or n >= t1 - 1):
            return A.JAR + j
    turn = o[A.O_TURN]
    if not turn[0] and not o[A.O_KAMI] and day <= D.LAST_DAY - 3:
        if hero == D.NOSHIN and not injured:
            return A.SUMMON_HERO
        for c in hand:
            if c < D.SUPPORT0 and _cf(c, 5) == D.FX_SUMMON:
                return A.SUMMON + c
    if boss != A.NONE and _fight(o, me, 128 + boss, None) < 255:
        return A.FIGHT_BOSS  # before an encounter: it may not be beatable next turn
    if o[A.O_ENCOUNTERS] < D.N_ENCOUNTERS and _enc(o, me, None, 0) < 255:
        return A.ENCOUNTER
    lc = _fight(o, me, line[-1], None) if n else 255
    if lc < 255 and o[A.O_PILE] == D.PILE - 1:
        return A.FIGHT_LINE  # a defeat that completes a pile (a peek)
    mv = _can_move(o, me, A.NONE)
    b = o[A.O_BOARD]
    t = _MARGIN[b] * 10
    if mv >= 0 and t:
        # head for the last location when the days left are at most the margin
        # plus what the way there needs: its arrows' expected attempts and a
        # day per boss on it (in tenths of days; the boss here, if any, is down)
        ar = C.arrows(b)
        for loc in range(o[A.O_LOC], D.N_LOC - 1):
            t += _WAY[ar[loc * 4 + 3]]
            if C.location(b, loc + 1, 5) != A.NONE:
                t += 10
        if (D.LAST_DAY - day) * 10 <= t:
            return mv  # before the line's pressure
    if lc < 255 and n >= t1 - _FIGHT_AT:
        return A.FIGHT_LINE  # pressure ahead
    for c in hand:  # a peek is worth more than a move
        if _cf(c, 0) == D.SPECIAL and _cf(c, 5) == D.FX_PEEK:
            return A.SPECIAL + c
    if mv >= 0:
        return mv
    if lc <= _CHEAP and n >= 2:
        return A.FIGHT_LINE
    best = -1
    bv = 0
    for c in hand:
        if _cf(c, 0) != D.SPECIAL:
            continue
        fx = _cf(c, 5)
        v = 0
        if fx == D.FX_DRAW_EACH:
            v = 5
        elif fx == D.FX_DAY and day < D.LAST_DAY:
            v = 4
        elif fx == D.FX_DEFEAT_LAST and n >= t1 - 1:
            v = 3
        elif fx == D.FX_EXPLORE_TOKENS and boss == A.NONE and _arrow(o) >= 0:
            ar = C.arrows(o[A.O_BOARD])
            if o[A.O_BANK] + _cf(c, 6) >= ar[_arrow(o) * 4 + 3]:
                v = 3
        elif fx == D.FX_HEAL_BOTH and o[A.O_INJURY][0] and o[A.O_INJURY][1]:
            v = 2
        if v > bv:
            bv = v
            best = c
    if best >= 0:
        return A.SPECIAL + best
    return A.DRAW2


def _want(o, me):
    """The partner card to take this turn for its goal, or A.NONE."""
    partner = o[A.O_HANDS][1 - me]
    line = o[A.O_LINE]
    boss = _boss_here(o)
    if boss != A.NONE:
        if _fight(o, me, 128 + boss, None) < 255:
            return A.NONE
        if _fight(o, me, 128 + boss, partner) < 255:
            return _R[3]
    if line and len(line) >= _line_at(o) - _FIGHT_AT:
        if _fight(o, me, line[-1], None) < 255:
            return A.NONE
        if _fight(o, me, line[-1], partner) < 255:
            return _R[3]
    if o[A.O_ENCOUNTERS] < D.N_ENCOUNTERS:
        if _enc(o, me, None, 0) < 255:
            return A.NONE
        if _enc(o, me, partner, 0) < 255:
            return _R[3]
    if boss == A.NONE and _arrow(o) >= 0 and not _payable(o, me, A.NONE):
        best = A.NONE
        bv = 255
        for c in partner:
            if _payable(o, me, c):
                v = _kv(o, c)
                if v < bv:
                    bv = v
                    best = c
        return best
    return A.NONE


def _trade(o, me):
    traded = o[A.O_TURN][1]
    if not traded & 2 and o[A.O_HANDS][1 - me]:
        c = _want(o, me)
        if c != A.NONE:
            return A.TAKE + c
    if not traded & 1:
        mine = C.hero_class(o[A.O_HEROES][me])
        theirs = C.hero_class(o[A.O_HEROES][1 - me])
        for c in o[A.O_HANDS][me]:
            k = _cf(c, 4)
            if k and k != mine and k == theirs:
                return A.GIVE + c
        c = _gift(o, me, theirs)
        if c != A.NONE:
            return A.GIVE + c
    return A.TRADE_DONE


def _gift(o, me, theirs):
    """A blocking boss neither of us can beat alone: my card that helps the
    partner most against it (they take one more on their turn), or A.NONE."""
    boss = _boss_here(o)
    if boss == A.NONE or _fight(o, me, 128 + boss, None) < 255 or _fight(o, 1 - me, 128 + boss, None) < 255:
        return A.NONE
    _target(128 + boss)
    tf = _T[0]
    ti = _T[1]
    ne = _T[2]
    best = A.NONE
    bv = 0
    for c in o[A.O_HANDS][me]:
        k = _cf(c, 0)
        if k == D.SPECIAL or k == D.ITEM or (_cf(c, 4) and _cf(c, 4) != theirs):
            continue
        f = _cf(c, 1)
        i = _cf(c, 2)
        v = (f if f < tf else tf) + (i if i < ti else ti) + (4 if ne and _cf(c, 3) == ne else 0)
        if v > bv:
            bv = v
            best = c
    return best


def _emit(o, plan, hero):
    """One step of a builder towards ``plan`` (and the hero toggle)."""
    bld = o[A.O_BUILD]
    sel = bld[0]
    for c in plan:
        if not _has(sel, c):
            return A.TOGGLE + c
    for c in sel:
        if not _has(plan, c):
            return A.TOGGLE + c
    if bld[1] != hero:
        return A.TOGGLE_HERO
    return A.CONFIRM


def _fight_step(o, me):
    bld = o[A.O_BUILD]
    t = bld[2]
    cost = _fight(o, me, t, None)
    if cost == 255:
        return A.CANCEL
    if bld[3] and t < 128:  # after a defeat: go on while cheap or the line is long
        if cost > _GO_ON and len(o[A.O_LINE]) < _line_at(o) - _FIGHT_AT:
            return A.CANCEL
    return _emit(o, _plan_cards(_MAXC), _R[2])


def _choose(o, me, lv, rng, memory, partner):
    ph = o[A.O_PHASE]
    if ph == A.P_HERO:
        hs = o[A.O_HEROES]
        other = hs[1 - me]
        if hs[me] != A.NONE and hs[me] != other:
            return A.HERO + hs[me]
        for h in _PREF:
            if h != other:
                return A.HERO + h
    _needs(o)
    hand = o[A.O_HANDS][me]
    if ph == A.P_DISCARD:
        best = hand[0]
        for c in hand:
            if _kv(o, c) < _kv(o, best):
                best = c
        return A.DISCARD + best
    if ph == A.P_TRADE:
        return _trade(o, me)
    if ph == A.P_ACTION:
        return _action(o, me)
    if ph == A.P_FIGHT:
        return _fight_step(o, me)
    if ph == A.P_ENCOUNTER:
        if _enc(o, me, None, o[A.O_BUILD][4]) == 255:
            return A.CANCEL
        return _emit(o, _plan_cards(_R[6]), _R[2])
    if ph == A.P_PAY:
        if _pay(o, me) == 255:
            return A.CANCEL
        return _emit(o, _plan_cards(_R[6]), 0)
    if ph == A.P_EXPLORE:
        ex = o[A.O_EXPLORE]
        ar = C.arrows(o[A.O_BOARD])
        need = ar[ex[0] * 4 + 3] - o[A.O_BANK] - ex[1]
        if need <= 0:
            return A.STOP
        for c in hand:
            if c >= D.SUPPORT0 and _cf(c, 5) == D.FX_PASS_MAP and _cf(c, 6) >= need:
                return A.MAP + c
        return A.DRAW  # never bank a partial run (see the docstring)
    if ph == A.P_SUMMON:
        ex = o[A.O_EXPLORE]
        s = ex[3]
        return A.DRAW if ex[1] < (D.NOSHIN_SUMMON if s == A.NONE else _cf(s, 6)) else A.STOP
    if ph == A.P_REWARD:
        return _reward(o)
    if ph >= A.P_PEEK:
        return decide(o, me, lv, rng, memory, partner)  # engine/okko/court.py
    return A.REST


def _reward(o):
    kind, n = o[A.O_REWARD]
    best = A.NONE
    bv = -1
    for s in o[A.O_SUPPLY]:
        c = D.SUPPORT0 + s
        k = _cf(c, 0)
        if k == D.ITEM:
            v = 30 if s == _KEY[0] else 12 if _cf(c, 5) == D.FX_PASS_MAP else 0
        else:
            v = _kv(o, c)
        if v > bv:
            bv = v
            best = s
    if kind == D.AR_CHOICE and (best == A.NONE or bv < 12 + 4 * (n - 1)):
        return A.CHOOSE_DRAW
    return A.SUPPORT + best


def choose(obs, seat, level, rng, memory, partner=None):
    """A legal action for ``seat`` from its observation and its own memory
    (and, at the Court, ``partner``: what its partner says it remembers)."""
    return _choose(obs, seat, level, rng, memory, partner)
