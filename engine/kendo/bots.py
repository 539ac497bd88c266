"""Kendo Duel: the computer opponents.

``choose(obs, seat, level, rng)`` returns a legal action for ``seat`` (the
state's ``current_player``) from ``obs = state.observation(seat)`` only.
Levels (the app's seat types): EASY 1, NORMAL 2, HARD 3.

- Normal is the weighting below (the Hard of issue 17): a deterministic
  function of the observation; ``rng`` is accepted and left untouched (the
  app's hint calls it with None).
- Hard plays as Normal in a Duel; in Competition it also marks an opening
  down by the chance that the target can counter it (a card's worth), which
  beats Normal in about 54% of decided games. A determinized search
  (``search_choose`` in tools/kendo_strength.py) was built and measured for
  issue 19: no stronger within the device's time, and over the
  ``kendo_bots`` heap budget (docs/rules/kendo_duel.md, "Computer
  opponents").
- Easy is Normal with noise: a random 0..19.9 cards on every opening's score
  (its openings are in effect random; it still reinforces by the rule) and
  0..1.9 cards on every answer's, drawn from ``rng`` (so the same seed and
  observation give the same choice).

Card counting. The unseen cards are the 52 minus the own
hand minus the face-up discards; per subdeck category the other hands hold the unseen
cards that are not in the subdeck (in Competition JIKAN DESU hides there
too). The chance that a hand holds no answer to a play is a product of
hypergeometric terms, one per category, in integer fixed point (1/4096); a
player's expected share of each category is its share of the other hands.
A card's keep value (tenths of a card: Basic 5, counterattack 4, reinforcing
3, against reinforcing 0, deflect 8, parry 9, alternative 5; +3 for a last
answer to a part, +2 for a last opening card) is what losing it costs beyond
the card itself.

Openings: every target and opening card is scored: the chance the target
cannot answer, times what that wins (2 cards pulled in a Duel, 1 for an
alternative attack; an ippon or a hansoku in Competition), minus the card's
keep value, marked down (Duel) by the chance that the target can counter
it; a tie goes to the target with the fewest cards (G17). A Basic
opening is reinforced when the target has no answer to the reinforcement
with a chance of 1 in 20 or more (measured better than always or never).
Answers: each legal card is scored by minus its keep value; a counterattack
(always weighed: the striker must spend a card or lose two) adds the chance
the striker cannot answer it times the prize, plus a tenth of a card for
the card the striker must spend otherwise; a reflect likewise; a deflect is
weighed by the initiative it takes (avoided in a Duel, where the opener
spends first; sought in Competition, which also values the alternative
attacks more). Setup: switch the weakest card (keep value under its
category's average) while switches are left. Competition, over 12 cards:
discard the lowest keep value.

Memory: no floats (boxed on MicroPython), no lists or tuples per decision;
the counts live in bytearrays allocated once at import.
"""

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import DECK_OF, reaction

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


EASY = const(1)
NORMAL = const(2)
HARD = const(3)
_NOISE_O = const(200)  # Easy: a random 0..n-1 tenths of a card on every opening's score
_NOISE_R = const(20)  # and on every answer's

# card types: Basic part 0-3, Counter 4 + answer * 4 + strike (4-19), then
# reinforcing 20, against reinforcing 21, deflect 22, parry 23, alternative
# 24. Cards of one type play alike (the numbers only matter at setup).
_T_REINF = const(20)
_T_NEUTRAL = const(21)
_T_DEFLECT = const(22)
_T_PARRY = const(23)
_T_ALT = const(24)
_NT = const(25)
_ONE = const(4096)  # probability 1 in fixed point
_TI = (b"\x00\x01\x02\x03\x00\x01\x02\x03\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b"
       b"\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x14\x14\x14\x15\x15\x15\x15\x16\x16\x16\x16"
       b"\x16\x16\x17\x17\x17\x17\x17\x17\x18\x18\x18\x18")
_TOTAL = b"\x03\x03\x03\x03\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x04\x04\x06\x06\x04"

# weights per level: keep values of Basic, Counter, reinforcing, against
# reinforcing, deflect, parry, alternative; a last answer to a part; a last
# opening card; a counterattack's threshold (percent chance that the striker
# cannot answer it; 0: always weigh it); the initiative a deflect takes (+ 8,
# tenths of a card); an opening the target can counter (tenths of a card)
_W_H = b"\x05\x04\x03\x00\x08\x09\x05\x03\x02\x00\x03\x0a"  # Duel
_W_HC = b"\x05\x04\x03\x00\x08\x09\x09\x03\x02\x00\x0b\x00"  # Competition
_W_XC = b"\x05\x04\x03\x00\x08\x09\x09\x03\x02\x00\x0b\x0a"  # Hard, Competition

