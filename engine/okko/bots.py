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


def _has(buf, value):
    for item in buf:
        if item == value:
            return True
    return False


# -- what cards are worth ---------------------------------------------------
def _needs(obs):
    """_NEED: the elements this board still asks for (the next encounters,
    the leave costs ahead, the final boss's NEEDS)."""
    need = _NEED
    for element in range(6):
        need[element] = 0
    board = obs[A.O_BOARD]
    enc = D.ENCOUNTERS[board]
    _KEY[0] = A.NONE
    for index in range(obs[A.O_ENCOUNTERS] * 5, D.N_ENCOUNTERS * 5):
        req = enc[index]
        if index % 5 == 4:
            continue
        if D.R_ELEMENT <= req < D.R_SUPPORT:
            need[req - D.R_ELEMENT] += 1
        elif req >= D.R_SUPPORT:
            _KEY[0] = req - D.R_SUPPORT  # a key still to use
    for loc in range(obs[A.O_LOC], D.N_LOC):
        if C.location(board, loc, 2) == D.PAY_ELEMENT:
            need[C.location(board, loc, 4)] += 2
        boss = C.location(board, loc, 5)
        if boss != A.NONE and C.boss_field(boss, 4) == D.PW_NEEDS:
            need[C.boss_field(boss, 5)] += 2
    need[0] = 0
    for seat in (0, 1):
        hero = obs[A.O_HEROES][seat]
        _CL[seat] = C.hero_class(hero) if hero != A.NONE else 0
    _PAYK[0] = 0
    loc = obs[A.O_LOC]
    if not obs[A.O_PAID] and C.location(board, loc, 5) == A.NONE:
        _PAYK[0] = C.location(board, loc, 2)  # an unpaid leave cost here: keep what pays it


def _kv(obs, card):
    """What keeping ``card`` is worth (>= 1)."""
    kind = _cf(card, 0)
    if kind == D.SPECIAL:
        effect = _cf(card, 5)
        return 9 if effect == D.FX_PEEK else 6 if effect == D.FX_DRAW_EACH or effect == D.FX_DAY else 4
    if kind == D.ITEM:
        if _cf(card, 5) == D.FX_PASS_MAP:
            return 7
        return 20 if card - D.SUPPORT0 == _KEY[0] else 1
    card_class = _cf(card, 4)
    if card_class and card_class != _CL[0] and card_class != _CL[1]:
        return 1  # neither hero can play it: the first to go
    value = 3 + _cf(card, 1) + _cf(card, 2) + _NEED[_cf(card, 3)]
    pay_kind = _PAYK[0]
    if pay_kind == D.PAY_FIGHT:
        value += _cf(card, 1)
    elif pay_kind == D.PAY_INV:
        value += _cf(card, 2)
    if kind == D.KAMI:
        value += 4
    elif kind == D.EQUIPMENT:
        value -= 1
    return value


def _class_ok(obs, seat, card):
    card_class = _cf(card, 4)
    return not card_class or card_class == C.hero_class(obs[A.O_HEROES][seat])


# -- fights: the cheapest winning commitment ---------------------------------
def _dp(count, tf, ti, nf, lb, nb, bonus):
    """0/1 knapsack over candidates 0..count-1 on states (F capped at tf, I capped
    at ti, flags < nf: lead bit lb, NEEDS bit nb; at most 252), from state 0
    at cost _COST[0]; Equipment gets ``bonus`` Fighting. Returns the goal's
    index (every cap and flag reached): its cost in _COST (255: none), its
    cheapest set in _ML/_MH."""
    row_size = ti + 1
    top = (tf + 1) * row_size * nf
    cost = _COST
    mask_low = _ML
    mask_high = _MH
    start_cost = cost[0]
    for state in range(top):
        cost[state] = 255
    cost[0] = start_cost
    mask_low[0] = 0
    mask_high[0] = 0
    fight_reach = inv_reach = 0
    for index in range(count):
        flags = _CX[index]
        card_fight = _CF[index] + (bonus if flags & 4 else 0)
        card_inv = _CI[index]
        card_flags = (lb if flags & 1 else 0) | (nb if flags & 2 else 0)
        if not card_fight and not card_inv and not card_flags:
            continue
        card_cost = _CV[index]
        bit_low = (1 << index) & 255
        bit_high = (1 << index) >> 8
        fight = fight_reach  # only the states reached so far can be sources
        fight_reach = fight_reach + card_fight if fight_reach + card_fight < tf else tf
        inv_top = inv_reach
        inv_reach = inv_reach + card_inv if inv_reach + card_inv < ti else ti
        while fight >= 0:
            next_fight = fight + card_fight
            if next_fight > tf:
                next_fight = tf
            inv = inv_top
            while inv >= 0:
                next_inv = inv + card_inv
                if next_inv > ti:
                    next_inv = ti
                base = (fight * row_size + inv) * nf
                nbase = (next_fight * row_size + next_inv) * nf
                flag = nf - 1
                while flag >= 0:
                    value = cost[base + flag]
                    if value != 255:
                        target_state = nbase + (flag | card_flags)
                        value += card_cost
                        if value < cost[target_state]:
                            cost[target_state] = value if value < 255 else 254
                            mask_low[target_state] = mask_low[base + flag] | bit_low
                            mask_high[target_state] = mask_high[base + flag] | bit_high
                    flag -= 1
                inv -= 1
            fight -= 1
    return top - 1


