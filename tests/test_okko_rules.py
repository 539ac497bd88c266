"""Okko: Oni Hunters rules: the digest's scenarios O1-O24 (section 7), the
content counts (section 6), illegal actions and saves."""

import pytest

from engine.core import BadSave, IllegalAction
from engine.okko import actions as A
from engine.okko import cards as C
from engine.okko import data as D
from engine.okko.state import OkkoState
from engine.rng import Rng

OKKO, NOBURO, NOSHIN, GENJI = D.OKKO, D.NOBURO, D.NOSHIN, D.GENJI


def adv(type_index, nth=0):
    """The nth Adventure card id of a type (ADV_NAMES order)."""
    ids = [c for c in range(58) if C.ADV_TYPE[c] == type_index]
    return ids[nth]


SELLSWORD, SPEARMAN, ELDER, ACOLYTE, FISHER, MAIKO, HERMIT, HUNTER, FERRYMAN = range(9)
INFORMANT, SAMURAI, SUMO, MIKO, TANUKI = range(9, 14)
KATANA, YARI, WARFAN, LANTERN, BEADS, KANABO, GOURD, RAINCOAT = range(14, 22)
OFUDA, MARCH, ONSEN, OMEN, MESSENGER, FESTIVAL = range(22, 28)


def enemy_of(name, board=None):
    from engine.okko import names

    t = names.ENEMY_NAMES.index(name)
    return [e for e in range(59) if C.ENEMY_TYPE[e] == t][0]


def make(heroes=(OKKO, NOBURO), hands=((), ()), line=(), seed=1, day=3, board=0):
    """A state at seat 0's P_ACTION with exactly these hands and line; the
    other Adventure cards in the deck."""
    s = OkkoState(Rng(seed))
    s.apply(A.HERO + heroes[0])
    s.apply(A.HERO + heroes[1])
    if board:
        s._setup_board(board)
    used = set(c for h in hands for c in h if c < 64)
    s.hands = [bytearray(sorted(h)) for h in hands]
    s.adv_deck = bytearray(c for c in range(58) if c not in used)
    s.adv_discard = bytearray()
    for e in line:
        s.enemy_deck.remove(e) if e in s.enemy_deck else None
    s.line = bytearray(line)
    s.day = day
    s.phase = A.P_ACTION
    s.active = s.current_player = 0
    s.events = []
    return s


def cards_conserved(s):
    adv_ids = sorted(c for b in (s.hands[0], s.hands[1], s.adv_deck, s.adv_discard)
                     for c in b if c < 64)
    return adv_ids == list(range(58))


def test_content_counts():
    assert len(C.ADV_TYPE) == 58 and len(C.ENEMY_TYPE) == 59 and len(C.JAR_TYPE) == 12
    kinds = [C.card_kind(c) for c in range(58)]
    assert (kinds.count(D.ALLY), kinds.count(D.EQUIPMENT), kinds.count(D.SPECIAL)) == (30, 18, 10)
    assert [D.ENEMY_FIRST[b + 1] - D.ENEMY_FIRST[b] for b in range(3)] == [19, 20, 20]
    assert [D.SUP_FIRST[b + 1] - D.SUP_FIRST[b] for b in range(3)] == [5, 6, 6]
    assert len(D.SUPPORTS) // 8 == 17 and len(D.BOSSES) // 7 == 5
    assert sorted(D.EXPLORE) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4]
    assert [C.support_board(D.SUP_FIRST[b + 1] - 1) for b in range(3)] == [0, 1, 2]
    assert all(C.card_kind(64 + D.SUP_FIRST[b + 1] - 1) == D.KAMI for b in range(3))
    elements = [C.card_element(c) for c in range(58)]
    assert [elements.count(e) for e in (D.FIRE, D.EARTH, D.WATER, D.AIR, D.VOID)] == [9, 12, 11, 9, 7]
    assert sum(1 for j in range(12) if C.jar_fx(j) == D.FX_EXTRA_ATTEMPT) == 2