# scratch, reused by every decision
_R = [None]  # Easy: the bot's Rng while it decides (noise on the scores), else None
_U = bytearray(_NT)  # unseen cards per type
_M = bytearray(_NT)  # my hand per type
_UC = bytearray(3)  # unseen cards per category
_HC = bytearray(3)  # of those, in the other hands (not in a subdeck)
_K = bytearray(3)  # expected cards per category in the hand being judged


def _count(obs):
    """Fill _U, _M, _UC and _HC from the observation."""
    unseen = _U
    mine = _M
    for kind in range(_NT):
        unseen[kind] = _TOTAL[kind]
        mine[kind] = 0
    for card in obs[A.O_HAND]:
        kind = _TI[card]
        unseen[kind] -= 1
        mine[kind] += 1
    for card in obs[A.O_DISCARD]:
        if card < C.N_CARDS:  # not JIKAN DESU
            unseen[_TI[card]] -= 1
    by_category = _UC
    by_category[0] = by_category[1] = by_category[2] = 0
    for kind in range(_NT):
        by_category[0 if kind < 4 else (1 if kind < 20 else 2)] += unseen[kind]
    decks = obs[A.O_DECKS]
    # JIKAN DESU hides in the Other subdeck until drawn (Competition)
    jikan = 1 if obs[A.O_MODE] == A.COMPETITION and obs[A.O_PHASE] != A.P_SWITCH and not obs[A.O_TIME_UP] else 0
    for deck in range(3):
        hidden = by_category[deck] - decks[deck] + (jikan if deck == 2 else 0)
        _HC[deck] = hidden if hidden > 0 else 0


def _hand_of(obs, seat):
    """Set _K to the expected cards per category in player p's hand."""
    size = obs[A.O_SIZES][seat]
    tot = _HC[0] + _HC[1] + _HC[2]
    for deck in range(3):
        if tot <= 0:
            _K[deck] = 0
        elif size == tot:
            _K[deck] = _HC[deck]
        else:
            _K[deck] = (size * _HC[deck] + (tot >> 1)) // tot


def _hyp(total, count, drawn):
    """P(no marked card) drawing k of n cards of which a are marked, /4096."""
    if count <= 0 or drawn <= 0:
        return _ONE
    if drawn > total - count:
        return 0
    chance = _ONE
    step = 0
    while step < drawn:
        chance = chance * (total - count - step) // (total - step)
        step += 1
    return chance


def _none_strike(part):
    """P(the judged hand, _K, holds no answer to a strike on ``part``)."""
    unseen = _U
    chance = _hyp(_UC[0], unseen[part], _K[0]) * _none_counter(part) // _ONE
    return chance * _hyp(_UC[2], unseen[_T_DEFLECT] + unseen[_T_PARRY], _K[2]) // _ONE


def _none_counter(part):
    """P(the judged hand holds no counterattack answering ``part``)."""
    unseen = _U
    first = 4 + part * 4
    return _hyp(_UC[1], unseen[first] + unseen[first + 1] + unseen[first + 2] + unseen[first + 3], _K[1])


def _answers(part):
    """My answers to a strike on ``part`` (from _M)."""
    mine = _M
    first = 4 + part * 4
    return (mine[part] + mine[first] + mine[first + 1] + mine[first + 2] + mine[first + 3]
            + mine[_T_DEFLECT] + mine[_T_PARRY])


def _openers():
    mine = _M
    return mine[0] + mine[1] + mine[2] + mine[3] + mine[_T_ALT]


def _keep(kind, values):
    """What losing one card of type t costs beyond the card (tenths of a
    card), with the weights ``values``."""
    if kind < 20:
        value = values[0] if kind < 4 else values[1]
        if _answers(kind if kind < 4 else (kind - 4) >> 2) <= 1:
            value += values[7]  # my last answer to that part
    elif kind == _T_NEUTRAL:
        mine = _M
        return values[3] + (2 if mine[_T_NEUTRAL] + mine[_T_DEFLECT] + mine[_T_REINF] <= 1 else 0)
    elif kind < _T_ALT:
        return values[kind - 18]
    else:
        value = values[6]
    if (kind < 4 or kind == _T_ALT) and _openers() <= 1:
        value += values[8]  # my last opening card
    return value


def _switch(obs, values):
    """Switch the weakest card whose subdeck can replace it, if it is below
    its category's average; else keep the hand."""
    decks = obs[A.O_DECKS]
    best = -1
    best_value = 99
    for card in obs[A.O_HAND]:
        deck = DECK_OF[card]
        if not decks[deck]:
            continue
        value = _keep(_TI[card], values)
        # what a fresh card of that category is worth, roughly, less one
        if value < (4, 3, 5)[deck] and value < best_value:
            best_value = value
            best = card
    if best < 0:
        return A.SWITCH_DONE
    return best  # SWITCH + card, SWITCH == 0


