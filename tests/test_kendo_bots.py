"""The Kendo Duel computer opponents (engine/kendo/bots.py): legal in every
phase at every level, only the observation (the hidden-information test),
deterministic, sensible choices in crafted positions, a strength smoke test,
and the tools around them (strength tool, gate scenario)."""

import os
import runpy

import pytest

from engine.kendo import actions as A
from engine.kendo import bots
from engine.kendo import cards as C
from engine.kendo.state import KendoState
from engine.rng import Rng

LEVELS = (bots.EASY, bots.NORMAL, bots.HARD)
MEN, KOTE, DO, TSUKI = 0, 1, 2, 3
JODAN, MUSHIN, TAI_SABAKI, TSUBAZERIAI, TAIATARI = 28, 32, 36, 42, 48


def counter(a, b):
    return 12 + a * 4 + b


def test_levels_and_the_switch_encoding_the_bots_rely_on():
    # the app's seat types (sanbon.profile.SEAT_TYPES), kept for saves
    assert (bots.EASY, bots.NORMAL, bots.HARD) == (1, 2, 3)
    assert A.SWITCH == 0  # _switch returns the card itself


def test_card_types_and_totals_match_the_card_table():
    for c in range(C.N_CARDS):
        t = bots._TI[c]
        k = C.KIND[c]
        if k == C.K_BASIC:
            assert t == C.strike_part(c)
        elif k == C.K_COUNTER:
            assert t == 4 + C.answer_part(c) * 4 + C.strike_part(c)
        else:
            assert t == {C.K_REINF: 20, C.K_NEUTRAL: 21, C.K_DEFLECT: 22, C.K_PARRY: 23, C.K_ALT: 24}[k]
    assert list(bots._TOTAL) == [sum(1 for c in range(C.N_CARDS) if bots._TI[c] == t) for t in range(25)]


# -- whole games --------------------------------------------------------------


def _play(seed, levels, mode=A.DUEL, options=0, check=None):
    state = KendoState(Rng(seed), len(levels), mode, options)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    steps = 0
    while not state.is_over():
        s = state.current_player
        a = bots.choose(state.observation(s), s, levels[s], rngs[s])
        assert a in state.legal_actions(), (state.phase, a, state.legal_actions())
        if check:
            check(state, s, levels[s], a)
        state.apply(a)
        steps += 1
        assert steps < 5000
    return state


def test_bots_are_legal_in_every_phase_players_mode_level_and_option():
    seen = set()

    def check(state, seat, level, action):
        seen.add((state.phase, level, state.mode))

    n = 0
    for options in range(16):  # OPT_REARM (8) included
        for players in (2, 3, 4):
            for mode in (A.DUEL, A.COMPETITION):
                if mode == A.COMPETITION and players != 2:
                    continue
                for rep in range(3):
                    seed = 1000 * options + 100 * players + 10 * mode + rep
                    levels = [LEVELS[(seed + i) % 3] for i in range(players)]
                    state = _play(seed, levels, mode, options, check)
                    assert state.winner()
                    n += 1
    assert n == 16 * 4 * 3
    for lv in LEVELS:
        for ph in (A.P_SWITCH, A.P_OPEN, A.P_REACT):
            assert (ph, lv, A.DUEL) in seen and (ph, lv, A.COMPETITION) in seen, (ph, lv)


def test_every_level_is_legal_in_random_positions_incl_discard():
    """Random-legal games reach positions the bots' own games rarely do (many
    cards pulled, a Competition hand over 12): every level answers legally."""
    phases = set()
    # seeds 36, 45 and 99 reach a discard (Competition, 13 cards after a pull)
    for seed in list(range(30)) + [36, 45, 99]:
        mode = A.COMPETITION if seed % 2 or seed in (36, 45, 99) else A.DUEL
        state = KendoState(Rng(seed), 2 if mode else 2 + seed % 3, mode, seed % 16)
        pick = Rng(seed + 500)
        while not state.is_over():
            legal = state.legal_actions()
            seat = state.current_player
            for lv in LEVELS:
                assert bots.choose(state.observation(seat), seat, lv, Rng(lv)) in legal
            phases.add(state.phase)
            state.apply(pick.choice(legal))
    assert phases == {A.P_SWITCH, A.P_OPEN, A.P_REACT, A.P_DISCARD}


