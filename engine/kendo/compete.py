"""Kendo Duel, Competition mode (digest G14, C3-C10): what differs from the
Duel once an exchange fails or ends. Imported by engine/kendo/state.py only
when a Competition needs it, so a Duel never loads this code (heap).

Functions of the ``state`` (a KendoState): scoring a failure (C3, C4),
the end of an exchange (C8 and encho wins, the refill C5 with JIKAN DESU C6,
a fresh hand C10, the discard down to 12, the next opener C9/R11), time
called without play (the R2 deadlock, hantei C7).
"""

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import DEAL, DECK_OF


def score_failure(state, seat, striker):
    """C3: failing a strike is an ippon to the striker; failing TAIATARI or
    MAKI AGE a hansoku, and every 2nd hansoku an ippon to the other (C4)."""
    if state.inc == C.INC_STRIKE:
        _ippon(state, striker, 0)
    else:
        state.hansoku[seat] += 1
        state.events.append(("hansoku", seat))
        if not state.hansoku[seat] & 1:
            _ippon(state, striker, 1)


def _ippon(state, seat, why):
    state.ippons[seat] += 1
    state.conceded = 1 - seat
    state.events.append(("ippon", seat, why))


def end_exchange(state, nxt):
    """Score (C8, C6 encho), refill (C5, C6), fresh hand (C10), discard
    down to 12 (C5), then the next opener (C9 after an ippon, else R11)."""
    ippons = state.ippons
    if state.conceded != A.NONE and (ippons[0] >= 2 or ippons[1] >= 2 or state.encho):
        state._finish((1 - state.conceded,), A.END_IPPON)
        return
    revealed = state.time_up
    first = state.att
    for index in range(2):
        seat = (first + index) & 1
        for deck in range(3):
            for _ in range(state.lost[3 * seat + deck]):
                refill(state, seat, deck)
        lost = state.lost
        state.events.append(("refill", seat, lost[3 * seat] + lost[3 * seat + 1] + lost[3 * seat + 2]))
    for seat in range(2):
        if not state.hands[seat]:  # C10: nobody is eliminated
            state.events.append(("fresh_hand", seat))
            for deck in range(3):
                for _ in range(DEAL[deck]):
                    refill(state, seat, deck)
    if state.time_up and not revealed:
        if ippons[0] != ippons[1]:
            state._finish((0 if ippons[0] > ippons[1] else 1,), A.END_TIME)
            return
        state.encho = 1  # C6: the next exchange is the first of encho
        state.events.append(("encho",))
    elif state.encho:
        if state.encho >= A.ENCHO_CAP:
            time_called(state, A.END_HANTEI, False)
            return
        state.encho += 1
    if state.conceded != A.NONE:
        nxt = state.conceded  # C9: the one who conceded restarts
    elif state.options & A.OPT_ROTATE:
        nxt = 1 - state.att
    state.initiative = nxt
    discard_next(state)

def refill(state, seat, index):
    """Seat p draws one card of subdeck d; an empty subdeck is formed again
    from that category's discards (C5); JIKAN DESU is set aside (C6)."""
    while True:
        if not state.decks[index]:
            keep = bytearray()
            back = bytearray()
            for card in state.discard:
                (back if DECK_OF[card] == index else keep).append(card)
            if not back:
                return  # every card of the category is in the hands
            state.rng.shuffle(back)
            state.discard = keep
            state.decks[index] = back
            state.events.append(("reshuffle", index))
        card = state._draw(index)
        if card != C.JIKAN:
            state._give(seat, card)
            return
        state.aside.append(card)
        state.time_up = 1
        state.events.append(("jikan", seat))

def discard_next(state):
    """The first seat over 12 cards discards (C5), else the next exchange."""
    for seat in range(state.players):
        if len(state.hands[seat]) > A.HAND_MAX:
            state.phase = A.P_DISCARD
            state.current_player = seat
            return
    state._begin(state.initiative)

def time_called(state, reason, leader_first):
    """Time with no further play: the ippon leader, else hantei on fewer
    hansoku (C7), else hikiwake (a draw)."""
    ippons = state.ippons
    if leader_first and ippons[0] != ippons[1]:
        state._finish((0 if ippons[0] > ippons[1] else 1,), reason)
        return
    hansoku = state.hansoku
    if hansoku[0] != hansoku[1]:
        state.events.append(("hantei", (0 if hansoku[0] < hansoku[1] else 1,)))
        state._finish((0 if hansoku[0] < hansoku[1] else 1,), A.END_HANTEI)
    else:
        state.events.append(("hantei", (0, 1)))
        state._finish((0, 1), A.END_DRAW)
