"""How strong the Kendo Duel computer opponents are: seeded 2-player matches.

``python -m tools.kendo_strength --games 400`` plays the ladder: in a Duel and
in a Competition, each level (Easy, Normal, Hard) against a random player and
against the level below, ``--games`` games each, and prints the win rates with
their counts and the Wilson 95% interval of the share of decided games won
(``--time`` also times Hard's decisions: median and worst). Games go in pairs on
the same seed (the same deal) with the seats swapped, so the advantage of a
seat or a deal cancels. Seeds are fixed: the same command prints the same
figures. A draw (a tied deadlock, a simultaneous last card, hikiwake) is not
a win; draws are counted and printed.

``measure(games)`` returns the figures as data (for the bench), keyed
``"<a>_vs_<b>"`` (Duel) and ``"<a>_vs_<b>_competition"``, e.g.
``"hard_vs_normal"``, ``"easy_vs_random_competition"``, each with ``wins``
(of the first named player), ``losses``, ``draws``, ``games``, ``rate`` (wins
/ games), ``decided_rate`` (wins / decided games), ``low`` and ``high`` (its
Wilson 95% interval) and ``seconds``.
"""

import argparse
import sys
import time

from engine.kendo import bots
from engine.kendo import actions as A
from engine.kendo.actions import COMPETITION, DUEL
from engine.kendo.state import KendoState
from engine.rng import Rng

RANDOM = 0  # a seat that plays uniformly random legal actions
SEARCH = 9  # the determinized search below (measured for issue 19, not shipped)
NAMES = {RANDOM: "Random", SEARCH: "Search", bots.EASY: "Easy", bots.NORMAL: "Normal", bots.HARD: "Hard"}
LADDER = ((bots.EASY, RANDOM), (bots.NORMAL, RANDOM), (bots.HARD, RANDOM),
          (bots.NORMAL, bots.EASY), (bots.HARD, bots.NORMAL))
MATCHES = tuple(
    ("%s_vs_%s%s" % (NAMES[a].lower(), NAMES[b].lower(), "_competition" if mode else ""), a, b, mode)
    for mode in (DUEL, COMPETITION) for a, b in LADDER)
SEED0 = 31000  # the first seed of every match
MAX_ACTIONS = 20000


def play(seed, levels, mode=DUEL, options=0):
    """One seeded game, one level per seat (RANDOM: random legal actions);
    returns the final state."""
    state = KendoState(Rng(seed), players=len(levels), mode=mode, options=options)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    n = 0
    while not state.is_over():
        s = state.current_player
        if levels[s] == RANDOM:
            a = rngs[s].choice(state.legal_actions())
        elif levels[s] == SEARCH:
            a = search_choose(state.observation(s), s, rngs[s])
        else:
            a = bots.choose(state.observation(s), s, levels[s], rngs[s])
        state.apply(a)
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError("game %d did not end" % seed)
    return state


# -- the determinized search (issue 19), measured and not shipped -----------
# ``search_choose(obs, seat, rng)`` starts from Normal's choice. Where a choice
# matters (an opening, or an answer with two or more kinds of card), up to
# _CANDS candidates (Normal's first, then one per kind of card; openings
# without reinforcement) are each played out on _SAMPLES determinizations
# (KendoState.from_observation: the unseen cards dealt at random from the
# seat's own observation only), every seat then playing as Normal from its
# own observation in that deal, for at most _STEPS plays while the exchange
# lasts (_WHOLE = 1: to the game's end). The same deals serve every candidate
# (common random numbers, seeded from the bot's rng; no clock). A state is
# valued by the cards each seat holds (1 card + its keep value), ippon and
# hansoku in Competition, +-100 cards for a won or lost game; a candidate
# replaces Normal's choice only when it gains _MARGIN tenths of a card per
# deal. ``--search`` measures it against Normal (docs/rules/kendo_duel.md).

_SAMPLES = 2  # determinizations per decision
_STEPS = 6  # plays per playout, at most
_MARGIN = 5  # tenths of a card per sample a candidate must gain over Normal's
_CANDS = 3  # candidates per decision, at most (Normal's first)
_WHOLE = 0  # 1: play out to the game's end
# a card's worth beyond 1 (tenths): Basic x4, Counter, reinforcing, against
# reinforcing, deflect, parry, alternative
_CV = b"\x05\x05\x05\x05\x04\x03\x00\x08\x09\x05"
_SR = Rng(1)  # the deals' Rng, seeded per sample from the bot's own


def _cands(obs, seat, base, legal):
    """Up to _CANDS actions worth comparing: Normal's, then one per kind of
    card (cards of one type play alike), openings without reinforcement."""
    out = [base]
    seen = bytearray(bots._NT * 4)
    ph = obs[A.O_PHASE]
    if ph == A.P_REACT:
        seen[bots._TI[base - A.PLAY]] = 1
        for a in legal:
            t = bots._TI[a - A.PLAY]
            if not seen[t]:
                seen[t] = 1
                out.append(a)
    else:
        t, m, r = A.decode_open(base)
        seen[t * bots._NT + bots._TI[m]] = 1
        for a in legal:
            t, m, r = A.decode_open(a)
            k = t * bots._NT + bots._TI[m]
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
            t = bots._TI[c]
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
        s.apply(bots.choose(s.observation(p), p, bots.NORMAL, None))
        k += 1
    return _value(s, seat)


