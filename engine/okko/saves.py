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

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_MOST = const(100)  # the bank, a run, its draws never come near it (u8 in the save; the totals: twice)


def _mark(seen, index):
    """Id ``index`` (an index of ``seen``), seen once: else BadSave."""
    if index < 0 or index >= len(seen) or seen[index]:
        raise BadSave("bad card id")
    seen[index] = 1


def _cards(state):
    """Every card, jar, exploration card and enemy id in range and held once;
    the board, phase and day in range (the enemies' range needs the board)."""
    adv = bytearray(D.N_ADV)
    sup = bytearray(D.N_SUP)
    for hand in state.hands:
        for card in hand:
            if card >= D.SUPPORT0:
                _mark(sup, card - D.SUPPORT0)
            else:
                _mark(adv, card)
    for pile in (state.adv_deck, state.adv_discard):
        for card in pile:
            _mark(adv, card)
    if sum(adv) != D.N_ADV:
        raise BadSave("Adventure cards are missing")
    for pile in (state.supply, state.sup_discard):
        for item in pile:
            _mark(sup, item)
    seen = bytearray(len(C.JAR_TYPE))
    for pile in (state.jar_deck, state.jars, state.jar_discard):
        for item in pile:
            _mark(seen, item)
    seen = bytearray(D.N_EXPLORE)
    for pile in (state.exp_deck, state.exp_discard):
        for item in pile:
            _mark(seen, item)
    if state.board > 2 or state.phase > A.P_OVER or state.day > D.LAST_DAY or not state.day:
        raise BadSave("bad board, phase or day")
    seen = bytearray(D.N_ENEMY)
    first = D.ENEMY_FIRST[state.board]
    end = D.ENEMY_FIRST[state.board + 1]
    for pile in (state.enemy_deck, state.line, state.enemy_discard):
        for enemy in pile:
            if enemy < first or enemy >= end:
                raise BadSave("an enemy of another board")
            _mark(seen, enemy)


def validate(state: "OkkoState") -> None:
    """Raise BadSave unless ``state`` (just read by from_bytes) is one the
    rules and the screens can use."""
    _cards(state)
    phase = state.phase
    if sum(state.court) != D.ONI or max(state.court) > 1:
        raise BadSave("the Court needs 3 Oni")
    player = state.current_player
    if (phase == A.P_OVER) != (player == TERMINAL):
        raise BadSave("bad phase")
    if player != TERMINAL and player > 1 or A.P_HERO < phase < A.P_COURT and player != state.active:
        raise BadSave("bad current player")
    # the heroes: none yet only while they are chosen (the first chooser's
    # once the second chooses), two different ones after
    hero0, hero1 = state.heroes
    for hero in state.heroes:
        if hero > 3 and (hero != A.NONE or phase != A.P_HERO):
            raise BadSave("bad hero")
    if phase == A.P_HERO:
        if state.hero_turn > 1 or state.hero_turn and state.heroes[1 - player] > 3:
            raise BadSave("bad hero")
    elif hero0 == hero1:
        raise BadSave("bad hero")
    summoner = state.summoner
    if (state.active > 1 or state.loc > 5 or state.orient > 3 or state.found > 3
            or state.arrow >= len(C.arrows(state.board)) // 4
            or (state.peek_sq > 15 and state.peek_sq != A.NONE) or state.sel_hero > 1 or state.hero_turn > 2
            or state.court_turn > 1 or state.active_next > 1 or (summoner >= D.N_ADV and summoner != A.NONE)
            or max(state.injury) > 9 or state.bank > _MOST or state.run > _MOST or state.drawn > _MOST
            or state.peeks_total > 2 * _MOST or state.defeated_total > 2 * _MOST
            or phase == A.P_DISCARD and not state.discards or phase == A.P_REVEAL and state.peek_sq > 15
            or phase != A.P_OVER and state.found >= D.ONI
            or phase == A.P_PAY and (state.paid or C.location(state.board, state.loc, 2) == D.PAY_NONE)):
        raise BadSave("bad turn values")
    # the fight's target: the newest enemy or the boss here, only in a fight;
    # the encounter count
    target = state.target
    if phase == A.P_FIGHT:
        bad = target != (state.line[-1] if state.line else A.NONE) and target != 128 + state._boss_here()
    else:
        bad = target != A.NONE
    if (bad or state.encounters > D.N_ENCOUNTERS
            or (phase == A.P_ENCOUNTER and state.encounters == D.N_ENCOUNTERS)):
        raise BadSave("bad encounter or target")
    # the builder's cards: from the active hand, each one it may mark
    builder = phase == A.P_FIGHT or phase == A.P_ENCOUNTER or phase == A.P_PAY
    seen = bytearray(D.SUPPORT0 + D.N_SUP)  # 1: in the active hand (_cards: in range), 2: marked
    for card in state.hands[state.active]:
        seen[card] = 1
    for card in state.sel:
        if not builder or card >= len(seen) or seen[card] != 1 or not state._selectable(card):
            raise BadSave("bad card id")
        seen[card] = 2
