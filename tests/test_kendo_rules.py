"""Kendo Duel rules: the digest's scenarios D1-D16 (Duel), the proposed
decisions (reflect, options), illegal actions and saves."""

import pytest

from engine.core import BadSave, IllegalAction, TERMINAL
from engine.kendo.actions import (
    FAIL, OPT_ALT_DEFLECT, OPT_REFLECT_CANCEL, OPT_ROTATE, P_OPEN, P_OVER, P_REACT, P_SWITCH,
    PLAY, SWITCH, SWITCH_DONE, decode_open, describe, open_action,
)
from engine.kendo.cards import (
    COLOUR, DECK_OF, KIND, K_BASIC, K_COUNTER, N_CARDS, REACTIONS, SPEC, name, number,
)
from engine.kendo.state import GAME_ID, KendoState
from engine.rng import Rng

MEN, KOTE, DO, TSUKI = 0, 1, 2, 3
JODAN, SEME, MUSHIN, TAI_SABAKI, KAMAE, TSUBAZERIAI, TAIATARI = 28, 30, 32, 36, 38, 42, 48


def counter(a, b):
    return 12 + a * 4 + b


def make(hands, init=0, options=0, seed=1):
    """A state ready for seat ``init`` to open, with exactly these hands; every
    other card is in its subdeck."""
    s = KendoState(Rng(seed), len(hands), options=options)
    used = set(c for h in hands for c in h)
    s.hands = [bytearray(sorted(h)) for h in hands]
    s.decks = [bytearray(c for c in range(N_CARDS) if DECK_OF[c] == d and c not in used)
               for d in range(3)]
    s.switched = bytearray([2] * len(hands))
    s._begin(init)
    s.events = []
    return s


def plays(s):
    return sorted(a - PLAY for a in s.legal_actions())


def test_card_table():
    assert len(KIND) == N_CARDS + 1 == 53  # + JIKAN DESU (Competition)
    assert sum(t[4] for t in SPEC) == 53 and name(52) == "JIKAN DESU"
    assert [sum(1 for c in range(52) if DECK_OF[c] == d) for d in range(3)] == [12, 16, 24]
    assert [number(c) for c in (0, 4, 8, 3, 7, 11)] == [1, 5, 9, 4, 8, 12]  # G1
    assert name(counter(MEN, KOTE)) == "MEN-KOTE" and name(TAIATARI) == "TAIATARI"
    assert KIND[counter(TSUKI, TSUKI)] == K_COUNTER and KIND[11] == K_BASIC
    assert len(REACTIONS) == 3 and len(set(COLOUR[:52])) == 6


def test_d1_setup_two_players():
    s = KendoState(Rng(5), 2)
    assert s.phase == P_SWITCH
    for h in s.hands:
        assert [sum(1 for c in h if DECK_OF[c] == d) for d in range(3)] == [3, 4, 5]
    assert [len(d) for d in s.decks] == [6, 8, 14]
    allc = sorted(c for b in s.hands + s.decks for c in b)
    assert allc == list(range(52))  # no JIKAN DESU, no marks


def test_d2_setup_four_players_switch_rules():
    s = KendoState(Rng(7), 4)
    assert [len(d) for d in s.decks] == [0, 0, 4]
    hand = s.hands[s.current_player]
    basic = [c for c in hand if DECK_OF[c] == 0][0]
    other = [c for c in hand if DECK_OF[c] == 2][0]
    assert SWITCH + basic not in s.legal_actions()
    before = s.to_bytes()
    with pytest.raises(IllegalAction):
        s.apply(SWITCH + basic)
    assert s.to_bytes() == before
    s.apply(SWITCH + other)
    assert other in s.decks[2]


def test_d3_switch_top_and_bottom_and_at_most_two():
    s = KendoState(Rng(3), 2)
    p = s.current_player
    card = [c for c in s.hands[p] if DECK_OF[c] == 0][0]
    top = s.decks[0][-1]
    s.apply(SWITCH + card)
    assert top in s.hands[p] and card not in s.hands[p]
    assert s.decks[0][0] == card and len(s.hands[p]) == 12 and len(s.decks[0]) == 6
    other = [c for c in s.hands[p] if DECK_OF[c] == 2][0]
    s.apply(SWITCH + other)
    assert s.switched[p] == 2 and s.current_player != p
    third = [c for c in s.hands[p] if DECK_OF[c] == 1][0]
    with pytest.raises(IllegalAction):
        s.apply(SWITCH + third)


