"""The Okko computer partner (engine/okko/bots.py): legal at every level and
in every phase, only the observation and its own memory, its peeks
remembered (Normal perfectly, Hard forgetting about 1 in 4), the Court
advice from that memory and what the other partner tells it there, the fight search minimal, deterministic, and
clearly better than random play."""

import itertools

from engine.core import random_playout
from engine.okko import actions as A
from engine.okko import bots
from engine.okko import cards as C
from engine.okko import data as D
from engine.okko.state import OkkoState
from engine.rng import Rng

OKKO, NOBURO, NOSHIN, GENJI = 0, 1, 2, 3
MAX_STEPS = 6000


def adv(type_index, nth=0):
    return [c for c in range(58) if C.ADV_TYPE[c] == type_index][nth]


SELLSWORD, SPEARMAN, ELDER, ACOLYTE, FISHER, MAIKO, HERMIT, HUNTER, FERRYMAN = range(9)
INFORMANT, SAMURAI, SUMO, MIKO, TANUKI = range(9, 14)
KATANA, YARI, WARFAN, LANTERN, BEADS, KANABO, GOURD, RAINCOAT = range(14, 22)


def play(seed, levels=(2, 2), aid=0, each=None, talk=True):
    """A seeded game of two partners (who talk it over at the Court, unless
    ``talk`` is False); ``each(state, seat, action, memory)`` before every
    apply (and the other partner's memory, if it takes a fifth argument).
    Returns (state, memories, decisions)."""
    s = OkkoState(Rng(seed), aid=aid)
    rngs = (Rng(seed * 8 + 1), Rng(seed * 8 + 2))
    mem = (bytearray(16), bytearray(16))
    n = 0
    while not s.is_over():
        p = s.current_player
        a = bots.choose(s.observation(p), p, levels[p], rngs[p], mem[p], mem[1 - p] if talk else None)
        if each:
            each(s, p, a, mem[p], mem[1 - p])
        s.apply(a)
        n += 1
        assert n < MAX_STEPS, "seed %d did not end" % seed
    return s, mem, n


def test_always_legal_at_every_level():
    phases = set()

    def legal(s, p, a, m, told):
        assert p == s.current_player
        assert a in s.legal_actions(), (s.phase, a)
        phases.add(s.phase)

    for seed in range(24):
        levels = ((2, 2), (3, 3), (2, 3), (1, 3))[seed % 4]
        s, _, _ = play(seed, levels, aid=seed % 3 == 0, each=legal)
        assert s.winner() in ((0, 1), ())
        assert all(s.board_days)
    # every decision kind came up (P_DISCARD needs a "discard 1" enemy)
    assert phases >= {A.P_HERO, A.P_DISCARD, A.P_TRADE, A.P_ACTION, A.P_FIGHT, A.P_ENCOUNTER,
                      A.P_PAY, A.P_EXPLORE, A.P_REWARD, A.P_PEEK, A.P_REVEAL, A.P_COURT}


def twin(s, r):
    """The same game with the unflipped Court tokens dealt again and every
    hidden deck in another order."""
    t = OkkoState.from_bytes(s.to_bytes())
    order = [q for q in range(16) if not t.flipped[q]]
    oni = sum(t.court[q] for q in order)
    for q in order:
        t.court[q] = 0
    r.shuffle(order)
    for q in order[:oni]:
        t.court[q] = 1
    for name in ("adv_deck", "enemy_deck", "jar_deck", "exp_deck"):
        setattr(t, name, bytearray(reversed(getattr(t, name))))
    return t


def test_never_reads_the_court_nor_the_decks():
    r = Rng(99)
    compared = 0
    for seed in range(6):
        level = 2 + seed % 2

        def same(s, p, a, m, told):
            nonlocal compared
            if s.phase == A.P_REVEAL:
                return  # the peeker's own token: the only thing it may see
            t = twin(s, r)
            rng = Rng(seed * 8 + 1 + p)
            m2 = bytearray(m)
            b = bots.choose(t.observation(p), p, level, rng, m2, bytearray(told))
            assert b == a, (seed, s.phase)
            assert m2 == m
            compared += 1

        play(seed, (level, level), each=same)
    assert compared > 1000


def test_normal_remembers_every_peek_exactly():
    for seed in range(10):
        reveals = [0, 0]

        def count(s, p, a, m, told):
            if s.phase == A.P_REVEAL:
                reveals[p] += 1

        s, mem, _ = play(seed, each=count)
        for p in range(2):
            known = [q for q in range(16) if mem[p][q]]
            assert len(known) == min(reveals[p], 16)  # a new square every time
            for q in known:
                assert mem[p][q] == (2 if s.court[q] else 1)