def test_o1_new_game():
    s = OkkoState(Rng(3))
    assert sum(s.court) == 3 and len(s.court) == 16
    assert s.day == 3 and [len(h) for h in s.hands] == [6, 6]
    assert s.board == 0 and s.loc == 0 and s.phase == A.P_HERO and s.current_player == 0
    s.apply(A.HERO + GENJI)
    assert A.HERO + GENJI not in s.legal_actions()  # the heroes differ
    s.apply(A.HERO + OKKO)
    assert s.heroes == bytearray((GENJI, OKKO)) and s.day == 3
    # seat 0's first turn: an enemy, an Adventure card, then the trade
    assert len(s.line) == 1 and len(s.hands[0]) == 7 and s.phase == A.P_TRADE
    assert cards_conserved(s)


def test_o2_draw_two():
    e = [enemy_of("Kappa Brawler"), enemy_of("Drunken Bandit")]
    s = make(line=e, hands=((adv(SELLSWORD),), ()))
    s._end_turn()  # seat 1's turn starts: an enemy joins, then the draw
    assert len(s.line) == 3 and len(s.hands[1]) == 1
    s.apply(A.TRADE_DONE)
    day = s.day
    s.apply(A.DRAW2)
    assert len(s.hands[1]) == 3 and s.day == day + 1


def _line_of(n, board=0):
    first = D.ENEMY_FIRST[board]
    quiet = [e for e in range(first, first + 19) if C.enemy_power(e) == 0]
    return quiet[:n]


def test_o3_line_of_five_costs_a_day_before_the_enemy_draw():
    s = make(line=_line_of(5))
    s.enemy_deck = bytearray(e for e in s.enemy_deck if C.enemy_power(e) == 0)
    s._end_turn()
    assert ("pressure", 1) in s.events
    assert s.events.index(("pressure", 1)) < [i for i, ev in enumerate(s.events) if ev[0] == "enemy"][0]
    assert s.day == 4  # +1 pressure
    s.apply(A.TRADE_DONE)
    s.apply(A.REST)
    assert ("day", 5) in s.events  # the action costs one more


def test_o4_pressure_is_not_cumulative():
    s = make(line=_line_of(6))
    s.enemy_deck = bytearray(e for e in s.enemy_deck if C.enemy_power(e) == 0)
    s._end_turn()
    assert ("pressure", 1) in s.events and len(s.line) == 7
    s.apply(A.TRADE_DONE)
    s.apply(A.REST)
    assert ("pressure", 2) in s.events  # the next turn: 2
    s.line = bytearray(_line_of(9))
    s.apply(A.TRADE_DONE)
    s.apply(A.REST)
    assert ("pressure", 2) in s.events  # 10 in the line still 2


def deck(*top):
    """An exploration deck whose last cards (drawn first, last one first)
    are ``top``, over enough other cards that no mid-test reshuffle happens."""
    rest = [x for x in range(13) if x not in top]
    return bytearray(rest + list(top))


def _fight(s, cards, hero=False):
    s.apply(A.FIGHT_LINE)
    for c in cards:
        s.apply(A.TOGGLE + c)
    if hero:
        s.apply(A.TOGGLE_HERO)


def test_o5_ally_and_equipment_beat_an_enemy():
    e = [t for t in range(19) if (C.enemy_f(t), C.enemy_i(t)) == (3, 1)][0]  # Inn Cutthroat
    ally, yari = adv(SELLSWORD), adv(YARI)
    s = make(hands=((ally, yari), ()), line=[e])
    _fight(s, (ally, yari))
    assert s.totals() == (3, 1, 1) and A.CONFIRM in s.legal_actions()
    s.apply(A.CONFIRM)
    assert e in s.enemy_discard and e not in s.line
    assert ally in s.adv_discard and yari in s.adv_discard
    assert list(s.injury) == [0, 0] and s.defeated_total == 1


def test_o6_equipment_alone_is_rejected():
    e = enemy_of("Kappa Brawler")  # F2 I0
    s = make(hands=((adv(KATANA), adv(YARI)), ()), heroes=(OKKO, GENJI), line=[e])
    _fight(s, (adv(KATANA), adv(YARI)))
    assert s.totals()[0] >= 2 and A.CONFIRM not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(A.CONFIRM)


def test_o7_okko_alone_lacks_investigation():
    e = [t for t in range(19) if (C.enemy_f(t), C.enemy_i(t)) == (3, 2)][0]  # Wanyudo
    s = make(line=[e])
    _fight(s, (), hero=True)
    assert s.totals() == (3, 1, 1) and A.CONFIRM not in s.legal_actions()


