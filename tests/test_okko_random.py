"""Seeded random-legal Okko games with the invariants checked after every
action (cards conserved across decks, hands, lines, discards and the box;
the day within 1-20; exactly 3 Oni; every game ends), observations that
never show the Court, and reproducibility."""

from engine.core import random_playout
from engine.okko import actions as A
from engine.okko import cards as C
from engine.okko import saves
from engine.okko.state import OkkoState
from engine.rng import Rng
from tools.invariants import okko_check as check

GAMES = 300
MAX_STEPS = 20000


def test_random_games_keep_the_invariants_and_end():
    results = [0, 0, 0]
    for seed in range(GAMES):
        s = OkkoState(Rng(seed * 3 + 11), aid=seed % 2)
        check(s)
        steps = random_playout(s, Rng(seed + 9000), MAX_STEPS, check)
        assert s.is_over() and 0 < steps < MAX_STEPS
        assert s.winner() in ((0, 1), ())
        assert all(s.board_days)  # all three boards were played
        results[s.result] += 1
    assert results[2] > 0  # random play loses (and the loss path runs)


def test_observation_never_shows_the_court():
    for seed in range(20):
        s = OkkoState(Rng(seed))
        r = Rng(seed + 1)
        seen = 0
        while not s.is_over():
            for seat in (0, 1):
                obs = s.observation(seat)
                t = OkkoState.from_bytes(s.to_bytes())
                # another Court layout with the same flipped faces: same observation,
                # except for the token being revealed to its peeker
                order = [q for q in range(16) if not t.flipped[q] and q != t.peek_sq]
                oni = sum(t.court[q] for q in order)
                for q in order:
                    t.court[q] = 0
                r.shuffle(order)
                for q in order[:oni]:
                    t.court[q] = 1
                t.adv_deck = bytearray(reversed(t.adv_deck))
                assert t.observation(seat) == obs
                if obs[A.O_REVEAL] is not None:
                    assert seat == s.active
                    seen += 1
            s.apply(r.choice(s.legal_actions()))


def test_seeded_games_are_reproducible():
    a = OkkoState(Rng(42))
    b = OkkoState(Rng(42))
    random_playout(a, Rng(5))
    random_playout(b, Rng(5))
    assert a.to_bytes() == b.to_bytes()


def test_display_and_board_coordinates():
    for o in range(4):
        seen = set()
        for q in range(16):
            d = C.board_to_display(q, o)
            seen.add(d)
            assert C.display_to_board(d, o) == q
        assert seen == set(range(16))


def test_from_observation_is_consistent():
    """A computer partner's view (engine/okko/view.py): the same observation
    and the same legal actions, whatever the hidden orders and tokens."""
    for seed in range(25):
        s = OkkoState(Rng(seed))
        r = Rng(seed + 1)
        while not s.is_over():
            p = s.current_player
            o = s.observation(p)
            t = OkkoState.from_observation(o, Rng(seed + 7))
            assert t.observation(p) == o
            assert t.legal_actions() == s.legal_actions()
            saves.validate(t)
            s.apply(r.choice(s.legal_actions()))
