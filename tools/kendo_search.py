"""Kendo Duel: a determinized look-ahead, measured for issue 19 and not
shipped (host only; docs/rules/kendo_duel.md, "Computer opponents", says why).

``choose(obs, seat, rng)`` starts from Normal's choice (engine/kendo/bots.py).
Where a choice matters (an opening, or an answer with two or more kinds of
card), up to ``_CANDS`` candidates (Normal's first, then one per kind of
card; openings without reinforcement) are each played out on ``_SAMPLES``
determinizations (KendoState.from_observation: the unseen cards dealt at
random from the seat's own observation only), every seat then playing as
Normal from its own observation in that deal, for at most ``_STEPS`` plays
while the exchange lasts (``_WHOLE = 1``: to the end of the game). The same
deals serve every candidate (common random numbers, seeded from the bot's
``rng``; no clock, so a seed replays exactly). A state is valued by the
cards each seat holds (1 card + its keep value), ippons and hansoku in
Competition, and +-100 cards for a won or lost game; a candidate replaces
Normal's choice only when it gains ``_MARGIN`` tenths of a card per deal.

``python -m tools.kendo_search --games 400 --samples 2 --steps 6`` measures it
against Normal (Duel and Competition) and times its decisions.
"""

from engine.kendo import actions as A
from engine.kendo import bots as B
from engine.kendo.state import KendoState
from engine.rng import Rng



def const(x):
    return x


_SAMPLES = const(2)  # determinizations per decision
_STEPS = const(6)  # plays per playout, at most
_MARGIN = const(5)  # tenths of a card per sample a candidate must gain over Normal's
_CANDS = const(3)
_WHOLE = 0  # candidates per decision, at most (Normal's first)
_CV = b"\x05\x05\x05\x05\x04\x03\x00\x08\x09\x05"  # a card's worth beyond 1 (tenths): Basic, Counter, reinforcing, against reinforcing, deflect, parry, alternative
_SR = Rng(1)  # the deals' Rng, seeded per sample from the bot's own


def _cands(obs, seat, base, legal):
    """Up to _CANDS actions worth comparing: Normal's, then one per kind of
    card (cards of one type play alike), openings without reinforcement."""
    out = [base]
    seen = bytearray(B._NT * 4)
    ph = obs[A.O_PHASE]
    if ph == A.P_REACT:
        seen[B._TI[base - A.PLAY]] = 1
        for a in legal:
            t = B._TI[a - A.PLAY]
            if not seen[t]:
                seen[t] = 1
                out.append(a)
    else:
        t, m, r = A.decode_open(base)
        seen[t * B._NT + B._TI[m]] = 1
        for a in legal:
            t, m, r = A.decode_open(a)
            k = t * B._NT + B._TI[m]
            if r < 0 and not seen[k]:
                seen[k] = 1
                out.append(a)
    return out


def _value(s, seat):
    """How good a state is for ``seat`` (tenths of a card)."""
    w = s.winner()
    if w is not None:
        if seat in w:
            return 1000 // len(w)
        return -1000
    v = 0
    n = 0
    for p in range(s.players):
        if s.eliminated[p]:
            continue
        x = 0
        for c in s.hands[p]:
            t = B._TI[c]
            x += 10 + _CV[t if t < 4 else (4 if t < 20 else t - 15)]
        if s.mode == A.COMPETITION:
            x += s.ippons[p] * 150 - s.hansoku[p] * 60
        if p == seat:
            v += x * (s.players - 1)
        else:
            v -= x
            n += 1
    return v // (n if n else 1)


def _playout(s, seat):
    k = 0
    while k < _STEPS and not s.is_over() and (_WHOLE or s.phase == A.P_REACT):
        p = s.current_player
        s.apply(B.choose(s.observation(p), p, B.NORMAL, None))
        k += 1
    return _value(s, seat)


def choose(obs, seat, rng):
    base = B.choose(obs, seat, B.NORMAL, None)
    ph = obs[A.O_PHASE]
    if ph != A.P_REACT and ph != A.P_OPEN:
        return base
    if ph == A.P_REACT and (base == A.FAIL or len(obs[A.O_HAND]) < 2):
        return base
    seeds = [rng.next30() for _ in range(_SAMPLES)]
    r = _SR
    r.seed(seeds[0])
    d = KendoState.from_observation(obs, r)
    cands = _cands(obs, seat, base, d.legal_actions())
    if len(cands) < 2:
        return base
    if len(cands) > _CANDS:
        cands = cands[:_CANDS]
    best = 0
    bs = 0
    for i in range(len(cands)):
        v = 0
        for j in range(_SAMPLES):
            if i or j:
                r.seed(seeds[j])
                d = KendoState.from_observation(obs, r)
            d.apply(cands[i])
            v += _playout(d, seat)
        if i == 0 or v > bs + _MARGIN * _SAMPLES:
            bs = v
            best = i
    return cands[best]


def main(argv=None):
    import argparse
    import sys

    from engine.kendo.actions import COMPETITION, DUEL
    from tools import kendo_strength as ks

    global _SAMPLES, _STEPS, _MARGIN, _CANDS, _WHOLE
    p = argparse.ArgumentParser(prog="python -m tools.kendo_search", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--samples", type=int, default=_SAMPLES)
    p.add_argument("--steps", type=int, default=_STEPS)
    p.add_argument("--margin", type=int, default=_MARGIN)
    p.add_argument("--cands", type=int, default=_CANDS)
    p.add_argument("--whole", action="store_true", help="play out to the end of the game")
    p.add_argument("--competition", action="store_true", help="also Competition")
    args = p.parse_args(argv)
    _SAMPLES, _STEPS, _MARGIN, _CANDS, _WHOLE = args.samples, args.steps, args.margin, args.cands, int(args.whole)
    modes = (DUEL, COMPETITION) if args.competition else (DUEL,)
    ms = tuple(("search_vs_normal%s" % ("_competition" if m else ""), ks.SEARCH, B.NORMAL, m) for m in modes)
    ks.measure(args.games, 1, print, ms)
    for m in modes:
        med, worst, n = ks.decision_times(min(args.games, 100), ks.SEARCH, m)
        print("Search %s: %d decisions, median %.3f ms, worst %.3f ms (CPython)"
              % ("Competition" if m else "Duel", n, med * 1e3, worst * 1e3))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
