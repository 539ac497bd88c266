"""Kendo Duel, Competition mode (digest G14, C1-C10): scenarios D17-D20, the
refill, JIKAN DESU, encho, hantei, the restart after an ippon, and 500 seeded
random-legal games with the 53 cards conserved after every action."""

import pytest

from engine.core import BadSave, IllegalAction, random_playout
from engine.kendo.actions import (
    COMPETITION, DISCARD, END_DEADLOCK, END_DRAW, END_HANTEI, END_IPPON, END_TIME, FAIL,
    OPT_ROTATE, P_DISCARD, P_OPEN, P_OVER, P_REACT, P_SWITCH, PLAY, SWITCH_DONE, open_action,
)
from engine.kendo.cards import DECK_OF, JIKAN, N_CARDS
from engine.kendo.compete import end_exchange
from engine.kendo.state import KendoState
from engine.rng import Rng
from tools.invariants import kendo_competition_check

MEN, KOTE, DO, TSUKI = 0, 1, 2, 3
MEN2, KOTE2, DO2 = 4, 5, 6
JODAN, SEME, MUSHIN, TAI_SABAKI, TSUBAZERIAI, TAIATARI, MAKI_AGE = 28, 30, 32, 36, 42, 48, 50


def counter(a, b):
    return 12 + a * 4 + b


def make(hands, init=0, jikan_at=None, options=0, seed=1):
    """A Competition state ready for seat ``init`` to open, with exactly these
    hands; the other cards in their subdecks (top = last, in id order, so
    draws are predictable); JIKAN DESU at index ``jikan_at`` of the Other
    subdeck (None: at the bottom)."""
    s = KendoState(Rng(seed), 2, mode=COMPETITION, options=options)
    used = set(c for h in hands for c in h)
    s.hands = [bytearray(sorted(h)) for h in hands]
    s.decks = [bytearray(c for c in range(N_CARDS) if DECK_OF[c] == d and c not in used)
               for d in range(3)]
    o = s.decks[2]
    i = 0 if jikan_at is None else jikan_at
    s.decks[2] = o[:i] + bytes((JIKAN,)) + o[i:]
    s.switched = bytearray([2, 2])
    s._begin(init)
    s.events = []
    return s


def plays(s):
    return sorted(a - PLAY for a in s.legal_actions())


def cards_of(s):
    return sorted(c for b in s.hands + s.decks + [s.discard, s.aside] for c in b)


def give(s, seat, card):
    """Move ``card`` from wherever it is into ``seat``'s hand."""
    for i, b in enumerate(s.hands + s.decks):
        if card in b:
            b2 = bytearray(b)
            del b2[b2.index(card)]
            if i < len(s.hands):
                s.hands[i] = b2
            else:
                s.decks[i - len(s.hands)] = b2
    s.hands[seat] = bytearray(sorted(list(s.hands[seat]) + [card]))


def kinds(s, name):
    return [e for e in s.events if e[0] == name]


def filler(n, avoid=()):
    """n Other cards that answer no strike and no alternative attack
    (MUSHIN, SEIGAN and the 2nd JODAN and SEME)."""
    pool = [c for c in (32, 33, 34, 35, 29, 31) if c not in avoid]
    return pool[:n]


def test_c1_c2_setup_adds_jikan_desu_to_the_bottom_half_after_the_switch():
    for seed in range(40):
        s = KendoState(Rng(seed), 2, mode=COMPETITION)
        assert s.phase == P_SWITCH and JIKAN not in s.decks[2]
        assert cards_of(s) == list(range(52))
        while s.phase == P_SWITCH:
            s.apply(SWITCH_DONE)
        o = s.decks[2]
        assert o.count(JIKAN) == 1 and o.index(JIKAN) <= len(o) // 2  # top = last
        assert cards_of(s) == list(range(53))
        assert [len(h) for h in s.hands] == [12, 12]
        assert list(s.ippons) == [0, 0] and list(s.hansoku) == [0, 0]