def _discard(obs, values):
    best = -1
    best_value = 99
    for card in obs[A.O_HAND]:
        value = _keep(_TI[card], values)
        if value < best_value:
            best_value = value
            best = card
    return A.DISCARD + best


def _open(obs, seat, values):
    hand = obs[A.O_HAND]
    sizes = obs[A.O_SIZES]
    comp = obs[A.O_MODE] == A.COMPETITION
    reinf = -1
    for card in hand:
        if _TI[card] == _T_REINF:
            reinf = card
    best = -1
    best_score = 0
    best_target = 0
    for tgt in range(len(sizes)):
        if tgt == seat or obs[A.O_ELIMINATED][tgt]:
            continue
        _hand_of(obs, tgt)
        for card in hand:
            kind = _TI[card]
            if kind == _T_ALT:
                unseen = _U
                answers = unseen[_T_PARRY] + (unseen[_T_DEFLECT] if obs[A.O_OPTIONS] & A.OPT_ALT_DEFLECT else 0)
                score = _hyp(_UC[2], answers, _K[2]) * (120 if comp else 20) // _ONE
            elif card < C.COUNTER0:
                score = _none_strike(kind) * (300 if comp else 40) // _ONE  # 2 cards, or an ippon
                if values[11]:  # the target may counter instead
                    score -= (_ONE - _none_counter(kind)) * values[11] // _ONE
            else:
                continue
            score = (score - _keep(kind, values)) * 64 - sizes[tgt]  # a tie: the fewest cards (G17)
            if _R[0] is not None:
                score += _R[0].randrange(_NOISE_O) * 64
            if best < 0 or score > best_score:
                best_score = score
                best = card
                best_target = tgt
    if best >= C.COUNTER0:
        return A.OPEN + (best_target * 16 + C.COUNTER0 + best - C.ALT0) * 5
    reinforce = 0
    if reinf >= 0:
        # reinforced when the target may well have no answer to it (1 in 20)
        _hand_of(obs, best_target)
        unseen = _U
        if _hyp(_UC[2], unseen[_T_REINF] + unseen[_T_NEUTRAL] + unseen[_T_DEFLECT], _K[2]) * 20 >= _ONE:
            reinforce = 1 + reinf - C.REINF0
    return A.OPEN + (best_target * 16 + best) * 5 + reinforce


def _react(obs, values):
    hand = obs[A.O_HAND]
    inc = obs[A.O_INC]
    part = obs[A.O_PART]
    comp = obs[A.O_MODE] == A.COMPETITION
    _hand_of(obs, obs[A.O_STRIKER])
    best = -1
    best_score = 0
    for card in hand:
        eff = reaction(card, inc, part, obs[A.O_OPTIONS] & A.OPT_ALT_DEFLECT)
        if eff < 0:
            continue
        score = -_keep(_TI[card], values) * 16
        if eff == C.E_CHAIN:  # a strike back
            chance = _none_strike(card & 3)
            if values[9] and chance * 100 < values[9] * _ONE:
                score -= 2000  # only when nothing else answers
            else:
                score += (chance * (300 if comp else 40) + (_ONE - chance) * 10) * 16 // _ONE
        elif eff == C.E_BOUNCE:  # the reinforcement back
            unseen = _U
            chance = _hyp(_UC[2], unseen[_T_REINF] + unseen[_T_NEUTRAL] + unseen[_T_DEFLECT], _K[2])
            score += (chance * 20 + (_ONE - chance) * 10) * 16 // _ONE
        elif eff == C.E_AVOID:  # the initiative
            score += (values[10] - 8) * 16 if _openers() else -16
        if _R[0] is not None:
            score += _R[0].randrange(_NOISE_R) * 16
        if best < 0 or score > best_score:
            best_score = score
            best = card
    if best < 0:
        return A.FAIL
    return A.PLAY + best


def choose(obs: tuple, seat: int, level: int, rng: "Rng | None") -> int:
    """A legal action for ``seat`` from its observation ``obs``: Easy (level
    1 and below) draws its noise from ``rng``; Normal and Hard do not use it."""
    _R[0] = rng if level < NORMAL else None
    _count(obs)
    if obs[A.O_MODE] == A.COMPETITION:
        values = _W_XC if level >= HARD else _W_HC
    else:
        values = _W_H
    phase = obs[A.O_PHASE]
    if phase == A.P_REACT:
        action = _react(obs, values)
    elif phase == A.P_OPEN:
        action = _open(obs, seat, values)
    elif phase == A.P_SWITCH:
        action = _switch(obs, values)
    else:
        action = _discard(obs, values)
    _R[0] = None
    return action
