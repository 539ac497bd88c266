"""Kendo Duel: a full state from one seat's observation, the unseen cards
dealt at random (determinization, for the Hard computer player's look-ahead).
Only bots import it (through ``KendoState.from_observation``).
"""

from engine.kendo.actions import COMPETITION, P_SWITCH
from engine.kendo.cards import DECK_OF, JIKAN, N_CARDS
from engine.kendo.state import _insert


def from_observation(cls, obs, rng):
    """A full state consistent with what ``obs`` (``observation(seat)``)
    shows, the unseen cards dealt at random by ``rng`` (a determinization,
    for bots that look ahead): every subdeck gets random unseen cards of
    its own category, the other hands the rest. The state's own Rng is a
    fork of ``rng``, so future pulls are guesses too."""
    players = len(obs[4])
    s = cls(None, players, obs[19], obs[17])
    s.rng = rng.fork()
    seat = obs[0]
    (s.phase, s.current_player) = (obs[1], obs[2])
    s.discard = bytearray(obs[6])
    s.chain = bytearray(obs[7])
    s.eliminated = bytearray(obs[8])
    s.switched = bytearray(obs[9])
    (s.initiative, s.att, s.dfd, s.inc, s.part, s.striker, s.pend) = obs[10:17]
    s._winner = obs[18]
    s.ippons = bytearray(obs[20])
    s.hansoku = bytearray(obs[21])
    (s.encho, s.time_up) = (obs[22], obs[23])
    s.aside = bytearray(obs[24])
    s.lost = bytearray(obs[25])
    s.end_reason = obs[26]
    jikan = s.mode == COMPETITION and s.phase != P_SWITCH and not s.time_up
    seen = bytearray(N_CARDS)
    for b in (obs[3], obs[6]):
        for c in b:
            seen[c] = 1
    unseen = bytearray(c for c in range(N_CARDS) if not seen[c])
    rng.shuffle(unseen)
    sizes = obs[5]
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
        _insert(d, rng.randrange(len(d) // 2 + 1), JIKAN)
    s.hands = []
    k = 0
    for p in range(players):
        if p == seat:
            s.hands.append(bytearray(obs[3]))
            continue
        h = bytearray(sorted(rest[k:k + obs[4][p]]))
        k += obs[4][p]
        s.hands.append(h)
    return s
