"""Okko: a full state from one seat's observation (hands are open; only the
deck orders and the Court's tokens are hidden). Imported only by computer
partners, through ``OkkoState.from_observation``."""

from engine.okko import actions as A  # the contract: read by name, folded by the build (tools/fold.py)
from engine.okko import data as D


def _rest(total, *parts):
    seen = bytearray(total)
    for p in parts:
        for x in p:
            if x < total:
                seen[x] = 1
    return bytearray(x for x in range(total) if not seen[x])


def from_observation(cls, obs, rng):
    s = cls(None)
    s.rng = rng.fork()
    s.phase = obs[A.O_PHASE]
    s.current_player = obs[A.O_CURRENT]
    s.active = obs[A.O_ACTIVE]
    hands = obs[A.O_HANDS]
    s.hands = [bytearray(hands[0]), bytearray(hands[1])]
    s.heroes = bytearray(obs[A.O_HEROES])
    s.injury = bytearray(obs[A.O_INJURY])
    s.injured = bytearray(obs[A.O_INJURED])
    s.board = obs[A.O_BOARD]
    s.day = obs[A.O_DAY]
    s.loc = obs[A.O_LOC]
    s.bank = obs[A.O_BANK]
    s.paid = obs[A.O_PAID]
    s.boss_dead = obs[A.O_BOSS_DEAD]
    s.encounters = obs[A.O_ENCOUNTERS]
    s.line = bytearray(obs[A.O_LINE])
    s.pile = obs[A.O_PILE]
    s.supply = bytearray(obs[A.O_SUPPLY])
    s.kami = obs[A.O_KAMI]
    s.jars = bytearray(obs[A.O_JARS])
    (s.summoned, s.traded, s.start_injured) = obs[A.O_TURN]
    sel, s.sel_hero, s.target, s.done, s.genji_used = obs[A.O_BUILD]
    s.sel = bytearray(sel)
    (s.arrow, s.run, s.drawn, s.summoner) = obs[A.O_EXPLORE]
    (s.reward, s.reward_n) = obs[A.O_REWARD]
    orient, flipped, found, peeked, faces = obs[A.O_COURT]
    s.orient = orient
    s.flipped = bytearray(flipped)
    s.found = found
    s.peeks = obs[A.O_PEEKS]
    s.board_end = obs[A.O_BOARD_END]
    s._winner = obs[A.O_WINNER]
    adv_d, en_d, sup_d, jar_d, exp_d = obs[A.O_PILES]
    s.adv_discard = bytearray(adv_d)
    s.enemy_discard = bytearray(en_d)
    s.sup_discard = bytearray(sup_d)
    s.jar_discard = bytearray(jar_d)
    s.exp_discard = bytearray(exp_d)
    (s.aid, s.reward_ret, s.peek_sq, s.court_turn, s.peeks_total, s.defeated_total,
     s.active_next, s.hero_turn, s.changes, s.discards, days, finals, s.result) = obs[A.O_MISC]
    s.board_days = bytearray(days)
    s.finals = bytearray(finals)
    if peeked is not None:
        s.peeked = bytearray(peeked)
    # hidden orders: the unseen cards of each pile, shuffled
    s.adv_deck = _rest(D.N_ADV, s.hands[0], s.hands[1], s.adv_discard)
    rng.shuffle(s.adv_deck)
    first, end = D.ENEMY_FIRST[s.board], D.ENEMY_FIRST[s.board + 1]
    if s.phase < A.P_COURT:  # before the Court: the rest of the board's enemies
        s.enemy_deck = bytearray(e for e in range(first, end)
                                 if e not in s.line and e not in s.enemy_discard)
    rng.shuffle(s.enemy_deck)
    s.jar_deck = _rest(12, s.jars, s.jar_discard)
    rng.shuffle(s.jar_deck)
    s.exp_deck = _rest(D.N_EXPLORE, s.exp_discard)
    rng.shuffle(s.exp_deck)
    # the Court: the flipped faces as seen, the other Oni anywhere else
    order = bytearray()
    for q in range(16):
        if flipped[q]:
            s.court[q] = faces[q]
        else:
            order.append(q)
    rng.shuffle(order)
    for i in range(D.ONI - found):
        s.court[order[i]] = 1
    rev = obs[A.O_REVEAL]
    if rev is not None:  # the peeker knows that square
        q, oni = rev
        if s.court[q] != oni:
            for x in order:
                if x != q and s.court[x] == oni and not flipped[x]:
                    s.court[x] = 1 - oni
                    break
            s.court[q] = oni
    return s
