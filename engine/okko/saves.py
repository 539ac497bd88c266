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
    ph = s.phase
    adv = bytearray(D.N_ADV)
    sup = bytearray(D.N_SUP)
    for h in s.hands:
        for c in h:
            if c >= D.SUPPORT0:
                _mark(sup, c - D.SUPPORT0)
            else:
                _mark(adv, c)
    for b in (s.adv_deck, s.adv_discard):
        for c in b:
            _mark(adv, c)
    if sum(adv) != D.N_ADV:
        raise BadSave("Adventure cards are missing")
    for b in (s.supply, s.sup_discard):
        for x in b:
            _mark(sup, x)
    seen = bytearray(len(C.JAR_TYPE))
    for b in (s.jar_deck, s.jars, s.jar_discard):
        for x in b:
            _mark(seen, x)
    seen = bytearray(D.N_EXPLORE)
    for b in (s.exp_deck, s.exp_discard):
        for x in b:
            _mark(seen, x)
    if s.board > 2 or ph > A.P_OVER or s.day > D.LAST_DAY or not s.day:
        raise BadSave("bad board, phase or day")
    seen = bytearray(D.N_ENEMY)
    first = D.ENEMY_FIRST[s.board]
    end = D.ENEMY_FIRST[s.board + 1]
    for b in (s.enemy_deck, s.line, s.enemy_discard):
        for e in b:
            if e < first or e >= end:
                raise BadSave("an enemy of another board")
            _mark(seen, e)
    if sum(s.court) != D.ONI or max(s.court) > 1:
        raise BadSave("the Court needs 3 Oni")
    p = s.current_player
    if (ph == A.P_OVER) != (p == TERMINAL):
        raise BadSave("bad phase")
    if p != TERMINAL and p > 1 or A.P_HERO < ph < A.P_COURT and p != s.active:
        raise BadSave("bad current player")
    # the heroes: none yet only while they are chosen (the first chooser's
    # once the second chooses), two different ones after
    h0, h1 = s.heroes
    for h in s.heroes:
        if h > 3 and (h != A.NONE or ph != A.P_HERO):
            raise BadSave("bad hero")
    if ph == A.P_HERO:
        if s.hero_turn > 1 or s.hero_turn and s.heroes[1 - p] > 3:
            raise BadSave("bad hero")
    elif h0 == h1:
        raise BadSave("bad hero")
    t = s.summoner
    if (s.active > 1 or s.loc > 5 or s.orient > 3 or s.found > 3 or s.arrow >= len(C.arrows(s.board)) // 4
            or (s.peek_sq > 15 and s.peek_sq != A.NONE) or s.sel_hero > 1 or s.hero_turn > 2
            or s.court_turn > 1 or s.active_next > 1 or (t >= D.N_ADV and t != A.NONE)
            or max(s.injury) > 9 or s.bank > _MOST or s.run > _MOST or s.drawn > _MOST
            or s.peeks_total > 2 * _MOST or s.defeated_total > 2 * _MOST
            or ph == A.P_DISCARD and not s.discards or ph == A.P_REVEAL and s.peek_sq > 15
            or ph != A.P_OVER and s.found >= D.ONI
            or ph == A.P_PAY and (s.paid or C.location(s.board, s.loc, 2) == D.PAY_NONE)):
        raise BadSave("bad turn values")
    # the fight's target: the newest enemy or the boss here, only in a fight;
    # the encounter count
    t = s.target
    if ph == A.P_FIGHT:
        bad = t != (s.line[-1] if s.line else A.NONE) and t != 128 + s._boss_here()
    else:
        bad = t != A.NONE
    if bad or s.encounters > D.N_ENCOUNTERS or (ph == A.P_ENCOUNTER and s.encounters == D.N_ENCOUNTERS):
        raise BadSave("bad encounter or target")
    # the builder's cards: from the active hand, each one it may mark
    builder = ph == A.P_FIGHT or ph == A.P_ENCOUNTER or ph == A.P_PAY
    seen = bytearray(D.SUPPORT0 + D.N_SUP)
    for c in s.sel:
        if not builder or not _has(s.hands[s.active], c) or not s._selectable(c):
            raise BadSave("bad card id")
        _mark(seen, c)