def test_o8_hero_injury_timeline():
    e = enemy_of("Inn Cutthroat")  # F3 I1
    s = make(heroes=(NOBURO, OKKO), hands=((adv(FISHER),), ()), line=[e])
    _fight(s, (adv(FISHER),), hero=True)
    s.apply(A.CONFIRM)  # turn N: Noburo fights
    assert s.injury[0] == 1 and s.injured[0] == 1  # flipped at the end of N
    s.apply(A.TRADE_DONE)  # seat 1's turn
    s.apply(A.REST)
    assert s.active == 0 and s.start_injured == 1
    s.apply(A.TRADE_DONE)
    if s.line:
        s.apply(A.FIGHT_LINE)
        assert A.TOGGLE_HERO not in s.legal_actions()  # turn N+1: cannot fight
        s.apply(A.CANCEL)
    s.apply(A.REST)
    assert s.injury[0] == 0 and s.injured[0] == 0  # healed at the end of N+1


def test_o9_newest_enemy_first():
    line = _line_of(4)
    s = make(line=line, hands=((adv(SAMURAI), adv(ELDER), adv(MAIKO)), ()))
    s.apply(A.FIGHT_LINE)
    assert s.target == line[-1]
    assert not any(a == A.TOGGLE + line[0] for a in s.legal_actions())


def test_o10_sixth_enemy_gives_a_peek():
    e = enemy_of("Kappa Brawler")  # F2 I0
    s = make(hands=((adv(SPEARMAN),), ()), line=[e])
    s.pile = 5
    _fight(s, (adv(SPEARMAN),))
    s.apply(A.CONFIRM)
    assert s.pile == 0 and s.phase == A.P_PEEK and s.current_player == 0
    s.apply(A.PEEK + 5)
    obs0, obs1 = s.observation(0), s.observation(1)
    assert obs0[A.O_REVEAL] == (5, s.court[5]) and obs1[A.O_REVEAL] is None
    s.apply(A.SEEN)
    assert s.phase == A.P_TRADE and s.active == 1  # then the turn ended


def test_o11_encounter_exact_cards():
    sumo, sellsword, yari = adv(SUMO), adv(SELLSWORD), adv(YARI)
    s = make(heroes=(NOBURO, OKKO), hands=((sumo, sellsword, yari, adv(ELDER)), ()))
    s.encounters = 2  # board 1, encounter 3: ALLY + EARTH
    s.apply(A.ENCOUNTER)
    s.apply(A.TOGGLE + sumo)  # a Sumo Wrestler is an Earth Ally: 1 card
    assert A.CONFIRM in s.legal_actions()
    s.apply(A.TOGGLE + sumo)
    s.apply(A.TOGGLE + sellsword)
    s.apply(A.TOGGLE + yari)  # Sellsword (Ally) + Yari (Earth): 2 cards
    assert A.CONFIRM in s.legal_actions()
    s.apply(A.TOGGLE + adv(ELDER))  # a 3rd card that is not needed
    assert A.CONFIRM not in s.legal_actions()
    s.apply(A.TOGGLE + adv(ELDER))
    s.apply(A.CONFIRM)
    assert s.encounters == 3 and sellsword in s.adv_discard and sumo in s.hands[0]


def test_o12_encounters_in_order():
    s = make(hands=((adv(SPEARMAN),), ()))  # ALLY + EARTH is encounter 3, #1 is ALLY + WATER
    s.apply(A.ENCOUNTER)
    assert C.encounter(0, s.encounters)[0] == bytes((D.R_ALLY, D.R_ELEMENT + D.WATER))
    s.apply(A.TOGGLE + adv(SPEARMAN))
    assert A.CONFIRM not in s.legal_actions()


def test_o13_last_encounter_gives_a_peek_to_its_player():
    cards = (adv(SELLSWORD), adv(HUNTER), adv(ACOLYTE))  # Fire, Air, Void
    s = make(hands=((), cards))
    s.active = s.current_player = 1
    s.encounters = 3
    s.apply(A.ENCOUNTER)
    for c in cards:
        s.apply(A.TOGGLE + c)
    s.apply(A.CONFIRM)
    assert s.encounters == 4
    assert s.phase == A.P_REWARD  # reward 4: a free support, then the peek
    s.apply(A.SUPPORT + s.supply[0])
    assert s.phase == A.P_PEEK and s.current_player == 1 and s.peeks == 1


