"""Kendo Duel, Competition mode (digest G14, C3-C10): what differs from the
Duel once an exchange fails or ends. Imported by engine/kendo/state.py only
when a Competition needs it, so a Duel never loads this code (heap).

Functions of the state (``s``, a KendoState): scoring a failure (C3, C4),
the end of an exchange (C8 and encho wins, the refill C5 with JIKAN DESU C6,
a fresh hand C10, the discard down to 12, the next opener C9/R11), time
called without play (the R2 deadlock, hantei C7).
"""

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import DEAL, DECK_OF


def score_failure(s, p, striker):
    """C3: failing a strike is an ippon to the striker; failing TAIATARI or
    MAKI AGE a hansoku, and every 2nd hansoku an ippon to the other (C4)."""
    if s.inc == C.INC_STRIKE:
        _ippon(s, striker, 0)
    else:
        s.hansoku[p] += 1
        s.events.append(("hansoku", p))
        if not s.hansoku[p] & 1:
            _ippon(s, striker, 1)


def _ippon(s, seat, why):
    s.ippons[seat] += 1
    s.conceded = 1 - seat
    s.events.append(("ippon", seat, why))


def end_exchange(s, nxt):
    """Score (C8, C6 encho), refill (C5, C6), fresh hand (C10), discard
    down to 12 (C5), then the next opener (C9 after an ippon, else R11)."""
    ippons = s.ippons
    if s.conceded != A.NONE and (ippons[0] >= 2 or ippons[1] >= 2 or s.encho):
        s._finish((1 - s.conceded,), A.END_IPPON)
        return
    revealed = s.time_up
    first = s.att
    for index in range(2):
        seat = (first + index) & 1
        for deck in range(3):
            for _ in range(s.lost[3 * seat + deck]):
                refill(s, seat, deck)
        s.events.append(("refill", seat, s.lost[3 * seat] + s.lost[3 * seat + 1] + s.lost[3 * seat + 2]))
    for seat in range(2):
        if not s.hands[seat]:  # C10: nobody is eliminated
            s.events.append(("fresh_hand", seat))
            for deck in range(3):
                for _ in range(DEAL[deck]):
                    refill(s, seat, deck)
    if s.time_up and not revealed:
        if ippons[0] != ippons[1]:
            s._finish((0 if ippons[0] > ippons[1] else 1,), A.END_TIME)
            return
        s.encho = 1  # C6: the next exchange is the first of encho
        s.events.append(("encho",))
    elif s.encho:
        if s.encho >= A.ENCHO_CAP:
            time_called(s, A.END_HANTEI, False)
            return
        s.encho += 1
    if s.conceded != A.NONE:
        nxt = s.conceded  # C9: the one who conceded restarts
    elif s.options & A.OPT_ROTATE:
        nxt = 1 - s.att
    s.initiative = nxt
    discard_next(s)

def refill(s, p, d):
    """Seat p draws one card of subdeck d; an empty subdeck is formed again
    from that category's discards (C5); JIKAN DESU is set aside (C6)."""
    while True:
        if not s.decks[d]:
            keep = bytearray()
            back = bytearray()
            for card in s.discard:
                (back if DECK_OF[card] == d else keep).append(card)
            if not back:
                return  # every card of the category is in the hands
            s.rng.shuffle(back)
            s.discard = keep
            s.decks[d] = back
            s.events.append(("reshuffle", d))
        card = s._draw(d)
        if card != C.JIKAN:
            s._give(p, card)
            return
        s.aside.append(card)
        s.time_up = 1
        s.events.append(("jikan", p))

def discard_next(s):
    """The first seat over 12 cards discards (C5), else the next exchange."""
    for seat in range(s.players):
        if len(s.hands[seat]) > A.HAND_MAX:
            s.phase = A.P_DISCARD
            s.current_player = seat
            return
    s._begin(s.initiative)

def time_called(s, reason, leader_first):
    """Time with no further play: the ippon leader, else hantei on fewer
    hansoku (C7), else hikiwake (a draw)."""
    ippons = s.ippons
    if leader_first and ippons[0] != ippons[1]:
        s._finish((0 if ippons[0] > ippons[1] else 1,), reason)
        return
    hansoku = s.hansoku
    if hansoku[0] != hansoku[1]:
        s.events.append(("hantei", (0 if hansoku[0] < hansoku[1] else 1,)))
        s._finish((0 if hansoku[0] < hansoku[1] else 1,), A.END_HANTEI)
    else:
        s.events.append(("hantei", (0, 1)))
        s._finish((0, 1), A.END_DRAW)