def _switch_phase(s, hands):
    s.hands = [bytearray(sorted(h)) for h in hands]
    used = set(c for h in hands for c in h)
    s.decks = [bytearray(c for c in range(N_CARDS) if DECK_OF[c] == d and c not in used)
               for d in range(3)]


def test_d4_highest_total_opens():
    s = KendoState(Rng(2), 2)
    _switch_phase(s, [[4, 5, 6, 12, 13], [0, 1, 11, 14, 15]])  # 18 vs 15
    s.apply(SWITCH_DONE)
    s.apply(SWITCH_DONE)
    assert s.phase == P_OPEN and s.initiative == 0 and s.current_player == 0


def test_d5_tie_switches_then_recompare():
    s = KendoState(Rng(2), 2)
    _switch_phase(s, [[4, 5, 6, 12, 13], [0, 7, 8, 14, 15]])  # 18 vs 18
    s.decks[0] = bytearray([2, 3, 9, 10, 1, 11])  # top = last: A gets 12, B gets 2
    s.events = []
    assert s._pick_first() == 0
    assert [e[1] for e in s.events if e[0] == "tie_switch"] == [0, 1]
    assert 4 in s.decks[0] and 0 in s.decks[0]  # the lowest went to the bottom


def test_d5_tie_persists_three_times_then_highest_card():
    s = KendoState(Rng(2), 2)
    _switch_phase(s, [[6, 8, 9, 12, 13], [2, 10, 11, 14, 15]])
    s.decks[0] = bytearray([3, 7, 1, 5, 0, 4])
    s.events = []
    first = s._pick_first()
    assert len([e for e in s.events if e[0] == "tie_switch"]) == 6  # 3 rounds
    assert s._total(0) == s._total(1)
    assert first == 1  # B holds the 12


def test_d5_empty_basic_subdeck_highest_card():
    s = KendoState(Rng(2), 2)
    _switch_phase(s, [[4, 5, 6, 12, 13], [0, 7, 8, 14, 15]])
    s.discard = s.decks[0]
    s.decks[0] = bytearray()
    assert s._pick_first() == 1  # B's 9 beats A's 7


def test_d6_must_react_pass_rejected():
    s = make([[MEN, KOTE], [4, counter(MEN, KOTE), DO]])
    s.apply(open_action(1, MEN))
    assert s.phase == P_REACT and s.current_player == 1
    assert plays(s) == [4, counter(MEN, KOTE)]
    before = s.to_bytes()
    with pytest.raises(IllegalAction):
        s.apply(FAIL)
    assert s.to_bytes() == before


def test_d7_counter_answered_with_basic_gives_initiative_to_counterer():
    s = make([[MEN, KOTE, DO], [counter(MEN, KOTE), 6, TSUKI]])
    s.apply(open_action(1, MEN))
    s.apply(PLAY + counter(MEN, KOTE))
    assert s.current_player == 0 and plays(s) == [KOTE]
    s.apply(PLAY + KOTE)
    assert s.phase == P_OPEN and s.current_player == 1 and s.initiative == 1
    assert [len(h) for h in s.hands] == [1, 2]


def test_d8_failure_against_strike_loses_two_random_cards():
    s = make([[MEN, KOTE], [DO, TSUKI, JODAN]])
    s.apply(open_action(1, MEN))
    assert s.legal_actions() == [FAIL]
    s.apply(FAIL)
    assert [len(h) for h in s.hands] == [3, 1]
    assert s.phase == P_OPEN and s.current_player == 0
    assert sum(1 for e in s.events if e[0] == "pull") == 2