def search_choose(obs, seat, rng):
    base = bots.choose(obs, seat, bots.NORMAL, None)
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


def _one(job):
    """Game g of a match between a and b: 1 if a won, -1 if b won, 0 a draw."""
    g, a, b, mode, options, seed0 = job
    levels = (a, b) if g % 2 == 0 else (b, a)
    w = play(seed0 + g // 2, levels, mode, options).winner()
    if len(w) != 1:
        return 0
    return 1 if levels[w[0]] == a else -1


def match(a, b, games, mode=DUEL, procs=2, options=0, seed0=SEED0):
    """(wins of a, losses, draws, games) over ``games`` games (rounded up to
    pairs), with the house-rule bits ``options``, the first deal ``seed0``."""
    games += games % 2
    jobs = [(g, a, b, mode, options, seed0) for g in range(games)]
    if procs > 1:
        import multiprocessing

        with multiprocessing.Pool(procs) as pool:
            res = pool.map(_one, jobs, chunksize=8)
    else:
        res = [_one(j) for j in jobs]
    return res.count(1), res.count(-1), res.count(0), games


def wilson(k, n, z=1.96):
    """The Wilson score interval (low, high) of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def measure(games=400, procs=2, out=None, matches=MATCHES, options=0, seed0=SEED0):
    figures = {}
    for key, a, b, mode in matches:
        t = time.time()
        w, l, d, n = match(a, b, games, mode, procs, options, seed0)
        sec = time.time() - t
        lo, hi = wilson(w, w + l)
        dr = w / (w + l) if w + l else 0.0
        figures[key] = {"wins": w, "losses": l, "draws": d, "games": n, "rate": w / n,
                        "decided_rate": dr, "low": lo, "high": hi, "seconds": sec}
        if out:
            out("%-6s beats %-6s %-11s %4d of %d games (%.1f%%), %d-%d, %d draws; "
                "%.1f%% of decided [%.1f, %.1f], %.1f s"
                % (NAMES[a], NAMES[b], "Competition" if mode == COMPETITION else "Duel", w, n,
                   100.0 * w / n, w, l, d, 100 * dr, 100 * lo, 100 * hi, sec))
    return figures


def decision_times(games=100, level=bots.HARD, mode=DUEL):
    """(median, worst, decisions) CPython seconds per decision of ``level``
    (against Normal, seats swapped), timed with time.perf_counter."""
    ts = []
    for g in range(games):
        levels = (level, bots.NORMAL) if g % 2 == 0 else (bots.NORMAL, level)
        seed = SEED0 + g // 2
        state = KendoState(Rng(seed), 2, mode)
        rngs = [Rng(seed * 8 + 1 + i) for i in range(2)]
        while not state.is_over():
            s = state.current_player
            obs = state.observation(s)
            t = time.perf_counter()
            if levels[s] == SEARCH:
                a = search_choose(obs, s, rngs[s])
            else:
                a = bots.choose(obs, s, levels[s], rngs[s])
            if levels[s] == level:
                ts.append(time.perf_counter() - t)
            state.apply(a)
    ts.sort()
    return ts[len(ts) // 2], ts[-1], len(ts)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.kendo_strength", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--time", action="store_true", help="also time each level's decisions (one process)")
    p.add_argument("--options", type=int, default=0, help="house-rule bits (8: a Duel's Rearm)")
    p.add_argument("--seed0", type=int, default=SEED0, help="the first deal's seed (default %d)" % SEED0)
    p.add_argument("--search", default=None, metavar="DEALS,STEPS,MARGIN,CANDS[,WHOLE]",
                   help="instead: the search against Normal with that budget, e.g. 2,6,5,3")
    args = p.parse_args(argv)
    t = time.time()
    if args.search:
        global _SAMPLES, _STEPS, _MARGIN, _CANDS, _WHOLE
        v = [int(x) for x in args.search.split(",")] + [0]
        _SAMPLES, _STEPS, _MARGIN, _CANDS, _WHOLE = v[:5]
        ms = tuple(("search_vs_normal" + ("_competition" if m else ""), SEARCH, bots.NORMAL, m)
                   for m in (DUEL, COMPETITION))
        measure(args.games, 1, print, ms)
        for m in (DUEL, COMPETITION):
            med, worst, n = decision_times(min(args.games, 100), SEARCH, m)
            print("Search %s: %d decisions, median %.3f ms, worst %.3f ms (CPython)"
                  % ("Competition" if m else "Duel", n, med * 1e3, worst * 1e3))
        return 0
    measure(args.games, args.procs, print, options=args.options, seed0=args.seed0)
    if args.time:
        for mode in (DUEL, COMPETITION):
            for lv in (bots.EASY, bots.NORMAL, bots.HARD):
                med, worst, n = decision_times(100, lv, mode)
                print("%s %s: %d decisions, median %.3f ms, worst %.3f ms (CPython)"
                      % (NAMES[lv], "Competition" if mode else "Duel", n, med * 1e3, worst * 1e3))
    print("total %.1f s" % (time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