def test_hard_forgets_about_one_peek_in_four():
    seen = forgot = 0
    for seed in range(40):
        def watch(s, p, a, m, told):
            nonlocal seen, forgot
            if s.phase == A.P_REVEAL:
                q = s.peek_sq
                seen += 1
                # choose() has just run: the square is recorded, or forgotten
                if m[q] == 0:
                    forgot += 1
                else:
                    assert m[q] == (2 if s.court[q] else 1)

        play(seed, (3, 3), each=watch)
    assert seen > 250
    assert 0.18 < forgot / seen < 0.32


def test_advice_comes_from_memory():
    s = OkkoState(Rng(4))
    mem = bytearray(16)
    mem[5] = mem[9] = 2  # believed Oni
    mem[0] = mem[15] = 1  # believed courtiers
    a0 = bots.advice(s.observation(0), mem)
    a1 = bots.advice(s.observation(1), mem)
    assert list(a0[:2]) == [5, 9] and list(a1[:2]) == [9, 5]  # each in its seat's peek order
    assert sorted(a0) == sorted(a1) == [q for q in range(16) if q not in (0, 15)]
    s.flipped[5] = 1
    s.court[5] = 1
    a = bots.advice(s.observation(0), mem)
    assert a[0] == 9 and 5 not in a
    assert list(bots.advice(s.observation(0), bytearray(16))) == list(range(16))[:5] + list(range(6, 16))
    # at the Court the partner flips its first suggestion
    s.phase = A.P_COURT
    s.current_player = 0
    assert bots.choose(s.observation(0), 0, 2, Rng(1), mem) == A.FLIP + 9


def test_partners_talk_it_over_at_the_court():
    """R28: at the Court a partner hears what the other remembers. It flips
    its own believed Oni first, then the ones its partner names, then squares
    neither knows; never one either believes is a courtier."""
    s = OkkoState(Rng(4))
    mine = bytearray(16)
    mine[5] = 2
    mine[0] = 1
    told = bytearray(16)
    told[12] = told[3] = 2  # the partner's Oni
    told[1] = told[2] = 1  # the partner's courtiers
    a = bots.advice(s.observation(0), mine, told)
    assert list(a[:3]) == [5, 3, 12]  # mine, then the partner's in my peek order
    assert list(a[3:]) == [q for q in range(16) if q not in (0, 1, 2, 3, 5, 12)]
    assert bots.advice(s.observation(0), mine, bytearray(16)) == bots.advice(s.observation(0), mine)
    s.phase = A.P_COURT
    s.current_player = 0
    assert bots.choose(s.observation(0), 0, 2, Rng(1), mine, told) == A.FLIP + 5
    s.flipped[5] = 1
    assert bots.choose(s.observation(0), 0, 2, Rng(1), mine, told) == A.FLIP + 3
    s.flipped[3] = s.flipped[12] = 1
    # left: only squares one of them believes a courtier: those, in order
    nothing = bytearray(16)
    nothing[4:16] = b"\x01" * 12
    told = bytearray(16)
    told[0:4] = b"\x01\x01\x01\x00"
    assert list(bots.advice(s.observation(0), nothing, told)) == [0, 1, 2, 4, 6, 7, 8, 9, 10, 11, 13, 14, 15]


def test_talking_at_the_court_wins_more():
    """Over the same seeded games, partners who talk it over at the Court
    turn over the Oni at least as often, and strictly more in total."""
    talked = silent = 0
    for seed in range(60):
        a, ma, _ = play(800 + seed)
        b, mb, _ = play(800 + seed, talk=False)
        assert ma == mb  # the boards play the same: only the Court differs
        talked += a.result == 1
        silent += b.result == 1
    assert talked > silent


def fight_state(hero, hand, enemy, injured=False):
    s = OkkoState(Rng(5))
    s.apply(A.HERO + hero)
    s.apply(A.HERO + (GENJI if hero != GENJI else OKKO))
    used = set(hand)
    s.hands = [bytearray(sorted(hand)), bytearray()]
    s.adv_deck = bytearray(c for c in range(58) if c not in used)
    s.adv_discard = bytearray()
    if enemy in s.enemy_deck:
        s.enemy_deck.remove(enemy)
    s.line = bytearray([enemy])
    s.phase = A.P_ACTION
    s.active = s.current_player = 0
    s.injury[0] = s.injured[0] = 1 if injured else 0
    s.traded = 3
    s.apply(A.FIGHT_LINE)
    return s