def _with_one(tf, ti, nf, pf, pi, pfl, pc):
    """The cost of the cheapest table state that a partner card (pf, pi,
    flags pfl, cost pc) completes (255: none); the state in _R[5]."""
    row_size = ti + 1
    best = 255
    best_state = 0
    goal = nf - 1
    for fight in range(tf + 1):
        if fight + pf < tf:
            continue
        for inv in range(ti + 1):
            if inv + pi < ti:
                continue
            base = (fight * row_size + inv) * nf
            for flag in range(nf):
                if (flag | pfl) == goal:
                    value = _COST[base + flag] + pc
                    if value < best:
                        best = value
                        best_state = base + flag
    _R[5] = best_state
    return best


def _cands(obs, seat, ne):
    """Fight candidates from my hand into the scratch arrays; returns their count."""
    count = 0
    for card in obs[A.O_HANDS][seat]:
        kind = _cf(card, 0)
        if kind == D.SPECIAL or kind == D.ITEM or not _class_ok(obs, seat, card):
            continue
        if count == 32:
            count = _trim(count)  # a huge hand: the scratch arrays are full
        flags = 4 if kind == D.EQUIPMENT else 1
        if kind == D.KAMI:
            flags |= 8
        if ne and _cf(card, 3) == ne:
            flags |= 2
        _CID[count] = card
        _CF[count] = _cf(card, 1)
        _CI[count] = _cf(card, 2)
        _CX[count] = flags
        _CV[count] = _kv(obs, card)
        count += 1
    return _trim(count)


def _trim(count):
    """Keep _MAXC candidates: drop the weakest (NEEDS cards stay)."""
    while count > _MAXC:
        weakest = 0
        for index in range(count):
            if (_CF[index] + _CI[index] + (9 if _CX[index] & 2 else 0)
                    < _CF[weakest] + _CI[weakest] + (9 if _CX[weakest] & 2 else 0)):
                weakest = index
        count -= 1
        _CID[weakest] = _CID[count]
        _CF[weakest] = _CF[count]
        _CI[weakest] = _CI[count]
        _CX[weakest] = _CX[count]
        _CV[weakest] = _CV[count]
    return count


def _target(target):
    """_T: F, I, the NEEDS element or 0, injury tokens for a hero, of a fight
    target (an enemy id, or 128 + a boss id)."""
    stats = _T
    if target >= 128:
        boss = target - 128
        power = C.boss_field(boss, 4)
        stats[0] = C.boss_field(boss, 2)
        stats[1] = C.boss_field(boss, 3)
        prm = C.boss_field(boss, 5)
    else:
        power = C.enemy_power(target)
        stats[0] = C.enemy_f(target)
        stats[1] = C.enemy_i(target)
        prm = C.enemy_param(target)
    stats[2] = prm if power == D.PW_NEEDS else 0
    stats[3] = 2 if power == D.PW_EXTRA_INJURY else 1


