"""Okko: what a loaded save must hold (``OkkoState.from_bytes`` calls
``validate``; imported only then: sanbon.okko forgets it again after a load,
so its code is not in the heap during play).

A save is refused with BadSave unless every id is in range, no card is held
twice and the turn's values fit the phase: the rules and the screens index
tables with them. The store fuzz of tools/soak.py found CRC-valid saves with
a hero, the encounter count, the fight's target and a Support card out of
range; each loaded, then a lookup raised IndexError
(tests/test_okko_rules.py changes every byte of saves in every phase).
"""

from engine.core import BadSave, TERMINAL
from engine.okko import actions as A  # the contract: read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C
from engine.okko import data as D
from engine.okko.state import _has  # no `int in bytearray` on the device

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_MOST = const(100)  # the bank, a run, its draws never come near it (u8 in the save; the totals: twice)


def _mark(seen, x):
    """Id ``x`` (an index of ``seen``), seen once: else BadSave."""
    if x < 0 or x >= len(seen) or seen[x]:
        raise BadSave("bad card id")
    seen[x] = 1


def validate(s):
    phase = s.phase
    adv = bytearray(D.N_ADV)
    sup = bytearray(D.N_SUP)
    for hero in s.hands:
        for card in hero:
            if card >= D.SUPPORT0:
                _mark(sup, card - D.SUPPORT0)
            else:
                _mark(adv, card)
    for pile in (s.adv_deck, s.adv_discard):
        for card in pile:
            _mark(adv, card)
    if sum(adv) != D.N_ADV:
        raise BadSave("Adventure cards are missing")
    for pile in (s.supply, s.sup_discard):
        for item in pile:
            _mark(sup, item)
    seen = bytearray(len(C.JAR_TYPE))
    for pile in (s.jar_deck, s.jars, s.jar_discard):
        for item in pile:
            _mark(seen, item)
    seen = bytearray(D.N_EXPLORE)
    for pile in (s.exp_deck, s.exp_discard):
        for item in pile:
            _mark(seen, item)
    if s.board > 2 or phase > A.P_OVER or s.day > D.LAST_DAY or not s.day:
        raise BadSave("bad board, phase or day")
    seen = bytearray(D.N_ENEMY)
    first = D.ENEMY_FIRST[s.board]
    end = D.ENEMY_FIRST[s.board + 1]
    for pile in (s.enemy_deck, s.line, s.enemy_discard):
        for enemy in pile:
            if enemy < first or enemy >= end:
                raise BadSave("an enemy of another board")
            _mark(seen, enemy)
    if sum(s.court) != D.ONI or max(s.court) > 1:
        raise BadSave("the Court needs 3 Oni")
    player = s.current_player
    if (phase == A.P_OVER) != (player == TERMINAL):
        raise BadSave("bad phase")
    if player != TERMINAL and player > 1 or A.P_HERO < phase < A.P_COURT and player != s.active:
        raise BadSave("bad current player")
    # the heroes: none yet only while they are chosen (the first chooser's
    # once the second chooses), two different ones after
    hero0, hero1 = s.heroes
    for hero in s.heroes:
        if hero > 3 and (hero != A.NONE or phase != A.P_HERO):
            raise BadSave("bad hero")
    if phase == A.P_HERO:
        if s.hero_turn > 1 or s.hero_turn and s.heroes[1 - player] > 3:
            raise BadSave("bad hero")
    elif hero0 == hero1:
        raise BadSave("bad hero")
    summoner = s.summoner
    if (s.active > 1 or s.loc > 5 or s.orient > 3 or s.found > 3 or s.arrow >= len(C.arrows(s.board)) // 4
            or (s.peek_sq > 15 and s.peek_sq != A.NONE) or s.sel_hero > 1 or s.hero_turn > 2
            or s.court_turn > 1 or s.active_next > 1 or (summoner >= D.N_ADV and summoner != A.NONE)
            or max(s.injury) > 9 or s.bank > _MOST or s.run > _MOST or s.drawn > _MOST
            or s.peeks_total > 2 * _MOST or s.defeated_total > 2 * _MOST
            or phase == A.P_DISCARD and not s.discards or phase == A.P_REVEAL and s.peek_sq > 15
            or phase != A.P_OVER and s.found >= D.ONI
            or phase == A.P_PAY and (s.paid or C.location(s.board, s.loc, 2) == D.PAY_NONE)):
        raise BadSave("bad turn values")
    # the fight's target: the newest enemy or the boss here, only in a fight;
    # the encounter count
    summoner = s.target
    if phase == A.P_FIGHT:
        bad = summoner != (s.line[-1] if s.line else A.NONE) and summoner != 128 + s._boss_here()
    else:
        bad = summoner != A.NONE
    if bad or s.encounters > D.N_ENCOUNTERS or (phase == A.P_ENCOUNTER and s.encounters == D.N_ENCOUNTERS):
        raise BadSave("bad encounter or target")
    # the builder's cards: from the active hand, each one it may mark
    builder = phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY
    seen = bytearray(D.SUPPORT0 + D.N_SUP)
    for card in s.sel:
        if not builder or not _has(s.hands[s.active], card) or not s._selectable(card):
            raise BadSave("bad card id")
        _mark(seen, card)