def test_hidden_information_same_action_on_a_redealt_state():
    """At many decision points: a second state deals every card the seat
    cannot see again at random (other hands, subdeck orders, keeping sizes and
    categories: from_observation with another Rng). Its observation for the
    seat is identical, and every level chooses the same action on it (Easy
    with the same draws from its Rng)."""
    points = differ = 0
    for seed in range(24):
        mode = A.COMPETITION if seed % 3 == 0 else A.DUEL
        players = 2 if mode else 2 + seed % 3
        state = KendoState(Rng(seed), players, mode, seed % 16)  # 8-15: OPT_REARM
        levels = [bots.HARD if (seed + i) % 2 else bots.NORMAL for i in range(players)]
        rngs = [Rng(seed * 8 + 1 + i) for i in range(players)]
        while not state.is_over():
            seat = state.current_player
            obs = state.observation(seat)
            other = KendoState.from_observation(obs, Rng(7919 * seed + points))
            assert other.observation(seat) == obs
            if any(bytes(other.hands[p]) != bytes(state.hands[p]) for p in range(players) if p != seat):
                differ += 1
            for lv in LEVELS:
                r1 = Rng(100 + lv)
                r2 = Rng(100 + lv)
                a = bots.choose(obs, seat, lv, r1)
                assert a == bots.choose(other.observation(seat), seat, lv, r2)
                assert r1.getstate() == r2.getstate()
            points += 1
            state.apply(bots.choose(obs, seat, levels[seat], rngs[seat]))
    assert points > 500
    assert differ > points * 9 // 10  # the re-deal really hides other cards


def test_same_observation_same_bot_rng_same_action():
    state = KendoState(Rng(3), 3)
    rng = Rng(9)
    steps = 0
    while not state.is_over():
        s = state.current_player
        for lv in LEVELS:
            r1, r2 = Rng(lv * 100 + steps), Rng(lv * 100 + steps)
            o1, o2 = state.observation(s), state.observation(s)
            assert bots.choose(o1, s, lv, r1) == bots.choose(o2, s, lv, r2)
            assert r1.getstate() == r2.getstate()
            assert o1 == state.observation(s)  # the observation is not changed
        state.apply(bots.choose(state.observation(s), s, bots.HARD, rng))
        steps += 1
    assert steps > 10


def test_the_ladder_in_a_small_match():
    """A smoke test with generous thresholds (the 400-game figures are
    tools/kendo_strength.py's): Normal beats Easy, Easy beats a random player."""
    from tools import kendo_strength as ks

    w, l, d, n = ks.match(bots.NORMAL, bots.EASY, 60, A.DUEL, procs=1)
    assert n == 60 and w + l + d == 60
    assert w > l
    w, l, d, n = ks.match(bots.NORMAL, bots.EASY, 30, A.COMPETITION, procs=1)
    assert w > l
    w, l, d, n = ks.match(bots.EASY, ks.RANDOM, 40, A.DUEL, procs=1)
    assert w > 2 * l


def test_easy_draws_its_noise_from_its_rng_and_hard_plays_as_normal():
    """Easy's choices depend on its Rng (the same seed, the same choice) and
    differ from Normal's at some decisions; in a Duel Hard is Normal's player
    (the search did not fit: docs/rules/kendo_duel.md), and neither touches
    its Rng."""
    differ = points = 0
    for seed in range(6):
        state = KendoState(Rng(seed), 2, seed % 2)
        pick_rng = Rng(seed + 40)
        while not state.is_over():
            seat = state.current_player
            obs = state.observation(seat)
            r1, r2 = Rng(seed), Rng(seed)
            e = bots.choose(obs, seat, bots.EASY, r1)
            assert e == bots.choose(obs, seat, bots.EASY, r2) and r1.getstate() == r2.getstate()
            n = bots.choose(obs, seat, bots.NORMAL, None)
            r3 = Rng(5)
            h = bots.choose(obs, seat, bots.HARD, r3)
            assert r3.getstate() == Rng(5).getstate()
            if state.mode == A.DUEL:
                assert h == n
            differ += e != n
            points += 1
            state.apply(pick_rng.choice(state.legal_actions()))
    assert points > 50 and differ > points // 10