def _fight(obs, seat, target, partner):
    """The cheapest winning commitment against ``target`` from my hand: its
    cost (255 if none). _R: cost, card mask over _CID, hero used, and (when
    my hand alone cannot win and ``partner`` is given) the partner card it
    needs, else A.NONE."""
    _target(target)
    target_fight = _T[0]
    target_inv = _T[1]
    element = _T[2]
    tokens = _T[3]
    hero = obs[A.O_HEROES][seat]
    count = _cands(obs, seat, element)
    result = _R
    result[0] = 255
    result[1] = 0
    result[2] = 0
    result[3] = A.NONE
    # without the hero: flags lead (and NEEDS)
    flag_count = 4 if element else 2
    lead_bit = 2 if element else 1
    needs_bit = 1 if element else 0
    _COST[0] = 0
    goal = _dp(count, target_fight, target_inv, flag_count, lead_bit, needs_bit, 0)
    if _COST[goal] < result[0]:
        result[0] = _COST[goal]
        result[1] = _ML[goal] | _MH[goal] << 8
    if result[0] == 255 and partner:
        _partner(obs, seat, partner, target_fight, target_inv, flag_count, lead_bit, needs_bit, element, 0)
    if obs[A.O_INJURED][seat]:
        return result[0]
    # with the hero: the lead is there; his stats are taken off the caps
    hero_fight = C.hero_f(hero)
    hero_inv = C.hero_i(hero)
    if hero == D.OKKO and target < 128 and target_fight <= D.OKKO_MAX_F:
        tokens = 0  # Ronin's resolve
    hero_cost = tokens * _HERO_COST
    rest_fight = target_fight - hero_fight if target_fight > hero_fight else 0
    rest_inv = target_inv - hero_inv if target_inv > hero_inv else 0
    flag_count = 2 if element else 1
    for index in range(count):
        if _CX[index] & 8:  # a Kami beside the hero: no injury
            _CV[index] = _CV[index] - hero_cost if _CV[index] > hero_cost else 1
    _COST[0] = hero_cost
    goal = _dp(count, rest_fight, rest_inv, flag_count, 0, 1 if element else 0, 1 if hero == D.NOBURO else 0)
    value = _COST[goal]
    if value < 255 and (value < result[0] or result[3] != A.NONE):  # my hand alone first
        result[0] = value
        result[1] = _ML[goal] | _MH[goal] << 8
        result[2] = 1
        result[3] = A.NONE
    elif partner and (result[0] == 255 or result[3] != A.NONE):
        if _partner(obs, seat, partner, rest_fight, rest_inv, flag_count, 0, 1 if element else 0, element,
                    1 if hero == D.NOBURO else 0):
            result[2] = 1
    return result[0]


def _partner(obs, seat, partner, tf, ti, nf, lb, nb, ne, bonus):
    """After a _dp: the best completion by one partner card into _R."""
    found = False
    for card in partner:
        kind = _cf(card, 0)
        if kind == D.SPECIAL or kind == D.ITEM or not _class_ok(obs, seat, card):
            continue
        pfl = 0 if kind == D.EQUIPMENT else lb
        if ne and _cf(card, 3) == ne:
            pfl |= nb
        part_fight = _cf(card, 1) + (bonus if kind == D.EQUIPMENT else 0)
        value = _with_one(tf, ti, nf, part_fight, _cf(card, 2), pfl, _kv(obs, card))
        if value < _R[0]:
            _R[0] = value
            _R[1] = _ML[_R[5]] | _MH[_R[5]] << 8
            _R[3] = card
            found = True
    return found


def _plan_cards(count):
    """The cards of _R's mask (over _CID) as a bytearray."""
    out = bytearray()
    mask = _R[1]
    for index in range(count):
        if mask & (1 << index):
            out.append(_CID[index])
    return out


# -- encounters: the cheapest exact cover --------------------------------------
def _edfs(reqs, offset, nr, count, index, uk, ue, genji, cost):
    result = _R
    if cost >= result[0]:
        return
    if index == nr:
        result[0] = cost
        result[1] = uk | ue
        result[2] = genji
        return
    req = reqs[offset + index]
    is_element = D.R_ELEMENT <= req < D.R_SUPPORT
    if is_element and genji == 2:  # Genji stands for this element
        _edfs(reqs, offset, nr, count, index + 1, uk, ue, 1, cost)
    req_bit = 1 << index
    used = uk | ue
    for candidate in range(count):
        bit = 1 << candidate
        if not _CX[candidate] & req_bit or (ue if is_element else uk) & bit:
            continue
        add = 0
        if not used & bit:
            if _CP[candidate] and used & result[4]:
                continue  # one partner card at most
            add = _CV[candidate]
        if is_element:
            _edfs(reqs, offset, nr, count, index + 1, uk, ue | bit, genji, cost + add)
        else:
            _edfs(reqs, offset, nr, count, index + 1, uk | bit, ue, genji, cost + add)


