"""Seeded random-legal Okko games with the invariants checked after every
action (cards conserved across decks, hands, lines, discards and the box;
the day within 1-20; exactly 3 Oni; every game ends), observations that
never show the Court, and reproducibility."""

from engine.core import random_playout
from engine.okko import actions as A
from engine.okko import cards as C
from engine.okko import data as D
from engine.okko.state import OkkoState
from engine.rng import Rng

GAMES = 300
MAX_STEPS = 20000


def check(s):
    # Adventure cards: the 58 across the deck, its discard and both hands
    adv = sorted(c for b in (s.hands[0], s.hands[1], s.adv_deck, s.adv_discard)
                 for c in b if c < 64)
    assert adv == list(range(D.N_ADV))
    # enemies of the current board: deck, line and defeated pile (the rest in the box)
    b = s.board
    first, end = D.ENEMY_FIRST[b], D.ENEMY_FIRST[b + 1]
    enemies = sorted(list(s.enemy_deck) + list(s.line) + list(s.enemy_discard))
    if s.phase == A.P_COURT or s.is_over():
        assert not enemies  # all in the box
    else:
        assert enemies == list(range(first, end))
    # supports of the current board: supply, hands, discard, the Kami apart or gained
    sups = sorted(list(s.supply) + list(s.sup_discard)
                  + [c - 64 for h in s.hands for c in h if c >= 64])
    assert len(sups) == len(set(sups))
    if not (s.phase == A.P_COURT or s.is_over()):
        kami = D.SUP_FIRST[b + 1] - 1
        assert sups + ([] if s.kami else [kami]) == list(range(D.SUP_FIRST[b], kami)) + (
            [kami] if s.kami else []) or sorted(sups + ([] if s.kami else [kami])) == list(
            range(D.SUP_FIRST[b], D.SUP_FIRST[b + 1]))
    # jars: the 12 across the deck, the team and the used ones
    assert sorted(list(s.jar_deck) + list(s.jars) + list(s.jar_discard)) == list(range(12))
    # exploration: the 13 cards
    assert sorted(list(s.exp_deck) + list(s.exp_discard)) == list(range(13))
    assert D.MIN_SQUARE <= s.day <= D.LAST_DAY
    assert sum(s.court) == D.ONI and max(s.court) == 1
    assert s.heroes[0] != s.heroes[1] or s.heroes[0] == 255
    if not s.is_over():
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)


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
            t._validate()
            s.apply(r.choice(s.legal_actions()))