def test_o14_exploration_bank():
    s = make(seed=4)
    s.apply(A.MOVE + 0)  # K0 -> K1, yellow 3... use a value-4 arrow instead
    s.phase = A.P_ACTION
    s.loc = 3  # K3 -> K4 is Y4; pay PAY(FIGHT,3) counts as paid
    s.paid = 1
    s.bank = 0
    s.apply(A.MOVE + 3)
    s.exp_deck = deck(0, 3)  # top = last: a 2 (id 3), then a 1 (id 0)
    s.apply(A.DRAW)
    s.apply(A.DRAW)
    assert s.run == 3
    s.apply(A.STOP)
    assert s.bank == 3 and s.loc == 3  # 3 < 4: kept
    s.phase = A.P_ACTION
    s.active = s.current_player = 0
    s.apply(A.MOVE + 3)
    s.exp_deck = deck(1)
    s.apply(A.DRAW)
    s.apply(A.STOP)
    assert s.loc == 4 and s.bank == 0


def test_o15_fail_loses_the_run_keeps_the_bank():
    s = make()
    s.bank = 2
    s.apply(A.MOVE + 0)
    s.exp_deck = deck(12, 7)  # a 3, then FAIL
    s.apply(A.DRAW)
    assert s.run == 3
    day = s.day
    s.apply(A.DRAW)
    assert s.bank == 2 and s.run == 0 and s.loc == 0 and s.day == day + 1
    assert s.active == 1  # the action, and the turn, ended


def test_o16_leave_cost_must_be_paid():
    s = make(hands=((adv(ELDER),), ()))  # Inv 2 < PAY(INV, 3)
    s.loc = 2
    assert not any(A.MOVE <= a < A.JAR for a in s.legal_actions())
    s.hands[0] = bytearray(sorted((adv(ELDER), adv(FERRYMAN))))  # Inv 4
    moves = [a for a in s.legal_actions() if A.MOVE <= a < A.JAR]
    assert moves
    s.apply(moves[0])
    assert s.phase == A.P_PAY and A.CONFIRM not in s.legal_actions()
    s.apply(A.TOGGLE + adv(ELDER))
    assert A.CONFIRM not in s.legal_actions()
    s.apply(A.TOGGLE + adv(FERRYMAN))
    s.apply(A.CONFIRM)
    assert s.paid == 1 and s.phase == A.P_EXPLORE and not s.hands[0]


def test_o17_middle_boss_blocks_the_move():
    s = make(board=1)
    s.loc = 3  # B3, Gozan
    acts = s.legal_actions()
    assert A.FIGHT_BOSS in acts and not any(A.MOVE <= a < A.JAR for a in acts)
    s.boss_dead |= 1 << 3
    assert any(A.MOVE <= a < A.JAR for a in s.legal_actions())


def test_o18_noshin_summons():
    for fail in (False, True):
        s = make(heroes=(NOSHIN, OKKO))
        assert A.SUMMON_HERO in s.legal_actions()
        day = s.day
        s.apply(A.SUMMON_HERO)
        s.exp_deck = deck(10) if fail else deck(3, 4)  # FAIL / 2, 2
        s.apply(A.DRAW)
        if not fail:
            s.apply(A.DRAW)
            s.apply(A.STOP)
            assert 64 + 4 in s.hands[0] and s.kami == 1 and s.day == day
        else:
            assert s.day == day + 1 and s.injury[0] == 1 and not s.kami
        assert s.phase == A.P_ACTION and A.SUMMON_HERO not in s.legal_actions()


def test_o19_day_twenty_ends_the_board():
    s = make(day=19, hands=((adv(ELDER),), (adv(FISHER),)))
    s.hands[0] = bytearray(sorted((adv(ELDER), 64)))  # a board-1 support in hand
    s.supply.remove(0)
    s.apply(A.REST)
    assert s.board_days[0] == 20 and s.phase == A.P_HERO and s.board == 1 and s.day == 3
    assert s.current_player == 1  # P2 starts board 2
    assert list(s.hands[0]) == [adv(ELDER)]  # the support went back to the box
    s.apply(A.HERO + NOBURO)  # P2 keeps Noburo: free
    s.apply(A.HERO + GENJI)  # P1 changes Okko -> Genji: 1 day
    assert s.day == 3 + 1 and s.active == 1 and s.loc == 0