def test_d17_failing_a_strike_is_an_ippon_no_cards_change_hands_both_refill():
    # B (seat 1) holds nothing that answers DO
    a = [DO, MEN, KOTE2] + filler(2)
    b = [MEN2, KOTE, counter(MEN, MEN), TAIATARI] + filler(3, a)
    s = make([a, b], init=0)
    s.apply(open_action(1, DO))
    assert s.phase == P_REACT and s.legal_actions() == [FAIL]
    s.apply(FAIL)
    assert list(s.ippons) == [1, 0]
    assert not kinds(s, "pull")
    assert ("ippon", 0, 0) in s.events
    # A played DO and draws a Basic card back; B lost nothing
    assert [len(h) for h in s.hands] == [5, 7]
    assert DO not in s.hands[0] and sum(1 for c in s.hands[0] if c < 12) == 3
    assert s.hands[1] == bytearray(sorted(b))
    # C9: the player who conceded the ippon (B) opens next
    assert s.phase == P_OPEN and s.current_player == 1 and s.initiative == 1


def test_d18_second_hansoku_gives_the_opponent_an_ippon():
    a = [TAIATARI, TAIATARI + 1, MEN, KOTE]
    b = [MEN2, KOTE2] + filler(4, a)  # no parry
    s = make([a, b], init=0)
    s.apply(open_action(1, TAIATARI))
    s.apply(FAIL)
    assert list(s.hansoku) == [0, 1] and list(s.ippons) == [0, 0]
    assert ("hansoku", 1) in s.events and not kinds(s, "ippon")
    assert [len(h) for h in s.hands] == [4, 6]  # A refilled TAIATARI's slot, B lost nothing
    assert s.current_player == 0  # no ippon: A, the last striker, keeps the initiative
    # A's refill came from the Other subdeck; give A a MAKI AGE for the 2nd push
    give(s, 0, MAKI_AGE)
    s.apply(open_action(1, MAKI_AGE))
    s.apply(FAIL)
    assert list(s.hansoku) == [0, 2] and list(s.ippons) == [1, 0]
    assert ("ippon", 0, 1) in s.events  # why 1: from hansoku (C4)
    assert s.current_player == 1  # C9: B conceded, B restarts


def test_d19_jikan_desu_leader_wins():
    a = [DO, MEN, TAIATARI]
    b = [MEN2, KOTE2] + filler(3, a)
    s = make([a, b], init=0, jikan_at=-1)  # JIKAN DESU on top of the Other subdeck
    s.decks[2] = bytearray(c for c in s.decks[2] if c != JIKAN) + bytes((JIKAN,))
    s.ippons[0] = 0
    s.apply(open_action(1, DO))
    s.apply(FAIL)  # 1-0; A refills a Basic card: no JIKAN yet
    assert not s.time_up
    s.apply(open_action(0, MEN2))  # B restarts (C9); A blocks with MEN
    s.apply(PLAY + MEN)
    # A played a Basic card, B too: both refill Basic, JIKAN still on top of Other
    assert not s.time_up and s.current_player == 1
    hand_b = [c for c in s.hands[1] if c >= 12]
    assert hand_b
    give(s, 1, TAIATARI + 1)
    s.apply(open_action(0, TAIATARI + 1))  # A holds no parry
    assert s.legal_actions() == [FAIL]
    s.apply(FAIL)  # B's TAIATARI is refilled from Other: JIKAN DESU
    assert s.time_up == 1 and list(s.aside) == [JIKAN]
    assert ("jikan", 1) in s.events
    assert s.is_over() and s.winner() == (0,) and s.end_reason == END_TIME
    assert cards_of(s) == list(range(53))


def test_d19_jikan_desu_at_a_tie_starts_encho_and_the_next_ippon_wins():
    a = [DO, MEN, TAIATARI]
    b = [MEN2, KOTE2, MUSHIN] + filler(2, a)
    s = make([a, b], init=0)
    s.decks[2] = bytearray(c for c in s.decks[2] if c != JIKAN) + bytes((JIKAN,))
    s.apply(open_action(1, TAIATARI))  # B holds no parry: hansoku 1, A refills Other
    s.apply(FAIL)
    assert s.time_up and not s.is_over() and s.encho == 1
    assert ("encho",) in s.events and list(s.ippons) == [0, 0]
    assert s.current_player == 0  # no ippon: the last striker keeps the initiative
    s.apply(open_action(1, DO))
    assert s.legal_actions() == [FAIL]
    s.apply(FAIL)
    assert s.is_over() and s.winner() == (0,) and s.end_reason == END_IPPON