def run_builder(s):
    """Apply the partner's builder steps up to its CONFIRM; the selection."""
    for _ in range(40):
        a = bots.choose(s.observation(0), 0, 2, Rng(1), bytearray(16))
        assert a in s.legal_actions()
        if a == A.CONFIRM:
            return sorted(s.sel), s.sel_hero
        if a == A.CANCEL:
            return None
        s.apply(a)
    raise AssertionError("no CONFIRM")


def test_fight_commits_the_smallest_winning_set():
    cutthroat = [e for e in range(19) if C.enemy_f(e) == 3 and C.enemy_i(e) == 1][0]  # F3 I1
    hand = [adv(SAMURAI), adv(SELLSWORD), adv(YARI)]
    # Okko injured: the Veteran Samurai alone, not the Sellsword and the Yari
    s = fight_state(OKKO, hand, cutthroat, injured=True)
    assert run_builder(s) == ([adv(SAMURAI)], 0)
    # healthy, the hero alone does it (an injury costs less than the Samurai)
    s = fight_state(OKKO, hand, cutthroat)
    assert run_builder(s) == ([], 1)
    # Genji cannot play the Samurai (Sword): the Sellsword and the Yari
    s = fight_state(GENJI, hand, cutthroat, injured=True)
    assert run_builder(s) == (sorted([adv(SELLSWORD), adv(YARI)]), 0)
    # Equipment alone never leads
    s = fight_state(GENJI, [adv(KANABO), adv(YARI), adv(WARFAN)], cutthroat, injured=True)
    assert run_builder(s) is None


def brute_force(s):
    """The cheapest winning selection by the partner's own costs, over every
    subset of the hand and the hero (the engine's rules judge a win)."""
    o = s.observation(0)
    bots._needs(o)
    hand = list(s.hands[0])
    tf, ti = s.target_stats()[:2]
    best = 255
    heroes = (0,) if s.injured[0] else (0, 1)
    for hero in heroes:
        for k in range(len(hand) + 1):
            for sub in itertools.combinations(hand, k):
                if any(not s._selectable(c) for c in sub):
                    continue
                s.sel = bytearray(sorted(sub))
                s.sel_hero = hero
                if not s.complete():
                    continue
                bots._target(s.target)
                tokens = bots._T[3]
                if s.heroes[0] == OKKO and s.target < 128 and tf <= 2:
                    tokens = 0
                kami = any(C.card_kind(c) == 4 for c in sub)
                cost = sum(bots._kv(o, c) for c in sub)
                if hero:
                    cost = cost + (0 if kami else tokens * bots._HERO_COST)
                best = min(best, cost)
    s.sel = bytearray()
    s.sel_hero = 0
    return best


def test_fight_search_matches_brute_force():
    r = Rng(2024)
    fight_cards = [c for c in range(58) if C.card_kind(c) in (0, 1)]
    checked = wins = 0
    for trial in range(60):
        hero = r.randrange(4)
        n = 4 + r.randrange(6)
        pool = list(fight_cards)
        r.shuffle(pool)
        hand = pool[:n]
        enemy = r.randrange(59)
        board = 0 if enemy < 19 else 1 if enemy < 39 else 2
        s = fight_state(hero, hand, enemy, injured=trial % 3 == 0)
        if board:
            continue  # the state is on board 1; its enemies suffice
        o = s.observation(0)
        bots._needs(o)
        got = bots._fight(o, 0, s.target, None)
        want = brute_force(s)
        assert got == want, (trial, hero, hand, enemy)
        checked += 1
        if got < 255:
            wins += 1
            sel = run_builder(s)
            assert sel is not None
    assert checked >= 15 and wins >= 5


def test_bosses_and_needs():
    """Against Kawataro (F5 I3, NEEDS Water) the set holds a Water card."""
    s = fight_state(GENJI, [adv(SELLSWORD), adv(SPEARMAN), adv(FISHER), adv(MAIKO), adv(HUNTER)], 0)
    s.sel = bytearray()
    s.target = 128 + 0  # the boss record 0: Kawataro
    sel = run_builder(s)
    assert sel is not None
    cards, hero = sel
    assert any(C.card_element(c) == 1 for c in cards)  # Water
    assert want_cost(s, cards, hero) == brute_force(s)


def want_cost(s, cards, hero):
    o = s.observation(0)
    bots._needs(o)
    return sum(bots._kv(o, c) for c in cards) + (hero * bots._HERO_COST)


