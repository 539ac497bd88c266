"""How strong the Kyudo computer archers are: seeded 2-archer matches.

``python -m tools.kyudo_strength --games 400`` plays Hard vs Normal and
Normal vs Easy, ``--games`` games each, and prints the win rates with their
counts. Games go in pairs on the same seed (the same characters, first archer
and first dice) with the seats swapped, so the first player's advantage
cancels. Seeds are fixed: the same command prints the same figures.

``measure(games)`` returns the figures as data (for the bench):
``{"hard_vs_normal": {...}, "normal_vs_easy": {...}}``, each with ``wins``
(of the first named level), ``games``, ``rate`` and ``seconds``.
"""

import argparse
import sys
import time

from engine.kyudo import bots
from engine.kyudo.state import KyudoState
from engine.rng import Rng

NAMES = {bots.EASY: "Easy", bots.NORMAL: "Normal", bots.HARD: "Hard"}
MATCHES = (("hard_vs_normal", bots.HARD, bots.NORMAL), ("normal_vs_easy", bots.NORMAL, bots.EASY))
SEED0 = 20240  # the first seed of every match
MAX_ACTIONS = 20000


def play(seed, levels):
    """One seeded game, one bot level per seat; returns the final state."""
    state = KyudoState(Rng(seed), players=len(levels))
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    n = 0
    while not state.is_over():
        s = state.current_player
        state.apply(bots.choose(state.observation(s), s, levels[s], rngs[s]))
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError("game %d did not end" % seed)
    return state


def _one(job):
    """Game g of a match between levels a and b: 1 if a won."""
    g, a, b = job
    levels = (a, b) if g % 2 == 0 else (b, a)
    state = play(SEED0 + g // 2, levels)
    return 1 if levels[state.winner()[0]] == a else 0


def match(a, b, games, procs=2):
    """(wins of level a, games) over ``games`` games (rounded up to pairs)."""
    games += games % 2
    jobs = [(g, a, b) for g in range(games)]
    if procs > 1:
        import multiprocessing

        with multiprocessing.Pool(procs) as pool:
            res = pool.map(_one, jobs, chunksize=8)
    else:
        res = [_one(j) for j in jobs]
    return sum(res), games


def measure(games=400, procs=2, out=None):
    figures = {}
    for key, a, b in MATCHES:
        t = time.time()
        w, n = match(a, b, games, procs)
        sec = time.time() - t
        figures[key] = {"wins": w, "games": n, "rate": w / n, "seconds": sec}
        if out:
            out("%-7s beats %-7s %4d of %d games (%.1f%%), %d-%d, %.1f s"
                % (NAMES[a], NAMES[b], w, n, 100.0 * w / n, w, n - w, sec))
    return figures


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.kyudo_strength", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    args = p.parse_args(argv)
    t = time.time()
    measure(args.games, args.procs, print)
    print("total %.1f s" % (time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
