"""Okko: a full state from one seat's observation (hands are open; only the
deck orders and the Court's tokens are hidden). Imported only by computer
partners, through ``OkkoState.from_observation``."""

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
    (s.phase, s.current_player, s.active) = (obs[1], obs[2], obs[3])
    s.hands = [bytearray(obs[4][0]), bytearray(obs[4][1])]
    s.heroes = bytearray(obs[5])
    s.injury = bytearray(obs[6])
    s.injured = bytearray(obs[7])
    (s.board, s.day, s.loc, s.bank, s.paid, s.boss_dead, s.encounters) = obs[8:15]
    s.line = bytearray(obs[15])
    s.pile = obs[16]
    s.supply = bytearray(obs[17])
    s.kami = obs[18]
    s.jars = bytearray(obs[19])
    (s.summoned, s.traded, s.start_injured) = obs[21]
    sel, s.sel_hero, s.target, s.done, s.genji_used = obs[22]
    s.sel = bytearray(sel)
    (s.arrow, s.run, s.drawn, s.summoner) = obs[23]
    (s.reward, s.reward_n) = obs[24]
    orient, flipped, found, peeked, faces = obs[25]
    s.orient = orient
    s.flipped = bytearray(flipped)
    s.found = found
    s.peeks = obs[26]
    s.board_end = obs[28]
    s._winner = obs[29]
    adv_d, en_d, sup_d, jar_d, exp_d = obs[30]
    s.adv_discard = bytearray(adv_d)
    s.enemy_discard = bytearray(en_d)
    s.sup_discard = bytearray(sup_d)
    s.jar_discard = bytearray(jar_d)
    s.exp_discard = bytearray(exp_d)
    (s.aid, s.reward_ret, s.peek_sq, s.court_turn, s.peeks_total, s.defeated_total,
     s.active_next, s.hero_turn, s.changes, s.discards, days, finals, s.result) = obs[31]
    s.board_days = bytearray(days)
    s.finals = bytearray(finals)
    if peeked is not None:
        s.peeked = bytearray(peeked)
    # hidden orders: the unseen cards of each pile, shuffled
    s.adv_deck = _rest(D.N_ADV, s.hands[0], s.hands[1], s.adv_discard)
    rng.shuffle(s.adv_deck)
    first, end = D.ENEMY_FIRST[s.board], D.ENEMY_FIRST[s.board + 1]
    if s.phase < 12:  # before the Court (P_COURT): the rest of the board's enemies
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
    rev = obs[27]
    if rev is not None:  # the peeker knows that square
        q, oni = rev
        if s.court[q] != oni:
            for x in order:
                if x != q and s.court[x] == oni and not flipped[x]:
                    s.court[x] = 1 - oni
                    break
            s.court[q] = oni
    return s