def test_the_measured_search_sees_only_the_observation_and_replays():
    """tools/kendo_strength.py's search (host only, not shipped): legal, the
    same action and Rng draws on a re-dealt state, the same seed the same
    decision."""
    from tools import kendo_strength as ks

    points = 0
    for seed in range(4):
        mode = seed % 2
        state = KendoState(Rng(seed), 2 if mode else 2 + seed % 3, mode)
        while not state.is_over():
            seat = state.current_player
            obs = state.observation(seat)
            other = KendoState.from_observation(obs, Rng(31 * seed + points))
            r1, r2 = Rng(seed + 3), Rng(seed + 3)
            a = ks.search_choose(obs, seat, r1)
            assert a in state.legal_actions()
            assert a == ks.search_choose(other.observation(seat), seat, r2) and r1.getstate() == r2.getstate()
            points += 1
            state.apply(a)
    assert points > 40


# -- crafted positions -----------------------------------------------------


def known(hands, init=0, mode=A.DUEL, options=0):
    """A state ready for seat ``init`` to open with exactly these hands and
    every other card face up on the discard pile (so the bots know every
    hand); the subdecks are empty."""
    s = KendoState(Rng(1), len(hands), mode, options)
    used = set(c for h in hands for c in h)
    s.hands = [bytearray(sorted(h)) for h in hands]
    s.decks = [bytearray(), bytearray(), bytearray()]
    s.discard = bytearray(c for c in range(C.N_CARDS) if c not in used)
    s.aside = bytearray((C.JIKAN,)) if mode == A.COMPETITION else bytearray()
    s.time_up = 1 if mode == A.COMPETITION else 0
    s.switched = bytearray([2] * len(hands))
    s._begin(init)
    s.events = []
    return s


def pick(s, level):
    p = s.current_player
    return bots.choose(s.observation(p), p, level, Rng(level))


def test_both_counter_when_the_striker_cannot_answer_it():
    # P1 attacks MEN; P2 holds MEN and MEN-KOTE; P1 keeps nothing against KOTE
    s = known([[MEN, DO, TSUKI], [MEN + 4, counter(MEN, KOTE), 50]])
    s.apply(A.open_action(1, MEN))
    for lv in (bots.NORMAL, bots.HARD):
        assert pick(s, lv) == A.PLAY + counter(MEN, KOTE)


def test_normal_counters_even_when_the_striker_can_answer():
    # the striker can answer KOTE: Normal (and Hard) still make the striker
    # spend a card
    s = known([[MEN, KOTE, DO], [MEN + 4, counter(MEN, KOTE), 50]])
    s.apply(A.open_action(1, MEN))
    for lv in (bots.NORMAL, bots.HARD):
        assert pick(s, lv) == A.PLAY + counter(MEN, KOTE)


def test_the_cheapest_answer_keeps_the_parry():
    # against DO: the Basic DO is cheaper to lose than the parry
    s = known([[DO, KOTE], [DO + 4, TSUBAZERIAI, MUSHIN]])
    s.apply(A.open_action(1, DO))
    for lv in (bots.NORMAL, bots.HARD):
        assert pick(s, lv) == A.PLAY + DO + 4


def test_opening_on_the_part_the_target_cannot_answer():
    # P2 answers MEN and KOTE but not DO: P1 strikes DO
    s = known([[MEN, KOTE, DO], [MEN + 4, KOTE + 4, MUSHIN]])
    for lv in (bots.NORMAL, bots.HARD):
        t, main, r = A.decode_open(pick(s, lv))
        assert (t, main) == (1, DO)