def test_deterministic():
    a, ma, na = play(31, (3, 2))
    b, mb, nb = play(31, (3, 2))
    assert a.to_bytes() == b.to_bytes() and ma == mb and na == nb


def test_two_normal_partners_beat_random_play_clearly():
    games = 30
    bot_wins = bot_peeks = 0
    rnd_wins = rnd_peeks = 0
    for g in range(games):
        s, _, _ = play(500 + g)
        bot_wins += s.result == 1
        bot_peeks += s.peeks_total
        t = OkkoState(Rng(500 + g))
        random_playout(t, Rng(g), MAX_STEPS * 4)
        rnd_wins += t.result == 1
        rnd_peeks += t.peeks_total
    assert bot_wins >= 6 and bot_wins >= rnd_wins + 5
    assert bot_peeks >= 2 * rnd_peeks


def test_terminal_log_and_balance_bench():
    import io

    import pytest

    from tools import okko_balance, play_okko

    out = io.StringIO()
    s = play_okko.play(["normal", "hard"], 3, out)
    text = out.getvalue()
    assert s.is_over()
    assert "=== Board 2" in text and "=== The Court of Pajan" in text
    assert "peeks at a token" in text and "saw:" not in text  # a spectator's log keeps the peeks secret
    out = io.StringIO()
    play_okko.play(["normal", "hard"], 3, out, reveal=True)
    assert "saw:" in out.getvalue()
    assert ("THE TEAM WINS" in text) == (s.result == 1)
    lines = []
    play_okko.play((2, 2), 3, lines.append)
    assert lines and lines[-1].startswith("Result:")
    with pytest.raises(ValueError):
        play_okko.play(["easy", "normal"], 1)  # Okko's partner has no Easy level
    f = okko_balance.measure(games=4, level=2, procs=1)
    assert f["games"] == 4 and 0 <= f["win_rate"] <= 1 and f["peeks"] > 0
    report = []
    okko_balance.report(f, report.append)
    assert report[1].lstrip().startswith("win rate")


def test_huge_hands():
    """No hand limit (G24): the searches keep 15 candidates and stay legal."""
    fight_cards = [c for c in range(58) if C.card_kind(c) in (0, 1)]
    s = fight_state(NOBURO, fight_cards, 5)
    sel = run_builder(s)
    assert sel is not None and len(sel[0]) <= 15
    s = fight_state(GENJI, fight_cards[:30], 5)
    s.hands[1] = bytearray(fight_cards[30:])
    s.sel = bytearray()
    for ph in (A.P_ACTION, A.P_TRADE):
        s.phase = ph
        s.traded = 0
        a = bots.choose(s.observation(0), 0, 2, Rng(1), bytearray(16))
        assert a in s.legal_actions()


def test_dead_cards_go_first():
    """A card of a class neither hero has is worth least (it is discarded
    first): the partner keeps what the team can play."""
    s = OkkoState(Rng(3))
    while s.phase == A.P_HERO:
        s.apply(bots.choose(s.observation(s.current_player), s.current_player, 2, Rng(1), bytearray(16)))
    o = s.observation(0)
    classes = (C.hero_class(o[A.O_HEROES][0]), C.hero_class(o[A.O_HEROES][1]))
    bots._needs(o)
    dead = [c for c in range(58) if C.field(c, 4) and C.field(c, 4) not in classes]
    live = [c for c in range(58) if C.field(c, 0) != 2 and not C.field(c, 4)]
    assert dead and live
    assert all(bots._kv(o, c) == 1 for c in dead)
    assert min(bots._kv(o, c) for c in live) > 1


def test_levels_named_by_what_they_do_and_saves_keep_their_numbers(tmp_path):
    """Level 2 is the Steady partner and 3 the Forgetful one in the setup
    (the numbers are the saves'); a setup saved with either still loads."""
    from sanbon import games
    from sim_helpers import choose, set_rows
    from tools.sim import Sim

    assert (games.OKKO.seat_name(2), games.OKKO.seat_name(3)) == ("Steady", "Forgetful")
    assert games.KYUDO.seat_name(3) == "Hard"  # the other games keep theirs
    for seats in ([0, 2], [0, 3], [2, 3]):
        c = games.Config(games.OKKO, 2, 0, seats)
        assert games.Config.from_bytes(games.OKKO, c.to_bytes()).seats == seats
    sim = Sim("pico_display2", seed=1, nvm_path=str(tmp_path / "n"), render=False)
    choose(sim, "Okko: Oni Hunters")
    text = sim.visible_text()
    assert "P2: Computer (Steady)" in text and "Normal" not in " ".join(text)
    set_rows(sim, ["P2: Computer (Forgetful)"])
    assert sim.app.top.config.seats == [0, 3]