def _enc(obs, seat, partner, genji_used):
    """The cheapest exact cards for the next encounter: cost (255 none); _R:
    cost, mask over _CID, Genji used (1), the partner card or A.NONE, the
    partner cards' mask, and in _R[6] the number of candidates."""
    reqs = D.ENCOUNTERS[obs[A.O_BOARD]]
    offset = obs[A.O_ENCOUNTERS] * 5
    req_count = 0
    while req_count < 4 and reqs[offset + req_count]:
        req_count += 1
    count = 0
    partner_mask = 0
    for side in (0, 1):
        hand = obs[A.O_HANDS][seat if side == 0 else 1 - seat]
        if side and not partner:
            break
        for card in hand:
            if count >= 24 or not _class_ok(obs, seat, card):
                continue
            covered = 0
            for index in range(req_count):
                if C.covers(card, reqs[offset + index]):
                    covered |= 1 << index
            if covered:
                _CID[count] = card
                _CX[count] = covered
                _CV[count] = _kv(obs, card)
                _CP[count] = side
                if side:
                    partner_mask |= 1 << count
                count += 1
    hero = obs[A.O_HEROES][seat]
    genji = 2 if hero == D.GENJI and not obs[A.O_INJURED][seat] and not genji_used else 0
    result = _R
    result[0] = 255
    result[1] = 0
    result[2] = 0
    result[4] = partner_mask
    _edfs(reqs, offset, req_count, count, 0, 0, 0, genji, 0)
    result[6] = count
    result[3] = A.NONE
    if result[0] < 255:
        result[2] = 1 if result[2] == 1 else 0
        mask = result[1] & partner_mask
        if mask:
            for index in range(count):
                if mask & (1 << index):
                    result[3] = _CID[index]
                    result[1] &= ~(1 << index)
    return result[0]


# -- the leave cost --------------------------------------------------------------
def _pay(obs, seat):
    """The cheapest cards paying the leave cost: cost (255 none), _R[1] the
    mask over _CID, _R[6] the number of candidates."""
    need = C.location(obs[A.O_BOARD], obs[A.O_LOC], 3)
    count = 0
    for card in obs[A.O_HANDS][seat]:
        if count >= _MAXC or not _class_ok(obs, seat, card):
            continue
        value = C.pay_value(obs[A.O_BOARD], obs[A.O_LOC], card)
        if value:
            _CID[count] = card
            _CF[count] = value
            _CI[count] = 0
            _CX[count] = 0
            _CV[count] = _kv(obs, card)
            count += 1
    _COST[0] = 0
    goal = _dp(count, need, 0, 1, 0, 0, 0)
    _R[0] = _COST[goal]
    _R[1] = _ML[goal] | _MH[goal] << 8
    _R[6] = count
    return _R[0]


def _payable(obs, seat, extra):
    if obs[A.O_PAID] or C.location(obs[A.O_BOARD], obs[A.O_LOC], 2) == D.PAY_NONE:
        return True
    total = 0
    for card in obs[A.O_HANDS][seat]:
        if _class_ok(obs, seat, card):
            total += C.pay_value(obs[A.O_BOARD], obs[A.O_LOC], card)
    if extra != A.NONE and _class_ok(obs, seat, extra):
        total += C.pay_value(obs[A.O_BOARD], obs[A.O_LOC], extra)
    return total >= C.location(obs[A.O_BOARD], obs[A.O_LOC], 3)


# -- the situation ---------------------------------------------------------------
def _boss_here(obs):
    boss = C.location(obs[A.O_BOARD], obs[A.O_LOC], 5)
    if boss == A.NONE or obs[A.O_BOSS_DEAD] & (1 << obs[A.O_LOC]):
        return A.NONE
    return boss