def test_targeting_the_fewest_cards_least_likely_to_answer():
    # 3 players, P1's MEN: P3 holds 1 card, P2 six; the same cards are unseen
    # by category, so P3 is less likely to hold an answer (G17)
    hands = [[MEN, KOTE], [MEN + 4, counter(MEN, DO), TSUBAZERIAI, TAI_SABAKI, MUSHIN, JODAN], [DO]]
    s = known(hands)
    for lv in (bots.NORMAL, bots.HARD):
        t, main, r = A.decode_open(pick(s, lv))
        assert t == 2


def test_switches_away_a_card_against_reinforcing_and_then_stops():
    s = KendoState(Rng(4), 2)
    s.hands[s.current_player] = bytearray(sorted([0, 5, 10, 12, 17, 22, 27, MUSHIN, 36, 42, 43, 48]))
    # (the cards are taken from wherever they were: only the bot's view matters)
    p = s.current_player
    obs = s.observation(p)
    for lv in (bots.NORMAL, bots.HARD):
        assert bots.choose(obs, p, lv, Rng(1)) == A.SWITCH + MUSHIN
    strong = KendoState(Rng(4), 2)
    strong.hands[p] = bytearray(sorted([3, 7, 11, 12, 17, 22, 27, 36, 38, 42, 43, 48]))
    for lv in (bots.NORMAL, bots.HARD):
        assert bots.choose(strong.observation(p), p, lv, Rng(1)) == A.SWITCH_DONE


def test_competition_discards_the_least_useful_card():
    s = known([[MEN, KOTE], [DO]], mode=A.COMPETITION)
    hand = [MEN, KOTE, DO + 4, counter(0, 1), counter(1, 2), counter(2, 3), JODAN, MUSHIN,
            TAI_SABAKI, TSUBAZERIAI, TSUBAZERIAI + 1, TAIATARI, 50]
    s.hands[0] = bytearray(sorted(hand))
    s.discard = bytearray(c for c in range(C.N_CARDS) if c not in hand and c != DO)
    s.phase = A.P_DISCARD
    s.current_player = 0
    for lv in (bots.NORMAL, bots.HARD):
        assert pick(s, lv) == A.DISCARD + MUSHIN


# -- the tools around the bots ---------------------------------------------


def test_strength_tool_returns_its_figures_as_data():
    from tools import kendo_strength as ks

    lines = []
    figs = ks.measure(games=4, procs=1, out=lines.append)
    ladder = {"easy_vs_random", "normal_vs_random", "hard_vs_random", "normal_vs_easy", "hard_vs_normal"}
    assert set(figs) == ladder | {k + "_competition" for k in ladder}
    for f in figs.values():
        assert f["games"] == 4 and f["wins"] + f["losses"] + f["draws"] == 4
        assert f["rate"] == f["wins"] / 4
        assert 0 <= f["low"] <= f["decided_rate"] <= f["high"] <= 1
    assert lines[0].startswith("Easy   beats Random Duel ") and " of 4 games (" in lines[0]
    assert ks.wilson(80, 100) == pytest.approx((0.7112, 0.8666), abs=1e-4)
    again = ks.measure(4, 1)
    assert {k: dict(v, seconds=0) for k, v in figs.items()} == {k: dict(v, seconds=0) for k, v in again.items()}


def test_gate_scenario_plays_its_games_under_cpython(capsys):
    here = os.path.dirname(os.path.abspath(__file__))
    ns = runpy.run_path(os.path.join(here, "..", "tools", "scenarios", "kendo_bots.py"))
    steps = sum(1 for _ in ns["run"]())
    out = [l for l in capsys.readouterr().out.splitlines() if l.startswith("RESULT ")]
    head = [l for l in out if "decisions=" in l]
    assert [l.split()[1] for l in head] == ["HHHH", "HH", "NH"]
    assert [l.split()[2] for l in head] == ["mode=0", "mode=0", "mode=1"]
    decisions = sum(int(l.split("decisions=")[1]) for l in head)
    assert steps == decisions + 3  # one step per decision, one per game's RESULT lines
    assert len(out) > 3