def test_the_choices_made_for_the_player_are_counted_and_the_engine_restored():
    from engine.okko.state import OkkoState
    from tools import okko_choices

    tanuki, heal = OkkoState._tanuki, OkkoState._heal_one
    n = okko_choices.measure(20)
    assert OkkoState._tanuki is tanuki and OkkoState._heal_one is heal
    assert 0 <= n["tanuki_choice"] <= n["tanuki"] and 0 <= n["miko_choice"] <= n["miko"]
    assert n["miko"] > 0 and n["draw2"] > 0 and n["draw2_new_summoner"] <= n["draw2"]


def _board2_after_gozan(day):
    """Board 2 on the Outer Palisade, Gozan beaten, its encounters done, a line
    of 4 (one below the size that costs a day) the partner's hand can beat."""
    s = OkkoState(Rng(5))
    s.apply(A.HERO + GENJI)
    s.apply(A.HERO + OKKO)
    s._setup_board(1)
    s.loc = 3
    s.boss_dead = 1 << 3
    s.encounters = 4
    hand = [c for c in range(58) if C.card_kind(c) == 0 and C.field(c, 1) >= 2][:6]
    s.hands = [bytearray(sorted(hand)), bytearray()]
    s.adv_deck = bytearray(c for c in range(58) if c not in hand)
    s.adv_discard = bytearray()
    weak = [e for e in s.enemy_deck if C.enemy_f(e) <= 3 and C.enemy_i(e) <= 1 and not C.enemy_power(e)][:4]
    for e in weak:
        s.enemy_deck.remove(e)
    s.line = bytearray(weak)
    s.phase = A.P_ACTION
    s.active = s.current_player = 0
    s.traded = 3
    s.day = day
    return s


def test_the_partner_heads_for_the_last_location_when_the_days_run_short():
    """Issue 30: on boards 2 and 3 the partner moves on before fighting the
    line's pressure once the days left come within its margin of what the way
    to the final boss needs (here 2 arrows of 3 and the boss: about 5 days,
    margin 5); with days to spare it fights the line first."""
    for day, want in ((5, A.FIGHT_LINE), (10, A.FIGHT_LINE), (11, A.MOVE + 3), (16, A.MOVE + 3)):
        s = _board2_after_gozan(day)
        o = s.observation(0)
        assert len(o[A.O_LINE]) == D.SIEGE_1 - 1
        a = bots.choose(o, 0, 2, Rng(1), bytearray(16))
        assert a in s.legal_actions()
        assert a == want, (day, a)
    keep = bots._MARGIN
    try:
        bots._MARGIN = b"\x00\x00\x00"  # a partner that never plans for the boss
        s = _board2_after_gozan(16)
        assert bots.choose(s.observation(0), 0, 2, Rng(1), bytearray(16)) == A.FIGHT_LINE
    finally:
        bots._MARGIN = keep


def test_balance_tool_plays_for_the_boss_and_restores_the_partner():
    from tools import okko_balance

    keep = bots._MARGIN
    f = okko_balance.measure(games=3, level=2, procs=1, seed0=40000, boss_path=True)
    assert f["boss_path"] and f["seed0"] == 40000 and f["games"] == 3
    assert bots._MARGIN == keep
    report = []
    okko_balance.report(f, report.append)
    assert "seeds 40000-40002" in report[0] and "--boss-path" in report[0]


def test_balance_tool_plays_without_the_plan_and_restores_the_partner():
    """Issue 30's fifth goal: --no-plan plays the partner with margin 0 on
    every board (it never heads for the last location for the days)."""
    from tools import okko_balance

    ob = okko_balance.bots  # the module the tool plays (another test may have loaded engine.okko.bots anew)
    keep = ob._MARGIN
    seen = []
    choose = ob.choose

    def spy(*a, **k):
        seen.append(bytes(ob._MARGIN))
        return choose(*a, **k)

    ob.choose = spy
    try:
        f = okko_balance.measure(games=2, level=2, procs=1, seed0=40000, no_plan=True)
    finally:
        ob.choose = choose
    assert seen and set(seen) == {b"\x00\x00\x00"} and ob._MARGIN == keep
    assert f["no_plan"] and not f["boss_path"] and f["games"] == 2
    report = []
    okko_balance.report(f, report.append)
    assert "seeds 40000-40001" in report[0] and "--no-plan" in report[0]
    assert okko_balance.main(["--games", "1", "--procs", "1", "--no-plan"]) == 0