def test_d9_neutralize_then_block():
    s = make([[KOTE, SEME, DO], [MUSHIN, 5, TSUKI]])
    s.apply(open_action(1, KOTE, SEME))
    assert plays(s) == [MUSHIN]  # the reinforcement first; KOTE cannot answer it
    s.apply(PLAY + MUSHIN)
    assert s.current_player == 1 and plays(s) == [5]
    s.apply(PLAY + 5)
    assert [len(h) for h in s.hands] == [1, 1]
    assert sorted(s.discard) == sorted([KOTE, SEME, MUSHIN, 5])
    assert s.current_player == 0  # blocked: the striker opens again


def test_d10_reinforcement_failure_pull_first():
    seen = set()
    for seed in range(40):
        s = make([[KOTE, SEME, DO], [5, TSUKI, 6, 7]], seed=seed)
        s.apply(open_action(1, KOTE, SEME))
        assert s.legal_actions() == [FAIL]
        s.apply(FAIL)
        assert len(s.hands[1]) == 3 and len(s.hands[0]) == 2
        if 5 in s.hands[1]:
            s.apply(PLAY + 5)
            assert len(s.hands[1]) == 2
            seen.add("blocked")
        else:
            assert s.legal_actions() == [FAIL]
            s.apply(FAIL)
            assert len(s.hands[1]) == 1  # 3 lost in total
            seen.add("lost3")
    assert seen == {"blocked", "lost3"}


def test_d11_alternative_attack_needs_parry():
    s = make([[TAIATARI, MEN], [TAI_SABAKI, KAMAE, DO]])
    s.apply(open_action(1, TAIATARI))
    assert s.legal_actions() == [FAIL]
    s.apply(FAIL)
    assert [len(h) for h in s.hands] == [2, 2] and s.current_player == 0
    s = make([[TAIATARI, MEN], [TAI_SABAKI, TSUBAZERIAI, DO]])
    s.apply(open_action(1, TAIATARI))
    assert plays(s) == [TSUBAZERIAI]


def test_option_alt_attack_deflect():
    s = make([[TAIATARI, MEN], [TAI_SABAKI, DO]], options=OPT_ALT_DEFLECT)
    s.apply(open_action(1, TAIATARI))
    assert plays(s) == [TAI_SABAKI]
    s.apply(PLAY + TAI_SABAKI)
    assert s.current_player == 1


