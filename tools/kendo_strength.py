"""How strong the Kendo Duel computer opponents are: seeded 2-player matches.

``python -m tools.kendo_strength --games 400`` plays Hard vs Normal (Duel),
Normal vs a random player (Duel) and Hard vs Normal (Competition), ``--games``
games each, and prints the win rates with their counts. Games go in pairs on
the same seed (the same deal) with the seats swapped, so the advantage of a
seat or a deal cancels. Seeds are fixed: the same command prints the same
figures. A draw (a tied deadlock, a simultaneous last card, hikiwake) is not
a win; draws are counted and printed.

``measure(games)`` returns the figures as data (for the bench):
``{"hard_vs_normal": {...}, "normal_vs_random": {...},
"hard_vs_normal_competition": {...}}``, each with ``wins`` (of the first
named player), ``losses``, ``draws``, ``games``, ``rate`` (wins / games) and
``seconds``.
"""

import argparse
import sys
import time

from engine.kendo import bots
from engine.kendo.actions import COMPETITION, DUEL
from engine.kendo.state import KendoState
from engine.rng import Rng

RANDOM = 0  # a seat that plays uniformly random legal actions
NAMES = {RANDOM: "Random", bots.NORMAL: "Normal", bots.HARD: "Hard"}
MATCHES = (
    ("hard_vs_normal", bots.HARD, bots.NORMAL, DUEL),
    ("normal_vs_random", bots.NORMAL, RANDOM, DUEL),
    ("hard_vs_normal_competition", bots.HARD, bots.NORMAL, COMPETITION),
)
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


def measure(games=400, procs=2, out=None, matches=MATCHES):
    figures = {}
    for key, a, b, mode in matches:
        t = time.time()
        w, l, d, n = match(a, b, games, mode, procs)
        sec = time.time() - t
        figures[key] = {"wins": w, "losses": l, "draws": d, "games": n, "rate": w / n, "seconds": sec}
        if out:
            out("%-6s beats %-6s %-11s %4d of %d games (%.1f%%), %d-%d, %d draws, %.1f s"
                % (NAMES[a], NAMES[b], "Competition" if mode == COMPETITION else "Duel", w, n,
                   100.0 * w / n, w, l, d, sec))
    return figures


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.kendo_strength", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    args = p.parse_args(argv)
    t = time.time()
    measure(args.games, args.procs, print)
    print("total %.1f s" % (time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
