"""Candidate house rules for how a Kendo Duel ends (issue 30, decision 3),
played on the host only, to measure them before one goes into the engine.

``variant(rule)`` returns a KendoState subclass playing the Duel with that
candidate (``None``: the engine itself). Rules:

- ``strikes``: the rulebook's game; a tie on the most cards when nobody can
  attack goes to the tied seat that landed more strikes (pulled more cards
  from a failing hand); still tied, a draw. Scored after the game by
  tools/kendo_ends.py (no change to play).
- ``rearm:N:K``: when nobody still in can attack, the Basic cards of the
  discard pile are shuffled back into the Basic subdeck and every seat still
  in takes K Basic cards from its top, clockwise from the seat that would
  open; at most N times a game (0: no limit); after that, the rulebook's end
  (most cards; a tie draws).
- ``counter``: a seat whose hand holds no Basic card nor alternative attack
  may open with a counterattack, which strikes its second part (it cannot be
  reinforced); the Duel ends when nobody holds any of the three.
"""

from engine.kendo import actions as A
from engine.kendo import bots
from engine.kendo import cards as C
from engine.kendo.cards import KIND, strike_part
from engine.kendo.state import KendoState

C_OPEN = 600  # tool-side action: C_OPEN + target * 64 + counterattack card


def variant(rule):
    if not rule or rule == "strikes":
        return KendoState
    if rule.startswith("rearm"):
        _, n, k = rule.split(":")
        return _rearm(int(n), int(k))
    if rule == "counter":
        return CounterOpens
    raise ValueError(rule)


def _can_open(s, p):
    return any(KIND[c] in (C.K_BASIC, C.K_ALT) for c in s.hands[p])


def _rearm(n, k):
    class Rearm(KendoState):
        def _begin(self, s):
            alive = [p for p in range(self.players) if not self.eliminated[p]]
            if (self.mode == A.DUEL and not any(_can_open(self, p) for p in alive)
                    and (n == 0 or self.encho < n)):
                self.encho += 1
                keep = bytearray(c for c in self.discard if c >= C.COUNTER0)
                for c in self.discard:
                    if c < C.COUNTER0:
                        self.decks[0].append(c)
                self.discard = keep
                self.rng.shuffle(self.decks[0])
                for i in range(self.players):
                    p = (s + i) % self.players
                    if self.eliminated[p]:
                        continue
                    for _ in range(k):
                        if self.decks[0]:
                            self._give(p, self._draw(0))
                    self.events.append(("rearm", p))
            KendoState._begin(self, s)

    return Rearm


class CounterOpens(KendoState):
    def _openings(self, p, out):
        KendoState._openings(self, p, out)
        if out or self.mode != A.DUEL:
            return out
        for t in range(self.players):
            if t == p or self.eliminated[t]:
                continue
            for c in self.hands[p]:
                if KIND[c] == C.K_COUNTER:
                    out.append(C_OPEN + t * 64 + c)
        return out

    def _open(self, p, action):
        if action < C_OPEN:
            return KendoState._open(self, p, action)
        t, c = divmod(action - C_OPEN, 64)
        self._play(p, c)
        self.att = self.striker = p
        self.dfd = self.current_player = t
        self.phase = A.P_REACT
        self.events.append(("open", p, t, c, -1))
        self.inc = C.INC_STRIKE
        self.part = strike_part(c)


def choose(state, seat, level, rng):
    """The bots' choice, plus (``counter``) a counterattack opening scored as
    bots.py scores a Basic one: the chance the target cannot answer its
    strike times two cards, minus the card's keep value."""
    obs = state.observation(seat)
    if not (isinstance(state, CounterOpens) and obs[A.O_PHASE] == A.P_OPEN
            and not _can_open(state, seat)):
        return bots.choose(obs, seat, level, rng)
    legal = state.legal_actions()
    if level == 0:
        return rng.choice(legal)
    bots._count(obs)
    best, bs = legal[0], None
    w = bots._W_H
    for a in legal:
        t, c = divmod(a - C_OPEN, 64)
        bots._hand_of(obs, t)
        part = c & 3
        sc = bots._none_strike(part) * 40 // bots._ONE
        sc -= (bots._ONE - bots._none_counter(part)) * w[11] // bots._ONE
        sc = (sc - bots._keep(bots._TI[c], w)) * 64 - obs[A.O_SIZES][t]
        if level == bots.EASY:
            sc += rng.randrange(200) * 64
        if bs is None or sc > bs:
            best, bs = a, sc
    return best