def test_o20_final_boss_with_days_left():
    big = [adv(SAMURAI), adv(SAMURAI, 1), adv(FERRYMAN), adv(FISHER), adv(MAIKO)]
    s = make(day=15, hands=(big, ()))  # F 3+3+1+1+0 = 8, I 1+1+2+1+3 = 8, Water
    s.loc = 5
    s.apply(A.FIGHT_BOSS)
    for c in big:
        s.apply(A.TOGGLE + c)
    jars = len(s.jars)
    s.apply(A.CONFIRM)
    assert s.finals[0] == 1 and s.peeks == 2 and s.phase == A.P_PEEK
    assert len(s.jars) == jars + 1 and s.spirit_jars() == 1  # R18: and a Spirit Jar
    s.apply(A.PEEK + 0)
    s.apply(A.SEEN)
    s.apply(A.PEEK + 1)
    s.apply(A.SEEN)
    assert s.board == 1 and s.day == 1 and s.board_days[0] == 16


def test_a_final_boss_gives_a_spirit_jar_only_while_one_is_left():
    big = [adv(SAMURAI), adv(SAMURAI, 1), adv(FERRYMAN), adv(FISHER), adv(MAIKO)]
    s = make(day=15, hands=(big, ()))
    spirit = [j for j in range(12) if C.jar_fx(j) == D.FX_EXTRA_ATTEMPT]
    s.jar_deck = bytearray(j for j in s.jar_deck if j not in spirit)  # both already drawn and used
    s.jar_discard.extend(spirit)
    deck = bytes(s.jar_deck)
    s.loc = 5
    s.apply(A.FIGHT_BOSS)
    for c in big:
        s.apply(A.TOGGLE + c)
    s.apply(A.CONFIRM)
    assert s.finals[0] == 1 and s.peeks == 2
    assert bytes(s.jar_deck) == deck and s.spirit_jars() == 0


def test_o21_rotation_changes_the_view_only():
    s = make()
    court = bytes(s.court)
    kitsune = enemy_of("Kitsune Deceiver")
    s.enemy_deck = bytearray(e for e in s.enemy_deck if e != kitsune) + bytes((kitsune,))
    s.apply(A.REST)
    assert s.orient == 1 and bytes(s.court) == court
    assert C.board_to_display(0, 1) == 3 and C.display_to_board(3, 1) == 0


def _court(s, oni=(0, 1, 2), jars=0):
    s.court = bytearray(16)
    for q in oni:
        s.court[q] = 1
    spirit = [j for j in range(12) if C.jar_fx(j) == D.FX_EXTRA_ATTEMPT]
    s.jars = bytearray(spirit[:jars])
    s.phase = A.P_COURT
    s.current_player = s.court_turn = 0


def test_o22_three_oni_win():
    s = make()
    _court(s)
    for q in (0, 1, 2):
        s.apply(A.FLIP + q)
    assert s.is_over() and s.winner() == (0, 1)


def test_o23_courtier_loses_unless_a_spirit_jar():
    s = make()
    _court(s)
    s.apply(A.FLIP + 0)
    s.apply(A.FLIP + 9)
    assert s.is_over() and s.winner() == ()
    s = make()
    _court(s, jars=1)
    s.apply(A.FLIP + 0)
    s.apply(A.FLIP + 9)
    assert not s.is_over() and s.spirit_jars() == 0
    s.apply(A.FLIP + 1)
    s.apply(A.FLIP + 2)
    assert s.winner() == (0, 1)


def test_o24_empty_adventure_deck_reshuffles():
    s = make()
    s.adv_discard = s.adv_deck
    s.adv_deck = bytearray()
    s.apply(A.DRAW2)
    assert len(s.hands[0]) == 2 and cards_conserved(s)


