"""Okko: a full state from one seat's observation (hands are open; only the
deck orders and the Court's tokens are hidden). Imported only by computer
partners, through ``OkkoState.from_observation``."""

from engine.okko import actions as A  # the contract: read by name, folded by the build (tools/fold.py)
from engine.okko import data as D


def _rest(total, *parts):
    seen = bytearray(total)
    for part in parts:
        for item in part:
            if item < total:
                seen[item] = 1
    return bytearray(item for item in range(total) if not seen[item])


def from_observation(cls: type, obs: tuple, rng: "Rng") -> "OkkoState":
    state = cls(None)
    state.rng = rng.fork()
    state.phase = obs[A.O_PHASE]
    state.current_player = obs[A.O_CURRENT]
    state.active = obs[A.O_ACTIVE]
    hands = obs[A.O_HANDS]
    state.hands = [bytearray(hands[0]), bytearray(hands[1])]
    state.heroes = bytearray(obs[A.O_HEROES])
    state.injury = bytearray(obs[A.O_INJURY])
    state.injured = bytearray(obs[A.O_INJURED])
    state.board = obs[A.O_BOARD]
    state.day = obs[A.O_DAY]
    state.loc = obs[A.O_LOC]
    state.bank = obs[A.O_BANK]
    state.paid = obs[A.O_PAID]
    state.boss_dead = obs[A.O_BOSS_DEAD]
    state.encounters = obs[A.O_ENCOUNTERS]
    state.line = bytearray(obs[A.O_LINE])
    state.pile = obs[A.O_PILE]
    state.supply = bytearray(obs[A.O_SUPPLY])
    state.kami = obs[A.O_KAMI]
    state.jars = bytearray(obs[A.O_JARS])
    (state.summoned, state.traded, state.start_injured) = obs[A.O_TURN]
    sel, state.sel_hero, state.target, state.done, state.genji_used = obs[A.O_BUILD]
    state.sel = bytearray(sel)
    (state.arrow, state.run, state.drawn, state.summoner) = obs[A.O_EXPLORE]
    (state.reward, state.reward_n) = obs[A.O_REWARD]
    orient, flipped, found, peeked, _ = obs[A.O_COURT]
    state.orient = orient
    state.flipped = bytearray(flipped)
    state.found = found
    state.peeks = obs[A.O_PEEKS]
    state.board_end = obs[A.O_BOARD_END]
    state._winner = obs[A.O_WINNER]
    adv_d, en_d, sup_d, jar_d, exp_d = obs[A.O_PILES]
    state.adv_discard = bytearray(adv_d)
    state.enemy_discard = bytearray(en_d)
    state.sup_discard = bytearray(sup_d)
    state.jar_discard = bytearray(jar_d)
    state.exp_discard = bytearray(exp_d)
    (state.aid, state.reward_ret, state.peek_sq, state.court_turn, state.peeks_total,
     state.defeated_total, state.active_next, state.hero_turn, state.changes, state.discards,
     days, finals, state.result) = obs[A.O_MISC]
    state.board_days = bytearray(days)
    state.finals = bytearray(finals)
    if peeked is not None:
        state.peeked = bytearray(peeked)
    _hidden(state, obs, rng)
    return state


def _hidden(state, obs, rng):
    """What ``obs`` hides, dealt by ``rng``: the unseen cards of each pile,
    shuffled; the Court's unflipped tokens."""
    state.adv_deck = _rest(D.N_ADV, state.hands[0], state.hands[1], state.adv_discard)
    rng.shuffle(state.adv_deck)
    first, end = D.ENEMY_FIRST[state.board], D.ENEMY_FIRST[state.board + 1]
    if state.phase < A.P_COURT:  # before the Court: the rest of the board's enemies
        state.enemy_deck = bytearray(enemy for enemy in range(first, end)
                                     if enemy not in state.line and enemy not in state.enemy_discard)
    rng.shuffle(state.enemy_deck)
    state.jar_deck = _rest(12, state.jars, state.jar_discard)
    rng.shuffle(state.jar_deck)
    state.exp_deck = _rest(D.N_EXPLORE, state.exp_discard)
    rng.shuffle(state.exp_deck)
    # the Court: the flipped faces as seen, the other Oni anywhere else
    flipped = state.flipped
    faces = obs[A.O_COURT][4]
    order = bytearray()
    for square in range(16):
        if flipped[square]:
            state.court[square] = faces[square]
        else:
            order.append(square)
    rng.shuffle(order)
    for index in range(D.ONI - state.found):
        state.court[order[index]] = 1
    rev = obs[A.O_REVEAL]
    if rev is not None:  # the peeker knows that square
        square, oni = rev
        if state.court[square] != oni:
            for other in order:
                if other != square and state.court[other] == oni and not flipped[other]:
                    state.court[other] = 1 - oni
                    break
            state.court[square] = oni
