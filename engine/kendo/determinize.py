"""Kendo Duel: a full state from one seat's observation, the unseen cards
dealt at random (determinization, for the Hard computer player's look-ahead).
Only bots import it (through ``KendoState.from_observation``, which passes
the class in: this module never imports engine/kendo/state.py back).
"""

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import DECK_OF


def from_observation(cls: type, obs: tuple, rng: "Rng") -> "KendoState":
    """A full state consistent with what ``obs`` (``observation(seat)``)
    shows, the unseen cards dealt at random by ``rng`` (a determinization,
    for bots that look ahead): every subdeck gets random unseen cards of
    its own category, the other hands the rest. The state's own Rng is a
    fork of ``rng``, so future pulls are guesses too."""
    players = len(obs[A.O_SIZES])
    state = cls(None, players, obs[A.O_MODE], obs[A.O_OPTIONS])
    state.rng = rng.fork()
    state.phase = obs[A.O_PHASE]
    state.current_player = obs[A.O_CURRENT]
    state.discard = bytearray(obs[A.O_DISCARD])
    state.chain = bytearray(obs[A.O_CHAIN])
    state.eliminated = bytearray(obs[A.O_ELIMINATED])
    state.switched = bytearray(obs[A.O_SWITCHED])
    state.initiative = obs[A.O_INITIATIVE]
    state.att = obs[A.O_ATT]
    state.dfd = obs[A.O_DFD]
    state.inc = obs[A.O_INC]
    state.part = obs[A.O_PART]
    state.striker = obs[A.O_STRIKER]
    state.pend = obs[A.O_PEND]
    state._winner = obs[A.O_WINNER]
    state.ippons = bytearray(obs[A.O_IPPONS])
    state.hansoku = bytearray(obs[A.O_HANSOKU])
    state.encho = obs[A.O_ENCHO]
    state.time_up = obs[A.O_TIME_UP]
    state.aside = bytearray(obs[A.O_ASIDE])
    state.lost = bytearray(obs[A.O_LOST])
    state.end_reason = obs[A.O_END_REASON]
    _deal(state, obs, rng)
    return state


def _deal(state, obs, rng):
    """The unseen cards of ``obs``, shuffled by ``rng``, into the subdecks
    (each its own category, as many as it holds) and the other hands."""
    seat = obs[A.O_SEAT]
    jikan = state.mode == A.COMPETITION and state.phase != A.P_SWITCH and not state.time_up
    seen = bytearray(C.N_CARDS)
    for cards in (obs[A.O_HAND], obs[A.O_DISCARD]):
        for card in cards:
            seen[card] = 1
    unseen = bytearray(card for card in range(C.N_CARDS) if not seen[card])
    rng.shuffle(unseen)
    sizes = obs[A.O_DECKS]
    rest = bytearray()
    got = [0, 0, 1 if jikan else 0]
    for card in unseen:
        deck = DECK_OF[card]
        if got[deck] < sizes[deck]:
            got[deck] += 1
            state.decks[deck].append(card)
        else:
            rest.append(card)
    if jikan:  # never in a hand; it lies in the bottom half (C2)
        deck = state.decks[2]
        index = rng.randrange(len(deck) // 2 + 1)
        deck[index:index] = bytes((C.JIKAN,))
    state.hands = []
    used = 0
    for other in range(state.players):
        if other == seat:
            state.hands.append(bytearray(obs[A.O_HAND]))
            continue
        size = obs[A.O_SIZES][other]
        hand = bytearray(sorted(rest[used:used + size]))
        used += size
        state.hands.append(hand)