def test_d19_encho_ippon_from_a_second_hansoku_wins():
    a = [TAIATARI, TAIATARI + 1, MEN]
    b = [MEN2, KOTE2] + filler(3, a)
    s = make([a, b], init=0)
    s.time_up = 1
    s.aside = bytearray((JIKAN,))
    s.decks[2] = bytearray(c for c in s.decks[2] if c != JIKAN)
    s.encho = 1
    s.hansoku[1] = 1
    s.apply(open_action(1, TAIATARI))
    s.apply(FAIL)
    assert s.is_over() and s.winner() == (0,) and s.end_reason == END_IPPON


def test_c7_hantei_after_ten_encho_exchanges_fewer_hansoku_wins_else_draw():
    for hansoku, want, reason in (((1, 0), (1,), END_HANTEI), ((0, 0), (0, 1), END_DRAW)):
        s = make([[MEN, TSUBAZERIAI], [MEN2, TSUBAZERIAI + 1]], init=0)
        s.time_up = 1
        s.aside = bytearray((JIKAN,))
        s.decks[2] = bytearray(c for c in s.decks[2] if c != JIKAN)
        s.encho = 1
        s.hansoku[0], s.hansoku[1] = hansoku
        n = 0
        while not s.is_over():
            assert s.phase == P_OPEN and s.encho == n + 1
            # the same two hands every exchange: open MEN, the other parries
            s.hands = [bytearray((MEN, TSUBAZERIAI)), bytearray((MEN2, TSUBAZERIAI + 1))]
            p = s.current_player
            s.apply(open_action(1 - p, s.hands[p][0]))
            s.apply(PLAY + s.hands[1 - p][1])
            n += 1
        assert n == 10  # C7: ten encho exchanges, then hantei
        assert s.winner() == want and s.end_reason == reason
        assert list(s.ippons) == [0, 0]


def test_c5_refill_from_own_subdecks_and_discard_down_to_twelve():
    a = [KOTE, SEME] + [counter(0, x) for x in range(4)] + [32, 33, 34, 35, 29, 28]  # 12
    b = [TSUKI, MEN2, DO2, counter(1, 1)] + [counter(2, x) for x in range(4)] + [
        counter(3, x) for x in range(4)]  # 12: nothing against SEME
    s = make([a, b], init=0)
    s.apply(open_action(1, KOTE, SEME))
    assert s.current_player == 1
    assert s.legal_actions() == [FAIL]  # B: no purple, blue or red card
    s.apply(FAIL)  # A pulls 1 card (unchanged from the Duel, C3)
    assert kinds(s, "pull") == [("pull", 0, 1)]
    assert [len(h) for h in s.hands] == [11, 11]
    s.apply(PLAY + counter(1, 1))  # B answers KOTE with KOTE-KOTE: a strike on KOTE
    # A has no KOTE (played), no KOTE-x counter, no parry -> fail -> B scores an ippon
    assert s.legal_actions() == [FAIL]
    s.apply(FAIL)
    assert list(s.ippons) == [0, 1]
    # refill: A lost KOTE (Basic) and SEME (Other); B lost one pulled card and KOTE-KOTE
    assert len(s.hands[1]) == 12
    assert len(s.hands[0]) == 13  # 10 + the pulled card + 2 refills
    assert s.phase == P_DISCARD and s.current_player == 0
    assert sorted(a - DISCARD for a in s.legal_actions()) == list(s.hands[0])
    with pytest.raises(IllegalAction):
        s.apply(PLAY + s.hands[0][0])
    c = s.hands[0][0]
    s.apply(DISCARD + c)
    assert ("discard", 0, c) in s.events and s.discard[-1] == c
    assert [len(h) for h in s.hands] == [12, 12]
    # C9: B scored, A conceded -> A opens
    assert s.phase == P_OPEN and s.current_player == 0
    assert cards_of(s) == list(range(53))


def test_c5_empty_subdeck_is_formed_again_from_its_discards():
    a = [MEN, KOTE, DO]
    b = [MEN2, KOTE2, DO2]
    s = make([a, b], init=0)
    s.discard = bytearray(c for c in s.decks[0])  # pretend: every other Basic was played
    s.decks[0] = bytearray()
    s.apply(open_action(1, MEN))
    s.apply(PLAY + MEN2)  # block: both refill one Basic card from an empty subdeck
    assert ("reshuffle", 0) in s.events
    assert [len(h) for h in s.hands] == [3, 3]
    assert all(c >= 12 for c in s.discard)  # the Basic discards went back
    assert cards_of(s) == list(range(53))