def _after_a_pull(players, seed):
    """A Duel of ``players`` played at random until a card is pulled from a
    hand after a failed answer: (state, the puller, the pulled, the card)."""
    state = KendoState(Rng(seed), players, A.DUEL, 0)
    pick = Rng(seed + 1)
    while not state.is_over():
        before = [bytes(h) for h in state.hands]
        state.apply(pick.choice(state.legal_actions()))
        for e in state.events:
            if e[0] == "pull":
                s, p = e[1], e[2]
                got = [c for c in state.hands[s] if c not in before[s]]
                if len(got) == 1:
                    return state, s, p, got[0]
    return None


def test_a_pulled_cards_kind_is_hidden_from_the_other_seats():
    """Issue 30 (an audit): in a Duel of 3-4, after a failed answer, the card
    pulled from a hand is known to the puller and the pulled only. A second
    state that differs only in that card's kind (the puller holds a card of
    another subdeck instead; that card's place is taken by the pulled one)
    looks the same to every third seat, field by field."""
    from engine.kendo.state import _without

    cases = 0
    for seed in range(400):
        players = 3 + seed % 2
        found = _after_a_pull(players, seed)
        if found is None:
            continue
        state, s, p, card = found
        if not state.lost[3 * p + C.DECK_OF[card]]:
            continue  # the exchange ended with the pull: ``lost`` starts again at the next
        other = KendoState.from_bytes(state.to_bytes())
        # a card of another subdeck that no third seat can see: in a subdeck
        d = C.DECK_OF[card]
        swap = next((x for k in range(3) if k != d for x in other.decks[k]), None)
        if swap is None:
            continue
        k = C.DECK_OF[swap]
        other.hands[s] = _without(other.hands[s], card)
        other.hands[s].append(swap)
        other.decks[k] = bytearray(card if x == swap else x for x in other.decks[k])  # sizes kept
        other.lost[3 * p + d] -= 1
        other.lost[3 * p + k] += 1
        for seat in range(players):
            if seat in (s, p):
                continue
            a, b = state.observation(seat), other.observation(seat)
            diff = [i for i in range(len(a)) if a[i] != b[i]]
            assert diff == [], "seed %d: seat %d sees the pulled card's kind in fields %s" % (seed, seat, diff)
            cases += 1
        if cases >= 30:
            break
    assert cases >= 30


def test_after_a_rearm_the_basic_another_seat_took_stays_hidden():
    """OPT_REARM (issue 30): when nobody can attack, every seat still in
    takes a spent Basic card from the shuffled subdeck. Which one another
    seat took is hidden: a second state where that seat holds another
    unseen Basic card (swapped with one in the subdeck) looks the same to
    every other seat, field by field, and every level chooses alike on it.
    Since the rearm also puts seen (discarded) cards back among the unseen,
    the re-deal of from_observation keeps every observation too."""
    from engine.kendo.state import _with, _without

    cases = rearms = 0
    for seed in range(60):
        players = 2 + seed % 3
        state = KendoState(Rng(seed), players, A.DUEL, A.OPT_REARM)
        pick = Rng(seed + 900)
        while not state.is_over():
            seat = state.current_player
            obs = state.observation(seat)
            assert KendoState.from_observation(obs, Rng(seed)).observation(seat) == obs
            state.apply(pick.choice(state.legal_actions()))
            if ("rearm",) not in state.events:
                continue
            rearms += 1
            for s in range(players):
                if state.eliminated[s] or not state.decks[0]:
                    continue
                mine = [c for c in state.hands[s] if c < C.COUNTER0]
                assert len(mine) == 1  # exactly the card just taken
                other = KendoState.from_bytes(state.to_bytes())
                swap = other.decks[0][0]
                other.hands[s] = _with(_without(other.hands[s], mine[0]), swap)
                other.decks[0][0] = mine[0]
                for v in range(players):
                    if v == s:
                        continue
                    a, b = state.observation(v), other.observation(v)
                    assert [i for i in range(len(a)) if a[i] != b[i]] == [], (seed, s, v)
                    if v == state.current_player:
                        for lv in LEVELS:
                            assert bots.choose(a, v, lv, Rng(lv)) == bots.choose(b, v, lv, Rng(lv))
                    cases += 1
    assert rearms >= 10 and cases >= 40
