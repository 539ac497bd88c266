"""Kendo Duel: a full state from one seat's observation, the unseen cards
dealt at random (determinization, for the Hard computer player's look-ahead).
Only bots import it (through ``KendoState.from_observation``).
"""

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import DECK_OF
from engine.kendo.state import _insert


def from_observation(cls, obs, rng):
    """A full state consistent with what ``obs`` (``observation(seat)``)
    shows, the unseen cards dealt at random by ``rng`` (a determinization,
    for bots that look ahead): every subdeck gets random unseen cards of
    its own category, the other hands the rest. The state's own Rng is a
    fork of ``rng``, so future pulls are guesses too."""
    players = len(obs[A.O_SIZES])
    s = cls(None, players, obs[A.O_MODE], obs[A.O_OPTIONS])
    s.rng = rng.fork()
    seat = obs[A.O_SEAT]
    s.phase = obs[A.O_PHASE]
    s.current_player = obs[A.O_CURRENT]
    s.discard = bytearray(obs[A.O_DISCARD])
    s.chain = bytearray(obs[A.O_CHAIN])
    s.eliminated = bytearray(obs[A.O_ELIMINATED])
    s.switched = bytearray(obs[A.O_SWITCHED])
    s.initiative = obs[A.O_INITIATIVE]
    s.att = obs[A.O_ATT]
    s.dfd = obs[A.O_DFD]
    s.inc = obs[A.O_INC]
    s.part = obs[A.O_PART]
    s.striker = obs[A.O_STRIKER]
    s.pend = obs[A.O_PEND]
    s._winner = obs[A.O_WINNER]
    s.ippons = bytearray(obs[A.O_IPPONS])
    s.hansoku = bytearray(obs[A.O_HANSOKU])
    s.encho = obs[A.O_ENCHO]
    s.time_up = obs[A.O_TIME_UP]
    s.aside = bytearray(obs[A.O_ASIDE])
    s.lost = bytearray(obs[A.O_LOST])
    s.end_reason = obs[A.O_END_REASON]
    jikan = s.mode == A.COMPETITION and s.phase != A.P_SWITCH and not s.time_up
    seen = bytearray(C.N_CARDS)
    for b in (obs[A.O_HAND], obs[A.O_DISCARD]):
        for c in b:
            seen[c] = 1
    unseen = bytearray(c for c in range(C.N_CARDS) if not seen[c])
    rng.shuffle(unseen)
    sizes = obs[A.O_DECKS]
    rest = bytearray()
    got = [0, 0, 1 if jikan else 0]
    for c in unseen:
        d = DECK_OF[c]
        if got[d] < sizes[d]:
            got[d] += 1
            s.decks[d].append(c)
        else:
            rest.append(c)
    if jikan:  # never in a hand; it lies in the bottom half (C2)
        d = s.decks[2]
        _insert(d, rng.randrange(len(d) // 2 + 1), C.JIKAN)
    s.hands = []
    k = 0
    for p in range(players):
        if p == seat:
            s.hands.append(bytearray(obs[A.O_HAND]))
            continue
        n = obs[A.O_SIZES][p]
        h = bytearray(sorted(rest[k:k + n]))
        k += n
        s.hands.append(h)
    return s