def test_illegal_actions_change_nothing():
    s = make(hands=((adv(KATANA),), ()), line=[enemy_of("Kappa Brawler")])
    before = s.to_bytes()
    for a in (A.CONFIRM, A.FIGHT_BOSS, A.SEEN, A.FLIP + 3, A.TAKE + 1, 5000):
        with pytest.raises(IllegalAction):
            s.apply(a)
        assert s.to_bytes() == before


def test_save_round_trip_and_bad_saves():
    s = OkkoState(Rng(9))
    r = Rng(2)
    for _ in range(400):
        if s.is_over():
            break
        data = s.to_bytes()
        t = OkkoState.from_bytes(data)
        assert t.to_bytes() == data and t.legal_actions() == s.legal_actions()
        a = r.choice(s.legal_actions())
        s.apply(a)
        t.apply(a)
        assert t.to_bytes() == s.to_bytes()
    data = s.to_bytes()
    with pytest.raises(BadSave):
        OkkoState.from_bytes(data[:-1])
    with pytest.raises(BadSave):
        OkkoState.from_bytes(bytes([2]) + data[1:])


def test_a_save_with_an_out_of_range_hero_or_square_is_refused():
    # tools/soak.py's store fuzz found a CRC-valid save with a hero out of
    # range: it loaded, then a hero table lookup raised
    from engine.core import BadSave
    from engine.okko.state import OkkoState
    from engine.rng import Rng

    st = OkkoState(Rng(4))
    assert OkkoState.from_bytes(st.to_bytes()).to_bytes() == st.to_bytes()
    for name, value in (("heroes", 9), ("loc", 6), ("orient", 4)):
        bad = OkkoState.from_bytes(st.to_bytes())
        if name == "heroes":
            bad.heroes[0] = value
        else:
            setattr(bad, name, value)
        with pytest.raises(BadSave):
            OkkoState.from_bytes(bad.to_bytes())