def test_c10_no_elimination_empty_hand_draws_a_fresh_hand():
    a = [MEN, KOTE]
    b = [MEN2]
    s = make([a, b], init=0)
    # B blocks with the last card: refilled at once, so nobody is ever out
    s.apply(open_action(1, MEN))
    s.apply(PLAY + MEN2)
    assert not s.is_over() and len(s.hands[1]) == 1 and not any(s.eliminated)
    # a hand empty after the refill (all Basic cards in hands): a fresh 3+4+5 hand
    s2 = make([[MEN, KOTE], [MEN2]], init=0)
    s2.hands[1] = bytearray()
    s2.lost = bytearray(6)
    end_exchange(s2, 0)
    assert ("fresh_hand", 1) in s2.events
    assert [sum(1 for c in s2.hands[1] if DECK_OF[c] == d) for d in range(3)] == [3, 4, 5]


def test_d20_second_ippon_wins_at_once():
    a = [DO, MEN, KOTE]
    b = [MEN2, KOTE2] + filler(3, a)
    s = make([a, b], init=0)
    s.ippons[0] = 1
    s.apply(open_action(1, DO))
    s.apply(FAIL)
    assert s.is_over() and s.winner() == (0,) and s.end_reason == END_IPPON
    assert list(s.ippons) == [2, 0] and s.phase == P_OVER
    assert not kinds(s, "refill")  # it ends before anything else happens
    with pytest.raises(IllegalAction):
        s.apply(open_action(1, MEN))


def test_deadlock_in_competition_calls_time():
    # neither can open (no Basic, no alternative card): the leader wins, else hantei
    s = make([[TSUBAZERIAI], [TSUBAZERIAI + 1]], init=0)
    assert s.is_over() and s.winner() == (0, 1) and s.end_reason == END_DRAW
    t = KendoState(Rng(1), 2, mode=COMPETITION)
    t.hands = [bytearray((TSUBAZERIAI,)), bytearray((TSUBAZERIAI + 1,))]
    t.ippons[1] = 1
    t._begin(0)
    assert t.winner() == (1,) and t.end_reason == END_DEADLOCK


def test_rotate_option_and_c9_restart():
    a = [DO, MEN, KOTE]
    b = [MEN2, KOTE2] + filler(3, a)
    s = make([a, b], init=0, options=OPT_ROTATE)
    s.apply(open_action(1, MEN))
    s.apply(PLAY + MEN2)  # a block: with ROTATE, B (after the opener) opens
    assert s.current_player == 1
    s.apply(open_action(0, KOTE2))
    s.apply(PLAY + KOTE)
    assert s.current_player == 0


def test_competition_save_round_trip_and_bad_saves():
    for seed in range(20):
        s = KendoState(Rng(seed), 2, mode=COMPETITION)
        r = Rng(seed + 3)
        while not s.is_over():
            data = s.to_bytes()
            t = KendoState.from_bytes(data)
            assert t.to_bytes() == data and t.legal_actions() == s.legal_actions()
            s.apply(r.choice(s.legal_actions()))
    data = bytearray(s.to_bytes())
    assert data[10] == 2 and data[11] == COMPETITION  # after the id, version, Rng
    data[10] = 3  # three players in Competition
    with pytest.raises(BadSave):
        KendoState.from_bytes(bytes(data))


def check(s):
    kendo_competition_check(s)  # tools/invariants.py, shared with tools/soak.py


def test_500_random_competitions_conserve_the_53_cards_and_end():
    reasons = set()
    for seed in range(500):
        s = KendoState(Rng(seed * 7 + 1), 2, mode=COMPETITION, options=seed % 8)
        check(s)
        steps = random_playout(s, Rng(seed + 4242), 5000, check)
        assert s.is_over() and 0 < steps < 5000
        reasons.add(s.end_reason)
        if s.end_reason in (END_IPPON, END_TIME):
            w = s.winner()[0]
            assert s.ippons[w] > s.ippons[1 - w]
    assert reasons >= {END_IPPON, END_TIME, END_HANTEI, END_DRAW}


def test_competition_seeded_games_are_reproducible():
    a = KendoState(Rng(42), 2, mode=COMPETITION)
    b = KendoState(Rng(42), 2, mode=COMPETITION)
    random_playout(a, Rng(5))
    random_playout(b, Rng(5))
    assert a.to_bytes() == b.to_bytes() and a.winner() == b.winner()