def _line_at(obs):
    """The line size from which a turn costs a day (R8, the Siege)."""
    if D.BOARD_SPECIAL[obs[A.O_BOARD]] == D.SP_SIEGE and not obs[A.O_BOSS_DEAD] & 8:
        return D.SIEGE_1
    return D.LINE_1


def _arrow(obs):
    """The arrow to take from here (its index), or -1: the yellow one (listed
    first; a red arrow skips a reward and injures on a FAIL: the partners
    won clearly less often taking them)."""
    arrows = C.arrows(obs[A.O_BOARD])
    for index in range(len(arrows) // 4):
        if arrows[index * 4] == obs[A.O_LOC]:
            return index
    return -1


def _can_move(obs, seat, extra):
    if _boss_here(obs) != A.NONE:
        return -1
    arrow = _arrow(obs)
    if arrow < 0 or not _payable(obs, seat, extra):
        return -1
    return A.MOVE + arrow


# -- decisions --------------------------------------------------------------------
def _action(obs, seat):
    """The free extras and the action (P_ACTION)."""
    line = obs[A.O_LINE]
    size = len(line)
    limit = _line_at(obs)
    day = obs[A.O_DAY]
    hand = obs[A.O_HANDS][seat]
    hero = obs[A.O_HEROES][seat]
    injured = obs[A.O_INJURED][seat]
    boss = _boss_here(obs)
    for jar in obs[A.O_JARS]:
        effect = C.jar_fx(jar)
        if effect == D.FX_PEEK or effect == D.FX_DRAW_EACH:
            return A.JAR + jar
        if effect == D.FX_DEFEAT_LAST and size >= limit - 1:
            return A.JAR + jar
        if effect == D.FX_DAY and D.LAST_DAY - _SAKE_DAYS <= day < D.LAST_DAY:  # at 20: kept for the next board
            return A.JAR + jar
        if effect == D.FX_HEAL_HERO and injured and (boss != A.NONE or size >= limit - 1):
            return A.JAR + jar
    turn = obs[A.O_TURN]
    if not turn[0] and not obs[A.O_KAMI] and day <= D.LAST_DAY - 3:
        if hero == D.NOSHIN and not injured:
            return A.SUMMON_HERO
        for card in hand:
            if card < D.SUPPORT0 and _cf(card, 5) == D.FX_SUMMON:
                return A.SUMMON + card
    if boss != A.NONE and _fight(obs, seat, 128 + boss, None) < 255:
        return A.FIGHT_BOSS  # before an encounter: it may not be beatable next turn
    if obs[A.O_ENCOUNTERS] < D.N_ENCOUNTERS and _enc(obs, seat, None, 0) < 255:
        return A.ENCOUNTER
    line_cost = _fight(obs, seat, line[-1], None) if size else 255
    if line_cost < 255 and obs[A.O_PILE] == D.PILE - 1:
        return A.FIGHT_LINE  # a defeat that completes a pile (a peek)
    move = _can_move(obs, seat, A.NONE)
    board = obs[A.O_BOARD]
    days_needed = _MARGIN[board] * 10
    if move >= 0 and days_needed:
        # head for the last location when the days left are at most the margin
        # plus what the way there needs: its arrows' expected attempts and a
        # day per boss on it (in tenths of days; the boss here, if any, is down)
        arrows = C.arrows(board)
        for loc in range(obs[A.O_LOC], D.N_LOC - 1):
            days_needed += _WAY[arrows[loc * 4 + 3]]
            if C.location(board, loc + 1, 5) != A.NONE:
                days_needed += 10
        if (D.LAST_DAY - day) * 10 <= days_needed:
            return move  # before the line's pressure
    if line_cost < 255 and size >= limit - _FIGHT_AT:
        return A.FIGHT_LINE  # pressure ahead
    for card in hand:  # a peek is worth more than a move
        if _cf(card, 0) == D.SPECIAL and _cf(card, 5) == D.FX_PEEK:
            return A.SPECIAL + card
    if move >= 0:
        return move
    if line_cost <= _CHEAP and size >= 2:
        return A.FIGHT_LINE
    return _special(obs, seat)


def _special(obs, seat):
    """The end of _action: the most useful Special card, else DRAW2."""
    size = len(obs[A.O_LINE])
    day = obs[A.O_DAY]
    boss = _boss_here(obs)
    best = -1
    best_value = 0
    for card in obs[A.O_HANDS][seat]:
        if _cf(card, 0) != D.SPECIAL:
            continue
        effect = _cf(card, 5)
        value = 0
        if effect == D.FX_DRAW_EACH:
            value = 5
        elif effect == D.FX_DAY and day < D.LAST_DAY:
            value = 4
        elif effect == D.FX_DEFEAT_LAST and size >= _line_at(obs) - 1:
            value = 3
        elif effect == D.FX_EXPLORE_TOKENS and boss == A.NONE and _arrow(obs) >= 0:
            arrows = C.arrows(obs[A.O_BOARD])
            if obs[A.O_BANK] + _cf(card, 6) >= arrows[_arrow(obs) * 4 + 3]:
                value = 3
        elif effect == D.FX_HEAL_BOTH and obs[A.O_INJURY][0] and obs[A.O_INJURY][1]:
            value = 2
        if value > best_value:
            best_value = value
            best = card
    if best >= 0:
        return A.SPECIAL + best
    return A.DRAW2


def _want(obs, seat):
    """The partner card to take this turn for its goal, or A.NONE."""
    partner = obs[A.O_HANDS][1 - seat]
    line = obs[A.O_LINE]
    boss = _boss_here(obs)
    if boss != A.NONE:
        if _fight(obs, seat, 128 + boss, None) < 255:
            return A.NONE
        if _fight(obs, seat, 128 + boss, partner) < 255:
            return _R[3]
    if line and len(line) >= _line_at(obs) - _FIGHT_AT:
        if _fight(obs, seat, line[-1], None) < 255:
            return A.NONE
        if _fight(obs, seat, line[-1], partner) < 255:
            return _R[3]
    if obs[A.O_ENCOUNTERS] < D.N_ENCOUNTERS:
        if _enc(obs, seat, None, 0) < 255:
            return A.NONE
        if _enc(obs, seat, partner, 0) < 255:
            return _R[3]
    if boss == A.NONE and _arrow(obs) >= 0 and not _payable(obs, seat, A.NONE):
        best = A.NONE
        best_value = 255
        for card in partner:
            if _payable(obs, seat, card):
                value = _kv(obs, card)
                if value < best_value:
                    best_value = value
                    best = card
        return best
    return A.NONE


def _trade(obs, seat):
    traded = obs[A.O_TURN][1]
    if not traded & 2 and obs[A.O_HANDS][1 - seat]:
        card = _want(obs, seat)
        if card != A.NONE:
            return A.TAKE + card
    if not traded & 1:
        mine = C.hero_class(obs[A.O_HEROES][seat])
        theirs = C.hero_class(obs[A.O_HEROES][1 - seat])
        for card in obs[A.O_HANDS][seat]:
            card_class = _cf(card, 4)
            if card_class and card_class != mine and card_class == theirs:
                return A.GIVE + card
        card = _gift(obs, seat, theirs)
        if card != A.NONE:
            return A.GIVE + card
    return A.TRADE_DONE


def _gift(obs, seat, theirs):
    """A blocking boss neither of us can beat alone: my card that helps the
    partner most against it (they take one more on their turn), or A.NONE."""
    boss = _boss_here(obs)
    if (boss == A.NONE or _fight(obs, seat, 128 + boss, None) < 255
            or _fight(obs, 1 - seat, 128 + boss, None) < 255):
        return A.NONE
    _target(128 + boss)
    target_fight = _T[0]
    target_inv = _T[1]
    element = _T[2]
    best = A.NONE
    best_value = 0
    for card in obs[A.O_HANDS][seat]:
        kind = _cf(card, 0)
        if kind == D.SPECIAL or kind == D.ITEM or (_cf(card, 4) and _cf(card, 4) != theirs):
            continue
        fight = _cf(card, 1)
        inv = _cf(card, 2)
        value = ((fight if fight < target_fight else target_fight) + (inv if inv < target_inv else target_inv)
                 + (4 if element and _cf(card, 3) == element else 0))
        if value > best_value:
            best_value = value
            best = card
    return best


def _emit(obs, plan, hero):
    """One step of a builder towards ``plan`` (and the hero toggle)."""
    bld = obs[A.O_BUILD]
    sel = bld[0]
    for card in plan:
        if not _has(sel, card):
            return A.TOGGLE + card
    for card in sel:
        if not _has(plan, card):
            return A.TOGGLE + card
    if bld[1] != hero:
        return A.TOGGLE_HERO
    return A.CONFIRM


def _fight_step(obs, seat):
    bld = obs[A.O_BUILD]
    target = bld[2]
    cost = _fight(obs, seat, target, None)
    if cost == 255:
        return A.CANCEL
    if bld[3] and target < 128:  # after a defeat: go on while cheap or the line is long
        if cost > _GO_ON and len(obs[A.O_LINE]) < _line_at(obs) - _FIGHT_AT:
            return A.CANCEL
    return _emit(obs, _plan_cards(_MAXC), _R[2])


def _choose(obs, seat, level, rng, memory, partner):
    phase = obs[A.O_PHASE]
    if phase == A.P_HERO:
        heroes = obs[A.O_HEROES]
        other = heroes[1 - seat]
        if heroes[seat] != A.NONE and heroes[seat] != other:
            return A.HERO + heroes[seat]
        for hero in _PREF:
            if hero != other:
                return A.HERO + hero
    _needs(obs)
    hand = obs[A.O_HANDS][seat]
    if phase == A.P_DISCARD:
        best = hand[0]
        for card in hand:
            if _kv(obs, card) < _kv(obs, best):
                best = card
        return A.DISCARD + best
    if phase == A.P_TRADE:
        return _trade(obs, seat)
    if phase == A.P_ACTION:
        return _action(obs, seat)
    if phase == A.P_FIGHT:
        return _fight_step(obs, seat)
    if phase == A.P_ENCOUNTER:
        if _enc(obs, seat, None, obs[A.O_BUILD][4]) == 255:
            return A.CANCEL
        return _emit(obs, _plan_cards(_R[6]), _R[2])
    if phase == A.P_PAY:
        if _pay(obs, seat) == 255:
            return A.CANCEL
        return _emit(obs, _plan_cards(_R[6]), 0)
    if phase == A.P_EXPLORE:
        explore = obs[A.O_EXPLORE]
        arrows = C.arrows(obs[A.O_BOARD])
        need = arrows[explore[0] * 4 + 3] - obs[A.O_BANK] - explore[1]
        if need <= 0:
            return A.STOP
        for card in hand:
            if card >= D.SUPPORT0 and _cf(card, 5) == D.FX_PASS_MAP and _cf(card, 6) >= need:
                return A.MAP + card
        return A.DRAW  # never bank a partial run (see the docstring)
    if phase == A.P_SUMMON:
        explore = obs[A.O_EXPLORE]
        summoner = explore[3]
        difficulty = D.NOSHIN_SUMMON if summoner == A.NONE else _cf(summoner, 6)
        return A.DRAW if explore[1] < difficulty else A.STOP
    if phase == A.P_REWARD:
        return _reward(obs)
    if phase >= A.P_PEEK:
        return decide(obs, seat, level, rng, memory, partner)  # engine/okko/court.py
    return A.REST


def _reward(obs):
    kind, count = obs[A.O_REWARD]
    best = A.NONE
    best_value = -1
    for sid in obs[A.O_SUPPLY]:
        card = D.SUPPORT0 + sid
        card_kind = _cf(card, 0)
        if card_kind == D.ITEM:
            value = 30 if sid == _KEY[0] else 12 if _cf(card, 5) == D.FX_PASS_MAP else 0
        else:
            value = _kv(obs, card)
        if value > best_value:
            best_value = value
            best = sid
    if kind == D.AR_CHOICE and (best == A.NONE or best_value < 12 + 4 * (count - 1)):
        return A.CHOOSE_DRAW
    return A.SUPPORT + best


def choose(obs: tuple, seat: int, level: int, rng: "Rng", memory: bytearray, partner: "bytes | None" = None) -> int:
    """A legal action for ``seat`` from its observation and its own memory
    (and, at the Court, ``partner``: what its partner says it remembers)."""
    return _choose(obs, seat, level, rng, memory, partner)