def test_d12_illegal_openings():
    s = make([[counter(MEN, MEN), TAIATARI, JODAN, SEME, MEN, TAI_SABAKI], [DO, KOTE]])
    legal = s.legal_actions()
    mains = set(decode_open(a)[1] for a in legal)
    assert mains == {MEN, TAIATARI}
    assert open_action(1, TAIATARI, JODAN) not in legal
    assert all(decode_open(a)[2] in (-1, JODAN, SEME) for a in legal)
    before = s.to_bytes()
    for bad in (PLAY + counter(MEN, MEN), PLAY + TAI_SABAKI, open_action(1, TAIATARI, JODAN),
                FAIL, SWITCH_DONE, open_action(0, MEN)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_bytes() == before


def test_d13_long_chain_ends_with_basic():
    s = make([[MEN, counter(DO, TSUKI), KOTE], [counter(MEN, DO), TSUKI, DO]])
    s.apply(open_action(1, MEN))
    s.apply(PLAY + counter(MEN, DO))
    assert s.current_player == 0 and plays(s) == [counter(DO, TSUKI)]
    s.apply(PLAY + counter(DO, TSUKI))
    assert plays(s) == [TSUKI]
    s.apply(PLAY + TSUKI)
    assert s.phase == P_OPEN and s.current_player == 0


def test_d14_deflect_takes_initiative():
    s = make([[MEN, KOTE], [TAI_SABAKI, DO]])
    s.apply(open_action(1, MEN))
    s.apply(PLAY + TAI_SABAKI)
    assert s.phase == P_OPEN and s.current_player == 1


def test_d15_last_card_elimination_and_draw():
    s = make([[MEN, KOTE], [4]])
    s.apply(open_action(1, MEN))
    s.apply(PLAY + 4)
    assert s.is_over() and s.winner() == (0,) and s.eliminated[1] == 1
    assert s.current_player == TERMINAL and s.phase == P_OVER and s.legal_actions() == []
    s = make([[MEN], [4]])
    s.apply(open_action(1, MEN))
    s.apply(PLAY + 4)
    assert s.winner() == (0, 1)  # both at 0 in the same exchange: a draw (G13)


def test_d16_three_players_only_the_pair_plays():
    s = make([[MEN, KOTE], [DO, TSUKI, MUSHIN], [4, 5]])
    assert open_action(2, MEN) in s.legal_actions() and open_action(1, MEN) in s.legal_actions()
    hand_b = bytes(s.hands[1])
    s.apply(open_action(2, MEN))
    assert s.current_player == 2
    s.apply(PLAY + 4)
    assert bytes(s.hands[1]) == hand_b and s.current_player == 0


def test_g6_reflect_bounces_reinforcement():
    s = make([[MEN, JODAN, KOTE], [SEME, 4, DO]])
    s.apply(open_action(1, MEN, JODAN))
    assert plays(s) == [SEME]
    s.apply(PLAY + SEME)
    assert s.current_player == 0 and s.legal_actions() == [FAIL]
    s.apply(FAIL)  # B pulls A's last card
    assert len(s.hands[0]) == 0 and s.current_player == 1 and plays(s) == [4]
    s.apply(PLAY + 4)
    assert s.winner() == (1,)


def test_g6_reflect_cancel_option():
    s = make([[MEN, JODAN, KOTE], [SEME, 4, DO]], options=OPT_REFLECT_CANCEL)
    s.apply(open_action(1, MEN, JODAN))
    s.apply(PLAY + SEME)
    assert s.current_player == 1 and plays(s) == [4]


def test_g11_rotate_option():
    s = make([[MEN, KOTE], [DO, TSUKI], [4, 6]], options=OPT_ROTATE)
    s.apply(open_action(2, MEN))
    s.apply(PLAY + 4)
    assert s.current_player == 1  # clockwise from the opener, not the last striker


def test_g7_cannot_open_passes_and_deadlock():
    s = make([[counter(MEN, KOTE), MUSHIN], [MEN, DO]])
    assert s.current_player == 1  # seat 0 has no opening: the initiative passes
    s = make([[counter(MEN, KOTE), MUSHIN], [counter(DO, DO)]])
    assert s.is_over() and s.winner() == (0,)  # nobody can open: most cards wins


def test_g7_the_end_of_a_duel_when_nobody_can_attack():
    """docs/rules/kendo_duel.md, "How a Duel ends": once no remaining seat
    holds a Basic or an alternative card the Duel ends; the most cards wins,
    seats tied on the most cards draw (the others lose), and a seat that can
    still open keeps the game going."""
    from engine.kendo import actions as A

    s = make([[counter(MEN, KOTE), MUSHIN], [counter(DO, DO)]])
    assert (s.winner(), s.end_reason) == ((0,), A.END_DEADLOCK)
    s = make([[counter(MEN, KOTE), MUSHIN], [counter(DO, DO), KAMAE]])
    assert (s.winner(), s.end_reason, s.phase) == ((0, 1), A.END_DRAW, P_OVER)
    s = make([[counter(MEN, KOTE), MUSHIN], [counter(DO, DO), KAMAE], [counter(KOTE, DO)]])
    assert (s.winner(), s.end_reason) == ((0, 1), A.END_DRAW)  # seat 2, fewer cards, loses
    s = make([[counter(MEN, KOTE), MUSHIN], [counter(DO, DO), KAMAE], [TAIATARI]])
    assert not s.is_over() and s.current_player == 2  # one opening card left: play on
    s.apply(open_action(0, TAIATARI))
    s.apply(FAIL)  # seat 0 has no parry: seat 2 pulls one, then nobody can open
    assert (s.winner(), s.end_reason, [len(h) for h in s.hands]) == ((1,), A.END_DEADLOCK, [1, 2, 1])


def _ends_as_the_rules_say(st):
    """The final state of a Duel ended by R14, G7 or G13 (and by nothing else)."""
    from engine.kendo import actions as A
    from engine.kendo.cards import K_ALT

    left = [p for p in range(st.players) if not st.eliminated[p]]
    w = st.winner()
    r = st.end_reason
    if r == A.END_LAST:  # R14: the only seat with cards
        return left == list(w) and len(w) == 1 and len(st.hands[w[0]]) > 0
    if r == A.END_DRAW and not left:  # G13: the last seats all out in one exchange
        return len(w) >= 2 and all(st.eliminated[p] and not st.hands[p] for p in w)
    # G7: nobody left can open; the most cards wins, a tie on the most draws
    if len(left) < 2 or any(KIND[c] in (K_BASIC, K_ALT) for p in left for c in st.hands[p]):
        return False
    most = max(len(st.hands[p]) for p in left)
    if tuple(p for p in left if len(st.hands[p]) == most) != w:
        return False
    return r == (A.END_DEADLOCK if len(w) == 1 else A.END_DRAW)


def test_computer_duels_end_only_as_the_rules_say():
    """Seeded computer Duels (2-4 players, Normal and Hard) end by the last
    seat with cards, all out together, or nobody able to attack, each with
    the result the rules give; 2-player Duels end in all three ways."""
    from engine.kendo import actions as A
    from engine.kendo import bots

    reasons = set()
    for players in (2, 3, 4):
        for level in (bots.NORMAL, bots.HARD):
            for seed in range(31000, 31030):
                st = KendoState(Rng(seed), players)
                while not st.is_over():
                    p = st.current_player
                    st.apply(bots.choose(st.observation(p), p, level, None))
                assert _ends_as_the_rules_say(st), (players, level, seed)
                if players == 2:
                    reasons.add(st.end_reason)
    assert reasons == {A.END_LAST, A.END_DEADLOCK, A.END_DRAW}


def test_failure_loses_at_most_the_hand():
    s = make([[MEN, KOTE], [DO]])
    s.apply(open_action(1, MEN))
    s.apply(FAIL)
    assert s.winner() == (0,) and len(s.hands[0]) == 2


def test_observation_hides_other_hands():
    s = make([[MEN, KOTE], [DO, TSUKI, MUSHIN]])
    o = s.observation(0)
    assert bytes([MEN, KOTE]) in o and bytes([DO, TSUKI, MUSHIN]) not in o
    assert (2, 3) in o


def test_observation_fields_are_named_by_actions():
    """Every field of observation(seat) has its O_* name in actions.py, and
    the first three are the seat, the phase and the current player."""
    from engine.kendo import actions as A

    s = make([[MEN, KOTE, JODAN], [DO, TSUKI, MUSHIN]])
    s.apply(open_action(1, MEN, JODAN))
    o = s.observation(1)
    fields = sorted((v, k) for k, v in vars(A).items() if k.startswith("O_"))
    assert [v for v, _ in fields] == list(range(len(o)))
    assert (o[A.O_SEAT], o[A.O_PHASE], o[A.O_CURRENT]) == (1, P_REACT, 1)
    assert o[A.O_HAND] == bytes(s.hands[1]) and o[A.O_SIZES] == (1, 3)
    assert o[A.O_CHAIN] == bytes(s.chain) and o[A.O_PEND] == MEN and o[A.O_INC] == s.inc
    assert o[A.O_LOST] == bytes(s.lost) and o[A.O_END_REASON] == s.end_reason


def test_illegal_actions_leave_state_untouched():
    s = KendoState(Rng(11), 3)
    r = Rng(12)
    for _ in range(30):
        if s.is_over():
            break
        before = s.to_bytes()
        legal = s.legal_actions()
        for a in range(0, 460, 7):
            if a not in legal:
                with pytest.raises(IllegalAction):
                    s.apply(a)
                assert s.to_bytes() == before
        s.apply(r.choice(legal))


def test_save_round_trip_replays_identically():
    for players in (2, 3, 4):
        s = KendoState(Rng(20 + players), players)
        r = Rng(1)
        while not s.is_over():
            data = s.to_bytes()
            assert data[0] == GAME_ID == 2 and data[1] == 2
            t = KendoState.from_bytes(data)
            assert t.to_bytes() == data and t.legal_actions() == s.legal_actions()
            a = r.choice(s.legal_actions())
            s.apply(a)
            t.apply(a)
            assert t.to_bytes() == s.to_bytes()
        t = KendoState.from_bytes(s.to_bytes())
        assert t.winner() == s.winner() and t.is_over()


def test_bad_saves_rejected():
    data = KendoState(Rng(3), 2).to_bytes()
    with pytest.raises(BadSave):
        KendoState.from_bytes(data[:-1])
    with pytest.raises(BadSave):
        KendoState.from_bytes(bytes([1]) + data[1:])
    with pytest.raises(BadSave):
        KendoState.from_bytes(data + b"\x00")
    bad = bytearray(data)
    assert bad[27] == 12  # hand 0: its length, then its sorted cards
    bad[28] = bad[29]  # duplicate a card
    with pytest.raises(BadSave):
        KendoState.from_bytes(bytes(bad))


def test_describe():
    assert describe(open_action(1, KOTE, SEME)) == "attack player 2 with KOTE + SEME"
    assert describe(PLAY + counter(MEN, DO)) == "play MEN-DO"
    assert describe(FAIL) == "no answer"


def test_competition_is_two_players_only():
    with pytest.raises(ValueError):
        KendoState(Rng(1), 3, mode=1)
    with pytest.raises(ValueError):
        KendoState(Rng(1), 2, mode=2)


def test_the_open_encoding_copies_match_actions():
    """state.py keeps its own open_action/decode_open (actions.py is not
    loaded on the device); they must encode alike."""
    from engine.kendo import state

    for t in (0, 3):
        for m in (0, 11, 48, 51):
            for r in ((-1, 28, 31) if m < 12 else (-1,)):
                a = open_action(t, m, r)
                assert state._open_action(t, m, r) == a
                assert state._decode_open(a) == decode_open(a) == (t, m, r)


def test_card_tables_derive_from_spec():
    from engine.kendo import cards

    kind, colour, deck, typ = bytearray(), bytearray(), bytearray(), bytearray()
    for t, (_, k, c, d, n) in enumerate(SPEC):
        for _ in range(n):
            kind.append(k)
            colour.append(c)
            deck.append(d)
            typ.append(t)
    assert (cards.KIND, cards.COLOUR, cards.DECK_OF, cards.TYPE_OF) == (
        bytes(kind), bytes(colour), bytes(deck), bytes(typ))


def test_a_save_with_an_out_of_range_exchange_value_is_refused():
    # tools/soak.py's NVM fuzz found a CRC-valid save with part 200: it loaded,
    # then the screen indexed PART_NAMES with it
    from engine.core import BadSave
    from engine.kendo.state import _SCALARS, KendoState
    from engine.rng import Rng

    st = KendoState(Rng(3), 2)
    good = st.to_bytes()
    assert KendoState.from_bytes(good).to_bytes() == good
    at = 2 + 8 + 4 + _SCALARS.index("part")  # header, RNG, players/mode/options/current
    assert good[at] == st.part
    bad = bytearray(good)
    bad[at] = 200
    with pytest.raises(BadSave, match="exchange"):
        KendoState.from_bytes(bytes(bad))


def test_a_save_with_bad_eliminated_seats_is_refused():
    # the full-size store fuzz found a CRC-valid save with a seat "out" twice
    # over (2): it loaded, and the computer to move had no legal action
    from engine.core import BadSave
    from engine.kendo.state import KendoState
    from engine.rng import Rng

    st = KendoState(Rng(3), 3)
    assert st.current_player != TERMINAL
    for seats in ((2, 0, 0), (1, 1, 0), tuple(1 if p == st.current_player else 0 for p in range(3))):
        bad = KendoState.from_bytes(st.to_bytes())
        bad.eliminated[:] = bytes(seats)
        with pytest.raises(BadSave, match="eliminated"):
            KendoState.from_bytes(bad.to_bytes())
    ok = KendoState.from_bytes(st.to_bytes())
    ok.eliminated[(st.current_player + 1) % 3] = 1  # one seat out of three: the game goes on
    assert KendoState.from_bytes(ok.to_bytes()).to_bytes() == ok.to_bytes()


def test_a_save_with_a_bad_chain_is_refused():
    # the second full-size store fuzz found a CRC-valid save with a chain
    # seat past the players: it loaded, then the play screen's track raised
    from engine.core import BadSave
    from engine.kendo.cards import COLOUR
    from engine.kendo.state import KendoState
    from engine.rng import Rng

    st = KendoState(Rng(3), 2)
    for chain in ((2, 0), (0, len(COLOUR)), (0,)):
        bad = KendoState.from_bytes(st.to_bytes())
        bad.chain[:] = bytes(chain)
        with pytest.raises(BadSave, match="chain"):
            KendoState.from_bytes(bad.to_bytes())
    ok = KendoState.from_bytes(st.to_bytes())
    ok.chain[:] = bytes((1, 0, 0, 5))
    assert KendoState.from_bytes(ok.to_bytes()).to_bytes() == ok.to_bytes()


def test_the_ends_tool_counts_every_game():
    """tools/kendo_ends.py (the figures of docs/rules/kendo_duel.md, "How a
    Duel ends"): every game is counted once, and a run repeats."""
    from engine.kendo import bots
    from tools import kendo_ends

    m = kendo_ends.measure((bots.NORMAL, bots.HARD), 8)
    assert sum(m[w] for w in kendo_ends.WAYS) == m["games"] == 8
    assert m["tie_no_pull"] <= m["tie"]
    assert kendo_ends.measure((bots.NORMAL, bots.HARD), 8) == m


# -- the Duel's house rule OPT_REARM (issue 30, decision 3) -------------------


def _bot_duel(seed, players, options, stop=None):
    """A seeded Duel of Normal players; stops early when ``stop(state)``."""
    from engine.kendo import bots

    st = KendoState(Rng(seed), players, options=options)
    while not st.is_over() and not (stop and stop(st)):
        p = st.current_player
        st.apply(bots.choose(st.observation(p), p, bots.NORMAL, None))
    return st


def test_rearm_when_nobody_can_attack_every_seat_takes_a_spent_basic():
    """With the bit clear nobody can attack and the tie draws (G7); with
    OPT_REARM the spent Basic cards go back into their subdeck, shuffled,
    every seat still in takes one, and the seat that would open attacks."""
    from engine.kendo import actions as A

    hands = [[counter(MEN, KOTE), MUSHIN], [counter(DO, DO), KAMAE], []]
    spent = [MEN, 5, DO, counter(KOTE, KOTE), JODAN]  # MEN, KOTE, DO, ... played earlier

    def deadlock(options):
        s = KendoState(Rng(1), 3, options=options)
        used = set(c for h in hands for c in h) | set(spent)
        s.hands = [bytearray(sorted(h)) for h in hands]
        s.decks = [bytearray(c for c in range(N_CARDS) if DECK_OF[c] == d and c not in used)
                   for d in range(3)]
        s.discard = bytearray(spent)
        s.switched = bytearray([2] * 3)
        s.eliminated[2] = 1  # seat 2 is out
        s.events = []
        s._begin(1)  # seat 1 would open next
        return s

    s = deadlock(0)
    assert (s.winner(), s.end_reason) == ((0, 1), A.END_DRAW)  # the rulebook's game
    s = deadlock(A.OPT_REARM)
    assert not s.is_over() and s.phase == P_OPEN and s.current_player == 1
    assert ("rearm",) in s.events and ("cannot_open", 1) in s.events
    assert [sum(1 for c in h if c < 12) for h in s.hands] == [1, 1, 0]  # seat 2 (out) takes none
    assert [len(h) for h in s.hands] == [3, 3, 0]
    assert not [c for c in s.discard if c < 12]  # the spent Basic cards went back
    assert bytes(s.discard) == bytes((counter(KOTE, KOTE), JODAN))  # the rest stays, in order
    assert len(s.decks[0]) == 10 and sorted(s.decks[0] + s.hands[0][:1] + s.hands[1][:1]) == list(range(12))
    assert sorted(c for b in s.hands + s.decks + [s.discard] for c in b) == list(range(N_CARDS))


def test_rearm_changes_how_duels_end_and_nothing_before_the_first():
    """Seeded Normal Duels: with OPT_REARM a game is the same as without it
    up to the moment nobody can attack; from there it goes on, so it never
    ends with nobody able to attack, and a tie on cards (a draw with the bit
    clear) is played out to a win."""
    from engine.kendo import actions as A

    ends = set()
    played_out = 0
    for players in (2, 3, 4):
        for seed in range(31000, 31030):
            off = _bot_duel(seed, players, 0)
            on = _bot_duel(seed, players, A.OPT_REARM)
            assert on.end_reason != A.END_DEADLOCK
            assert on.end_reason == A.END_LAST or (on.end_reason == A.END_DRAW and not any(on.hands))
            ends.add(on.end_reason)
            if off.end_reason == A.END_LAST or (off.end_reason == A.END_DRAW and not any(off.hands)):
                # no deadlock: the very same game, move for move (but the options byte)
                assert on.to_bytes()[:12] + on.to_bytes()[13:] == off.to_bytes()[:12] + off.to_bytes()[13:]
                assert on.to_bytes()[12] == A.OPT_REARM
            else:
                # the same game up to the deadlock, then every seat still in holds one card more
                cut = _bot_duel(seed, players, A.OPT_REARM, lambda st: ("rearm",) in st.events)
                assert [len(h) for h in cut.hands] == [len(h) + (not off.eliminated[p])
                                                       for p, h in enumerate(off.hands)]
                if len(off.winner()) > 1:
                    played_out += 1
                    assert len(on.winner()) == 1 or not any(on.hands)
    assert A.END_LAST in ends and played_out >= 5


def test_rearm_has_no_effect_in_competition():
    from engine.kendo import actions as A
    from engine.kendo import bots

    for seed in range(6):
        a = KendoState(Rng(seed), 2, A.COMPETITION, 0)
        b = KendoState(Rng(seed), 2, A.COMPETITION, A.OPT_REARM)
        while not a.is_over():
            p = a.current_player
            act = bots.choose(a.observation(p), p, bots.HARD, None)
            assert act == bots.choose(b.observation(p), p, bots.HARD, None)
            a.apply(act)
            b.apply(act)
            assert a.events == b.events
        assert b.is_over() and a.winner() == b.winner()


def test_options_up_to_fifteen_and_saves_keep_the_rearm_bit():
    from engine.kendo import actions as A

    assert A.OPT_REARM == 8 and A.OPT_ROTATE | A.OPT_REFLECT_CANCEL | A.OPT_ALT_DEFLECT | A.OPT_REARM == 15
    KendoState(Rng(1), 2, options=15)
    with pytest.raises(ValueError):
        KendoState(Rng(1), 2, options=16)
    data = KendoState(Rng(3), 2, options=15).to_bytes()
    at = 2 + 8 + 2  # header, RNG, players, mode: the options byte
    assert data[at] == 15 and KendoState.from_bytes(data).options == 15
    bad = bytearray(data)
    bad[at] = 16
    with pytest.raises(BadSave):
        KendoState.from_bytes(bytes(bad))


def test_save_round_trip_through_a_rearm_replays_identically():
    """A save at every step of seeded random Duels with OPT_REARM (random
    players reach a rearm often) loads and replays move for move, the
    rearm's shuffle included; and the same seed replays the same game."""
    from engine.kendo import actions as A

    rearms = 0
    for players in (2, 3, 4):
        for seed in range(4):
            s = KendoState(Rng(40 + seed * 5 + players), players, options=A.OPT_REARM | seed % 8)
            r = Rng(seed)
            log = []
            while not s.is_over():
                data = s.to_bytes()
                t = KendoState.from_bytes(data)
                assert t.to_bytes() == data and t.legal_actions() == s.legal_actions()
                a = r.choice(s.legal_actions())
                s.apply(a)
                t.apply(a)
                assert t.to_bytes() == s.to_bytes() and t.events == s.events
                rearms += ("rearm",) in s.events
                log.append(a)
            again = KendoState(Rng(40 + seed * 5 + players), players, options=A.OPT_REARM | seed % 8)
            for a in log:
                again.apply(a)
            assert again.to_bytes() == s.to_bytes()
    assert rearms >= 6
