"""Seeded random-legal Kendo Duel games for 2, 3 and 4 players, with the
invariants checked after every action, and the hidden-information check."""

from engine.core import random_playout
from engine.kendo.cards import DECK_OF
from engine.kendo.state import KendoState
from engine.rng import Rng
from tools.invariants import kendo_duel_check as check

GAMES = 150  # per player count and option set
MAX_STEPS = 2000


def test_random_games_end_with_invariants():
    for players in (2, 3, 4):
        for options in (0, 7, 8, 15):
            for seed in range(GAMES):
                s = KendoState(Rng(seed * 10 + players), players, options=options)
                check(s)
                steps = random_playout(s, Rng(seed + 7777), MAX_STEPS, check)
                assert 0 < steps < MAX_STEPS
                # every exchange spends an opening card, so games are short
                assert s.is_over()


def test_eliminated_players_hold_no_cards_and_winners_survive():
    for players in (3, 4):
        for seed in range(100):
            s = KendoState(Rng(seed), players)
            random_playout(s, Rng(seed + 1))
            for p in range(players):
                if s.eliminated[p]:
                    assert len(s.hands[p]) == 0
            w = s.winner()
            if len(w) == 1:
                assert not s.eliminated[w[0]]


def _reshuffle_unseen(s, seat, rng):
    """A copy where the cards ``seat`` cannot see (other hands, subdecks) are
    dealt again at random, keeping every size and each subdeck's category."""
    t = KendoState.from_bytes(s.to_bytes())
    others = [p for p in range(t.players) if p != seat]
    pool = bytearray()
    for p in others:
        pool.extend(t.hands[p])
    for d in t.decks:
        pool.extend(d)
    rng.shuffle(pool)
    for d in range(3):
        n = len(t.decks[d])
        mine = bytearray(c for c in pool if DECK_OF[c] == d)[:n]
        t.decks[d] = mine
        for c in mine:
            i = pool.find(bytes((c,)))
            pool = pool[:i] + pool[i + 1:]
    for p in others:
        n = len(t.hands[p])
        t.hands[p] = bytearray(sorted(pool[:n]))
        pool = pool[n:]
    assert not pool
    return t


def test_observation_does_not_depend_on_unseen_cards():
    r = Rng(99)
    changed = 0
    for players in (2, 3, 4):
        for seed in range(30):
            s = KendoState(Rng(seed + 500), players, options=8 * (seed % 2))  # 8: OPT_REARM
            while not s.is_over():
                for seat in range(players):
                    t = _reshuffle_unseen(s, seat, r)
                    if [bytes(h) for h in t.hands] != [bytes(h) for h in s.hands]:
                        changed += 1
                    assert t.observation(seat) == s.observation(seat)
                s.apply(r.choice(s.legal_actions()))
    assert changed > 0  # the check did shuffle something


def test_seeded_games_are_reproducible():
    for players in (2, 3, 4):
        a = KendoState(Rng(42), players)
        b = KendoState(Rng(42), players)
        random_playout(a, Rng(5))
        random_playout(b, Rng(5))
        assert a.to_bytes() == b.to_bytes() and a.winner() == b.winner()