def test_a_save_with_an_out_of_range_encounter_or_target_is_refused():
    # the full-size store fuzz (tools/soak.py, 100,000 corruptions) found
    # CRC-valid saves with the encounter count at 64 and a boss target past the
    # table: each loaded, then the play screen's lookups raised IndexError
    from engine.core import BadSave
    from engine.okko import data as D
    from engine.okko.state import OkkoState
    from engine.rng import Rng

    st = OkkoState(Rng(4))
    first = D.ENEMY_FIRST[st.board]
    for name, value in (("encounters", 64), ("encounters", D.N_ENCOUNTERS + 1), ("target", 128 + len(D.BOSSES) // 7),
                        ("target", 250), ("target", D.ENEMY_FIRST[st.board + 1])):
        bad = OkkoState.from_bytes(st.to_bytes())
        setattr(bad, name, value)
        with pytest.raises(BadSave, match="encounter or target"):
            OkkoState.from_bytes(bad.to_bytes())
    ok = OkkoState.from_bytes(st.to_bytes())
    ok.encounters = D.N_ENCOUNTERS
    assert OkkoState.from_bytes(ok.to_bytes()).to_bytes() == ok.to_bytes()
    # a target only in a fight: the newest enemy, or the boss here
    s = make(line=[first, first + 1])
    s.apply(A.FIGHT_LINE)
    assert OkkoState.from_bytes(s.to_bytes()).target == first + 1
    for value in (first, A.NONE, 128):
        s.target = value
        with pytest.raises(BadSave, match="encounter or target"):
            OkkoState.from_bytes(s.to_bytes())
    s = make()
    s.loc = 5  # Kawataro's pond
    s.apply(A.FIGHT_BOSS)
    assert OkkoState.from_bytes(s.to_bytes()).target == 128
    s.apply(A.CANCEL)
    s.target = 128  # not in a fight
    with pytest.raises(BadSave, match="encounter or target"):
        OkkoState.from_bytes(s.to_bytes())


# -- decisions beyond the digest (docs/rules/okko.md, "Decisions of issue 17") --
def _late_turn(day=17):
    """Seat 0 rests at ``day`` with 7 enemies in line: seat 1's turn starts
    with the line's 2 days, on square ``day`` + 3; seat 1 holds a Swift
    Messenger and the team a Sake Jar. Returns the state at seat 1's P_ACTION."""
    line = [e for e in range(19) if C.enemy_power(e) == D.PW_NONE][:8]
    s = make(day=day, line=line[:7], hands=((adv(ELDER),), (adv(MESSENGER),)))
    s.enemy_deck = bytearray(line[7:])  # a plain enemy comes next
    sake = [j for j in range(12) if C.jar_fx(j) == D.FX_DAY][0]
    s.jar_deck.remove(sake)
    s.jars = bytearray([sake])
    s.apply(A.REST)
    assert s.active == 1 and s.phase == A.P_TRADE
    s.apply(A.TRADE_DONE)
    return s, sake


def test_the_day_track_stays_on_square_20_and_carries_nothing():
    # refereed games: a Sake Jar and a Swift Messenger after square 20 gave
    # the next board the full carry (7 boards of 621)
    s, sake = _late_turn()
    assert s.day == 20 and s.board_end
    s.apply(A.JAR + sake)  # legal, but the days do not come back
    assert s.day == 20
    s.apply(A.SPECIAL + adv(MESSENGER))
    assert s.board == 1 and s.phase == A.P_HERO and s.board_days[0] == 20
    assert s.day == D.START  # nothing carried


def test_days_won_back_before_square_20_still_count():
    s, sake = _late_turn(day=15)  # seat 1 starts on 18
    assert s.day == 18 and not s.board_end
    s.apply(A.JAR + sake)
    assert s.day == 17
    s.apply(A.SPECIAL + adv(MESSENGER))  # 17 - 2, + 1 for the action; then seat 0's line costs 2
    assert ("day", 15) in s.events and ("day", 16) in s.events and s.board == 0 and s.day == 18


def test_the_partner_keeps_its_day_cards_on_square_20():
    from engine.okko import bots

    s, sake = _late_turn()
    a = bots.choose(s.observation(1), 1, bots.NORMAL, Rng(1), bytearray(16))
    assert a != A.JAR + sake and a != A.SPECIAL + adv(MESSENGER)


def _between_boards():
    s = make(day=19, heroes=(OKKO, NOBURO), hands=((adv(ELDER),), (adv(FISHER),)))
    s.apply(A.REST)
    assert s.board == 1 and s.phase == A.P_HERO and s.current_player == 1 and s.day == 3
    return s


def test_partners_may_swap_heroes_between_boards():
    # the rulebook: "Players can choose to change their HERO card"; the first
    # chooser used to be refused the partner's hero, so no swap was possible
    s = _between_boards()
    assert [a - A.HERO for a in s.legal_actions()] == [OKKO, NOBURO, NOSHIN, GENJI]
    s.apply(A.HERO + OKKO)  # seat 1 takes seat 0's hero
    assert [a - A.HERO for a in s.legal_actions()] == [NOBURO, NOSHIN, GENJI]  # seat 0 must change
    s.apply(A.HERO + NOBURO)
    assert list(s.heroes) == [NOBURO, OKKO] and s.phase != A.P_HERO
    assert s.day == 3 + 2 * D.HERO_CHANGE_DAYS  # two heroes changed


def test_the_second_chooser_never_takes_the_first_choosers_hero():
    s = _between_boards()
    s.apply(A.HERO + GENJI)
    assert A.HERO + GENJI not in s.legal_actions() and A.HERO + OKKO in s.legal_actions()
    s = OkkoState(Rng(3))  # the first board too
    s.apply(A.HERO + NOSHIN)
    assert A.HERO + NOSHIN not in s.legal_actions()


def test_the_hero_list_says_what_a_swap_costs():
    from sanbon import okko_words as W

    s = _between_boards()
    assert W.label(s, A.HERO + OKKO, 28).endswith("(swap: 2 days)")
    assert W.label(s, A.HERO + NOBURO, 28).endswith("(keep)")
    assert W.label(s, A.HERO + GENJI, 28).endswith("(1 day)")


def _saved_mid_board():
    s = OkkoState(Rng(5))
    r = Rng(6)
    while not (s.board == 1 and s.jars and s.supply and s.phase == A.P_ACTION and s.line):
        s.apply(r.choice(s.legal_actions()))
    return s


def _corrupt(s, **changes):
    bad = OkkoState.from_bytes(s.to_bytes())
    for name, value in changes.items():
        if callable(value):
            value(bad)
        else:
            setattr(bad, name, value)
    return bad.to_bytes()


@pytest.mark.parametrize("what", [
    "support in hand", "support id 255", "adventure in the deck", "support in the supply", "support twice",
    "support discard", "jar", "jar deck", "jar discard", "jar twice", "exploration", "exploration twice",
    "selection", "summoner", "arrow", "court turn", "next player", "enemy twice", "hero none", "same heroes",
])
def test_a_save_with_any_id_out_of_range_is_refused(what):
    # a save with a Support card id of 17 or more loaded, then legal_actions()
    # raised IndexError: every id field is checked now
    s = _saved_mid_board()
    assert OkkoState.from_bytes(s.to_bytes()).legal_actions() == s.legal_actions()
    sup = s.supply[0]
    change = {
        "support in hand": dict(hands=[s.hands[0] + bytes([D.SUPPORT0 + D.N_SUP]), s.hands[1]]),
        "support id 255": dict(hands=[s.hands[0] + bytes([255]), s.hands[1]]),
        "adventure in the deck": dict(adv_deck=s.adv_deck + bytes([D.SUPPORT0])),
        "support in the supply": dict(supply=s.supply + bytes([D.N_SUP])),
        "support twice": dict(hands=[s.hands[0] + bytes([D.SUPPORT0 + sup]), s.hands[1]]),
        "support discard": dict(sup_discard=bytearray([D.N_SUP + 3])),
        "jar": dict(jars=s.jars + bytes([12])),
        "jar deck": dict(jar_deck=s.jar_deck + bytes([40])),
        "jar discard": dict(jar_discard=bytearray([12])),
        "jar twice": dict(jar_discard=bytearray(s.jars[:1])),
        "exploration": dict(exp_discard=s.exp_discard + bytes([D.N_EXPLORE])),
        "exploration twice": dict(exp_discard=s.exp_discard + bytes([s.exp_deck[0]])),
        "selection": dict(sel=bytearray([s.hands[1 - s.active][0]])),
        "summoner": dict(summoner=D.N_ADV),
        "arrow": dict(arrow=len(C.arrows(s.board)) // 4),
        "court turn": dict(court_turn=2),
        "next player": dict(active_next=2),
        "enemy twice": dict(enemy_discard=s.enemy_discard + bytes(s.line[:1])),
        "hero none": dict(heroes=bytearray([A.NONE, s.heroes[1]])),
        "same heroes": dict(heroes=bytearray([s.heroes[1], s.heroes[1]])),
    }[what]
    with pytest.raises(BadSave):
        OkkoState.from_bytes(_corrupt(s, **change))


def _saves_in_every_phase():
    out = {}
    for seed in range(1, 12):
        s = OkkoState(Rng(seed))
        r = Rng(seed + 100)
        while not s.is_over():
            out.setdefault(s.phase, s.to_bytes())
            s.apply(r.choice(s.legal_actions()))
    assert len(out) == A.P_OVER  # every phase but the end
    return out


def test_a_save_that_loads_after_any_one_byte_changed_can_be_played():
    # every byte of a save in each phase set to a few values: it is refused,
    # or it loads and everything the screens and the partner read works, and
    # so does every legal action (the store fuzz of tools/soak.py corrupts
    # saves the same way, with valid CRCs)
    from engine.okko import bots

    loaded = 0
    for ph, data in sorted(_saves_in_every_phase().items()):
        for i in range(10, len(data)):  # past the header and the RNG
            for v in (0, 1, 17, 64, 128, 255):
                bad = bytearray(data)
                bad[i] = v
                try:
                    t = OkkoState.from_bytes(bytes(bad))
                except BadSave:
                    continue
                loaded += 1
                acts = t.legal_actions()
                for seat in (0, 1):
                    t.observation(seat)
                t.thresholds()
                if t.phase in (A.P_FIGHT, A.P_ENCOUNTER, A.P_PAY):
                    t.complete()
                if not acts:
                    continue
                p = t.current_player
                assert bots.choose(t.observation(p), p, bots.NORMAL, Rng(1), bytearray(16)) in acts, (ph, i, v)
                for a in acts:
                    u = OkkoState.from_bytes(bytes(bad))
                    u.apply(a)
                    u.to_bytes()
    assert loaded > 5000
