"""How strong the Kyudo computer archers are: seeded 2-archer matches.

``python -m tools.kyudo_strength --games 400`` plays Hard vs Normal and
Normal vs Easy, ``--games`` games each, and prints the win rates with their
counts. Games go in pairs on the same seed (the same characters, first archer
and first dice) with the seats swapped, so the first player's advantage
cancels. Seeds are fixed: the same command prints the same figures.

``measure(games)`` returns the figures as data (for the bench):
``{"hard_vs_normal": {...}, "normal_vs_easy": {...}}``, each with ``wins``
(of the first named level), ``games``, ``rate`` and ``seconds``.

``--values`` measures what Hard's one-turn values stand for across turns
(issue 19): from positions of seeded Hard-vs-Hard games (the start of a
turn from round 2, three per game), one thing is changed for the archer to
move (a circle ticked, a flag box, a token from the supply, a spectator of
its own or of the opponent's lost), and both versions are played out to the
end by two Hard archers on the same dice; the win-rate difference, with its
standard error, is that thing's measured worth. ``values(games, seeds)``
returns them as data.
"""

import argparse
import sys
import time

from engine.kyudo import actions as A
from engine.kyudo import bots
from engine.kyudo.data import CORNER_SIZE, CORNERS
from engine.kyudo.state import KyudoState
from engine.rng import Rng

NAMES = {bots.EASY: "Easy", bots.NORMAL: "Normal", bots.HARD: "Hard"}
MATCHES = (("hard_vs_normal", bots.HARD, bots.NORMAL), ("normal_vs_easy", bots.NORMAL, bots.EASY))
SEED0 = 20240  # the first seed of every match
MAX_ACTIONS = 20000
COLOURS = ("ARROW", "BLACK", "ORANGE", "GREEN", "BLUE", "RED")


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


VALUES_SEED0 = 90000  # the position games; the play-outs use PLAYOUT_SEED0 + 16 * position + k
PLAYOUT_SEED0 = 70000


def _playout(state, seed):
    """Two Hard archers from ``state`` to the end, on the dice of ``seed``: the winner."""
    state.rng = Rng(seed)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(state.players)]
    n = 0
    while not state.is_over():
        s = state.current_player
        state.apply(bots.choose(state.observation(s), s, bots.HARD, rngs[s]))
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError("play-out on seed %d did not end" % seed)
    return state.winner()[0]


def _positions(seed):
    """Every start of a turn from round 2 of a seeded Hard-vs-Hard game, as save bytes."""
    state = KyudoState(Rng(seed), players=2)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(2)]
    out = []
    while not state.is_over():
        if state.phase == A.P_ROLL and state.rolls == 0 and state.round >= 2:
            out.append(bytes(state.to_bytes()))
        s = state.current_player
        state.apply(bots.choose(state.observation(s), s, bots.HARD, rngs[s]))
    return out


def _changes(state):
    """name -> (field, archer, colour or None, change) of what may change for the archer to move."""
    me = state.current_player
    out = {}
    for c in range(1, 6):
        if state.ticked[me][c] < state.circles[me][c]:
            out["circle %s" % COLOURS[c]] = ("ticked", me, c, 1)
        f = state.flags[me][c]
        if f < CORNER_SIZE[c] * CORNERS and (f + 1) % CORNER_SIZE[c]:  # a box that completes no corner
            out["flag box %s" % COLOURS[c]] = ("flags", me, c, 1)
    for c in (A.ORANGE, A.GREEN, A.RED):
        if state.supply[c]:
            out["token %s" % COLOURS[c]] = ("tokens", me, c, 1)
    if state.spectators[me] > 1:
        out["own spectator lost"] = ("spectators", me, None, -1)
    if state.spectators[1 - me] > 1:
        out["opponent's spectator lost"] = ("spectators", 1 - me, None, -1)
    return out


def _value_job(job):
    data, seed = job
    base = KyudoState.from_bytes(data)
    me = base.current_player
    won = {"": _playout(KyudoState.from_bytes(data), seed) == me}
    for name, (field, who, c, d) in _changes(base).items():
        state = KyudoState.from_bytes(data)
        if c is None:
            getattr(state, field)[who] += d
        else:
            getattr(state, field)[who][c] += d
            if field == "tokens":
                state.supply[c] -= 1
        won[name] = _playout(state, seed) == me
    return won


def values(games=350, seeds=2, procs=2, out=None):
    """{name: {"n", "dwin", "se"}} plus "positions", "base" (the mover's win
    rate) and "seconds": the measured worth of each change, in win rate."""
    t = time.time()
    pos = []
    for g in range(games):
        p = _positions(VALUES_SEED0 + g)
        pos += p[::max(1, len(p) // 3)][:3]
    jobs = [(d, PLAYOUT_SEED0 + 16 * i + k) for i, d in enumerate(pos) for k in range(seeds)]
    if procs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(procs) as pool:
            res = pool.map(_value_job, jobs, chunksize=16)
    else:
        res = [_value_job(j) for j in jobs]
    acc = {}
    for r in res:
        for name, w in r.items():
            if name:
                e = acc.setdefault(name, [0, 0, 0])
                d = int(w) - int(r[""])
                e[0] += 1
                e[1] += d
                e[2] += d * d
    figs = {"positions": len(pos), "plays": len(res), "base": sum(1 for r in res if r[""]) / float(len(res))}
    for name, (n, s1, s2) in sorted(acc.items()):
        m = s1 / float(n)
        figs[name] = {"n": n, "dwin": m, "se": (max(0.0, s2 / float(n) - m * m) / n) ** 0.5}
        if out:
            out("%-26s %+6.2f%% win rate (se %.2f%%, %d play-outs)" % (name, 100 * m, 100 * figs[name]["se"], n))
    figs["seconds"] = time.time() - t
    return figs


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.kyudo_strength", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--values", action="store_true",
                   help="measure what a circle, flag box, token and spectator are worth in win rate "
                   "(--games: the position games, three positions each; issue 19's figures: --games 350)")
    args = p.parse_args(argv)
    t = time.time()
    if args.values:
        values(args.games, 2, args.procs, print)
        print("total %.1f s" % (time.time() - t))
        return 0
    measure(args.games, args.procs, print)
    print("total %.1f s" % (time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
