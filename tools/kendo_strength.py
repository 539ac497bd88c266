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
from engine.kendo.actions import COMPETITION, DUEL
from engine.kendo.state import KendoState
from engine.rng import Rng

RANDOM = 0  # a seat that plays uniformly random legal actions
SEARCH = 9  # tools/kendo_search.py (measured, not shipped)
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
            from tools import kendo_search

            a = kendo_search.choose(state.observation(s), s, rngs[s])
        else:
            a = bots.choose(state.observation(s), s, levels[s], rngs[s])
        state.apply(a)
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError("game %d did not end" % seed)
    return state


def _one(job):
    """Game g of a match between a and b: 1 if a won, -1 if b won, 0 a draw."""
    g, a, b, mode = job
    levels = (a, b) if g % 2 == 0 else (b, a)
    w = play(SEED0 + g // 2, levels, mode).winner()
    if len(w) != 1:
        return 0
    return 1 if levels[w[0]] == a else -1


def match(a, b, games, mode=DUEL, procs=2):
    """(wins of a, losses, draws, games) over ``games`` games (rounded up to pairs)."""
    games += games % 2
    jobs = [(g, a, b, mode) for g in range(games)]
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


def measure(games=400, procs=2, out=None, matches=MATCHES):
    figures = {}
    for key, a, b, mode in matches:
        t = time.time()
        w, l, d, n = match(a, b, games, mode, procs)
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
                from tools import kendo_search

                a = kendo_search.choose(obs, s, rngs[s])
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
    args = p.parse_args(argv)
    t = time.time()
    measure(args.games, args.procs, print)
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
